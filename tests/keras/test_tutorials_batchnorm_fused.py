"""BatchNormalization's moving variance follows TF's choice of kernel: the fused one (4-D or
5-D inputs normalized along their channel axis) moves towards the unbiased batch variance,
every other case (other axes, several axes, ``fused=False``, ``synchronized=True``) towards the
biased one. Values below are TF 2.21's (Keras 2) for the same inputs."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def moving_variance(shape, **kwargs):
    x = np.arange(np.prod(shape), dtype="float32").reshape(shape) % 5
    layer = L.BatchNormalization(momentum=0.0, **kwargs)
    layer(x, training=True)
    return layer.moving_variance.numpy(), x


def biased(x, axes):
    reduce = tuple(a for a in range(x.ndim) if a not in axes)
    return x.var(axis=reduce).reshape(-1)


@pytest.mark.parametrize("shape,kwargs,fused", [
    ((2, 3, 3, 2), {}, True),
    ((2, 3, 3, 2), {"axis": 1}, True),
    ((2, 2, 3, 3, 2), {}, True),
    ((2, 3, 3, 2), {"axis": 2}, False),
    ((2, 2, 3, 3, 2), {"axis": 3}, False),
    ((2, 3, 3, 2), {"fused": False}, False),
    ((2, 3, 3, 2), {"synchronized": True}, False),
    ((6, 3), {}, False),
])
def test_moving_variance_is_unbiased_only_with_the_fused_kernel(shape, kwargs, fused):
    got, x = moving_variance(shape, **kwargs)
    axis = kwargs.get("axis", -1) % len(shape)
    var = biased(x, [axis])
    n = x.size / x.shape[axis]
    expected = var * n / (n - 1) if fused else var
    np.testing.assert_allclose(got.reshape(-1), expected, rtol=1e-5)


def test_fused_true_refuses_what_the_fused_kernel_cannot_do():
    with pytest.raises(ValueError):
        L.BatchNormalization(fused=True, synchronized=True)
    layer = L.BatchNormalization(fused=True)
    with pytest.raises(ValueError):
        layer(np.ones((2, 3), "float32"))


def test_sync_batch_normalization_is_the_experimental_spelling():
    layer = L.experimental.SyncBatchNormalization()
    assert layer.name.startswith("sync_batch_normalization")
    assert isinstance(layer, L.BatchNormalization) and layer.synchronized
    y = layer(np.arange(6, dtype="float32").reshape(3, 2), training=True)
    np.testing.assert_allclose(y.numpy().mean(axis=0), [0.0, 0.0], atol=1e-6)
    clone = L.experimental.SyncBatchNormalization.from_config(layer.get_config())
    assert clone.synchronized and clone.get_config() == layer.get_config()


def test_experimental_names_of_layers_that_moved():
    assert L.experimental.EinsumDense is L.EinsumDense
    assert L.experimental.preprocessing.HashedCrossing is L.HashedCrossing


def test_side_by_side_with_tensorflow():
    real_tf = pytest.importorskip("tensorflow", reason="the side-by-side check needs TensorFlow")
    x = np.random.RandomState(0).rand(2, 2, 3, 3, 2).astype("float32")
    ours, theirs = L.BatchNormalization(momentum=0.5), real_tf.keras.layers.BatchNormalization(
        momentum=0.5)
    ours(x, training=True)
    theirs(x, training=True)
    np.testing.assert_allclose(ours.moving_variance.numpy(), theirs.moving_variance.numpy(),
                               rtol=1e-5)

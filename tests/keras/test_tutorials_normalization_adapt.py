"""Normalization.adapt computes its statistics as TF does: float32 batches (32 rows of an
array at a time, a Dataset's own batches), each batch's moments merged into running ones.
The printed means and normalized values of the regression tutorials then agree with TF to the
last digit (e.g. 0.90000004 where float64 arithmetic would give 0.9)."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def adapted(data, **kwargs):
    layer = L.Normalization(axis=kwargs.pop("axis", -1))
    layer.adapt(data, **kwargs)
    return layer


def test_one_batch_statistics_are_float32_moments():
    data = np.array([[0.1, 0.2, 0.3], [0.8, 0.9, 1.0], [1.5, 1.6, 1.7]])
    layer = adapted(data)
    x32 = data.astype(np.float32)
    expected_mean = np.mean(x32, axis=0, dtype=np.float32)
    assert layer.mean.numpy().tolist() == [expected_mean.tolist()]
    assert layer.mean.numpy()[0, 1] == np.float32(0.90000004)  # not float64's 0.9
    expected_var = np.mean(np.square(x32 - expected_mean), axis=0, dtype=np.float32)
    assert layer.variance.numpy().tolist() == [expected_var.tolist()]
    # The middle row is the mean up to float32 rounding, so TF prints a tiny -1e-07 there.
    assert layer(data).numpy()[1, 1] < 0


def test_batches_merge_to_the_whole_data_moments():
    data = np.random.RandomState(0).randn(100, 4) * 3 + 2
    for kwargs in ({}, {"batch_size": 7}):
        layer = adapted(data, **kwargs)
        np.testing.assert_allclose(layer.mean.numpy()[0], data.mean(0), rtol=1e-5)
        np.testing.assert_allclose(layer.variance.numpy()[0], data.var(0), rtol=1e-5)
        assert int(layer.count.numpy()) == 100


def test_batch_size_changes_the_rounding_not_the_result():
    data = np.random.RandomState(1).randn(100, 3) * 5
    whole = adapted(data, batch_size=100).mean.numpy()
    small = adapted(data, batch_size=3).mean.numpy()
    np.testing.assert_allclose(whole, small, rtol=1e-5)


def test_steps_limit_the_batches_seen():
    data = np.arange(20, dtype="float32").reshape(10, 2)
    ds = tf.data.Dataset.from_tensor_slices(data).batch(4)
    layer = adapted(ds, steps=1)
    assert layer.mean.numpy().tolist() == [[3.0, 4.0]]
    assert int(layer.count.numpy()) == 4
    layer = adapted(data, batch_size=4, steps=2)
    assert int(layer.count.numpy()) == 8


def test_axis_none_and_vectors_and_3d_inputs():
    vector = np.linspace(0, 1, 70)
    layer = adapted(vector, axis=None)
    np.testing.assert_allclose(layer.mean.numpy().ravel(), [0.5], rtol=1e-6)
    cube = np.random.RandomState(2).rand(10, 4, 3).astype("float32")
    per_channel = adapted(cube)
    assert per_channel.mean.shape == (1, 1, 3)
    np.testing.assert_allclose(per_channel.mean.numpy().ravel(), cube.mean((0, 1)), rtol=1e-5)
    per_cell = adapted(cube, axis=(1, 2))
    assert per_cell.mean.shape == (1, 4, 3)


def test_adapting_again_starts_afresh():
    layer = L.Normalization()
    layer.adapt(np.ones((5, 2)))
    layer.adapt(np.full((5, 2), 3.0))
    assert layer.mean.numpy().tolist() == [[3.0, 3.0]]
    assert int(layer.count.numpy()) == 5


@pytest.mark.parametrize("kwargs", [{}, {"batch_size": 7}])
def test_side_by_side_with_tensorflow(kwargs):
    real_tf = pytest.importorskip("tensorflow", reason="the side-by-side check needs TensorFlow")
    data = np.random.RandomState(0).randn(100, 5) * 3 + 2
    ours, theirs = L.Normalization(), real_tf.keras.layers.Normalization()
    ours.adapt(data, **kwargs)
    theirs.adapt(data, **kwargs)
    assert ours.mean.numpy().tolist() == theirs.mean.numpy().tolist()
    assert ours.variance.numpy().tolist() == theirs.variance.numpy().tolist()

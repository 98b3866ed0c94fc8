"""More tf.keras.layers, with values from TF 2 (Keras 2): Dot, the 1D/3D UpSampling,
ZeroPadding and Cropping layers, TimeDistributed, UnitNormalization, Dense on integer
inputs, ReLU's threshold; TF's errors for bad arguments and inputs."""
import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def test_dot_matches_tf():
    x, y = np.arange(10).reshape(1, 5, 2), np.arange(10, 20).reshape(1, 2, 5)
    assert L.Dot(axes=(1, 2))([x, y]).numpy().tolist() == [[[260, 360], [320, 445]]]
    a = tf.constant(np.arange(6.).reshape(2, 3), tf.float32)
    b = tf.constant(np.arange(6., 12.).reshape(2, 3), tf.float32)
    assert L.Dot(axes=1)([a, b]).numpy().tolist() == [[23.0], [122.0]]
    np.testing.assert_allclose(L.Dot(axes=-1, normalize=True)([a, b]).numpy(),
                               [[0.842654824256897], [0.9928219318389893]], rtol=1e-6)
    assert L.dot([a, b], axes=1).shape == (2, 1)
    assert L.Dot(axes=1)([tf.keras.Input((4, 3)), tf.keras.Input((4, 5))]).shape.as_list() == \
        [None, 3, 5]


@pytest.mark.parametrize("make, kind, match", [
    (lambda a: L.Dot(axes=1)([a, tf.ones((2, 4))]), ValueError,
     r"axis values 3 \(at axis 1\) != 4 \(at axis 1\)"),
    (lambda a: L.Dot(axes=1)([a]), ValueError,
     r"should be called on a list of 2 inputs. Received: input_shape=\[\(2, 3\)\]"),
    (lambda a: L.Dot(axes=(1, 2, 3)), ValueError, "it should contain two elements"),
    (lambda a: L.Dot(axes="x"), TypeError, "it should be a list or an int"),
])
def test_dot_errors(make, kind, match):
    with pytest.raises(kind, match=match):
        make(tf.ones((2, 3)))


def test_dense_casts_integer_inputs():
    out = L.Dense(2, kernel_initializer="ones")(np.arange(6).reshape(3, 2))
    assert out.dtype == tf.float32 and out.numpy().tolist() == [[1, 1], [5, 5], [9, 9]]


def test_one_and_three_d_spatial_layers_match_tf():
    s = np.arange(12).reshape(2, 3, 2)
    assert L.UpSampling1D(2)(s).numpy()[0].tolist() == \
        [[0, 1], [0, 1], [2, 3], [2, 3], [4, 5], [4, 5]]
    assert L.ZeroPadding1D((1, 2))(s).shape == (2, 6, 2)
    assert L.Cropping1D((1, 1))(s).numpy().tolist() == [[[2, 3]], [[8, 9]]]
    v = np.arange(24).reshape(2, 2, 3, 2, 1)
    assert L.UpSampling3D((1, 2, 1))(v).shape == (2, 2, 6, 2, 1)
    assert L.ZeroPadding3D(1)(v).shape == (2, 4, 5, 4, 1)
    assert L.ZeroPadding3D(((0, 1), (1, 0), (2, 2)))(v).shape == (2, 3, 4, 6, 1)
    assert L.Cropping3D(((1, 0), (1, 1), (0, 1)))(v).numpy().ravel().tolist() == [8, 20]
    assert L.Cropping1D((1, 2)).compute_output_shape((None, 10, 3)).as_list() == [None, 7, 3]
    assert L.UpSampling3D(2).compute_output_shape((None, 2, None, 4, 1)).as_list() == \
        [None, 4, None, 8, 1]
    assert L.ZeroPadding1D(2).get_config()["padding"] == (2, 2)
    assert L.Cropping3D().get_config()["cropping"] == ((1, 1), (1, 1), (1, 1))
    assert L.UpSampling3D().get_config()["size"] == (2, 2, 2)
    with pytest.raises(ValueError, match="expected ndim=3, found ndim=2"):
        L.ZeroPadding1D(1)(np.ones((2, 3)))


def test_time_distributed_applies_the_layer_per_step():
    wrapper = L.TimeDistributed(L.Dense(3))
    x = np.random.default_rng(0).random((2, 4, 5)).astype(np.float32)
    y = wrapper(x)
    assert y.shape == (2, 4, 3)
    assert [w.name for w in wrapper.weights] == ["time_distributed/kernel:0",
                                                 "time_distributed/bias:0"]
    np.testing.assert_allclose(y.numpy()[:, 1], wrapper.layer(x[:, 1]).numpy(), rtol=1e-6)
    out = L.TimeDistributed(L.Conv2D(4, 3))(tf.keras.Input((10, 8, 8, 3)))
    assert out.shape.as_list() == [None, 10, 6, 6, 4]
    assert wrapper.compute_output_shape((None, 4, 5)).as_list() == [None, 4, 3]
    again = L.TimeDistributed.from_config(wrapper.get_config())
    assert type(again.layer) is L.Dense and again.layer.units == 3
    with pytest.raises(ValueError, match="with a `tf.keras.layers.Layer` instance"):
        L.TimeDistributed(3)
    with pytest.raises(ValueError, match="expected ndim=3, found ndim=2"):
        wrapper(np.ones((2, 5), np.float32))


def test_unit_normalization():
    out = L.UnitNormalization(axis=[1, 2])(np.arange(8.).reshape(2, 2, 2))
    np.testing.assert_allclose(out.numpy()[0].ravel(), np.arange(4.) / np.sqrt(14.), rtol=1e-6)
    assert L.UnitNormalization()(np.array([[0., 0.]])).numpy().tolist() == [[0., 0.]]
    with pytest.raises(TypeError, match="expected an int or a list/tuple"):
        L.UnitNormalization(axis="x")


def test_relu_threshold_and_leak_in_keras_order():
    out = L.ReLU(threshold=1.5)(tf.constant([-3.0, -1.0, 0.0, 2.0])).numpy()
    assert out.tolist() == [0.0, 0.0, 0.0, 2.0] and np.signbit(out[:2]).all()  # -0.0, as TF
    x = tf.constant([-10., -5., 0., 5., 10.])
    assert tf.keras.activations.relu(x, alpha=0.5, max_value=5, threshold=1).numpy().tolist() \
        == [-5.5, -3.0, -0.5, 5.0, 5.0]
    assert tf.keras.activations.relu(x, alpha=0.5).numpy().tolist() == [-5., -2.5, 0., 5., 10.]

"""``Conv3D`` and the 3-D pooling layers against values TF 2 (Keras 2) computes for the same
weights and inputs (recorded from TF 2.21, ``TF_USE_LEGACY_KERAS=1``): output shape, sum, sum
of magnitudes and last entry."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers

CASES = {
    "conv3d": (lambda: L.Conv3D(4, 3), (2, 3, 4, 5, 4), 184.538, 1685.183, 2.4601),
    "conv3d_same_strided": (
        lambda: L.Conv3D(2, (2, 3, 1), strides=(2, 1, 2), padding="same", activation="relu"),
        (2, 3, 6, 4, 2), 171.01, 171.01, 0.8851),
    "conv3d_dilated": (lambda: L.Conv3D(2, 2, dilation_rate=(2, 1, 2)), (2, 3, 5, 5, 2),
                       -339.874, 612.24, 0.2431),
    "conv3d_same_stride2": (lambda: L.Conv3D(3, (3, 2, 2), strides=2, padding="same"),
                            (2, 3, 3, 4, 3), -15.912, 361.529, -0.8234),
    "max_pooling3d": (lambda: L.MaxPooling3D(), (2, 2, 3, 3, 3), 97.102, 97.102, 0.9217),
    "average_pooling3d": (lambda: L.AveragePooling3D(), (2, 2, 3, 3, 3), 53.223, 53.223,
                          0.3872),
    "max_pooling3d_same": (lambda: L.MaxPooling3D((3, 2, 2), strides=(2, 1, 3),
                                                  padding="same"),
                           (2, 3, 6, 3, 3), 278.691, 278.691, 0.9163),
    "average_pooling3d_same": (lambda: L.AveragePooling3D((3, 3, 2), strides=2,
                                                          padding="same"),
                               (2, 3, 3, 4, 3), 107.304, 107.304, 0.4226),
    "average_pooling3d_stride1": (lambda: L.AveragePooling3D(2, strides=1), (2, 4, 5, 6, 3),
                                  355.308, 355.308, 0.3716),
    "global_average_pooling3d": (lambda: L.GlobalAveragePooling3D(), (2, 3), 2.982, 2.982,
                                 0.5151),
    "global_max_pooling3d_keepdims": (lambda: L.GlobalMaxPooling3D(keepdims=True),
                                      (2, 1, 1, 1, 3), 5.979, 5.979, 0.9998),
}


def _volume():
    return np.random.RandomState(0).rand(2, 5, 6, 7, 3).astype("float32")


@pytest.mark.parametrize("name", list(CASES))
def test_values_match_tf(name):
    make, shape, total, magnitude, last = CASES[name]
    layer = make()
    x = _volume()
    layer(x)
    draw = np.random.RandomState(1)
    layer.set_weights([draw.uniform(-1, 1, w.shape).astype("float32") for w in layer.weights])
    out = layer(x).numpy()
    assert out.shape == shape
    np.testing.assert_allclose([out.sum(), np.abs(out).sum()], [total, magnitude], rtol=2e-5,
                               atol=2e-3)
    np.testing.assert_allclose(out.reshape(-1)[-1], last, atol=1e-4)
    symbolic = layer(tf.keras.Input((5, 6, 7, 3))).shape.as_list()
    assert symbolic == [None, *shape[1:]]
    assert layer.compute_output_shape((None, 5, 6, 7, 3)).as_list() == [None, *shape[1:]]


def test_conv3d_weights_config_and_gradients():
    layer = L.Conv3D(2, 3)
    x = tf.constant(_volume())
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(layer(x) ** 2)
    dx, dkernel = tape.gradient(loss, [x, layer.kernel])
    assert dx.shape == (2, 5, 6, 7, 3) and dkernel.shape == (3, 3, 3, 3, 2)
    assert [w.name for w in layer.weights] == [f"{layer.name}/kernel:0",
                                               f"{layer.name}/bias:0"]
    config = layer.get_config()
    assert (config["kernel_size"], config["strides"], config["dilation_rate"]) == \
        ((3, 3, 3), (1, 1, 1), (1, 1, 1))
    assert L.MaxPooling3D().get_config()["pool_size"] == (2, 2, 2)
    assert L.Convolution3D is L.Conv3D and L.MaxPool3D is L.MaxPooling3D
    assert L.AvgPool3D is L.AveragePooling3D and L.GlobalAvgPool3D is L.GlobalAveragePooling3D


def test_conv3d_gradient_matches_finite_differences():
    # A seeded kernel: with an unseeded one the probed gradient was now and then near zero,
    # where the float32 difference quotient is off by more than 1 %.
    layer = L.Conv3D(1, 2, strides=(2, 1, 1), padding="same", use_bias=False,
                     kernel_initializer=tf.keras.initializers.GlorotUniform(seed=0))
    x = np.random.RandomState(2).rand(1, 3, 3, 2, 1).astype("float64")
    layer(x.astype("float32"))
    kernel = layer.kernel.numpy().astype("float64")

    def loss_of(k):
        layer.kernel.assign(k.astype("float32"))
        return float(tf.reduce_sum(layer(x.astype("float32")) ** 2))

    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x.astype("float32")) ** 2)
    analytic = tape.gradient(loss, layer.kernel).numpy()
    eps = 1e-3
    index = (1, 0, 1, 0, 0)
    bumped = kernel.copy()
    bumped[index] += eps
    lowered = kernel.copy()
    lowered[index] -= eps
    numeric = (loss_of(bumped) - loss_of(lowered)) / (2 * eps)
    np.testing.assert_allclose(analytic[index], numeric, rtol=1e-2)


def test_video_model_trains():
    model = tf.keras.Sequential([
        tf.keras.Input((4, 8, 8, 1)), L.Conv3D(2, 3, padding="same", activation="relu"),
        L.MaxPooling3D((1, 2, 2)), L.GlobalAveragePooling3D(), L.Dense(1)])
    assert model.output_shape == (None, 1) and model.count_params() == 59
    model.compile("adam", "mse")
    data = np.random.RandomState(0).rand(4, 4, 8, 8, 1).astype("float32")
    history = model.fit(data, np.ones((4, 1)), epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2

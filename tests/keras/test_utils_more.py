"""tf.keras.utils.to_ordinal / pack_x_y_sample_weight / unpack_x_y_sample_weight,
activations.mish and the optimizers.legacy namespace, as in TF 2 (Keras 2)."""
import numpy as np
import pytest

import eagerbook as tf

U = tf.keras.utils


def test_to_ordinal():
    assert U.to_ordinal([0, 1, 2, 3], num_classes=4).tolist() == \
        [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]]
    out = U.to_ordinal([[1], [2]])
    assert out.tolist() == [[1, 0], [1, 1]] and out.dtype == np.float32


def test_pack_and_unpack():
    x = tf.ones((2, 1))
    assert U.pack_x_y_sample_weight(x) is x
    assert U.pack_x_y_sample_weight((x, x)) == ((x, x),)
    assert len(U.pack_x_y_sample_weight(x, x, x)) == 3
    assert U.unpack_x_y_sample_weight(x) == (x, None, None)
    assert U.unpack_x_y_sample_weight([x, x]) == (x, x, None)
    with pytest.raises(ValueError, match="Data is expected to be in format"):
        U.unpack_x_y_sample_weight((1, 2, 3, 4))


def test_mish_and_legacy_optimizers():
    np.testing.assert_allclose(tf.keras.activations.mish(tf.constant([-3.0, -1.0, 0.0, 1.0])),
                               [-0.14564746618270874, -0.30340149998664856, 0.0,
                                0.8650984168052673], rtol=1e-6)
    assert tf.keras.activations.get("mish") is tf.keras.activations.mish
    assert issubclass(tf.keras.optimizers.legacy.Adam, tf.keras.optimizers.Adam)
    assert tf.keras.optimizers.legacy.Adam.__name__ == "Adam"
    assert tf.keras.optimizers.legacy.Adam(beta_1=0.8).get_config()["beta_1"] == 0.8


def test_a_function_can_be_registered_as_serializable():
    @tf.keras.utils.register_keras_serializable(package="ProbeTest", name="l1_fn")
    def l1_reg(weight_matrix):
        return 0.01 * tf.math.reduce_sum(tf.math.abs(weight_matrix))

    assert tf.keras.utils.get_registered_object("ProbeTest>l1_fn") is l1_reg
    layer = tf.keras.layers.Dense(5, input_dim=5, kernel_initializer="ones",
                                  kernel_regularizer=l1_reg)
    layer(tf.ones((1, 5)))
    np.testing.assert_allclose([loss.numpy() for loss in layer.losses], [0.25], rtol=1e-6)
    with pytest.raises(ValueError, match="does not have a get_config"):
        tf.keras.utils.register_keras_serializable(package="ProbeTest")(type("NoConfig", (), {}))

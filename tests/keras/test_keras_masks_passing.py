"""Which layers pass a mask on, as in TF 2: Activation does (it is elementwise), Identity does
not; a mask passed on unchanged prints as TF's (the mask placeholder of the layer's trace)."""

import numpy as np

import eagerbook as tf


def _masked_input():
    inputs = tf.keras.Input((None,), dtype="int32")
    return inputs, tf.keras.layers.Embedding(10, 3, mask_zero=True)(inputs)


def test_activation_passes_the_mask_on():
    inputs, embedded = _masked_input()
    out = tf.keras.layers.Activation("relu")(embedded)
    assert getattr(out, "_keras_mask", None) is not None
    result = tf.keras.Model(inputs, out)(np.array([[1, 0, 2]]))
    np.testing.assert_array_equal(result._keras_mask.numpy(), [[True, False, True]])


def test_identity_drops_the_mask():
    inputs, embedded = _masked_input()
    out = tf.keras.layers.Identity()(embedded)
    assert getattr(out, "_keras_mask", None) is None
    result = tf.keras.Model(inputs, out)(np.array([[1, 0, 2]]))
    assert getattr(result, "_keras_mask", None) is None


def test_a_passed_on_mask_prints_as_tfs():
    class MyActivation(tf.keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.supports_masking = True

        def call(self, inputs):
            return tf.nn.relu(inputs)

    _, embedded = _masked_input()
    mask = MyActivation()(embedded)._keras_mask
    assert str(mask) == ("KerasTensor(type_spec=TensorSpec(shape=(None, None), dtype=tf.bool, "
                         "name=None), name='Placeholder_1:0')")
    assert repr(mask) == "<KerasTensor: shape=(None, None) dtype=bool>"

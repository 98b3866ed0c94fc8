"""A layer whose outputs already carry masks keeps them, as TF's Keras does: a custom layer
that returns its (masked) input unchanged, or an inner layer's masked output, passes that
mask on even without `supports_masking`; compute_mask decides only for new tensors."""

import numpy as np

import eagerbook as tf

L = tf.keras.layers
TOKENS = np.array([[1, 2, 0, 0]])


class ReturnsInput(L.Layer):
    def call(self, x, mask=None):
        return x


class AddsOne(L.Layer):
    def call(self, x):
        return x + 1.0


def _mask_of(tensor):
    return getattr(tensor, "_keras_mask", None)


def test_layer_returning_its_masked_input_keeps_the_mask_eagerly():
    embedded = L.Embedding(10, 3, mask_zero=True)(TOKENS)
    out = ReturnsInput()(embedded)
    assert out is embedded
    assert _mask_of(out).numpy().tolist() == [[True, True, False, False]]


def test_layer_returning_its_masked_input_keeps_the_mask_in_a_model():
    inputs = tf.keras.Input((4,), dtype="int32")
    dense = L.Dense(2)(L.Embedding(10, 3, mask_zero=True)(inputs))
    model = tf.keras.Model(inputs, ReturnsInput()(dense))
    assert _mask_of(model(TOKENS)).numpy().tolist() == [[True, True, False, False]]


def test_new_tensor_of_a_layer_without_masking_has_no_mask():
    embedded = L.Embedding(10, 3, mask_zero=True)(TOKENS)
    assert _mask_of(AddsOne()(embedded)) is None


def test_inner_layers_mask_comes_out_of_a_wrapping_layer():
    class Wrapper(L.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.embedding = L.Embedding(10, 3, mask_zero=True)

        def call(self, x):
            return self.embedding(x)

    out = Wrapper()(TOKENS)
    assert _mask_of(out).numpy().tolist() == [[True, True, False, False]]


def _symbolic_mask(tensor):
    mask = getattr(tensor, "_keras_mask", None)
    return None if mask is None else (tuple(mask.shape.as_list()), mask.dtype.name)


def test_symbolic_outputs_show_their_masks_as_bool_keras_tensors():
    tokens = tf.keras.Input((5,), dtype="int32")
    embedded = L.Embedding(10, 3, mask_zero=True)(tokens)
    assert _symbolic_mask(tokens) is None
    assert _symbolic_mask(embedded) == ((None, 5), "bool")
    assert _symbolic_mask(L.LSTM(2, return_sequences=True)(embedded)) == ((None, 5), "bool")
    assert _symbolic_mask(L.LSTM(2)(embedded)) is None
    assert _symbolic_mask(L.GlobalAveragePooling1D()(embedded)) is None
    assert _symbolic_mask(L.Add()([embedded, embedded])) == ((None, 5), "bool")


def test_masking_layer_symbolic_mask_drops_the_feature_axis():
    frames = tf.keras.Input((None, 3))
    masked = L.Masking()(frames)
    assert _symbolic_mask(masked) == ((None, None), "bool")
    assert _symbolic_mask(L.Dropout(0.1)(masked)) == ((None, None), "bool")

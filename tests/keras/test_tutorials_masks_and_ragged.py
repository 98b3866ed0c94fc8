"""Masks through the merge layers, lookups of ragged rows, and a subclassed Model that passes
itself to ``super().__init__`` (TF's text generation tutorial), as in TF 2 (Keras 2)."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def _masked_pair():
    embed = L.Embedding(20, 2, mask_zero=True)
    return embed(np.array([[1, 2, 0], [3, 0, 0]])), embed(np.array([[1, 0, 0], [3, 4, 0]]))


def test_merge_layers_combine_masks():
    a, b = _masked_pair()
    plain = tf.ones((2, 3, 2))
    both = [[True, False, False], [True, False, False]]
    np.testing.assert_array_equal(L.Add()([a, b])._keras_mask.numpy(), both)
    np.testing.assert_array_equal(L.Multiply()([a, b])._keras_mask.numpy(), both)
    np.testing.assert_array_equal(L.Concatenate()([a, b])._keras_mask.numpy(), both)
    np.testing.assert_array_equal(L.Add()([a, plain])._keras_mask.numpy(),
                                  [[True, True, False], [True, False, False]])
    np.testing.assert_array_equal(L.Concatenate()([a, plain])._keras_mask.numpy(),
                                  [[True, True, False], [True, False, False]])
    np.testing.assert_array_equal(L.Concatenate(axis=1)([a, b])._keras_mask.numpy(),
                                  [[True, True, False, True, False, False],
                                   [True, False, False, True, True, False]])
    assert not hasattr(L.Add()([plain, plain]), "_keras_mask")


def test_pooling_after_a_merge_skips_padding():
    tokens = tf.keras.Input((None,), dtype="int32")
    vectors = L.Embedding(20, 4, mask_zero=True, embeddings_initializer="ones")(tokens)
    zeroed = L.Multiply()([vectors, L.Lambda(lambda t: t * 0.0)(vectors)])
    pooled = L.GlobalAveragePooling1D()(L.Concatenate()([vectors, L.Add()([vectors, zeroed])]))
    model = tf.keras.Model(tokens, pooled)
    np.testing.assert_allclose(model(np.array([[1, 2, 0, 0]])).numpy(), np.ones((1, 8)))


def test_string_lookup_of_ragged_characters():
    vocab = sorted(set("hello tens"))
    ids_from_chars = L.StringLookup(vocabulary=vocab, mask_token=None)
    chars_from_ids = L.StringLookup(vocabulary=ids_from_chars.get_vocabulary(), invert=True,
                                    mask_token=None)
    chars = tf.strings.unicode_split(["hello", "tens"], input_encoding="UTF-8")
    ids = ids_from_chars(chars)
    assert isinstance(ids, tf.RaggedTensor)
    assert ids.to_list() == [[3, 2, 4, 4, 6], [8, 2, 5, 7]]
    assert chars_from_ids(ids).to_list() == [[b"h", b"e", b"l", b"l", b"o"],
                                            [b"t", b"e", b"n", b"s"]]


def test_encoded_lookup_of_ragged_rows():
    rows = tf.ragged.constant([["a", "b", "z"], ["b"]])
    multi = L.StringLookup(vocabulary=["a", "b"], output_mode="multi_hot")
    np.testing.assert_allclose(multi(rows).numpy(), [[1, 1, 1], [0, 0, 1]])
    count = L.IntegerLookup(vocabulary=[3, 4], output_mode="count")
    np.testing.assert_allclose(
        count(tf.ragged.constant([[3, 5], [4, 4, 3]], dtype="int64")).numpy(),
        [[1, 1, 0], [0, 1, 2]])
    with pytest.raises(ValueError, match="maximum supported output rank is 2"):
        L.StringLookup(vocabulary=["a", "b"], output_mode="one_hot")(rows)


def test_subclassed_model_may_pass_itself_to_super():
    class MyModel(tf.keras.Model):
        def __init__(self):
            super().__init__(self)
            self.dense = L.Dense(2)

        def call(self, inputs):
            return self.dense(inputs)

    assert MyModel()(tf.ones((1, 3))).shape == (1, 2)
    with pytest.raises(TypeError, match="Keyword argument not understood"):
        tf.keras.Model(inputs=tf.keras.Input((2,)))


def test_rnn_get_initial_state_as_the_text_generation_model_uses_it():
    x = np.ones((2, 3, 4), "float32")
    shapes = {name: [tuple(s.shape) for s in tf.nest.flatten(layer.get_initial_state(x))]
              for name, layer in [("gru", L.GRU(3)), ("lstm", L.LSTM(2))]}
    assert shapes == {"gru": [(2, 3)], "lstm": [(2, 2), (2, 2)]}
    stacked = L.RNN([L.GRUCell(2), L.LSTMCell(3)])
    states = stacked.get_initial_state(x)
    assert tuple(states[0].shape) == (2, 2) and [tuple(s.shape) for s in states[1]] == \
        [(2, 3), (2, 3)]
    assert stacked(x, initial_state=states).shape == (2, 3)
    gru = L.GRU(3, return_sequences=True, return_state=True)
    out, state = gru(x, initial_state=gru.get_initial_state(x))
    assert out.shape == (2, 3, 3) and state.shape == (2, 3)


def test_reduce_join_of_ragged_character_rows():
    chars = tf.strings.unicode_split(["hello", "tens"], input_encoding="UTF-8")
    assert tf.strings.reduce_join(chars, axis=-1).numpy().tolist() == [b"hello", b"tens"]
    assert tf.strings.reduce_join(chars, axis=1, separator=" ").numpy().tolist() == \
        [b"h e l l o", b"t e n s"]


def test_relu_rejects_a_negative_threshold():
    with pytest.raises(ValueError, match="threshold of a ReLU layer cannot be a negative value"):
        L.ReLU(threshold=-1)
    np.testing.assert_allclose(L.ReLU(threshold=0.5)(np.array([0.4, 0.6], "float32")).numpy(),
                               [0.0, 0.6])


def test_sequential_built_from_a_first_nested_model_with_an_input_shape():
    # TF's image classification tutorial: the augmentation model knows its input shape.
    augmentation = tf.keras.Sequential([L.RandomFlip("horizontal", input_shape=(8, 8, 3)),
                                        L.RandomRotation(0.1)])
    model = tf.keras.Sequential([augmentation, L.Rescaling(1.0 / 255), L.Conv2D(4, 3),
                                 L.Flatten(), L.Dense(2)])
    assert model.built and model.output_shape == (None, 2)
    assert model.count_params() == 3 * 3 * 3 * 4 + 4 + 6 * 6 * 4 * 2 + 2
    lines = []
    model.summary(print_fn=lines.append)
    assert any(line.strip().startswith(augmentation.name) and "(None, 8, 8, 3)" in line
               for line in lines)
    features = tf.keras.Input((4,))
    base = tf.keras.Model(features, L.Dense(3)(features))
    stacked = tf.keras.Sequential([base, L.Dense(1)])
    assert stacked.built and stacked.output_shape == (None, 1)

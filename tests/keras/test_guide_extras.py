"""Optimizers, schedules, sequence/text preprocessing and masks as the TF 2 guides use them;
the numbers are TF 2.21's (Keras 2) for the same steps."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook import keras


@pytest.mark.parametrize("cls, expected", [
    (keras.optimizers.Adadelta, [0.99957, 1.99957]),
    (keras.optimizers.Adamax, [0.7155, 1.70765]),
    (keras.optimizers.Ftrl, [0.63789, 1.62374]),
])
def test_more_optimizers_take_tf_steps(cls, expected):
    optimizer = cls(learning_rate=0.1)
    v = tf.Variable([1.0, 2.0])
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(v ** 2)
        optimizer.apply_gradients(zip(tape.gradient(loss, [v]), [v]))
    np.testing.assert_allclose(v.numpy(), expected, rtol=1e-4)
    assert keras.optimizers.get(cls.__name__.lower()).__class__ is cls


def test_more_optimizers_inside_tf_function_match_eager():
    for cls in (keras.optimizers.Adadelta, keras.optimizers.Adamax, keras.optimizers.Ftrl):
        eager_var, graph_var = tf.Variable([1.0, -2.0]), tf.Variable([1.0, -2.0])
        eager_opt, graph_opt = cls(0.1), cls(0.1)

        @tf.function
        def step(opt=graph_opt, v=graph_var):
            opt.apply_gradients([(v * 2.0, v)])

        for _ in range(3):
            eager_opt.apply_gradients([(eager_var * 2.0, eager_var)])
            step()
        np.testing.assert_allclose(graph_var.numpy(), eager_var.numpy(), rtol=1e-5)


@pytest.mark.parametrize("schedule, steps, expected", [
    (keras.optimizers.schedules.CosineDecay(0.1, 100), [0, 50, 100, 200], [0.1, 0.05, 0, 0]),
    (keras.optimizers.schedules.CosineDecayRestarts(0.1, 10), [0, 5, 10, 15],
     [0.1, 0.05, 0.1, 0.085355]),
])
def test_cosine_schedules(schedule, steps, expected):
    np.testing.assert_allclose([float(schedule(s)) for s in steps], expected, atol=1e-6)
    again = keras.optimizers.schedules.deserialize(keras.optimizers.schedules.serialize(
        schedule))
    assert float(again(5)) == pytest.approx(float(schedule(5)))


RAW = [[711, 632, 71], [73, 8, 3215, 55, 927], [83, 91, 1, 645, 1253, 927]]


def test_pad_sequences():
    pad = keras.preprocessing.sequence.pad_sequences
    assert pad(RAW, padding="post").tolist() == [
        [711, 632, 71, 0, 0, 0], [73, 8, 3215, 55, 927, 0], [83, 91, 1, 645, 1253, 927]]
    assert pad(RAW)[0].tolist() == [0, 0, 0, 711, 632, 71]
    assert pad(RAW, maxlen=4, truncating="post", value=-1).tolist() == [
        [-1, 711, 632, 71], [73, 8, 3215, 55], [83, 91, 1, 645]]
    assert pad([[1, 2], [], [3]]).tolist() == [[1, 2], [0, 0], [0, 3]]
    assert pad([[[1, 2], [3, 4]], [[5, 6]]]).shape == (2, 2, 2)
    assert keras.utils.pad_sequences is pad
    with pytest.raises(ValueError, match="Padding type"):
        pad(RAW, padding="middle")


def test_tokenizer_numbers_words_by_frequency():
    texts = ["The cat sat on the mat.", "The dog ate my homework!", "Dog and cat, cat and dog"]
    tok = keras.preprocessing.text.Tokenizer(num_words=8, oov_token="<OOV>")
    tok.fit_on_texts(texts)
    assert list(tok.word_index.items())[:6] == [("<OOV>", 1), ("the", 2), ("cat", 3),
                                               ("dog", 4), ("and", 5), ("sat", 6)]
    assert tok.texts_to_sequences(texts) == [[2, 3, 6, 7, 2, 1], [2, 4, 1, 1, 1],
                                             [4, 5, 3, 3, 5, 4]]
    assert tok.sequences_to_texts([[2, 3, 7]]) == ["the cat on"]
    assert tok.texts_to_matrix(texts, mode="count").tolist()[0] == [0, 1, 2, 1, 0, 0, 1, 1]
    assert keras.preprocessing.text.text_to_word_sequence("Hello, World! it's me") == [
        "hello", "world", "it's", "me"]


def test_keras_mask_rides_on_layer_outputs():
    padded = keras.preprocessing.sequence.pad_sequences(RAW, padding="post")
    out = keras.layers.Embedding(5000, 16, mask_zero=True)(padded)
    assert out._keras_mask.numpy().tolist() == (padded != 0).tolist()
    plain = keras.layers.Embedding(5000, 16)(padded)
    assert not hasattr(plain, "_keras_mask")
    model = keras.Sequential([keras.layers.Embedding(50, 4, mask_zero=True),
                              keras.layers.Bidirectional(keras.layers.GRU(3)),
                              keras.layers.Dense(1)])
    model.compile("adam", "mse")  # built by the first batch of fit
    assert list(model.fit(padded % 50, np.ones((3, 1)), verbose=0).history) == ["loss"]


def test_functional_layer_with_a_mask_argument_gets_one_while_the_model_is_built():
    class TemporalSoftmax(keras.layers.Layer):
        def call(self, inputs, mask=None):
            weights = tf.expand_dims(tf.cast(mask, "float32"), -1)
            exp = tf.exp(inputs) * weights
            return exp / tf.reduce_sum(exp * weights, axis=-1, keepdims=True)

    inputs = keras.Input(shape=(None,), dtype="int32")
    x = keras.layers.Embedding(input_dim=10, output_dim=4, mask_zero=True)(inputs)
    x = keras.layers.Dense(1)(x)
    model = keras.Model(inputs, TemporalSoftmax()(x))
    out = model(np.array([[1, 2, 0], [3, 0, 0]]))
    assert out.shape == (2, 3, 1)
    np.testing.assert_allclose(out.numpy()[0, :2, 0], [1.0, 1.0])  # one unit per step
    assert np.isnan(out.numpy()[1, 1, 0])  # a masked step: 0 / 0, as in TF


def test_layers_without_masks_give_unmasked_outputs():
    inputs = keras.Input(shape=(3,))
    x = keras.layers.Dense(2)(inputs)
    assert not getattr(x, "_carries_mask", False)

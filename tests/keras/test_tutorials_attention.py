"""MultiHeadAttention, as the Transformer tutorials use it (values worked out by hand)."""

import numpy as np
import pytest

import eagerbook as tf


def _ones_attention(**kwargs):
    return tf.keras.layers.MultiHeadAttention(num_heads=1, key_dim=1,
                                              kernel_initializer="ones", **kwargs)


def test_weights_are_named_and_shaped_per_projection():
    layer = tf.keras.layers.MultiHeadAttention(num_heads=2, key_dim=2)
    layer(np.zeros((1, 8, 16), "float32"), np.zeros((1, 4, 16), "float32"))
    assert [(w.name, tuple(w.shape)) for w in layer.weights] == [
        ("multi_head_attention/query/kernel:0", (16, 2, 2)),
        ("multi_head_attention/query/bias:0", (2, 2)),
        ("multi_head_attention/key/kernel:0", (16, 2, 2)),
        ("multi_head_attention/key/bias:0", (2, 2)),
        ("multi_head_attention/value/kernel:0", (16, 2, 2)),
        ("multi_head_attention/value/bias:0", (2, 2)),
        ("multi_head_attention/attention_output/kernel:0", (2, 2, 16)),
        ("multi_head_attention/attention_output/bias:0", (16,))]
    assert layer.count_params() == 4 * 16 + 4 + 4 * 16 + 4 + 4 * 16 + 4 + 64 + 16


def test_equal_scores_average_the_values():
    # All projections are sums of the features (ones kernels): the query scores every key
    # step 0 (query is zero), so the weights are uniform and the output is the values' mean.
    layer = _ones_attention()
    query = np.zeros((1, 1, 1), "float32")
    value = np.array([[[1.0], [3.0]]], "float32")
    out, scores = layer(query, value, return_attention_scores=True)
    np.testing.assert_allclose(out.numpy(), [[[2.0]]])
    np.testing.assert_allclose(scores.numpy(), [[[[0.5, 0.5]]]])
    assert scores.shape == (1, 1, 1, 2)  # (batch, heads, query steps, key steps)


def test_scores_are_scaled_dot_products():
    layer = tf.keras.layers.MultiHeadAttention(num_heads=1, key_dim=4, kernel_initializer="ones")
    query = np.array([[[0.5]]], "float32")
    value = np.array([[[0.0], [1.0]]], "float32")
    _, scores = layer(query, value, return_attention_scores=True)
    # q = (0.5,)*4 and k = (0,)*4 / (1,)*4: logits 0 and 2 / sqrt(4) = 1.
    expected = np.exp([0.0, 1.0]) / np.exp([0.0, 1.0]).sum()
    np.testing.assert_allclose(scores.numpy()[0, 0, 0], expected, rtol=1e-6)


def test_attention_mask_and_causal_mask():
    layer = _ones_attention()
    query = np.zeros((1, 1, 1), "float32")
    value = np.array([[[1.0], [3.0]]], "float32")
    masked = layer(query, value, attention_mask=np.array([[[True, False]]]))
    np.testing.assert_allclose(masked.numpy(), [[[1.0]]])
    steps = np.zeros((1, 2, 1), "float32")
    _, scores = layer(steps, steps, use_causal_mask=True, return_attention_scores=True)
    np.testing.assert_allclose(scores.numpy()[0, 0], [[1.0, 0.0], [0.5, 0.5]])


def test_padding_mask_of_an_embedding_hides_padded_keys():
    table = np.array([[0.0], [1.0], [3.0]], "float32")
    embedding = tf.keras.layers.Embedding(3, 1, mask_zero=True,
                                          embeddings_initializer=tf.keras.initializers.Constant(
                                              table))
    assert embedding.supports_masking
    x = embedding(np.array([[1, 0]]))  # second step is padding
    out = _ones_attention()(x, x)
    # The real query step looks at the first key step only (value 1). The padded query step
    # may look at nothing: all its logits are equally low, so it averages (1 + 0) / 2.
    np.testing.assert_allclose(out.numpy(), [[[1.0], [0.5]]])
    np.testing.assert_array_equal(out._keras_mask.numpy(), [[True, False]])


def test_functional_model_with_scores_and_output_shape():
    target = tf.keras.Input(shape=[8, 16])
    source = tf.keras.Input(shape=[4, 16])
    layer = tf.keras.layers.MultiHeadAttention(num_heads=2, key_dim=2, output_shape=5,
                                               use_bias=False)
    output, scores = layer(target, source, return_attention_scores=True)
    assert output.shape.as_list() == [None, 8, 5]
    assert scores.shape.as_list() == [None, 2, 8, 4]
    model = tf.keras.Model([target, source], [output, scores])
    out, sc = model([np.ones((3, 8, 16), "float32"), np.ones((3, 4, 16), "float32")])
    assert out.shape == (3, 8, 5) and sc.shape == (3, 2, 8, 4)
    assert len(layer.weights) == 4  # no biases


def test_config_round_trip_and_missing_value():
    layer = tf.keras.layers.MultiHeadAttention(num_heads=3, key_dim=4, value_dim=2, dropout=0.1)
    config = layer.get_config()
    assert (config["num_heads"], config["key_dim"], config["value_dim"],
            config["dropout"]) == (3, 4, 2, 0.1)
    clone = tf.keras.layers.MultiHeadAttention.from_config(config)
    assert clone.get_config()["value_dim"] == 2
    with pytest.raises(TypeError):
        layer(np.zeros((1, 2, 3), "float32"))


def test_top_level_keras_aliases():
    assert tf.metrics.BinaryAccuracy is tf.keras.metrics.BinaryAccuracy
    assert tf.losses.MSE is tf.keras.losses.MSE
    assert tf.optimizers.Adam is tf.keras.optimizers.Adam
    assert isinstance(tf.initializers.zeros(), tf.keras.initializers.Zeros)

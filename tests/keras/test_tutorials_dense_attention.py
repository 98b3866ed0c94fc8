"""``Attention`` and ``AdditiveAttention`` against values TF 2 (Keras 2) computes (recorded
from TF 2.21, ``TF_USE_LEGACY_KERAS=1``), their masks, configs and symbolic shapes."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


def _inputs():
    r = np.random.RandomState(0)
    query = r.rand(2, 3, 4).astype("float32")
    value = r.rand(2, 5, 4).astype("float32")
    key = r.rand(2, 5, 4).astype("float32")
    query_mask = np.array([[1, 1, 0], [1, 1, 1]], bool)
    value_mask = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool)
    return query, value, key, query_mask, value_mask


# (layer, first output row of example 0 with key and masks, its weights over the value steps,
#  second row of example 1 with the causal mask); every weight set to 0.7.
CASES = {
    "dot": (lambda: L.Attention(), [0.40096, 0.52832, 0.13911, 0.75259],
            [0.23535, 0.37028, 0.39437, 0, 0], [0.46608, 0.49532, 0.41591, 0.30581]),
    "dot_scaled": (lambda: L.Attention(use_scale=True), [0.39113, 0.53176, 0.14011, 0.75997],
                   [0.26257, 0.36058, 0.37685, 0, 0], [0.47353, 0.50182, 0.40829, 0.29925]),
    "concat": (lambda: L.Attention(score_mode="concat"), [0.38383, 0.53261, 0.14413, 0.76811],
               [0.28511, 0.36548, 0.34941, 0, 0], [0.49884, 0.52394, 0.38236, 0.27694]),
    "concat_scaled": (lambda: L.Attention(use_scale=True, score_mode="concat"),
                      [0.38536, 0.53244, 0.14328, 0.7664], [0.28037, 0.36444, 0.35519, 0, 0],
                      [0.49458, 0.52022, 0.38672, 0.2807]),
    "additive": (lambda: L.AdditiveAttention(), [0.38383, 0.53261, 0.14413, 0.76811],
                 [0.28511, 0.36548, 0.34941, 0, 0], [0.49884, 0.52394, 0.38236, 0.27694]),
    "additive_unscaled": (lambda: L.AdditiveAttention(use_scale=False),
                          [0.39126, 0.52916, 0.14502, 0.76388],
                          [0.26574, 0.37891, 0.35534, 0, 0],
                          [0.50215, 0.52683, 0.37897, 0.27403]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_values_match_tf(name):
    make, row, weights, causal_row = CASES[name]
    query, value, key, query_mask, value_mask = _inputs()
    layer = make()
    layer([query, value])
    layer.set_weights([np.full(w.shape, 0.7, "float32") for w in layer.weights])
    out, scores = layer([query, value, key], mask=[query_mask, value_mask],
                        return_attention_scores=True)
    np.testing.assert_allclose(out.numpy()[0, 0], row, atol=2e-5)
    np.testing.assert_allclose(scores.numpy()[0, 0], weights, atol=2e-5)
    np.testing.assert_allclose(out.numpy()[0, 2], 0.0)  # a masked query step answers zeros
    causal = layer([query, value], use_causal_mask=True)
    np.testing.assert_allclose(causal.numpy()[1, 1], causal_row, atol=2e-5)
    np.testing.assert_allclose(causal.numpy()[1, 0], value[1, 0], atol=1e-6)


def test_weights_and_configs():
    query, value, *_ = _inputs()
    layers = [L.Attention(), L.Attention(use_scale=True, score_mode="concat"),
              L.AdditiveAttention()]
    for layer in layers:
        layer([query, value])
    assert [w.name for w in layers[0].weights] == []
    assert [(w.name.split("/")[-1], tuple(w.shape)) for w in layers[1].weights] == [
        ("scale:0", ()), ("concat_score_weight:0", ())]
    assert [(w.name.split("/")[-1], tuple(w.shape)) for w in layers[2].weights] == [
        ("scale:0", (4,))]
    assert list(layers[1].get_config())[3:] == ["dropout", "use_scale", "score_mode"]
    assert list(layers[2].get_config())[3:] == ["dropout", "use_scale"]
    again = L.Attention.from_config(layers[1].get_config())
    assert (again.use_scale, again.score_mode) == (True, "concat")


def test_input_errors():
    query, value, *_ = _inputs()
    layer = L.Attention()
    with pytest.raises(ValueError, match="must be called on a list of inputs"):
        layer(query)
    with pytest.raises(ValueError, match="inputs list of length 2 or 3.*Received length: 1"):
        layer([query])
    with pytest.raises(ValueError, match="mask must be a list of length 2"):
        layer([query, value], mask=[None])
    with pytest.raises(ValueError, match=r'Acceptable values are: \["dot", "concat"\]'):
        L.Attention(score_mode="foo")


def test_symbolic_shapes_keep_the_query_steps():
    query = tf.keras.Input((3, 4))
    value = tf.keras.Input((None, 4))
    layer = L.Attention()
    assert layer([query, value]).shape.as_list() == [None, 3, 4]
    out, scores = layer([query, value], return_attention_scores=True)
    assert out.shape.as_list() == [None, 3, 4]
    assert scores.shape.as_list() == [None, 3, None]


def test_keras_masks_flow_through_a_functional_model():
    embed = L.Embedding(10, 4, mask_zero=True)
    tokens = tf.keras.Input((None,), dtype="int32")
    vectors = embed(tokens)
    attended = L.Attention()([vectors, vectors])
    pooled = L.GlobalAveragePooling1D()(attended)
    model = tf.keras.Model(tokens, pooled)
    ids = np.array([[1, 2, 0], [3, 0, 0]])
    eager = L.Attention()([embed(ids), embed(ids)])
    np.testing.assert_array_equal(eager._keras_mask.numpy(), ids != 0)
    # The padding steps neither give weight nor count in the mean.
    x = embed(ids).numpy()
    expected = x[1, 0]
    np.testing.assert_allclose(model(ids).numpy()[1], expected, rtol=1e-6)


def test_summary_lists_only_the_models_own_connections():
    embed = L.Embedding(10, 4)
    tf.keras.Sequential([embed])(np.zeros((1, 2)))  # a call in another model
    tokens = tf.keras.Input((None,), dtype="int32", name="tokens")
    model = tf.keras.Model(tokens, L.Attention()([embed(tokens), embed(tokens)]))
    lines = []
    model.summary(print_fn=lines.append)
    embedding_rows = [line for line in lines if line.strip().startswith(embed.name + " ")]
    assert embedding_rows and "tokens[0][0]" in embedding_rows[0]
    assert not any("embedding_input" in line for line in lines)


def test_inferred_shapes_keep_sizes_that_do_not_follow_unknown_ones():
    class LastStep(tf.keras.layers.Layer):  # no compute_output_shape: inferred by running
        def call(self, inputs):
            return tf.concat([inputs[:, -1], tf.zeros_like(inputs[:, 0, :2])], axis=-1)

    class Steps(tf.keras.layers.Layer):
        def call(self, inputs):
            return tf.reduce_sum(inputs, axis=-1)

    sequence = tf.keras.Input((None, 3))
    assert LastStep()(sequence).shape.as_list() == [None, 5]
    assert Steps()(sequence).shape.as_list() == [None, None]


def test_a_layer_called_on_unknown_sizes_prints_once(capsys):
    class Loud(tf.keras.layers.Layer):
        def call(self, inputs):
            print("tracing")
            return inputs[:, 0]

    assert Loud()(tf.keras.Input((None, 3))).shape.as_list() == [None, 3]
    assert capsys.readouterr().out == "tracing\n"

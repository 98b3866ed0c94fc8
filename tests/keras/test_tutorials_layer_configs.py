"""Layer configs as TF 2 (Keras 2) lists them, and the layers they describe made again from
them (expected keys recorded from TF 2.21, ``TF_USE_LEGACY_KERAS=1``)."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers
BASE = ["name", "trainable", "dtype"]


def test_normalization_configs_list_regularizers_and_constraints():
    assert list(L.BatchNormalization().get_config()) == BASE + [
        "axis", "momentum", "epsilon", "center", "scale", "beta_initializer",
        "gamma_initializer", "moving_mean_initializer", "moving_variance_initializer",
        "beta_regularizer", "gamma_regularizer", "beta_constraint", "gamma_constraint"]
    assert list(L.LayerNormalization().get_config()) == BASE + [
        "axis", "epsilon", "center", "scale", "beta_initializer", "gamma_initializer",
        "beta_regularizer", "gamma_regularizer", "beta_constraint", "gamma_constraint"]


def test_normalization_constraints_are_applied():
    layer = L.LayerNormalization(gamma_constraint=tf.keras.constraints.NonNeg())
    layer.build((None, 2))
    layer.gamma.assign([-1.0, 2.0])
    layer.gamma.assign(layer.gamma.constraint(layer.gamma))
    np.testing.assert_allclose(layer.gamma.numpy(), [0.0, 2.0])
    assert layer.get_config()["gamma_constraint"]["class_name"] == "NonNeg"


RNN_HEAD = BASE + ["return_sequences", "return_state", "go_backwards", "stateful", "unroll",
                   "time_major", "units", "activation"]
REGULARIZED = ["kernel_regularizer", "recurrent_regularizer", "bias_regularizer"]
CONSTRAINED = ["kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
               "recurrent_dropout"]
INITIALIZED = ["use_bias", "kernel_initializer", "recurrent_initializer", "bias_initializer"]


def test_recurrent_layer_configs_in_tf_order():
    assert list(L.LSTM(3).get_config()) == RNN_HEAD + ["recurrent_activation"] + \
        INITIALIZED + ["unit_forget_bias"] + REGULARIZED + ["activity_regularizer"] + \
        CONSTRAINED + ["implementation"]
    assert list(L.GRU(3).get_config()) == RNN_HEAD + ["recurrent_activation"] + \
        INITIALIZED + REGULARIZED + ["activity_regularizer"] + CONSTRAINED + \
        ["implementation", "reset_after"]
    assert list(L.SimpleRNN(3).get_config()) == RNN_HEAD + INITIALIZED + REGULARIZED + \
        ["activity_regularizer"] + CONSTRAINED
    assert list(L.LSTMCell(3).get_config()) == BASE + ["units", "activation",
                                                       "recurrent_activation"] + \
        INITIALIZED + ["unit_forget_bias"] + REGULARIZED + CONSTRAINED + ["implementation"]
    assert L.LSTM(3).get_config()["implementation"] == 2


def test_recurrent_constraint_strings_are_resolved():
    layer = L.LSTM(2, kernel_constraint="non_neg")
    assert layer.get_config()["kernel_constraint"]["class_name"] == "NonNeg"
    again = L.LSTM.from_config(layer.get_config())
    assert again.get_config()["kernel_constraint"]["class_name"] == "NonNeg"


def test_rnn_config_holds_its_cell_and_comes_back():
    layer = L.RNN(L.GRUCell(4, reset_after=False), return_sequences=True)
    config = layer.get_config()
    assert config["cell"]["class_name"] == "GRUCell"
    again = L.RNN.from_config(config)
    assert isinstance(again.cell, L.GRUCell) and again.cell.reset_after is False
    assert again(np.zeros((1, 3, 2), "float32")).shape == (1, 3, 4)


def test_bidirectional_config_shows_the_given_layers_and_comes_back():
    layer = L.Bidirectional(L.LSTM(3, name="lstm_x"))
    config = layer.get_config()
    assert config["layer"]["config"]["name"] == "lstm_x"
    assert "backward_layer" not in config
    again = L.Bidirectional.from_config(config)
    assert again(np.zeros((2, 4, 5), "float32")).shape == (2, 6)
    both = L.Bidirectional(L.GRU(2, name="g"), backward_layer=L.GRU(2, go_backwards=True,
                                                                     name="back"))
    assert both.backward_layer.name == "backward_back"
    assert both.get_config()["backward_layer"]["config"]["name"] == "back"
    assert L.Bidirectional.from_config(both.get_config()).backward_layer.name == \
        "backward_back"


def test_bidirectional_model_survives_json():
    model = tf.keras.Sequential([tf.keras.Input((4, 2)), L.Bidirectional(L.LSTM(3))])
    again = tf.keras.models.model_from_json(model.to_json())
    assert again.output_shape == (None, 6)


def test_prelu_and_lambda_configs():
    config = L.PReLU(shared_axes=[1, 2]).get_config()
    assert list(config) == BASE + ["alpha_initializer", "alpha_regularizer",
                                   "alpha_constraint", "shared_axes"]
    assert repr(config["shared_axes"]) == "ListWrapper([1, 2])"

    def double(x, k=2):
        return x * k

    config = L.Lambda(double, output_shape=(3,), arguments={"k": 3}).get_config()
    assert list(config) == BASE + ["function", "function_type", "module", "output_shape",
                                   "output_shape_type", "output_shape_module", "arguments"]
    assert (config["function_type"], config["output_shape"], config["output_shape_type"],
            config["arguments"]) == ("lambda", (3,), "raw", {"k": 3})


def test_multi_head_attention_robust_masking():
    # A query row whose keys are all masked: adding -1e9 to huge logits keeps them apart
    # (one key wins), replacing them by -1e9 makes every key equal (TF's two behaviours).
    query = np.array([[[1.0, 2.0], [3.0, 1e4]]], "float32")
    mask = np.array([[[True, False], [False, False]]])
    rows = {}
    for robust in (False, True):
        layer = L.MultiHeadAttention(1, 2, kernel_initializer="ones",
                                     softmax_robust_masking=robust)
        _, scores = layer(query, query, attention_mask=mask, return_attention_scores=True)
        rows[robust] = scores.numpy()[0, 0]
        assert layer.get_config()["softmax_robust_masking"] is robust
    np.testing.assert_allclose(rows[False], [[1, 0], [0, 1]], atol=1e-6)
    np.testing.assert_allclose(rows[True], [[1, 0], [0.5, 0.5]], atol=1e-6)


@pytest.mark.parametrize("make, keys", [
    (lambda: L.RandomFlip(), ["rng_type", "mode", "seed"]),
    (lambda: L.RandomCrop(2, 2), ["rng_type", "height", "width", "seed"]),
    (lambda: L.RandomRotation(0.1), ["rng_type", "factor", "fill_mode", "fill_value",
                                     "interpolation", "seed"]),
    (lambda: L.RandomZoom(0.1), ["rng_type", "height_factor", "width_factor", "fill_mode",
                                 "fill_value", "interpolation", "seed"]),
    (lambda: L.RandomContrast(0.1), ["rng_type", "factor", "seed"]),
    (lambda: L.RandomHeight(0.2), ["rng_type", "factor", "interpolation", "seed"]),
    (lambda: L.RandomWidth(0.2), ["rng_type", "factor", "interpolation", "seed"]),
    (lambda: L.RandomBrightness(0.2), ["rng_type", "factor", "value_range", "seed"]),
])
def test_random_layer_configs(make, keys):
    config = make().get_config()
    assert list(config) == BASE + keys
    assert config["rng_type"] == "stateful"


def test_seeded_random_layer_draws_anew_on_each_call():
    # TF's layers keep a generator: a seed fixes the sequence, not one repeated draw.
    images = np.arange(2 * 4 * 4, dtype="float32").reshape(2, 4, 4, 1)
    flip = L.RandomFlip("horizontal", seed=3)
    firsts = {float(flip(images, training=True).numpy()[0, 0, 0, 0]) for _ in range(12)}
    assert firsts == {0.0, 3.0}
    again = L.RandomFlip("horizontal", seed=3)
    assert len({float(again(images).numpy()[0, 0, 0, 0]) for _ in range(12)}) == 2


def test_random_height_and_width_resize_one_side():
    images = np.ones((2, 8, 6, 3), "float32")
    height = L.RandomHeight((0.5, 0.5))
    assert height(images, training=True).shape == (2, 12, 6, 3)
    assert height(images, training=False).shape == (2, 8, 6, 3)
    width = L.RandomWidth((-0.5, -0.5), interpolation="nearest")
    assert width(images[0], training=True).shape == (8, 3, 3)
    assert L.RandomHeight(0.2)(tf.keras.Input((8, 6, 3))).shape.as_list() == \
        [None, None, 6, 3]
    assert L.RandomWidth(0.2).compute_output_shape((None, 8, 6, 3)).as_list() == \
        [None, 8, None, 3]
    sizes = {L.RandomHeight(0.5)(images).shape[1] for _ in range(20)}
    assert sizes <= set(range(4, 13)) and len(sizes) > 1


def test_random_height_errors():
    with pytest.raises(ValueError, match="upper bound lesser than the lower bound"):
        L.RandomHeight((0.3, 0.1))
    with pytest.raises(ValueError, match="upper bound less than the lower bound"):
        L.RandomWidth(-2.0)
    with pytest.raises(ValueError, match="must have values larger than -1"):
        L.RandomHeight(1.5)
    with pytest.raises(NotImplementedError, match="Value not recognized for `interpolation`"):
        L.RandomHeight(0.2, interpolation="foo")


def test_random_brightness_adds_one_offset_per_image_and_clips():
    layer = L.RandomBrightness((0.5, 0.5), value_range=(0, 10))
    images = np.array([[[[1.0]], [[8.0]]]], "float32")  # one 2x1 image
    np.testing.assert_allclose(layer(images).numpy().reshape(-1), [6.0, 10.0])
    np.testing.assert_allclose(layer(images, training=False).numpy(), images)
    config = layer.get_config()
    assert repr(config["factor"]) == "ListWrapper([0.5, 0.5])"
    assert repr(config["value_range"]) == "ListWrapper([0, 10])"
    assert repr(L.RandomBrightness(0.2).get_config()["factor"]) == "ListWrapper([-0.2, 0.2])"
    with pytest.raises(ValueError, match=r"in the range \[-1.0, 1.0\]. Got 2.0"):
        L.RandomBrightness(2.0)
    with pytest.raises(ValueError, match="`value_range` argument should be a list of two"):
        L.RandomBrightness(0.1, value_range=(1,))

"""A Sequential model may hold the same layer instance at two places (TF 2.0's "train and save"
overview reuses one MaxPooling2D): it runs at both, `layers` lists it once and the summary
shows its output shape as "multiple" (TF 2.21, side by side); two different layers of one name
are still refused with TF's words."""

import pytest

import eagerbook as tf


def _model():
    tf.keras.backend.clear_session()  # (the layer names below start from their first number)
    pool = tf.keras.layers.MaxPooling2D((2, 2), (2, 2), padding="same")
    return tf.keras.Sequential([
        tf.keras.layers.Reshape(target_shape=[8, 8, 1], input_shape=(8, 8)), pool,
        tf.keras.layers.Conv2D(2, 3), pool, tf.keras.layers.Flatten()])


def test_the_same_layer_runs_at_both_places_and_is_listed_once():
    model = _model()
    assert [layer.name for layer in model.layers] == \
        ["reshape", "max_pooling2d", "conv2d", "flatten"]
    assert model(tf.ones([1, 8, 8])).shape == (1, 2)
    assert len(model.trainable_variables) == 2


def test_its_summary_row_says_multiple(capsys):
    model = _model()
    model(tf.ones([1, 8, 8]))
    model.summary()
    assert "max_pooling2d (MaxPooling2D) multiple" in capsys.readouterr().out


def test_two_layers_of_one_name_are_refused():
    with pytest.raises(ValueError, match='^All layers added to a Sequential model should have '
                                         'unique names. Name "mp" is already the name'):
        tf.keras.Sequential([tf.keras.layers.Dense(3, name="mp"),
                             tf.keras.layers.Dense(3, name="mp")])

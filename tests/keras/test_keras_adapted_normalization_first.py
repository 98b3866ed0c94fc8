"""The regression tutorial's models: a Normalization layer adapted before it joins a
Sequential (so it declares an input of unknown width) feeds a Dense layer, as in TF."""
import numpy as np

import eagerbook as tf


def _features():
    return np.random.RandomState(0).rand(50, 3).astype("float32")


def test_an_adapted_normalization_gives_its_statistics_width_to_the_next_layer():
    features = _features()
    normalizer = tf.keras.layers.Normalization(axis=-1)
    normalizer.adapt(features)
    assert normalizer.compute_output_shape((None, None)).as_list() == [None, 3]
    model = tf.keras.Sequential([normalizer, tf.keras.layers.Dense(units=1)])
    assert model.output_shape == (None, 1)
    assert model.predict(features[:10], verbose=0).shape == (10, 1)
    assert model.layers[1].kernel.shape == (3, 1)


def test_a_single_feature_normalizer_with_axis_none():
    horsepower = _features()[:, 0]
    normalizer = tf.keras.layers.Normalization(input_shape=[1], axis=None)
    normalizer.adapt(horsepower)
    model = tf.keras.Sequential([normalizer, tf.keras.layers.Dense(units=1)])
    assert model.predict(horsepower[:10], verbose=0).shape == (10, 1)

"""tf.compat.v1.keras.initializers: TF 1.x's random initializers draw anew at every call (a
stateful op with the seed), keep their dtype in the config, and take Keras's defaults
(stddev 0.05); TF 2's seeded initializers repeat their values."""

import numpy as np

import eagerbook as tf

V1 = tf.compat.v1.keras.initializers


def test_v1_seeded_initializers_draw_anew_each_call():
    for cls in (V1.RandomNormal, V1.RandomUniform, V1.TruncatedNormal):
        initializer = cls(seed=10)
        a, b = initializer(shape=(2, 2)), initializer(shape=(2, 2))
        assert a.shape == (2, 2) and a.dtype == tf.float32
        assert not np.array_equal(a.numpy(), b.numpy())
    two = tf.keras.initializers.RandomNormal(seed=10)
    np.testing.assert_array_equal(two(shape=(2, 2)).numpy(), two(shape=(2, 2)).numpy())


def test_v1_configs_hold_the_dtype_and_keras_defaults():
    assert V1.RandomNormal(seed=10).get_config() == \
        {"mean": 0.0, "stddev": 0.05, "seed": 10, "dtype": "float32"}
    assert V1.RandomUniform().get_config() == \
        {"minval": -0.05, "maxval": 0.05, "seed": None, "dtype": "float32"}
    uniform = V1.RandomUniform(minval=0.0, maxval=1.0, seed=1, dtype=tf.float64)
    values = uniform(shape=(3,))
    assert values.dtype == tf.float64 and np.all((values.numpy() >= 0) & (values.numpy() < 1))
    assert uniform(shape=(2,), dtype=tf.float32).dtype == tf.float32
    assert V1.RandomUniform.from_config(uniform.get_config()).get_config() == \
        uniform.get_config()


def test_v1_lowercase_names_and_the_rest_of_the_namespace():
    assert V1.random_normal is V1.RandomNormal and V1.normal is V1.RandomNormal
    assert V1.uniform is V1.RandomUniform and V1.truncated_normal is V1.TruncatedNormal
    assert V1.truncated_normal(stddev=0.5).get_config()["stddev"] == 0.5
    assert V1.Zeros()(shape=(2,)).numpy().tolist() == [0.0, 0.0]
    layer = tf.keras.layers.Dense(3, kernel_initializer=V1.RandomNormal(stddev=1.0, seed=3))
    assert layer(tf.ones((2, 4))).shape == (2, 3)
    entry = layer.get_config()["kernel_initializer"]
    assert entry["class_name"] == "RandomNormal"
    assert entry["config"] == {"mean": 0.0, "stddev": 1.0, "seed": 3, "dtype": "float32"}

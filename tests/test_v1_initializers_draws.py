"""TF 1.x's random initializers (tf.compat.v1.*_initializer, tf.compat.v1.initializers.*)
draw with TF's seeded random ops and TF 1.x's defaults, so under tf.keras.utils.set_random_seed
they give TF 2.21's values (checked against TF); a feature column's default embedding
initializer is one of them, as in TF."""
import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1

# Values TF 2.21 gives for a [2, 3] draw right after tf.keras.utils.set_random_seed(0)
TF_DRAWS = {
    "truncated_normal": (lambda: v1.truncated_normal_initializer(stddev=0.5),
                         [[0.75553, 0.21146, -0.20985], [-0.51802, 0.20078, 0.15647]]),
    "random_normal": (lambda: v1.random_normal_initializer(stddev=0.5),
                      [[0.75553, 0.21146, -0.20985], [-0.51802, -0.61841, 0.23514]]),
    "random_uniform": (lambda: v1.random_uniform_initializer(),
                       [[0.29198, 0.20657, 0.53539], [0.56126, 0.41667, 0.80783]]),
    "glorot_uniform": (lambda: v1.glorot_uniform_initializer(),
                       [[-0.45576, -0.64288, 0.07754], [0.13421, -0.18256, 0.67442]]),
    "glorot_normal": (lambda: v1.glorot_normal_initializer(),
                      [[1.08646, 0.30408, -0.30176], [-0.74492, 0.28873, 0.22501]]),
    "variance_scaling": (lambda: v1.variance_scaling_initializer(),
                         [[1.2147, 0.33998, -0.33738], [-0.83284, 0.32281, 0.25157]]),
    "variance_scaling_uniform": (
        lambda: v1.variance_scaling_initializer(distribution="uniform", mode="fan_avg",
                                                scale=2.),
        [[-0.64454, -0.90917, 0.10965], [0.1898, -0.25817, 0.95377]]),
    "variance_scaling_untruncated": (
        lambda: v1.variance_scaling_initializer(distribution="untruncated_normal"),
        [[1.06848, 0.29905, -0.29677], [-0.73259, -0.87457, 0.33253]]),
    "truncated_normal_seeded": (lambda: v1.truncated_normal_initializer(stddev=0.5, seed=3),
                                [[-0.70478, -0.26834, -0.28262], [0.26312, -0.0872, 0.11215]]),
    "random_uniform_seeded": (lambda: v1.random_uniform_initializer(-1, 1, seed=3),
                              [[-0.35872, 0.3842, 0.48428], [0.73863, 0.91983, 0.87278]]),
}


@pytest.mark.parametrize("name", sorted(TF_DRAWS))
def test_seeded_draws_are_tfs(name):
    make, expected = TF_DRAWS[name]
    tf.keras.utils.set_random_seed(0)
    np.testing.assert_allclose(make()([2, 3]).numpy(), expected, atol=2e-5)


def test_tf1_defaults_and_configs():
    assert v1.random_uniform_initializer().get_config() == {
        "minval": 0.0, "maxval": None, "seed": None, "dtype": "float32"}
    assert v1.truncated_normal_initializer().get_config() == {
        "mean": 0.0, "stddev": 1.0, "seed": None, "dtype": "float32"}
    assert v1.glorot_normal_initializer(seed=2).get_config() == {"seed": 2, "dtype": "float32"}
    assert v1.initializers.truncated_normal is v1.truncated_normal_initializer
    assert v1.initializers.variance_scaling is v1.variance_scaling_initializer
    assert v1.initializers.glorot_uniform is v1.glorot_uniform_initializer


def test_words_for_bad_arguments():
    with pytest.raises(ValueError, match=r"^Argument `dtype` is expected to be floating "
                                         r"point. Received: <dtype: 'int32'>.$"):
        v1.truncated_normal_initializer(dtype=tf.int32)
    with pytest.raises(ValueError, match=r"^Argument `scale` must be a positive float. "
                                         r"Received: 0$"):
        v1.variance_scaling_initializer(scale=0)
    with pytest.raises(ValueError, match=r"^Argument `mode` should be one of \('fan_in', "
                                         r"'fan_out', 'fan_avg'\). Received: x$"):
        v1.variance_scaling_initializer(mode="x")


def test_embedding_column_default_draws_like_tf():
    tf.keras.utils.set_random_seed(0)
    thal = tf.feature_column.categorical_column_with_vocabulary_list("thal", ["a", "b", "c"])
    layer = tf.keras.layers.DenseFeatures([tf.feature_column.embedding_column(thal, 4)])
    out = layer({"thal": tf.constant([["a"], ["c"]])})
    np.testing.assert_allclose(out.numpy(), [[0.75553, 0.21146, -0.20985, -0.51802],
                                             [-0.50647, -0.21216, 0.41759, -0.4561]], atol=2e-5)
    config = layer.get_config()["feature_columns"][0]["config"]["initializer"]
    assert config == {"class_name": "TruncatedNormal",
                      "config": {"mean": 0.0, "stddev": 0.5, "seed": None, "dtype": "float32"}}
    rebuilt = tf.keras.layers.DenseFeatures.from_config(layer.get_config())
    assert rebuilt._feature_columns[0].initializer.get_config() == config["config"]

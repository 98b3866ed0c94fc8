"""F1Score, FBetaScore and R2Score: values as TF 2.13+ Keras computes them (recorded from the
reference TF), plus an independent NumPy check of the per-class F-beta formula."""

import numpy as np
import pytest

import eagerbook as tf

Y_TRUE = np.array([[1, 1, 1], [1, 0, 0], [1, 1, 0]], np.int32)
Y_PRED = np.array([[0.2, 0.6, 0.7], [0.2, 0.6, 0.6], [0.6, 0.8, 0.0]], np.float32)
WEIGHTS = np.array([1., 2., 0.5], np.float32)


@pytest.mark.parametrize("kwargs, f1, fbeta_weighted", [
    ({"threshold": 0.5}, [0.5, 0.8, 0.6666667], [0.17241381, 0.78947365, 0.7142857]),
    ({}, [0.0, 0.5, 0.6666667], [0.0, 0.29411766, 0.7142857]),
    ({"average": "micro", "threshold": 0.5}, 0.6666667, 0.48387095),
    ({"average": "macro"}, 0.38888893, 0.33613443),
    ({"average": "weighted", "threshold": 0.5}, 0.62777776, 0.41699073)])
def test_f_scores_match_tf(kwargs, f1, fbeta_weighted):
    metric = tf.keras.metrics.F1Score(**kwargs)
    assert metric.update_state(Y_TRUE, Y_PRED) is None
    np.testing.assert_allclose(metric.result().numpy(), f1, rtol=1e-6)
    metric = tf.keras.metrics.FBetaScore(beta=2.0, **kwargs)
    metric.update_state(Y_TRUE, Y_PRED, sample_weight=WEIGHTS)
    np.testing.assert_allclose(metric.result().numpy(), fbeta_weighted, rtol=1e-6)


def test_fbeta_per_class_is_the_textbook_formula():
    beta = 2.0
    predicted = (Y_PRED > 0.5).astype(np.float64)
    tp = (predicted * Y_TRUE).sum(0)
    precision, recall = tp / predicted.sum(0), tp / Y_TRUE.sum(0)
    expected = (1 + beta ** 2) * precision * recall / (beta ** 2 * precision + recall)
    metric = tf.keras.metrics.FBetaScore(beta=beta, threshold=0.5)
    metric.update_state(Y_TRUE, Y_PRED)
    np.testing.assert_allclose(metric.result().numpy(), expected, rtol=1e-6)


def test_r2_score_docstring_and_variants():
    metric = tf.keras.metrics.R2Score()
    metric.update_state(np.array([[1], [4], [3]], np.float32),
                        np.array([[2], [4], [4]], np.float32))
    assert metric.result().numpy() == np.float32(0.57142854)
    y_true = np.array([[1., 2.], [4., 1.], [3., 5.], [2., 2.]], np.float32)
    y_pred = np.array([[2., 1.], [4., 2.], [4., 4.], [1., 2.]], np.float32)
    weights = np.array([1., 2., 1., 0.5], np.float32)
    for kwargs, expected in [({"class_aggregation": None}, [0.61206913, 0.62886596]),
                             ({"class_aggregation": "variance_weighted_average"}, 0.62258065),
                             ({"num_regressors": 1}, 0.5572121)]:
        metric = tf.keras.metrics.R2Score(**kwargs)
        metric.update_state(y_true, y_pred, sample_weight=weights)
        np.testing.assert_allclose(metric.result().numpy(), expected, rtol=1e-6)
    assert [v.name for v in metric.variables] == [
        "num_samples:0", "squared_sum:0", "sum:0", "residual:0", "count:0"]


def test_config_reset_and_bad_arguments():
    assert tf.keras.metrics.F1Score().get_config() == {
        "name": "f1_score", "dtype": "float32", "average": None, "threshold": None}
    metric = tf.keras.metrics.F1Score()
    metric.update_state(Y_TRUE, Y_PRED)
    metric.reset_state()
    np.testing.assert_array_equal(metric.true_positives.numpy(), np.zeros(3, np.float32))
    with pytest.raises(ValueError, match="Invalid `average` argument value"):
        tf.keras.metrics.FBetaScore(average="x")
    with pytest.raises(ValueError, match="beta=1 of type"):
        tf.keras.metrics.FBetaScore(beta=1)
    with pytest.raises(ValueError, match="0 < threshold <= 1"):
        tf.keras.metrics.FBetaScore(threshold=2.0)
    with pytest.raises(ValueError, match="expects 2D inputs"):
        tf.keras.metrics.R2Score().update_state([1.0, 2.0], [1.0, 2.0])

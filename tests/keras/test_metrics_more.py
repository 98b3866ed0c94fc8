"""The metrics of ``tf.keras.metrics`` beyond the accuracies: values TF 2 gives for the same
inputs (recorded from TF 2.21, Keras 2), names as TF numbers them, use by name in compile."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook import keras

BINARY_TRUE = np.array([0, 1, 1, 0, 1])
BINARY_PRED = np.array([0.1, 0.8, 0.4, 0.6, 0.9], "float32")
ONE_HOT = np.array([[0, 0, 1], [0, 1, 0]])
SCORES = np.array([[0.1, 0.9, 0.8], [0.05, 0.95, 0]], "float32")


@pytest.mark.parametrize("make, y_true, y_pred, expected", [
    (lambda: keras.metrics.AUC(), BINARY_TRUE, BINARY_PRED, 0.83333),
    (lambda: keras.metrics.AUC(curve="PR"), BINARY_TRUE, BINARY_PRED, 0.90411),
    (lambda: keras.metrics.Precision(), BINARY_TRUE, BINARY_PRED, 0.66667),
    (lambda: keras.metrics.Recall(), BINARY_TRUE, BINARY_PRED, 0.66667),
    (lambda: keras.metrics.TruePositives(), BINARY_TRUE, BINARY_PRED, 2.0),
    (lambda: keras.metrics.FalseNegatives(), BINARY_TRUE, BINARY_PRED, 1.0),
    (lambda: keras.metrics.Precision(thresholds=[0.3, 0.7]), BINARY_TRUE, BINARY_PRED,
     [0.75, 1.0]),
    (lambda: keras.metrics.TopKCategoricalAccuracy(k=1), ONE_HOT, SCORES, 0.5),
    (lambda: keras.metrics.TopKCategoricalAccuracy(k=2), ONE_HOT, SCORES, 1.0),
    (lambda: keras.metrics.SparseTopKCategoricalAccuracy(k=1), [2, 1], SCORES, 0.5),
    (lambda: keras.metrics.RootMeanSquaredError(), ONE_HOT, SCORES, 0.37969),
    (lambda: keras.metrics.MeanAbsolutePercentageError(), ONE_HOT, SCORES, 174999984.0),
    (lambda: keras.metrics.CosineSimilarity(), ONE_HOT, SCORES, 0.83035),
    (lambda: keras.metrics.MeanSquaredLogarithmicError(), ONE_HOT, SCORES, 0.07253),
    (lambda: keras.metrics.KLDivergence(), ONE_HOT, SCORES, 0.13722),
    (lambda: keras.metrics.Hinge(), ONE_HOT, SCORES, 0.88333),
])
def test_metric_values_match_tf(make, y_true, y_pred, expected):
    metric = make()
    metric.update_state(y_true, y_pred)
    np.testing.assert_allclose(metric.result().numpy(), expected, rtol=1e-4)


def test_threshold_metrics_are_numbered_like_layers_and_usable_in_fit():
    keras.backend.clear_session()
    assert [keras.metrics.AUC().name, keras.metrics.AUC().name] == ["auc", "auc_1"]
    model = keras.Sequential([keras.layers.Dense(1, input_shape=(2,), activation="sigmoid")])
    model.compile("adam", "binary_crossentropy",
                  metrics=[keras.metrics.AUC(), "mape", keras.metrics.Precision(name="p")])
    history = model.fit(np.random.rand(8, 2), np.array([0, 1] * 4), verbose=0)
    assert sorted(history.history) == ["auc_2", "loss", "mape", "p"]


def test_confusion_metrics_count_with_sample_weights_and_reset():
    metric = keras.metrics.TruePositives()
    metric.update_state([1, 1, 0], [0.9, 0.8, 0.9], sample_weight=[2.0, 0.5, 1.0])
    assert float(metric.result()) == 2.5
    metric.reset_state()
    assert float(metric.result()) == 0.0


@pytest.mark.parametrize("make", [lambda: keras.metrics.AUC(num_thresholds=1),
                                  lambda: keras.metrics.AUC(curve="XY"),
                                  lambda: keras.metrics.Precision(thresholds=1.5)])
def test_bad_metric_arguments_raise_value_error(make):
    with pytest.raises(ValueError):
        make()


def test_metrics_update_inside_tf_function():
    metric = keras.metrics.AUC()

    @tf.function
    def step(y, p):
        metric.update_state(y, p)

    step(tf.constant(BINARY_TRUE), tf.constant(BINARY_PRED))
    np.testing.assert_allclose(float(metric.result()), 0.83333, rtol=1e-4)

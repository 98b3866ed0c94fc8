"""Metric names and arguments as TF 2.21's Keras gives them: Mean and Sum are named "mean"
and "sum" every time (their default name is given, not counted); the metrics compile makes
from names are made in the traced step's graph, whose names are counted afresh ("auc" even
after AUCs made eagerly), unless the model runs eagerly; two metrics of one name are TF's
ValueError; PrecisionAtRecall and its kin take TF's argument names (and their configs load
back). Expected values are TF 2.21's (tf_keras) for the same code."""

import numpy as np
import pytest

import eagerbook as tf

M = tf.keras.metrics
X = np.random.RandomState(0).rand(8, 3).astype("float32")
Y = (X.sum(1) > 1.5).astype("float32")


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()
    yield
    tf.keras.backend.clear_session()


def _history_keys(metrics, weighted_metrics=None, **compile_args):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation="sigmoid",
                                                       input_shape=(3,))])
    model.compile("sgd", "binary_crossentropy", metrics=metrics,
                  weighted_metrics=weighted_metrics, **compile_args)
    return sorted(model.fit(X, Y, epochs=1, verbose=0).history)


def test_mean_and_sum_keep_their_default_names():
    assert [M.Mean().name, M.Mean().name, M.Sum().name, M.Sum().name] == \
        ["mean", "mean", "sum", "sum"]
    assert [M.AUC().name, M.AUC().name] == ["auc", "auc_1"]  # (AUC's default is counted)


def test_metrics_given_by_name_are_named_in_the_step_s_graph():
    M.AUC(), M.get("AUC")
    assert _history_keys(["AUC"]) == ["auc", "loss"]
    assert _history_keys(["AUC"]) == ["auc", "loss"]
    assert _history_keys(["AUC", "AUC"]) == ["auc", "auc_1", "loss"]
    assert _history_keys([M.AUC()]) == ["auc_2", "loss"]  # made eagerly: the program's count
    assert _history_keys(["AUC"], run_eagerly=True) == ["auc_3", "loss"]


def test_two_metrics_of_one_name_are_refused():
    # raised while TF traces the train step: framed "in user code:" as TF frames it
    with pytest.raises(ValueError, match="^in user code:\n(.|\n)*\n    ValueError: Found two "
                                         "metrics with the same name: precision. All the "
                                         "metrics added to the model need to have unique "
                                         "names.\n$"):
        _history_keys(["Precision", M.Precision()])
    with pytest.raises(ValueError, match="same name: mae"):
        _history_keys(["mae", "mae"])
    assert _history_keys(["mae"], ["mae"]) == ["loss", "mae", "weighted_mae"]
    with pytest.raises(ValueError, match="\n    ValueError: Found two weighted metrics with "
                                         "the same name: weighted_mae.All the metrics"):
        _history_keys(["mae"], ["mae", "mae"])
    assert _history_keys(["accuracy", "acc"]) == ["acc", "accuracy", "loss"]


@pytest.mark.parametrize("cls, argument", [
    (M.PrecisionAtRecall, "recall"), (M.RecallAtPrecision, "precision"),
    (M.SensitivityAtSpecificity, "specificity"), (M.SpecificityAtSensitivity, "sensitivity")])
def test_rate_at_rate_metrics_take_tf_s_argument_names(cls, argument):
    metric = cls(**{argument: 0.5}, num_thresholds=3)
    config = metric.get_config()
    assert config[argument] == 0.5
    again = cls.from_config(config)
    assert again.get_config() == config

"""Configs of the confusion-matrix metrics as TF 2 gives them: thresholds as given (None for
the default), Precision/Recall with top_k and class_id, the at-constraint metrics in TF's key
order; AUC's thresholds listed as NumPy floats. (Compared with TF by hand.)"""

import numpy as np

import eagerbook as tf


def test_precision_and_recall_configs():
    assert tf.keras.metrics.Precision().get_config() == {
        "name": "precision", "dtype": "float32", "thresholds": None, "top_k": None,
        "class_id": None}
    config = tf.keras.metrics.Recall(thresholds=[0.2, 0.6], top_k=2).get_config()
    assert config["thresholds"] == [0.2, 0.6] and config["top_k"] == 2
    assert tf.keras.metrics.TruePositives().get_config()["thresholds"] is None
    assert tf.keras.metrics.FalseNegatives(thresholds=0.3).get_config()["thresholds"] == 0.3


def test_round_trip_keeps_the_default_threshold():
    metric = tf.keras.metrics.Precision.from_config(tf.keras.metrics.Precision().get_config())
    assert metric.thresholds == [0.5]


def test_at_constraint_config_order_and_auc_thresholds():
    config = tf.keras.metrics.PrecisionAtRecall(0.5, num_thresholds=3).get_config()
    assert list(config) == ["name", "dtype", "class_id", "num_thresholds", "recall"]
    auc = tf.keras.metrics.AUC(num_thresholds=3)
    assert all(type(t) is np.float64 for t in auc.thresholds)
    assert repr(auc.thresholds) == "[np.float64(-1e-07), np.float64(0.5), np.float64(1.0000001)]"

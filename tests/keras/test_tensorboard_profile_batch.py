"""TensorBoard(profile_batch=...) profiles those training batches with tf.profiler.experimental
(its trace under <log_dir>/plugins/profile/), and checks the argument with TF's error."""

import glob
import gzip
import json
import os

import numpy as np
import pytest

import eagerbook as tf

X = np.ones((32, 3), "float32")
Y = np.ones((32, 1), "float32")


def _fit(log_dir, profile_batch, epochs=2):
    model = tf.keras.Sequential([tf.keras.layers.Dense(4, input_shape=(3,)),
                                 tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    board = tf.keras.callbacks.TensorBoard(str(log_dir), profile_batch=profile_batch)
    model.fit(X, Y, batch_size=8, epochs=epochs, verbose=0, callbacks=[board])


def _traces(log_dir):
    return glob.glob(os.path.join(str(log_dir), "plugins", "profile", "*", "*.trace.json.gz"))


def _op_names(path):
    with gzip.open(path, "rt") as f:
        return [event["name"] for event in json.load(f)["traceEvents"]]


def test_a_range_of_batches_is_profiled_once(tmp_path):
    _fit(tmp_path, (2, 3))
    [trace] = _traces(tmp_path)
    one_batch = len(_op_names(trace)) // 2
    assert one_batch > 0
    # a single batch records half as many ops, across epochs the count goes on (batch 5)
    _fit(tmp_path / "single", 5)
    [single] = _traces(tmp_path / "single")
    assert len(_op_names(single)) == one_batch


def test_no_profile_by_default_and_for_zero(tmp_path):
    _fit(tmp_path, 0)
    assert _traces(tmp_path) == []
    assert tf.keras.callbacks.TensorBoard(str(tmp_path))._should_trace is False


def test_a_range_past_the_end_of_training_stops_with_it(tmp_path):
    _fit(tmp_path, (7, 100))  # 8 batches in all
    [trace] = _traces(tmp_path)
    assert _op_names(trace)
    tf.profiler.experimental.start(str(tmp_path / "after"))  # (the profiler was stopped)
    tf.profiler.experimental.stop(save=False)


def test_the_older_string_form():
    board = tf.keras.callbacks.TensorBoard("logs", profile_batch="2,4")
    assert (board._start_batch, board._stop_batch) == (2, 4)


@pytest.mark.parametrize("bad", [-1, (3, 2), (1, 2, 3), 1.5, "2"])
def test_tfs_error(bad):
    with pytest.raises(ValueError) as caught:
        tf.keras.callbacks.TensorBoard("logs", profile_batch=bad)
    assert str(caught.value) == (  # ("2" splits into a list of one: not a pair either)
        "profile_batch must be a non-negative integer or 2-tuple of positive integers. A pair "
        f"of positive integers signifies a range of batches to profile. Found: {bad}")

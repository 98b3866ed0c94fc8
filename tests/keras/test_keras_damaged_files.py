"""Damaged files on the Keras and checkpoint paths give the error kind TF 2.21 gives (found by
running the same damage under both), and a failed load changes nothing on disk."""

import os
import warnings

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _fresh_layer_names():
    yield
    tf.keras.backend.clear_session()


def _model():
    return tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])


def _cut(path, keep):
    raw = open(path, "rb").read()
    open(path, "wb").write(raw[:keep(len(raw))])
    return raw[:keep(len(raw))]


@pytest.mark.parametrize("name", ["m.keras", "m.h5"])
@pytest.mark.parametrize("keep", [lambda n: n // 2, lambda n: 0, lambda n: 100])
def test_truncated_single_file_model_is_oserror_and_left_alone(tmp_path, name, keep):
    path = str(tmp_path / name)
    _model().save(path)
    left = _cut(path, keep)
    with pytest.raises(OSError):  # TF: h5py cannot open it
        tf.keras.models.load_model(path)
    assert open(path, "rb").read() == left
    assert sorted(os.listdir(tmp_path)) == [name]  # nothing unpacked is left behind


def test_truncated_weights_file_is_oserror_and_weights_stay(tmp_path):
    model = _model()
    path = str(tmp_path / "w.h5")
    model.save_weights(path)
    before = [w.copy() for w in model.get_weights()]
    _cut(path, lambda n: 100)
    with pytest.raises(OSError):
        model.load_weights(path)
    for w, b in zip(model.get_weights(), before, strict=True):
        np.testing.assert_array_equal(w, b)


def test_unparsable_state_file_is_ignored_as_tf_does(tmp_path):
    v = tf.Variable([1.0, 2.0])
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=v), str(tmp_path), max_to_keep=2)
    first = manager.save()
    state = tmp_path / "checkpoint"
    state.write_text("garbage {{{")
    with pytest.warns(UserWarning, match="not a valid checkpoint state file"):
        assert tf.train.latest_checkpoint(str(tmp_path)) is None
    assert os.path.isfile(first + ".index")  # the checkpoint itself is untouched
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        again = tf.train.CheckpointManager(tf.train.Checkpoint(v=v), str(tmp_path),
                                           max_to_keep=2)
        assert again.latest_checkpoint is None
        second = again.save()
    assert tf.train.latest_checkpoint(str(tmp_path)) == second
    v.assign([0.0, 0.0])
    tf.train.Checkpoint(v=v).restore(first).assert_consumed()  # still readable
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])

"""tf.compat.v1.train's monitored sessions and hooks, as TF 2.21 runs them (the values and
files below are TF's): a hook's fetches and stop requests, StopAtStepHook, FinalOpsHook,
CheckpointSaverHook through MonitoredTrainingSession (saving and restoring), NanTensorHook,
an input pipeline running out, and the argument errors."""

import os

import numpy as np
import pytest

import eagerbook as tf

tf1 = tf.compat.v1


class _Recorder(tf1.train.SessionRunHook):
    def __init__(self, loss):
        self.loss, self.calls = loss, []

    def begin(self):
        self.calls.append("begin")

    def after_create_session(self, session, coord):
        self.calls.append(("created", int(session.run(tf1.train.get_global_step()))))

    def before_run(self, run_context):
        return tf1.train.SessionRunArgs({"loss": self.loss})

    def after_run(self, run_context, run_values):
        self.calls.append(round(float(run_values.results["loss"]), 4))

    def end(self, session):
        self.calls.append(("end", int(session.run(tf1.train.get_global_step()))))


def _linear_fit():
    x = tf.constant([[1.], [2.], [3.]])
    y = tf.constant([[2.], [4.], [6.]])
    w = tf1.get_variable("w", [1, 1], initializer=tf1.zeros_initializer())
    loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))
    step = tf1.train.get_or_create_global_step()
    train = tf1.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=step)
    return w, loss, train


def test_monitored_training_session_runs_hooks_and_saves_checkpoints(tmp_path):
    graph = tf.Graph()
    with graph.as_default():
        w, loss, train = _linear_fit()
        recorder, final = _Recorder(loss), tf1.train.FinalOpsHook(w)
        with tf1.train.MonitoredTrainingSession(
                checkpoint_dir=str(tmp_path), save_checkpoint_steps=2,
                hooks=[recorder, tf1.train.StopAtStepHook(last_step=5), final]) as sess:
            assert graph.finalized
            runs = 0
            while not sess.should_stop():
                assert sess.run(train) is None
                runs += 1
        assert not graph.finalized  # (writable again once the session is closed)
    assert runs == 5
    assert recorder.calls == ["begin", ("created", 0), 18.6667, 0.083, 0.0004, 0.0, 0.0,
                              ("end", 5)]
    np.testing.assert_allclose(final.final_ops_values, [[1.9999974]], rtol=1e-6)
    assert sorted(os.listdir(tmp_path)) == [
        "checkpoint", "graph.pbtxt", *(f"model.ckpt-{step}.{part}" for step in (0, 2, 4, 5)
                                       for part in ("data-00000-of-00001", "index"))]
    with tf.Graph().as_default():  # a new session restores the newest checkpoint
        w = tf1.get_variable("w", [1, 1], initializer=tf1.zeros_initializer())
        step = tf1.train.get_or_create_global_step()
        with tf1.train.MonitoredTrainingSession(checkpoint_dir=str(tmp_path)) as sess:
            value, restored_step = sess.run([w, step])
    np.testing.assert_allclose(value, [[1.9999974]], rtol=1e-6)
    assert restored_step == 5


def test_an_input_pipeline_running_out_ends_the_session_quietly():
    with tf.Graph().as_default():
        element = tf1.data.make_one_shot_iterator(tf.data.Dataset.range(3)).get_next()
        final = tf1.train.FinalOpsHook(tf.constant(7))
        seen = []
        with tf1.train.SingularMonitoredSession(hooks=[final]) as sess:
            while not sess.should_stop():
                seen.append(int(sess.run(element)))
    assert seen == [0, 1, 2]
    assert final.final_ops_values == 7  # the hooks' end ran


def test_nan_tensor_hook():
    with tf.Graph().as_default():
        v = tf1.get_variable("v", [], initializer=tf1.zeros_initializer())
        nan = tf.constant(float("nan"))
        with pytest.raises(tf1.train.NanLossDuringTrainingError,
                           match="^NaN loss during training.$"):
            with tf1.train.MonitoredSession(hooks=[tf1.train.NanTensorHook(nan)]) as sess:
                sess.run(v)
        with tf1.train.MonitoredSession(
                hooks=[tf1.train.NanTensorHook(nan, fail_on_nan_loss=False)]) as sess:
            sess.run(v)
            assert sess.should_stop()
            with pytest.raises(RuntimeError,
                               match="^Run called even after should_stop requested.$"):
                sess.run(v)


def test_hook_feeds_may_not_collide():
    class Feeder(tf1.train.SessionRunHook):
        def before_run(self, run_context):
            return tf1.train.SessionRunArgs(None, feed_dict={x: 3.0})

    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [])
        doubled = x * 2
        with tf1.train.MonitoredSession(hooks=[Feeder()]) as sess:
            assert sess.run(doubled) == 6.0
            with pytest.raises(RuntimeError, match="^Same tensor is fed by a SessionRunHook "
                                                   "and user. Conflict"):
                sess.run(x, feed_dict={x: 1.0})


@pytest.mark.parametrize("make, message", [
    (lambda: tf1.train.StopAtStepHook(), "One of num_steps or last_step must be specified."),
    (lambda: tf1.train.StopAtStepHook(1, 2),
     "Only one of num_steps or last_step can be specified."),
    (lambda: tf1.train.LoggingTensorHook(["a"]), "either at_end and/or exactly one of "
     "every_n_iter and every_n_secs must be provided."),
    (lambda: tf1.train.SecondOrStepTimer(), "Either every_secs or every_steps should be "
     "provided."),
])
def test_argument_errors(make, message):
    with pytest.raises(ValueError, match=f"^{message}$"):
        make()


def test_stop_at_step_hook_needs_a_global_step():
    with tf.Graph().as_default():
        with pytest.raises(RuntimeError, match="^Global step should be created to use "
                                               "StopAtStepHook.$"):
            tf1.train.MonitoredSession(hooks=[tf1.train.StopAtStepHook(num_steps=1)])

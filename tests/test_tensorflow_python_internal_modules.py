"""The internal modules TF 2.0-era notebooks import by TF's private path
(``tensorflow.python.ops.summary_ops_v2`` in the TF 2.0 "train and save" overview,
``tensorflow.python.ops.control_flow_util`` in the alpha AutoGraph guide), with TF 2.21's
behaviour: the legacy summaries write only under a ``record_if`` condition, and without a
default writer they return None (TF's eager no_op)."""

import glob
import os

import eagerbook as tf
from eagerbook.python.ops import control_flow_util, summary_ops_v2


def _tags(logdir):
    (path,) = glob.glob(os.path.join(logdir, "events.out.tfevents.*"))
    return [(e.step, v.tag) for e in tf.compat.v1.train.summary_iterator(path)
            for v in e.summary.value]


def test_the_control_flow_v2_switch_is_on():
    assert control_flow_util.ENABLE_CONTROL_FLOW_V2 is True
    control_flow_util.ENABLE_CONTROL_FLOW_V2 = True  # what the guide does: harmless
    control_flow_util.enable_control_flow_v2()
    assert control_flow_util.ENABLE_CONTROL_FLOW_V2 is True


def test_legacy_scalars_write_only_under_a_recording_condition(tmp_path):
    writer = summary_ops_v2.create_file_writer(str(tmp_path), flush_millis=10000, name="test")
    step = tf.Variable(3, dtype=tf.int64)
    with writer.as_default():
        assert not bool(summary_ops_v2.scalar("skipped", 1.0, step=step))
        assert not summary_ops_v2.is_recording_summaries()
        with summary_ops_v2.always_record_summaries():
            assert summary_ops_v2.is_recording_summaries()
            assert bool(summary_ops_v2.scalar("loss", 0.5, step=step))
            assert bool(summary_ops_v2.scalar("acc", 0.9, family="eval", step=step))
        with summary_ops_v2.never_record_summaries():
            assert not bool(summary_ops_v2.scalar("never", 1.0, step=step))
        tf.summary.scalar("v2_writes_without_a_condition", 2.0, step=4)
    writer.flush()
    assert _tags(str(tmp_path)) == [(3, "loss"), (3, "eval/acc"),
                                    (4, "v2_writes_without_a_condition")]


def test_without_a_default_writer_legacy_summaries_return_none():
    assert summary_ops_v2.scalar("loss", 1.0, step=1) is None
    with summary_ops_v2.always_record_summaries():
        assert summary_ops_v2.histogram("h", [1.0, 2.0], step=1) is None


def test_a_none_logdir_gives_a_writer_that_writes_nothing():
    writer = summary_ops_v2.create_file_writer(None)
    with writer.as_default(), summary_ops_v2.always_record_summaries():
        assert not bool(summary_ops_v2.scalar("loss", 1.0, step=1))
    assert summary_ops_v2.create_file_writer_v2 is tf.summary.create_file_writer

"""tf.profiler.experimental: start/stop/Profile/Trace record eager ops and named ranges."""

import gzip
import json
import threading

import pytest

import eagerbook as tf

P = tf.profiler.experimental


def _trace_files(logdir):
    return sorted(logdir.glob("plugins/profile/*/*.trace.json.gz"))


def _events(logdir):
    (path,) = _trace_files(logdir)
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)["traceEvents"]


def test_ops_and_trace_ranges_are_recorded_with_kernel_times_and_source(tmp_path):
    x = tf.ones([3, 3])
    P.start(str(tmp_path))
    for step in range(2):
        with P.Trace("train", step_num=tf.constant(step), _r=1):
            y = tf.matmul(x, x) + 1.0
    P.stop()
    events = _events(tmp_path)
    names = [e["name"] for e in events]
    assert names == ["MatMul", "AddV2", "train"] * 2  # (TF's op for two matrices: MatMul)
    matmul = events[0]
    assert matmul["args"]["inputs"] == ["float32[3, 3]", "float32[3, 3]"]
    assert matmul["args"]["source"].endswith("test_api_profiler.py:" + str(
        test_ops_and_trace_ranges_are_recorded_with_kernel_times_and_source.__code__
        .co_firstlineno + 5))
    ranges = [e for e in events if e["name"] == "train"]
    assert [r["args"]["step_num"] for r in ranges] == [0, 1]
    for r in ranges:  # each range encloses the ops run inside it
        inside = [e for e in events if e["name"] in ("MatMul", "AddV2")
                  and r["ts"] <= e["ts"] and e["ts"] + e["dur"] <= r["ts"] + r["dur"] + 1]
        assert len(inside) == 2
    assert y.shape == (3, 3)


def test_one_profiler_at_a_time_with_tfs_errors(tmp_path):
    with pytest.raises(tf.errors.UnavailableError,
                       match="^Cannot export profiling results. No profiler is running.$"):
        P.stop()
    P.start(str(tmp_path))
    with pytest.raises(tf.errors.AlreadyExistsError, match="^Another profiler is running.$"):
        P.start(str(tmp_path))
    P.stop(save=False)
    assert _trace_files(tmp_path) == []  # save=False writes nothing
    with pytest.raises(tf.errors.UnavailableError):
        P.stop()


def test_profile_block_and_options(tmp_path):
    options = P.ProfilerOptions(host_tracer_level=3, python_tracer_level=1)
    assert options == (3, 1, 1, None) and options.delay_ms is None
    ones = tf.ones([4])
    with P.Profile(str(tmp_path), options=options):
        tf.reduce_sum(ones)
    assert [e["name"] for e in _events(tmp_path)] == ["Sum"]
    with P.Profile(str(tmp_path / "again")):
        pass
    assert _events(tmp_path / "again") == []


def test_outside_a_run_trace_records_nothing_and_ops_are_not_watched(tmp_path):
    with P.Trace("idle", step_num=1) as trace:
        trace.set_metadata(note="nothing recorded")
        tf.ones([2]) * 2.0
    P.start(str(tmp_path))
    with P.Trace("step") as trace:
        trace.set_metadata(batch=7)
    P.stop()
    assert [(e["name"], e["args"]) for e in _events(tmp_path)] == [("step", {"batch": 7})]


def test_stop_from_another_thread_ends_the_run(tmp_path):
    ones = tf.ones([2])
    P.start(str(tmp_path))
    ones + 1.0
    done = threading.Thread(target=P.stop)
    done.start()
    done.join()
    ones * 3.0  # no longer recorded (and the run's observer leaves this thread)
    assert [e["name"] for e in _events(tmp_path)] == ["AddV2"]
    P.start(str(tmp_path / "next"))  # and a new run can begin
    P.stop(save=False)

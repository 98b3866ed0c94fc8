"""tf.function's tracing behaviour as TF 2 shows it: retracing warnings at TF's rate, the trace
cache's lifetime rules, concurrent first calls tracing once."""

import gc
import logging
import sys
import threading

import numpy as np

import eagerbook as tf


def _retrace_warnings(caplog):
    return [r.getMessage() for r in caplog.records
            if "triggered tf.function retracing" in r.getMessage()]


def test_retracing_warns_twice_at_most_per_python_function(caplog):
    @tf.function
    def f(x):
        return x + 1

    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        for n in range(1, 60):
            f(tf.zeros([n]))  # a new shape on every call: every call traces
    warnings = _retrace_warnings(caplog)
    assert len(warnings) == 2  # TF: at most two warnings per Python function
    assert warnings[0].startswith("5 out of the last 5 calls to <function ")
    assert warnings[1].startswith("6 out of the last 6 calls to ")


def test_no_warning_when_retraces_are_rare(caplog):
    @tf.function
    def f(x):
        return x * 2

    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        for n in range(1, 8):
            for _ in range(10):  # each new shape followed by 9 calls that reuse its trace
                f(tf.zeros([n]))
    assert _retrace_warnings(caplog) == []
    assert f.experimental_get_tracing_count() == 7


def test_function_recreated_in_a_loop_is_detected(caplog):
    def body(x):
        return x - 1

    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        for _ in range(8):
            tf.function(body)(tf.constant(1.0))  # a new Function each time: each traces
    assert len(_retrace_warnings(caplog)) >= 1


def test_cache_entries_keyed_by_objects_die_with_them():
    class Config:
        pass

    @tf.function
    def f(x, config):
        return x + 1

    for _ in range(5):
        f(tf.constant(1.0), Config())  # compared by identity: a trace per object
        gc.collect()
    # Traces for objects that died are dropped when the next trace is added (TF keeps
    # entries only while their objects live).
    assert len(f.list_concrete_functions()) <= 2


def test_concurrent_first_calls_trace_once():
    calls = []

    @tf.function
    def f(x):
        calls.append(1)  # Python side effect: runs once per trace
        return x * 2.0 + 1.0

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    results, errors = [None] * 8, []
    barrier = threading.Barrier(8)

    def run(i):
        try:
            barrier.wait()
            results[i] = f(tf.constant([float(i)])).numpy()
        except Exception as exc:  # reported below
            errors.append(exc)

    try:
        threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert errors == []
    assert len(calls) == 1 and f.experimental_get_tracing_count() == 1
    for i, r in enumerate(results):
        np.testing.assert_allclose(r, [2.0 * i + 1.0])


def _in_threads(n, target):
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    errors = []
    barrier = threading.Barrier(n)

    def run(i):
        try:
            barrier.wait()
            target(i)
        except Exception as exc:  # collected and reported by the test
            errors.append(exc)

    try:
        threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    return errors


def test_threads_trace_different_functions_while_others_run_eagerly():
    results = {}

    def work(i):
        if i % 2:  # tracing threads: a new function each, with control flow
            @tf.function
            def f(x):
                total = tf.constant(0.0)
                for k in tf.range(3):
                    total += x * tf.cast(k, tf.float32)
                return total
            results[i] = float(f(tf.constant(float(i))))
        else:  # eager threads: their ops must stay eager (never symbolic)
            x = tf.constant(float(i))
            results[i] = float((x * 3.0).numpy())

    assert _in_threads(8, work) == []
    for i in range(8):
        assert results[i] == (3.0 * i)


def test_method_functions_bind_once_per_instance_across_threads():
    class Model:
        @tf.function
        def call(self, x):
            return x + 1.0

    model = Model()
    bound = []
    assert _in_threads(6, lambda i: bound.append(model.call)) == []
    assert len({id(b) for b in bound}) == 1


def test_v1_default_graphs_are_per_thread():
    seen = {}

    def work(i):
        g = tf.compat.v1.Graph()
        with g.as_default():
            tf.compat.v1.placeholder(tf.float32, shape=[None], name=f"x{i}")
            seen[i] = tf.compat.v1.get_default_graph() is g

    assert _in_threads(4, work) == []
    assert all(seen.values()) and len(seen) == 4

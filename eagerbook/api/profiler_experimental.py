"""``tf.profiler.experimental``: record which ops ran, for how long, inside named ranges.

Between ``start(logdir)`` and ``stop()`` every eager op run by the thread that called ``start``
is recorded with its kernel time and the line of your code that ran it, and every ``Trace``
block (``with tf.profiler.experimental.Trace("train", step_num=step):``) becomes a named range
around the ops inside it. ``stop()`` writes them to
``logdir/plugins/profile/<YYYY_MM_DD_HH_MM_SS>/<host>.trace.json.gz``: gzip'd JSON in the
trace-event format (``{"traceEvents": [{"name": "MatMul", "ph": "X", "ts": ..., "dur": ...,
"args": {...}}, ...]}``, times in microseconds), which ``gzip.open`` and ``json.load`` read back.

Where this differs from TF: TF's profiler traces every thread and the C++ runtime and writes an
``.xplane.pb`` protobuf for TensorBoard's profile tab; eagerbook has no C++ runtime, records the
eager ops of one thread (the ops inside a compiled ``tf.function`` run as one NumPy program and
show as the time of the ``Trace`` range around the call), and writes only the JSON trace.
``tf.profiler.experimental.server`` and ``client`` (remote profiling over gRPC) do not exist here.
"""

import collections
import contextlib
import gzip
import json
import os
import socket
import threading
import time

from ..core import context, errors

ProfilerOptions = collections.namedtuple(
    "ProfilerOptions", ["host_tracer_level", "python_tracer_level", "device_tracer_level",
                        "delay_ms"])
ProfilerOptions.__new__.__defaults__ = (2, 0, 1, None)  # TF's defaults


class _Session:
    """One profiling run: where it writes, when it began, and the events recorded so far."""

    def __init__(self, logdir, options):
        self.logdir, self.options = logdir, options
        self.began = time.perf_counter()
        self.thread = threading.get_ident()
        self.events = []
        self.recording = True
        # an observer of this thread's ops: the dispatcher times each kernel for it
        self._observing = contextlib.ExitStack()
        self._observing.enter_context(context.observe(self.record, include_variable_reads=False))

    def microseconds(self, seconds):
        return round((seconds - self.began) * 1e6, 3)

    def record(self, event):
        """An op that ran (a ``context.OpEvent``), as a complete event ending now."""
        if not self.recording:  # stopped from another thread: leave this thread's recorders
            self._observing.close()
            return
        self.events.append({
            "name": event.name, "ph": "X", "pid": 1, "tid": self.thread,
            "ts": self.microseconds(time.perf_counter() - event.seconds),
            "dur": round(event.seconds * 1e6, 3),
            "args": {"inputs": [_described(t) for t in event.inputs],
                     "source": f"{event.filename}:{event.lineno}" if event.filename else ""}})

    def close(self):
        self.recording = False
        if threading.get_ident() == self.thread:  # (another thread cannot reach this one's
            self._observing.close()  # recorders: the observer leaves at this thread's next op)

    def write(self):
        stamp = time.strftime("%Y_%m_%d_%H_%M_%S")
        run_dir = os.path.join(self.logdir, "plugins", "profile", stamp)
        os.makedirs(run_dir, exist_ok=True)
        path = os.path.join(run_dir, f"{socket.gethostname()}.trace.json.gz")
        trace = {"displayTimeUnit": "ms", "traceEvents": self.events,
                 "metadata": {"options": self.options._asdict()}}
        partial = path + ".partial"  # written whole, then renamed: no half-written trace
        with gzip.open(partial, "wt", encoding="utf-8") as f:
            json.dump(trace, f)
        os.replace(partial, path)
        return path


def _described(tensor):
    dtype, shape = getattr(tensor, "dtype", None), getattr(tensor, "shape", None)
    return f"{getattr(dtype, 'name', dtype)}{list(shape) if shape is not None else ''}"


_lock = threading.Lock()
_running = None  # the _Session of the profiler that was started, if one was


def start(logdir, options=None):
    """Starts recording ops (of this thread) and ``Trace`` ranges; ``stop()`` writes them under
    `logdir`. Only one profiler runs at a time, as in TF."""
    global _running
    with _lock:
        if _running is not None:
            raise errors.AlreadyExistsError(None, None, "Another profiler is running.")
        _running = _Session(os.fspath(logdir), options or ProfilerOptions())


def stop(save=True):
    """Stops the profiler and (unless ``save=False``) writes what it recorded."""
    global _running
    with _lock:
        session, _running = _running, None
    if session is None:
        raise errors.UnavailableError(
            None, None, "Cannot export profiling results. No profiler is running.")
    session.close()
    if save:
        session.write()


class Profile:
    """``with tf.profiler.experimental.Profile(logdir):`` -- ``start`` on entry, ``stop`` on
    exit."""

    def __init__(self, logdir, options=None):
        self._logdir, self._options = logdir, options

    def __enter__(self):
        start(self._logdir, self._options)
        return self

    def __exit__(self, *exc):
        stop()
        return False


class Trace:
    """A named range in the profile: ``with Trace("train", step_num=step): ...``. The keyword
    arguments are kept as the range's metadata (TF's trace viewer shows ``step_num`` as the
    step). Outside a profiling run it records nothing and costs next to nothing."""

    def __init__(self, name, **kwargs):
        self._session = _running
        self._event = None
        if self._session is not None:
            self._event = {"name": name, "ph": "X", "pid": 1, "tid": self._session.thread,
                           "args": {k: _json_value(v) for k, v in kwargs.items()}}

    def set_metadata(self, **kwargs):
        """Adds metadata to the range (while it is open, as TF's)."""
        if self._event is not None:
            self._event["args"].update({k: _json_value(v) for k, v in kwargs.items()})

    def __enter__(self):
        if self._event is not None:
            self._started = time.perf_counter()
        return self

    def __exit__(self, *exc):
        if self._event is not None:
            ended = time.perf_counter()
            self._event["ts"] = self._session.microseconds(self._started)
            self._event["dur"] = round((ended - self._started) * 1e6, 3)
            self._session.events.append(self._event)
        return False


def _json_value(value):
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    numpy = getattr(value, "numpy", None)  # a scalar tensor as the step number
    return _json_value(numpy().item()) if callable(numpy) else str(value)

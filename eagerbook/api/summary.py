"""``tf.summary``: scalars, histograms, images and text for TensorBoard (``ops/summary_ops.py``),
and the graphs of functions (``graph``, ``trace_on``/``trace_export``).

``trace_on()`` collects the graph of every ``tf.function`` traced until ``trace_export`` (or
``trace_off``); ``trace_export`` writes them to the default writer as graph events, which
TensorBoard's Graphs dashboard draws. (TF also collects functions traced before
``trace_on`` when they run, and writes them as run metadata: here a function must be traced
while tracing is on, as on its first call.)
"""

import logging
import threading

from ..core import logs
from ..core.context import _per_thread
from ..core.tensor import convert_to_tensor
from ..graph.function import trace_listeners
from ..ops import event_files
from ..ops.summary_ops import (
    SummaryWriter,
    audio,
    create_file_writer,
    create_noop_writer,
    default_writer,
    flush,
    histogram,
    image,
    record_if,
    resolve_step,
    scalar,
    should_record_summaries,
    text,
    write,
)
from . import summary_experimental as experimental

_logger = logs.logger
_trace = {"graphs": None}  # the graphs traced since trace_on, or None when not tracing
_trace_lock = threading.Lock()


def graph(graph_data):
    """Writes a graph (a ``tf.Graph`` or its GraphDef) to the default writer; False (a bool
    tensor) without one."""
    writer = default_writer()
    if writer is None:
        return convert_to_tensor(False)
    graph_def = graph_data.as_graph_def() if hasattr(graph_data, "as_graph_def") else graph_data
    writer._write_graph(event_files.encode_graph_def(graph_def))
    return convert_to_tensor(True)


def _collect(function, concrete):
    with _trace_lock:
        if _trace["graphs"] is not None:
            _trace["graphs"].append(concrete.graph)


def trace_on(graph=True, profiler=False, profiler_outdir=None):
    """Starts collecting the graphs of the functions traced from now on (`profiler` is not
    available here: nothing is profiled)."""
    if _per_thread.state.graph is not None:
        _logger.warning("Cannot enable trace inside a tf.function.")
        return
    with _trace_lock:
        if _trace["graphs"] is not None:
            _logger.warning("Trace already enabled")
            return
        _trace["graphs"] = []
        trace_listeners.append(_collect)


def trace_export(name, step=None, profiler_outdir=None):
    """Writes the graphs collected since ``trace_on`` to the default writer, then stops."""
    if _per_thread.state.graph is not None:
        _logger.warning("Cannot export trace inside a tf.function.")
        return
    with _trace_lock:
        graphs = _trace["graphs"]
    if graphs is None:
        raise ValueError("Must enable trace before export through tf.summary.trace_on.")
    writer = default_writer()
    if writer is not None:
        step = int(resolve_step(step))
        for traced in graphs:
            writer._write_graph(event_files.encode_graph_def(traced.as_graph_def()), step)
    trace_off()


def trace_off():
    """Stops collecting graphs (what was collected is dropped)."""
    with _trace_lock:
        if _trace["graphs"] is None:
            return
        _trace["graphs"] = None
        if _collect in trace_listeners:
            trace_listeners.remove(_collect)


__all__ = ["SummaryWriter", "audio", "create_file_writer", "create_noop_writer", "experimental",
           "flush", "graph", "histogram", "image", "record_if", "scalar",
           "should_record_summaries", "text", "trace_export", "trace_off", "trace_on", "write"]

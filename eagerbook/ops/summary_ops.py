"""``tf.summary``: values written to TensorBoard event files, as TF 2 writes them.

A writer (``tf.summary.create_file_writer(logdir)``) owns one event file
(``ops/event_files.py``). Inside ``with writer.as_default():`` each summary function turns its
data into the tensor a TensorBoard dashboard reads, and the stateful op ``WriteSummary``
appends it to the file, tagged with the name scope and the summary's name, at a step: the
`step` argument, else ``tf.summary.experimental.set_step``'s (often ``optimizer.iterations``).

===============  ==============================  ===========================================
function         tensor written                  dashboard (plugin name)
===============  ==============================  ===========================================
``scalar``       the value as float32            ``scalars``
``histogram``    [buckets, 3] float64 rows:      ``histograms``
                 left edge, right edge, count
``image``        [2 + k] strings: width, height  ``images``
                 and k PNG files
``text``         the strings                     ``text``
``write``        the tensor as given             the one its `metadata` names
===============  ==============================  ===========================================

Without a default writer nothing is written and the function returns ``False`` (a bool
tensor); under ``record_if(False)`` the op still runs, writes nothing and returns ``False``.
The writer, the step and the condition belong to the thread that sets them, as in TF.

Inside ``tf.function`` the write is one op of the graph: it runs each time the function runs,
reading the step (a Variable is read when the op runs, not when it is traced).
"""

import contextlib
import threading

import numpy as np

from ..core import dtypes
from ..core.context import name_scope, scoped_name
from ..core.tensor import Tensor, convert_to_tensor
from . import audio_ops, event_files, image_ops, math_ops, png_ops
from .example_ops import tensor_proto_bytes
from .registry import execute, invalid_argument, register

DEFAULT_BUCKET_COUNT = 30  # TensorBoard's histogram default
_PLUGIN = {"scalar": "scalars", "histogram": "histograms", "image": "images", "text": "text",
           "audio": "audio"}


# --- the writers ---------------------------------------------------------------------------------
class SummaryWriter:
    """What ``tf.summary.create_file_writer`` returns: becomes the thread's default writer with
    ``as_default()`` (a context) or ``set_as_default()``."""

    def set_as_default(self, step=None):
        """Makes this the default writer of this thread (and `step`, if given, the step)."""
        self._check_open()
        _THREAD.writer = self
        if step is not None:
            _THREAD.step = step

    @contextlib.contextmanager
    def as_default(self, step=None):
        """Within the context, summaries go to this writer (at `step`, if given)."""
        self._check_open()
        state = _THREAD
        saved = state.writer, state.step
        state.writer = self
        if step is not None:  # (the step is restored only if given here, as in TF)
            state.step = step
        try:
            yield self
        finally:
            self.flush()
            state.writer = saved[0]
            if step is not None:
                state.step = saved[1]

    def init(self):
        """Nothing to do: the file is opened when the writer is made (TF 2's eager writers)."""

    def flush(self):
        """Events are written as they come (nothing is held back), so there is nothing to do."""

    def close(self):
        """Closes the file; the writer cannot become the default again."""

    def _check_open(self):
        pass


class _ResourceSummaryWriter(SummaryWriter):
    """A writer of one event file (TF's class name, which `type(writer)` shows)."""

    def __init__(self, logdir, filename_suffix=None):
        self.logdir = str(logdir)
        self._events = event_files.EventFileWriter(self.logdir, filename_suffix or ".v2")

    def close(self):
        self._events.close()

    def _check_open(self):
        if self._events._file is None:
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")

    def _write(self, value, step):
        if self._events._file is not None:  # (a closed writer drops what it is given)
            self._events.add_values([value], step)

    def _write_graph(self, graph_def, step=0):
        if self._events._file is not None:
            self._events.add_graph(graph_def, step)


class _NoopSummaryWriter(SummaryWriter):
    """``tf.summary.create_noop_writer()``: a default writer that writes nothing."""

    def _write(self, value, step):
        pass

    def _write_graph(self, graph_def, step=0):
        pass


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None,
                       name=None, experimental_trackable=False, experimental_mesh=None):
    """A writer of one new event file in `logdir` (made, with its parents, if missing).
    (`max_queue` and `flush_millis` tune TF's buffering; every event is written at once here.)"""
    if logdir is None:
        raise ValueError("logdir cannot be None")
    return _ResourceSummaryWriter(logdir, filename_suffix)


def create_noop_writer():
    return _NoopSummaryWriter()


# --- the thread's default writer, step and condition ---------------------------------------------
class _SummaryState(threading.local):
    writer = None
    step = None
    condition = None  # record_if's: a bool, a callable or a bool tensor (None: no record_if,
    #                   where tf.summary writes; TF 2.0's legacy summaries do not)


_THREAD = _SummaryState()


def default_writer():
    """The thread's default writer (None outside ``as_default``/``set_as_default``)."""
    return _THREAD.writer


def resolve_step(step):
    """`step`, else the thread's step; TF's error if neither is set."""
    if step is None:
        step = _THREAD.step
        if step is None:
            raise ValueError("No step set. Please specify one either through the `step` "
                             "argument or through tf.summary.experimental.set_step()")
    return step


@contextlib.contextmanager
def summary_scope(name, default_name=None, values=None):
    """``tf.summary.experimental.summary_scope``: yields (tag, scope) for a summary called
    `name` (or `default_name`): the tag is `name` under the current name scopes, and the
    block runs inside ``tf.name_scope(name)``."""
    name = name or default_name
    tag = scoped_name(name)
    with name_scope(name) as scope:
        yield tag, scope


def get_step():
    """``tf.summary.experimental.get_step()``: the step set for this thread (or None)."""
    return _THREAD.step


def set_step(step):
    """``tf.summary.experimental.set_step``: the step of summaries written without one (a
    Variable is read at each write)."""
    _THREAD.step = step


@contextlib.contextmanager
def record_if(condition):
    """Within the context, summaries are written only where `condition` (a bool, a bool
    tensor, or a callable returning one) holds."""
    state = _THREAD
    saved = state.condition
    state.condition = condition
    try:
        yield
    finally:
        state.condition = saved


def _condition():
    condition = _THREAD.condition
    if condition is None:
        return True
    return condition() if callable(condition) else condition


def recording_condition():
    """The condition of the ``record_if`` in force, evaluated; None where none is (there
    ``tf.summary`` writes and the TF 2.0 preview's summaries, ``summary_ops_v2``, do not)."""
    return None if _THREAD.condition is None else _condition()


def should_record_summaries():
    """True (a bool tensor) where summaries would be written now: a default writer exists and
    the `record_if` condition holds."""
    if _THREAD.writer is None:
        return convert_to_tensor(False)
    condition = _condition()
    if isinstance(condition, Tensor):
        return math_ops.cast(condition, dtypes.bool)
    return convert_to_tensor(bool(condition))


def flush(writer=None, name=None):
    """Flushes `writer` (the default writer if None); every event is already on disk."""
    writer = writer if writer is not None else _THREAD.writer
    if writer is not None:
        writer.flush()


# --- the summaries -------------------------------------------------------------------------------
def scalar(name, data, step=None, description=None):
    """Writes one number (cast to float32): a point of a curve on the Scalars dashboard."""
    if _THREAD.writer is None:
        return convert_to_tensor(False)
    data = convert_to_tensor(data)
    if data.shape.rank not in (0, None):
        raise ValueError(f"Expected scalar shape, saw shape: {tuple(data.shape.as_list())}.")
    return _write("scalar", name, math_ops.cast(data, dtypes.float32), step, description)


def histogram(name, data, step=None, buckets=None, description=None):
    """Writes the distribution of `data`'s values as `buckets` (30) equal-width buckets."""
    if _THREAD.writer is None:
        return convert_to_tensor(False)
    data = math_ops.cast(convert_to_tensor(data), dtypes.float64)
    count = DEFAULT_BUCKET_COUNT if buckets is None else int(buckets)
    return _write("histogram", name, data, step, description, buckets=count)


def image(name, data, step=None, max_outputs=3, description=None):
    """Writes up to `max_outputs` images of a [k, height, width, channels] batch as PNGs
    (floats are taken as 0..1 and clipped, integers scaled to 8 bits)."""
    if _THREAD.writer is None:
        return convert_to_tensor(False)
    data = convert_to_tensor(data)
    if data.shape.rank not in (4, None):
        raise ValueError(f"Tensor  must have rank 4.  Received rank {data.shape.rank}, shape "
                         f"{tuple(data.shape.as_list())}")
    channels = data.shape[-1] if data.shape.rank == 4 else None
    if channels is not None and not 1 <= channels <= 4:
        raise invalid_argument("EncodePng", f"image must have 1, 2, 3, or 4 channels, got "
                                            f"{channels}")
    pixels = image_ops.convert_image_dtype(data, dtypes.uint8, saturate=True)
    return _write("image", name, pixels, step, description, max_outputs=int(max_outputs))


def audio(name, data, sample_rate, step=None, max_outputs=3, encoding=None, description=None):
    """Writes up to `max_outputs` clips of a [k, samples, channels] batch of floats in [-1, 1]
    as 16-bit WAV files, played on the Audio dashboard."""
    if _THREAD.writer is None:
        return convert_to_tensor(False)
    if encoding not in (None, "wav"):
        raise ValueError(f"Unknown encoding: {encoding!r}")
    data = math_ops.cast(convert_to_tensor(data), dtypes.float32)
    if data.shape.rank not in (3, None):
        raise ValueError(f"Shapes must be equal rank, but are {data.shape.rank} and 3")
    # (the rate is an attribute of the writing op: a Python number or an eager tensor)
    return _write("audio", name, data, step, description, max_outputs=int(max_outputs),
                  sample_rate=int(sample_rate))


def text(name, data, step=None, description=None):
    """Writes strings (markdown, shown on the Text dashboard)."""
    if _THREAD.writer is None:
        return convert_to_tensor(False)
    return _write("text", name, convert_to_tensor(data, dtype=dtypes.string), step, description)


def write(tag, tensor, step=None, metadata=None, name=None):
    """Writes `tensor` as it is under `tag` (no name scope added); `metadata` is a serialized
    SummaryMetadata (bytes) or None."""
    if _THREAD.writer is None:
        return convert_to_tensor(False)
    if metadata is not None and not isinstance(metadata, bytes):
        metadata = metadata.SerializeToString()  # (a protocol buffer message)
    return _write("raw", tag, convert_to_tensor(tensor), step, None, metadata=metadata,
                  scoped=False)


def _write(kind, name, data, step, description, scoped=True, **attrs):
    state = _THREAD
    step = math_ops.cast(convert_to_tensor(resolve_step(step)), dtypes.int64)
    condition = _condition()
    if not isinstance(condition, Tensor):
        condition = convert_to_tensor(bool(condition))
    tag = scoped_name(name) if scoped else name
    return execute(_write_summary, (step, data, math_ops.cast(condition, dtypes.bool)), {
        "writer": state.writer, "tag": tag, "kind": kind, "description": description or "",
        **attrs})


# One stateful op writes every kind: the work of turning data into the dashboard's tensor
# (buckets, PNG files) happens when it runs, so a traced function does it at each call.
def _infer_write_summary(inputs, attrs):
    return [(dtypes.bool, [])]


@register("WriteSummary", stateful=True, differentiable=False, infer_shape=_infer_write_summary)
def _write_summary(step, data, condition, writer, tag, kind, description, **options):
    if not condition or isinstance(writer, _NoopSummaryWriter):  # (a no-op writer records nothing)
        return np.array(False)
    if kind == "scalar":
        tensor = tensor_proto_bytes(data.astype(np.float32), dtypes.float32)
    elif kind == "histogram":
        tensor = tensor_proto_bytes(_histogram_buckets(data, options["buckets"]), dtypes.float64)
    elif kind == "image":
        tensor = tensor_proto_bytes(_image_strings(data, options["max_outputs"]), dtypes.string)
    elif kind == "audio":
        tensor = tensor_proto_bytes(
            _audio_strings(data, options["sample_rate"], options["max_outputs"]), dtypes.string)
    else:
        tensor = tensor_proto_bytes(data, _dtype_of(data))
    if kind == "raw":
        value = event_files.raw_value(tag, tensor, options.get("metadata"))
    else:
        value = event_files.tensor_value(tag, tensor, _PLUGIN[kind], description)
    writer._write(value, int(step))
    return np.array(True)


def _dtype_of(array):
    return dtypes.string if array.dtype == object else dtypes.from_numpy(array.dtype)


def _histogram_buckets(values, bucket_count=DEFAULT_BUCKET_COUNT):
    """TensorBoard's histogram: [bucket_count, 3] rows of (left edge, right edge, count) over
    equal-width buckets from the smallest value to the largest (the largest value counts in
    the last bucket). All values equal: every edge is that value, all counted in the last
    bucket. No values: rows of zeros. No buckets: shape [0, 3]."""
    values = np.asarray(values, dtype=np.float64).reshape(-1)
    bucket_count = max(0, bucket_count)
    if values.size == 0 or bucket_count == 0:
        return np.zeros((bucket_count, 3))
    low, high = values.min(), values.max()
    counts = np.zeros(bucket_count)
    if high == low:
        counts[-1] = values.size
        return np.stack([np.full(bucket_count, high), np.full(bucket_count, high), counts], 1)
    width = (high - low) / bucket_count
    index = np.minimum(np.floor((values - low) / width).astype(np.int32), bucket_count - 1)
    np.add.at(counts, index, 1)
    edges = np.linspace(low, high, bucket_count + 1)
    edges[-1] = high
    return np.stack([edges[:-1], edges[1:], counts], axis=1)


def _audio_strings(clips, sample_rate, max_outputs):
    """[k, 2] rows of (WAV file, label) for the first `max_outputs` clips (labels empty)."""
    encode = audio_ops._encode_wav.kernel
    rows = [[encode(clip, np.int32(sample_rate))[()], b""]
            for clip in clips[:max(0, max_outputs)]]
    return np.array(rows, dtype=object).reshape(len(rows), 2)


def _image_strings(pixels, max_outputs):
    """[width, height, png, png, ...] of the first `max_outputs` images (uint8 pixels)."""
    n, height, width, _ = pixels.shape
    encode = png_ops._encode_png.kernel
    pngs = [encode(pixels[i], compression=-1)[()] for i in range(min(n, max(0, max_outputs)))]
    return np.array([str(width).encode(), str(height).encode()] + pngs, dtype=object)

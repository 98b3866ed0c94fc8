"""Random ops (``tf.random``) with TensorFlow 2's global/op seed semantics.

TF derives two seeds for every random op (``get_seed``):

* no global seed, no op seed -> nondeterministic;
* no global seed, op seed    -> (DEFAULT_GRAPH_SEED, op seed): the same sequence every run;
* global seed, no op seed    -> (global seed, a fresh op seed drawn from a generator that
  ``set_seed`` restarts): the sequence of random ops is reproducible after ``set_seed``;
* global seed and op seed    -> (global seed, op seed).

In eager mode TF keeps one kernel per (op, dtype, seeds); the kernel owns a random stream that
advances on each call, so calling ``tf.random.uniform([1], seed=1)`` twice gives two different
values, and ``tf.random.set_seed`` (which clears the kernel cache) starts the streams over.
We do the same: a seeded kernel's stream is a Philox counter (philox.py) kept in
``_STATE.streams``, so its values are TF's own; unseeded kernels, and the kernels TF samples
by other means (shuffle, multinomial), draw from NumPy Generators. The ops are registered
``stateful=True`` so tf.function keeps them, in order, and never folds them into constants.
"""

import collections
import contextlib
import enum
import os
import random as _py_random
import threading
import weakref
import zlib

import numpy as np

from ..core import dtypes, errors
from ..core.context import state
from ..core.tensor import Tensor, convert_to_tensor, is_symbolic
from ..core.variable import Variable
from . import philox
from .array_ops import stack, zeros_like
from .math_ops import add, cast, multiply, subtract
from .registry import execute, invalid_argument, register
from .shape_rules import dims_text
from .support import as_tensor, attr_error, tf_type_name

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2**31 - 1
_MAX_STREAMS = 1024  # op seeds drawn automatically are used once: keep the cache bounded


class _SeedState:
    """The seeds and kernels of the process (TF's global seed and op seed generator are
    process-wide too); which streams a thread draws from right now is the thread's own."""

    def __init__(self):
        self.global_seed = None
        self.op_seed_rng = _py_random.Random()
        self.kernels = collections.OrderedDict()  # (kind, dtype, seed, seed2) -> its stream
        self.entropy = np.random.default_rng()  # the nondeterministic stream

    # (a thread inside a compiled function's random op, or a Keras step, draws from that
    # op's or step's streams; the other threads' eager ops still draw from the kernels)
    streams = property(lambda self: _per_thread.streams,
                       lambda self, value: setattr(_per_thread, "streams", value))
    step_op_seeds = property(lambda self: _per_thread.step_op_seeds,
                             lambda self, value: setattr(_per_thread, "step_op_seeds", value))
    step_shared = property(lambda self: _per_thread.step_shared,
                           lambda self, value: setattr(_per_thread, "step_shared", value))


_STATE = _SeedState()


class _PerThread(threading.local):
    def __init__(self):
        self.streams = _STATE.kernels  # the streams random ops draw from now
        self.step_op_seeds = None  # in traced_step: [the next op seed of the step]
        self.step_shared = None  # in traced_step: the streams outside it


_per_thread = _PerThread()


def set_seed(seed):
    """``tf.random.set_seed``: fixes the global seed and restarts every random sequence."""
    _STATE.global_seed = None if seed is None else int(seed)
    _STATE.op_seed_rng = _py_random.Random(_STATE.global_seed)
    _STATE.kernels.clear()
    if state.graph is not None:  # building a graph: it is also that graph's seed (Graph.seed)
        state.graph.seed = _STATE.global_seed


def get_global_seed():
    return _STATE.global_seed


def _truncate_seed(seed):
    return int(seed) % _MAXINT32  # TF keeps seeds within int32


# While tf.function traces, op seeds count up from 0 in each graph, as TF's do: a function's
# random ops draw the same numbers whatever ran eagerly before it was traced.
_GRAPH_OP_SEEDS = weakref.WeakKeyDictionary()  # graph -> the next op seed


def _next_op_seed():
    graph = state.graph
    if graph is None:
        step = _STATE.step_op_seeds
        if step is not None:  # a Keras step TF would run traced: counted as in its graph
            step[0] += 1
            return step[0] - 1
        return _STATE.op_seed_rng.randint(0, _MAXINT32)
    op_seed = _GRAPH_OP_SEEDS.get(graph, 0)
    _GRAPH_OP_SEEDS[graph] = op_seed + 1
    return op_seed


def get_seed(op_seed):
    """TF's ``random_seed.get_seed``: the (global seed, op seed) pair a random op runs with.

    Returns ``(None, None)`` when neither seed is set (the op is nondeterministic).
    """
    global_seed = _STATE.global_seed
    if global_seed is not None:
        if op_seed is None:
            op_seed = _next_op_seed()
        seeds = _truncate_seed(global_seed), _truncate_seed(op_seed)
    elif op_seed is not None:
        seeds = DEFAULT_GRAPH_SEED, _truncate_seed(op_seed)
    else:
        seeds = None, None
    if seeds == (0, 0):  # (0, 0) means "nondeterministic" to the kernels
        seeds = (0, _MAXINT32)
    return seeds


def stream(kind, seed, seed2):
    """The persistent NumPy Generator of the kernel `kind` with attrs (seed, seed2).

    ``(0, 0)`` is TF's "no seed": a shared nondeterministic Generator.
    """
    if not seed and not seed2:
        return _STATE.entropy
    key = (kind, int(seed), int(seed2))
    streams = _STATE.streams
    rng = streams.get(key)
    if rng is None:
        # crc32, not hash(): str hashes change between Python processes.
        rng = np.random.default_rng([int(seed), int(seed2), zlib.crc32(repr(kind).encode())])
        streams[key] = rng
        if len(streams) > _MAX_STREAMS:
            streams.popitem(last=False)
    else:
        streams.move_to_end(key)
    return rng


def _philox_stream(kind, seed, seed2, num_elements, blocks=None):
    """The (key, counter) a seeded kernel `kind` draws `num_elements` values from this call,
    or None for the unseeded (nondeterministic) kernels. Each call reserves 256 blocks per
    value, as TF's kernels do, so consecutive calls never share bits (or `blocks`, for kernels
    that reserve a count of their own)."""
    if not seed and not seed2:
        return None
    name = ("philox", kind, int(seed), int(seed2))
    streams = _STATE.streams
    if name not in streams:
        streams[name] = philox.key_counter_from_op_seeds(seed, seed2)
        if len(streams) > _MAX_STREAMS:
            streams.popitem(last=False)
    else:
        streams.move_to_end(name)
    key, counter = streams[name]
    if blocks is None:
        blocks = num_elements * philox.BLOCKS_RESERVED_PER_OUTPUT
    streams[name] = key, philox.skip(counter, blocks)
    return key, counter


def node_kernel(kernel):
    """`kernel` for one seeded random op of a compiled graph, with random streams of its own.

    In TF each op of a function has a kernel of its own: its stream starts at the beginning
    whatever eager ops or other functions drew with the same seeds, and goes on from call to
    call of that function (two functions whose first random op both get op seed 0 draw the
    same numbers). The op's streams are kept among the current streams under a key of its
    own, so ``tf.random.set_seed`` starts them over (it clears TF's kernels) and so does a
    new iterator over a dataset whose map function has the op (graph/dataset_functions.py).
    """
    own_key = object()

    def call(*args, **kwargs):
        shared = _STATE.streams
        own = shared.get(own_key)
        if own is None:
            own = shared[own_key] = collections.OrderedDict()
            if len(shared) > _MAX_STREAMS:
                shared.popitem(last=False)
        else:
            shared.move_to_end(own_key)
        _STATE.streams = own
        try:
            return kernel(*args, **kwargs)
        finally:
            _STATE.streams = shared

    call.__name__ = call.__qualname__ = getattr(kernel, "__name__", "kernel")
    return call


@contextlib.contextmanager
def traced_step(owner):
    """Around one step of a Keras loop that TF runs as a traced function (eagerbook runs it
    eagerly): its random ops draw as that function's would, op seeds 0, 1, ... in the order
    they run in the step, each from streams of its own going on from step to step. `owner`
    (one object per traced function) keys those streams among the current ones, so
    tf.random.set_seed starts them over."""
    shared, saved = _STATE.streams, (_STATE.step_op_seeds, _STATE.step_shared)
    own = shared.get(owner)
    if own is None:
        own = shared[owner] = collections.OrderedDict()
    _STATE.streams, _STATE.step_op_seeds, _STATE.step_shared = own, [0], shared
    try:
        yield
    finally:
        _STATE.streams = shared
        _STATE.step_op_seeds, _STATE.step_shared = saved


@contextlib.contextmanager
def outside_traced_step():
    """Eager seed rules for the code inside, even in a traced_step: what TF's init_scope gives
    the code it lifts out of a traced function (a layer's weights made on its first call)."""
    step = _STATE.step_op_seeds
    if step is None:
        yield
        return
    inner, _STATE.streams, _STATE.step_op_seeds = _STATE.streams, _STATE.step_shared, None
    try:
        yield
    finally:
        _STATE.streams, _STATE.step_op_seeds = inner, step


def numpy_generator(kind, seed=None):
    """A NumPy Generator following TF's seed rules, for code outside the op layer.

    Keras initializers, dropout layers and ``Dataset.shuffle`` call this with their own `kind`
    (a name) and optional op-level `seed`: reproducible after ``tf.random.set_seed``, and
    advancing on each call with the same explicit seed, as TF's random ops do. In a
    traced_step the eager rules hold (TF makes a layer's weights outside the trace).
    """
    with outside_traced_step():
        seed, seed2 = get_seed(seed)
        return stream(kind, seed or 0, seed2 or 0)


def numpy_sample(kind, shape, dtype, seed=None, **params):
    """`kind` ("normal", "uniform" or "truncated_normal") samples from the NumPy stream that
    the matching tf.random op would use under the same seed rules, as a Tensor.

    For library code whose values are eagerbook's own either way (Keras initializers: TF's
    Keras derives their seeds by rules of its own), so those values stay what they were before
    the seeded ops began drawing TF's Philox bits.
    """
    dtype = dtypes.as_dtype(dtype)
    op = {"normal": "RandomStandardNormal", "uniform": "RandomUniform",
          "truncated_normal": "TruncatedNormal"}[kind]
    rng = numpy_generator((op, dtype.name), seed)
    if kind == "truncated_normal":
        rnd = _truncated_draw(rng, shape, dtype)
    else:
        rnd = _draw(rng.standard_normal if kind == "normal" else rng.random, shape, dtype)
    rnd = convert_to_tensor(rnd)
    if kind != "uniform":
        return _scale_shift(rnd, params["mean"], params["stddev"], dtype)
    lo, hi = params["minval"], params["maxval"]
    if isinstance(lo, (int, float)) and lo == 0 and isinstance(hi, (int, float)) and hi == 1:
        return rnd
    lo, hi = as_tensor(lo, dtype), as_tensor(hi, dtype)
    return add(multiply(rnd, subtract(hi, lo)), lo)


def _seed_attrs(seed):
    seed, seed2 = get_seed(seed)
    return {"seed": seed or 0, "seed2": seed2 or 0}


def _shape_arg(shape, op_name):
    if isinstance(shape, Tensor) or hasattr(type(shape), "_as_tensor"):
        shape = convert_to_tensor(shape)._value.reshape(-1).tolist()
    elif hasattr(shape, "as_list"):
        shape = shape.as_list()
    elif isinstance(shape, (int, np.integer)):
        shape = [shape]
    dims = []
    for d in shape:
        if d is None or int(d) < 0:
            raise invalid_argument(op_name, f"Shape {list(shape)} must be fully defined and "
                                            f"non-negative")
        dims.append(int(d))
    return tuple(dims)


_FLOAT_NAMES = "float16, bfloat16, float32, float64"


def _float_dtype(dtype, op_name):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise TypeError(f"Value passed to parameter 'dtype' has DataType {dtype.name} not in "
                        f"list of allowed values: {_FLOAT_NAMES} (op {op_name})")
    return dtype


def _normal_dtype(dtype, mean, stddev, op_name):
    """The float dtype of a normal draw. TF converts `mean` and `stddev` to `dtype` first,
    so a float mean with an integer dtype is a TypeError there ("Cannot convert 0.0 ..."); with
    integer ones, the op itself refuses the dtype."""
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        convert_to_tensor(mean, dtype=dtype)
        convert_to_tensor(stddev, dtype=dtype)
        raise invalid_argument(op_name, f"Value for attr 'dtype' of {dtype.name} is not in the "
                                        f"list of allowed values: half, bfloat16, float, double")
    return dtype


def _draw(rng_method, shape, dtype):
    # NumPy draws float32/float64 directly; float16 goes through float32.
    np_dtype = dtype._np
    if np_dtype in (np.float32, np.float64):
        return rng_method(shape, dtype=np_dtype)
    return rng_method(shape, dtype=np.float32).astype(np_dtype)


# Philox turns bits into float16/32/64 exactly as TF does; bfloat16 (no NumPy type) draws
# through NumPy.
_PHILOX_FLOATS = (np.float16, np.float32, np.float64)


def _size(shape):
    return int(np.prod(shape, dtype=np.int64))


# --- shape rules for tf.function tracing: never run a random kernel just to learn a shape ----
# (running it would advance the op's random stream at trace time).
def _infer_from_attrs(inputs, attrs):
    return [(attrs["dtype"], attrs["shape"])]


def _infer_like_input(inputs, attrs):
    return [(inputs[0].dtype, inputs[0].shape)]


def _infer_multinomial(inputs, attrs):
    return [(attrs["output_dtype"], (inputs[0].shape[0], attrs["num_samples"]))]


# --- kernels: no tensor inputs, everything in attrs -------------------------------------------
@register("RandomStandardNormal", stateful=True, differentiable=False,
          infer_shape=_infer_from_attrs)
def _random_normal(shape, dtype, seed, seed2):
    kind = ("RandomStandardNormal", dtype.name)
    bits = _philox_stream(kind, seed, seed2, _size(shape))
    if bits is not None and dtype._np in _PHILOX_FLOATS:
        return philox.normal(*bits, shape, dtype._np)
    return _draw(stream(kind, seed, seed2).standard_normal, shape, dtype)


@register("RandomUniform", stateful=True, differentiable=False,
          infer_shape=_infer_from_attrs)
def _random_uniform(shape, dtype, seed, seed2):
    kind = ("RandomUniform", dtype.name)
    bits = _philox_stream(kind, seed, seed2, _size(shape))
    if bits is not None and dtype._np in _PHILOX_FLOATS:
        return philox.uniform(*bits, shape, dtype._np)
    return _draw(stream(kind, seed, seed2).random, shape, dtype)


@register("RandomUniformInt", stateful=True, differentiable=False,
          infer_shape=_infer_from_attrs)
def _random_uniform_int(shape, minval, maxval, dtype, seed, seed2):
    kind = ("RandomUniformInt", dtype.name)
    bits = _philox_stream(kind, seed, seed2, _size(shape))
    if bits is not None:
        return philox.uniform_int(*bits, shape, dtype._np, minval, maxval)
    return stream(kind, seed, seed2).integers(minval, maxval, size=shape, dtype=dtype._np)


@register("TruncatedNormal", stateful=True, differentiable=False,
          infer_shape=_infer_from_attrs)
def _truncated_normal(shape, dtype, seed, seed2):
    """Standard normal values redrawn until they fall within two standard deviations."""
    kind = ("TruncatedNormal", dtype.name)
    bits = _philox_stream(kind, seed, seed2, _size(shape))
    if bits is not None and dtype._np in _PHILOX_FLOATS:
        return philox.truncated_normal(*bits, shape, dtype._np)
    return _truncated_draw(stream(kind, seed, seed2), shape, dtype)


def _truncated_draw(rng, shape, dtype):
    out = rng.standard_normal(shape)
    bad = np.abs(out) > 2
    while bad.any():  # each round redraws ~4.6% of the remaining values
        out[bad] = rng.standard_normal(int(bad.sum()))
        bad = np.abs(out) > 2
    return out.astype(dtype._np)


@register("RandomShuffle", stateful=True, differentiable=False,
          infer_shape=_infer_like_input)
def _random_shuffle(value, seed, seed2):
    """TF's Fisher-Yates: position i swaps with i + (word_i mod (n - i)), one Philox word per
    swap (the op reserves (n - 1) / 4 blocks a call), so seeded shuffles are TF's."""
    if value.ndim == 0 or value.shape[0] <= 1 or value.size <= 1:
        return value.copy()
    n = value.shape[0]
    kind = ("RandomShuffle", value.dtype.str)
    bits = _philox_stream(kind, seed, seed2, n - 1, blocks=(n - 1 + 3) // 4)
    if bits is None:
        return value[stream(kind, seed, seed2).permutation(n)]
    draws = philox.words(*bits, n - 1).astype(np.int64)
    order = np.arange(n)
    for i in range(n - 1):
        j = i + int(draws[i]) % (n - i)
        order[i], order[j] = order[j], order[i]
    return value[order]


@register("Multinomial", stateful=True, differentiable=False,
          infer_shape=_infer_multinomial)
def _multinomial(logits, num_samples, output_dtype, seed, seed2):
    """Samples class indices from unnormalized log-probabilities.

    Seeded, as TF's kernel: per row the running sum of exp(logit - max) over the finite
    logits, and per sample a float64 uniform (two Philox words) times the total, looked up in
    it. Unseeded: the Gumbel-max trick (argmax(logits + Gumbel noise) is distributed as
    softmax(logits)).
    """
    if logits.shape[1] == 0 and num_samples:
        raise invalid_argument("Multinomial", "num_classes should be positive, got 0")
    batch = logits.shape[0]
    padded_samples = -(-num_samples // 4) * 4 * 2  # (a float64 takes two words, as TF counts)
    bits = _philox_stream(("Multinomial", output_dtype.name), seed, seed2,
                          batch * padded_samples)
    if bits is not None:
        return _multinomial_by_cdf(logits, num_samples, bits).astype(output_dtype._np)
    rng = stream(("Multinomial", output_dtype.name), seed, seed2)
    batch, classes = logits.shape
    gumbel = -np.log(-np.log(rng.random((batch, num_samples, classes)) + 1e-300) + 1e-300)
    with np.errstate(invalid="ignore"):
        scores = logits.astype(np.float64)[:, None, :] + gumbel
    return np.argmax(scores, axis=-1).astype(output_dtype._np)


def _multinomial_by_cdf(logits, num_samples, bits):
    batch, classes = logits.shape
    starts = _multinomial_row_words(batch, num_samples, classes)
    stream = philox.words(*bits, int(starts[-1]) + 2 * num_samples if batch else 0)
    # each row's uniforms: consecutive word pairs from its start (hi word, lo word)
    at = starts[:, None] + 2 * np.arange(num_samples)[None, :]
    uniforms = philox._unit_float64(stream[at], stream[at + 1])
    out = np.zeros((logits.shape[0], num_samples), np.int64)
    for b, row in enumerate(logits.astype(np.float64)):
        finite = np.isfinite(row)
        top = row[finite].max() if finite.any() else np.finfo(np.float64).min
        with np.errstate(over="ignore", invalid="ignore"):
            weights = np.where(finite, np.exp(row - top), 0.0)
        cdf = np.cumsum(weights)
        total = cdf[-1] if len(cdf) else 0.0
        out[b] = np.searchsorted(cdf, uniforms[b] * total, side="right")
    return out


# TF's Multinomial kernel splits the rows among its intra-op threads, as Eigen's parallelFor
# cuts work: blocks of rows, each block drawing from its own place in the stream (the first
# row of a block skips (row * (num_samples + 3)) // 4 Philox blocks, its next rows go on from
# there). So which numbers a row gets depends on the block size, which depends on the
# kernel's cost estimate and the thread count: TF's default, the machine's usable cores.
def _multinomial_row_words(batch, num_samples, classes):
    """Index in the op's Philox word stream of each row's first word (int64 array)."""
    cost = int(50 * (num_samples * np.log(classes) / np.log(2) + classes)) if classes else 0
    block = _parallel_for_block(batch, cost, _intra_op_threads())
    rows = np.arange(batch, dtype=np.int64)
    first = rows - rows % block
    return 4 * ((first * (num_samples + 3)) // 4) + 2 * num_samples * (rows - first)


_INTRA_OP_THREADS = [0]  # tf.config.threading's intra-op setting (0: TF's default)


def _set_intra_op_threads(count):
    """The thread count TF's kernels would split work among (framework/config.py sets it)."""
    _INTRA_OP_THREADS[0] = int(count)


def _intra_op_threads():
    if _INTRA_OP_THREADS[0] > 0:
        return _INTRA_OP_THREADS[0]
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (no affinity on this system)
        return os.cpu_count() or 1


def _parallel_for_block(n, cost, threads):
    """The rows per block Eigen's ThreadPoolDevice.parallelFor gives `n` units of `cost`
    cycles on `threads` threads (all `n` in one block when it runs them inline)."""
    # Eigen's cost model: 100000 cycles to start, 100000 per extra thread, 40000 a task
    if n <= 1 or threads <= 1 or int((n * cost - 100000) / 100000 + 0.9) <= 1:
        return max(n, 1)
    block = min(n, max(-(-n // (4 * threads)), int(40000 / cost)))
    largest = min(n, 2 * block)
    count = -(-n // block)
    efficiency = count / (-(-count // threads) * threads)
    previous = count
    while efficiency < 1.0 and previous > 1:
        coarser = -(-n // (previous - 1))
        if coarser > largest:
            break
        previous = coarser_count = -(-n // coarser)
        coarser_efficiency = coarser_count / (-(-coarser_count // threads) * threads)
        if coarser_efficiency + 0.01 >= efficiency:
            block, efficiency = coarser, max(efficiency, coarser_efficiency)
    return block


# --- a shape known only when a tf.function runs (tf.shape(x)[0] in it) ----------------------
def _known_only_when_run(shape):
    if isinstance(shape, Tensor):
        return is_symbolic(shape)
    return isinstance(shape, (list, tuple)) and any(
        isinstance(d, Tensor) and is_symbolic(d) for d in shape)


def _drawn_when_run(draw, shape, dtype):
    """`draw(shape)` as one op of the traced function that draws when it runs, for a shape
    read then (TF's random ops take the shape as an input); the dims known now stay known."""
    from . import script_ops  # (imported here: script_ops needs the ops loaded first)

    if isinstance(shape, Tensor):
        length = shape.shape.num_elements()
        shape_tensor, static = shape, None if length is None else [None] * length
    else:
        shape_tensor = stack([cast(d, dtypes.int64) if isinstance(d, Tensor) else
                              convert_to_tensor(int(d), dtype=dtypes.int64) for d in shape])
        static = [None if isinstance(d, Tensor) else int(d) for d in shape]
    out = script_ops.py_function(lambda dims: draw([int(d) for d in dims.numpy()]),
                                 [shape_tensor], Tout=dtype)
    if static is not None:
        out.set_shape(static)
    return out


# --- public functions ---------------------------------------------------------------------------
def normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    """Samples from N(mean, stddev**2) (``tf.random.normal``)."""
    dtype = _normal_dtype(dtype, mean, stddev, "RandomStandardNormal")
    if _known_only_when_run(shape):  # (the scaling stays ops of the graph: differentiable)
        rnd = _drawn_when_run(lambda dims: normal(dims, dtype=dtype, seed=seed), shape, dtype)
        return _scale_shift(rnd, mean, stddev, dtype)
    attrs = {"shape": _shape_arg(shape, "RandomStandardNormal"), "dtype": dtype}
    attrs.update(_seed_attrs(seed))
    rnd = execute(_random_normal, (), attrs)
    return _scale_shift(rnd, mean, stddev, dtype)


def _scale_shift(rnd, mean, stddev, dtype):
    # Skip the arithmetic for the defaults; otherwise it is ordinary (differentiable) ops.
    if not (isinstance(stddev, (int, float)) and stddev == 1):
        rnd = multiply(rnd, as_tensor(stddev, dtype))
    if not (isinstance(mean, (int, float)) and mean == 0):
        rnd = add(rnd, as_tensor(mean, dtype))
    return rnd


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    """Normal samples restricted to within two standard deviations of the mean."""
    dtype = _normal_dtype(dtype, mean, stddev, "TruncatedNormal")
    if _known_only_when_run(shape):
        rnd = _drawn_when_run(lambda dims: truncated_normal(dims, dtype=dtype, seed=seed),
                              shape, dtype)
        return _scale_shift(rnd, mean, stddev, dtype)
    attrs = {"shape": _shape_arg(shape, "TruncatedNormal"), "dtype": dtype}
    attrs.update(_seed_attrs(seed))
    rnd = execute(_truncated_normal, (), attrs)
    return _scale_shift(rnd, mean, stddev, dtype)


def _python_int(value, what, op_name, must_be="must be 0-D"):
    """A scalar argument of the op `op_name` as a Python int; TF's kernel error otherwise."""
    if isinstance(value, Tensor) or hasattr(type(value), "_as_tensor"):
        value = convert_to_tensor(value)._value
    array = np.asarray(value)
    if array.ndim != 0:
        raise invalid_argument(op_name, f"{what} {must_be}, got shape "
                                        f"{dims_text(list(array.shape))}")
    return int(array)


def uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None):
    """Uniform samples in [minval, maxval): floats default to [0, 1); ints need `maxval`."""
    if _known_only_when_run(shape) and dtypes.as_dtype(dtype).is_floating:
        rnd = _drawn_when_run(lambda dims: uniform(dims, dtype=dtype, seed=seed), shape,
                              dtypes.as_dtype(dtype))
        lo, hi = as_tensor(minval, dtype), as_tensor(1 if maxval is None else maxval, dtype)
        return add(multiply(rnd, subtract(hi, lo)), lo)
    if dtypes.as_dtype(dtype).is_integer and _known_only_when_run([minval, maxval]):
        return _uniform_int_bounded_when_run(shape, minval, maxval, dtype, seed)
    return _uniform(shape, minval, maxval, dtype, lambda: _seed_attrs(seed))


def _uniform_int_bounded_when_run(shape, minval, maxval, dtype, seed):
    """Integer ``uniform`` whose bounds a trace knows only when it runs (TF's RandomUniformInt
    takes them as inputs): one op of the traced function that draws with the bounds read then."""
    from . import script_ops  # (imported here: script_ops needs the ops loaded first)

    dtype = dtypes.as_dtype(dtype)
    bounds = [convert_to_tensor(v, dtype=dtype) for v in (minval, maxval)]
    out = script_ops.py_function(
        lambda lo, hi: uniform(shape, int(lo.numpy()), int(hi.numpy()), dtype, seed),
        bounds, Tout=dtype)
    if not _known_only_when_run(shape):
        out.set_shape([int(d) for d in (shape.numpy() if isinstance(shape, Tensor) else shape)])
    return out


_UNIFORM_DTYPES = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64)


def _uniform(shape, minval, maxval, dtype, seed_attrs):
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _UNIFORM_DTYPES:
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         f"(tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, "
                         f"tf.int64).")
    shape = _shape_arg(shape, "RandomUniform")
    if dtype.is_integer:
        if dtype not in (dtypes.int32, dtypes.int64):
            raise TypeError(f"Value passed to parameter 'dtype' has DataType {dtype.name} not "
                            f"in list of allowed values: int32, int64")
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        lo = _python_int(minval, "minval", "RandomUniformInt")
        hi = _python_int(maxval, "maxval", "RandomUniformInt")
        if lo >= hi:
            raise invalid_argument("RandomUniformInt", f"Need minval < maxval, got {lo} >= {hi}")
        attrs = {"shape": shape, "minval": lo, "maxval": hi, "dtype": dtype}
        attrs.update(seed_attrs())
        return execute(_random_uniform_int, (), attrs)
    dtype = _float_dtype(dtype, "RandomUniform")
    attrs = {"shape": shape, "dtype": dtype}
    attrs.update(seed_attrs())
    rnd = execute(_random_uniform, (), attrs)
    if maxval is None:
        maxval = 1
    lo_default = isinstance(minval, (int, float)) and minval == 0
    hi_default = isinstance(maxval, (int, float)) and maxval == 1
    if lo_default and hi_default:
        return rnd
    lo, hi = as_tensor(minval, dtype), as_tensor(maxval, dtype)
    return add(multiply(rnd, subtract(hi, lo)), lo)


def shuffle(value, seed=None, name=None):
    """Randomly permutes `value` along its first dimension."""
    value = as_tensor(value)
    return execute(_random_shuffle, (value,), _seed_attrs(seed))


def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    """Draws `num_samples` class indices per row of 2-D `logits` (unnormalized log-probs)."""
    logits = as_tensor(logits)
    if not logits._dtype.is_floating:
        raise invalid_argument("Multinomial", f"logits must be a floating tensor, got "
                                              f"{logits._dtype.name}")
    if logits.ndim != 2:
        raise invalid_argument("Multinomial", f"logits should be a matrix, got shape "
                                              f"{list(logits.shape)}")
    output_dtype = dtypes.int64 if dtype is None else dtypes.as_dtype(dtype)
    if output_dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"Value passed to parameter 'output_dtype' has DataType "
                        f"{output_dtype.name} not in list of allowed values: int32, int64")
    num_samples = _python_int(num_samples, "num_samples", "Multinomial",
                              "should be a scalar")
    if num_samples < 0:
        raise invalid_argument("Multinomial", f"num_samples should be nonnegative, got "
                                              f"{num_samples}")
    attrs = {"num_samples": num_samples, "output_dtype": output_dtype}
    attrs.update(_seed_attrs(seed))
    return execute(_multinomial, (logits,), attrs)


# --- tf.random.Generator and the stateless ops -------------------------------------------------
# TF's counter-based RNGs (Philox, ThreeFry) compute random bits as a pure function of a key and
# a counter. Stateless ops get both from a shape-[2] seed; a Generator keeps them in a
# tf.Variable (its `state`) and moves the counter on after every call. The kernels compute
# TF's Philox blocks (philox.py), so the numbers are TF's. Keys and counters travel as uint64
# words (key [1], counter [2]), as TF's ops pass them.

class Algorithm(enum.Enum):
    """``tf.random.Algorithm``: the RNG algorithms TF offers (an enum, as TF's; ops and
    generators carry the values)."""

    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


_PHILOX = Algorithm.PHILOX.value
_ALG_NAMES = {alg.name.lower(): alg.value for alg in Algorithm}
_STATE_SIZES = {Algorithm.PHILOX.value: 3, Algorithm.THREEFRY.value: 2,
                Algorithm.AUTO_SELECT.value: 3}
_INT64 = np.int64
_MASK64 = 2**64 - 1


def _alg_int(alg):
    if alg is None:
        return _PHILOX
    if isinstance(alg, str):
        try:
            return _ALG_NAMES[alg.lower()]
        except KeyError:
            raise ValueError(f"Argument `alg` got unsupported value {alg}. Supported values "
                             f"are philox for the Philox algorithm, threefry for the ThreeFry "
                             f"algorithm, and auto_select for auto-selection.") from None
    alg = int(getattr(alg, "value", alg))
    if alg not in _STATE_SIZES:
        raise ValueError(f"Unsupported algorithm id: {alg}")
    return alg


def create_rng_state(seed, alg):
    """``tf.random.create_rng_state``: a seed (int or int vector) as a 1-D int64 state."""
    size = _STATE_SIZES[_alg_int(alg)]
    if isinstance(seed, Tensor) or hasattr(type(seed), "_as_tensor"):
        seed = convert_to_tensor(seed).numpy()
    words = []
    if isinstance(seed, (int, np.integer)):
        seed = int(seed) & (2**(64 * size) - 1)  # a long integer fills the words in turn
        while seed:
            words.append(seed & _MASK64)
            seed >>= 64
    else:
        words = [int(w) & _MASK64 for w in np.asarray(seed).reshape(-1)]
    if len(words) > size:
        raise ValueError(f"The size of `seed` ({len(words)}) is larger than the state size "
                         f"({size}) of the algorithm")
    words += [0] * (size - len(words))
    return convert_to_tensor(np.array(words, dtype=np.uint64).astype(_INT64))  # TF: a tensor


def _philox(key, counter):
    """A NumPy Generator for one (key, counter) pair, for the samplers TF builds from Philox
    in ways not reproduced here (binomial, multinomial): a pure function of its arguments."""
    words = [int(w) & _MASK64 for w in np.concatenate([np.ravel(key), np.ravel(counter)])]
    return np.random.Generator(np.random.Philox(np.random.SeedSequence(words)))


def _words(key, counter):
    """uint64 key [1] and counter [2] -> Philox's uint32 words (2 and 4)."""
    return philox.split64(np.ravel(key)), philox.split64(np.ravel(counter))


def _infer_v2(inputs, attrs):
    return [(attrs["dtype"], attrs["shape"])]


# Kernels on (key, counter): deterministic, so tf.function may fold them when both are constant.
@register("StatelessRandomNormalV2", differentiable=False, infer_shape=_infer_v2)
def _stateless_normal(key, counter, shape, dtype, alg):
    if dtype._np in _PHILOX_FLOATS:
        return philox.normal(*_words(key, counter), shape, dtype._np)
    return _draw(_philox(key, counter).standard_normal, shape, dtype)


@register("StatelessRandomUniformV2", differentiable=False, infer_shape=_infer_v2)
def _stateless_uniform(key, counter, shape, dtype, alg):
    if dtype._np in _PHILOX_FLOATS:
        return philox.uniform(*_words(key, counter), shape, dtype._np)
    return _draw(_philox(key, counter).random, shape, dtype)


@register("StatelessRandomUniformIntV2", differentiable=False, infer_shape=_infer_v2)
def _stateless_uniform_int(key, counter, minval, maxval, shape, dtype, alg):
    return philox.uniform_int(*_words(key, counter), shape, dtype._np, minval, maxval)


@register("StatelessRandomUniformFullIntV2", differentiable=False, infer_shape=_infer_v2)
def _stateless_uniform_full_int(key, counter, shape, dtype, alg):
    return philox.full_int(*_words(key, counter), shape, dtype._np)


@register("StatelessTruncatedNormalV2", differentiable=False, infer_shape=_infer_v2)
def _stateless_truncated_normal(key, counter, shape, dtype, alg):
    if dtype._np in _PHILOX_FLOATS:
        return philox.truncated_normal(*_words(key, counter), shape, dtype._np)
    return _truncated_draw(_philox(key, counter), shape, dtype)


@register("StatelessRandomBinomial", differentiable=False, infer_shape=_infer_v2)
def _stateless_binomial(key, counter, counts, probs, shape, dtype, alg):
    if np.any((probs < 0) | (probs > 1)):
        raise invalid_argument("StatelessRandomBinomial", "probs must be in [0, 1]")
    # One (count, prob) pair per batch; `shape` is [samples..., batch...]
    batch_shape = np.broadcast_shapes(counts.shape, probs.shape)
    shape = tuple(shape)
    if len(batch_shape) > len(shape) or shape[len(shape) - len(batch_shape):] != batch_shape:
        raise invalid_argument("StatelessRandomBinomial",
                               "Shape passed in must end with broadcasted shape.")
    counts, probs = np.broadcast_to(counts, batch_shape), np.broadcast_to(probs, batch_shape)
    samples = int(np.prod(shape[:len(shape) - len(batch_shape)], dtype=np.int64))
    key_words = philox.split64(np.ravel(key))
    counter_words = philox.split64(np.ravel(counter))
    drawn = philox.binomial(key_words, counter_words, counts, probs.astype(counts.dtype),
                            samples)
    return drawn.reshape(shape).astype(dtype._np)


def _infer_stateless_multinomial(inputs, attrs):
    return [(attrs["dtype"], (inputs[2].shape[0], attrs["num_samples"]))]


@register("StatelessMultinomial", differentiable=False,
          infer_shape=_infer_stateless_multinomial)
def _stateless_multinomial(key, counter, logits, num_samples, dtype, alg):
    # the stateful kernel's sampler, on the stream the seed gives
    return _multinomial_by_cdf(logits, num_samples, _words(key, counter)).astype(dtype._np)


def _infer_key_counter(inputs, attrs):
    return [(dtypes.uint64, (1,)), (dtypes.uint64, (2,))]


@register("StatelessRandomGetKeyCounter", differentiable=False, num_outputs=2,
          infer_shape=_infer_key_counter)
def _get_key_counter(seed):
    # Scrambles the seed, so seeds (1, 2) and (1, 3) are far apart, as TF's op does.
    key, counter = philox.key_counter_from_seed(*seed)
    return (np.array(philox.join64(key), dtype=np.uint64),
            np.array(philox.join64(counter), dtype=np.uint64))


def _seed_key_counter(seed, op_name):
    """TF's checks on a stateless `seed` (int32/int64, shape [2]), then (key, counter)."""
    seed = convert_to_tensor(seed, dtype_hint=dtypes.int64)
    if seed.dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"Value passed to parameter 'seed' has DataType {seed.dtype.name} not "
                        f"in list of allowed values: int32, int64")
    if list(seed.shape) != [2]:
        raise invalid_argument("StatelessRandomGetKeyCounter",
                               f"seed must have shape [2], not {list(seed.shape)}")
    return execute(_get_key_counter, (seed,))


def _stateless_attrs(shape, dtype, alg, op_name):
    return {"shape": _shape_arg(shape, op_name), "dtype": dtype, "alg": _alg_int(alg)}


def _check_counter(attrs, op_name):
    """TF's stateless kernels run Philox only: ThreeFry's seed gives them a one-word counter,
    which they reject (TF's own error, raised when the op runs)."""
    if attrs["alg"] == Algorithm.THREEFRY.value:
        raise invalid_argument(op_name, "counter must be a vector with length at least 2; got "
                                        "shape: [1]. (Note that batched counters are not "
                                        "supported yet.)")


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None,
                     alg="auto_select"):
    """``tf.random.stateless_normal``: normal values that depend only on `seed` ([2] ints)."""
    dtype = _normal_dtype(dtype, mean, stddev, "StatelessRandomNormalV2")
    key, counter = _seed_key_counter(seed, "StatelessRandomNormalV2")
    attrs = _stateless_attrs(shape, dtype, alg, "StatelessRandomNormalV2")
    _check_counter(attrs, "StatelessRandomNormalV2")
    return _scale_shift(execute(_stateless_normal, (key, counter), attrs), mean, stddev, dtype)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32,
                               name=None, alg="auto_select"):
    dtype = _float_dtype(dtype, "StatelessTruncatedNormalV2")
    key, counter = _seed_key_counter(seed, "StatelessTruncatedNormalV2")
    attrs = _stateless_attrs(shape, dtype, alg, "StatelessTruncatedNormalV2")
    _check_counter(attrs, "StatelessTruncatedNormalV2")
    return _scale_shift(execute(_stateless_truncated_normal, (key, counter), attrs), mean,
                        stddev, dtype)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=dtypes.float32, name=None,
                      alg="auto_select"):
    """Uniform values in [minval, maxval) that depend only on `seed`; for integers, both
    bounds or neither (the full range of the dtype)."""
    key, counter = _seed_key_counter(seed, "StatelessRandomUniformV2")
    return _uniform_from(key, counter, shape, minval, maxval, dtype, alg, both_or_none=True)


def _uniform_from(key, counter, shape, minval, maxval, dtype, alg, both_or_none):
    dtype = dtypes.as_dtype(dtype)
    attrs = _stateless_attrs(shape, dtype, alg, "StatelessRandomUniformV2")
    if dtype.is_integer:
        if both_or_none and (minval is None) != (maxval is None):
            raise ValueError(f"For integer `dtype` argument {dtype}, argument `minval` and "
                             f"`maxval` must be both None or not None. Got `minval`={minval} "
                             f"and `maxval`={maxval}.")
        if minval is None:
            if dtype not in (dtypes.int32, dtypes.int64, dtypes.uint32, dtypes.uint64):
                raise TypeError(f"Value passed to parameter 'dtype' has DataType {dtype.name} "
                                f"not in list of allowed values: int32, int64, uint32, uint64")
            _check_counter(attrs, "StatelessRandomUniformFullIntV2")
            return execute(_stateless_uniform_full_int, (key, counter), attrs)
        if dtype not in (dtypes.int32, dtypes.int64):
            raise TypeError(f"Value passed to parameter 'dtype' has DataType {dtype.name} not "
                            f"in list of allowed values: int32, int64")
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        lo = _python_int(minval, "minval", "StatelessRandomUniformIntV2")
        hi = _python_int(maxval, "maxval", "StatelessRandomUniformIntV2")
        if lo >= hi:
            raise invalid_argument("StatelessRandomUniformIntV2",
                                   f"Need minval < maxval, got {lo} >= {hi}")
        attrs.update(minval=lo, maxval=hi)
        _check_counter(attrs, "StatelessRandomUniformIntV2")
        return execute(_stateless_uniform_int, (key, counter), attrs)
    dtype = _float_dtype(dtype, "StatelessRandomUniformV2")
    _check_counter(attrs, "StatelessRandomUniformV2")
    rnd = execute(_stateless_uniform, (key, counter), attrs)
    lo = 0 if minval is None else minval
    hi = 1 if maxval is None else maxval
    if isinstance(lo, (int, float)) and lo == 0 and isinstance(hi, (int, float)) and hi == 1:
        return rnd
    lo, hi = as_tensor(lo, dtype), as_tensor(hi, dtype)
    return add(multiply(rnd, subtract(hi, lo)), lo)


def stateless_binomial(shape, seed, counts, probs, output_dtype=dtypes.int32, name=None):
    """Binomial(counts, probs) samples that depend only on `seed`."""
    key, counter = _seed_key_counter(seed, "StatelessRandomBinomial")
    return _binomial_from(key, counter, shape, counts, probs, output_dtype, _PHILOX)


def _binomial_from(key, counter, shape, counts, probs, dtype, alg):
    dtype = dtypes.as_dtype(dtype)
    counts = as_tensor(counts, dtypes.float32) if not isinstance(counts, Tensor) else counts
    probs = as_tensor(probs, counts.dtype) if not isinstance(probs, Tensor) else probs
    attrs = _stateless_attrs(shape, dtype, alg, "StatelessRandomBinomial")
    return execute(_stateless_binomial, (key, counter, counts, probs), attrs)


def stateless_categorical(logits, num_samples, seed, dtype=dtypes.int64, name=None):
    """Class indices drawn from 2-D `logits`, depending only on `seed`."""
    logits = as_tensor(logits)
    if logits.ndim != 2:
        raise invalid_argument("StatelessMultinomial", f"logits should be a matrix, got shape "
                                                       f"{list(logits.shape)}")
    key, counter = _seed_key_counter(seed, "StatelessMultinomial")
    return execute(_stateless_multinomial, (key, counter, logits),
                   {"num_samples": _python_int(num_samples, "num_samples",
                                               "StatelessMultinomial", "should be a scalar"),
                    "dtype": dtypes.as_dtype(dtype), "alg": _PHILOX})


def stateless_split(seed, num=2, alg="auto_select"):
    """``tf.random.experimental.stateless_split``: `num` new seeds ([num, 2]) from one, of the
    seed's dtype (int32 for a Python list, as in TF)."""
    seed = convert_to_tensor(seed)
    return stateless_uniform([num, 2], seed=seed, dtype=seed.dtype, minval=None, maxval=None,
                             alg=alg)


def stateless_fold_in(seed, data, alg="auto_select"):
    """A new seed from `seed` and an integer `data` (e.g. a step number): [one random word
    drawn with `seed`, `data`], of `data`'s dtype, as TF builds it."""
    data = convert_to_tensor(data)
    if data.dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"Value passed to parameter 'dtype' has DataType {data.dtype.name} not "
                        f"in list of allowed values: int32, int64")
    word = stateless_uniform([], seed=seed, dtype=data.dtype, minval=None, maxval=None, alg=alg)
    return stack([word, data])




# --- gamma and Poisson samples -----------------------------------------------------------------
# TF's samplers (philox.gamma: Marsaglia-Tsang; philox.poisson: Knuth's below a rate of 10,
# Hormann's transformed rejection above), output number i drawn from 256 * i blocks on, with
# the values laid out [samples..., parameters...].
def _samples_per_parameter(shape, param_shape, op_name):
    """How many samples each parameter gets when `shape` ends with `param_shape`."""
    shape, param_shape = tuple(shape), tuple(param_shape)
    if len(param_shape) > len(shape) or shape[len(shape) - len(param_shape):] != param_shape:
        raise invalid_argument(op_name, "Shape passed in must end with broadcasted shape.")
    return int(np.prod(shape[:len(shape) - len(param_shape)], dtype=np.int64))


def _words(key, counter):
    return philox.split64(np.ravel(key)), philox.split64(np.ravel(counter))


def _scaled_gamma(drawn, beta, shape, dtype):
    """TF's last step: the samples in `dtype`, divided by beta, at least the smallest normal
    number of `dtype`."""
    samples = drawn.reshape(shape).astype(dtype._np)
    return np.maximum(np.finfo(dtype._np).tiny, samples / beta.astype(dtype._np))


def _op_stream(kind, seed, seed2, num_elements):
    """(key, counter) words for a seeded stateful op, or a fresh random pair unseeded."""
    pair = _philox_stream(kind, seed, seed2, num_elements)
    if pair is None:
        words = np.random.default_rng().integers(0, 1 << 32, 6, dtype=np.uint64)
        pair = [int(w) for w in words[:2]], [int(w) for w in words[2:]]
    return pair


@register("RandomGamma", differentiable=False, stateful=True)
def _random_gamma(alpha, beta, *, shape, dtype, seed, seed2):
    alphas = np.broadcast_to(alpha, np.broadcast_shapes(alpha.shape, beta.shape))
    samples = int(np.prod(tuple(shape), dtype=np.int64))
    key, counter = _op_stream("RandomGamma", seed, seed2, samples * alphas.size)
    drawn = philox.gamma(key, counter, alphas, samples)
    return _scaled_gamma(drawn, beta, tuple(shape) + alphas.shape, dtype)


@register("RandomPoissonV2", differentiable=False, stateful=True)
def _random_poisson(lam, *, shape, dtype, seed, seed2):
    samples = int(np.prod(tuple(shape), dtype=np.int64))
    key, counter = _op_stream("RandomPoissonV2", seed, seed2, samples * lam.size)
    drawn = philox.poisson(key, counter, lam, samples)
    return drawn.reshape(tuple(shape) + lam.shape).astype(dtype._np)


@register("StatelessRandomGammaV2", differentiable=False)
def _stateless_gamma(key, counter, alpha, beta, *, shape, dtype, alg):
    alphas = np.broadcast_to(alpha, np.broadcast_shapes(alpha.shape, beta.shape))
    samples = _samples_per_parameter(shape, alphas.shape, "StatelessRandomGammaV3")
    drawn = philox.gamma(*_words(key, counter), alphas, samples)
    return _scaled_gamma(drawn, beta, tuple(shape), dtype)


@register("StatelessRandomPoisson", differentiable=False)
def _stateless_poisson(key, counter, lam, *, shape, dtype, alg):
    samples = _samples_per_parameter(shape, lam.shape, "StatelessRandomPoisson")
    drawn = philox.poisson(*_words(key, counter), lam, samples)
    return drawn.reshape(tuple(shape)).astype(dtype._np)


def _gamma_params(alpha, beta, dtype, op_name):
    dtype = _float_dtype(dtypes.as_dtype(dtype), op_name)
    alpha = as_tensor(alpha, dtype)
    beta = as_tensor(1 if beta is None else beta, dtype)
    return dtype, alpha, beta


def gamma(shape, alpha, beta=None, dtype=dtypes.float32, seed=None, name=None):
    """``tf.random.gamma``: Gamma(alpha, rate beta) samples, shaped ``shape`` followed by the
    broadcast shape of ``alpha`` and ``beta``."""
    dtype, alpha, beta = _gamma_params(alpha, beta, dtype, "RandomGamma")
    attrs = {"shape": _shape_arg(shape, "RandomGamma"), "dtype": dtype}
    attrs.update(_seed_attrs(seed))
    return execute(_random_gamma, (alpha, beta), attrs)


def poisson(shape, lam, dtype=dtypes.float32, seed=None, name=None):
    """``tf.random.poisson``: Poisson(lam) samples, shaped ``shape`` followed by lam's shape."""
    dtype = _poisson_dtype(dtype, "RandomPoissonV2")
    lam = as_tensor(lam, dtypes.float32) if not isinstance(lam, Tensor) else lam
    attrs = {"shape": _shape_arg(shape, "RandomPoissonV2"), "dtype": dtype}
    attrs.update(_seed_attrs(seed))
    return execute(_random_poisson, (lam,), attrs)


def stateless_gamma(shape, seed, alpha, beta=None, dtype=dtypes.float32, name=None):
    """``tf.random.stateless_gamma``: Gamma(alpha, rate beta) samples of shape ``shape``
    (``alpha`` and ``beta`` broadcast to it), the same for the same ``seed``."""
    dtype, alpha, beta = _gamma_params(alpha, beta, dtype, "StatelessRandomGammaV2")
    key, counter = _seed_key_counter(seed, "StatelessRandomGammaV2")
    attrs = _stateless_attrs(shape, dtype, "auto_select", "StatelessRandomGammaV2")
    return execute(_stateless_gamma, (key, counter, alpha, beta), attrs)


def _poisson_dtype(dtype, op_name):
    """The dtype of Poisson draws: TF's ops give floats and int32/int64 counts only."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int32,
                     dtypes.int64):
        raise attr_error(op_name, f"Value for attr 'dtype' of {tf_type_name(dtype)} is not in "
                                  f"the list of allowed values: half, float, double, int32, "
                                  f"int64")
    return dtype


def stateless_poisson(shape, seed, lam, dtype=dtypes.int32, name=None):
    """``tf.random.stateless_poisson``: Poisson(lam) samples of shape ``shape`` (``lam``
    broadcast to it), the same for the same ``seed``."""
    dtype = _poisson_dtype(dtype, "StatelessRandomPoisson")
    lam = as_tensor(lam, dtypes.float32) if not isinstance(lam, Tensor) else lam
    key, counter = _seed_key_counter(seed, "StatelessRandomPoisson")
    attrs = _stateless_attrs(shape, dtype, "auto_select", "StatelessRandomPoisson")
    return execute(_stateless_poisson, (key, counter, lam), attrs)

# --- truncated normal with its own bounds per value ---------------------------------------------
@register("StatelessParameterizedTruncatedNormal", differentiable=False)
def _stateless_parameterized_truncated_normal(key, counter, means, stddevs, minvals, maxvals, *,
                                              shape, dtype):
    op_name = "StatelessParameterizedTruncatedNormal"
    shape = tuple(int(d) for d in shape)
    params = np.broadcast_arrays(means, stddevs, minvals, maxvals)
    batch = params[0].shape
    if len(batch) > len(shape) or shape[len(shape) - len(batch):] != batch:
        raise invalid_argument(op_name, "Shape passed in must end with broadcasted shape.")
    mean, std, low, high = params
    if np.any(std <= 0) or np.any(low >= high) or np.any(np.isinf(low) & np.isinf(high)):
        raise invalid_argument(op_name, "Invalid parameters")
    samples = int(np.prod(shape[:len(shape) - len(batch)], dtype=np.int64))
    # float16 is sampled in float32 and rounded, as TF's kernel does
    compute = np.float64 if dtype is dtypes.float64 else np.float32
    flat = [p.astype(compute).reshape(-1) for p in params]
    drawn = philox.parameterized_truncated_normal(*_words(key, counter), flat, samples, compute)
    return drawn.reshape(shape).astype(dtype.as_numpy_dtype)


def stateless_parameterized_truncated_normal(shape, seed, means=0.0, stddevs=1.0, minvals=-2.0,
                                             maxvals=2.0, name=None):
    """``tf.random.stateless_parameterized_truncated_normal``: normal values of mean `means`
    and standard deviation `stddevs` kept within [`minvals`, `maxvals`] (all four broadcast
    to the trailing axes of `shape`), the same for the same `seed`. The values follow the
    distribution; they are not TF's stream (TF's sampler is not reproduced)."""
    op_name = "StatelessParameterizedTruncatedNormal"
    means = as_tensor(means)
    dtype = means.dtype
    if dtype not in (dtypes.float16, dtypes.float32, dtypes.float64):
        raise invalid_argument(op_name, f"Value for attr 'dtype' of {dtype.name} is not in the "
                                        f"list of allowed values: half, float, double")
    params = [means]
    for position, value in enumerate((stddevs, minvals, maxvals), start=3):
        if isinstance(value, Tensor) and value.dtype is not dtype:
            raise invalid_argument(op_name, f"cannot compute {op_name} as input #{position}"
                                            f"(zero-based) was expected to be a "
                                            f"{_kernel_name(dtype)} tensor but is a "
                                            f"{_kernel_name(value.dtype)} tensor")
        params.append(as_tensor(value, dtype))
    key, counter = _seed_key_counter(seed, op_name)
    return execute(_stateless_parameterized_truncated_normal, (key, counter, *params),
                   {"shape": _shape_arg(shape, op_name), "dtype": dtype})


def _kernel_name(dtype):
    return {"float32": "float", "float64": "double", "float16": "half"}.get(dtype.name,
                                                                           dtype.name)


# --- shuffling with a seed ------------------------------------------------------------------------
def _exact_uniform_below(n, draw):
    """A uniform integer in [0, n) from 32-bit draws, rejecting the few lowest words that
    would favour small results (TF's ExactUniformInt)."""
    reject_below = ((0xFFFFFFFF % n) + 1) % n
    while True:
        word = draw()
        if word >= reject_below:
            return word % n


@register("StatelessShuffle", differentiable=False)
def _stateless_shuffle(value, key, counter, *, alg):
    # TF's kernel: a forward Fisher-Yates over the first axis, position i swapped with
    # i + uniform(n - i), the uniforms drawn one Philox word at a time.
    key32, counter32 = philox.split64(key), philox.split64(counter)
    count = value.shape[0] if value.ndim else 0
    stream, used = philox.words(key32, counter32, count + 8), [0]

    def draw():
        nonlocal stream
        if used[0] == len(stream):  # rejections ate the spare words: extend the stream
            stream = philox.words(key32, counter32, 2 * len(stream))
        used[0] += 1
        return int(stream[used[0] - 1])

    order = np.arange(count)
    for i in range(count - 1):
        j = i + _exact_uniform_below(count - i, draw)
        order[i], order[j] = order[j], order[i]
    return value[order] if value.ndim else value.copy()


def stateless_shuffle(value, seed, alg="auto_select", name=None):
    """``tf.random.experimental.stateless_shuffle``: ``value`` with its first axis shuffled,
    the same way for the same ``seed`` (TF's order, to the element)."""
    value = convert_to_tensor(value)
    key, counter = _seed_key_counter(seed, "StatelessShuffle")
    return execute(_stateless_shuffle, (value, key, counter), {"alg": _alg_int(alg)})

class Generator:
    """``tf.random.Generator``: a random stream whose state is a ``tf.Variable``.

    The state (int64, 3 words for Philox) is a counter and a key. Each call reads the state,
    draws with the stateless kernels at (key, counter) and then advances the counter, all as
    ordinary ops, so a Generator works inside ``tf.function`` and a checkpoint that holds it
    (``tf.train.Checkpoint(generator=g)``) saves and restores the stream's position.
    """

    def __init__(self, copy_from=None, state=None, alg=None):
        if copy_from is not None:
            if state is not None or alg is not None:
                raise ValueError("When `copy_from` is not None, neither `state` nor `alg` may "
                                 "be given.")
            state, alg = copy_from.state.numpy(), copy_from.algorithm
        elif state is None:
            raise ValueError("Generator(state=None) is not allowed: use "
                             "tf.random.Generator.from_seed or from_non_deterministic_state.")
        self._alg = _alg_int(alg)
        size = _STATE_SIZES[self._alg]
        if isinstance(state, Variable) and state.dtype is dtypes.int64 and \
                list(state.shape) == [size]:
            self._state_var = state  # TF draws from the given variable itself: shared state
            return
        state = convert_to_tensor(state, dtype_hint=dtypes.int64)
        if list(state.shape) != [size]:
            raise ValueError(f"The shape of `state` ({list(state.shape)}) must be [{size}] for "
                             f"algorithm {self._alg}")
        if state.dtype is not dtypes.int64:
            state = convert_to_tensor(state.numpy().astype(np.int64))
        self._state_var = Variable(state, trainable=False, name="StateVar")  # TF's name

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def from_seed(cls, seed, alg=None):
        """A generator whose stream depends only on `seed` (an int or an int vector)."""
        alg = _alg_int(alg)
        return cls(state=create_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        """A generator seeded from the operating system's entropy."""
        alg = _alg_int(alg)
        seed = [int(w) for w in np.random.SeedSequence().generate_state(_STATE_SIZES[alg],
                                                                         np.uint64)]
        return cls(state=create_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_state(cls, state, alg):
        return cls(state=state, alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        counter = [int(c) for c in np.ravel(convert_to_tensor(counter).numpy())]
        key = [int(k) for k in np.ravel(convert_to_tensor(key).numpy())]
        return cls(state=create_rng_state(counter + key, alg), alg=alg)

    def reset(self, state):
        """Sets the state (as from ``from_state``)."""
        self._state_var.assign(convert_to_tensor(state, dtype=dtypes.int64))

    def reset_from_seed(self, seed):
        self._state_var.assign(create_rng_state(seed, self._alg))

    def reset_from_key_counter(self, key, counter):
        counter = [int(c) for c in np.ravel(convert_to_tensor(counter).numpy())]
        key = [int(k) for k in np.ravel(convert_to_tensor(key).numpy())]
        self._state_var.assign(create_rng_state(counter + key, self._alg))

    # --- state --------------------------------------------------------------------------------
    @property
    def state(self):
        """The state Variable (int64): the counter words, then the key."""
        return self._state_var

    @property
    def algorithm(self):
        return self._alg

    @property
    def key(self):
        return self._state_var[-1]

    def _trackable_children(self):
        return {"_state_var": self._state_var}

    def _key_counter(self, shape, skip=None):
        """Reads the state and moves the counter on by 256 blocks per value drawn (or by
        `skip` blocks), as TF's kernels do (the add ignores a carry into the counter's high
        word: it would take 2**56 values)."""
        if self._alg == Algorithm.THREEFRY.value:  # (TF has ThreeFry only in XLA's kernels)
            raise errors.op_error(errors.UnimplementedError, "RngReadAndSkip",
                                  "Non-XLA devices don't support the ThreeFry algorithm.")
        state = self._state_var.read_value()
        key, counter = state[-1:], state[:-1]
        step = np.zeros(_STATE_SIZES[self._alg], dtype=np.int64)
        if skip is None:
            skip = _size(_shape_arg(shape, "RngReadAndSkip")) * philox.BLOCKS_RESERVED_PER_OUTPUT
        step[0] = skip
        self._state_var.assign_add(step)
        return key, counter

    # --- distributions ------------------------------------------------------------------------
    def normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        dtype = _float_dtype(dtype, "StatelessRandomNormalV2")
        attrs = _stateless_attrs(shape, dtype, self._alg, "StatelessRandomNormalV2")
        key, counter = self._key_counter(shape)
        return _scale_shift(execute(_stateless_normal, (key, counter), attrs), mean, stddev,
                            dtype)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        dtype = _float_dtype(dtype, "StatelessTruncatedNormalV2")
        attrs = _stateless_attrs(shape, dtype, self._alg, "StatelessTruncatedNormalV2")
        key, counter = self._key_counter(shape)
        return _scale_shift(execute(_stateless_truncated_normal, (key, counter), attrs), mean,
                            stddev, dtype)

    def uniform(self, shape, minval=0, maxval=None, dtype=dtypes.float32, name=None):
        """Uniform in [minval, maxval); integer dtypes need both bounds (or neither, for the
        full range)."""
        dtype = dtypes.as_dtype(dtype)
        if dtype.is_integer and (minval is None) != (maxval is None):
            raise ValueError(f"For integer dtype {dtype}, minval and maxval must be both "
                             f"`None` or both non-`None`; got minval={minval} and "
                             f"maxval={maxval}")
        _stateless_attrs(shape, dtype, self._alg, "StatelessRandomUniformV2")  # check first
        key, counter = self._key_counter(shape)
        return _uniform_from(key, counter, shape, minval, maxval, dtype, self._alg,
                             both_or_none=True)

    def uniform_full_int(self, shape, dtype=dtypes.uint64, name=None):
        key, counter = self._key_counter(shape)
        return _uniform_from(key, counter, shape, None, None, dtype, self._alg,
                             both_or_none=True)

    def binomial(self, shape, counts, probs, dtype=dtypes.int32, name=None):
        # TF's stateful binomial kernel reserves more of the stream than one value each:
        # 256 blocks times (150 per (counts, probs) pair after broadcasting + 50 per value)
        pairs = int(np.prod(np.broadcast_shapes(np.shape(_static_numbers(counts)),
                                                np.shape(_static_numbers(probs)))))
        values = _size(_shape_arg(shape, "StatefulRandomBinomial"))
        key, counter = self._key_counter(shape, skip=philox.BLOCKS_RESERVED_PER_OUTPUT * (
            150 * pairs + 50 * values))
        return _binomial_from(key, counter, shape, counts, probs, dtype, self._alg)

    def skip(self, delta):
        """Moves the counter on as far as drawing `delta` values would; returns the state as
        it was (TF's op reads it, then skips)."""
        before = self._state_var.read_value()
        self._key_counter([int(delta)])
        return before

    def make_seeds(self, count=1):
        """Seeds ([2, count] int64) for the stateless ops: new keys over zeros, as TF makes
        them (the stateless ops scramble both words together, so one may be zero)."""
        keys = self.uniform_full_int([count], dtype=dtypes.int64)
        return stack([keys, zeros_like(keys)])

    def split(self, count=1):
        """`count` new, independent generators; this one advances."""
        keys = self.uniform_full_int([count], dtype=dtypes.int64).numpy()
        size = _STATE_SIZES[self._alg]
        return [Generator(state=[0] * (size - 1) + [int(k)], alg=self._alg) for k in keys]

    def __repr__(self):
        return f"<tf.random.Generator alg={self._alg} state={self._state_var.numpy()!r}>"


def _static_numbers(value):
    """An argument's numbers (for its shape): a tensor's shape stands in when traced."""
    if isinstance(value, Tensor):
        return np.zeros(value.shape.as_list() if value.shape.rank is not None else [])
    return np.asarray(value)


_GLOBAL_GENERATOR = None


def get_global_generator():
    """The generator ``tf.random`` users share (created from entropy on first use)."""
    global _GLOBAL_GENERATOR
    if _GLOBAL_GENERATOR is None:
        _GLOBAL_GENERATOR = Generator.from_non_deterministic_state()
    return _GLOBAL_GENERATOR


def set_global_generator(generator):
    """Replaces the global generator (functions that captured the old one keep using it)."""
    global _GLOBAL_GENERATOR
    if not isinstance(generator, Generator):
        raise TypeError(f"generator must be a tf.random.Generator, got "
                        f"{type(generator).__name__}")
    _GLOBAL_GENERATOR = generator

random_normal = normal
random_uniform = uniform
random_shuffle = shuffle

__all__ = ["set_seed", "get_seed", "normal", "uniform", "truncated_normal", "shuffle",
           "categorical", "Generator", "Algorithm", "create_rng_state", "get_global_generator",
           "set_global_generator", "numpy_generator", "stream", "stateless_normal",
           "stateless_uniform", "stateless_truncated_normal", "stateless_categorical",
           "stateless_binomial", "stateless_split", "stateless_fold_in",
           "stateless_shuffle", "gamma", "poisson", "stateless_gamma",
           "stateless_poisson"]

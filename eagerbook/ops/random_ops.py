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
We do the same with NumPy Generators kept in ``_STREAMS``. The ops are registered
``stateful=True`` so tf.function keeps them, in order, and never folds them into constants.
"""

import collections
import random as _py_random
import zlib

import numpy as np

from ..core import dtypes
from ..core.tensor import Tensor, convert_to_tensor
from .math_ops import add, multiply, subtract
from .registry import execute, invalid_argument, register
from .support import as_tensor

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2**31 - 1
_MAX_STREAMS = 1024  # op seeds drawn automatically are used once: keep the cache bounded


class _SeedState:
    def __init__(self):
        self.global_seed = None
        self.op_seed_rng = _py_random.Random()
        self.streams = collections.OrderedDict()  # (kind, dtype, seed, seed2) -> np Generator
        self.entropy = np.random.default_rng()  # the nondeterministic stream


_STATE = _SeedState()


def set_seed(seed):
    """``tf.random.set_seed``: fixes the global seed and restarts every random sequence."""
    _STATE.global_seed = None if seed is None else int(seed)
    _STATE.op_seed_rng = _py_random.Random(_STATE.global_seed)
    _STATE.streams.clear()


def get_global_seed():
    return _STATE.global_seed


def _truncate_seed(seed):
    return int(seed) % _MAXINT32  # TF keeps seeds within int32


def get_seed(op_seed):
    """TF's ``random_seed.get_seed``: the (global seed, op seed) pair a random op runs with.

    Returns ``(None, None)`` when neither seed is set (the op is nondeterministic).
    """
    global_seed = _STATE.global_seed
    if global_seed is not None:
        if op_seed is None:
            op_seed = _STATE.op_seed_rng.randint(0, _MAXINT32)
        seeds = _truncate_seed(global_seed), _truncate_seed(op_seed)
    elif op_seed is not None:
        seeds = DEFAULT_GRAPH_SEED, _truncate_seed(op_seed)
    else:
        seeds = None, None
    if seeds == (0, 0):  # (0, 0) means "nondeterministic" to the kernels
        seeds = (0, _MAXINT32)
    return seeds


def stream(kind, seed, seed2, stateless=False):
    """The persistent NumPy Generator of the kernel `kind` with attrs (seed, seed2).

    ``(0, 0)`` is TF's "no seed": a shared nondeterministic Generator. ``stateless=True``
    gives a fresh Generator that depends only on the seeds (``tf.random.Generator`` draws a
    new seed pair for every call, like TF's stateless random ops).
    """
    if not seed and not seed2:
        return _STATE.entropy
    if stateless:
        return np.random.default_rng([int(seed), int(seed2), zlib.crc32(repr(kind).encode())])
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


def numpy_generator(kind, seed=None):
    """A NumPy Generator following TF's seed rules, for code outside the op layer.

    Keras initializers, dropout layers and ``Dataset.shuffle`` call this with their own `kind`
    (a name) and optional op-level `seed`: reproducible after ``tf.random.set_seed``, and
    advancing on each call with the same explicit seed, as TF's random ops do.
    """
    seed, seed2 = get_seed(seed)
    return stream(kind, seed or 0, seed2 or 0)


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


def _draw(rng_method, shape, dtype):
    # NumPy draws float32/float64 directly; float16 goes through float32.
    np_dtype = dtype._np
    if np_dtype in (np.float32, np.float64):
        return rng_method(shape, dtype=np_dtype)
    return rng_method(shape, dtype=np.float32).astype(np_dtype)


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
def _random_normal(shape, dtype, seed, seed2, stateless=False):
    rng = stream(("RandomStandardNormal", dtype.name), seed, seed2, stateless)
    return _draw(rng.standard_normal, shape, dtype)


@register("RandomUniform", stateful=True, differentiable=False,
          infer_shape=_infer_from_attrs)
def _random_uniform(shape, dtype, seed, seed2, stateless=False):
    rng = stream(("RandomUniform", dtype.name), seed, seed2, stateless)
    return _draw(rng.random, shape, dtype)


@register("RandomUniformInt", stateful=True, differentiable=False,
          infer_shape=_infer_from_attrs)
def _random_uniform_int(shape, minval, maxval, dtype, seed, seed2, stateless=False):
    rng = stream(("RandomUniformInt", dtype.name), seed, seed2, stateless)
    return rng.integers(minval, maxval, size=shape, dtype=dtype._np)


@register("TruncatedNormal", stateful=True, differentiable=False,
          infer_shape=_infer_from_attrs)
def _truncated_normal(shape, dtype, seed, seed2, stateless=False):
    """Standard normal values redrawn until they fall within two standard deviations."""
    rng = stream(("TruncatedNormal", dtype.name), seed, seed2, stateless)
    out = rng.standard_normal(shape)
    bad = np.abs(out) > 2
    while bad.any():  # each round redraws ~4.6% of the remaining values
        out[bad] = rng.standard_normal(int(bad.sum()))
        bad = np.abs(out) > 2
    return out.astype(dtype._np)


@register("RandomShuffle", stateful=True, differentiable=False,
          infer_shape=_infer_like_input)
def _random_shuffle(value, seed, seed2):
    rng = stream(("RandomShuffle", value.dtype.str), seed, seed2)
    if value.ndim == 0:
        return value.copy()
    return value[rng.permutation(value.shape[0])]


@register("Multinomial", stateful=True, differentiable=False,
          infer_shape=_infer_multinomial)
def _multinomial(logits, num_samples, output_dtype, seed, seed2):
    """Samples class indices from unnormalized log-probabilities (the Gumbel-max trick).

    argmax(logits + Gumbel noise) is distributed as softmax(logits); one draw per sample.
    """
    rng = stream(("Multinomial", output_dtype.name), seed, seed2)
    batch, classes = logits.shape
    gumbel = -np.log(-np.log(rng.random((batch, num_samples, classes)) + 1e-300) + 1e-300)
    with np.errstate(invalid="ignore"):
        scores = logits.astype(np.float64)[:, None, :] + gumbel
    return np.argmax(scores, axis=-1).astype(output_dtype._np)


# --- public functions ---------------------------------------------------------------------------
def normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    """Samples from N(mean, stddev**2) (``tf.random.normal``)."""
    dtype = _float_dtype(dtype, "RandomStandardNormal")
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
    dtype = _float_dtype(dtype, "TruncatedNormal")
    attrs = {"shape": _shape_arg(shape, "TruncatedNormal"), "dtype": dtype}
    attrs.update(_seed_attrs(seed))
    rnd = execute(_truncated_normal, (), attrs)
    return _scale_shift(rnd, mean, stddev, dtype)


def _python_int(value, what):
    if isinstance(value, Tensor) or hasattr(type(value), "_as_tensor"):
        value = convert_to_tensor(value)._value
    array = np.asarray(value)
    if array.ndim != 0:
        raise ValueError(f"{what} must be a scalar for integer uniform sampling, got shape "
                         f"{array.shape}")
    return int(array)


def uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None):
    """Uniform samples in [minval, maxval): floats default to [0, 1); ints need `maxval`."""
    return _uniform(shape, minval, maxval, dtype, lambda: _seed_attrs(seed))


def _uniform(shape, minval, maxval, dtype, seed_attrs):
    dtype = dtypes.as_dtype(dtype)
    shape = _shape_arg(shape, "RandomUniform")
    if dtype.is_integer:
        if dtype not in (dtypes.int32, dtypes.int64):
            raise TypeError(f"Value passed to parameter 'dtype' has DataType {dtype.name} not "
                            f"in list of allowed values: int32, int64")
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        lo, hi = _python_int(minval, "minval"), _python_int(maxval, "maxval")
        if lo >= hi:
            raise invalid_argument("RandomUniformInt", f"Need minval < maxval: {lo} >= {hi}")
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
    num_samples = _python_int(num_samples, "num_samples")
    if num_samples < 0:
        raise invalid_argument("Multinomial", f"num_samples should be nonnegative, got "
                                              f"{num_samples}")
    if logits._value is not None and logits._value.shape[1] == 0 and num_samples:
        raise invalid_argument("Multinomial", "num_classes should be positive, got: 0")
    attrs = {"num_samples": num_samples, "output_dtype": output_dtype}
    attrs.update(_seed_attrs(seed))
    return execute(_multinomial, (logits,), attrs)


# --- tf.random.Generator ------------------------------------------------------------------------
class Generator:
    """``tf.random.Generator``: an explicit random state, independent of the global seed.

    Each call draws fresh (seed, seed2) attrs from the generator's own state, so its sequence
    depends only on how it was created (``from_seed``) and how often it was used.
    """

    def __init__(self, seed=None):
        self._rng = np.random.default_rng(seed)

    @classmethod
    def from_seed(cls, seed, alg=None):
        return cls(int(seed))

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        return cls(None)

    def reset_from_seed(self, seed):
        self._rng = np.random.default_rng(int(seed))

    def _seed(self):
        seed, seed2 = (int(v) for v in self._rng.integers(1, _MAXINT32, size=2))
        return {"seed": seed, "seed2": seed2, "stateless": True}

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        dtype = _float_dtype(dtype, "StatefulStandardNormalV2")
        attrs = {"shape": _shape_arg(shape, "RandomStandardNormal"), "dtype": dtype}
        attrs.update(self._seed())
        return _scale_shift(execute(_random_normal, (), attrs), mean, stddev, dtype)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        dtype = _float_dtype(dtype, "StatefulTruncatedNormal")
        attrs = {"shape": _shape_arg(shape, "TruncatedNormal"), "dtype": dtype}
        attrs.update(self._seed())
        return _scale_shift(execute(_truncated_normal, (), attrs), mean, stddev, dtype)

    def uniform(self, shape, minval=0, maxval=None, dtype=dtypes.float32, name=None):
        return _uniform(shape, minval, maxval, dtype, self._seed)


def get_global_generator():
    global _GLOBAL_GENERATOR
    if _GLOBAL_GENERATOR is None:
        _GLOBAL_GENERATOR = Generator.from_non_deterministic_state()
    return _GLOBAL_GENERATOR


_GLOBAL_GENERATOR = None

random_normal = normal
random_uniform = uniform
random_shuffle = shuffle

__all__ = ["set_seed", "get_seed", "normal", "uniform", "truncated_normal", "shuffle",
           "categorical", "Generator", "get_global_generator", "numpy_generator", "stream"]

"""``tf.keras.initializers``: callables ``init(shape, dtype) -> Tensor`` for new weights.

A random initializer draws as TF's Keras does, from the stateless Philox ops with the seed
``[seed, 0]``: so ``GlorotUniform(seed=1)`` gives TF's values bit for bit, and gives the same
values at every call. An initializer made without a seed fixes one at its first call: after
``tf.keras.utils.set_random_seed(n)`` it takes the next number of a ``random.Random(n)`` stream
(as TF's Keras does, so a model's first weights are TF's too); otherwise it draws through
``eagerbook.ops.random_ops.numpy_sample``, following ``tf.random.set_seed`` (TF's values are
not reproducible there at all: its Keras then seeds from Python's unseeded ``random``).
"""

import math
import random
import warnings

import numpy as np

from ..core import dtypes
from ..core.tensor import _from_numpy, convert_to_tensor
from ..ops import random_ops
from . import backend, serialization


def _dtype(dtype):
    return dtypes.as_dtype(dtype if dtype is not None else backend.floatx())


def _shape(shape):
    return tuple(int(d) for d in shape)


def _float_dtype(dtype):
    """The dtype of a draw that only makes sense in floating point (TF refuses the others)."""
    dtype = _dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Expected floating point type, got {dtype}.")
    return dtype


def _numeric_dtype(dtype):
    """The dtype of a constant fill: numbers and bools, not strings (as TF checks it)."""
    dtype = _dtype(dtype)
    if dtype == dtypes.string:
        raise ValueError(f"Expected numeric or boolean dtype, got {dtype}.")
    return dtype


# The stream `tf.keras.utils.set_random_seed` starts: unseeded initializers take their seeds
# from it, one number each, in the order they are first called.
_seed_stream = None


def set_seed_stream(seed):
    """Restart the stream of initializer seeds (``tf.keras.utils.set_random_seed``)."""
    global _seed_stream
    _seed_stream = random.Random(seed)


def next_stream_seed():
    """The next seed of that stream, or None before any `set_random_seed`."""
    return None if _seed_stream is None else _seed_stream.randint(1, int(1e9))


_STATELESS = {"uniform": random_ops.stateless_uniform, "normal": random_ops.stateless_normal,
              "truncated_normal": random_ops.stateless_truncated_normal}


def _draw(kind, shape, dtype, seed, **params):
    """A Tensor of random values; `kind` is uniform / normal / truncated_normal. With an int
    `seed`, TF's stateless draw from ``[seed, 0]``; with None, eagerbook's seeded sampler."""
    with backend.init_scope():
        if seed is None:
            return random_ops.numpy_sample(kind, shape, dtype, None, **params)
        return _STATELESS[kind](shape, seed=[seed, 0], dtype=dtype, **params)


class Initializer:
    """Base class: ``__call__(shape, dtype=None, **kwargs)`` returns a Tensor."""

    def __call__(self, shape, dtype=None, **kwargs):
        raise NotImplementedError

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config.pop("dtype", None)
        return cls(**config)


class Zeros(Initializer):
    def __call__(self, shape, dtype=None, **kwargs):
        dtype = _numeric_dtype(dtype)
        return _from_numpy(np.zeros(_shape(shape), dtype=dtype._np))


class Ones(Initializer):
    def __call__(self, shape, dtype=None, **kwargs):
        dtype = _numeric_dtype(dtype)
        return _from_numpy(np.ones(_shape(shape), dtype=dtype._np))


class Constant(Initializer):
    def __init__(self, value=0):
        self.value = value

    def __call__(self, shape, dtype=None, **kwargs):
        dtype = _dtype(dtype)
        value = np.asarray(convert_to_tensor(self.value, dtype=dtype)._value)
        try:
            return _from_numpy(np.array(np.broadcast_to(value, _shape(shape)), dtype=dtype._np))
        except ValueError:
            if value.size == int(np.prod(_shape(shape))):
                return _from_numpy(value.reshape(_shape(shape)).astype(dtype._np))
            # TF's words: the value goes through tf.constant with the shape to fill
            raise TypeError(
                f"Eager execution of tf.constant with unsupported shape. Tensor "
                f"{value} "
                f"(converted from {self.value}) has {value.size} elements, but got `shape` "
                f"{_shape(shape)} with {int(np.prod(_shape(shape)))} elements).") from None

    def get_config(self):
        value = self.value
        return {"value": value.tolist() if isinstance(value, np.ndarray) else value}


class _RandomInitializer(Initializer):
    """An initializer whose draws depend on a seed, fixed at its first call."""

    seed = None

    def _call_seed(self):
        """The seed of this call: the given one, else the one fixed at the first call (from
        the `set_random_seed` stream, or None for eagerbook's own sampler). Calling an
        unseeded initializer again warns as TF does: with a fixed seed, values repeat."""
        if "_fixed_seed" in self.__dict__:
            if self.seed is None:
                warnings.warn(
                    f"The initializer {type(self).__name__} is unseeded and being called "
                    "multiple times, which will return identical values each time (even if "
                    "the initializer is unseeded). Please update your code to provide a seed "
                    "to the initializer, or avoid using the same initializer instance more "
                    "than once.", stacklevel=3)
            return self._fixed_seed
        self._fixed_seed = self.seed if self.seed is not None else next_stream_seed()
        return self._fixed_seed


class RandomUniform(_RandomInitializer):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval, self.seed = minval, maxval, seed

    def __call__(self, shape, dtype=None, **kwargs):
        return _draw("uniform", _shape(shape), _dtype(dtype), self._call_seed(),
                     minval=self.minval, maxval=self.maxval)

    def get_config(self):
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


class RandomNormal(_RandomInitializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev, self.seed = mean, stddev, seed

    def __call__(self, shape, dtype=None, **kwargs):
        return _draw("normal", _shape(shape), _float_dtype(dtype), self._call_seed(),
                     mean=self.mean, stddev=self.stddev)

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}


class TruncatedNormal(RandomNormal):
    def __call__(self, shape, dtype=None, **kwargs):
        return _draw("truncated_normal", _shape(shape), _float_dtype(dtype), self._call_seed(),
                     mean=self.mean, stddev=self.stddev)


def compute_fans(shape):
    """(fan_in, fan_out) of a weight shape: conv kernels count their receptive field."""
    shape = _shape(shape)
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = 1
    for d in shape[:-2]:
        receptive *= d
    return shape[-2] * receptive, shape[-1] * receptive


# Standard deviation of a unit normal truncated to [-2, 2].
_TRUNCATED_STD = 0.87962566103423978


class VarianceScaling(_RandomInitializer):
    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None):
        if scale <= 0.0:
            raise ValueError(f"`scale` must be positive float. Received: scale={scale}.")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(f"Invalid `mode` argument: {mode}. Please use one of the "
                             "{'fan_avg', 'fan_out', 'fan_in'}.")
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError(f"Invalid `distribution` argument: {distribution}.Allowed "
                             "distributions: {'uniform', 'truncated_normal', "
                             "'untruncated_normal'}.")
        self.scale, self.mode, self.distribution, self.seed = scale, mode, distribution, seed

    def __call__(self, shape, dtype=None, **kwargs):
        shape = _shape(shape)
        fan_in, fan_out = compute_fans(shape)
        scale = self.scale
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        dtype, seed = _float_dtype(dtype), self._call_seed()
        if self.distribution == "truncated_normal":
            return _draw("truncated_normal", shape, dtype, seed, mean=0.0,
                         stddev=math.sqrt(scale) / _TRUNCATED_STD)
        if self.distribution == "untruncated_normal":
            return _draw("normal", shape, dtype, seed, mean=0.0, stddev=math.sqrt(scale))
        limit = math.sqrt(3.0 * scale)
        return _draw("uniform", shape, dtype, seed, minval=-limit, maxval=limit)

    def get_config(self):
        return {"scale": self.scale, "mode": self.mode, "distribution": self.distribution,
                "seed": self.seed}


class _Preset(VarianceScaling):
    _args = ()

    def __init__(self, seed=None):
        super().__init__(*self._args, seed=seed)

    def get_config(self):
        return {"seed": self.seed}


class GlorotUniform(_Preset):
    _args = (1.0, "fan_avg", "uniform")


class GlorotNormal(_Preset):
    _args = (1.0, "fan_avg", "truncated_normal")


class HeNormal(_Preset):
    _args = (2.0, "fan_in", "truncated_normal")


class HeUniform(_Preset):
    _args = (2.0, "fan_in", "uniform")


class LecunNormal(_Preset):
    _args = (1.0, "fan_in", "truncated_normal")


class LecunUniform(_Preset):
    _args = (1.0, "fan_in", "uniform")


class Identity(Initializer):
    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None, **kwargs):
        shape = _shape(shape)
        dtype = _float_dtype(dtype)
        if len(shape) != 2:
            raise ValueError("Identity matrix initializer can only be used for 2D matrices. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        return _from_numpy((self.gain * np.eye(*shape)).astype(dtype._np))

    def get_config(self):
        return {"gain": self.gain}


class Orthogonal(_RandomInitializer):
    """A (scaled) orthogonal matrix: the QR factor of a normal draw, signs fixed as TF does
    (the recurrent kernels' default, which keeps repeated products from blowing up)."""

    def __init__(self, gain=1.0, seed=None):
        self.gain, self.seed = gain, seed

    def __call__(self, shape, dtype=None, **kwargs):
        shape = _shape(shape)
        if len(shape) < 2:
            raise ValueError("The tensor to initialize must be at least two-dimensional. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        rows = int(np.prod(shape[:-1]))
        cols = shape[-1]
        dtype = _float_dtype(dtype)
        draw = _draw("normal", (max(rows, cols), min(rows, cols)), dtype, self._call_seed(),
                     mean=0.0, stddev=1.0).numpy().astype(np.float64)
        q, r = np.linalg.qr(draw)
        q *= np.sign(np.diag(r))  # a unique, uniformly distributed factor
        if rows < cols:
            q = q.T
        return _from_numpy((self.gain * q.reshape(shape)).astype(dtype._np))

    def get_config(self):
        return {"gain": self.gain, "seed": self.seed}


# Lower-case aliases, as tf.keras.initializers exposes them.
zeros = Zeros
ones = Ones
constant = Constant
random_uniform = RandomUniform
random_normal = RandomNormal
truncated_normal = TruncatedNormal
glorot_uniform = GlorotUniform
glorot_normal = GlorotNormal
he_normal = HeNormal
he_uniform = HeUniform
lecun_normal = LecunNormal
lecun_uniform = LecunUniform
variance_scaling = VarianceScaling
identity = Identity
orthogonal = Orthogonal

_BY_NAME = {
    "zeros": Zeros, "ones": Ones, "constant": Constant, "random_uniform": RandomUniform,
    "uniform": RandomUniform, "random_normal": RandomNormal, "normal": RandomNormal,
    "truncated_normal": TruncatedNormal, "glorot_uniform": GlorotUniform,
    "glorot_normal": GlorotNormal, "he_normal": HeNormal, "he_uniform": HeUniform,
    "lecun_normal": LecunNormal, "lecun_uniform": LecunUniform,
    "variance_scaling": VarianceScaling, "identity": Identity, "orthogonal": Orthogonal,
}
_BY_CLASS = {cls.__name__: cls for cls in _BY_NAME.values()}


def get(identifier):
    if identifier is None:
        return None
    if isinstance(identifier, str):
        cls = _BY_NAME.get(identifier) or _BY_CLASS.get(identifier)
        if cls is None:
            raise serialization.unknown_object_error("initializer", identifier)
        return cls()
    if isinstance(identifier, dict):
        cls = _BY_CLASS.get(identifier["class_name"])
        if cls is None:
            raise serialization.unknown_object_error("initializer", identifier["class_name"])
        return cls.from_config(identifier.get("config", {}))
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret initializer identifier: {identifier!r}")


def serialize(initializer):
    if initializer is None:
        return None
    if isinstance(initializer, Initializer):
        return serialization.keras_object_entry(initializer, "keras.initializers")
    return getattr(initializer, "__name__", repr(initializer))


def deserialize(config):
    return get(config)

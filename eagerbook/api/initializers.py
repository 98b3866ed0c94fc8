"""TF 2's top-level initializers: ``tf.zeros_initializer``, ``tf.ones_initializer``,
``tf.constant_initializer``, ``tf.random_uniform_initializer``, ``tf.random_normal_initializer``.

They differ from ``tf.keras.initializers`` in small ways TF keeps: the dtype defaults to
float32 (not Keras's floatx), ``constant_initializer`` without a dtype keeps the value's own
dtype, and a ``seed`` makes the random ones stateless (the same values on every call).
"""

from ..core import dtypes
from ..core.tensor import constant
from ..ops import array_ops, random_ops


def _numeric_or_bool(dtype):
    dtype = dtypes.as_dtype(dtype)
    if dtype == dtypes.string or dtype.is_complex:
        raise ValueError(f"Argument `dtype` expected to be numeric or boolean. Received {dtype}.")
    return dtype


class Initializer:
    """``init(shape, dtype)`` returns a new Tensor; ``get_config`` lists the arguments.

    Its own base, not Keras's, as in TF: ``isinstance(tf.zeros_initializer(),
    tf.keras.initializers.Initializer)`` is False there too."""

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
    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        return array_ops.zeros(shape, _numeric_or_bool(dtype))


class Ones(Initializer):
    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        return array_ops.ones(shape, _numeric_or_bool(dtype))


class Constant(Initializer):
    def __init__(self, value=0):
        self.value = value

    def __call__(self, shape, dtype=None, **kwargs):
        # tf.constant with a shape: a scalar fills it, a value with as many elements is
        # reshaped to it, anything else is a TypeError (as TF).
        return constant(self.value, dtype=dtype, shape=shape)

    def get_config(self):
        return {"value": self.value}


class _Random(Initializer):
    def __init__(self, seed):
        self.seed = seed

    def _stateless_seed(self):
        # A given seed means "the same values every call": TF draws statelessly from [seed, 0].
        return None if self.seed is None else [self.seed, 0]


class RandomUniform(_Random):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        super().__init__(seed)
        self.minval, self.maxval = minval, maxval

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        dtype = dtypes.as_dtype(dtype)
        if not (dtype.is_floating or dtype.is_integer):
            raise ValueError("Argument `dtype` expected to be numeric or boolean. "
                             f"Received {dtype}.")
        seed = self._stateless_seed()
        if seed is None:
            return random_ops.uniform(shape, self.minval, self.maxval, dtype=dtype)
        return random_ops.stateless_uniform(shape, seed, self.minval, self.maxval, dtype=dtype)

    def get_config(self):
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


class RandomNormal(_Random):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        dtype = dtypes.as_dtype(dtype)
        if not dtype.is_floating:
            raise ValueError("Argument `dtype` is expected to be floating point. "
                             f"Received: {dtype}.")
        seed = self._stateless_seed()
        if seed is None:
            return random_ops.normal(shape, self.mean, self.stddev, dtype=dtype)
        return random_ops.stateless_normal(shape, seed, self.mean, self.stddev, dtype=dtype)

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}


zeros_initializer = Zeros
ones_initializer = Ones
constant_initializer = Constant
random_uniform_initializer = RandomUniform
random_normal_initializer = RandomNormal

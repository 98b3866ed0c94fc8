"""TF 1.x's Keras initializers: ``tf.compat.v1.keras.initializers``.

Their random draws are TF 1.x's: each call runs a stateful random op with the initializer's
seed, so two calls of one seeded initializer give different values (TF 2's give the same
values every time). Their dtype is given to the constructor and shows in ``get_config``. Any
other name of the namespace is TF 2's initializer.
"""

from ..core import dtypes
from ..ops import random_ops
from . import initializers
from .initializers import Initializer


class _StatefulRandom(Initializer):
    """An initializer drawing from a stateful random op: ``init(shape, dtype=None)``."""

    def __init__(self, seed=None, dtype=dtypes.float32):
        self.seed = seed
        self.dtype = dtypes.as_dtype(dtype)

    def _parameters(self):
        raise NotImplementedError

    def get_config(self):
        return {**self._parameters(), "seed": self.seed, "dtype": self.dtype.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class RandomNormal(_StatefulRandom):
    def __init__(self, mean=0.0, stddev=0.05, seed=None, dtype=dtypes.float32):
        super().__init__(seed, dtype)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.normal(shape, self.mean, self.stddev,
                                        dtype=dtype or self.dtype, seed=self.seed)

    def _parameters(self):
        return {"mean": self.mean, "stddev": self.stddev}


class RandomUniform(_StatefulRandom):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None, dtype=dtypes.float32):
        super().__init__(seed, dtype)
        self.minval, self.maxval = minval, maxval

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.uniform(shape, self.minval, self.maxval,
                                         dtype=dtype or self.dtype, seed=self.seed)

    def _parameters(self):
        return {"minval": self.minval, "maxval": self.maxval}


class TruncatedNormal(RandomNormal):
    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.truncated_normal(shape, self.mean, self.stddev,
                                           dtype=dtype or self.dtype, seed=self.seed)


# TF 1.x's lowercase names of the same classes
normal = random_normal = RandomNormal
uniform = random_uniform = RandomUniform
truncated_normal = TruncatedNormal


def __getattr__(name):
    """The names TF 1.x's namespace shares with TF 2's (Zeros, Constant, glorot_uniform...)."""
    return getattr(initializers, name)

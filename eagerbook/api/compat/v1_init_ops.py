"""TF 1.x initializers (``get_variable`` is in v1_variable_scope.py).

TF 1.x's initializers differ from TF 2's (``tf.zeros_initializer`` and friends) in that the
dtype is given to the constructor (``tf.compat.v1.zeros_initializer(dtype=tf.int32)``), and
``constant_initializer`` may pad: in a graph, a value with fewer elements than the shape is
filled out with its last element (TF 1.x's ``tf.constant``).
"""

import math

import numpy as np

from ...core import dtypes
from ...core.context import executing_eagerly
from ...core.shape import TensorShape
from ...core.tensor import Tensor, constant, convert_to_tensor
from ...ops import array_ops, functional_ops, random_ops


class Initializer:
    """``init(shape, dtype=None, partition_info=None)``; the dtype defaults to the one given
    to the constructor."""

    def __init__(self, dtype=dtypes.float32):
        self.dtype = dtypes.as_dtype(dtype)

    def get_config(self):
        return {"dtype": self.dtype.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Zeros(Initializer):
    def __call__(self, shape, dtype=None, partition_info=None):
        return array_ops.zeros(shape, dtype or self.dtype)


class Ones(Initializer):
    def __call__(self, shape, dtype=None, partition_info=None):
        return array_ops.ones(shape, dtype or self.dtype)


class Constant(Initializer):
    def __init__(self, value=0, dtype=dtypes.float32, verify_shape=False):
        super().__init__(dtype)
        self.value = value
        self._verify_shape = verify_shape

    def __call__(self, shape, dtype=None, partition_info=None, verify_shape=None):
        dtype = dtypes.as_dtype(dtype or self.dtype)
        verify = self._verify_shape if verify_shape is None else verify_shape
        shape = tuple(TensorShape(shape).as_list())
        if executing_eagerly():
            if verify:
                given = convert_to_tensor(self.value, dtype=dtype)
                if tuple(given.shape.as_list()) != shape:
                    raise TypeError(f"Expected Tensor {given.numpy()} (converted from "
                                    f"{self.value}) with shape {shape}, but got shape "
                                    f"{tuple(given.shape.as_list())}.")
            return constant(self.value, dtype=dtype, shape=shape)
        # In a graph, TF 1.x's constant pads a short value with its last element.
        with functional_ops.init_scope():  # the value itself is known now
            value = convert_to_tensor(self.value, dtype=dtype).numpy()
        value = np.asarray(value)
        if verify and value.shape != shape:
            raise TypeError(f"Expected Tensor's shape: {shape}, but got {value.shape}.")
        size = math.prod(shape)
        flat = value.reshape(-1)
        if flat.size > size:
            raise ValueError(f"Too many elements provided. Takes at most {size}, but got "
                             f"{flat.size}.")
        if value.ndim and flat.size != size:
            flat = np.concatenate([flat, np.repeat(flat[-1:], size - flat.size)])
        return constant(flat.reshape(shape) if value.ndim else value, dtype=dtype, shape=shape)

    def get_config(self):
        return {"value": self.value, "dtype": self.dtype.name,
                "verify_shape": self._verify_shape}


class GlorotUniform(Initializer):
    """Uniform in ``[-limit, limit]``, ``limit = sqrt(6 / (fan_in + fan_out))``: what
    ``get_variable`` uses when given no initializer."""

    def __init__(self, seed=None, dtype=dtypes.float32):
        super().__init__(dtype)
        self.seed = seed

    def __call__(self, shape, dtype=None, partition_info=None):
        dims = TensorShape(shape).as_list()
        if not dims:
            fan_in = fan_out = 1
        elif len(dims) == 1:
            fan_in = fan_out = dims[0]
        else:
            receptive = math.prod(dims[:-2])
            fan_in, fan_out = dims[-2] * receptive, dims[-1] * receptive
        limit = math.sqrt(3.0 / max(1.0, (fan_in + fan_out) / 2.0))  # variance 1 / fan_avg
        return random_ops.uniform(dims, -limit, limit, dtype=dtype or self.dtype, seed=self.seed)


zeros_initializer = Zeros
ones_initializer = Ones
constant_initializer = Constant
glorot_uniform_initializer = GlorotUniform

__all__ = ["zeros_initializer", "ones_initializer", "constant_initializer",
           "glorot_uniform_initializer"]

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


# --- random initializers: each call runs TF 1.x's stateful random op with the initializer's
# seed, so under tf.random.set_seed they give TF's values (TF 2's Keras initializers draw
# differently). Their defaults are TF 1.x's: a standard normal, uniform in [0, 1).
def _float_dtype(dtype):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Argument `dtype` is expected to be floating point. "
                         f"Received: {dtype}.")
    return dtype


class RandomUniform(Initializer):
    """Uniform in ``[minval, maxval)`` (``maxval`` None: 1 for floats)."""

    def __init__(self, minval=0.0, maxval=None, seed=None, dtype=dtypes.float32):
        super().__init__(dtype)
        self.minval, self.maxval, self.seed = minval, maxval, seed

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.uniform(shape, self.minval, self.maxval,
                                  dtype=dtype or self.dtype, seed=self.seed)

    def get_config(self):
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed,
                "dtype": self.dtype.name}


class RandomNormal(Initializer):
    def __init__(self, mean=0.0, stddev=1.0, seed=None, dtype=dtypes.float32):
        super().__init__(_float_dtype(dtype))
        self.mean, self.stddev, self.seed = mean, stddev, seed

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.normal(shape, self.mean, self.stddev, dtype=dtype or self.dtype,
                                 seed=self.seed)

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed,
                "dtype": self.dtype.name}


class TruncatedNormal(RandomNormal):
    """Normal draws cut at two standard deviations from the mean (drawn again there)."""

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.truncated_normal(shape, self.mean, self.stddev,
                                           dtype=dtype or self.dtype, seed=self.seed)


def _fans(shape):
    """(fan_in, fan_out) of a weight shape; a kernel's spatial dimensions multiply both."""
    dims = TensorShape(shape).as_list()
    if not dims:
        return 1, 1
    if len(dims) == 1:
        return dims[0], dims[0]
    receptive = math.prod(dims[:-2])
    return dims[-2] * receptive, dims[-1] * receptive


class VarianceScaling(Initializer):
    """Draws with variance ``scale / n`` (n: fan in, fan out or their mean, by `mode`): a
    truncated normal (``"normal"`` is its old name), a normal or a uniform."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None,
                 dtype=dtypes.float32):
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be a positive float. Received: {scale}")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(f"Argument `mode` should be one of ('fan_in', 'fan_out', "
                             f"'fan_avg'). Received: {mode}")
        distribution = distribution.lower()
        if distribution not in ("normal", "uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError(f"Argument `distribution` should be one of ('normal', uniform', "
                             f"'truncated_normal', 'untruncated_normal'). Received: "
                             f"{distribution}")
        super().__init__(_float_dtype(dtype))
        self.scale, self.mode, self.distribution, self.seed = scale, mode, distribution, seed

    def __call__(self, shape, dtype=None, partition_info=None):
        dtype = dtype or self.dtype
        fan_in, fan_out = _fans(partition_info.full_shape if partition_info is not None
                                else shape)
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}
        scale = self.scale / max(1.0, n[self.mode])
        if self.distribution in ("normal", "truncated_normal"):
            # the standard deviation of a unit normal cut at +-2, so the cut draws have `scale`
            stddev = math.sqrt(scale) / .87962566103423978
            return random_ops.truncated_normal(shape, 0.0, stddev, dtype=dtype, seed=self.seed)
        if self.distribution == "untruncated_normal":
            return random_ops.normal(shape, 0.0, math.sqrt(scale), dtype=dtype, seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return random_ops.uniform(shape, -limit, limit, dtype=dtype, seed=self.seed)

    def get_config(self):
        return {"scale": self.scale, "mode": self.mode, "distribution": self.distribution,
                "seed": self.seed, "dtype": self.dtype.name}


class GlorotUniform(VarianceScaling):
    """Uniform in ``[-limit, limit]``, ``limit = sqrt(6 / (fan_in + fan_out))``: what
    ``get_variable`` uses when given no initializer."""

    def __init__(self, seed=None, dtype=dtypes.float32):
        super().__init__(1.0, "fan_avg", "uniform", seed, dtype)

    def get_config(self):
        return {"seed": self.seed, "dtype": self.dtype.name}


class GlorotNormal(VarianceScaling):
    """Truncated normal with variance ``2 / (fan_in + fan_out)``."""

    def __init__(self, seed=None, dtype=dtypes.float32):
        super().__init__(1.0, "fan_avg", "truncated_normal", seed, dtype)

    def get_config(self):
        return {"seed": self.seed, "dtype": self.dtype.name}


zeros_initializer = Zeros
ones_initializer = Ones
constant_initializer = Constant
glorot_uniform_initializer = GlorotUniform
glorot_normal_initializer = GlorotNormal
random_uniform_initializer = RandomUniform
random_normal_initializer = RandomNormal
truncated_normal_initializer = TruncatedNormal
variance_scaling_initializer = VarianceScaling

# tf.compat.v1.initializers: the same classes under their short names
INITIALIZERS = {"zeros": Zeros, "ones": Ones, "constant": Constant,
                "glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal,
                "random_uniform": RandomUniform, "random_normal": RandomNormal,
                "truncated_normal": TruncatedNormal, "variance_scaling": VarianceScaling}

__all__ = ["zeros_initializer", "ones_initializer", "constant_initializer",
           "glorot_uniform_initializer", "glorot_normal_initializer",
           "random_uniform_initializer", "random_normal_initializer",
           "truncated_normal_initializer", "variance_scaling_initializer"]

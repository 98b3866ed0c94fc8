"""Small layers of ``tf.keras.layers`` the TF 2 guides use beside the core ones:

* activation layers (``ReLU``, ``LeakyReLU``, ``ELU``, ``Softmax``, ``PReLU``);
* ``Masking`` (marks padded steps so RNN layers skip them), ``RepeatVector``, ``Permute``;
* element-wise merges ``Maximum``/``Minimum`` and the functional spellings ``average``,
  ``multiply``, ``subtract``, ``maximum``, ``minimum``;
* ``LayerNormalization``; preprocessing's ``Rescaling`` and ``Normalization`` (``adapt``).
"""

import numpy as np

from ...core import dtypes
from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...ops import array_ops, math_ops, nn_ops
from .. import activations, initializers, regularizers
from .base import InputSpec, Layer
from .core import Average, Multiply, Subtract, _Merge


class _Elementwise(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)


class ReLU(_Elementwise):
    """``max(x, 0)``, with an optional cap (``max_value``), slope below ``threshold``."""

    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0:
            raise ValueError("max_value of a ReLU layer cannot be a negative value. Received: "
                             f"{max_value}")
        if negative_slope is None or negative_slope < 0:
            raise ValueError("negative_slope of a ReLU layer cannot be a negative value. "
                             f"Received: {negative_slope}")
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold

    def call(self, inputs):
        return activations.relu(inputs, alpha=self.negative_slope, max_value=self.max_value,
                                threshold=self.threshold)

    def get_config(self):
        config = super().get_config()
        config.update({"max_value": self.max_value, "negative_slope": self.negative_slope,
                       "threshold": self.threshold})
        return config


class LeakyReLU(_Elementwise):
    """``x`` where positive, ``alpha * x`` elsewhere (TF 2's default alpha is 0.3)."""

    def __init__(self, alpha=0.3, **kwargs):
        super().__init__(**kwargs)
        if alpha is None:
            raise ValueError("The alpha value of a Leaky ReLU layer cannot be None. "
                             f"Expecting a float. Received: {alpha}")
        self.alpha = float(alpha)

    def call(self, inputs):
        return nn_ops.leaky_relu(inputs, alpha=self.alpha)

    def get_config(self):
        config = super().get_config()
        config["alpha"] = self.alpha
        return config


class ELU(_Elementwise):
    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = float(alpha)

    def call(self, inputs):
        out = nn_ops.elu(inputs)
        if self.alpha == 1.0:
            return out
        negative = math_ops.cast(math_ops.less(inputs, 0.0), out.dtype)
        return math_ops.add(math_ops.multiply(math_ops.multiply(out, self.alpha), negative),
                            math_ops.multiply(out, math_ops.subtract(1.0, negative)))

    def get_config(self):
        config = super().get_config()
        config["alpha"] = self.alpha
        return config


class Softmax(_Elementwise):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs, mask=None):
        if mask is not None:
            # Masked positions get a large negative logit, so (almost) no probability.
            adder = math_ops.multiply(math_ops.subtract(1.0, math_ops.cast(mask, inputs.dtype)),
                                      -1e9)
            inputs = math_ops.add(inputs, adder)
        return nn_ops.softmax(inputs, axis=self.axis)

    def get_config(self):
        config = super().get_config()
        config["axis"] = self.axis
        return config


class PReLU(Layer):
    """A leaky ReLU whose negative slope is learned, one per feature."""

    def __init__(self, alpha_initializer="zeros", alpha_regularizer=None,
                 alpha_constraint=None, shared_axes=None, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = alpha_constraint
        self.shared_axes = None if shared_axes is None else (
            [shared_axes] if isinstance(shared_axes, int) else list(shared_axes))

    def build(self, input_shape):
        shape = list(TensorShape(input_shape).as_list()[1:])
        for axis in self.shared_axes or []:
            shape[axis - 1] = 1
        self.alpha = self.add_weight("alpha", shape=shape, initializer=self.alpha_initializer,
                                     regularizer=self.alpha_regularizer,
                                     constraint=self.alpha_constraint)
        self.built = True

    def call(self, inputs):
        positive = nn_ops.relu(inputs)
        negative = math_ops.multiply(math_ops.negative(self.alpha),
                                     nn_ops.relu(math_ops.negative(inputs)))
        return math_ops.add(positive, negative)

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)


class Masking(Layer):
    """Marks the time steps whose features all equal `mask_value` as padding: the output is
    the input with those steps zeroed, and the mask goes on to the next layers."""

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.mask_value = mask_value

    def compute_mask(self, inputs, mask=None):
        return math_ops.reduce_any(math_ops.not_equal(inputs, self.mask_value), axis=-1)

    def call(self, inputs):
        keep = math_ops.reduce_any(math_ops.not_equal(inputs, self.mask_value), axis=-1,
                                   keepdims=True)
        return math_ops.multiply(inputs, math_ops.cast(keep, inputs.dtype))

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config["mask_value"] = self.mask_value
        return config


class RepeatVector(Layer):
    """``(batch, features)`` -> ``(batch, n, features)``: the input repeated n times."""

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(n, int):
            raise TypeError(f"Expected an integer value for `n`, got {type(n)}.")
        self.n = n
        self.input_spec = InputSpec(ndim=2)

    def call(self, inputs):
        return array_ops.tile(array_ops.expand_dims(inputs, 1), [1, self.n, 1])

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0], self.n, dims[1]])

    def get_config(self):
        config = super().get_config()
        config["n"] = self.n
        return config


class Permute(Layer):
    """Reorders the non-batch axes; ``dims`` counts them from 1."""

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(self.dims) != list(range(1, len(self.dims) + 1)):
            raise ValueError("Invalid permutation argument `dims` for Permute Layer. The set "
                             "of indices in `dims` must be consecutive and start from 1. "
                             f"Received dims={dims}")
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)

    def call(self, inputs):
        return array_ops.transpose(inputs, perm=(0,) + self.dims)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0]] + [dims[d] for d in self.dims])

    def get_config(self):
        config = super().get_config()
        config["dims"] = self.dims
        return config


class Maximum(_Merge):
    def _merge(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = math_ops.maximum(out, x)
        return out


class Minimum(_Merge):
    def _merge(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = math_ops.minimum(out, x)
        return out


def average(inputs, **kwargs):
    return Average(**kwargs)(inputs)


def multiply(inputs, **kwargs):
    return Multiply(**kwargs)(inputs)


def subtract(inputs, **kwargs):
    return Subtract(**kwargs)(inputs)


def maximum(inputs, **kwargs):
    return Maximum(**kwargs)(inputs)


def minimum(inputs, **kwargs):
    return Minimum(**kwargs)(inputs)


class LayerNormalization(Layer):
    """Normalizes each example over `axis` (its own mean and variance), then scales by
    ``gamma`` and shifts by ``beta``: no batch statistics, the same in training and after."""

    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True,
                 beta_initializer="zeros", gamma_initializer="ones", beta_regularizer=None,
                 gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.axis = list(axis) if isinstance(axis, (list, tuple)) else axis
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.supports_masking = True

    def build(self, input_shape):
        shape = TensorShape(input_shape)
        rank = shape.rank
        axes = self.axis if isinstance(self.axis, list) else [self.axis]
        axes = [a + rank if a < 0 else a for a in axes]
        for a in axes:
            if not 0 <= a < rank:
                raise ValueError(f"Invalid value for `axis` argument. Expected 0 <= axis < "
                                 f"inputs.rank (with inputs.rank={rank}). Received: "
                                 f"axis={self.axis}")
        self._axes = axes
        param_shape = [shape[a] for a in axes]
        self.gamma = self.add_weight("gamma", shape=param_shape,
                                     initializer=self.gamma_initializer,
                                     regularizer=self.gamma_regularizer) if self.scale else None
        self.beta = self.add_weight("beta", shape=param_shape,
                                    initializer=self.beta_initializer,
                                    regularizer=self.beta_regularizer) if self.center else None
        self.built = True

    def call(self, inputs):
        rank = inputs.shape.rank
        mean, variance = nn_ops.moments(inputs, self._axes, keepdims=True)
        out = math_ops.multiply(math_ops.subtract(inputs, mean),
                                math_ops.rsqrt(math_ops.add(variance, self.epsilon)))
        # gamma/beta cover the normalized axes; broadcast them over the others.
        shape = [inputs.shape[a] if a in self._axes else 1 for a in range(rank)]
        if self.gamma is not None:
            out = math_ops.multiply(out, array_ops.reshape(self.gamma, shape))
        if self.beta is not None:
            out = math_ops.add(out, array_ops.reshape(self.beta, shape))
        return out

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis, "epsilon": self.epsilon, "center": self.center,
                       "scale": self.scale})
        return config


class Rescaling(Layer):
    """``inputs * scale + offset`` (e.g. ``Rescaling(1./255)`` for pixel values)."""

    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset

    def call(self, inputs):
        inputs = math_ops.cast(convert_to_tensor(inputs), self.dtype)
        return math_ops.add(math_ops.multiply(inputs, self.scale), self.offset)

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({"scale": self.scale, "offset": self.offset})
        return config


class Normalization(Layer):
    """``(x - mean) / sqrt(variance)`` per feature along `axis`; the statistics come from
    ``adapt(data)`` (or the ``mean``/``variance`` arguments) and are non-trainable weights."""

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        if axis is None:
            axis = ()
        self.axis = (axis,) if isinstance(axis, int) else tuple(axis)
        if (mean is None) != (variance is None):
            raise ValueError("When setting values directly, both `mean` and `variance` must "
                             f"be set. Received: mean={mean} and variance={variance}")
        self.input_mean = mean
        self.input_variance = variance
        self.invert = invert
        self._adapted = False

    def _kept_axes(self, rank):
        return sorted(a + rank if a < 0 else a for a in self.axis)

    def build(self, input_shape):
        shape = TensorShape(input_shape)
        kept = self._kept_axes(shape.rank)
        for a in kept:
            if not 0 <= a < shape.rank or shape[a] is None:
                raise ValueError("All `axis` values to be kept must have known shape. Got "
                                 f"axis: {self.axis}, input shape: {shape.as_list()}, with "
                                 f"unknown axis at index: {a}")
        self._stat_shape = [shape[a] if a in kept else 1 for a in range(shape.rank)]
        param = [shape[a] for a in kept]
        # TF keeps the statistics as weights named mean/variance/count and shows them, shaped
        # to broadcast against the inputs, as layer.mean and layer.variance.
        self.adapt_mean = self.add_weight("mean", shape=param, initializer="zeros",
                                          trainable=False)
        self.adapt_variance = self.add_weight("variance", shape=param, initializer="ones",
                                              trainable=False)
        self.count = self.add_weight("count", shape=(), dtype="int64", initializer="zeros",
                                     trainable=False)
        if self.input_mean is not None:
            self.adapt_mean.assign(np.broadcast_to(np.asarray(self.input_mean, np.float32),
                                                   param))
            self.adapt_variance.assign(np.broadcast_to(
                np.asarray(self.input_variance, np.float32), param))
        self.built = True

    def adapt(self, data, batch_size=None, steps=None):
        """Computes the mean and variance of `data` (an array, a tensor or a Dataset)."""
        from ...data.dataset import Dataset

        if isinstance(data, Dataset):
            batches = [np.asarray(b.numpy() if hasattr(b, "numpy") else b, np.float64)
                       for b in data]
            if steps is not None:
                batches = batches[:steps]
            values = np.concatenate([b if b.ndim else b.reshape(1) for b in batches], axis=0)
        else:
            values = np.asarray(data.numpy() if hasattr(data, "numpy") else data, np.float64)
        if values.ndim == 1 and self.axis == (-1,):
            values = values.reshape(-1, 1)
        if not self.built:
            self._maybe_build(convert_to_tensor(values.astype(np.float32)))
        kept = self._kept_axes(values.ndim)
        reduce_axes = tuple(a for a in range(values.ndim) if a not in kept)
        self.adapt_mean.assign(values.mean(axis=reduce_axes).astype(np.float32))
        self.adapt_variance.assign(values.var(axis=reduce_axes).astype(np.float32))
        self.count.assign(int(np.prod([values.shape[a] for a in reduce_axes])))
        self._adapted = True

    def call(self, inputs):
        inputs = math_ops.cast(convert_to_tensor(inputs), dtypes.as_dtype(self.dtype))
        if inputs.shape.rank == 1 and len(self._stat_shape) == 2:
            inputs = array_ops.expand_dims(inputs, -1)
        mean, std = self.mean, math_ops.maximum(math_ops.sqrt(self.variance), 1e-7)
        if self.invert:
            return math_ops.add(math_ops.multiply(inputs, std), mean)
        return math_ops.truediv(math_ops.subtract(inputs, mean), std)

    @property
    def mean(self):
        return array_ops.reshape(self.adapt_mean, self._stat_shape)

    @property
    def variance(self):
        return array_ops.reshape(self.adapt_variance, self._stat_shape)

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis, "invert": self.invert,
                       "mean": self.input_mean, "variance": self.input_variance})
        return config


__all__ = ["ReLU", "LeakyReLU", "ELU", "Softmax", "PReLU", "Masking", "RepeatVector",
           "Permute", "Maximum", "Minimum", "average", "multiply", "subtract", "maximum",
           "minimum", "LayerNormalization", "Rescaling", "Normalization"]

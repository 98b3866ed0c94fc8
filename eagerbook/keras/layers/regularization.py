"""Layers that only act while training (noise, channel dropout) or only add a loss.

* ``GaussianNoise(stddev)`` adds zero-mean normal noise;
* ``GaussianDropout(rate)`` multiplies by normal noise of mean 1 and variance
  ``rate / (1 - rate)``, so the expected output equals the input;
* ``SpatialDropout1D/2D(rate)`` drop whole channels (feature maps), not single values;
* ``AlphaDropout(rate)`` drops to SELU's negative saturation value and rescales so that mean
  and variance stay as they were (for self-normalizing networks);
* ``ActivityRegularization(l1, l2)`` passes its input through and adds an activity loss;
* ``Identity`` passes its input through.

Outside training (``training=False``, or not given in a plain call) every one returns its
input unchanged.
"""

import math

from ...core import nest
from ...core.shape import TensorShape
from ...ops import array_ops, math_ops, nn_ops, random_ops
from .. import backend, regularizers
from .base import Layer
from .call_errors import raised_before_call
from .core import Dropout, next_op_seed


def _training(training):
    return bool(backend.learning_phase()) if training is None else bool(training)


class _PassThroughShape(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)


class Identity(_PassThroughShape):
    """Returns its input as it is (a placeholder layer). Its output carries no mask, as in
    TF (it does not declare mask support)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = False

    def call(self, inputs):
        # a new tensor, as TF's (the input's mask stays with the input)
        return nest.map_structure(array_ops.identity, inputs)


class GaussianNoise(_PassThroughShape):
    """Adds ``N(0, stddev)`` noise while training."""

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.stddev = stddev
        self.seed = seed

    def call(self, inputs, training=None):
        if not _training(training):
            return inputs
        noise = random_ops.normal(array_ops.shape(inputs), mean=0.0, stddev=self.stddev,
                                  dtype=inputs.dtype, seed=next_op_seed(self))
        return math_ops.add(inputs, noise)

    def get_config(self):
        config = super().get_config()
        config.update({"stddev": self.stddev, "seed": self.seed})
        return config


class GaussianDropout(_PassThroughShape):
    """Multiplies by ``N(1, rate / (1 - rate))`` noise while training."""

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.rate = rate
        self.seed = seed

    def call(self, inputs, training=None):
        if not _training(training) or not 0 < self.rate < 1:
            return inputs
        stddev = math.sqrt(self.rate / (1.0 - self.rate))
        noise = random_ops.normal(array_ops.shape(inputs), mean=1.0, stddev=stddev,
                                  dtype=inputs.dtype, seed=next_op_seed(self))
        return math_ops.multiply(inputs, noise)

    def get_config(self):
        config = super().get_config()
        config.update({"rate": self.rate, "seed": self.seed})
        return config


class SpatialDropout1D(Dropout):
    """Dropout of whole channels of ``(batch, steps, channels)`` inputs: one draw per
    (example, channel), shared by every step."""

    _rank = 3

    def __init__(self, rate, **kwargs):
        super().__init__(rate, **kwargs)
        self.noise_shape = None

    def call(self, inputs, training=None):
        if inputs.shape.rank != self._rank:
            raise raised_before_call(ValueError(  # TF's input check, made before the call
                f"Input 0 of layer \"{self.name}\" is incompatible with the layer: "
                f"expected ndim={self._rank}, found ndim={inputs.shape.rank}. "
                f"Full shape received: {tuple(inputs.shape.as_list())}"), self.name)
        if not _training(training) or self.rate == 0:
            return math_ops.identity(inputs)
        dims = inputs.shape.as_list()
        noise_shape = [dims[0]] + [1] * (self._rank - 2) + [dims[-1]]
        return nn_ops.dropout(inputs, rate=self.rate, noise_shape=noise_shape,
                              seed=next_op_seed(self))


class SpatialDropout2D(SpatialDropout1D):
    """Dropout of whole feature maps of ``(batch, rows, cols, channels)`` images."""

    _rank = 4

    def __init__(self, rate, data_format=None, **kwargs):
        if data_format not in (None, "channels_last"):
            raise ValueError("eagerbook's SpatialDropout2D supports data_format="
                             "'channels_last' only.")
        super().__init__(rate, **kwargs)
        self.data_format = "channels_last"  # (TF's config leaves it out)


class SpatialDropout3D(SpatialDropout1D):
    """Dropout of whole channels of ``(batch, depth, rows, cols, channels)`` volumes: one
    draw per (example, channel), shared by every voxel."""

    _rank = 5

    def __init__(self, rate, data_format=None, **kwargs):
        if data_format not in (None, "channels_last"):
            raise ValueError("eagerbook's SpatialDropout3D supports data_format="
                             "'channels_last' only.")
        super().__init__(rate, **kwargs)
        self.data_format = "channels_last"  # (TF's config leaves it out for this one)


# SELU's constants: -scale * alpha is the value a SELU unit saturates to for large negatives.
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


class AlphaDropout(_PassThroughShape):
    """Sets a fraction ``rate`` of the inputs to SELU's saturation value while training, then
    applies the affine map ``a * x + b`` that restores zero mean and unit variance."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.rate = rate
        self.noise_shape = noise_shape
        self.seed = seed

    def call(self, inputs, training=None):
        if not _training(training) or not 0 < self.rate < 1:
            return inputs
        saturated = -_SELU_ALPHA * _SELU_SCALE
        keep = 1.0 - self.rate
        a = (keep + saturated ** 2 * keep * self.rate) ** -0.5
        b = -a * saturated * self.rate
        shape = self.noise_shape if self.noise_shape is not None else array_ops.shape(inputs)
        kept = math_ops.cast(math_ops.greater_equal(
            random_ops.uniform(shape, seed=next_op_seed(self)), self.rate), inputs.dtype)
        dropped = math_ops.add(math_ops.multiply(inputs, kept),
                               math_ops.multiply(math_ops.subtract(1.0, kept), saturated))
        return math_ops.add(math_ops.multiply(dropped, a), b)

    def get_config(self):
        config = super().get_config()
        config.update({"rate": self.rate, "seed": self.seed})  # (noise_shape: not listed)
        return config


class ActivityRegularization(_PassThroughShape):
    """Passes its input through and adds ``l1 * sum|x| + l2 * sum x^2`` (over the batch
    mean) to the model's losses."""

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        super().__init__(activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs)
        self.l1 = l1
        self.l2 = l2

    def call(self, inputs):
        return inputs

    def get_config(self):
        config = super().get_config()
        config.pop("activity_regularizer", None)
        config.update({"l1": self.l1, "l2": self.l2})
        return config

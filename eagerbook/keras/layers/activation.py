"""Activation layers: ``Activation(fn)`` and the ones with their own arguments or weights
(``ReLU``, ``LeakyReLU``, ``ELU``, ``Softmax``, ``PReLU``)."""

import numpy as np

from ...checkpoints.containers import ListWrapper
from ...core import dtypes
from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...ops import array_ops, math_ops, nn_ops
from .. import activations, backend, constraints, initializers, regularizers
from .base import Layer
from .core import _serialize_constraint


class Activation(Layer):
    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True  # elementwise: a mask passes through, as in TF
        self.activation = activations.get(activation)

    def call(self, inputs):
        return self.activation(inputs)

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config["activation"] = activations.serialize(self.activation)
        return config


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
        if threshold is None or threshold < 0:
            raise ValueError("threshold of a ReLU layer cannot be a negative value. Received: "
                             f"{threshold}")
        # Kept as floatx NumPy scalars, as TF's layer keeps them (its config shows them so).
        self.max_value = None if max_value is None else _floatx_array(max_value)
        self.negative_slope = _floatx_array(negative_slope)
        self.threshold = _floatx_array(threshold)

    def call(self, inputs):
        return activations.relu(inputs, alpha=self.negative_slope, max_value=self.max_value,
                                threshold=self.threshold)

    def get_config(self):
        config = super().get_config()
        config.update({"max_value": self.max_value, "negative_slope": self.negative_slope,
                       "threshold": self.threshold})
        return config


def _floatx_array(value):
    return np.asarray(value, dtype=backend.floatx())


def _as_float32(value):
    """A Python float holding `value` rounded to float32: Keras stores these hyperparameters
    as floatx, so a config reports 0.3 as 0.30000001192092896."""
    return float(np.float32(value))


class ThresholdedReLU(_Elementwise):
    """``x`` where ``x > theta``, 0 elsewhere."""

    def __init__(self, theta=1.0, **kwargs):
        super().__init__(**kwargs)
        if theta is None:
            raise ValueError("Theta of a Thresholded ReLU layer cannot be None, expecting a "
                             f"float. Received: {theta}")
        if theta < 0:
            raise ValueError("The theta value of a Thresholded ReLU layer should be >=0. "
                             f"Received: {theta}")
        self.theta = float(theta)

    def call(self, inputs):
        above = math_ops.cast(math_ops.greater(inputs, self.theta), inputs.dtype)
        return math_ops.multiply(inputs, above)

    def get_config(self):
        config = super().get_config()
        config["theta"] = _as_float32(self.theta)
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
        config["alpha"] = _as_float32(self.alpha)
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
        config["alpha"] = _as_float32(self.alpha)
        return config


class Softmax(_Elementwise):
    def __init__(self, axis=-1, robust_masking=False, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.robust_masking = robust_masking

    def call(self, inputs, mask=None):
        if mask is not None and self.robust_masking:
            # masked positions become the dtype's large negative (kept where the mask is
            # True, or > 0.5 for a number mask)
            mask = convert_to_tensor(mask)
            if mask.dtype != dtypes.bool:
                mask = math_ops.greater(mask, math_ops.cast(0.5, mask.dtype))
            inputs = array_ops.where(mask, inputs, math_ops.cast(
                -65504.0 if inputs.dtype == dtypes.float16 else -1e9, inputs.dtype))
        elif mask is not None:
            # Masked positions get a large negative logit, so (almost) no probability.
            adder = math_ops.multiply(math_ops.subtract(1.0, math_ops.cast(mask, inputs.dtype)),
                                      -1e9)
            inputs = math_ops.add(inputs, adder)
        if isinstance(self.axis, (tuple, list)) and len(self.axis) > 1:
            # over several axes at once: exp(x - logsumexp(x)), as TF's layer computes it
            return math_ops.exp(math_ops.subtract(
                inputs, math_ops.reduce_logsumexp(inputs, axis=self.axis, keepdims=True)))
        axis = self.axis[0] if isinstance(self.axis, (tuple, list)) else self.axis
        if inputs.shape.rank is not None and inputs.shape.rank <= 1:
            raise ValueError("Cannot apply softmax to a tensor that is 1D. "
                             f"Received input: {inputs}")
        # (its inputs are the logits the cross-entropies take, as TF's backend.softmax keeps)
        return activations._remember_logits(nn_ops.softmax(inputs, axis=axis), inputs)

    def get_config(self):
        config = super().get_config()
        config["axis"] = self.axis
        if self.robust_masking:
            config["robust_masking"] = True
        return config


class PReLU(Layer):
    """A leaky ReLU whose negative slope is learned, one per feature."""

    def __init__(self, alpha_initializer="zeros", alpha_regularizer=None,
                 alpha_constraint=None, shared_axes=None, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
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

    def get_config(self):
        config = super().get_config()
        config.update({
            "alpha_initializer": initializers.serialize(self.alpha_initializer),
            "alpha_regularizer": regularizers.serialize(self.alpha_regularizer),
            "alpha_constraint": _serialize_constraint(self.alpha_constraint),
            # TF tracks the list it keeps, which its config shows as a ListWrapper
            "shared_axes": None if self.shared_axes is None else
            ListWrapper(self.shared_axes)})
        return config


__all__ = ["Activation", "ReLU", "LeakyReLU", "ELU", "Softmax", "PReLU"]

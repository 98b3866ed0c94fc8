"""``tf.keras.constraints``: functions a layer applies to a weight after each optimizer step
(``Dense(4, kernel_constraint=tf.keras.constraints.MaxNorm(2))``), as Keras 2 defines them.

The norm constraints work on the L2 norm of each slice along `axis` (axis 0 of a Dense kernel:
one norm per unit) and rescale by ``desired / (epsilon + norm)``."""

from ..ops import math_ops
from . import backend, serialization


class Constraint:
    """Base class: ``__call__(w)`` returns the projected weight (the base returns `w`)."""

    def __call__(self, w):
        return w

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _norms(w, axis):
    return math_ops.sqrt(math_ops.reduce_sum(math_ops.square(w), axis=axis, keepdims=True))


def _rescaled(w, norms, desired):
    return math_ops.multiply(w, math_ops.truediv(desired, math_ops.add(norms,
                                                                     backend.epsilon())))


class MaxNorm(Constraint):
    """Slices whose norm exceeds `max_value` are scaled down to it."""

    def __init__(self, max_value=2, axis=0):
        self.max_value = max_value
        self.axis = axis

    def __call__(self, w):
        norms = _norms(w, self.axis)
        desired = math_ops.clip_by_value(norms, 0.0, float(self.max_value))
        return _rescaled(w, norms, desired)

    def get_config(self):
        return {"max_value": self.max_value, "axis": self.axis}


class NonNeg(Constraint):
    """Negative entries become 0 (``w * (w >= 0)``, so -0.0 where TF has it)."""

    def __call__(self, w):
        return math_ops.multiply(w, math_ops.cast(math_ops.greater_equal(w, 0.0), w.dtype))


class UnitNorm(Constraint):
    """Each slice scaled to norm 1."""

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        return math_ops.truediv(w, math_ops.add(_norms(w, self.axis), backend.epsilon()))

    def get_config(self):
        return {"axis": self.axis}


class MinMaxNorm(Constraint):
    """Norms moved into [min_value, max_value], by the fraction `rate` of the way."""

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value, self.max_value = min_value, max_value
        self.rate, self.axis = rate, axis

    def __call__(self, w):
        norms = _norms(w, self.axis)
        clipped = math_ops.clip_by_value(norms, float(self.min_value), float(self.max_value))
        desired = math_ops.add(math_ops.multiply(clipped, float(self.rate)),
                               math_ops.multiply(norms, 1.0 - self.rate))
        return _rescaled(w, norms, desired)

    def get_config(self):
        return {"min_value": self.min_value, "max_value": self.max_value, "rate": self.rate,
                "axis": self.axis}


max_norm = MaxNorm
non_neg = NonNeg
unit_norm = UnitNorm
min_max_norm = MinMaxNorm

_CLASSES = {"Constraint": Constraint, "MaxNorm": MaxNorm, "NonNeg": NonNeg,
            "UnitNorm": UnitNorm, "MinMaxNorm": MinMaxNorm, "max_norm": MaxNorm,
            "non_neg": NonNeg, "unit_norm": UnitNorm, "min_max_norm": MinMaxNorm}


def serialize(constraint):
    return serialization.keras_object_entry(constraint, "keras.constraints")


def deserialize(config, custom_objects=None):
    name = config["class_name"]
    cls = (custom_objects or {}).get(name) or _CLASSES.get(name)
    if cls is None:
        raise serialization.unknown_object_error("constraint", name)
    return cls.from_config(dict(config.get("config", {})))


def get(identifier):
    """A constraint from None, a name (``'max_norm'``), a config dict or a callable."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        return deserialize({"class_name": identifier, "config": {}})
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret constraint function identifier: {identifier}")


__all__ = ["Constraint", "MaxNorm", "NonNeg", "UnitNorm", "MinMaxNorm", "max_norm", "non_neg",
           "unit_norm", "min_max_norm", "get", "serialize", "deserialize"]

"""``tf.keras.regularizers``: penalties on weights added to a layer's ``losses``."""

import numpy as np

from ..core.tensor import convert_to_tensor
from ..ops import array_ops, linalg_ops, math_ops
from . import serialization


def _floatx(value):
    # Keras keeps the factors as float32, so a config reports 0.1 as 0.10000000149011612.
    return float(np.float32(value))


class Regularizer:
    def __call__(self, x):
        return 0.0

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class L1L2(Regularizer):
    def __init__(self, l1=0.0, l2=0.0):
        self.l1, self.l2 = float(l1), float(l2)

    def __call__(self, x):
        total = None
        if self.l1:
            total = math_ops.multiply(math_ops.reduce_sum(math_ops.abs(x)), self.l1)
        if self.l2:
            term = math_ops.multiply(math_ops.reduce_sum(math_ops.square(x)), self.l2)
            total = term if total is None else math_ops.add(total, term)
        if total is None:
            return math_ops.multiply(math_ops.reduce_sum(x), 0.0)
        return total

    def get_config(self):
        return {"l1": _floatx(self.l1), "l2": _floatx(self.l2)}


class L1(L1L2):
    def __init__(self, l1=0.01):
        super().__init__(l1=l1)

    def get_config(self):
        return {"l1": _floatx(self.l1)}


class L2(L1L2):
    def __init__(self, l2=0.01):
        super().__init__(l2=l2)

    def get_config(self):
        return {"l2": _floatx(self.l2)}


class OrthogonalRegularizer(Regularizer):
    """Pushes the rows (or columns) of a 2-D kernel towards being orthogonal: the mean absolute
    cosine between pairs of them, times `factor`."""

    def __init__(self, factor=0.01, mode="rows"):
        if not isinstance(factor, (int, float)) or isinstance(factor, bool) or factor < 0:
            raise ValueError(f"Value {factor} is not a valid regularization penalty number, a "
                             "positive/negative infinity or a NaN is not a property value")
        self.factor = np.float32(factor)
        if mode not in {"rows", "columns"}:
            raise ValueError("Invalid value for argument `mode`. Expected one of "
                             f'{{"rows", "columns"}}. Received: mode={mode}')
        self.mode = mode

    def __call__(self, inputs):
        inputs = convert_to_tensor(inputs)
        if inputs.shape.rank != 2:
            raise ValueError("Inputs to OrthogonalRegularizer must have rank 2. Received: "
                             f"inputs.shape == {inputs.shape}")
        rows = self.mode == "rows"
        unit = linalg_ops.l2_normalize(inputs, axis=1 if rows else 0)
        product = math_ops.matmul(unit, unit, transpose_b=True) if rows else \
            math_ops.matmul(unit, unit, transpose_a=True)
        size = inputs.shape[0 if rows else 1]
        off_diagonal = product * (1.0 - array_ops.eye(size, dtype=inputs.dtype))
        pairs = size * (size - 1.0) / 2.0
        return self.factor * 0.5 * math_ops.reduce_sum(math_ops.abs(off_diagonal)) / pairs

    def get_config(self):
        return {"factor": float(self.factor), "mode": self.mode}


l1 = L1
l2 = L2
orthogonal_regularizer = OrthogonalRegularizer


def l1_l2(l1=0.01, l2=0.01):
    return L1L2(l1=l1, l2=l2)


_BY_NAME = {"l1": L1, "l2": L2, "l1_l2": L1L2, "L1": L1, "L2": L2, "L1L2": L1L2,
            "OrthogonalRegularizer": OrthogonalRegularizer,
            "orthogonal_regularizer": OrthogonalRegularizer}


def get(identifier):
    if identifier is None:
        return None
    if isinstance(identifier, str):
        return _class_named(identifier)()
    if isinstance(identifier, dict):
        cls = _class_named(serialization.entry_class_name(identifier))
        return cls.from_config(identifier.get("config", {}))
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret regularizer identifier: {identifier!r}")


def _class_named(name):
    """A built-in regularizer's class, or the user's in scope or registered (TF's error when
    none is)."""
    cls = _BY_NAME.get(name) or serialization.lookup(name)
    if cls is None:
        raise serialization.unknown_object_error("regularizer", name)
    return cls


def deserialize(config, custom_objects=None):
    """``tf.keras.regularizers.deserialize``: a regularizer from its serialized entry (or
    name), the user's classes found through `custom_objects` too."""
    with serialization.CustomObjectScope(custom_objects or {}):
        return get(config)


def serialize(regularizer):
    if regularizer is None:
        return None
    if isinstance(regularizer, Regularizer):
        return serialization.keras_object_entry(regularizer, "keras.regularizers")
    return getattr(regularizer, "__name__", None)

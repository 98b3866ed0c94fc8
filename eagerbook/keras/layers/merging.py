"""Merge layers: several inputs in, one out. ``Add``, ``Subtract``, ``Multiply``, ``Average``,
``Maximum``, ``Minimum`` combine element-wise (with broadcasting); ``Concatenate`` joins along an
axis. Each has a functional spelling (``tf.keras.layers.add([a, b])``, ...)."""

from ...core.shape import TensorShape
from ...ops import array_ops, math_ops
from .base import Layer


def _dims(shape):
    return TensorShape(shape).as_list()


class _Merge(Layer):
    """Combines a list of same-shaped (or broadcastable) inputs element-wise: a subclass gives
    the binary op `_combine`, folded over the inputs left to right."""

    _combine = None

    def _merge(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = self._combine(out, x)
        return out

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) < 1:
            raise ValueError(f"A merge layer should be called on a list of inputs. "
                             f"Received: inputs={inputs} (not a list of tensors)")
        self.compute_output_shape([x.shape for x in inputs])  # ValueError, as TF's build
        return self._merge(list(inputs))

    def compute_output_shape(self, input_shape):
        shapes = [_dims(s) for s in input_shape]
        rank = max(len(s) for s in shapes)
        out = []
        for i in range(rank):
            dims = {s[i] for s in shapes if i < len(s) and s[i] not in (None, 1)}
            if len(dims) > 1:
                raise ValueError(f"Inputs have incompatible shapes. Received shapes {shapes}")
            out.append(dims.pop() if dims else (1 if all(
                i < len(s) and s[i] == 1 for s in shapes) else None))
        return TensorShape(out)


class Add(_Merge):
    _combine = staticmethod(math_ops.add)


class Subtract(_Merge):
    _combine = staticmethod(math_ops.subtract)

    def _merge(self, inputs):
        if len(inputs) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs.")
        return super()._merge(inputs)


class Multiply(_Merge):
    _combine = staticmethod(math_ops.multiply)


class Average(_Merge):
    _combine = staticmethod(math_ops.add)

    def _merge(self, inputs):
        return math_ops.multiply(super()._merge(inputs), 1.0 / len(inputs))


class Maximum(_Merge):
    _combine = staticmethod(math_ops.maximum)


class Minimum(_Merge):
    _combine = staticmethod(math_ops.minimum)


class Concatenate(Layer):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs):
        self._check_shapes([_dims(x.shape) for x in inputs])
        return array_ops.concat(list(inputs), axis=self.axis)

    def _check_shapes(self, shapes):
        rank = len(shapes[0])
        if any(len(s) != rank for s in shapes) or not -rank <= self.axis < rank:
            ok = False
        else:
            axis = self.axis % rank
            ok = all(a is None or b is None or a == b
                     for s in shapes[1:] for i, (a, b) in enumerate(zip(shapes[0], s))
                     if i != axis)
        if not ok:
            raise ValueError("A `Concatenate` layer requires inputs with matching shapes "
                             "except for the concatenation axis. Received: input_shape="
                             f"{[tuple(s) for s in shapes]}")

    def compute_output_shape(self, input_shape):
        shapes = [_dims(s) for s in input_shape]
        self._check_shapes(shapes)
        out = list(shapes[0])
        axis = self.axis % len(out)
        for s in shapes[1:]:
            if out[axis] is None or s[axis] is None:
                out[axis] = None
            else:
                out[axis] += s[axis]
        return TensorShape(out)

    def get_config(self):
        config = super().get_config()
        config["axis"] = self.axis
        return config


def add(inputs, **kwargs):
    return Add(**kwargs)(inputs)


def subtract(inputs, **kwargs):
    return Subtract(**kwargs)(inputs)


def multiply(inputs, **kwargs):
    return Multiply(**kwargs)(inputs)


def average(inputs, **kwargs):
    return Average(**kwargs)(inputs)


def maximum(inputs, **kwargs):
    return Maximum(**kwargs)(inputs)


def minimum(inputs, **kwargs):
    return Minimum(**kwargs)(inputs)


def concatenate(inputs, axis=-1, **kwargs):
    return Concatenate(axis=axis, **kwargs)(inputs)


__all__ = ["Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum", "Concatenate", "add",
           "subtract", "multiply", "average", "maximum", "minimum", "concatenate"]

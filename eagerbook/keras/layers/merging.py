"""Merge layers: several inputs in, one out. ``Add``, ``Subtract``, ``Multiply``, ``Average``,
``Maximum``, ``Minimum`` combine element-wise (with broadcasting); ``Concatenate`` joins along an
axis. Each has a functional spelling (``tf.keras.layers.add([a, b])``, ...)."""

from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...ops import array_ops, math_ops
from .. import backend
from .base import Layer


def _dims(shape):
    return TensorShape(shape).as_list()


def _shape_tuples(input_shape):
    """`build`'s argument as TF's merge layers see it: a list of shape tuples for a list of
    inputs, one tuple for a single input."""
    if isinstance(input_shape, (list, tuple)) and input_shape and \
            not isinstance(input_shape[0], (int, type(None))):
        return [tuple(_dims(s)) for s in input_shape]
    return tuple(_dims(input_shape))


def _broadcast_shapes(shape1, shape2):
    """The element-wise result of two shapes without their batch axis, as TF's merge layers
    check it in `build` (aligned on the right, 1 stretching, None unknown)."""
    if len(shape1) < len(shape2):
        return _broadcast_shapes(shape2, shape1)
    if not shape2:
        return shape1
    out = list(shape1[:-len(shape2)])
    for i, j in zip(shape1[-len(shape2):], shape2):
        if i is None or j is None:
            out.append(None)
        elif i == 1 or j == 1:
            out.append(j if i == 1 else i)
        elif i != j:
            raise ValueError(f"Inputs have incompatible shapes. Received shapes {shape1} and "
                             f"{shape2}")
        else:
            out.append(i)
    return tuple(out)


class _Merge(Layer):
    """Combines a list of same-shaped (or broadcastable) inputs element-wise: a subclass gives
    the binary op `_combine`, folded over the inputs left to right."""

    _combine = None

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def compute_mask(self, inputs, mask=None):
        """A step is kept where every input's mask keeps it (None when no input has one)."""
        if mask is None or all(m is None for m in mask):
            return None
        kept = [convert_to_tensor(m) for m in mask if m is not None]
        out = kept[0]
        for m in kept[1:]:
            out = math_ops.logical_and(out, m)
        return out

    def _merge(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = self._combine(out, x)
        return out

    def build(self, input_shape):
        # TF checks the shapes here, once, before the first call (so its errors name no layer)
        shapes = _shape_tuples(input_shape)
        if not isinstance(shapes, list):
            raise ValueError("A merge layer should be called on a list of inputs. Received: "
                             f"input_shape={shapes} (not a list of shapes)")
        batch_sizes = {shape[0] for shape in shapes if shape} - {None}
        if len(batch_sizes) > 1:
            raise ValueError("Cannot merge tensors with different batch sizes. Got tensors with "
                             f"shapes {shapes}")
        out = shapes[0][1:]
        for shape in shapes[1:]:
            out = _broadcast_shapes(out, shape[1:])
        self.built = True

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) < 1:
            raise ValueError(f"A merge layer should be called on a list of inputs. "
                             f"Received: inputs={inputs} (not a list of tensors)")
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

    def build(self, input_shape):
        super().build(input_shape)
        if len(input_shape) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs. "
                             f"Received: input_shape={_shape_tuples(input_shape)}")

    def _merge(self, inputs):
        if len(inputs) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs. "
                             f"Received: inputs={inputs}")
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
    """Joins its inputs along `axis`; their other sizes must match."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True

    def compute_mask(self, inputs, mask=None):
        """The inputs' masks joined as the inputs are (an unmasked input counts as all kept),
        then reduced over the last axis: a step is kept where every joined part keeps it."""
        if mask is None or all(m is None for m in mask):
            return None
        parts = []
        for x, m in zip(inputs, mask):
            if m is None:
                parts.append(math_ops.ones_like(x, dtype="bool"))
                continue
            m = convert_to_tensor(m)
            parts.append(array_ops.expand_dims(m, -1) if m.shape.rank < x.shape.rank else m)
        return math_ops.reduce_all(array_ops.concat(parts, axis=self.axis), axis=-1)

    def build(self, input_shape):
        shapes = _shape_tuples(input_shape)  # checked once, as TF's build checks them
        if not isinstance(shapes, list):
            raise ValueError("A `Concatenate` layer should be called on a list of at least 1 "
                             f"input. Received: input_shape={shapes}")
        self._check_shapes([list(s) for s in shapes])
        self.built = True

    def call(self, inputs):
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


class Dot(Layer):
    """Per sample, the dot product of two inputs over `axes` (one axis each, or one for both;
    ``normalize=True`` makes it a cosine similarity)."""

    def __init__(self, axes, normalize=False, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(axes, int):
            if not isinstance(axes, (list, tuple)):
                raise TypeError("Invalid type for argument `axes`: it should be a list or an "
                                f"int. Received: axes={axes}")
            if len(axes) != 2:
                raise ValueError("Invalid format for argument `axes`: it should contain two "
                                 f"elements. Received: axes={axes}")
            if not isinstance(axes[0], int) or not isinstance(axes[1], int):
                raise ValueError("Invalid format for argument `axes`: list elements should be "
                                 f"integers. Received: axes={axes}")
        self.axes = axes
        self.normalize = normalize

    def _axes_for(self, shape1, shape2):
        axes = [self.axes, self.axes] if isinstance(self.axes, int) else list(self.axes)
        return [axes[0] % len(shape1) if axes[0] < 0 else axes[0],
                axes[1] % len(shape2) if axes[1] < 0 else axes[1]]

    def _check(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or len(input_shape) != 2:
            shown = [tuple(_dims(s)) for s in input_shape] \
                if isinstance(input_shape, (list, tuple)) else input_shape
            raise ValueError("A `Dot` layer should be called on a list of 2 inputs. Received: "
                             f"input_shape={shown}")
        shape1, shape2 = _dims(input_shape[0]), _dims(input_shape[1])
        axes = self._axes_for(shape1, shape2)
        a, b = shape1[axes[0]], shape2[axes[1]]
        if a is not None and b is not None and a != b:
            raise ValueError(f"Incompatible input shapes: axis values {a} (at axis {axes[0]}) "
                             f"!= {b} (at axis {axes[1]}). Full input shapes: "
                             f"{tuple(shape1)}, {tuple(shape2)}")
        return shape1, shape2, axes

    def build(self, input_shape):
        self._check(input_shape)
        self.built = True

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) != 2:
            raise ValueError("A `Dot` layer should be called on exactly 2 inputs. Received: "
                             f"inputs={inputs}")
        x1, x2 = inputs
        _, _, axes = self._check([x1.shape, x2.shape])
        if self.normalize:
            from ...ops import linalg_ops

            x1 = linalg_ops.l2_normalize(x1, axis=axes[0])
            x2 = linalg_ops.l2_normalize(x2, axis=axes[1])
        return backend.batch_dot(x1, x2, axes)

    def compute_output_shape(self, input_shape):
        shape1, shape2, axes = self._check(input_shape)
        out = shape1[:axes[0]] + shape1[axes[0] + 1:] + shape2[1:axes[1]] + shape2[axes[1] + 1:]
        return TensorShape(out + [1] if len(out) == 1 else out)

    def get_config(self):
        config = super().get_config()
        config.update({"axes": self.axes, "normalize": self.normalize})
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


def dot(inputs, axes, normalize=False, **kwargs):
    return Dot(axes=axes, normalize=normalize, **kwargs)(inputs)


__all__ = ["Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum", "Concatenate", "Dot",
           "add", "subtract", "multiply", "average", "maximum", "minimum", "concatenate", "dot"]

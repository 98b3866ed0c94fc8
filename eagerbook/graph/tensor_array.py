"""``tf.TensorArray``: a list of tensors that works inside graph loops.

Python lists cannot grow inside a traced ``while`` (the loop runs later, in compiled code), so
TF offers a value-semantics array: every ``write`` returns a new TensorArray. In a graph it is an
opaque ``variant`` tensor (a Python list at run time) flowing through ``TensorArrayWriteV3`` /
``ReadV3`` / ``Stack`` ops, so it can be a loop variable of ``tf.while_loop``.

Eagerly it is a Python list of Tensors changed in place, as TF's eager TensorArray is: ``write``
returns the same object, an element never written reads as zeros of the element shape, and
with ``clear_after_read`` (the default) an element can be read once only.
"""

import numpy as np

from ..core import context, dtypes, errors
from ..core.shape import TensorShape
from ..core.tensor import Tensor, convert_to_tensor
from ..ops import array_ops, backprop
from ..ops.registry import define, execute
from .ir import SymbolicTensor, TensorArrayLike, variant


class _Slots(list):
    """The run-time value of a graph TensorArray (copied on write: old handles stay valid)."""


def _ta_new(size, dynamic_size):
    return _Slots([None] * int(size))


def _ta_write(handle, index, value, dynamic_size):
    index = int(index)
    new = _Slots(handle)
    if index < 0:
        raise IndexError(f"Tried to write to index {index}")
    if index >= len(new):
        if not dynamic_size:
            raise IndexError(f"Tried to write to index {index} but array is not resizeable and "
                             f"size is: {len(new)}")
        new.extend([None] * (index + 1 - len(new)))
    new[index] = _element(value)
    return new


def _element(value):
    # An element is an array, or (in a history of TensorArray loop values kept for a loop's
    # gradient) itself a list: lists must not become NumPy arrays.
    return value if isinstance(value, list) else np.asarray(value)


def _ta_read(handle, index, dtype, element_shape):
    index = int(index)
    if not 0 <= index < len(handle):
        raise IndexError(f"Tried to read from index {index} but array size is: {len(handle)}")
    value = handle[index]
    if value is None:
        if element_shape is not None and None not in element_shape:
            return np.zeros(element_shape, dtype=dtype._np)
        raise IndexError(f"Could not read from TensorArray index {index} because it has not "
                         "yet been written to.")
    return value


def _ta_stack(handle, dtype, element_shape):
    if not len(handle):
        shape = (0,) + tuple(d or 0 for d in (element_shape or ()))
        return np.zeros(shape, dtype=dtype._np)
    values = [v if v is not None else np.zeros(element_shape, dtype=dtype._np)
              for v in handle]
    return np.stack(values)


def _ta_concat(handle, dtype, element_shape):
    """The elements joined along their first axis (they may differ in length)."""
    values = [v for v in handle if v is not None]
    if not values:
        inner = tuple(d or 0 for d in (element_shape or (0,))[1:])
        return np.zeros((0,) + inner, dtype=dtype._np)
    return np.concatenate(values)


def _ta_unstack(handle, value):
    return _Slots(list(np.asarray(value)))


def _ta_size(handle):
    return np.asarray(len(handle), dtype=np.int32)


def _variant_spec(inputs, attrs):
    return [(variant, TensorShape([]))]


def _element_spec(inputs, attrs):
    shape = attrs["element_shape"]
    return [(attrs["dtype"], TensorShape(None if shape is None else list(shape)))]


def _stack_spec(inputs, attrs):
    shape = attrs["element_shape"]
    return [(attrs["dtype"], TensorShape(None if shape is None else [None] + list(shape)))]


def _concat_spec(inputs, attrs):
    shape = attrs["element_shape"]
    return [(attrs["dtype"], TensorShape(None if not shape else [None] + list(shape[1:])))]


def _size_spec(inputs, attrs):
    return [(dtypes.int32, TensorShape([]))]


def _opdef(name, kernel, infer, differentiable=False):
    return define(name, kernel, differentiable=differentiable, infer_shape=infer)


TA_NEW = _opdef("TensorArrayV3", _ta_new, _variant_spec)
TA_WRITE = _opdef("TensorArrayWriteV3", _ta_write, _variant_spec, differentiable=True)
TA_READ = _opdef("TensorArrayReadV3", _ta_read, _element_spec, differentiable=True)
TA_STACK = _opdef("TensorArrayStack", _ta_stack, _stack_spec, differentiable=True)
TA_UNSTACK = _opdef("TensorArrayUnstack", _ta_unstack, _variant_spec, differentiable=True)
TA_SIZE = _opdef("TensorArraySizeV3", _ta_size, _size_spec)
TA_CONCAT = _opdef("TensorArrayConcatV3", _ta_concat, _concat_spec, differentiable=True)


# --- gradients ------------------------------------------------------------------------------
# Eagerly a TensorArray is a list of Tensors, so a tape sees the plain ops. In a graph the
# array is ONE variant tensor, and so is its gradient: a "gradient array", a Python list at
# run time whose entry i is d(loss)/d(element i). None, or an index past the end, means zero,
# so the zero gradient is the empty list and a read's gradient needs no size.
#
#   read(ta, i) -> y         d ta     = [0, ..., 0, dy]          (dy at i)
#   write(ta, i, v) -> ta2   d v      = d ta2 [i]                 (0 if missing)
#                            d ta     = d ta2 with entry i cleared (v overwrote it)
#   stack(ta) -> y           d ta     = list(dy)
#   unstack(ta, v) -> ta2    d v      = stack(d ta2) shaped like v; d ta = nothing
#
# Several reads of one array give several gradient arrays; the backward sweep adds them with
# TensorArrayGradAdd (registered below for the variant dtype). The rules are ops, so they are
# traced into backward graphs and carried through While/If gradients like any value.

class _GradSlots(list):
    """The run-time value of a gradient array (entries are arrays or None = zero)."""


def _grad_zeros(like):
    return _GradSlots()


def _grad_add(a, b):
    longer, shorter = (a, b) if len(a) >= len(b) else (b, a)
    out = _GradSlots(longer)
    for i, g in enumerate(shorter):
        if g is not None:
            out[i] = g if out[i] is None else add_gradient_values(out[i], g)
    return out


def _grad_at(index, dy):
    index = int(index)
    return _GradSlots([None] * index + [_element(dy)])


def _grad_read(grad, index, like):
    index = int(index)
    g = grad[index] if index < len(grad) else None
    return zero_gradient_value(like) if g is None else g


def _grad_clear(grad, index):
    index = int(index)
    out = _GradSlots(grad)
    if index < len(out):
        out[index] = None
    return out


def _grad_unstack(dy):
    return _GradSlots(list(np.asarray(dy)))


def _grad_stack(grad, like):
    out = np.zeros_like(like)
    for i, g in enumerate(grad[:len(out)]):
        if g is not None:
            out[i] = g
    return out


def _like_spec(inputs, attrs):
    like = inputs[-1]
    return [(like._dtype, like._shape)]


TA_GRAD_ZEROS = _opdef("TensorArrayGradZeros", _grad_zeros, _variant_spec)
TA_GRAD_ADD = _opdef("TensorArrayGradAdd", _grad_add, _variant_spec, differentiable=True)
TA_GRAD_AT = _opdef("TensorArrayGradAt", _grad_at, _variant_spec, differentiable=True)
TA_GRAD_READ = _opdef("TensorArrayGradRead", _grad_read, _like_spec, differentiable=True)
TA_GRAD_CLEAR = _opdef("TensorArrayGradClear", _grad_clear, _variant_spec,
                       differentiable=True)
TA_GRAD_UNSTACK = _opdef("TensorArrayGradUnstack", _grad_unstack, _variant_spec,
                         differentiable=True)
TA_GRAD_STACK = _opdef("TensorArrayGradStack", _grad_stack, _like_spec, differentiable=True)


def _grad_split(dy, handle):
    """concat's gradient: dy cut back into the elements' lengths (a gradient array)."""
    lengths = [0 if v is None else len(v) for v in handle]
    return _GradSlots(np.split(np.asarray(dy), np.cumsum(lengths)[:-1]) if lengths else [])


TA_GRAD_SPLIT = _opdef("TensorArrayGradSplit", _grad_split, _variant_spec)


@TA_CONCAT.gradient
def _concat_grad(op, dy):
    return [execute(TA_GRAD_SPLIT, (dy, op.inputs[0]))]


@TA_READ.gradient
def _read_grad(op, dy):
    handle, index = op.inputs
    return [execute(TA_GRAD_AT, (index, dy)), None]


@TA_WRITE.gradient
def _write_grad(op, grad):
    handle, index, value = op.inputs
    d_handle = execute(TA_GRAD_CLEAR, (grad, index)) if op.needs_gradient(0) else None
    d_value = execute(TA_GRAD_READ, (grad, index, value)) if op.needs_gradient(2) else None
    return [d_handle, None, d_value]


@TA_STACK.gradient
def _stack_grad(op, dy):
    return [execute(TA_GRAD_UNSTACK, (dy,))]


@TA_UNSTACK.gradient
def _unstack_grad(op, grad):
    # unstack replaces every element: nothing flows back to the old array.
    return [None, execute(TA_GRAD_STACK, (grad, op.inputs[1]))]


# The gradient ops are linear, so their own gradients (second order) are the mirror images.
@TA_GRAD_ADD.gradient
def _grad_add_grad(op, g):
    return [g, g]


@TA_GRAD_AT.gradient
def _grad_at_grad(op, g):
    index, dy = op.inputs
    return [None, execute(TA_GRAD_READ, (g, index, dy))]


@TA_GRAD_READ.gradient
def _grad_read_grad(op, dy):
    grad, index, like = op.inputs
    return [execute(TA_GRAD_AT, (index, dy)), None, None]


@TA_GRAD_CLEAR.gradient
def _grad_clear_grad(op, g):
    return [execute(TA_GRAD_CLEAR, (g, op.inputs[1])), None]


@TA_GRAD_UNSTACK.gradient
def _grad_unstack_grad(op, g):
    return [execute(TA_GRAD_STACK, (g, op.inputs[0]))]


@TA_GRAD_STACK.gradient
def _grad_stack_grad(op, dy):
    return [execute(TA_GRAD_UNSTACK, (dy,)), None]


def zero_gradient_array(like):
    return execute(TA_GRAD_ZEROS, (like,))


def add_gradient_arrays(a, b):
    return execute(TA_GRAD_ADD, (a, b))


backprop.GRADIENT_DTYPES[variant] = (zero_gradient_array, add_gradient_arrays)


def zero_gradient_value(value):
    """Run-time zero gradient of an element (an array, or a TensorArray kept in a history)."""
    return _GradSlots() if isinstance(value, list) else np.zeros_like(value)


def add_gradient_values(a, b):
    """Run-time sum of two element gradients (arrays, or gradient arrays)."""
    return _grad_add(a, b) if isinstance(a, list) else a + b


def _known_int(size):
    """The value of `size` if it is known while tracing (a number, an eager tensor or a
    constant of the graph), else None."""
    if isinstance(size, SymbolicTensor):
        return int(size._op.attrs["value"]) if size._op.type == "Const" else None
    return int(size._value) if isinstance(size, Tensor) else int(size)


class TensorArray(TensorArrayLike):
    """``tf.TensorArray(dtype, size=0, dynamic_size=False, element_shape=None, ...)``."""

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None,
                 tensor_array_name=None, handle=None, flow=None, infer_shape=True,
                 element_shape=None, colocate_with_first_write_call=True, name=None):
        self._dtype = dtypes.as_dtype(dtype)
        self._dynamic_size = bool(dynamic_size)
        self._clear_after_read = clear_after_read is None or bool(clear_after_read)
        self._read_once = set()  # (eager) indices read and cleared
        self._element_shape = None if element_shape is None else TensorShape(element_shape)
        self._infer_shape = infer_shape
        self._static_size = None  # a fixed size known while tracing: stack()'s first dim
        if flow is not None:
            self._flow, self._items = flow, None
            return
        size = 0 if size is None else size
        if context.state.graph is not None:
            if not dynamic_size:
                self._static_size = _known_int(size)
            size_t = convert_to_tensor(size, dtype=dtypes.int32)
            self._flow = execute(TA_NEW, (size_t,), {"dynamic_size": self._dynamic_size})
            self._items = None
        else:
            self._flow = None
            self._items = [None] * int(convert_to_tensor(size))

    # --- plumbing for while_loop / cond: a TensorArray travels as its flow tensor ------------
    def _flow_tensor(self):
        if self._flow is None:
            raise TypeError("An eager TensorArray cannot be used in a graph loop; create it "
                            "inside the tf.function.")
        return self._flow

    def _with_flow(self, flow):
        new = TensorArray(self._dtype, dynamic_size=self._dynamic_size,
                          element_shape=self._element_shape, flow=flow)
        new._static_size = self._static_size
        return new

    def _new(self, flow=None, items=None):
        new = TensorArray(self._dtype, dynamic_size=self._dynamic_size,
                          element_shape=self._element_shape, flow=flow if flow is not None
                          else 0)
        new._flow = flow
        new._items = items
        new._static_size = self._static_size
        return new

    @property
    def dtype(self):
        return self._dtype

    @property
    def element_shape(self):
        return self._element_shape if self._element_shape is not None else TensorShape(None)

    @property
    def dynamic_size(self):
        return self._dynamic_size

    @property
    def _type_spec(self):
        return TensorArraySpec.from_value(self)

    @property
    def flow(self):
        return self._flow

    def _merge_shape(self, value):
        shape = value.shape
        if self._element_shape is None:
            self._element_shape = TensorShape(shape)
        elif not self._element_shape.is_compatible_with(shape):
            raise ValueError(f"Inconsistent shapes: saw {shape} but expected "
                             f"{self._element_shape} (and infer_shape=True)")
        else:
            self._element_shape = self._element_shape.merge_with(shape)

    def _attrs(self):
        shape = None if self._element_shape is None or self._element_shape.rank is None \
            else tuple(self._element_shape.as_list())
        return {"dtype": self._dtype, "element_shape": shape}

    # --- the API ------------------------------------------------------------------------------
    def write(self, index, value, name=None):
        return self._write(index, value, merge_shape=True)

    def _write(self, index, value, merge_shape):
        value = convert_to_tensor(value, dtype=self._dtype) if not isinstance(value, Tensor) \
            else value
        if value.dtype is not self._dtype:
            raise errors.InvalidArgumentError(
                None, None, f"TensorArray dtype is {self._dtype.name} but Op is trying to write "
                            f"dtype {value.dtype.name}")
        if self._items is not None:
            return self._eager_write(int(index), value, merge_shape)
        if merge_shape:
            self._merge_shape(value)
        index = convert_to_tensor(index, dtype=dtypes.int32)
        flow = execute(TA_WRITE, (self._flow, index, value), {"dynamic_size": self._dynamic_size})
        new = self._new(flow=flow)
        new._element_shape = self._element_shape
        return new

    def _eager_write(self, i, value, merge_shape):
        """Writes in place (TF's eager TensorArray: `write` returns the same object)."""
        if i < 0:
            raise errors.OutOfRangeError(
                None, None, f"Writing to negative indices (index {i}) is not allowed.")
        if i >= len(self._items):
            if not self._dynamic_size:
                raise errors.OutOfRangeError(
                    None, None, f"Tried to write to index {i} but array is not resizeable and "
                                f"size is: {len(self._items)} ")
            self._items.extend([None] * (i + 1 - len(self._items)))
        if merge_shape:
            if not self.element_shape.is_compatible_with(value.shape):
                raise ValueError(f"Incompatible shape for value ({value.shape}), expected "
                                 f"({self.element_shape})")
            self._merge_shape(value)
        self._items[i] = value
        self._read_once.discard(i)
        return self

    def _eager_element(self, i):
        """Element i, zeros of the element shape if it was never written (TF's eager rule)."""
        value = self._items[i]
        if value is None:
            shape = self.element_shape
            if not shape.is_fully_defined():
                raise ValueError(f"Cannot convert a partially known TensorShape {shape} to a "
                                 "Tensor.")
            value = self._items[i] = convert_to_tensor(
                np.zeros(shape.as_list(), dtype=self._dtype._np))
        return value

    def _eager_read(self, i):
        if i < 0:
            raise errors.OutOfRangeError(
                None, None, f"Reading from negative indices (index {i}) is not allowed.")
        if i >= len(self._items):
            raise errors.OutOfRangeError(
                None, None, f"Tried to read from index {i} but array size is: "
                            f"{len(self._items)} ")
        if self._items[i] is None and i in self._read_once:
            raise errors.InvalidArgumentError(
                None, None, f"Could not read index {i} twice because it was cleared after a "
                            "previous read (perhaps try setting clear_after_read = false?)")
        value = self._eager_element(i)
        if self._clear_after_read:
            self._items[i] = None
            self._read_once.add(i)
        return value

    def read(self, index, name=None):
        if self._items is not None:
            return self._eager_read(int(index))
        index = convert_to_tensor(index, dtype=dtypes.int32)
        return execute(TA_READ, (self._flow, index), self._attrs())

    def stack(self, name=None):
        if self._items is not None:
            if not self._items:
                shape = [0] + ([] if self._element_shape is None else
                               [d or 0 for d in self._element_shape.as_list()])
                return convert_to_tensor(np.zeros(shape, dtype=self._dtype._np))
            return array_ops.stack([self._eager_element(i) for i in range(len(self._items))])
        stacked = execute(TA_STACK, (self._flow,), self._attrs())
        if self._static_size is not None and stacked.shape.rank is not None:
            stacked.set_shape([self._static_size] + [None] * (stacked.shape.rank - 1))
        return stacked

    def gather(self, indices, name=None):
        if self._items is not None:
            return array_ops.stack([self._eager_element(int(i)) for i in convert_to_tensor(
                indices)._value.reshape(-1)])
        # the stacked elements, gathered (every element must have been written)
        return array_ops.gather(self.stack(), convert_to_tensor(indices, dtype=dtypes.int32))

    def concat(self, name=None):
        if self._items is None:  # in a graph: elements of any length, joined when it runs
            return execute(TA_CONCAT, (self._flow,), self._attrs())
        if self._items and (all(v is not None for v in self._items)
                            or self.element_shape.is_fully_defined()):
            # elements of any length
            return array_ops.concat([self._eager_element(i) for i in range(len(self._items))], 0)
        stacked = self.stack()  # empty, or an element missing: stack's answer or error
        shape = stacked.shape
        if shape.rank is not None and shape.rank >= 2 and None not in shape.as_list():
            dims = shape.as_list()
            return array_ops.reshape(stacked, [dims[0] * dims[1]] + dims[2:])
        raise NotImplementedError("TensorArray.concat needs known element shapes")

    def unstack(self, value, name=None):
        value = convert_to_tensor(value, dtype=self._dtype) if not isinstance(value, Tensor) \
            else value
        if value.shape.rank is not None and value.shape.rank >= 1:
            self._merge_shape(_ElementOf(value))
        if self._items is not None and not isinstance(value, SymbolicTensor):
            items = list(array_ops.unstack(value)) if value.shape[0] else []
            if len(items) > len(self._items) and not self._dynamic_size:
                raise ValueError(f"Cannot unstack {len(items)} tensors into a TensorArray of "
                                 f"static size {len(self._items)} ")
            self._items[:] = items  # in place, as TF's eager TensorArray
            self._read_once.clear()
            return self
        else:
            flow = execute(TA_UNSTACK, (self._flow_tensor(), value), {})
            new = self._new(flow=flow)
        new._element_shape = self._element_shape
        return new

    def scatter(self, indices, value, name=None):
        ta = self
        values = array_ops.unstack(convert_to_tensor(value))
        for i, v in zip(convert_to_tensor(indices)._value.reshape(-1), values):
            ta = ta.write(int(i), v)
        return ta

    def split(self, value, lengths, name=None):
        """Element i is the next `lengths[i]` rows of `value` (elements may differ in
        length). The lengths must be known while tracing."""
        from ..ops.shape_rules import known_value
        value = convert_to_tensor(value, dtype=self._dtype)
        sizes = known_value(convert_to_tensor(lengths, dtype=dtypes.int64))
        if sizes is None:
            raise NotImplementedError("TensorArray.split needs lengths known while tracing")
        sizes = [int(n) for n in np.reshape(sizes, [-1])]
        pieces = array_ops.split(value, sizes) if sizes else []
        ta = self
        for i, piece in enumerate(pieces):  # (the element shape is left as it was, as in TF)
            ta = ta._write(i, piece, merge_shape=False)
        return ta

    def size(self, name=None):
        if self._items is not None:
            return convert_to_tensor(len(self._items), dtype=dtypes.int32)
        return execute(TA_SIZE, (self._flow,), {})

    def close(self, name=None):
        return None

    def identity(self):
        return self

    def mark_used(self):
        return None

    def __repr__(self):
        return f"<TensorArray dtype={self._dtype.name} element_shape={self.element_shape}>"


class _ElementOf:
    def __init__(self, value):
        self.shape = TensorShape(value.shape[1:]) if value.shape.rank else TensorShape(None)


class TensorArraySpec:
    """``tf.TensorArraySpec``: what a TensorArray is, its values aside: the shape of its
    elements, their dtype, whether it grows, whether element shapes are inferred."""

    def __init__(self, element_shape=None, dtype=dtypes.float32, dynamic_size=False,
                 infer_shape=True):
        self._element_shape = TensorShape(element_shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._dynamic_size = dynamic_size
        self._infer_shape = infer_shape

    @classmethod
    def from_value(cls, value):
        if not isinstance(value, TensorArray):
            raise ValueError(f"Expected value to be a TensorArray, but saw: {type(value)}")
        return cls(value.element_shape, value.dtype, value.dynamic_size, value._infer_shape)

    @property
    def value_type(self):
        return TensorArray

    def _key(self):
        return (self._element_shape.as_list() if self._element_shape.rank is not None else None,
                self._dtype, self._dynamic_size, self._infer_shape)

    def is_compatible_with(self, other):
        """Same dtype, growth and inference, element shapes that may be the same."""
        if isinstance(other, TensorArray):
            other = TensorArraySpec.from_value(other)
        return (isinstance(other, TensorArraySpec) and self._dtype == other._dtype
                and self._dynamic_size == other._dynamic_size
                and self._infer_shape == other._infer_shape
                and self._element_shape.is_compatible_with(other._element_shape))

    def most_specific_common_supertype(self, others):
        """The spec both this and `others` fit, their element shapes generalized; None if
        they differ otherwise."""
        shape = self._element_shape
        for other in others:
            if not (isinstance(other, TensorArraySpec) and self._key()[1:] == other._key()[1:]):
                return None
            shape = shape.most_specific_compatible_shape(other._element_shape)
        return TensorArraySpec(shape, self._dtype, self._dynamic_size, self._infer_shape)

    def __eq__(self, other):
        return isinstance(other, TensorArraySpec) and self._key() == other._key()

    def __hash__(self):
        key = self._key()
        return hash((tuple(key[0]) if key[0] is not None else None,) + key[1:])

    def __repr__(self):
        return (f"TensorArraySpec({self._element_shape!r}, {self._dtype!r}, "
                f"{self._dynamic_size}, {self._infer_shape})")

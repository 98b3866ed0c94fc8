"""``tf.TensorArray``: a list of tensors that works inside graph loops.

Python lists cannot grow inside a traced ``while`` (the loop runs later, in compiled code), so
TF offers a value-semantics array: every ``write`` returns a new TensorArray. Eagerly it is a
Python list of Tensors. In a graph it is an opaque ``variant`` tensor (a Python list at run
time) flowing through ``TensorArrayWriteV3`` / ``ReadV3`` / ``Stack`` ops, so it can be a loop
variable of ``tf.while_loop``.
"""

import numpy as np

from ..core import dtypes, errors
from ..core.shape import TensorShape
from ..core.tensor import Tensor, convert_to_tensor
from ..ops import array_ops
from ..ops.registry import OpDef, execute
from .function import TensorArrayLike
from .ir import SymbolicTensor, variant


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
    new[index] = np.asarray(value)
    return new


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


def _size_spec(inputs, attrs):
    return [(dtypes.int32, TensorShape([]))]


def _no_gradient(op, *dys):
    raise LookupError(
        f"No gradient through {op.op.name} inside tf.function yet: a gradient reaches a "
        "TensorArray whose elements depend on the sources. Eagerly, a tape differentiates "
        "TensorArray use; in a function, use tf.stack/tf.unstack or Python lists instead.")


def _opdef(name, kernel, infer, differentiable=False):
    # Write/unstack are recorded (so a source-dependent value marks the array as such) and
    # read/stack refuse to pass a gradient back, rather than silently giving none.
    op = OpDef(name, kernel, differentiable=differentiable,
               grad=_no_gradient if differentiable else None)
    op.infer_shape = infer
    return op


TA_NEW = _opdef("TensorArrayV3", _ta_new, _variant_spec)
TA_WRITE = _opdef("TensorArrayWriteV3", _ta_write, _variant_spec, differentiable=True)
TA_READ = _opdef("TensorArrayReadV3", _ta_read, _element_spec, differentiable=True)
TA_STACK = _opdef("TensorArrayStack", _ta_stack, _stack_spec, differentiable=True)
TA_UNSTACK = _opdef("TensorArrayUnstack", _ta_unstack, _variant_spec, differentiable=True)
TA_SIZE = _opdef("TensorArraySizeV3", _ta_size, _size_spec)


class TensorArray(TensorArrayLike):
    """``tf.TensorArray(dtype, size=0, dynamic_size=False, element_shape=None, ...)``."""

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None,
                 tensor_array_name=None, handle=None, flow=None, infer_shape=True,
                 element_shape=None, colocate_with_first_write_call=True, name=None):
        self._dtype = dtypes.as_dtype(dtype)
        self._dynamic_size = bool(dynamic_size)
        self._element_shape = None if element_shape is None else TensorShape(element_shape)
        self._infer_shape = infer_shape
        from ..core.context import state
        if flow is not None:
            self._flow, self._items = flow, None
            return
        size = 0 if size is None else size
        if state.graph is not None:
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
        return new

    def _new(self, flow=None, items=None):
        new = TensorArray(self._dtype, dynamic_size=self._dynamic_size,
                          element_shape=self._element_shape, flow=flow if flow is not None
                          else 0)
        new._flow = flow
        new._items = items
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
        value = convert_to_tensor(value, dtype=self._dtype) if not isinstance(value, Tensor) \
            else value
        if value.dtype is not self._dtype:
            raise errors.InvalidArgumentError(
                None, None, f"TensorArray dtype is {self._dtype.name} but Op is trying to write "
                            f"dtype {value.dtype.name}")
        self._merge_shape(value)
        if self._items is not None:
            i = int(index)
            items = list(self._items)
            if i >= len(items):
                if not self._dynamic_size:
                    raise errors.InvalidArgumentError(
                        None, None, f"Tried to write to index {i} but array is not resizeable "
                                    f"and size is: {len(items)}")
                items.extend([None] * (i + 1 - len(items)))
            items[i] = value
            new = self._new(items=items)
        else:
            index = convert_to_tensor(index, dtype=dtypes.int32)
            flow = execute(TA_WRITE, (self._flow, index, value),
                           {"dynamic_size": self._dynamic_size})
            new = self._new(flow=flow)
        new._element_shape = self._element_shape
        return new

    def read(self, index, name=None):
        if self._items is not None:
            i = int(index)
            if not 0 <= i < len(self._items):
                raise errors.InvalidArgumentError(
                    None, None, f"Tried to read from index {i} but array size is: "
                                f"{len(self._items)}")
            value = self._items[i]
            if value is None:
                raise errors.InvalidArgumentError(
                    None, None, f"Could not read from TensorArray index {i} because it has "
                                "not yet been written to.")
            return value
        index = convert_to_tensor(index, dtype=dtypes.int32)
        return execute(TA_READ, (self._flow, index), self._attrs())

    def stack(self, name=None):
        if self._items is not None:
            if not self._items:
                shape = [0] + ([] if self._element_shape is None else
                               [d or 0 for d in self._element_shape.as_list()])
                return convert_to_tensor(np.zeros(shape, dtype=self._dtype._np))
            missing = [i for i, v in enumerate(self._items) if v is None]
            if missing:
                raise errors.InvalidArgumentError(
                    None, None, f"Could not read from TensorArray index {missing[0]} because "
                                "it has not yet been written to.")
            return array_ops.stack(self._items)
        return execute(TA_STACK, (self._flow,), self._attrs())

    def gather(self, indices, name=None):
        if self._items is not None:
            return array_ops.stack([self.read(int(i)) for i in convert_to_tensor(
                indices)._value.reshape(-1)])
        raise NotImplementedError("TensorArray.gather inside tf.function: use stack()")

    def concat(self, name=None):
        stacked = self.stack()
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
            new = self._new(items=items)
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

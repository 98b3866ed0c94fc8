"""``tf.make_tensor_proto`` and ``tf.make_ndarray``: a tensor value as TF's ``TensorProto``.

TF's TensorProto is a protocol buffer; eagerbook keeps the same fields in a small class that
prints in the protocol buffer text format TF prints: ``dtype: DT_INT32``, the shape as ``dim``
blocks, and the values either as raw little-endian bytes (``tensor_content``, for numbers with
more than one element) or one typed field per value (``int_val: 5``, ``string_val: "abc"``,
booleans, and a single value to be broadcast to ``shape``).
"""

import numpy as np

from ..core import dtypes
from ..core.tensor import Tensor, convert_to_tensor

# The repeated field TF stores each dtype's values in, when it does not use raw bytes.
_VALUE_FIELDS = {
    "float32": "float_val", "float64": "double_val", "int32": "int_val", "int16": "int_val",
    "int8": "int_val", "uint8": "int_val", "uint16": "int_val", "int64": "int64_val",
    "uint32": "uint32_val", "uint64": "uint64_val", "bool": "bool_val",
    "string": "string_val", "float16": "half_val", "complex64": "scomplex_val",
    "complex128": "dcomplex_val",
}


def _escape(data):
    """Bytes in the protocol buffer text format's C-style escaping."""
    special = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"',
               ord("'"): "\\'", ord("\\"): "\\\\"}
    return "".join(special.get(b) or (chr(b) if 0x20 <= b < 0x7F else f"\\{b:03o}")
                   for b in data)


def _text(value, dtype):
    if dtype is dtypes.string:
        return '"' + _escape(value if isinstance(value, bytes) else str(value).encode()) + '"'
    if dtype is dtypes.bool:
        return "true" if value else "false"
    if dtype.is_floating and dtype is not dtypes.float16:
        number = dtype.as_numpy_dtype(value)  # the shortest text that reads back as this value
        if number == 0 or 1e-4 <= abs(number) < 1e16:
            return np.format_float_positional(number, unique=True, trim="-")
        return np.format_float_scientific(number, unique=True, trim="-")
    if dtype is dtypes.float16:  # TF keeps half values as their 16 bits in int fields
        return str(int(np.float16(value).view(np.uint16)))
    return str(int(value))


class Dim:
    """One ``dim`` of a TensorShapeProto: its ``size`` (and ``name``, unused by TF's ops)."""

    def __init__(self, size):
        self.size = size
        self.name = ""

    def __str__(self):
        return f"size: {self.size}\n"

    __repr__ = __str__


class TensorShapeProto:
    """A shape as TF's protocol buffer holds it: a list of ``dim`` (``p.tensor_shape.dim[0]
    .size``); a scalar has none."""

    def __init__(self, dims):
        self.dim = [Dim(int(size)) for size in dims]
        self.unknown_rank = False

    def __str__(self):
        return "".join(f"dim {{\n  size: {d.size}\n}}\n" for d in self.dim)

    __repr__ = __str__


class TensorProto:
    """A tensor's dtype, shape and values, as TF's TensorProto holds them."""

    @property
    def tensor_shape(self):
        return TensorShapeProto(self.shape)

    def __getattr__(self, name):
        """The repeated value fields (``int_val``, ``float_val``, ...): the values for the
        dtype's own field, empty for the others (as a message's unset fields)."""
        if name.endswith("_val") and name in _VALUE_FIELDS.values():
            return list(self.values) if name == self.value_field else []
        raise AttributeError(f"'TensorProto' object has no attribute '{name}'")

    def __init__(self, dtype, shape, tensor_content=b"", values=()):
        self.dtype = dtype
        self.shape = tuple(shape)
        self.tensor_content = tensor_content
        self.values = list(values)

    @property
    def value_field(self):
        return _VALUE_FIELDS.get(self.dtype.name, "int_val")

    def __str__(self):
        lines = [f"dtype: DT_{self._dtype_enum_name()}", "tensor_shape {"]
        for size in self.shape:
            lines += ["  dim {", f"    size: {size}", "  }"]
        lines.append("}")
        if self.tensor_content:
            lines.append(f'tensor_content: "{_escape(self.tensor_content)}"')
        lines += [f"{self.value_field}: {_text(v, self.dtype)}" for v in self.values]
        return "\n".join(lines) + "\n"

    __repr__ = __str__

    def _dtype_enum_name(self):
        names = {"float32": "FLOAT", "float64": "DOUBLE", "float16": "HALF"}
        return names.get(self.dtype.name, self.dtype.name.upper())


def make_tensor_proto(values, dtype=None, shape=None, verify_shape=False, allow_broadcast=False):
    """``tf.make_tensor_proto``: `values` (a tensor, array or Python value) as a TensorProto;
    with `shape`, a single value stands for every element (stored once, as TF does)."""
    tensor = values if isinstance(values, Tensor) else convert_to_tensor(values, dtype=dtype)
    array = np.asarray(tensor._value)
    dtype = tensor.dtype
    if shape is None:
        shape = array.shape
    else:
        shape = tuple(int(d) for d in shape)
        if verify_shape and tuple(array.shape) != shape:
            raise TypeError(f"Expected Tensor's shape: {shape}, but got {array.shape}.")
        if array.size != int(np.prod(shape)) and array.size != 1:
            raise ValueError(f"Too many elements provided. Needed at most "
                             f"{int(np.prod(shape))}, but received {array.size}")
    raw = dtype not in (dtypes.string, dtypes.bool) and array.size > 1
    if raw:
        content = np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<")).tobytes()
        return TensorProto(dtype, shape, tensor_content=content)
    return TensorProto(dtype, shape, values=array.reshape(-1).tolist())


def make_ndarray(tensor):
    """``tf.make_ndarray``: the NumPy array a TensorProto holds."""
    shape = tensor.shape
    np_dtype = np.dtype(object if tensor.dtype is dtypes.string else tensor.dtype.as_numpy_dtype)
    if tensor.tensor_content:
        return np.frombuffer(tensor.tensor_content, np_dtype.newbyteorder("<")).astype(
            np_dtype).reshape(shape)
    values = np.array(tensor.values, dtype=np_dtype)
    if values.size == 1 and int(np.prod(shape)) != 1:
        return np.full(shape, values.reshape(()), dtype=np_dtype)
    return values.reshape(shape)

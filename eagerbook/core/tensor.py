"""The eager ``Tensor``: an immutable NumPy array with a TensorFlow face.

A Tensor owns its array and never changes it; ops always make new Tensors. The arithmetic
operators (``+``, ``@``, ``[...]``, ...) are ops like any other: the one operator table in
``eagerbook/ops/operators.py`` attaches them when ``eagerbook.ops`` is imported (this keeps
``core`` free of the op layer, as TF does).
"""

import builtins
import operator

import numpy as np

from . import dtypes
from . import python_values as checks  # (the checks on Python values, for later reading)
from .context import state
from .reference import Reference
from .shape import TensorShape, check_static_shape

CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"
_NUMPY_DTYPES = dtypes._BY_NUMPY


class Tensor:
    """An immutable, typed, n-dimensional array (``tf.Tensor``)."""

    # _tape_mark: the mark of the GradientTape(s) tracking it (autodiff/tape.py), else None
    __slots__ = ("_value", "_dtype", "_tape_mark")
    # Makes `np_array + tensor` call Tensor.__radd__, so the result is a Tensor, as in TF.
    __array_priority__ = 100
    # No __init__: `EagerTensor()` is then the cheapest way to make one (ops do it per result, in
    # _from_numpy), and `tf.Tensor(value)` is TF's TypeError ("Tensor() takes no arguments").

    # --- basic properties --------------------------------------------------------------------
    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self):
        return TensorShape._from_tuple(self._value.shape)

    # The shape as a tuple if it is settled now, for shortcuts on equal shapes that serve every
    # mode (a traced tensor's is equal to nothing: graph/ir.py). A C getter: no Python frame.
    _settled_shape = property(operator.attrgetter("_value.shape"))

    def get_shape(self):
        return self.shape

    @property
    def ndim(self):
        return self._value.ndim

    @property
    def device(self):
        return CPU_DEVICE

    @property
    def backing_device(self):
        return CPU_DEVICE

    @property
    def name(self):
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    @property
    def op(self):
        raise AttributeError("Tensor.op is undefined when eager execution is enabled.")

    @property
    def graph(self):
        raise AttributeError("Tensor.graph is undefined when eager execution is enabled.")

    @property
    def value_index(self):
        raise AttributeError("Tensor.value_index is undefined when eager execution is enabled.")

    def consumers(self):
        raise NotImplementedError("Tensor.consumers is undefined when eager execution is enabled.")

    def eval(self, feed_dict=None, session=None):  # (TF 1.x's way to a value)
        raise NotImplementedError("eval is not supported when eager execution is enabled, is "
                                  ".numpy() what you're looking for?")

    def set_shape(self, shape):
        """Checks that `shape` fits (tf.data, probing a map function on stand-in values, notes
        it instead: see shape.check_static_shape)."""
        check_static_shape(self, shape)

    # --- NumPy interop -----------------------------------------------------------------------
    def numpy(self):
        """A NumPy copy of the value (a NumPy scalar for 0-d tensors), as TF returns."""
        value = self._value
        if value.ndim == 0:
            return value[()]
        return value.copy()

    def __array__(self, dtype=None, copy=None):
        value = self._value.copy()
        return value if dtype is None else value.astype(dtype, copy=False)

    # --- devices ---------------------------------------------------------------------------------
    def cpu(self):
        """A copy of this tensor on the CPU (the only device eagerbook computes on)."""
        return _from_numpy(self._value)

    def gpu(self, gpu_index=0):
        raise RuntimeError(
            f"Cannot copy a tensor to /gpu:{gpu_index}: eagerbook runs on the CPU only and no "
            "GPU is available. Use tf.test.is_gpu_available() to check before calling .gpu().")

    # --- Python protocols ----------------------------------------------------------------------
    def __bool__(self):
        return builtins.bool(self._value)

    def __nonzero__(self):
        return self.__bool__()

    def __int__(self):  # NumPy's: a scalar only (TF's words are NumPy's, whose version it has)
        return int(self._value)

    def __float__(self):
        return float(self._value)

    def __index__(self):  # as TF's: the NumPy value's own (a bool or float has none: an
        # AttributeError, which list[t] and protobuf's integer fields pass on)
        value = self._value
        return (value[()] if value.ndim == 0 else value).__index__()

    def __complex__(self):
        return complex(self._value.reshape(()))

    def __len__(self):
        if self._value.ndim == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return self._value.shape[0]

    def __iter__(self):  # (not a generator itself: a scalar fails at iter(), as in TF)
        if self._value.ndim == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (self[i] for i in range(self._value.shape[0]))

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def ref(self):
        """A hashable reference to this tensor (TF 2's way of using tensors as dict keys)."""
        return Reference(self)

    experimental_ref = ref

    def __copy__(self):
        return self  # immutable

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return convert_to_tensor, (self.numpy(),)

    def __format__(self, format_spec):
        # "hello, {}".format(m) -> "hello, [[4.]]": TF formats the NumPy value.
        return self.numpy().__format__(format_spec)

    def __str__(self):
        return (f"tf.Tensor({numpy_text(self._value)}, shape={self.shape}, "
                f"dtype={self._dtype.name})")

    def __repr__(self):
        return (f"<tf.Tensor: shape={self.shape}, dtype={self._dtype.name}, "
                f"numpy={numpy_text(self._value, is_repr=True)}>")


class EagerTensor(Tensor):
    """What ops return outside a trace (TF's class name); traced tensors are graph/ir.py's."""
    __slots__, __module__ = (), "eagerbook.framework.ops"  # TF's home: type(t) prints so


def numpy_text(value, is_repr=False):
    """The value part of a tensor's printed form, as TF writes it."""
    if value.ndim == 0:
        value = value[()]
    if is_repr:
        # A scalar shows its Python value as TF 2 does (0.10000000149011612); an array, NumPy's
        # own repr (so, as TF's, it follows the NumPy installed: 2.2 and later add `shape=` to
        # an array shown with "...").
        text = repr(value.item() if isinstance(value, np.generic) else value)
    else:
        text = str(value)
    if "\n" in text:
        text = "\n" + text
    return text


# --- creating tensors --------------------------------------------------------------------------
def _from_numpy(array):
    """Wraps an ndarray the caller promises not to change (the hot path of every op)."""
    t = EagerTensor()
    try:
        t._dtype = _NUMPY_DTYPES[array.dtype]
    except KeyError:  # a string kernel gave fixed-width bytes/str (b'a' + b'b' is b'ab')
        array = _as_string_array(array)
        t._dtype = dtypes.string
    t._value = array
    t._tape_mark = None
    return t


def _as_string_array(array):
    """String tensors hold Python bytes in object arrays (TF's tf.string); str is UTF-8."""
    if array.dtype.kind not in "SU":
        raise TypeError(f"Unsupported NumPy dtype {array.dtype!r} for a Tensor.")
    if array.dtype.kind == "S":
        return array.astype(object)
    return np.vectorize(str.encode, otypes=[object])(array) if array.size else array.astype(object)


def is_tensor(x):
    return isinstance(x, Tensor) or hasattr(type(x), "_as_tensor")


def is_symbolic(t):
    """True for a tensor of a graph being traced (tf.function): no value until it runs."""
    return t._value is None


_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1


def _python_to_numpy(value, dtype):
    """Python scalars and (nested) lists -> ndarray using TF's default dtypes.

    float -> float32, int -> int32 (int64 if it does not fit), bool -> bool, str -> string.
    A sequence has one kind (``[1, 2.5]`` is float; ``[True, 1]`` and ``[1, "a"]`` are refused).
    """
    if not isinstance(value, str):
        checks.check_python_kinds(value, dtype)
    if dtype is not None:
        try:
            wraps = checks.check_python_value_fits(value, dtype)
        except TypeError:
            checks.rectangular_array(value)  # (TF names a ragged list first)
            raise
        if wraps:
            return checks.rectangular_array(value, np.int64).astype(dtype._np)  # wraps, as TF
        if dtype is not dtypes.string:
            return checks.rectangular_array(value, dtype._np)
    arr = checks.rectangular_array(value)
    kind = "S" if dtype is dtypes.string and not arr.size else arr.dtype.kind  # []: no strings
    if kind in "uOf" and not isinstance(value, float):  # ints past int64 (NumPy: uint64,
        checks.check_int64_range(value)  # object or float64 for those)
    if kind == "f":
        checks.check_float32_range(value, arr)
        return arr.astype(np.float32)
    if kind in "iu":
        if arr.size and (arr.min() < _INT32_MIN or arr.max() > _INT32_MAX):
            return arr.astype(np.int64)
        return arr.astype(np.int32)
    if kind in "bc":  # bool; complex is complex128, as in TF
        return arr
    if kind in "US":  # ([b"a", 3], which NumPy would make text, was refused above)
        utf8 = np.frompyfunc(lambda s: s.encode() if isinstance(s, str) else s, 1, 1)
        return np.asarray(utf8(np.array(value, dtype=object)), dtype=object)  # keeps final \0s
    if kind == "O":
        raise ValueError("Can't convert non-rectangular Python sequence to Tensor.")
    raise TypeError(f"Cannot convert {value!r} to a Tensor.")


# Set by eagerbook.ops: packs a list holding tensors with a differentiable `stack` op.
_pack_hook = None


def _contains_tensor(value):
    return any(isinstance(v, Tensor) or hasattr(type(v), "_as_tensor")
               for v in checks.flat_python(value))


def _shape_to_numpy(shape, dtype):
    """A fully defined TensorShape converts as in TF: int32, or int64 if asked or needed."""
    if not shape.is_fully_defined():
        raise ValueError(f"Cannot convert a partially known TensorShape {shape} to a Tensor.")
    dims = shape.as_list()
    if dtype is None:
        dtype = dtypes.int64 if any(d >= 2**31 for d in dims) else dtypes.int32
    elif dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"Cannot convert a TensorShape to dtype: {dtype}")
    return np.array(dims, dtype=dtype._np)


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None, preferred_dtype=None):
    """Converts Tensors, Variables, NumPy arrays and Python values to a Tensor.

    ``dtype`` is a requirement (TypeError/ValueError if the value cannot have it);
    ``dtype_hint`` is a preference used only when the value can take it.
    """
    if type(value) is EagerTensor or isinstance(value, Tensor):
        if dtype is not None and value._dtype is not dtypes.as_dtype(dtype):
            raise ValueError(f"{name + ': ' if name else ''}Tensor conversion requested dtype "
                             f"{dtypes.as_dtype(dtype).name} for Tensor with dtype "
                             f"{value._dtype.name}: {value!r}")  # (TF names the input first)
        return value
    as_tensor = getattr(type(value), "_as_tensor", None)
    if as_tensor is not None:  # Variables and other tensor-like objects
        return as_tensor(value, None if dtype is None else dtypes.as_dtype(dtype))
    dtype_hint = dtype_hint if dtype_hint is not None else preferred_dtype
    if type(value) is float and state.graph is None:
        # The fast path of `loss / 2.0` and of a mean's count: a Python float asked or hinted
        # as float32/float64 passes every check of the road below (~28,000 instructions).
        wanted = dtype if dtype is not None else dtype_hint
        if wanted is dtypes.float64 or (wanted is dtypes.float32
                                        and -checks._FLOAT32_MAX <= value <= checks._FLOAT32_MAX):
            return _from_numpy(np.array(value, wanted._np))  # (no overflow: no errstate)
    if dtype is None and dtype_hint is not None:
        try:
            return convert_to_tensor(value, dtype=dtype_hint)
        except (TypeError, ValueError):
            return convert_to_tensor(value)
    dtype = None if dtype is None else dtypes.as_dtype(dtype)
    if isinstance(value, (np.ndarray, np.generic)):
        array = np.array(value)  # always a copy: the Tensor must own its array
        if array.dtype.kind in "US":
            array = _python_to_numpy(array.tolist(), None)
        elif array.dtype.kind == "O" or dtype is dtypes.string:
            array = checks.numpy_strings(array, dtype)
        if dtype is not None and array.dtype != dtype._np:
            array = array.astype(dtype._np)  # TF casts NumPy values as NumPy does
    elif isinstance(value, (list, tuple)) and _contains_tensor(value):
        packed = _pack_hook(value)
        if dtype is not None and packed._dtype is not dtype:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype "
                            f"{checks.kernel_type_name(dtype)}")
        return packed
    elif isinstance(value, TensorShape):
        array = _shape_to_numpy(value, dtype)
    elif value is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    elif isinstance(value, (builtins.bool, int, float, complex, str, bytes, list, tuple, range)):
        array = _python_to_numpy(value, dtype)
    elif hasattr(value, "__array__"):
        return convert_to_tensor(np.asarray(value), dtype=dtype)
    else:
        raise ValueError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                         f"({type(value)}) to a Tensor.")
    tensor = _from_numpy(array)
    if state.graph is not None:
        return state.graph.capture_constant(tensor)
    return tensor


def constant(value, dtype=None, shape=None, name="Const"):
    """``tf.constant``: a Tensor from a Python or NumPy value, optionally cast and shaped."""
    graph = state.graph
    if graph is not None and shape is not None and not isinstance(value, Tensor):
        state.graph = None  # tf.function tracing: build the value eagerly, then one Const op
        try:
            eager = constant(value, dtype=dtype, shape=shape, name=name)
        finally:
            state.graph = graph
        return graph.capture_constant(eager)
    if isinstance(value, Tensor) or hasattr(type(value), "_as_tensor"):
        if isinstance(value, Tensor) and is_symbolic(value):  # no value to copy (TF: TypeError)
            raise TypeError("Expected any non-tensor type, but got a tensor instead.")
        tensor = convert_to_tensor(value)
        if dtype is not None and tensor._dtype is not dtypes.as_dtype(dtype):
            tensor = _from_numpy(tensor._value.astype(dtypes.as_dtype(dtype)._np))
    else:
        tensor = convert_to_tensor(value, dtype=dtype)
    if shape is None:
        return tensor
    shape = tuple(TensorShape(shape).as_list())
    array = tensor._value
    if array.shape == shape:
        return tensor
    if array.size == 1:
        return _from_numpy(np.full(shape, array.reshape(()), dtype=array.dtype))
    if array.size == int(np.prod(shape, dtype=np.int64)):
        return _from_numpy(array.reshape(shape))
    raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor {array} "
                    f"(converted from {value}) has {array.size} elements, but got `shape` "
                    f"{shape} with {int(np.prod(shape, dtype=np.int64))} elements).")

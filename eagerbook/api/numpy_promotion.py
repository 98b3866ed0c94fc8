# ruff: noqa: E501 - the promotion tables below are TF's, one dtype per row
"""TF's newer type promotion: ``tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=
"all")`` (or ``"safe"``).

TF 2.15 added a JAX-like promotion lattice next to NumPy's rules ("legacy"): a result is never
wider than it must be (int8 + uint32 is int64, int64 + float16 is float16), and Python values
are "weak" - they take the other operand's dtype (int8 tensor + 1 stays int8). A tensor made from
Python values without a dtype (``tf.constant(5)``, ``tnp.array(1.0)``) is weak too and prints
``weak=True``. ``"safe"`` mode refuses (TypeError) the promotions that lose precision or widen.

What eagerbook covers: the operators (``a + b``, ``a * 2.5``, ``-a``, ...), the binary
``tf.math`` functions (``tf.add``, ``tf.multiply``, ..., ``tf.matmul``), the unary ones TF keeps
weak (``tf.abs``, ``tf.reshape``, ``tf.reduce_sum``, ... keep a weak input weak; the list is
below), ``tf.constant`` and ``tnp.asarray``/``tnp.array``. Other ops take and give ordinary
tensors: in TF a few more keep a weak input weak, and a Variable's assign ops convert
implicitly. TF's weak tensors are not ``tf.Tensor`` instances; here they are
(``EagerWeakTensor``, TF's class name, subclasses EagerTensor).
"""

import inspect
import sys

import numpy as np

from ..core import dtypes
from ..core.dtypes_bfloat16 import bfloat16
from ..core.tensor import EagerTensor, Tensor, constant
from ..core.variable import Variable
from ..ops import math_ops

_MODE = ["legacy"]  # "legacy" (NumPy's rules), "all", "safe" or "off" (TF's own: no promotion)

# TF 2.21's result dtype of ``x + y`` in "all" mode (row x, column y), read off TF itself.
# i*, f*, c*: a Python int, float or complex, or a weak tensor of that kind; a trailing *
# marks a weak result; "ERR": the op itself refuses the dtype (bool + bool).
_ALL = """
       b     u8    u16    u32    u64     i8    i16    i32    i64   bf16    f16    f32    f64    c64   c128     i*     f*     c*
 b    ERR     u8    u16    u32    u64     i8    i16    i32    i64   bf16    f16    f32    f64    c64   c128   i32*   f32*  c128*
u8     u8     u8    u16    u32    u64    i16    i16    i32    i64   bf16    f16    f32    f64    c64   c128     u8   f64*  c128*
u16   u16    u16    u16    u32    u64    i32    i32    i32    i64   bf16    f16    f32    f64    c64   c128    u16   f64*  c128*
u32   u32    u32    u32    u32    u64    i64    i64    i64    i64   bf16    f16    f32    f64    c64   c128    u32   f64*  c128*
u64   u64    u64    u64    u64    u64   f64*   f64*   f64*   f64*   bf16    f16    f32    f64    c64   c128    u64   f64*  c128*
i8     i8    i16    i32    i64   f64*     i8    i16    i32    i64   bf16    f16    f32    f64    c64   c128     i8   f64*  c128*
i16   i16    i16    i32    i64   f64*    i16    i16    i32    i64   bf16    f16    f32    f64    c64   c128    i16   f64*  c128*
i32   i32    i32    i32    i64   f64*    i32    i32    i32    i64   bf16    f16    f32    f64    c64   c128    i32   f64*  c128*
i64   i64    i64    i64    i64   f64*    i64    i64    i64    i64   bf16    f16    f32    f64    c64   c128    i64   f64*  c128*
bf16 bf16   bf16   bf16   bf16   bf16   bf16   bf16   bf16   bf16   bf16    f32    f32    f64    c64   c128   bf16   bf16    c64
f16   f16    f16    f16    f16    f16    f16    f16    f16    f16    f32    f16    f32    f64    c64   c128    f16    f16    c64
f32   f32    f32    f32    f32    f32    f32    f32    f32    f32    f32    f32    f32    f64    c64   c128    f32    f32    c64
f64   f64    f64    f64    f64    f64    f64    f64    f64    f64    f64    f64    f64    f64   c128   c128    f64    f64   c128
c64   c64    c64    c64    c64    c64    c64    c64    c64    c64    c64    c64    c64   c128    c64   c128    c64    c64    c64
c128 c128   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128   c128
i*   i32*     u8    u16    u32    u64     i8    i16    i32    i64   bf16    f16    f32    f64    c64   c128      -      -      -
f*   f32*   f64*   f64*   f64*   f64*   f64*   f64*   f64*   f64*   bf16    f16    f32    f64    c64   c128      -      -      -
c*  c128*  c128*  c128*  c128*  c128*  c128*  c128*  c128*  c128*    c64    c64    c64   c128    c64   c128      -      -      -
"""

# The pairs "safe" mode refuses (x), also read off TF 2.21; "." : allowed as in "all".
_SAFE = """
       b  u8 u16 u32 u64  i8 i16 i32 i64 bf16 f16 f32 f64 c64 c128  i*  f*  c*
 b     .   .   .   .   .   .   .   .   .    .   .   .   .   .    .   .   .   .
u8     .   .   .   .   .   x   .   .   .    .   .   .   .   .    .   .   x   .
u16    .   .   .   .   .   x   x   .   .    x   x   .   .   .    .   .   x   .
u32    .   .   .   .   .   x   x   x   .    x   x   x   .   x    .   .   x   .
u64    .   .   .   .   .   x   x   x   x    x   x   x   x   x    x   .   x   x
i8     .   x   x   x   x   .   .   .   .    .   .   .   .   .    .   .   x   .
i16    .   .   x   x   x   .   .   .   .    x   x   .   .   .    .   .   x   .
i32    .   .   .   x   x   .   .   .   .    x   x   x   .   x    .   .   x   .
i64    .   .   .   .   x   .   .   .   .    x   x   x   x   x    x   .   x   x
bf16   .   .   x   x   x   .   x   x   x    .   x   .   .   .    .   .   .   x
f16    .   .   x   x   x   .   x   x   x    x   .   .   .   .    .   .   .   x
f32    .   .   .   x   x   .   .   x   x    .   .   .   .   .    .   .   .   x
f64    .   .   .   .   x   .   .   .   x    .   .   .   .   x    .   .   .   .
c64    .   .   .   x   x   .   .   x   x    .   .   .   x   .    .   .   .   .
c128   .   .   .   .   x   .   .   .   x    .   .   .   .   .    .   .   .   .
i*     .   .   .   .   .   .   .   .   .    .   .   .   .   .    .   -   -   -
f*     .   x   x   x   x   x   x   x   x    .   .   .   .   .    .   -   -   -
c*     .   .   .   .   x   .   .   .   x    x   x   x   .   .    .   -   -   -
"""

_SHORT = {"b": dtypes.bool, "u8": dtypes.uint8, "u16": dtypes.uint16, "u32": dtypes.uint32,
          "u64": dtypes.uint64, "i8": dtypes.int8, "i16": dtypes.int16, "i32": dtypes.int32,
          "i64": dtypes.int64, "bf16": bfloat16, "f16": dtypes.float16, "f32": dtypes.float32,
          "f64": dtypes.float64, "c64": dtypes.complex64, "c128": dtypes.complex128}
_WEAK_COLUMNS = {"int": "i*", "float": "f*", "complex": "c*"}


def _read(table):
    lines = table.strip().splitlines()
    columns = lines[0].split()
    return {(row[0], column): cell for row in (line.split() for line in lines[1:])
            for column, cell in zip(columns, row[1:])}


_ALL_RESULTS, _SAFE_REFUSED = _read(_ALL), _read(_SAFE)


def set_mode(mode):
    if mode not in ("off", "legacy", "safe", "all"):
        raise ValueError(f"The provided promotion mode {mode} does not exist. Make sure the "
                         "provided dtype conversion mode is one of the followings: 'off', "
                         "'legacy', 'safe' or 'all'.")
    _MODE[0] = mode


def mode():
    return _MODE[0]


def enabled():
    """Whether the lattice ("all" or "safe") is on."""
    return _MODE[0] in ("all", "safe")


class EagerWeakTensor(EagerTensor):
    """A tensor whose dtype came from Python values: it bends to the other operand's dtype
    (TF's class name for an eager one)."""
    __slots__ = ()

    def __str__(self):
        return super().__str__()[:-1] + ", weak=True)"

    def __repr__(self):
        return super().__repr__()[:-1] + ", weak=True>"

    def __neg__(self):
        return weak(math_ops.negative(self))

    def __abs__(self):
        return weak(math_ops.abs(self))


WeakTensor = EagerWeakTensor


def weak(tensor):
    """`tensor`, a new eager result, marked weak. The object itself changes class, so that a
    GradientTape that recorded it still knows it (a traced tensor stays as it is)."""
    if type(tensor) is EagerTensor:
        tensor.__class__ = WeakTensor
    return tensor


def _kind_name(dtype):
    if dtype.is_complex:
        return "complex"
    return "float" if dtype.is_floating else "int"


def python_dtype(value):
    """The weak dtype TF gives a Python value (or nested lists of them), else None."""
    if isinstance(value, bool) or isinstance(value, (np.generic, np.ndarray)):
        return None
    if isinstance(value, (int, float, complex)):
        kind = np.asarray(value).dtype.kind
    elif isinstance(value, (list, tuple)) and value:
        try:
            kind = np.asarray(value).dtype.kind
        except (ValueError, TypeError):
            return None
    else:
        return None
    return {"i": dtypes.int32, "f": dtypes.float32, "c": dtypes.complex128}.get(kind)


def operand(value):
    """(dtype, weak) of an operand, or None for values the lattice does not judge."""
    if isinstance(value, WeakTensor):
        return value.dtype, True
    if isinstance(value, (Tensor, Variable)):
        return value.dtype, False
    if isinstance(value, (np.ndarray, np.generic)):
        return dtypes.as_dtype(value.dtype), False
    if isinstance(value, bool):
        return dtypes.bool, False
    python = python_dtype(value)
    return None if python is None else (python, True)


def _name(dtype, is_weak):
    if is_weak and not dtype.is_bool:
        return _WEAK_COLUMNS[_kind_name(dtype)]
    return {v: k for k, v in _SHORT.items()}.get(dtype, dtype.name)


def result_type(x, y):
    """(dtype, weak) of `x` op `y` under the lattice; TypeError where "safe" mode refuses."""
    (dx, wx), (dy, wy) = operand(x), operand(y)
    if wx and wy:  # two weak operands: the wider kind, still weak
        order = ("int", "float", "complex")
        wider = max((dx, dy), key=lambda d: order.index(_kind_name(d)))
        return wider, True
    nx, ny = _name(dx, wx), _name(dy, wy)
    cell = _ALL_RESULTS.get((nx, ny))
    if cell is None or cell == "ERR":  # not in the table: leave it to the op
        return (dx if dx == dy else None), False
    if _MODE[0] == "safe" and _SAFE_REFUSED.get((nx, ny)) == "x":
        raise TypeError(
            f"In promotion mode PromoMode.SAFE, implicit dtype promotion between ({dx}, "
            f"weak={wx}) and ({dy}, weak={wy}) is disallowed. You need to explicitly "
            "specify the dtype in your op, or relax your dtype promotion rules (such as from "
            "SAFE mode to ALL mode).")
    return _SHORT[cell.rstrip("*")], cell.endswith("*")


def _as(value, dtype):
    if isinstance(value, Variable):
        value = value.read_value()
    if isinstance(value, Tensor):
        return value if value.dtype == dtype else math_ops.cast(value, dtype)
    return constant(value, dtype)


def _operand_names(fn, count):
    """The names of `fn`'s first `count` parameters (its tensor operands)."""
    fn = getattr(fn, "_tf_dispatch_original", fn)
    return list(inspect.signature(fn).parameters)[:count]


def _split(names, args, kwargs):
    """(operands, the other positional args, the other keyword args) of one call."""
    operands, args, kwargs = list(args[:len(names)]), args[len(names):], dict(kwargs)
    for name in names[len(operands):]:
        operands.append(kwargs.pop(name))
    return operands, args, kwargs


def binary(fn):
    """`fn(x, y, ...)` with `x` and `y` promoted by the lattice when it is on."""
    names = _operand_names(fn, 2)

    def promoting(*args, **kwargs):
        if not enabled():
            return fn(*args, **kwargs)
        (x, y), rest, options = _split(names, args, kwargs)
        if operand(x) is None or operand(y) is None:
            return fn(*args, **kwargs)
        dtype, is_weak = result_type(x, y)
        if dtype is None:
            return fn(*args, **kwargs)
        out = fn(_as(x, dtype), _as(y, dtype), *rest, **options)
        if is_weak and out.dtype == dtype and out is not x and out is not y:
            return weak(out)
        return out
    return _named_like(promoting, fn)


def _named_like(wrapper, fn):
    """`wrapper` with `fn`'s name and docstring (help() and error texts show the function)."""
    wrapper.__name__ = getattr(fn, "__name__", wrapper.__name__)
    wrapper.__doc__ = fn.__doc__
    return wrapper


def unary(fn):
    """`fn(x, ...)` whose result stays weak when `x` is (a Python value or a WeakTensor)."""
    names = _operand_names(fn, 1)

    def keeping(*args, **kwargs):
        out = fn(*args, **kwargs)
        if not enabled() or not isinstance(out, Tensor):
            return out
        (x,), _, _ = _split(names, args, kwargs)
        kind = operand(x)
        if kind is not None and kind[1] and out.dtype == kind[0] and out is not x:
            return weak(out)
        return out
    return _named_like(keeping, fn)


def weak_constant(original):
    """``tf.constant`` that, with the lattice on, makes a Python value without a dtype weak and
    casts a tensor given another dtype (TF allows that implicit conversion then)."""
    def constant_(value, dtype=None, shape=None, name="Const"):
        if enabled() and dtype is not None and isinstance(value, Tensor) \
                and value.dtype != dtypes.as_dtype(dtype):
            value = math_ops.cast(value, dtype)
        out = original(value, dtype, shape, name)
        if enabled() and dtype is None and python_dtype(value) is not None:
            return weak(out)
        return out
    constant_.__name__, constant_.__doc__ = "constant", original.__doc__
    constant_._tf_promotion_original = original
    return constant_


# The functions TF's lattice covers (its "WeakTensor-supporting" APIs), by their tf.* path:
# binary ones promote their two operands ...
_BINARY_APIS = ("math.add", "math.subtract", "math.multiply", "math.divide", "math.truediv",
                "math.floordiv", "math.floormod", "math.pow", "math.maximum", "math.minimum",
                "math.squared_difference", "linalg.matmul")
# ... and unary ones keep a weak input weak (the ones TF 2.21 was seen to keep weak)
_UNARY_APIS = (
    "math.abs math.negative math.sign math.square math.sqrt math.rsqrt math.exp math.expm1 "
    "math.log math.log1p math.sin math.cos math.tan math.tanh math.sigmoid math.floor "
    "math.ceil math.round math.reciprocal math.real math.reduce_sum math.reduce_mean "
    "math.reduce_max math.reduce_min math.reduce_prod math.reduce_logsumexp identity "
    "expand_dims reshape transpose squeeze ones_like zeros_like clip_by_value "
    "linalg.matrix_transpose nn.leaky_relu nn.softplus").split()
_PATCHED = []  # (namespace, name, what it held before), to undo


def _at(root, path):
    for part in path.split("."):
        root = getattr(root, part)
    return root


def install():
    """Puts the promoting ``tf.constant`` and functions above in place of tf's (once), in
    every namespace that names them (``tf.add`` and ``tf.math.add``; also when a dispatch
    wrapper of tf.experimental holds their place)."""
    if _PATCHED:
        return
    root = sys.modules["eagerbook"]
    binaries = {id(_at(root, path)) for path in _BINARY_APIS}
    unaries = {id(_at(root, path)) for path in _UNARY_APIS}
    wrappers = {}
    for namespace in (root, root.math, root.linalg, root.nn):
        for name, value in list(vars(namespace).items()):
            ids = {id(value), id(getattr(value, "_tf_dispatch_original", value))}
            if namespace is root and name == "constant":
                wrapper = weak_constant(value)
            elif ids & binaries:
                wrapper = wrappers.setdefault(id(value), binary(value))
            elif ids & unaries:
                wrapper = wrappers.setdefault(id(value), unary(value))
            else:
                continue
            _PATCHED.append((namespace, name, value))
            setattr(namespace, name, wrapper)


def uninstall():
    """Back to the plain functions and NumPy's rules (for eagerbook's own tests)."""
    for namespace, name, value in reversed(_PATCHED):
        setattr(namespace, name, value)
    _PATCHED.clear()
    _MODE[0] = "legacy"

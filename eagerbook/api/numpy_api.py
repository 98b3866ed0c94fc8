"""``tf.experimental.numpy`` (``tnp``): NumPy's functions on eagerbook tensors.

The arrays are ordinary Tensors (``tnp.ndarray`` is ``tf.Tensor``); what differs from ``tf.*`` is
NumPy's dtype rules:

- Python values become int64 / float64 (``tnp.asarray(1.)`` is float64; TF's ``tf.constant``
  makes float32), unless ``experimental_enable_numpy_behavior(prefer_float32=True)``;
- operands of different dtypes are promoted with ``np.result_type`` (int32 + float32 is
  float64; a Python scalar bends to the array, as NumPy's: float32 + 1.5 stays float32), where
  ``tf.add`` would refuse;
- integer inputs of float functions (``sqrt``, ``mean``, ``/``) give float64.

``experimental_enable_numpy_behavior()`` then gives every Tensor NumPy's methods and operators
(``t.T``, ``t.reshape(-1)``, ``t.astype(...)``, NumPy indexing, promoting ``+``), as TF does.
"""

import builtins

import numpy as np

from ..core import dtypes
from ..core.tensor import Tensor, convert_to_tensor
from ..core.variable import Variable
from ..ops import array_ops, linalg_ops, math_ops, operators, random_ops, sort_ops
from . import numpy_promotion

# NumPy's scalar types, as TF's tnp exposes them (``tnp.float32 is np.float32``).
bool_, int8, int16, int32, int64 = np.bool_, np.int8, np.int16, np.int32, np.int64
uint8, uint16, uint32, uint64 = np.uint8, np.uint16, np.uint32, np.uint64
float16, float32, float64, complex64, complex128 = (np.float16, np.float32, np.float64,
                                                    np.complex64, np.complex128)
bool, float_, int_, complex_ = np.bool_, np.float64, np.int64, np.complex128
dtype, iinfo, finfo, issubdtype = np.dtype, np.iinfo, np.finfo, np.issubdtype
ndarray = Tensor
newaxis = None
pi, e, inf, nan = np.pi, np.e, np.inf, np.nan

_PREFER_FLOAT32 = [False]


# --- dtypes ----------------------------------------------------------------------------------
def _dtype_of(x):
    """What ``np.result_type`` should see for `x`: a dtype, or a Python scalar (which NumPy
    lets bend to the other operands)."""
    if isinstance(x, Tensor) or isinstance(x, Variable):
        return np.dtype(x.dtype.as_numpy_dtype)
    if isinstance(x, (np.ndarray, np.generic)):
        return x.dtype
    if isinstance(x, (builtins.bool, int, float, complex)):
        return x
    if isinstance(x, dtypes.DType):
        return np.dtype(x.as_numpy_dtype)
    if isinstance(x, (np.dtype, str)) or (isinstance(x, type) and issubclass(x, np.generic)):
        return np.dtype(x)  # a dtype named, not a value: tnp.int32, "float32"
    return _default_dtype(np.asarray(x).dtype)


def _default_dtype(np_dtype):
    """float64 from Python values is float32 under ``prefer_float32``."""
    if _PREFER_FLOAT32[0] and np_dtype == np.float64:
        return np.dtype(np.float32)
    return np_dtype


def _result_type(*arrays_and_dtypes):
    """NumPy's ``result_type`` of the operands (Tensors count by their dtype), a NumPy dtype."""
    kinds = [_dtype_of(a) for a in arrays_and_dtypes]
    if builtins.all(isinstance(k, (builtins.bool, int, float, complex)) for k in kinds):
        return _default_dtype(np.result_type(*[np.asarray(k).dtype for k in kinds]))
    return np.result_type(*kinds)


def result_type(*arrays_and_dtypes):
    """``tnp.result_type``: the dtype NumPy's rules give the operands, as a TF dtype."""
    return dtypes.as_dtype(_result_type(*arrays_and_dtypes))


def _tf_dtype(np_dtype):
    if isinstance(np_dtype, dtypes.DType):  # x.astype(tf.float32) names a TF dtype
        return np_dtype
    return dtypes.as_dtype(np.dtype(np_dtype))


# --- making arrays ---------------------------------------------------------------------------
def asarray(a, dtype=None):
    """`a` as a Tensor of `dtype` (by default its own, or NumPy's for Python values; under the
    "all"/"safe" promotion, a weak int32, float32 or complex128 for Python values)."""
    if dtype is None and numpy_promotion.enabled():
        weak_dtype = numpy_promotion.python_dtype(a)
        if weak_dtype is not None:
            return numpy_promotion.weak(convert_to_tensor(a, weak_dtype))
    if isinstance(dtype, dtypes.DType):
        dtype = dtype.as_numpy_dtype
    if dtype is None:
        if isinstance(a, Tensor):
            return a
        if isinstance(a, Variable):
            return a.read_value()
        dtype = _result_type(a) if not isinstance(a, (list, tuple)) or not _has_tensor(a) \
            else None
    if isinstance(a, (Tensor, Variable)) or (isinstance(a, (list, tuple)) and _has_tensor(a)):
        tensor = convert_to_tensor(a)
        return tensor if dtype is None else math_ops.cast(tensor, _tf_dtype(dtype))
    return convert_to_tensor(_wrapping_asarray(a, dtype))


def _wrapping_asarray(a, dtype):
    """np.asarray(a, dtype), except that Python ints too big for an integer dtype wrap around
    as a C cast does (TF: int8 + 1000 is int8 -23); NumPy 2 refuses them."""
    try:
        return np.asarray(a, dtype=dtype)
    except OverflowError:
        if dtype is None or not np.issubdtype(dtype, np.integer):
            raise
        wrapped = np.asarray(np.asarray(a, dtype=object) % (1 << (8 * np.dtype(dtype).itemsize)))
        return wrapped.astype(np.uint64).astype(dtype)


def _has_tensor(values):
    return builtins.any(isinstance(v, (Tensor, Variable)) or (isinstance(v, (list, tuple))
                                                     and _has_tensor(v)) for v in values)


def array(val, dtype=None, copy=True, ndmin=0):
    out = asarray(val, dtype)
    while out.ndim < ndmin:
        out = array_ops.expand_dims(out, 0)
    if isinstance(out, numpy_promotion.WeakTensor):
        return numpy_promotion.weak(math_ops.identity(out)) if copy else out
    return math_ops.identity(out) if copy else out


asanyarray = asarray


def copy(a):
    return math_ops.identity(asarray(a))


def _filled(shape, dtype, value):
    shape = [shape] if isinstance(shape, (int, np.integer)) else list(shape)
    return convert_to_tensor(np.full(shape, value, dtype=dtype))


def zeros(shape, dtype=float):
    return _filled(shape, dtype, 0)


def ones(shape, dtype=float):
    return _filled(shape, dtype, 1)


def empty(shape, dtype=float):
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None):
    return _filled(shape, dtype if dtype is not None else _result_type(fill_value), fill_value)


def zeros_like(a, dtype=None):
    a = asarray(a)
    return array_ops.zeros(a.shape, _tf_dtype(dtype) if dtype is not None else a.dtype)


def ones_like(a, dtype=None):
    a = asarray(a)
    return array_ops.ones(a.shape, _tf_dtype(dtype) if dtype is not None else a.dtype)


def full_like(a, fill_value, dtype=None):
    a = asarray(a)
    return array_ops.fill(a.shape, asarray(fill_value, dtype or a.dtype.as_numpy_dtype))


empty_like = zeros_like


def arange(start, stop=None, step=1, dtype=None):
    if dtype is None:
        dtype = _result_type(*[v for v in (start, stop, step) if v is not None])
    return convert_to_tensor(np.arange(start, stop, step, dtype=dtype))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=float, axis=0):
    values = np.linspace(start, stop, num, endpoint=endpoint, retstep=retstep, dtype=dtype,
                         axis=axis)
    if retstep:
        return convert_to_tensor(values[0]), values[1]
    return convert_to_tensor(values)


def eye(N, M=None, k=0, dtype=float):  # noqa: N803 - NumPy's argument names
    return convert_to_tensor(np.eye(N, M, k, dtype=dtype))


def identity(n, dtype=float):
    return eye(n, dtype=dtype)


# --- promotion -------------------------------------------------------------------------------
def _promote(*args):
    """The operands as Tensors of one dtype, NumPy's result type."""
    target = _result_type(*args)
    return [asarray(a, target) for a in args]


def _to_float(x):
    """Integer and bool inputs of float functions become float64 (NumPy's rule)."""
    x = asarray(x)
    if x.dtype.is_floating or x.dtype.is_complex:
        return x
    return math_ops.cast(x, dtypes.float32 if _PREFER_FLOAT32[0] else dtypes.float64)


def _binary(tf_fn):
    def numpy_fn(x1, x2):
        return tf_fn(*_promote(x1, x2))
    numpy_fn.__name__ = tf_fn.__name__
    return numpy_fn


def _unary_float(tf_fn):
    def numpy_fn(x):
        return tf_fn(_to_float(x))
    numpy_fn.__name__ = tf_fn.__name__
    return numpy_fn


add, subtract, multiply = _binary(math_ops.add), _binary(math_ops.subtract), \
    _binary(math_ops.multiply)
maximum, minimum = _binary(math_ops.maximum), _binary(math_ops.minimum)
floor_divide, mod = _binary(math_ops.floordiv), _binary(math_ops.floormod)
remainder = mod
power = _binary(math_ops.pow)
arctan2 = _binary(math_ops.atan2)
equal, not_equal = _binary(math_ops.equal), _binary(math_ops.not_equal)
less, less_equal = _binary(math_ops.less), _binary(math_ops.less_equal)
greater, greater_equal = _binary(math_ops.greater), _binary(math_ops.greater_equal)
logical_and, logical_or = _binary(math_ops.logical_and), _binary(math_ops.logical_or)
logical_xor = _binary(math_ops.logical_xor)

sqrt, exp, log, log1p, expm1 = (_unary_float(f) for f in (
    math_ops.sqrt, math_ops.exp, math_ops.log, math_ops.log1p, math_ops.expm1))
sin, cos, tan, tanh, sinh, cosh = (_unary_float(f) for f in (
    math_ops.sin, math_ops.cos, math_ops.tan, math_ops.tanh, math_ops.sinh, math_ops.cosh))
arcsin, arccos, arctan = (_unary_float(f) for f in (math_ops.asin, math_ops.acos,
                                                    math_ops.atan))
reciprocal = _unary_float(math_ops.reciprocal)


def divide(x1, x2):
    """True division: integers divide into float64."""
    x1, x2 = _promote(x1, x2)
    return math_ops.truediv(_to_float(x1), _to_float(x2))


true_divide = divide


def log2(x):
    x = _to_float(x)
    return math_ops.log(x) / math_ops.log(math_ops.cast(2.0, x.dtype))


def log10(x):
    x = _to_float(x)
    return math_ops.log(x) / math_ops.log(math_ops.cast(10.0, x.dtype))


def abs(x):  # noqa: A001 - NumPy's name
    return math_ops.abs(asarray(x))


absolute = abs


def square(x):
    return math_ops.square(asarray(x))


def negative(x):
    return math_ops.negative(asarray(x))


def sign(x):
    return math_ops.sign(asarray(x))


def floor(x):
    return math_ops.floor(_to_float(x))


def ceil(x):
    return math_ops.ceil(_to_float(x))


def around(a, decimals=0):
    a = asarray(a)
    if not a.dtype.is_floating:
        return a
    scale = math_ops.cast(10.0 ** decimals, a.dtype)
    return math_ops.round(a * scale) / scale


round = around  # noqa: A001 - NumPy's name


def logical_not(x):
    return math_ops.logical_not(asarray(x, np.bool_))


def clip(a, a_min, a_max):
    a, low, high = _promote(a, a_min, a_max)
    return math_ops.minimum(math_ops.maximum(a, low), high)


def where(condition, x=None, y=None):
    condition = asarray(condition, np.bool_)
    if x is None and y is None:  # (TF returns a list, where NumPy returns a tuple)
        return array_ops.unstack(math_ops.cast(array_ops.where(condition), dtypes.int64),
                                 axis=1)
    x, y = _promote(x, y)
    return math_ops.where_v2(condition, x, y)


def matmul(x1, x2):
    """NumPy's matmul: a 1-D operand is a vector (a row on the left, a column on the right),
    its added dimension dropped from the result."""
    a, b = _promote(x1, x2)
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError(f"In[0] and In[1] ndims must be == 2: {builtins.min(a.ndim, b.ndim)}")
    vector_a, vector_b = a.ndim == 1, b.ndim == 1
    out = math_ops.matmul(array_ops.expand_dims(a, 0) if vector_a else a,
                          array_ops.expand_dims(b, -1) if vector_b else b)
    if vector_b:
        out = array_ops.squeeze(out, -1)
    if vector_a:
        out = array_ops.squeeze(out, -2 if out.ndim >= 2 else 0)
    return out


def dot(a, b):
    a, b = _promote(a, b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    if b.ndim == 1:
        return linalg_ops.tensordot(a, b, [[a.ndim - 1], [0]])
    return linalg_ops.tensordot(a, b, [[a.ndim - 1], [b.ndim - 2]])


def tensordot(a, b, axes=2):
    return linalg_ops.tensordot(*_promote(a, b), axes)


def outer(a, b):
    a, b = _promote(a, b)
    return linalg_ops.tensordot(array_ops.reshape(a, [-1]), array_ops.reshape(b, [-1]), 0)


def einsum(subscripts, *operands, **kwargs):
    return math_ops.einsum(subscripts, *_promote(*operands))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return math_ops.reduce_all(isclose(a, b, rtol, atol, equal_nan))


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a, b = _promote(a, b)
    return convert_to_tensor(np.isclose(a.numpy(), b.numpy(), rtol, atol, equal_nan))


def array_equal(a1, a2):
    a1, a2 = asarray(a1), asarray(a2)
    return convert_to_tensor(np.array_equal(a1.numpy(), a2.numpy()))


# --- reductions ------------------------------------------------------------------------------
def _widened(a, dtype):
    """NumPy sums and multiplies small integers in int64 (and bools as int64)."""
    a = asarray(a)
    if dtype is not None:
        return math_ops.cast(a, _tf_dtype(dtype))
    if a.dtype.is_bool or (a.dtype.is_integer and a.dtype.size < 8):
        return math_ops.cast(a, dtypes.uint64 if a.dtype.is_unsigned else dtypes.int64)
    return a


def sum(a, axis=None, dtype=None, keepdims=False):  # noqa: A001 - NumPy's name
    return math_ops.reduce_sum(_widened(a, dtype), axis=axis, keepdims=keepdims)


def prod(a, axis=None, dtype=None, keepdims=False):
    return math_ops.reduce_prod(_widened(a, dtype), axis=axis, keepdims=keepdims)


def mean(a, axis=None, dtype=None, keepdims=False):
    a = _to_float(a) if dtype is None else asarray(a, dtype)
    return math_ops.reduce_mean(a, axis=axis, keepdims=keepdims)


def var(a, axis=None, dtype=None, keepdims=False):
    a = _to_float(a) if dtype is None else asarray(a, dtype)
    return math_ops.reduce_variance(a, axis=axis, keepdims=keepdims)


def std(a, axis=None, dtype=None, keepdims=False):
    a = _to_float(a) if dtype is None else asarray(a, dtype)
    return math_ops.reduce_std(a, axis=axis, keepdims=keepdims)


def amax(a, axis=None, keepdims=False):
    return math_ops.reduce_max(asarray(a), axis=axis, keepdims=keepdims)


def amin(a, axis=None, keepdims=False):
    return math_ops.reduce_min(asarray(a), axis=axis, keepdims=keepdims)


max, min = amax, amin  # noqa: A001 - NumPy's names


def all(a, axis=None, keepdims=False):  # noqa: A001 - NumPy's name
    return math_ops.reduce_all(asarray(a, np.bool_), axis=axis, keepdims=keepdims)


def any(a, axis=None, keepdims=False):  # noqa: A001 - NumPy's name
    return math_ops.reduce_any(asarray(a, np.bool_), axis=axis, keepdims=keepdims)


def _flat_or(a, axis):
    a = asarray(a)
    return (array_ops.reshape(a, [-1]), 0) if axis is None else (a, axis)


def argmax(a, axis=None):
    return math_ops.argmax(*_flat_or(a, axis))


def argmin(a, axis=None):
    return math_ops.argmin(*_flat_or(a, axis))


def cumsum(a, axis=None, dtype=None):
    return math_ops.cumsum(*_flat_or(_widened(a, dtype), axis))


def cumprod(a, axis=None, dtype=None):
    return math_ops.cumprod(*_flat_or(_widened(a, dtype), axis))


def sort(a, axis=-1):
    a, axis = _flat_or(a, axis)
    return sort_ops.sort(a, axis=axis)


def argsort(a, axis=-1):
    a, axis = _flat_or(a, axis)
    return math_ops.cast(sort_ops.argsort(a, axis=axis, stable=True), dtypes.int64)


# --- shapes ----------------------------------------------------------------------------------
def reshape(a, newshape):
    return array_ops.reshape(asarray(a), [newshape] if isinstance(newshape, int)
                             else list(newshape))


def ravel(a):
    return array_ops.reshape(asarray(a), [-1])


def transpose(a, axes=None):
    return math_ops.transpose(asarray(a), axes)


def swapaxes(a, axis1, axis2):
    a = asarray(a)
    perm = list(range(a.ndim))
    perm[axis1], perm[axis2] = perm[axis2], perm[axis1]
    return math_ops.transpose(a, perm)


def expand_dims(a, axis):
    return array_ops.expand_dims(asarray(a), axis)


def squeeze(a, axis=None):
    return array_ops.squeeze(asarray(a), axis)


def concatenate(arys, axis=0):
    return array_ops.concat(_promote(*arys), axis)


def stack(arrays, axis=0):
    return array_ops.stack(_promote(*arrays), axis)


def vstack(tup):
    return concatenate([a if asarray(a).ndim >= 2 else array_ops.reshape(asarray(a), [1, -1])
                        for a in tup], 0)


def hstack(tup):
    tensors = [asarray(a) for a in tup]
    return concatenate(tensors, 0 if tensors and tensors[0].ndim == 1 else 1)


def tile(a, reps):
    a = asarray(a)
    reps = [reps] if isinstance(reps, int) else list(reps)
    while a.ndim < len(reps):
        a = array_ops.expand_dims(a, 0)
    reps = [1] * (a.ndim - len(reps)) + reps
    return array_ops.tile(a, reps)


def flip(m, axis=None):
    m = asarray(m)
    return array_ops.reverse(m, list(range(m.ndim)) if axis is None else
                             ([axis] if isinstance(axis, int) else list(axis)))


def shape(a):
    return tuple(asarray(a).shape.as_list())


def ndim(a):
    return asarray(a).ndim


def size(a, axis=None):
    dims = shape(a)
    return int(np.prod(dims)) if axis is None else dims[axis]


def broadcast_to(array, shape):  # noqa: A002 - NumPy's argument name
    return array_ops.broadcast_to(asarray(array), list(shape))


# --- random ----------------------------------------------------------------------------------
class _Random:
    """``tnp.random``: float64 draws (float32 under ``prefer_float32``) from TF's generator."""

    @staticmethod
    def seed(s):
        random_ops.set_seed(s)

    @staticmethod
    def _float():
        return dtypes.float32 if _PREFER_FLOAT32[0] else dtypes.float64

    def randn(self, *args):
        return random_ops.normal(list(args), dtype=self._float())

    def standard_normal(self, size=None):
        return random_ops.normal(_size(size), dtype=self._float())

    def rand(self, *size):
        return random_ops.uniform(list(size), dtype=self._float())

    def random(self, size=None):
        return random_ops.uniform(_size(size), dtype=self._float())

    def uniform(self, low=0.0, high=1.0, size=None):
        return random_ops.uniform(_size(size), low, high, dtype=self._float())

    def randint(self, low, high=None, size=None, dtype=int64):
        low, high = (0, low) if high is None else (low, high)
        return random_ops.uniform(_size(size), low, high, dtype=_tf_dtype(dtype))


def _size(size):
    return [] if size is None else ([size] if isinstance(size, int) else list(size))


random = _Random()


# --- numpy behavior on every Tensor ----------------------------------------------------------
def _getitem(self, key):
    """NumPy indexing: TF's slicing, or (for lists, tuples of bools or ints, and int/bool
    arrays inside the key) the positions NumPy would pick, gathered from the flat tensor."""
    try:
        return _TENSOR_GETITEM(self, key)
    except (TypeError, ValueError):
        pass
    key = tuple(k.numpy() if isinstance(k, Tensor) else k
                for k in (key if isinstance(key, tuple) else (key,)))
    positions = np.arange(int(np.prod(self.shape.as_list()))).reshape(self.shape.as_list())
    return array_ops.gather(array_ops.reshape(self, [-1]), positions[key])


def _numpy_operator(fn):
    lattice = numpy_promotion.binary(fn)  # TF's "all"/"safe" promotion

    def method(self, other):
        if numpy_promotion.enabled():
            return lattice(self, other)
        if numpy_promotion.mode() == "off":  # NumPy's methods, but TF's operators as they are
            return fn(self, other)
        return fn(*_promote(self, other))
    method.__name__ = fn.__name__
    return method


def _reshape_method(self, *shape, order="C"):
    return reshape(self, shape[0] if len(shape) == 1 else shape)


def _transpose_method(self, *axes):
    return transpose(self, axes[0] if len(axes) == 1 else (axes or None))


_TENSOR_GETITEM = None
_METHODS = {  # the NumPy methods TF gives its Tensors
    "T": property(lambda self: transpose(self)),
    "data": property(lambda self: self),
    "astype": lambda self, dtype: asarray(self, dtype),
    "reshape": _reshape_method, "transpose": _transpose_method,
    "ravel": ravel, "clip": clip, "tolist": lambda self: self.numpy().tolist(),
    "flatten": lambda self, order="C": ravel(self),
    "size": property(lambda self: np.int64(size(self))),
    "max": amax, "min": amin, "mean": mean,
    "__pos__": lambda self: math_ops.identity(self),
}
_SAVED = {}

# Until then TF's AttributeError for NumPy's methods says how to get them ("EagerTensor object
# has no attribute 'reshape'. \n If you are looking for numpy-related methods..."): properties
# that raise it, so that other missing attributes stay Python's (and as cheap).
_NUMPY_HINT = """
        If you are looking for numpy-related methods, please run the following:
        tf.experimental.numpy.experimental_enable_numpy_behavior()
      """


def _numpy_only(name):
    def missing(self):
        raise AttributeError(f"{type(self).__name__} object has no attribute '{name}'. "
                             + _NUMPY_HINT, name=name, obj=self)
    return property(missing)


for _name in ("T", "astype", "ravel", "transpose", "reshape", "clip", "size", "tolist", "data"):
    setattr(Tensor, _name, _numpy_only(_name))


def experimental_enable_numpy_behavior(prefer_float32=False, dtype_conversion_mode="legacy"):
    """From now on, in this process: Tensors get NumPy's methods (``t.T``, ``t.reshape(-1)``,
    ``t.astype(...)``, ...), NumPy's indexing, and operators that promote dtypes as NumPy does
    (``tf.constant(1) + tf.constant(1.5)`` is float64 2.5). As in TF, there is no way back.

    ``dtype_conversion_mode="all"`` or ``"safe"`` switches to TF's newer lattice promotion
    instead, with weak tensors for Python values (numpy_promotion.py); tnp's default float is
    float32 then, as in TF. ``"off"`` keeps the NumPy methods but TF's own operators (no
    implicit promotion)."""
    global _TENSOR_GETITEM
    numpy_promotion.set_mode(dtype_conversion_mode)
    _PREFER_FLOAT32[0] = builtins.bool(prefer_float32) or numpy_promotion.enabled()
    if numpy_promotion.enabled():
        numpy_promotion.install()
    if _SAVED:
        return
    _TENSOR_GETITEM = Tensor.__getitem__
    for name, method in _METHODS.items():
        _SAVED[name] = Tensor.__dict__.get(name)
        setattr(Tensor, name, method)
    _SAVED["__getitem__"] = Tensor.__dict__["__getitem__"]
    Tensor.__getitem__ = _getitem
    promoting = operators.methods([(name, _numpy_operator(fn), reflected, tf_name)
                                   for name, fn, reflected, tf_name in operators.OPERATORS
                                   if reflected is not None or name in _COMPARISONS])
    for name, method in promoting.items():
        _SAVED.setdefault(name, Tensor.__dict__.get(name))
        setattr(Tensor, name, method)
        _SAVED.setdefault(("Variable", name), Variable.__dict__.get(name))
        setattr(Variable, name, operators._reads_first(name, method))
    Tensor.__truediv__ = _numpy_operator(divide)
    Tensor.__rtruediv__ = operators.reflected(_numpy_operator(divide))
    # `@` is NumPy's matmul too (1-D operands are vectors), as in TF
    Tensor.__matmul__ = _numpy_operator(matmul)
    Tensor.__rmatmul__ = operators.reflected(Tensor.__matmul__)
    Variable.__matmul__ = operators._reads_first("__matmul__", Tensor.__matmul__)
    Variable.__rmatmul__ = operators._reads_first("__rmatmul__", Tensor.__rmatmul__)


_COMPARISONS = ("__lt__", "__le__", "__gt__", "__ge__")


def _disable_numpy_behavior():
    """Undoes ``experimental_enable_numpy_behavior`` (for eagerbook's own tests)."""
    for name, saved in _SAVED.items():
        owner = Variable if isinstance(name, tuple) else Tensor
        attr = name[1] if isinstance(name, tuple) else name
        if saved is None:
            if attr in owner.__dict__:
                delattr(owner, attr)
        else:
            setattr(owner, attr, saved)
    _SAVED.clear()
    _PREFER_FLOAT32[0] = False
    numpy_promotion.uninstall()

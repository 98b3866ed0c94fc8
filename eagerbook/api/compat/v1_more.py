"""More TF 1.x top-level names for ``tf.compat.v1``: the ones TF 2 moved into ``tf.sparse``,
``tf.io``, ``tf.signal`` and ``tf.quantization``, the functions that updated a Variable in place
(``tf.compat.v1.scatter_update(v, indices, updates)``; TF 2 made them Variable methods), the
TF 1.x initializer classes and a few constants.

Each name is the TF 2 function it became, taking TF 1.x's argument names too (``thresh``,
``reduction_axes``, ``keep_dims``, ``ksizes``, ...).
"""

import collections
import contextlib
import sys

from ...core import dtypes
from ...core.tensor import convert_to_tensor
from .v1_init_ops import Initializer
from .v1_renames import _pick


def _tf():
    return sys.modules["eagerbook"]


# --- a Variable updated in place: TF 2's methods, TF 1.x's functions -----------------------------
def _row_update(method):
    """``tf.compat.v1.scatter_<op>(ref, indices, updates)``: rows `indices` of `ref` combined
    with `updates`; returns the updated Variable (read when printed, as TF's)."""
    def update(ref, indices, updates, use_locking=True, name=None):
        updates = convert_to_tensor(updates, dtype=ref.dtype)
        slices = _tf().IndexedSlices(updates, convert_to_tensor(indices))
        return getattr(ref, method)(slices)
    update.__name__ = update.__qualname__ = method
    return update


def _nd_update(method):
    """``tf.compat.v1.scatter_nd_<op>(ref, indices, updates)``: elements (or slices) at the
    index tuples `indices` of `ref` combined with `updates`."""
    def update(ref, indices, updates, use_locking=True, name=None):
        return getattr(ref, method)(indices, convert_to_tensor(updates, dtype=ref.dtype))
    update.__name__ = update.__qualname__ = method
    return update


def batch_scatter_update(ref, indices, updates, use_locking=True, name=None):
    """Per batch row, the entries `indices` of `ref` set to `updates`."""
    return ref.batch_scatter_update(
        _tf().IndexedSlices(convert_to_tensor(updates, dtype=ref.dtype),
                            convert_to_tensor(indices)))


# --- tf.sparse by TF 1.x's names ---------------------------------------------------------------
def sparse_add(a, b, threshold=None, thresh=None):
    threshold = _pick(threshold, thresh, "threshold", "thresh")
    return _tf().sparse.add(a, b, threshold=0 if threshold is None else threshold)


def sparse_concat(axis, sp_inputs, name=None, expand_nonconcat_dim=False, concat_dim=None,
                  expand_nonconcat_dims=None):
    axis = _pick(axis, concat_dim, "axis", "concat_dim")
    expand = _pick(expand_nonconcat_dims, expand_nonconcat_dim or None,
                   "expand_nonconcat_dims", "expand_nonconcat_dim")
    return _tf().sparse.concat(axis, sp_inputs, expand_nonconcat_dims=bool(expand))


def sparse_split(keyword_required=None, sp_input=None, num_split=None, axis=None, name=None,
                 split_dim=None):
    """TF 1.x's split takes keyword arguments only (its first parameter guards that)."""
    if keyword_required is not None:
        raise ValueError("Keyword arguments are required for this function.")
    axis = _pick(axis, split_dim, "axis", "split_dim")
    return _tf().sparse.split(sp_input=sp_input, num_split=num_split, axis=axis)


def _v1_sparse_reduction(name, output_is_sparse):
    def reduce(sp_input, axis=None, keepdims=None, reduction_axes=None, keep_dims=None):
        axis = _pick(axis, reduction_axes, "axis", "reduction_axes")
        keepdims = _pick(keepdims, keep_dims, "keepdims", "keep_dims")
        return getattr(_tf().sparse, name)(sp_input, axis=axis, keepdims=keepdims,
                                           output_is_sparse=output_is_sparse)
    reduce.__name__ = reduce.__qualname__ = (
        f"sparse_{name}_sparse" if output_is_sparse else f"sparse_{name}")
    return reduce


def sparse_tensor_to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    return _tf().sparse.to_dense(sp_input, default_value=default_value,
                                 validate_indices=validate_indices)


def sparse_tensor_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    return _tf().sparse.sparse_dense_matmul(sp_a, b, adjoint_a=adjoint_a, adjoint_b=adjoint_b)


def sparse_matmul(a, b, transpose_a=False, transpose_b=False, a_is_sparse=False,
                  b_is_sparse=False, name=None):
    """A float32 matrix product (the `*_is_sparse` hints only chose a kernel in TF 1.x)."""
    return _tf().matmul(a, b, transpose_a=transpose_a, transpose_b=transpose_b)


def sparse_segment_op(name):
    def segment(data, indices, segment_ids, name=None, num_segments=None,
                sparse_gradient=False):
        return getattr(_tf().sparse, segment.__name__[len("sparse_"):])(
            data, indices, segment_ids, num_segments=num_segments)
    segment.__name__ = segment.__qualname__ = f"sparse_{name}"
    return segment


def sparse_merge(sp_ids, sp_values, vocab_size, name=None, already_sorted=False):
    """TF 1.x's one-hot weights: entry ``[row, id]`` of a ``[rows, vocab_size]`` SparseTensor
    holds the value of `sp_values` where `sp_ids` holds id (last axis replaced by the ids)."""
    tf = _tf()
    ids = tf.cast(sp_ids.values, dtypes.int64)
    indices = tf.concat([sp_ids.indices[:, :-1], tf.expand_dims(ids, 1)], axis=1)
    shape = tf.concat([sp_ids.dense_shape[:-1],
                       tf.cast(tf.reshape(vocab_size, [1]), dtypes.int64)], axis=0)
    merged = tf.sparse.SparseTensor(indices, sp_values.values, shape)
    return merged if already_sorted else tf.sparse.reorder(merged)


def sparse_placeholder(dtype, shape=None, name=None):
    """A SparseTensor of three placeholders (indices, values, dense shape) to feed in a TF 1.x
    graph."""
    from ...graph import session
    rank = None if shape is None else len(shape)
    name = name or "Placeholder"
    indices = session.placeholder(dtypes.int64, [None, rank], name=f"{name}/indices")
    values = session.placeholder(dtype, [None], name=f"{name}/values")
    if shape is not None and all(d is not None for d in shape):
        dense_shape = convert_to_tensor(list(shape), dtype=dtypes.int64)
    else:
        dense_shape = session.placeholder(dtypes.int64, [rank], name=f"{name}/shape")
    return _tf().sparse.SparseTensor(indices, values, dense_shape)


def count_up_to(ref, limit, name=None):
    """The value of the integer Variable `ref`, which then goes up by one; an OutOfRangeError
    once it has reached `limit`."""
    from ...core.context import executing_eagerly
    value = ref.read_value()
    if not executing_eagerly():
        raise NotImplementedError("count_up_to runs eagerly only in eagerbook.")
    if int(value.numpy()) >= limit:
        raise _tf().errors.OutOfRangeError(None, None, f"Reached limit of {limit}")
    ref.assign_add(1)
    return value


def sparse_reset_shape(sp_input, new_shape=None):
    return _tf().sparse.reset_shape(sp_input, new_shape)


def serialize_sparse(sp_input, name=None, out_type=dtypes.string):
    return _tf().io.serialize_sparse(sp_input, out_type=out_type)


def serialize_many_sparse(sp_input, name=None, out_type=dtypes.string):
    return _tf().io.serialize_many_sparse(sp_input, out_type=out_type)


def deserialize_many_sparse(serialized_sparse, dtype, rank=None, name=None):
    return _tf().io.deserialize_many_sparse(serialized_sparse, dtype, rank=rank)


SparseTensorValue = collections.namedtuple("SparseTensorValue",
                                           ["indices", "values", "dense_shape"])
SparseTensorValue.__doc__ = ("TF 1.x's plain (NumPy) value of a SparseTensor, as "
                             "``Session.run`` returned it.")


def convert_to_tensor_or_sparse_tensor(value, dtype=None, name=None):
    """A SparseTensor stays one (a SparseTensorValue becomes one); anything else is
    converted to a Tensor."""
    tf = _tf()
    if isinstance(value, SparseTensorValue):
        value = tf.sparse.SparseTensor(*value)
    if isinstance(value, tf.sparse.SparseTensor):
        if dtype is not None and value.dtype != dtypes.as_dtype(dtype):
            raise RuntimeError(f"Sparse dtype mismatch. Requested: {dtypes.as_dtype(dtype).name},"
                               f"  Actual: {value.dtype.name}")
        return value
    return convert_to_tensor(value, dtype=dtype, name=name)


def convert_to_tensor_or_indexed_slices(value, dtype=None, name=None):
    """IndexedSlices stay as they are; anything else is converted to a Tensor."""
    if isinstance(value, _tf().IndexedSlices):
        return value
    return convert_to_tensor(value, dtype=dtype, name=name)


# (the builtin-shadowing argument names below are TF's: noqa A002)
def strings_split(input=None, sep=None, maxsplit=-1, result_type="SparseTensor",  # noqa: A002
                  source=None, name=None):
    """``tf.compat.v1.strings.split``: TF 2's split, as a SparseTensor unless asked for a
    RaggedTensor (`input` is TF's argument name)."""
    if result_type not in ("SparseTensor", "RaggedTensor"):
        raise ValueError("result_type must be 'RaggedTensor' or 'SparseTensor'.")
    ragged = _tf().strings.split(_pick(input, source, "input", "source"), sep=sep,
                                 maxsplit=maxsplit)
    return ragged.to_sparse() if result_type == "SparseTensor" else ragged


# --- other ops TF 2 renamed ----------------------------------------------------------------------
ListDiff = collections.namedtuple("ListDiff", ["out", "idx"])


def setdiff1d(x, y, index_dtype=dtypes.int32, name=None):
    """The values of the vector `x` that are not in `y`, in `x`'s order, and where they are
    in `x`: ``ListDiff(out, idx)``."""
    tf = _tf()
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    if x.shape.rank != 1 or y.shape.rank != 1:
        raise _tf().errors.InvalidArgumentError(None, None, "x should be a 1D vector.")
    kept = tf.reduce_all(tf.not_equal(tf.expand_dims(x, 1), tf.expand_dims(y, 0)), axis=1)
    idx = tf.cast(tf.reshape(tf.where(kept), [-1]), index_dtype)
    return ListDiff(tf.gather(x, idx), idx)


def clip_by_average_norm(t, clip_norm, name=None):
    """`t` scaled so that its L2 norm divided by its number of elements is at most
    `clip_norm` (TF 1.x's formula: ``t * clip_norm * min(n / ||t||, 1 / clip_norm)``)."""
    tf = _tf()
    t = convert_to_tensor(t)
    clip_norm = tf.cast(clip_norm, t.dtype)
    n_element = tf.cast(tf.size(t), t.dtype)
    l2norm_inv = tf.math.rsqrt(tf.reduce_sum(t * t))
    return t * clip_norm * tf.minimum(l2norm_inv * n_element, 1.0 / clip_norm)


def extract_image_patches(images, ksizes=None, strides=None, rates=None, padding=None,
                          name=None, sizes=None):
    sizes = _pick(sizes, ksizes, "sizes", "ksizes")
    return _tf().image.extract_patches(images, sizes, strides, rates, padding)


def verify_tensor_all_finite(t=None, msg=None, name=None, x=None, message=None):
    """`t` itself, checked: an InvalidArgumentError with `msg` if it holds a NaN or Inf."""
    t = _pick(x, t, "x", "t")
    msg = _pick(message, msg, "message", "msg")
    return _tf().debugging.check_numerics(t, msg)


# --- scopes of TF 1.x that only mattered on many devices -----------------------------------------
@contextlib.contextmanager
def colocate_with(op, ignore_existing=False):
    """Places ops with `op`'s device: one device here, so nothing changes."""
    yield


@contextlib.contextmanager
def container(container_name):
    """Stateful ops' resource container (TF 1.x sessions shared resources by it)."""
    yield container_name


def op_scope(values, name, default_name=None):
    """TF 1.x's oldest name scope: ``op_scope(values, name, default_name)``."""
    return _tf().compat.v1.name_scope(name, default_name=default_name, values=values)


def variable_op_scope(values, name_or_scope, default_name=None, **kwargs):
    """``variable_scope`` with the `values` first, TF 1.x's oldest form."""
    from .v1_variable_scope import variable_scope
    return variable_scope(name_or_scope, default_name=default_name, values=values, **kwargs)


# --- TF 1.x's orthogonal initializer, drawn as Keras's (v1_init_ops.py has the others) ----
class _KerasInitializer(Initializer):
    """A TF 1.x initializer: its dtype given to the constructor (default float32), its value
    drawn as Keras's initializer of the same kind draws it."""

    _keras_name = None

    def __init__(self, dtype=dtypes.float32, **config):
        super().__init__(dtype)
        self._config = config
        self.__dict__.update(config)

    def __call__(self, shape, dtype=None, partition_info=None):
        keras_class = getattr(_tf().keras.initializers, self._keras_name)
        return keras_class(**self._config)(shape, dtype=dtypes.as_dtype(dtype or self.dtype))

    def get_config(self):
        return {**self._config, "dtype": self.dtype.name}


class Orthogonal(_KerasInitializer):
    """An orthogonal matrix (or rows/columns of one) times `gain`."""

    _keras_name = "Orthogonal"

    def __init__(self, gain=1.0, seed=None, dtype=dtypes.float32):
        super().__init__(dtype, gain=gain, seed=seed)


_MOVED = {  # TF 1.x name -> (TF 2 namespace, name there)
    "div_no_nan": ("math", "divide_no_nan"), "cross": ("linalg", "cross"),
    "batch_to_space_nd": ("", "batch_to_space"),
    "fft": ("signal", "fft"), "ifft": ("signal", "ifft"), "fft2d": ("signal", "fft2d"),
    "ifft2d": ("signal", "ifft2d"), "fft3d": ("signal", "fft3d"), "ifft3d": ("signal", "ifft3d"),
    "tensor_scatter_add": ("", "tensor_scatter_nd_add"),
    "tensor_scatter_sub": ("", "tensor_scatter_nd_sub"),
    "tensor_scatter_update": ("", "tensor_scatter_nd_update"),
    "decode_compressed": ("io", "decode_compressed"), "matching_files": ("io", "matching_files"),
    "parse_single_sequence_example": ("io", "parse_single_sequence_example"),
    "FixedLenFeature": ("io", "FixedLenFeature"), "VarLenFeature": ("io", "VarLenFeature"),
    "FixedLenSequenceFeature": ("io", "FixedLenSequenceFeature"),
    "SparseFeature": ("io", "SparseFeature"),
    "sparse_fill_empty_rows": ("sparse", "fill_empty_rows"), "sparse_mask": ("sparse", "mask"),
    "sparse_maximum": ("sparse", "maximum"), "sparse_minimum": ("sparse", "minimum"),
    "sparse_reorder": ("sparse", "reorder"), "sparse_reshape": ("sparse", "reshape"),
    "sparse_retain": ("sparse", "retain"), "sparse_slice": ("sparse", "slice"),
    "sparse_softmax": ("sparse", "softmax"), "sparse_to_indicator": ("sparse", "to_indicator"),
    "sparse_transpose": ("sparse", "transpose"),
    "fake_quant_with_min_max_args": ("quantization", "fake_quant_with_min_max_args"),
    "fake_quant_with_min_max_vars": ("quantization", "fake_quant_with_min_max_vars"),
    "fake_quant_with_min_max_vars_per_channel": (
        "quantization", "fake_quant_with_min_max_vars_per_channel"),
    "NoGradient": ("", "no_gradient"), "OpError": ("errors", "OpError"),
    "all_variables": ("compat.v1", "global_variables"),
    "initialize_all_tables": ("compat.v1", "tables_initializer"),
    "initialize_variables": ("compat.v1", "variables_initializer"),
}


def _resolve(path, name):
    owner = _tf()
    for part in filter(None, path.split(".")):
        owner = getattr(owner, part)
    return getattr(owner, name)


def _moved(path, name):
    """A function found in TF 2's namespace when called (a class is returned itself)."""
    def find(*args, **kwargs):
        return _resolve(path, name)(*args, **kwargs)
    return find


_CLASSES = {"FixedLenFeature", "VarLenFeature", "FixedLenSequenceFeature", "SparseFeature",
            "OpError"}

def lazy_name(name):
    """The value of a name that must be looked up once the package is imported (classes of
    other modules, build constants), or None when `name` is not one of them."""
    if name in _CLASSES:
        return _resolve(*_MOVED[name])
    if name in ("CXX11_ABI_FLAG", "MONOLITHIC_BUILD", "CXX_VERSION"):
        return getattr(_tf().sysconfig, name)
    if name in ("Summary", "SummaryMetadata", "HistogramProto"):
        # protobuf's classes for TF's summary messages (protobuf is optional: only asked here)
        from ...ops import example_reflection
        return example_reflection.message_class(name)
    return None


NAMES = {
    **{f"scatter_{op}": _row_update(f"scatter_{op}")
       for op in ("update", "add", "sub", "mul", "div", "max", "min")},
    **{f"scatter_nd_{op}": _nd_update(f"scatter_nd_{op}") for op in ("update", "add", "sub")},
    "batch_scatter_update": batch_scatter_update,
    "sparse_add": sparse_add, "sparse_concat": sparse_concat, "sparse_split": sparse_split,
    "sparse_reduce_sum": _v1_sparse_reduction("reduce_sum", False),
    "sparse_reduce_sum_sparse": _v1_sparse_reduction("reduce_sum", True),
    "sparse_reduce_max": _v1_sparse_reduction("reduce_max", False),
    "sparse_reduce_max_sparse": _v1_sparse_reduction("reduce_max", True),
    "sparse_tensor_to_dense": sparse_tensor_to_dense,
    "sparse_tensor_dense_matmul": sparse_tensor_dense_matmul, "sparse_matmul": sparse_matmul,
    **{f"sparse_{op}": sparse_segment_op(op)
       for op in ("segment_sum", "segment_mean", "segment_sqrt_n")},
    "sparse_reset_shape": sparse_reset_shape, "sparse_merge": sparse_merge,
    "sparse_placeholder": sparse_placeholder, "count_up_to": count_up_to,
    "serialize_sparse": serialize_sparse,
    "serialize_many_sparse": serialize_many_sparse,
    "deserialize_many_sparse": deserialize_many_sparse,
    "SparseTensorValue": SparseTensorValue,
    "convert_to_tensor_or_sparse_tensor": convert_to_tensor_or_sparse_tensor,
    "convert_to_tensor_or_indexed_slices": convert_to_tensor_or_indexed_slices,
    "setdiff1d": setdiff1d, "clip_by_average_norm": clip_by_average_norm,
    "extract_image_patches": extract_image_patches,
    "verify_tensor_all_finite": verify_tensor_all_finite,
    "colocate_with": colocate_with, "container": container, "op_scope": op_scope,
    "variable_op_scope": variable_op_scope,
    "orthogonal_initializer": Orthogonal,
    **{old: _moved(*new) for old, new in _MOVED.items() if old not in _CLASSES},
}
for _name, _fn in NAMES.items():
    if getattr(_fn, "__name__", "") == "find":
        _fn.__name__ = _fn.__qualname__ = _name

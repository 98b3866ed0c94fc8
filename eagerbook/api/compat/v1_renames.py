"""TF 1.x names that TF 2 renamed, moved or gave other argument names, for ``tf.compat.v1``.

TF 1.x programs call ``tf.arg_max(x, dimension=0)``, ``tf.matrix_inverse(m)``,
``tf.reduce_sum(x, reduction_indices=1, keep_dims=True)``, ``tf.nn.dropout(x, keep_prob=0.8)``,
``tf.logging.set_verbosity(...)`` and ``tf.gfile.Exists(path)``. Each name here is the TF 2
function it became, taking the TF 1.x arguments too.
"""

import logging as _logging
import sys
import types

from ...core import dtypes
from ...core.tensor import Tensor, convert_to_tensor


def _tf():
    return sys.modules["eagerbook"]


def _pick(new, old, new_name, old_name):
    """TF 1.x's deprecated argument (`old`) stands for its new name; giving both is an error."""
    if old is not None:
        if new is not None:
            raise ValueError(f"Cannot specify both '{old_name}' and '{new_name}'.")
        return old
    return new


# --- reductions: reduction_indices= and keep_dims= ---------------------------------------------
def _v1_reduction(name):
    def reduce(input_tensor, axis=None, keepdims=None, name=None, reduction_indices=None,
               keep_dims=None):
        axis = _pick(axis, reduction_indices, "axis", "reduction_indices")
        keepdims = bool(_pick(keepdims, keep_dims, "keepdims", "keep_dims"))
        return getattr(_tf().math, reduce.__name__)(input_tensor, axis=axis, keepdims=keepdims)
    reduce.__name__ = reduce.__qualname__ = name
    reduce.__doc__ = f"TF 1.x's ``tf.{name}`` (also ``reduction_indices``, ``keep_dims``)."
    return reduce


reduce_sum = _v1_reduction("reduce_sum")
reduce_mean = _v1_reduction("reduce_mean")
reduce_max = _v1_reduction("reduce_max")
reduce_min = _v1_reduction("reduce_min")
reduce_prod = _v1_reduction("reduce_prod")
reduce_all = _v1_reduction("reduce_all")
reduce_any = _v1_reduction("reduce_any")
reduce_logsumexp = _v1_reduction("reduce_logsumexp")


def count_nonzero(input_tensor=None, axis=None, keepdims=None, dtype=dtypes.int64, name=None,
                  reduction_indices=None, keep_dims=None, input=None):  # noqa: A002 (TF's)
    axis = _pick(axis, reduction_indices, "axis", "reduction_indices")
    keepdims = bool(_pick(keepdims, keep_dims, "keepdims", "keep_dims"))
    value = _pick(input_tensor, input, "input_tensor", "input")
    return _tf().math.count_nonzero(value, axis=axis, keepdims=keepdims, dtype=dtype)


# --- shapes: dim= and squeeze_dims= --------------------------------------------------------------
def expand_dims(input, axis=None, name=None, dim=None):  # noqa: A002 - TF's argument name
    axis = _pick(axis, dim, "axis", "dim")
    if axis is None:
        raise ValueError("Must specify an axis argument to tf.expand_dims()")
    return _tf().expand_dims(input, axis)


def squeeze(input, axis=None, name=None, squeeze_dims=None):  # noqa: A002 - TF's name
    return _tf().squeeze(input, _pick(axis, squeeze_dims, "axis", "squeeze_dims"))


# --- renamed math ---------------------------------------------------------------------------------
def arg_max(input, dimension, output_type=dtypes.int64, name=None):  # noqa: A002 - TF's
    return _tf().math.argmax(input, dimension, output_type=output_type)


def arg_min(input, dimension, output_type=dtypes.int64, name=None):  # noqa: A002 - TF's
    return _tf().math.argmin(input, dimension, output_type=output_type)


def argmax(input, axis=None, name=None, dimension=None,  # noqa: A002 - TF's argument name
           output_type=dtypes.int64):
    axis = _pick(axis, dimension, "axis", "dimension")
    return _tf().math.argmax(input, 0 if axis is None else axis, output_type=output_type)


def argmin(input, axis=None, name=None, dimension=None,  # noqa: A002 - TF's argument name
           output_type=dtypes.int64):
    axis = _pick(axis, dimension, "axis", "dimension")
    return _tf().math.argmin(input, 0 if axis is None else axis, output_type=output_type)


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None,  # noqa: A002 - TF's
         keep_dims=None):
    keepdims = bool(_pick(keepdims, keep_dims, "keepdims", "keep_dims"))
    return _tf().norm(tensor, ord=ord, axis=axis, keepdims=keepdims)


def reverse_v2(tensor, axis, name=None):
    """TF 1.x's name of TF 2's ``tf.reverse``."""
    return _tf().reverse(tensor, axis)


def space_to_batch(input, paddings, block_size=None, name=None,  # noqa: A002 - TF's name
                   block_shape=None):
    """TF 1.x's form: paddings first, one `block_size` for both spatial axes."""
    block_size = _pick(block_size, block_shape, "block_size", "block_shape")
    return _tf().space_to_batch_nd(input, [block_size, block_size], paddings)


def div(x, y, name=None):
    """TF 1.x's division, as Python 2's ``/``: integers divide with floor, floats truly."""
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype_hint=x.dtype)
    if x.dtype.is_integer:
        return _tf().math.floordiv(x, y)
    return _tf().math.truediv(x, y)


def floor_div(x, y, name=None):
    return _tf().math.floordiv(x, y)


def multinomial(logits, num_samples, seed=None, name=None, output_dtype=None):
    """TF 1.x's name of ``tf.random.categorical``."""
    return _tf().random.categorical(logits, num_samples, dtype=output_dtype, seed=seed)


def random_poisson(lam, shape, dtype=dtypes.float32, seed=None, name=None):
    """TF 1.x's ``tf.random.poisson`` (rate first)."""
    return _tf().random.poisson(shape, lam, dtype=dtype, seed=seed)


def _linalg(name):
    return lambda *args, **kwargs: getattr(_tf().linalg, name)(*args, **kwargs)


# TF 1.x's top-level names of tf.linalg functions
_LINALG_NAMES = {
    "matrix_band_part": "band_part", "matrix_determinant": "det", "matrix_diag": "diag",
    "matrix_diag_part": "diag_part", "matrix_inverse": "inv", "matrix_set_diag": "set_diag",
    "matrix_solve": "solve", "matrix_solve_ls": "lstsq", "matrix_transpose": "matrix_transpose",
    "matrix_triangular_solve": "triangular_solve", "matrix_square_root": "sqrtm",
    "cholesky": "cholesky", "cholesky_solve": "cholesky_solve", "qr": "qr", "svd": "svd",
    "self_adjoint_eig": "eigh", "self_adjoint_eigvals": "eigvalsh", "diag": "tensor_diag",
    "diag_part": "tensor_diag_part", "trace": "trace", "global_norm": "global_norm",
}


def batch_gather(params, indices, name=None):
    """TF 1.x's gather of one index list per batch row (``tf.gather`` with batch_dims)."""
    indices = convert_to_tensor(indices)
    return _tf().gather(params, indices, batch_dims=indices.shape.rank - 1)


def sparse_to_dense(sparse_indices, output_shape, sparse_values, default_value=0,
                    validate_indices=True, name=None):
    """A dense tensor of `output_shape` holding `sparse_values` at `sparse_indices` and
    `default_value` elsewhere."""
    tf = _tf()
    indices = tf.cast(convert_to_tensor(sparse_indices), tf.int64)
    if indices.shape.rank == 0:
        indices = tf.reshape(indices, [1, 1])
    elif indices.shape.rank == 1:
        indices = tf.expand_dims(indices, 1)
    values = convert_to_tensor(sparse_values)
    shape = tf.cast(convert_to_tensor(output_shape), tf.int64)
    values = tf.broadcast_to(values, tf.shape(indices)[:1])
    sparse = tf.sparse.SparseTensor(indices, values, shape)
    if validate_indices:
        sparse = tf.sparse.reorder(sparse)
    return tf.sparse.to_dense(sparse, default_value=tf.cast(default_value, values.dtype))


def where(condition, x=None, y=None, name=None):
    """TF 1.x's where: the coordinates of True values, or a pick between `x` and `y`."""
    return _tf().where(condition, x, y)


# --- strings and files by TF 1.x names -----------------------------------------------------------
_MOVED = {
    "substr": ("strings", "substr"), "string_join": ("strings", "join"),
    "string_to_number": ("strings", "to_number"), "string_strip": ("strings", "strip"),
    "string_to_hash_bucket_fast": ("strings", "to_hash_bucket_fast"),
    "string_to_hash_bucket_strong": ("strings", "to_hash_bucket_strong"),
    "string_to_hash_bucket": ("strings", "to_hash_bucket"),
    "reduce_join": ("strings", "reduce_join"), "regex_replace": ("strings", "regex_replace"),
    "decode_raw": ("io", "decode_raw"), "decode_csv": ("io", "decode_csv"),
    "decode_base64": ("io", "decode_base64"), "encode_base64": ("io", "encode_base64"),
    "read_file": ("io", "read_file"), "write_file": ("io", "write_file"),
    "serialize_tensor": ("io", "serialize_tensor"), "parse_tensor": ("io", "parse_tensor"),
    "parse_example": ("io", "parse_example"),
    "parse_single_example": ("io", "parse_single_example"),
    "random_crop": ("image", "random_crop"), "random_gamma": ("random", "gamma"),
    "truncated_normal": ("random", "truncated_normal"), "space_to_depth": ("nn", "space_to_depth"),
    "depth_to_space": ("nn", "depth_to_space"), "lin_space": ("linspace", None),
    "check_numerics": ("debugging", "check_numerics"), "where_v2": ("where", None),
}


def _moved(namespace, name):
    def find(*args, **kwargs):
        owner = getattr(_tf(), namespace)
        return (owner if name is None else getattr(owner, name))(*args, **kwargs)
    return find


# --- tf.compat.v1.nn: TF 1.x's argument names ----------------------------------------------------
def dropout(x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    """TF 1.x's dropout takes the probability to *keep* each element (or TF 2's `rate`)."""
    if keep_prob is not None:
        rate = 1 - _pick(rate, keep_prob, "rate", "keep_prob")
    return _tf().nn.dropout(x, rate=rate, noise_shape=noise_shape, seed=seed)


def softmax_cross_entropy_with_logits_v2(labels, logits, axis=None, name=None, dim=None):
    axis = _pick(axis, dim, "axis", "dim")
    return _tf().nn.softmax_cross_entropy_with_logits(labels, logits,
                                                      axis=-1 if axis is None else axis)


def _with_dim(name):
    """A tf.nn function of ``axis`` that TF 1.x also calls with ``dim``."""
    def call(x, axis=None, name=None, dim=None, **kwargs):
        axis = _pick(axis, dim, "axis", "dim")
        return getattr(_tf().nn, call.__name__)(x, axis=-1 if axis is None else axis, **kwargs)
    call.__name__ = call.__qualname__ = name
    return call


softmax = _with_dim("softmax")
log_softmax = _with_dim("log_softmax")


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    axis = _pick(axis, dim, "axis", "dim")
    return _tf().nn.l2_normalize(x, axis=axis, epsilon=epsilon)


def xw_plus_b(x, weights, biases, name=None):
    """``matmul(x, weights) + biases``."""
    return _tf().nn.bias_add(_tf().matmul(x, weights), biases)


def relu_layer(x, weights, biases, name=None):
    """``relu(matmul(x, weights) + biases)``."""
    return _tf().nn.relu(xw_plus_b(x, weights, biases))


def moments(x, axes, shift=None, name=None, keep_dims=None, keepdims=None):
    keepdims = bool(_pick(keepdims, keep_dims, "keepdims", "keep_dims"))
    return _tf().nn.moments(x, axes, keepdims=keepdims)


# noqa A002 below: TF's argument names (input, filter, format) shadow builtins
# (the builtin-shadowing argument names below are TF's: noqa A002)
def conv2d(input, filter=None, strides=None, padding=None, use_cudnn_on_gpu=True,  # noqa: A002
           data_format="NHWC", dilations=(1, 1, 1, 1), name=None, filters=None):
    return _tf().nn.conv2d(input, _pick(filters, filter, "filters", "filter"), strides, padding,
                           data_format=data_format, dilations=dilations)


# noqa A002 below: TF's argument names (input, filter, format) shadow builtins
# (the builtin-shadowing argument names below are TF's: noqa A002)
def max_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):  # noqa: A002
    return _tf().nn.max_pool2d(_pick(value, input, "value", "input"), ksize, strides, padding,
                               data_format=data_format)


# noqa A002 below: TF's argument names (input, filter, format) shadow builtins
# (the builtin-shadowing argument names below are TF's: noqa A002)
def avg_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):  # noqa: A002
    return _tf().nn.avg_pool2d(_pick(value, input, "value", "input"), ksize, strides, padding,
                               data_format=data_format)


class _NN:
    """``tf.compat.v1.nn``: TF 2's tf.nn with TF 1.x's argument names where they differ."""

    dropout = staticmethod(dropout)
    softmax = staticmethod(softmax)
    log_softmax = staticmethod(log_softmax)
    l2_normalize = staticmethod(l2_normalize)
    softmax_cross_entropy_with_logits_v2 = staticmethod(softmax_cross_entropy_with_logits_v2)
    xw_plus_b = staticmethod(xw_plus_b)
    relu_layer = staticmethod(relu_layer)
    moments = staticmethod(moments)
    conv2d = staticmethod(conv2d)
    max_pool = staticmethod(max_pool)
    avg_pool = staticmethod(avg_pool)

    def __getattr__(self, name):
        return getattr(_tf().nn, name)


nn = _NN()


# --- tf.compat.v1.logging: the "tensorflow" logger by TF 1.x's names ------------------------------
def _logger():
    return _logging.getLogger("tensorflow")


def _set_verbosity(level):
    _logger().setLevel(level)


logging = types.SimpleNamespace(
    DEBUG=_logging.DEBUG, INFO=_logging.INFO, WARN=_logging.WARN, ERROR=_logging.ERROR,
    FATAL=_logging.FATAL,
    set_verbosity=_set_verbosity,
    get_verbosity=lambda: _logger().getEffectiveLevel(),
    debug=lambda msg, *args, **kwargs: _logger().debug(msg, *args, **kwargs),
    info=lambda msg, *args, **kwargs: _logger().info(msg, *args, **kwargs),
    warn=lambda msg, *args, **kwargs: _logger().warning(msg, *args, **kwargs),
    warning=lambda msg, *args, **kwargs: _logger().warning(msg, *args, **kwargs),
    error=lambda msg, *args, **kwargs: _logger().error(msg, *args, **kwargs),
    fatal=lambda msg, *args, **kwargs: _logger().fatal(msg, *args, **kwargs),
    log=lambda level, msg, *args, **kwargs: _logger().log(level, msg, *args, **kwargs),
)


# --- tf.compat.v1.gfile: TF 1.x's CamelCase file functions (TF 2: tf.io.gfile) --------------------
def _gfile(name):
    return lambda *args, **kwargs: getattr(_tf().io.gfile, name)(*args, **kwargs)


gfile = types.SimpleNamespace(**{
    old: _gfile(new) for old, new in {
        "Exists": "exists", "IsDirectory": "isdir", "MakeDirs": "makedirs", "MkDir": "mkdir",
        "Glob": "glob", "ListDirectory": "listdir", "Remove": "remove", "Rename": "rename",
        "Copy": "copy", "DeleteRecursively": "rmtree", "Stat": "stat", "Walk": "walk"}.items()})
gfile.GFile = gfile.Open = gfile.FastGFile = \
    lambda *args, **kwargs: _tf().io.gfile.GFile(*args, **kwargs)


def _already_on(name):
    """TF 1.x's switches to TF 2 behaviour: eagerbook always behaves as TF 2, so these do
    nothing (their ``disable_`` twins, which need TF 1.x's graph mode, are not provided; tensor
    equality, which does not, has both below)."""
    def switch():
        return None
    switch.__name__ = switch.__qualname__ = name
    return switch


_ALREADY_ON = ("enable_v2_behavior", "enable_resource_variables", "enable_control_flow_v2",
               "enable_v2_tensorshape")


def enable_tensor_equality():
    """TF 2's `==` on tensors and Variables: elementwise values (the default)."""
    Tensor._USE_EQUALITY = True


def disable_tensor_equality():
    """TF 1.x's `==` on tensors and Variables: the same object or not; Variables hash by
    identity (tensors stay unhashable, as TF's eager ones are)."""
    Tensor._USE_EQUALITY = False
_ALWAYS_TRUE = ("resource_variables_enabled", "control_flow_v2_enabled")


def get_seed(op_seed):
    """The (graph seed, op seed) pair a random op with seed `op_seed` runs with."""
    from ...ops.random_ops import get_seed as seeds
    return seeds(op_seed)


NAMES = {
    **{name: _already_on(name) for name in _ALREADY_ON},
    "enable_tensor_equality": enable_tensor_equality,
    "disable_tensor_equality": disable_tensor_equality,
    **{name: (lambda: True) for name in _ALWAYS_TRUE},
    "get_seed": get_seed,
    **{name: globals()[name] for name in (
        "reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_all",
        "reduce_any", "reduce_logsumexp", "count_nonzero", "expand_dims", "squeeze", "arg_max",
        "arg_min", "argmax", "argmin", "norm", "reverse_v2", "space_to_batch", "div",
        "floor_div", "multinomial", "random_poisson", "batch_gather",
        "sparse_to_dense", "where", "nn", "logging", "gfile")},
    **{old: _linalg(new) for old, new in _LINALG_NAMES.items()},
    **{old: _moved(namespace, new) for old, (namespace, new) in _MOVED.items()},
}
for _name, _fn in NAMES.items():
    if callable(_fn) and getattr(_fn, "__name__", "") in ("<lambda>", "find"):
        _fn.__name__ = _fn.__qualname__ = _name

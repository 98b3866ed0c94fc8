"""``tf.raw_ops``: ops called by their TF op names, with TF's argument names, keywords only.

Each entry runs the public function that runs the op (``tf.raw_ops.AddV2(x=a, y=b)`` is
``tf.add(a, b)``). As in TF, positional arguments are refused, and the error names the op's
function in snake case. Only ops that TF's docs and common programs call are listed here.
"""

import collections as _collections
import re as _re
import sys as _sys

from ..core import errors as _errors
from ..ops import array_ops as _array
from ..ops import batch_matmul as _batch_matmul
from ..ops import math_ops as _math
from ..ops import more_math_ops as _more_math
from ..ops import nn_ops as _nn
from ..ops import support as _support


def _snake(op_name):
    """TF's Python name of an op: AddV2 -> add_v2, BatchMatMulV2 -> batch_mat_mul_v2."""
    return _re.sub(r"(?<!^)(?=[A-Z])", "_", op_name).lower()


def _raw_op(op_name, fn):
    """`fn` (whose parameters carry TF's argument names) as tf.raw_ops.<op_name>."""
    snake = _snake(op_name)
    fn.__name__ = fn.__qualname__ = snake  # (Python's argument errors then name it as TF's)
    keys = list(fn.__code__.co_varnames[:fn.__code__.co_argcount]) + ["name"]

    def op(*args, **kwargs):
        if args:
            raise TypeError(f"{snake} only takes keyword args (possible keys: {keys}). Please "
                            f"pass these args as kwargs instead.")
        # The op's own arguments go on; `name` stays among the keywords this call was given,
        # where a failing op's error reads it (" name: ...", see core/errors.py).
        return fn(**{key: value for key, value in kwargs.items() if key != "name"})

    op.__name__ = op.__qualname__ = op_name
    return op


def _explicit(padding, explicit_paddings):
    """A padding attr as the public functions take it: "EXPLICIT" becomes the pairs of
    `explicit_paddings` (flat, two per axis)."""
    if padding != "EXPLICIT":
        return padding
    flat = [int(p) for p in explicit_paddings]
    return [flat[i:i + 2] for i in range(0, len(flat), 2)]


def _reduction(reduce_fn):
    return lambda input, axis, keep_dims=False: reduce_fn(input, axis=axis, keepdims=keep_dims)


_OPS = {
    # element-wise, two inputs
    "Add": lambda x, y: _math.add(x, y),
    "AddV2": lambda x, y: _math.add(x, y),
    "Sub": lambda x, y: _math.subtract(x, y),
    "Mul": lambda x, y: _math.multiply(x, y),
    "RealDiv": lambda x, y: _math.truediv(x, y),
    "Div": lambda x, y: _math.divide(x, y),
    "FloorDiv": lambda x, y: _math.floordiv(x, y),
    "FloorMod": lambda x, y: _math.floormod(x, y),
    "Maximum": lambda x, y: _math.maximum(x, y),
    "Minimum": lambda x, y: _math.minimum(x, y),
    "Pow": lambda x, y: _math.pow(x, y),
    "SquaredDifference": lambda x, y: _math.squared_difference(x, y),
    "LeftShift": lambda x, y: _more_math.left_shift(x, y),
    "RightShift": lambda x, y: _more_math.right_shift(x, y),
    # element-wise, one input
    "PopulationCount": lambda x: _more_math._count_set_bits(x),
    "Neg": lambda x: _math.negative(x),
    "Abs": lambda x: _math.abs(x),
    "ComplexAbs": lambda x, Tout=None: _math.abs(x),  # noqa: N803 - TF's attr name
    "Exp": lambda x: _math.exp(x),
    "Log": lambda x: _math.log(x),
    "Sqrt": lambda x: _math.sqrt(x),
    "Square": lambda x: _math.square(x),
    "Sin": lambda x: _math.sin(x),
    "Cos": lambda x: _math.cos(x),
    "Tanh": lambda x: _math.tanh(x),
    "Sigmoid": lambda x: _math.sigmoid(x),
    "Relu": lambda features: _nn.relu(features),
    "Softmax": lambda logits: _nn.softmax(logits),
    "LogSoftmax": lambda logits: _nn.log_softmax(logits),
    "Cast": lambda x, DstT, Truncate=False: _math.cast(x, DstT),  # noqa: N803 - TF's attrs
    "Identity": lambda input: _math.identity(input),
    # shapes and arrangement
    "Shape": lambda input, out_type=None: _array.shape(input, out_type=out_type or "int32"),
    "Size": lambda input, out_type=None: _array.size(input, out_type=out_type or "int32"),
    "Rank": lambda input: _array.rank(input),
    "Reshape": lambda tensor, shape: _array.reshape(tensor, shape),
    "Transpose": lambda x, perm: _math.transpose(x, perm),
    "ExpandDims": lambda input, axis: _array.expand_dims(input, axis),
    "Squeeze": lambda input, axis=(): _array.squeeze(input, list(axis) or None),
    "ConcatV2": lambda values, axis: _array.concat(values, axis),
    "Pack": lambda values, axis=0: _array.stack(values, axis),
    "Unpack": lambda value, num, axis=0: _array.unstack(value, num, axis),
    "Fill": lambda dims, value: _array.fill(dims, value),
    "Tile": lambda input, multiples: _array.tile(input, multiples),
    "Range": lambda start, limit, delta: _array.range(start, limit, delta),
    "ZerosLike": lambda x: _math.zeros_like(x),
    "OnesLike": lambda x: _math.ones_like(x),
    # products and reductions
    "MatMul": lambda a, b, transpose_a=False, transpose_b=False: _math.matmul(
        a, b, transpose_a=transpose_a, transpose_b=transpose_b),
    "BatchMatMulV2": lambda x, y, adj_x=False, adj_y=False: _batch_matmul.batch_mat_mul_v2(
        x, y, adj_x, adj_y),
    "Sum": _reduction(_math.reduce_sum),
    "Mean": _reduction(_math.reduce_mean),
    "Max": _reduction(_math.reduce_max),
    "Min": _reduction(_math.reduce_min),
    "Prod": _reduction(_math.reduce_prod),
    "All": _reduction(_math.reduce_all),
    "Any": _reduction(_math.reduce_any),
    "ArgMax": lambda input, dimension, output_type=None: _math.argmax(
        input, dimension, output_type=output_type or "int64"),
    "ArgMin": lambda input, dimension, output_type=None: _math.argmin(
        input, dimension, output_type=output_type or "int64"),
}



def _tf():
    """The public API (run at call time: this module is imported while the package loads)."""
    return _sys.modules[__name__.rsplit(".", 2)[0]]


def _unary(path):
    """A one-input op `x` that runs the public function at `path` ("math.floor")."""
    def run(x):
        fn = _tf()
        for part in path.split("."):
            fn = getattr(fn, part)
        return fn(x)
    return run


def _binary(path):
    def run(x, y):
        fn = _tf()
        for part in path.split("."):
            fn = getattr(fn, part)
        return fn(x, y)
    return run


# Ops with several outputs return a named tuple, as TF's raw ops do
_TopKV2 = _collections.namedtuple("TopKV2", ["values", "indices"])
_Unique = _collections.namedtuple("Unique", ["y", "idx"])
_Qr = _collections.namedtuple("Qr", ["q", "r"])
_Svd = _collections.namedtuple("Svd", ["s", "u", "v"])
_SoftmaxXent = _collections.namedtuple("SoftmaxCrossEntropyWithLogits", ["loss", "backprop"])


def _softmax_cross_entropy(features, labels):
    tf = _tf()
    loss = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=features)
    return _SoftmaxXent(loss, tf.nn.softmax(features) - labels)


def _select(condition, x, y):
    """TF 1's Select: a vector condition beside matrices picks whole rows."""
    tf = _tf()
    condition, x = tf.convert_to_tensor(condition), tf.convert_to_tensor(x)
    if condition.shape.rank == 1 and x.shape.rank > 1:
        condition = tf.reshape(condition, [-1] + [1] * (x.shape.rank - 1))
    return tf.where(condition, x, y)


def _svd(input, compute_uv=True, full_matrices=False):  # noqa: A002 - TF's argument name
    tf = _tf()
    if not compute_uv:  # (TF's u and v are then empty)
        empty = tf.zeros([0], input.dtype if tf.is_tensor(input) else tf.float32)
        return _Svd(tf.linalg.svd(input, compute_uv=False), empty, empty)
    return _Svd(*tf.linalg.svd(input, full_matrices=full_matrices))


_OPS.update({
    # comparisons and logic
    "Less": _binary("math.less"), "LessEqual": _binary("math.less_equal"),
    "Greater": _binary("math.greater"), "GreaterEqual": _binary("math.greater_equal"),
    "Equal": lambda x, y, incompatible_shape_error=True: _tf().math.equal(x, y),
    "NotEqual": lambda x, y, incompatible_shape_error=True: _tf().math.not_equal(x, y),
    "LogicalAnd": _binary("math.logical_and"), "LogicalOr": _binary("math.logical_or"),
    "LogicalNot": _unary("math.logical_not"),
    "BitwiseAnd": _binary("bitwise.bitwise_and"), "BitwiseOr": _binary("bitwise.bitwise_or"),
    "BitwiseXor": _binary("bitwise.bitwise_xor"), "Invert": _unary("bitwise.invert"),
    # more element-wise math
    "Floor": _unary("math.floor"), "Ceil": _unary("math.ceil"), "Round": _unary("math.round"),
    "Rint": _unary("math.rint"), "Sign": _unary("math.sign"), "Rsqrt": _unary("math.rsqrt"),
    "Reciprocal": _unary("math.reciprocal"), "Tan": _unary("math.tan"),
    "Atan": _unary("math.atan"), "Asin": _unary("math.asin"), "Acos": _unary("math.acos"),
    "Sinh": _unary("math.sinh"), "Cosh": _unary("math.cosh"), "Erf": _unary("math.erf"),
    "Erfc": _unary("math.erfc"), "Lgamma": _unary("math.lgamma"),
    "Digamma": _unary("math.digamma"), "Log1p": _unary("math.log1p"),
    "Expm1": _unary("math.expm1"), "IsNan": _unary("math.is_nan"),
    "IsInf": _unary("math.is_inf"), "IsFinite": _unary("math.is_finite"),
    "Atan2": lambda y, x: _tf().math.atan2(y, x),
    "DivNoNan": _binary("math.divide_no_nan"), "MulNoNan": _binary("math.multiply_no_nan"),
    "Xlogy": _binary("math.xlogy"), "Xdivy": _binary("math.xdivy"),
    "TruncateDiv": _binary("truncatediv"), "TruncateMod": _binary("truncatemod"),
    "AddN": lambda inputs: _tf().math.add_n(inputs),
    "ClipByValue": lambda t, clip_value_min, clip_value_max: _tf().clip_by_value(
        t, clip_value_min, clip_value_max),
    "Conj": lambda input: _tf().math.conj(input),
    "Real": lambda input, Tout=None: _tf().math.real(input),  # noqa: N803 - TF's attr name
    "Imag": lambda input, Tout=None: _tf().math.imag(input),  # noqa: N803 - TF's attr name
    "Angle": lambda input, Tout=None: _tf().math.angle(input),  # noqa: N803 - TF's attr
    "Complex": lambda real, imag, Tout=None: _tf().complex(real, imag),  # noqa: N803 - (as Real)
    "InvertPermutation": lambda x: _tf().math.invert_permutation(x),
    "Cumsum": lambda x, axis, exclusive=False, reverse=False: _tf().math.cumsum(
        x, axis, exclusive=exclusive, reverse=reverse),
    "Cumprod": lambda x, axis, exclusive=False, reverse=False: _tf().math.cumprod(
        x, axis, exclusive=exclusive, reverse=reverse),
    # activations
    "Relu6": lambda features: _tf().nn.relu6(features),
    "Elu": lambda features: _tf().nn.elu(features),
    "Selu": lambda features: _tf().nn.selu(features),
    "Softplus": lambda features: _tf().math.softplus(features),
    "Softsign": lambda features: _tf().math.softsign(features),
    "LeakyRelu": lambda features, alpha=0.2: _tf().nn.leaky_relu(features, alpha),
    "BiasAdd": lambda value, bias, data_format="NHWC": _tf().nn.bias_add(
        value, bias, data_format=data_format),
    "L2Loss": lambda t: _tf().nn.l2_loss(t),
    # convolution and pooling (NHWC; "EXPLICIT" padding reads explicit_paddings' 4 pairs)
    "Conv2D": lambda input, filter, strides, padding, use_cudnn_on_gpu=True,
                     explicit_paddings=(), data_format="NHWC", dilations=(1, 1, 1, 1):
        _nn.conv2d(input, filter, list(strides), _explicit(padding, explicit_paddings),
                   data_format, list(dilations)),
    "MaxPool": lambda input, ksize, strides, padding, explicit_paddings=(), data_format="NHWC":
        _nn.max_pool2d(input, list(ksize), list(strides),
                       _explicit(padding, explicit_paddings), data_format),
    "AvgPool": lambda value, ksize, strides, padding, data_format="NHWC": _nn.avg_pool2d(
        value, list(ksize), list(strides), padding, data_format),
    "SoftmaxCrossEntropyWithLogits": _softmax_cross_entropy,
    # selection and arrangement
    "Select": lambda condition, x, y: _select(condition, x, y),
    "SelectV2": lambda condition, t, e: _tf().where(condition, t, e),
    "GatherV2": lambda params, indices, axis, batch_dims=0: _tf().gather(
        params, indices, axis=axis, batch_dims=batch_dims),
    "GatherNd": lambda params, indices: _tf().gather_nd(params, indices),
    "OneHot": lambda indices, depth, on_value, off_value, axis=-1: _tf().one_hot(
        indices, depth, on_value=on_value, off_value=off_value, axis=axis),
    "Pad": lambda input, paddings: _tf().pad(input, paddings),
    "PadV2": lambda input, paddings, constant_values: _tf().pad(
        input, paddings, constant_values=constant_values),
    "MirrorPad": lambda input, paddings, mode: _tf().pad(input, paddings, mode=mode),
    "Slice": lambda input, begin, size: _tf().slice(input, begin, size),
    "ReverseV2": lambda tensor, axis: _tf().reverse(tensor, axis),
    "BroadcastTo": lambda input, shape: _tf().broadcast_to(input, shape),
    "Bitcast": lambda input, type: _tf().bitcast(input, type),  # noqa: A006 - TF's attr name
    "Einsum": lambda inputs, equation: _tf().einsum(equation, *inputs),
    "TopKV2": lambda input, k, sorted=True: _TopKV2(*_tf().math.top_k(input, k, sorted=sorted)),
    "Unique": lambda x, out_idx=None: _Unique(*_tf().unique(x, out_idx=out_idx or "int32")),
    "StopGradient": lambda input: _tf().stop_gradient(input),
    # linear algebra
    "MatrixInverse": lambda input, adjoint=False: _tf().linalg.inv(input, adjoint=adjoint),
    "MatrixDeterminant": lambda input: _tf().linalg.det(input),
    "Cholesky": lambda input: _tf().linalg.cholesky(input),
    "Qr": lambda input, full_matrices=False: _Qr(*_tf().linalg.qr(input, full_matrices)),
    "Svd": _svd,
    # strings and files
    "StringJoin": lambda inputs, separator="": _tf().strings.join(inputs, separator=separator),
    "StringLength": lambda input, unit="BYTE": _tf().strings.length(input, unit=unit),
    "StringUpper": lambda input, encoding="": _tf().strings.upper(input, encoding=encoding),
    "StringLower": lambda input, encoding="": _tf().strings.lower(input, encoding=encoding),
    "RegexReplace": lambda input, pattern, rewrite, replace_global=True:
        _tf().strings.regex_replace(input, pattern, rewrite, replace_global=replace_global),
    "StaticRegexReplace": lambda input, pattern, rewrite, replace_global=True:
        _tf().strings.regex_replace(input, pattern, rewrite, replace_global=replace_global),
    "StringToNumber": lambda string_tensor, out_type=None: _tf().strings.to_number(
        string_tensor, out_type=out_type or "float32"),
    "Substr": lambda input, pos, len, unit="BYTE": _tf().strings.substr(  # noqa: A006 - TF's
        input, pos, len, unit=unit),
    "EncodeBase64": lambda input, pad=False: _tf().io.encode_base64(input, pad=pad),
    "DecodeBase64": lambda input: _tf().io.decode_base64(input),
    "ReadFile": lambda filename: _tf().io.read_file(filename),
    "WriteFile": lambda filename, contents: _tf().io.write_file(filename, contents),
})

# TF's sorted segment reductions that take the number of segments (SegmentSumV2, ...) have
# XLA kernels only: eagerly they are TF's NotFoundError, and in a tf.function (TF compiles them
# with jit_compile=True; eagerbook runs every traced function) they reduce as the unsorted
# segment ops, which fill an empty segment alike (0, 1, the lowest or the highest value).
_XLA_SEGMENT_TYPES = {
    "minmax": "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, "
              "DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64",
    "sumprod": "DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
               "DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16, "
               "DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64"}


def _xla_only_segment_op(op_name, unsorted_name, types):
    def run(data, segment_ids, num_segments):
        tf = _tf()
        data, segment_ids, num_segments = (tf.convert_to_tensor(v) for v in (
            data, segment_ids, num_segments))
        if tf.executing_eagerly():
            raise _errors.op_error(_errors.NotFoundError, op_name, _no_kernel_text(
                op_name, types, data, segment_ids, num_segments))
        return getattr(tf.math, unsorted_name)(data, segment_ids, num_segments)
    return run


def _no_kernel_text(op_name, types, data, segment_ids, num_segments):
    attrs = ", ".join(f"{attr}={_support.tf_enum_name(t.dtype)}" for attr, t in (
        ("T", data), ("Tindices", segment_ids), ("Tnumsegments", num_segments)))
    kernels = "".join(f"  device='{device}'; Tnumsegments in [DT_INT32, DT_INT64]; Tindices in "
                      f"[DT_INT32, DT_INT64]; T in [{_XLA_SEGMENT_TYPES[types]}]\n"
                      for device in ("XLA_CPU_JIT", "XLA_GPU_JIT"))
    return (f"Could not find device for node: {{{{node {op_name}}}}} = {op_name}[{attrs}]\n"
            f"All kernels registered for op {op_name}:\n{kernels}")


_OPS.update({
    f"Segment{how}V2": _xla_only_segment_op(f"Segment{how}V2",
                                            f"unsorted_segment_{how.lower()}", types)
    for how, types in (("Max", "minmax"), ("Min", "minmax"), ("Prod", "sumprod"),
                       ("Sum", "sumprod"))})

globals().update({_name: _raw_op(_name, _fn) for _name, _fn in _OPS.items()})

__all__ = sorted(_OPS)

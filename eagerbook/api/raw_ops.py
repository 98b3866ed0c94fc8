"""``tf.raw_ops``: ops called by their TF op names, with TF's argument names, keywords only.

Each entry runs the public function that runs the op (``tf.raw_ops.AddV2(x=a, y=b)`` is
``tf.add(a, b)``). As in TF, positional arguments are refused, and the error names the op's
function in snake case. Only ops that TF's docs and common programs call are listed here.
"""

import re as _re

from ..ops import array_ops as _array
from ..ops import math_ops as _math
from ..ops import more_math_ops as _more_math
from ..ops import nn_ops as _nn


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
        kwargs.pop("name", None)
        return fn(**kwargs)

    op.__name__ = op.__qualname__ = op_name
    return op


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
    "BatchMatMulV2": lambda x, y, adj_x=False, adj_y=False: _math.matmul(
        x, y, adjoint_a=adj_x, adjoint_b=adj_y),
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

globals().update({_name: _raw_op(_name, _fn) for _name, _fn in _OPS.items()})

__all__ = sorted(_OPS)

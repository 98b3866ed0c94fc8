"""Registry-wide checks of what ops declare they accept (``@register(..., dtypes=...)``).

An op's declared dtypes are the one place its accepted inputs are written: the public function
reads them (``_unary``, ``reduce``, ``exp``; binary ops: ``_binary``, ``ops/binary.py``), so
these tests go through the public functions.
"""

import functools

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import dtypes
from eagerbook.core.context import observe
from eagerbook.core.errors import InvalidArgumentError
from eagerbook.ops import REGISTRY, math_ops
from eagerbook.ops.support import op_def_text
from eagerbook.ops.tf_type_lists import TF_TYPE_LISTS
from eagerbook.testing import Fixed
from tests.gradcases import all_cases

# The public function that runs each op with declared dtypes, given one tensor.
PUBLIC = {
    "Exp": tf.exp, "Sum": tf.reduce_sum, "Mean": tf.reduce_mean, "Prod": tf.reduce_prod,
    "Max": tf.reduce_max, "Min": tf.reduce_min, "Any": tf.reduce_any, "All": tf.reduce_all,
    "EuclideanNorm": tf.math.reduce_euclidean_norm, "LogicalNot": tf.logical_not,
    "Neg": tf.negative, "Abs": tf.abs, "Sign": tf.sign, "Square": tf.square, "Sqrt": tf.sqrt,
    "Rsqrt": tf.math.rsqrt, "Reciprocal": tf.math.reciprocal, "Expm1": tf.math.expm1,
    "Log": tf.math.log, "Log1p": tf.math.log1p, "Sin": tf.sin, "Cos": tf.cos, "Tan": tf.tan,
    "Tanh": tf.tanh, "Sigmoid": tf.sigmoid, "Floor": tf.floor, "Ceil": tf.math.ceil,
    "Round": tf.round, "IsFinite": tf.math.is_finite, "IsNan": tf.math.is_nan,
    "IsInf": tf.math.is_inf, "Atan": tf.atan, "Asin": tf.asin, "Acos": tf.acos,
    "Sinh": tf.sinh, "Cosh": tf.cosh, "Asinh": tf.asinh, "Acosh": tf.acosh, "Atanh": tf.atanh,
    "Erf": tf.math.erf, "Erfc": tf.math.erfc, "Softplus": tf.math.softplus,
    "ArgMax": tf.argmax, "ArgMin": tf.argmin,
    "Atan2": lambda t: tf.math.atan2(t, t), "AddN": lambda t: tf.add_n([t, t]),
    "Einsum": lambda t: tf.einsum("i->", t),
}
# Binary ops: their public function, called with the tensor as both operands.
BINARY = {
    "AddV2": tf.add, "Add": tf.add, "Sub": tf.subtract, "Mul": tf.multiply,
    "RealDiv": math_ops.divide_no_cast, "FloorDiv": tf.math.floordiv,
    "FloorMod": tf.math.floormod, "Pow": tf.pow, "Maximum": tf.maximum, "Minimum": tf.minimum,
    "SquaredDifference": tf.math.squared_difference, "Equal": tf.equal,
    "NotEqual": tf.not_equal, "Less": tf.less, "LessEqual": tf.less_equal,
    "Greater": tf.greater, "GreaterEqual": tf.greater_equal, "LogicalAnd": tf.logical_and,
    "LogicalOr": tf.logical_or, "LogicalXor": tf.math.logical_xor,
    "BitwiseAnd": tf.bitwise.bitwise_and, "BitwiseOr": tf.bitwise.bitwise_or,
    "BitwiseXor": tf.bitwise.bitwise_xor,
    "MatMul": lambda a, b: tf.matmul(tf.reshape(a, [1, 2]), tf.reshape(b, [2, 1])),
    "BatchMatMulV2": lambda a, b: tf.matmul(tf.reshape(a, [1, 1, 2]), tf.reshape(b, [1, 2, 1])),
}
PUBLIC.update({name: functools.partial(lambda fn, t: fn(t, t), fn)
               for name, fn in BINARY.items()})
DECLARED = sorted(name for name, op in REGISTRY.items() if op.dtypes is not None)
# Values to try, one per dtype kind: the first one an op does not declare is the bad input.
SAMPLES = [(dtypes.float32, [0.5, 0.25]), (dtypes.int32, [1, 2]), (dtypes.bool, [True, False]),
           (dtypes.string, ["a", "b"])]
# tf.round returns an integer tensor unchanged before its op is reached (as TF's does).
SKIP_SAMPLE = {"Round": dtypes.int32}
# tf.add runs Add (not AddV2) for strings only, as TF's does.
RUN_SAMPLE = {"Add": dtypes.string}


def test_every_declaring_op_has_a_public_function_here():
    assert sorted(PUBLIC) == DECLARED


@pytest.mark.parametrize("name", DECLARED)
def test_public_function_runs_the_op_on_a_declared_dtype(name):
    op = REGISTRY[name]
    dtype, values = next((d, v) for d, v in SAMPLES
                         if d in op.dtypes and RUN_SAMPLE.get(name, d) is d)
    events = []
    with observe(events.append):
        PUBLIC[name](tf.constant(values, dtype=dtype))
    assert op in [e.op for e in events]


@pytest.mark.parametrize("name", [n for n in DECLARED if n not in BINARY])
def test_public_function_rejects_an_undeclared_dtype_with_tfs_error(name):
    op = REGISTRY[name]
    dtype, values = next((d, v) for d, v in SAMPLES
                         if d not in op.dtypes and d is not SKIP_SAMPLE.get(name))
    x = tf.constant(values, dtype=dtype)
    tf_names = TF_TYPE_LISTS.get(name) or [d.name for d in op.dtypes]  # TF's list, its order
    kernel = {"float16": "half", "float32": "float", "float64": "double"}  # TF's eager spelling
    allowed = ", ".join(kernel.get(n, n) for n in tf_names)
    events = []
    if dtype.name in tf_names:  # TF's op lists it, but TF has no CPU kernel for it
        with observe(events.append), pytest.raises(tf.errors.NotFoundError) as raised:
            PUBLIC[name](x)
        assert str(raised.value).startswith(
            f"Could not find device for node: {{{{node {name}}}}} = {name}[T=DT_"
            f"{dtype.name.upper()}]\nAll kernels registered for op {name}:\n")
        assert op not in [e.op for e in events]
        return
    with observe(events.append), pytest.raises(InvalidArgumentError) as raised:
        PUBLIC[name](x)
    if name in ("All", "Any", "LogicalNot"):  # (bools only: eagerly a type mismatch)
        assert str(raised.value) == (
            f"cannot compute {name} as input #0(zero-based) was expected to be a bool tensor "
            f"but is a {kernel.get(dtype.name, dtype.name)} tensor [Op:{name}] name: ")
    else:
        # (then TF's node and OpDef text, support.op_def_text; " name: " after the op: TF's op
        # functions add the name they were given, here none)
        assert str(raised.value) == f"Value for attr 'T' of {kernel.get(dtype.name, dtype.name)}" \
                                    f" is not in the list of allowed values: {allowed}" \
                                    f"{op_def_text(name)} [Op:{name}] name: "
    assert op not in [e.op for e in events]  # rejected before anything ran
    # While tracing TF checks the op's signature: a TypeError naming the parameter.
    with pytest.raises(TypeError) as raised:
        tf.function(PUBLIC[name])(x)
    assert (f"has DataType {dtype.name} not in list of allowed values: {', '.join(tf_names)}"
            if name != "LogicalNot" else  # (no attr 'T': a type mismatch)
            f"Input 'x' of 'LogicalNot' Op has type {dtype.name} that does not match expected "
            f"type of bool.") in str(raised.value)


# For each binary op: the dtype its public function is tried with, and TF 2.21's error for it,
# eagerly (InvalidArgumentError) and while tracing (TypeError), as TF printed them.
TF_ERRORS = {
    'AddV2': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
        'float, double, uint8, uint16, uint32, uint64, int8, int16, int32, int64, complex64, '
        'complex128 [Op:AddV2]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: bfloat16, "
        'float16, float32, float64, uint8, uint16, uint32, uint64, int8, int16, int32, int64, '
        'complex64, complex128'),
    'Sub': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
        'float, double, uint8, int8, uint16, int16, int32, int64, complex64, complex128, '
        'uint32, uint64 [Op:Sub]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: bfloat16, "
        'float16, float32, float64, uint8, int8, uint16, int16, int32, int64, complex64, '
        'complex128, uint32, uint64'),
    'Mul': ('string',
        "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, "
        'float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, '
        'complex128 [Op:Mul]',
        "Value passed to parameter 'x' has DataType string not in list of allowed values: "
        "bfloat16, "
        'float16, float32, float64, uint8, int8, uint16, int16, int32, uint32, uint64, int64, '
        'complex64, complex128'),
    'RealDiv': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
        'float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, '
        'complex128 [Op:RealDiv]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: bfloat16, "
        'float16, float32, float64, uint8, int8, uint16, int16, int32, uint32, uint64, int64, '
        'complex64, complex128'),
    'FloorDiv': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
        'float, double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, '
        'complex128 [Op:FloorDiv]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: bfloat16, "
        'float16, float32, float64, uint8, int8, uint16, int16, int32, uint32, uint64, int64, '
        'complex64, complex128'),
    'FloorMod': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: int8, int16, int32, "
        'int64, uint8, uint16, uint32, uint64, bfloat16, half, float, double [Op:FloorMod]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: int8, "
        'int16, int32, int64, uint8, uint16, uint32, uint64, bfloat16, float16, float32, float64'),
    'Pow': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, float, "
        'half, double, int8, int16, int32, int64, complex64, complex128 [Op:Pow]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: bfloat16, "
        'float32, float16, float64, int8, int16, int32, int64, complex64, complex128'),
    'Maximum': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
        'float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64 [Op:Maximum]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: bfloat16, "
        'float16, float32, float64, int8, uint8, int16, uint16, int32, uint32, int64, uint64'),
    'Minimum': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
        'float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64 [Op:Minimum]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: bfloat16, "
        'float16, float32, float64, int8, uint8, int16, uint16, int32, uint32, int64, uint64'),
    'SquaredDifference': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
        'float, double, int32, int64, complex64, complex128 [Op:SquaredDifference]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: bfloat16, "
        'float16, float32, float64, int32, int64, complex64, complex128'),
    'Less': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
        'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64 [Op:Less]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: float32, "
        'float64, int32, uint8, int16, int8, int64, bfloat16, uint16, float16, uint32, uint64'),
    'LessEqual': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
        'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64 [Op:LessEqual]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: float32, "
        'float64, int32, uint8, int16, int8, int64, bfloat16, uint16, float16, uint32, uint64'),
    'Greater': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
        'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64 [Op:Greater]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: float32, "
        'float64, int32, uint8, int16, int8, int64, bfloat16, uint16, float16, uint32, uint64'),
    'GreaterEqual': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
        'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64 [Op:GreaterEqual]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: float32, "
        'float64, int32, uint8, int16, int8, int64, bfloat16, uint16, float16, uint32, uint64'),
    'LogicalAnd': ('float32',
        'cannot compute LogicalAnd as input #0(zero-based) was expected to be a bool tensor but '
        'is a float tensor [Op:LogicalAnd]',
        "Input 'x' of 'LogicalAnd' Op has type float32 that does not match expected type of bool."),
    'LogicalOr': ('float32',
        'cannot compute LogicalOr as input #0(zero-based) was expected to be a bool tensor but '
        'is a float tensor [Op:LogicalOr]',
        "Input 'x' of 'LogicalOr' Op has type float32 that does not match expected type of bool."),
    'LogicalXor': ('float32',
        'cannot compute LogicalOr as input #0(zero-based) was expected to be a bool tensor but '
        'is a float tensor [Op:LogicalOr]',
        "Input 'x' of 'LogicalOr' Op has type float32 that does not match expected type of bool."),
    'BitwiseAnd': ('float32',
        "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
        'int64, uint8, uint16, uint32, uint64 [Op:BitwiseAnd]',
        "Value passed to parameter 'x' has DataType float32 not in list of allowed values: int8, "
        'int16, int32, int64, uint8, uint16, uint32, uint64'),
    'BitwiseOr': ('float32',
        "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
        'int64, uint8, uint16, uint32, uint64 [Op:BitwiseOr]',
        "Value passed to parameter 'x' has DataType float32 not in list of allowed values: int8, "
        'int16, int32, int64, uint8, uint16, uint32, uint64'),
    'BitwiseXor': ('float32',
        "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
        'int64, uint8, uint16, uint32, uint64 [Op:BitwiseXor]',
        "Value passed to parameter 'x' has DataType float32 not in list of allowed values: int8, "
        'int16, int32, int64, uint8, uint16, uint32, uint64'),
    'MatMul': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
        'float, double, int32, int64, uint8, uint16, uint32, uint64, complex64, complex128 '
        '[Op:MatMul]',
        "Value passed to parameter 'a' has DataType bool not in list of allowed values: bfloat16, "
        'float16, float32, float64, int32, int64, uint8, uint16, uint32, uint64, complex64, '
        'complex128'),
    'BatchMatMulV2': ('bool',
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, "
        'float, double, int16, int32, int64, uint8, uint16, uint32, uint64, complex64, '
        'complex128 [Op:BatchMatMulV2]',
        "Value passed to parameter 'x' has DataType bool not in list of allowed values: bfloat16, "
        'float16, float32, float64, int16, int32, int64, uint8, uint16, uint32, uint64, '
        'complex64, complex128'),
}


def test_every_binary_op_is_checked_against_tf():
    # Equal and NotEqual take every dtype (TF's 'T' is any type); Add is reached only for strings
    # (tf.add of anything else runs AddV2, whose check is TF_ERRORS["AddV2"]).
    assert sorted(TF_ERRORS) == sorted(set(BINARY) - {"Equal", "NotEqual", "Add"})
    assert all(d in REGISTRY[n].dtypes for n in ("Equal", "NotEqual") for d in dtypes.ALL)


@pytest.mark.parametrize("name", sorted(TF_ERRORS))
def test_binary_op_rejects_an_undeclared_dtype_as_tf_does(name):
    dtype_name, eager_message, traced_message = TF_ERRORS[name]
    x = tf.constant(dict((d.name, v) for d, v in SAMPLES)[dtype_name], dtype=dtype_name)
    events = []
    with observe(events.append), pytest.raises(InvalidArgumentError) as raised:
        PUBLIC[name](x)
    # (with TF's node and OpDef text; " name: " and no name, as TF's public functions give;
    # RealDiv's here is internal)
    words, op_part = eager_message.rsplit(" [Op:", 1)
    op_def = op_def_text(name) if words.startswith("Value for attr") else ""  # (not after
    # 'cannot compute ...': a type mismatch)
    assert str(raised.value) == f"{words}{op_def} [Op:{op_part}" + (
        "" if name == "RealDiv" else " name: ")
    assert REGISTRY[name] not in [e.op for e in events]  # rejected before anything ran
    # While tracing, TF rejects it as it builds the graph: a TypeError.
    traced = tf.function(lambda: PUBLIC[name](x), autograph=False)
    with pytest.raises(TypeError) as raised:
        traced.get_concrete_function()
    assert str(raised.value) == traced_message


def test_binary_ops_take_tfs_other_roads():
    # `+` of strings runs TF's Add (concatenation); `*` of bools is a logical and, as TF's
    # operator computes it; the mismatch message stays the shared-dtype rule's.
    def op_names(fn, *args):
        graph = tf.function(fn, autograph=False).get_concrete_function(*args).graph
        return [op.type for op in graph.get_operations()]
    s, b = tf.constant(["a", "b"]), tf.constant([True, False])
    assert (s + s).numpy().tolist() == [b"aa", b"bb"] and "Add" in op_names(tf.add, s, s)
    assert (b * b).numpy().tolist() == [True, False] and "LogicalAnd" in op_names(
        lambda u, v: u * v, b, b)
    with pytest.raises(InvalidArgumentError, match=r"cannot compute AddV2 as input #1\(zero-"
                                                   r"based\) was expected to be a float tensor "
                                                   r"but is a int32 tensor \[Op:AddV2\]"):
        tf.constant(1.0) + tf.constant(1)
    with pytest.raises(InvalidArgumentError, match=r"(?s)of int16 is not in .* \[Op:MatMul\]"):
        tf.matmul(tf.ones([2, 2], tf.int16), tf.ones([2, 2], tf.int16))  # TF's MatMul: 2-D
    assert tf.matmul(tf.ones([1, 2, 2], tf.int16), tf.ones([1, 2, 2], tf.int16)).dtype is \
        tf.int16  # BatchMatMulV2 beyond 2-D, which takes int16


CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_gradient_cases_use_declared_dtypes_only(case):
    # Forward and backward: every op with declared dtypes sees only inputs it declares.
    values = [v.value if isinstance(v, Fixed) else tf.constant(np.asarray(v, np.float64))
              for v in case.materialize()]
    events = []
    with observe(events.append, include_variable_reads=False):
        with tf.GradientTape() as tape:
            for v in values:
                if isinstance(v, tf.Tensor) and v.dtype.is_floating:
                    tape.watch(v)
            outs = [o for o in tf.nest.flatten(case.fn(*values))
                    if isinstance(o, tf.Tensor) and o.dtype.is_floating]
        tape.gradient(outs, [v for v in values if isinstance(v, tf.Tensor)])
    for event in events:
        declared = event.op.dtypes
        if declared is None:
            continue
        for t in event.inputs:
            assert t.dtype in declared, f"{event.name} ran on {t.dtype.name}"


# Ops whose public function checks the dtype itself (not through a declaration): TF 2.21's
# messages, as it printed them (eagerly without its OpDef dump; while tracing, the TypeError).
TF_OTHER_DTYPE_ERRORS = [
    (tf.nn.relu, [True], "Value for attr 'T' of bool is not in the list of allowed values: "
     "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, "
     "qint8 [Op:Relu]", "Value passed to parameter 'features' has DataType bool not in list of "
     "allowed values: float32, float64, int32, uint8, int16, int8, int64, bfloat16, uint16, "
     "float16, uint32, uint64, qint8"),
    (tf.nn.softmax, [[1, 2]], "Value for attr 'T' of int32 is not in the list of allowed values: "
     "half, bfloat16, float, double [Op:Softmax]", "Value passed to parameter 'logits' has "
     "DataType int32 not in list of allowed values: float16, bfloat16, float32, float64"),
    (tf.math.erfinv, [1], "Value for attr 'T' of int32 is not in the list of allowed values: "
     "bfloat16, half, float, double [Op:Erfinv]", "Value passed to parameter 'x' has DataType "
     "int32 not in list of allowed values: bfloat16, float16, float32, float64"),
    (tf.linalg.inv, [[1]], "Value for attr 'T' of int32 is not in the list of allowed values: "
     "double, float, half, complex64, complex128 [Op:MatrixInverse]", "Value passed to parameter "
     "'input' has DataType int32 not in list of allowed values: float64, float32, float16, "
     "complex64, complex128"),
]


@pytest.mark.parametrize("fn, value, eager, traced", TF_OTHER_DTYPE_ERRORS)
def test_other_ops_reject_a_dtype_with_tfs_error(fn, value, eager, traced):
    x = tf.constant(value)
    with pytest.raises(InvalidArgumentError) as raised:
        fn(x)
    words, op_part = eager.rsplit(" [Op:", 1)
    op_name = op_part.rstrip("]")
    assert str(raised.value) == f"{words}{op_def_text(op_name)} [Op:{op_part} name: "
    with pytest.raises(TypeError) as raised:
        tf.function(fn)(x)
    assert str(raised.value).strip().endswith(traced)

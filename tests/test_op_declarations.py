"""Registry-wide checks of what ops declare they accept (``@register(..., dtypes=...)``).

An op's declared dtypes are the one place its accepted inputs are written: the public function
reads them (``_unary``, ``reduce``, ``exp``), so these tests go through the public functions.
"""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import dtypes
from eagerbook.core.context import observe
from eagerbook.core.errors import InvalidArgumentError
from eagerbook.ops import REGISTRY
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
    "Erf": tf.math.erf, "Softplus": tf.math.softplus, "ArgMax": tf.argmax, "ArgMin": tf.argmin,
    "Atan2": lambda t: tf.math.atan2(t, t), "AddN": lambda t: tf.add_n([t, t]),
    "Einsum": lambda t: tf.einsum("i->", t),
}
DECLARED = sorted(name for name, op in REGISTRY.items() if op.dtypes is not None)
# Values to try, one per dtype kind: the first one an op does not declare is the bad input.
SAMPLES = [(dtypes.float32, [0.5, 0.25]), (dtypes.int32, [1, 2]), (dtypes.bool, [True, False]),
           (dtypes.string, ["a", "b"])]
# tf.round returns an integer tensor unchanged before its op is reached (as TF's does).
SKIP_SAMPLE = {"Round": dtypes.int32}


def test_every_declaring_op_has_a_public_function_here():
    assert sorted(PUBLIC) == DECLARED


@pytest.mark.parametrize("name", DECLARED)
def test_public_function_runs_the_op_on_a_declared_dtype(name):
    op = REGISTRY[name]
    dtype, values = next((d, v) for d, v in SAMPLES if d in op.dtypes)
    events = []
    with observe(events.append):
        PUBLIC[name](tf.constant(values, dtype=dtype))
    assert op in [e.op for e in events]


@pytest.mark.parametrize("name", DECLARED)
def test_public_function_rejects_an_undeclared_dtype_with_tfs_error(name):
    op = REGISTRY[name]
    dtype, values = next((d, v) for d, v in SAMPLES
                         if d not in op.dtypes and d is not SKIP_SAMPLE.get(name))
    x = tf.constant(values, dtype=dtype)
    allowed = ", ".join(d.name for d in op.dtypes)
    events = []
    with observe(events.append), pytest.raises(InvalidArgumentError) as raised:
        PUBLIC[name](x)
    assert f"Value for attr 'T' of {dtype.name} is not in the list of allowed values: " \
           f"{allowed} (argument" in str(raised.value)
    assert str(raised.value).endswith(f"[Op:{name}]")
    assert op not in [e.op for e in events]  # rejected before anything ran


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

"""Every declared shape rule (``OpDef.infer_shape``) agrees with its kernel.

A rule gives an op's output dtypes and shapes while ``tf.function`` traces; the kernel gives
the real outputs when the op runs. Over every gradient case (tests/gradcases: each op's forward
and backward ops, run eagerly under a tape and an observer), each executed op that declares a
rule is asked again through the rule, on symbolic stand-ins of its actual inputs:
  - with the inputs' static shapes known, the rule must give exactly the kernel's dtypes and
    shapes;
  - with every dim unknown (ranks kept), it must give shapes the real ones are compatible with.
Ops with a rule but no gradient (argmax, random draws, string ops, table lookups) run as EXTRA.
"""

import types

import pytest

import eagerbook as tf
from eagerbook.autodiff.tape import GradientTape
from eagerbook.core import context, nest
from eagerbook.core.shape import TensorShape
from eagerbook.core.tensor import EagerTensor, Tensor, _from_numpy
from eagerbook.graph.ir import make_symbolic
from eagerbook.ops.registry import REGISTRY
from eagerbook.testing import Fixed
from tests.gradcases import all_cases

CASES = all_cases()
# Ops with shape rules and no gradient (so no gradient case): run as they are.
EXTRA = [
    lambda: tf.argmax(tf.zeros([2, 3]), 1),
    lambda: tf.argmin(tf.zeros([2, 3, 4]), 0, output_type=tf.int32),
    lambda: tf.random.categorical(tf.zeros([2, 3]), 4, seed=1),
    lambda: tf.random.stateless_uniform([2, 3], seed=[1, 2]),
    lambda: tf.random.normal([2, 3], seed=3),
    lambda: tf.strings.length(tf.constant([["a", "bc"]])),
    lambda: tf.math.top_k(tf.constant([[1.0, 3.0, 2.0]]), 2),
    lambda: tf.unique_with_counts(tf.constant([3, 1, 3])),
    lambda: tf.unique(tf.constant([3, 1, 3]), out_idx=tf.int64),
    lambda: tf.searchsorted(tf.constant([[1.0, 2.0]]), tf.constant([[1.5, 0.0, 3.0]]),
                            side="right"),
    lambda: tf.math.segment_max(tf.ones([3, 2]), tf.constant([0, 0, 2])),
    lambda: tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant([1, 2], tf.int64), tf.constant([10., 20.])), -1.).lookup(
        tf.constant([[1, 5, 2]], tf.int64)),
    # shapes the gradient cases do not reach: non-square, full matrices, broadcast batches
    lambda: tf.linalg.qr(tf.ones([2, 3]), full_matrices=True),
    lambda: tf.linalg.qr(tf.ones([2, 4, 3])),
    lambda: tf.linalg.svd(tf.ones([3, 2]), full_matrices=True, compute_uv=True),
    lambda: tf.linalg.svd(tf.ones([2, 4]), compute_uv=True),
    lambda: tf.linalg.svd(tf.ones([3, 2, 4]), compute_uv=False),
    lambda: tf.linalg.eigvalsh(tf.eye(3, batch_shape=[2])),
    lambda: tf.linalg.triangular_solve(tf.eye(2, batch_shape=[4]), tf.ones([2, 5])),
    lambda: tf.linalg.solve(tf.eye(3, batch_shape=[2]), tf.ones([2, 3, 1]), adjoint=True),
    lambda: tf.linalg.slogdet(tf.eye(2, batch_shape=[3])),
    lambda: tf.stack([tf.zeros([2, 3])] * 3, axis=-1),
    lambda: tf.where(tf.constant([[1., 0.], [2., 3.]]) > 0),
    lambda: tf.broadcast_to(tf.ones([3]), [2, 3]),
]
# Ops whose output size depends on the input's values, not only its shape: their rules leave
# that dim unknown (None) even when every input shape is known, as TF's do.
VALUE_DEPENDENT = {
    "Where": "how many elements are true", "Unique": "how many values are distinct",
    "UniqueWithCounts": "how many values are distinct", "Slice": "begin and size",
    "TopKV2": "k", "UnsortedSegmentSum": "num_segments", "UnsortedSegmentProd": "num_segments",
    "UnsortedSegmentMax": "num_segments", "UnsortedSegmentMin": "num_segments",
    "DynamicPartition": "how many rows each part gets", "DynamicStitch": "the largest index",
    "Range": "start, limit and delta"}
_PLACEHOLDER = types.SimpleNamespace(type="Placeholder", attrs={}, name="x")


def _executed_ops(case):
    """(OpDef, inputs, attrs, outputs) of every op the case runs, forward and backward."""
    events = []
    values = case.materialize()
    tensors = [v.value if isinstance(v, Fixed) else _from_numpy(v) for v in values]
    sources = [t for t in tensors if isinstance(t, Tensor) and t.dtype.is_floating]
    with context.observe(events.append, include_variable_reads=False):
        with GradientTape(persistent=True) as tape:
            tape.watch(sources)
            outs = [o for o in nest.flatten(case.fn(*tensors))
                    if isinstance(o, Tensor) and o.dtype.is_floating]
        tape.gradient(outs, sources)
    return [(e.op, e.inputs, e.attrs, e.outputs) for e in events]


def _extra_ops(fn):
    events = []
    with context.observe(events.append, include_variable_reads=False):
        fn()
    return [(e.op, e.inputs, e.attrs, e.outputs) for e in events]


def _symbolic(t, known):
    shape = t.shape if known else TensorShape([None] * t.shape.rank)
    return make_symbolic(_PLACEHOLDER, 0, t.dtype, shape)


def _ruled_ops():
    found = {}
    runs = [(case.name, _executed_ops(case)) for case in CASES]
    runs += [(f"extra {i}", _extra_ops(fn)) for i, fn in enumerate(EXTRA)]
    for name, executed in runs:
        for op, inputs, attrs, outputs in executed:
            if op is not None and op.infer_shape is not None \
                    and all(type(t) is EagerTensor for t in inputs):
                found.setdefault(op.name, []).append((name, inputs, attrs, outputs))
    return found


RULED = _ruled_ops()


def test_the_cases_reach_the_main_shape_rules():
    assert {"BatchMatMulV2", "Reshape", "ConcatV2", "ArgMax", "ArgMin", "Multinomial",
            "LookupTableFindV2", "Conv2D", "MaxPool", "AvgPool", "Pack", "MatrixInverse",
            "Cholesky", "MatrixDeterminant", "LogMatrixDeterminant", "MatrixSolve",
            "MatrixTriangularSolve", "Qr", "Svd", "SelfAdjointEigV2", "Where",
            "BroadcastTo", "Slice", "SliceGrad", "MatrixBandPart", "UnsortedSegmentSum",
            "UnsortedSegmentMax", "TopKV2"} <= set(RULED), \
        sorted(RULED)


@pytest.mark.parametrize("name", sorted(RULED))
def test_a_shape_rule_agrees_with_its_kernel(name):
    for case, inputs, attrs, outputs in RULED[name]:
        opdef = REGISTRY[name]
        known = opdef.infer_shape([_symbolic(t, True) for t in inputs], attrs)
        assert len(known) == len(outputs), case
        for (dtype, shape), out in zip(known, outputs):
            assert dtype is out.dtype, (case, dtype, out.dtype)
            if name in VALUE_DEPENDENT:
                assert TensorShape(shape).rank == out.shape.rank, (case, shape, out.shape)
                assert TensorShape(shape).is_compatible_with(out.shape), (case, shape, out.shape)
                continue
            assert TensorShape(shape).as_list() == out.shape.as_list(), (case, shape, out.shape)
        unknown = opdef.infer_shape([_symbolic(t, False) for t in inputs], attrs)
        for (_, shape), out in zip(unknown, outputs):
            assert TensorShape(shape).is_compatible_with(out.shape), (case, shape, out.shape)


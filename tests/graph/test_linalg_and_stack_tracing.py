"""tf.stack, tf.linalg, tf.where and tf.broadcast_to trace through shape rules, as in TF.

Before these ops had rules, tracing ran their kernels on stand-in arrays: an all-ones stand-in
matrix is singular, so ``tf.function(tf.linalg.inv)`` could not trace at all, and stacking
``[3, None]`` with ``[None, 4]`` failed on stand-ins of different sizes. Shapes and messages
below are TF 2.21's (graph mode, ``get_concrete_function`` over ``tf.TensorSpec``s), node text
and inputs included, but for two node names: TF names triangular_solve's node under its name
scope (``triangular_solve/MatrixTriangularSolve``) and a refused stack ``stack_1`` (its first
try at converting the list took ``stack``).
"""

import re

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import eager_text
from tests.graph.node_error_text import node_message

S = tf.TensorSpec
L = tf.linalg


def _traced_shapes(fn, *specs):
    concrete = tf.function(fn).get_concrete_function(*[S(s) for s in specs])
    return [o.shape.as_list() if o.shape.rank is not None else None
            for o in tf.nest.flatten(concrete.structured_outputs)]


def test_inverse_cholesky_and_determinant_trace_and_run():
    # The singular stand-in used to make the trace itself fail.
    x = tf.constant([[2., 0.], [0., 3.]])
    np.testing.assert_allclose(tf.function(L.inv)(x).numpy(), [[0.5, 0.], [0., 1 / 3]])
    np.testing.assert_allclose(tf.function(L.det)(x).numpy(), 6.)
    spd = tf.constant([[4., 2.], [2., 3.]])
    np.testing.assert_allclose(tf.function(L.cholesky)(spd).numpy(),
                               np.linalg.cholesky(spd.numpy()), rtol=1e-6)
    np.testing.assert_allclose(tf.function(lambda m: L.slogdet(m)[1])(spd).numpy(),
                               np.log(8.), rtol=1e-6)
    np.testing.assert_allclose(tf.function(L.solve)(x, tf.ones([2, 1])).numpy(),
                               [[0.5], [1 / 3]], rtol=1e-6)


# (function, input shapes, TF's traced output shapes; None = unknown rank)
SHAPES = [
    (L.inv, [[5, None, 3]], [[5, 3, 3]]),
    (L.inv, [[None, 2, None]], [[None, 2, 2]]),
    (L.inv, [None], [None]),
    (L.cholesky, [[None, None]], [[None, None]]),
    (L.det, [[None, 2, None]], [[None]]),
    (L.det, [[None, None]], [[]]),
    (L.slogdet, [[5, None, 3]], [[5], [5]]),
    (L.eigh, [[5, None, 3]], [[5, 3], [5, 3, 3]]),
    (L.eigh, [None], [None, None]),
    (L.eigvalsh, [[5, None, 3]], [[5, 3]]),
    (lambda x: L.svd(x, compute_uv=False), [[5, None, 3]], [[5, None]]),
    (L.qr, [[2, 3]], [[2, 2], [2, 3]]),
    (L.qr, [[5, None, 3]], [[5, None, None], [5, None, 3]]),
    (lambda x: L.qr(x, full_matrices=True), [[3, 2]], [[3, 3], [3, 2]]),
    (lambda x: L.qr(x, full_matrices=True), [[None, 2, None]], [[None, 2, 2], [None, 2, None]]),
    (lambda x: L.svd(x, compute_uv=True), [[2, 3]], [[2], [2, 2], [3, 2]]),
    (lambda x: L.svd(x, compute_uv=True), [[5, None, 3]], [[5, None], [5, None, None],
                                                           [5, 3, None]]),
    (lambda x: L.svd(x, full_matrices=True, compute_uv=True), [[None, 2, None]],
     [[None, None], [None, 2, 2], [None, None, None]]),
    (L.solve, [[None, None], [None, 4]], [[None, 4]]),
    (L.solve, [None, [2, 3]], [[2, 3]]),
    (L.triangular_solve, [[4, 2, 2], [2, 5]], [[4, 2, 5]]),
    (L.triangular_solve, [[5, 2, 2], [1, 2, 3]], [[5, 2, 3]]),
    (L.triangular_solve, [None, [2, 3]], [None]),
    (lambda a, b: tf.stack([a, b], axis=1), [[3, None], [None, 4]], [[3, 2, 4]]),
    (lambda a, b: tf.stack([a, b], axis=-1), [None, [None, 4]], [[None, 4, 2]]),
    (lambda a, b: tf.stack([a, b], axis=2), [None, None], [None]),
    # Sizes that depend on values: the stand-ins (all true) said 5 where TF says None.
    (lambda x: tf.where(x > 0), [[5]], [[None, 1]]),
    (lambda x: tf.boolean_mask(x, x > 0), [[5]], [[None]]),
    (lambda x: tf.boolean_mask(x, x[:, 0] > 0), [[4, 3]], [[None, 3]]),
    (lambda x: tf.broadcast_to(x, [4, 3]), [[None]], [[4, 3]]),
]


@pytest.mark.parametrize("fn, specs, expected", SHAPES)
def test_traced_shapes_are_tfs(fn, specs, expected):
    assert _traced_shapes(fn, *specs) == expected


# (function, input shapes, TF's graph-time ValueError, but for the two node names above)
ERRORS = [
    (L.inv, [[2, 3]], "Dimensions must be equal, but are 2 and 3 for '{{node MatrixInverse}} = "
                      "MatrixInverse[T=DT_FLOAT, adjoint=false](input)' with input shapes: [2,3]."),
    (L.inv, [[3]], "Shape must be at least rank 2 but is rank 1 for '{{node MatrixInverse}} = "
                   "MatrixInverse[T=DT_FLOAT, adjoint=false](input)' with input shapes: [3]."),
    (L.det, [[2, 3]], "Dimensions must be equal, but are 3 and 2 for '{{node MatrixDeterminant}} = "
                      "MatrixDeterminant[T=DT_FLOAT](input)' with input shapes: [2,3]."),
    (L.cholesky, [[3, 2]], "Dimensions must be equal, but are 3 and 2 for '{{node Cholesky}} = "
                           "Cholesky[T=DT_FLOAT](input)' with input shapes: [3,2]."),
    (L.slogdet, [[]], "Shape must be at least rank 2 but is rank 0 for '{{node "
                      "LogMatrixDeterminant}} = LogMatrixDeterminant[T=DT_FLOAT](input)' with "
                      "input shapes: []."),
    (L.eigh, [[2, 3]], "Dimensions must be equal, but are 2 and 3 for '{{node SelfAdjointEigV2}} = "
                       "SelfAdjointEigV2[T=DT_FLOAT, compute_v=true](tensor)' with input shapes: "
                       "[2,3]."),
    (L.eigvalsh, [[3, 2]], "Dimensions must be equal, but are 3 and 2 for '{{node "
                           "SelfAdjointEigV2}} = SelfAdjointEigV2[T=DT_FLOAT, "
                           "compute_v=false](tensor)' with input shapes: [3,2]."),
    (L.qr, [[3]], "Shape must be at least rank 2 but is rank 1 for '{{node Qr}} = Qr[T=DT_FLOAT, "
                  "full_matrices=false](input)' with input shapes: [3]."),
    (L.svd, [[]], "Shape must be at least rank 2 but is rank 0 for '{{node Svd}} = Svd[T=DT_FLOAT, "
                  "compute_uv=true, full_matrices=false](tensor)' with input shapes: []."),
    (L.solve, [[2, 2], [3, 1]], "Dimensions must be equal, but are 2 and 3 for '{{node "
                                "MatrixSolve}} = MatrixSolve[T=DT_FLOAT, adjoint=false](matrix, "
                                "rhs)' with input shapes: [2,2], [3,1]."),
    (L.solve, [[4, 2, 2], [2, 5]], "Shapes must be equal rank, but are 1 and 0 for '{{node "
                                   "MatrixSolve}} = MatrixSolve[T=DT_FLOAT, adjoint=false](matrix, "
                                   "rhs)' with input shapes: [4,2,2], [2,5]."),
    (L.solve, [[4, 2, 2], [3, 2, 5]], "Dimension 0 in both shapes must be equal, but are 4 and 3. "
                                      "Shapes are [4] and [3]. for '{{node MatrixSolve}} = "
                                      "MatrixSolve[T=DT_FLOAT, adjoint=false](matrix, rhs)' with "
                                      "input shapes: [4,2,2], [3,2,5]."),
    (L.triangular_solve, [[4, 2, 2], [3, 2, 5]],
     "Dimensions must be equal, but are 4 and 3 for '{{node MatrixTriangularSolve}} = "
     "MatrixTriangularSolve[T=DT_FLOAT, adjoint=false, lower=true](matrix, rhs)' with input "
     "shapes: [4,2,2], [3,2,5]."),
    (L.triangular_solve, [[2, 2], [2]],
     "Shape must be at least rank 2 but is rank 1 for '{{node MatrixTriangularSolve}} = "
     "MatrixTriangularSolve[T=DT_FLOAT, adjoint=false, lower=true](matrix, rhs)' with input "
     "shapes: [2,2], [2]."),
    (lambda a, b: tf.stack([a, b]), [[3], [2, 3]],
     "Shapes must be equal rank, but are 1 and 2\n\tFrom merging shape 0 with other shapes. for "
     "'{{node stack_1}} = Pack[N=2, T=DT_FLOAT, axis=0](a, b)' with input shapes: [3], [2,3]."),
    (lambda a, b, c: tf.stack([a, b, c]), [[3], [3], [2]],
     "Dimension 0 in both shapes must be equal, but are 3 and 2. Shapes are [3] and [2].\n\tFrom "
     "merging shape 1 with other shapes. for '{{node stack_1}} = Pack[N=3, T=DT_FLOAT, axis=0](a, "
     "b, c)' with input shapes: [3], [3], [2]."),
]


@pytest.mark.parametrize("fn, specs, message", ERRORS)
def test_graph_time_errors_are_tfs(fn, specs, message):
    with pytest.raises(ValueError) as info:
        _traced_shapes(fn, *specs)
    assert str(info.value).endswith("ValueError: " + message.replace("\n", "\n    ") + "\n"), \
        str(info.value)


# Shapes the trace cannot see: the kernel refuses them when it runs, eagerly and compiled, in
# the words of TF's kernels. (function, arguments, TF's op type, TF's kernel message)
KERNEL_CHECKS = [
    (lambda a, b, c: tf.stack([a, b, c]), (tf.zeros([2]), tf.zeros([2]), tf.zeros([3])), "Pack",
     "Shapes of all inputs must match: values[0].shape = [2] != values[2].shape = [3]"),
    (L.inv, (tf.ones([2, 3]),), "MatrixInverse", "Input matrix must be square."),
    (L.det, (tf.ones([3]),), "MatrixDeterminant", "Input tensor 0 must have rank >= 2, got 1"),
    (L.qr, (tf.ones([3]),), "Qr", "Input tensor 0 must have rank >= 2, got 1"),
    (L.solve, (tf.ones([2, 3]), tf.ones([2, 1])), "MatrixSolve",
     "First input (lhs) must be a square matrix."),
    (L.solve, (tf.ones([2, 2]), tf.ones([3, 1])), "MatrixSolve",
     "Input matrix and rhs are incompatible."),
    (L.solve, (tf.ones([4, 2, 2]), tf.ones([3, 2, 1])), "MatrixSolve",
     "All input tensors must have the same outer dimensions."),
    (L.triangular_solve, (tf.ones([2, 3]), tf.ones([2, 1])), "MatrixTriangularSolve",
     "In[0] matrices in the last dimensions must be square (3 =/= 2)"),
    (L.triangular_solve, (tf.ones([2, 2]), tf.ones([3, 1])), "MatrixTriangularSolve",
     "In[0] mismatch In[1] shape: 2 vs. 3: [2,2] [3,1] 1 0"),
    (L.triangular_solve, (tf.ones([4, 2, 2]), tf.ones([3, 2, 1])), "MatrixTriangularSolve",
     "In[0] and In[1] must have compatible batch dimensions: [4,2,2] vs. [3,2,1]"),
]


@pytest.mark.parametrize("fn, args, op_type, message", KERNEL_CHECKS)
def test_kernel_checks_eagerly_and_compiled(fn, args, op_type, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn(*args)
    wrapped = "Pack_N_3" if op_type == "Pack" else None  # (its arity is part of TF's name)
    name_suffix = " name: stack" if op_type == "Pack" else " name: "  # (what TF's functions add)
    assert str(info.value) == eager_text(op_type, message, wrapped) + name_suffix
    signature = [S(None) for _ in args]  # unknown ranks: nothing to refuse at trace time
    compiled = tf.function(fn, input_signature=signature)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        compiled(*args)
    assert re.match(re.escape(message + "\n\t [[{{node "), node_message(str(info.value)))

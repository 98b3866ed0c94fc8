"""tf.matmul runs TF's two ops: MatMul for operands of rank 2 or less (it transposes), and
BatchMatMulV2 when either has batch axes or, while tracing, an unknown rank (it takes
adjoints). Expected values and messages below were printed by TF 2.21."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core.context import observe

C = tf.constant([[1 + 2j, 3 - 1j], [0.5j, 2]], dtype=tf.complex64)


def recorded_ops(fn):
    events = []
    with observe(events.append):
        fn()
    return [e.op.name for e in events]


def test_two_matrices_run_matmul_and_batches_run_batch_matmul():
    m, batch, column = tf.ones([2, 3]), tf.ones([4, 2, 3]), tf.ones([3, 1])
    assert recorded_ops(lambda: tf.matmul(m, m, transpose_b=True)) == ["MatMul"]
    assert recorded_ops(lambda: tf.matmul(batch, m, transpose_b=True)) == ["BatchMatMulV2"]
    assert recorded_ops(lambda: m @ column) == ["MatMul"]


def test_the_tape_records_matmul_with_tfs_attrs():
    a, b = tf.Variable([[1.0, 2.0], [3.0, 4.0]]), tf.constant([[1.0], [2.0]])
    with tf.GradientTape() as tape:
        y = tf.matmul(a, b, transpose_a=True)
    (entry,) = [e for e in tape._tape.entries if e.op.name != "ReadVariableOp"]
    assert entry.op.name == "MatMul" and entry.attrs == {"transpose_a": True,
                                                         "transpose_b": False}
    np.testing.assert_array_equal(tape.gradient(y, a).numpy(), [[1.0, 1.0], [2.0, 2.0]])


def test_an_adjoint_conjugates_complex_matrices_as_tf_does():
    np.testing.assert_allclose(tf.matmul(C, C, adjoint_a=True).numpy(),
                               [[5.25, 1 - 8j], [1 + 8j, 14]])
    np.testing.assert_allclose(tf.matmul(C, C, transpose_a=True).numpy(),
                               [[-3.25 + 4j, 5 + 6j], [5 + 6j, 12 - 6j]])
    batch = tf.matmul(tf.stack([C, C]), C, adjoint_b=True).numpy()
    np.testing.assert_allclose(batch, [[[15, 7 - 2.5j], [7 + 2.5j, 4.25]]] * 2)
    # transpose_a of complex batches: TF conjugates, then takes the adjoint (no conjugate left)
    np.testing.assert_allclose(tf.matmul(tf.stack([C]), C, transpose_a=True).numpy()[0],
                               [[-3.25 + 4j, 5 + 6j], [5 + 6j, 12 - 6j]])


@pytest.mark.parametrize("flags, batch, grad_c, grad_d", [
    ({"adjoint_a": True}, False, [[12 + 27j, 48 - 12j], [6 + 15j, 30 - 6j]],
     [[74 - 35j, 19 + 39j], [41.5 - 4j, 3.5 + 22.5j]]),
    ({"adjoint_b": True}, True, [[12 + 12j, 12], [-12j, 18]],
     [[10 - 17j, -24 - 12j], [-7 + 36j, 60 + 24j]]),
    ({"transpose_a": True, "adjoint_b": True}, True, [[30 + 48j, 72 - 48j], [-24 + 18j, 36 + 36j]],
     [[130 - 32j, 66 + 9j], [98 + 18j, 45 + 27j]]),
])
def test_complex_gradients_through_the_flags_are_tfs(flags, batch, grad_c, grad_d):
    d = tf.constant([[2 - 1j, 1j], [1, 1 + 1j]], dtype=tf.complex64)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([C, d])
        y = tf.matmul(tf.stack([C, C]) if batch else C, d, **flags)
        loss = tf.reduce_sum(tf.math.real(y * tf.math.conj(y)))
    np.testing.assert_allclose(tape.gradient(loss, C).numpy(), grad_c, rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(loss, d).numpy(), grad_d, rtol=1e-6)


def test_traced_nodes_are_tfs_ops_with_their_attrs():
    @tf.function
    def f(x, y, z):
        return tf.matmul(x, y, transpose_a=True), tf.matmul(z, y, adjoint_b=True)

    graph = f.get_concrete_function(tf.TensorSpec([2, 3]), tf.TensorSpec([2, 4]),
                                    tf.TensorSpec([5, 3, 4])).graph
    products = [op for op in graph.get_operations() if "MatMul" in op.type]
    assert [op.type for op in products] == ["MatMul", "BatchMatMulV2"]
    assert (products[0].get_attr("transpose_a"), products[0].get_attr("transpose_b")) == \
        (True, False)
    assert (products[1].get_attr("adj_x"), products[1].get_attr("adj_y")) == (False, True)


@pytest.mark.parametrize("a, b, message", [
    ([2, 3], [4, 5], "Dimensions must be equal, but are 3 and 4 for '{{node MatMul}} = "
                     "MatMul[T=DT_FLOAT, grad_a=false, grad_b=false, transpose_a=false, "
                     "transpose_b=false](x, y)' with input shapes: [2,3], [4,5]."),
    ([3], [2, 3], "Shape must be rank 2 but is rank 1 for '{{node MatMul}} = MatMul[T=DT_FLOAT, "
                  "grad_a=false, grad_b=false, transpose_a=false, transpose_b=false](x, y)' with "
                  "input shapes: [3], [2,3]."),
    ([2, 2, 3], [4, 5], "Dimensions must be equal, but are 3 and 4 for '{{node MatMul}} = "
                        "BatchMatMulV2[T=DT_FLOAT, adj_x=false, adj_y=false, grad_x=false, "
                        "grad_y=false](x, y)' with input shapes: [2,2,3], [4,5]."),
])
def test_graph_time_shape_errors_name_tfs_node(a, b, message):
    # TF 2.21's words, node text and inputs included
    traced = tf.function(lambda x, y: tf.matmul(x, y))
    with pytest.raises(ValueError) as raised:
        traced.get_concrete_function(tf.TensorSpec(a), tf.TensorSpec(b))
    assert message in str(raised.value)


def test_compiled_products_equal_eager_ones_for_every_flag():
    rng = np.random.default_rng(0)
    a, b = tf.constant(rng.normal(size=(3, 4))), tf.constant(rng.normal(size=(5, 4)))
    batch = tf.constant(rng.normal(size=(2, 5, 4)))
    for flags in ({"transpose_b": True}, {"adjoint_b": True}):
        eager = tf.matmul(a, b, **flags)
        compiled = tf.function(lambda x, y, f=flags: tf.matmul(x, y, **f))(a, b)
        np.testing.assert_array_equal(eager.numpy(), compiled.numpy())
    compiled = tf.function(lambda x, y: tf.matmul(x, y, transpose_a=True))(batch, b)
    np.testing.assert_allclose(compiled.numpy(),
                               np.swapaxes(batch.numpy(), 1, 2) @ b.numpy(), rtol=1e-12)

"""Variable.sparse_read and Variable.gather_nd, as TF's (values checked against TF 2.21)."""

import eagerbook as tf


def test_sparse_read_gathers_rows_and_its_gradient_is_indexed_slices():
    v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]])
    with tf.GradientTape() as tape:
        rows = v.sparse_read([0, 2])
        loss = tf.reduce_sum(rows * 2.)
    assert rows.numpy().tolist() == [[1., 2.], [5., 6.]]
    grad = tape.gradient(loss, v)
    assert isinstance(grad, tf.IndexedSlices)
    assert grad.indices.numpy().tolist() == [0, 2]
    assert tf.convert_to_tensor(grad).numpy().tolist() == [[2., 2.], [0., 0.], [2., 2.]]


def test_gather_nd():
    v = tf.Variable([[1., 2.], [3., 4.], [5., 6.]])
    assert v.gather_nd([[0, 1], [2, 0]]).numpy().tolist() == [2., 5.]

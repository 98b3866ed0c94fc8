"""Top-level names TF 2 has that name existing things: tf.Operation (a graph's ops),
tf.resource / tf.variant (the handle and variant dtypes), tf.matrix_square_root."""

import numpy as np

import eagerbook as tf


def test_graph_operations_are_tf_operations_and_the_handle_dtypes_print_as_tfs():
    @tf.function
    def double(x):
        return x * 2

    graph = double.get_concrete_function(tf.constant(1.0)).graph
    assert all(isinstance(op, tf.Operation) for op in graph.get_operations())
    assert (repr(tf.resource), str(tf.variant)) == ("tf.resource", "<dtype: 'variant'>")


def test_matrix_square_root_is_sqrtm():
    root = tf.matrix_square_root([[4.0, 0.0], [0.0, 9.0]])
    np.testing.assert_array_equal(root.numpy(), [[2.0, 0.0], [0.0, 3.0]])

"""Shapes computed while tf.function traces: a shape argument holding traced values becomes
the op's shape input (read when the graph runs), tracing keeps what it knows of it, and
elementwise ops broadcast against unknown dims with TF's rule."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops.array_ops import _known_shape_value


def _graph_ops(f, *specs):
    return [(op.type, len(op.inputs)) for op in
            f.get_concrete_function(*specs).graph.get_operations()]


def test_a_traced_shape_list_is_packed_into_the_reshape_op_input():
    f = tf.function(lambda x: tf.reshape(x, [tf.shape(x)[0], -1]))
    ops = _graph_ops(f, tf.TensorSpec([None, 3, 2]))
    assert ("Pack", 2) in ops and ("Reshape", 2) in ops
    out = f(tf.reshape(tf.range(12.0), [2, 3, 2]))
    np.testing.assert_array_equal(out.numpy(), np.arange(12.0).reshape(2, 6))
    # Known shapes keep the attr form (one input), as before.
    g = tf.function(lambda x: tf.reshape(x, [2, -1]))
    assert ("Reshape", 1) in _graph_ops(g, tf.TensorSpec([2, 3]))


def test_tracing_knows_the_static_parts_of_a_traced_shape():
    seen = {}

    @tf.function
    def f(x):
        s = tf.shape(x)
        seen["pack"] = _known_shape_value(tf.stack([s[0], s[1] * 2, 5]))
        seen["slice"] = _known_shape_value(s[1:])
        seen["shape"] = _known_shape_value(s)
        return tf.reshape(x, [s[0] * s[1], s[2]])

    out = f.get_concrete_function(tf.TensorSpec([None, 3, 2])).structured_outputs
    # s[1] * 2 is known too: TF's shape inference folds arithmetic of known sizes (a reshape
    # to tf.stack([s[0], s[1] * 2, 1]) of a (None, 3, 2) input is (None, 6, 1) in TF).
    assert seen == {"pack": [None, 6, 5], "slice": [3, 2], "shape": [None, 3, 2]}
    assert out.shape.as_list() == [None, 2]
    h = tf.function(lambda x: tf.reshape(x, [tf.shape(x)[0], -1]))
    assert h.get_concrete_function(tf.TensorSpec([4, 3])).structured_outputs.shape == [4, 3]


def test_creation_ops_take_traced_dims():
    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def g(x):
        n = tf.shape(x)[0]
        return (tf.zeros([n, 2]), tf.fill([n], 7), tf.tile(x, [n, 1]),
                tf.broadcast_to(x[0], [n, 3]))

    shapes = [t.shape.as_list() for t in g.get_concrete_function().structured_outputs]
    assert shapes == [[None, 2], [None], [None, 3], [None, 3]]
    zeros, sevens, tiled, wide = g(tf.ones([3, 3]))
    assert zeros.shape == [3, 2] and sevens.numpy().tolist() == [7, 7, 7]
    assert tiled.shape == [9, 3] and wide.shape == [3, 3]


def test_gradients_flow_through_traced_reshape_and_tile():
    @tf.function(input_signature=[tf.TensorSpec([None, None])])
    def h(y):
        with tf.GradientTape() as tape:
            tape.watch(y)
            n = tf.shape(y)[0]
            loss = (tf.reduce_sum(tf.reshape(y, [n * 3]) * tf.range(6.0))
                    + tf.reduce_sum(tf.tile(y, [n, 1]) ** 2))
        return tape.gradient(loss, y)

    # d/dy of sum(range * y) + sum over n=2 copies of y^2 = range + 2 * 2 * y
    expected = np.arange(6.0).reshape(2, 3) + 4.0
    np.testing.assert_allclose(h(tf.ones([2, 3])).numpy(), expected)


def test_a_traced_shape_must_be_integer_and_fit_at_run_time():
    with pytest.raises(TypeError, match="DataType float32 not in list of allowed values"):
        tf.function(lambda x: tf.reshape(x, tf.cast(tf.shape(x), tf.float32)))(tf.ones([2]))
    f = tf.function(lambda x: tf.reshape(x, [tf.shape(x)[0], 5]),
                    input_signature=[tf.TensorSpec([None, 3])])
    with pytest.raises(tf.errors.InvalidArgumentError, match="requested shape has 10"):
        f(tf.ones([2, 3]))


@pytest.mark.parametrize(("fn", "spec", "shape", "dtype"), [
    (lambda x: x + tf.ones([3]), [None], [3], tf.float32),
    (lambda x: x * tf.ones([3, 1]), [None, None], [3, None], tf.float32),
    (lambda x: x > tf.ones([3, 1]), [None, 1], [3, 1], tf.bool),
    (lambda x: x - tf.ones([1]), [None], [None], tf.float32),
    (lambda x: tf.where(x > 0, x, tf.ones([3, 1])), [None, None], [3, None], tf.float32),
    (lambda x: x / 2.0, None, None, tf.float32),
])
def test_unknown_dims_broadcast_with_tfs_rule(fn, spec, shape, dtype):
    out = tf.function(fn, input_signature=[tf.TensorSpec(spec)]).get_concrete_function()
    out = out.structured_outputs
    assert out.dtype == dtype
    assert (out.shape.rank is None if shape is None else out.shape.as_list() == shape)


def test_known_clashing_dims_still_fail_while_tracing():
    with pytest.raises(ValueError):
        tf.function(lambda x: x + tf.ones([3]),
                    input_signature=[tf.TensorSpec([None, 2])]).get_concrete_function()


def test_a_range_of_python_floats_keeps_its_length_when_traced():
    f = tf.function(lambda: (tf.range(6.0), tf.range(1, 10.0, 2)))
    a, b = f.get_concrete_function().structured_outputs
    assert a.shape == [6] and b.shape == [5] and b.dtype == tf.float32
    np.testing.assert_array_equal(f()[1].numpy(), [1, 3, 5, 7, 9])

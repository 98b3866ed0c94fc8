"""tf.function gaps closed against TF: a Variable's slice assigned inside a trace."""

import numpy as np
import pytest

import eagerbook as tf


def test_a_variable_slice_is_assigned_inside_a_function():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])

    @tf.function
    def f():
        v[0, 1].assign(9.0)
        v[:, 0].assign(tf.constant([7.0, 8.0]))
        return v.read_value()

    np.testing.assert_array_equal(f().numpy(), [[7.0, 9.0], [8.0, 4.0]])
    np.testing.assert_array_equal(v.numpy(), [[7.0, 9.0], [8.0, 4.0]])
    types = [op.type for op in f.get_concrete_function().graph.get_operations()]
    assert types.count("TensorStridedSliceUpdate") == 2 and "AssignVariableOp" in types


def test_a_slice_at_a_tensor_index_and_reads_in_program_order():
    w = tf.Variable([1.0, 2.0, 3.0])

    @tf.function
    def g(i):
        w[i].assign(0.0)
        w[i + 1:].assign([5.0])
        return w[0] + w[i + 1]  # reads after the writes see them

    assert float(g(tf.constant(1))) == 6.0
    np.testing.assert_array_equal(w.numpy(), [1.0, 0.0, 5.0])
    w.assign([1.0, 2.0, 3.0])
    assert float(g(tf.constant(0))) == 0.0 + 5.0  # ([5.0] broadcasts over w[1:], as in TF)
    np.testing.assert_array_equal(w.numpy(), [0.0, 5.0, 5.0])


def test_only_a_variable_slice_has_assign_in_a_graph():
    v = tf.Variable([1.0, 2.0])

    @tf.function
    def f(x):
        assert not hasattr(x[0], "assign")
        with pytest.raises(AttributeError, match="no attribute 'assign'"):
            x[0].assign(1.0)
        with pytest.raises(AttributeError, match="no attribute 'assign_add'"):
            v[0].assign_add(1.0)  # (TF's graph slices have assign only)
        return x

    f(tf.constant([1.0, 2.0]))

"""tf.Variable: creation, assignment (whole and sliced), printing, lifetime, use as a tensor."""

import gc
import weakref

import numpy as np
import pytest

import eagerbook as tf


def test_repr_matches_tf():
    assert repr(tf.Variable(2.0)) == \
        "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>"
    assert repr(tf.Variable([1, 2], name="weight")) == \
        "<tf.Variable 'weight:0' shape=(2,) dtype=int32, numpy=array([1, 2], dtype=int32)>"


def test_properties():
    v = tf.Variable([[1.0, 2.0]], name="w", trainable=False)
    assert v.name == "w:0" and v.dtype == tf.float32 and v.shape == (1, 2)
    assert v.trainable is False and v.device.endswith("CPU:0")
    assert tf.Variable(1.0).trainable is True
    assert tf.Variable(1, dtype=tf.float64).dtype == tf.float64
    assert tf.Variable(lambda: tf.constant(3.0)).numpy() == 3.0


def test_name_scope_prefixes_names():
    with tf.name_scope("dense"):
        assert tf.Variable(1.0, name="kernel").name == "dense/kernel:0"


def test_assign_family_returns_and_updates():
    v = tf.Variable(1.0)
    unread = v.assign(5.0)  # TF: an UnreadVariable sharing v's state
    assert type(unread).__name__ == "UnreadVariable" and isinstance(unread, tf.Variable)
    assert repr(unread) == "<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=5.0>"
    v.assign(6.0)
    assert float(unread) == 6.0 and unread.assign_add(1.0).numpy() == 7.0 == v.numpy()
    v.assign(5.0)
    v.assign_add(2.0)
    v.assign_sub(0.5)
    assert v.numpy() == 6.5
    assert v.read_value().numpy() == 6.5 and isinstance(v.read_value(), tf.Tensor)
    assert v.assign(1.0, read_value=False) is None


def test_tensors_read_before_an_assignment_keep_their_value():
    v = tf.Variable([1.0, 2.0])
    before = v.read_value()
    doubled = v * 2.0
    v.assign([10.0, 20.0])
    np.testing.assert_array_equal(before.numpy(), [1.0, 2.0])
    np.testing.assert_array_equal(doubled.numpy(), [2.0, 4.0])


def test_assign_checks_dtype_and_shape_and_leaves_the_variable_intact():
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(ValueError, match="Shape mismatch"):
        v.assign([1.0, 2.0, 3.0])
    with pytest.raises(TypeError):
        tf.Variable([1, 2]).assign([1.5, 2.5])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


def test_sliced_assignment():
    v = tf.Variable([1, 2, 3, 4])
    v[1].assign(5)
    np.testing.assert_array_equal(v.numpy(), [1, 5, 3, 4])
    v[1:3].assign([7, 8])
    np.testing.assert_array_equal(v.numpy(), [1, 7, 8, 4])
    m = tf.Variable(np.zeros((2, 3), np.float32))
    written = m[:, 1].assign([1.0, 2.0])
    np.testing.assert_array_equal(m.numpy(), [[0, 1, 0], [0, 2, 0]])
    # As in TF: the result is the Variable unread (printed 'UnreadVariable'), slices have
    # `assign` only, and a value that does not fit is the kernel's InvalidArgumentError.
    assert "<tf.Variable 'UnreadVariable' shape=(2, 3)" in repr(written)
    m.assign_add(tf.ones([2, 3]))
    np.testing.assert_array_equal(written.numpy(), [[1, 2, 1], [1, 3, 1]])
    with pytest.raises(AttributeError, match="assign_add"):
        m[0].assign_add([1.0, 1.0, 1.0])
    with pytest.raises(TypeError, match="read_value"):
        m[0].assign([1.0, 1.0, 1.0], read_value=False)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Cannot broadcast input shape \[3\] into final shape \[2\] "
                             r"\[Op:ResourceStridedSliceAssign\]"):
        v[0:2].assign([1, 2, 3])
    np.testing.assert_array_equal(v.numpy(), [1, 7, 8, 4])
    with pytest.raises(RuntimeError, match="This property is not supported when eager"):
        v.initial_value  # noqa: B018 (reading the property is the test)


def test_variables_work_wherever_tensors_do():
    v = tf.Variable([[1.0, 2.0]])
    np.testing.assert_array_equal((v + 1.0).numpy(), [[2.0, 3.0]])
    np.testing.assert_array_equal(tf.matmul(v, tf.transpose(v)).numpy(), [[5.0]])
    np.testing.assert_array_equal(np.asarray(v), [[1.0, 2.0]])
    assert float(tf.Variable(2.5)) == 2.5 and int(tf.Variable(3)) == 3
    assert bool(tf.Variable(True))  # (no len(): TF's Variables have none)
    assert f"{tf.Variable(1.5).numpy():.1f}" == "1.5"  # (a format spec on the Variable
    # itself is TF's TypeError: test_core_variable_protocols.py)
    assert tf.is_tensor(v)


def test_variables_are_unhashable_but_have_refs():
    v = tf.Variable(1.0)
    with pytest.raises(TypeError, match=r"ref\(\)"):
        hash(v)
    assert {v.ref(): 1}[v.ref()] == 1


def test_a_variable_is_freed_with_its_last_reference():
    v = tf.Variable(np.zeros(1000, np.float32))
    y = v * 2.0  # using it must not keep it alive
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v * v)
    tape.gradient(loss, v)
    ref = weakref.ref(v)
    del v, y, loss, tape
    assert ref() is None  # plain reference counting: no cycle keeps it
    gc.collect()
    assert ref() is None


def test_variable_needs_an_initial_value():
    with pytest.raises(ValueError):
        tf.Variable(None)


def test_scatter_nd_methods_change_the_variable_in_place_as_tfs():
    v = tf.Variable([1, 2, 3, 4, 5, 6, 7, 8])
    v.scatter_nd_add([[4], [3], [1], [7]], [9, 10, 11, 12])
    assert v.numpy().tolist() == [1, 13, 3, 14, 14, 6, 7, 20]
    v.scatter_nd_sub([[1]], [13])
    v.scatter_nd_update([[0]], [-1])
    v.scatter_nd_max([[2]], [30])
    v.scatter_nd_min([[7]], [0])
    assert v.numpy().tolist() == [-1, 0, 30, 14, 14, 6, 7, 0]
    with pytest.raises(TypeError, match="Cannot convert \\[9.0\\] to EagerTensor of dtype int32"):
        v.scatter_nd_update([[4]], [9.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="indices\\[0\\] = \\[9\\] does not"):
        v.scatter_nd_update([[9]], [9])
    assert v.numpy().tolist() == [-1, 0, 30, 14, 14, 6, 7, 0]  # bad input changed nothing

"""Variable.scatter_* with IndexedSlices, Python protocols of Variables, and TF's words for
indices outside a tensor (each case compared with TF 2.21 by hand)."""

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import eager_text


def slices(values, indices):
    return tf.IndexedSlices(tf.constant(values), tf.constant(indices))


@pytest.mark.parametrize("method, values, indices, expected", [
    ("scatter_add", [1.0], [0], [2.0, 2.0, 3.0]),
    ("scatter_add", [1.0, 1.0], [1, 1], [1.0, 4.0, 3.0]),  # repeats accumulate
    ("scatter_sub", [1.0, 1.0], [0, 0], [-1.0, 2.0, 3.0]),
    ("scatter_mul", [2.0, 3.0], [2, 2], [1.0, 2.0, 18.0]),
    ("scatter_div", [2.0], [1], [1.0, 1.0, 3.0]),
    ("scatter_max", [9.0, -9.0], [2, 0], [1.0, 2.0, 9.0]),
    ("scatter_min", [-2.0], [1], [1.0, -2.0, 3.0]),
    ("scatter_update", [7.0, 8.0], [0, 2], [7.0, 2.0, 8.0]),
    ("batch_scatter_update", [5.0], [1], [1.0, 5.0, 3.0]),
])
def test_scatter_family_changes_the_rows_in_place(method, values, indices, expected):
    v = tf.Variable([1.0, 2.0, 3.0])
    result = getattr(v, method)(slices(values, indices))
    np.testing.assert_array_equal(v.numpy(), np.float32(expected))
    assert repr(result).startswith("<tf.Variable 'UnreadVariable' shape=(3,)")


def test_scatter_of_matrix_rows_and_int_variables():
    v = tf.Variable([[1, 2], [3, 4], [5, 6]])
    v.scatter_add(tf.IndexedSlices(tf.constant([[10, 10]]), tf.constant([1])))
    np.testing.assert_array_equal(v.numpy(), [[1, 2], [13, 14], [5, 6]])


def test_scatter_errors_are_tfs():
    v = tf.Variable([1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="must be a `tf.IndexedSlices`. Received arg: "):
        v.scatter_add([1.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"indices\[1\] = 7 is not in \[0, 3\) \[Op:ResourceScatterAdd\]"):
        v.scatter_add(slices([1.0, 1.0], [0, 7]))
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0, 3.0])  # nothing half-applied


def test_scatter_inside_tf_function():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])

    @tf.function
    def step(rows):
        v.scatter_add(tf.IndexedSlices(tf.ones([2, 2]), rows))
        v.scatter_mul(tf.IndexedSlices(tf.constant([[2.0, 2.0]]), rows[:1]))

    step(tf.constant([0, 2]))
    np.testing.assert_array_equal(v.numpy(), [[4.0, 6.0], [3.0, 4.0], [6.0, 7.0]])
    ops = [op.type for op in step.get_concrete_function(tf.constant([0, 2])).graph
           .get_operations()]
    assert "ResourceScatterAdd" in ops and "ResourceScatterMul" in ops


def test_variable_protocols_as_tf():
    v = tf.Variable([1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="object of type 'ResourceVariable' has no len()"):
        len(v)
    assert [float(x) for x in v] == [1.0, 2.0, 3.0]
    with pytest.raises(TypeError, match="Cannot iterate over a scalar tensor."):
        iter(tf.Variable(1.0))  # at iter(), before any next()
    with pytest.raises(TypeError, match="Cannot iterate over a scalar tensor."):
        iter(tf.constant(1.0))
    with pytest.raises(TypeError, match=r"use variable.ref\(\) as the key. \(Variable: "
                                        r"<tf.Variable 'Variable:0' shape=\(3,\)"):
        hash(v)


def test_a_list_index_is_a_tuple_of_indices():
    t = tf.reshape(tf.range(24), [2, 3, 4])
    np.testing.assert_array_equal(t[[0, 1]].numpy(), [4, 5, 6, 7])
    np.testing.assert_array_equal(t[[1, slice(None), 2]].numpy(), [14, 18, 22])


@pytest.mark.parametrize("index, message", [
    ((5,), "slice index 5 of dimension 0 out of bounds."),
    ((slice(None), 7), "slice index 7 of dimension 1 out of bounds."),
    ((0, -4), "slice index -1 of dimension 1 out of bounds."),
    ((Ellipsis, 4), "slice index 4 of dimension 2 out of bounds."),
    ((0, 0, 0, 0), "Index out of range using input dim 3; input has only 3 dims"),
])
def test_out_of_range_indices_get_tfs_words(index, message):
    t = tf.reshape(tf.range(24), [2, 3, 4])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        t[index]
    assert str(info.value) == eager_text("StridedSlice", message) + " name: strided_slice/"

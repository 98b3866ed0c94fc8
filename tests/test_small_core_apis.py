"""Small core APIs TF's docstrings use: tf.ragged.stack, RaggedTensor.nested_value_rowids,
SparseTensor.set_shape, tf.math.scalar_mul."""

import numpy as np
import pytest

import eagerbook as tf


def test_ragged_stack_makes_a_new_ragged_axis():
    t1 = tf.ragged.constant([[1, 2], [3, 4, 5]])
    t2 = tf.ragged.constant([[6], [7, 8, 9]])
    assert tf.ragged.stack([t1, t2], axis=0).to_list() == [[[1, 2], [3, 4, 5]],
                                                          [[6], [7, 8, 9]]]
    assert tf.ragged.stack([t1, t2], axis=1).to_list() == [[[1, 2], [6]],
                                                          [[3, 4, 5], [7, 8, 9]]]
    dense = tf.ragged.stack([tf.constant([[1, 2, 3], [4, 5, 6]]), tf.constant([[5], [6], [7]])])
    assert isinstance(dense, tf.RaggedTensor) and dense.shape.as_list() == [2, None, None]
    assert dense.to_list() == [[[1, 2, 3], [4, 5, 6]], [[5], [6], [7]]]
    # Dense inputs stacked below the outer axis: tf.stack's dense result.
    same = tf.ragged.stack([tf.constant([[1, 2]]), tf.constant([[3, 4]])], axis=1)
    assert isinstance(same, tf.Tensor) and same.shape == [1, 2, 2]
    with pytest.raises(tf.errors.InvalidArgumentError, match="identical ragged splits"):
        tf.ragged.stack([t1, t2], axis=2)


def test_nested_value_rowids_lists_every_ragged_level():
    rt = tf.ragged.constant([[[[3, 1, 4, 1], [], [5, 9, 2]], [], [[6], []]]])
    ids = [t.numpy().tolist() for t in rt.nested_value_rowids()]
    assert ids == [[0, 0, 0], [0, 0, 0, 2, 2], [0, 0, 0, 0, 2, 2, 2, 3]]


def test_sparse_set_shape_checks_compatibility():
    st = tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
    st.set_shape([3, None])
    assert st.shape == [3, 4]
    with pytest.raises(ValueError, match=r"Shapes \(3, 4\) and \(1, 4\) are not compatible"):
        st.set_shape([1, 4])


def test_scalar_mul_converts_the_scalar_to_x_dtype():
    np.testing.assert_array_equal(tf.math.scalar_mul(2, tf.constant([1.5, 2.0])).numpy(),
                                  [3.0, 4.0])
    assert tf.scalar_mul is tf.math.scalar_mul
    with pytest.raises(ValueError, match=r"must be a 0-D value. Received shape \(2,\)"):
        tf.scalar_mul(tf.constant([1.0, 2.0]), tf.constant([1.5, 2.0]))
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.scalar_mul(10.0, tf.gather(x, [1]))
    np.testing.assert_array_equal(tf.convert_to_tensor(tape.gradient(y, x)).numpy(), [0, 10])


def test_sparse_segment_reductions_pick_rows_then_reduce():
    c = tf.constant([[1, 2, 3, 4], [-1, -2, -3, -4], [5, 6, 7, 8]])
    assert tf.sparse.segment_sum(c, tf.constant([0, 1]), tf.constant([0, 0])).numpy().tolist() \
        == [[0, 0, 0, 0]]
    assert tf.sparse.segment_sum(c, [0, 1, 2], [0, 0, 1]).numpy().tolist() == \
        [[0, 0, 0, 0], [5, 6, 7, 8]]
    assert tf.sparse.segment_sum(c, [0, 1], [0, 2], num_segments=4).numpy().tolist() == \
        [[1, 2, 3, 4], [0, 0, 0, 0], [-1, -2, -3, -4], [0, 0, 0, 0]]
    x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    assert tf.sparse.segment_mean(x, [0, 2], [0, 1]).numpy().tolist() == [[1, 2], [5, 6]]
    out = tf.sparse.segment_sqrt_n(x, [0, 1, 2], [0, 0, 2])
    assert out.shape == (3, 2)
    np.testing.assert_allclose(out.numpy(), [[4 / 2**0.5, 6 / 2**0.5], [0, 0], [5, 6]],
                               rtol=1e-6)


def test_device_spec_repr_merge_and_parse_as_tf2():
    spec = tf.DeviceSpec.from_string("/job:a/device:CPU:0")
    gpu = tf.DeviceSpec(device_type="GPU", device_index=1)
    merged = spec.make_merged_spec(gpu)
    assert repr(merged) == ("<DeviceSpec(job=a, replica=None, task=None, device_type=GPU, "
                            "device_index=1)>")
    assert merged.to_string() == "/job:a/device:GPU:1"
    parsed = spec.parse_from_string("/GPU:0")  # a new spec; TF 2's are immutable
    assert repr(parsed) == ("<DeviceSpec(job=None, replica=None, task=None, device_type=GPU, "
                            "device_index=0)>")
    assert spec.to_string() == "/job:a/device:CPU:0"

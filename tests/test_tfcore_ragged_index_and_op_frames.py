"""Ragged indexing, dynamic_stitch and the eager error frames of ops with list attrs, as TF 2.21
prints them (each expectation is TF's output for the same call)."""

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import DEVICE

X = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
Y = tf.ragged.constant([[[1, 2], [3]], [[4]]])


@pytest.mark.parametrize("index", [
    lambda x, y: x[:, 0],
    lambda x, y: x[1:, 5],
    lambda x, y: x[..., 0],
    lambda x, y: y[:, :, 0],
    lambda x, y: y[:, 0],
])
def test_an_index_into_a_ragged_dimension_is_tfs_error(index):
    with pytest.raises(ValueError) as info:
        index(X, Y)
    assert str(info.value) == "Cannot index into an inner ragged dimension."


def test_ragged_rows_by_step_new_axis_and_out_of_range():
    assert X[::2].to_list() == [[1, 2], [4, 5, 6]]
    assert X[::-1].to_list() == [[4, 5, 6], [3], [1, 2]]
    assert str(X[:, tf.newaxis]) == "<tf.RaggedTensor [[[1, 2]],\n [[3]],\n [[4, 5, 6]]]>"
    assert X[0, 1].numpy() == 2
    with pytest.raises(IndexError, match=r"^Row key 5 out of bounds$"):
        X[5]


def test_dynamic_stitch_checks_and_fills_as_tf():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.dynamic_stitch([[0], [1, 2]], [[1.0], [2.0]])
    assert str(info.value) == (
        f"{{{{function_node __wrapped__DynamicStitch_N_2_device_{DEVICE}}}}} data[1].shape = "
        f"[1] does not start with indices[1].shape = [2] [Op:DynamicStitch]")
    with pytest.raises(ValueError, match=r"^List argument 'data' to 'dynamic_stitch' Op with "
                                         r"length 1 must match length 2 of argument "
                                         r"'indices'\.$"):
        tf.dynamic_stitch([[0], [1]], [[1.0]])
    gaps = tf.dynamic_stitch([[0], [5]], [[1.0], [2.0]])  # positions nobody names: zeros
    np.testing.assert_array_equal(gaps.numpy(), [1, 0, 0, 0, 0, 2])
    assert tf.dynamic_stitch([[0], [1]], [[1.0], [2]]).dtype == tf.float32  # first's dtype
    stitched = tf.dynamic_stitch([tf.constant([1, 0]), tf.constant([0])],
                                 [tf.constant([10, 20]), tf.constant([30])])
    np.testing.assert_array_equal(stitched.numpy(), [30, 10])  # a later index wins


def test_frames_of_ops_with_list_attrs_name_their_counts():
    ex = tf.train.Example(features=tf.train.Features(feature={
        "a": tf.train.Feature(float_list=tf.train.FloatList(value=[1.0]))})).SerializeToString()
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.io.parse_example([ex], {"a": tf.io.FixedLenFeature([], tf.int64)})
    assert str(info.value) == (
        f"{{{{function_node __wrapped__ParseExampleV2_Tdense_1_num_sparse_0_ragged_split_types_0"
        f"_ragged_value_types_0_sparse_types_0_device_{DEVICE}}}}} Name: <unknown>, Key: a, "
        f"Index: 0.  Data types don't match. Data type: float but expected type: int64 "
        f"[Op:ParseExampleV2]")
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.io.parse_single_example(b"garbage", {"a": tf.io.FixedLenFeature([], tf.int64),
                                                "b": tf.io.VarLenFeature(tf.int64)})
    assert "__wrapped__ParseExampleV2_Tdense_1_num_sparse_1_ragged_split_types_0_ragged_value" \
           "_types_0_sparse_types_1_device_" in str(info.value)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.io.decode_csv(["1,a"], [[0], [0]])
    assert str(info.value) == (
        f"{{{{function_node __wrapped__DecodeCSV_OUT_TYPE_2_device_{DEVICE}}}}} Field 1 in "
        f"record 0 is not a valid int32: a [Op:DecodeCSV]")


@pytest.mark.parametrize("call, tail", [
    (lambda: tf.Variable([1.0, 2.0])[0].assign([1.0, 2.0]),
     "[Op:ResourceStridedSliceAssign] name: strided_slice/_assign"),
    (lambda: tf.random.experimental.index_shuffle(3, [1, 2, 3], 9),
     "[Op:RandomIndexShuffle] name: "),
    (lambda: tf.split(tf.ones([5]), [2, 2]), "[Op:SplitV] name: split"),
])
def test_more_functions_end_their_errors_with_tfs_name(call, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value).endswith(tail), str(info.value)

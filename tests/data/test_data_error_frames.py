"""tf.data's errors read as TF 2.21's: the kernel's words inside the eager frame of the op.

Making a dataset runs one op (``BatchDatasetV2``...); each element comes from the iterator's
``IteratorGetNext``, whose function is named for the element's number of components. Dataset
ops pass a name (empty), which TF's error text ends with: ``[Op:IteratorGetNext] name: ``.
"""

import pytest

import eagerbook as tf
from tests.eager_error_text import eager_text


def tf_text(op_type, message, wrapped=None):
    return eager_text(op_type, message, wrapped) + " name: "


def next_text(message, components=1):
    return tf_text("IteratorGetNext", message, f"IteratorGetNext_output_types_{components}")


def error_of(call):
    with pytest.raises(tf.errors.OpError) as info:
        call()
    return type(info.value), str(info.value)


@pytest.mark.parametrize("make, op_type, words", [
    (lambda d: d.batch(0), "BatchDatasetV2", "Batch size must be greater than zero."),
    (lambda d: d.batch(-1, drop_remainder=True), "BatchDatasetV2",
     "Batch size must be greater than zero."),
    (lambda d: d.shuffle(0), "ShuffleDatasetV3",
     "buffer_size must be greater than zero or UNKNOWN_CARDINALITY"),
    (lambda d: d.shuffle(tf.data.AUTOTUNE), "ShuffleDatasetV3",
     "buffer_size must be greater than zero or UNKNOWN_CARDINALITY"),
    (lambda d: d.shard(0, 0), "ShardDataset",
     "Number of shards must be greater than zero (currently num_shards = 0)."),
    (lambda d: d.shard(2, 3), "ShardDataset",
     "Index must be between 0 and 1 (currently index = 3)."),
    (lambda d: d.window(0), "WindowDataset", "Window size must be greater than zero."),
    (lambda d: d.window(2, shift=0), "WindowDataset", "Window shift must be greater than zero."),
    (lambda d: d.window(2, stride=0), "WindowDataset",
     "Window stride must be greater than zero."),
    (lambda d: tf.data.Dataset.range(0, 5, 0), "RangeDataset",
     "step must be a non-zero integer."),
])
def test_a_bad_argument_is_refused_by_the_dataset_op(make, op_type, words):
    kind, text = error_of(lambda: make(tf.data.Dataset.range(10)))
    assert kind is tf.errors.InvalidArgumentError
    assert text == tf_text(op_type, words)


def test_ops_whose_attrs_name_their_function():
    d = tf.data.Dataset.range(10)
    assert error_of(lambda: d.padded_batch(0))[1] == tf_text(
        "PaddedBatchDatasetV2", "Batch size must be greater than zero.",
        "PaddedBatchDatasetV2_N_1_Toutput_types_1")
    assert error_of(lambda: d.interleave(tf.data.Dataset.range, cycle_length=2,
                                         block_length=0))[1] == tf_text(
        "InterleaveDataset", "block_length must be greater than zero.",
        "InterleaveDataset_Targuments_0")


def test_a_shuffle_buffer_of_unknown_cardinality_holds_the_whole_dataset():
    shuffled = tf.data.Dataset.range(5).shuffle(tf.data.UNKNOWN_CARDINALITY, seed=1)
    assert sorted(shuffled.as_numpy_iterator()) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("element, components", [
    (lambda x: x, 1), (lambda x: (x, x), 2), (lambda x: {"a": x, "b": (x, x)}, 3)])
def test_iteration_errors_name_the_number_of_components(element, components):
    d = tf.data.Dataset.range(10).map(element).apply(
        tf.data.experimental.assert_cardinality(5))
    kind, text = error_of(lambda: list(d))
    assert kind is tf.errors.FailedPreconditionError
    assert text == next_text("Input dataset was expected to contain 5 elements but contained "
                             "at least 6 elements.", components)


def test_assert_cardinality_counts_in_tfs_words():
    one = tf.data.Dataset.range(3).apply(tf.data.experimental.assert_cardinality(1))
    assert error_of(lambda: list(one))[1] == next_text(
        "Input dataset was expected to contain 1 element but contained at least 2 elements.")
    infinite = tf.data.Dataset.range(3).apply(
        tf.data.experimental.assert_cardinality(tf.data.INFINITE_CARDINALITY))
    assert error_of(lambda: list(infinite))[1] == next_text(
        "Input dataset was expected to contain an infinite number of elements but contained "
        "only 3 elements.")


def test_a_ragged_or_sparse_component_counts_once():
    ragged = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2, 3]]))
    sparse = tf.data.Dataset.from_tensors((1, tf.SparseTensor([[0]], [1], [3])))
    for d, n in ((ragged, 1), (sparse, 2)):
        d = d.apply(tf.data.experimental.assert_cardinality(0))
        assert error_of(lambda d=d: list(d))[1] == next_text(
            "Input dataset was expected to contain 0 elements but contained at least 1 "
            "element.", n)


def test_get_next_past_the_end_and_get_single_element():
    it = iter(tf.data.Dataset.range(0).map(lambda x: (x, {"a": x})))
    kind, text = error_of(it.get_next)
    assert kind is tf.errors.OutOfRangeError
    assert text == next_text("End of sequence", 2)
    single = "DatasetToSingleElement"
    assert error_of(tf.data.Dataset.range(2).get_single_element)[1] == tf_text(
        single, "Dataset had more than one element.", f"{single}_output_types_1")
    assert error_of(tf.data.Dataset.range(0).map(lambda x: (x, x)).get_single_element)[1] == \
        tf_text(single, "Dataset was empty.", f"{single}_output_types_2")
    short = tf.data.Dataset.range(10).apply(tf.data.experimental.assert_cardinality(15))
    assert error_of(short.skip(10).get_single_element)[1] == tf_text(
        single, "Input dataset was expected to contain 15 elements but contained only 10 "
                "elements.", f"{single}_output_types_1")


def test_reduce_errors_name_the_reduce_op():
    d = tf.data.Dataset.range(3).apply(tf.data.experimental.assert_cardinality(0))
    kind, text = error_of(lambda: d.reduce(tf.constant(0, tf.int64), lambda s, x: s + x))
    assert kind is tf.errors.FailedPreconditionError
    assert text == tf_text(
        "ReduceDataset", "Input dataset was expected to contain 0 elements but contained at "
                         "least 1 element.", "ReduceDataset_Targuments_0_Tstate_1_output_types_1")


def test_batching_tensors_of_different_shapes():
    two = tf.data.Dataset.from_tensors([1]).concatenate(tf.data.Dataset.from_tensors([1, 2]))
    assert error_of(lambda: list(two.batch(2)))[1] == next_text(
        "Cannot batch tensors with different shapes in component 0. First element had shape "
        "[1] and element 1 had shape [2].")
    # after a map, TF's fused MapAndBatch step checks the sizes with words of its own
    mapped = tf.data.Dataset.range(3).map(lambda x: tf.fill([x], x)).batch(2)
    assert error_of(lambda: list(mapped))[1] == next_text(
        "Cannot add tensor to the batch: number of elements does not match. Shapes are: "
        "[tensor]: [1], [batch]: [0]")


def test_padding_to_a_smaller_size_is_a_data_loss_error():
    d = tf.data.Dataset.range(4).map(lambda x: tf.fill([x], x)).padded_batch(
        2, padded_shapes=[1])
    kind, text = error_of(lambda: list(d))
    assert kind is tf.errors.DataLossError
    assert text == next_text("Attempted to pad to a smaller size than the input element.")


def test_reader_errors_and_function_errors():
    lines = tf.data.TextLineDataset(["/nonexistent/eagerbook.txt"])
    kind, text = error_of(lambda: list(lines))
    assert kind is tf.errors.NotFoundError
    assert text == next_text("/nonexistent/eagerbook.txt; No such file or directory")
    # a failing node of a dataset function keeps its graph error (with the node), unframed
    gathered = tf.data.Dataset.from_tensor_slices([1, 2]).map(lambda i: tf.gather([1, 2], i))
    text = error_of(lambda: list(gathered))[1]
    assert "indices = 2 is not in [0, 2)\n\t [[{{node GatherV2}}]]" in text
    assert "__wrapped__" not in text

"""Which check comes first, and the words and shape texts of TF 2.21's kernels and wrappers
(``[2,1,3]``, no spaces): tf.norm's argument checks before its ops, the kernels' rank checks
before the others, tf.stack's and tf.repeat's axis checks on the arguments as given.
Expected kinds and first lines as TF 2.21 gives them; results too."""

import pytest

import eagerbook as tf

WRAPPED = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
CASES = [
    (lambda: tf.norm([1, 2, 3], axis=[0]), ValueError,
     "'axis' must be None, an integer, or a tuple of 2 unique integers, got [0]"),
    (lambda: tf.norm(tf.constant([True])), TypeError,
     "Expected numeric or variant tensor, got dtype tf.bool."),
    (lambda: tf.norm(tf.constant([3, 4])), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, "
     "double, complex64, complex128"),
    (lambda: tf.norm(tf.constant(3, tf.uint8), axis=1), tf.errors.InvalidArgumentError,
     WRAPPED % "Sum" + "Invalid reduction dimension (1 for input with 0 dimension(s) [Op:Sum]"),
    (lambda: tf.range(tf.constant([[1, 2]])), tf.errors.InvalidArgumentError,
     WRAPPED % "Range" + "limit must be a scalar, not shape [1,2] [Op:Range] name: "),
    (lambda: tf.math.unsorted_segment_sum(tf.constant([[1, 2]]), [0, 1, 2], 3),
     tf.errors.InvalidArgumentError,
     WRAPPED % "UnsortedSegmentSum" + "data.shape = [1,2] does not start with segment_ids.shape "
     "= [3] [Op:UnsortedSegmentSum]"),
    (lambda: tf.math.add_n([tf.constant([[1, 2]]), tf.constant([1])]),
     tf.errors.InvalidArgumentError,
     WRAPPED % "AddN_N_2" + "Inputs to operation AddN of type AddN must have the same size and "
     "shape.  Input 0: [1,2] != input 1: [1] [Op:AddN] name: "),
    (lambda: tf.fill(tf.constant([[2]]), 1), tf.errors.InvalidArgumentError,
     WRAPPED % "Fill" + "dims must represent a vector, got shape [1,1] [Op:Fill] name: "),
    (lambda: tf.bitwise.left_shift(tf.constant([1.0]), 1), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
     "int64, uint8, uint16, uint32, uint64"),
    (lambda: tf.gather(tf.constant(1), 0, axis=-1), tf.errors.InvalidArgumentError,
     WRAPPED % "GatherV2" + "params must be at least 1 dimensional [Op:GatherV2] name: "),
    (lambda: tf.gather_nd(tf.constant(3), tf.constant([1, 2, 3])), tf.errors.InvalidArgumentError,
     WRAPPED % "GatherNd" + "params must be at least a vector [Op:GatherNd] name: "),
    (lambda: tf.gather_nd(tf.constant([[[1, 2, 3]]]), tf.constant([5])),
     tf.errors.InvalidArgumentError,
     WRAPPED % "GatherNd" + "indices = [5] does not index into param shape [1,1,3], node name: "
     "GatherNd [Op:GatherNd] name: "),
    (lambda: tf.math.cumsum(tf.constant([True]), [0]), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     "uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, "
     "uint16, complex128, half, uint32, uint64"),
    (lambda: tf.boolean_mask(tf.constant(1), tf.constant([[True, False], [True, True]])),
     ValueError, "Shapes () and (2, 2) are incompatible"),
    (lambda: tf.boolean_mask(tf.constant([[1, 2]]), tf.constant([True, False]), axis=2),
     ValueError, "Shapes () and (2,) are incompatible"),
    (lambda: tf.repeat(tf.constant([1, 2]), 2, axis=1), ValueError,
     "axis=1 out of bounds: expected -1<=axis<1"),
    (lambda: tf.stack([-3, tf.constant([[1.0]])], axis=2), ValueError,
     "Argument `axis` = 2 not in range [-1, 1)"),
    (lambda: tf.histogram_fixed_width(tf.constant([1.0, 2.0]), 1.5),
     tf.errors.InvalidArgumentError,
     WRAPPED % "HistogramFixedWidth" + "value_range should be a vector. "
     "[Op:HistogramFixedWidth] name: "),
    (lambda: tf.histogram_fixed_width(tf.constant([1.0, 2.0]), [0.0, 1.0, 2.0]),
     tf.errors.InvalidArgumentError,
     WRAPPED % "HistogramFixedWidth" + "value_range should be a vector of 2 elements. "
     "[Op:HistogramFixedWidth]"),
    # an index-like input given as a tensor: its attr's dtypes first
    (lambda: tf.pad(tf.constant([1.0]), tf.constant(False)), tf.errors.InvalidArgumentError,
     "Value for attr 'Tpaddings' of bool is not in the list of allowed values: int32, int64"),
    (lambda: tf.unravel_index(tf.constant(True), tf.constant([[1]], tf.int16)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'Tidx' of bool is not in the list of allowed values: int32, int64"),
    (lambda: tf.transpose(tf.constant([[1, 2, 3]]), tf.constant([[4], [0], [1]], tf.int16)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'Tperm' of int16 is not in the list of allowed values: int32, int64"),
    (lambda: tf.math.top_k(tf.constant([[1], [2]]), tf.constant([[1.0]], tf.float16)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'Tk' of half is not in the list of allowed values: int16, int32, int64"),
    (lambda: tf.math.top_k(tf.constant(1), tf.constant([[1, 2, 3], [1, 2, 3]])),
     tf.errors.InvalidArgumentError,
     WRAPPED % "TopKV2" + "k must be scalar, got shape [2,3] [Op:TopKV2] name: "),
    (lambda: tf.math.segment_sum(tf.constant([1.0, 2.0]), tf.constant([0, 0], tf.int16)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'Tindices' of int16 is not in the list of allowed values: int32, int64"),
    (lambda: tf.zeros(tf.constant([1.5])), tf.errors.InvalidArgumentError,
     "Value for attr 'index_type' of float is not in the list of allowed values: int32, int64"),
    (lambda: tf.reduce_all(tf.constant([[1.0, 2.0]]), tf.constant([1.0])),
     tf.errors.InvalidArgumentError,
     "Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64"),
    (lambda: tf.realdiv(tf.constant([True]), tf.constant([1.0], tf.float16)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, "
     "double, uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, complex128"),
    (lambda: tf.realdiv(tf.constant([1]), tf.constant([1], tf.int8)), tf.errors.NotFoundError,
     "Could not find device for node: {{node RealDiv}} = RealDiv[T=DT_INT32]"),
    (lambda: tf.math.log_sigmoid(tf.constant([1], tf.uint8)), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, half, float, "
     "double, int8, int16, int32, int64, complex64, complex128"),
    (lambda: tf.math.reciprocal_no_nan(tf.constant([True])), TypeError,
     "Cannot convert 1 to EagerTensor of dtype bool"),
    (lambda: tf.nn.log_poisson_loss(tf.constant([1.0, 2.0, 3.0]), tf.constant(1.0)), ValueError,
     "`log_input` and `targets` must have the same shape, received (() vs (3,))."),
    (lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(
        tf.constant([[[3, 2, 0]]], tf.int8), tf.constant([1 + 1j], tf.complex64)), ValueError,
     "`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: labels.shape=(1, 1, 3) "
     "of rank 3 and logits.shape=(1,) of rank 1"),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_first_failing_check_as_tf(case):
    call, kind, first_line = CASES[case]
    with pytest.raises(kind) as raised:
        call()
    assert str(raised.value).splitlines()[0] == first_line


def test_results_as_tf():
    assert float(tf.norm(tf.constant([[3.0, 4.0]]), axis=(0, 1))) == 5.0
    assert tf.norm(tf.constant([[3.0, 4.0]]), ord=1, axis=-1).numpy().tolist() == [7.0]
    assert tf.searchsorted(tf.constant([[1, 2]]), tf.constant([[[1]]])).numpy().tolist() \
        == [[[0]]]  # (rows of both, as TF's wrapper reshapes them)
    assert tf.repeat(0, 0, axis=0).shape == (0,)
    assert tf.repeat(tf.constant([1, 2]), [1, 2], axis=-1).numpy().tolist() == [1, 2, 2]
    assert tf.stack([tf.constant([1.0]), tf.constant([2.0])], axis=-2).shape == (2, 1)
    assert tf.math.top_k([[1, 2], [3, 4]], True).values.numpy().tolist() == [[2], [4]]
    assert tf.math.unsorted_segment_sum(tf.constant([1.0, 2.0]), tf.constant([0, 0], tf.int16),
                                        2).numpy().tolist() == [3.0, 0.0]

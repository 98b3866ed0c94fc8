"""Error kinds and words of common mistakes with array, scatter, sort, scan, random and
string ops, as TF 2.21 raises them."""

import pytest

import eagerbook as tf

IAE = tf.errors.InvalidArgumentError

CASES = [
    (lambda: tf.reverse(tf.ones([2, 2]), [2]), IAE,
     "'axis'[0] = 2 is out of valid range [0, 1 [Op:ReverseV2]"),
    (lambda: tf.tensor_scatter_nd_update(tf.zeros([3]), [[1]], [1., 2.]), IAE,
     "Outer dimensions of indices and update must match. Indices shape: [1,1], updates "
     "shape:[2] [Op:TensorScatterUpdate]"),
    (lambda: tf.tensor_scatter_nd_update(tf.zeros([3, 2]), [[1]], tf.ones([1, 3])), IAE,
     "The inner 1 dimensions of output.shape=[3,2] must match the inner 1 dimensions of "
     "updates.shape=[1,3] [Op:TensorScatterUpdate]"),
    (lambda: tf.scatter_nd([[1]], [1., 2.], [3]), IAE,
     "Dimensions [0,1) of indices[shape=[1,1]] must match dimensions [0,1) of "
     "updates[shape=[2]] [Op:ScatterNd]"),
    (lambda: tf.io.decode_base64("a!"), IAE, "Invalid character found in base64."),
    (lambda: tf.argsort(tf.ones([2]), direction="UP"), ValueError,
     "Argument `direction` should be one of ASCENDING, DESCENDING. Received: direction=UP"),
    (lambda: tf.random.uniform([2], minval=5, maxval=1, dtype=tf.int32), IAE,
     "Need minval < maxval, got 5 >= 1 [Op:RandomUniformInt]"),
    (lambda: tf.random.normal([2], dtype=tf.int32), TypeError,
     "Cannot convert 0.0 to EagerTensor of dtype int32"),
    (lambda: tf.random.normal([2], mean=0, stddev=1, dtype=tf.int32), IAE,
     "Value for attr 'dtype' of int32 is not in the list of allowed values: half, bfloat16, "
     "float, double [Op:RandomStandardNormal]"),
    (lambda: tf.random.uniform([2], dtype=tf.bool), ValueError,
     "Argument `dtype` got invalid value <dtype: 'bool'>. Accepted dtypes are (tf.float16, "
     "tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64)."),
    (lambda: tf.cumsum(tf.ones([2]), axis=2), IAE,
     "ScanOp: Expected scan axis in the range [-1, 1), but got 2 [Op:Cumsum]"),
    (lambda: tf.cumsum(tf.ones([2, 2]), axis=-3), IAE,
     "ScanOp: Expected scan axis in the range [-2, 2), but got -1 [Op:Cumsum]"),
    (lambda: tf.math.cumulative_logsumexp(tf.ones([2]), axis=1), IAE,
     "ScanOp: Expected scan axis in the range [-1, 1), but got 1 [Op:CumulativeLogsumexp]"),
    (lambda: tf.roll(tf.range(3), shift=[1, 2], axis=[0]), IAE,
     "shift and axis must have the same size [Op:Roll]"),
    (lambda: tf.unique(tf.ones([2, 2])), IAE, "unique expects a 1D vector. [Op:Unique]"),
    (lambda: tf.fill([2], [1, 2]), IAE, "value must represent a scalar, got shape [2] [Op:Fill]"),
]


@pytest.mark.parametrize("call, kind, text", CASES)
def test_error_kind_and_text(call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert text in str(info.value)


def test_base64_still_decodes_web_safe_text():
    assert tf.io.decode_base64(["YWJj", "YWI=", "YWI", "a-_b"]).numpy().tolist() == \
        [b"abc", b"ab", b"ab", b"k\xef\xdb"]

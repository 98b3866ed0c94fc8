"""TF's Python wrappers check, convert and compute in an order of their own: the first
failing step names the error (reductions' tensor axes are int32/int64 first, a scan's axis
is a scalar, sort/argsort negate before TopKV2, real/imag/angle/conj by dtype, the kernels'
first checks of rank). Expected kinds and first lines as TF 2.21 gives them; results too."""

import numpy as np
import pytest

import eagerbook as tf

x = tf.constant([[1, 2], [3, 4]])
f32 = tf.constant([1.0, 2.0])

CASES = [
    (lambda: tf.reduce_sum(x, tf.constant(0.5)), tf.errors.InvalidArgumentError,
     "Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64"),
    (lambda: tf.reduce_sum(x, tf.constant(False)), tf.errors.InvalidArgumentError,
     "Value for attr 'Tidx' of bool is not in the list of allowed values: int32, int64"),
    (lambda: tf.reduce_max(x, [0.5]), tf.errors.InvalidArgumentError,
     "Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64"),
    (lambda: tf.math.reduce_sum(tf.constant([1, 2]), tf.constant([[4, 5]])),
     tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
     "Invalid reduction dimension (4 for input with 1 dimension(s) [Op:Sum] name: "),
    (lambda: tf.math.cumsum(f32, [0]), tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__Cumsum_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
     "ScanOp: axis must be a scalar, not [1] [Op:Cumsum]"),
    (lambda: tf.gather(x, tf.constant([0.0])), tf.errors.InvalidArgumentError,
     "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, "
     "int64"),
    (lambda: tf.gather_nd(x, tf.constant([[0.0]])), tf.errors.InvalidArgumentError,
     "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, "
     "int64"),
    (lambda: tf.nn.sigmoid_cross_entropy_with_logits([0, 1], f32),
     tf.errors.InvalidArgumentError,
     "cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a "
     "int32 tensor [Op:Mul] name: "),
    (lambda: tf.nn.sigmoid_cross_entropy_with_logits(tf.constant([[1.0, 2.0]]), f32), ValueError,
     "`logits` and `labels` must have the same shape, received ((2,) vs (1, 2))."),
    (lambda: tf.math.angle(tf.constant([1, -2], tf.int8)), TypeError,
     "Cannot convert 3.141592653589793 to EagerTensor of dtype int8"),
    (lambda: tf.math.real(tf.constant([True])), TypeError,
     "input must be a numeric tensor, but got tensor with dtype <dtype: 'bool'>"),
    (lambda: tf.math.conj(tf.constant(["a"])), TypeError,
     "Expected numeric or variant tensor, got dtype tf.string."),
    (lambda: tf.math.l2_normalize(True, axis=[-1]), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, "
     "double, int8, int16, int32, int64, uint8, uint16, uint32, uint64, complex64, complex128"),
    (lambda: tf.sort(tf.constant([True, False])), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, "
     "double, int8, int16, int32, int64, complex64, complex128"),
    (lambda: tf.argsort(tf.constant([1 + 1j], tf.complex64)), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of complex64 is not in the list of allowed values: float, double, "
     "int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"),
    (lambda: tf.sort(1.5), tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}}"
     " slice index -1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/"),
    (lambda: tf.fill([-1], tf.constant([5, 6])), tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
     "value must represent a scalar, got shape [2] [Op:Fill]"),
    (lambda: tf.math.segment_sum(tf.constant(3), [0, 1]), tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__SegmentSum_device_/job:localhost/replica:0/task:0/device:CPU:0}}"
     " input must be at least rank 1 [Op:SegmentSum]"),
    (lambda: tf.roll(3, 1, [0, 1]), tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__Roll_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
     "input must be 1-D or higher [Op:Roll]"),
    (lambda: tf.math.scalar_mul(2.0, 3.0), AttributeError,
     "'float' object has no attribute 'dtype'"),
    (lambda: tf.math.scalar_mul(tf.constant(2), f32), ValueError,
     "scalar: Tensor conversion requested dtype float32 for Tensor with dtype int32: "
     "<tf.Tensor: shape=(), dtype=int32, numpy=2>"),
    (lambda: tf.math.softsign(-3), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, "
     "double"),
    (lambda: tf.math.approx_max_k(tf.constant([[1, 2]]), tf.constant([[1]])), TypeError,
     "Expected int for argument 'k' not <tf.Tensor: shape=(1, 1), dtype=int32, "
     "numpy=array([[1]], dtype=int32)>."),
    (lambda: tf.math.approx_max_k(f32, -3), tf.errors.InvalidArgumentError,
     "Value for attr 'k' of -3 must be at least minimum 0"),
    (lambda: tf.math.approx_max_k(tf.constant([1, 2]), 1), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float"),
    (lambda: tf.linalg.cross(2, tf.constant([[1 + 1j, 2, 3]], tf.complex64)),
     tf.errors.InvalidArgumentError,
     "Value for attr 'T' of complex64 is not in the list of allowed values: float, double, "
     "int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"),
    (lambda: tf.linalg.cross(-0.5, 2), tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
     "Input must be at least 1D[] [Op:Cross] name: "),
    (lambda: tf.nn.moments([1.0, 2.0], axes=[0]), AttributeError,
     "'list' object has no attribute 'dtype'"),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_first_failing_step_names_the_error_as_tf(case):
    call, kind, first_line = CASES[case]
    with pytest.raises(kind) as raised:
        call()
    assert str(raised.value).splitlines()[0] == first_line


def test_results_as_tf():
    assert tf.reduce_mean(tf.constant([-5, 0])).numpy() == -2  # (C's division: toward zero)
    assert tf.reduce_mean(tf.constant([-128, -1], tf.int8)).numpy() == -64
    assert tf.reduce_mean(tf.constant([100, 100], tf.int8)).numpy() == 100
    assert tf.sequence_mask([1.5, 2.5], 3).numpy().tolist() == [[True, False, False],
                                                                [True, True, False]]
    assert tf.sequence_mask([1.5, 2.5]).numpy().tolist() == [[True, True, False],
                                                             [True, True, True]]
    assert tf.sequence_mask(-0.5).shape == (0,)
    assert tf.boolean_mask(tf.constant([1, 2, 3]), tf.constant([1.0, 0.0, 2.0])).numpy().tolist() \
        == [1, 3]
    assert tf.reverse(tf.constant(1), [0]).numpy() == 1
    assert tf.fill([2], tf.constant([5])).numpy().tolist() == [5, 5]
    assert tf.math.imag(tf.constant([True])).numpy().tolist() == [False]
    assert tf.math.angle(tf.constant([1.0, -2.0])).numpy().tolist() == [0.0, np.float32(np.pi)]
    mean, variance = tf.nn.moments(tf.constant([1, 4, -2, 3], tf.int64), axes=[0])
    assert (mean.numpy(), variance.numpy()) == (1, 5)
    assert tf.gather_nd(tf.constant([1, 2]), tf.constant([[1]], tf.int16)).numpy().tolist() == [2]
    np.testing.assert_allclose(
        tf.math.l2_normalize(tf.constant([3 + 4j, 0], tf.complex64), axis=0).numpy(),
        [0.6 + 0.8j, 0])

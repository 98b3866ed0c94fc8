"""An op's inputs are made tensors in TF's order, and the first step that fails names the
error (ops/op_inputs.py): conversion of Python values to the shared dtype (TypeError), the
op's allowed list (or no CPU kernel: NotFoundError), then each input's dtype. Composite ops
name TF's op (Xdivy, DivNoNan, MulNoNan), not the ones eagerbook computes them with.
Expected kinds and first lines as TF 2.21 gives them."""

import pytest

import eagerbook as tf

i32 = tf.constant([1, 2])
i16 = tf.constant([1, 2], tf.int16)
f32 = tf.constant([1.0, 2.0])
b = tf.constant([True, False])
c64 = tf.constant([1 + 1j, 2], tf.complex64)

_EXPECT_FLOAT = "allowed values: half, bfloat16, float, double, complex64, complex128"
CASES = [
    (lambda: tf.math.xdivy(1.5, i32), TypeError,
     "Cannot convert 1.5 to EagerTensor of dtype int32"),
    (lambda: tf.math.xdivy(i32, f32), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of " + _EXPECT_FLOAT),
    (lambda: tf.math.xdivy(f32, i32), tf.errors.InvalidArgumentError,
     "cannot compute Xdivy as input #1(zero-based) was expected to be a float tensor but is a "
     "int32 tensor [Op:Xdivy] name: "),
    (lambda: tf.math.xdivy(2, 3), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of " + _EXPECT_FLOAT),
    (lambda: tf.math.divide_no_nan(1.5, i32), TypeError,
     "Cannot convert 1.5 to EagerTensor of dtype int32"),
    (lambda: tf.math.divide_no_nan(i32, 1.5), TypeError,
     "`x` and `y` must have the same dtype, got tf.int32 != tf.float32."),
    (lambda: tf.math.divide_no_nan(f32, i32), TypeError,
     "`x` and `y` must have the same dtype, got tf.float32 != tf.int32."),
    (lambda: tf.math.divide_no_nan(b, b), TypeError,
     "Invalid dtype tf.bool in tf.math.divide_no_nan. Expected one of {tf.uint8, tf.int8, "
     "tf.uint16, tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, tf.bfloat16, tf.float16, "
     "tf.float32, tf.float64, tf.complex64, tf.complex128}."),
    (lambda: tf.math.multiply_no_nan(i32, f32), ValueError,
     "y: Tensor conversion requested dtype int32 for Tensor with dtype float32: "
     "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>"),
    (lambda: tf.math.multiply_no_nan(i32, i32), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, "
     "double, complex64, complex128"),
    (lambda: tf.logical_and(f32, 1.5), TypeError,
     "Cannot convert 1.5 to EagerTensor of dtype bool"),
    (lambda: tf.logical_and(1.5, f32), TypeError,
     "Cannot convert 1.5 to EagerTensor of dtype bool"),
    (lambda: tf.logical_and(f32, b), tf.errors.InvalidArgumentError,
     "cannot compute LogicalAnd as input #0(zero-based) was expected to be a bool tensor but is "
     "a float tensor [Op:LogicalAnd] name: "),
    (lambda: tf.logical_not(2), TypeError, "Cannot convert 2 to EagerTensor of dtype bool"),
    (lambda: tf.logical_not(i16), tf.errors.InvalidArgumentError,
     "cannot compute LogicalNot as input #0(zero-based) was expected to be a bool tensor but is "
     "a int16 tensor [Op:LogicalNot] name: "),
    (lambda: tf.where(b, i16, i32), tf.errors.InvalidArgumentError,
     "cannot compute SelectV2 as input #2(zero-based) was expected to be a int16 tensor but is "
     "a int32 tensor [Op:SelectV2] name: "),
    (lambda: tf.where(1.5, i16, i32), TypeError, "Cannot convert 1.5 to EagerTensor of dtype bool"),
    (lambda: tf.where(f32, i16, i32), tf.errors.InvalidArgumentError,
     "cannot compute SelectV2 as input #0(zero-based) was expected to be a bool tensor but is a "
     "float tensor [Op:SelectV2] name: "),
    (lambda: tf.math.igamma(i32, f32), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, "
     "double"),
    (lambda: tf.math.igamma(tf.constant([1.0], tf.float16), tf.constant([1.0], tf.float16)),
     tf.errors.NotFoundError,
     "Could not find device for node: {{node Igamma}} = Igamma[T=DT_HALF]"),
    (lambda: tf.math.atan2(i32, c64), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, "
     "double"),
    (lambda: tf.math.zeta(i32, f32), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: float, double"),
    (lambda: tf.histogram_fixed_width(i32, f32), tf.errors.InvalidArgumentError,
     "cannot compute HistogramFixedWidth as input #1(zero-based) was expected to be a int32 "
     "tensor but is a float tensor [Op:HistogramFixedWidth] name: "),
    (lambda: tf.histogram_fixed_width(-0.5, tf.constant([1, 2], tf.int8)), TypeError,
     "Cannot convert -0.5 to EagerTensor of dtype int8"),
    (lambda: tf.searchsorted(i32, b), tf.errors.InvalidArgumentError,
     "cannot compute LowerBound as input #1(zero-based) was expected to be a int32 tensor but "
     "is a bool tensor [Op:LowerBound] name: "),
    (lambda: tf.searchsorted(b, b), tf.errors.NotFoundError,
     "Could not find device for node: {{node LowerBound}} = LowerBound[T=DT_BOOL, "
     "out_type=DT_INT32]"),
    (lambda: tf.searchsorted([1, 2], 1.5), tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}}"
     " slice index -1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/"),
    (lambda: tf.truncatediv(i32, f32), tf.errors.InvalidArgumentError,
     "cannot compute TruncateDiv as input #1(zero-based) was expected to be a int32 tensor but "
     "is a float tensor [Op:TruncateDiv] name: "),
    (lambda: tf.truncatemod(f32, i32), tf.errors.InvalidArgumentError,
     "cannot compute TruncateMod as input #1(zero-based) was expected to be a float tensor but "
     "is a int32 tensor [Op:TruncateMod] name: "),
    (lambda: tf.math.reciprocal(i32), tf.errors.NotFoundError,
     "Could not find device for node: {{node Reciprocal}} = Reciprocal[T=DT_INT32]"),
    (lambda: tf.bitwise.invert(f32), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
     "int64, uint8, uint16, uint32, uint64"),
    (lambda: tf.nn.l2_loss(tf.constant([1], tf.uint8)), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of uint8 is not in the list of allowed values: half, bfloat16, float, "
     "double"),
    (lambda: tf.math.invert_permutation(tf.constant([0], tf.int8)), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of int8 is not in the list of allowed values: int32, int64"),
    (lambda: tf.math.truncatediv, AttributeError, None),  # (only tf.truncatediv in TF)
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_first_failing_step_names_the_error_as_tf(case):
    call, kind, first_line = CASES[case]
    with pytest.raises(kind) as raised:
        call()
    if first_line is not None:
        assert str(raised.value).splitlines()[0] == first_line


def test_composites_compute_as_tf():
    assert tf.math.divide_no_nan(tf.constant([3, 4]), tf.constant([2, 0])).numpy().tolist() \
        == [1.5, 0.0]  # (integers cast to float64 first, as `/` casts them)
    assert tf.math.divide_no_nan(tf.constant([3, 4]), tf.constant([2, 0])).dtype == tf.float64
    assert tf.math.xdivy(2, tf.constant([4.0])).numpy().tolist() == [0.5]
    assert tf.negative(tf.constant([1 + 2j])).numpy().tolist() == [-1 - 2j]


def test_a_traced_mismatch_is_a_type_error_naming_the_inputs():
    with pytest.raises(TypeError, match="Input 'x' of 'LogicalAnd' Op has type float32 that "
                                        "does not match expected type of bool."):
        tf.function(lambda: tf.logical_and(f32, b))()
    with pytest.raises(TypeError, match="Input 'y' of 'Xdivy' Op has type int32 that does not "
                                        "match type float32 of argument 'x'"):
        tf.function(lambda: tf.math.xdivy(f32, i32))()

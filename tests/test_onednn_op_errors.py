"""Op errors in the words of the kernel TF 2.21 runs: oneDNN's for float32 and bfloat16 where
oneDNN is on (TF's default on this project's CPUs, TF_ENABLE_ONEDNN_OPTS=1), Eigen's where it
is off (=0) and for the other dtypes. The texts are TF's, printed side by side in both modes."""

import pytest

import eagerbook as tf
from eagerbook.framework.traceback_utils import hint_for
from eagerbook.ops import onednn_float

from .eager_error_text import eager_text

IAE = tf.errors.InvalidArgumentError


@pytest.fixture(params=[True, False], ids=["onednn", "eigen"])
def onednn(request, monkeypatch):
    monkeypatch.setattr(onednn_float, "_ENABLED", [request.param])
    return request.param


def _error(call):
    with pytest.raises(IAE) as info:
        call()
    return str(info.value)


def ones(*shape, dtype=tf.float32):
    return tf.ones(shape, dtype)


# (call, oneDNN's function and words, Eigen's words; the op, `[Op:...]`, is the same in both)
MATMUL_CASES = [
    (lambda: tf.matmul(ones(2, 3), ones(2, 3)), "MatMul", "__MklMatMul",
     "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]",
     "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]"),
    (lambda: ones(2, 3) @ ones(2, 3), "MatMul", "__MklMatMul",
     "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]",
     "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]"),
    (lambda: tf.matmul(ones(3), ones(3, 2)), "MatMul", "__MklMatMul",
     "In[0] ndims must be >= 2", "In[0] and In[1] has different ndims: [3] vs. [3,2]"),
    (lambda: tf.matmul(ones(2, 3), ones(3)), "MatMul", "__MklMatMul",
     "In[1] ndims must be >= 2", "In[0] and In[1] has different ndims: [2,3] vs. [3]"),
    (lambda: tf.matmul(ones(2), ones(2)), "MatMul", "__MklMatMul",
     "In[0] ndims must be >= 2", "In[0] and In[1] ndims must be == 2: 1"),
    (lambda: tf.matmul(ones(2, 2, 3), ones(2, 2, 3)), "BatchMatMulV2", "__MklBatchMatMulV2",
     "Matrix size-incompatible: In[0]: [2,2,3], In[1]: [2,2,3] 0 0",
     "Matrix size-incompatible: In[0]: [2,2,3], In[1]: [2,2,3]"),
    (lambda: tf.matmul(ones(2, 2, 3), ones(2, 2, 3), adjoint_a=True, adjoint_b=True),
     "BatchMatMulV2", "__MklBatchMatMulV2",
     "Matrix size-incompatible: In[0]: [2,2,3], In[1]: [2,2,3] 1 1",
     "Matrix size-incompatible: In[0]: [2,2,3], In[1]: [2,2,3]"),
    (lambda: tf.matmul(ones(2, 2, 3), ones(3, 3, 2)), "BatchMatMulV2", "__MklBatchMatMulV2",
     "In[0] and In[1] must have compatible batch dimensions: [2,2,3] vs. [3,3,2]",
     "In[0] and In[1] must have compatible batch dimensions: [2,2,3] vs. [3,3,2]"),
    (lambda: tf.raw_ops.BatchMatMulV2(x=ones(3), y=ones(3, 2)), "BatchMatMulV2",
     "__MklBatchMatMulV2", "In[0] ndims must be >= 2: 1", "In[0] ndims must be >= 2: 1"),
    (lambda: tf.linalg.matvec(ones(2, 2, 3), ones(2, 2)), "BatchMatMulV2", "__MklBatchMatMulV2",
     "Matrix size-incompatible: In[0]: [2,2,3], In[1]: [2,2,1] 0 0",
     "Matrix size-incompatible: In[0]: [2,2,3], In[1]: [2,2,1]"),
    (lambda: tf.linalg.expm(ones(2, 3)), "BatchMatMulV2", "__MklBatchMatMulV2",
     "Matrix size-incompatible: In[0]: [1,2,3], In[1]: [1,2,3] 0 0",
     "Matrix size-incompatible: In[0]: [1,2,3], In[1]: [1,2,3]"),
    (lambda: tf.tensordot(ones(2, 3), ones(2, 3), 1), "MatMul", "__MklMatMul",
     "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]",
     "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]"),
    (lambda: tf.image.rgb_to_grayscale(ones(2, 2, 4, dtype=tf.uint8)), "MatMul", "__MklMatMul",
     "Matrix size-incompatible: In[0]: [4,4], In[1]: [3,1]",
     "Matrix size-incompatible: In[0]: [4,4], In[1]: [3,1]"),
]


@pytest.mark.parametrize("call, op, function, onednn_words, eigen_words", MATMUL_CASES)
def test_matrix_products_fail_in_the_words_of_the_kernel_tf_runs(
        onednn, call, op, function, onednn_words, eigen_words):
    expected = (eager_text(op, onednn_words, function) if onednn
                else eager_text(op, eigen_words))
    assert _error(call) == expected + " name: "


@pytest.mark.parametrize("dtype", [tf.float64, tf.float16, tf.int32, tf.complex64])
def test_other_dtypes_run_eigens_kernels_either_way(onednn, dtype):
    assert _error(lambda: tf.matmul(ones(2, 3, dtype=dtype), ones(2, 3, dtype=dtype))) == \
        eager_text("MatMul", "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]") + " name: "
    assert _error(lambda: tf.matmul(ones(3, dtype=dtype), ones(3, 2, dtype=dtype))) == \
        eager_text("MatMul", "In[0] and In[1] has different ndims: [3] vs. [3,2]") + " name: "
    assert _error(lambda: tf.matmul(ones(1, 2, 3, dtype=dtype), ones(1, 2, 3, dtype=dtype))) \
        == eager_text("BatchMatMulV2", "Matrix size-incompatible: In[0]: [1,2,3], In[1]: "
                                       "[1,2,3]") + " name: "


def test_a_named_raw_op_keeps_its_name(onednn):
    function = "__MklMatMul" if onednn else "MatMul"
    assert _error(lambda: tf.raw_ops.MatMul(a=ones(2, 3), b=ones(2, 3), name="m")) == \
        eager_text("MatMul", "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]",
                   function) + " name: m"


def test_the_dtype_check_names_the_kernel_tf_chose_by_the_first_input(onednn):
    kernel = "_MklMatMul" if onednn else "MatMul"
    assert _error(lambda: tf.matmul(ones(2, 3), ones(3, 2, dtype=tf.float64))) == (
        f"cannot compute {kernel} as input #1(zero-based) was expected to be a float tensor but "
        f"is a double tensor [Op:MatMul] name: ")
    assert _error(lambda: tf.matmul(ones(2, 3, dtype=tf.float64), ones(3, 2))) == (
        "cannot compute MatMul as input #1(zero-based) was expected to be a double tensor but "
        "is a float tensor [Op:MatMul] name: ")


def test_the_hints_read_both_kernels_words(onednn):
    with pytest.raises(IAE) as info:
        tf.matmul(ones(2), ones(2))
    assert "tf.matmul multiplies matrices" in hint_for(info.value)
    with pytest.raises(IAE) as info:
        tf.matmul(ones(2, 3), ones(3, 2, dtype=tf.float64))
    assert hint_for(info.value).startswith("MatMul got a float and a double tensor")


def test_inside_a_tf_function_the_node_fails_in_the_same_words(onednn):
    spec = tf.TensorSpec(None, tf.float32)
    f = tf.function(lambda a, b: tf.matmul(a, b), input_signature=[spec, spec])
    with pytest.raises(IAE) as info:
        f(ones(2, 2, 3), ones(2, 2, 3))
    words = "Matrix size-incompatible: In[0]: [2,2,3], In[1]: [2,2,3]"
    assert (words + (" 0 0" if onednn else "") + "\n\t [[{{node MatMul}}]]") in str(info.value)


ABORTED = "AbortedError"
NO_PRIMITIVE = ("Operation received an exception:Status: 2, message: could not create a "
                "primitive descriptor for the convolution forward propagation primitive. Run "
                "workload with environment variable ONEDNN_VERBOSE=all to get additional "
                "diagnostic information., in file tensorflow/core/kernels/mkl/")

# (call, op, (kind, function, words) with oneDNN, the same with Eigen, TF's " name: ..." end)
NN_CASES = [
    (lambda: tf.nn.softmax(ones(1, 1, 1, 1, 1, 2)), "Softmax",
     (ABORTED, "Softmax", "Input dims must be <= 5 and >=1"), None, " name: "),
    (lambda: tf.nn.softmax(tf.constant(2.0), name="sm"), "Softmax",
     (ABORTED, "Softmax", "Input dims must be <= 5 and >=1"),
     ("InvalidArgumentError", "Softmax", "logits must have >= 1 dimension, got []"), " name: sm"),
    (lambda: tf.nn.log_softmax(tf.constant(2.0)), "LogSoftmax",
     ("InvalidArgumentError", "LogSoftmax", "logits must have >= 1 dimension, got []"),
     ("InvalidArgumentError", "LogSoftmax", "logits must have >= 1 dimension, got []"),
     " name: "),
    (lambda: tf.nn.max_pool2d(ones(5, 5, 3), 2, 2, "VALID"), "MaxPool",
     ("InvalidArgumentError", "MaxPool", "Input must be 4 or 5-dimensional"),
     ("InvalidArgumentError", "MaxPool", "tensor_in_shape must have 2 spatial dimensions. 3 0"),
     " name: "),
    (lambda: tf.nn.max_pool1d(ones(5, 3), 2, 2, "VALID"), "MaxPool",
     ("InvalidArgumentError", "MaxPool", "Input must be 4 or 5-dimensional"),
     ("InvalidArgumentError", "MaxPool", "tensor_in_shape must have 2 spatial dimensions. 3 0"),
     " name: "),
    (lambda: tf.nn.avg_pool2d(ones(5, 5, 3), 2, 2, "VALID"), "AvgPool",
     ("InvalidArgumentError", "__MklNativeAvgPool", "Input must be 4 or 5-dimensional"),
     ("InvalidArgumentError", "AvgPool", "tensor_in_shape must have 2 spatial dimensions. 3 0"),
     " name: "),
    (lambda: tf.raw_ops.MaxPool(input=ones(5, 5, 3), ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1],
                                padding="VALID"), "MaxPool",
     ("InvalidArgumentError", "MaxPool", "Input must be 4 or 5-dimensional"),
     ("InvalidArgumentError", "MaxPool", "tensor_in_shape must have 2 spatial dimensions. 3 0"),
     " name: "),
    (lambda: tf.nn.conv2d(ones(1, 5, 5, 3), ones(3, 3, 2, 4), 1, "VALID"), "Conv2D",
     ("InvalidArgumentError", "__MklNativeConv2D",
      "input depth must be evenly divisible by filter depth: 3 vs 2"),
     ("InvalidArgumentError", "Conv2D",
      "input depth must be evenly divisible by filter depth: 3 vs 2"), " name: "),
    (lambda: tf.nn.conv1d(ones(1, 5, 3), ones(3, 2, 4), 1, "VALID"), "Conv2D",
     ("InvalidArgumentError", "__MklNativeConv2D",
      "input depth must be evenly divisible by filter depth: 3 vs 2"),
     ("InvalidArgumentError", "Conv2D",
      "input depth must be evenly divisible by filter depth: 3 vs 2"), " name: "),
    (lambda: tf.nn.conv2d(ones(1, 5, 5, 3), ones(3, 3, 3), 1, "VALID"), "Conv2D",
     ("InvalidArgumentError", "__MklNativeConv2D", "filter must be 4-dimensional: [3,3,3]"),
     ("InvalidArgumentError", "Conv2D", "convolution filter must be 4-dimensional: [3,3,3]"),
     " name: "),
    (lambda: tf.nn.conv3d(ones(1, 5, 5, 5, 3), ones(3, 3, 3, 2, 4), [1] * 5, "VALID"), "Conv3D",
     ("InvalidArgumentError", "__MklNativeConv3D",
      "input and filter must have the same depth: 3 vs 2"),
     ("InvalidArgumentError", "Conv3D",
      "Input depth must be evenly divisible by filter depth: 3 vs 2"), " name: "),
    (lambda: tf.nn.conv3d(ones(1, 5, 5, 5, 4), ones(3, 3, 3, 2, 4), [1] * 5, "VALID"), "Conv3D",
     ("InvalidArgumentError", "__MklNativeConv3D",
      "input and filter must have the same depth: 4 vs 2"),
     ("InvalidArgumentError", "Conv3D",
      "Number of channels in filter (2) must match last dimension of input (4)"), " name: "),
    (lambda: tf.nn.depthwise_conv2d(ones(1, 5, 5, 3), ones(3, 3, 2, 1), [1] * 4, "VALID",
                                    name="dw"), "DepthwiseConv2dNative",
     ("InvalidArgumentError", "__MklNativeDepthwiseConv2dNative",
      "input depth must be evenly divisible by filter depth: 3 vs 2"),
     ("InvalidArgumentError", "DepthwiseConv2dNative",
      "input and filter must have the same depth: 3 vs 2"), " name: "),
    (lambda: tf.nn.depthwise_conv2d(ones(1, 5, 5, 4), ones(3, 3, 2, 2), [1] * 4, "VALID"),
     "DepthwiseConv2dNative",
     (ABORTED, "__MklNativeDepthwiseConv2dNative", NO_PRIMITIVE + "mkl_conv_ops.cc:1112"),
     ("InvalidArgumentError", "DepthwiseConv2dNative",
      "input and filter must have the same depth: 4 vs 2"), " name: "),
    (lambda: tf.nn.conv2d_transpose(ones(1, 5, 5, 3), ones(3, 3, 4, 2), [1, 7, 7, 4], 1,
                                    "VALID"), "Conv2DBackpropInput",
     (ABORTED, "__MklNativeConv2DBackpropInput",
      NO_PRIMITIVE + "mkl_conv_grad_input_ops.cc:546"),
     ("InvalidArgumentError", "Conv2DBackpropInput", "Conv2DCustomBackpropInput: filter and "
      "out_backprop must have the same out_depth"), ""),  # (output_shape, a list: no name)
    (lambda: tf.nn.conv2d_transpose(ones(1, 5, 5, 3), ones(3, 3, 4, 2), tf.constant([1, 7, 7, 4]),
                                    1, "VALID"), "Conv2DBackpropInput",
     (ABORTED, "__MklNativeConv2DBackpropInput",
      NO_PRIMITIVE + "mkl_conv_grad_input_ops.cc:546"),
     ("InvalidArgumentError", "Conv2DBackpropInput", "Conv2DCustomBackpropInput: filter and "
      "out_backprop must have the same out_depth"), " name: "),
    (lambda: tf.einsum("ij,jk->ik", ones(2, 3), ones(2, 3)), "Einsum",
     ("InvalidArgumentError", "__MklEinsum_N_2",
      "Expected dimension 3 at axis 0 of the input shaped [2,3] but got dimension 2"),
     ("InvalidArgumentError", "Einsum_N_2",
      "Expected dimension 3 at axis 0 of the input shaped [2,3] but got dimension 2"),
     " name: "),
    (lambda: tf.einsum("ij,jk->ik", ones(2, 3), ones(3, 2, 1)), "Einsum",
     ("InvalidArgumentError", "__MklEinsum_N_2", "Expected input 1 to have rank 2 but got: 3"),
     ("InvalidArgumentError", "Einsum_N_2", "Expected input 1 to have rank 2 but got: 3"),
     " name: "),
    (lambda: tf.einsum("...ij->...ji", ones(3)), "Einsum",
     ("InvalidArgumentError", "__MklEinsum_N_1",
      "Expected input 0 to have rank at least 2 but got: 1"),
     ("InvalidArgumentError", "Einsum_N_1",
      "Expected input 0 to have rank at least 2 but got: 1"), " name: "),
]


@pytest.mark.parametrize("call, op, onednn_error, eigen_error, suffix", NN_CASES)
def test_nn_ops_fail_in_the_words_of_the_kernel_tf_runs(
        onednn, call, op, onednn_error, eigen_error, suffix):
    kind, function, words = onednn_error if onednn else eigen_error or (None, None, None)
    if kind is None:  # (Eigen's kernel takes it)
        call()
        return
    with pytest.raises(tf.errors.OpError) as info:
        call()
    assert type(info.value).__name__ == kind
    assert str(info.value) == eager_text(op, words, function) + suffix


@pytest.mark.parametrize("dtype", [tf.float64, tf.float16])
def test_other_dtypes_keep_eigens_words_in_nn_ops(onednn, dtype):
    assert tf.nn.softmax(ones(1, 1, 1, 1, 1, 2, dtype=dtype)).shape == [1, 1, 1, 1, 1, 2]
    assert _error(lambda: tf.nn.max_pool2d(ones(5, 5, 3, dtype=dtype), 2, 2, "VALID")) == \
        eager_text("MaxPool", "tensor_in_shape must have 2 spatial dimensions. 3 0") + " name: "


def test_einsum_output_labels_are_checked_in_python_first():
    with pytest.raises(ValueError, match=r"^Output subscripts contain the label k not present "
                                         r"in the input subscripts\.$"):
        tf.einsum("ij->jk", ones(2, 3))


def test_raw_convolution_and_pooling_ops_compute_as_the_functions():
    x = tf.reshape(tf.range(1.0, 33.0), [1, 4, 4, 2])
    w = tf.reshape(tf.range(1.0, 9.0) / 10, [2, 2, 2, 1])
    assert tf.raw_ops.Conv2D(input=x, filter=w, strides=[1, 1, 1, 1], padding="VALID").numpy() \
        .ravel().tolist() == pytest.approx(tf.nn.conv2d(x, w, 1, "VALID").numpy().ravel().tolist())
    padded = tf.raw_ops.Conv2D(input=x, filter=w, strides=[1, 1, 1, 1], padding="EXPLICIT",
                               explicit_paddings=[0, 0, 1, 0, 0, 1, 0, 0])
    assert padded.shape == [1, 4, 4, 1]
    assert tf.raw_ops.MaxPool(input=x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1],
                              padding="VALID").numpy().ravel().tolist() == \
        [11.0, 12.0, 15.0, 16.0, 27.0, 28.0, 31.0, 32.0]
    assert tf.raw_ops.AvgPool(value=x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1],
                              padding="VALID").numpy().ravel().tolist() == \
        [6.0, 7.0, 10.0, 11.0, 22.0, 23.0, 26.0, 27.0]

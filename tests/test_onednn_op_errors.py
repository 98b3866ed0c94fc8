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

"""Eager kernel errors begin as TF 2's do: ``{{function_node __wrapped__<Op>..._device_...}}``.

TF 2 runs each eager op as a small function of its own; a kernel's error names that function
(the op, plus the attrs that fix its arity) and the device before the kernel's own words. Checks
made before any kernel runs (dtypes) have no frame, and a failing node of a ``tf.function``
reports the kernel's words inside TF's graph text instead.
"""

import pytest

import eagerbook as tf
from tests.eager_error_text import DEVICE, eager_text

# What TF 2.21's op functions add after [Op:...]: " name: " and the name they were given
# (concat, stack, split, unstack default to their own; a slice is named strided_slice/); nothing
# where an input is a Python list (reshape's shape, gather's indices, the partitions).
NAME_SUFFIX = {"Reshape": "", "GatherV2": "", "DynamicPartition": "", "ConcatV2": " name: concat",
               "Pack": " name: stack", "Split": " name: split", "Unpack": " name: unstack",
               "StridedSlice": " name: strided_slice/"}


@pytest.mark.parametrize("call, wrapped, op_type, words", [
    (lambda: tf.constant([1, 2]) + tf.constant([1, 2, 3]), "AddV2", "AddV2",
     "Incompatible shapes: [2] vs. [3]"),
    (lambda: tf.matmul(tf.ones([2, 3]), tf.ones([2, 3])), "__MklMatMul", "MatMul",  # (oneDNN's)
     "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]"),
    (lambda: tf.reshape(tf.ones([6]), [4, 2]), "Reshape", "Reshape",
     "Input to reshape is a tensor with 6 values, but the requested shape has 8"),
    (lambda: tf.gather(tf.ones([2]), [5]), "GatherV2", "GatherV2",
     "indices[0] = 5 is not in [0, 2)"),
    (lambda: tf.concat([tf.ones([2, 2]), tf.ones([3, 3]), tf.ones([1, 1])], 0), "ConcatV2_N_3",
     "ConcatV2", "ConcatOp : Dimension 1 in both shapes must be equal: shape[0] = [2,2] vs. "
                 "shape[1] = [3,3]"),
    (lambda: tf.stack([tf.ones([2]), tf.ones([3])]), "Pack_N_2", "Pack",
     "Shapes of all inputs must match: values[0].shape = [2] != values[1].shape = [3]"),
    (lambda: tf.add_n([tf.ones([2]), tf.ones([3]), tf.ones([2])]), "AddN_N_3", "AddN",
     "Inputs to operation AddN of type AddN must have the same size and shape.  Input 0: [2] "
     "!= input 1: [3]"),
    (lambda: tf.split(tf.ones([5]), 2), "Split_num_split_2", "Split",
     "Number of ways to split should evenly divide the split dimension, but got split_dim 0 "
     "(size = 5) and num_split 2"),
    (lambda: tf.unstack(tf.ones([3, 2]), num=2), "Unpack_num_2", "Unpack",
     "Input shape axis 0 must equal 2, got shape [3,2]"),
    (lambda: tf.dynamic_partition(tf.ones([3]), [0, 1, 5], 2),
     "DynamicPartition_num_partitions_2", "DynamicPartition", "partitions[2] = 5 is not in [0, 2)"),
    (lambda: tf.einsum("ij,jk->ik", tf.ones([2, 3]), tf.ones([2, 3])), "__MklEinsum_N_2", "Einsum",
     "Expected dimension 3 at axis 0 of the input shaped [2,3] but got dimension 2"),
    (lambda: tf.constant([1, 2])[5], "StridedSlice", "StridedSlice",
     "slice index 5 of dimension 0 out of bounds."),
])
def test_kernel_errors_name_the_ops_function_and_device_first(call, wrapped, op_type, words):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    expected = eager_text(op_type, words, wrapped) + NAME_SUFFIX.get(op_type, " name: ")
    assert str(info.value) == expected  # TF 2.21's text
    assert f"__wrapped__{wrapped}_device_{DEVICE}" in str(info.value)


def test_other_error_kinds_have_the_frame_too():
    with pytest.raises(tf.errors.UnimplementedError) as info:
        tf.cast(tf.constant(["a"]), tf.float32)
    assert str(info.value) == eager_text("Cast", "Cast string to float is not supported") + \
        " name: "


def test_dtype_checks_before_any_kernel_have_no_frame():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.constant(1) + tf.constant(1.0)
    assert str(info.value).startswith("cannot compute AddV2 as input #1(zero-based) was "
                                      "expected to be a int32 tensor but is a float tensor")


def test_a_failing_graph_node_reports_the_kernels_words_without_the_frame():
    @tf.function
    def pick(x, i):
        return tf.gather(x, i)

    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        pick(tf.ones([2]), tf.constant([5]))
    text = str(info.value)
    assert text.startswith("Graph execution error:") and "__wrapped__" not in text
    assert "\nindices[0] = 5 is not in [0, 2)\n\t [[{{node GatherV2}}]]" in text


def test_learner_facing_hints_leave_the_frame_out():
    from eagerbook.core.errors import without_function_frame
    from eagerbook.testing.exercises.base import call

    def reshape_to_four(x):
        return tf.reshape(x, [4])

    _, hint = call(reshape_to_four, tf.ones([3]))
    assert hint.endswith("raised InvalidArgumentError: Input to reshape is a tensor with 3 "
                         "values, but the requested shape has 4 [Op:Reshape]")
    assert without_function_frame("no frame here") == "no frame here"

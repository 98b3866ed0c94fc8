"""Value checks run in the kernels, so they hold eagerly and inside compiled tf.function code.

TF checks what depends on values (an index out of range, a negative id, ...) in its kernels, at
run time, in both modes: eagerly as ``message [Op:Name]``, and when a tf.function runs as the
same message naming the failing graph node and the function (``[Op:__inference_f_12]``).
Each case here is run both ways; the messages are TF's (checked against TF 2.21, where its
eager text carries a ``{{function_node ...}}`` prefix and a `` name: `` suffix eagerbook keeps
out, as TF 2.0 printed it).
"""

import re

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.graph.node_errors import tf_node_name
from tests.eager_error_text import after_frame, eager_text
from tests.graph.node_error_text import node_message

c = tf.constant

# (case id, function, arguments, TF's op type, the kernel's message)
CASES = [
    ("gather", lambda p, i: tf.gather(p, i), (c([1., 2., 3.]), c([5])), "GatherV2",
     "indices[0] = 5 is not in [0, 3)"),
    # NumPy would wrap a negative index around silently: the kernel refuses it in both modes.
    ("gather_negative", lambda p, i: tf.gather(p, i), (c([1., 2., 3.]), c([-1])), "GatherV2",
     "indices[0] = -1 is not in [0, 3)"),
    ("gather_nd", lambda p, i: tf.gather_nd(p, i), (c([[1., 2.], [3., 4.]]), c([[0, 2]])),
     "GatherNd", "indices[0] = [0, 2] does not index into param shape [2,2], node name: GatherNd"),
    ("scatter_nd", lambda i, u: tf.scatter_nd(i, u, [3]), (c([[3]]), c([1.])), "ScatterNd",
     "indices[0] = [3] does not index into shape [3]"),
    ("tensor_scatter_nd_update", lambda t, i, u: tf.tensor_scatter_nd_update(t, i, u),
     (c([1., 2.]), c([[-1]]), c([5.])), "TensorScatterUpdate",
     "indices[0] = [-1] does not index into shape [2]"),
    ("tensor_scatter_nd_add", lambda t, i, u: tf.tensor_scatter_nd_add(t, i, u),
     (c([1., 2.]), c([[2]]), c([5.])), "TensorScatterAdd",
     "indices[0] = [2] does not index into shape [2]"),
    ("range_zero_delta", lambda a, b, d: tf.range(a, b, d), (c(1), c(5), c(0)), "Range",
     "Requires delta != 0: 0"),
    ("range_wrong_way", lambda a, b, d: tf.range(a, b, d), (c(5), c(1), c(1)), "Range",
     "Requires start <= limit when delta > 0: 5/1"),
    ("bincount", lambda a: tf.math.bincount(a), (c([1, -1]),), "DenseBincount",
     "Input arr must be non-negative!"),
    ("sparse_xent_label", lambda l, g: tf.nn.sparse_softmax_cross_entropy_with_logits(l, g),
     (c([0, 3]), c([[1., 0., 0.], [1., 2., 3.]])), "SparseSoftmaxCrossEntropyWithLogits",
     "Received a label value of 3 which is outside the valid range of [0, 3).  Label values: 0 3"),
    ("categorical_no_classes", lambda x: tf.random.categorical(x, 3), (tf.zeros([2, 0]),),
     "Multinomial", "num_classes should be positive, got 0"),
    # TF's shape rule keeps the empty axis: the kernel refuses it when it runs.
    ("argmax_empty_axis", lambda x: tf.argmax(x, axis=1), (tf.zeros([2, 0]),), "ArgMax",
     "Reduction axis 1 is empty in shape [2,0]"),
    # (TF 2.21 does not check these probabilities; eagerbook's eager check stays, in both modes)
    ("binomial_probs", lambda p: tf.random.stateless_binomial([2], c([1, 2]), c([3., 3.]), p),
     (c([0.5, 1.5]),), "StatelessRandomBinomial", "probs must be in [0, 1]"),
]

S, f32 = tf.TensorSpec, tf.float32
# Checks on shapes that the trace cannot see (unknown dims): they fail when the function runs.
# (case id, function, input_signature, arguments, TF's op type, the kernel's message)
UNKNOWN_SHAPE_CASES = [
    ("reshape", lambda x: tf.reshape(x, [-1, 4]), [S([None], f32)], (tf.zeros([6]),),
     "Reshape", "Input to reshape is a tensor with 6 values, but the requested shape requires "
                "a multiple of 4"),
    ("stack", lambda a, b: tf.stack([a, b]), [S([None], f32), S([None], f32)],
     (tf.zeros([2]), tf.zeros([3])), "Pack",
     "Shapes of all inputs must match: values[0].shape = [2] != values[1].shape = [3]"),
    ("getitem", lambda x: x[5], [S([None], f32)], (tf.zeros([2]),), "StridedSlice",
     "slice index 5 of dimension 0 out of bounds."),
    ("softmax_xent", lambda l, g: tf.nn.softmax_cross_entropy_with_logits(l, g),
     [S([None, None], f32), S([None, None], f32)], (tf.zeros([1, 2]), tf.zeros([1, 3])),
     "SoftmaxCrossEntropyWithLogits",
     "logits and labels must be broadcastable: logits_size=[1,3] labels_size=[1,2]"),
    ("sparse_xent_shape", lambda l, g: tf.nn.sparse_softmax_cross_entropy_with_logits(l, g),
     [S([None], tf.int32), S([None, 3], f32)], (c([0, 1, 1]), tf.zeros([2, 3])),
     "SparseSoftmaxCrossEntropyWithLogits", "logits and labels must have the same first "
     "dimension, got logits shape [2,3] and labels shape [3]"),
    ("conv2d", lambda x, w: tf.nn.conv2d(x, w, 1, "VALID"),
     [S([1, None, None, 1], f32), S([5, 5, 1, 1], f32)],
     (tf.zeros([1, 3, 3, 1]), tf.zeros([5, 5, 1, 1])), "Conv2D",
     "Computed output size would be negative: -1 [input_size: 3, effective_filter_size: 5, "
     "stride: 1]"),
    ("max_pool", lambda x: tf.nn.max_pool2d(x, 5, 1, "VALID"), [S([1, None, None, 1], f32)],
     (tf.zeros([1, 3, 3, 1]),), "MaxPool", "Computed output size would be negative: -1 "
                                           "[input_size: 3, effective_filter_size: 5, stride: 1]"),
    ("matmul_inner", lambda a, b: tf.matmul(a, b), [S([None, None], f32), S([None, None], f32)],
     (tf.zeros([1, 2]), tf.zeros([1, 2])), "MatMul",
     "Matrix size-incompatible: In[0]: [1,2], In[1]: [1,2]"),
    ("matmul_batch", lambda a, b: tf.matmul(a, b), [S([None, 2, 3], f32), S([None, 3, 4], f32)],
     (tf.zeros([2, 2, 3]), tf.zeros([3, 3, 4])), "BatchMatMulV2",
     "In[0] and In[1] must have compatible batch dimensions: [2,2,3] vs. [3,3,4]"),
    ("matmul_rank", lambda a, b: tf.matmul(a, b), [S(None, f32), S(None, f32)],
     (tf.zeros([2]), tf.zeros([1, 2])), "BatchMatMulV2", "In[0] ndims must be >= 2: 1"),
]


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_value_check_eagerly(case):
    _, fn, args, op_type, message = case
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn(*args)
    # TF's op functions add " name: " and the name they were given, except where an input is
    # a Python list (scatter_nd's shape [3])
    suffix = "" if case[0] == "scatter_nd" else " name: "
    assert str(info.value) == eager_text(op_type, message) + suffix


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_value_check_in_a_tf_function(case):
    _, fn, args, op_type, message = case
    f = tf.function(fn)
    _expect_node_error(f, args, op_type, message, f.get_concrete_function(*args))


def _expect_node_error(f, args, op_type, message, concrete):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(*args)
    names = [tf_node_name(op) for op in concrete.graph.operations if op.type == op_type]
    assert len(names) == 1
    pattern = (re.escape(f"{message}\n\t [[{{{{node {names[0]}}}}}]] [Op:__inference_")
               + r"<lambda>_\d+\]")
    assert re.fullmatch(pattern, node_message(str(info.value))), str(info.value)
    assert str(info.value).startswith("{{function_node __inference_<lambda>_")


@pytest.mark.parametrize("case", UNKNOWN_SHAPE_CASES, ids=[case[0] for case in
                                                           UNKNOWN_SHAPE_CASES])
def test_a_shape_check_the_trace_cannot_see_runs_in_the_compiled_code(case):
    _, fn, signature, args, op_type, message = case
    f = tf.function(fn, input_signature=signature)
    _expect_node_error(f, args, op_type, message, f.get_concrete_function())
    if case[0] == "sparse_xent_shape":  # eagerly TF's Python checks the known shapes first
        with pytest.raises(ValueError, match=re.escape(
                "`labels.shape` must equal `logits.shape` except for the last dimension. "
                "Received: labels.shape=(3,) and logits.shape=(2, 3)")):
            fn(*args)
        return
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn(*args)  # eagerly: the same kernel, the same words
    if case[0] == "matmul_rank":  # (eagerly a vector runs MatMul, whose oneDNN kernel says less)
        message = "In[0] ndims must be >= 2"
    assert after_frame(str(info.value)).startswith(message + " [Op:")


def test_a_static_reshape_mismatch_is_a_graph_time_value_error():
    # TF's shape rule rejects it while the graph is built (its words, up to the node text).
    with pytest.raises(ValueError, match=re.escape(
            "Cannot reshape a tensor with 6 elements to shape [4] (4 elements) for "
            "'{{node Reshape}}")):
        tf.function(lambda x: tf.reshape(x, [4]))(tf.zeros([2, 3]))
    with pytest.raises(ValueError, match=re.escape(
            "Dimension size must be evenly divisible by 4 but is 6 for '{{node Reshape}}")):
        tf.function(lambda x: tf.reshape(x, [-1, 4]))(tf.zeros([2, 3]))


@pytest.mark.parametrize("fn, op", [
    (lambda x: tf.nn.conv2d(x, tf.zeros([5, 5, 1, 1]), 1, "VALID"), "Conv2D"),
    (lambda x: tf.nn.max_pool2d(x, 5, 1, "VALID"), "MaxPool"),
    (lambda x: tf.nn.avg_pool2d(x, 5, 1, "VALID"), "AvgPool"),
])
def test_a_window_that_cannot_fit_a_known_input_is_a_graph_time_value_error(fn, op):
    with pytest.raises(ValueError, match=re.escape(
            f"Negative dimension size caused by subtracting 5 from 3 for '{{{{node {op}}}}}")):
        tf.function(fn)(tf.zeros([1, 3, 3, 1]))


def test_reshape_shape_rule_fills_in_the_minus_one():
    def f():
        return tf.function(lambda x: tf.reshape(x, [-1, 2]))
    assert f().get_concrete_function(S([None, 4], f32)).outputs[0].shape.as_list() == [None, 2]
    # (a new function: TF's dispatch would serve [3, 4] with the [None, 4] trace)
    assert f().get_concrete_function(S([3, 4], f32)).outputs[0].shape.as_list() == [6, 2]


def test_a_failing_call_changes_nothing_and_the_next_call_runs():
    f = tf.function(lambda p, i: tf.gather(p, i))
    p = c([1., 2., 3.])
    with pytest.raises(tf.errors.InvalidArgumentError):
        f(p, c([3]))
    np.testing.assert_array_equal(f(p, c([2])).numpy(), [3.])


def test_a_kernels_host_error_in_compiled_code_names_the_node():
    f = tf.function(lambda x: tf.strings.to_number(x))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(c(["1.5", "abc"]))
    expected = ("StringToNumberOp could not correctly convert string: abc\n\t "
                "[[{{node StringToNumber}}]] [Op:__inference_")
    assert re.fullmatch(re.escape(expected) + r"<lambda>_\d+\]", node_message(str(info.value)))


@pytest.mark.parametrize("fn, signature, args, node", [
    # TF 2.21's node names in these errors (its op types, or its Python functions' names)
    (lambda x: tf.gather(x, [0]) + tf.gather(x, [5]), [S([None], f32)], (tf.zeros([2]),),
     "GatherV2_1"),
    (lambda x: tf.reshape(x, [-1, 4]), [S([None], f32)], (tf.zeros([6]),), "Reshape"),
    (lambda a, b: tf.stack([a, b]), [S([None], f32), S([None], f32)],
     (tf.zeros([2]), tf.zeros([3])), "stack"),
    (lambda x: x[5], [S([None], f32)], (tf.zeros([2]),), "strided_slice"),
    (lambda a, b: tf.matmul(a, b), [S([None, None], f32), S([None, None], f32)],
     (tf.zeros([1, 2]), tf.zeros([1, 2])), "MatMul"),
    (lambda x, k: tf.math.top_k(x, k), [S([None], f32), S([], tf.int32)],
     (tf.zeros([2]), tf.constant(5)), "TopKV2"),
    (lambda d, s: tf.math.unsorted_segment_sum(d, s, 2), [S([None], f32), S([None], tf.int32)],
     (tf.zeros([2]), tf.constant([0, 5])), "UnsortedSegmentSum"),
])
def test_failing_nodes_are_named_as_tf_names_them(fn, signature, args, node):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.function(fn, input_signature=signature)(*args)
    assert f"\n\t [[{{{{node {node}}}}}]] [Op:__inference_" in str(info.value)

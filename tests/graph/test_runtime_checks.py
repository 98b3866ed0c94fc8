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

c = tf.constant

# (case id, function, arguments, TF's op type, the kernel's message)
CASES = [
    ("gather", lambda p, i: tf.gather(p, i), (c([1., 2., 3.]), c([5])), "GatherV2",
     "indices[0] = 5 is not in [0, 3)"),
    # NumPy would wrap a negative index around silently: the kernel refuses it in both modes.
    ("gather_negative", lambda p, i: tf.gather(p, i), (c([1., 2., 3.]), c([-1])), "GatherV2",
     "indices[0] = -1 is not in [0, 3)"),
    ("gather_nd", lambda p, i: tf.gather_nd(p, i), (c([[1., 2.], [3., 4.]]), c([[0, 2]])),
     "GatherNd", "indices[0] = [0, 2] does not index into param shape [2, 2]"),
    ("scatter_nd", lambda i, u: tf.scatter_nd(i, u, [3]), (c([[3]]), c([1.])), "ScatterNd",
     "indices[0] = [3] does not index into param shape [3]"),
    ("tensor_scatter_nd_update", lambda t, i, u: tf.tensor_scatter_nd_update(t, i, u),
     (c([1., 2.]), c([[-1]]), c([5.])), "TensorScatterUpdate",
     "indices[0] = [-1] does not index into param shape [2]"),
    ("tensor_scatter_nd_add", lambda t, i, u: tf.tensor_scatter_nd_add(t, i, u),
     (c([1., 2.]), c([[2]]), c([5.])), "TensorScatterAdd",
     "indices[0] = [2] does not index into param shape [2]"),
]


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_value_check_eagerly(case):
    _, fn, args, op_type, message = case
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn(*args)
    assert str(info.value) == f"{message} [Op:{op_type}]"


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_value_check_in_a_tf_function(case):
    _, fn, args, op_type, message = case
    f = tf.function(fn)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(*args)
    text = str(info.value)
    node = f.get_concrete_function(*args).graph.operations
    names = [op.name for op in node if op.type == op_type]
    assert len(names) == 1
    pattern = (re.escape(f"{message}\n\t [[{{{{node {names[0]}}}}}]] [Op:__inference_")
               + r"<lambda>_\d+\]")
    assert re.fullmatch(pattern, text), text


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
                "[[{{node string_to_number}}]] [Op:__inference_")
    assert re.fullmatch(re.escape(expected) + r"<lambda>_\d+\]", str(info.value))

"""The `` name: ...`` TF 2.21's eager errors end with, after ``[Op:Name]``.

TF's generated op functions append the name they were given: the user's `name` for most
public functions, their own default for some (concat, stack, split), nothing after the colon
for those that open a name scope first (matmul, add, cast, ...). An input given as a Python
list or string takes TF's slower road, which appends nothing. Each expectation below is what
TF 2.21 printed for the same call.
"""

import re

import pytest

import eagerbook as tf


def _tail(call):
    """What follows ``[Op:Name]`` in the error `call` raises (None: the message ends there)."""
    with pytest.raises(tf.errors.OpError) as info:
        call()
    match = re.search(r"\[Op:\w+\]( name: .*)?$", str(info.value))
    assert match, str(info.value)
    return match.group(1)


A = tf.ones([2, 3])


@pytest.mark.parametrize("call, tail", [
    # the user's name is passed on
    (lambda: tf.gather(A, 7, name="g"), " name: g"),
    (lambda: tf.reduce_sum(A, 5, name="rs"), " name: rs"),
    (lambda: tf.expand_dims(A, 4, name="ed"), " name: ed"),
    (lambda: tf.linalg.inv(tf.zeros([2, 2]), name="li"), " name: li"),
    (lambda: tf.add_n([A, tf.ones([3])], name="an"), " name: an"),
    (lambda: tf.math.subtract(A, tf.ones([3, 2]), name="s"), " name: s"),
    (lambda: tf.raw_ops.MatMul(a=A, b=A, name="y"), " name: y"),
    # no name given: nothing after the colon
    (lambda: tf.gather(A, 7), " name: "),
    (lambda: tf.math.floordiv(1, 0), " name: "),
    # functions with a default name of their own
    (lambda: tf.concat([A, tf.ones([2])], 0), " name: concat"),
    (lambda: tf.concat([A, tf.ones([2])], 0, name="cc"), " name: cc"),
    (lambda: tf.stack([A, tf.ones([2])]), " name: stack"),
    (lambda: tf.split(A, 4, axis=1), " name: split"),
    (lambda: tf.unstack(tf.ones([3, 2]), num=2), " name: unstack"),
    (lambda: A[5], " name: strided_slice/"),
    # functions that open a name scope: the user's name does not reach the op
    (lambda: tf.matmul(A, A, name="x"), " name: "),
    (lambda: tf.add(A, tf.ones([3, 2]), name="z"), " name: "),
    (lambda: tf.cast(A, tf.string, name="c"), " name: "),
    (lambda: tf.range(0, 10, 0, name="rg"), " name: "),
    (lambda: tf.zeros([-1], name="zz"), " name: "),
    (lambda: tf.random.uniform([-2], name="ru"), " name: "),
    (lambda: tf.einsum("ij,jk->ik", A, A, name="es"), " name: "),
    (lambda: tf.transpose(A, tf.constant([0, 2]), name="tp"), " name: "),
    # the operators and a Variable's updates convert their operands first
    (lambda: A + tf.ones([3, 2]), " name: "),
    (lambda: A + [[1.0, 2.0], [3.0, 4.0]], " name: "),
    (lambda: [[1.0, 2.0], [3.0, 4.0]] + A, " name: "),
    (lambda: A @ A, " name: "),
    (lambda: tf.constant(1) + tf.constant(1.0), " name: "),  # (checked before any kernel)
    (lambda: tf.Variable([1.0, 2.0]).assign_add([1.0, 2.0, 3.0]), " name: "),
    (lambda: tf.Variable([[1.0, 2.0]]) @ tf.Variable([[1.0, 2.0]]), " name: "),
    # dtype checks made before any kernel end in the name too
    (lambda: tf.sqrt(tf.constant([1, 2]), name="sr"), " name: sr"),
    (lambda: tf.math.log(tf.constant([1]), name="r"), " name: r"),
    # tensor (not list) inputs keep the name where a list would lose it
    (lambda: tf.reshape(A, tf.constant([5]), name="r"), " name: r"),
    (lambda: tf.fill(tf.constant([-1]), 1.0, name="r"), " name: r"),
    (lambda: tf.strings.to_number(tf.constant("abc"), name="r"), " name: r"),
    (lambda: tf.strings.regex_replace(tf.constant(["a"]), "(", "", name="r"), " name: r"),
    (lambda: tf.raw_ops.AddV2(x=tf.constant([1, 2]), y=tf.constant([1, 2, 3]), name="r"),
     " name: r"),
    # a Python list or string input: nothing after [Op:...], whatever the name
    (lambda: tf.reshape(A, [5], name="r"), None),
    (lambda: tf.reshape(A, (5,), name="r"), None),
    (lambda: tf.reshape([1.0, 2.0, 3.0], tf.constant([2]), name="r"), None),
    (lambda: tf.fill([-1], 1.0, name="f"), None),
    (lambda: tf.transpose(A, [0, 2], name="tp"), None),
    (lambda: tf.tile(A, [1], name="ti"), None),
    (lambda: tf.pad(A, [[1, 1]], name="pd"), None),
    (lambda: tf.gather(A, [7], name="r"), None),
    (lambda: tf.gather_nd(A, [7], name="r"), None),
    (lambda: tf.reduce_sum([1, 2], 4, name="r"), None),
    (lambda: tf.one_hot([1], -3), None),
    (lambda: tf.tensor_scatter_nd_update(A, [[5, 0]], [1.0], name="ts"), None),
    (lambda: tf.dynamic_partition(A, [0, 5], 2, name="dp"), None),
    (lambda: tf.strings.to_number("abc", name="tn"), None),
    (lambda: tf.raw_ops.AddV2(x=[1, 2], y=[1, 2, 3], name="r"), None),
    (lambda: tf.raw_ops.AddV2(x=tf.constant([1, 2]), y=[1, 2, 3], name="r"), None),
])
def test_an_op_error_ends_as_tfs(call, tail):
    assert _tail(call) == tail


def test_the_whole_message_of_a_named_gather():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.gather(A, 7, name="g")
    assert str(info.value) == (
        "{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:CPU:0}}"
        " indices = 7 is not in [0, 2) [Op:GatherV2] name: g")


def test_a_failing_node_of_a_tf_function_has_no_name_suffix():
    # A graph's error ends in the function's [Op:__inference_...] and the node's own words.
    @tf.function
    def f(x):
        return tf.gather(x, 7, name="g")

    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(A)
    assert " name: g" not in str(info.value)
    assert re.search(r"\[Op:__inference_f_\d+\]$", str(info.value)), str(info.value)


def test_errors_eagerbook_catches_itself_change_nothing():
    # `==` of shapes that do not broadcast is False (TF's Equal without the shape error)
    assert not bool(tf.constant([1, 2]) == tf.constant([1, 2, 3]))
    # an error raised outside any public function (a kernel run directly) has no suffix
    from eagerbook.core import errors
    assert errors.op_error(errors.InvalidArgumentError, "X", "m").message.endswith("[Op:X]")

"""tf.function behaviours the TF guides show: the input_signature binding error, a string
function's output type, a loop over a dataset whose loop variable changes shape."""

import pytest

import eagerbook as tf


def test_input_signature_mismatch_is_tf_binding_error():
    @tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
    def next_collatz(x):
        return x
    with pytest.raises(TypeError) as info:
        next_collatz(tf.constant([[1, 2], [3, 4]]))
    assert str(info.value) == (
        "Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(2, 2), "
        "dtype=tf.int32, name=None) to TensorSpec(shape=(None,), dtype=tf.int32, name=None)`. "
        "Received args: (<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\narray([[1, 2],\n"
        "       [3, 4]], dtype=int32)>,) and kwargs: {} for signature: "
        "(x: TensorSpec(shape=(None,), dtype=tf.int32, name=None)).")


def test_missing_argument_is_named_as_python_names_it():
    @tf.function(input_signature=(tf.TensorSpec([None], tf.int32), tf.TensorSpec([], tf.float32)))
    def two(x, y):
        return x
    with pytest.raises(TypeError, match="failed due to `missing a required argument: 'y'`. "
                                        r"Received args: \(<tf.Tensor"):
        two(tf.constant([1]))


def test_string_function_of_unknown_shape_outputs_strings():
    @tf.function
    def double(a):
        return a + a
    concrete = double.get_concrete_function(tf.TensorSpec(shape=None, dtype=tf.string))
    assert "Output Type:\n  TensorSpec(shape=<unknown>, dtype=tf.string, name=None)" in \
        str(concrete)
    assert concrete(tf.constant("b")).numpy() == b"bb"


def test_loop_over_a_dataset_relaxes_a_loop_variable_shape():
    @tf.function
    def train(dataset):
        loss = tf.constant(0)
        for x, y in dataset:
            loss += tf.abs(y - x)
        return loss
    data = tf.data.Dataset.from_generator(lambda: [(1, 3)] * 3, (tf.int32, tf.int32))
    assert int(train(data)) == 6


@pytest.mark.parametrize("check, x, shown", [
    ("assert_less", [5., 9.], "[y (assert_less/y:0) = ] [5]"),
    ("assert_equal", [1., 9.], "[y (assert_equal_1/y:0) = ] [5]"),
    ("assert_greater_equal", [1., 9.], "[y (assert_greater_equal/y:0) = ] [5]"),
])
def test_a_python_operand_of_a_traced_check_is_named_as_tf_converts_it(check, x, shown):
    assertion = getattr(tf.debugging, check)

    @tf.function
    def f(x):
        assertion(x, 5.)
        return x
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[x \(x:0\) = \] \[.*\] " +
                       shown.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")
                       .replace(")", r"\)")):
        f(tf.constant(x))


def test_a_named_check_names_its_python_operand_under_that_name():
    @tf.function
    def f(x):
        tf.debugging.assert_less(3., x, name="mine")
        return x
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[x \(mine/x:0\) = \] \[3\]"):
        f(tf.constant([1., 9.]))


def test_a_python_generator_inside_a_function_runs_as_written(capsys):
    @tf.function
    def loop_over_generator():
        def gen():
            for i in range(3):  # noqa: UP028 - the guide's generator: a loop that yields
                yield i
        total = tf.constant(0)
        for x in gen():
            total += x
        return total
    assert int(loop_over_generator()) == 3


def test_a_leaked_tensor_error_is_tf_unframed_type_error():
    leaked = []

    @tf.function
    def leaky(a):
        leaked.append(a + 1)
        return a + 2
    leaky(tf.constant(1))

    @tf.function
    def uses_leaked(b):
        return b + leaked[0]
    with pytest.raises(TypeError) as info:
        uses_leaked(tf.constant(2))
    message = str(info.value)
    assert not message.startswith("in user code")
    assert message.splitlines()[-1].startswith(
        "The tensor <tf.Tensor 'add:0' shape=() dtype=int32> cannot be accessed from here, "
        "because it was defined in FuncGraph(name=leaky, id=")


def test_input_signature_reads_back_as_a_tuple():
    @tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
    def f(x):
        return x + 1
    assert f.input_signature == (tf.TensorSpec(shape=None, dtype=tf.float32),)

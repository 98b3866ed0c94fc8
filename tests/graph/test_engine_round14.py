"""Behaviours TF's docs show, checked against TF 2 by hand: TensorArray shapes while tracing,
tf.case without a default, switch_case's index type, iterators' optionals in tf.function."""

import pytest

import eagerbook as tf


def test_stack_of_a_fixed_size_tensor_array_knows_its_length():
    shapes = {}

    @tf.function
    def f(x, n):
        fixed = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            fixed = fixed.write(i, x)
        shapes["fixed"] = fixed.stack().shape
        by_argument = tf.TensorArray(tf.float32, size=n)
        for i in tf.range(n):
            by_argument = by_argument.write(i, x)
        shapes["by_argument"] = by_argument.stack().shape
        growing = tf.TensorArray(tf.float32, size=0, dynamic_size=True).write(0, x)
        shapes["growing"] = growing.stack().shape
        unstacked = tf.TensorArray(tf.float32, size=3).unstack(tf.zeros([3, 5]))
        shapes["unstacked"] = unstacked.stack().shape
        shapes["declared"] = tf.TensorArray(tf.float32, size=4, element_shape=[2]).stack().shape
        return fixed.stack()

    out = f(tf.constant([1.0, 2.0]), tf.constant(2))
    assert out.shape == (3, 2)
    assert {k: v.as_list() for k, v in shapes.items()} == {
        "fixed": [3, 2], "by_argument": [None, 2], "growing": [None, 2],
        "unstacked": [3, 5], "declared": [4, 2]}


def test_case_without_default_asserts_that_a_predicate_holds():
    x = tf.constant(1)
    pairs = [(x > 5, lambda: tf.constant(1)), (x > 6, lambda: tf.constant(2))]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Input error: None of conditions evaluated as True:"):
        tf.case(pairs)
    assert int(tf.case([(x > 5, lambda: tf.constant(1)), (x > 0, lambda: tf.constant(2))])) == 2

    @tf.function
    def f(x):
        return tf.case([(x > 5, lambda: tf.constant(1)), (x > 6, lambda: tf.constant(2))])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"assertion failed: \[Input error: None of conditions evaluated "
                             r"as True:\] \[0 0\]"):
        f(x)
    assert int(f(tf.constant(7))) == 1


def test_switch_case_index_must_be_an_integer_tensor():
    branches = [lambda: tf.constant(1), lambda: tf.constant(2)]
    with pytest.raises(TypeError, match="'branch_index' must be an integer Tensor, got "
                                        "<dtype: 'float32'>"):
        tf.switch_case(tf.constant(1.0), branches)
    with pytest.raises(TypeError, match="'branch_index' must be a Tensor, got <class 'float'>"):
        tf.switch_case(1.5, branches)
    assert int(tf.switch_case(tf.constant(1, tf.int64), branches)) == 2


def test_get_next_as_optional_inside_a_function_advances_the_iterator():
    it = iter(tf.data.Dataset.range(2))

    @tf.function
    def next_or_minus_one(it):
        opt = it.get_next_as_optional()
        if opt.has_value():
            return opt.get_value()
        return tf.constant(-1, tf.int64)

    assert [int(next_or_minus_one(it)) for _ in range(3)] == [0, 1, -1]


def test_optional_as_a_loop_variable_and_empty_get_value():
    ds = tf.data.Dataset.from_tensor_slices(([1.0, 2.0], [3, 4]))

    @tf.function
    def total(it):
        s = tf.constant(0.0)
        opt = it.get_next_as_optional()
        while opt.has_value():
            x, y = opt.get_value()
            s += x * tf.cast(y, tf.float32)
            opt = it.get_next_as_optional()
        return s

    it = iter(ds)
    assert float(total(it)) == 11.0

    @tf.function
    def value_of_next(it):
        return it.get_next_as_optional().get_value()
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="The given optional does not have a value."):
        value_of_next(it)



def test_keyword_only_arguments_are_kwargs_of_the_structured_signature():
    @tf.function
    def f(x, *, scale):
        return x * scale

    concrete = f.get_concrete_function(tf.TensorSpec([]), scale=tf.TensorSpec([]))
    assert repr(concrete.structured_input_signature) == (
        "((TensorSpec(shape=(), dtype=tf.float32, name='x'),), "
        "{'scale': TensorSpec(shape=(), dtype=tf.float32, name='scale')})")
    assert float(concrete(tf.constant(2.0), scale=tf.constant(3.0))) == 6.0

    @tf.function
    def g(x, y):
        return x + y

    args, kwargs = g.get_concrete_function(tf.TensorSpec([]), tf.TensorSpec([])) \
        .structured_input_signature
    assert kwargs == {} and args == (tf.TensorSpec([], tf.float32, name="x"),
                                     tf.TensorSpec([], tf.float32, name="y"))
    assert tf.TensorSpec([], tf.float32, name="x") == args[0]


def test_a_first_trace_that_builds_keras_weights_is_traced_again():
    model = tf.keras.Sequential([tf.keras.layers.Dense(3)])
    traced = []

    @tf.function
    def f(x):
        traced.append(1)
        return model(x)

    f(tf.ones([1, 2]))
    f(tf.ones([1, 2]))
    assert len(traced) == 2 and f.experimental_get_tracing_count() == 2

    made_nothing = []

    @tf.function
    def g(x):
        made_nothing.append(1)
        return model(x)

    g(tf.ones([1, 2]))
    assert len(made_nothing) == 1 and g.experimental_get_tracing_count() == 1


def test_pretty_printed_signatures_list_the_variable_creating_trace_too():
    @tf.function
    def q(x):
        if not hasattr(q, "w"):
            q.w = tf.Variable(2.0)
        return x * q.w

    q(tf.constant(1.0))
    q(tf.constant([1.0]))
    scalar = ("(x: TensorSpec(shape=(), dtype=tf.float32, name=None)) -> "
              "TensorSpec(shape=(), dtype=tf.float32, name=None)")
    vector = ("(x: TensorSpec(shape=(1,), dtype=tf.float32, name=None)) -> "
              "TensorSpec(shape=(1,), dtype=tf.float32, name=None)")
    assert q.pretty_printed_concrete_signatures(verbose=False) == "\n".join(
        [scalar, scalar, vector])
    assert q.experimental_get_tracing_count() == 3


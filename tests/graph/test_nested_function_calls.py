"""A tf.function called inside another's trace is one call op there, as in TF: the inner
function keeps its own traces (its Python runs only when it traces), gradients pass through
the call, and Variables it makes are its own (figures printed by TF 2.21)."""

import pytest

import eagerbook as tf


def _op_types(function, *args):
    return [op.type for op in function.get_concrete_function(*args).graph.get_operations()]


def test_an_inner_function_traced_before_is_not_run_again_in_the_outer_trace():
    traced = []

    @tf.function
    def inner(x):
        traced.append("inner")
        return x * 2.0

    @tf.function
    def outer(x):
        traced.append("outer")
        return inner(x) + 1.0

    assert inner(tf.constant(1.0)).numpy() == 2.0
    assert outer(tf.constant(2.0)).numpy() == 5.0
    assert traced == ["inner", "outer"]
    assert (inner.experimental_get_tracing_count(), outer.experimental_get_tracing_count()) \
        == (1, 1)
    assert _op_types(outer, tf.constant(2.0)) == [
        "Placeholder", "PartitionedCall", "Const", "AddV2", "Identity"]
    # a new shape: the inner function traces again, inside the outer's new trace
    assert outer(tf.constant([1.0, 2.0])).numpy().tolist() == [3.0, 5.0]
    assert traced == ["inner", "outer", "outer", "inner"]
    assert inner.experimental_get_tracing_count() == 2


def test_calls_with_the_same_python_value_share_the_inner_trace():
    values = []

    @tf.function
    def inner(x, n):
        values.append(n)
        return x * n

    @tf.function
    def outer(x):
        return inner(x, 3) + inner(x, 3) + inner(x, 4)

    assert outer(tf.constant(1.0)).numpy() == 10.0
    assert values == [3, 4]
    assert _op_types(outer, tf.constant(2.0)) == [
        "Placeholder", "PartitionedCall", "PartitionedCall", "AddV2", "PartitionedCall",
        "AddV2", "Identity"]


def test_a_call_reading_variables_is_stateful_and_the_variables_are_the_outers():
    v = tf.Variable(3.0)

    @tf.function
    def inner(x):
        return x * v

    @tf.function
    def outer(x):
        return inner(x)

    concrete = outer.get_concrete_function(tf.constant(1.0))
    types = [op.type for op in concrete.graph.get_operations()]
    assert types == ["Placeholder", "Placeholder", "StatefulPartitionedCall", "Identity"]
    call = concrete.graph.get_operations()[2]
    assert [t.dtype for t in call.inputs] == [tf.float32, tf.resource]
    assert concrete.variables == (v,)
    assert outer(tf.constant(2.0)).numpy() == 6.0
    v.assign(4.0)
    assert outer(tf.constant(2.0)).numpy() == 8.0  # (read when it runs, not when traced)


def test_gradients_pass_through_the_call():
    v = tf.Variable(3.0)
    w = tf.Variable([1.0, 2.0])

    @tf.function
    def inner(x):
        return x * v + tf.reduce_sum(w * x)

    @tf.function
    def outer(x):
        return inner(x) * 2.0

    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = outer(x)
    dx, dv, dw = tape.gradient(y, [x, v, w])
    assert (y.numpy(), dx.numpy(), dv.numpy(), dw.numpy().tolist()) == (24.0, 12.0, 4.0,
                                                                         [4.0, 4.0])
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = outer(x * x)
        g = t1.gradient(y, x)
    assert (g.numpy(), t2.gradient(g, x).numpy()) == (48.0, 24.0)

    @tf.function
    def taped_inside(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = inner(x)
        return tape.gradient(y, [x, v])

    assert [g.numpy() for g in taped_inside(tf.constant(2.0))] == [6.0, 2.0]


def test_assignments_in_the_inner_function_run_in_order():
    v = tf.Variable(3.0)

    @tf.function
    def bump(d):
        v.assign_add(d)
        return v.read_value()

    @tf.function
    def outer(d):
        return bump(d) + bump(d)

    assert outer(tf.constant(1.0)).numpy() == 9.0
    assert v.numpy() == 5.0


def test_calls_in_branches_and_loops():
    traced = []

    @tf.function
    def square(x):
        traced.append(1)
        return x * x

    @tf.function
    def signed(x):
        if x > 0:
            y = square(x)
        else:
            y = -square(x)
        return y

    @tf.function
    def total(n):
        s = tf.constant(0.0)
        for i in tf.range(n):
            s += square(tf.cast(i, tf.float32))
        return s

    assert (signed(tf.constant(3.0)).numpy(), signed(tf.constant(-3.0)).numpy()) == (9.0, -9.0)
    assert total(tf.constant(4)).numpy() == 14.0
    assert len(traced) == 1


def test_variables_made_by_the_inner_function_do_not_retrace_the_outer():
    traced = []

    class Dense(tf.Module):
        def __init__(self):
            self.w = None

        @tf.function
        def __call__(self, x):
            traced.append("dense")
            if self.w is None:
                self.w = tf.Variable(tf.ones([x.shape[-1], 2]))
            return tf.matmul(x, self.w)

    dense = Dense()

    @tf.function
    def outer(x):
        traced.append("outer")
        return dense(x) + 1.0

    assert outer(tf.ones([1, 3])).numpy().tolist() == [[4.0, 4.0]]
    assert outer(tf.ones([1, 3])).numpy().tolist() == [[4.0, 4.0]]
    assert traced == ["outer", "dense", "dense"]
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(outer(tf.ones([1, 3])))
    assert tape.gradient(y, dense.w).numpy().tolist() == [[1.0, 1.0]] * 3


def test_structured_outputs_signatures_and_concrete_functions():
    traced = []

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def total(x):
        traced.append(1)
        return tf.reduce_sum(x)

    @tf.function
    def parts(x):
        return {"a": x, "b": (x * 2, x * 3)}

    square = tf.function(lambda x: x * x).get_concrete_function(tf.TensorSpec([], tf.float32))

    @tf.function
    def outer(x):
        r = parts(x[0])
        return total(x) + total(x[:1]) + r["a"] + r["b"][1] + square(x[1])

    assert outer(tf.constant([1.0, 2.0])).numpy() == 12.0
    assert len(traced) == 1
    assert _op_types(outer, tf.constant([1.0, 2.0])).count("PartitionedCall") == 4


def test_a_recursive_function_fails_while_tracing():
    @tf.function
    def recursive_fn(n):
        if n > 0:
            return recursive_fn(n - 1)
        return 1

    with pytest.raises(Exception, match="RecursionError: maximum recursion depth"):
        recursive_fn(tf.constant(5))


def test_an_inner_function_reading_the_callers_tensors():
    # (a closure over the caller's tensors: they are passed into the call, as TF's captures)
    @tf.function
    def outer(x):
        y = x * 2

        @tf.function
        def inner(z):
            return z * y
        return inner(x)

    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        result = outer(x)
    assert (result.numpy(), tape.gradient(result, x).numpy()) == (18.0, 12.0)
    assert _op_types(outer, x) == ["Placeholder", "Const", "Mul", "PartitionedCall", "Identity"]


def test_other_arguments_and_callers():
    v = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def triple(x):
        return x * 3

    @tf.function
    def scaled(var, x):  # (a Variable argument: passed as its handle)
        return var * x

    @tf.function
    def callers(x):
        branch = tf.cond(x > 0, lambda: triple(x), lambda: -triple(x))
        return triple(2.0) + branch + scaled(v, x)

    assert callers(tf.constant(2.0)).numpy() == 16.0
    assert callers(tf.constant(-2.0)).numpy() == 8.0
    mapped = tf.data.Dataset.range(3).map(lambda x: triple(tf.cast(x, tf.float32)))
    assert [float(x) for x in mapped.as_numpy_iterator()] == [0.0, 3.0, 6.0]

"""A tf.function called inside another's trace with Variable arguments is one call op, as in
TF: traced once on its own (the Variable a resource argument), the caller's graph holding a
StatefulPartitionedCall that takes the Variable's handle. Figures printed by TF 2.21."""

import eagerbook as tf


def _types(fn, *args):
    return [op.type for op in fn.get_concrete_function(*args).graph.get_operations()
            if op.type != "NoOp"]


def test_a_variable_argument_is_a_handle_input_of_one_call_op():
    v = tf.Variable(2.0)
    traced = []

    @tf.function
    def inner(var, x):
        traced.append(1)
        var.assign_add(x)
        return var * x

    @tf.function
    def outer(x):
        return inner(v, x) + 1.0

    assert _types(outer, tf.TensorSpec([])) == [
        "Placeholder", "Placeholder", "StatefulPartitionedCall", "Const", "AddV2", "Identity"]
    call = outer.get_concrete_function(tf.TensorSpec([])).graph.get_operations()[2]
    assert [t.dtype for t in call.inputs] == [tf.resource, tf.float32]
    assert (outer(tf.constant(3.0)).numpy(), v.numpy()) == (16.0, 5.0)
    assert (outer(tf.constant(1.0)).numpy(), v.numpy()) == (7.0, 6.0)
    # the inner trace is the one a direct call with a Variable of that kind uses
    concrete = inner.get_concrete_function(v, tf.TensorSpec([]))
    assert [t.dtype for t in concrete.graph.inputs] == [tf.resource, tf.float32]
    assert len(traced) == 1


def test_one_trace_serves_every_variable_of_a_kind_and_writes_the_one_given():
    v, w = tf.Variable(2.0), tf.Variable(5.0)

    @tf.function
    def bump(var):
        var.assign_add(1.0)
        return var.read_value()

    @tf.function
    def both():
        return bump(v) + bump(w)

    assert both().numpy() == 9.0 and (v.numpy(), w.numpy()) == (3.0, 6.0)
    assert bump.experimental_get_tracing_count() == 1
    assert _types(both) == ["Placeholder", "StatefulPartitionedCall", "Placeholder",
                            "StatefulPartitionedCall", "AddV2", "Identity"]


def test_gradients_reach_the_variable_passed_and_the_tensor():
    v, w = tf.Variable(2.0), tf.Variable(5.0)

    @tf.function
    def inner(var, x):
        return var * x * x

    @tf.function
    def outer(x):
        return inner(v, x) + 1.0

    @tf.function
    def two(x):
        return inner(v, x) + inner(w, x)

    @tf.function
    def taped_inside(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = inner(v, x)
        return tape.gradient(y, [x, v])

    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = outer(x)
    assert y.numpy() == 19.0
    assert [g.numpy() for g in tape.gradient(y, [x, v])] == [12.0, 9.0]
    assert [g.numpy() for g in taped_inside(x)] == [12.0, 9.0]
    with tf.GradientTape() as tape:
        y = two(x)
    assert y.numpy() == 63.0
    assert [g.numpy() for g in tape.gradient(y, [v, w])] == [9.0, 9.0]

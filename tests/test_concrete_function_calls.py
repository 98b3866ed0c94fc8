"""Calling a ConcreteFunction as TF binds the call: its structured signature first (every
parameter required, Python values cast to the traced types, literals must be equal), then its
flat signature (the tensor parameters only, as tensors); a call neither accepts is TF's
TypeError naming both failures, and nothing runs."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture()
def scale():
    calls = []

    @tf.function
    def scale(x, y=2):
        calls.append(1)
        return x * y

    return scale.get_concrete_function(tf.constant(1.0)), calls


def test_structured_binding_casts_python_values_and_keywords(scale):
    cf, _ = scale
    assert float(cf(3.0, 2)) == 6.0
    assert float(cf(3.0, y=2)) == 6.0
    # A Python value must match the literal it was traced with.
    with pytest.raises(TypeError, match=r"Can not cast 4 to Literal\[2\]"):
        cf(tf.constant(3.0), 4)


def test_flat_signature_takes_the_tensors_alone(scale):
    cf, calls = scale
    assert float(cf(tf.constant(3.0))) == 6.0  # y was fixed by the trace
    assert float(cf(x=tf.constant(2.0))) == 4.0
    assert len(calls) == 1  # no retrace


@pytest.mark.parametrize(("call", "structured", "flat"), [
    (lambda cf: cf(3), "missing a required argument: 'y'",
     "scale(x): expected argument #0(zero-based) to be a Tensor; got int (3)."),
    (lambda cf: cf(), "missing a required argument: 'x'",
     "scale(x) missing required arguments: x."),
    (lambda cf: cf(z=tf.constant(1.0)), "missing a required argument: 'x'",
     "scale(x) missing required arguments: x."),
    (lambda cf: cf(tf.constant([3.0]), 2),
     "Can not cast TensorSpec(shape=(1,), dtype=tf.float32, name=None) to "
     "TensorSpec(shape=(), dtype=tf.float32, name=None)",
     "scale(x) takes 1 positional arguments, got 2."),
    (lambda cf: cf(tf.constant(3), 2),
     "Can not cast TensorSpec(shape=(), dtype=tf.int32, name=None) to "
     "TensorSpec(shape=(), dtype=tf.float32, name=None)",
     "scale(x) takes 1 positional arguments, got 2."),
])
def test_a_call_neither_signature_accepts_is_tfs_type_error(scale, call, structured, flat):
    cf, calls = scale
    with pytest.raises(TypeError) as info:
        call(cf)
    message = str(info.value)
    assert message.startswith(f"Binding inputs to tf.function failed due to `{structured}`. "
                              f"Received args: ")
    assert ("for signature: (x: TensorSpec(shape=(), dtype=tf.float32, name=None), "
            "y: Literal[2]) -> TensorSpec(shape=(), dtype=tf.float32, name=None).") in message
    assert message.endswith(f"\nFallback to flat signature also failed due to: {flat}")
    assert len(calls) == 1


def test_the_flat_road_checks_dtypes_when_it_runs_not_shapes():
    @tf.function
    def inc(x):
        return x + 1

    cf = inc.get_concrete_function(tf.TensorSpec([2], tf.float32))
    np.testing.assert_array_equal(cf([1, 2]).numpy(), [2.0, 3.0])  # cast to float32
    np.testing.assert_array_equal(cf(tf.constant([1.0, 2.0, 3.0])).numpy(), [2.0, 3.0, 4.0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute __inference_inc_\d+ as input #0\(zero-based\) was "
                             r"expected to be a float tensor but is a int32 tensor"):
        cf(tf.constant([1, 2]))
    with pytest.raises(TypeError, match="too many positional arguments"):
        cf(tf.constant([1.0, 2.0]), 1)


def test_variable_and_object_parameters_bind_structurally_only():
    opt = tf.keras.optimizers.SGD(0.1)

    def step(w, x, optimizer):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * x)
        optimizer.apply_gradients(zip(tape.gradient(loss, [w]), [w]))

    w = tf.Variable(2.0)
    x = tf.constant([1.0])
    cf = tf.function(step).get_concrete_function(w, x, opt)
    cf(w, x, opt)
    assert float(w.numpy()) == pytest.approx(1.9)
    with pytest.raises(TypeError) as info:
        cf(w, x)  # the optimizer was part of the trace: TF wants it passed
    assert "missing a required argument: 'optimizer'" in str(info.value)
    assert str(info.value).endswith("Fallback to flat signature also failed due to: provided "
                                    "list of inputs contains objects other than "
                                    "'EagerTensor'. Item 0 is type: ResourceVariable")
    with pytest.raises(TypeError, match=r"Can not cast <eagerbook.keras.optimizers.SGD"):
        cf(w, x, tf.keras.optimizers.SGD(0.1))
    assert float(w.numpy()) == pytest.approx(1.9)  # nothing ran


def test_a_second_optimizer_cannot_create_variables_in_a_later_trace():
    v = tf.Variable(1.0)
    opt1, opt2 = tf.keras.optimizers.Adam(0.1), tf.keras.optimizers.Adam(0.1)

    @tf.function
    def step(opt):
        with tf.GradientTape() as tape:
            loss = v * v
        opt.apply_gradients(zip(tape.gradient(loss, [v]), [v]))

    step(opt1)
    before = float(v.numpy())
    with pytest.raises(ValueError, match="tf.function only supports singleton tf.Variables "
                                         "created on the first call"):
        step(opt2)
    assert float(v.numpy()) == before  # nothing changed
    step(opt1)  # the first optimizer still works (its variables exist)

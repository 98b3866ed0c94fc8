"""An Optional passed into a tf.function is traced from its OptionalSpec, as in TF: one trace
per element structure, has_value() a tensor the trace branches on, get_value() checked when
the graph runs (TF's OptionalGetValue error); OptionalSpec is an input_signature entry."""

import pytest

import eagerbook as tf

Optional = tf.experimental.Optional


def test_an_optional_spec_in_an_input_signature():
    traced = []

    @tf.function(input_signature=[tf.OptionalSpec(tf.TensorSpec([], tf.int32))])
    def plus_one_or_minus_one(opt):
        traced.append(opt)
        if opt.has_value():
            return opt.get_value() + 1
        return tf.constant(-1)

    assert plus_one_or_minus_one(Optional.from_value(tf.constant(3))).numpy() == 4
    assert plus_one_or_minus_one(Optional.empty(tf.TensorSpec([], tf.int32))).numpy() == -1
    assert len(traced) == 1
    assert not isinstance(traced[0].has_value(), type(tf.constant(True)))  # symbolic
    assert str(plus_one_or_minus_one.get_concrete_function()) == (
        "ConcreteFunction Input Parameters:\n"
        "  opt (POSITIONAL_OR_KEYWORD): OptionalSpec(TensorSpec(shape=(), dtype=tf.int32, "
        "name=None),)\n"
        "Output Type:\n"
        "  TensorSpec(shape=(), dtype=tf.int32, name=None)\n"
        "Captures:\n"
        "  None")


def test_optional_arguments_trace_once_per_element_structure():
    traced = []

    @tf.function
    def present(opt):
        traced.append(1)
        return opt.has_value()

    pair = (tf.constant(3), tf.constant([1.0]))
    assert present(Optional.from_value(pair)).numpy()
    assert present(Optional.from_value((tf.constant(4), tf.constant([2.0])))).numpy()
    assert not present(Optional.empty(Optional.from_value(pair).element_spec)).numpy()
    assert len(traced) == 1
    assert present(Optional.from_value(tf.constant(3))).numpy()
    assert present.experimental_get_tracing_count() == 2


def test_get_value_of_an_empty_optional_fails_when_the_graph_runs():
    @tf.function
    def value(opt):
        return opt.get_value()

    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        value(Optional.empty(tf.TensorSpec([], tf.int32)))
    message = str(info.value)
    assert message.startswith("Graph execution error:")
    assert "The given optional does not have a value.\n\t [[{{node OptionalGetValue}}]]" \
        in message
    assert value(Optional.from_value({"a": tf.constant([1, 2])}))["a"].numpy().tolist() == [1, 2]


def test_an_optional_made_or_returned_by_a_function():
    @tf.function
    def wrap(x):
        return Optional.from_value(x)

    @tf.function
    def nothing():
        return Optional.empty(tf.TensorSpec([2], tf.float32))

    got = wrap(tf.constant(5))
    assert (got.has_value().numpy(), got.get_value().numpy()) == (True, 5)
    empty = nothing()
    assert not empty.has_value().numpy()
    assert empty.element_spec == tf.TensorSpec([2], tf.float32)


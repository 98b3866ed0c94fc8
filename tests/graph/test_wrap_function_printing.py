"""tf.compat.v1.wrap_function's functions print as TF 2.21 prints them (a ConcreteFunction:
positional-only arg_0, arg_1, ... typed by the signature, its unnamed specs named tensor_<i>;
the outputs' types; the captured Variables), and a pruned function has no input signature."""

import re

import eagerbook as tf


def _multiply(x, y):
    return x * y


def test_a_wrapped_function_prints_as_a_concrete_function():
    wrapped = tf.compat.v1.wrap_function(
        _multiply, [tf.TensorSpec([2], tf.float32, name="a"), tf.TensorSpec([], tf.float32)])
    assert str(wrapped) == (
        "ConcreteFunction Input Parameters:\n"
        "  arg_0 (POSITIONAL_ONLY): TensorSpec(shape=(2,), dtype=tf.float32, name='a')\n"
        "  arg_1 (POSITIONAL_ONLY): TensorSpec(shape=(), dtype=tf.float32, name='tensor_1')\n"
        "Output Type:\n  TensorSpec(shape=(2,), dtype=tf.float32, name=None)\nCaptures:\n  None")
    assert str(wrapped.function_type) == (
        "(arg_0: TensorSpec(shape=(2,), dtype=tf.float32, name='a'), arg_1: TensorSpec("
        "shape=(), dtype=tf.float32, name='tensor_1'), /) -> TensorSpec(shape=(2,), "
        "dtype=tf.float32, name=None)")
    assert repr(wrapped).startswith("<ConcreteFunction (arg_0: TensorSpec(shape=(2,), ")
    assert wrapped.structured_input_signature == (
        (tf.TensorSpec([2], tf.float32, "a"), tf.TensorSpec([], tf.float32, "tensor_1")), {})
    assert wrapped(tf.constant([1.0, 2.0]), tf.constant(3.0)).numpy().tolist() == [3.0, 6.0]


def test_captured_variables_and_structured_outputs():
    def f(x):
        w = tf.compat.v1.get_variable("w", shape=[], initializer=tf.compat.v1.ones_initializer())
        return {"out": x * w, "o2": [x]}

    wrapped = tf.compat.v1.wrap_function(f, [tf.TensorSpec(None, tf.float32)])
    text = str(wrapped)
    assert "  arg_0 (POSITIONAL_ONLY): TensorSpec(shape=<unknown>, dtype=tf.float32, " \
           "name='tensor_0')\n" in text
    assert "Output Type:\n  Dict[['out', TensorSpec(shape=<unknown>, dtype=tf.float32, " \
           "name=None)], ['o2', List[TensorSpec(shape=<unknown>, dtype=tf.float32, " \
           "name=None)]]]\n" in text
    assert re.search(r"Captures:\n  \d+: TensorSpec\(shape=\(\), dtype=tf.resource, "
                     r"name=None\)$", text)


def test_a_pruned_function_has_no_parameters():
    def g():
        x = tf.compat.v1.placeholder(tf.float32, [None], name="x")
        tf.identity(x * 2, name="y")

    pruned = tf.compat.v1.wrap_function(g, []).prune(feeds="x:0", fetches="y:0")
    assert str(pruned) == ("ConcreteFunction Input Parameters:\nOutput Type:\n  TensorSpec("
                           "shape=(None,), dtype=tf.float32, name=None)\nCaptures:\n  None")
    assert pruned.structured_input_signature is None
    assert pruned.structured_outputs.name == "y:0"


def test_placeholders_and_outputs_are_named_as_tf1_graphs_name_them():
    def g(x, y):
        return {"out": x + 1.0, "o2": [x * y]}

    wrapped = tf.compat.v1.wrap_function(
        g, [tf.TensorSpec(None, tf.float32), tf.TensorSpec(None, tf.float32)])
    assert [t.name for t in wrapped.inputs] == ["Placeholder:0", "Placeholder_1:0"]
    assert [t.name for t in wrapped.outputs] == ["mul:0", "add:0"]  # (o2 first), no Identity
    assert wrapped.structured_outputs["out"].name == "add:0"
    out = wrapped(tf.constant(2.0), tf.constant(3.0))
    assert out["out"].numpy() == 3.0 and out["o2"][0].numpy() == 6.0

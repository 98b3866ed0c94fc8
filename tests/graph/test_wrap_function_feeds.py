"""wrap_function as TF's TF1-to-TF2 migration recipes use it: placeholders made inside the
wrapped function (fed by a pruned function), prune() taking tensor names, and a pruned
function's inputs and outputs. Values checked against TF 2.21."""

import pytest

import eagerbook as tf


def test_a_placeholder_inside_wrap_function_is_fed_by_the_pruned_function():
    def build():
        x = tf.compat.v1.placeholder(tf.float32, [None], name="x")
        tf.identity(x * 2, name="y")

    wrapped = tf.compat.v1.wrap_function(build, [])
    assert wrapped.inputs == []  # (fed by name, no argument of the wrapped function)
    pruned = wrapped.prune(feeds="x:0", fetches="y:0")
    assert pruned(tf.constant([1.0, 3.0])).numpy().tolist() == [2.0, 6.0]
    assert [t.name for t in pruned.inputs] == ["x:0"]
    assert [t.name for t in pruned.outputs] == ["y:0"]


def test_a_placeholder_stays_refused_eagerly():
    with pytest.raises(RuntimeError, match=r"^tf.placeholder\(\) is not compatible with eager "
                                           r"execution.$"):
        tf.compat.v1.placeholder(tf.float32)


def test_the_frozen_graph_recipe():
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 2], name="x")
        tf.identity(tf.reduce_sum(x * 3.0, axis=1), name="y")
    graph_def = g.as_graph_def()

    def imports_graph_def():
        tf.compat.v1.import_graph_def(graph_def, name="")

    wrapped = tf.compat.v1.wrap_function(imports_graph_def, [])
    graph = wrapped.graph
    frozen = wrapped.prune(tf.nest.map_structure(graph.as_graph_element, "x:0"),
                           tf.nest.map_structure(graph.as_graph_element, "y:0"))
    assert frozen(tf.constant([[1.0, 2.0]])).numpy().tolist() == [9.0]
    assert repr(frozen.inputs) == "[<tf.Tensor 'x:0' shape=(None, 2) dtype=float32>]"
    assert repr(frozen.outputs) == "[<tf.Tensor 'y:0' shape=(None,) dtype=float32>]"

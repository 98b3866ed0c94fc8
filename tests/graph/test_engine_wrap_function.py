"""tf.compat.v1.wrap_function: the docstring's example and prune(), as TF 2.21 runs them."""

import pytest

import eagerbook as tf


def _counter(x, do_add):
    v = tf.Variable(5.0)
    op = v.assign_add(x) if do_add else v.assign_sub(x)
    with tf.control_dependencies([op]):
        return v.read_value()


def test_each_wrap_traces_once_with_its_own_variables():
    f_add = tf.compat.v1.wrap_function(_counter, [tf.TensorSpec((), tf.float32), True])
    assert [float(f_add(1.0)), float(f_add(1.0))] == [6.0, 7.0]
    f_sub = tf.compat.v1.wrap_function(_counter, [tf.TensorSpec((), tf.float32), False])
    assert [float(f_sub(1.0)), float(f_sub(1.0))] == [4.0, 3.0]
    assert type(f_add).__name__ == "WrappedFunction"
    assert [v.name for v in f_add.variables] == ["Variable:0"]
    with pytest.raises(TypeError):
        f_add(1.0, 2.0)


def test_get_variable_inside_and_prune():
    def f(x):
        v = tf.compat.v1.get_variable("v", shape=[],
                                      initializer=tf.compat.v1.constant_initializer(2.0))
        a = tf.identity(v * x * 3, name="a")
        return tf.identity(a + 1, name="b")

    w = tf.compat.v1.wrap_function(f, [tf.TensorSpec([], tf.float32, name="x")])
    assert float(w(tf.constant(5.0))) == 31.0 and [v.name for v in w.variables] == ["v:0"]
    graph = w.graph
    to_a = w.prune(feeds=graph.get_tensor_by_name("x:0"), fetches=graph.get_tensor_by_name("a:0"))
    assert float(to_a(tf.constant(2.0))) == 12.0
    a_to_b = w.prune(feeds=[graph.get_tensor_by_name("a:0")],
                     fetches=[graph.get_tensor_by_name("b:0")])
    out = a_to_b(tf.constant(10.0))
    assert isinstance(out, list) and float(out[0]) == 11.0

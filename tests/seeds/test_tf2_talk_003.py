"""Seed 003: a Japanese summary of the TensorFlow 2.0 introduction talk.

The summary's code lives in screenshots, so the snippets here are reconstructions of what its
text describes, one test per point, run with ``import eagerbook as tf``:

* define-and-run (TF 1.x: placeholder, then ``Session.run``) against define-by-run (eager);
* where a NaN appears is reported at the op that made it; ``tf.print`` and ``tf.debugging``;
* eager and graph mixed: ``@tf.contrib.eager.defun``; AutoGraph turns Python ``if``/``while``
  into graph control flow inside a graph and leaves them Python when called eagerly;
* weight sharing (the Siamese network) by reusing one ``Dense`` object, weights read from
  ``layer.weights`` instead of collections;
* the API changes: ``optimizer.minimize(loss, var_list=model.weights)``, ``a.assign(b)``,
  ``a[1].assign(5)``, and the TF 1.x names that TF 2 drops.
"""

import numpy as np
import pytest

import eagerbook as tf


# --- Define-and-run (TF 1.x) versus define-by-run (eager) ----------------------------------------
def test_tf1_graph_builds_first_and_runs_in_a_session(capsys):
    g = tf.compat.v1.Graph()
    with g.as_default():
        W = tf.Variable(tf.ones([3, 2]))
        b = tf.Variable(tf.zeros([2]))
        x = tf.compat.v1.placeholder(tf.float32, shape=[None, 3])
        y = tf.matmul(x, W) + b
        init = tf.compat.v1.global_variables_initializer()
    print(y)  # a node of the graph, no value yet
    with tf.compat.v1.Session(graph=g) as sess:
        sess.run(init)
        print(sess.run(y, feed_dict={x: [[1., 2., 3.]]}))

    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Tensor(\"") and out[0].endswith(
        "shape=(None, 2), dtype=float32)")
    assert out[1] == "[[6. 6.]]"
    with pytest.raises(RuntimeError, match="not compatible with eager execution"):
        tf.compat.v1.placeholder(tf.float32, shape=[None, 3])


def test_eager_computes_as_each_line_runs(capsys):
    W = tf.Variable(tf.ones([3, 2]))
    b = tf.Variable(tf.zeros([2]))
    x = tf.constant([[1., 2., 3.]])
    y = tf.matmul(x, W) + b
    print(y)
    assert capsys.readouterr().out == "tf.Tensor([[6. 6.]], shape=(1, 2), dtype=float32)\n"


def test_eager_reports_a_bad_value_at_the_op_that_made_it(capsys):
    x = tf.constant([0., 1.])
    y = tf.math.log(x)  # -inf appears here, and we can look at it right away
    tf.print(y, output_stream=__import__("sys").stdout)  # TF 2's tf.print replaces tf.Print
    assert capsys.readouterr().out == "[-inf 0]\n"
    with np.errstate(all="ignore"), pytest.raises(tf.errors.InvalidArgumentError,
                                                  match="log.*Inf values"):
        tf.debugging.check_numerics(tf.math.log(x), "log")


def test_program_order_holds_in_eager_and_in_tf_function():
    v = tf.Variable(1.0)

    def f():
        v.assign(2.0)
        return v.read_value() + 1

    assert float(f()) == 3.0
    v.assign(1.0)
    assert float(tf.function(f)()) == 3.0  # automatic control dependencies keep the order


# --- eager and graph mixed ------------------------------------------------------------------------
def test_contrib_eager_defun_runs_one_function_as_a_graph():
    @tf.contrib.eager.defun
    def dense_relu(x, w):
        return tf.nn.relu(tf.matmul(x, w))

    x = tf.ones([1, 2])
    w = tf.constant([[1., -1.], [2., -2.]])
    np.testing.assert_array_equal(dense_relu(x, w).numpy(), [[3., 0.]])
    graph = dense_relu.get_concrete_function(x, w).graph
    kinds = [op.type for op in graph.get_operations() if op.type not in ("Placeholder", "Const")]
    assert kinds == ["MatMul", "Relu", "Identity"]  # as TF: the output goes through Identity


def huber_loss(a, delta=1.0):
    if tf.abs(a) <= delta:
        loss = a * a / 2
    else:
        loss = delta * (tf.abs(a) - delta / 2)
    return loss


def test_autograph_python_if_is_eager_when_called_eagerly_and_a_cond_in_a_graph():
    # Called eagerly: ordinary Python, the `if` reads the tensor's value.
    assert float(huber_loss(tf.constant(0.5))) == 0.125
    assert float(huber_loss(tf.constant(3.0))) == 2.5

    # Called in a graph: AutoGraph turns the `if` into graph control flow.
    graph_loss = tf.function(huber_loss)
    assert float(graph_loss(tf.constant(0.5))) == 0.125
    assert float(graph_loss(tf.constant(3.0))) == 2.5
    ops = {op.type for op in graph_loss.get_concrete_function(
        tf.TensorSpec([], tf.float32)).graph.get_operations()}
    assert "If" in ops
    assert "if_stmt" in tf.autograph.to_code(huber_loss)


def test_autograph_while_loop_on_a_tensor():
    @tf.function
    def f(x):
        while tf.reduce_sum(x) > 1:
            x = tf.tanh(x)
        return x

    tf.random.set_seed(1)
    x = tf.random.uniform([10])
    result = f(x)
    assert float(tf.reduce_sum(result)) <= 1.0
    assert float(tf.reduce_sum(x)) > 1.0  # so the loop ran
    ops = {op.type for op in f.get_concrete_function(
        tf.TensorSpec([10], tf.float32)).graph.get_operations()}
    assert "While" in ops


# --- object-oriented: weight sharing, no collections ---------------------------------------------
def test_siamese_network_shares_weights_by_reusing_a_layer_object():
    shared = tf.keras.layers.Dense(4, activation="relu")
    left = tf.keras.Input(shape=(8,))
    right = tf.keras.Input(shape=(8,))
    distance = tf.keras.layers.Lambda(lambda t: tf.abs(t[0] - t[1]))([shared(left),
                                                                      shared(right)])
    siamese = tf.keras.Model(inputs=[left, right], outputs=distance)

    assert [w.name for w in shared.weights] == [f"{shared.name}/kernel:0",
                                                f"{shared.name}/bias:0"]
    assert len(siamese.weights) == 2  # one kernel and one bias, used by both branches
    x = tf.random.normal([5, 8])
    np.testing.assert_array_equal(siamese([x, x]).numpy(), np.zeros((5, 4), np.float32))
    assert siamese([x, x + 1.0]).shape == (5, 4)


def test_minimize_takes_var_list_from_model_weights():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    x = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
    y = tf.constant([[1.], [2.], [3.]])

    def loss():
        return tf.reduce_mean(tf.square(model(x) - y))

    optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
    start = float(loss())
    for _ in range(20):
        optimizer.minimize(loss, var_list=model.weights)
    assert float(loss()) < start
    assert int(optimizer.iterations) == 20
    with pytest.raises(TypeError):
        optimizer.minimize(loss)  # TF 2: var_list is required


def test_assign_methods_replace_tf_assign():
    a = tf.Variable([1, 2, 3])
    b = tf.constant([4, 6, 8])
    a.assign(b)
    np.testing.assert_array_equal(a.numpy(), [4, 6, 8])
    a[1].assign(5)
    np.testing.assert_array_equal(a.numpy(), [4, 5, 8])


def test_tf1_names_that_tf2_drops_and_the_compat_module():
    for name in ("variable_scope", "get_variable", "assign", "Print", "get_collection"):
        assert not hasattr(tf, name), name
    assert tf.compat.v1.placeholder is not None
    assert callable(tf.debugging.assert_equal)
    assert callable(tf.debugging.check_numerics)

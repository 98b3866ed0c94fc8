"""TF 1.x optimizers (tf.compat.v1.train.AdamOptimizer, MomentumOptimizer,
GradientDescentOptimizer) as TF 2.21 builds them, values and names compared with TF by hand:
slots named after their variable (w/Adam, w/Adam_1, w/Momentum), Adam's beta1_power and
beta2_power Variables, all of them global Variables of a TF 1.x graph, variables() sorted by
name, TF 1's kernels' float32 arithmetic, the train op of a minimize with a global step (an
AssignAddVariableOp named after the optimizer) and the names a checkpoint gives them."""

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1


def _adam_graph():
    g = tf.Graph()
    with g.as_default():
        xp = v1.placeholder(tf.float32, [None, 2], name="x")
        w = v1.get_variable("w", [2, 1], initializer=v1.ones_initializer())
        loss = tf.reduce_mean(tf.square(tf.matmul(xp, w) - 1.0))
        opt = v1.train.AdamOptimizer(0.1)
        train_op = opt.minimize(loss)
    return g, xp, w, loss, opt, train_op


def test_adam_in_a_graph_has_tf1s_variables():
    g, _, w, _, opt, train_op = _adam_graph()
    with g.as_default():
        assert opt.get_slot_names() == ["m", "v"]
        assert opt.get_slot(w, "m").name == "w/Adam:0"
        assert opt.get_slot(w, "v").name == "w/Adam_1:0"
        assert opt.get_slot(w, "nope") is None
        assert [v.name for v in opt.variables()] == [
            "beta1_power:0", "beta2_power:0", "w/Adam:0", "w/Adam_1:0"]
        assert [v.name for v in v1.global_variables()] == [
            "w:0", "beta1_power:0", "beta2_power:0", "w/Adam:0", "w/Adam_1:0"]
        assert [v.name for v in v1.trainable_variables()] == ["w:0"]
    assert (train_op.name, train_op.type) == ("Adam", "NoOp")


def test_adam_steps_give_tf1s_float32_values():
    g, xp, w, loss, opt, train_op = _adam_graph()
    with g.as_default(), v1.Session() as sess:
        sess.run(v1.global_variables_initializer())
        losses = [sess.run([loss, train_op], feed_dict={xp: [[1.0, 2.0]]})[0]
                  for _ in range(3)]
        w_value, v_value = sess.run(w), sess.run(opt.get_slot(w, "v"))
    # TF 2.21's (the first fetch of the loss may see the update: it prints 4.0, 2.89, ...)
    assert [np.float32(x) for x in losses[1:]] == [np.float32(2.89), np.float32(1.9662951)]
    np.testing.assert_array_equal(w_value, np.array([[0.7029716], [0.70297146]], np.float32))
    # (v's last bit follows the gradient's matmul, which depends on the BLAS kernel)
    np.testing.assert_allclose(v_value, np.array([[0.03538118], [0.14152473]], np.float32),
                               rtol=1e-6)


def test_eager_slots_are_named_after_the_variable():
    v = tf.Variable(1.0)
    opt = v1.train.AdamOptimizer(0.1)
    assert opt.minimize(lambda: v * v) is None
    assert v.numpy() == np.float32(0.90000004)
    assert [x.name for x in opt.variables()] == [
        "Variable/Adam:0", "Variable/Adam_1:0", "beta1_power:0", "beta2_power:0"]
    assert not hasattr(opt, "iterations")


def test_adam_inside_a_tf_function_and_its_checkpoint_keys(tmp_path):
    v = tf.Variable([1.0, 2.0], name="v")
    opt = v1.train.AdamOptimizer(0.1)

    @tf.function
    def step():
        opt.minimize(lambda: tf.reduce_sum(v * v), var_list=[v])

    for _ in range(3):
        step()
    np.testing.assert_array_equal(v.numpy(), np.array([0.7015873, 1.7006245], np.float32))
    np.testing.assert_array_equal(opt.get_slot(v, "m").numpy(),
                                  np.array([0.48408264, 1.0260335], np.float32))
    path = tf.train.Checkpoint(opt=opt, v=v).save(str(tmp_path / "ckpt"))
    assert [name for name, _ in tf.train.list_variables(path)] == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "opt/beta1_power/.ATTRIBUTES/VARIABLE_VALUE",
        "opt/beta2_power/.ATTRIBUTES/VARIABLE_VALUE", "save_counter/.ATTRIBUTES/VARIABLE_VALUE",
        "v/.ATTRIBUTES/VARIABLE_VALUE", "v/.OPTIMIZER_SLOT/opt/m/.ATTRIBUTES/VARIABLE_VALUE",
        "v/.OPTIMIZER_SLOT/opt/v/.ATTRIBUTES/VARIABLE_VALUE"]


def test_nesterov_momentum_as_tf1():
    u = tf.Variable(3.0)
    mom = v1.train.MomentumOptimizer(0.1, 0.9, use_nesterov=True)
    for _ in range(3):
        mom.minimize(lambda: u * u)
    assert u.numpy() == np.float32(-0.3250559)
    assert mom.get_slot(u, "momentum").numpy() == np.float32(9.542399)
    assert mom.get_slot_names() == ["momentum"]
    assert [x.name for x in mom.variables()] == ["Variable/Momentum:0"]


def test_sparse_gradients_update_as_tf1():
    emb = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    adam = v1.train.AdamOptimizer(0.5)
    for _ in range(2):
        adam.minimize(lambda: tf.reduce_sum(tf.nn.embedding_lookup(emb, [0, 2, 0])))
    np.testing.assert_array_equal(emb.numpy(), np.array(
        [[1.8179417e-06, 1.0000018e+00], [3.0, 4.0], [4.0000019e+00, 5.0000019e+00]], np.float32))


def test_a_global_step_makes_the_increment_the_train_op_and_saver_keys(tmp_path):
    g = tf.Graph()
    with g.as_default():
        w = v1.get_variable("w", [2], initializer=v1.ones_initializer())
        b = v1.get_variable("b", [], initializer=v1.zeros_initializer())
        opt = v1.train.AdamOptimizer(0.01)
        step = v1.train.get_or_create_global_step()
        train = opt.minimize(tf.reduce_sum(w * w) + b * b, global_step=step)
        assert (train.name, train.type) == ("Adam", "AssignAddVariableOp")
        saver = v1.train.Saver()
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            for _ in range(2):
                assert sess.run(train) is None
            w_value, step_value = sess.run([w, step])
            path = saver.save(sess, str(tmp_path / "v1ckpt"))
    np.testing.assert_array_equal(w_value, np.array([0.98000276, 0.98000276], np.float32))
    assert step_value == 2
    assert [name for name, _ in tf.train.list_variables(path)] == [
        "b", "b/Adam", "b/Adam_1", "beta1_power", "beta2_power", "global_step", "w", "w/Adam",
        "w/Adam_1"]


def test_no_gradients_or_no_variables():
    with pytest.raises(ValueError, match="No gradients provided for any variable"):
        v1.train.GradientDescentOptimizer(0.1).apply_gradients([(None, tf.Variable(1.0))])
    with pytest.raises(ValueError, match="^No variables provided.$"):
        v1.train.GradientDescentOptimizer(0.1).apply_gradients([])

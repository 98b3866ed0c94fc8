"""The Keras 2 backend functions (tf.keras.backend.*) beyond the basic ones; expected values
are TF 2.21's (tf_keras) on the same inputs."""
import numpy as np
import pytest

import eagerbook as tf

K = tf.keras.backend
X = [[1., -2., 3.], [4., 5., -6.]]


def _x():
    return tf.constant(X)


def test_reductions_and_arg_functions():
    x = _x()
    assert K.max(x).numpy() == 5.0
    np.testing.assert_array_equal(K.min(x, axis=1).numpy(), [-2., -6.])
    np.testing.assert_array_equal(K.prod(x, axis=0, keepdims=True).numpy(), [[4., -10., -18.]])
    np.testing.assert_allclose(K.var(x).numpy(), 14.472222, rtol=1e-6)
    assert K.any(x > 4).numpy() and K.any(tf.constant([0, 1])).numpy()
    np.testing.assert_array_equal(K.all(x, axis=1).numpy(), [True, True])
    assert K.argmax(x).dtype == tf.int64
    np.testing.assert_array_equal(K.argmax(x).numpy(), [2, 1])
    np.testing.assert_array_equal(K.argmin(x, axis=0).numpy(), [0, 0, 1])
    np.testing.assert_array_equal(K.cumsum(x).numpy(), [[1., -2., 3.], [5., 3., -3.]])
    np.testing.assert_array_equal(K.cumprod(x, axis=1).numpy(), [[1., -2., -6.], [4., 20., -120.]])


def test_elementwise_functions_and_activations():
    x = _x()
    np.testing.assert_array_equal(K.round(tf.constant([0.5, 1.5, 2.4])).numpy(), [0., 2., 2.])
    np.testing.assert_array_equal(K.pow(x, 2).numpy(), np.square(X))
    np.testing.assert_array_equal(K.greater_equal(x, 3).numpy(),
                                  [[False, False, True], [True, True, False]])
    np.testing.assert_allclose(K.relu(x, alpha=0.1, max_value=4.).numpy(),
                               [[1., -0.2, 3.], [4., 4., -0.6]])
    np.testing.assert_allclose(K.elu(x, 0.5).numpy(), [[1., -0.4323, 3.], [4., 5., -0.4988]],
                               atol=1e-4)
    np.testing.assert_allclose(K.hard_sigmoid(x).numpy(), [[0.7, 0.1, 1.], [1., 1., 0.]],
                               atol=1e-6)
    np.testing.assert_allclose(K.softsign(x).numpy()[0], [0.5, -2 / 3, 0.75], rtol=1e-6)
    np.testing.assert_allclose(K.softmax(x).numpy()[1], [0.2689, 0.731, 0.], atol=1e-4)


def test_shapes_one_hot_and_normalisation():
    x = _x()
    assert K.expand_dims(x).shape == (2, 3, 1)
    assert K.squeeze(tf.ones((2, 1, 3)), 1).shape == (2, 3)
    assert K.tile(x, (1, 2)).shape == (2, 6) and K.tile(tf.ones((3,)), 2).shape == (6,)
    np.testing.assert_array_equal(K.reverse(x, 1).numpy(), [[3., -2., 1.], [-6., 5., 4.]])
    np.testing.assert_array_equal(K.one_hot(tf.constant([0, 2]), 3).numpy(),
                                  [[1., 0., 0.], [0., 0., 1.]])
    np.testing.assert_allclose(K.l2_normalize(x, axis=1).numpy()[0], [0.2673, -0.5345, 0.8018],
                               atol=1e-4)
    stopped = K.stop_gradient([x, x])
    assert isinstance(stopped, map) and len(list(stopped)) == 2  # Keras 2 returns a map


def test_switch_in_top_k_bias_add_and_crossentropy():
    x = _x()
    np.testing.assert_array_equal(K.switch(K.greater(x, 0), x, -x).numpy(), np.abs(X))
    assert K.switch(tf.constant(0), 1.0, 2.0) == 2.0
    assert float(K.switch(tf.constant(True), lambda: tf.constant(1.0), lambda: 1 / 0)) == 1.0
    np.testing.assert_array_equal(
        K.in_top_k(tf.constant([[0.1, 0.9], [0.8, 0.2]]), tf.constant([1, 1]), 1).numpy(),
        [True, False])
    np.testing.assert_array_equal(K.bias_add(x, tf.constant([1., 2., 3.])).numpy(),
                                  [[2., 0., 6.], [5., 7., -3.]])
    probs = tf.constant([[0.05, 0.95, 0.], [0.1, 0.8, 0.1]])
    np.testing.assert_allclose(
        K.sparse_categorical_crossentropy(tf.constant([1, 2]), probs).numpy(),
        [0.05129, 2.30259], atol=1e-5)
    logits = tf.constant([[1., 2., 3.], [1., 2., 3.]])
    np.testing.assert_allclose(
        K.sparse_categorical_crossentropy(tf.constant([1, 0]), logits, from_logits=True).numpy(),
        [1.40761, 2.40761], atol=1e-5)


def test_variable_updates_and_uids():
    v = K.variable(np.zeros((2,)))
    K.update_add(v, [1., 2.])
    K.update_sub(v, [0.5, 0.5])
    np.testing.assert_array_equal(K.batch_get_value([v])[0], [0.5, 1.5])
    K.batch_set_value([(v, [3., 4.])])
    np.testing.assert_array_equal(v.numpy(), [3., 4.])
    K.clear_session()
    tf.keras.layers.Dense(1)
    # get_uid counts apart from the layer names: the Dense above does not count
    assert [K.get_uid("dense"), K.get_uid("new"), K.get_uid("new")] == [1, 1, 2]
    K.reset_uids()
    assert K.get_uid("dense") == 1
    K.clear_session()


def test_backend_functions_on_keras_tensors_become_layers():
    inputs = tf.keras.Input((3,))
    outputs = K.max(inputs, axis=1, keepdims=True)
    assert outputs.shape.as_list() == [None, 1]
    model = tf.keras.Model(inputs, outputs)
    np.testing.assert_array_equal(model(_x()).numpy(), [[3.], [5.]])


@pytest.mark.parametrize("name", ["max", "min", "any", "all", "round", "pow", "sum", "abs"])
def test_builtin_names_are_kerass_functions_but_the_module_still_works(name):
    assert getattr(K, name).__module__ == "eagerbook.keras.backend"
    assert K.zeros((2, 2)).shape == (2, 2)  # (the module's own code uses Python's all())

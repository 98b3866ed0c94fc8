"""tf.keras.backend.dot on KerasTensors of more than two axes makes TF's layers in TF's
order (tf.compat.v1.shape, tf.unstack, ..., tf.reshape), so it and the layers made after it
are named and numbered as TF's (the backend docstrings print 'tf.reshape_2',
'tf.compat.v1.shape_2', 'tf.compat.v1.transpose_1' in one program); unknown sizes keep one
layer. A KerasTensor whose values TF's shape inference knows prints them (str), as TF's."""

import numpy as np
import pytest

import eagerbook as tf

K = tf.keras.backend


@pytest.fixture(autouse=True)
def _fresh_names():
    K.clear_session()
    yield
    K.clear_session()


def test_dot_makes_tf_s_layers_and_numbers():
    xy = K.dot(K.placeholder(shape=(2, 3)), K.placeholder(shape=(3, 4)))
    assert repr(xy) == "<KerasTensor: shape=(2, 4) dtype=float32 (created by layer " \
                       "'tf.linalg.matmul')>"
    xy = K.dot(K.placeholder(shape=(32, 28, 3)), K.placeholder(shape=(3, 4)))
    assert repr(xy) == "<KerasTensor: shape=(32, 28, 4) dtype=float32 (created by layer " \
                       "'tf.reshape_2')>"
    assert repr(K.shape(K.placeholder(shape=(2, 4, 5)))) == \
        "<KerasTensor: shape=(3,) dtype=int32 inferred_value=[2, 4, 5] (created by layer " \
        "'tf.compat.v1.shape_2')>"
    assert repr(K.transpose(K.placeholder((2, 3)))) == \
        "<KerasTensor: shape=(3, 2) dtype=float32 (created by layer " \
        "'tf.compat.v1.transpose_1')>"


def test_dot_values_and_unknown_sizes():
    a = np.random.RandomState(0).rand(2, 3, 4).astype("float32")
    b = np.random.RandomState(1).rand(5, 4, 6).astype("float32")
    np.testing.assert_allclose(K.dot(tf.constant(a), tf.constant(b)).numpy(), np.dot(a, b),
                               rtol=1e-5)
    inputs = tf.keras.Input((5, 3))
    out = K.dot(inputs, tf.ones((3, 2)))
    assert out.shape.as_list() == [None, 5, 2]
    model = tf.keras.Model(inputs, out)
    assert [layer.name for layer in model.layers] == ["input_1", "tf.linalg.matmul"]
    np.testing.assert_allclose(model(np.ones((2, 5, 3))).numpy(), np.full((2, 5, 2), 3.0))


def test_a_known_value_shows_in_str():
    x = K.placeholder(shape=(3, 4))
    assert str(tf.shape(x)) == (
        "KerasTensor(type_spec=TensorSpec(shape=(2,), dtype=tf.int32, name=None), "
        "inferred_value=[3, 4], name='tf.compat.v1.shape/Shape:0', "
        "description=\"created by layer 'tf.compat.v1.shape'\")")

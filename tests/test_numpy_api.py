"""tf.experimental.numpy: NumPy's dtype rules on eagerbook tensors, and
experimental_enable_numpy_behavior (methods, indexing and promoting operators on every
Tensor). Expected values are TF 2.21's."""

import importlib

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.api import numpy_api

tnp = tf.experimental.numpy



def test_module_is_importable_as_tensorflow_names_it():
    assert importlib.import_module("eagerbook.experimental.numpy") is tnp
    assert tnp.float32 is np.float32 and tnp.ndarray is tf.Tensor


@pytest.mark.parametrize(("make", "dtype"), [
    (lambda: tnp.asarray(1), tf.int64), (lambda: tnp.asarray(1.), tf.float64),
    (lambda: tnp.ones([2]), tf.float64), (lambda: tnp.arange(3), tf.int64),
    (lambda: tnp.arange(3.), tf.float64), (lambda: tnp.random.randn(2), tf.float64),
    (lambda: tnp.add(tnp.ones([2], tnp.float32), 1.5), tf.float32),
    (lambda: tnp.add(tnp.ones([2], tnp.int32), 1.5), tf.float64),
    (lambda: tnp.add(tnp.ones([2], tnp.int32), 1), tf.int32),
    (lambda: tnp.add(tnp.ones([2], tnp.float32), tnp.ones([2], tnp.int32)), tf.float64),
    (lambda: tnp.mean(tnp.ones([2], tnp.int32)), tf.float64),
    (lambda: tnp.sum(tnp.ones([2], tnp.int32)), tf.int64),
    (lambda: tnp.divide(tnp.ones([2], tnp.int32), 2), tf.float64),
    (lambda: tnp.maximum(tnp.ones([2], tnp.float32), 0), tf.float32),
])
def test_numpy_dtype_rules(make, dtype):
    assert make().dtype == dtype


def test_functions_accept_numpy_and_tensors():
    assert float(tnp.sum(np.ones([2, 3]))) == 6.0
    assert tnp.sum(tf.ones([2, 3])).dtype == tf.float32
    assert tnp.matmul(tnp.ones([2, 3], tnp.float32), np.ones([3, 1])).dtype == tf.float64
    assert tnp.where([True, False], 1, 2.5).numpy().tolist() == [1.0, 2.5]


def test_plain_tensors_keep_tf_rules_until_numpy_behavior_is_enabled():
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.constant(1) + tf.constant(1.5)
    assert not hasattr(tf.constant(1.0), "T")


def test_numpy_behavior(numpy_behavior):
    ones = tnp.ones([5, 3], dtype=tnp.float32)
    assert ones.T.shape == [3, 5] and ones.reshape(-1).shape == [15] and ones.data is ones
    assert (tf.constant(1) + tf.constant(1.5)).numpy() == 2.5
    assert (tf.constant([1, 2]) + 1.5).dtype == tf.float64
    i32 = tnp.ones([2], tnp.int32)
    assert (i32 + 1).dtype == tf.int32 and (i32 / i32).dtype == tf.float64
    assert (tnp.ones([2], tnp.float32) / 8).dtype == tf.float32
    assert (tf.Variable(2.0) * tf.constant(2, tf.int32)).dtype == tf.float64
    assert tnp.sqrt(32).astype(tnp.float32).dtype == tf.float32
    assert np.sum(tnp.ones([2, 3])).__class__ is np.float64


def test_numpy_indexing(numpy_behavior):
    x = tnp.arange(24).reshape(2, 3, 4)
    assert x[1, tnp.newaxis, 1:3, ...].shape == [1, 2, 4]
    assert x[:, (True, False, True)].numpy().tolist() == [
        [[0, 1, 2, 3], [8, 9, 10, 11]], [[12, 13, 14, 15], [20, 21, 22, 23]]]
    assert x[1, (0, 0, 1), tnp.asarray([0, 1, 1])].numpy().tolist() == [12, 13, 17]
    with pytest.raises(TypeError):
        tnp.arange(6)[1] = -1


def test_gradients_flow_through_numpy_code(numpy_behavior):
    w = tnp.random.randn(3, 2).astype(tnp.float32)
    x = tnp.ones([4, 3], tnp.float32)
    with tf.GradientTape() as tape:
        tape.watch(w)
        loss = tnp.sum(tnp.square(tnp.maximum(tnp.matmul(x, w), 0)))
    assert tape.gradient(loss, w).shape == [3, 2]


def test_disabling_restores_tf_rules():
    tnp.experimental_enable_numpy_behavior()
    numpy_api._disable_numpy_behavior()
    assert not hasattr(tf.constant(1.0), "T")
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.constant(1) + tf.constant(1.5)


def test_astype_takes_a_tf_dtype_and_where_returns_a_list(numpy_behavior):
    # (TF 2.21 prints these for the NumPy API guide's snippets)
    x = tf.constant([1, 2])
    assert x.astype(tf.float32).dtype == tf.float32
    assert x.astype(tnp.float64).dtype == tf.float64
    assert tnp.asarray([1, 2], dtype=tf.float16).dtype == tf.float16
    rows = tnp.where([[True, False], [False, True]])
    assert isinstance(rows, list)
    assert [r.numpy().tolist() for r in rows] == [[0, 1], [0, 1]]
    assert rows[0].dtype == tf.int64


def test_matmul_of_vectors_as_numpy(numpy_behavior):
    # TF 2.21: tnp.matmul and, with NumPy behavior on, `@` treat a 1-D operand as a vector
    assert float(tnp.matmul([1., 2.], [3., 4.])) == 11.0
    assert tnp.matmul([1., 2.], [[1., 0.], [0., 1.]]).numpy().tolist() == [1., 2.]
    assert tnp.matmul([[1., 2.]], [3., 4.]).numpy().tolist() == [11.]
    assert tnp.matmul(tf.ones([2, 2, 3]), tf.ones([3])).shape == (2, 2)
    product = tf.ones([2]) @ tf.ones([2])
    assert product.shape == () and float(product) == 2.0
    mixed = tf.constant([1, 2]) @ tf.constant([1., 2.])
    assert mixed.dtype == tf.float64 and float(mixed) == 5.0
    assert float(tf.Variable([1., 2.]) @ tf.ones([2])) == 3.0
    with pytest.raises(ValueError, match="ndims must be == 2"):
        tnp.matmul(1., 2.)

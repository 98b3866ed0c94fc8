"""tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all"/"safe"): TF's lattice.

Expected texts are TF 2.21's (the TF-NumPy type promotion guide, and TF run on the same code).
"""
import numpy as np
import pytest

import eagerbook as tf
from eagerbook.api import numpy_api

tnp = tf.experimental.numpy


@pytest.fixture
def mode():
    def switch(name):
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=name)
    yield switch
    numpy_api._disable_numpy_behavior()


def test_all_mode_promotes_along_the_lattice(mode):
    mode("all")
    assert repr(tf.constant(10, dtype=tf.int32) + tf.constant(5.0, dtype=tf.float32)) == \
        "<tf.Tensor: shape=(), dtype=float32, numpy=15.0>"
    assert (tf.constant(10, dtype=tf.int8) + tf.constant(5, dtype=tf.uint32)).dtype == tf.int64
    assert repr(tf.constant(1, tf.int64) + tf.constant(3.2, tf.float16)) == \
        "<tf.Tensor: shape=(), dtype=float16, numpy=4.19921875>"
    assert repr(tf.constant(5, tf.int16) - tf.constant(1, tf.float32)) == \
        "<tf.Tensor: shape=(), dtype=float32, numpy=4.0>"


def test_python_values_make_weak_tensors(mode):
    mode("all")
    five = tf.constant(5)
    assert repr(five) == "<tf.Tensor: shape=(), dtype=int32, numpy=5, weak=True>"
    assert str(five) == "tf.Tensor(5, shape=(), dtype=int32, weak=True)"
    assert repr(tf.constant([5.0, 10.0, 3])) == ("<tf.Tensor: shape=(3,), dtype=float32, "
                                                 "numpy=array([ 5., 10.,  3.], dtype=float32), "
                                                 "weak=True>")
    assert repr(-five) == "<tf.Tensor: shape=(), dtype=int32, numpy=-5, weak=True>"
    assert repr(tf.constant(5, tf.int32)) == "<tf.Tensor: shape=(), dtype=int32, numpy=5>"
    assert repr(tf.constant(True)) == "<tf.Tensor: shape=(), dtype=bool, numpy=True>"
    assert repr(tnp.array(1)) == "<tf.Tensor: shape=(), dtype=int32, numpy=1, weak=True>"
    assert repr(tnp.array(1.0)) == "<tf.Tensor: shape=(), dtype=float32, numpy=1.0, weak=True>"


def test_weak_operands_take_the_other_dtype(mode):
    mode("all")
    five = tf.constant(5)
    assert repr(five + five) == "<tf.Tensor: shape=(), dtype=int32, numpy=10, weak=True>"
    assert repr(five * 2.5) == "<tf.Tensor: shape=(), dtype=float32, numpy=12.5, weak=True>"
    assert repr(five + np.int8(3)) == "<tf.Tensor: shape=(), dtype=int8, numpy=8>"
    assert repr(tf.constant(1.2) + tf.constant(3.1, tf.float16)) == \
        "<tf.Tensor: shape=(), dtype=float16, numpy=4.30078125>"
    assert repr(tf.constant([1.5, 2.0]) + tf.constant(1, tf.int8)) == \
        "<tf.Tensor: shape=(2,), dtype=float64, numpy=array([2.5, 3. ]), weak=True>"


def test_binary_math_functions_and_constant_conversions(mode):
    mode("all")
    a, b, c = np.array(1, dtype=np.int8), tf.constant(1), np.array(1, dtype=np.float16)
    assert repr(tf.add(tf.add(a, b), c)) == "<tf.Tensor: shape=(), dtype=float16, numpy=3.0>"
    assert repr(tf.add(tf.add(b, a), c)) == "<tf.Tensor: shape=(), dtype=float16, numpy=3.0>"
    assert repr(tf.constant(tf.constant(10, tf.int16), tf.float32)) == \
        "<tf.Tensor: shape=(), dtype=float32, numpy=10.0>"


def test_safe_mode_refuses_risky_promotions_in_tfs_words(mode):
    mode("safe")
    with pytest.raises(TypeError) as caught:
        tf.constant(10, dtype=tf.int32) + tf.constant(5.0, dtype=tf.float32)
    assert str(caught.value) == (
        "In promotion mode PromoMode.SAFE, implicit dtype promotion between (<dtype: 'int32'>, "
        "weak=False) and (<dtype: 'float32'>, weak=False) is disallowed. You need to explicitly "
        "specify the dtype in your op, or relax your dtype promotion rules (such as from SAFE "
        "mode to ALL mode).")
    with pytest.raises(TypeError, match=r"\(<dtype: 'uint8'>, weak=False\) and "
                                        r"\(<dtype: 'float32'>, weak=True\)"):
        tf.constant(1, tf.uint8) + 1.5
    assert (tf.constant(1, tf.int8) + tf.constant(1, tf.int32)).dtype == tf.int32


def test_legacy_mode_keeps_numpys_rules(mode):
    mode("legacy")
    total = tf.constant(1) + tf.constant(1.5)
    assert repr(total) == "<tf.Tensor: shape=(), dtype=float64, numpy=2.5>"


def test_unary_math_keeps_a_weak_input_weak(mode):
    mode("all")
    assert repr(tf.math.abs([100.0, 4.0])) == (
        "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([100.,   4.], dtype=float32), "
        "weak=True>")
    assert repr(abs(tf.constant(-2.5))) == \
        "<tf.Tensor: shape=(), dtype=float32, numpy=2.5, weak=True>"
    assert repr(tf.abs(tf.constant([-1], tf.int8))) == \
        "<tf.Tensor: shape=(1,), dtype=int8, numpy=array([1], dtype=int8)>"


def test_weak_results_keep_their_gradients(mode):
    mode("all")
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x + 1.0
    assert repr(y) == "<tf.Tensor: shape=(), dtype=float32, numpy=5.0, weak=True>"
    assert float(tape.gradient(y, x)) == 4.0


def test_off_mode_keeps_tfs_operators(mode):
    mode("off")
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.constant(1) + tf.constant(1.5)
    assert repr(tf.constant(1, tf.int8) + 1) == "<tf.Tensor: shape=(), dtype=int8, numpy=2>"
    assert repr(tf.constant([1., 2.]).T) == \
        "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>"
    assert repr(tnp.asarray(1)) == "<tf.Tensor: shape=(), dtype=int64, numpy=1>"


def test_an_unknown_mode_is_refused_in_tfs_words(mode):
    with pytest.raises(ValueError) as caught:
        mode("bogus")
    assert str(caught.value) == (
        "The provided promotion mode bogus does not exist. Make sure the provided dtype "
        "conversion mode is one of the followings: 'off', 'legacy', 'safe' or 'all'.")


def test_weak_matrices_multiply(mode):
    mode("all")
    a = tf.constant([[1.5, -2.0], [0.5, 3.0]])
    assert type(a).__name__ == "EagerWeakTensor"
    expected = ("<tf.Tensor: shape=(2, 2), dtype=float32, numpy=\n"
                "array([[ 1.25, -9.  ],\n"
                "       [ 2.25,  8.  ]], dtype=float32), weak=True>")
    assert repr(a @ a) == expected
    assert repr(tf.matmul(a, a)) == expected
    assert repr(tf.matmul(tf.constant([[1, 2]]), tf.constant([[3.], [4.]]))) == \
        "<tf.Tensor: shape=(1, 1), dtype=float32, numpy=array([[11.]], dtype=float32), weak=True>"
    assert repr(tf.reshape(tensor=tf.constant([1, 2]), shape=[2, 1])) == (
        "<tf.Tensor: shape=(2, 1), dtype=int32, numpy=\narray([[1],\n       [2]], "
        "dtype=int32), weak=True>")
    assert repr(tf.add(x=tf.constant(1), y=2.5)) == \
        "<tf.Tensor: shape=(), dtype=float32, numpy=3.5, weak=True>"
    assert "weak" not in repr(tf.nn.relu(a))

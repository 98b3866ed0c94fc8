"""``tf.bfloat16``: the dtype, casts to and from it, tensors and Variables holding it, printed
as TF 2.21 prints them (values in NumPy's bfloat16 type, from ml_dtypes as in TF). eagerbook's
kernels do not compute in it: an op given bfloat16 says so. Expectations are TF's output."""

import pytest

import eagerbook as tf
from eagerbook.core import dtypes_bfloat16

ml_dtypes = pytest.importorskip(
    "ml_dtypes", reason="bfloat16 values need the ml_dtypes package (the test extra installs it)")


def test_the_dtype():
    assert repr(tf.bfloat16) == "tf.bfloat16" and str(tf.bfloat16) == "<dtype: 'bfloat16'>"
    assert tf.bfloat16.name == "bfloat16" and tf.bfloat16.is_floating
    assert not tf.bfloat16.is_integer and tf.bfloat16.size == 2
    assert str(tf.bfloat16.max) == "3.38953e+38" and str(tf.bfloat16.min) == "-3.38953e+38"
    assert tf.bfloat16.as_numpy_dtype is ml_dtypes.bfloat16
    assert tf.dtypes.as_dtype("bfloat16") is tf.bfloat16 is tf.dtypes.bfloat16
    assert tf.as_dtype(ml_dtypes.bfloat16) is tf.bfloat16 and tf.as_dtype(14) is tf.bfloat16
    assert tf.bfloat16 != tf.float16 and tf.bfloat16.real_dtype is tf.bfloat16


def test_tensors_casts_and_printing():
    t = tf.constant([1.5, 2.25, 3.14159], dtype=tf.bfloat16)
    assert repr(t) == ("<tf.Tensor: shape=(3,), dtype=bfloat16, numpy=array([1.5, 2.25, "
                       "3.14062], dtype=bfloat16)>")
    assert str(t) == "tf.Tensor([1.5 2.25 3.14062], shape=(3,), dtype=bfloat16)"
    x = tf.cast(tf.constant([1.1, 2.2, 1000.7]), tf.bfloat16)
    assert repr(x.numpy()) == "array([1.10156, 2.20312, 1000], dtype=bfloat16)"
    assert repr(tf.cast(x, tf.float32)) == ("<tf.Tensor: shape=(3,), dtype=float32, "
                                            "numpy=array([   1.1015625,    2.203125 , "
                                            "1000.       ], dtype=float32)>")
    assert repr(tf.compat.v1.to_bfloat16(tf.constant(3.14, dtype=tf.float32))) == (
        "<tf.Tensor: shape=(), dtype=bfloat16, numpy=3.140625>")
    assert repr(tf.zeros([2], tf.bfloat16)) == (
        "<tf.Tensor: shape=(2,), dtype=bfloat16, numpy=array([0, 0], dtype=bfloat16)>")
    assert repr(tf.Variable([1.0, 2.0], dtype=tf.bfloat16)).endswith(
        "shape=(2,) dtype=bfloat16, numpy=array([1, 2], dtype=bfloat16)>")


def test_kernels_say_they_do_not_compute_in_bfloat16():
    x = tf.cast(tf.constant([1.1, 2.2]), tf.bfloat16)
    with pytest.raises(tf.errors.UnimplementedError, match=r"eagerbook's AddV2 kernel does not "
                       r"compute in bfloat16 \(it holds and casts it\): cast to float32 first "
                       r"\[Op:AddV2\]"):
        x + x


def test_without_the_numpy_type_a_cast_says_what_it_needs(monkeypatch):
    monkeypatch.setattr(dtypes_bfloat16, "AVAILABLE", False)
    with pytest.raises(tf.errors.UnimplementedError, match="ml_dtypes"):
        tf.cast(tf.constant([1.0]), tf.bfloat16)

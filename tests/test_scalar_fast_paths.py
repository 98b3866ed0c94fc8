"""The fast paths of a Python float hinted to a float dtype and of a scalar divisor.

`loss / 2.0` and a Keras loss's mean over the batch convert a Python float (float32 or
float64 asked or hinted) and divide by a 0-d tensor on every training step. Both take a short
road: these tests hold that they do, and that every value and warning is the general road's.
"""

import warnings

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import python_values
from eagerbook.core.tensor import convert_to_tensor
from eagerbook.ops import REGISTRY


def _refuse(*args, **kwargs):
    raise AssertionError("the general road was taken")


FINITE = [2.5, -0.0, 1e-45, 3.4028234663852886e38]  # (the last: float32's largest)


@pytest.mark.parametrize("dtype, value", [(tf.float32, v) for v in FINITE]
                         + [(tf.float64, v) for v in FINITE + [1e300, float("nan")]])
def test_hinted_float_skips_the_general_checks(monkeypatch, dtype, value):
    expected = np.array(value, dtype.as_numpy_dtype)
    monkeypatch.setattr(python_values, "rectangular_array", _refuse)
    for t in (convert_to_tensor(value, dtype_hint=dtype), convert_to_tensor(value, dtype=dtype)):
        assert t.dtype is dtype
        np.testing.assert_array_equal(t.numpy(), expected)
        assert t.numpy().tobytes() == expected.tobytes()  # -0.0 keeps its sign


@pytest.mark.parametrize("value", [1e39, -1e39, float("inf"), float("nan")])
def test_float32_past_its_range_takes_the_general_road(value):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (no overflow warning, as before)
        t = convert_to_tensor(value, dtype_hint=tf.float32)
    assert t.dtype is tf.float32
    np.testing.assert_array_equal(t.numpy(), np.float32(value) if abs(value) < 1e39
                                  else np.float32(np.sign(value) * np.inf))


def test_other_hints_and_tracing_keep_the_general_road():
    assert convert_to_tensor(2.0, dtype_hint=tf.int32).dtype is tf.float32  # cannot: default
    assert convert_to_tensor(2.0, dtype_hint=tf.float16).dtype is tf.float16
    with pytest.raises(TypeError, match="Cannot convert 2.5 to EagerTensor of dtype int32"):
        convert_to_tensor(2.5, dtype=tf.int32)

    @tf.function
    def halve(x):
        return x / 2.0

    assert float(halve(tf.constant(3.0))) == 1.5


def test_scalar_divisor_skips_errstate(monkeypatch):
    kernel = REGISTRY["RealDiv"].kernel
    x = np.array([1.0, -3.0, np.inf, np.nan], np.float32)
    monkeypatch.setattr(np, "errstate", _refuse)
    got = kernel(x, np.array(4.0, np.float32))
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, x / np.float32(4.0))


@pytest.mark.parametrize("divisor", [0.0, -0.0, np.inf, np.nan])
def test_other_scalar_divisors_stay_silent(divisor):
    x = tf.constant([1.0, 0.0, -2.0, np.inf])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = (x / tf.constant(divisor)).numpy()
    with np.errstate(divide="ignore", invalid="ignore"):
        want = x.numpy() / np.float32(divisor)
    np.testing.assert_array_equal(got, want)

"""mobilenet_v2 / inception_v3 preprocess_input as TF's: NumPy integer pixels become a new
float32 array (not float64), NumPy floats are scaled in place, tensors give new tensors, a
list or a uint8 tensor fails with TF's error (checked against TF 2.21)."""

import numpy as np
import pytest

import eagerbook as tf

MODULES = [tf.keras.applications.mobilenet_v2, tf.keras.applications.inception_v3]


@pytest.mark.parametrize("module", MODULES)
def test_integer_arrays_become_float32(module):
    pixels = np.array([[0, 255]], np.uint8)
    out = module.preprocess_input(pixels)
    assert isinstance(out, np.ndarray) and out.dtype == np.float32
    assert out.tolist() == [[-1.0, 1.0]] and pixels.tolist() == [[0, 255]]


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_float_arrays_are_scaled_in_place(module, dtype):
    pixels = np.array([[0.0, 255.0]], dtype)
    out = module.preprocess_input(pixels)
    assert out is pixels and out.dtype == dtype and pixels.tolist() == [[-1.0, 1.0]]


@pytest.mark.parametrize("module", MODULES)
def test_tensors_and_lists(module):
    out = module.preprocess_input(tf.constant([[0.0, 255.0]]))
    assert out.dtype == tf.float32 and out.numpy().tolist() == [[-1.0, 1.0]]
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for /=: 'list' and "
                                        r"'float'"):
        module.preprocess_input([[0, 255]])
    with pytest.raises(TypeError, match="`x` and `y` must have the same dtype, got tf.uint8 "
                                        "!= tf.float32."):
        module.preprocess_input(tf.constant([[0, 255]], tf.uint8))

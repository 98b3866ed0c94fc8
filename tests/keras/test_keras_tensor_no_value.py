"""What needs a KerasTensor's value fails as in TF 2.21 (tf.keras, legacy Keras): no numpy()
attribute at all, and TF's TypeErrors for len()/bool() and for NumPy conversion."""

import numpy as np
import pytest

import eagerbook as tf


def test_a_keras_tensor_has_no_value():
    inputs = tf.keras.Input(shape=(3,))
    with pytest.raises(AttributeError, match="'KerasTensor' object has no attribute 'numpy'"):
        inputs.numpy()
    for call in (len, bool):
        with pytest.raises(TypeError, match="^Keras symbolic inputs/outputs do not implement "
                                            "`__len__`. You may be trying to pass"):
            call(inputs)
    with pytest.raises(TypeError, match=r"^You are passing KerasTensor\(type_spec=TensorSpec"
                                        r"\(shape=\(None, 3\), dtype=tf.float32, name='input_"
                                        r"\d+'\).*an intermediate TF-Keras symbolic "
                                        r"input/output, to a TF API that does not allow"):
        np.array(inputs)

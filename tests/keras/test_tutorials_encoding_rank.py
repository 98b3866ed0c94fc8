"""Encoding layers give at most rank-2 outputs outside 'int' mode: a call whose encoded output
would have more axes is TF's ValueError, eagerly and on KerasTensors (it used to return a
reshaped or 3-D result)."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers
MESSAGE = "maximum supported output rank is 2"


@pytest.mark.parametrize("mode", ["one_hot", "multi_hot", "count"])
def test_category_encoding_refuses_rank_3_outputs(mode):
    with pytest.raises(ValueError, match=MESSAGE + r".*input shape \(2, 3, 1\).*rank 3"):
        L.CategoryEncoding(num_tokens=5, output_mode=mode)(np.zeros((2, 3, 1), "int32"))


def test_one_hot_of_a_matrix_and_symbolic_inputs():
    with pytest.raises(ValueError, match=MESSAGE + r".*input shape \(2, 3\)"):
        L.CategoryEncoding(num_tokens=5, output_mode="one_hot")(np.zeros((2, 3), "int32"))
    with pytest.raises(ValueError, match=MESSAGE + r".*input shape \(None, None, 1\)"):
        L.CategoryEncoding(num_tokens=5, output_mode="one_hot")(
            tf.keras.Input((None, 1), dtype="int32"))
    # what stays allowed: a column one-hot, a matrix multi-hot
    assert L.CategoryEncoding(5, output_mode="one_hot")(np.zeros((2, 1), "int32")).shape == (2, 5)
    assert L.CategoryEncoding(5, output_mode="multi_hot")(np.zeros((2, 3), "int32")).shape == \
        (2, 5)


def test_hashing_and_discretization_check_too():
    with pytest.raises(ValueError, match=MESSAGE):
        L.Hashing(num_bins=3, output_mode="one_hot")(np.array([["a", "b"]]))
    with pytest.raises(ValueError, match=MESSAGE):
        L.Discretization(bin_boundaries=[0.0], output_mode="multi_hot")(np.zeros((2, 3, 1)))
    assert L.Hashing(num_bins=3, output_mode="one_hot")(np.array([["a"], ["b"]])).shape == (2, 3)

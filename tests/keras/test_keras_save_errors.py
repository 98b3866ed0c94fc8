"""Errors of saving and of fit's data checks as TF words them (compared with TF by hand)."""

import numpy as np
import pytest

import eagerbook as tf


class _Subclassed(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2)

    def call(self, inputs):
        return self.dense(inputs)


@pytest.mark.parametrize("path, kwargs", [("model.h5", {}), ("model", {"save_format": "h5"})])
def test_a_subclassed_model_cannot_be_saved_to_h5(tmp_path, path, kwargs):
    model = _Subclassed()
    model(np.ones((1, 3), np.float32))
    with pytest.raises(NotImplementedError, match="^Saving the model to HDF5 format requires "
                                                  "the model to be a Functional model or a "
                                                  "Sequential model"):
        model.save(str(tmp_path / path), **kwargs)
    model.save(str(tmp_path / "model.keras"))  # the .keras format takes it


def test_arrays_of_different_lengths_list_their_sizes():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    with pytest.raises(ValueError) as info:
        model.fit(np.ones((4, 3)), np.ones((4, 1)), sample_weight=np.ones(3), verbose=0)
    assert str(info.value) == ("Data cardinality is ambiguous:\n  x sizes: 4\n  y sizes: 4\n"
                               "  sample_weight sizes: 3\nMake sure all arrays contain the same "
                               "number of samples.")
    a, b = tf.keras.Input((3,)), tf.keras.Input((2,))
    two = tf.keras.Model([a, b], tf.keras.layers.Dense(1)(tf.keras.layers.concatenate([a, b])))
    two.compile("sgd", "mse")
    with pytest.raises(ValueError, match=r"^Data cardinality is ambiguous:\n  x sizes: 4, 5\n"):
        two.fit([np.ones((4, 3)), np.ones((5, 2))], np.ones((4, 1)), verbose=0)

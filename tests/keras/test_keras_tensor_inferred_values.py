"""How KerasTensors print (an Input's as TF's str), and the values TF's shape inference gives
sizes computed from their shapes (tf.shape(x), its items, their products), which let a
functional model use them: reshape to (tf.shape(x)[0], 20), tf.zeros(tf.shape(x)).
Reprs as TF 2's (compared with TF by hand)."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


def test_shape_of_a_keras_tensor_shows_what_is_known():
    x = tf.keras.Input(shape=(4, 5))
    s = tf.shape(x)
    assert repr(s) == ("<KerasTensor: shape=(3,) dtype=int32 inferred_value=[None, 4, 5] "
                       "(created by layer 'tf.compat.v1.shape')>")
    assert repr(s[0]) == ("<KerasTensor: shape=() dtype=int32 inferred_value=[None] "
                          "(created by layer 'tf.__operators__.getitem')>")
    assert s[1:]._inferred_value == [4, 5]
    assert (s[1] * s[2])._inferred_value == [20]
    assert tf.stack([s[0], 20])._inferred_value == [None, 20]
    # entry by entry only through shape, slicing, stack and concat, as TF's inference
    assert (s + 1)._inferred_value == [None, None, None]


def test_backend_shape_of_a_keras_tensor():
    value = tf.keras.backend.shape(tf.keras.Input(batch_shape=(2, 4, 5)))
    assert repr(value) == ("<KerasTensor: shape=(3,) dtype=int32 inferred_value=[2, 4, 5] "
                           "(created by layer 'tf.compat.v1.shape')>")


def test_data_dependent_int_vectors_are_all_unknown():
    i = tf.keras.Input(shape=(3,), dtype="int32")
    assert tf.reduce_sum(i, axis=0)._inferred_value == [None, None, None]
    assert tf.cast(tf.shape(i), tf.float32)._inferred_value is None  # not int32: none at all


def test_models_built_on_computed_sizes_run():
    x = tf.keras.Input(shape=(4, 5))
    s = tf.shape(x)
    flat = tf.reshape(x, (s[0], 20))
    also_flat = tf.reshape(x, [-1, s[1] * s[2]])
    zeros = tf.zeros(tf.shape(x))
    assert flat.shape.as_list() == [None, 20] and also_flat.shape.as_list() == [None, 20]
    assert zeros.shape.as_list() == [None, 4, 5]
    model = tf.keras.Model(x, [flat, also_flat, zeros])
    out = model(np.ones((3, 4, 5), np.float32))
    assert [o.shape.as_list() for o in out] == [[3, 20], [3, 20], [3, 4, 5]]


def test_an_inputs_keras_tensor_prints_as_tfs():
    inputs = tf.keras.Input(shape=(784,))
    assert str(inputs) == (
        "KerasTensor(type_spec=TensorSpec(shape=(None, 784), dtype=tf.float32, "
        "name='input_1'), name='input_1', description=\"created by layer 'input_1'\")")
    assert repr(inputs) == "<KerasTensor: shape=(None, 784) dtype=float32 (created by layer " \
                           "'input_1')>"
    named = tf.keras.Input(shape=(3,), name="feat", dtype=tf.int64)
    assert "TensorSpec(shape=(None, 3), dtype=tf.int64, name='feat'), name='feat'" in str(named)
    assert str([inputs]) == f"[{inputs!r}]"  # a list shows the reprs, as in TF

"""Models called on KerasTensors (a model nested in another) keep the caller's batch size and
answer with their own outputs' dtypes, as TF's trace of the inner graph does."""

import eagerbook as tf


def test_nested_sequential_keeps_the_batch_size_of_the_outer_input():
    inner = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu"),
                                 tf.keras.layers.Dense(2)], name="inner")
    outer = tf.keras.Sequential([tf.keras.Input(shape=(3,), batch_size=8), inner,
                                 tf.keras.layers.Dense(1)], name="outer")
    assert outer.output_shape == (8, 1)
    assert inner.input_shape == (8, 3)
    assert inner.output_shape == (8, 2)
    assert outer.layers[0].output_shape == (8, 2)


def test_sequential_with_its_own_input_takes_the_callers_batch_size():
    inner = tf.keras.Sequential([tf.keras.layers.Dense(4, input_shape=(3,)),
                                 tf.keras.layers.Dense(2)])
    outer = tf.keras.Sequential([tf.keras.Input(shape=(3,), batch_size=8), inner,
                                 tf.keras.layers.Dense(1)])
    assert outer.output_shape == (8, 1)
    assert inner.input_shape == (None, 3)  # its own graph is unchanged


def test_functional_model_called_on_keras_tensors():
    inputs = tf.keras.Input((3,))
    two_heads = tf.keras.Model(inputs, [tf.keras.layers.Dense(2)(inputs),
                                        tf.keras.layers.Dense(1)(inputs)])
    first, second = two_heads(tf.keras.Input((3,), batch_size=7))
    assert first.shape.as_list() == [7, 2] and second.shape.as_list() == [7, 1]
    assert two_heads.output_shape == [(None, 2), (None, 1)]


def test_nested_model_output_dtype_is_its_graphs():
    ids = tf.keras.Input((4,), dtype="int32")
    embed = tf.keras.Model(ids, tf.keras.layers.Embedding(10, 3)(ids))
    out = embed(tf.keras.Input((4,), dtype="int32", batch_size=2))
    assert out.dtype == tf.float32
    assert out.shape.as_list() == [2, 4, 3]


def test_inferred_sequential_relaxes_to_a_new_batch_size():
    stack = tf.keras.Sequential([tf.keras.layers.Dense(4)])
    assert stack(tf.keras.Input((3,), batch_size=6)).shape.as_list() == [6, 4]
    assert stack.input_shape == (6, 3)
    assert stack(tf.keras.Input((3,), batch_size=5)).shape.as_list() == [5, 4]
    assert stack.input_shape == (None, 3)
    assert stack(tf.ones((2, 3))).shape == (2, 4)

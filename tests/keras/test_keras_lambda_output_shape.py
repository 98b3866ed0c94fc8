"""Lambda(..., output_shape=...).compute_output_shape as TF computes it (TF 2.21 checked)."""
import eagerbook as tf


def test_a_given_output_shape_gets_the_inputs_batch_size_in_front():
    layer = tf.keras.layers.Lambda(lambda t: tf.concat([t, t], -1), output_shape=(6,))
    assert layer.compute_output_shape((None, 3)).as_list() == [None, 6]
    assert layer.compute_output_shape((5, 3)).as_list() == [5, 6]
    assert layer(tf.ones((2, 3))).shape == (2, 6)


def test_a_callable_output_shape_is_called_with_the_input_shape():
    layer = tf.keras.layers.Lambda(lambda t: t, output_shape=lambda shape: (shape[0], 9))
    assert layer.compute_output_shape((None, 3)).as_list() == [None, 9]

"""The input gradient of a convolution inside a tf.function whose batch size is unknown
while it traces (an input_signature with None, or the custom-training tutorial's loop over a
distributed dataset): the batch comes from dy when the function runs, as TF's
Conv2DBackpropInput reads tf.shape(x). It failed with "int() argument must be ... not
'NoneType'". Sums of the gradients as TF 2.21 prints them for the same program."""

import numpy as np
import pytest

import eagerbook as tf


def test_gradients_through_stacked_convolutions_with_unknown_batch():
    tf.keras.utils.set_random_seed(1)
    model = tf.keras.Sequential([tf.keras.layers.Conv2D(3, 3, activation="relu"),
                                 tf.keras.layers.Conv2D(2, 3, strides=2),
                                 tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])
    x = np.random.RandomState(0).rand(5, 9, 9, 1).astype("float32")
    model(x)

    @tf.function(input_signature=[tf.TensorSpec([None, 9, 9, 1], tf.float32)])
    def grads(images):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(images) ** 2)
        return tape.gradient(loss, model.trainable_variables)

    sums = [float(g.numpy().sum()) for g in grads(x)]
    assert sums == pytest.approx([1.9052, 0.3055, 1.3225, 0.4045, -1.746, -0.5721], abs=1e-4)


def test_stride_one_input_gradient_matches_the_eager_one():
    tf.keras.utils.set_random_seed(2)
    first = tf.keras.layers.Conv2D(4, 3, padding="same")
    second = tf.keras.layers.Conv2D(2, 3)
    x = tf.constant(np.random.RandomState(1).rand(3, 6, 6, 2).astype("float32"))

    def input_gradient(images):
        with tf.GradientTape() as tape:
            tape.watch(images)
            loss = tf.reduce_sum(second(first(images)))
        return tape.gradient(loss, images)

    traced = tf.function(input_gradient,
                         input_signature=[tf.TensorSpec([None, 6, 6, 2], tf.float32)])
    np.testing.assert_allclose(traced(x).numpy(), input_gradient(x).numpy(), rtol=1e-6)

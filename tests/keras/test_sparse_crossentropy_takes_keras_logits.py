"""The sparse categorical cross-entropy takes the logits TF's Keras keeps on a Keras softmax
or sigmoid output, as the categorical and binary ones do: after a sigmoid (the load-text
tutorial's exported model: Activation('sigmoid') evaluated with from_logits=False) the loss
is the softmax cross-entropy of the sigmoid's inputs, not of the log of its outputs; after a
softmax the loss and gradient have the logits' float32 digits; from_logits=True on such an
output warns and still uses the logits. Expected values are TF 2.21's (tf_keras)."""

import warnings

import numpy as np
import pytest

import eagerbook as tf

LOGITS = [[2.0, -1.0, 0.5, 0.1], [0.3, 0.2, -3.0, 8.0]]
LABELS = [2, 0]
TF_LOSSES = [1.8524059, 7.7008786]  # the softmax cross-entropy of LOGITS
TF_GRADIENT = [[3.5149735e-01, 1.7500024e-02, -4.2157033e-01, 5.2572973e-02],
               [-4.9977377e-01, 2.0468747e-04, 8.3435143e-06, 4.9956074e-01]]


@pytest.fixture(autouse=True)
def _fresh_names():
    yield
    tf.keras.backend.clear_session()


@pytest.mark.parametrize("activation", ["sigmoid", "softmax"])
def test_the_loss_of_a_keras_activation_is_its_logits_loss(activation):
    x = tf.constant(LOGITS)
    out = getattr(tf.keras.activations, activation)(x)
    np.testing.assert_array_equal(
        tf.keras.losses.sparse_categorical_crossentropy(LABELS, out).numpy(),
        np.float32(TF_LOSSES))
    np.testing.assert_array_equal(
        tf.keras.backend.sparse_categorical_crossentropy(tf.constant(LABELS), out).numpy(),
        np.float32(TF_LOSSES))
    assert tf.keras.losses.SparseCategoricalCrossentropy()(LABELS, out).numpy() == \
        np.float32(4.7766423)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.keras.losses.SparseCategoricalCrossentropy()(
            LABELS, getattr(tf.keras.activations, activation)(x))
    np.testing.assert_array_equal(tape.gradient(loss, x).numpy(), np.float32(TF_GRADIENT))


def test_probabilities_from_elsewhere_keep_their_own_path():
    # tf.nn.sigmoid keeps no logits outside a trace: the log of the clipped outputs
    out = tf.nn.sigmoid(tf.constant(LOGITS))
    np.testing.assert_allclose(tf.keras.losses.sparse_categorical_crossentropy(LABELS, out),
                               [1.305758, 1.3297123], rtol=1e-6)


def test_from_logits_given_a_sigmoid_output_warns_and_takes_its_logits():
    out = tf.keras.activations.sigmoid(tf.constant(LOGITS))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(LABELS, out)
    assert loss.numpy() == np.float32(4.7766423)
    assert [str(w.message) for w in caught] == [
        '"`sparse_categorical_crossentropy` received `from_logits=True`, but the `output` '
        'argument was produced by a Softmax activation and thus does not represent logits. '
        'Was this intended?']


def test_a_model_ending_in_a_sigmoid_evaluates_as_tf():
    kernel = tf.keras.initializers.Constant([[1., 2., 3.], [-1., 0.5, 2.]])
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, kernel_initializer=kernel),
                                 tf.keras.layers.Activation("sigmoid")])
    model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=False))
    loss = model.evaluate(np.array([[0.1, -0.2], [0.3, 0.1]], "float32"), np.array([1, 2]),
                          verbose=0)
    assert loss == pytest.approx(0.9134534597396851, rel=1e-7)

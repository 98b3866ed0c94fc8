"""TF's Keras keeps the input of a Keras softmax or sigmoid (keras.activations, a layer's
activation, the Softmax layer, keras.backend.softmax) as that output's logits, and the
categorical and binary cross-entropies take those logits when given such an output: the loss
of the logits (its own float32 digits, finite where the probabilities round to 0 or 1) and
the gradient softmax - labels, which for labels not summing to 1 is not the gradient through
the probabilities (the functional guide's soft targets trained another way). A tf.nn softmax
outside a trace keeps no logits, as in TF. Expected values are TF 2.21's (tf_keras)."""

import warnings

import numpy as np
import pytest

import eagerbook as tf

TF_FIT_LOSSES = [1.7001614570617676, 1.698068618774414]  # TF 2.21's, below


@pytest.fixture(autouse=True)
def _fresh_names():
    yield
    tf.keras.backend.clear_session()


def test_soft_labels_train_on_the_logits_gradient():
    tf.keras.utils.set_random_seed(0)
    inp = tf.keras.Input(shape=(6,))
    model = tf.keras.Model(inp, tf.keras.layers.Dense(5, activation="softmax")(inp))
    x, y = np.random.random_sample(size=(8, 6)), np.random.random_sample(size=(8, 5))
    with tf.GradientTape() as tape:
        loss = tf.keras.losses.CategoricalCrossentropy()(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    assert float(loss) == pytest.approx(3.6149353981018066, rel=1e-6)
    np.testing.assert_allclose(grads[1].numpy(), [-0.17992879450321198, -0.19954368472099304,
                                                  0.08391137421131134, -0.3628838062286377,
                                                  -0.31756341457366943], rtol=1e-5)
    assert float(tf.reduce_sum(grads[0])) == pytest.approx(-3.0092506408691406, rel=1e-5)


def test_losses_of_keras_activations_use_their_logits():
    x = tf.constant([[1., 2., 3.]])
    dense = tf.keras.layers.Dense(3, activation="sigmoid", kernel_initializer="ones")
    assert float(tf.keras.losses.BinaryCrossentropy()([[0.5, 0.9, 0.3]], dense(x))) == \
        pytest.approx(2.602476, rel=1e-6)
    saturated = tf.keras.activations.sigmoid(tf.constant([[30., -40., 50.]]))
    np.testing.assert_allclose(tf.keras.losses.binary_crossentropy([[1., 0., 1.]],
                                                                   saturated).numpy(),
                               [3.1193493e-14], rtol=1e-5)
    layer_output = tf.keras.layers.Softmax()(tf.constant([[30., -40., 50.]]))
    assert tf.keras.losses.categorical_crossentropy(
        [[0.2, 3.0, 0.1]], layer_output).numpy().tolist() == [274.0]
    # a keras sigmoid's loss comes from its logits; tf.nn.sigmoid's from its probabilities
    keras_out = tf.keras.activations.sigmoid(x)
    np.testing.assert_array_equal(
        tf.keras.losses.binary_crossentropy([[0.5, 0.9, 0.3]], keras_out).numpy(),
        np.float32([1.096259]))
    np.testing.assert_array_equal(
        tf.keras.losses.binary_crossentropy([[0.5, 0.9, 0.3]], tf.nn.sigmoid(x)).numpy(),
        np.float32([1.0962585]))


def test_from_logits_given_a_softmax_output_warns_as_tf():
    y = tf.keras.activations.softmax(tf.constant([[1., 2., 3.]]))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss = tf.keras.losses.categorical_crossentropy([[0., 1., 0.]], y, from_logits=True)
    np.testing.assert_allclose(loss.numpy(), [1.4076059], rtol=1e-6)
    assert [str(w.message) for w in caught] == [
        '"`categorical_crossentropy` received `from_logits=True`, but the `output` argument '
        'was produced by a Softmax activation and thus does not represent logits. Was this '
        'intended?']


def test_fit_on_soft_targets_follows_tf():
    tf.keras.utils.set_random_seed(0)
    inp = tf.keras.Input(shape=(4,))
    model = tf.keras.Model(inp, tf.keras.layers.Dense(3, activation="softmax")(inp))
    model.compile(tf.keras.optimizers.RMSprop(1e-3), tf.keras.losses.CategoricalCrossentropy())
    x, y = np.random.random_sample(size=(64, 4)), np.random.random_sample(size=(64, 3))
    history = model.fit(x, y, batch_size=16, epochs=2, verbose=0)
    np.testing.assert_allclose(history.history["loss"], TF_FIT_LOSSES, rtol=1e-6)



def test_each_thread_remembers_its_own_outputs_logits():
    # a loss follows its forward pass in the same thread: another thread's softmax outputs
    # neither evict nor replace this thread's
    import threading

    logits = tf.constant([[2.0, 1.0, 0.1]])
    probs = tf.keras.activations.softmax(logits)
    others = []
    worker = threading.Thread(target=lambda: others.extend(
        tf.keras.activations.softmax(tf.constant([[1.0, 2.0]])) for _ in range(20)))
    worker.start()
    worker.join()
    from eagerbook.keras import activations
    assert activations.logits_of(probs, False, "Softmax", "categorical_crossentropy")[1] is True

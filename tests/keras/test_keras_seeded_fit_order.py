"""With a global seed, fit visits the samples in TF's order: its input pipeline shuffles
range(n) with a RandomShuffle op of op seed 0, anew for each fit call, one draw per epoch.
The expected losses were measured with TF 2.21 (tf_keras) on the same program."""
import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras.models import data_adapter


@pytest.fixture(autouse=True)
def _no_global_seed_left():
    yield
    tf.random.set_seed(None)


def _data():
    x = np.arange(26, dtype="float32").reshape(13, 2) / 13.0
    return x, x[:, :1] * 3 - x[:, 1:] + 0.5


def test_the_epoch_orders_are_tf_random_shuffles_with_op_seed_zero():
    tf.random.set_seed(7)
    expected = [tf.random.shuffle(tf.range(10, dtype=tf.int64), seed=0).numpy().tolist()
                for _ in range(3)]
    tf.random.set_seed(7)
    orders = data_adapter._SeededPermutations(10)
    assert [orders.next_order().tolist() for _ in range(3)] == expected
    assert expected[0] != expected[1]


def test_seeded_fit_reproduces_tfs_losses():
    tf.keras.utils.set_random_seed(0)
    x, y = _data()
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones",
                                                       input_shape=(2,))])
    model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    history = model.fit(x, y, batch_size=4, epochs=3, verbose=0)
    np.testing.assert_allclose(history.history["loss"], [0.051876, 0.012367, 0.008565],
                               atol=1e-6)
    history = model.fit(x, y, batch_size=5, epochs=2, verbose=0, validation_split=0.2)
    np.testing.assert_allclose(history.history["loss"], [0.004449, 0.003801], atol=1e-6)
    np.testing.assert_allclose(history.history["val_loss"], [0.011968, 0.011426], atol=1e-6)
    # then seeded glorot weights, Adam, and a third fit, still as in TF's run
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="relu", input_shape=(2,)),
                                 tf.keras.layers.Dense(1)])
    model.compile("adam", "mse")
    history = model.fit(x, y, batch_size=4, epochs=2, verbose=0)
    np.testing.assert_allclose(history.history["loss"], [6.51637, 6.47874], atol=1e-5)


def test_without_a_global_seed_fit_still_shuffles():
    tf.random.set_seed(None)
    x, _ = _data()
    handler = data_adapter.DataHandler(x, batch_size=13, shuffle=True)
    assert handler._seeded_orders is None
    np.random.seed(1)
    batch = next(handler.epoch_batches())[1]
    assert sorted(batch.numpy()[:, 0].tolist()) == sorted(x[:, 0].tolist())

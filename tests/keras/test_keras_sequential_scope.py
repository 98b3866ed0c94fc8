"""A Sequential built from its first input (no input shape given) builds its layers outside
any name scope, as TF does: its weights are 'dense/kernel:0' wherever it is called."""
import numpy as np
import pytest

import eagerbook as tf

K = tf.keras


@pytest.fixture(autouse=True)
def _fresh_names():
    K.backend.clear_session()
    yield
    K.backend.clear_session()


def _names(model):
    return [w.name for w in model.weights]


def test_sequential_inside_a_subclassed_model_has_unscoped_weights():
    class Autoencoder(K.Model):
        def __init__(self):
            super().__init__()
            self.encoder = K.Sequential([K.layers.Flatten(), K.layers.Dense(3)])
            self.head = K.layers.Dense(1)

        def call(self, x):
            return self.head(self.encoder(x))

    model = Autoencoder()
    model(np.zeros((1, 2, 2), "float32"))
    assert _names(model) == ["dense/kernel:0", "dense/bias:0",
                             "autoencoder/dense_1/kernel:0", "autoencoder/dense_1/bias:0"]


def test_sequential_inside_a_layer_a_sequential_and_a_functional_model():
    class Block(K.layers.Layer):
        def __init__(self):
            super().__init__()
            self.stack = K.Sequential([K.layers.Dense(3)])

        def call(self, x):
            return self.stack(x)

    block = Block()
    block(tf.ones((1, 4)))
    nested = K.Sequential([K.layers.Dense(2), K.Sequential([K.layers.Dense(2)])])
    nested(tf.ones((1, 4)))
    inputs = K.Input((4,))
    functional = K.Model(inputs, K.Sequential([K.layers.Dense(2)])(inputs))
    assert [_names(block)[0], _names(nested)[0], _names(nested)[2],
            _names(functional)[0]] == ["dense/kernel:0", "dense_1/kernel:0",
                                       "dense_2/kernel:0", "dense_3/kernel:0"]

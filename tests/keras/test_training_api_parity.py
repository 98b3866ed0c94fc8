"""Small TF 2 (Keras 2) behaviours of the training API: what an optimizer step returns, when
compiled metrics appear, how two outputs of one layer are named."""
import numpy as np

import eagerbook as tf


def test_an_optimizer_step_returns_the_iterations_update():
    var = tf.Variable(1.0)
    assert tf.keras.optimizers.SGD(0.1).minimize(lambda: var ** 2, [var]) is None  # TF 2.21's
    opt = tf.keras.optimizers.legacy.SGD(0.1)  # Keras 2's OptimizerV2 returns the update
    out = opt.minimize(lambda: var ** 2, [var])
    assert repr(out) == "<tf.Variable 'UnreadVariable' shape=() dtype=int64, numpy=1>"
    assert repr(opt.apply_gradients([(tf.constant(1.0), var)])) == \
        "<tf.Variable 'UnreadVariable' shape=() dtype=int64, numpy=2>"
    assert opt.iterations.name == "SGD/iter:0"   # the Variable itself keeps its name

    @tf.function
    def step():
        return opt.apply_gradients([(tf.constant(1.0), var)])

    assert int(step()) == 3


def test_compiled_metrics_appear_after_the_first_batch():
    inputs = tf.keras.layers.Input(shape=(3,))
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))
    model.compile(optimizer="adam", loss="mse", metrics=["mae"])
    assert model.metrics == [] and model.metrics_names == []
    assert model.compiled_loss.metrics == []
    model.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0)
    assert model.metrics_names == ["loss", "mae"]


def test_two_outputs_of_one_layer_are_named_apart():
    inputs = tf.keras.layers.Input(shape=(3,))
    dense = tf.keras.layers.Dense(2, name="out")
    model = tf.keras.Model(inputs, [dense(inputs), dense(inputs)])
    assert model.output_names == ["out", "out_1"]
    model.compile(optimizer="adam", loss="mse", metrics=["mae", "acc"])
    x, y = np.ones((2, 3)), np.ones((2, 2))
    history = model.fit(x, (y, y), verbose=0)
    assert list(history.history) == ["loss", "out_loss", "out_1_loss", "out_mae", "out_acc",
                                     "out_1_mae", "out_1_acc"]

"""Model.fit's steps draw their random numbers as TF's traced train function does: after
tf.keras.utils.set_random_seed, a Dropout layer's masks are TF's own (op seeds 0, 1, ... in
the step, each op's stream going on from step to step and from fit to fit, starting over
when compile makes the function anew). The losses are TF 2.21's."""
import numpy as np
import pytest

import eagerbook as tf


def _model_and_data():
    rs = np.random.RandomState(0)
    x = rs.rand(32, 6).astype("float32")
    y = rs.randint(0, 3, size=(32,))
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.layers.Dense(5, activation="relu", input_shape=(6,)),
                                 tf.keras.layers.Dropout(0.5), tf.keras.layers.Dense(3)])
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return model, x, y


def _losses(history):
    return [round(v, 6) for v in history.history["loss"]]


def test_dropout_in_fit_draws_tfs_masks():
    model, x, y = _model_and_data()
    fit = dict(batch_size=8, verbose=0, shuffle=False)
    assert _losses(model.fit(x, y, epochs=3, **fit)) == pytest.approx(
        [1.178216, 1.095384, 1.150879], abs=2e-6)
    # The same traced function: its streams go on.
    assert _losses(model.fit(x, y, epochs=2, **fit)) == pytest.approx(
        [1.186735, 1.130513], abs=2e-6)
    # compile makes the function anew: its streams start over.
    model.compile(optimizer="adam",
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    assert _losses(model.fit(x, y, epochs=2, **fit)) == pytest.approx(
        [1.164758, 1.088106], abs=2e-6)


def test_eager_draws_outside_fit_keep_their_own_sequence():
    model, x, y = _model_and_data()
    first = tf.random.uniform([2]).numpy()
    model.fit(x, y, epochs=1, batch_size=8, verbose=0, shuffle=False)
    tf.keras.utils.set_random_seed(0)
    again = tf.random.uniform([2]).numpy()
    np.testing.assert_array_equal(first, again)


def test_train_on_batch_runs_the_traced_train_function_too():
    rs = np.random.RandomState(0)
    x = rs.rand(8, 20).astype("float32")
    y = rs.randint(0, 10, size=(8,))
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.layers.Dense(16, activation="relu", input_shape=(20,)),
                                 tf.keras.layers.Dropout(0.3), tf.keras.layers.Dense(10)])
    model.compile(optimizer="adam", metrics=["accuracy"],
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    first, second = model.train_on_batch(x, y), model.train_on_batch(x, y)
    assert first == pytest.approx([2.315526008605957, 0.125], abs=2e-6)  # TF 2.21's
    assert second == pytest.approx([2.3948934078216553, 0.125], abs=2e-6)

"""Arrays given to fit, evaluate and predict with more steps asked for than they hold: as in
TF 2.21, the arrays make `epochs` passes (one for evaluate and predict), read on from one
epoch to the next; when they run out the loop stops with TF's warning naming the batches it
needed, the progress bar ends at its target, and fit's validation data that ran out gives no
val_ logs at later epochs. (eagerbook started the arrays over instead.) Expected values are
TF 2.21's (tf_keras) for the same code."""

import contextlib
import io
import logging

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _fresh_names():
    """Layer names start over after each test (later files count on "dense")."""
    yield
    tf.keras.backend.clear_session()

RAN_OUT = ("Your input ran out of data; interrupting training. Make sure that your dataset or "
           "generator can generate at least `steps_per_epoch * epochs` batches (in this case, "
           "{} batches). You may need to use the repeat() function when building your dataset.")


class Batches(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = []

    def on_train_batch_end(self, batch, logs=None):
        self.seen.append(("train", batch))

    def on_test_batch_end(self, batch, logs=None):
        self.seen.append(("test", batch))

    def on_predict_batch_end(self, batch, logs=None):
        self.seen.append(("predict", batch))

    def on_epoch_end(self, epoch, logs=None):
        self.seen.append(("epoch", epoch, sorted(logs)))


def _model():
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_dim=3)])
    model.compile("sgd", "mse", metrics=["mae"])
    return model


X = np.arange(30, dtype="float32").reshape(10, 3) / 30
Y = np.ones((10, 1))


def _warnings(caplog):
    return [r.getMessage() for r in caplog.records if "ran out of data" in r.getMessage()]


def test_evaluate_and_predict_stop_at_the_end_of_the_arrays(caplog):
    caplog.set_level(logging.WARNING, logger="tensorflow")
    model, seen = _model(), Batches()
    result = model.evaluate(X, Y, batch_size=4, steps=5, verbose=0, callbacks=[seen])
    np.testing.assert_allclose(result, [0.6214381456375122, 0.7798597812652588], rtol=1e-6)
    assert model.predict(X, batch_size=4, steps=5, verbose=0, callbacks=[seen]).shape == (10, 1)
    assert seen.seen == [("test", 0), ("test", 1), ("test", 2),
                         ("predict", 0), ("predict", 1), ("predict", 2)]
    assert _warnings(caplog) == [RAN_OUT.format(5)] * 2
    # fewer steps than batches: those only
    assert model.evaluate(X, Y, batch_size=4, steps=2, verbose=0) == \
        [0.680747389793396, 0.8199458718299866]


def test_fit_reads_the_passes_on_across_epochs(caplog):
    caplog.set_level(logging.WARNING, logger="tensorflow")
    model, seen = _model(), Batches()
    history = model.fit(X, Y, batch_size=4, steps_per_epoch=5, epochs=2, verbose=0,
                        callbacks=[seen])
    # 2 passes of 3 batches: epoch 0 takes 5, epoch 1 the last one, then the data is out
    assert seen.seen == [("train", i) for i in range(5)] + [
        ("epoch", 0, ["loss", "mae"]), ("train", 0), ("epoch", 1, ["loss", "mae"])]
    assert history.epoch == [0, 1]
    assert _warnings(caplog) == [RAN_OUT.format(10)]
    seen.seen.clear()
    model.fit(X, Y, batch_size=4, steps_per_epoch=2, epochs=3, verbose=0, callbacks=[seen])
    assert [s for s in seen.seen if s[0] == "epoch"] == [("epoch", e, ["loss", "mae"])
                                                         for e in range(3)]


def test_validation_data_that_ran_out_gives_no_later_val_logs(caplog):
    caplog.set_level(logging.WARNING, logger="tensorflow")
    model = _model()
    history = model.fit(X, np.arange(10, dtype="float32").reshape(10, 1), batch_size=3,
                        steps_per_epoch=3, epochs=3, shuffle=True, verbose=0,
                        validation_data=(X[:5], Y[:5]), validation_steps=4,
                        validation_batch_size=2)
    assert history.history["val_loss"] == [0.27266889810562134]
    assert len(history.history["loss"]) == 3
    assert _warnings(caplog) == [RAN_OUT.format(4)]


def test_a_dataset_that_ran_out_in_evaluate_names_its_batches(caplog):
    caplog.set_level(logging.WARNING, logger="tensorflow")
    dataset = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
    _model().evaluate(dataset, steps=5, verbose=0)
    assert _warnings(caplog) == [RAN_OUT.format(5)]


def test_the_progress_bar_ends_at_its_target():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        _model().evaluate(X, Y, batch_size=4, steps=5, verbose=1)
    last = out.getvalue().split("\x08")[-1].split("\r")[-1]
    assert last.startswith("5/5 [==============================] - 0s ")
    assert last.rstrip().endswith("/step - loss: 0.6214 - mae: 0.7799")

"""EarlyStopping as TF 2.21's Keras runs it (messages, when the best weights come back) and
RemoteMonitor."""

import json
import urllib.error
import urllib.parse
import urllib.request

import numpy as np

import eagerbook as tf


def _model(lr):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones",
                                                       input_shape=(2,))])
    model.compile(optimizer=tf.keras.optimizers.SGD(lr), loss="mse")
    return model


X = np.arange(40, dtype="float32").reshape(20, 2) / 40.0
Y = (X[:, :1] * 2.0 + X[:, 1:] - 0.5).astype("float32")


def test_early_stopping_says_it_stopped_before_restoring(capsys):
    model = _model(0.0)  # nothing improves after the first epoch
    stop = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=2, verbose=1,
                                            restore_best_weights=True)
    history = model.fit(X, Y, epochs=10, batch_size=10, verbose=0, shuffle=False,
                        callbacks=[stop])
    assert len(history.history["loss"]) == 3 and stop.stopped_epoch == 2
    assert capsys.readouterr().out == ("Epoch 3: early stopping\n"
                                       "Restoring model weights from the end of the best "
                                       "epoch: 1.\n")


def test_best_weights_come_back_when_training_ends_without_stopping(capsys):
    model = _model(5.0)  # too large a step: the loss grows after the first epoch
    stop = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=5, verbose=1,
                                            restore_best_weights=True)
    history = model.fit(X, Y, epochs=3, batch_size=20, verbose=0, shuffle=False,
                        callbacks=[stop])
    losses = history.history["loss"]
    assert stop.stopped_epoch == 0 and losses[0] == min(losses)
    assert capsys.readouterr().out == ("Restoring model weights from the end of the best "
                                       "epoch: 1.\n")
    np.testing.assert_allclose(model.get_weights()[0], stop.best_weights[0])


def test_an_improving_epoch_below_the_baseline_does_not_stop():
    model = _model(0.01)  # the loss falls every epoch but never reaches the baseline
    stop = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=1, baseline=1e-9)
    history = model.fit(X, Y, epochs=4, batch_size=20, verbose=0, shuffle=False,
                        callbacks=[stop])
    assert len(history.history["loss"]) == 4 and stop.stopped_epoch == 0


def test_remote_monitor_posts_each_epoch(monkeypatch):
    posts = []

    class Reply:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    def post(request, timeout=None):
        posts.append(request)
        return Reply()

    monkeypatch.setattr(urllib.request, "urlopen", post)
    monitor = tf.keras.callbacks.RemoteMonitor(root="http://example.invalid:9000")
    _model(0.01).fit(X, Y, epochs=2, batch_size=20, verbose=0, callbacks=[monitor])
    assert [r.full_url for r in posts] == ["http://example.invalid:9000/publish/epoch/end/"] * 2
    assert all(r.get_method() == "POST" for r in posts)
    form = urllib.parse.parse_qs(posts[1].data.decode())
    sent = json.loads(form["data"][0])
    assert sent["epoch"] == 1 and set(sent) == {"epoch", "loss"}
    as_json = tf.keras.callbacks.RemoteMonitor(send_as_json=True, headers={"X-Run": "1"})
    _model(0.01).fit(X, Y, epochs=1, batch_size=20, verbose=0, callbacks=[as_json])
    assert json.loads(posts[-1].data)["epoch"] == 0
    assert posts[-1].get_header("Content-type") == "application/json"
    assert posts[-1].get_header("X-run") == "1"


def test_remote_monitor_warns_when_the_server_cannot_be_reached(monkeypatch, caplog):
    def refuse(request, timeout=None):
        raise urllib.error.URLError("refused")

    monkeypatch.setattr(urllib.request, "urlopen", refuse)
    monitor = tf.keras.callbacks.RemoteMonitor(root="http://example.invalid:9000")
    _model(0.01).fit(X, Y, epochs=1, batch_size=20, verbose=0, callbacks=[monitor])
    assert "could not reach RemoteMonitor root server at http://example.invalid:9000" in \
        caplog.text  # (a warning of the "tensorflow" logger, as TF's)

"""fit, evaluate and predict call the user's callbacks before the progress bar, as TF 2.21's
Keras does (it appends its History and ProgbarLogger to the user's list): what a callback
prints for a step or an epoch comes before the bar's line for it. And ReduceLROnPlateau's
message shows TF's float32 product."""

import numpy as np

import eagerbook as tf

X = np.ones((4, 2), "float32")
Y = np.ones((4, 1), "float32")


class _Printer(tf.keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        print(f"<epoch begin {epoch}>")

    def on_epoch_end(self, epoch, logs=None):
        print(f"<epoch end {epoch}>")

    def on_train_batch_end(self, batch, logs=None):
        print(f"<batch end {batch}>")

    def on_test_end(self, logs=None):
        print("<test end>")

    def on_predict_batch_end(self, batch, logs=None):
        print(f"<predict batch end {batch}>")

    def on_predict_end(self, logs=None):
        print("<predict end>")


def _model():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile("sgd", "mse")
    return model


def _order(text, *pieces):
    """Whether `pieces` occur in `text` in this order."""
    where = [text.find(piece) for piece in pieces]
    return -1 not in where and where == sorted(where)


def test_fit_prints_the_callbacks_lines_first(capsys):
    _model().fit(X, Y, batch_size=2, epochs=2, verbose=1, callbacks=[_Printer()])
    out = capsys.readouterr().out
    assert out.startswith("<epoch begin 0>\nEpoch 1/2\n<batch end 0>\n\r1/2 [====")
    assert _order(out, "<batch end 1>\n<epoch end 0>\n", "\r2/2 [====", "<epoch begin 1>\n",
                  "Epoch 2/2\n")


def test_verbose_2_prints_the_epoch_line_after_the_callbacks(capsys):
    _model().fit(X, Y, batch_size=2, epochs=1, verbose=2, callbacks=[_Printer()])
    assert _order(capsys.readouterr().out, "<epoch end 0>\n", "2/2 - ")


def test_evaluate_and_predict_too(capsys):
    model = _model()
    model.evaluate(X, Y, batch_size=2, verbose=1, callbacks=[_Printer()])
    assert _order(capsys.readouterr().out, "\r1/2 [====", "<test end>\n", "\r2/2 [====")
    model.predict(X, batch_size=4, verbose=1, callbacks=[_Printer()])
    out = capsys.readouterr().out
    assert out.startswith("<predict batch end 0>\n\r1/1 [")
    assert _order(out, "ETA", "<predict end>\n", "/step")


def test_the_history_fit_returns_is_still_the_users_own():
    history = tf.keras.callbacks.History()
    returned = _model().fit(X, Y, epochs=1, verbose=1, callbacks=[history])
    assert returned is history and list(history.history) == ["loss"]


def test_reduce_lr_on_plateau_prints_the_float32_product(capsys):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile(tf.keras.optimizers.SGD(0.025), "mse")
    plateau = tf.keras.callbacks.ReduceLROnPlateau(monitor="loss", patience=0, verbose=1,
                                                   factor=0.1, min_delta=10)
    model.fit(X, Y, epochs=2, verbose=0, callbacks=[plateau])
    # (TF 2.21's message: 0.025 * 0.1 in float32)
    assert "Epoch 2: ReduceLROnPlateau reducing learning rate to 0.002500000176951289." in \
        capsys.readouterr().out

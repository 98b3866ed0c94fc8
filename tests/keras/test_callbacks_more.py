"""ReduceLROnPlateau, CSVLogger and the learning rate in the logs, as TF 2 behaves."""

import numpy as np
import pytest

from eagerbook import keras

X = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]], "float32")
Y = np.array([[1.0], [2.0], [3.0], [4.0]], "float32")


def _model():
    model = keras.Sequential([keras.layers.Dense(1, input_shape=(2,),
                                                 kernel_initializer="ones")])
    model.compile(keras.optimizers.SGD(0.1), "mse")
    return model


def test_reduce_lr_on_plateau_halves_down_to_min_lr_and_logs_float32(capsys):
    callback = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1,
                                                 verbose=1, min_lr=0.01)
    history = _model().fit(X, Y, epochs=5, verbose=0, callbacks=[callback])
    assert [round(float(v), 5) for v in history.history["lr"]] == \
        [0.1, 0.1, 0.05, 0.025, 0.0125]
    assert all(isinstance(v, np.float32) for v in history.history["lr"])
    out = capsys.readouterr().out
    # The float32 learning rate times the factor, printed as TF prints it.
    assert "Epoch 2: ReduceLROnPlateau reducing learning rate to 0.05000000074505806." in out


def test_reduce_lr_on_plateau_refuses_a_factor_of_one():
    with pytest.raises(ValueError, match="factor >= 1.0"):
        keras.callbacks.ReduceLROnPlateau(factor=1.0)


def test_csv_logger_rows_headers_and_append(tmp_path):
    path = str(tmp_path / "log.csv")
    _model().fit(X, Y, epochs=3, verbose=0, validation_data=(X, Y),
                 callbacks=[keras.callbacks.CSVLogger(path, separator=";")])
    rows = open(path).read().splitlines()
    assert rows[0] == "epoch;loss;val_loss" and len(rows) == 4 and rows[3].startswith("2;")
    plain = str(tmp_path / "plain.csv")
    model = _model()
    model.fit(X, Y, epochs=2, verbose=0, callbacks=[keras.callbacks.CSVLogger(plain)])
    model.fit(X, Y, epochs=2, verbose=0,
              callbacks=[keras.callbacks.CSVLogger(plain, append=True)])
    rows = open(plain).read().splitlines()
    # Without validation data TF still writes the val_ columns, as NA.
    assert rows[0] == "epoch,loss,val_loss" and len(rows) == 5
    assert rows[1].endswith(",NA")


def test_no_epoch_header_for_a_single_epoch(capsys):
    _model().fit(X, Y, epochs=1, verbose=1)
    assert "Epoch 1/1" not in capsys.readouterr().out
    _model().fit(X, Y, epochs=2, verbose=1)
    assert "Epoch 1/2" in capsys.readouterr().out

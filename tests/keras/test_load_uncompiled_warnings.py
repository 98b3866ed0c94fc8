"""Loading (compile=True) a model saved without compile() says so as TF 2.21's Keras does: an
HDF5 file and a SavedModel directory once, the .keras format not at all; nothing is said for
a compiled model."""

import logging

import numpy as np
import pytest

import eagerbook as tf

keras = tf.keras
IN_THE_FILE = ("No training configuration found in the save file, so the model was *not* "
               "compiled. Compile it manually.")
IN_THE_DIRECTORY = ("No training configuration found in save file, so the model was *not* "
                    "compiled. Compile it manually.")


def _model(compiled):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    if compiled:
        model.compile("adam", "mse")
        model.fit(np.ones((2, 3)), np.ones((2, 1)), verbose=0)
    return model


def _warnings(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


@pytest.mark.parametrize(("name", "said"), [("model.h5", [IN_THE_FILE]),
                                            ("model_dir", [IN_THE_DIRECTORY]),
                                            ("model.keras", [])])
def test_an_uncompiled_model(tmp_path, caplog, name, said):
    _model(False).save(str(tmp_path / name))
    caplog.clear()
    loaded = keras.models.load_model(str(tmp_path / name))
    assert _warnings(caplog) == said and loaded.optimizer is None
    caplog.clear()
    keras.models.load_model(str(tmp_path / name), compile=False)
    assert _warnings(caplog) == []


@pytest.mark.parametrize("name", ["model.h5", "model_dir", "model.keras"])
def test_a_compiled_model_loads_quietly(tmp_path, caplog, name):
    _model(True).save(str(tmp_path / name))
    caplog.clear()
    loaded = keras.models.load_model(str(tmp_path / name))
    assert _warnings(caplog) == [] and loaded.optimizer is not None

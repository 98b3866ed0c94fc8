"""Model.fit_generator / evaluate_generator / predict_generator, the TF 2.0-era methods TF
2.21's Keras 2 keeps (deprecated): a warning in TF's words, then what fit / evaluate /
predict give for the same generator."""

import warnings

import numpy as np
import pytest

import eagerbook as tf


def _batches(x, y, batch=4):
    while True:
        for i in range(0, len(x), batch):
            yield x[i:i + batch], y[i:i + batch]


def _model():
    tf.keras.utils.set_random_seed(3)
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile(optimizer="sgd", loss="mse")
    return model


def test_fit_evaluate_predict_generator_warn_and_match_the_new_methods():
    rs = np.random.RandomState(0)
    x, y = rs.rand(8, 2).astype("float32"), rs.rand(8, 1).astype("float32")
    old, new = _model(), _model()
    with pytest.warns(UserWarning, match=r"^`Model.fit_generator` is deprecated and will be "
                                         r"removed in a future version. Please use `Model.fit`, "
                                         r"which supports generators.$"):
        history = old.fit_generator(_batches(x, y), steps_per_epoch=2, epochs=2, verbose=0,
                                    validation_data=_batches(x, y), validation_steps=1)
    expected = new.fit(_batches(x, y), steps_per_epoch=2, epochs=2, verbose=0,
                       validation_data=_batches(x, y), validation_steps=1)
    assert history.history == expected.history and sorted(history.history) == ["loss",
                                                                               "val_loss"]
    with pytest.warns(UserWarning, match="`Model.evaluate_generator` is deprecated"):
        loss = old.evaluate_generator(_batches(x, y), steps=2)
    assert loss == new.evaluate(_batches(x, y), steps=2, verbose=0)
    with pytest.warns(UserWarning, match="Please use `Model.predict`, which supports "
                                         "generators."):
        out = old.predict_generator((b for b, _ in _batches(x, y)), steps=2)
    np.testing.assert_array_equal(out, new.predict(x, verbose=0))


def test_the_warning_points_at_the_callers_line():
    model = _model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.predict_generator((np.zeros((1, 2), "float32") for _ in range(1)), steps=1)
    assert [w.filename for w in caught if "predict_generator" in str(w.message)] == [__file__]

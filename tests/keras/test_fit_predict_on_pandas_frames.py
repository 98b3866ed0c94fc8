"""Keras takes a pandas DataFrame (or Series) as an array, as TF's data adapter does: a
DataFrame its rows, a Series a column of one feature per row; ``validation_split`` splits them
(TF 2.0's basic-regression tutorial trains on a normalised DataFrame). Expected numbers are TF
2.21's (tf_keras) for the same seeded program."""

import numpy as np
import pytest

import eagerbook as tf


class DataFrame:
    """A stand-in of pandas's (which this environment may lack): Keras reads only to_numpy."""
    __module__ = "pandas"

    def __init__(self, columns):
        self._columns = columns

    def __iter__(self):  # (a mapping's keys, as pandas iterates: nothing may read them)
        return iter(self._columns)

    def keys(self):
        return list(self._columns)

    def head(self, n):
        return DataFrame({key: values[:n] for key, values in self._columns.items()})

    def to_numpy(self):
        return np.stack([np.asarray(v) for v in self._columns.values()], axis=1)


class Series:
    __module__ = "pandas"

    def __init__(self, values):
        self._values = np.asarray(values)

    def __len__(self):
        return len(self._values)

    def to_numpy(self):
        return self._values


def _data(frame_class, series_class):
    tf.keras.utils.set_random_seed(0)
    rs = np.random.RandomState(0)
    columns = {"a": rs.rand(20), "b": rs.rand(20), "c": rs.randint(0, 5, 20)}
    return frame_class(columns), series_class(rs.rand(20))


def _check(df, y, series):
    model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu", input_shape=[3]),
                                 tf.keras.layers.Dense(1)])
    model.compile("rmsprop", "mse", metrics=["mae"])
    np.testing.assert_allclose(model.predict(df.head(3), verbose=0).ravel(),
                               [-0.36661565, -0.13558528, -0.3946162], rtol=1e-6)
    history = model.fit(df, y, epochs=3, validation_split=0.2, verbose=0).history
    np.testing.assert_allclose(history["loss"], [1.034162, 0.985157, 0.951003], rtol=1e-5)
    np.testing.assert_allclose(history["val_mae"], [1.593437, 1.566251, 1.543739], rtol=1e-5)
    np.testing.assert_allclose(model.evaluate(df, y, verbose=0),
                               [1.2562143802642822, 1.021729826927185], rtol=1e-6)
    column_model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=[1])])
    assert column_model.predict(series(np.arange(6.0)), verbose=0).shape == (6, 1)


def test_fit_predict_and_evaluate_take_frames_and_series():
    df, y = _data(DataFrame, Series)
    _check(df, y, Series)


def test_with_pandas_itself():
    pd = pytest.importorskip("pandas")
    df, y = _data(pd.DataFrame, pd.Series)
    _check(df, y, pd.Series)

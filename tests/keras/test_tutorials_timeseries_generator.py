"""tf.keras.preprocessing.sequence.TimeseriesGenerator, as its docstring uses it."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras.preprocessing.sequence import TimeseriesGenerator


def test_the_docstring_example():
    data = np.array([[i] for i in range(50)])
    targets = np.array([[i] for i in range(50)])
    generator = TimeseriesGenerator(data, targets, length=10, sampling_rate=2, batch_size=2)
    assert len(generator) == 20
    x, y = generator[0]
    assert x.tolist() == [[[0], [2], [4], [6], [8]], [[1], [3], [5], [7], [9]]]
    assert y.tolist() == [[10], [11]]
    x, y = generator[19]
    assert y.tolist() == [[48], [49]]


def test_stride_reverse_and_the_last_short_batch():
    data = np.arange(12)
    generator = TimeseriesGenerator(data, data, length=3, stride=2, batch_size=4, reverse=True)
    assert len(generator) == 2
    x, y = generator[1]
    assert x.tolist() == [[10, 9, 8]] and y.tolist() == [11]
    assert generator.get_config()["start_index"] == 3


def test_a_model_fits_on_it():
    data = np.random.RandomState(0).rand(40, 2).astype("float32")
    generator = TimeseriesGenerator(data, data[:, 0], length=5, batch_size=8)
    model = tf.keras.Sequential([tf.keras.layers.LSTM(3, input_shape=(5, 2)),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    history = model.fit(generator, epochs=1, verbose=0)
    assert len(history.history["loss"]) == 1


def test_a_window_longer_than_the_data_is_refused():
    with pytest.raises(ValueError, match=r"^`start_index\+length=11 > end_index=9` is "
                       "disallowed"):
        TimeseriesGenerator(np.arange(10), np.arange(10), length=11)
    with pytest.raises(ValueError, match="^Data and targets have to be of same length"):
        TimeseriesGenerator(np.arange(10), np.arange(9), length=2)

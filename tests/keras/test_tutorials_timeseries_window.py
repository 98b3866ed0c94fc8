"""TF's time-series tutorial windows: a map that slices each batch of windows and pins the
sliced sizes with ``set_shape`` (element specs as TF 2 traces them)."""

import numpy as np

import eagerbook as tf


def _windows():
    data = np.arange(40, dtype="float32").reshape(20, 2)
    return tf.keras.utils.timeseries_dataset_from_array(
        data=data, targets=None, sequence_length=4, sequence_stride=1, shuffle=False,
        batch_size=3)


def _split_window(features):
    inputs = features[:, :3, :]
    labels = features[:, 3:, 1:]
    inputs.set_shape([None, 3, None])
    labels.set_shape([None, 1, None])
    return inputs, labels


def test_split_window_spec_keeps_the_pinned_sizes():
    windows = _windows().map(_split_window)
    inputs_spec, labels_spec = windows.element_spec
    assert inputs_spec.shape.as_list() == [None, 3, 2]
    assert labels_spec.shape.as_list() == [None, 1, 1]
    inputs, labels = next(iter(windows))
    np.testing.assert_allclose(labels.numpy()[:, 0, 0], [7.0, 9.0, 11.0])


def test_models_train_on_the_windows():
    windows = _windows().map(_split_window)
    model = tf.keras.Sequential([tf.keras.layers.LSTM(4, return_sequences=False),
                                 tf.keras.layers.Dense(1),
                                 tf.keras.layers.Reshape([1, 1])])
    model.compile(loss="mse", optimizer="adam")
    history = model.fit(windows, epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2
    assert model.predict(windows, verbose=0).shape == (17, 1, 1)

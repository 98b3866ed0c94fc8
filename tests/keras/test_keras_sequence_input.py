"""tf.keras.utils.Sequence as fit/evaluate/predict input, a batch_size given with batched data
(ignored, as in TF 2.4+), and what print(metric) shows."""
import math
import random

import numpy as np
import pytest

import eagerbook as tf

X = np.arange(40, dtype="float32").reshape(20, 2) / 40.0
Y = (X.sum(1, keepdims=True) > 0.5).astype("float32")


class Batches(tf.keras.utils.Sequence):
    def __init__(self, batch_size):
        self.batch_size = batch_size
        self.asked = []
        self.epochs_ended = 0

    def __len__(self):
        return math.ceil(len(X) / self.batch_size)

    def __getitem__(self, index):
        self.asked.append(index)
        low = index * self.batch_size
        return X[low:low + self.batch_size], Y[low:low + self.batch_size]

    def on_epoch_end(self):
        self.epochs_ended += 1


def _model():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation="sigmoid",
                                                       kernel_initializer="ones",
                                                       input_shape=(2,))])
    model.compile(tf.keras.optimizers.SGD(0.1), "binary_crossentropy", metrics=["accuracy"])
    return model


def test_a_sequence_is_iterated_batch_by_batch_and_told_of_each_epoch_end():
    data = Batches(6)
    assert len(data) == 4 and [b[0].shape for b in data] == [(6, 2), (6, 2), (6, 2), (2, 2)]
    data.asked.clear()
    history = _model().fit(data, epochs=2, verbose=0, shuffle=False)
    assert history.params["steps"] == 4
    assert data.asked == [0, 1, 2, 3] * 2 and data.epochs_ended == 2


def test_a_sequence_trains_as_the_same_batches_given_as_a_list():
    by_sequence, by_list = _model(), _model()
    by_sequence.fit(Batches(6), epochs=2, verbose=0, shuffle=False)
    by_list.fit([Batches(6)[i] for i in range(4)], epochs=2, verbose=0)
    np.testing.assert_allclose(by_sequence.get_weights()[0], by_list.get_weights()[0])
    assert by_sequence.predict(Batches(6), verbose=0).shape == (20, 1)
    assert len(by_sequence.evaluate(Batches(6), verbose=0)) == 2


def test_fit_shuffles_a_sequences_batches_with_pythons_random_as_tf_does():
    random.seed(3)
    expected = list(range(4))
    random.shuffle(expected)
    data = Batches(6)
    random.seed(3)
    _model().fit(data, epochs=1, verbose=0)
    assert data.asked == expected


def test_a_sequence_refuses_y_and_sample_weight_in_tfs_words():
    with pytest.raises(ValueError, match=r"^`y` argument is not supported when using "
                                         r"`keras.utils.Sequence` as input.$"):
        _model().fit(Batches(6), Y, verbose=0)
    with pytest.raises(ValueError, match="`sample_weight` argument is not supported"):
        _model().fit(Batches(6), sample_weight=np.ones(20), verbose=0)


def test_batch_size_with_a_dataset_or_generator_is_ignored():
    model = _model()
    dataset = tf.data.Dataset.from_tensor_slices((X, Y)).batch(5)
    assert model.fit(dataset, batch_size=3, verbose=0).params["steps"] == 4
    assert len(model.evaluate(dataset, batch_size=3, verbose=0)) == 2
    assert model.predict(dataset, batch_size=3, verbose=0).shape == (20, 1)
    model.fit(((X[:4], Y[:4]) for _ in range(2)), batch_size=3, verbose=0)


def test_print_of_a_metric_shows_its_config():
    assert str(tf.keras.metrics.Mean(name="train_loss")) == "Mean(name=train_loss,dtype=float32)"
    assert str(tf.keras.metrics.BinaryAccuracy(threshold=0.6)) == \
        "BinaryAccuracy(name=binary_accuracy,dtype=float32,threshold=0.6)"
    assert repr(tf.keras.metrics.Mean()).startswith("<eagerbook.keras.metrics.Mean object at")


def test_validation_split_of_data_it_cannot_split_lists_their_types_as_tf_does():
    with pytest.raises(ValueError, match=r"^`validation_split` is only supported for Tensors "
                                         r"or NumPy arrays, found following types in the "
                                         r"input: \[<class '.*Batches'>\]$"):
        _model().fit(Batches(6), validation_split=0.5, verbose=0)
    with pytest.raises(ValueError, match=r"input: \[<class 'list_iterator'>\]$"):
        _model().fit(iter([(X, Y)]), validation_split=0.5, verbose=0)

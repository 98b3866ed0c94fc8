"""fit's class_weight as TF's Keras reads it: the keys must be the class ids 0 .. n-1
(TF's ValueError), a model of several outputs refuses it, a label with no weight is TF's
InvalidArgumentError (it was weighted 1.0), float labels are rounded (not truncated), and a
dataset's own sample weights are multiplied by the class weights (they were ignored)."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras.models import data_adapter

keras = tf.keras
X = np.ones((4, 2), "float32")


def _model(outputs=1):
    inputs = keras.Input((2,))
    heads = [keras.layers.Dense(3)(inputs) for _ in range(outputs)]
    model = keras.Model(inputs, heads if outputs > 1 else heads[0])
    model.compile("sgd", "mse" if outputs > 1 else
                  keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return model


@pytest.mark.parametrize("class_weight", [{1: 2.0, 2: 3.0}, {0: 1.0, 2: 3.0}])
def test_keys_must_be_the_class_ids(class_weight):
    labels = np.array([0, 1, 1, 2])
    for data in [dict(x=X, y=labels),
                 dict(x=tf.data.Dataset.from_tensor_slices((X, labels)).batch(2))]:
        with pytest.raises(ValueError) as info:
            _model().fit(**data, class_weight=class_weight, verbose=0)
        assert str(info.value) == ("Expected `class_weight` to be a dict with keys from 0 to "
                                   f"one less than the number of classes, found {class_weight}")


def test_several_outputs_refuse_class_weight():
    with pytest.raises(ValueError, match="^`class_weight` is only supported for Models with a "
                                         "single output.$"):
        _model(2).fit(X, [np.ones((4, 3)), np.ones((4, 3))], class_weight={0: 1.0, 1: 2.0},
                      verbose=0)


def test_a_label_without_a_weight_is_an_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[2\] = 5 is not in "
                                                              r"\[0, 3\)"):
        _model().fit(X, np.array([0, 1, 5, 2]), class_weight={0: 1.0, 1: 2.0, 2: 3.0},
                     verbose=0)


def test_float_labels_are_rounded_and_one_hot_labels_read_by_argmax():
    weights = {0: 1.0, 1: 2.0, 2: 3.0}
    np.testing.assert_array_equal(
        data_adapter._class_weights(np.array([0.6, 1.0, 1.4, 2.0]), weights), [2, 2, 2, 3])
    np.testing.assert_array_equal(
        data_adapter._class_weights(np.array([[0.7], [0.2]]), weights), [2, 1])
    np.testing.assert_array_equal(
        data_adapter._class_weights(np.eye(3)[[2, 0]], weights), [3, 1])


def test_a_datasets_sample_weights_are_multiplied_by_the_class_weights():
    labels = np.array([0, 1, 1, 2])
    sample_weight = np.array([1.0, 1.0, 0.0, 0.0], "float32")
    dataset = tf.data.Dataset.from_tensor_slices((X, labels, sample_weight)).batch(4)
    handler = data_adapter.DataHandler(dataset, class_weight={0: 1.0, 1: 2.0, 2: 3.0})
    (_, batch), = list(handler.epoch_batches())
    np.testing.assert_array_equal(np.asarray(batch[2]), [1.0, 2.0, 0.0, 0.0])

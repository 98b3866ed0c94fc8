"""A Keras model held by a plain tf.Module is saved with its call, as TF saves every Keras
model of the object graph: the loaded attribute is callable (the concrete-functions guide)."""
import pytest

import eagerbook as tf


@pytest.fixture()
def reloaded(tmp_path):
    linear = tf.keras.Sequential([tf.keras.layers.Dense(units=1, input_shape=[1],
                                                        kernel_initializer="ones")])
    module = tf.Module()
    module.linear = linear
    tf.saved_model.save(module, str(tmp_path))
    return tf.saved_model.load(str(tmp_path))


def test_the_nested_model_is_callable_after_loading(reloaded):
    assert reloaded.linear([[1.0]]).numpy().tolist() == [[1.0]]
    assert reloaded.linear(tf.constant([[2.0]]), training=True).numpy().tolist() == [[2.0]]


def test_an_input_of_another_shape_finds_no_trace(reloaded):
    with pytest.raises(ValueError, match="Could not find matching concrete function to call "
                                         "loaded from the SavedModel"):
        reloaded.linear([[1.0, 2.0]])

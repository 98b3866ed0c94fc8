"""Keras models saved with tf.saved_model.save, as TF 2.21 loads them (compared by hand): the
loaded object lists its Variables in the model's order (kernel before bias), and a subclassed
model's serving signature names its outputs output_1, ... as Keras numbers them."""

import numpy as np

import eagerbook as tf


def test_a_loaded_models_variables_keep_the_models_order(tmp_path):
    model = tf.keras.Sequential([tf.keras.layers.Dense(4, input_shape=(3,)),
                                 tf.keras.layers.BatchNormalization(),
                                 tf.keras.layers.Dense(2, name="out")])
    tf.saved_model.save(model, str(tmp_path / "seq"))
    loaded = tf.saved_model.load(str(tmp_path / "seq"))
    assert [v.name for v in loaded.variables] == [v.name for v in model.variables]
    first_layer = model.layers[0].name  # (dense, or dense_<n> after other tests' layers)
    assert [v.name for v in loaded.variables][:2] == [f"{first_layer}/kernel:0",
                                                      f"{first_layer}/bias:0"]
    assert [v.name for v in loaded.trainable_variables] == \
        [v.name for v in model.trainable_variables]
    assert not hasattr(loaded, "non_trainable_variables")  # TF saves the other two lists only


class _Subclassed(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d = tf.keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, x):
        return self.d(x)


def test_a_subclassed_models_signature_outputs_are_numbered_from_one(tmp_path):
    model = _Subclassed()
    x = np.ones((2, 3), np.float32)
    model(x)
    tf.saved_model.save(model, str(tmp_path / "sub"))
    loaded = tf.saved_model.load(str(tmp_path / "sub"))
    serving = loaded.signatures["serving_default"]
    assert serving.structured_outputs == {
        "output_1": tf.TensorSpec([None, 1], tf.float32, name="output_1")}
    assert serving(tf.constant(x))["output_1"].numpy().tolist() == [[3.0], [3.0]]

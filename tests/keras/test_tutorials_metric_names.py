"""Metrics given as callables report the names Keras gives them (the overfitting tutorial
tracks a loss object as a metric and reads its history under that name)."""

import numpy as np

import eagerbook as tf


class MeanOfTargets:
    def __call__(self, y_true, y_pred):
        return tf.reduce_mean(y_true)


def test_loss_objects_functions_and_plain_callables_as_metrics():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(1,),
                                                       kernel_initializer="zeros")])
    model.compile(optimizer="sgd", loss="mse",
                  metrics=[tf.keras.losses.BinaryCrossentropy(from_logits=True, name="bce"),
                           tf.keras.losses.MeanSquaredError(), tf.keras.losses.mae,
                           MeanOfTargets()])
    logs = model.evaluate(np.ones((2, 1)), np.ones((2, 1)), verbose=0, return_dict=True)
    assert list(logs) == ["loss", "bce", "mean_squared_error", "mean_absolute_error",
                          "mean_of_targets"]
    # Zero logits: BCE is log(2); the prediction 0 is 1 away from each target.
    np.testing.assert_allclose(logs["bce"], np.log(2.0), rtol=1e-6)
    np.testing.assert_allclose(logs["mean_squared_error"], 1.0)
    np.testing.assert_allclose(logs["mean_of_targets"], 1.0)

"""Custom train/test/predict steps as TF's Keras feeds them: predict_step gets x itself,
compute_metrics/get_metrics_result return the metrics' results by name."""

import numpy as np

import eagerbook as tf

X = np.arange(48, dtype="float32").reshape(8, 6) / 48.0


class _PredictDict(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d = tf.keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, x):
        return self.d(x)

    def predict_step(self, data):
        return {"pred": self(data), "double": 2 * self(data)}


def test_predict_step_gets_the_batch_itself():
    seen = []

    class Recording(_PredictDict):
        def predict_step(self, data):
            seen.append(data)
            return super().predict_step(data)

    out = Recording().predict(X, batch_size=4, verbose=0)
    assert all(isinstance(batch, tf.Tensor) and batch.shape == (4, 6) for batch in seen)
    assert sorted(out) == ["double", "pred"] and out["pred"].shape == (8, 1)
    np.testing.assert_allclose(out["double"], 2 * out["pred"])


def test_a_tuple_of_inputs_stays_one_x():
    seen = []

    class TwoInputs(tf.keras.Model):
        def call(self, inputs):
            return inputs[0] + inputs[1]

        def predict_step(self, data):
            seen.append(data)
            return super().predict_step(data)

    out = TwoInputs().predict((X, X), batch_size=8, verbose=0)
    assert isinstance(seen[0], tuple) and len(seen[0]) == 1 and len(seen[0][0]) == 2
    np.testing.assert_allclose(out, 2 * X)


def test_compute_metrics_in_a_custom_train_step():
    class MyModel(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d = tf.keras.layers.Dense(1, kernel_initializer="zeros")

        def call(self, x):
            return self.d(x)

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                loss = self.compute_loss(x, y, y_pred)
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            return self.compute_metrics(x, y, y_pred, None)

    model = MyModel()
    model.compile(tf.keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    history = model.fit(X, X[:, :1], batch_size=4, epochs=2, verbose=0, shuffle=False)
    assert sorted(history.history) == ["loss", "mae"]
    # TF 2.21 with tf-keras gives these (the first batch starts from zero weights)
    np.testing.assert_allclose(history.history["loss"], [0.2112, 0.0162], atol=1e-4)
    np.testing.assert_allclose(history.history["mae"], [0.39, 0.1153], atol=1e-4)
    results = model.get_metrics_result()
    assert sorted(results) == ["loss", "mae"] and isinstance(results["mae"], tf.Tensor)

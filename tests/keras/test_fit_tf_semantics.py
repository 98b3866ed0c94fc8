"""fit as TF runs it: NumPy floats become float32, plain metrics ignore sample and class
weights, a frozen model trains nothing without an error, `trainable` flags count from
compile(); registered activation functions round trip (values worked out by hand)."""

import numpy as np
import pytest

import eagerbook as tf


def _dense(units=1, **kwargs):
    return tf.keras.layers.Dense(units, kernel_initializer="zeros", **kwargs)


def test_numpy_float64_data_arrives_as_float32():
    seen = []

    def loss(y_true, y_pred):
        seen.append(y_true.dtype)
        return tf.reduce_mean(tf.square(y_true - y_pred))  # float64 - float32 would fail

    model = tf.keras.Sequential([_dense(input_shape=(2,))])
    model.compile(tf.keras.optimizers.SGD(0.1), loss)
    model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    assert seen and all(d == tf.float32 for d in seen)
    model.evaluate([[1.0, 2.0]], [[3.0]], verbose=0)  # lists of floats too
    assert seen[-1] == tf.float32


def test_plain_metrics_ignore_weights_weighted_metrics_use_them():
    model = tf.keras.Sequential([_dense(2, input_shape=(2,), activation="softmax")])
    model.compile(tf.keras.optimizers.SGD(0.0), "sparse_categorical_crossentropy",
                  metrics=["sparse_categorical_accuracy"],
                  weighted_metrics=["sparse_categorical_accuracy"])
    x = np.array([[1., 0.], [0., 1.], [1., 1.], [0., 0.]], "float32")
    y = np.array([0, 1, 1, 0])
    # zero weights: equal scores, argmax picks class 0, right for samples 0 and 3
    logs = model.evaluate(x, y, sample_weight=np.array([1., 2., 3., 4.]), verbose=0,
                          return_dict=True)
    assert logs["sparse_categorical_accuracy"] == pytest.approx(0.5)
    # the same metric weighted gets TF's "weighted_" name: samples 0 and 3 weigh 1 + 4 of 10
    assert logs["weighted_sparse_categorical_accuracy"] == pytest.approx((1 + 4) / 10)
    logs = model.evaluate(x, y, sample_weight=np.array([4., 1., 1., 4.]), verbose=0,
                          return_dict=True)
    assert logs["sparse_categorical_accuracy"] == pytest.approx(0.5)
    assert logs["weighted_sparse_categorical_accuracy"] == pytest.approx(8 / 10)
    history = model.fit(x, y, class_weight={0: 1.0, 1: 3.0}, batch_size=4, verbose=0)
    assert history.history["sparse_categorical_accuracy"] == [pytest.approx(0.5)]


def test_frozen_model_trains_nothing():
    model = tf.keras.Sequential([_dense(input_shape=(1,))])
    model.layers[0].trainable = False
    model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    history = model.fit(np.ones((4, 1)), np.ones((4, 1)), epochs=2, verbose=0)
    assert history.history["loss"] == [1.0, 1.0]


def test_trainable_flags_count_from_compile():
    model = tf.keras.Sequential([_dense(input_shape=(1,))])
    model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    model.layers[0].trainable = False  # not compiled again: fit still trains the layer
    history = model.fit(np.ones((4, 1)), np.ones((4, 1)), epochs=2, verbose=0)
    # w, b start at 0: prediction 0, gradient of (1 - p)^2 is -2 for each, step 0.2 each
    np.testing.assert_allclose(history.history["loss"], [1.0, 0.36], rtol=1e-6)
    assert model.layers[0].trainable is False  # the flag set after compile is back
    model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    before = model.get_weights()
    model.fit(np.ones((4, 1)), np.ones((4, 1)), verbose=0)
    for a, b in zip(before, model.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_registered_activation_round_trip():
    @tf.keras.utils.register_keras_serializable(package="test_pkg", name="square_it")
    def square_it(x):
        return x ** 2

    assert tf.keras.activations.serialize(square_it) == {  # (TF 2.21's function entry)
        "module": "builtins", "class_name": "function", "config": "test_pkg>square_it",
        "registered_name": "function"}
    assert tf.keras.activations.get("test_pkg>square_it") is square_it
    inputs = tf.keras.Input((2,))
    model = tf.keras.Model(inputs, tf.keras.layers.Activation(square_it)(inputs))
    rebuilt = tf.keras.Model.from_config(model.get_config())
    np.testing.assert_allclose(rebuilt(np.array([[2.0, 3.0]])).numpy(), [[4.0, 9.0]])
    # TF serializes functions only: any name, even a known one, is refused
    with pytest.raises(ValueError, match="Unknown activation function 'relu' cannot be "
                                         "serialized due to invalid function name"):
        tf.keras.activations.serialize("relu")


def test_subclassed_model_first_call_runs_call_once():
    calls = []

    class Counting(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = _dense()

        def call(self, x):
            calls.append(1)
            self.add_loss(tf.reduce_sum(x))
            return self.dense(x)

    model = Counting()
    model(np.ones((2, 3), "float32"))
    assert len(calls) == 1  # TF's default build runs nothing before the first call
    assert [float(v) for v in model.losses] == [6.0]
    assert model.built and len(model.weights) == 2
    explicit = Counting()
    explicit.build((None, 3))  # model.build(shape) does call the model (on zeros)
    assert len(calls) == 2 and len(explicit.weights) == 2


def test_each_validation_starts_at_the_first_batch():
    x = np.arange(8, dtype="float32").reshape(8, 1)
    seen = []

    class Record(tf.keras.callbacks.Callback):
        def on_test_batch_begin(self, batch, logs=None):
            seen.append(batch)

    model = tf.keras.Sequential([_dense(input_shape=(1,))])
    model.compile(tf.keras.optimizers.SGD(0.0), "mse")
    val = tf.data.Dataset.from_tensor_slices((x, x)).batch(2)  # 4 batches
    history = model.fit(x, x, epochs=2, verbose=0, validation_data=val, validation_steps=2,
                        callbacks=[Record()])
    # weights stay zero: each validation sees the batches [0, 1] and [2, 3] again
    assert history.history["val_loss"] == [pytest.approx(3.5)] * 2
    assert seen == [0, 1, 0, 1]


def test_loss_configs_name_their_function():
    config = tf.keras.losses.Huber().get_config()
    assert config == {"reduction": "auto", "name": "huber_loss", "delta": 1.0, "fn": "huber"}
    assert type(tf.keras.losses.Huber.from_config(config)) is tf.keras.losses.Huber
    wrapper = tf.keras.losses.LossFunctionWrapper(tf.keras.losses.mean_squared_error, name="w")
    rebuilt = tf.keras.losses.LossFunctionWrapper.from_config(wrapper.get_config())
    assert rebuilt.fn is tf.keras.losses.mean_squared_error

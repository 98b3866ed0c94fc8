"""Models: functional graphs, compile/fit/evaluate/predict, callbacks, the guide's CNN."""

import io
import os
import re

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras import backend, callbacks, layers


@pytest.fixture(autouse=True)
def _fresh():
    backend.clear_session()
    tf.random.set_seed(0)
    np.random.seed(0)
    yield
    backend.clear_session()


def _regression_data(n=64, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)
    return x, y


def _classification_data(n=96, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, 4)).astype(np.float32)
    y = (x[:, 0] + x[:, 1] > 0).astype(np.int64) + 2 * (x[:, 2] > 0.5)
    return x, y


# --- functional API -----------------------------------------------------------------------------
def test_functional_linear_chain_matches_manual_calls():
    inp = tf.keras.Input(shape=(3,))
    d1, d2 = layers.Dense(4, activation="relu"), layers.Dense(2)
    model = tf.keras.Model(inputs=inp, outputs=d2(d1(inp)))
    x = np.random.default_rng(1).standard_normal((5, 3)).astype(np.float32)
    np.testing.assert_allclose(model(x).numpy(), d2(d1(x)).numpy(), rtol=1e-6)
    assert [layer.name for layer in model.layers] == ["input_1", "dense", "dense_1"]
    assert model.count_params() == 3 * 4 + 4 + 4 * 2 + 2


def test_functional_branches_multiple_inputs_and_outputs():
    a = tf.keras.Input(shape=(3,), name="a")
    b = tf.keras.Input(shape=(2,), name="b")
    shared = layers.Dense(4)
    h = layers.Concatenate()([shared(a), layers.Dense(4)(b)])
    left, right = layers.Dense(1, name="left")(h), layers.Dense(2, name="right")(h)
    summed = layers.Add()([left, right])  # broadcasts (None, 1) + (None, 2)
    model = tf.keras.Model([a, b], [left, summed])
    xa = np.ones((2, 3), np.float32)
    xb = np.ones((2, 2), np.float32)
    out_left, out_sum = model([xa, xb])
    assert out_left.shape == (2, 1) and out_sum.shape == (2, 2)
    np.testing.assert_allclose(out_sum.numpy() - out_left.numpy(),
                               model.get_layer("right")(
                                   tf.concat([shared(xa), model.layers[3](xb)], -1)).numpy(),
                               rtol=1e-5, atol=1e-6)
    # inputs by name
    by_name = model({"a": xa, "b": xb})
    np.testing.assert_allclose(by_name[0].numpy(), out_left.numpy())
    assert model.output_names == ["left", "add"]
    # KerasTensor arithmetic becomes a layer in the graph
    twice = tf.keras.Model(a, shared(a) * 2.0 + 1.0)
    np.testing.assert_allclose(twice(xa).numpy(), shared(xa).numpy() * 2 + 1, rtol=1e-6)


def test_functional_errors():
    a, b = tf.keras.Input(shape=(3,)), tf.keras.Input(shape=(3,))
    out = layers.Add()([a, b])
    with pytest.raises(ValueError, match="Graph disconnected"):
        tf.keras.Model(a, out)
    with pytest.raises(ValueError, match="must come from `tf.keras.Input`"):
        tf.keras.Model(tf.constant([1.0]), out)
    model = tf.keras.Model(a, layers.Dense(2)(a))
    with pytest.raises(ValueError, match=r"expected shape=\(None, 3\), found shape=\(1, 4\)"):
        model(np.ones((1, 4), np.float32))
    with pytest.raises(TypeError, match="an intermediate TF-Keras symbolic input/output"):
        np.asarray(a)


def test_subclassed_model_build_and_summary():
    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d1 = layers.Dense(8, activation="relu")
            self.d2 = layers.Dense(2)

        def call(self, x, training=False):
            return self.d2(self.d1(x))

    net = Net()
    with pytest.raises(ValueError, match="not yet been built"):
        net.summary()
    net.build((None, 5))
    assert net.built and net.count_params() == 5 * 8 + 8 + 8 * 2 + 2
    out = io.StringIO()
    net.summary(print_fn=lambda s: out.write(s + "\n"))
    assert "multiple" in out.getvalue() and "Total params: 66" in out.getvalue()


def test_guide_custom_model_with_integer_input():
    class CustomModel(tf.keras.models.Model):
        def call(self, input_data):
            if tf.reduce_mean(input_data) > 0:
                return input_data
            return input_data // 2

    out = CustomModel()(tf.constant([-2, -4]))
    np.testing.assert_array_equal(out.numpy(), [-1, -2])
    assert out.dtype == tf.int32


# --- compile / fit / evaluate / predict -----------------------------------------------------------
def test_fit_before_compile_and_unknown_names():
    model = tf.keras.Sequential([layers.Dense(1, input_shape=(3,))])
    x, y = _regression_data()
    with pytest.raises(RuntimeError, match="must compile your model"):
        model.fit(x, y, verbose=0)
    with pytest.raises(RuntimeError, match="must compile"):
        model.evaluate(x, y, verbose=0)
    with pytest.raises(ValueError, match="Unknown optimizer"):
        model.compile("adamm", "mse")
    # TF looks loss and metric names up lazily: compile succeeds, the first batch fails
    # (loss: ValueError; metric: TypeError, the name is called) and no weight changes.
    kernel = model.layers[0].kernel.numpy().copy() if model.built else None
    model.compile("adam", "msee")
    with pytest.raises(ValueError, match="Unknown loss function"):
        model.fit(x, y, verbose=0)
    model.compile("adam", "mse", metrics=["acuracy"])
    with pytest.raises(TypeError, match="'str' object is not callable"):
        model.fit(x, y, verbose=0)
    if kernel is not None:
        np.testing.assert_array_equal(model.layers[0].kernel.numpy(), kernel)
    model.compile("sgd")
    with pytest.raises(ValueError, match="No loss found"):
        model.fit(x, y, verbose=0)


def test_fit_regression_history_validation_and_evaluate():
    x, y = _regression_data(128)
    model = tf.keras.Sequential([layers.Dense(1, input_shape=(3,))])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    history = model.fit(x, y, batch_size=16, epochs=5, validation_split=0.25, verbose=0)
    assert isinstance(history, callbacks.History) and model.history is history
    assert history.epoch == [0, 1, 2, 3, 4]
    assert set(history.history) == {"loss", "mae", "val_loss", "val_mae"}
    assert history.history["loss"][-1] < history.history["loss"][0] / 10
    assert history.params == {"verbose": 0, "epochs": 5, "steps": 6}
    loss, mae = model.evaluate(x[96:], y[96:], verbose=0)
    assert loss == pytest.approx(history.history["val_loss"][-1], rel=1e-5)
    assert model.metrics_names == ["loss", "mae"]
    result = model.evaluate(x, y, verbose=0, return_dict=True)
    assert set(result) == {"loss", "mae"}
    pred = model.predict(x, batch_size=50)
    assert isinstance(pred, np.ndarray) and pred.shape == (128, 1)
    np.testing.assert_allclose(pred, model(x).numpy(), rtol=1e-5, atol=1e-6)


def test_fit_loss_is_batch_size_weighted_mean_and_validation_data():
    x, y = _regression_data(10)
    model = tf.keras.Sequential([layers.Dense(1, input_shape=(3,), kernel_initializer="zeros")])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss="mse")
    logs = model.fit(x, y, batch_size=4, epochs=1, verbose=0,
                     validation_data=(x[:5], y[:5])).history
    assert logs["loss"][0] == pytest.approx(float(np.mean(y ** 2)), rel=1e-5)
    assert logs["val_loss"][0] == pytest.approx(float(np.mean(y[:5] ** 2)), rel=1e-5)


def test_fit_classification_with_accuracy_on_dataset_like_iterables():
    x, y = _classification_data()
    model = tf.keras.Sequential([layers.Dense(16, activation="relu", input_shape=(4,)),
                                 layers.Dense(4)])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.02),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    batches = [(x[i:i + 32], y[i:i + 32]) for i in range(0, 96, 32)]
    history = model.fit(batches, epochs=3, verbose=0)
    assert set(history.history) == {"loss", "accuracy"}
    assert history.params["steps"] == 3

    def generator():
        for xb, yb in batches:
            yield tf.constant(xb), tf.constant(yb)

    class OneShot:
        def __iter__(self):
            return generator()

    model.fit(OneShot(), epochs=2, verbose=0)
    loss, acc = model.evaluate(OneShot(), verbose=0)
    assert 0.0 <= acc <= 1.0
    model.fit(generator(), batch_size=8, verbose=0)  # ignored with batched data, as in TF 2.4+
    with pytest.raises(ValueError, match="validation_split"):
        model.fit(batches, validation_split=0.2, verbose=0)
    from eagerbook.data import Dataset
    ds = Dataset.from_tensor_slices((x, y)).shuffle(96, seed=1).batch(32)
    history = model.fit(ds, epochs=30, verbose=0, validation_data=ds)
    assert history.history["accuracy"][-1] > 0.9
    assert history.history["val_accuracy"][-1] > 0.9
    assert model.predict(Dataset.from_tensor_slices(x).batch(40)).shape == (96, 4)


def test_fit_steps_per_epoch_initial_epoch_shuffle_and_sample_weight():
    x, y = _regression_data(40)
    model = tf.keras.Sequential([layers.Dense(1, input_shape=(3,))])
    model.compile("sgd", "mse")
    seen = []
    cb = callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append(b),
                                  on_epoch_begin=lambda e, logs: seen.append(f"e{e}"))
    model.fit(x, y, batch_size=8, epochs=4, initial_epoch=2, steps_per_epoch=3, verbose=0,
              callbacks=[cb], shuffle=False)
    assert seen == ["e2", 0, 1, 2, "e3", 0, 1, 2]
    zero_weight = np.zeros(40, np.float32)
    before = model.get_weights()
    model.fit(x, y, sample_weight=zero_weight, epochs=1, verbose=0)
    for a, b in zip(before, model.get_weights()):
        np.testing.assert_allclose(a, b)


def test_train_test_on_batch():
    x, y = _classification_data(32)
    model = tf.keras.Sequential([layers.Dense(4, input_shape=(4,))])
    model.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
    loss, acc = model.train_on_batch(x, y)
    assert np.isfinite(loss) and 0 <= acc <= 1
    assert int(model.optimizer.iterations) == 1
    logs = model.test_on_batch(x, y, return_dict=True)
    assert set(logs) == {"loss", "accuracy"}
    model.compile("adam", "sparse_categorical_crossentropy")
    assert isinstance(model.train_on_batch(x, y), float)


def test_callback_hooks_order_params_and_model():
    events = []

    class Recorder(callbacks.Callback):
        def on_train_begin(self, logs=None):
            events.append(("train_begin", self.params["epochs"], self.model is model))

        def on_epoch_begin(self, epoch, logs=None):
            events.append(("epoch_begin", epoch))

        def on_train_batch_begin(self, batch, logs=None):
            events.append(("batch_begin", batch))

        def on_train_batch_end(self, batch, logs=None):
            events.append(("batch_end", batch, sorted(logs)))

        def on_test_begin(self, logs=None):
            events.append(("test_begin",))

        def on_test_end(self, logs=None):
            events.append(("test_end", sorted(logs)))

        def on_epoch_end(self, epoch, logs=None):
            events.append(("epoch_end", epoch, sorted(logs)))

        def on_train_end(self, logs=None):
            events.append(("train_end",))

        def on_predict_begin(self, logs=None):
            events.append(("predict_begin",))

        def on_predict_batch_end(self, batch, logs=None):
            events.append(("predict_batch_end", batch))

        def on_predict_end(self, logs=None):
            events.append(("predict_end",))

    x, y = _regression_data(8)
    model = tf.keras.Sequential([layers.Dense(1, input_shape=(3,))])
    model.compile("sgd", "mse")
    model.fit(x, y, batch_size=4, epochs=1, validation_data=(x, y), verbose=0,
              callbacks=[Recorder()])
    assert events == [
        ("train_begin", 1, True), ("epoch_begin", 0), ("batch_begin", 0),
        ("batch_end", 0, ["loss"]), ("batch_begin", 1), ("batch_end", 1, ["loss"]),
        ("test_begin",), ("test_end", ["loss"]), ("epoch_end", 0, ["loss", "val_loss"]),
        ("train_end",)]
    events.clear()
    model.predict(x, batch_size=4, callbacks=[Recorder()])
    assert events == [("predict_begin",), ("predict_batch_end", 0), ("predict_batch_end", 1),
                      ("predict_end",)]


def test_early_stopping_with_restore_best_weights():
    x, y = _regression_data(32)
    model = tf.keras.Sequential([layers.Dense(1, input_shape=(3,))])
    model.compile(tf.keras.optimizers.SGD(0.05), "mse")
    snapshots = []
    state = {"epoch": 0}

    class FakeMetric(callbacks.Callback):
        # val_loss goes 5, 3, 4, 4, 4, ... : best at epoch 1, patience 2 stops at epoch 3
        def on_epoch_end(self, epoch, logs=None):
            logs["val_loss"] = [5.0, 3.0, 4.0, 4.0, 4.0, 4.0][epoch]
            snapshots.append(model.get_weights())
            state["epoch"] = epoch

    stop = callbacks.EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True)
    history = model.fit(x, y, epochs=6, verbose=0, callbacks=[FakeMetric(), stop])
    assert history.epoch == [0, 1, 2, 3]
    assert stop.stopped_epoch == 3 and stop.best == 3.0
    for a, b in zip(model.get_weights(), snapshots[1]):
        np.testing.assert_array_equal(a, b)
    # min_delta: improvements smaller than it do not count
    stop2 = callbacks.EarlyStopping(monitor="loss", min_delta=1e9, patience=1)
    assert len(model.fit(x, y, epochs=10, verbose=0, callbacks=[stop2]).epoch) == 2
    stop3 = callbacks.EarlyStopping(monitor="val_accuracy")
    assert stop3.mode == "max"


def test_model_checkpoint_saves_weights_or_the_whole_model(tmp_path):
    x, y = _regression_data(16)
    model = tf.keras.Sequential([layers.Dense(1, input_shape=(3,))])
    model.compile("sgd", "mse")
    path = os.path.join(tmp_path, "w-{epoch:02d}")
    model.fit(x, y, epochs=2, verbose=0,
              callbacks=[callbacks.ModelCheckpoint(path, save_weights_only=True)])
    assert os.path.exists(os.path.join(tmp_path, "w-02.index"))
    reloaded = tf.keras.Sequential([layers.Dense(1, input_shape=(3,))])
    reloaded.load_weights(os.path.join(tmp_path, "w-02"))
    for a, b in zip(model.get_weights(), reloaded.get_weights()):
        np.testing.assert_array_equal(a, b)
    best = callbacks.ModelCheckpoint(os.path.join(tmp_path, "best"), monitor="loss",
                                     save_best_only=True)
    model.fit(x, y, epochs=1, verbose=0, callbacks=[best])
    # By default (as in TF) the whole model is saved, and load_model reads it back.
    whole = tf.keras.models.load_model(os.path.join(tmp_path, "best"))
    for a, b in zip(model.get_weights(), whole.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_progress_bar_output(capsys):
    x, y = _regression_data(20)
    model = tf.keras.Sequential([layers.Dense(1, input_shape=(3,))])
    model.compile("sgd", "mse", metrics=["mae"])
    model.fit(x, y, batch_size=8, epochs=2, verbose=1)
    out = capsys.readouterr().out
    assert "Epoch 1/2" in out and "Epoch 2/2" in out
    assert re.search(r"3/3 \[=+\] - \d+s \d+(ms|us|s)/step - loss: [\d.e+-]+ - mae: [\d.e+-]+",
                     out), out
    model.fit(x, y, batch_size=8, epochs=1, verbose=2)
    out = capsys.readouterr().out
    assert re.search(r"^3/3 - \d+s - loss: [\d.e+-]+ - mae: [\d.e+-]+ - \d+(ms|us|s)/epoch"
                     r" - \d+(ms|us|s)/step$", out, re.M), out
    model.evaluate(x, y, verbose=1)
    assert "[==============================]" in capsys.readouterr().out
    model.fit(x, y, epochs=1, verbose=0)
    assert capsys.readouterr().out == ""


# --- the guide's CNN ------------------------------------------------------------------------------
def _blobs(n=256, seed=0):
    """Images of 10 classes that a small CNN can learn quickly: a bright square per class."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 10, n)
    images = rng.random((n, 12, 12, 1)).astype(np.float32) * 0.3
    for i, label in enumerate(labels):
        r, c = divmod(int(label), 5)
        images[i, 1 + 5 * r:5 + 5 * r, 1 + 2 * c:3 + 2 * c, 0] += 1.0
    return images, labels


def _guide_cnn():
    return tf.keras.Sequential([
        tf.keras.layers.Conv2D(16, [3, 3], activation="relu", input_shape=(None, None, 1)),
        tf.keras.layers.Conv2D(16, [3, 3], activation="relu"),
        tf.keras.layers.GlobalAveragePooling2D(),
        tf.keras.layers.Dense(10),
    ])


def test_guide_cnn_custom_training_loop_learns():
    images, labels = _blobs()
    mnist_model = _guide_cnn()
    logits = mnist_model(images[0:1])
    assert logits.shape == (1, 10) and np.all(np.abs(logits.numpy()) < 1.0)
    optimizer = tf.keras.optimizers.Adam(learning_rate=0.01)
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    loss_history = []
    for _epoch in range(12):
        for i in range(0, 256, 32):
            x, y = tf.constant(images[i:i + 32]), tf.constant(labels[i:i + 32])
            with tf.GradientTape() as tape:
                logits = mnist_model(x, training=True)
                loss_value = loss_object(y, logits)
            loss_history.append(loss_value.numpy().mean())
            grads = tape.gradient(loss_value, mnist_model.trainable_variables)
            optimizer.apply_gradients(zip(grads, mnist_model.trainable_variables))
    assert loss_history[-1] < loss_history[0] / 2
    predictions = np.argmax(mnist_model(images).numpy(), -1)
    assert (predictions == labels).mean() > 0.6


def test_guide_cnn_fit_and_evaluate():
    images, labels = _blobs()
    model = _guide_cnn()
    model.compile(optimizer=tf.keras.optimizers.Adam(0.01),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    history = model.fit(images, labels, batch_size=32, epochs=12, verbose=0)
    assert history.history["accuracy"][-1] > 0.6
    test_images, test_labels = _blobs(64, seed=1)
    _, acc = model.evaluate(test_images, test_labels, verbose=0)
    assert acc > 0.6


def test_regularization_losses_are_added_to_the_compiled_loss():
    x, y = _regression_data(8)
    plain = tf.keras.Sequential([layers.Dense(1, input_shape=(3,), kernel_initializer="ones")])
    reg = tf.keras.Sequential([layers.Dense(1, input_shape=(3,), kernel_initializer="ones",
                                            kernel_regularizer=tf.keras.regularizers.l2(0.1))])
    for m in (plain, reg):
        m.compile("sgd", "mse")
    assert reg.evaluate(x, y, verbose=0) == pytest.approx(
        plain.evaluate(x, y, verbose=0) + 0.1 * 3, rel=1e-5)
    assert len(reg.losses) == 1 and plain.losses == []

"""Behaviours TensorFlow's own Keras guides rely on, found by running the guides' code under
both engines; the expected values are TF 2.21's with Keras 2 (``TF_USE_LEGACY_KERAS=1``)."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook import keras


# keras.datasets.mnist gives uint8 labels; Keras casts sparse labels to int64 itself, so the
# quickstart's SparseCategoricalCrossentropy/accuracy run on them unchanged.
@pytest.mark.parametrize("label_dtype", ["uint8", "int16", "float32", "int32", "int64"])
def test_sparse_categorical_losses_take_any_label_dtype(label_dtype):
    labels = np.array([3, 1], dtype=label_dtype)
    logits = tf.constant([[0.1, 0.2, 0.3, 0.4], [1.0, 2.0, 3.0, 4.0]])
    loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)(labels, logits)
    np.testing.assert_allclose(loss.numpy(), 1.8413626, rtol=1e-6)
    accuracy = keras.metrics.SparseCategoricalAccuracy()
    accuracy.update_state(labels, logits)
    assert accuracy.result().numpy() == 0.5


def test_sparse_categorical_crossentropy_clips_before_normalising():
    # TF 2.21/Keras 2: [0.91629076, 1.3862944] -- the second row is clipped to ~1 everywhere
    # and then normalised (a uniform 0.25), unlike categorical_crossentropy's normalise-first.
    probs = tf.constant([[0.1, 0.2, 0.3, 0.4], [1.0, 2.0, 3.0, 4.0]])
    loss = keras.losses.sparse_categorical_crossentropy(np.array([3, 1], "uint8"), probs)
    np.testing.assert_allclose(loss.numpy(), [0.91629076, 1.3862944], rtol=1e-6)
    dense = keras.losses.categorical_crossentropy(tf.one_hot([3, 1], 4), probs)
    np.testing.assert_allclose(dense.numpy(), [0.91629076, 1.609438], rtol=1e-6)


def test_fit_on_uint8_labels_like_the_beginner_quickstart():
    x = np.random.RandomState(0).rand(64, 4).astype("float32")
    y = (np.arange(64) % 3).astype("uint8")
    model = keras.Sequential([keras.layers.Dense(3)])
    model.compile("adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    history = model.fit(x, y, epochs=1, verbose=0)
    assert set(history.history) == {"loss", "accuracy"}


class _Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class _TTY:
    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def _final_line(stream):
    return stream.text.split("\r")[-1].rstrip()


def test_progbar_prints_elapsed_time_in_whole_seconds_past_a_minute(monkeypatch):
    # Keras 2 after a 94 s epoch of 40 steps: "40/40 [====...] - 94s 2s/step - loss: ..."
    clock = _Clock()
    monkeypatch.setattr(keras.callbacks.time, "time", clock)
    stream = _TTY()
    bar = keras.utils.Progbar(40, stream=stream)
    clock.now += 94.2
    bar.update(40, [("loss", 1.25)])
    assert _final_line(stream) == \
        "40/40 [==============================] - 94s 2s/step - loss: 1.2500"
    stream = _TTY()
    bar = keras.utils.Progbar(4, verbose=2, stream=stream)
    clock.now += 3725.0
    bar.update(4, [("loss", 0.5)])
    assert stream.text == "4/4 - 3725s - loss: 0.5000 - 3725s/epoch - 931s/step\n"


@pytest.mark.parametrize("eta_seconds, text", [(59.9, "59s"), (60.0, "60s"), (94.7, "1:34"),
                                               (3600.0, "60:00"), (3725.0, "1:02:05")])
def test_progbar_eta_formats_as_keras(monkeypatch, eta_seconds, text):
    clock = _Clock()
    monkeypatch.setattr(keras.callbacks.time, "time", clock)
    stream = _TTY()
    bar = keras.utils.Progbar(2, stream=stream)
    clock.now += eta_seconds   # one of two steps done: the other takes as long again
    bar.update(1)
    assert _final_line(stream) == f"1/2 [==============>...............] - ETA: {text}"


def _mnist_mlp():
    inputs = keras.Input(shape=(784,), name="img")
    x = keras.layers.Dense(64, activation="relu", name="hidden")(inputs)
    outputs = keras.layers.Dense(10, name="logits")(x)
    return keras.Model(inputs, outputs, name="mnist_model")


def test_plot_model_without_pydot_raises_tfs_import_error(tmp_path, monkeypatch):
    # The functional guide's first plot: TF 2.0 raises this when pydot/Graphviz are missing
    # (outside IPython) and writes no file.
    from eagerbook.keras import vis_utils
    monkeypatch.setattr(vis_utils, "_graphviz", lambda: None)
    target = tmp_path / "my_first_model.png"
    with pytest.raises(ImportError, match=r"^Failed to import pydot\. You must install pydot "
                                          r"and graphviz for `pydotprint` to work\.$"):
        keras.utils.plot_model(_mnist_mlp(), str(target))
    assert not target.exists()


def test_plot_model_without_pydot_inside_ipython_prints_and_returns_none(monkeypatch, capsys):
    import sys
    import types

    from eagerbook.keras import vis_utils
    monkeypatch.setattr(vis_utils, "_graphviz", lambda: None)
    monkeypatch.setitem(sys.modules, "IPython.core.magics.namespace", types.ModuleType("ns"))
    assert keras.utils.plot_model(_mnist_mlp(), "unused.png", show_shapes=True) is None
    assert capsys.readouterr().out == (
        "Failed to import pydot. You must install pydot and graphviz for `pydotprint` to work.\n")


def test_dot_source_has_a_record_per_layer_and_an_edge_per_connection():
    from eagerbook.keras import vis_utils
    model = _mnist_mlp()
    text = vis_utils.dot_source(model, show_shapes=True)
    img, hidden, logits = (str(id(layer)) for layer in model.layers)
    assert text.splitlines()[:3] == ["digraph G {", "  rankdir=TB; concentrate=True; dpi=96;",
                                     "  node [shape=record];"]
    assert (f'"{img}" [label="img: InputLayer\\n|{{input:|output:}}|'
            f'{{{{[(?, 784)]}}|{{[(?, 784)]}}}}"];') in text
    assert (f'"{hidden}" [label="hidden: Dense\\n|{{input:|output:}}|'
            f'{{{{(?, 784)}}|{{(?, 64)}}}}"];') in text
    assert [line.strip() for line in text.splitlines() if "->" in line] == [
        f'"{img}" -> "{hidden}";', f'"{hidden}" -> "{logits}";']
    plain = vis_utils.dot_source(model, show_layer_names=False, rankdir="LR")
    assert "rankdir=LR;" in plain and f'"{logits}" [label="Dense"];' in plain


def test_dot_source_of_shared_and_nested_models():
    from eagerbook.keras import vis_utils
    encoder = _mnist_mlp()
    inputs = keras.Input(shape=(784,), name="pair")
    merged = keras.layers.average([encoder(inputs), encoder(inputs)])
    outer = keras.Model(inputs, merged, name="ensemble")
    flat = vis_utils.dot_source(outer)
    # the nested model is one node, called twice: a single (deduplicated) edge into it
    assert f'"{id(encoder)}" [label="mnist_model: Model"];' in flat   # TF 2.0's class name
    assert flat.count(f'"{id(outer.layers[0])}" -> "{id(encoder)}";') == 1
    nested = vis_utils.dot_source(outer, expand_nested=True)
    assert f"subgraph cluster_{id(encoder)} {{" in nested
    assert f'"{id(encoder.layers[-1])}" -> "{id(outer.layers[-1])}";' in nested


def test_plot_model_draws_with_graphviz(tmp_path):
    from eagerbook.keras import vis_utils
    if vis_utils._graphviz() is None:
        pytest.skip("drawing needs Graphviz's dot program, which is not installed here")
    target = tmp_path / "model.png"
    picture = keras.utils.plot_model(_mnist_mlp(), str(target), show_shapes=True)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert picture._repr_png_() == target.read_bytes()
    svg = keras.utils.model_to_dot(_mnist_mlp()).create(format="svg")
    assert b"<svg" in svg and b"hidden: Dense" in svg
    assert keras.utils.plot_model(_mnist_mlp(), str(tmp_path / "m.pdf")) is None
    assert (tmp_path / "m.pdf").read_bytes()[:4] == b"%PDF"


def test_evaluate_and_callbacks_get_python_numbers_from_a_custom_test_step():
    # customizing_what_happens_in_fit: a test_step returning tensors; TF's evaluate() still
    # returns [loss, mae] as Python floats, and callbacks see floats.
    class CustomModel(keras.Model):
        def test_step(self, data):
            x, y = data
            y_pred = self(x, training=False)
            self.compiled_loss(y, y_pred, regularization_losses=self.losses)
            self.compiled_metrics.update_state(y, y_pred)
            return {m.name: m.result() for m in self.metrics}

    seen = []

    class Spy(keras.callbacks.Callback):
        def on_test_batch_end(self, batch, logs=None):
            seen.append(logs)

    inputs = keras.Input(shape=(3,))
    model = CustomModel(inputs, keras.layers.Dense(1)(inputs))
    model.compile(loss="mse", metrics=["mae"])
    x, y = np.ones((8, 3), "float32"), np.zeros((8, 1), "float32")
    results = model.evaluate(x, y, verbose=0, callbacks=[Spy()])
    assert [type(r) for r in results] == [float, float]
    assert all(type(v) is float for logs in seen for v in logs.values())
    assert type(model.evaluate(x, y, verbose=0, return_dict=True)["mae"]) is float
    assert type(model.test_on_batch(x, y)[0]) is float


def test_backend_get_value_returns_non_tensors_unchanged():
    assert keras.backend.get_value(0.1) == 0.1
    assert keras.backend.get_value(tf.Variable(2.0)) == np.float32(2.0)


def test_fit_callbacks_get_python_numbers_from_a_custom_train_step():
    class CustomModel(keras.Model):
        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                loss = keras.losses.mean_squared_error(y, self(x, training=True))
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            return {"loss": tf.reduce_mean(loss)}

    seen = []
    inputs = keras.Input(shape=(3,))
    model = CustomModel(inputs, keras.layers.Dense(1)(inputs))
    model.compile(optimizer="sgd")
    history = model.fit(np.ones((8, 3), "float32"), np.zeros((8, 1), "float32"), epochs=2,
                        verbose=0, callbacks=[keras.callbacks.LambdaCallback(
                            on_batch_end=lambda batch, logs: seen.append(logs["loss"]))])
    assert seen and all(type(v) is float for v in seen)
    assert all(type(v) is float for v in history.history["loss"])


def test_compiled_custom_loss_sees_rank_one_targets_as_a_column():
    # The training guide: basic_loss_function(y_true, y_pred) = reduce_mean(y_true - y_pred)
    # with y of shape (n,) and softmax outputs (n, 10). Keras meets rank-2 predictions with a
    # rank-1 target as a column, so the difference broadcasts (TF 2.21: it trains).
    def basic_loss_function(y_true, y_pred):
        return tf.math.reduce_mean(y_true - y_pred)

    class Weighted(keras.losses.Loss):
        def call(self, y_true, y_pred):
            return y_true * -tf.math.log(y_pred + 1e-6)

    x = np.random.RandomState(0).rand(16, 4).astype("float32")
    y = (np.arange(16) % 10).astype("float32")
    model = keras.Sequential([keras.layers.Dense(10, activation="softmax", input_shape=(4,))])
    for loss in (basic_loss_function, Weighted()):
        model.compile(optimizer="adam", loss=loss)
        history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
        assert np.isfinite(history.history["loss"][0])
    probs = model(x[:8])
    expected = np.mean(y[:8, None] - probs.numpy())
    model.compile(optimizer="adam", loss=basic_loss_function)
    np.testing.assert_allclose(model.evaluate(x[:8], y[:8], verbose=0), expected, rtol=1e-5)


def test_backend_math_on_keras_tensors_makes_op_layers():
    # model.add_metric(keras.backend.std(x1), name="std_of_activation", aggregation="mean")
    inputs = keras.Input(shape=(4,), name="digits")
    hidden = keras.layers.Dense(3, activation="relu", name="dense_1")(inputs)
    std = keras.backend.std(hidden)
    assert repr(std) == ("<KerasTensor: shape=() dtype=float32 (created by layer "
                         "'tf.math.reduce_std')>")
    model = keras.Model(inputs, keras.layers.Dense(2, name="out")(hidden))
    model.add_metric(std, name="std_of_activation", aggregation="mean")
    model.compile(optimizer="rmsprop", loss="sparse_categorical_crossentropy")
    history = model.fit(np.ones((8, 4), "float32"), np.zeros(8), epochs=1, verbose=0)
    assert set(history.history) == {"loss", "std_of_activation"}
    assert keras.backend.std(tf.constant([1.0, 3.0])).numpy() == 1.0


def test_a_functional_model_casts_inputs_to_its_inputs_dtype():
    # writing_a_training_loop_from_scratch feeds raw uint8 MNIST rows to a float32 model
    inputs = keras.Input(shape=(4,), name="digits")
    model = keras.Model(inputs, keras.layers.Dense(2, kernel_initializer="ones")(inputs))
    pixels = np.array([[0, 1, 2, 255]], dtype="uint8")
    out = model(pixels)
    assert out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy(), [[258.0, 258.0]])
    np.testing.assert_array_equal(model(tf.constant(pixels, tf.int32)).numpy(), [[258.0, 258.0]])
    ids = keras.Input(shape=(2,), dtype="int32")
    embed = keras.Model(ids, keras.layers.Embedding(5, 1, embeddings_initializer="ones")(ids))
    assert embed(np.array([[1.0, 4.0]])).shape == (1, 2, 1)   # floats cast to int32 ids

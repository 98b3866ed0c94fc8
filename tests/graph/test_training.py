"""The guide's in-graph training loop: a tf.function iterating a dataset, with a tape and
optimizer.apply_gradients each step, matches the same loop run eagerly."""

import numpy as np

import eagerbook as tf
from eagerbook import keras
from eagerbook.data import dataset as data
from eagerbook.graph import function


def _setup():
    rng = np.random.RandomState(0)
    x = rng.randn(40, 3).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)
    model = keras.Sequential([keras.layers.Dense(8, activation="relu", input_shape=(3,)),
                              keras.layers.Dense(1)])
    model(tf.constant(x[:1]))
    for w in model.trainable_variables:
        w.assign(rng.uniform(-0.5, 0.5, size=w.shape).astype(np.float32))
    opt = keras.optimizers.SGD(0.05)
    ds = data.Dataset.from_tensor_slices((x, y)).batch(16)  # last batch: 8 rows
    return model, opt, ds


def _step(model, opt, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def test_in_graph_training_loop_matches_eager(capfd):
    model_e, opt_e, ds = _setup()
    eager_losses = []
    for _ in range(3):
        for x, y in ds:
            eager_losses.append(float(_step(model_e, opt_e, x, y)))

    model_g, opt_g, ds = _setup()

    @function
    def train_epoch(dataset):
        total = tf.constant(0.0)
        for x, y in dataset:
            loss = _step(model_g, opt_g, x, y)
            tf.print("loss", loss)
            total += loss
        return total

    totals = [float(train_epoch(ds)) for _ in range(3)]
    # The first trace made the optimizer's Variables, so it was traced once more (as in TF).
    assert train_epoch.experimental_get_tracing_count() == 2
    printed = [float(line.split()[1]) for line in capfd.readouterr().err.splitlines()
               if line.startswith("loss")]
    np.testing.assert_allclose(printed, eager_losses, rtol=1e-5)
    np.testing.assert_allclose(totals, [sum(eager_losses[i:i + 3]) for i in (0, 3, 6)],
                               rtol=1e-5)
    for a, b in zip(model_e.trainable_variables, model_g.trainable_variables):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-6)
    types = [op.type for op in train_epoch.get_concrete_function(ds).graph.get_operations()]
    assert "While" in types


def test_custom_model_with_function_call():
    class CustomModel(keras.Model):
        @function
        def call(self, input_data):
            if tf.reduce_mean(input_data) > 0:
                return input_data
            else:
                return input_data // 2

    model = CustomModel()
    assert model(tf.constant([-2, -4])).numpy().tolist() == [-1, -2]
    assert model(tf.constant([2, 4])).numpy().tolist() == [2, 4]


def test_linear_fit_step_matches_eager():
    rng = np.random.RandomState(1)
    xs = tf.constant(rng.randn(200).astype(np.float32))
    ys = xs * 3.0 + 2.0 + tf.constant(rng.randn(200).astype(np.float32))

    def run(step_fn):
        w, b = tf.Variable(5.0), tf.Variable(10.0)

        def step():
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(w * xs + b - ys))
            dw, db = tape.gradient(loss, [w, b])
            w.assign_sub(0.1 * dw)
            b.assign_sub(0.1 * db)
            return loss
        fn = step_fn(step)
        losses = [float(fn()) for _ in range(50)]
        return losses, w.numpy(), b.numpy()

    eager = run(lambda f: f)
    graph = run(function)
    np.testing.assert_allclose(graph[0], eager[0], rtol=1e-5)
    np.testing.assert_allclose(graph[1:], eager[1:], rtol=1e-5)

"""tf.keras.mixed_precision: policies, AutoCastVariable, LossScaleOptimizer (TF 2's Keras)."""

import numpy as np
import pytest

import eagerbook as tf

mp = tf.keras.mixed_precision


@pytest.fixture(autouse=True)
def _float32_policy_after():
    yield
    mp.set_global_policy(None)


@pytest.mark.parametrize("name, compute, variable", [
    ("mixed_float16", "float16", "float32"), ("mixed_bfloat16", "bfloat16", "float32"),
    ("float64", "float64", "float64"), ("int32", "int32", "int32"), ("_infer", None, None)])
def test_policy_names_its_two_dtypes(name, compute, variable):
    policy = mp.Policy(name)
    assert (policy.name, policy.compute_dtype, policy.variable_dtype) == (name, compute, variable)
    assert repr(policy) == f'<Policy "{name}">'
    assert policy.get_config() == {"name": name}


@pytest.mark.parametrize("bad, kind, text", [
    ("mixed_foo", ValueError, "Cannot convert value mixed_foo to a mixed precision Policy"),
    ("float33", ValueError, "Valid policies include 'mixed_float16'"),
    (3, TypeError, "'name' must be a string, but got: 3")])
def test_bad_policy_names(bad, kind, text):
    with pytest.raises(kind, match=text):
        mp.Policy(bad)


def test_global_policy_reaches_new_layers_only():
    assert repr(mp.global_policy()) == '<Policy "float32">'
    before = tf.keras.layers.Dense(1)
    mp.set_global_policy("mixed_float16")
    assert repr(mp.global_policy()) == '<Policy "mixed_float16">'
    assert repr(tf.keras.layers.Dense(10).dtype_policy) == '<Policy "mixed_float16">'
    assert repr(tf.keras.layers.Dense(10, dtype="float64").dtype_policy) == '<Policy "float64">'
    assert repr(before.dtype_policy) == '<Policy "float32">'
    with pytest.raises(ValueError, match="floating-point policies.*got policy: int32"):
        mp.set_global_policy("int32")
    assert repr(mp.global_policy()) == '<Policy "mixed_float16">'  # unchanged by the refusal


def test_mixed_layer_computes_in_float16_with_float32_weights():
    layer = tf.keras.layers.Dense(3, dtype="mixed_float16", kernel_initializer="ones",
                                  name="mixed")
    assert (layer.dtype, layer.compute_dtype, layer.variable_dtype) == (
        "float32", "float16", "float32")
    y = layer(tf.ones((2, 2)))
    assert y.dtype == tf.float16
    np.testing.assert_array_equal(y.numpy(), np.full((2, 3), 2, np.float16))
    kernel = layer.kernel
    assert type(kernel).__name__ == "AutoCastVariable" and isinstance(kernel, tf.Variable)
    assert kernel.dtype == tf.float32 and layer.trainable_weights[0] is kernel
    # Outside a layer call the weight reads as float32.
    assert tf.matmul(tf.ones((1, 2)), kernel).dtype == tf.float32
    assert repr(kernel).startswith(
        "<AutoCastVariable 'mixed/kernel:0' shape=(2, 3) dtype=float32 "
        "dtype_to_cast_to=float32, numpy=")


def test_gradients_of_a_mixed_layer_arrive_in_float32():
    layer = tf.keras.layers.Dense(3, dtype="mixed_float16")
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(tf.ones((2, 2))))
    assert loss.dtype == tf.float16
    grads = tape.gradient(loss, layer.trainable_weights)
    assert [g.dtype for g in grads] == [tf.float32, tf.float32]
    np.testing.assert_array_equal(grads[0].numpy(), np.full((2, 3), 2, np.float32))
    tf.keras.optimizers.SGD(0.5).apply_gradients(zip(grads, layer.trainable_weights))
    assert layer.bias.numpy().dtype == np.float32
    np.testing.assert_array_equal(layer.bias.numpy(), np.full(3, -1, np.float32))


def test_custom_layer_weights_are_cast_inside_call_only():
    class SimpleDense(tf.keras.layers.Layer):
        def build(self, input_shape):
            self.kernel = self.add_weight("kernel", (input_shape[-1], 10))

        def call(self, inputs):
            return tf.linalg.matmul(inputs, self.kernel)

    layer = SimpleDense(dtype="mixed_float16")
    assert layer(tf.ones((10, 10))).dtype == tf.float16
    assert layer.kernel.dtype == tf.float32


def test_layer_config_serializes_a_mixed_policy():
    config = tf.keras.layers.Dense(1, dtype="mixed_float16").get_config()
    assert config["dtype"] == {"module": "keras.mixed_precision", "class_name": "Policy",
                               "config": {"name": "mixed_float16"}, "registered_name": None}
    again = tf.keras.layers.Dense.from_config(config)
    assert repr(again.dtype_policy) == '<Policy "mixed_float16">'
    assert tf.keras.layers.Dense(1).get_config()["dtype"] == "float32"


def test_bfloat16_policy_is_refused_by_layers():
    with pytest.raises(TypeError, match="no bfloat16 dtype"):
        tf.keras.layers.Dense(1, dtype="mixed_bfloat16")


def test_loss_scale_optimizer_docstring_steps():
    opt = mp.LossScaleOptimizer(tf.keras.optimizers.experimental.SGD(0.25))
    var = tf.Variable(1.)
    loss_fn = lambda: var ** 2  # noqa: E731 - TF's docstring
    assert opt.minimize(loss_fn, var_list=[var]) is None
    assert var.numpy() == np.float32(0.5)
    with tf.GradientTape() as tape:
        scaled_loss = opt.get_scaled_loss(loss_fn())
    assert float(scaled_loss) == 0.25 * 2 ** 15
    (grad,) = opt.get_unscaled_gradients([tape.gradient(scaled_loss, var)])
    assert opt.apply_gradients([(grad, var)]) is None
    assert var.numpy() == np.float32(0.25)
    assert int(opt.iterations) == 2 and int(opt.dynamic_counter) == 2


def test_non_finite_gradients_skip_the_step_and_halve_the_scale():
    opt = mp.LossScaleOptimizer(tf.keras.optimizers.SGD(1.0), dynamic_growth_steps=2)
    var = tf.Variable(1.)
    opt.apply_gradients([(tf.constant(np.inf), var)])
    assert var.numpy() == 1.0 and float(opt.loss_scale) == 2.0 ** 14
    assert int(opt.iterations) == 1  # TF counts the skipped step too (checked with TF 2.21)
    opt.apply_gradients([(tf.constant(1.0), var)])
    opt.apply_gradients([(tf.constant(1.0), var)])
    assert var.numpy() == -1.0 and float(opt.loss_scale) == 2.0 ** 15  # doubled after 2


def _steps(opt, var, step, grads):
    """After each gradient: (var, loss scale, good steps, iterations, the slots' values)."""
    seen = []
    for g in grads:
        step(tf.constant(g))
        slots = [w.numpy().tolist() for w in opt.variables()[1:]]
        seen.append((var.numpy().tolist(), float(opt.loss_scale), int(opt.dynamic_counter),
                     int(opt.iterations), slots))
    return seen


@pytest.mark.parametrize("inner", ["SGD", "Adam"])
def test_loss_scale_optimizer_inside_tf_function_skips_as_it_does_eagerly(inner):
    # The same six steps eagerly and traced; the scale and counters are those TF 2.21 gives
    # (legacy Keras): a non-finite gradient skips the update (and Adam's slots) but counts in
    # `iterations`, halves the scale and resets the count; two finite steps in a row double it.
    grads = [[1.0, 1.0], [np.inf, 1.0], [1.0, 1.0], [1.0, 2.0], [np.nan, 0.0], [0.5, 0.5]]
    runs = []
    for trace in (False, True):
        opt = mp.LossScaleOptimizer(getattr(tf.keras.optimizers, inner)(0.1),
                                    dynamic_growth_steps=2)
        var = tf.Variable([1.0, 2.0])

        def step(g, opt=opt, var=var):
            opt.apply_gradients([(g, var)])

        runs.append(_steps(opt, var, tf.function(step) if trace else step, grads))
    eager, traced = runs
    assert [row[1:4] for row in traced] == [row[1:4] for row in eager] == [
        (2.0 ** 15, 1, 1), (2.0 ** 14, 0, 2), (2.0 ** 14, 1, 3), (2.0 ** 15, 0, 4),
        (2.0 ** 14, 0, 5), (2.0 ** 14, 1, 6)]
    for e, t in zip(eager, traced):
        np.testing.assert_allclose(t[0], e[0], rtol=1e-5)
        np.testing.assert_allclose(np.array(t[4], dtype=float), np.array(e[4], dtype=float),
                                   rtol=1e-5)
    assert traced[1][0] == traced[0][0] and traced[4][0] == traced[3][0]  # skipped: unchanged
    assert traced[1][4] == traced[0][4]
    if inner == "SGD":
        np.testing.assert_allclose(traced[-1][0], [0.65, 1.55], rtol=1e-6)  # TF's values


def test_loss_scale_optimizer_scaled_training_step_inside_tf_function():
    opt = mp.LossScaleOptimizer(tf.keras.optimizers.SGD(0.1), dynamic_growth_steps=1)
    var = tf.Variable([1.0, 2.0])

    @tf.function
    def train(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(var * x)
            scaled = opt.get_scaled_loss(loss)
        grads = opt.get_unscaled_gradients(tape.gradient(scaled, [var]))
        opt.apply_gradients(zip(grads, [var]))
        return loss

    assert float(train(tf.constant([1.0, 1.0]))) == 3.0
    np.testing.assert_allclose(var.numpy(), [0.9, 1.9], rtol=1e-6)
    assert float(opt.loss_scale) == 2.0 ** 16 and int(opt.iterations) == 1


def test_a_fixed_loss_scale_never_skips_a_step():
    # TF applies a fixed-scale optimizer's gradients even when they are not finite.
    for trace in (False, True):
        opt = mp.LossScaleOptimizer(tf.keras.optimizers.SGD(1.0), dynamic=False,
                                    initial_scale=4.0)
        var = tf.Variable(1.0)

        def step(g, opt=opt, var=var):
            opt.apply_gradients([(g, var)])

        step = tf.function(step) if trace else step
        step(tf.constant(np.inf))
        assert var.numpy() == -np.inf and float(opt.loss_scale) == 4.0
        assert int(opt.iterations) == 1


def test_loss_scale_optimizer_hyperparameters_are_the_inner_optimizers():
    opt = mp.LossScaleOptimizer(tf.keras.optimizers.legacy.Adam(beta_1=0.8, epsilon=1e-5))
    opt.beta_1 = 0.7
    assert float(opt.inner_optimizer.beta_1) == pytest.approx(0.7)  # (a Variable, as in TF)
    assert opt.inner_optimizer.epsilon == 1e-5
    with pytest.raises(AttributeError):
        opt.epsilon  # noqa: B018 - a plain attribute of the inner optimizer is not forwarded
    opt.epsilon = 1e-4
    assert opt.inner_optimizer.epsilon == 1e-5


@pytest.mark.parametrize("kwargs, kind", [
    ({"dynamic": False}, ValueError),
    ({"dynamic": False, "initial_scale": 8, "dynamic_growth_steps": 3}, ValueError)])
def test_loss_scale_optimizer_bad_arguments(kwargs, kind):
    with pytest.raises(kind):
        mp.LossScaleOptimizer(tf.keras.optimizers.SGD(), **kwargs)


def test_fit_under_mixed_float16_wraps_the_optimizer_and_trains():
    mp.set_global_policy("mixed_float16")
    model = tf.keras.Sequential([
        tf.keras.layers.Dense(4, input_shape=(3,), activation="relu"),
        tf.keras.layers.Dense(1),
        tf.keras.layers.Activation("linear", dtype="float32")])
    model.compile(tf.keras.optimizers.SGD(0.05), "mse")
    assert type(model.optimizer).__name__ == "LossScaleOptimizerV3"  # (TF 2.21: a new inner one)
    x = np.random.RandomState(0).rand(32, 3).astype(np.float32)
    y = x.sum(axis=1, keepdims=True)
    history = model.fit(x, y, epochs=5, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert model.predict(x[:2], verbose=0).dtype == np.float32
    assert all(w.dtype == tf.float32 for w in model.weights)


def test_traced_unscaling_reads_the_current_scale():
    opt = mp.LossScaleOptimizer(tf.keras.optimizers.SGD(0.1), dynamic_growth_steps=1)

    @tf.function
    def unscale(g):
        return opt.get_unscaled_gradients([g])[0]

    assert float(unscale(tf.constant(2.0 ** 15))) == 1.0
    var = tf.Variable(0.0)
    opt.apply_gradients([(tf.constant(0.0), var)])  # a finite step: the scale doubles
    assert float(opt.loss_scale) == 2.0 ** 16
    assert float(unscale(tf.constant(2.0 ** 15))) == 0.5

"""Optimizers: one step of each against the NumPy formula, slots, iterations, schedules,
clipping, None gradients, minimize, and the op path that tf.function tracing uses."""

import math
import warnings

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras import optimizers

W0 = np.array([[0.5, -1.0], [2.0, 0.25]], np.float32)
G1 = np.array([[0.1, -0.2], [0.3, 0.05]], np.float32)
G2 = np.array([[-0.4, 0.1], [0.2, -0.3]], np.float32)


def _run(opt, grads):
    var = tf.Variable(W0)
    for g in grads:
        opt.apply_gradients([(tf.constant(g), var)])
    return var.numpy()


def _sgd(grads, lr=0.01, momentum=0.0, nesterov=False):
    w, v = W0.astype(np.float64), np.zeros_like(W0, np.float64)
    for g in grads:
        if momentum:
            v = momentum * v - lr * g
            w = w + (momentum * v - lr * g if nesterov else v)
        else:
            w = w - lr * g
    return w


def _adam(grads, lr=0.001, b1=0.9, b2=0.999, eps=1e-7, amsgrad=False):
    w, m, v, vhat = W0.astype(np.float64), 0.0, 0.0, 0.0
    for t, g in enumerate(grads, start=1):
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        lr_t = lr * math.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        if amsgrad:
            vhat = np.maximum(vhat, v)
            w = w - lr_t * m / (np.sqrt(vhat) + eps)
        else:
            w = w - lr_t * m / (np.sqrt(v) + eps)
    return w


def _rmsprop(grads, lr=0.001, rho=0.9, momentum=0.0, eps=1e-7, centered=False, legacy=False):
    """TF 2.21's RMSprop: lr g / sqrt(ms + eps); the legacy one without momentum divides by
    sqrt(ms) + eps."""
    w, ms, mg, mom = W0.astype(np.float64), 0.0, 0.0, 0.0
    for g in grads:
        ms = rho * ms + (1 - rho) * g * g
        denom = ms
        if centered:
            mg = rho * mg + (1 - rho) * g
            denom = ms - mg * mg
        if momentum:
            mom = momentum * mom + lr * g / np.sqrt(denom + eps)
            w = w - mom
        elif legacy:
            w = w - lr * g / (np.sqrt(denom) + eps)
        else:
            w = w - lr * g / np.sqrt(denom + eps)
    return w


def _adagrad(grads, lr=0.001, init=0.1, eps=1e-7, legacy=False):
    w, acc = W0.astype(np.float64), init
    for g in grads:
        acc = acc + g * g
        w = w - lr * g / ((np.sqrt(acc) + eps) if legacy else np.sqrt(acc + eps))
    return w


CASES = [
    ("sgd", lambda: optimizers.SGD(), _sgd),
    ("sgd_lr", lambda: optimizers.SGD(learning_rate=0.5), lambda g: _sgd(g, lr=0.5)),
    ("sgd_momentum", lambda: optimizers.SGD(0.1, momentum=0.9),
     lambda g: _sgd(g, 0.1, 0.9)),
    ("sgd_nesterov", lambda: optimizers.SGD(0.1, momentum=0.9, nesterov=True),
     lambda g: _sgd(g, 0.1, 0.9, True)),
    ("adam", lambda: optimizers.Adam(), _adam),
    ("adam_lr", lambda: optimizers.Adam(0.1, beta_1=0.5), lambda g: _adam(g, 0.1, 0.5)),
    ("adam_amsgrad", lambda: optimizers.Adam(0.1, amsgrad=True),
     lambda g: _adam(g, 0.1, amsgrad=True)),
    ("rmsprop", lambda: optimizers.RMSprop(0.01), lambda g: _rmsprop(g, 0.01)),
    ("rmsprop_momentum", lambda: optimizers.RMSprop(0.01, momentum=0.5),
     lambda g: _rmsprop(g, 0.01, momentum=0.5)),
    ("rmsprop_centered", lambda: optimizers.RMSprop(0.01, centered=True, momentum=0.2),
     lambda g: _rmsprop(g, 0.01, momentum=0.2, centered=True)),
    ("adagrad", lambda: optimizers.Adagrad(0.1), lambda g: _adagrad(g, 0.1)),
    ("rmsprop_legacy", lambda: optimizers.legacy.RMSprop(0.01),
     lambda g: _rmsprop(g, 0.01, legacy=True)),
    ("adagrad_legacy", lambda: optimizers.legacy.Adagrad(0.1),
     lambda g: _adagrad(g, 0.1, legacy=True)),
]


@pytest.mark.parametrize("fast_path", [True, False], ids=["numpy_path", "op_path"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_steps_match_numpy_formulas(case, fast_path):
    _, make, reference = case
    opt = make()
    opt._numpy_fast_path = fast_path
    np.testing.assert_allclose(_run(opt, [G1]), reference([G1]), rtol=1e-5, atol=1e-7)
    opt2 = make()
    opt2._numpy_fast_path = fast_path
    np.testing.assert_allclose(_run(opt2, [G1, G2, G1]), reference([G1, G2, G1]), rtol=1e-5,
                               atol=1e-7)
    assert int(opt2.iterations) == 3


def test_updates_rebind_and_keep_dtype():
    var = tf.Variable(W0)
    before = var.value()  # a tensor read before the update
    opt = optimizers.Adam(0.1)
    opt.apply_gradients([(tf.constant(G1), var)])
    np.testing.assert_array_equal(before.numpy(), W0)  # not changed in place
    assert var.dtype == tf.float32 and var.numpy().dtype == np.float32
    v64 = tf.Variable(W0.astype(np.float64))
    opt.apply_gradients([(tf.constant(G1.astype(np.float64)), v64)])
    assert v64.numpy().dtype == np.float64


def test_slots_names_and_variables():
    tf.keras.backend.clear_session()  # (the slot names hold the layer's name: "dense")
    dense = tf.keras.layers.Dense(2)
    dense(np.ones((1, 3), np.float32))
    opt = optimizers.Adam()
    assert opt.get_slot_names() == []
    grads = [tf.ones_like(v) for v in dense.trainable_variables]
    opt.apply_gradients(zip(grads, dense.trainable_variables))
    assert opt.get_slot_names() == ["m", "v"]
    m = opt.get_slot(dense.kernel, "m")
    assert m.shape == (3, 2) and m.name == "Adam/dense/kernel/m:0" and not m.trainable
    np.testing.assert_allclose(m.numpy(), 0.1 * np.ones((3, 2)), rtol=1e-6)
    assert opt.variables()[0] is opt.iterations
    assert len(opt.variables()) == 1 + 4
    assert opt.iterations.dtype == tf.int64 and int(opt.iterations) == 1
    with pytest.raises(KeyError):
        opt.get_slot(dense.kernel, "vhat")
    sgd = optimizers.SGD(momentum=0.9)
    sgd.apply_gradients(zip(grads, dense.trainable_variables))
    assert sgd.get_slot_names() == ["momentum"]
    assert optimizers.SGD().get_slot_names() == []


def test_none_gradients_warn_and_all_none_raises(caplog):
    a, b = tf.Variable(1.0, name="a"), tf.Variable(2.0, name="b")
    opt = optimizers.SGD(1.0)
    opt.apply_gradients([(tf.constant(0.5), a), (None, b)])
    assert caplog.records[0].name == "tensorflow"  # logged as TF logs it
    assert "Gradients do not exist for variables ['b:0'] when minimizing" in caplog.text
    assert a.numpy() == 0.5 and b.numpy() == 2.0
    with pytest.raises(ValueError, match="No gradients provided for any variable"):
        opt.apply_gradients([(None, a), (None, b)])


def test_minimize_with_callable_loss_and_var_list():
    w = tf.Variable(3.0)
    opt = optimizers.SGD(0.1)
    opt.minimize(lambda: w * w, var_list=[w])
    assert w.numpy() == pytest.approx(3.0 - 0.1 * 6.0)
    opt.minimize(lambda: w * w, var_list=lambda: [w])
    assert w.numpy() == pytest.approx(2.4 - 0.1 * 4.8)
    with pytest.raises(ValueError, match="`tape` is required"):
        opt.minimize(w * w, var_list=[w])
    with tf.GradientTape() as tape:
        loss = w * w
    opt.minimize(loss, var_list=[w], tape=tape)
    assert w.numpy() == pytest.approx(1.92 - 0.1 * 3.84, rel=1e-6)


def test_schedules():
    sched = optimizers.schedules.ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5)
    assert float(sched(0)) == pytest.approx(0.1)
    assert float(sched(10)) == pytest.approx(0.05)
    assert float(sched(5)) == pytest.approx(0.1 * 0.5 ** 0.5)
    stair = optimizers.schedules.ExponentialDecay(0.1, 10, 0.5, staircase=True)
    assert float(stair(19)) == pytest.approx(0.05)
    piece = optimizers.schedules.PiecewiseConstantDecay([2, 4], [1.0, 0.5, 0.1])
    assert [float(piece(s)) for s in (0, 2, 3, 4, 5)] == pytest.approx([1, 1, 0.5, 0.5, 0.1])
    # the optimizer reads the schedule at its current iteration
    var = tf.Variable(0.0)
    opt = optimizers.SGD(learning_rate=piece)
    for _ in range(6):
        opt.apply_gradients([(tf.constant(1.0), var)])
    assert var.numpy() == pytest.approx(-(1 + 1 + 1 + 0.5 + 0.5 + 0.1))
    # the op path gives the same numbers
    var2 = tf.Variable(0.0)
    opt2 = optimizers.SGD(learning_rate=piece)
    opt2._numpy_fast_path = False
    for _ in range(6):
        opt2.apply_gradients([(tf.constant(1.0), var2)])
    assert var2.numpy() == pytest.approx(var.numpy())


def test_clipping():
    g = np.array([3.0, 4.0], np.float32)  # norm 5
    for fast in (True, False):
        v = tf.Variable([0.0, 0.0])
        opt = optimizers.SGD(1.0, clipnorm=1.0)
        opt._numpy_fast_path = fast
        opt.apply_gradients([(tf.constant(g), v)])
        np.testing.assert_allclose(v.numpy(), [-0.6, -0.8], rtol=1e-6)
        v = tf.Variable([0.0, 0.0])
        opt = optimizers.SGD(1.0, clipvalue=3.5)
        opt._numpy_fast_path = fast
        opt.apply_gradients([(tf.constant(g), v)])
        np.testing.assert_allclose(v.numpy(), [-3.0, -3.5])
        a, b = tf.Variable([0.0]), tf.Variable([0.0])
        opt = optimizers.SGD(1.0, global_clipnorm=1.0)
        opt._numpy_fast_path = fast
        opt.apply_gradients([(tf.constant([3.0]), a), (tf.constant([4.0]), b)])
        np.testing.assert_allclose([a.numpy()[0], b.numpy()[0]], [-0.6, -0.8], rtol=1e-6)
    with pytest.raises(ValueError, match="At most one of `clipnorm` and `global_clipnorm`"):
        optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0)


def test_get_by_name_and_config():
    assert isinstance(optimizers.get("adam"), optimizers.Adam)
    assert isinstance(optimizers.get("SGD"), optimizers.SGD)
    with pytest.raises(ValueError, match="Unknown optimizer"):
        optimizers.get("adamw2")
    opt = optimizers.Adam(0.01, beta_1=0.8, amsgrad=True)
    clone = optimizers.Adam.from_config(opt.get_config())
    assert clone.get_config() == opt.get_config()
    assert opt.learning_rate == 0.01 and opt.lr == 0.01
    opt.learning_rate = 0.5
    assert opt.get_config()["learning_rate"] == 0.5


def test_guide_linear_fit_with_apply_gradients_and_minimize():
    class Model(tf.keras.Model):
        def __init__(self):
            super(Model, self).__init__()  # noqa: UP008 - the guide's spelling
            self.W = tf.Variable(5.0, name="weight")
            self.B = tf.Variable(10.0, name="bias")

        def call(self, inputs):
            return inputs * self.W + self.B

    tf.random.set_seed(42)
    NUM_EXAMPLES = 2000
    training_inputs = tf.random.normal([NUM_EXAMPLES])
    noise = tf.random.normal([NUM_EXAMPLES])
    training_outputs = training_inputs * 3 + 2 + noise

    def loss(model, inputs, targets):
        error = model(inputs) - targets
        return tf.reduce_mean(tf.square(error))

    def grad(model, inputs, targets):
        with tf.GradientTape() as tape:
            loss_value = loss(model, inputs, targets)
        return tape.gradient(loss_value, [model.W, model.B])

    model = Model()
    optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
    initial = float(loss(model, training_inputs, training_outputs))
    assert 60 < initial < 78  # the guide prints 68.824
    for _ in range(300):
        grads = grad(model, training_inputs, training_outputs)
        optimizer.apply_gradients(zip(grads, [model.W, model.B]))
    final = float(loss(model, training_inputs, training_outputs))
    assert 0.85 < final < 1.15  # the guide prints 0.993
    assert abs(model.W.numpy() - 3.0) < 0.1 and abs(model.B.numpy() - 2.0) < 0.1

    # The TF 2.0 talk's form: minimize(loss_callable, var_list=...)
    model2 = Model()
    optimizer2 = tf.keras.optimizers.SGD(learning_rate=0.01)
    for _ in range(300):
        optimizer2.minimize(lambda: loss(model2, training_inputs, training_outputs),
                            var_list=[model2.W, model2.B])
    assert model2.W.numpy() == pytest.approx(model.W.numpy(), rel=1e-5)
    assert model2.B.numpy() == pytest.approx(model.B.numpy(), rel=1e-5)


def test_no_warning_for_complete_gradients():
    v = tf.Variable([1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        optimizers.Adam().apply_gradients([(tf.constant([1.0]), v)])


def _nadam_steps(opt, steps):
    w, b = tf.Variable([1.0, -2.0, 3.0]), tf.Variable(0.5)
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * w * w) + b * b
        opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
    return w, b, loss


def test_nadam_matches_tf():
    """Five steps of TF 2.21's Keras 2 (OptimizerV2) Nadam, then three traced steps (TF 2.21's
    tf.keras.optimizers.Nadam: test_optimizer_updates_as_tf221.py)."""
    opt = optimizers.legacy.Nadam(learning_rate=0.1)
    w, b, _ = _nadam_steps(opt, 5)
    np.testing.assert_allclose(w.numpy(), [0.6494452, -2.4284797, 2.6123743], rtol=2e-6)
    np.testing.assert_allclose(b.numpy(), 0.15963936, rtol=1e-5)
    assert [v.name for v in opt.variables()] == [
        "Nadam/iter:0", "Nadam/momentum_cache:0", "Nadam/Variable/m:0", "Nadam/Variable/m:0",
        "Nadam/Variable/v:0", "Nadam/Variable/v:0"]
    np.testing.assert_allclose(opt.variables()[1].numpy(), 0.018498035, rtol=1e-6)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * w * w) + b * b
        opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))

    for _ in range(3):
        step()
    np.testing.assert_allclose(w.numpy(), [0.4971567, -2.701426, 2.4042437], rtol=2e-6)
    np.testing.assert_allclose(b.numpy(), 0.040141072, rtol=5e-5)


def test_nadam_config_decay_is_the_momentum_schedule():
    assert optimizers.Nadam(learning_rate=0.1).get_config() == {
        "name": "Nadam", "learning_rate": 0.1, "decay": 0.004, "beta_1": 0.9,
        "beta_2": 0.999, "epsilon": 1e-07}
    assert optimizers.Nadam(decay=0.5, schedule_decay=0.01).get_config()["decay"] == 0.01
    assert type(optimizers.get("nadam")) is optimizers.Nadam
    with pytest.raises(ValueError, match="does not support"):
        optimizers.legacy.Nadam(optimizers.schedules.ExponentialDecay(0.1, 10, 0.9))


def test_optimizer_weights_list_slots_in_creation_order_as_tf():
    w, b = tf.Variable([1.0], name="w"), tf.Variable(2.0, name="b")
    opt = optimizers.Adam()
    opt.apply_gradients([(tf.ones(1), w), (tf.ones(()), b)])
    c = tf.Variable(3.0, name="c")
    opt.apply_gradients([(tf.ones(()), c), (tf.ones(1), w)])
    assert [v.name for v in opt.variables()] == [
        "Adam/iter:0", "Adam/w/m:0", "Adam/b/m:0", "Adam/w/v:0", "Adam/b/v:0", "Adam/c/m:0",
        "Adam/c/v:0"]

"""Seed 001: the TF 1.x eager execution announcement (Russian translation), every snippet.

The snippets run as the announcement wrote them, with ``import eagerbook as tf`` and
``tfe = tf.contrib.eager`` (``import tensorflow.contrib.eager as tfe`` in the original). The only
additions are what the post leaves undefined: the MNIST-shaped ``dataset`` the training loops
read (random images and one-hot labels, so the test stays fast and offline). Outputs the post
shows in comments are asserted.
"""
# ruff: noqa: A001, UP008, B023 - the post's `abs`, super(Class, self), lambdas in loops

import numpy as np
import pytest

import eagerbook as tf

tfe = tf.contrib.eager


@pytest.fixture(autouse=True)
def _quiet_numpy():
    with np.errstate(all="ignore"):  # the post's log1pexp(100.) overflows on purpose
        yield


# --- "Use eager execution" ------------------------------------------------------------------------
def test_matmul_runs_immediately(capsys):
    tfe.enable_eager_execution()

    x = [[2.]]
    m = tf.matmul(x, x)

    print(m)
    # The 1x1 matrix [[4.]]
    assert capsys.readouterr().out == "tf.Tensor([[4.]], shape=(1, 1), dtype=float32)\n"


def test_collatz_with_python_control_flow(capsys):
    a = tf.constant(12)
    counter = 0
    while not tf.equal(a, 1):
        if tf.equal(a % 2, 0):
            a = a / 2
        else:
            a = 3 * a + 1
        print(a)

    assert counter == 0
    # int32 / int is true division: TF gives float64, and the rest of the loop stays float64
    values = [6, 3, 10, 5, 16, 8, 4, 2, 1]
    assert capsys.readouterr().out == "".join(
        f"tf.Tensor({v}.0, shape=(), dtype=float64)\n" for v in values)


# --- "Gradients" ----------------------------------------------------------------------------------
def test_gradients_function_and_second_derivative(capsys):
    def square(x):
        return tf.multiply(x, x)

    grad = tfe.gradients_function(square)

    print(square(3.))  # [9.]
    print(grad(3.))  # [6.]

    gradgrad = tfe.gradients_function(lambda x: grad(x)[0])

    print(gradgrad(3.))  # [2.]

    assert capsys.readouterr().out == (
        "tf.Tensor(9.0, shape=(), dtype=float32)\n"
        "[<tf.Tensor: shape=(), dtype=float32, numpy=6.0>]\n"
        "[<tf.Tensor: shape=(), dtype=float32, numpy=2.0>]\n")


def test_gradient_of_abs_follows_the_branch_taken(capsys):
    def abs(x):
        return x if x > 0. else -x

    grad = tfe.gradients_function(abs)

    print(grad(2.0))  # [1.]
    print(grad(-2.0))  # [-1.]

    assert capsys.readouterr().out == (
        "[<tf.Tensor: shape=(), dtype=float32, numpy=1.0>]\n"
        "[<tf.Tensor: shape=(), dtype=float32, numpy=-1.0>]\n")


# --- "Custom gradients" ---------------------------------------------------------------------------
def test_log1pexp_nan_then_custom_gradient(capsys):
    def log1pexp(x):
        return tf.log(1 + tf.exp(x))

    grad_log1pexp = tfe.gradients_function(log1pexp)

    # The gradient computation works fine at x = 0.
    print(grad_log1pexp(0.))
    # [0.5]
    # However it returns a `nan` at x = 100 due to numerical instability.
    print(grad_log1pexp(100.))
    # [nan]

    @tfe.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)

        def grad(dy):
            return dy * (1 - 1 / (1 + e))

        return tf.log(1 + e), grad

    grad_log1pexp = tfe.gradients_function(log1pexp)

    # Gradient at x = 0 works as before.
    print(grad_log1pexp(0.))
    # [0.5]
    # And now gradient computation at x=100 works as well.
    print(grad_log1pexp(100.))
    # [1.0]

    assert capsys.readouterr().out == "".join(
        f"[<tf.Tensor: shape=(), dtype=float32, numpy={v}>]\n"
        for v in ["0.5", "nan", "0.5", "1.0"])


# --- "Building models" ----------------------------------------------------------------------------
class MNISTModel(tfe.Network):
    def __init__(self):
        super(MNISTModel, self).__init__()
        self.layer1 = self.track_layer(tf.layers.Dense(units=10))
        self.layer2 = self.track_layer(tf.layers.Dense(units=10))

    def call(self, input):
        """Actually runs the model."""
        result = self.layer1(input)
        result = self.layer2(result)
        return result


def loss_function(model, x, y):
    y_ = model(x)
    return tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=y_)


def _mnist_like_dataset(n=64, batch=16):
    rng = np.random.RandomState(0)
    images = rng.rand(n, 784).astype(np.float32)
    labels = np.eye(10, dtype=np.float32)[rng.randint(0, 10, n)]
    return images, labels, tf.data.Dataset.from_tensor_slices((images, labels)).batch(batch)


def test_network_of_tf_layers_called_on_a_blank_image(capsys):
    # Let's make up a blank input image
    model = MNISTModel()
    batch = tf.zeros([1, 1, 784])
    print(batch.shape)
    # (1, 1, 784)
    result = model(batch)
    print(result)
    # tf.Tensor([[[ 0. 0., ...., 0.]]], shape=(1, 1, 10), dtype=float32)

    assert capsys.readouterr().out == (
        "(1, 1, 784)\n"
        "tf.Tensor([[[0. 0. 0. 0. 0. 0. 0. 0. 0. 0.]]], shape=(1, 1, 10), dtype=float32)\n")
    # The layers' variables belong to the Network (sizes set by the first input).
    assert [v.shape.as_list() for v in model.variables] == [[784, 10], [10], [10, 10], [10]]
    assert len(model.trainable_variables) == 4
    with pytest.raises(TypeError, match="not a tf.layers.Layer"):
        model.track_layer(tf.Variable(1.0))


def test_training_with_implicit_gradients_then_minimize():
    model = MNISTModel()
    images, labels, dataset = _mnist_like_dataset()
    loss_function(model, images[:1], labels[:1])  # build the layers

    def mean_loss():
        return float(tf.reduce_mean(loss_function(model, images, labels)))

    start = mean_loss()

    optimizer = tf.train.GradientDescentOptimizer(learning_rate=0.001)
    for (x, y) in tfe.Iterator(dataset):
        grads = tfe.implicit_gradients(loss_function)(model, x, y)
        optimizer.apply_gradients(grads)

    after_apply = mean_loss()
    assert after_apply < start

    with tf.device("/gpu:0"):
        for (x, y) in tfe.Iterator(dataset):
            optimizer.minimize(lambda: loss_function(model, x, y))

    assert mean_loss() < after_apply
    assert not hasattr(optimizer, "iterations")  # TF 1.x optimizers count no steps


def test_minimize_and_apply_gradients_are_equivalent():
    """The post: minimize(loss_fn) is implicit_gradients + apply_gradients."""
    images, labels, _ = _mnist_like_dataset(n=8)
    models = [MNISTModel(), MNISTModel()]
    for m in models:
        m(images[:1])
    models[1].set_weights(models[0].get_weights())
    opts = [tf.train.GradientDescentOptimizer(0.01), tf.train.GradientDescentOptimizer(0.01)]
    for _ in range(3):
        opts[0].apply_gradients(tfe.implicit_gradients(loss_function)(models[0], images, labels))
        opts[1].minimize(lambda: loss_function(models[1], images, labels))
    for a, b in zip(models[0].get_weights(), models[1].get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-6)


# --- the TF 1.x optimizer interface behind those loops -------------------------------------------
def test_tf1_optimizers_follow_tf1_semantics():
    w = tf.Variable(2.0)
    step = tf.Variable(0, dtype=tf.int64)
    sgd = tf.compat.v1.train.GradientDescentOptimizer(learning_rate=0.1)
    assert tf.compat.v1.train.GradientDescentOptimizer is tf.train.GradientDescentOptimizer
    assert sgd.get_name() == "GradientDescent"
    sgd.minimize(lambda: w * w, global_step=step)
    assert float(w) == pytest.approx(1.6) and int(step) == 1
    grads_and_vars = sgd.compute_gradients(lambda: w * w, var_list=[w])
    assert float(grads_and_vars[0][0]) == pytest.approx(3.2) and grads_and_vars[0][1] is w
    with pytest.raises(RuntimeError, match="should be a function"):
        sgd.minimize(w * w)

    # TF 1.x momentum: accum = m * accum + g; w -= lr * accum
    v = tf.Variable(1.0)
    mom = tf.train.MomentumOptimizer(learning_rate=0.1, momentum=0.9)
    accum, expected = 0.0, 1.0
    for _ in range(3):
        accum = 0.9 * accum + 2 * expected
        expected -= 0.1 * accum
        mom.minimize(lambda: v * v)
    assert float(v) == pytest.approx(expected, rel=1e-6)

    # TF 1.x Adam: epsilon 1e-8, first step moves each weight by about lr
    u = tf.Variable([1.0, -3.0])
    adam = tf.train.AdamOptimizer(learning_rate=0.01)
    assert adam.epsilon == 1e-8
    adam.minimize(lambda: tf.reduce_sum(u * u), var_list=[u])
    np.testing.assert_allclose(u.numpy(), [0.99, -2.99], rtol=1e-6)

"""The eager guide's sections 1, 2 and 7 (GUIDE.md), run as a learner would type them."""

import numpy as np
import pytest

import eagerbook as tf

tfe = tf.contrib.eager


# --- 1. setup and basics -------------------------------------------------------------------------
def test_eager_is_on_and_ops_return_values_at_once(capsys):
    assert tf.executing_eagerly()
    x = [[2.0]]
    m = tf.matmul(x, x)
    print("hello, {}".format(m))  # noqa: UP032 - the guide's code
    assert capsys.readouterr().out == "hello, [[4.]]\n"


def test_printing_a_constant(capsys):
    a = tf.constant([[1, 2], [3, 4]])
    print(a)
    assert capsys.readouterr().out == \
        "tf.Tensor(\n[[1 2]\n [3 4]], shape=(2, 2), dtype=int32)\n"


def test_broadcasting_operators_and_numpy_interop():
    a = tf.constant([[1, 2], [3, 4]])
    b = tf.add(a, 1)
    assert str(b) == "tf.Tensor(\n[[2 3]\n [4 5]], shape=(2, 2), dtype=int32)"
    np.testing.assert_array_equal((a * b).numpy(), [[2, 6], [12, 20]])
    c = np.multiply(a, b)
    assert isinstance(c, np.ndarray)
    np.testing.assert_array_equal(c, [[2, 6], [12, 20]])
    np.testing.assert_array_equal(a.numpy(), [[1, 2], [3, 4]])


# --- 2. dynamic control flow ---------------------------------------------------------------------
def fizzbuzz(max_num):
    lines = []
    counter = tf.constant(0)
    max_num = tf.convert_to_tensor(max_num)
    for num in range(1, max_num.numpy() + 1):
        num = tf.constant(num)
        if int(num % 3) == 0 and int(num % 5) == 0:
            lines.append("FizzBuzz")
        elif int(num % 3) == 0:
            lines.append("Fizz")
        elif int(num % 5) == 0:
            lines.append("Buzz")
        else:
            lines.append(str(num.numpy()))
        counter += 1
    return lines, counter


def test_fizzbuzz():
    lines, counter = fizzbuzz(15)
    assert lines == ["1", "2", "Fizz", "4", "Buzz", "Fizz", "7", "8", "Fizz", "Buzz", "11",
                     "Fizz", "13", "14", "FizzBuzz"]
    assert isinstance(counter, tf.Tensor) and int(counter) == 15


def test_collatz_with_while_not_tf_equal(capsys):
    a = tf.constant(12)
    counter = 0
    while not tf.equal(a, 1):
        if tf.equal(a % 2, 0):
            a = a / 2
        else:
            a = 3 * a + 1
        print(a)
        counter += 1
    out = capsys.readouterr().out.splitlines()
    assert counter == 9
    # 12 / 2 is a float64 tensor (TF's truediv of int32), and stays float64 from there on.
    assert out[0] == "tf.Tensor(6.0, shape=(), dtype=float64)"
    assert out[-1] == "tf.Tensor(1.0, shape=(), dtype=float64)"
    assert [float(line.split("(")[1].split(",")[0]) for line in out] == \
        [6, 3, 10, 5, 16, 8, 4, 2, 1]


# --- 7. advanced autodiff -------------------------------------------------------------------------
def line_search_step(fn, init_x, rate=1.0):
    with tf.GradientTape() as tape:
        tape.watch(init_x)
        value = fn(init_x)
    grad = tape.gradient(value, init_x)
    grad_norm = tf.reduce_sum(grad * grad)
    init_value = value
    while value > init_value - rate * grad_norm:
        x = init_x - rate * grad
        value = fn(x)
        rate /= 2.0
    return x, value


def test_backtracking_line_search():
    x, value = line_search_step(lambda x: tf.reduce_sum(tf.square(x - 3.0)),
                                tf.constant([0.0, 1.0]))
    assert float(value) < 13.0
    np.testing.assert_allclose(x.numpy(), [3.0, 3.0])


@tf.custom_gradient
def clip_gradient_by_norm(x, norm):
    y = tf.identity(x)

    def grad_fn(dresult):
        return [tf.clip_by_norm(dresult, norm), None]

    return y, grad_fn


def test_clip_gradient_by_norm():
    x = tf.constant([30.0, 40.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(clip_gradient_by_norm(x, 0.5) * x)
    # Through the clipped path the gradient x = [30, 40] is cut to norm 0.5 -> [0.3, 0.4]; the
    # second factor x contributes clip_gradient_by_norm(x) = x unclipped.
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [30.3, 40.4], rtol=1e-6)


def log1pexp(x):
    return tf.math.log(1 + tf.exp(x))


@tf.custom_gradient
def log1pexp_custom(x):
    e = tf.exp(x)

    def grad(dy):
        return dy * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


def grad_log1pexp(f, x):
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        value = f(x)
    return tape.gradient(value, x).numpy()


def test_log1pexp_gradients():
    assert grad_log1pexp(log1pexp, 0.0) == 0.5
    with np.errstate(all="ignore"):
        assert np.isnan(grad_log1pexp(log1pexp, 100.0))
    assert grad_log1pexp(log1pexp_custom, 0.0) == 0.5
    assert grad_log1pexp(log1pexp_custom, 100.0) == 1.0


# --- 7. the announcement's tf.contrib.eager examples ----------------------------------------------
def test_announcement_gradients_function_of_square():
    tfe.enable_eager_execution()

    def square(x):
        return tf.multiply(x, x)

    grad = tfe.gradients_function(square)
    assert float(square(3.0)) == 9.0
    assert [float(g) for g in grad(3.0)] == [6.0]
    gradgrad = tfe.gradients_function(lambda x: grad(x)[0])
    assert [float(g) for g in gradgrad(3.0)] == [2.0]


def test_announcement_abs_with_a_branch():
    def abs(x):  # noqa: A001 - the announcement's name
        return x if x > 0.0 else -x

    grad = tfe.gradients_function(abs)
    assert [float(g) for g in grad(2.0)] == [1.0]
    assert [float(g) for g in grad(-2.0)] == [-1.0]


def test_announcement_log1pexp_with_tf_log():
    def log1pexp(x):
        return tf.log(1 + tf.exp(x))

    grad_log1pexp = tfe.gradients_function(log1pexp)
    assert [float(g) for g in grad_log1pexp(0.0)] == [0.5]
    with np.errstate(all="ignore"):
        assert np.isnan(float(grad_log1pexp(100.0)[0]))

    @tfe.custom_gradient
    def log1pexp_fixed(x):
        e = tf.exp(x)

        def grad(dy):
            return dy * (1 - 1 / (1 + e))

        return tf.log(1 + e), grad

    grad_fixed = tfe.gradients_function(log1pexp_fixed)
    assert [float(g) for g in grad_fixed(0.0)] == [0.5]
    assert [float(g) for g in grad_fixed(100.0)] == [1.0]


def test_announcement_implicit_gradients_train_a_model():
    w = tfe.Variable(np.zeros((2, 1), np.float32))
    b = tfe.Variable(0.0)
    x = tf.constant([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]])
    y = tf.matmul(x, tf.constant([[1.0], [-1.0]])) + 0.5

    def loss_function(x, y):
        return tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))

    grad_fn = tfe.implicit_gradients(loss_function)
    first = float(loss_function(x, y))
    for _ in range(500):
        for g, v in grad_fn(x, y):
            v.assign_sub(0.05 * g)
    assert float(loss_function(x, y)) < 1e-3 * first
    np.testing.assert_allclose(w.numpy().ravel(), [1.0, -1.0], atol=0.05)


@pytest.mark.parametrize("device", ["/gpu:0", "/cpu:0"])
def test_device_placement_runs_on_the_cpu(device):
    with tf.device(device):
        x = tf.random.normal([10, 10])
        y = tf.matmul(x, x)
    assert y.device.endswith("CPU:0") and not tf.test.is_gpu_available()

"""Each seeded random op of a tf.function has a random stream of its own, as each op of a TF
function has its own kernel: it starts at the beginning whatever eager ops or other functions
drew with the same seeds, goes on from call to call, and tf.random.set_seed starts it over.
The values are TF 2.21's (printed by TF itself)."""
import numpy as np

import eagerbook as tf

G_FIRST = [0.7537285089492798, 0.07793760299682617, 0.45880913734436035]
G_SECOND = [0.7915035486221313, 0.510116696357727, 0.5416638851165771]


def _close(t, values):
    np.testing.assert_allclose(np.asarray(t), values, rtol=0, atol=1e-7)


def test_a_functions_first_draw_ignores_eager_draws_and_goes_on_per_call():
    tf.random.set_seed(7)
    _close(tf.random.uniform([3]), [0.834453821182251, 0.23336660861968994, 0.8796519041061401])

    @tf.function
    def g():
        return tf.random.uniform([3])

    _close(g(), G_FIRST)
    _close(g(), G_SECOND)


def test_two_functions_draw_the_same_first_numbers():
    tf.random.set_seed(7)

    @tf.function
    def g():
        return tf.random.uniform([3])

    @tf.function
    def h(x):
        return tf.random.uniform([3]) + 0 * x, tf.random.normal([2])

    _close(g(), G_FIRST)
    a, b = h(tf.constant(1.0))
    _close(a, G_FIRST)
    _close(b, [-0.5408053994178772, 1.1220329999923706])


def test_set_seed_starts_a_functions_stream_over():
    tf.random.set_seed(7)

    @tf.function
    def g():
        return tf.random.uniform([3])

    _close(g(), G_FIRST)
    tf.random.set_seed(7)
    _close(g(), G_FIRST)


def test_dropout_in_a_function_after_an_eager_dropout():
    tf.random.set_seed(7)
    _close(tf.nn.dropout(tf.ones([8]), 0.5), [2, 0, 2, 0, 2, 2, 0, 2])

    @tf.function
    def d(x):
        return tf.nn.dropout(x, 0.5)

    _close(d(tf.ones([8])), [2, 0, 0, 2, 0, 0, 2, 0])
    _close(d(tf.ones([8])), [0, 2, 2, 2, 0, 2, 2, 0])


def test_a_session_run_keeps_drawing_on():
    g = tf.Graph()
    with g.as_default():
        tf.compat.v1.set_random_seed(3)
        r = tf.random.uniform([2])
    with tf.compat.v1.Session(graph=g) as sess:
        first, second = sess.run(r), sess.run(r)
    assert not np.array_equal(first, second)


def test_an_eager_op_with_the_same_seeds_does_not_advance_the_functions_stream():
    tf.random.set_seed(7)

    @tf.function
    def g():
        return tf.random.uniform([3])

    _close(tf.random.uniform([3], seed=0), G_FIRST)  # the eager kernel with seeds (7, 0)
    _close(g(), G_FIRST)  # the function's op (op seed 0 too) has a kernel of its own
    _close(tf.random.uniform([3], seed=0), G_SECOND)


def test_a_taped_call_runs_the_forward_function_with_kernels_of_its_own():
    tf.random.set_seed(7)

    @tf.function
    def f(x):
        return x * tf.random.uniform([3])

    x = tf.constant(1.0)
    _close(f(x), G_FIRST)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    _close(y, G_FIRST)  # TF's forward function (for the gradient) starts its own stream
    np.testing.assert_allclose(float(tape.gradient(y, x)), 1.2904752, rtol=1e-6)
    _close(f(x), G_SECOND)

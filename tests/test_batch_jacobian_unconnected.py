"""GradientTape.batch_jacobian of a target that does not reach the source: TF answers zeros
shaped target + source[1:] in the target's dtype (never None, whatever
unconnected_gradients says: kept so for compatibility in TF's own code), while jacobian
answers None. Checked side by side with TF 2.21."""
import numpy as np

import eagerbook as tf


def _tape_with_unreached_source():
    x = tf.constant([[1., 2.], [3., 4.]])
    s = tf.constant([[1.], [2.]], tf.float64)
    tape = tf.GradientTape(persistent=True)
    with tape:
        tape.watch(x)
        tape.watch(s)
        y = x * 2
    return tape, y, s


def test_batch_jacobian_of_an_unreached_source_is_zeros_of_the_targets_dtype():
    tape, y, s = _tape_with_unreached_source()
    j = tape.batch_jacobian(y, s)
    assert j is not None
    assert j.dtype == tf.float32 and j.shape == (2, 2, 1)
    np.testing.assert_array_equal(j.numpy(), np.zeros((2, 2, 1)))
    j_none = tape.batch_jacobian(y, s, unconnected_gradients=tf.UnconnectedGradients.NONE)
    assert j_none.shape == (2, 2, 1)


def test_with_zero_it_is_zeros_of_the_sources_dtype():
    tape, y, s = _tape_with_unreached_source()
    j = tape.batch_jacobian(y, s, unconnected_gradients="zero")
    assert j.dtype == tf.float64 and j.shape == (2, 2, 1)


def test_jacobian_of_an_unreached_source_stays_none():
    tape, y, s = _tape_with_unreached_source()
    assert tape.jacobian(y, s) is None


def test_inside_a_function_with_unknown_sizes():
    @tf.function(input_signature=[tf.TensorSpec([None, None])])
    def f(x):
        s = tf.ones([2, 3])
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * 2
        return tape.batch_jacobian(y, s)

    r = f(tf.constant([[1., 2.], [3., 4.]]))
    assert r.shape == (2, 2, 3) and r.dtype == tf.float32
    np.testing.assert_array_equal(r.numpy(), np.zeros((2, 2, 3)))


def _batch_jacobian_error(make_target, make_source):
    x = tf.constant([1., 2., 3.])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        source = make_source(x)
        tape.watch(source)
        target = make_target(x * 2)
    try:
        tape.batch_jacobian(target, source)
    except (IndexError, ValueError) as e:
        return f"{type(e).__name__}: {e}"
    raise AssertionError("no error")


def test_shapes_are_checked_as_tf_checks_them():
    # A scalar target fails reading its first dimension, as TF's does.
    assert _batch_jacobian_error(tf.reduce_sum, lambda x: x) == \
        "IndexError: list index out of range"
    # Both need rank 2 at least (the target checked first).
    assert _batch_jacobian_error(lambda y: tf.reshape(y, [3, 1]), lambda x: x[:2]) == \
        "ValueError: Shape (2,) must have rank at least 2"
    assert _batch_jacobian_error(lambda y: y, lambda x: x) == \
        "ValueError: Shape (3,) must have rank at least 2"
    assert _batch_jacobian_error(lambda y: tf.reshape(y, [3, 1]),
                                 lambda x: tf.reshape(x, [1, 3])) == (
        "ValueError: Need first dimension of target shape ((3, 1)) and source shape ((1, 3)) "
        "to match.")

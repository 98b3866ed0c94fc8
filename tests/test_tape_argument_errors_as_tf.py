"""GradientTape's argument errors in TF 2.21's kinds and words: no target, a None inside the
target, reset() of a tape that is not recording, an unknown unconnected_gradients option."""

import pytest

import eagerbook as tf


def test_a_missing_target_is_tfs_type_error():
    x = tf.Variable(1.0)
    with tf.GradientTape(persistent=True) as tape:
        y = x * 2
    with pytest.raises(TypeError, match=r"^Argument `target` should be a list or nested "
                       r"structure of Tensors, Variables or CompositeTensors to be "
                       r"differentiated, but received None\.$"):
        tape.gradient(None, x)
    for target in ([None], {"a": None}, (y, None)):
        with pytest.raises(TypeError, match=r"^Cannot convert the argument `type_value`: None "
                           r"to a TensorFlow DType\.$"):
            tape.gradient(target, x)
    assert float(tape.gradient(y, x)) == 2.0  # (nothing was spent by the failed calls)


def test_reset_needs_a_recording_tape():
    x = tf.Variable(1.0)
    with tf.GradientTape(persistent=True) as tape:
        y = x * 2
        tape.reset()  # inside: forgets y's op
        z = x * 3
    with pytest.raises(ValueError, match=r"^Tape is not recording\.$"):
        tape.reset()  # outside: TF refuses, and the tape keeps what it recorded
    assert tape.gradient(y, x) is None and float(tape.gradient(z, x)) == 3.0
    with pytest.raises(ValueError, match=r"^Tape is not recording\.$"):
        tf.GradientTape().reset()


def test_unknown_unconnected_gradients_options():
    x = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        y = x * 2
    with pytest.raises(ValueError, match=r"^Unknown value for unconnected_gradients: 'bad'$"):
        tape.gradient(y, x, unconnected_gradients="bad")
    with pytest.raises(ValueError, match=r"^'bad' is not a valid UnconnectedGradients$"):
        tf.UnconnectedGradients("bad")

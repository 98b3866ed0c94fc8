"""An exception raised inside tf.py_function comes out as the op error TF 2.21 makes of it: its
kind from the exception's (ValueError/TypeError invalid argument, StopIteration out of range,
NotImplementedError unimplemented, anything else, a TF error too, unknown), the op's frame
named with its input and output counts, and the Python traceback after the first line."""
import pytest

import eagerbook as tf

_FRAME = ("{{function_node __wrapped__EagerPyFunc_Tin_%d_Tout_%d_device_"
          "/job:localhost/replica:0/task:0/device:CPU:0}} ")


def _raise(exc):
    def func(*args):
        raise exc
    return func


@pytest.mark.parametrize("exc, kind", [
    (AttributeError("'numpy.bool' object has no attribute '__index__'"), tf.errors.UnknownError),
    (KeyError("k"), tf.errors.UnknownError),
    (ZeroDivisionError("division by zero"), tf.errors.UnknownError),
    (IndexError("i"), tf.errors.UnknownError),
    (ValueError("v"), tf.errors.InvalidArgumentError),
    (TypeError("t"), tf.errors.InvalidArgumentError),
    (StopIteration("s"), tf.errors.OutOfRangeError),
    (NotImplementedError("n"), tf.errors.UnimplementedError),
])
def test_error_kind_follows_the_python_exception(exc, kind):
    with pytest.raises(kind) as info:
        tf.py_function(_raise(exc), [1, 2, 3, 4], tf.string)
    first_line = str(info.value).splitlines()[0]
    assert first_line == _FRAME % (4, 1) + f"{type(exc).__name__}: {exc}"


def test_a_tf_error_raised_inside_is_reported_as_unknown():
    with pytest.raises(tf.errors.UnknownError) as info:
        tf.py_function(_raise(tf.errors.NotFoundError(None, None, "no file")), [1], tf.int32)
    assert str(info.value).splitlines()[0] == _FRAME % (1, 1) + "NotFoundError: no file"


def test_frame_counts_inputs_and_outputs():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.py_function(_raise(ValueError("bad")), [1.0, 2], [tf.int64, tf.int64])
    assert str(info.value).startswith(_FRAME % (2, 2) + "ValueError: bad\n")
    with pytest.raises(tf.errors.UnknownError) as info:
        tf.py_function(lambda: 1 / 0, [], tf.float32)
    assert str(info.value).startswith(_FRAME % (0, 1) + "ZeroDivisionError: division by zero")


def test_message_carries_the_python_traceback_then_the_op():
    def user_function(x):
        return {}["missing"]

    with pytest.raises(tf.errors.UnknownError) as info:
        tf.py_function(user_function, [1], tf.int32)
    message = str(info.value)
    lines = message.splitlines()
    assert lines[1] == "Traceback (most recent call last):"
    assert "in user_function" in message and 'return {}["missing"]' in message
    assert "\n\nKeyError: 'missing'\n\n [Op:EagerPyFunc]" in message


def test_inside_tf_function_the_graph_error_keeps_the_kind():
    @tf.function
    def traced(x):
        return tf.py_function(_raise(AttributeError("boom")), [x], tf.int32)

    with pytest.raises(tf.errors.UnknownError) as info:
        traced(tf.constant(1))
    assert "AttributeError: boom" in str(info.value)
    assert "[[{{node EagerPyFunc}}]]" in str(info.value)

"""AutoGraph inside tf.function, as TF 2.21 does it: a callable object (a tf.Module with
__call__, any class with one) is converted like a function, and an error's "in user code"
lines list one line per call of a converted function, the innermost (the failing line of an
if or loop body, not the if or loop statement itself)."""

import pytest

import eagerbook as tf


class _Relu(tf.Module):
    def __call__(self, x):
        if x > 0:  # a tensor condition: needs conversion
            return x
        return 0.0


class _AddThree:
    def __call__(self, x):
        for _ in tf.range(3):
            x = x + 1.0
        return x


def test_a_modules_call_is_converted():
    relu = _Relu()

    @tf.function
    def f(x):
        return relu(x) * 2

    assert f(tf.constant(3.0)).numpy() == 6.0
    assert f(tf.constant(-3.0)).numpy() == 0.0


def test_a_plain_callable_objects_call_is_converted():
    @tf.function
    def g(x):
        return _AddThree()(x)

    assert g(tf.constant(1.0)).numpy() == 4.0


def _message(fn, *args):
    with pytest.raises(AttributeError) as info:
        fn(*args)
    return str(info.value)


def _frames(message):
    return [line.strip() for line in message.splitlines() if line.strip().startswith("File ")]


def test_an_error_in_an_if_body_lists_the_body_line_only():
    @tf.function
    def f(x):
        if x.shape[0] > 0:
            y = x.foo  # noqa: F841 - the failing line
        return x

    frames = _frames(_message(f, tf.constant([1.0])))
    assert len(frames) == 1
    assert frames[0].endswith("in f  *")


def test_an_error_in_a_while_body_lists_the_body_line_only():
    @tf.function
    def k(x):
        while tf.reduce_sum(x) > 0:
            x = x - x.foo
        return x

    message = _message(k, tf.constant([1.0]))
    assert len(_frames(message)) == 1
    assert "x = x - x.foo" in message
    assert "while tf.reduce_sum(x) > 0:" not in message


def test_an_error_in_an_if_condition_lists_the_if_line():
    @tf.function
    def f(x):
        if x.foo > 0:
            return x
        return x

    message = _message(f, tf.constant([1.0]))
    assert len(_frames(message)) == 1
    assert "if x.foo > 0:" in message


class _Flexible(tf.Module):
    def __call__(self, x):
        if not hasattr(self, "w"):
            self.w = tf.Variable(tf.ones([x.shape[-1], 2]))
        return x


class _Outer(tf.Module):
    def __init__(self):
        super().__init__()
        self.inner = _Flexible()

    @tf.function
    def __call__(self, x):
        return self.inner(x)


def test_nested_module_calls_list_one_converted_line_each():
    # TF's guide: a list has no .shape; both __call__s are converted (" *"), the inner one's
    # line is its if body's
    message = _message(_Outer(), [[2.0, 2.0, 2.0]])
    frames = _frames(message)
    assert len(frames) == 2
    assert all(frame.endswith("in __call__  *") for frame in frames)
    assert "return self.inner(x)" in message
    assert "self.w = tf.Variable(tf.ones([x.shape[-1], 2]))" in message
    assert "if not hasattr" not in message
    assert message.rstrip().endswith("AttributeError: 'list' object has no attribute 'shape'")


def test_a_recursion_lists_the_deepest_calls_line_at_every_level():
    # TF lists, for each call of a converted function, its innermost line in the whole
    # traceback: a tf.function recursing on tensors shows its `if` line at every level
    @tf.function
    def recursive_fn(n):
        if n > 0:
            return recursive_fn(n - 1)
        return 1

    with pytest.raises(Exception) as info:
        recursive_fn(tf.constant(5))
    sources = [line.strip() for line in str(info.value).splitlines()
               if line.startswith("        ") and line.strip()]
    assert len(sources) > 3
    # (which line is the deepest depends on where Python's recursion limit strikes: in the
    # `if`'s test or in the branch's `n - 1`; either way one line, the same at every level)
    assert set(sources) in ({"if n > 0:"}, {"return recursive_fn(n - 1)"})

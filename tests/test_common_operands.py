"""`x * 0.5` and `x * w` (a Python float, a Variable) converted in the op's one-frame road
(ops/common_operands.py) give what the public function's road, `binary`, gives: values, dtypes,
errors, tape records and traced graphs."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import REGISTRY
from eagerbook.ops import binary as binary_module
from eagerbook.ops.binary import binary

OPS = [("AddV2", tf.add), ("Mul", tf.multiply)]
FLOATS = [0.5, 0.01, -0.0, 0.0, 1e-45, 3.4e38, 1e300, float("inf"), float("nan")]


def _same(got, want):
    assert type(got) is type(want) and got.dtype is want.dtype
    assert got.numpy().tobytes() == want.numpy().tobytes()


@pytest.mark.parametrize("name,function", OPS)
@pytest.mark.parametrize("dtype", [tf.float16, tf.float32, tf.float64])
def test_a_python_float_gives_what_binary_gives(name, function, dtype):
    x = tf.constant([1.5, -2.0, 0.0], dtype=dtype)
    for y in FLOATS:
        _same(function(x, y), binary(REGISTRY[name], x, y))


@pytest.mark.parametrize("name,function", OPS)
def test_a_variable_gives_what_binary_gives(name, function):
    x, w = tf.constant([1.5, -2.0]), tf.Variable(3.0)
    _same(function(x, w), binary(REGISTRY[name], x, w))
    with tf.GradientTape() as tape:
        y = function(x, w)
    assert [entry.type for entry in tape._tape.entries] == ["ReadVariableOp", name]
    _same(tape.gradient(y, w), tf.constant(-0.5 if name == "Mul" else 2.0))  # sum(x), or 2


def test_the_shortcut_skips_the_public_road(monkeypatch):
    def refuse(*args):
        raise AssertionError("binary_operands was called")
    monkeypatch.setattr(binary_module, "binary_operands", refuse)
    x = tf.constant([1.0, 2.0])
    assert (x * 0.5).numpy().tolist() == [0.5, 1.0]
    assert (x + tf.Variable(1.0)).numpy().tolist() == [2.0, 3.0]


def test_other_operands_keep_the_public_road_and_its_errors():
    x = tf.constant([1, 2])
    with pytest.raises(TypeError):  # an int tensor and 1.5: binary_operands' error
        x * 1.5
    with pytest.raises(tf.errors.InvalidArgumentError, match="double tensor"):
        tf.constant([1.0]) * tf.Variable(2.0, dtype=tf.float64)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Incompatible shapes"):
        tf.constant([1.0, 2.0]) * tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:  # a float while a tape records: its conversion is seen
        x = tf.constant(2.0)
        tape.watch(x)
        y = x * 0.5
    assert tape.gradient(y, x).numpy() == np.float32(0.5)


def test_a_traced_step_reads_the_variable_as_before():
    w = tf.Variable(2.0)

    @tf.function
    def step(x):
        return x * w + 0.5

    assert step(tf.constant([1.0, 2.0])).numpy().tolist() == [2.5, 4.5]
    ops = [op.type for op in step.get_concrete_function(tf.constant([1.0, 2.0])).graph
           .get_operations()]
    assert "ReadVariableOp" in ops and "Mul" in ops and "AddV2" in ops

"""``tf.guarantee_const``: its input as a tensor, through TF's GuaranteeConst op (deprecated,
logged once as TF does; no gradient registered, as in TF 2.21)."""

import logging

import pytest

import eagerbook as tf
from eagerbook.core import logs


def test_it_returns_its_input_as_a_tensor():
    assert tf.guarantee_const(tf.constant([1.0, 2.0])).numpy().tolist() == [1.0, 2.0]
    assert str(tf.guarantee_const([1, 2], name="g")) == (
        "tf.Tensor([1 2], shape=(2,), dtype=int32)")
    assert str(tf.guarantee_const(tf.Variable(1.0))) == "tf.Tensor(1.0, shape=(), dtype=float32)"
    assert str(tf.guarantee_const("a")) == "tf.Tensor(b'a', shape=(), dtype=string)"


def test_a_traced_function_holds_the_op():
    @tf.function
    def f(a):
        return tf.guarantee_const(a)

    graph = f.get_concrete_function(tf.constant([1.0])).graph
    assert "GuaranteeConst" in [op.type for op in graph.get_operations()]


def test_no_gradient_goes_through_it():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.guarantee_const(x)
    with pytest.raises(LookupError, match="^gradient registry has no entry for: GuaranteeConst$"):
        tape.gradient(y, x)


def test_its_deprecation_is_logged_once(caplog, monkeypatch):
    monkeypatch.setattr(logs, "_warned_deprecated", set())
    with caplog.at_level(logging.WARNING):
        tf.guarantee_const(1)
        tf.guarantee_const(2)
    warnings = [r.getMessage() for r in caplog.records if "guarantee_const" in r.getMessage()]
    assert len(warnings) == 1
    assert warnings[0].startswith("From ") and warnings[0].endswith(
        ": guarantee_const (from tensorflow.python.ops.array_ops) is deprecated and will be "
        "removed in a future version.\nInstructions for updating:\nNot for public use.")

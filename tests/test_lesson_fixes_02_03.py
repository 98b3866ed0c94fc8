"""Fixes found while writing lessons 02 (dynamic control flow) and 03 (building a model)."""

from types import SimpleNamespace

import eagerbook as tf
from eagerbook.viz.oplog import OpLog


# --- lesson 02: `%%eager --no-time --show summary` must read the same on every run -------------
def _event(name, seconds):
    return SimpleNamespace(name=name, inputs=(), outputs=(), seconds=seconds, filename=None,
                           lineno=None)


def test_op_summary_by_count_ignores_timings():
    log = OpLog()
    for name, secs in [("Equal", 5e-6), ("NotEqual", 1e-6), ("Equal", 1e-6), ("Mul", 9e-6),
                       ("NotEqual", 2e-6), ("AddV2", 1e-6), ("NotEqual", 1e-6)]:
        log.add(_event(name, secs))
    assert [(n, c) for n, c, _ in log.summary(by="count")] == [
        ("NotEqual", 3), ("Equal", 2), ("AddV2", 1), ("Mul", 1)]
    # the default stays slowest first
    assert [n for n, _, _ in log.summary()] == ["Mul", "Equal", "NotEqual", "AddV2"]


# --- lesson 03: dynamic layers and shared layers in summaries ---------------------------------
class _Eager(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dynamic = True  # the guide's form: set in __init__

    def call(self, inputs):
        return inputs * 2.0 if tf.reduce_max(inputs) > 0 else inputs


def test_a_model_holding_a_dynamic_layer_is_dynamic():
    layer = _Eager()
    assert layer.dynamic
    assert tf.keras.layers.Dense(2, dynamic=True).dynamic
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(2,)), layer])
    assert model.dynamic and not model.layers[0].dynamic
    assert not tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(2,))]).dynamic


def _summary(model):
    lines = []
    model.summary(print_fn=lines.append)
    return "\n".join(lines)


def _row(text, name):
    return next(line for line in text.splitlines() if line.startswith(name))


def test_summary_shows_the_shape_of_a_shared_layer_when_every_call_agrees():
    shared = tf.keras.layers.Dense(3, name="shared")
    left, right = tf.keras.Input(shape=(4,)), tf.keras.Input(shape=(4,))
    out = tf.keras.layers.Subtract(name="diff")([shared(left), shared(right)])
    text = _summary(tf.keras.Model(inputs=[left, right], outputs=out))
    assert "(None, 3)" in _row(text, "shared (Dense)")


def test_summary_says_multiple_when_shared_calls_differ_or_call_is_not_traced():
    twice = tf.keras.layers.Lambda(lambda t: t * 2.0, name="twice")
    a, b = tf.keras.Input(shape=(3,)), tf.keras.Input(shape=(5,))
    model = tf.keras.Model(inputs=[a, b], outputs=[twice(a), twice(b)])
    assert "multiple" in _row(_summary(model), "twice (Lambda)")

    class Sub(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.inner = tf.keras.layers.Dense(2, name="inner")

        def call(self, inputs):
            return self.inner(inputs)

    sub = Sub()
    sub(tf.ones([1, 3]))
    assert "multiple" in _row(_summary(sub), "inner (Dense)")

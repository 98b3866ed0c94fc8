"""tf.variable_creator_scope: creators chained innermost first, each given TF's keyword
arguments and the next creator; what the creator returns is what tf.Variable(...) gives.
Expected values are TF 2.21's for the same code."""

import eagerbook as tf
from eagerbook.core import variable as variable_module


def test_a_creator_sees_tf_keyword_arguments():
    seen = []

    def creator(next_creator, **kwargs):
        seen.append(sorted(kwargs))
        seen.append((kwargs["initial_value"], kwargs["name"], kwargs["trainable"],
                     kwargs["synchronization"], kwargs["aggregation"]))
        return next_creator(**kwargs)

    with tf.variable_creator_scope(creator):
        a = tf.Variable(1.0, name="a")
    assert repr(a) == "<tf.Variable 'a:0' shape=() dtype=float32, numpy=1.0>"
    assert seen == [["aggregation", "caching_device", "constraint", "dtype",
                     "experimental_enable_variable_lifting", "import_scope", "initial_value",
                     "name", "shape", "synchronization", "trainable", "validate_shape",
                     "variable_def"],
                    (1.0, "a", None, tf.VariableSynchronization.AUTO,
                     tf.compat.v1.VariableAggregation.NONE)]


def test_creators_chain_innermost_first_and_may_change_the_arguments():
    calls = []

    def outer(next_creator, **kwargs):
        calls.append("outer")
        return next_creator(**kwargs)

    def inner(next_creator, **kwargs):
        calls.append(("inner", kwargs["name"]))
        kwargs["initial_value"] = 5.0
        return next_creator(**kwargs)

    with tf.variable_creator_scope(outer):
        with tf.variable_creator_scope(inner):
            b = tf.Variable(1.0)
    assert calls == [("inner", None), "outer"]
    assert repr(b) == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=5.0>"


def test_whatever_the_creator_returns_and_positional_arguments():
    with tf.compat.v1.variable_creator_scope(lambda next_creator, **kwargs: "not a var"):
        assert tf.Variable(3.0) == "not a var"
    assert tf.compat.v1.variable_creator_scope is not tf.variable_creator_scope
    names = []

    def creator(next_creator, **kwargs):
        names.append((kwargs["initial_value"], kwargs["trainable"], kwargs["name"]))
        return next_creator(**kwargs)

    with tf.variable_creator_scope(creator):
        v = tf.Variable(2.0, False, True, None, "pos")
    assert names == [(2.0, False, "pos")] and not v.trainable and v.name == "pos:0"
    assert variable_module.CREATOR_SCOPES[0] == 0  # every scope closed again


def test_a_strategy_scope_opens_its_creator_inside_the_users():
    strategy = tf.distribute.MirroredStrategy(["GPU:0", "GPU:1"])
    seen = []

    def creator(next_creator, **kwargs):
        seen.append((kwargs["name"], kwargs["synchronization"], "distribute_strategy" in kwargs))
        return next_creator(**kwargs)

    with tf.variable_creator_scope(creator):
        with strategy.scope():
            d = tf.Variable(2.0)
    assert type(d).__name__ == "MirroredVariable"
    on_write = tf.VariableSynchronization.ON_WRITE
    assert seen == [(None, on_write, True), ("Variable/replica_1/", on_write, True)]
    seen.clear()
    with strategy.scope():
        with tf.variable_creator_scope(creator):
            tf.Variable(2.0)
    assert seen == [(None, tf.VariableSynchronization.AUTO, False)]  # before the strategy's

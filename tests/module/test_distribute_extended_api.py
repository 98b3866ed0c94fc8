"""strategy.extended's update, reduce_to, batch_reduce_to, call_for_each_replica and
value_container with two replicas, as TF 2.21 prints them."""

import pytest

import eagerbook as tf


@pytest.fixture
def strategy():
    return tf.distribute.MirroredStrategy(["GPU:0", "GPU:1"])


def test_update_writes_every_copy_and_groups_the_results(strategy):
    with strategy.scope():
        w = tf.Variable(2.0)
    grouped = strategy.extended.update(w, lambda var, x: var.assign_add(x), args=(1.0,))
    assert str(grouped) == ("Mirrored:{\n  0: tf.Tensor(3.0, shape=(), dtype=float32),\n"
                            "  1: tf.Tensor(3.0, shape=(), dtype=float32)\n}")
    apart = strategy.extended.update(w, lambda var, x: var.assign_add(x), args=(1.0,),
                                     group=False)
    assert type(apart) is tuple and [float(v) for v in apart] == [4.0, 4.0]
    assert strategy.extended.value_container(w.values[1]) is w

    def step():
        context = tf.distribute.get_replica_context()

        def merge_fn(distribution, value):  # each copy gets its replica's value
            return distribution.extended.update(w, lambda var, x: var.assign(x), args=(value,))
        return context.merge_call(merge_fn, args=(tf.cast(
            context.replica_id_in_sync_group, tf.float32) + 10,))

    assert [float(v) for v in strategy.run(step).values] == [10.0, 11.0]
    assert [float(v) for v in w.values] == [10.0, 11.0]


def test_reduce_to_and_call_for_each_replica(strategy):
    with strategy.scope():
        w = tf.Variable(2.0)
    ids = strategy.run(lambda: tf.cast(
        tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32))
    assert str(strategy.extended.reduce_to("SUM", ids, w)) == (
        "Mirrored:{\n  0: tf.Tensor(1.0, shape=(), dtype=float32),\n"
        "  1: tf.Tensor(1.0, shape=(), dtype=float32)\n}")
    assert repr(strategy.extended.batch_reduce_to("MEAN", [(ids, w)])) == (
        "[Mirrored:{\n  0: <tf.Tensor: shape=(), dtype=float32, numpy=0.5>,\n"
        "  1: <tf.Tensor: shape=(), dtype=float32, numpy=0.5>\n}]")
    twos = strategy.extended.call_for_each_replica(lambda: tf.constant(2))
    assert [int(v) for v in twos.values] == [2, 2]

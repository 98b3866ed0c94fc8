"""MirroredStrategy over named devices (TF's docstrings use ["GPU:0", "GPU:1"]): one replica
per name, run one after the other on the CPU; outputs as TF 2.21's on a CPU machine (compared
side by side by hand)."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture
def strategy():
    return tf.distribute.MirroredStrategy(["GPU:0", "GPU:1"])


def _first_batch(strategy):
    dataset = tf.data.Dataset.from_tensor_slices([5.0, 6.0, 7.0, 8.0]).batch(2)
    return next(iter(strategy.experimental_distribute_dataset(dataset)))


def test_replicas_and_their_devices(strategy):
    assert strategy.num_replicas_in_sync == 2
    assert strategy.extended.worker_devices == ("/job:localhost/replica:0/task:0/device:GPU:0",
                                                "/job:localhost/replica:0/task:0/device:GPU:1")
    assert tf.distribute.MirroredStrategy().num_replicas_in_sync == 1  # the CPU alone


def test_a_distributed_batch_is_cut_per_replica(strategy):
    values = _first_batch(strategy)
    assert repr(values) == (
        "PerReplica:{\n"
        "  0: <tf.Tensor: shape=(1,), dtype=float32, numpy=array([5.], dtype=float32)>,\n"
        "  1: <tf.Tensor: shape=(1,), dtype=float32, numpy=array([6.], dtype=float32)>\n}")
    assert str(next(iter(strategy.experimental_distribute_dataset(
        tf.data.Dataset.range(1, 5).batch(4))))) == (
        "PerReplica:{\n  0: tf.Tensor([1 2], shape=(2,), dtype=int64),\n"
        "  1: tf.Tensor([3 4], shape=(2,), dtype=int64)\n}")
    spec = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices([[1.0], [2.0]]).batch(2)).element_spec
    assert repr(spec) == ("PerReplicaSpec(TensorSpec(shape=(None, 1), dtype=tf.float32, "
                          "name=None), TensorSpec(shape=(None, 1), dtype=tf.float32, "
                          "name=None))")


def test_run_reduce_and_local_results(strategy):
    values = _first_batch(strategy)

    @tf.function
    def replica_id():
        return tf.distribute.get_replica_context().replica_id_in_sync_group

    ids = strategy.experimental_local_results(strategy.run(replica_id))
    assert [int(i) for i in ids] == [0, 1]
    plus_one = strategy.run(lambda x: x + 1.0, args=(values,))
    assert [v.numpy().tolist() for v in plus_one.values] == [[6.0], [7.0]]
    assert float(strategy.reduce(tf.distribute.ReduceOp.SUM, values, axis=0)) == 11.0
    assert strategy.reduce("MEAN", values, axis=None).numpy().tolist() == [5.5]  # (shape [1])
    ints = strategy.experimental_distribute_values_from_function(
        lambda ctx: tf.constant(ctx.replica_id_in_sync_group * 4 + 1, tf.int64))
    mean = strategy.reduce(tf.distribute.ReduceOp.MEAN, ints, axis=None)
    assert mean.dtype == tf.float64 and float(mean) == 3.0  # (1 + 5) / 2, as TF's
    with pytest.raises(ValueError, match="cannot be reduced"):
        strategy.reduce("SUM", tf.constant(1.0), axis=None)


def test_values_from_a_function_and_gather():
    strategy = tf.distribute.MirroredStrategy(["GPU:0", "GPU:1", "GPU:2", "GPU:3"])
    array_value = np.array([3.0, 2.0, 1.0, 0.0])
    values = strategy.experimental_distribute_values_from_function(
        lambda ctx: array_value[ctx.replica_id_in_sync_group])
    assert strategy.experimental_local_results(values) == (3.0, 2.0, 1.0, 0.0)
    single = tf.reshape(tf.range(6), (1, 2, 3))
    parts = strategy.experimental_distribute_values_from_function(lambda _: tf.identity(single))
    assert strategy.gather(parts, axis=0).shape == (4, 2, 3)
    assert strategy.gather(parts, axis=2).shape == (1, 2, 12)
    context = tf.distribute.experimental.ValueContext(replica_id_in_sync_group=2,
                                                      num_replicas_in_sync=4)
    assert context.replica_id_in_sync_group / context.num_replicas_in_sync == 0.5


def test_mirrored_variables_list_one_copy_per_replica(strategy):
    with strategy.scope():
        v = tf.Variable(1.0)
    assert repr(v) == ("MirroredVariable:{\n"
                       "  0: <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>,\n"
                       "  1: <tf.Variable 'Variable/replica_1:0' shape=() dtype=float32, "
                       "numpy=1.0>\n}")
    assert strategy.extended.variable_created_in_scope(v)
    assert not strategy.extended.variable_created_in_scope(tf.Variable(1.0))


def test_cross_replica_collectives_inside_run_meet_the_other_replicas(strategy):
    def step():  # (TF 2.21: each replica gets the sum, 2.0; test_distribute_replica_threads.py)
        return tf.distribute.get_replica_context().all_reduce("SUM", tf.constant(1.0))

    assert [float(v) for v in strategy.run(step).values] == [2.0, 2.0]

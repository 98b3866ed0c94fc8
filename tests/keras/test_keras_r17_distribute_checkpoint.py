"""Checkpoint arguments that are containers, the CrossDeviceOps family and the option objects
of tf.distribute, and padded_batch refusing ragged components (as TF 2 does)."""

import pytest

import eagerbook as tf


def test_checkpoint_accepts_lists_dicts_and_tuples(tmp_path):
    a, b, c = tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0)
    ckpt = tf.train.Checkpoint(variables=[a], d={"x": b}, t=(c,))
    assert type(ckpt.variables).__name__ == "ListWrapper"
    path = ckpt.save(str(tmp_path / "c"))
    names = sorted(name for name, _ in tf.train.list_variables(path))
    assert names == ["_CHECKPOINTABLE_OBJECT_GRAPH", "d/x/.ATTRIBUTES/VARIABLE_VALUE",
                     "save_counter/.ATTRIBUTES/VARIABLE_VALUE",
                     "t/0/.ATTRIBUTES/VARIABLE_VALUE", "variables/0/.ATTRIBUTES/VARIABLE_VALUE"]
    a.assign(5.0)
    c.assign(7.0)
    ckpt.restore(path).assert_consumed()
    assert (a.numpy(), c.numpy()) == (1.0, 3.0)


@pytest.mark.parametrize("value", [3, "s"])
def test_checkpoint_rejects_values_without_state(value):
    with pytest.raises(ValueError, match=r"`Checkpoint` was expecting x to be a trackable "
                                         r"object \(an object derived from `Trackable`\), got"):
        tf.train.Checkpoint(x=value)


def test_cross_device_ops_reduce_like_one_device():
    strategy = tf.distribute.MirroredStrategy(
        cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())
    assert strategy.num_replicas_in_sync == 1
    ops = tf.distribute.ReductionToOneDevice()
    assert isinstance(ops, tf.distribute.CrossDeviceOps)
    assert float(ops.reduce("SUM", tf.constant(2.0), destinations="/cpu:0")) == 2.0
    assert [float(v) for v in ops.batch_reduce("MEAN", [(tf.constant(4.0), None)])] == [4.0]
    two = tf.distribute.MirroredStrategy(["GPU:0", "GPU:1"])
    per_replica = two.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group)
    assert isinstance(per_replica, tf.distribute.DistributedValues)
    assert int(tf.distribute.NcclAllReduce().reduce("SUM", per_replica, None)) == 1
    with pytest.raises(ValueError, match="num_packs >= 0, but -1 is specified"):
        tf.distribute.NcclAllReduce(num_packs=-1)


def test_option_objects_print_as_in_tf():
    assert repr(tf.distribute.InputOptions(experimental_fetch_to_device=False)) == (
        "InputOptions(experimental_fetch_to_device=False, experimental_replication_mode="
        "<InputReplicationMode.PER_WORKER: 'PER_WORKER'>, "
        "experimental_place_dataset_on_device=False, experimental_per_replica_buffer_size=1)")
    assert repr(tf.distribute.RunOptions()) == (
        "RunOptions(experimental_enable_dynamic_batch_size=True, "
        "experimental_bucketizing_dynamic_shape=False, experimental_xla_options=None)")


def test_api_types_for_isinstance():
    strategy = tf.distribute.MirroredStrategy()
    assert isinstance(strategy.extended, tf.distribute.StrategyExtended)
    dist = strategy.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(2))
    assert isinstance(dist, tf.distribute.DistributedDataset)


def test_simple_cluster_resolver():
    spec = tf.train.ClusterSpec({"worker": ["a:1"]})
    resolver = tf.distribute.cluster_resolver.SimpleClusterResolver(
        spec, task_type="worker", task_id=0)
    assert isinstance(resolver, tf.distribute.cluster_resolver.ClusterResolver)
    assert resolver.cluster_spec() is spec
    assert (resolver.task_type, resolver.task_id, resolver.master()) == ("worker", 0, "")
    assert isinstance(tf.distribute.cluster_resolver.TFConfigClusterResolver(),
                      tf.distribute.cluster_resolver.ClusterResolver)


def test_padded_batch_refuses_ragged_components():
    ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2, 3]]))
    with pytest.raises(TypeError, match="`padded_batch` is only supported for datasets that "
                                        "produce tensor elements"):
        ds.padded_batch(2)
    assert ds.ragged_batch(2).element_spec.shape.as_list() == [None, None]


def test_dict_keys_are_escaped_in_checkpoint_keys(tmp_path):
    values = {"a": tf.Variable(1.0), "scoped/c": tf.Variable(3.0), "x.y": tf.Variable(4.0)}
    path = tf.train.Checkpoint(vars=values).save(str(tmp_path / "c"))
    names = sorted(name for name, _ in tf.train.list_variables(path))
    assert names[2:] == ["vars/a/.ATTRIBUTES/VARIABLE_VALUE",
                         "vars/scoped.Sc/.ATTRIBUTES/VARIABLE_VALUE",
                         "vars/x..y/.ATTRIBUTES/VARIABLE_VALUE"]
    fresh = {"a": tf.Variable(0.0), "scoped/c": tf.Variable(0.0), "x.y": tf.Variable(0.0)}
    tf.train.Checkpoint(vars=fresh).restore(path).assert_consumed()
    assert [float(v) for v in fresh.values()] == [1.0, 3.0, 4.0]


@pytest.mark.parametrize("helper", ["compute_average_loss", "scale_regularization_loss"])
def test_per_replica_loss_helpers_refuse_the_cross_replica_context(helper):
    losses = tf.constant([1.0, 2.0, 3.0, 4.0])
    function = getattr(tf.nn, helper)
    strategy = tf.distribute.MirroredStrategy()
    assert function(losses) is not None  # outside any scope: fine
    with strategy.scope():
        assert strategy.run(lambda: function(losses)) is not None  # in a replica: fine
        with pytest.raises(RuntimeError, match=f"You are calling `{helper}` in cross replica "
                                               "context, while it was expected to be called "
                                               "in replica context."):
            function(losses)

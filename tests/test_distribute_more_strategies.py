"""MultiWorkerMirroredStrategy (one worker), CentralStorageStrategy, TF_CONFIG's cluster
resolver, and a mirrored variable's synchronization."""
import json

import numpy as np
import pytest

import eagerbook as tf


def test_mirrored_variables_are_synchronized_on_write():
    assert tf.Variable(1.0).synchronization == tf.VariableSynchronization.AUTO
    with tf.distribute.MirroredStrategy().scope():
        v = tf.Variable(1.0, aggregation=tf.VariableAggregation.MEAN)
        on_read = tf.Variable(0.0, synchronization=tf.VariableSynchronization.ON_READ,
                              aggregation=tf.VariableAggregation.SUM)
    assert v.synchronization == tf.VariableSynchronization.ON_WRITE
    assert on_read.synchronization == tf.VariableSynchronization.ON_READ


def test_multi_worker_strategy_without_tf_config_is_one_local_worker(monkeypatch):
    monkeypatch.delenv("TF_CONFIG", raising=False)
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    resolver = strategy.cluster_resolver
    assert (strategy.num_replicas_in_sync, resolver.task_type, resolver.task_id) == \
        (1, None, None)
    assert repr(resolver.cluster_spec()) == "ClusterSpec({})"
    with strategy.scope():
        v = tf.Variable(2.0)
        model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
        model.compile(optimizer="sgd", loss="mse")
    assert "MirroredVariable" in repr(v)
    history = model.fit(np.ones((4, 3)), np.zeros((4, 1)), batch_size=2, verbose=0)
    assert len(history.history["loss"]) == 1
    assert float(strategy.run(lambda: tf.constant(2.0))) == 2.0


def test_tf_config_names_the_task_and_the_cluster(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", json.dumps({
        "cluster": {"worker": ["localhost:12345", "localhost:23456"]},
        "task": {"type": "worker", "index": 1}}))
    resolver = tf.distribute.cluster_resolver.TFConfigClusterResolver()
    assert (resolver.task_type, resolver.task_id) == ("worker", 1)
    spec = resolver.cluster_spec()
    assert spec.as_dict() == {"worker": ["localhost:12345", "localhost:23456"]}
    assert spec.num_tasks("worker") == 2 and spec.jobs == ["worker"]


def test_central_storage_strategy_keeps_plain_variables():
    strategy = tf.distribute.experimental.CentralStorageStrategy()
    assert strategy.num_replicas_in_sync == 1
    with strategy.scope():
        v = tf.Variable(1.0)
    assert repr(v).startswith("<tf.Variable 'Variable:0'")
    assert v.synchronization == tf.VariableSynchronization.AUTO


def test_communication_options():
    options = tf.distribute.experimental.CommunicationOptions(
        implementation=tf.distribute.experimental.CommunicationImplementation.RING)
    assert str(options.implementation) == "CommunicationImplementation.RING"
    with pytest.raises(ValueError, match="bytes_per_pack"):
        tf.distribute.experimental.CommunicationOptions(bytes_per_pack=-1)
    strategy = tf.distribute.MultiWorkerMirroredStrategy(communication_options=options)
    assert strategy.num_replicas_in_sync == 1


def test_multi_worker_strategy_class_is_named_as_in_tf():
    import eagerbook as tf
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    assert type(strategy).__name__ == "CollectiveAllReduceStrategy"
    assert isinstance(strategy, tf.distribute.MultiWorkerMirroredStrategy)


def test_default_strategy_reduce_without_axis_passes_the_value_through():
    # TF: the default strategy's reduce(op, value, axis=None) returns `value` itself (a
    # Python float stays a float); a real strategy's gives a tensor.
    default = tf.distribute.get_strategy()
    assert default.reduce("SUM", 1.0, axis=None) == 1.0
    assert type(default.reduce("SUM", 1.0, axis=None)) is float
    assert default.reduce(tf.distribute.ReduceOp.MEAN, [1.0, 2.0], axis=None) == [1.0, 2.0]
    assert float(default.reduce("SUM", tf.constant([1.0, 2.0]), axis=0)) == 3.0
    mirrored = tf.distribute.MirroredStrategy()
    assert isinstance(mirrored.reduce("SUM", 1.0, axis=None), tf.Tensor)
    with pytest.raises(ValueError):
        default.reduce("MAX", 1.0, axis=None)


def test_collective_communication_is_the_older_name_of_the_enum():
    experimental = tf.distribute.experimental
    assert experimental.CollectiveCommunication is experimental.CommunicationImplementation
    assert [c.name for c in experimental.CollectiveCommunication] == ["AUTO", "RING", "NCCL"]
    tf.distribute.experimental.MultiWorkerMirroredStrategy(
        experimental.CollectiveCommunication.NCCL)


def test_mirrored_strategy_takes_every_logical_cpu(monkeypatch):
    # TF: with the CPU split into logical devices (no GPUs), MirroredStrategy() makes one
    # replica per logical CPU, and a distributed dataset splits each batch between them.
    from eagerbook.framework import config
    monkeypatch.setattr(config, "_LOGICAL", config._LOGICAL)
    monkeypatch.setattr(config, "_LOGICAL_CONFIGURATION", {})
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration() for _ in range(2)])
    strategy = tf.distribute.MirroredStrategy()
    assert strategy.num_replicas_in_sync == 2
    assert strategy.extended.worker_devices == (
        "/job:localhost/replica:0/task:0/device:CPU:0",
        "/job:localhost/replica:0/task:0/device:CPU:1")
    dataset = tf.data.Dataset.range(8).batch(4)
    first = next(iter(strategy.experimental_distribute_dataset(dataset)))
    assert [t.numpy().tolist() for t in first.values] == [[0, 1], [2, 3]]


def test_a_distributed_dataset_element_spec_is_a_function_input_signature():
    # TF's distributed-input tutorial: @tf.function(input_signature=[dist.element_spec]).
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    dataset = tf.data.Dataset.from_tensors(([1.0], [1.0])).repeat(8).batch(4)
    dist = strategy.experimental_distribute_dataset(dataset)
    traces = []

    @tf.function(input_signature=[dist.element_spec])
    def step(per_replica_inputs):
        traces.append(1)
        return strategy.run(lambda inputs: 2 * inputs[0], args=(per_replica_inputs,))

    for element in dist:
        out = step(element)
        assert [t.numpy().tolist() for t in out.values] == [[[2.0], [2.0]]] * 2
    assert len(traces) == 1


def test_distributed_iterator_get_next_as_optional_inside_a_function():
    # TF's distributed-input tutorial: a tf.range loop inside a tf.function takes elements
    # until the optional is empty; each call of the function moves the iterator on.
    import io
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    dataset = tf.data.Dataset.range(9).batch(4)
    iterator = iter(strategy.experimental_distribute_dataset(dataset))
    stream = io.StringIO()

    @tf.function
    def take(distributed_iterator, steps):
        for _ in tf.range(steps):
            optional = distributed_iterator.get_next_as_optional()
            if not optional.has_value():
                break
            results = strategy.run(lambda x: x, args=(optional.get_value(),))
            tf.print(strategy.experimental_local_results(results), output_stream=stream)

    take(iterator, tf.constant(2))
    assert stream.getvalue() == "([0 1], [2 3])\n([4 5], [6 7])\n"
    take(iterator, tf.constant(5))
    assert stream.getvalue().endswith("([4 5], [6 7])\n([8], [])\n")
    assert take.experimental_get_tracing_count() == 1

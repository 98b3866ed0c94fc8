"""``strategy.make_input_fn_iterator`` (TF 1.x's input from a function) as TF 2.21 runs it."""

import pytest

import eagerbook as tf

END = ("{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/"
       "replica:0/task:0/device:CPU:0}} End of sequence [Op:IteratorGetNext] name: ")


def batches(contexts):
    def input_fn(input_context):
        contexts.append((input_context.num_input_pipelines, input_context.input_pipeline_id,
                         input_context.num_replicas_in_sync))
        return tf.data.Dataset.range(10).batch(3)
    return input_fn


def local_values(strategy, value):
    return [t.numpy().tolist() for t in strategy.experimental_local_results(value)]


def test_one_replica_gets_each_batch_then_the_end():
    strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
    contexts = []
    iterator = strategy.make_input_fn_iterator(batches(contexts))
    assert type(iterator).__name__ == "InputFunctionIterator"
    assert contexts == [(1, 0, 1)]
    assert [iterator.get_next().numpy().tolist() for _ in range(4)] == \
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]
    with pytest.raises(tf.errors.OutOfRangeError) as caught:
        iterator.get_next()
    assert str(caught.value) == END


def test_two_replicas_take_consecutive_batches_in_turn():
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    contexts = []
    iterator = strategy.make_input_fn_iterator(batches(contexts))
    assert contexts == [(1, 0, 2)]
    assert local_values(strategy, iterator.get_next()) == [[0, 1, 2], [3, 4, 5]]
    assert local_values(strategy, iterator.get_next()) == [[6, 7, 8], [9]]
    with pytest.raises(tf.errors.OutOfRangeError) as caught:
        iterator.get_next()
    assert str(caught.value) == END
    assert list(iterator) == []


def test_what_it_refuses_as_tf():
    strategy = tf.distribute.MirroredStrategy()
    with pytest.raises(ValueError, match="^Input replication mode not supported: "
                                         "<InputReplicationMode.PER_REPLICA: 'PER_REPLICA'>$"):
        strategy.make_input_fn_iterator(batches([]),
                                        tf.distribute.InputReplicationMode.PER_REPLICA)
    with pytest.raises(ValueError,
                       match="^input_fn must return a tf.data.Dataset or a callable.$"):
        strategy.make_input_fn_iterator(lambda input_context: [1, 2])

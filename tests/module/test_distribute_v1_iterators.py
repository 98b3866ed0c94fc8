"""TF 1.x's strategy input (TF 2.0-era guides): make_dataset_iterator and experimental_run,
with TF 2.21's values and deprecation warnings."""

import logging

import pytest

import eagerbook as tf


def test_make_dataset_iterator_feeds_experimental_run(caplog):
    strategy = tf.distribute.MirroredStrategy()
    iterator = strategy.make_dataset_iterator(tf.data.Dataset.range(6).batch(2))
    assert type(iterator).__name__ == "DatasetIterator"
    with caplog.at_level(logging.WARNING):
        assert iterator.initialize() is None
        assert iterator.get_next().numpy().tolist() == [0, 1]
        assert strategy.experimental_run(lambda x: x * 2, iterator).numpy().tolist() == [4, 6]
    text = caplog.text
    assert "DistributedIteratorV1.initialize (from tensorflow.python.distribute.v1." \
           "input_lib) is deprecated and will be removed in a future version." in text
    assert "Instructions for updating:\nUse the iterator's `initializer` property " \
           "instead." in text
    assert "StrategyBase.experimental_run (from tensorflow.python.distribute." \
           "distribute_lib) is deprecated" in text
    assert int(strategy.experimental_run(lambda: tf.constant(1))) == 1
    assert strategy.experimental_run(lambda x: x + 1, iterator).numpy().tolist() == [5, 6]
    with pytest.raises(tf.errors.OutOfRangeError):
        strategy.experimental_run(lambda x: x + 1, iterator)


def test_experimental_run_inside_a_tf_function():
    strategy = tf.distribute.MirroredStrategy()
    iterator = strategy.make_dataset_iterator(tf.data.Dataset.range(4).batch(2))

    @tf.function
    def step():
        return strategy.reduce("SUM", strategy.experimental_run(lambda x: x * 10, iterator),
                               axis=None)

    assert [step().numpy().tolist() for _ in range(2)] == [[0, 10], [20, 30]]

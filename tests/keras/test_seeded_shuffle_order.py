"""A seeded Dataset.shuffle gives TF 2.21's order (its kernel's Philox draws), iteration by
iteration, and TF's Keras's fit, evaluate, predict and adapt move a dataset's shuffles on as
many iterations as TF's do (each makes one iterator it never reads first). The expected
orders were printed by TF 2.21."""

import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _no_global_seed_left():
    yield
    tf.random.set_seed(None)


def _order(dataset):
    return [int(x) for x in dataset.as_numpy_iterator()]


def test_orders_of_successive_iterations_as_tf():
    tf.random.set_seed(0)
    shuffled = tf.data.Dataset.range(10).shuffle(1024, seed=1)
    assert _order(shuffled) == [5, 3, 2, 4, 1, 9, 6, 7, 8, 0]
    assert _order(shuffled) == [4, 8, 0, 1, 6, 5, 7, 3, 9, 2]


def test_small_buffer_fixed_order_and_default_global_seed_as_tf():
    tf.random.set_seed(0)
    assert _order(tf.data.Dataset.range(10).shuffle(3, seed=1)) == \
        [2, 3, 0, 5, 4, 1, 6, 7, 8, 9]
    fixed = tf.data.Dataset.range(10).shuffle(1024, seed=1, reshuffle_each_iteration=False)
    assert _order(fixed) == _order(fixed) == [7, 2, 5, 8, 3, 4, 6, 0, 9, 1]
    tf.random.set_seed(None)  # an op seed alone: TF's default global seed goes with it
    assert _order(tf.data.Dataset.range(10).shuffle(1024, seed=1)) == \
        [0, 9, 5, 1, 2, 7, 3, 8, 6, 4]


def test_keras_loops_and_adapt_move_the_shuffle_on_as_tf():
    dataset = tf.data.Dataset.range(10).shuffle(100, seed=3).batch(4)

    def first_batch():
        return next(iter(dataset)).numpy().tolist()

    def as_pairs(x):
        x = tf.cast(x, tf.float32)
        return x, x

    model = tf.keras.Sequential([tf.keras.Input(()), tf.keras.layers.Reshape((1,)),
                                 tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    assert first_batch() == [4, 7, 2, 6]
    assert next(iter(dataset.map(lambda x: x))).numpy().tolist() == [8, 6, 4, 1]
    assert first_batch() == [8, 4, 9, 2]
    model.predict(dataset, verbose=0)  # two iterations: the unread one, the one read
    assert first_batch() == [2, 6, 4, 5]
    model.evaluate(dataset.map(as_pairs), verbose=0)
    assert first_batch() == [8, 6, 4, 1]
    model.fit(dataset.map(as_pairs), epochs=2, verbose=0)  # one unread, one per epoch
    assert first_batch() == [2, 3, 6, 4]
    tf.keras.layers.Normalization(axis=None).adapt(dataset)
    assert first_batch() == [0, 7, 8, 9]


def test_a_checkpointed_iterator_resumes_its_order(tmp_path):
    tf.random.set_seed(0)
    dataset = tf.data.Dataset.range(10).shuffle(1024, seed=1)
    _order(dataset)
    iterator = iter(dataset)  # the second iteration: 4, 8, 0, 1, ...
    assert [int(next(iterator)) for _ in range(3)] == [4, 8, 0]
    checkpoint = tf.train.Checkpoint(iterator=iterator)
    path = checkpoint.save(str(tmp_path / "ckpt"))
    assert [int(x) for x in iterator] == [1, 6, 5, 7, 3, 9, 2]
    checkpoint.restore(path)
    assert [int(x) for x in iterator] == [1, 6, 5, 7, 3, 9, 2]

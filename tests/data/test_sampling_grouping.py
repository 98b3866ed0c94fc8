"""sample_from_datasets, choose_from_datasets, group_by_window, bucket_by_sequence_length,
rebatch, Dataset.random and tf.data.Options, with TF 2's results."""

import pytest

import eagerbook as tf

Dataset = tf.data.Dataset


def _lists(ds):
    return [b.numpy().tolist() for b in ds]


def test_sample_from_datasets_draws_from_every_input_and_stops_when_all_are_done():
    zeros, ones = Dataset.from_tensors(0).repeat(), Dataset.from_tensors(1).repeat()
    picked = [int(x) for x in Dataset.sample_from_datasets([zeros, ones], seed=1).take(40)]
    assert set(picked) == {0, 1}
    finite = Dataset.sample_from_datasets([Dataset.range(3), Dataset.range(10, 12)], seed=2)
    assert sorted(int(x) for x in finite) == [0, 1, 2, 10, 11]
    only_first = tf.data.experimental.sample_from_datasets([zeros, ones], weights=[1.0, 0.0])
    assert set(int(x) for x in only_first.take(10)) == {0}
    with pytest.raises(ValueError, match="weights"):
        Dataset.sample_from_datasets([zeros, ones], weights=[1.0])


def test_choose_from_datasets():
    letters = [Dataset.from_tensors(c).repeat() for c in ("x", "y", "z")]
    ds = Dataset.choose_from_datasets(letters, Dataset.range(3).repeat(2))
    assert list(ds.as_numpy_iterator()) == [b"x", b"y", b"z", b"x", b"y", b"z"]
    with pytest.raises(TypeError, match="int64"):
        Dataset.choose_from_datasets(letters, Dataset.from_tensors(1.0))


def test_group_by_window_and_buckets():
    ds = Dataset.range(10).group_by_window(key_func=lambda x: x % 2,
                                           reduce_func=lambda key, w: w.batch(3),
                                           window_size=3)
    assert _lists(ds) == [[0, 2, 4], [1, 3, 5], [6, 8], [7, 9]]
    sequences = Dataset.from_generator(lambda: iter([[1], [1, 2, 3], [1, 2], [4, 5, 6, 7]]),
                                       output_signature=tf.TensorSpec((None,), tf.int32))
    buckets = sequences.bucket_by_sequence_length(lambda e: tf.shape(e)[0], [3], [2, 2])
    assert _lists(buckets) == [[[1, 0], [1, 2]], [[1, 2, 3, 0], [4, 5, 6, 7]]]
    with pytest.raises(ValueError, match="window_size"):
        Dataset.range(3).group_by_window(lambda x: x, lambda k, w: w)



def test_group_by_window_keys_and_sizes_must_be_int64_scalars_when_the_dataset_is_made():
    # TF 2 converts key_func's result to int64 while tracing it: an int32 key is a ValueError
    # at group_by_window(...) (not while iterating), a vector key names the returned spec.
    def group(key_func, **sizes):
        return Dataset.range(10).group_by_window(key_func, lambda k, w: w.batch(3), **sizes)

    with pytest.raises(ValueError, match="requested dtype int64 for Tensor with dtype int32"):
        group(lambda x: tf.cast(x % 2, tf.int32), window_size=3)
    with pytest.raises(ValueError, match="requested dtype int64 for Tensor with dtype bool"):
        group(lambda x: x % 2 == 0, window_size=3)
    with pytest.raises(ValueError, match=r"Invalid `key_func`. `key_func` must return a single "
                       r"`tf.int64` scalar tensor but its return type is "
                       r"TensorSpec\(shape=\(2,\), dtype=tf.int64, name=None\)."):
        group(lambda x: tf.stack([x, x]), window_size=3)
    with pytest.raises(ValueError, match="requested dtype int64 for Tensor with dtype int32"):
        group(lambda x: x % 2, window_size_func=lambda k: tf.cast(k + 2, tf.int32))
    with pytest.raises(ValueError, match="requested dtype int64 for Tensor with dtype int32"):
        group(lambda x: x % 2, window_size=tf.constant(3, tf.int32))
    # Python ints and int64 keys and sizes are fine.
    assert _lists(group(lambda x: 0, window_size=4)) == [[0, 1, 2], [3], [4, 5, 6], [7],
                                                         [8, 9]]
    assert _lists(group(lambda x: x % 2, window_size_func=lambda k: k + 2)) == \
        [[0, 2], [1, 3, 5], [4, 6], [8], [7, 9]]


def test_rebatch_random_and_options():
    assert _lists(Dataset.range(8).batch(4).rebatch(2)) == [[0, 1], [2, 3], [4, 5], [6, 7]]
    assert len(list(Dataset.random(seed=4).take(3))) == 3
    options = tf.data.Options()
    options.experimental_deterministic = False
    options.experimental_distribute.auto_shard_policy = \
        tf.data.experimental.AutoShardPolicy.DATA
    ds = Dataset.range(3).with_options(options).map(lambda x: x + 1)
    assert list(ds.as_numpy_iterator()) == [1, 2, 3]
    assert ds.options().experimental_deterministic is False
    assert ds.options().experimental_distribute.auto_shard_policy == \
        tf.data.experimental.AutoShardPolicy.DATA
    with pytest.raises(AttributeError):
        options.no_such_option = 1

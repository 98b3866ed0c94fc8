"""``Dataset.rejection_resample`` draws TF 2.21's numbers: it is built from the tf.data steps TF
builds it from (a seeded uniform per element in a filter, the initial distribution estimated
per batch of 32 classes from counts starting at 10, then ``sample_from_datasets``). The
expected classes were read from TF 2.21 running the same pipelines."""

import numpy as np
import pytest

import eagerbook as tf

LABELS = np.array([0, 0, 0, 1, 0, 2, 0, 0, 1, 0] * 8, dtype=np.int64)
RNG_LABELS = np.random.RandomState(0).choice(3, size=150, p=[0.5, 0.3, 0.2]).astype(np.int32)


@pytest.fixture(autouse=True)
def _no_global_seed():
    yield
    tf.random.set_seed(None)


@pytest.mark.parametrize("global_seed, seed, initial, expected", [
    (None, 3, [0.6, 0.2, 0.2], "001021012010100001022011010000102002110010010220011000010122"
                               "01011200001020110120001101020010200011"),
    (5, None, [0.6, 0.2, 0.2], "000102001001200112111020210112100010102002101001021102001000"
                               "01121012001000201"),
    (5, 11, None, "00201021001000202102001000011202100120001021110220201"),
    (None, 4, None, "0200120201010200101220200120000102012012"),
    (7, None, None, "02001110202101200011012120200100021011020022100001102"),
])
def test_classes_kept_as_tf(global_seed, seed, initial, expected):
    tf.random.set_seed(global_seed)
    dataset = tf.data.Dataset.from_tensor_slices(LABELS).rejection_resample(
        lambda x: tf.cast(x, tf.int32), target_dist=[0.4, 0.3, 0.3], initial_dist=initial,
        seed=seed)
    first = "".join(str(int(label)) for label, _ in dataset)
    assert first == expected
    assert "".join(str(int(label)) for label, _ in dataset) == expected  # every pass, as TF


@pytest.mark.parametrize("global_seed, seed, initial, count, index_sum, start", [
    (None, 3, [0.5, 0.3, 0.2], 142, 8064, "112121111011022220111122200012122102110120210101"),
    (2, None, [0.5, 0.3, 0.2], 97, 4672, "111111010222122021121202010221221210110110212221"),
    (None, 9, None, 123, 6555, "111021010220211120002122101010221001002101112102"),
    (3, 1, [0.5, 0.3, 0.2], 102, 5089, "111111011022221220222111202002112222101010221220"),
])
def test_elements_of_tuples_kept_as_tf(global_seed, seed, initial, count, index_sum, start):
    tf.random.set_seed(global_seed)
    dataset = tf.data.Dataset.from_tensor_slices((RNG_LABELS, np.arange(150)))
    resampled = dataset.rejection_resample(lambda label, index: label,
                                           target_dist=[0.3, 0.3, 0.4],
                                           initial_dist=initial, seed=seed)
    pairs = [(int(label), int(element[1])) for label, element in resampled]
    assert len(pairs) == count
    assert sum(index for _, index in pairs) == index_sum
    assert "".join(str(label) for label, _ in pairs).startswith(start)
    assert all(label == RNG_LABELS[index] for label, index in pairs)


def test_the_transformation_gives_the_same_pairs():
    tf.random.set_seed(3)
    dataset = tf.data.Dataset.from_tensor_slices((RNG_LABELS, np.arange(150)))
    resampled = dataset.apply(tf.data.experimental.rejection_resample(
        lambda label, index: label, target_dist=[0.3, 0.3, 0.4], seed=5))
    assert resampled.element_spec == (
        tf.TensorSpec([], tf.int32), (tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int64)))
    assert len(list(resampled)) == 107


def test_weights_given_as_a_dataset_of_nested_values():
    # (the weights rejection_resample passes to sample_from_datasets: ((m, 1 - m),) each)
    weights = tf.data.Dataset.from_tensors((0.25, 0.75)).repeat().map(lambda a, b: [(a, b)])
    picks = tf.data.Dataset.sample_from_datasets(
        [tf.data.Dataset.range(3).repeat(), tf.data.Dataset.range(10, 13).repeat()],
        weights=weights, seed=1)
    flat = tf.data.Dataset.sample_from_datasets(
        [tf.data.Dataset.range(3).repeat(), tf.data.Dataset.range(10, 13).repeat()],
        weights=[0.25, 0.75], seed=1)
    assert [int(v) for v in picks.take(20)] == [int(v) for v in flat.take(20)]

"""make_csv_dataset as TF 2.21 builds it (orders printed by TF, by hand): the matching files
sorted by name, read in an order shuffled first (a shuffle taking its own op seed), then the
records shuffled; so under a global seed the batches come in TF's order (the TF 2.0-era custom
training walkthrough prints its first batch of the iris CSV)."""

import pytest

import eagerbook as tf


@pytest.fixture
def csv_dir(tmp_path):
    for k in range(2):
        rows = "".join(f"{10 * k + i},{i % 3}\n" for i in range(6))
        (tmp_path / f"f{k}.csv").write_text("a,b\n" + rows)
    return tmp_path


def _batches(dataset):
    return [features["a"].numpy().tolist() for features, _ in dataset]


def test_seeded_records_come_in_tfs_order(csv_dir):
    tf.keras.utils.set_random_seed(0)
    ds = tf.data.experimental.make_csv_dataset(str(csv_dir / "f0.csv"), 6, label_name="b",
                                               num_epochs=1)
    (features, labels), = list(ds)
    assert features["a"].numpy().tolist() == [2, 0, 5, 3, 1, 4]
    assert labels.numpy().tolist() == [2, 0, 2, 0, 1, 1]


@pytest.mark.parametrize("seed, first_epoch", [
    (0, [10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5]),
    (1, [0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15]),
])
def test_files_are_read_in_a_seeded_shuffled_order_each_epoch(csv_dir, seed, first_epoch):
    tf.keras.utils.set_random_seed(seed)
    ds = tf.data.experimental.make_csv_dataset(str(csv_dir / "*.csv"), 12, label_name="b",
                                               num_epochs=2, shuffle_buffer_size=1)
    assert _batches(ds) == [first_epoch, [0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15]]


def test_a_list_of_patterns_is_read_sorted_by_name(csv_dir):
    ds = tf.data.experimental.make_csv_dataset([str(csv_dir / "f1.csv"), str(csv_dir / "f0*")],
                                               12, num_epochs=1, shuffle=False)
    assert [f["a"].numpy().tolist() for f in ds] == [[0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15]]


def test_patterns_matching_nothing_are_refused_with_tfs_words(csv_dir):
    pattern = str(csv_dir / "nothing*.csv")
    with pytest.raises(ValueError, match=r"^No files match `file_pattern` .*nothing\*\.csv\.$"):
        tf.data.experimental.make_csv_dataset(pattern, 2)
    with pytest.raises(ValueError, match=r"^No files match `file_pattern` \['.*nothing\*\.csv'\]"):
        tf.data.experimental.make_csv_dataset([pattern], 2)
    with pytest.raises(ValueError, match="^Argument `file_pattern` should not be empty.$"):
        tf.data.experimental.make_csv_dataset([], 2)

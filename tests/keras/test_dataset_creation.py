"""timeseries_dataset_from_array, image/text_dataset_from_directory, utils.normalize, and
the logs on_train_end receives: values worked out by hand, TF's error kinds and messages."""

import numpy as np
import pytest

import eagerbook as tf

ts = tf.keras.utils.timeseries_dataset_from_array


def _batches(ds):
    return [b.numpy().tolist() for b in ds]


def test_windows_stride_and_batches():
    ds = ts(np.arange(20), None, 5, sequence_stride=3, batch_size=2)
    assert repr(ds.element_spec) == "TensorSpec(shape=(None, None), dtype=tf.int64, name=None)"
    # starts 0, 3, 6, 9, 12, 15 (15 + 5 = 20 fits; 18 would not)
    assert _batches(ds) == [[[0, 1, 2, 3, 4], [3, 4, 5, 6, 7]],
                            [[6, 7, 8, 9, 10], [9, 10, 11, 12, 13]],
                            [[12, 13, 14, 15, 16], [15, 16, 17, 18, 19]]]
    assert int(ds.cardinality()) == 3


def test_sampling_rate_and_index_range():
    ds = ts(np.arange(20), None, 4, sampling_rate=2, batch_size=3, start_index=2, end_index=15)
    # data[2:15] holds 2..14; a window spans 4 samples 2 apart, so starts 2..8
    assert _batches(ds) == [[[2, 4, 6, 8], [3, 5, 7, 9], [4, 6, 8, 10]],
                            [[5, 7, 9, 11], [6, 8, 10, 12], [7, 9, 11, 13]],
                            [[8, 10, 12, 14]]]


def test_targets_follow_window_starts_and_limit_the_count():
    x, y = next(iter(ts(np.arange(8), np.arange(2, 10), 3, batch_size=10)))
    assert x.numpy().tolist() == [[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6],
                                  [5, 6, 7]]
    assert y.numpy().tolist() == [2, 3, 4, 5, 6, 7]
    short = ts(np.arange(20), np.arange(4), 3, batch_size=10)
    assert [len(b[0]) for b in short] == [4]
    spec = ts(np.zeros((10, 2), "float32"), np.arange(10), 3).element_spec
    assert repr(spec) == ("(TensorSpec(shape=(None, None, 2), dtype=tf.float32, name=None), "
                          "TensorSpec(shape=(None,), dtype=tf.int64, name=None))")


def test_shuffled_windows_are_a_permutation():
    ds = ts(np.arange(10), None, 3, shuffle=True, seed=1, batch_size=8)
    rows = _batches(ds)[0]
    assert sorted(rows) == [[i, i + 1, i + 2] for i in range(8)]


def test_window_longer_than_data_gives_nothing():
    assert _batches(ts(np.arange(5), None, 30)) == []


@pytest.mark.parametrize("kwargs, message", [
    ({"sequence_stride": 0}, "`sequence_stride` must be higher than 0"),
    ({"sampling_rate": 0}, "`sampling_rate` must be higher than 0"),
    ({"start_index": -1}, "`start_index` must be 0 or greater"),
    ({"start_index": 30}, "`start_index` must be lower than the length of the data"),
    ({"end_index": 30}, "`end_index` must be lower than the length of the data")])
def test_bad_window_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ts(np.arange(20), None, 3, **kwargs)


def test_normalize():
    np.testing.assert_allclose(tf.keras.utils.normalize(np.array([[3., 4.], [0., 0.]])),
                               [[0.6, 0.8], [0., 0.]])
    np.testing.assert_allclose(
        tf.keras.utils.normalize(np.array([[3., 4.], [1., 1.]]), axis=0, order=1),
        [[0.75, 0.8], [0.25, 0.2]])


@pytest.fixture
def image_folder(tmp_path):
    for index, name in enumerate(["dogs", "cats"]):
        (tmp_path / name).mkdir()
        for i in range(3):
            image = np.full((8, 8, 3), 10 * (3 * index + i), np.uint8)
            tf.io.write_file(str(tmp_path / name / f"{i}.png"), tf.io.encode_png(image))
    (tmp_path / "cats" / "notes.md").write_text("not an image")
    return tmp_path


def test_image_dataset_labels_from_folders(image_folder, capsys):
    ds = tf.keras.utils.image_dataset_from_directory(str(image_folder), image_size=(4, 4),
                                                     batch_size=4, shuffle=False)
    assert capsys.readouterr().out == "Found 6 files belonging to 2 classes.\n"
    assert ds.class_names == ["cats", "dogs"]
    assert repr(ds.element_spec) == (
        "(TensorSpec(shape=(None, 4, 4, 3), dtype=tf.float32, name=None), "
        "TensorSpec(shape=(None,), dtype=tf.int32, name=None))")
    batches = list(ds)
    assert [b[1].numpy().tolist() for b in batches] == [[0, 0, 0, 1], [1, 1]]
    # cats were written second (values 30, 40, 50); a flat image stays flat when resized
    assert batches[0][0].numpy()[:, 0, 0, 0].tolist() == [30.0, 40.0, 50.0, 0.0]


def test_image_dataset_label_modes_and_split(image_folder, capsys):
    cat = tf.keras.utils.image_dataset_from_directory(
        str(image_folder), image_size=(2, 2), label_mode="categorical", batch_size=None,
        shuffle=False)
    assert [y.numpy().tolist() for _, y in cat][:1] == [[1.0, 0.0]]
    binary = tf.keras.utils.image_dataset_from_directory(
        str(image_folder), image_size=(2, 2), label_mode="binary", shuffle=False)
    assert binary.element_spec[1].shape.as_list() == [None, 1]
    train, val = tf.keras.utils.image_dataset_from_directory(
        str(image_folder), image_size=(2, 2), validation_split=0.34, subset="both", seed=3)
    out = capsys.readouterr().out
    assert "Using 4 files for training.\nUsing 2 files for validation.\n" in out
    assert sum(len(b[1]) for b in train) == 4 and sum(len(b[1]) for b in val) == 2
    with pytest.raises(ValueError, match="you must provide a `seed`"):
        tf.keras.utils.image_dataset_from_directory(str(image_folder), validation_split=0.2,
                                                    subset="training")
    with pytest.raises(ValueError, match="`label_mode` argument must be one of"):
        tf.keras.utils.image_dataset_from_directory(str(image_folder), label_mode="bad")
    with pytest.raises(ValueError, match="`color_mode` must be one of"):
        tf.keras.utils.image_dataset_from_directory(str(image_folder), color_mode="cmyk")


def test_text_dataset_from_directory(tmp_path, capsys):
    for label, text in (("pos", "good movie"), ("neg", "bad movie")):
        (tmp_path / label).mkdir()
        (tmp_path / label / "a.txt").write_text(text)
    ds = tf.keras.utils.text_dataset_from_directory(str(tmp_path), batch_size=2,
                                                    shuffle=False, max_length=4)
    assert capsys.readouterr().out == "Found 2 files belonging to 2 classes.\n"
    assert ds.class_names == ["neg", "pos"]
    texts, labels = next(iter(ds))
    assert texts.numpy().tolist() == [b"bad ", b"good"]
    assert labels.numpy().tolist() == [0, 1]
    assert tf.keras.preprocessing.text_dataset_from_directory is \
        tf.keras.utils.text_dataset_from_directory


def test_on_train_end_sees_the_last_epochs_validation_logs():
    seen = {}

    class Record(tf.keras.callbacks.Callback):
        def on_train_end(self, logs=None):
            seen.update(logs)

    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile("sgd", "mse", metrics=["mae"])
    model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=2, verbose=0, validation_split=0.5,
              callbacks=[Record()])
    assert sorted(seen) == ["loss", "mae", "val_loss", "val_mae"]

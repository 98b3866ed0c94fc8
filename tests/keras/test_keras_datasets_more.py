"""tf.keras.datasets beyond MNIST: fashion_mnist, cifar10, cifar100, imdb, reuters,
boston_housing. Their files are made here in each format (no network); the expected arrays
are TF 2.21's loaders' output on the same files (checked side by side by hand)."""

import gzip
import os
import pickle

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras.datasets import boston_housing, cifar10, cifar100, fashion_mnist, imdb, reuters


def _objects(lists):
    out = np.empty(len(lists), dtype=object)
    for i, values in enumerate(lists):
        out[i] = values
    return out


@pytest.fixture
def files(tmp_path, monkeypatch):
    """The datasets' files in `tmp_path`, each loader fetching from there."""
    np.savez(tmp_path / "imdb.npz", x_train=_objects([[1, 2, 3], [4, 5], [6]]),
             y_train=np.array([0, 1, 0]), x_test=_objects([[7, 8], [9]]),
             y_test=np.array([1, 0]))
    np.savez(tmp_path / "reuters.npz", x=_objects([[1, 2], [3, 4, 5], [6], [7, 8, 9, 10], [11]]),
             y=np.array([3, 1, 4, 1, 5]))
    np.savez(tmp_path / "boston_housing.npz", x=np.arange(20.0).reshape(5, 4), y=np.arange(5.0))

    def fetch(fname, *args, **kwargs):
        return str(tmp_path / os.path.basename(fname))

    for module in (imdb, reuters, boston_housing, cifar10, cifar100):
        monkeypatch.setattr(module, "fetch", fetch)
    return tmp_path


def _lists(parts):
    return [[[list(map(int, s)) for s in x], y.tolist()] for x, y in parts]


def test_imdb_shuffles_offsets_and_limits_words_as_tf(files):
    assert _lists(imdb.load_data()) == [[[[1, 9], [1, 4, 5, 6], [1, 7, 8]], [0, 0, 1]],
                                        [[[1, 2], [1, 10, 11]], [0, 1]]]
    assert _lists(imdb.load_data(num_words=8, skip_top=5)) == [
        [[[2, 2], [2, 2, 5, 6], [2, 7, 2]], [0, 0, 1]], [[[2, 2], [2, 2, 2]], [0, 1]]]
    assert _lists(imdb.load_data(maxlen=5, oov_char=None, num_words=9)) == [
        [[[1], [1, 4, 5, 6], [1, 7, 8]], [0, 0, 1]], [[[1], [1]], [0, 1]]]
    (x_train, y_train), _ = imdb.load_data()
    assert x_train.dtype == object and x_train.shape == (3,) and y_train.dtype == np.int64
    with pytest.raises(ValueError, match="no sequence was kept. Increase maxlen."):
        imdb.load_data(maxlen=2)
    with pytest.raises(TypeError, match=r"^Unrecognized keyword arguments: \{'foo': 1\}\.$"):
        imdb.load_data(foo=1)


def test_reuters_and_boston_housing_split_after_shuffling(files):
    assert _lists(reuters.load_data(test_split=0.4)) == [
        [[[1, 6, 7, 8], [1, 4, 5], [1, 10, 11, 12, 13]], [1, 3, 1]],
        [[[1, 9], [1, 2]], [4, 5]]]
    assert _lists(reuters.load_data(num_words=10, maxlen=4, seed=1)) == [
        [[[1, 9], [1, 2]], [4, 5]], [[[1, 4, 5]], [3]]]
    (x_train, y_train), (x_test, y_test) = boston_housing.load_data(test_split=0.4)
    assert x_train[:, 0].tolist() == [4.0, 0.0, 12.0] and y_train.tolist() == [1.0, 0.0, 3.0]
    assert x_test[:, 0].tolist() == [8.0, 16.0] and y_test.tolist() == [2.0, 4.0]


def test_fashion_mnist_reads_idx_files_from_the_cache(tmp_path):
    folder = tmp_path / "datasets" / "fashion-mnist"
    folder.mkdir(parents=True)
    contents = {"train-labels-idx1-ubyte.gz": (np.array([3, 1], np.uint8), 8),
                "train-images-idx3-ubyte.gz": (np.arange(2 * 784) % 256, 16),
                "t10k-labels-idx1-ubyte.gz": (np.array([7], np.uint8), 8),
                "t10k-images-idx3-ubyte.gz": (np.full(784, 9), 16)}
    for name, (values, header) in contents.items():
        with gzip.open(folder / name, "wb") as f:
            f.write(b"\0" * header + values.astype(np.uint8).tobytes())
    (x_train, y_train), (x_test, y_test) = fashion_mnist.load_data(cache_dir=str(tmp_path))
    assert x_train.shape == (2, 28, 28) and x_train.dtype == np.uint8
    assert x_train[1, 0, 0] == 784 % 256 and y_train.tolist() == [3, 1]
    assert x_test.shape == (1, 28, 28) and int(x_test.sum()) == 9 * 784 and y_test.tolist() == [7]


def _cifar_batch(path, rows, **labels):
    data = (np.arange(rows * 3072) % 251).astype(np.uint8).reshape(rows, 3072)
    with open(path, "wb") as f:
        pickle.dump({b"data": data, **{k.encode(): v for k, v in labels.items()}}, f)


def test_cifar_batches_as_channels_last_images_and_label_columns(files):
    for name in [f"data_batch_{i}" for i in range(1, 6)] + ["test_batch"]:
        (files / "cifar-10-batches-py").mkdir(exist_ok=True)
        _cifar_batch(files / "cifar-10-batches-py" / name, 2, labels=[1, 2])
    (x_train, y_train), (x_test, y_test) = cifar10.load_data()
    assert x_train.shape == (10, 32, 32, 3) and x_train.dtype == np.uint8
    assert y_train.shape == (10, 1) and y_train.dtype == np.uint8 and y_test.dtype == np.uint8
    assert x_train[0, 0, 1, 0] == 1 and x_train[0, 0, 0, 1] == 1024 % 251  # planes -> channels
    (files / "cifar-100-python").mkdir()
    for name in ("train", "test"):
        _cifar_batch(files / "cifar-100-python" / name, 3, fine_labels=[5, 50, 99],
                     coarse_labels=[1, 2, 3])
    (_, fine), _ = cifar100.load_data()
    (_, coarse), _ = cifar100.load_data("coarse")
    assert fine.tolist() == [[5], [50], [99]] and fine.dtype == np.int64
    assert coarse.tolist() == [[1], [2], [3]]
    with pytest.raises(ValueError, match='must be one of `"fine"`, `"coarse"`'):
        cifar100.load_data("middle")


def test_the_datasets_are_public():
    for name in ("boston_housing", "cifar10", "cifar100", "fashion_mnist", "imdb", "mnist",
                 "reuters"):
        assert callable(getattr(tf.keras.datasets, name).load_data)
    assert callable(tf.keras.datasets.imdb.get_word_index)

"""``tf.keras.datasets.fashion_mnist``: Zalando's Fashion-MNIST, 28x28 grayscale images of 10
kinds of clothing (60,000 train, 10,000 test), uint8 images and labels 0..9."""

import gzip

import numpy as np

from ._sources import KERAS_BUCKET, fetch

FILES = ("train-labels-idx1-ubyte.gz", "train-images-idx3-ubyte.gz",
         "t10k-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz")


def _read_idx(path, header_bytes):
    """The bytes after an IDX file's header (8 bytes for labels, 16 for images)."""
    with gzip.open(path, "rb") as f:
        return np.frombuffer(f.read(), np.uint8, offset=header_bytes)


def load_data(cache_dir=None):
    """``(x_train, y_train), (x_test, y_test)``: images (n, 28, 28) and labels (n,), uint8."""
    paths = [fetch(name, KERAS_BUCKET + name, cache_dir=cache_dir,
                   cache_subdir="datasets/fashion-mnist") for name in FILES]
    y_train = _read_idx(paths[0], 8)
    x_train = _read_idx(paths[1], 16).reshape(len(y_train), 28, 28)
    y_test = _read_idx(paths[2], 8)
    x_test = _read_idx(paths[3], 16).reshape(len(y_test), 28, 28)
    return (x_train, y_train), (x_test, y_test)

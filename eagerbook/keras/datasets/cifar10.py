"""``tf.keras.datasets.cifar10``: 32x32 colour images of 10 classes (50,000 train, 10,000
test), images uint8 (n, 32, 32, 3) and labels uint8 (n, 1)."""

import numpy as np

from . import _cifar
from ._sources import fetch

ORIGIN = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"
FILE_HASH = "6d958be074577803d12ecdefd02955f39262c83c16fe9348329d7fe0b5c001ce"  # sha256


def load_data(cache_dir=None):
    """``(x_train, y_train), (x_test, y_test)``: the five training batches in order, then the
    test batch."""
    directory = fetch("cifar-10-batches-py", ORIGIN, FILE_HASH, cache_dir=cache_dir,
                      untar=True)
    images, labels = [], []
    for i in range(1, 6):
        x, y = _cifar.read_batch(_cifar.batch_path(directory, f"data_batch_{i}"))
        images.append(x)
        labels.extend(y)
    x_train = np.concatenate(images).astype(np.uint8)
    y_train = _cifar.column(np.asarray(labels, dtype=np.uint8))
    x_test, y_test = _cifar.read_batch(_cifar.batch_path(directory, "test_batch"))
    x_test = x_test.astype(x_train.dtype)
    y_test = _cifar.column(y_test).astype(y_train.dtype)
    return (_cifar.channels_last(x_train), y_train), (_cifar.channels_last(x_test), y_test)

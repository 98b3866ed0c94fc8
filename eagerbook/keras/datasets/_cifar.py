"""Reading the CIFAR batches: Python pickles holding 'data' (n, 3072 uint8, channel planes)
and label lists."""

import os
import pickle

import numpy as np


def read_batch(path, label_key="labels"):
    """(images (n, 3, 32, 32) uint8, labels as a list) of one pickled CIFAR batch."""
    with open(path, "rb") as f:
        batch = pickle.load(f, encoding="bytes")
    batch = {key.decode("utf8") if isinstance(key, bytes) else key: value
             for key, value in batch.items()}
    data = batch["data"]
    return data.reshape(data.shape[0], 3, 32, 32), batch[label_key]


def channels_last(images):
    """(n, 3, 32, 32) -> (n, 32, 32, 3), Keras's default image layout."""
    from .. import backend  # (backend sits beside the datasets)

    if backend.image_data_format() == "channels_last":
        return images.transpose(0, 2, 3, 1)
    return images


def column(labels):
    """Labels as an (n, 1) column, as the CIFAR loaders return them."""
    return np.reshape(labels, (len(labels), 1))


def batch_path(directory, name):
    return os.path.join(directory, name)

"""``tf.keras.datasets.mnist``: the MNIST handwritten digits (60,000 train, 10,000 test).

``load_data()`` downloads ``mnist.npz`` from the Keras datasets bucket once, checks its SHA-256
and keeps it in ``~/.keras/datasets/`` (a file Keras downloaded earlier is reused). Without a
network (or with ``EAGERBOOK_OFFLINE=1``) and without a cached copy, it warns and returns the
real handwritten digits shipped with eagerbook instead, in MNIST's format (see ``digits``).
"""

import warnings

import numpy as np

from . import _download, digits

ORIGIN = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz"
FILE_HASH = "731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1"  # sha256
KEYS = ("x_train", "y_train", "x_test", "y_test")


def _read_npz(path):
    try:
        with np.load(path, allow_pickle=False) as f:
            arrays = {k: f[k] for k in KEYS}
    except KeyError as exc:
        raise ValueError(f"{path} is not an MNIST file: it has no array {exc}.") from None
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path} is not a readable MNIST .npz file: {exc}") from exc
    for part in ("train", "test"):
        x, y = arrays["x_" + part], arrays["y_" + part]
        if x.ndim != 3 or y.ndim != 1 or len(x) != len(y):
            raise ValueError(f"{path} is not an MNIST file: x_{part} has shape {x.shape} and "
                             f"y_{part} has shape {y.shape}.")
    return ((arrays["x_train"], arrays["y_train"]), (arrays["x_test"], arrays["y_test"]))


def load_data(path="mnist.npz"):
    """``(x_train, y_train), (x_test, y_test)``: uint8 arrays, images (n, 28, 28) 0..255,
    labels 0..9.

    `path` is where to cache the file, relative to ``~/.keras/datasets``.
    """
    try:
        local = _download.get_file(path, origin=ORIGIN, file_hash=FILE_HASH)
    except _download.OfflineError as exc:
        (x_train, y_train), (x_test, y_test) = digits.load_data_28x28()
        warnings.warn(
            f"MNIST is not available: {exc} Using the {len(y_train) + len(y_test)} real "
            "handwritten UCI digits shipped with eagerbook instead, upscaled to MNIST's 28x28 "
            f"uint8 format: {len(y_train)} training and {len(y_test)} test images (CC BY 4.0, "
            "E. Alpaydin and C. Kaynak).", UserWarning, stacklevel=2)
        return (x_train, y_train), (x_test, y_test)
    return _read_npz(local)

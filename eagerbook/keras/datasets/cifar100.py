"""``tf.keras.datasets.cifar100``: 32x32 colour images of 100 classes, grouped in 20
superclasses (50,000 train, 10,000 test); labels (n, 1), fine or coarse."""

from . import _cifar
from ._sources import fetch

ORIGIN = "https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz"
FILE_HASH = "85cd44d02ba6437773c5bbd22e183051d648de2e7d6b014e1ef29b855ba677a7"  # sha256


def load_data(label_mode="fine", cache_dir=None):
    """``(x_train, y_train), (x_test, y_test)``; `label_mode` "fine" (100 classes) or
    "coarse" (20 superclasses)."""
    if label_mode not in ("fine", "coarse"):
        raise ValueError('`label_mode` must be one of `"fine"`, `"coarse"`. '
                         f"Received: label_mode={label_mode}.")
    directory = fetch("cifar-100-python", ORIGIN, FILE_HASH, cache_dir=cache_dir, untar=True)
    key = label_mode + "_labels"
    x_train, y_train = _cifar.read_batch(_cifar.batch_path(directory, "train"), key)
    x_test, y_test = _cifar.read_batch(_cifar.batch_path(directory, "test"), key)
    return ((_cifar.channels_last(x_train), _cifar.column(y_train)),
            (_cifar.channels_last(x_test), _cifar.column(y_test)))

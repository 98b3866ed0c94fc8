"""``tf.keras.datasets``: Keras's datasets, downloaded once into ``~/.keras/datasets`` from
the same origins as TF's (``mnist`` falls back to real handwritten digits shipped with
eagerbook when offline), and ``digits`` (those 8x8 digits)."""

from . import boston_housing, cifar10, cifar100, digits, fashion_mnist, imdb, mnist, reuters

__all__ = ["boston_housing", "cifar10", "cifar100", "digits", "fashion_mnist", "imdb", "mnist",
           "reuters"]

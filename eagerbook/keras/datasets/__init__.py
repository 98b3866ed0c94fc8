"""``tf.keras.datasets``: ``mnist`` (downloaded, with an offline fallback) and ``digits``
(real handwritten 8×8 digits shipped with eagerbook)."""

from . import digits, mnist

__all__ = ["digits", "mnist"]

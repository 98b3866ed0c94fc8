"""``tf.keras.preprocessing``: NumPy-side helpers for sequences and text (TF 2's Keras)."""

from . import sequence, text

__all__ = ["sequence", "text"]

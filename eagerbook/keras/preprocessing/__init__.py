"""``tf.keras.preprocessing``: NumPy-side helpers for sequences and text (TF 2's Keras), and
the datasets made from arrays and folders under their TF 2 names here."""

from ..dataset_creation import (
    image_dataset_from_directory,
    text_dataset_from_directory,
    timeseries_dataset_from_array,
)
from . import image, sequence, text

__all__ = ["image", "image_dataset_from_directory", "sequence", "text",
           "text_dataset_from_directory",
           "timeseries_dataset_from_array"]

"""``tf.keras.preprocessing``: NumPy-side helpers for sequences and text (TF 2's Keras), and
the datasets made from arrays and folders under their TF 2 names here."""

from .. import image_utils as image  # load_img, img_to_array, array_to_img, save_img
from ..dataset_creation import (
    image_dataset_from_directory,
    text_dataset_from_directory,
    timeseries_dataset_from_array,
)
from . import sequence, text

__all__ = ["image", "image_dataset_from_directory", "sequence", "text",
           "text_dataset_from_directory",
           "timeseries_dataset_from_array"]

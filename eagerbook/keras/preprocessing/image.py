"""``tf.keras.preprocessing.image``: the image-file helpers of ``tf.keras.utils`` (``load_img``,
``img_to_array``, ``array_to_img``, ``save_img``), ``smart_resize``, which resizes without
stretching the picture, and ``ImageDataGenerator`` with its NumPy image transforms."""

import numpy as np

from ...core.tensor import convert_to_tensor
from ...ops import image_ops
from ..image_utils import array_to_img, img_to_array, load_img, save_img
from .affine import (
    apply_affine_transform,
    apply_brightness_shift,
    apply_channel_shift,
    random_brightness,
    random_channel_shift,
    random_rotation,
    random_shear,
    random_shift,
    random_zoom,
)
from .image_generator import (
    DirectoryIterator,
    ImageDataGenerator,
    Iterator,
    NumpyArrayIterator,
)

__all__ = ["DirectoryIterator", "ImageDataGenerator", "Iterator", "NumpyArrayIterator",
           "apply_affine_transform", "apply_brightness_shift", "apply_channel_shift",
           "array_to_img", "img_to_array", "load_img", "random_brightness",
           "random_channel_shift", "random_rotation", "random_shear", "random_shift",
           "random_zoom", "save_img", "smart_resize"]


def smart_resize(x, size, interpolation="bilinear"):
    """Resizes an image `(height, width, channels)` or a batch of them to `size`
    ``(height, width)``: first the largest centred crop with the target's aspect ratio is
    taken, so nothing is stretched, then ``tf.image.resize`` scales it. A NumPy array comes
    back as a NumPy array, a tensor as a tensor."""
    if len(size) != 2:
        raise ValueError(f"Expected `size` to be a tuple of 2 integers, but got: {size}.")
    images = convert_to_tensor(x)
    rank = images.shape.rank
    if rank is not None and not 3 <= rank <= 4:
        raise ValueError("Expected an image array with shape `(height, width, channels)`, or "
                         "`(batch_size, height, width, channels)`, but got input with "
                         f"incorrect rank, of shape {images.shape}.")
    height, width = images.shape[-3], images.shape[-2]
    top, left, crop_height, crop_width = _centred_crop(height, width, *size)
    images = images[..., top:top + crop_height, left:left + crop_width, :]
    resized = image_ops.resize(images, size, method=interpolation)
    return resized.numpy() if isinstance(x, np.ndarray) else resized


def _centred_crop(height, width, target_height, target_width):
    """(top, left, crop height, crop width) of the largest centred box with the target's
    aspect ratio; the ratios are float32 and truncated, as TF computes them."""
    f32 = np.float32
    crop_height = min(height, int(f32(width * target_height) / f32(target_width)))
    crop_width = min(width, int(f32(height * target_width) / f32(target_height)))
    top = int(f32(height - crop_height) / f32(2))
    left = int(f32(width - crop_width) / f32(2))
    return top, left, crop_height, crop_width

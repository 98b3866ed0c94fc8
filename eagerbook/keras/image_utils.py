"""Image files as Keras 2 reads and writes them: ``tf.keras.utils.load_img``, ``img_to_array``,
``array_to_img`` and ``save_img`` (also under ``tf.keras.preprocessing.image``).

As in TF, the images are PIL images: these functions need Pillow (TF's ImportError without it),
and the pixel work (mode conversion, resizing) is Pillow's, so the values are the same.
"""

import io
import pathlib
import warnings

import numpy as np

from . import backend

_COLOR_MODES = {"grayscale": "L", "rgb": "RGB", "rgba": "RGBA"}
_GRAY_MODES = ("L", "I;16", "I")  # 8-, 16- and 32-bit gray images are kept as they are
_INTERPOLATIONS = ("nearest", "bilinear", "bicubic", "hamming", "box", "lanczos")


def _pil(function_name):
    try:
        from PIL import Image
    except ImportError:
        raise ImportError(f"Could not import PIL.Image. The use of `{function_name}` requires "
                          "PIL.") from None
    return Image


def load_img(path, grayscale=False, color_mode="rgb", target_size=None,
             interpolation="nearest", keep_aspect_ratio=False):
    """The image file at `path` as a PIL image in `color_mode`, resized to `target_size`
    ``(height, width)`` if given (first cropped to that aspect ratio around the centre when
    `keep_aspect_ratio`)."""
    image_module = _pil("load_img")
    if grayscale:
        warnings.warn('grayscale is deprecated. Please use color_mode = "grayscale"',
                      stacklevel=2)
        color_mode = "grayscale"
    image = image_module.open(_image_bytes(path))
    if color_mode not in _COLOR_MODES:
        raise ValueError('color_mode must be "grayscale", "rgb", or "rgba"')
    wanted = _COLOR_MODES[color_mode]
    if image.mode != wanted and not (color_mode == "grayscale" and image.mode in _GRAY_MODES):
        image = image.convert(wanted)
    if target_size is not None:
        image = _resized(image, image_module, (target_size[1], target_size[0]), interpolation,
                         keep_aspect_ratio)
    return image


def _image_bytes(path):
    if isinstance(path, io.BytesIO):
        return path
    if not isinstance(path, (pathlib.Path, bytes, str)):
        raise TypeError(f"path should be path-like or io.BytesIO, not {type(path)}")
    if isinstance(path, pathlib.Path):
        path = str(path.resolve())
    with open(path, "rb") as f:  # read whole: the file is closed before PIL decodes it
        return io.BytesIO(f.read())


def _resized(image, image_module, width_height, interpolation, keep_aspect_ratio):
    if image.size == width_height:
        return image
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(f"Invalid interpolation method {interpolation} specified. Supported "
                         f"methods are {', '.join(_INTERPOLATIONS)}")
    resample = getattr(image_module.Resampling, interpolation.upper())
    if keep_aspect_ratio:
        image = image.crop(_centre_crop_box(image.size, width_height))
    return image.resize(width_height, resample)


def _centre_crop_box(size, target):
    """The largest centred (left, top, right, bottom) box with the target's aspect ratio."""
    width, height = size
    target_width, target_height = target
    crop_height = min(height, (width * target_height) // target_width)
    crop_width = min(width, (height * target_width) // target_height)
    left, top = (width - crop_width) // 2, (height - crop_height) // 2
    return [left, top, left + crop_width, top + crop_height]


def img_to_array(img, data_format=None, dtype=None):
    """A PIL image (or anything NumPy reads as an image) as a 3-D array (height, width,
    channels) in floatx, channels first if `data_format` says so."""
    data_format = data_format or backend.image_data_format()
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(f"Unknown data_format: {data_format}")
    x = np.asarray(img, dtype=dtype or backend.floatx())
    if x.ndim == 2:  # a gray image gets its one channel
        x = x[np.newaxis] if data_format == "channels_first" else x[..., np.newaxis]
    elif x.ndim == 3:
        if data_format == "channels_first":
            x = x.transpose(2, 0, 1)
    else:
        raise ValueError(f"Unsupported image shape: {x.shape}")
    return x


def array_to_img(x, data_format=None, scale=True, dtype=None):
    """A 3-D array as a PIL image (RGBA, RGB or gray by its channels); `scale` first maps its
    values onto 0-255 (its minimum to 0, its maximum to 255)."""
    image_module = _pil("array_to_img")
    data_format = data_format or backend.image_data_format()
    x = np.asarray(x, dtype=dtype or backend.floatx())
    if x.ndim != 3:
        raise ValueError("Expected image array to have rank 3 (single image). Got array with "
                         f"shape: {x.shape}")
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(f"Invalid data_format: {data_format}")
    if data_format == "channels_first":
        x = x.transpose(1, 2, 0)
    if scale:
        x = x - np.min(x)
        if np.max(x) != 0:
            x /= np.max(x)
        x *= 255
    channels = x.shape[2]
    if channels in (3, 4):
        return image_module.fromarray(x.astype("uint8"), "RGB" if channels == 3 else "RGBA")
    if channels == 1:
        if np.max(x) > 255:  # (only when not scaled) a 32-bit gray image
            return image_module.fromarray(x[:, :, 0].astype("int32"), "I")
        return image_module.fromarray(x[:, :, 0].astype("uint8"), "L")
    raise ValueError(f"Unsupported channel number: {channels}")


def save_img(path, x, data_format=None, file_format=None, scale=True, **kwargs):
    """Writes the array `x` as an image file (format from `file_format` or the file name)."""
    image = array_to_img(x, data_format=data_format, scale=scale)
    if image.mode == "RGBA" and file_format in ("jpg", "jpeg"):
        warnings.warn("The JPG format does not support RGBA images, converting to RGB.",
                      stacklevel=2)
        image = image.convert("RGB")
    image.save(path, format=file_format, **kwargs)

"""``tf.image`` basics: flips, crops and pads, dtype conversion, resizing, colour adjustments.

Images are ``[height, width, channels]`` or a batch ``[batch, height, width, channels]``. None
of these needs a kernel of its own: each is built from ops that already have gradient rules
(reverse, slice, pad, gather, arithmetic), so images stay differentiable and traceable.
"""

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import convert_to_tensor
from . import (
    array_ops,
    kernel_errors,
    linalg_ops,
    logging_ops,
    manip_ops,
    math_ops,
    philox,
    random_ops,
    resize_kernels,
)
from .registry import execute, invalid_argument, register
from .shape_rules import known_value
from .support import attr_error, tf_type_name


def _image(image, name="image", at_least_3d=False):
    """`image` as a tensor of rank 3 (one image) or 4 (a batch). The ops that orient or
    standardize an image first say it must be "at least three-dimensional", as TF's do."""
    image = convert_to_tensor(image, name=name)
    rank = len(image.shape)
    if at_least_3d and rank < 3:
        raise ValueError(f"'image' (shape {image.shape}) must be at least three-dimensional.")
    if rank not in (3, 4):
        raise ValueError(f"'image' (shape {image.shape}) must have either 3 or 4 dimensions.")
    return image


def _flipped_image(image):
    """TF's flips word a rank above 4 without a space after the shape (sic)."""
    image = convert_to_tensor(image, name="image")
    if len(image.shape) > 4:
        raise ValueError(f"'image' (shape {image.shape})must have either 3 or 4 dimensions.")
    return _image(image, at_least_3d=True)


def _height_width_axes(image):
    rank = len(image.shape)
    return rank - 3, rank - 2


# --- orientation: flips, rotations, transpose ---------------------------------------------
def flip_left_right(image):
    """Mirrors the width axis."""
    image = _flipped_image(image)
    return array_ops.reverse(image, [_height_width_axes(image)[1]])


def flip_up_down(image):
    """Mirrors the height axis."""
    image = _flipped_image(image)
    return array_ops.reverse(image, [_height_width_axes(image)[0]])


def transpose(image, name=None):
    """Swaps height and width."""
    image = _image(image, at_least_3d=True)
    perm = list(range(len(image.shape)))
    h, w = _height_width_axes(image)
    perm[h], perm[w] = w, h
    return math_ops.transpose(image, perm)


def rot90(image, k=1, name=None):
    """Rotates by ``k`` quarter turns counter-clockwise (a flip and a transpose per turn)."""
    image = _image(image, at_least_3d=True)
    k = int(k) % 4
    if k == 0:
        return image
    if k == 2:
        return flip_up_down(flip_left_right(image))
    if k == 1:
        return flip_up_down(transpose(image))
    return flip_left_right(transpose(image))


# --- dtype: integers span [0, MAX], floats [0, 1] -----------------------------------------
def convert_image_dtype(image, dtype, saturate=False, name=None):
    """Converts pixel values between dtypes, rescaling between the integer range [0, MAX]
    and the float range [0, 1]. Between two integer types the values are scaled by a power
    of two (integer arithmetic), so converting up and back again changes nothing."""
    image = convert_to_tensor(image, name="image")
    dtype = dtypes.as_dtype(dtype)
    if not (dtype.is_floating or dtype.is_integer):
        raise AttributeError("dtype must be either floating point or integer")
    if not (image.dtype.is_floating or image.dtype.is_integer):
        raise AttributeError("image dtype must be either floating point or integer")
    if dtype == image.dtype:
        return math_ops.identity(image)
    cast = manip_ops.saturate_cast if saturate else math_ops.cast
    if image.dtype.is_integer and dtype.is_integer:
        in_max, out_max = image.dtype.max, dtype.max
        if in_max > out_max:  # narrowing: divide first so the values fit, then cast
            return cast(math_ops.floordiv(image, (in_max + 1) // (out_max + 1)), dtype)
        return math_ops.multiply(cast(image, dtype), (out_max + 1) // (in_max + 1))
    if image.dtype.is_floating and dtype.is_floating:
        return math_ops.cast(image, dtype)
    if image.dtype.is_integer:  # to float: 0..MAX onto 0..1
        return math_ops.multiply(math_ops.cast(image, dtype), 1.0 / image.dtype.max)
    # float to integer: 1.0 lands just below MAX + 1, so the cast's truncation reaches MAX.
    return cast(math_ops.multiply(image, dtype.max + 0.5), dtype)


# --- crops and pads -----------------------------------------------------------------------
def _spatial_size(image):
    h, w = _height_width_axes(image)
    return image.shape[h], image.shape[w]


def crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """The window ``[offset_height : offset_height + target_height, offset_width : ...]``."""
    image = _image(image)
    height, width = _spatial_size(image)
    # TF's checks, in its order (width before height)
    for ok, message in ((offset_width >= 0, "offset_width must be >= 0."),
                        (offset_height >= 0, "offset_height must be >= 0."),
                        (target_width > 0, "target_width must be > 0."),
                        (target_height > 0, "target_height must be > 0."),
                        (width >= target_width + offset_width, "width must be >= target + offset."),
                        (height >= target_height + offset_height,
                         "height must be >= target + offset.")):
        if not ok:
            raise ValueError(message)
    begin = [0] * len(image.shape)
    size = [-1] * len(image.shape)
    h, w = _height_width_axes(image)
    begin[h], begin[w] = offset_height, offset_width
    size[h], size[w] = target_height, target_width
    return array_ops.slice(image, begin, size)


def pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """Places the image at (offset_height, offset_width) in a zero canvas of the target size."""
    image = _image(image)
    height, width = _spatial_size(image)
    after_h = target_height - offset_height - height
    after_w = target_width - offset_width - width
    for ok, message in ((offset_height >= 0, "offset_height must be >= 0"),  # (TF's order)
                        (offset_width >= 0, "offset_width must be >= 0"),
                        (after_w >= 0, "width must be <= target - offset"),
                        (after_h >= 0, "height must be <= target - offset")):
        if not ok:
            raise ValueError(message)
    paddings = [[0, 0]] * len(image.shape)
    h, w = _height_width_axes(image)
    paddings[h], paddings[w] = [offset_height, after_h], [offset_width, after_w]
    return array_ops.pad(image, paddings)


def resize_with_crop_or_pad(image, target_height, target_width):
    """Centres the image in the target size, cropping evenly where it is larger and padding
    with zeros where it is smaller (an odd difference leaves the extra pixel at the end)."""
    image = _image(image)
    height, width = _spatial_size(image)
    crop_h, crop_w = max(height - target_height, 0), max(width - target_width, 0)
    image = crop_to_bounding_box(image, crop_h // 2, crop_w // 2,
                                 min(height, target_height), min(width, target_width))
    height, width = _spatial_size(image)
    pad_h, pad_w = target_height - height, target_width - width
    return pad_to_bounding_box(image, pad_h // 2, pad_w // 2, target_height, target_width)


def central_crop(image, central_fraction):
    """Keeps the central ``central_fraction`` of height and width."""
    rank = len(convert_to_tensor(image).shape)
    if rank > 4:
        raise ValueError(f"`image` should either be a Tensor with rank = 3 or rank = 4. Had "
                         f"rank = {rank}.")
    image = _image(image, at_least_3d=True)
    if not 0.0 < central_fraction <= 1.0:
        raise ValueError("central_fraction must be within (0, 1]")
    if central_fraction == 1.0:
        return image
    height, width = _spatial_size(image)
    # The border is what is left outside the fraction, split evenly (rounded down).
    off_h = int((height - height * central_fraction) / 2)
    off_w = int((width - width * central_fraction) / 2)
    return crop_to_bounding_box(image, off_h, off_w, height - 2 * off_h, width - 2 * off_w)


# --- resizing ------------------------------------------------------------------------------
class ResizeMethod:
    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


# Bicubic, area and the kernels of ScaleAndTranslate (lanczos, gaussian, mitchellcubic, and any
# method with antialiasing) run TF's kernels step for step: resize_kernels.py.
_KERNEL_TYPES = {"bilinear": "triangle", "bicubic": "keyscubic", "lanczos3": "lanczos3",
                 "lanczos5": "lanczos5", "gaussian": "gaussian", "mitchellcubic": "mitchellcubic"}


# Where an output pixel samples the input: TF 2 takes pixel centres ("half-pixel centres",
# HALF_PIXEL); TF 1's kernels, still reached through tf.compat.v1, take pixel corners (LEGACY),
# and with align_corners stretch the grid so the corner pixels meet (ALIGNED).
HALF_PIXEL, LEGACY, ALIGNED = (False, True), (False, False), (True, False)


def _scale(out_size, in_size, grid):
    if grid[0] and out_size > 1:
        return np.float32(in_size - 1) / np.float32(out_size - 1)
    return np.float32(in_size) / np.float32(out_size)


def _source_coordinates(out_size, in_size, grid=HALF_PIXEL):
    """Where each output pixel falls in the input, computed in float32 as TF's kernel does."""
    scale = _scale(out_size, in_size, grid)
    positions = np.arange(out_size, dtype=np.float32)
    if grid[1]:
        return (positions + np.float32(0.5)) * scale - np.float32(0.5)
    return positions * scale


def _nearest_rows(out_size, in_size, grid=HALF_PIXEL):
    scale = _scale(out_size, in_size, grid)
    positions = np.arange(out_size, dtype=np.float32)
    where = (positions + np.float32(0.5)) * scale if grid[1] else positions * scale
    rows = np.floor(where)
    if grid[0]:  # (aligned corners round, halves away from zero as C's roundf; the others floor)
        rows = rows + (where - rows >= np.float32(0.5))
    return np.clip(rows, 0, in_size - 1).astype(np.int32)


def _lerp_plan(out_size, in_size, grid=HALF_PIXEL):
    """For each output position: the two input positions it blends and the upper one's
    weight (float32, as TF's kernel)."""
    where = _source_coordinates(out_size, in_size, grid)
    lower = np.clip(np.floor(where), 0, in_size - 1).astype(np.int32)
    upper = np.clip(np.ceil(where), 0, in_size - 1).astype(np.int32)
    return lower, upper, (where - np.floor(where)).astype(np.float32)


# With an input size known only when a tf.function runs, these plans are ops reading it then.
@register("ResizeLerpPlan", differentiable=False, num_outputs=3,
          infer_shape=lambda inputs, attrs: [(dtypes.int32, [attrs["out_size"]])] * 2 +
          [(dtypes.float32, [attrs["out_size"]])])
def _lerp_plan_op(in_size, *, out_size, grid=HALF_PIXEL):
    return _lerp_plan(out_size, int(in_size), grid)


@register("ResizeNearestPlan", differentiable=False,
          infer_shape=lambda inputs, attrs: [(dtypes.int32, [attrs["out_size"]])])
def _nearest_plan_op(in_size, *, out_size, grid=HALF_PIXEL):
    return _nearest_rows(out_size, int(in_size), grid)


def _lerp_axis(images, axis, out_size, grid=HALF_PIXEL):
    """Linear interpolation along one axis: each output is a blend of its two neighbours."""
    in_size = images.shape[axis]
    if in_size is not None:
        lower, upper, frac = _lerp_plan(out_size, in_size, grid)
    else:
        lower, upper, frac = execute(_lerp_plan_op, (array_ops.shape(images)[axis],),
                                     {"out_size": out_size, "grid": grid})
    weight_shape = [1] * len(images.shape)
    weight_shape[axis] = out_size
    frac = array_ops.reshape(frac, weight_shape)
    low = array_ops.gather(images, lower, axis=axis)
    high = array_ops.gather(images, upper, axis=axis)
    return low + (high - low) * frac


def _nearest_axis(images, axis, out_size, grid=HALF_PIXEL):
    in_size = images.shape[axis]
    rows = _nearest_rows(out_size, in_size, grid) if in_size is not None else execute(
        _nearest_plan_op, (array_ops.shape(images)[axis],), {"out_size": out_size, "grid": grid})
    return array_ops.gather(images, rows, axis=axis)


def _batch_and_size(images, size, preserve_aspect_ratio=False):
    """(images as a batch, whether they were one image, new height, new width), with TF's
    checks of both arguments."""
    images = convert_to_tensor(images, name="images")
    if images.shape.rank is None:
        raise ValueError("'images' contains no shape.")
    if images.shape.rank not in (3, 4):
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    rank3 = len(images.shape) == 3
    if rank3:
        images = array_ops.expand_dims(images, 0)
    size_tensor = convert_to_tensor(size)
    if not size_tensor.shape.is_compatible_with([2]):  # (before its value is known, as TF)
        raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
    known_size = known_value(size_tensor)
    if known_size is None:
        raise NotImplementedError("tf.image.resize: a size known only when the tf.function "
                                  "runs is not supported in eagerbook")
    new_height, new_width = (int(s) for s in np.asarray(known_size).reshape(-1))
    height, width = images.shape[1], images.shape[2]
    if preserve_aspect_ratio:
        if height is None or width is None:
            raise NotImplementedError("tf.image.resize: preserve_aspect_ratio with an image "
                                      "size known only when the tf.function runs is not "
                                      "supported in eagerbook")
        # The largest size inside [new_height, new_width] with the image's proportions.
        scale = min(new_height / height, new_width / width)
        new_height, new_width = int(round(height * scale)), int(round(width * scale))
    return images, rank3, new_height, new_width


def _resampled(images, method, new_height, new_width, antialias=False, grid=HALF_PIXEL):
    size = (new_height, new_width)
    if method == ResizeMethod.NEAREST_NEIGHBOR:
        return _nearest_axis(_nearest_axis(images, 1, new_height, grid), 2, new_width, grid)
    if method == ResizeMethod.BILINEAR and not antialias:
        out = math_ops.cast(images, dtypes.float32)
        # Along each row first, then between rows (TF's order, so rounding matches).
        return _lerp_axis(_lerp_axis(out, 2, new_width, grid), 1, new_height, grid)
    if method == ResizeMethod.BICUBIC and not antialias:
        return resize_kernels.resize_bicubic(images, size, *grid)
    if method == ResizeMethod.AREA:
        return resize_kernels.resize_area(images, size, grid[0])
    if method in _KERNEL_TYPES:
        return resize_kernels.scale_and_translate(images, size, _KERNEL_TYPES[method],
                                                  bool(antialias))
    raise ValueError(f"Resize method is not implemented: {method}")


def resize(images, size, method=ResizeMethod.BILINEAR, preserve_aspect_ratio=False,
           antialias=False, name=None):
    """Resizes to ``size = [new_height, new_width]``: "bilinear" blends the nearest input
    pixels (the result is float32), "nearest" copies the nearest one (keeping the dtype)."""
    images, rank3, new_height, new_width = _batch_and_size(images, size, preserve_aspect_ratio)
    out = _resampled(images, str(method).lower(), new_height, new_width, antialias)
    return array_ops.squeeze(out, [0]) if rank3 else out


# --- TF 1's resizing (tf.compat.v1.image): pixel corners, align_corners --------------------
class ResizeMethodV1:
    BILINEAR, NEAREST_NEIGHBOR, BICUBIC, AREA = 0, 1, 2, 3


_V1_METHODS = {0: ResizeMethod.BILINEAR, 1: ResizeMethod.NEAREST_NEIGHBOR,
               2: ResizeMethod.BICUBIC, 3: ResizeMethod.AREA}


def _resize_v1(images, size, method, align_corners, half_pixel_centers, op_name,
               preserve_aspect_ratio=False):
    if align_corners and half_pixel_centers:
        raise errors.op_error(errors.InvalidArgumentError, op_name,
                              "If half_pixel_centers is True, align_corners must be False.")
    images, rank3, new_height, new_width = _batch_and_size(images, size, preserve_aspect_ratio)
    grid = (bool(align_corners), bool(half_pixel_centers))
    out = _resampled(images, method, new_height, new_width, grid=grid)
    return array_ops.squeeze(out, [0]) if rank3 else out


def resize_bilinear_v1(images, size, align_corners=False, name=None, half_pixel_centers=False):
    return _resize_v1(images, size, ResizeMethod.BILINEAR, align_corners, half_pixel_centers,
                      "ResizeBilinear")


def resize_nearest_neighbor_v1(images, size, align_corners=False, name=None,
                               half_pixel_centers=False):
    return _resize_v1(images, size, ResizeMethod.NEAREST_NEIGHBOR, align_corners,
                      half_pixel_centers, "ResizeNearestNeighbor")


def resize_bicubic_v1(images, size, align_corners=False, name=None, half_pixel_centers=False):
    return _resize_v1(images, size, ResizeMethod.BICUBIC, align_corners, half_pixel_centers,
                      "ResizeBicubic")


def resize_area_v1(images, size, align_corners=False, name=None):
    return _resize_v1(images, size, ResizeMethod.AREA, align_corners, False, "ResizeArea")


def resize_images_v1(images, size, method=ResizeMethodV1.BILINEAR, align_corners=False,
                     preserve_aspect_ratio=False, name=None):
    """``tf.compat.v1.image.resize``: TF 1's kernels (pixel corners, ``align_corners``)."""
    if method not in _V1_METHODS:
        raise ValueError(f"Resize method is not implemented: {method}")
    return _resize_v1(images, size, _V1_METHODS[method], align_corners, False, "Resize",
                      preserve_aspect_ratio)


# --- colour --------------------------------------------------------------------------------
_LUMA = np.array([0.2989, 0.5870, 0.1140], np.float32)  # ITU-R 601 weights of R, G, B


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear",
                    extrapolation_value=0.0, name=None):
    """Crops box `boxes[n]` (normalized [y1, x1, y2, x2]) of image `box_indices[n]` and
    resizes it to `crop_size`, sampling at evenly spaced points from corner to corner (a box
    edge at 1.0 is the last pixel); samples outside the image take `extrapolation_value`. The
    coordinates are float32 as in TF's kernel; the result is float32."""
    image = math_ops.cast(convert_to_tensor(image), dtypes.float32)
    if method not in ("bilinear", "nearest"):
        raise ValueError(f"method must be 'bilinear' or 'nearest', got {method!r}")
    batch, height, width, channels = image.shape
    box = np.asarray(convert_to_tensor(boxes, dtype=dtypes.float32).numpy()).reshape(-1, 4)
    which = np.asarray(convert_to_tensor(box_indices, dtype=dtypes.int32).numpy()).reshape(-1)
    crop_h, crop_w = (int(v) for v in np.asarray(convert_to_tensor(crop_size).numpy()))
    if np.any((which < 0) | (which >= batch)):
        raise errors.op_error(errors.InvalidArgumentError, "CropAndResize",
                              f"box_index has values outside [0, {batch})")

    def coordinates(lo, hi, size, count):  # [boxes, count] float32 sample positions
        f32 = np.float32
        if count > 1:
            scale = (hi - lo) * f32(size - 1) / f32(count - 1)
            return lo[:, None] * f32(size - 1) + np.arange(count, dtype=f32)[None, :] * \
                scale[:, None]
        return np.broadcast_to((f32(0.5) * (lo + hi) * f32(size - 1))[:, None],
                               (len(lo), count))
    ys = coordinates(box[:, 0], box[:, 2], height, crop_h)
    xs = coordinates(box[:, 1], box[:, 3], width, crop_w)
    inside = ((ys >= 0) & (ys <= height - 1))[:, :, None] & \
        ((xs >= 0) & (xs <= width - 1))[:, None, :]
    flat = array_ops.reshape(image, [batch * height * width, channels])

    def pixels(y, x):  # [boxes, crop_h, crop_w, channels] at integer rows y, columns x
        y = np.clip(y, 0, height - 1)[:, :, None]
        x = np.clip(x, 0, width - 1)[:, None, :]
        index = (which[:, None, None] * height + y) * width + x
        return array_ops.gather(flat, convert_to_tensor(index.astype(np.int64)))
    if method == "nearest":  # C's roundf: halves away from zero (the positions are >= 0 here)
        out = pixels(np.floor(ys + 0.5).astype(np.int64), np.floor(xs + 0.5).astype(np.int64))
    else:
        top, left = np.floor(ys), np.floor(xs)
        y_lerp = convert_to_tensor((ys - top)[:, :, None, None].astype(np.float32))
        x_lerp = convert_to_tensor((xs - left)[:, None, :, None].astype(np.float32))
        top, bottom = top.astype(np.int64), np.ceil(ys).astype(np.int64)
        left, right = left.astype(np.int64), np.ceil(xs).astype(np.int64)
        upper = pixels(top, left) + (pixels(top, right) - pixels(top, left)) * x_lerp
        lower = pixels(bottom, left) + (pixels(bottom, right) - pixels(bottom, left)) * x_lerp
        out = upper + (lower - upper) * y_lerp
    return math_ops.where_v2(inside[:, :, :, None], out,
                             math_ops.cast(extrapolation_value, dtypes.float32))


def sobel_edges(image):
    """``tf.image.sobel_edges``: the vertical (dy) and horizontal (dx) Sobel responses of each
    channel, stacked on a new last axis ([batch, height, width, channels, 2]); the border is
    mirrored (REFLECT) as in TF, which runs the same depthwise convolution."""
    from .nn_impl_ops import depthwise_conv2d
    image = convert_to_tensor(image)
    channels = image.shape[-1]
    kernels = np.array([[[-1, -2, -1], [0, 0, 0], [1, 2, 1]],
                        [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]], dtype=image.dtype.as_numpy_dtype)
    # [3, 3, channels, 2]: each channel filtered by both kernels (dy first)
    filters = np.tile(np.transpose(kernels, (1, 2, 0))[:, :, None, :], (1, 1, channels, 1))
    padded = array_ops.pad(image, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT")
    out = depthwise_conv2d(padded, convert_to_tensor(filters), [1, 1, 1, 1], "VALID")
    return array_ops.reshape(out, list(image.shape) + [2])


def _as_float(image):
    """The image in [0, 1] floats (floats stay as they are), and how to go back."""
    image = convert_to_tensor(image, name="image")
    original = image.dtype
    if original.is_floating:
        return image, (lambda x: x)
    return (convert_image_dtype(image, dtypes.float32),
            lambda x: convert_image_dtype(x, original, saturate=True))


def _check_three_channels_for_matmul(images):
    """TF weighs the channels with a matrix product ([pixels, channels] x [3, 1]): other than
    3 channels fail there, in MatMul's words."""
    shape = convert_to_tensor(images).shape.as_list()
    if shape and shape[-1] is not None and shape[-1] != 3 and None not in shape:
        pixels = int(np.prod(shape[:-1]))
        raise kernel_errors.kernel_error("MatMul", dtypes.float32, "inner sizes",  # (floats)
                                         a=f"[{pixels},{shape[-1]}]", b="[3,1]")


def rgb_to_grayscale(images, name=None):
    """Weighted sum of R, G, B; keeps a channel axis of size 1."""
    _check_three_channels_for_matmul(images)
    images, back = _as_float(images)
    gray = math_ops.reduce_sum(images * math_ops.cast(_LUMA, images.dtype), axis=-1,
                               keepdims=True)
    return back(gray)


def grayscale_to_rgb(images, name=None):
    """Repeats the single channel three times."""
    images = convert_to_tensor(images, name="images")
    if len(images.shape) < 2:
        raise ValueError(f"A grayscale image (shape {images.shape}) must be at least "
                         f"two-dimensional.")
    if images.shape[-1] != 1:
        raise ValueError("Last dimension of a grayscale image should be size 1.")
    return array_ops.tile(images, [1] * (len(images.shape) - 1) + [3])


def adjust_brightness(image, delta):
    """Adds ``delta`` to every pixel, working in floats for integer images."""
    image, back = _as_float(image)
    return back(image + math_ops.cast(delta, image.dtype))


# TF's CPU kernels of AdjustContrastv2, AdjustSaturation and AdjustHue take float32 only (its
# float16 ones are GPU and XLA kernels): a float16 image fails with this listing.
_FLOAT_ONLY_ON_CPU = (
    "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_HALF]\n"
    "  device='XLA_GPU_JIT'; T in [DT_FLOAT, DT_HALF]\n"
    "  device='CPU'; T in [DT_FLOAT]\n  device='GPU'; T in [DT_HALF]\n"
    "  device='GPU'; T in [DT_FLOAT]\n")


def _check_not_half(image, op_name):
    if image.dtype == dtypes.float16:
        raise errors.op_error(errors.NotFoundError, op_name,
                              f"Could not find device for node: {{{{node {op_name}}}}} = "
                              f"{op_name}[T=DT_HALF]\nAll kernels registered for op "
                              f"{op_name}:\n" + _FLOAT_ONLY_ON_CPU)


# One kernel, as TF's AdjustContrastv2. TF registers no gradient for it, so a tape asked for
# a gradient through it raises LookupError (the autodiff guide shows this): its rule says so.
@register("AdjustContrastv2")
def _adjust_contrast(images, contrast_factor):
    x = images.astype(np.float32)
    pixels = x.reshape(-1, x.shape[-3] * x.shape[-2], x.shape[-1])
    mean = _pixel_sums_by_folding(pixels) * (np.float32(1) / np.float32(pixels.shape[1]))
    mean = mean.reshape(x.shape[:-3] + (1, 1, x.shape[-1]))
    # (TF's loop: out = mean, then out += factor * (x - out), in float32)
    return (mean + np.float32(contrast_factor) * (x - mean)).astype(images.dtype)


def _pixel_sums_by_folding(pixels):
    """Each image's per-channel sum over its pixels (pixels: [images, count, channels]) as TF's
    AdjustContrastv2 adds them: the pixels folded in half again and again, the second half
    added onto the first (a middle pixel of an odd count waits for the next fold)."""
    count = pixels.shape[1]
    sums = pixels.copy()
    while True:
        right = count // 2
        left = count - right
        sums[:, :right] += sums[:, left:left + right]
        count = left
        if count <= 1:
            return sums[:, 0]


@_adjust_contrast.gradient
def _adjust_contrast_grad(op, dy):
    raise LookupError("gradient registry has no entry for: AdjustContrastv2")


def adjust_contrast(images, contrast_factor):
    """Moves each channel away from (or toward) its mean over height and width."""
    images, back = _as_float(images)
    if images.dtype not in (dtypes.float16, dtypes.float32):  # (TF hands these two to its kernel)
        return back(math_ops.cast(adjust_contrast(math_ops.cast(images, dtypes.float32),
                                                  contrast_factor), images.dtype))
    if len(images.shape) < 3:
        raise errors.op_error(errors.InvalidArgumentError, "AdjustContrastv2",
                              f"input must be at least 3-D, got shape"
                              f"[{','.join(str(d) for d in images.shape)}]")
    _check_not_half(images, "AdjustContrastv2")
    factor = convert_to_tensor(contrast_factor, dtype_hint=dtypes.float32)
    return back(execute(_adjust_contrast, (images, math_ops.cast(factor, dtypes.float32))))


def adjust_gamma(image, gamma=1, gain=1):
    """``gain * image ** gamma`` on [0, 1] values (integers are scaled there and back)."""
    image = convert_to_tensor(image, name="image")
    if image.dtype.is_integer:
        scale = float(image.dtype.max)
        as_float = math_ops.cast(image, dtypes.float32) / scale
        return math_ops.cast(gain * as_float ** gamma * scale, image.dtype)
    return gain * image ** math_ops.cast(gamma, image.dtype)


def per_image_standardization(image):
    """Zero mean and unit variance per image; the divisor is at least 1/sqrt(pixels) so a
    uniform image does not divide by zero. The result is float32 (or the float input's)."""
    image = convert_to_tensor(image, name="image")
    if len(image.shape) < 3:
        raise ValueError(f"'image' (shape {image.shape}) must be at least three-dimensional.")
    if not image.dtype.is_floating:
        image = math_ops.cast(image, dtypes.float32)
    rank = len(image.shape)
    axes = [rank - 3, rank - 2, rank - 1]
    count = float(np.prod([image.shape[a] for a in axes]))
    mean = math_ops.reduce_mean(image, axis=axes, keepdims=True)
    stddev = math_ops.reduce_std(image, axis=axes, keepdims=True)
    floor = math_ops.cast(1.0 / np.sqrt(count), image.dtype)
    return (image - mean) / math_ops.maximum(stddev, floor)


# --- colour spaces: HSV, YIQ, YUV ----------------------------------------------------------
def _channels_value_spread_saturation(images):
    """(r, g, b, value, spread, saturation) of float RGB images: value is the largest channel,
    spread the largest minus the smallest, saturation the spread over the value."""
    images = convert_to_tensor(images, name="images")
    if images.shape[-1] != 3:  # (TF's kernel says it with this error kind)
        raise errors.op_error(errors.FailedPreconditionError, "RGBToHSV",
                              f"input must have 3 channels but input only has "
                              f"{images.shape[-1]} channels.")
    r, g, b = array_ops.unstack(images, axis=-1)
    value = math_ops.reduce_max(images, axis=-1)
    spread = value - math_ops.reduce_min(images, axis=-1)
    saturation = array_ops.where(value > 0, spread / array_ops.where(value > 0, value, 1.0),
                                 0.0)
    return r, g, b, value, spread, saturation


def rgb_to_hsv(images, name=None):
    """Hue, saturation, value in [0, 1] from float RGB: value is the largest channel,
    saturation the spread over it, hue the angle on the colour wheel (as a fraction)."""
    r, g, b, value, spread, saturation = _channels_value_spread_saturation(images)
    # (in the order of TF's RGBToHSV kernel, (1/spread) * (1/6) times a difference plus a
    # sixth of the wheel, so values round to TF's last digit)
    norm = 1.0 / array_ops.where(spread > 0, spread, 1.0) * (1.0 / 6.0)
    hue = array_ops.where(math_ops.equal(value, r), norm * (g - b),
                          array_ops.where(math_ops.equal(value, g), norm * (b - r) + 2.0 / 6.0,
                                          norm * (r - g) + 4.0 / 6.0))
    hue = array_ops.where(spread > 0, hue, 0.0)
    hue = array_ops.where(hue < 0, hue + 1.0, hue)
    return array_ops.stack([hue, saturation, value], axis=-1)


def hsv_to_rgb(images, name=None):
    """Float RGB from hue, saturation, value (the inverse of ``rgb_to_hsv``)."""
    images = convert_to_tensor(images, name="images")
    hue, saturation, value = array_ops.unstack(images, axis=-1)
    # Each channel is a piecewise-linear bump of the hue (R around 0, G 1/3, B 2/3), mixed with
    # grey by the saturation and scaled by the value, in the order of TF's HSVToRGB kernel.
    sixths = hue * 6.0
    bumps = [math_ops.abs(sixths - 3.0) - 1.0, 2.0 - math_ops.abs(sixths - 2.0),
             2.0 - math_ops.abs(sixths - 4.0)]
    grey = 1.0 - saturation
    channels = [(grey + saturation * math_ops.clip_by_value(bump, 0.0, 1.0)) * value
                for bump in bumps]
    return array_ops.stack(channels, axis=-1)


# TF's AdjustSaturation is one kernel: each pixel to HSV, its saturation scaled and clipped to
# [0, 1], back to RGB, in float32 steps of its own (not its RGBToHSV/HSVToRGB ops' formulas),
# which this kernel follows so values print TF's last digit. Hue is a fraction of the wheel.
_F32 = np.float32


def _pixel_hsv(r, g, b):
    value = np.maximum(r, np.maximum(g, b))
    spread = value - np.minimum(r, np.minimum(g, b))
    with np.errstate(divide="ignore", invalid="ignore"):
        saturation = np.where(value > 0, spread / value, _F32(0))
        norm = _F32(1) / (_F32(6) * spread)
        # (TF adds the constants 2/6 and 4/6 in double precision, then rounds to float)
        hue = np.where(r == value, norm * (g - b),
                       np.where(g == value,
                                (np.float64(norm * (b - r)) + 2.0 / 6.0).astype(_F32),
                                (np.float64(norm * (r - g)) + 4.0 / 6.0).astype(_F32)))
    hue = np.where(spread <= 0, _F32(0), hue)
    return np.where(hue < 0, hue + _F32(1), hue).astype(_F32), saturation.astype(_F32), value


def _pixel_rgb(hue, saturation, value):
    chroma = saturation * value
    low = value - chroma
    sixths = hue * _F32(6)
    sector = np.trunc(sixths)  # 0..5: which sixth of the wheel
    within = np.mod(sixths, _F32(2))  # (TF brings it into [0, 2) by steps of 2: exact)
    rising = chroma * (_F32(1) - np.abs(within - _F32(1)))
    zero = np.zeros_like(chroma)
    sectors = [sector == k for k in range(6)]
    r = np.select(sectors, [chroma, rising, zero, zero, rising, chroma], zero)
    g = np.select(sectors, [rising, chroma, chroma, rising, zero, zero], zero)
    b = np.select(sectors, [zero, zero, rising, chroma, chroma, rising], zero)
    return np.stack([r + low, g + low, b + low], axis=-1)


@register("AdjustSaturation")
def _adjust_saturation(images, scale):
    pixels = images.astype(_F32)
    hue, saturation, value = _pixel_hsv(pixels[..., 0], pixels[..., 1], pixels[..., 2])
    saturation = np.minimum(_F32(1), np.maximum(_F32(0), saturation * _F32(scale)))
    return _pixel_rgb(hue, saturation, value).astype(images.dtype)


@_adjust_saturation.gradient
def _adjust_saturation_grad(op, dy):
    raise LookupError("gradient registry has no entry for: AdjustSaturation")


def _check_hsv_kernel_input(image, op_name):
    """TF's AdjustSaturation/AdjustHue kernels take [..., height, width, 3] images."""
    shape = convert_to_tensor(image).shape
    if len(shape) < 3:
        raise invalid_argument(op_name, f"input must be at least 3-D, got shape"
                                        f"{_shape_text(shape)}")
    if shape[-1] != 3:
        raise invalid_argument(op_name, f"input must have 3 channels but instead has "
                                        f"{shape[-1]} channels.")


def _shape_text(shape):
    return "[" + ",".join(str(d) for d in shape) + "]"


def adjust_saturation(image, saturation_factor, name=None):
    """Scales the saturation (clipped to [0, 1]) in HSV space."""
    _check_hsv_kernel_input(image, "AdjustSaturation")
    image = convert_to_tensor(image, name="image")
    original = image.dtype
    if original not in (dtypes.float16, dtypes.float32):  # (TF's kernel takes these two)
        image = convert_image_dtype(image, dtypes.float32)
    if image.shape.rank is not None and image.shape[-1] not in (None, 3):
        raise errors.InvalidArgumentError(
            None, None, f"input must have 3 channels but instead has {image.shape[-1]} "
                        f"channels.")
    _check_not_half(image, "AdjustSaturation")
    factor = convert_to_tensor(saturation_factor, dtype=dtypes.float32)
    adjusted = execute(_adjust_saturation, (image, factor))
    return convert_image_dtype(adjusted, original, saturate=True) if original != image.dtype \
        else adjusted


# TF's AdjustHue kernel works pixel by pixel in float32 without going through saturation: the
# order of the three channels gives the sixth of the colour wheel (0..5, with the largest,
# middle and smallest channel), the middle one's place between the other two gives the position
# within it. The hue turns by 6 * delta sixths, and the pixel is rebuilt with the same largest
# and smallest channel values.
_SIXTH_CHANNELS = [  # sixth: which channel is largest, middle, smallest (0 = R, 1 = G, 2 = B)
    (0, 1, 2), (1, 0, 2), (1, 2, 0), (2, 1, 0), (2, 0, 1), (0, 2, 1)]


def _hue_sixths(r, g, b):
    """(hue in sixths of the wheel, [0, 6), smallest channel, largest channel) per pixel."""
    channels = (r, g, b)
    r_below_g = r < g  # (ties may fall on either side: both give the same hue)
    orderings = [r_below_g & (b < r), r_below_g & (b > g), r_below_g,
                 ~r_below_g & (b < g), ~r_below_g & (b > r), ~r_below_g]
    sixth = np.select(orderings, [1, 3, 2, 0, 4, 5])
    largest, middle, smallest = (
        np.select(orderings, [channels[_SIXTH_CHANNELS[k][place]] for k in (1, 3, 2, 0, 4, 5)])
        for place in range(3))
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = (middle - smallest) / (largest - smallest)
    rising = sixth % 2 == 0  # in even sixths the middle channel rises with the hue
    hue = sixth.astype(_F32) + np.where(rising, ratio, _F32(1) - ratio)
    return np.where(largest == smallest, _F32(0), hue), smallest, largest


def _rgb_from_sixths(hue, smallest, largest):
    sixth = hue.astype(np.int32)  # (truncated: hue is in [0, 6))
    within = hue - sixth.astype(_F32)
    within = np.where(sixth % 2 == 0, within, _F32(1) - within)
    middle = smallest + within * (largest - smallest)
    by_place = (largest, middle, smallest)
    sixths = [sixth == k for k in range(5)]  # (the sixth sixth is the default)
    return np.stack([np.select(sixths, [by_place[_SIXTH_CHANNELS[k].index(channel)]
                                        for k in range(5)],
                               by_place[_SIXTH_CHANNELS[5].index(channel)])
                     for channel in range(3)], axis=-1)


@register("AdjustHue")
def _adjust_hue(images, delta):
    hue, smallest, largest = _hue_sixths(images[..., 0], images[..., 1], images[..., 2])
    hue = hue + _F32(delta) * _F32(6)
    for _ in range(2):  # back into [0, 6) by whole turns (delta is within one turn)
        hue = np.where(hue < 0, hue + _F32(6), hue)
        hue = np.where(hue >= 6, hue - _F32(6), hue)
    return _rgb_from_sixths(hue, smallest, largest).astype(_F32)


@_adjust_hue.gradient
def _adjust_hue_grad(op, dy):
    raise LookupError("gradient registry has no entry for: AdjustHue")


def adjust_hue(image, delta, name=None):
    """Turns the hue by ``delta`` (a fraction of the wheel, in [-1, 1])."""
    delta_value = delta if isinstance(delta, (int, float)) else known_value(
        convert_to_tensor(delta))  # (a traced delta is not checked)
    if delta_value is not None and not -1.0 <= float(delta_value) <= 1.0:
        raise ValueError("delta must be in the interval [-1, 1]")
    _check_hsv_kernel_input(image, "AdjustHue")
    image = convert_to_tensor(image, name="image")
    original = image.dtype
    if original not in (dtypes.float16, dtypes.float32):
        image = convert_image_dtype(image, dtypes.float32)
    _check_not_half(image, "AdjustHue")
    delta = convert_to_tensor(delta, dtype=dtypes.float32)
    return convert_image_dtype(execute(_adjust_hue, (image, delta)), original)


# Rows: R, G, B; columns: the output channels (luma first).
_RGB_TO_YIQ = np.array([[0.299, 0.59590059, 0.2115],
                        [0.587, -0.27455667, -0.52273617],
                        [0.114, -0.32134392, 0.31119955]], np.float32)
_RGB_TO_YUV = np.array([[0.299, -0.14714119, 0.61497538],
                        [0.587, -0.28886916, -0.51496512],
                        [0.114, 0.43601035, -0.10001026]], np.float32)


def _mix_channels(images, matrix):
    images = convert_to_tensor(images, name="images")
    return linalg_ops.tensordot(images, math_ops.cast(matrix, images.dtype), axes=[[-1], [0]])


def rgb_to_yiq(images):
    return _mix_channels(images, _RGB_TO_YIQ)


def yiq_to_rgb(images):
    return _mix_channels(images, np.linalg.inv(_RGB_TO_YIQ.astype(np.float64)))


def rgb_to_yuv(images):
    return _mix_channels(images, _RGB_TO_YUV)


def yuv_to_rgb(images):
    return _mix_channels(images, np.linalg.inv(_RGB_TO_YUV.astype(np.float64)))


# --- random augmentation: each draws its parameters, then calls the fixed version above ----
def _flip_randomly(image, flip, draw):
    """Flips each image of a batch where its uniform draw rounds to 1, as TF; one image is
    flipped where its draw is below 0.5 (TF's other branch for rank 3)."""
    image = _image(image, at_least_3d=True)
    if len(image.shape) != 4:
        return flip(image) if float(draw([])) < 0.5 else image
    coins = math_ops.round(array_ops.reshape(draw([image.shape[0]]), [-1, 1, 1, 1]))
    coins = math_ops.cast(coins, image.dtype)
    return coins * flip(image) + (1 - coins) * image


def random_flip_left_right(image, seed=None):
    return _flip_randomly(image, flip_left_right,
                          lambda shape: random_ops.uniform(shape, 0, 1.0, seed=seed))


def random_flip_up_down(image, seed=None):
    return _flip_randomly(image, flip_up_down,
                          lambda shape: random_ops.uniform(shape, 0, 1.0, seed=seed))


def stateless_random_flip_left_right(image, seed):
    return _flip_randomly(image, flip_left_right,
                          lambda shape: random_ops.stateless_uniform(shape, seed, 0, 1.0))


def stateless_random_flip_up_down(image, seed):
    return _flip_randomly(image, flip_up_down,
                          lambda shape: random_ops.stateless_uniform(shape, seed, 0, 1.0))


def random_brightness(image, max_delta, seed=None):
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    return adjust_brightness(image, random_ops.uniform([], -max_delta, max_delta, seed=seed))


def stateless_random_brightness(image, max_delta, seed):
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")
    return adjust_brightness(image, random_ops.stateless_uniform([], seed, -max_delta,
                                                                 max_delta))


def _check_range(lower, upper):
    """TF's checks of a random factor's range (the same words for contrast and saturation)."""
    if upper <= lower:
        raise ValueError("upper must be > lower.")
    if lower < 0:
        raise ValueError("lower must be non-negative.")


def _check_hue_delta(max_delta):
    if max_delta > 0.5:
        raise ValueError("max_delta must be <= 0.5.")
    if max_delta < 0:
        raise ValueError("max_delta must be non-negative.")


def random_contrast(image, lower, upper, seed=None):
    _check_range(lower, upper)
    return adjust_contrast(image, random_ops.uniform([], lower, upper, seed=seed))


def stateless_random_contrast(image, lower, upper, seed):
    _check_range(lower, upper)
    return adjust_contrast(image, random_ops.stateless_uniform([], seed, lower, upper))


def random_saturation(image, lower, upper, seed=None):
    _check_range(lower, upper)
    return adjust_saturation(image, random_ops.uniform([], lower, upper, seed=seed))


def random_hue(image, max_delta, seed=None):
    _check_hue_delta(max_delta)
    return adjust_hue(image, random_ops.uniform([], -max_delta, max_delta, seed=seed))


def stateless_random_saturation(image, lower, upper, seed):
    _check_range(lower, upper)
    return adjust_saturation(image, random_ops.stateless_uniform([], seed, lower, upper))


def stateless_random_hue(image, max_delta, seed):
    _check_hue_delta(max_delta)
    return adjust_hue(image, random_ops.stateless_uniform([], seed, -max_delta, max_delta))


def _crop_at(value, size, offsets):
    return array_ops.slice(value, offsets, size)


def _crop_too_large(value, size):
    """TF checks the crop size with an Assert: its error prints the message and both shapes."""
    return errors.InvalidArgumentError(
        None, None, f"Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized "
                    f"data: b'Need value.shape >= size, got '\n"
                    f"{', '.join(str(d) for d in value.shape)}\n{', '.join(map(str, size))}")


def random_crop(value, size, seed=None, name=None):
    """A window of shape ``size`` at a random place inside ``value``."""
    value = convert_to_tensor(value, name="value")
    size = [int(s) for s in np.asarray(size).reshape(-1)]
    if value.shape.rank is not None and None in value.shape.as_list():
        room = _room_known_when_run(value, size)  # a traced image of unknown height, say
    else:
        room = np.array(value.shape.as_list()) - np.array(size) + 1
        if np.any(room < 1):
            raise _crop_too_large(value, size)
        room = room.astype(np.int32)
    draws = random_ops.uniform([len(size)], 0, np.iinfo(np.int32).max, dtype=dtypes.int32,
                               seed=seed)
    return _crop_at(value, size, math_ops.floormod(draws, room))


def _room_known_when_run(value, size):
    """How many places the crop can start at along each axis of a traced `value` whose shape is
    known only when it runs, after TF's Assert op that the crop fits (checked then)."""
    shape = array_ops.shape(value)
    size = convert_to_tensor(np.array(size, np.int32))
    logging_ops._graph_assert(math_ops.reduce_all(math_ops.greater_equal(shape, size)),
                              ["Need value.shape >= size, got ", shape, size], summarize=1000)
    return shape - size + 1


def stateless_random_crop(value, size, seed, name=None):
    value = convert_to_tensor(value, name="value")
    size = [int(s) for s in np.asarray(size).reshape(-1)]
    room = np.array(value.shape.as_list()) - np.array(size) + 1
    if np.any(room < 1):
        raise _crop_too_large(value, size)
    draws = random_ops.stateless_uniform([len(size)], seed, 0, np.iinfo(np.int32).max,
                                         dtype=dtypes.int32)
    return _crop_at(value, size, math_ops.floormod(draws, room.astype(np.int32)))


# --- measures and filters ------------------------------------------------------------------
def image_gradients(image):
    """(dy, dx): the difference to the next pixel down and to the right, zero at the edge."""
    image = convert_to_tensor(image, name="image")
    if len(image.shape) != 4:
        raise ValueError("image_gradients expects a 4D tensor [batch_size, h, w, d], not "
                         f"{image.shape}.")
    dy = image[:, 1:, :, :] - image[:, :-1, :, :]
    dx = image[:, :, 1:, :] - image[:, :, :-1, :]
    dy = array_ops.pad(dy, [[0, 0], [0, 1], [0, 0], [0, 0]])
    dx = array_ops.pad(dx, [[0, 0], [0, 0], [0, 1], [0, 0]])
    return dy, dx


def total_variation(images, name=None):
    """Sum of absolute differences between neighbouring pixels (per image if batched)."""
    images = convert_to_tensor(images, name="images")
    if len(images.shape) not in (3, 4):
        raise ValueError("'images' must be either 3 or 4-dimensional.")
    h, w = _height_width_axes(images)
    down = math_ops.abs(array_ops.gather(images, np.arange(1, images.shape[h]), axis=h)
                        - array_ops.gather(images, np.arange(images.shape[h] - 1), axis=h))
    right = math_ops.abs(array_ops.gather(images, np.arange(1, images.shape[w]), axis=w)
                         - array_ops.gather(images, np.arange(images.shape[w] - 1), axis=w))
    axes = list(range(h, len(images.shape)))
    return math_ops.reduce_sum(down, axis=axes) + math_ops.reduce_sum(right, axis=axes)


def psnr(a, b, max_val, name=None):
    """Peak signal-to-noise ratio in dB per image: 10 * log10(max_val^2 / mean squared error)."""
    a, b = convert_to_tensor(a), convert_to_tensor(b)
    original = a.dtype
    a = convert_image_dtype(a, dtypes.float32)
    b = convert_image_dtype(b, dtypes.float32)
    max_val = math_ops.cast(max_val, original)
    max_val = convert_image_dtype(max_val, dtypes.float32)
    mse = math_ops.reduce_mean(math_ops.squared_difference(a, b), axis=[-3, -2, -1])
    ten_over_ln10 = np.float32(10.0 / np.log(10.0))
    return (2.0 * math_ops.log(max_val) - math_ops.log(mse)) * ten_over_ln10


# --- drawing boxes and cutting glimpses ------------------------------------------------------
# TF's colours when none are given: yellow, blue, red, lime, purple, olive, maroon, navy, aqua,
# fuchsia (RGBA).
_DEFAULT_BOX_COLORS = np.array([
    [1, 1, 0, 1], [0, 0, 1, 1], [1, 0, 0, 1], [0, 1, 0, 1], [0.5, 0, 0.5, 1], [0.5, 0.5, 0, 1],
    [0.5, 0, 0, 1], [0, 0, 0.5, 1], [0, 1, 1, 1], [1, 0, 1, 1]], np.float32)


def _box_edges(box, height, width):
    """The pixel rows and columns of a box's edges: normalized corners times (size - 1),
    truncated toward zero as TF's kernel converts them."""
    rows = [int(np.float32(box[0]) * (height - 1)), int(np.float32(box[2]) * (height - 1))]
    cols = [int(np.float32(box[1]) * (width - 1)), int(np.float32(box[3]) * (width - 1))]
    return rows, cols


def _draw_box(canvas, box, color):
    """Draws the outline of one box on one [height, width, depth] image, in place. A box turned
    inside out or wholly outside is skipped; an edge outside the image is left out."""
    height, width = canvas.shape[:2]
    (top, bottom), (left, right) = _box_edges(box, height, width)
    if top > bottom or left > right:
        return
    if top >= height or bottom < 0 or left >= width or right < 0:
        return
    rows = slice(max(top, 0), min(bottom, height - 1) + 1)
    cols = slice(max(left, 0), min(right, width - 1) + 1)
    if top >= 0:
        canvas[top, cols] = color
    if bottom < height:
        canvas[bottom, cols] = color
    if left >= 0:
        canvas[rows, left] = color
    if right < width:
        canvas[rows, right] = color


@register("DrawBoundingBoxesV2", differentiable=False)
def _draw_bounding_boxes(images, boxes, colors):
    op = "DrawBoundingBoxesV2"
    if images.ndim != 4:
        raise errors.op_error(errors.InvalidArgumentError, op, "The rank of the images should be 4")
    depth = images.shape[3]
    if depth not in (1, 3, 4):
        raise errors.op_error(errors.InvalidArgumentError, op,
                              "Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)")
    if boxes.shape[0] != images.shape[0]:
        raise errors.op_error(errors.InvalidArgumentError, op,
                              "The batch sizes should be the same")
    if colors.size == 0:
        colors = _DEFAULT_BOX_COLORS
    if colors.ndim != 2 or colors.shape[1] < depth:
        raise errors.op_error(errors.InvalidArgumentError, op,
                              "colors must have equal or more channels than the image provided: "
                              f"[{','.join(str(d) for d in colors.shape)}]")
    canvas = images.copy()
    for image, image_boxes in zip(canvas, boxes):
        for index, box in enumerate(image_boxes):
            _draw_box(image, box, colors[index % len(colors), :depth])
    return canvas


def draw_bounding_boxes(images, boxes, colors, name=None):
    """``tf.image.draw_bounding_boxes``: each box of ``boxes`` ([batch, boxes, 4] of normalized
    ``y_min, x_min, y_max, x_max``) outlined one pixel wide on a copy of ``images`` ([batch,
    height, width, 1|3|4], float), box i in colour ``colors[i % len(colors)]``."""
    images = convert_to_tensor(images, name="images")
    if images.dtype not in (dtypes.float32, dtypes.float16):
        raise attr_error("DrawBoundingBoxesV2",
                         f"Value for attr 'T' of {tf_type_name(images.dtype)} is not in the list "
                         "of allowed values: float, half")
    boxes = convert_to_tensor(boxes, dtype=dtypes.float32, name="boxes")
    colors = convert_to_tensor(colors, dtype=dtypes.float32, name="colors")
    return execute(_draw_bounding_boxes, (images, boxes, colors))


def _glimpse_corner(offset, size, image_size, centered, normalized, version=2):
    """The top-left pixel of a glimpse, as TF's kernel places it: an offset is scaled by the
    image size when normalized and measured from the image's centre when centered. Version 2
    (tf.image.extract_glimpse) takes only a centered, normalized offset as the glimpse's centre
    (the others are its corner); version 1 (tf.compat.v1's) takes every offset as the centre,
    and halves a centered one first. Truncated toward zero."""
    if version == 1:
        x = offset * image_size if normalized else offset
        if centered:
            x = x / 2 + image_size / 2
        return int(x - size / 2)
    if normalized and centered:
        return int((offset + 1) / 2 * image_size - size / 2)
    if normalized:
        return int(offset * image_size)
    if centered:
        return int(offset + image_size / 2)
    return int(offset)


def _glimpse_fill(image, shape, noise):
    """What a glimpse shows outside the image: zeros, or noise drawn per channel (uniform over
    the channel's range, or gaussian with its mean and deviation)."""
    if noise == "zero":
        return np.zeros(shape, image.dtype)
    flat = image.reshape(-1, image.shape[-1])
    generator = random_ops.numpy_generator("extract_glimpse")  # follows tf.random.set_seed
    if noise == "gaussian":
        draws = generator.normal(flat.mean(0), flat.std(0), shape)
    else:
        draws = generator.uniform(flat.min(0), flat.max(0), shape)
    return draws.astype(image.dtype)


@register("ExtractGlimpseV2", differentiable=False)
def _extract_glimpse(images, size, offsets, *, centered, normalized, noise, version=2):
    height, width = int(size[0]), int(size[1])
    out = []
    for image, (dy, dx) in zip(images, offsets):
        top = _glimpse_corner(dy, height, image.shape[0], centered, normalized, version)
        left = _glimpse_corner(dx, width, image.shape[1], centered, normalized, version)
        glimpse = _glimpse_fill(image, (height, width, image.shape[2]), noise)
        rows = slice(max(top, 0), min(top + height, image.shape[0]))
        cols = slice(max(left, 0), min(left + width, image.shape[1]))
        if rows.start < rows.stop and cols.start < cols.stop:
            glimpse[rows.start - top:rows.stop - top, cols.start - left:cols.stop - left] = (
                image[rows, cols])
        out.append(glimpse)
    return np.stack(out).astype(images.dtype, copy=False)


def extract_glimpse(input, size, offsets, centered=True, normalized=True, noise="uniform",  # noqa: A002 (TF's names)
                    name=None):
    """``tf.image.extract_glimpse``: a ``size`` window of each image of ``input`` ([batch,
    height, width, channels]) placed by ``offsets`` ([batch, 2] of ``y, x``; see
    ``_glimpse_corner``), with ``noise`` (``"uniform"``, ``"gaussian"`` or ``"zero"``) where it
    reaches outside the image."""
    images = convert_to_tensor(input, dtype=dtypes.float32, name="input")
    if noise not in ("uniform", "gaussian", "zero"):
        raise errors.op_error(errors.InvalidArgumentError, "ExtractGlimpseV2",
                              f"Unknown noise type: {noise}")
    size = convert_to_tensor(size, dtype=dtypes.int32, name="size")
    offsets = convert_to_tensor(offsets, dtype=dtypes.float32, name="offsets")
    return execute(_extract_glimpse, (images, size, offsets),
                   {"centered": bool(centered), "normalized": bool(normalized), "noise": noise})


# tf.compat.v1.image.extract_glimpse: TF 1's kernel, which places every offset as the glimpse's
# centre (see _glimpse_corner), with uniform noise or, without it, gaussian noise.
@register("ExtractGlimpse", differentiable=False)
def _extract_glimpse_v1(images, size, offsets, *, centered, normalized, noise):
    return _extract_glimpse.kernel(images, size, offsets, centered=centered,
                                   normalized=normalized, noise=noise, version=1)


def extract_glimpse_v1(input, size, offsets, centered=True,  # noqa: A002 - TF's argument name
                       normalized=True, uniform_noise=True, name=None):
    """``tf.compat.v1.image.extract_glimpse`` (TF 1's placement: see ``_glimpse_corner``)."""
    images = convert_to_tensor(input, dtype=dtypes.float32, name="input")
    size = convert_to_tensor(size, dtype=dtypes.int32, name="size")
    offsets = convert_to_tensor(offsets, dtype=dtypes.float32, name="offsets")
    return execute(_extract_glimpse_v1, (images, size, offsets),
                   {"centered": bool(centered), "normalized": bool(normalized),
                    "noise": "uniform" if uniform_noise else "gaussian"})


# --- sampling a distorted bounding box ------------------------------------------------------------
# TF's sampler, draw for draw: up to `max_attempts` times, an aspect ratio (uniform in its range)
# and a crop of that shape whose area share lies in `area_range`, at a uniform place; the first
# crop covering at least `min_object_covered` of some given box wins, else the whole image. The
# draws are 32-bit Philox words taken one at a time (floats from 23 bits, integers below n by
# rejection), so seeded results are TF's own.
class _PhiloxWords:
    """Philox words one at a time from (key, counter), fetched in growing batches."""

    def __init__(self, key, counter):
        self.key, self.counter, self.fetched, self.used = key, counter, [], 0

    def word(self):
        if self.used == len(self.fetched):
            count = 2 * len(self.fetched) + 64
            self.fetched = [int(w) for w in philox.words(self.key, self.counter, count)]
        self.used += 1
        return self.fetched[self.used - 1]

    def uniform_below(self, n):
        reject_below = ((0xFFFFFFFF % n) + 1) % n  # words that would favour small results
        while True:
            word = self.word()
            if word >= reject_below:
                return word % n

    def unit_float(self):
        return philox._unit_float32(np.array([self.word()], np.uint32))[0]


def _rint(value):
    return int(np.rint(np.float32(value)))


def _random_crop_rect(width, height, area_range, aspect, draws):
    """(x0, y0, x1, y1) of a crop with this aspect ratio, or None when none fits (float32 and
    round-half-even, as TF computes it)."""
    f32 = np.float32
    min_area = f32(area_range[0]) * f32(width) * f32(height)
    max_area = f32(area_range[1]) * f32(width) * f32(height)
    crop_height = _rint(np.sqrt(min_area / aspect))
    max_height = _rint(np.sqrt(max_area / aspect))
    if _rint(f32(max_height) * aspect) > width:  # the tallest crop whose width still fits
        max_height = int((f32(width) + f32(0.5) - f32(1e-7)) / aspect)
        if _rint(f32(max_height) * aspect) > width:
            max_height -= 1
    max_height = min(max_height, height)
    crop_height = min(crop_height, max_height)
    if crop_height < max_height:
        crop_height += draws.uniform_below(max_height - crop_height + 1)
    crop_width = _rint(f32(crop_height) * aspect)
    if crop_width * crop_height < min_area:
        crop_height += 1
        crop_width = _rint(f32(crop_height) * aspect)
    if crop_width * crop_height > max_area:
        crop_height -= 1
        crop_width = _rint(f32(crop_height) * aspect)
    area = crop_width * crop_height
    if (area < min_area or area > max_area or not 0 < crop_width <= width
            or not 0 < crop_height <= height):
        return None
    y = draws.uniform_below(height - crop_height) if crop_height < height else 0
    x = draws.uniform_below(width - crop_width) if crop_width < width else 0
    return x, y, x + crop_width, y + crop_height


def _rect_area(rect):
    return max(0, rect[2] - rect[0]) * max(0, rect[3] - rect[1])


def _covers_a_box(crop, min_object_covered, rects):
    if _rect_area(crop) < 1:
        return False
    for rect in rects:
        area = _rect_area(rect) if rect[2] > rect[0] and rect[3] > rect[1] else 0
        if area < 1:
            continue
        overlap = (max(crop[0], rect[0]), max(crop[1], rect[1]), min(crop[2], rect[2]),
                   min(crop[3], rect[3]))
        covered = _rect_area(overlap) if overlap[2] > overlap[0] and overlap[3] > overlap[1] else 0
        if np.float32(covered) / np.float32(area) >= np.float32(min_object_covered):
            return True
    return False


def _check_box_arguments(op, image_size, boxes, attrs):
    def fail(message):
        raise errors.op_error(errors.InvalidArgumentError, op, message)

    if image_size.ndim != 1:
        fail(f"image_size must be 1-dimensional[{','.join(str(d) for d in image_size.shape)}]")
    if image_size.shape[0] != 3:
        fail(f"image_size must contain 3 elements[{image_size.shape[0]}]")
    if boxes.ndim != 3 or boxes.shape[-1] != 4:
        fail("input boxes must be 3-dimensional [batch, num_boxes, coords]: "
             f"[{','.join(str(d) for d in boxes.shape)}]")
    outside = boxes[(boxes < 0) | (boxes > 1)]
    if outside.size:
        fail(f"All bounding box coordinates must be in [0.0, 1.0]: {outside[0]:g}")
    if boxes.size == 0 and not attrs["use_image_if_no_bounding_boxes"]:
        fail("No bounding boxes provided as input. One must enable "
             "use_image_if_no_bounding_boxes if you wish to not provide any bounding boxes.")
    low, high = attrs["area_range"]
    if low <= 0 or high <= 0:
        fail(f"Area range must be non-negative: [{low:g}, {high:g}]")
    if low > 1 or high > 1:
        fail(f"Area range must be less then or equal to 1.0: [{low:g}, {high:g}]")
    if min(attrs["aspect_ratio_range"]) <= 0:
        fail("Aspect ratio range must be non-negative: "
             f"[{attrs['aspect_ratio_range'][0]:g}, {attrs['aspect_ratio_range'][1]:g}]")
    if attrs["min_object_covered"] < 0:
        fail(f"Min object covered must be non-negative: {attrs['min_object_covered']:g}")
    if attrs["max_attempts"] <= 0:
        fail(f"Max attempts must be non-negative: {attrs['max_attempts']}")


def _sample_box(image_size, boxes, draws, attrs):
    height, width = int(image_size[0]), int(image_size[1])
    rects = [(int(x0 * np.float32(width)), int(y0 * np.float32(height)),
              int(x1 * np.float32(width)), int(y1 * np.float32(height)))
             for y0, x0, y1, x1 in boxes.reshape(-1, 4)]
    whole = (0, 0, width, height)
    rects = rects or [whole]
    low, high = (np.float32(r) for r in attrs["aspect_ratio_range"])
    crop = whole
    for _ in range(attrs["max_attempts"]):
        aspect = draws.unit_float() * (high - low) + low
        candidate = _random_crop_rect(width, height, attrs["area_range"], aspect, draws)
        if candidate is not None and _covers_a_box(candidate, attrs["min_object_covered"],
                                                   rects):
            crop = candidate
            break
    x0, y0, x1, y1 = crop
    dtype = image_size.dtype
    begin = np.array([y0, x0, 0], dtype)
    size = np.array([y1 - y0, x1 - x0, -1]).astype(dtype)
    f32 = np.float32
    box = np.array([[[f32(y0) / f32(height), f32(x0) / f32(width), f32(y1) / f32(height),
                      f32(x1) / f32(width)]]], np.float32)
    return begin, size, box


@register("StatelessSampleDistortedBoundingBox", differentiable=False, num_outputs=3)
def _stateless_sample_box(image_size, boxes, key, counter, **attrs):
    _check_box_arguments("StatelessSampleDistortedBoundingBox", image_size, boxes, attrs)
    draws = _PhiloxWords(philox.split64(key), philox.split64(counter))
    return _sample_box(image_size, boxes, draws, attrs)


@register("SampleDistortedBoundingBoxV2", differentiable=False, num_outputs=3)
def _sample_box_stateful(image_size, boxes, **attrs):
    _check_box_arguments("SampleDistortedBoundingBoxV2", image_size, boxes, attrs)
    seed, seed2 = attrs.pop("seed"), attrs.pop("seed2")
    # Each call moves the stream on by max_attempts blocks, as TF's kernel reserves them.
    stream = random_ops._philox_stream("SampleDistortedBoundingBoxV2", seed, seed2, 0,
                                       blocks=attrs["max_attempts"])
    if stream is None:  # unseeded: fresh bits
        stream = philox.key_counter_from_seed(*np.random.randint(0, 2 ** 31, 2))
    return _sample_box(image_size, boxes, _PhiloxWords(*stream), attrs)


_BOX_INTEGER_DTYPES = (dtypes.uint8, dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64)


def _box_inputs(image_size, bounding_boxes, min_object_covered, aspect_ratio_range, area_range,
                max_attempts, use_image_if_no_bounding_boxes, op):
    image_size = convert_to_tensor(image_size, name="image_size")
    if image_size.dtype not in _BOX_INTEGER_DTYPES:
        raise attr_error(op, f"Value for attr 'T' of {tf_type_name(image_size.dtype)} is not in "
                             "the list of allowed values: uint8, int8, int16, int32, int64")
    boxes = convert_to_tensor(bounding_boxes, dtype=dtypes.float32, name="bounding_boxes")
    attrs = {"min_object_covered": float(min_object_covered),
             "aspect_ratio_range": tuple(float(r) for r in (aspect_ratio_range or (0.75, 1.33))),
             "area_range": tuple(float(r) for r in (area_range or (0.05, 1.0))),
             "max_attempts": int(100 if max_attempts is None else max_attempts),
             "use_image_if_no_bounding_boxes": bool(use_image_if_no_bounding_boxes)}
    return image_size, boxes, attrs


def stateless_sample_distorted_bounding_box(image_size, bounding_boxes, seed,
                                            min_object_covered=0.1, aspect_ratio_range=None,
                                            area_range=None, max_attempts=None,
                                            use_image_if_no_bounding_boxes=None, name=None):
    """``tf.image.stateless_sample_distorted_bounding_box``: (begin, size, box) of a random
    crop of an image of ``image_size`` ([height, width, channels]) covering enough of one of
    ``bounding_boxes``, fixed by ``seed`` (TF's crop for the same seed). ``begin`` and ``size``
    feed ``tf.slice``; ``box`` ([1, 1, 4]) feeds ``draw_bounding_boxes``."""
    op = "StatelessSampleDistortedBoundingBox"
    image_size, boxes, attrs = _box_inputs(image_size, bounding_boxes, min_object_covered,
                                           aspect_ratio_range, area_range, max_attempts,
                                           use_image_if_no_bounding_boxes, op)
    seed_shape = convert_to_tensor(seed).shape.as_list()
    if seed_shape != [2]:
        raise errors.op_error(errors.InvalidArgumentError, op,
                              f"seed must have shape [2], not {seed_shape}")
    key, counter = random_ops._seed_key_counter(seed, op)
    return execute(_stateless_sample_box, (image_size, boxes, key, counter), attrs)


def sample_distorted_bounding_box(image_size, bounding_boxes, seed=None, min_object_covered=0.1,
                                  aspect_ratio_range=None, area_range=None, max_attempts=None,
                                  use_image_if_no_bounding_boxes=None, name=None):
    """``tf.image.sample_distorted_bounding_box``: the stateful version (seeded by
    ``tf.random.set_seed`` and ``seed`` as TF's random ops are; each call draws anew)."""
    image_size, boxes, attrs = _box_inputs(image_size, bounding_boxes, min_object_covered,
                                           aspect_ratio_range, area_range, max_attempts,
                                           use_image_if_no_bounding_boxes,
                                           "SampleDistortedBoundingBoxV2")
    seed, seed2 = random_ops.get_seed(seed)
    attrs.update(seed=int(seed or 0), seed2=int(seed2 or 0))
    return execute(_sample_box_stateful, (image_size, boxes), attrs)

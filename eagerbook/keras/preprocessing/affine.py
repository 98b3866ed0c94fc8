"""The NumPy image transforms of ``tf.keras.preprocessing.image`` (TF 2's Keras): rotations,
shifts, shears and zooms as one affine map, and channel and brightness shifts.

An image is a 3-D array (rows, columns, channels; or channels first). ``apply_affine_transform``
builds a 3x3 matrix from the parameters, centres it on the image, and samples every output
pixel at the input position the matrix gives, between pixels by interpolation (order 0:
nearest, order 1: linear), outside the image by `fill_mode`. TF does that sampling with
SciPy's ``ndimage.affine_transform``; this module does the same sums in NumPy, so SciPy is not
needed. The ``random_*`` functions draw their parameters from NumPy's global random state, in
TF's order, so ``np.random.seed`` reproduces TF's images.
"""

import numpy as np

from .. import image_utils

_FILL_MODES = ("constant", "nearest", "reflect", "wrap")


# --- sampling: one channel at the coordinates an affine map gives ------------------------------
def _inside(coords, size, mode):
    """`coords` (float) along an axis of `size` pixels, brought inside [0, size - 1] as the
    fill mode extends the image: 'nearest' repeats the edge pixel, 'reflect' mirrors the image
    about its outer pixel edges, 'wrap' repeats it with period size - 1 (as SciPy's 'wrap'),
    'constant' leaves the coordinates (outside points become `cval` later)."""
    last = size - 1
    if mode == "reflect":
        period = 2.0 * size
        coords = np.mod(coords + 0.5, period) - 0.5  # now in [-0.5, 2 size - 0.5)
        coords = np.where(coords > last + 0.5, period - 1.0 - coords, coords)
    elif mode == "wrap":
        coords = np.mod(coords, last) if last > 0 else np.zeros_like(coords)
    if mode != "constant":
        coords = np.clip(coords, 0.0, last)  # within half a pixel of the edge: the edge pixel
    return coords


def _sample(channel, rows, cols, order, mode, cval):
    """`channel` read at float positions (`rows`, `cols`), nearest (order 0) or bilinear."""
    height, width = channel.shape
    outside = None
    if mode == "constant":  # no interpolation beyond the edges: cval right away
        outside = (rows < 0) | (rows > height - 1) | (cols < 0) | (cols > width - 1)
    rows, cols = _inside(rows, height, mode), _inside(cols, width, mode)
    values = channel.astype(np.float64)
    if order == 0:
        r = np.minimum(np.floor(rows + 0.5).astype(np.intp), height - 1)
        c = np.minimum(np.floor(cols + 0.5).astype(np.intp), width - 1)
        out = values[np.clip(r, 0, height - 1), np.clip(c, 0, width - 1)]
    else:
        r0 = np.clip(np.floor(rows).astype(np.intp), 0, height - 1)
        c0 = np.clip(np.floor(cols).astype(np.intp), 0, width - 1)
        r1, c1 = np.minimum(r0 + 1, height - 1), np.minimum(c0 + 1, width - 1)
        tr, tc = rows - r0, cols - c0
        out = ((1 - tr) * ((1 - tc) * values[r0, c0] + tc * values[r0, c1]) +
               tr * ((1 - tc) * values[r1, c0] + tc * values[r1, c1]))
    if outside is not None:
        out = np.where(outside, cval, out)
    return out.astype(channel.dtype)


def _affine_channel(channel, matrix, offset, order, mode, cval):
    """Output pixel (i, j) = `channel` sampled at matrix @ (i, j) + offset."""
    i, j = np.meshgrid(np.arange(channel.shape[0], dtype=np.float64),
                       np.arange(channel.shape[1], dtype=np.float64), indexing="ij")
    rows = matrix[0, 0] * i + matrix[0, 1] * j + offset[0]
    cols = matrix[1, 0] * i + matrix[1, 1] * j + offset[1]
    return _sample(channel, rows, cols, order, mode, cval)


# --- the affine map --------------------------------------------------------------------------
def transform_matrix_offset_center(matrix, x, y):
    """`matrix` made to act about the centre of an x-by-y image instead of its corner."""
    o_x, o_y = float(x) / 2 - 0.5, float(y) / 2 - 0.5
    to_centre = np.array([[1, 0, o_x], [0, 1, o_y], [0, 0, 1]])
    back = np.array([[1, 0, -o_x], [0, 1, -o_y], [0, 0, 1]])
    return to_centre @ matrix @ back


def _transform_matrix(theta, tx, ty, shear, zx, zy):
    """The product rotation @ shift @ shear @ zoom of the transforms asked for (None: none)."""
    parts = []
    if theta != 0:
        angle = np.deg2rad(theta)
        parts.append(np.array([[np.cos(angle), -np.sin(angle), 0],
                               [np.sin(angle), np.cos(angle), 0], [0, 0, 1]]))
    if tx != 0 or ty != 0:
        parts.append(np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]]))
    if shear != 0:
        angle = np.deg2rad(shear)
        parts.append(np.array([[1, -np.sin(angle), 0], [0, np.cos(angle), 0], [0, 0, 1]]))
    if zx != 1 or zy != 1:
        parts.append(np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]]))
    if not parts:
        return None
    matrix = parts[0]
    for part in parts[1:]:
        matrix = np.dot(matrix, part)
    return matrix


def apply_affine_transform(x, theta=0, tx=0, ty=0, shear=0, zx=1, zy=1, row_axis=1,
                           col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                           order=1):
    """Rotates `x` by `theta` degrees, shifts it by (`tx`, `ty`) pixels, shears it by `shear`
    degrees and zooms it by (`zx`, `zy`), all about its centre. `x` is one image (3-D); the
    axes say where its rows, columns and channels are."""
    if np.unique([row_axis, col_axis, channel_axis]).size != 3:
        raise ValueError("'row_axis', 'col_axis', and 'channel_axis' must be distinct")
    axes = {row_axis, col_axis, channel_axis}
    if axes != {0, 1, 2}:
        raise ValueError(f"Invalid axis' indices: {axes - {0, 1, 2}}")
    x = np.asarray(x)
    if x.ndim != 3:
        raise ValueError("Input arrays must be multi-channel 2D images.")
    if channel_axis not in (0, 2):
        raise ValueError("Channels are allowed and the first and last dimensions.")
    if fill_mode not in _FILL_MODES:
        raise RuntimeError(f"boundary mode not supported: {fill_mode!r}")
    if order not in (0, 1):
        raise NotImplementedError(f"eagerbook's apply_affine_transform interpolates with order "
                                  f"0 or 1; got order={order}")
    matrix = _transform_matrix(theta, tx, ty, shear, zx, zy)
    if matrix is None:
        return x
    matrix = transform_matrix_offset_center(matrix, x.shape[row_axis], x.shape[col_axis])
    if col_axis > row_axis:
        # the matrix speaks of (x, y) = (column, row); arrays index (row, column): swap both
        matrix[:, [0, 1]] = matrix[:, [1, 0]]
        matrix[[0, 1]] = matrix[[1, 0]]
    channels = np.rollaxis(x, channel_axis, 0)
    out = np.stack([_affine_channel(channel, matrix[:2, :2], matrix[:2, 2], order, fill_mode,
                                    cval) for channel in channels], axis=0)
    return np.rollaxis(out, 0, channel_axis + 1)


# --- the random transforms (NumPy's global random state, in TF's order) -------------------
def random_rotation(x, rg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest",
                    cval=0.0, interpolation_order=1):
    """Rotates `x` by an angle drawn uniformly from [-rg, rg] degrees."""
    theta = np.random.uniform(-rg, rg)
    return apply_affine_transform(x, theta=theta, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_shift(x, wrg, hrg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest",
                 cval=0.0, interpolation_order=1):
    """Shifts `x` by fractions of its height (up to `hrg`) and width (up to `wrg`)."""
    h, w = x.shape[row_axis], x.shape[col_axis]
    tx = np.random.uniform(-hrg, hrg) * h
    ty = np.random.uniform(-wrg, wrg) * w
    return apply_affine_transform(x, tx=tx, ty=ty, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_shear(x, intensity, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest",
                 cval=0.0, interpolation_order=1):
    """Shears `x` by an angle drawn uniformly from [-intensity, intensity] degrees."""
    shear = np.random.uniform(-intensity, intensity)
    return apply_affine_transform(x, shear=shear, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_zoom(x, zoom_range, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest",
                cval=0.0, interpolation_order=1):
    """Zooms `x` by factors for its two axes drawn uniformly from `zoom_range`."""
    if len(zoom_range) != 2:
        raise ValueError(f"`zoom_range` should be a tuple or list of two floats. Received: "
                         f"{tuple(zoom_range)}")
    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1, 1
    else:
        zx, zy = np.random.uniform(zoom_range[0], zoom_range[1], 2)
    return apply_affine_transform(x, zx=zx, zy=zy, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def apply_channel_shift(x, intensity, channel_axis=0):
    """Adds `intensity` to every channel, keeping the values within the image's range."""
    channels = np.rollaxis(x, channel_axis, 0)
    low, high = np.min(channels), np.max(channels)
    shifted = np.stack([np.clip(c + intensity, low, high) for c in channels], axis=0)
    return np.rollaxis(shifted, 0, channel_axis + 1)


def random_channel_shift(x, intensity_range, channel_axis=0):
    """A channel shift by an intensity drawn uniformly from [-range, range]."""
    intensity = np.random.uniform(-intensity_range, intensity_range)
    return apply_channel_shift(x, intensity, channel_axis=channel_axis)


def apply_brightness_shift(x, brightness, scale=True):
    """Brightens (> 1) or darkens (< 1) `x` as Pillow's ImageEnhance.Brightness does; values
    outside [0, 255] are scaled into it first (and back after, unless `scale`)."""
    try:
        from PIL import ImageEnhance
    except ImportError:
        raise ImportError("Using brightness shifts requires PIL. Install PIL or Pillow.") \
            from None
    x_min, x_max = np.min(x), np.max(x)
    local_scale = (x_min < 0) or (x_max > 255)
    image = image_utils.array_to_img(x, scale=local_scale or scale)
    image = ImageEnhance.Brightness(image).enhance(brightness)
    x = image_utils.img_to_array(image)
    if not scale and local_scale:
        x = x / 255 * (x_max - x_min) + x_min
    return x


def random_brightness(x, brightness_range, scale=True):
    """A brightness shift by a factor drawn uniformly from `brightness_range`."""
    if len(brightness_range) != 2:
        raise ValueError(f"`brightness_range should be tuple or list of two floats. Received: "
                         f"{tuple(brightness_range)}")
    factor = np.random.uniform(brightness_range[0], brightness_range[1])
    return apply_brightness_shift(x, factor, scale)

"""Image preprocessing and augmentation layers: ``Resizing``, ``CenterCrop``, ``RandomCrop``,
``RandomFlip``, ``RandomRotation``, ``RandomZoom``, ``RandomTranslation``, ``RandomContrast``,
``RandomHeight``, ``RandomWidth``, ``RandomBrightness``.

Images are ``(batch, height, width, channels)`` (or one image without the batch axis). The
random layers change images only while training (``training=True``, as ``fit`` calls them) and
pass them through unchanged otherwise. Geometric ones map every output pixel back to a point
of the input (TF's projective transform: rotations, zooms and shifts are such maps), read it
with bilinear or nearest interpolation, and fill points outside the image by reflecting,
wrapping, repeating the edge or with a constant. They run on NumPy values: they prepare
inputs, they are not differentiated through. When its seed is known (a `seed` argument,
or one taken from the stream of ``tf.keras.utils.set_random_seed`` when built), a random layer
draws as TF's does, from a ``tf.random.Generator`` made from that seed, in TF's order: its
flips, angles, zooms, shifts, crops and factors are TF's own. Otherwise it draws from its own
NumPy generator (following tf.random's global seed), so successive calls differ, as in TF.
"""

import math

import numpy as np

from ...checkpoints.containers import ListWrapper
from ...core import dtypes
from ...core.shape import TensorShape
from ...core.tensor import _from_numpy, convert_to_tensor
from ...ops import image_ops, math_ops, random_ops
from ...ops.ragged_ops import RaggedTensor
from .. import backend, initializers
from .base import Layer, running_on_stand_ins
from .preprocessing import runs_on_values

_FILL_MODES = ("reflect", "wrap", "constant", "nearest")


def _images(inputs, rank_error=None):
    """(float array of shape (b, h, w, c), whether the input was one unbatched image).
    `rank_error` is the message of the op TF's layer would fail in on another rank."""
    array = np.asarray(inputs.numpy() if hasattr(inputs, "numpy") else inputs)
    if array.ndim == 3:
        return array[None].astype(np.float32), True
    if array.ndim != 4:
        raise ValueError(rank_error or f"Expected images of rank 3 or 4, got shape {array.shape}")
    return array.astype(np.float32), False


def _out(images, single):
    return _from_numpy(np.ascontiguousarray(images[0] if single else images))


def _rng(seed):
    """A NumPy generator seeded from tf.random's global and op seeds (fresh when unseeded)."""
    global_seed, op_seed = random_ops.get_seed(seed)
    if global_seed is None and op_seed is None:
        return np.random.default_rng()
    return np.random.default_rng([global_seed or 0, op_seed or 0])


def _resize_bilinear(images, height, width):
    """TF 2's bilinear resize (half-pixel centers, no antialiasing): along each row first,
    then between rows, each as ``a + (b - a) * t`` in float32, as TF's kernel rounds."""
    def along(array, axis, out_size):
        lower, upper, frac = image_ops._lerp_plan(out_size, array.shape[axis])
        weight_shape = [1] * array.ndim
        weight_shape[axis] = out_size
        low, high = np.take(array, lower, axis=axis), np.take(array, upper, axis=axis)
        return low + (high - low) * frac.reshape(weight_shape)

    return along(along(images.astype(np.float32), 2, width), 1, height)


def _resize_nearest(images, height, width):
    """TF 2's nearest-neighbour resize (half-pixel centers)."""
    _, h, w, _ = images.shape
    rows = np.minimum(((np.arange(height) + 0.5) * h / height).astype(int), h - 1)
    cols = np.minimum(((np.arange(width) + 0.5) * w / width).astype(int), w - 1)
    return images[:, rows][:, :, cols]


def _resize(images, height, width, interpolation):
    if interpolation == "nearest":
        return _resize_nearest(images, height, width)
    if interpolation == "bilinear":
        return _resize_bilinear(images, height, width)
    # the kernel-weighted methods (bicubic, area, lanczos, ...) are tf.image.resize's
    resized = image_ops.resize(_from_numpy(images), [height, width], method=interpolation)
    return np.asarray(resized.numpy(), np.float32)


def _fold(coord, size, mode):
    """Coordinates outside [0, size) brought back inside as `mode` says."""
    if mode == "reflect":
        period = 2 * size
        coord = np.mod(coord, period)
        return np.where(coord >= size, period - 1 - coord, coord)
    if mode == "wrap":
        return np.mod(coord, size)
    return np.clip(coord, 0, size - 1)


def _transform(images, inverse_maps, fill_mode, interpolation, fill_value):
    """Each output pixel (x, y) reads input point ``M @ (x, y, 1)`` of its image's 2x3 map."""
    b, h, w, c = images.shape
    ys, xs = np.meshgrid(np.arange(h, dtype=np.float64), np.arange(w, dtype=np.float64),
                         indexing="ij")
    out = np.empty_like(images)
    for i in range(b):
        m = inverse_maps[i]
        src_x = m[0, 0] * xs + m[0, 1] * ys + m[0, 2]
        src_y = m[1, 0] * xs + m[1, 1] * ys + m[1, 2]
        if interpolation == "nearest":
            corners = [(np.round(src_y), np.round(src_x), 1.0)]
        else:
            y0, x0 = np.floor(src_y), np.floor(src_x)
            dy, dx = src_y - y0, src_x - x0
            corners = [(y0, x0, (1 - dy) * (1 - dx)), (y0, x0 + 1, (1 - dy) * dx),
                       (y0 + 1, x0, dy * (1 - dx)), (y0 + 1, x0 + 1, dy * dx)]
        acc = np.zeros((h, w, c), dtype=np.float64)
        for cy, cx, weight in corners:
            inside = (cy >= 0) & (cy < h) & (cx >= 0) & (cx < w)
            if fill_mode == "constant":
                yy = np.clip(cy, 0, h - 1).astype(np.int64)
                xx = np.clip(cx, 0, w - 1).astype(np.int64)
                value = np.where(inside[..., None], images[i][yy, xx], fill_value)
            else:
                yy = _fold(cy, h, fill_mode).astype(np.int64)
                xx = _fold(cx, w, fill_mode).astype(np.int64)
                value = images[i][yy, xx]
            acc += np.asarray(weight)[..., None] * value
        out[i] = acc
    return out


class _ImageLayer(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._autocast = False

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def _output_dtype(self, input_dtype):
        return dtypes.float32


class _RandomImageLayer(_ImageLayer):
    """What the random layers share: a `seed`, TF's ``rng_type`` entry, and one generator per
    layer, made at the first draw and kept, so that each call draws new values."""

    def __init__(self, seed=None, rng_type=None, **kwargs):
        super().__init__(**kwargs)
        self.seed = seed
        self._rng_type = rng_type or "stateful"
        self._generator = None
        self._seeded_generator = None  # TF's draws, once the seed is known (see build)

    def build(self, input_shape):
        # TF's layer makes its generator when built, from the given seed or else from the
        # seed stream of `tf.keras.utils.set_random_seed` (as unseeded initializers do:
        # taking that number keeps the layers built after this one on TF's seeds too).
        seed = self.seed if self.seed is not None else initializers.next_stream_seed()
        if seed is not None and self._seeded_generator is None:
            with backend.init_scope():
                self._seeded_generator = random_ops.Generator.from_seed(seed)
        super().build(input_shape)

    @property
    def _tf_generator(self):
        """The generator of TF's draws, or None: unseeded, or in a run that only learns the
        output shape (TF traces that one, which leaves its generator's state as it was)."""
        return None if running_on_stand_ins() else self._seeded_generator

    def _uniform(self, shape, low, high):
        """Float32 draws in [low, high): TF's own from the layer's generator when its seed is
        known, else from the NumPy generator."""
        if self._tf_generator is not None:
            return self._tf_generator.uniform(shape, minval=low, maxval=high).numpy()
        if high < low:  # TF draws low + (high - low) * u for reversed bounds too
            return (low + (high - low) * self._rng().uniform(0.0, 1.0, size=shape)).astype(
                np.float32)
        return self._rng().uniform(low, high, size=shape).astype(np.float32)

    def _stateless_seed(self):
        """TF's seed for a stateless image op: a fresh pair from the layer's generator."""
        return self._tf_generator.make_seeds()[:, 0]

    def _rng(self):
        if self._generator is None:
            self._generator = _rng(self.seed)
        return self._generator

    def _random_config(self, entries):
        """The base config, ``rng_type``, the layer's own `entries`, then ``seed`` (TF's
        order)."""
        config = _ImageLayer.get_config(self)
        config["rng_type"] = self._rng_type
        config.update(entries)
        config["seed"] = self.seed
        return config


class Resizing(_ImageLayer):
    def __init__(self, height, width, interpolation="bilinear", crop_to_aspect_ratio=False,
                 **kwargs):
        super().__init__(**kwargs)
        check_interpolation(interpolation)
        self.height, self.width = int(height), int(width)
        self.interpolation = interpolation
        self.crop_to_aspect_ratio = crop_to_aspect_ratio

    def call(self, inputs):
        if self.crop_to_aspect_ratio or isinstance(inputs, RaggedTensor):
            return self._crop_and_resize_values(inputs)
        # tf.image.resize's ops, so that gradients flow through the layer when it sits
        # inside a model (as TF's does), eagerly and in a tf.function alike
        images = math_ops.cast(convert_to_tensor(inputs), dtypes.float32)
        return image_ops.resize(images, [self.height, self.width], method=self.interpolation)

    @runs_on_values
    def _crop_and_resize_values(self, inputs):
        images, single = _images(inputs, "'images' must have either 3 or 4 dimensions.")
        if self.crop_to_aspect_ratio:
            images = _center_crop_to_ratio(images, self.height / self.width)
        return _out(_resize(images, self.height, self.width, self.interpolation), single)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape(dims[:-3] + [self.height, self.width, dims[-1]])

    def get_config(self):
        config = super().get_config()
        config.update({"height": self.height, "width": self.width,
                       "interpolation": self.interpolation,
                       "crop_to_aspect_ratio": self.crop_to_aspect_ratio})
        return config


def _center_crop_to_ratio(images, ratio):
    _, h, w, _ = images.shape
    if h / w > ratio:
        new_h = int(round(w * ratio))
        top = (h - new_h) // 2
        return images[:, top:top + new_h]
    new_w = int(round(h / ratio))
    left = (w - new_w) // 2
    return images[:, :, left:left + new_w]


class CenterCrop(_ImageLayer):
    def __init__(self, height, width, **kwargs):
        super().__init__(**kwargs)
        self.height, self.width = int(height), int(width)

    @runs_on_values
    def call(self, inputs):
        images, single = _images(inputs)
        _, h, w, _ = images.shape
        if h < self.height or w < self.width:
            return _out(_resize_bilinear(_center_crop_to_ratio(images, self.height /
                                                               self.width),
                                         self.height, self.width), single)
        top, left = (h - self.height) // 2, (w - self.width) // 2
        return _out(images[:, top:top + self.height, left:left + self.width], single)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape(dims[:-3] + [self.height, self.width, dims[-1]])

    def get_config(self):
        config = super().get_config()
        config.update({"height": self.height, "width": self.width})
        return config


class RandomCrop(CenterCrop, _RandomImageLayer):
    """A random `height` x `width` window while training; the center one otherwise."""

    def __init__(self, height, width, seed=None, rng_type=None, **kwargs):
        super().__init__(height, width, seed=seed, rng_type=rng_type, **kwargs)

    def get_config(self):
        return self._random_config({"height": self.height, "width": self.width})

    @runs_on_values
    def call(self, inputs, training=True):
        if not training:
            return super().call(inputs)
        images, single = _images(inputs)
        _, h, w, _ = images.shape
        if h < self.height or w < self.width:
            return super().call(inputs)
        if self._tf_generator is not None:  # TF: two int32 draws, modulo the free room
            starts = self._tf_generator.uniform([2], 0, np.iinfo(np.int32).max,
                                                dtype=dtypes.int32).numpy()
            top = int(starts[0]) % (h - self.height + 1)
            left = int(starts[1]) % (w - self.width + 1)
        else:
            rng = self._rng()
            top = int(rng.integers(0, h - self.height + 1))
            left = int(rng.integers(0, w - self.width + 1))
        return _out(images[:, top:top + self.height, left:left + self.width], single)


def _check_fill(fill_mode, interpolation):
    if fill_mode not in _FILL_MODES:
        raise NotImplementedError(f"Unknown `fill_mode` {fill_mode}. Only `reflect`, `wrap`, "
                                  "`constant` and `nearest` are supported.")
    if interpolation not in ("nearest", "bilinear"):
        raise NotImplementedError(f"Unknown `interpolation` {interpolation}. Only `nearest` "
                                  "and `bilinear` are supported.")


def _factor_range(factor, name, ordered=True, out_of_range=None):
    """(low, high) of a factor given as one number f (then (-f, f)) or a pair, checked as
    TF's layer checks it: low <= high when `ordered`; `out_of_range`, if given, is the
    message for a bound outside [-1, 1] (TF words it differently per layer and axis)."""
    if isinstance(factor, (tuple, list)):
        low, high = float(factor[0]), float(factor[1])
    else:
        low, high = -float(factor), float(factor)
    if ordered and high < low:
        raise ValueError(f"`{name}` cannot have upper bound less than lower bound, got "
                         f"{factor}")
    if out_of_range is not None and (abs(low) > 1.0 or abs(high) > 1.0):
        raise ValueError(out_of_range.format(name=name, factor=factor))
    return low, high


_BETWEEN = "`{name}` argument must have values between [-1, 1]. Received: {name}={factor}"


class RandomFlip(_RandomImageLayer):
    """Flips each image left-right and/or upside down, each with probability 1/2."""

    def __init__(self, mode="horizontal_and_vertical", seed=None, rng_type=None, **kwargs):
        super().__init__(seed=seed, rng_type=rng_type, **kwargs)
        if mode not in ("horizontal", "vertical", "horizontal_and_vertical"):
            raise ValueError(f"RandomFlip layer {self.name} received an unknown mode argument "
                             f"{mode}")
        self.mode = mode

    @runs_on_values
    def call(self, inputs, training=True):
        images, single = _images(inputs)
        if not training:
            return _out(images, single)
        if self._tf_generator is not None:  # TF: one stateless flip per direction
            out = _from_numpy(images[0] if single else images)
            if "horizontal" in self.mode:
                out = image_ops.stateless_random_flip_left_right(out, self._stateless_seed())
            if "vertical" in self.mode:
                out = image_ops.stateless_random_flip_up_down(out, self._stateless_seed())
            return out
        rng = self._rng()
        out = images.copy()
        for i in range(len(out)):
            if "horizontal" in self.mode and rng.random() < 0.5:
                out[i] = out[i][:, ::-1]
            if "vertical" in self.mode and rng.random() < 0.5:
                out[i] = out[i][::-1]
        return _out(out, single)

    def get_config(self):
        return self._random_config({"mode": self.mode})


class _RandomAffine(_RandomImageLayer):
    """Moves every pixel by a random map per image (see ``_transform``)."""

    def __init__(self, fill_mode="reflect", interpolation="bilinear", seed=None,
                 fill_value=0.0, rng_type=None, **kwargs):
        super().__init__(seed=seed, rng_type=rng_type, **kwargs)
        _check_fill(fill_mode, interpolation)
        self.fill_mode = fill_mode
        self.interpolation = interpolation
        self.fill_value = fill_value

    def _maps(self, count, h, w):
        """One 2x3 inverse map per image, from the layer's draws (in TF's order)."""
        raise NotImplementedError

    @runs_on_values
    def call(self, inputs, training=True):
        images, single = _images(inputs)
        if not training:
            return _out(images, single)
        b, h, w, _ = images.shape
        maps = self._maps(b, h, w)
        return _out(_transform(images, maps, self.fill_mode, self.interpolation,
                               self.fill_value).astype(np.float32), single)

    def _affine_config(self, factors):
        return self._random_config({**factors, "fill_mode": self.fill_mode,
                                    "fill_value": self.fill_value,
                                    "interpolation": self.interpolation})


class RandomRotation(_RandomAffine):
    """Rotates by a random angle of ``factor * 2 pi`` (``factor=0.1``: up to +-36 degrees)."""

    def __init__(self, factor, fill_mode="reflect", interpolation="bilinear", seed=None,
                 fill_value=0.0, **kwargs):
        super().__init__(fill_mode, interpolation, seed, fill_value, **kwargs)
        self.factor = factor
        self._range = _factor_range(factor, "factor", ordered=False)
        if self._range[1] < self._range[0]:
            raise ValueError("`factor` argument cannot have a negative value. Received: "
                             f"factor={factor}")

    def _maps(self, count, h, w):
        maps = []
        cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
        angles = self._uniform([count], self._range[0] * 2.0 * np.pi,
                               self._range[1] * 2.0 * np.pi)
        for angle in angles:
            cos, sin = math.cos(angle), math.sin(angle)
            # Inverse rotation about the center: output point -> input point.
            maps.append(np.array([[cos, -sin, cx - cos * cx + sin * cy],
                                  [sin, cos, cy - sin * cx - cos * cy]]))
        return maps

    def get_config(self):
        return self._affine_config({"factor": self.factor})


class RandomZoom(_RandomAffine):
    """Zooms by a random factor: ``height_factor=0.1`` scales by up to +-10% (negative values
    zoom in); ``width_factor`` defaults to the same zoom."""

    def __init__(self, height_factor, width_factor=None, fill_mode="reflect",
                 interpolation="bilinear", seed=None, fill_value=0.0, **kwargs):
        super().__init__(fill_mode, interpolation, seed, fill_value, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self._height = _factor_range(height_factor, "height_factor", ordered=False,
                                     out_of_range=_BETWEEN)
        self._width = None
        if width_factor is not None:
            self._width = _factor_range(width_factor, "width_factor", ordered=False)
            if min(self._width) < -1.0:
                raise ValueError("`width_factor` argument must have values larger than -1. "
                                 f"Received: width_factor={width_factor}")

    def _maps(self, count, h, w):
        maps = []
        cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
        heights = self._uniform([count, 1], 1.0 + self._height[0], 1.0 + self._height[1])
        widths = heights if self._width is None else \
            self._uniform([count, 1], 1.0 + self._width[0], 1.0 + self._width[1])
        for zy, zx in zip(heights[:, 0], widths[:, 0]):
            zy, zx = float(zy), float(zx)
            maps.append(np.array([[zx, 0.0, cx * (1 - zx)], [0.0, zy, cy * (1 - zy)]]))
        return maps

    def get_config(self):
        return self._affine_config({"height_factor": self.height_factor,
                                    "width_factor": self.width_factor})


class RandomTranslation(_RandomAffine):
    """Shifts by a random fraction of the height and width."""

    def __init__(self, height_factor, width_factor, fill_mode="reflect",
                 interpolation="bilinear", seed=None, fill_value=0.0, **kwargs):
        super().__init__(fill_mode, interpolation, seed, fill_value, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self._height = _factor_range(height_factor, "height_factor", out_of_range=_BETWEEN)
        self._width = _factor_range(width_factor, "width_factor", out_of_range=(
            "`{name}` must have values between [-1, 1], got {factor}"))

    def _maps(self, count, h, w):
        shift_y = self._uniform([count, 1], *self._height) * np.float32(h)
        shift_x = self._uniform([count, 1], *self._width) * np.float32(w)
        return [np.array([[1.0, 0.0, -float(dx)], [0.0, 1.0, -float(dy)]])
                for dx, dy in zip(shift_x[:, 0], shift_y[:, 0])]

    def get_config(self):
        return self._affine_config({"height_factor": self.height_factor,
                                    "width_factor": self.width_factor})


class RandomContrast(_RandomImageLayer):
    """Scales each image's deviation from its per-channel mean by a random factor in
    ``[1 - lower, 1 + upper]``."""

    def __init__(self, factor, seed=None, rng_type=None, **kwargs):
        super().__init__(seed=seed, rng_type=rng_type, **kwargs)
        self.factor = factor
        low, high = (factor, factor) if not isinstance(factor, (tuple, list)) else factor
        if low < 0 or high < 0 or low > 1:
            raise ValueError("`factor` argument cannot have negative values or values greater "
                             f"than 1.Received: factor={factor}")
        self._range = (1.0 - low, 1.0 + high)

    @runs_on_values
    def call(self, inputs, training=True):
        images, single = _images(inputs)
        if not training:
            return _out(images, single)
        if self._tf_generator is not None:  # TF: a stateless contrast, clipped to [0, 255]
            out = image_ops.stateless_random_contrast(
                _from_numpy(images[0] if single else images), self._range[0], self._range[1],
                self._stateless_seed())
            return _from_numpy(np.clip(out.numpy(), 0, 255))
        rng = self._rng()
        out = np.empty_like(images)
        for i in range(len(images)):
            mean = images[i].mean(axis=(0, 1), keepdims=True)
            out[i] = (images[i] - mean) * rng.uniform(*self._range) + mean
        return _out(out, single)

    def get_config(self):
        return self._random_config({"factor": self.factor})


_INTERPOLATIONS = ("bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5",
                   "gaussian", "mitchellcubic")  # TF's resize methods


def check_interpolation(interpolation):
    """TF's NotImplementedError for a name that is no ``tf.image.resize`` method."""
    if interpolation not in _INTERPOLATIONS:
        raise NotImplementedError(
            f"Value not recognized for `interpolation`: {interpolation}. Supported values "
            f"are: dict_keys({list(_INTERPOLATIONS)})")


class _RandomSide(_RandomImageLayer):
    """Resizes the images along one side (`_axis` 1 for the height, 2 for the width) by a
    random factor in ``[1 + lower, 1 + upper]``, one draw per call, while training."""

    _axis = None

    def __init__(self, factor, interpolation="bilinear", seed=None, rng_type=None,
                 **kwargs):
        super().__init__(seed=seed, rng_type=rng_type, **kwargs)
        self.factor = factor
        if isinstance(factor, (tuple, list)):
            low, high = float(factor[0]), float(factor[1])
        else:
            low, high = -float(factor), float(factor)
        if high < low:
            raise ValueError(f"`factor` argument cannot have an upper bound {self._less} than "
                             f"the lower bound. Received: factor={factor}")
        if low < -1.0 or high < -1.0:
            raise ValueError("`factor` argument must have values larger than -1. Received: "
                             f"factor={factor}")
        check_interpolation(interpolation)
        self.interpolation = interpolation
        self._range = (1.0 + low, 1.0 + high)

    @runs_on_values
    def call(self, inputs, training=True):
        images, single = _images(inputs)
        if not training:
            return _out(images, single)
        _, h, w, _ = images.shape
        scale = self._uniform([], *self._range)
        size = [h, w]
        # float32 product, truncated, as TF's cast
        size[self._axis - 1] = int(np.float32(scale) * np.float32(size[self._axis - 1]))
        return _out(_resize(images, size[0], size[1], self.interpolation), single)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        dims[len(dims) - 4 + self._axis] = None  # that side's length is random
        return TensorShape(dims)

    def get_config(self):
        return self._random_config({"factor": self.factor,
                                    "interpolation": self.interpolation})


class RandomHeight(_RandomSide):
    """Stretches or squeezes the images' height by a random factor while training
    (``factor=0.2``: to between 80% and 120% of it); the width stays."""

    _axis = 1
    _less = "lesser"  # TF's two layers word the error differently


class RandomWidth(_RandomSide):
    """Stretches or squeezes the images' width by a random factor while training
    (``factor=0.2``: to between 80% and 120% of it); the height stays."""

    _axis = 2
    _less = "less"


class RandomBrightness(_RandomImageLayer):
    """Adds a random offset to each image while training: a draw in ``factor``'s range
    (``0.2``: [-0.2, 0.2]) times the width of `value_range`, then clips to `value_range`."""

    def __init__(self, factor, value_range=(0, 255), seed=None, rng_type=None, **kwargs):
        super().__init__(seed=seed, rng_type=rng_type, **kwargs)
        if isinstance(factor, (tuple, list)):
            low, high = sorted(float(f) for f in factor)
        else:
            low, high = -abs(float(factor)), abs(float(factor))
        if not (-1.0 <= low <= 1.0 and -1.0 <= high <= 1.0):
            raise ValueError("The `factor` argument should be a number (or a list of two "
                             f"numbers) in the range [-1.0, 1.0]. Got {factor}")
        if len(value_range) != 2:
            raise ValueError("The `value_range` argument should be a list of two numbers. "
                             f"Got {value_range}")
        # TF keeps both as tracked lists, which its config shows.
        self._factor = ListWrapper([low, high])
        self._value_range = ListWrapper(sorted(value_range))

    @runs_on_values
    def call(self, inputs, training=True):
        images, single = _images(inputs)
        if not training:
            return _out(images, single)
        low, high = self._value_range
        shape = (1, 1, 1) if single else (len(images), 1, 1, 1)
        offsets = self._uniform(shape, self._factor[0], self._factor[1]) * np.float32(high - low)
        if single:
            offsets = offsets[None]
        return _out(np.clip(images + offsets.astype(np.float32), low, high), single)

    def get_config(self):
        return self._random_config({"factor": self._factor,
                                    "value_range": self._value_range})


__all__ = ["Resizing", "CenterCrop", "RandomCrop", "RandomFlip", "RandomRotation",
           "RandomZoom", "RandomTranslation", "RandomContrast", "RandomHeight", "RandomWidth",
           "RandomBrightness"]

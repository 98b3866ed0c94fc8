"""``tf.keras.preprocessing.image.ImageDataGenerator`` (TF 2's Keras): batches of images from
arrays (``flow``) or from a folder per class (``flow_from_directory``), each image randomly
transformed (rotated, shifted, sheared, zoomed, flipped, ...) and then standardized.

The iterators are ``keras.utils.Sequence`` objects, so ``model.fit`` takes them. Random draws
use NumPy's global random state in TF's order (an iterator's `seed` reseeds it per batch, as
TF does), so seeded runs give TF's batches.
"""

import os
import threading
import warnings

import numpy as np

from .. import backend, image_utils
from ..data_utils import Sequence
from .affine import (
    apply_affine_transform,
    apply_brightness_shift,
    apply_channel_shift,
)

_WHITE_LIST_FORMATS = ("png", "jpg", "jpeg", "bmp", "ppm", "tif", "tiff")


# --- the iterators ---------------------------------------------------------------------------
class Iterator(Sequence):
    """Batches of indices into `n` samples, shuffled each epoch if asked; subclasses turn an
    index batch into data (``_get_batches_of_transformed_samples``)."""

    white_list_formats = _WHITE_LIST_FORMATS

    def __init__(self, n, batch_size, shuffle, seed):
        self.n = n
        self.batch_size = batch_size
        self.seed = seed
        self.shuffle = shuffle
        self.batch_index = 0
        self.total_batches_seen = 0
        self.lock = threading.Lock()
        self.index_array = None
        self.index_generator = self._flow_index()

    def _set_index_array(self):
        self.index_array = np.random.permutation(self.n) if self.shuffle else np.arange(self.n)

    def __getitem__(self, idx):
        if idx >= len(self):
            raise ValueError(f"Asked to retrieve element {idx}, but the Sequence has length "
                             f"{len(self)}")
        if self.seed is not None:
            np.random.seed(self.seed + self.total_batches_seen)
        self.total_batches_seen += 1
        if self.index_array is None:
            self._set_index_array()
        indices = self.index_array[self.batch_size * idx:self.batch_size * (idx + 1)]
        return self._get_batches_of_transformed_samples(indices)

    def __len__(self):
        return (self.n + self.batch_size - 1) // self.batch_size

    def on_epoch_end(self):
        self._set_index_array()

    def reset(self):
        self.batch_index = 0

    def _flow_index(self):
        """Index batches forever: the epoch's order, cut into batches (the last one short)."""
        self.reset()
        while True:
            if self.seed is not None:
                np.random.seed(self.seed + self.total_batches_seen)
            if self.batch_index == 0:
                self._set_index_array()
            start = 0 if self.n == 0 else (self.batch_index * self.batch_size) % self.n
            if self.n > start + self.batch_size:
                self.batch_index += 1
            else:
                self.batch_index = 0
            self.total_batches_seen += 1
            yield self.index_array[start:start + self.batch_size]

    def __iter__(self):
        return self

    def __next__(self):
        return self.next()

    def next(self):
        with self.lock:
            indices = next(self.index_generator)
        return self._get_batches_of_transformed_samples(indices)

    def _get_batches_of_transformed_samples(self, index_array):
        raise NotImplementedError


def _transformed(generator, image):
    """One image through the generator's random transform and standardization."""
    params = generator.get_random_transform(image.shape)
    image = generator.apply_transform(image, params)
    return generator.standardize(image)


def _save_batch(iterator, batch_x, index_array, hash_range):
    for i, j in enumerate(index_array):
        image = image_utils.array_to_img(batch_x[i], iterator.data_format, scale=True)
        name = f"{iterator.save_prefix}_{j}_{np.random.randint(hash_range)}." \
               f"{iterator.save_format}"
        image.save(os.path.join(iterator.save_to_dir, name))


class NumpyArrayIterator(Iterator):
    """Batches of (transformed images, labels[, sample weights]) from arrays."""

    def __init__(self, x, y, image_data_generator, batch_size=32, shuffle=False,
                 sample_weight=None, seed=None, data_format=None, save_to_dir=None,
                 save_prefix="", save_format="png", subset=None, ignore_class_split=False,
                 dtype=None):
        self.data_format = data_format or backend.image_data_format()
        self.dtype = dtype or backend.floatx()
        x, x_misc = _split_misc(x)
        _check_lengths(x, y, sample_weight)
        if subset is not None:
            x, x_misc, y = _subset(x, x_misc, y, subset, image_data_generator,
                                   ignore_class_split)
        self.x = np.asarray(x, dtype=self.dtype)
        self.x_misc = x_misc
        if self.x.ndim != 4:
            raise ValueError("Input data in `NumpyArrayIterator` should have rank 4. You passed "
                             f"an array with shape {self.x.shape}")
        channels_axis = 3 if self.data_format == "channels_last" else 1
        if self.x.shape[channels_axis] not in {1, 3, 4}:
            warnings.warn(f'NumpyArrayIterator is set to use the data format convention '
                          f'"{self.data_format}" (channels on axis {channels_axis}), i.e. '
                          f"expected either 1, 3, or 4 channels on axis {channels_axis}. "
                          f"However, it was passed an array with shape {self.x.shape} "
                          f"({self.x.shape[channels_axis]} channels).", stacklevel=3)
        self.y = None if y is None else np.asarray(y)
        self.sample_weight = None if sample_weight is None else np.asarray(sample_weight)
        self.image_data_generator = image_data_generator
        self.save_to_dir = save_to_dir
        self.save_prefix = save_prefix
        self.save_format = save_format
        super().__init__(self.x.shape[0], batch_size, shuffle, seed)

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array),) + self.x.shape[1:], dtype=self.dtype)
        for i, j in enumerate(index_array):
            batch_x[i] = _transformed(self.image_data_generator, self.x[j].astype(self.dtype))
        if self.save_to_dir:
            _save_batch(self, batch_x, index_array, 10000)
        misc = [extra[index_array] for extra in self.x_misc]
        inputs = [batch_x] + misc if misc else batch_x
        if self.y is None:
            return inputs
        if self.sample_weight is None:
            return inputs, self.y[index_array]
        return inputs, self.y[index_array], self.sample_weight[index_array]


def _split_misc(x):
    """`x` may be (images, extra array or list of them): the extras come along per batch."""
    if not isinstance(x, (tuple, list)):
        return x, []
    extras = x[1] if isinstance(x[1], list) else [x[1]]
    extras = [np.asarray(extra) for extra in extras]
    for extra in extras:
        if len(x[0]) != len(extra):
            raise ValueError("All of the arrays in `x` should have the same length. Found a "
                             f"pair with: len(x[0]) = {len(x[0])}, len(x[?]) = {len(extra)}")
    return x[0], extras


def _check_lengths(x, y, sample_weight):
    if y is not None and len(x) != len(y):
        raise ValueError("`x` (images tensor) and `y` (labels) should have the same length. "
                         f"Found: x.shape = {np.asarray(x).shape}, y.shape = "
                         f"{np.asarray(y).shape}")
    if sample_weight is not None and len(x) != len(sample_weight):
        raise ValueError("`x` (images tensor) and `sample_weight` should have the same "
                         f"length. Found: x.shape = {np.asarray(x).shape}, "
                         f"sample_weight.shape = {np.asarray(sample_weight).shape}")


def _subset(x, x_misc, y, subset, generator, ignore_class_split):
    """The 'validation' subset is the first `validation_split` of the samples, 'training' the
    rest."""
    if subset not in {"training", "validation"}:
        raise ValueError("Invalid subset name:", subset, '; expected "training" or '
                         '"validation".')
    split = int(len(x) * generator._validation_split)
    if y is not None and not ignore_class_split and \
            not np.array_equal(np.unique(y[:split]), np.unique(y[split:])):
        raise ValueError("Training and validation subsets have different number of classes "
                         "after the split. If your numpy arrays are sorted by the label, you "
                         "might want to shuffle them.")
    part = slice(None, split) if subset == "validation" else slice(split, None)
    return (x[part], [np.asarray(extra[part]) for extra in x_misc],
            None if y is None else y[part])


class DirectoryIterator(Iterator):
    """Batches of (transformed images, labels) read from `directory`, whose subfolders are
    the classes (sorted by name unless `classes` lists them)."""

    allowed_class_modes = {"categorical", "binary", "sparse", "input", None}

    def __init__(self, directory, image_data_generator, target_size=(256, 256),
                 color_mode="rgb", classes=None, class_mode="categorical", batch_size=32,
                 shuffle=True, seed=None, data_format=None, save_to_dir=None, save_prefix="",
                 save_format="png", follow_links=False, subset=None, interpolation="nearest",
                 keep_aspect_ratio=False, dtype=None):
        self.data_format = data_format or backend.image_data_format()
        self.dtype = dtype or backend.floatx()
        self.image_data_generator = image_data_generator
        self.target_size = tuple(target_size)
        self.keep_aspect_ratio = keep_aspect_ratio
        if color_mode not in {"rgb", "rgba", "grayscale"}:
            raise ValueError("Invalid color mode:", color_mode,
                             '; expected "rgb", "rgba", or "grayscale".')
        self.color_mode = color_mode
        channels = {"rgb": 3, "rgba": 4, "grayscale": 1}[color_mode]
        self.image_shape = self.target_size + (channels,) \
            if self.data_format == "channels_last" else (channels,) + self.target_size
        self.save_to_dir, self.save_prefix, self.save_format = \
            save_to_dir, save_prefix, save_format
        self.interpolation = interpolation
        self.split = _split_range(subset, image_data_generator)
        self.subset = subset
        self.directory = directory
        if class_mode not in self.allowed_class_modes:
            raise ValueError(f"Invalid class_mode: {class_mode}; expected one of: "
                             f"{self.allowed_class_modes}")
        self.class_mode = class_mode
        if not classes:
            classes = [d for d in sorted(os.listdir(directory))
                       if os.path.isdir(os.path.join(directory, d))]
        self.num_classes = len(classes)
        self.class_indices = dict(zip(classes, range(len(classes))))
        self.filenames, labels = [], []
        for name in classes:
            found = _files_of_class(os.path.join(directory, name), self.split, follow_links)
            self.filenames += found
            labels += [self.class_indices[name]] * len(found)
        self.samples = len(self.filenames)
        self.classes = np.array(labels, dtype="int32")
        print(f"Found {self.samples} images belonging to {self.num_classes} classes.")
        self._filepaths = [os.path.join(directory, name) for name in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    @property
    def filepaths(self):
        return self._filepaths

    @property
    def labels(self):
        return self.classes

    @property
    def sample_weight(self):
        return None

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array),) + self.image_shape, dtype=self.dtype)
        for i, j in enumerate(index_array):
            image = image_utils.load_img(self._filepaths[j], color_mode=self.color_mode,
                                         target_size=self.target_size,
                                         interpolation=self.interpolation,
                                         keep_aspect_ratio=self.keep_aspect_ratio)
            x = image_utils.img_to_array(image, data_format=self.data_format)
            image.close()
            batch_x[i] = _transformed(self.image_data_generator, x) \
                if self.image_data_generator else x
        if self.save_to_dir:
            _save_batch(self, batch_x, index_array, 10 ** 7)
        if self.class_mode is None:
            return batch_x
        if self.class_mode == "input":
            batch_y = batch_x.copy()
        elif self.class_mode in {"binary", "sparse"}:
            batch_y = self.classes[index_array].astype(self.dtype)
        else:  # categorical: one-hot rows
            batch_y = np.zeros((len(batch_x), len(self.class_indices)), dtype=self.dtype)
            batch_y[np.arange(len(batch_x)), self.classes[index_array]] = 1.0
        return batch_x, batch_y


def _split_range(subset, generator):
    """The fraction range of each class's files a subset takes (None: all of them)."""
    if subset is None:
        return None
    if subset == "validation":
        return (0, generator._validation_split)
    if subset == "training":
        return (generator._validation_split, 1)
    raise ValueError(f'Invalid subset name: {subset};expected "training" or "validation"')


def _files_of_class(folder, split, follow_links):
    """The image files under `folder` (walked in sorted order), as paths relative to the
    parent directory, cut to the `split` range."""
    found = []
    for root, _, files in sorted(os.walk(folder, followlinks=follow_links),
                                 key=lambda entry: entry[0]):
        for name in sorted(files):
            if name.lower().endswith(".tiff"):
                warnings.warn('Using ".tiff" files with multiple bands will cause distortion. '
                              "Please verify your output.", stacklevel=2)
            if name.lower().endswith(_WHITE_LIST_FORMATS):
                found.append(os.path.join(os.path.basename(folder),
                                          os.path.relpath(os.path.join(root, name), folder)))
    if split:
        found = found[int(split[0] * len(found)):int(split[1] * len(found))]
    return found


# --- the generator ---------------------------------------------------------------------------
class ImageDataGenerator:
    """Describes the random transforms (``rotation_range`` degrees, ``width_shift_range``,
    ``height_shift_range``, ``shear_range``, ``zoom_range``, ``channel_shift_range``,
    ``brightness_range``, flips) and the standardization (``rescale``, centring and scaling
    per sample or, after ``fit(x)``, per feature, ZCA whitening) of the images that ``flow``
    and ``flow_from_directory`` serve."""

    def __init__(self, featurewise_center=False, samplewise_center=False,
                 featurewise_std_normalization=False, samplewise_std_normalization=False,
                 zca_whitening=False, zca_epsilon=1e-6, rotation_range=0,
                 width_shift_range=0.0, height_shift_range=0.0, brightness_range=None,
                 shear_range=0.0, zoom_range=0.0, channel_shift_range=0.0, fill_mode="nearest",
                 cval=0.0, horizontal_flip=False, vertical_flip=False, rescale=None,
                 preprocessing_function=None, data_format=None, validation_split=0.0,
                 interpolation_order=1, dtype=None):
        data_format = data_format or backend.image_data_format()
        self.featurewise_center = featurewise_center
        self.samplewise_center = samplewise_center
        self.featurewise_std_normalization = featurewise_std_normalization
        self.samplewise_std_normalization = samplewise_std_normalization
        self.zca_whitening = zca_whitening
        self.zca_epsilon = zca_epsilon
        self.rotation_range = rotation_range
        self.width_shift_range = width_shift_range
        self.height_shift_range = height_shift_range
        self.shear_range = shear_range
        self.zoom_range = zoom_range
        self.channel_shift_range = channel_shift_range
        self.fill_mode = fill_mode
        self.cval = cval
        self.horizontal_flip = horizontal_flip
        self.vertical_flip = vertical_flip
        self.rescale = rescale
        self.preprocessing_function = preprocessing_function
        self.dtype = dtype or backend.floatx()
        self.interpolation_order = interpolation_order
        if data_format not in {"channels_last", "channels_first"}:
            raise ValueError('`data_format` should be `"channels_last"` (channel after row and '
                             'column) or `"channels_first"` (channel before row and column). '
                             f"Received: {data_format}")
        self.data_format = data_format
        # axes of a batch: (samples, rows, columns, channels) or channels first
        self.channel_axis, self.row_axis, self.col_axis = \
            (3, 1, 2) if data_format == "channels_last" else (1, 2, 3)
        if validation_split and not 0 < validation_split < 1:
            raise ValueError("`validation_split` must be strictly between 0 and 1.  Received: "
                             f"{validation_split}")
        self._validation_split = validation_split
        self.mean = self.std = self.zca_whitening_matrix = None
        self.zoom_range = _zoom_bounds(zoom_range)
        self._settle_normalization_flags()
        if brightness_range is not None and \
                (not isinstance(brightness_range, (tuple, list)) or len(brightness_range) != 2):
            raise ValueError("`brightness_range should be tuple or list of two floats. "
                             f"Received: {brightness_range}")
        self.brightness_range = brightness_range

    def _settle_normalization_flags(self):
        """ZCA whitening implies feature-wise centring (and no feature-wise scaling); scaling
        implies centring. TF warns when it changes a flag."""
        def note(message):
            warnings.warn(f"This ImageDataGenerator specifies {message}", stacklevel=4)

        if self.zca_whitening:
            if not self.featurewise_center:
                self.featurewise_center = True
                note("`zca_whitening`, which overrides setting of `featurewise_center`.")
            if self.featurewise_std_normalization:
                self.featurewise_std_normalization = False
                note("`zca_whitening` which overrides setting of"
                     "`featurewise_std_normalization`.")
        if self.featurewise_std_normalization and not self.featurewise_center:
            self.featurewise_center = True
            note("`featurewise_std_normalization`, which overrides setting of "
                 "`featurewise_center`.")
        if self.samplewise_std_normalization and not self.samplewise_center:
            self.samplewise_center = True
            note("`samplewise_std_normalization`, which overrides setting of "
                 "`samplewise_center`.")

    # --- serving batches ---
    def flow(self, x, y=None, batch_size=32, shuffle=True, sample_weight=None, seed=None,
             save_to_dir=None, save_prefix="", save_format="png", ignore_class_split=False,
             subset=None):
        return NumpyArrayIterator(x, y, self, batch_size=batch_size, shuffle=shuffle,
                                  sample_weight=sample_weight, seed=seed,
                                  data_format=self.data_format, save_to_dir=save_to_dir,
                                  save_prefix=save_prefix, save_format=save_format,
                                  ignore_class_split=ignore_class_split, subset=subset,
                                  dtype=self.dtype)

    def flow_from_directory(self, directory, target_size=(256, 256), color_mode="rgb",
                            classes=None, class_mode="categorical", batch_size=32, shuffle=True,
                            seed=None, save_to_dir=None, save_prefix="", save_format="png",
                            follow_links=False, subset=None, interpolation="nearest",
                            keep_aspect_ratio=False):
        return DirectoryIterator(directory, self, target_size=target_size,
                                 color_mode=color_mode, keep_aspect_ratio=keep_aspect_ratio,
                                 classes=classes, class_mode=class_mode,
                                 data_format=self.data_format, batch_size=batch_size,
                                 shuffle=shuffle, seed=seed, save_to_dir=save_to_dir,
                                 save_prefix=save_prefix, save_format=save_format,
                                 follow_links=follow_links, subset=subset,
                                 interpolation=interpolation, dtype=self.dtype)

    # --- standardization ---
    def standardize(self, x):
        """`x` (changed in place where it can be) through the preprocessing function, the
        rescale factor and the centring/scaling/whitening asked for."""
        if self.preprocessing_function:
            x = self.preprocessing_function(x)
        if self.rescale:
            x *= self.rescale
        if self.samplewise_center:
            x -= np.mean(x, keepdims=True)
        if self.samplewise_std_normalization:
            x /= np.std(x, keepdims=True) + 1e-6
        if self.featurewise_center:
            if self.mean is not None:
                x -= self.mean
            else:
                self._warn_not_fit("`featurewise_center`, but it hasn't")
        if self.featurewise_std_normalization:
            if self.std is not None:
                x /= self.std + 1e-6
            else:
                self._warn_not_fit("`featurewise_std_normalization`, but it hasn't")
        if self.zca_whitening:
            if self.zca_whitening_matrix is not None:
                flat = x.reshape(-1, np.prod(x.shape[-3:]))
                x = np.reshape(flat @ self.zca_whitening_matrix, x.shape)
            else:
                self._warn_not_fit("`zca_whitening`, but it hasn't")
        return x

    @staticmethod
    def _warn_not_fit(what):
        warnings.warn(f"This ImageDataGenerator specifies {what} been fit on any training "
                      "data. Fit it first by calling `.fit(numpy_data)`.", stacklevel=3)

    def fit(self, x, augment=False, rounds=1, seed=None):
        """Computes the feature-wise mean, std and ZCA matrix the standardization uses, from
        sample images `x` (rank 4; `rounds` randomly transformed copies if `augment`)."""
        x = np.asarray(x, dtype=self.dtype)
        if x.ndim != 4:
            raise ValueError(f"Input to `.fit()` should have rank 4. Got array with shape: "
                             f"{x.shape}")
        if x.shape[self.channel_axis] not in {1, 3, 4}:
            warnings.warn("Expected input to be images (as Numpy array) following the data "
                          f'format convention "{self.data_format}" (channels on axis '
                          f"{self.channel_axis}), i.e. expected either 1, 3 or 4 channels on "
                          f"axis {self.channel_axis}. However, it was passed an array with "
                          f"shape {x.shape} ({x.shape[self.channel_axis]} channels).",
                          stacklevel=2)
        if seed is not None:
            np.random.seed(seed)
        x = np.copy(x)
        if self.rescale:
            x *= self.rescale
        if augment:
            copies = np.zeros((rounds * x.shape[0],) + x.shape[1:], dtype=self.dtype)
            for r in range(rounds):
                for i in range(x.shape[0]):
                    copies[i + r * x.shape[0]] = self.random_transform(x[i])
            x = copies
        per_channel = [1, 1, 1]
        per_channel[self.channel_axis - 1] = x.shape[self.channel_axis]
        axes = (0, self.row_axis, self.col_axis)
        if self.featurewise_center:
            self.mean = np.reshape(np.mean(x, axis=axes), per_channel)
            x -= self.mean
        if self.featurewise_std_normalization:
            self.std = np.reshape(np.std(x, axis=axes), per_channel)
            x /= self.std + 1e-6
        if self.zca_whitening:
            flat = np.reshape(x, (len(x), -1))
            u, s, _ = np.linalg.svd(flat.T, full_matrices=False)
            s_inv = np.sqrt(len(x)) / (s + self.zca_epsilon)
            self.zca_whitening_matrix = (u * s_inv).dot(u.T)

    # --- the random transform ---
    def get_random_transform(self, img_shape, seed=None):
        """Draws one image's transform parameters (NumPy's global random state, reseeded by
        `seed`), in TF's order: rotation, height shift, width shift, shear, zoom, flips,
        channel shift, brightness."""
        img_row_axis, img_col_axis = self.row_axis - 1, self.col_axis - 1
        if seed is not None:
            np.random.seed(seed)
        theta = np.random.uniform(-self.rotation_range, self.rotation_range) \
            if self.rotation_range else 0
        tx = _draw_shift(self.height_shift_range, img_shape[img_row_axis])
        ty = _draw_shift(self.width_shift_range, img_shape[img_col_axis])
        shear = np.random.uniform(-self.shear_range, self.shear_range) \
            if self.shear_range else 0
        if self.zoom_range[0] == 1 and self.zoom_range[1] == 1:
            zx, zy = 1, 1
        else:
            zx, zy = np.random.uniform(self.zoom_range[0], self.zoom_range[1], 2)
        flip_horizontal = (np.random.random() < 0.5) * self.horizontal_flip
        flip_vertical = (np.random.random() < 0.5) * self.vertical_flip
        channel_shift_intensity = None
        if self.channel_shift_range != 0:
            channel_shift_intensity = np.random.uniform(-self.channel_shift_range,
                                                        self.channel_shift_range)
        brightness = None
        if self.brightness_range is not None:
            brightness = np.random.uniform(self.brightness_range[0], self.brightness_range[1])
        return {"theta": theta, "tx": tx, "ty": ty, "shear": shear, "zx": zx, "zy": zy,
                "flip_horizontal": flip_horizontal, "flip_vertical": flip_vertical,
                "channel_shift_intensity": channel_shift_intensity, "brightness": brightness}

    def apply_transform(self, x, transform_parameters):
        """One image (3-D) transformed by the parameters of ``get_random_transform``."""
        params = transform_parameters
        row, col, channel = self.row_axis - 1, self.col_axis - 1, self.channel_axis - 1
        x = apply_affine_transform(x, params.get("theta", 0), params.get("tx", 0),
                                   params.get("ty", 0), params.get("shear", 0),
                                   params.get("zx", 1), params.get("zy", 1), row_axis=row,
                                   col_axis=col, channel_axis=channel,
                                   fill_mode=self.fill_mode, cval=self.cval,
                                   order=self.interpolation_order)
        if params.get("channel_shift_intensity") is not None:
            x = apply_channel_shift(x, params["channel_shift_intensity"], channel)
        if params.get("flip_horizontal", False):
            x = np.flip(x, col)
        if params.get("flip_vertical", False):
            x = np.flip(x, row)
        if params.get("brightness") is not None:
            x = apply_brightness_shift(x, params["brightness"], False)
        return x

    def random_transform(self, x, seed=None):
        """`x` (one image) randomly transformed."""
        return self.apply_transform(x, self.get_random_transform(x.shape, seed))


def _zoom_bounds(zoom_range):
    """A zoom range as [low, high]: a number z means [1 - z, 1 + z]."""
    if isinstance(zoom_range, (float, int)):
        return [1 - zoom_range, 1 + zoom_range]
    if len(zoom_range) == 2 and all(isinstance(v, (float, int)) for v in zoom_range):
        return [zoom_range[0], zoom_range[1]]
    raise ValueError("`zoom_range` should be a float or a tuple or list of two floats. "
                     f"Received: {zoom_range}")


def _draw_shift(shift_range, side):
    """A shift in pixels: a list of pixel counts (or an integer n, read by np.random.choice
    as 0..n-1) gives one of them with a random sign; a float gives a fraction of the side
    drawn uniformly from [-range, range]."""
    if not shift_range:
        return 0
    try:  # 1-D array-like or int: a choice, then a sign (TF's two draws)
        shift = np.random.choice(shift_range)
        shift *= np.random.choice([-1, 1])
    except ValueError:  # a float: np.random.choice refuses it before drawing
        shift = np.random.uniform(-shift_range, shift_range)
    if np.max(shift_range) < 1:
        shift *= side
    return shift

"""Datasets made from arrays and folders, as in TF 2's Keras utils:

- ``timeseries_dataset_from_array``: windows over a sequence (and the target of each window),
- ``image_dataset_from_directory`` and ``text_dataset_from_directory``: one sample per file,
  labelled by the sub-folder it sits in (``class_names`` in alphabetical order).

The list of files and the windows' start positions are shuffled as TF shuffles them (NumPy's
``RandomState(seed).shuffle``), so a seed gives TF's order before the batching shuffle.
"""

import os

import numpy as np

from ..core import dtypes
from ..core.shape import TensorShape
from ..core.spec import TensorSpec
from ..core.tensor import _from_numpy
from ..data.dataset import AUTOTUNE, Dataset
from ..ops import audio_ops, example_ops, image_ops, jpeg_ops, ragged_ops, string_ops

IMAGE_FORMATS = (".bmp", ".gif", ".jpeg", ".jpg", ".png")


# --- windows over a sequence ---------------------------------------------------------------
class _WindowDataset(Dataset):
    """One window per start position: ``data[p : p + length * rate : rate]``. Its length is
    not part of the spec (TF gathers by a range it computes), so batches are (None, None)."""

    _tf_name = "_MapDataset"

    def __init__(self, data, positions, length, rate):
        self._data, self._positions = data, positions
        self._length, self._rate = length, rate

    def _iterate(self):
        span = self._length * self._rate
        for p in self._positions:
            yield _from_numpy(np.ascontiguousarray(self._data[p:p + span:self._rate]))

    def _compute_spec(self):
        return TensorSpec(TensorShape([None, *self._data.shape[1:]]),
                          dtypes.as_dtype(self._data.dtype))

    def _cardinality(self):
        return len(self._positions)


class _ArrayDataset(Dataset):
    """The rows of an array at the given positions (the targets of the windows)."""

    _tf_name = "_MapDataset"

    def __init__(self, array, positions):
        self._array, self._positions = array, positions

    def _iterate(self):
        for p in self._positions:
            yield _from_numpy(np.asarray(self._array[p]))

    def _compute_spec(self):
        return TensorSpec(TensorShape(list(self._array.shape[1:])),
                          dtypes.as_dtype(self._array.dtype))

    def _cardinality(self):
        return len(self._positions)


def _as_array(values):
    array = values.numpy() if hasattr(values, "numpy") else np.asarray(values)
    return array.astype(np.float32) if array.dtype == np.float64 and not isinstance(
        values, np.ndarray) else array


def _check_positive(value, name):
    if value <= 0:
        raise ValueError(f"`{name}` must be higher than 0. Received: {name}={value}")


def timeseries_dataset_from_array(data, targets, sequence_length, sequence_stride=1,
                                  sampling_rate=1, batch_size=128, shuffle=False, seed=None,
                                  start_index=None, end_index=None):
    """Batches of windows of `sequence_length` steps taken every `sampling_rate` steps of
    `data`, one window starting every `sequence_stride` steps; with `targets`, each window
    comes with ``targets[start of the window]``."""
    data = _as_array(data)
    _check_positive(sequence_stride, "sequence_stride")
    _check_positive(sampling_rate, "sampling_rate")
    if start_index is not None:
        if start_index < 0:
            raise ValueError(f"`start_index` must be 0 or greater. Received: "
                             f"start_index={start_index}")
        if start_index >= len(data):
            raise ValueError(f"`start_index` must be lower than the length of the data. "
                             f"Received: start_index={start_index}, for data of length "
                             f"{len(data)}")
    if end_index is not None:
        if start_index is not None and end_index <= start_index:
            raise ValueError(f"`end_index` must be higher than `start_index`. Received: "
                             f"start_index={start_index}, and end_index={end_index} ")
        if end_index >= len(data):
            raise ValueError(f"`end_index` must be lower than the length of the data. "
                             f"Received: end_index={end_index}, for data of length "
                             f"{len(data)}")
        if end_index <= 0:
            raise ValueError(f"`end_index` must be higher than 0. Received: "
                             f"end_index={end_index}")
    start = start_index or 0
    end = len(data) if end_index is None else end_index
    count = end - start - (sequence_length - 1) * sampling_rate
    if targets is not None:
        targets = _as_array(targets)
        count = min(count, len(targets))
    positions = np.arange(0, max(count, 0), sequence_stride, dtype=np.int64)
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(positions)
    window = data[start:end]
    dataset = _WindowDataset(window, positions, sequence_length, sampling_rate)
    if targets is not None:
        dataset = Dataset.zip((dataset, _ArrayDataset(targets, positions + start)))
    if shuffle:
        dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
    return dataset.batch(batch_size)


# --- one sample per file, labelled by its folder ----------------------------------------------
def _index_directory(directory, labels, formats, class_names, shuffle, seed, follow_links):
    """(paths, labels, class_names): files in alphabetical order of folder then name, or
    shuffled as TF shuffles them (the same seed for paths and labels)."""
    if labels == "inferred":
        folders = sorted(d for d in os.listdir(directory)
                         if os.path.isdir(os.path.join(directory, d)))
        if class_names is not None:
            if sorted(class_names) != sorted(folders) and set(class_names) - set(folders):
                raise ValueError(f"The `class_names` passed did not match the names of the "
                                 f"subdirectories of the target directory. Expected: "
                                 f"{folders}, but received: {class_names}")
            folders = list(class_names)
        class_names = folders
    else:
        folders = [""]
    paths, indices = [], []
    for index, folder in enumerate(folders):
        root = os.path.join(directory, folder)
        for dirpath, dirnames, filenames in sorted(os.walk(root, followlinks=follow_links)):
            dirnames.sort()
            for name in sorted(filenames):
                if name.lower().endswith(formats):
                    paths.append(os.path.join(dirpath, name))
                    indices.append(index)
    if labels not in ("inferred", None):
        if len(labels) != len(paths):
            raise ValueError(f"Expected the lengths of `labels` to match the number of files "
                             f"in the target directory. len(labels) is {len(labels)} while we "
                             f"found {len(paths)} files in directory {directory}.")
        indices = list(labels)
        class_names = sorted(set(labels))
    elif labels is None:
        class_names = [""]  # TF's one unnamed class: the directory itself
    print(f"Found {len(paths)} files belonging to {len(class_names)} classes.")
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(paths)
        np.random.RandomState(seed).shuffle(indices)
    return paths, np.array(indices, dtype=np.int32), class_names or []


def _split(paths, labels, validation_split, subset):
    """TF's split: the validation part is the last `validation_split` of the files."""
    if not validation_split:
        return paths, labels
    count = int(validation_split * len(paths))
    if subset == "training":
        print(f"Using {len(paths) - count} files for training.")
        return paths[:len(paths) - count], labels[:len(labels) - count]
    if subset == "validation":
        print(f"Using {count} files for validation.")
        return paths[len(paths) - count:], labels[len(labels) - count:]
    raise ValueError(f"`subset` must be either \"training\", \"validation\" or \"both\", "
                     f"received: {subset}")


def _check_split_arguments(validation_split, subset, shuffle, seed):
    if validation_split and not 0 < validation_split < 1:
        raise ValueError(f"`validation_split` must be between 0 and 1, received: "
                         f"{validation_split}")
    if (validation_split or subset) and not (validation_split and subset):
        raise ValueError("If `subset` is set, `validation_split` must be set, and inversely.")
    if subset not in ("training", "validation", "both", None):
        raise ValueError(f"`subset` must be either \"training\", \"validation\" or \"both\", "
                         f"received: {subset}")
    if validation_split and shuffle and seed is None:
        raise ValueError("If using `validation_split` and shuffling the data, you must provide "
                         "a `seed` argument, to make sure that there is no overlap between the "
                         "training and validation subset.")


def _label_dataset(labels, label_mode, num_classes):
    if label_mode == "binary":
        return Dataset.from_tensor_slices(labels.astype(np.float32).reshape(-1, 1))
    if label_mode == "categorical":
        return Dataset.from_tensor_slices(np.eye(num_classes, dtype=np.float32)[labels]
                                          if len(labels) else
                                          np.zeros((0, num_classes), np.float32))
    return Dataset.from_tensor_slices(labels)


def _check_label_mode(label_mode, labels, class_names):
    if label_mode not in ("int", "categorical", "binary", None):
        raise ValueError(f"`label_mode` argument must be one of \"int\", \"categorical\", "
                         f"\"binary\", or None. Received: label_mode={label_mode}")
    if labels is None or label_mode is None:
        return
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(f"When passing `label_mode=\"binary\"`, there must be exactly 2 "
                         f"class_names. Received: class_names={class_names}")


def _from_directory(directory, labels, label_mode, class_names, batch_size, shuffle, seed,
                    validation_split, subset, follow_links, formats, load, shuffle_files=None):
    if labels not in ("inferred", None) and not isinstance(labels, (list, tuple)):
        raise ValueError("`labels` argument should be a list/tuple of integer labels, of the "
                         "same size as the number of files in the target directory. If you "
                         "wish to infer the labels from the subdirectory names in the target "
                         "directory, pass `labels=\"inferred\"`. If you wish to get a "
                         "dataset that only contains samples (no labels), pass "
                         f"`labels=None`. Received: labels={labels}")
    if labels is None or label_mode is None:  # no labels: TF indexes the files as one class
        labels = label_mode = None
    # (audio files are shuffled when listed, their batches by the caller)
    shuffle_files = shuffle if shuffle_files is None else shuffle_files
    _check_split_arguments(validation_split, subset, shuffle_files, seed)
    if seed is None:
        seed = np.random.randint(1e6)
    paths, label_ids, names = _index_directory(directory, labels, formats, class_names,
                                               shuffle_files, seed, follow_links)
    _check_label_mode(label_mode, labels, names)
    num_classes = len(names) if names else int(label_ids.max(initial=-1)) + 1

    def make(subset_name):
        part_paths, part_labels = _split(paths, label_ids, validation_split, subset_name)
        if not part_paths:
            raise ValueError(f"No images found in directory {directory}. Allowed formats: "
                             f"{formats}")
        dataset = Dataset.from_tensor_slices(np.array(part_paths, dtype=object)).map(load)
        if label_mode is not None:
            dataset = Dataset.zip((dataset, _label_dataset(part_labels, label_mode,
                                                           num_classes)))
        if batch_size is not None:
            if shuffle:
                dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
            dataset = dataset.batch(batch_size)
        elif shuffle:
            dataset = dataset.shuffle(buffer_size=1024, seed=seed)
        dataset.class_names = names
        dataset.file_paths = part_paths
        return dataset

    if subset == "both":
        return [make("training"), make("validation")]
    return make(subset)


def image_dataset_from_directory(directory, labels="inferred", label_mode="int",
                                 class_names=None, color_mode="rgb", batch_size=32,
                                 image_size=(256, 256), shuffle=True, seed=None,
                                 validation_split=None, subset=None, interpolation="bilinear",
                                 follow_links=False, crop_to_aspect_ratio=False, **kwargs):
    """Batches of (image, label): every image file under `directory`'s class folders, decoded
    and resized to `image_size` (float32, 0-255)."""
    channels = {"rgb": 3, "rgba": 4, "grayscale": 1}.get(color_mode)
    if channels is None:
        raise ValueError(f"`color_mode` must be one of {{\"rgb\", \"rgba\", \"grayscale\"}}. "
                         f"Received: color_mode={color_mode}")
    size = tuple(image_size)

    def load(path):
        raw = example_ops.read_file(path)  # PNG, or JPEG through Pillow (ops/jpeg_ops.py)
        image = jpeg_ops.decode_image(raw, channels=channels, expand_animations=False)
        return image_ops.resize(image, size, method=interpolation)

    dataset = _from_directory(directory, labels, label_mode, class_names, batch_size, shuffle,
                              seed, validation_split, subset, follow_links, IMAGE_FORMATS, load)
    return dataset


def text_dataset_from_directory(directory, labels="inferred", label_mode="int",
                                class_names=None, batch_size=32, max_length=None, shuffle=True,
                                seed=None, validation_split=None, subset=None,
                                follow_links=False):
    """Batches of (text, label): the contents of every ``.txt`` file under `directory`'s class
    folders (cut to `max_length` characters when given)."""
    def load(path):
        text = example_ops.read_file(path)
        if max_length is not None:
            text = string_ops.substr(text, 0, max_length)
        return text

    return _from_directory(directory, labels, label_mode, class_names, batch_size, shuffle,
                           seed, validation_split, subset, follow_links, (".txt",), load)


def audio_dataset_from_directory(directory, labels="inferred", label_mode="int",
                                 class_names=None, batch_size=32, sampling_rate=None,
                                 output_sequence_length=None, ragged=False, shuffle=True,
                                 seed=None, validation_split=None, subset=None,
                                 follow_links=False):
    """Batches of (audio, label): every ``.wav`` file under `directory`'s class folders,
    decoded to float32 samples of shape ``(samples, channels)``; cut or zero-padded to
    `output_sequence_length` samples, else padded to the batch's longest (or ragged)."""
    if labels not in ("inferred", None) and class_names:
        raise ValueError(f"You can only pass `class_names` if `labels=\"inferred\"`. "
                         f"Received: labels={labels}, and class_names={class_names}")
    if ragged and output_sequence_length is not None:
        raise ValueError("Cannot set both `ragged` and `output_sequence_length`")
    if sampling_rate is not None:  # TF resamples with tensorflow_io, which eagerbook lacks
        if not isinstance(sampling_rate, int):
            raise ValueError(f"`sampling_rate` should have an integer value. Received: "
                             f"sampling_rate={sampling_rate}")
        if sampling_rate <= 0:
            raise ValueError(f"`sampling_rate` should be higher than 0. Received: "
                             f"sampling_rate={sampling_rate}")
        raise ImportError("To use the argument `sampling_rate`, you should install "
                          "tensorflow_io. You can install it via `pip install tensorflow-io`.")
    length = -1 if output_sequence_length is None else output_sequence_length

    def load(path):
        audio, _ = audio_ops.decode_wav(example_ops.read_file(path), desired_samples=length)
        return ragged_ops.RaggedTensor.from_tensor(audio) if ragged else audio

    datasets = _from_directory(directory, labels, label_mode, class_names, None, False, seed,
                               validation_split, subset, follow_links, (".wav",), load,
                               shuffle_files=shuffle)
    parts = datasets if subset == "both" else [datasets]
    batched = [_batch_audio(part, batch_size, shuffle and i == 0, seed,
                            output_sequence_length is None and not ragged)
               for i, part in enumerate(parts)]
    return batched if subset == "both" else batched[0]


def _batch_audio(dataset, batch_size, shuffle, seed, pad):
    """TF's batching of audio: clips of different lengths are zero-padded to the longest."""
    names = dataset.class_names
    dataset = dataset.prefetch(AUTOTUNE)
    if batch_size is not None:
        if shuffle:
            dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
        dataset = dataset.padded_batch(batch_size) if pad else dataset.batch(batch_size)
    elif shuffle:
        dataset = dataset.shuffle(buffer_size=1024, seed=seed)
    dataset.class_names = names
    return dataset


def normalize(x, axis=-1, order=2):
    """`x` divided by its `order`-norm along `axis` (rows of zeros stay zeros)."""
    x = np.asarray(x)
    norm = np.atleast_1d(np.linalg.norm(x, order, axis))
    norm[norm == 0] = 1
    return x / np.expand_dims(norm, axis)


__all__ = ["image_dataset_from_directory", "normalize", "text_dataset_from_directory",
           "timeseries_dataset_from_array"]

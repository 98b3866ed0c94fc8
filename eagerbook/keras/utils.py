"""``tf.keras.utils``: small helpers."""

import types

import numpy as np

from . import dataset_creator as _dataset_creator
from .callbacks import Progbar
from .data_utils import Sequence, get_file
from .dataset_creation import (
    audio_dataset_from_directory,
    image_dataset_from_directory,
    normalize,
    text_dataset_from_directory,
    timeseries_dataset_from_array,
)
from .dataset_utils import split_dataset
from .feature_space import FeatureSpace
from .image_utils import array_to_img, img_to_array, load_img, save_img
from .layers.core import warmstart_embedding_matrix
from .preprocessing.sequence import pad_sequences
from .serialization import (
    CustomObjectScope,
    custom_object_scope,
    deserialize_keras_object,
    get_custom_objects,
    get_registered_name,
    get_registered_object,
    register_keras_serializable,
    serialize_keras_object,
)
from .sidecar_evaluator import SidecarEvaluator
from .vis_utils import model_to_dot, plot_model

# tf.keras.utils.experimental
experimental = types.SimpleNamespace(DatasetCreator=_dataset_creator.DatasetCreator)


def to_categorical(y, num_classes=None, dtype="float32"):
    """Integer labels -> one-hot rows (``num_classes`` defaults to max label + 1)."""
    y = np.array(y, dtype="int64")
    shape = y.shape
    if shape and shape[-1] == 1 and len(shape) > 1:
        shape = shape[:-1]
    y = y.reshape(-1)
    if num_classes is None:
        num_classes = int(np.max(y)) + 1 if y.size else 0
    out = np.zeros((y.shape[0], num_classes), dtype=dtype)
    out[np.arange(y.shape[0]), y] = 1
    return out.reshape(shape + (num_classes,))


def to_ordinal(y, num_classes=None, dtype="float32"):
    """Integer labels -> ordinal rows: label k has ones in its first k of num_classes - 1."""
    y = np.array(y, dtype="int64")
    shape = y.shape
    if shape and shape[-1] == 1 and len(shape) > 1:
        shape = shape[:-1]
    y = y.ravel()
    if not num_classes:
        num_classes = int(np.max(y)) + 1
    ordinal = (np.arange(num_classes - 1)[None, :] < y[:, None]).astype(dtype)
    return ordinal.reshape(shape + (num_classes - 1,))


def unpack_x_y_sample_weight(data):
    """``(x, y, sample_weight)`` from ``x``, ``(x,)``, ``(x, y)`` or ``(x, y, w)``."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if len(data) in (1, 2, 3):
        return tuple(data) + (None,) * (3 - len(data))
    raise ValueError("Data is expected to be in format `x`, `(x,)`, `(x, y)`, or "
                     f"`(x, y, sample_weight)`, found: {data}")


def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    """What ``train_step`` receives: ``x`` alone (a tuple x wrapped as ``(x,)``), ``(x, y)``
    or ``(x, y, sample_weight)``."""
    if y is None:
        return (x,) if isinstance(x, tuple) else x
    if sample_weight is None:
        return x, y
    return x, y, sample_weight


def set_random_seed(seed):
    """Seeds Python, NumPy and eagerbook's random ops (``tf.keras.utils.set_random_seed``)."""
    if not isinstance(seed, int):  # (TF's check: a NumPy integer is refused too)
        raise ValueError("Expected `seed` argument to be an integer. Received: "
                         f"seed={seed} (of type {type(seed)})")
    import random
    random.seed(seed)
    np.random.seed(seed)
    from ..ops import random_ops
    random_ops.set_seed(seed)
    from . import initializers  # unseeded initializers draw their seeds from this stream
    initializers.set_seed_stream(seed)



def get_source_inputs(tensor, layer=None, node_index=None):
    """The Input KerasTensors a functional model's `tensor` is computed from: depth first,
    each layer call's inputs in order, each one once (``tf.keras.utils.get_source_inputs``)."""
    from .keras_tensor import KerasTensor  # (the functional graph's tensors)

    node = tensor._node if isinstance(tensor, KerasTensor) else None
    if node is None or not node.keras_inputs:
        return [tensor]
    found = []
    for parent in node.keras_inputs:
        for source in get_source_inputs(parent):
            if not any(source is seen for seen in found):
                found.append(source)
    return found

__all__ = ["CustomObjectScope", "Progbar", "array_to_img", "custom_object_scope",
           "deserialize_keras_object", "get_file", "img_to_array", "load_img", "save_img",
           "get_custom_objects", "get_source_inputs",
           "get_registered_name", "get_registered_object", "image_dataset_from_directory",
           "audio_dataset_from_directory",
           "model_to_dot", "normalize", "pad_sequences", "plot_model",
           "register_keras_serializable", "Sequence", "serialize_keras_object",
           "set_random_seed",
           "split_dataset", "experimental", "SidecarEvaluator", "FeatureSpace",
           "text_dataset_from_directory", "timeseries_dataset_from_array", "to_categorical",
           "warmstart_embedding_matrix"]

"""``tf.keras.applications``: well-known image models, built layer by layer with TF's layer
names, so their summaries, shapes and parameter counts are TF's.

Pretrained weights are files TF downloads on first use; eagerbook has no such files. With
``weights='imagenet'`` the model is built with freshly initialized weights and a warning says
so: shapes, names and counts (what transfer-learning code inspects) are right, predictions are
not. ``weights=None`` builds the same model silently; ``weights=<path>`` loads saved weights.
"""

import types

from . import inception_v3, mobilenet_v2, vgg
from .inception_v3 import InceptionV3
from .mobilenet_v2 import MobileNetV2
from .vgg import VGG16, VGG19


def _module(name, model):
    """TF's per-model module (``tf.keras.applications.vgg19``): the model function,
    preprocess_input and decode_predictions."""
    module = types.ModuleType(f"{__name__}.{name}")
    module.__dict__.update({model.__name__: model, "preprocess_input": vgg.preprocess_input,
                            "decode_predictions": vgg.decode_predictions})
    return module


vgg16 = _module("vgg16", VGG16)
vgg19 = _module("vgg19", VGG19)

__all__ = ["InceptionV3", "MobileNetV2", "VGG16", "VGG19", "inception_v3", "mobilenet_v2",
           "vgg16", "vgg19"]

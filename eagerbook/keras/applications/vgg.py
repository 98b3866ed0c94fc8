"""``tf.keras.applications.VGG16`` and ``VGG19`` (Simonyan & Zisserman, 2014): five blocks of
3x3 'same' convolutions with ReLU (2, 2, 3, 3, 3 of them in VGG16; 2, 2, 4, 4, 4 in VGG19),
each block ending in 2x2 max pooling, then two 4096-unit dense layers and the classifier.
Layer names follow TF's Keras models (``block1_conv1``, ``block1_pool``, ``fc1``, ...), so the
layer lists that style-transfer code picks outputs from are TF's."""

import warnings

import numpy as np

from ...core.tensor import Tensor, convert_to_tensor
from ...ops import math_ops
from .. import backend, layers
from ..models import Model
from .imagenet_utils import decode_predictions

_FILTERS = (64, 128, 256, 512, 512)
_CONVS = {"vgg16": (2, 2, 3, 3, 3), "vgg19": (2, 2, 4, 4, 4)}
_CAFFE_MEAN = [103.939, 116.779, 123.68]  # ImageNet's mean pixel, in BGR order


def _input_shape(input_shape, include_top, weights):
    """TF's rules: with the classifier on top the images are 224x224 (any size of at least
    32x32 otherwise, None x None when not given)."""
    if input_shape is None:
        return (224, 224, 3) if include_top else (None, None, 3)
    input_shape = tuple(input_shape)
    if weights == "imagenet" and include_top and input_shape != (224, 224, 3):
        raise ValueError("When setting `include_top=True` and loading `imagenet` weights, "
                         f"`input_shape` should be (224, 224, 3).  Received: "
                         f"input_shape={input_shape}")
    if len(input_shape) != 3:
        raise ValueError(f"`input_shape` must be a tuple of three integers. Received: "
                         f"input_shape={input_shape}")
    if any(d is not None and d < 32 for d in input_shape[:2]):
        raise ValueError(f"Input size must be at least 32x32; Received: "
                         f"input_shape={input_shape}")
    return input_shape


def _vgg(name, include_top, weights, input_tensor, input_shape, pooling, classes,
         classifier_activation):
    if not (weights in (None, "imagenet") or isinstance(weights, str)):
        raise ValueError("The `weights` argument should be either `None` (random "
                         "initialization), `imagenet` (pre-training on ImageNet), or the path "
                         f"to the weights file to be loaded.  Received: weights={weights}")
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError('If using `weights` as `"imagenet"` with `include_top` as true, '
                         f"`classes` should be 1000.  Received: classes={classes}")
    if input_tensor is not None and input_shape is None:
        input_shape = tuple(input_tensor.shape[1:])
    input_shape = _input_shape(input_shape, include_top, weights)
    if weights == "imagenet":
        warnings.warn(f"eagerbook has no pretrained ImageNet weights: {name.upper()} is built "
                      "with freshly initialized weights.", stacklevel=3)
    inputs = layers.Input(shape=input_shape) if input_tensor is None else input_tensor
    x = inputs
    for block, (filters, convs) in enumerate(zip(_FILTERS, _CONVS[name]), start=1):
        for conv in range(1, convs + 1):
            x = layers.Conv2D(filters, (3, 3), activation="relu", padding="same",
                              name=f"block{block}_conv{conv}")(x)
        x = layers.MaxPooling2D((2, 2), strides=(2, 2), name=f"block{block}_pool")(x)
    if include_top:
        x = layers.Flatten(name="flatten")(x)
        x = layers.Dense(4096, activation="relu", name="fc1")(x)
        x = layers.Dense(4096, activation="relu", name="fc2")(x)
        x = layers.Dense(classes, activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)
    model = Model(inputs, x, name=name)
    if weights not in (None, "imagenet"):
        model.load_weights(weights)
    return model


def VGG16(include_top=True, weights="imagenet", input_tensor=None,  # noqa: N802 - TF's name
          input_shape=None, pooling=None, classes=1000, classifier_activation="softmax"):
    """The 16-layer VGG model (see the applications docstring about ``weights``)."""
    return _vgg("vgg16", include_top, weights, input_tensor, input_shape, pooling, classes,
                classifier_activation)


def VGG19(include_top=True, weights="imagenet", input_tensor=None,  # noqa: N802 - TF's name
          input_shape=None, pooling=None, classes=1000, classifier_activation="softmax"):
    """The 19-layer VGG model (see the applications docstring about ``weights``)."""
    return _vgg("vgg19", include_top, weights, input_tensor, input_shape, pooling, classes,
                classifier_activation)


def preprocess_input(x, data_format=None):
    """Caffe's preprocessing, which VGG was trained with: RGB pixels in [0, 255] become BGR,
    less ImageNet's mean pixel (no scaling)."""
    if isinstance(x, Tensor) or hasattr(type(x), "_as_tensor"):
        x = convert_to_tensor(x)
        return math_ops.subtract(x[..., ::-1], convert_to_tensor(_CAFFE_MEAN, x.dtype))
    x = np.asarray(x)
    if x.dtype.kind != "f":
        x = x.astype(backend.floatx())
    # As TF's: a float array is changed in place (and comes back as a BGR view of itself)
    x = x[..., ::-1]
    for channel, mean in enumerate(_CAFFE_MEAN):
        x[..., channel] -= mean
    return x


__all__ = ["VGG16", "VGG19", "decode_predictions", "preprocess_input"]

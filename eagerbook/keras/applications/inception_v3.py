"""``tf.keras.applications.InceptionV3`` (Szegedy et al., 2015): a convolutional stem, then
eleven Inception blocks (``mixed0`` ... ``mixed10``) that run 1x1, factorized 3x3 / 7x7 and
pooling branches side by side and concatenate them, shrinking the grid 35 -> 17 -> 8. Every
convolution has no bias and is followed by batch normalization (without a scale) and ReLU.
Layer names, order and hyperparameters follow TF's Keras model, so the blocks that DeepDream
and image-captioning code pick by name (``mixed3``, ``mixed5``, ``mixed10``) are TF's."""

import os
import warnings

from .. import layers
from ..models import Model
from . import mobilenet_v2
from .imagenet_utils import decode_predictions

_DEFAULT_SIZE = 299
_MIN_SIZE = 75


def _conv_bn(x, filters, rows, cols, padding="same", strides=(1, 1)):
    """Convolution (no bias), batch normalization (no scale), ReLU: TF's ``conv2d_bn``."""
    x = layers.Conv2D(filters, (rows, cols), strides=strides, padding=padding,
                      use_bias=False)(x)
    x = layers.BatchNormalization(axis=3, scale=False)(x)
    return layers.Activation("relu")(x)


def _pool_branch(x, filters):
    x = layers.AveragePooling2D((3, 3), strides=(1, 1), padding="same")(x)
    return _conv_bn(x, filters, 1, 1)


def _block_35(x, pool_filters, name):
    """35x35 grid: 1x1, 5x5, two 3x3 and pooling branches (``mixed0``-``mixed2``)."""
    branch1x1 = _conv_bn(x, 64, 1, 1)
    branch5x5 = _conv_bn(_conv_bn(x, 48, 1, 1), 64, 5, 5)
    branch3x3dbl = _conv_bn(_conv_bn(_conv_bn(x, 64, 1, 1), 96, 3, 3), 96, 3, 3)
    branch_pool = _pool_branch(x, pool_filters)
    return layers.concatenate([branch1x1, branch5x5, branch3x3dbl, branch_pool], axis=3,
                              name=name)


def _reduce_35_to_17(x):
    """``mixed3``: strided 3x3 and double 3x3 branches beside max pooling."""
    branch3x3 = _conv_bn(x, 384, 3, 3, strides=(2, 2), padding="valid")
    branch3x3dbl = _conv_bn(_conv_bn(x, 64, 1, 1), 96, 3, 3)
    branch3x3dbl = _conv_bn(branch3x3dbl, 96, 3, 3, strides=(2, 2), padding="valid")
    branch_pool = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    return layers.concatenate([branch3x3, branch3x3dbl, branch_pool], axis=3, name="mixed3")


def _block_17(x, width, name):
    """17x17 grid: 7x7 convolutions factorized into 1x7 and 7x1 (``mixed4``-``mixed7``),
    `width` channels inside the factorized branches."""
    branch1x1 = _conv_bn(x, 192, 1, 1)
    branch7x7 = _conv_bn(_conv_bn(_conv_bn(x, width, 1, 1), width, 1, 7), 192, 7, 1)
    branch7x7dbl = _conv_bn(x, width, 1, 1)
    for filters, rows, cols in ((width, 7, 1), (width, 1, 7), (width, 7, 1), (192, 1, 7)):
        branch7x7dbl = _conv_bn(branch7x7dbl, filters, rows, cols)
    branch_pool = _pool_branch(x, 192)
    return layers.concatenate([branch1x1, branch7x7, branch7x7dbl, branch_pool], axis=3,
                              name=name)


def _reduce_17_to_8(x):
    """``mixed8``: strided 3x3 and 7x7-then-3x3 branches beside max pooling."""
    branch3x3 = _conv_bn(_conv_bn(x, 192, 1, 1), 320, 3, 3, strides=(2, 2), padding="valid")
    branch7x7x3 = _conv_bn(_conv_bn(_conv_bn(x, 192, 1, 1), 192, 1, 7), 192, 7, 1)
    branch7x7x3 = _conv_bn(branch7x7x3, 192, 3, 3, strides=(2, 2), padding="valid")
    branch_pool = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    return layers.concatenate([branch3x3, branch7x7x3, branch_pool], axis=3, name="mixed8")


def _block_8(x, index):
    """8x8 grid (``mixed9``, ``mixed10``): 3x3 convolutions split into 1x3 and 3x1 halves
    that run side by side."""
    branch1x1 = _conv_bn(x, 320, 1, 1)
    branch3x3 = _conv_bn(x, 384, 1, 1)
    branch3x3 = layers.concatenate([_conv_bn(branch3x3, 384, 1, 3),
                                    _conv_bn(branch3x3, 384, 3, 1)],
                                   axis=3, name=f"mixed9_{index}")
    branch3x3dbl = _conv_bn(_conv_bn(x, 448, 1, 1), 384, 3, 3)
    branch3x3dbl = layers.concatenate([_conv_bn(branch3x3dbl, 384, 1, 3),
                                       _conv_bn(branch3x3dbl, 384, 3, 1)], axis=3)
    branch_pool = _pool_branch(x, 192)
    return layers.concatenate([branch1x1, branch3x3, branch3x3dbl, branch_pool], axis=3,
                              name=f"mixed{9 + index}")


def _check_weights(weights, include_top, classes):
    if weights not in ("imagenet", None):
        if not isinstance(weights, (str, bytes, os.PathLike)):
            raise TypeError(f"Expected binary or unicode string, got {weights!r}")
        if not os.path.exists(weights):
            raise ValueError("The `weights` argument should be either `None` (random "
                             "initialization), `imagenet` (pre-training on ImageNet), or the "
                             f"path to the weights file to be loaded; Received: "
                             f"weights={weights}")
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError('If using `weights` as `"imagenet"` with `include_top` as true, '
                         f"`classes` should be 1000; Received classes={classes}")


def _input_shape(input_shape, include_top, weights):
    """TF's rules for the image size: 299x299 with the classifier and ImageNet's weights, at
    least 75x75 otherwise, any size (None x None) without the classifier."""
    if input_shape is not None:
        input_shape = tuple(input_shape)
    if weights != "imagenet" and input_shape and len(input_shape) == 3:
        default = (_DEFAULT_SIZE, _DEFAULT_SIZE, input_shape[-1])
        if input_shape[-1] not in (1, 3):
            warnings.warn(f"This model usually expects 1 or 3 input channels. However, it was "
                          f"passed an input_shape with {input_shape[-1]} input channels.",
                          stacklevel=3)
    else:
        default = (_DEFAULT_SIZE, _DEFAULT_SIZE, 3)
    if weights == "imagenet" and include_top:
        if input_shape is not None and input_shape != default:
            raise ValueError("When setting `include_top=True` and loading `imagenet` weights, "
                             f"`input_shape` should be {default}.  Received: "
                             f"input_shape={input_shape}")
        return default
    if input_shape:
        if len(input_shape) != 3:
            raise ValueError("`input_shape` must be a tuple of three integers.")
        if input_shape[-1] != 3 and weights == "imagenet":
            raise ValueError(f"The input must have 3 channels; Received "
                             f"`input_shape={input_shape}`")
        if any(d is not None and d < _MIN_SIZE for d in input_shape[:2]):
            raise ValueError(f"Input size must be at least {_MIN_SIZE}x{_MIN_SIZE}; Received: "
                             f"input_shape={input_shape}")
    else:
        input_shape = default if include_top else (None, None, 3)
    if include_top and None in input_shape:
        raise ValueError("If `include_top` is True, you should specify a static "
                         f"`input_shape`. Received: input_shape={input_shape}")
    return input_shape


def InceptionV3(include_top=True, weights="imagenet", input_tensor=None,  # noqa: N802 - TF's name
                input_shape=None, pooling=None, classes=1000, classifier_activation="softmax"):
    """The Inception v3 model (see the applications docstring about ``weights``)."""
    _check_weights(weights, include_top, classes)
    if input_tensor is not None and input_shape is None:
        input_shape = tuple(input_tensor.shape[1:])
    input_shape = _input_shape(input_shape, include_top, weights)
    if weights == "imagenet":
        warnings.warn("eagerbook has no pretrained ImageNet weights: InceptionV3 is built "
                      "with freshly initialized weights.", stacklevel=2)
    inputs = layers.Input(shape=input_shape) if input_tensor is None else input_tensor
    x = _conv_bn(inputs, 32, 3, 3, strides=(2, 2), padding="valid")
    x = _conv_bn(x, 32, 3, 3, padding="valid")
    x = _conv_bn(x, 64, 3, 3)
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = _conv_bn(x, 80, 1, 1, padding="valid")
    x = _conv_bn(x, 192, 3, 3, padding="valid")
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    for index, pool_filters in enumerate((32, 64, 64)):
        x = _block_35(x, pool_filters, name=f"mixed{index}")
    x = _reduce_35_to_17(x)
    for index, width in enumerate((128, 160, 160, 192)):
        x = _block_17(x, width, name=f"mixed{4 + index}")
    x = _reduce_17_to_8(x)
    for index in range(2):
        x = _block_8(x, index)
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        x = layers.Dense(classes, activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)
    model = Model(inputs, x, name="inception_v3")
    if weights not in (None, "imagenet"):
        model.load_weights(weights)
    return model


def preprocess_input(x, data_format=None):
    """Pixels in [0, 255] scaled to [-1, 1], the range Inception v3 was trained on."""
    return mobilenet_v2.preprocess_input(x, data_format)


__all__ = ["InceptionV3", "decode_predictions", "preprocess_input"]

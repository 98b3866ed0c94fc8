"""``tf.keras.applications.MobileNetV2`` (Sandler et al., 2018): a stem convolution, 17
inverted residual blocks (1x1 expansion, 3x3 depthwise convolution, 1x1 linear projection,
a skip connection when shapes allow) and a 1x1 convolution to 1280 channels; ReLU6
activations. Layer names, order and hyperparameters follow TF's Keras model."""

import warnings

import numpy as np

from .. import backend, layers
from ..models import Model
from .imagenet_utils import decode_predictions

# (expansion, output channels, stride) of blocks 1-16; block 0 has expansion 1, 16 channels.
_BLOCKS = [(6, 24, 2), (6, 24, 1),
           (6, 32, 2), (6, 32, 1), (6, 32, 1),
           (6, 64, 2), (6, 64, 1), (6, 64, 1), (6, 64, 1),
           (6, 96, 1), (6, 96, 1), (6, 96, 1),
           (6, 160, 2), (6, 160, 1), (6, 160, 1),
           (6, 320, 1)]
_IMAGENET_SIZES = (96, 128, 160, 192, 224)


def _make_divisible(value, divisor=8):
    """`value` rounded to a multiple of `divisor`, never more than 10% below it."""
    rounded = max(divisor, int(value + divisor / 2) // divisor * divisor)
    return rounded + divisor if rounded < 0.9 * value else rounded


def _correct_pad(x, kernel=3):
    """The zero padding before a strided 'valid' convolution that centres its windows as a
    'same' one would: one row/column less at the top/left for even sizes."""
    size = x.shape[1:3]
    adjust = (1, 1) if size[0] is None else (1 - size[0] % 2, 1 - size[1] % 2)
    half = kernel // 2
    return ((half - adjust[0], half), (half - adjust[1], half))


def _batch_norm(name):
    return layers.BatchNormalization(epsilon=1e-3, momentum=0.999, name=name)


def _inverted_res_block(inputs, expansion, stride, alpha, filters, block_id):
    channels = inputs.shape[-1]
    out_channels = _make_divisible(int(filters * alpha), 8)
    x = inputs
    prefix = f"block_{block_id}_" if block_id else "expanded_conv_"
    if block_id:
        x = layers.Conv2D(expansion * channels, 1, padding="same", use_bias=False,
                          name=prefix + "expand")(x)
        x = _batch_norm(prefix + "expand_BN")(x)
        x = layers.ReLU(6.0, name=prefix + "expand_relu")(x)
    if stride == 2:
        x = layers.ZeroPadding2D(padding=_correct_pad(x), name=prefix + "pad")(x)
    x = layers.DepthwiseConv2D(3, strides=stride, use_bias=False,
                               padding="same" if stride == 1 else "valid",
                               name=prefix + "depthwise")(x)
    x = _batch_norm(prefix + "depthwise_BN")(x)
    x = layers.ReLU(6.0, name=prefix + "depthwise_relu")(x)
    x = layers.Conv2D(out_channels, 1, padding="same", use_bias=False,
                      name=prefix + "project")(x)  # linear: no activation after projecting
    x = _batch_norm(prefix + "project_BN")(x)
    if channels == out_channels and stride == 1:
        return layers.Add(name=prefix + "add")([inputs, x])
    return x


def _input_shape(input_shape, include_top, weights):
    if input_shape is None:
        return (224, 224, 3)
    input_shape = tuple(input_shape)
    if len(input_shape) != 3 or input_shape[-1] != 3 and weights == "imagenet":
        raise ValueError("The input must have 3 channels; Received "
                         f"`input_shape={input_shape}`")
    if include_top and weights == "imagenet" and input_shape[:2] != (224, 224):
        raise ValueError("When setting `include_top=True` and loading `imagenet` weights, "
                         f"`input_shape` should be (224, 224, 3). Received: {input_shape}")
    return input_shape


def MobileNetV2(input_shape=None, alpha=1.0, include_top=True, weights="imagenet",  # noqa: N802 - TF's name
                input_tensor=None, pooling=None, classes=1000,
                classifier_activation="softmax", **kwargs):
    """The MobileNetV2 model (see the module docstring about ``weights='imagenet'``)."""
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError('If using `weights` as `"imagenet"` with `include_top` as true, '
                         f"`classes` should be 1000. Received `classes={classes}`")
    if input_tensor is not None and input_shape is None:
        input_shape = tuple(input_tensor.shape[1:])
    input_shape = _input_shape(input_shape, include_top, weights)
    rows = input_shape[0]
    if weights == "imagenet":
        if rows not in _IMAGENET_SIZES or alpha not in (0.35, 0.5, 0.75, 1.0, 1.3, 1.4):
            warnings.warn("`input_shape` is undefined or non-square, or `rows` is not in "
                          "[96, 128, 160, 192, 224]. Weights for input shape (224, 224) will "
                          "be loaded as the default.", stacklevel=2)
            rows = 224
        warnings.warn("eagerbook has no pretrained ImageNet weights: MobileNetV2 is built "
                      "with freshly initialized weights.", stacklevel=2)
    inputs = layers.Input(shape=input_shape) if input_tensor is None else input_tensor
    x = layers.Conv2D(_make_divisible(32 * alpha, 8), 3, strides=(2, 2), padding="same",
                      use_bias=False, name="Conv1")(inputs)
    x = _batch_norm("bn_Conv1")(x)
    x = layers.ReLU(6.0, name="Conv1_relu")(x)
    x = _inverted_res_block(x, expansion=1, stride=1, alpha=alpha, filters=16, block_id=0)
    for block_id, (expansion, filters, stride) in enumerate(_BLOCKS, start=1):
        x = _inverted_res_block(x, expansion=expansion, stride=stride, alpha=alpha,
                                filters=filters, block_id=block_id)
    last = _make_divisible(1280 * alpha, 8) if alpha > 1.0 else 1280
    x = layers.Conv2D(last, 1, use_bias=False, name="Conv_1")(x)
    x = _batch_norm("Conv_1_bn")(x)
    x = layers.ReLU(6.0, name="out_relu")(x)
    if include_top:
        x = layers.GlobalAveragePooling2D()(x)
        x = layers.Dense(classes, activation=classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)
    model = Model(inputs, x, name=f"mobilenetv2_{alpha:0.2f}_{rows}")
    if weights not in (None, "imagenet"):
        model.load_weights(weights)
    return model


def preprocess_input(x, data_format=None):
    """Pixels in [0, 255] scaled to [-1, 1], the range MobileNetV2 was trained on. As TF's:
    a NumPy array of floats is scaled in place (and returned), one of integers becomes a new
    float32 array first; a tensor gives a new tensor (a uint8 one fails: no implicit cast)."""
    if isinstance(x, np.ndarray):
        if not np.issubdtype(x.dtype, np.floating):
            x = x.astype(backend.floatx(), copy=False)
        x /= 127.5
        x -= 1.0
        return x
    x /= 127.5  # (a new tensor; a Python list fails as TF's does: lists have no /=)
    x -= 1.0
    return x


__all__ = ["MobileNetV2", "decode_predictions", "preprocess_input"]

"""Convolution and pooling layers (NHWC, ``channels_last``)."""

import numbers

from ...core.shape import TensorShape
from ...ops import array_ops, math_ops, nn_ops
from .. import activations, initializers, regularizers
from .base import InputSpec, Layer


def _is_integer(value):
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _pair(value, name, allow_zero=False):
    """Keras's ``normalize_tuple``: an int or a pair of ints, all > 0 (>= 0 for strides)."""
    message = f"The `{name}` argument must be a tuple of 2 integers. Received {name}={value!r}"
    if _is_integer(value):
        pair = (int(value), int(value))
    else:
        try:
            pair = tuple(value)
        except TypeError:
            raise ValueError(message) from None
        if len(pair) != 2 or not all(_is_integer(v) for v in pair):
            raise ValueError(message) from None
        pair = tuple(int(v) for v in pair)
    bad = {v for v in pair if (v < 0 if allow_zero else v <= 0)}
    if bad:
        raise ValueError(f"{message}, including values {bad} that do not satisfy "
                         f"`value {'>= 0' if allow_zero else '> 0'}`")
    return pair


def _padding(padding):
    padding = str(padding).lower()
    if padding not in ("valid", "same"):
        raise ValueError(f"The `padding` argument must be a list/tuple or one of \"valid\", "
                         f"\"same\". Received: {padding}")
    return padding


def conv_output_length(length, kernel, padding, stride, dilation=1):
    if length is None:
        return None
    effective = (kernel - 1) * dilation + 1
    if padding == "same":
        out = length
    else:
        out = length - effective + 1
    return max(0, (out + stride - 1) // stride)


def _empty_output(layer, inputs):
    """Zeros of the output's shape when an input exactly one kernel short leaves no room for
    any window (TF returns that empty tensor, e.g. shape (1, 0, 0, 2))."""
    if inputs.shape.rank is None or None in inputs.shape.as_list() or \
            min(layer.strides) <= 0:  # bad strides: the op itself reports them
        return None
    shape = layer.compute_output_shape(inputs.shape).as_list()
    if 0 not in shape[1:-1]:
        return None
    return array_ops.zeros(shape, dtype=layer.dtype)


class Conv2D(Layer):
    """2-D convolution over NHWC inputs with a ``(kh, kw, in, filters)`` kernel."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid",
                 data_format=None, dilation_rate=(1, 1), groups=1, activation=None,
                 use_bias=True, kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if int(filters) <= 0:
            raise ValueError("Invalid value for argument `filters`. Expected a strictly "
                             f"positive value. Received filters={filters}.")
        self.filters = int(filters)
        self.kernel_size = _pair(kernel_size, "kernel_size")
        self.strides = _pair(strides, "strides", allow_zero=True)
        self.padding = _padding(padding)
        self.data_format = data_format or "channels_last"
        if self.data_format != "channels_last":
            raise ValueError("eagerbook's Conv2D supports data_format='channels_last' (NHWC) "
                             "only, as TF on the CPU does.")
        self.dilation_rate = _pair(dilation_rate, "dilation_rate")
        if self.strides != (1, 1) and self.dilation_rate != (1, 1):
            raise ValueError("`strides > 1` not supported in conjunction with "
                             "`dilation_rate > 1`.")
        if groups != 1:
            raise ValueError("eagerbook's Conv2D supports groups=1 only.")
        self.groups = 1
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = kernel_constraint
        self.bias_constraint = bias_constraint
        self.input_spec = InputSpec(min_ndim=4)

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        channels = input_shape[-1]
        if channels is None:
            raise ValueError("The channel dimension of the inputs should be defined. The input "
                             f"shape received is: {input_shape}, where axis -1 (0-based) is "
                             "the channel dimension, which found to be `None`.")
        self.input_spec = InputSpec(ndim=4, axes={-1: channels})
        self.kernel = self.add_weight("kernel", shape=self.kernel_size + (channels, self.filters),
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint, trainable=True)
        if self.use_bias:
            self.bias = self.add_weight("bias", shape=(self.filters,),
                                        initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer,
                                        constraint=self.bias_constraint, trainable=True)
        else:
            self.bias = None
        self.built = True

    def call(self, inputs):
        empty = _empty_output(self, inputs)
        if empty is not None:
            return empty
        outputs = nn_ops.conv2d(inputs, self.kernel, strides=[1, *self.strides, 1],
                         padding=self.padding.upper(),
                         dilations=[1, *self.dilation_rate, 1])
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias)
        if self.activation is not activations.linear:
            outputs = self.activation(outputs)
        return outputs

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if len(dims) != 4:
            raise ValueError(f"Conv2D expects inputs of rank 4, got shape {dims}")
        rows = conv_output_length(dims[1], self.kernel_size[0], self.padding, self.strides[0],
                                  self.dilation_rate[0])
        cols = conv_output_length(dims[2], self.kernel_size[1], self.padding, self.strides[1],
                                  self.dilation_rate[1])
        return TensorShape([dims[0], rows, cols, self.filters])

    def get_config(self):
        config = super().get_config()
        config.update({
            "filters": self.filters, "kernel_size": self.kernel_size, "strides": self.strides,
            "padding": self.padding, "data_format": self.data_format,
            "dilation_rate": self.dilation_rate, "groups": self.groups,
            "activation": activations.serialize(self.activation), "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer)})
        return config


class _Pooling2D(Layer):
    _op_name = None

    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.pool_size = _pair(pool_size, "pool_size")
        self.strides = (self.pool_size if strides is None
                        else _pair(strides, "strides", allow_zero=True))
        self.padding = _padding(padding)
        self.data_format = data_format or "channels_last"
        if self.data_format != "channels_last":
            raise ValueError("eagerbook's pooling layers support channels_last (NHWC) only.")
        self.input_spec = InputSpec(ndim=4)

    def call(self, inputs):
        pool = getattr(nn_ops, self._op_name)
        return pool(inputs, ksize=[1, *self.pool_size, 1], strides=[1, *self.strides, 1],
                    padding=self.padding.upper())

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        rows = conv_output_length(dims[1], self.pool_size[0], self.padding, self.strides[0])
        cols = conv_output_length(dims[2], self.pool_size[1], self.padding, self.strides[1])
        return TensorShape([dims[0], rows, cols, dims[3]])

    def get_config(self):
        config = super().get_config()
        config.update({"pool_size": self.pool_size, "padding": self.padding,
                       "strides": self.strides, "data_format": self.data_format})
        return config


class MaxPooling2D(_Pooling2D):
    _op_name = "max_pool2d"


class AveragePooling2D(_Pooling2D):
    _op_name = "avg_pool2d"


class _GlobalPooling2D(Layer):
    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = data_format or "channels_last"
        self.keepdims = keepdims
        self.input_spec = InputSpec(ndim=4)

    def _axes(self):
        return [1, 2] if self.data_format == "channels_last" else [2, 3]

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        channels = dims[3] if self.data_format == "channels_last" else dims[1]
        if self.keepdims:
            return TensorShape([dims[0], 1, 1, channels] if self.data_format == "channels_last"
                               else [dims[0], channels, 1, 1])
        return TensorShape([dims[0], channels])

    def get_config(self):
        config = super().get_config()
        config.update({"data_format": self.data_format, "keepdims": self.keepdims})
        return config


class GlobalAveragePooling2D(_GlobalPooling2D):
    def call(self, inputs):
        return math_ops.reduce_mean(inputs, axis=self._axes(), keepdims=self.keepdims)


class GlobalMaxPooling2D(_GlobalPooling2D):
    def call(self, inputs):
        return math_ops.reduce_max(inputs, axis=self._axes(), keepdims=self.keepdims)


MaxPool2D = MaxPooling2D
AvgPool2D = AveragePooling2D
GlobalAvgPool2D = GlobalAveragePooling2D
GlobalMaxPool2D = GlobalMaxPooling2D
Convolution2D = Conv2D


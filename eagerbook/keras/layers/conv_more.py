"""More convolution-family layers, each built from the 2-D kernels of ``ops.nn_ops``:

* ``Conv1D`` and the 1-D poolings run the 2-D op on a height-1 image (``(b, 1, steps, c)``);
* ``Conv2DTranspose`` is the input-gradient of a convolution (``Conv2DBackpropInput``, the
  op TF's ``conv2d_transpose`` runs), so its own gradients come from that op's rules;
* ``UpSampling2D`` repeats rows and columns; ``ZeroPadding2D``/``Cropping2D`` pad and slice.
"""

from ...core.shape import TensorShape
from ...ops import array_ops, math_ops, nn_ops
from .. import activations, initializers, regularizers
from .base import InputSpec, Layer
from .conv_pool import _empty_output, _padding, conv_output_length


def _single(value, name):
    if isinstance(value, (list, tuple)):
        if len(value) != 1:
            raise ValueError(f"The `{name}` argument must be a tuple of 1 integers. "
                             f"Received: {value}")
        value = value[0]
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(f"The `{name}` argument must be a tuple of 1 integers. Received: "
                         f"{value} including {value} that does not satisfy the requirement "
                         "`> 0`.")
    return value


def _pair_of(value, name):
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value, value)
    value = tuple(value)
    if len(value) != 2 or not all(isinstance(v, int) and v > 0 for v in value):
        raise ValueError(f"The `{name}` argument must be a tuple of 2 integers. "
                         f"Received: {value}")
    return value


class _ConvBase(Layer):
    """What every convolution layer stores: activation, bias and the weight options."""

    def __init__(self, filters, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if not isinstance(filters, int) or filters <= 0:
            raise ValueError("Invalid value for argument `filters`. Expected a strictly "
                             f"positive value. Received filters={filters}.")
        self.filters = filters
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = kernel_constraint
        self.bias_constraint = bias_constraint

    def _make_weights(self, kernel_shape):
        self.kernel = self.add_weight("kernel", shape=kernel_shape,
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.bias = self.add_weight("bias", shape=(self.filters,),
                                    initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint) if self.use_bias else None

    def _finish(self, outputs):
        if self.use_bias:
            outputs = nn_ops.bias_add(outputs, self.bias)
        if self.activation is not activations.linear:
            outputs = self.activation(outputs)
        return outputs

    def get_config(self):
        config = super().get_config()
        config.update({
            "filters": self.filters, "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer)})
        return config


def _channels(input_shape, rank):
    shape = TensorShape(input_shape)
    if shape.rank != rank:
        raise ValueError(f"Input 0 of layer is incompatible with the layer: expected "
                         f"min_ndim={rank}, found ndim={shape.rank}. Full shape received: "
                         f"{tuple(shape.as_list()) if shape.rank is not None else None}")
    if shape[-1] is None:
        raise ValueError("The channel dimension of the inputs should be defined. Found None.")
    return shape[-1]


class Conv1D(_ConvBase):
    """1-D convolution over ``(batch, steps, channels)`` with a ``(k, in, filters)`` kernel;
    ``padding='causal'`` pads only the past, so step t never sees steps after t."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid",
                 data_format="channels_last", dilation_rate=1, groups=1, **kwargs):
        super().__init__(filters, **kwargs)
        self.kernel_size = (_single(kernel_size, "kernel_size"),)
        self.strides = (_single(strides, "strides"),)
        self.dilation_rate = (_single(dilation_rate, "dilation_rate"),)
        self.padding = "causal" if str(padding).lower() == "causal" else _padding(padding)
        self.data_format = data_format
        self.groups = groups
        self.input_spec = InputSpec(min_ndim=3)

    def build(self, input_shape):
        channels = _channels(input_shape, 3)
        self.input_spec = InputSpec(ndim=3, axes={-1: channels})
        self._make_weights(self.kernel_size + (channels, self.filters))
        self.built = True

    def call(self, inputs):
        empty = _empty_output(self, inputs)
        if empty is not None:
            return empty
        x = inputs
        padding = self.padding.upper()
        if self.padding == "causal":
            left = self.dilation_rate[0] * (self.kernel_size[0] - 1)
            x = array_ops.pad(x, [[0, 0], [left, 0], [0, 0]])
            padding = "VALID"
        image = array_ops.expand_dims(x, 1)
        kernel = array_ops.expand_dims(self.kernel, 0)
        out = nn_ops.conv2d(image, kernel, strides=[1, 1, self.strides[0], 1],
                            padding=padding, dilations=[1, 1, self.dilation_rate[0], 1])
        return self._finish(array_ops.squeeze(out, [1]))

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        padding = "valid" if self.padding == "causal" else self.padding
        steps = dims[1]
        if self.padding == "causal" and steps is not None:
            steps += self.dilation_rate[0] * (self.kernel_size[0] - 1)
        steps = conv_output_length(steps, self.kernel_size[0], padding, self.strides[0],
                                   self.dilation_rate[0])
        return TensorShape([dims[0], steps, self.filters])

    def get_config(self):
        config = super().get_config()
        config.update({"kernel_size": self.kernel_size, "strides": self.strides,
                       "padding": self.padding, "data_format": self.data_format,
                       "dilation_rate": self.dilation_rate, "groups": self.groups})
        return config


def _transposed_length(length, kernel, padding, stride):
    if length is None:
        return None
    return length * stride if padding == "same" else length * stride + max(kernel - stride, 0)


class Conv2DTranspose(_ConvBase):
    """The transpose of a 2-D convolution (learned upsampling), kernel ``(kh, kw, filters,
    in)``: its output is what a convolution with that kernel would take as input."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid",
                 output_padding=None, data_format=None, dilation_rate=(1, 1), **kwargs):
        super().__init__(filters, **kwargs)
        self.kernel_size = _pair_of(kernel_size, "kernel_size")
        self.strides = _pair_of(strides, "strides")
        self.padding = _padding(padding)
        if output_padding is not None:
            raise ValueError("eagerbook's Conv2DTranspose supports output_padding=None only.")
        self.output_padding = None
        if _pair_of(dilation_rate, "dilation_rate") != (1, 1):
            raise ValueError("eagerbook's Conv2DTranspose supports dilation_rate=1 only.")
        self.dilation_rate = (1, 1)
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(ndim=4)

    def build(self, input_shape):
        channels = _channels(input_shape, 4)
        self.input_spec = InputSpec(ndim=4, axes={-1: channels})
        self._make_weights(self.kernel_size + (self.filters, channels))
        self.built = True

    def call(self, inputs):
        batch, rows, cols, _ = inputs.shape.as_list()
        out_rows = _transposed_length(rows, self.kernel_size[0], self.padding, self.strides[0])
        out_cols = _transposed_length(cols, self.kernel_size[1], self.padding, self.strides[1])
        outputs = nn_ops.conv2d_backprop_input(
            (batch, out_rows, out_cols, self.filters), self.kernel, inputs,
            strides=self.strides, padding=self.padding.upper())
        return self._finish(outputs)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([
            dims[0],
            _transposed_length(dims[1], self.kernel_size[0], self.padding, self.strides[0]),
            _transposed_length(dims[2], self.kernel_size[1], self.padding, self.strides[1]),
            self.filters])

    def get_config(self):
        config = super().get_config()
        config.update({"kernel_size": self.kernel_size, "strides": self.strides,
                       "padding": self.padding, "output_padding": None,
                       "data_format": self.data_format, "dilation_rate": self.dilation_rate})
        return config


class _Pooling1D(Layer):
    _pool = None

    def __init__(self, pool_size=2, strides=None, padding="valid",
                 data_format="channels_last", **kwargs):
        super().__init__(**kwargs)
        self.pool_size = (_single(pool_size, "pool_size"),)
        self.strides = (_single(strides if strides is not None else self.pool_size[0],
                                "strides"),)
        self.padding = _padding(padding)
        self.data_format = data_format
        self.input_spec = InputSpec(ndim=3)

    def call(self, inputs):
        pool = getattr(nn_ops, self._pool)
        out = pool(array_ops.expand_dims(inputs, 1), ksize=[1, 1, self.pool_size[0], 1],
                   strides=[1, 1, self.strides[0], 1], padding=self.padding.upper())
        return array_ops.squeeze(out, [1])

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        steps = conv_output_length(dims[1], self.pool_size[0], self.padding, self.strides[0])
        return TensorShape([dims[0], steps, dims[2]])

    def get_config(self):
        config = super().get_config()
        config.update({"pool_size": self.pool_size, "strides": self.strides,
                       "padding": self.padding, "data_format": self.data_format})
        return config


class MaxPooling1D(_Pooling1D):
    _pool = "max_pool2d"


class AveragePooling1D(_Pooling1D):
    _pool = "avg_pool2d"


class _GlobalPooling1D(Layer):
    _reduce = None

    def __init__(self, data_format="channels_last", keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = data_format
        self.keepdims = keepdims
        self.input_spec = InputSpec(ndim=3)
        self.supports_masking = True

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0], 1, dims[2]] if self.keepdims else [dims[0], dims[2]])

    def compute_mask(self, inputs, mask=None):
        return None

    def get_config(self):
        config = super().get_config()
        config.update({"data_format": self.data_format, "keepdims": self.keepdims})
        return config


class GlobalAveragePooling1D(_GlobalPooling1D):
    """The mean over the steps (over the unmasked steps only, when a mask comes along)."""

    def call(self, inputs, mask=None):
        if mask is None:
            return math_ops.reduce_mean(inputs, axis=1, keepdims=self.keepdims)
        weights = array_ops.expand_dims(math_ops.cast(mask, inputs.dtype), 2)
        total = math_ops.reduce_sum(math_ops.multiply(inputs, weights), axis=1,
                                    keepdims=self.keepdims)
        count = math_ops.reduce_sum(weights, axis=1, keepdims=self.keepdims)
        return math_ops.divide(total, count)


class GlobalMaxPooling1D(_GlobalPooling1D):
    def call(self, inputs):
        return math_ops.reduce_max(inputs, axis=1, keepdims=self.keepdims)


class UpSampling2D(Layer):
    """Repeats every row `size[0]` times and every column `size[1]` times (nearest)."""

    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(**kwargs)
        self.size = _pair_of(size, "size")
        if interpolation != "nearest":
            raise ValueError("eagerbook's UpSampling2D supports interpolation='nearest' only.")
        self.interpolation = interpolation
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(ndim=4)

    def call(self, inputs):
        _, rows, cols, channels = inputs.shape.as_list()
        sr, sc = self.size
        x = array_ops.reshape(inputs, [-1, rows, 1, cols, 1, channels])
        x = array_ops.tile(x, [1, 1, sr, 1, sc, 1])
        return array_ops.reshape(x, [-1, rows * sr, cols * sc, channels])

    def compute_output_shape(self, input_shape):
        b, r, c, ch = TensorShape(input_shape).as_list()
        return TensorShape([b, None if r is None else r * self.size[0],
                            None if c is None else c * self.size[1], ch])

    def get_config(self):
        config = super().get_config()
        config.update({"size": self.size, "data_format": self.data_format,
                       "interpolation": self.interpolation})
        return config


def _pads(padding, name):
    if isinstance(padding, int):
        return ((padding, padding), (padding, padding))
    padding = tuple(padding)
    if len(padding) != 2:
        raise ValueError(f"`{name}` should have two elements. Received: {padding}.")
    return tuple((p, p) if isinstance(p, int) else tuple(p) for p in padding)


class ZeroPadding2D(Layer):
    """Adds rows and columns of zeros around each image."""

    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.padding = _pads(padding, "padding")
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(ndim=4)

    def call(self, inputs):
        return array_ops.pad(inputs, [[0, 0], list(self.padding[0]), list(self.padding[1]),
                                      [0, 0]])

    def compute_output_shape(self, input_shape):
        b, r, c, ch = TensorShape(input_shape).as_list()
        (top, bottom), (left, right) = self.padding
        return TensorShape([b, None if r is None else r + top + bottom,
                            None if c is None else c + left + right, ch])

    def get_config(self):
        config = super().get_config()
        config.update({"padding": self.padding, "data_format": self.data_format})
        return config


class Cropping2D(Layer):
    """Removes rows and columns at the edges of each image."""

    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.cropping = _pads(cropping, "cropping")
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(ndim=4)

    def call(self, inputs):
        (top, bottom), (left, right) = self.cropping
        _, rows, cols, _ = inputs.shape.as_list()
        return inputs[:, top:rows - bottom, left:cols - right, :]

    def compute_output_shape(self, input_shape):
        b, r, c, ch = TensorShape(input_shape).as_list()
        (top, bottom), (left, right) = self.cropping
        return TensorShape([b, None if r is None else r - top - bottom,
                            None if c is None else c - left - right, ch])

    def get_config(self):
        config = super().get_config()
        config.update({"cropping": self.cropping, "data_format": self.data_format})
        return config


Convolution1D = Conv1D
Convolution2DTranspose = Conv2DTranspose
MaxPool1D = MaxPooling1D
AvgPool1D = AveragePooling1D
GlobalAvgPool1D = GlobalAveragePooling1D
GlobalMaxPool1D = GlobalMaxPooling1D

__all__ = ["Conv1D", "Convolution1D", "Conv2DTranspose", "Convolution2DTranspose",
           "MaxPooling1D", "MaxPool1D", "AveragePooling1D", "AvgPool1D",
           "GlobalAveragePooling1D", "GlobalAvgPool1D", "GlobalMaxPooling1D",
           "GlobalMaxPool1D", "UpSampling2D", "ZeroPadding2D", "Cropping2D"]

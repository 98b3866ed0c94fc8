"""Convolution layers over ``channels_last`` inputs, each built from the 2-D kernels of
``ops.nn_ops``:

* ``Conv2D``: NHWC images with a ``(kh, kw, in, filters)`` kernel;
* ``Conv1D`` runs the 2-D op on a height-1 image (``(b, 1, steps, c)``);
* ``DepthwiseConv2D`` filters each channel on its own (``depth_multiplier`` filters each);
  ``SeparableConv2D`` follows that with a 1x1 convolution that mixes the channels;
* ``Conv2DTranspose`` is the input-gradient of a convolution (``Conv2DBackpropInput``, the op
  TF's ``conv2d_transpose`` runs), so its own gradients come from that op's rules.

The argument checks (``normalize_tuple``) and output lengths (``conv_output_length``) are
shared with the pooling and reshaping layers.
"""

import numbers

import numpy as np

from ...core import errors
from ...core.shape import TensorShape
from ...ops import array_ops, math_ops, nn_impl_ops, nn_ops
from .. import constraints, initializers, regularizers
from .base import InputSpec
from .core import KernelLayer, _serialize_constraint


def normalize_tuple(value, n, name, allow_zero=False):
    """Keras's argument check: an int (repeated `n` times) or `n` ints, all > 0 (>= 0 with
    `allow_zero`, as strides are), as a tuple; TF's ValueError otherwise."""
    message = f"The `{name}` argument must be a tuple of {n} integers. Received: {value}"
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        values = (int(value),) * n
    else:
        try:
            values = tuple(value)
        except TypeError:
            raise ValueError(message) from None
        if len(values) != n or not all(isinstance(v, numbers.Integral) for v in values):
            raise ValueError(message)
    bad = {v for v in values if (v < 0 if allow_zero else v <= 0)}
    if bad:
        raise ValueError(f"{message} including {bad} that does not satisfy the requirement "
                         f"`{'>= 0' if allow_zero else '> 0'}`.")
    return values


def _padding(padding):
    padding = str(padding).lower()
    if padding not in ("valid", "same"):
        raise ValueError(f"The `padding` argument must be a list/tuple or one of \"valid\", "
                         f"\"same\" (or \"causal\", only for `Conv1D). Received: {padding}")
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
    if _every_window_fits(layer, getattr(inputs, "_value", None)):
        return None
    if inputs.shape.rank is None or None in inputs.shape.as_list() or \
            min(layer.strides) <= 0:  # bad strides: the op itself reports them
        return None
    shape = layer.compute_output_shape(inputs.shape).as_list()
    if 0 not in shape[1:-1]:
        return None
    return array_ops.zeros(shape, dtype=layer.dtype)


def _every_window_fits(layer, value):
    """True when an eager input's array fits the dilated kernel along every spatial axis, so
    that no output axis is empty: the common case, answered from the array's shape tuple
    without building TensorShapes (~15 us per call, paid by every eager conv layer call)."""
    if type(value) is not np.ndarray or value.ndim != layer.rank + 2:
        return False
    return all(size >= (k - 1) * d + 1 for size, k, d in
               zip(value.shape[1:-1], layer.kernel_size, layer.dilation_rate))


def _check_rank(input_shape, rank, inputs_name="Inputs"):
    """The rank check TF's transposed and depthwise convolutions make in `build`."""
    shape = TensorShape(input_shape)
    if shape.rank != rank:
        received = tuple(shape.as_list()) if shape.rank is not None else None
        raise ValueError(f"{inputs_name} should have rank {rank}. Received "
                         f"input_shape={received}.")


def _leading_dims(layer, dims):
    """The axes before a convolution's spatial ones: the batch, or several batch axes (TF's
    Conv1D/2D/3D take e.g. (4, 7, 28, 28, 3) for Conv2D and keep both leading axes)."""
    return dims[:len(dims) - layer.rank - 1]


def _with_batch_axes_folded(layer, inputs, run):
    """`run` on `inputs` with every batch axis folded into one, the result unfolded again."""
    extra = inputs.shape.rank - (layer.rank + 2)
    if extra <= 0:
        return run(inputs)
    dims = inputs.shape.as_list()
    outputs = run(array_ops.reshape(inputs, [-1] + dims[extra + 1:]))
    batch, inner = dims[:extra + 1], outputs.shape.as_list()[1:]
    if None not in batch[1:] + inner:  # static sizes: the first batch axis takes the rest
        return array_ops.reshape(outputs, [-1] + batch[1:] + inner)
    return array_ops.reshape(outputs, array_ops.concat(
        [array_ops.shape(inputs)[:extra + 1], array_ops.shape(outputs)[1:]], axis=0))


def _check_room_for_a_window(layer, input_shape):
    """TF refuses an input too small for even a zero-length output (one exactly one kernel
    short gives an empty output instead), naming the layer but not the call."""
    dims = TensorShape(input_shape).as_list()
    spatial = dims[len(dims) - layer.rank - 1:-1]
    if layer.padding != "valid":
        return
    for size, kernel, dilation in zip(spatial, layer.kernel_size, layer.dilation_rate):
        if size is not None and size - (kernel - 1) * dilation < 0:
            raise ValueError(
                f"One of the dimensions in the output is <= 0 due to downsampling in "
                f"{layer.name}. Consider increasing the input size. Received input shape "
                f"{dims} which would produce output shape with a zero or negative value in "
                "a dimension.")


class _Conv(KernelLayer):
    """What every convolution checks and stores (TF's ``Conv`` base), for `rank` spatial axes."""

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid", data_format=None,
                 dilation_rate=1, groups=1, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        filters = int(filters) if isinstance(filters, float) else filters
        if filters <= 0:
            raise ValueError("Invalid value for argument `filters`. Expected a strictly "
                             f"positive value. Received filters={filters}.")
        self.rank = rank
        self.filters = filters
        self.kernel_size = normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = normalize_tuple(strides, rank, "strides", allow_zero=True)
        if not all(self.strides):
            raise ValueError(f"The argument `strides` cannot contains 0(s). Received: "
                             f"{self.strides}")
        causal = str(padding).lower() == "causal"
        if causal and rank != 1:
            raise ValueError("Causal padding is only supported for `Conv1D`and "  # TF's words
                             "`SeparableConv1D`.")
        self.padding = "causal" if causal else _padding(padding)
        self.data_format = data_format or "channels_last"
        if self.data_format != "channels_last":
            raise ValueError(f"eagerbook's {type(self).__name__} supports "
                             "data_format='channels_last' only, as TF on the CPU does.")
        self.dilation_rate = normalize_tuple(dilation_rate, rank, "dilation_rate")
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError("`strides > 1` not supported in conjunction with `dilation_rate "
                             f"> 1`. Received: strides={self.strides} and dilation_rate="
                             f"{self.dilation_rate}")
        if filters % groups != 0:
            raise ValueError("The number of filters must be evenly divisible by the number of "
                             f"groups. Received: groups={groups}, filters={filters}")
        self.groups = groups
        self._set_kernel_options(activation, use_bias, kernel_initializer, bias_initializer,
                                 kernel_regularizer, bias_regularizer, kernel_constraint,
                                 bias_constraint)
        self.input_spec = InputSpec(min_ndim=rank + 2)

    def _channels(self, input_shape):
        """The input's channel count (its last axis), which must be known."""
        shape = TensorShape(input_shape)
        if shape[-1] is None:
            raise ValueError("The channel dimension of the inputs should be defined. The input "
                             f"shape received is: {shape}, where axis -1 (0-based) is the "
                             "channel dimension, which found to be `None`.")
        if hasattr(self, "_convolve"):  # Conv1D/2D/3D: more batch axes are welcome
            self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={-1: shape[-1]})
        else:
            self.input_spec = InputSpec(ndim=self.rank + 2, axes={-1: shape[-1]})
        return shape[-1]

    def build(self, input_shape):
        """The kernel, ``(k..., in, filters)``, and the bias (Conv1D, Conv2D, Conv3D)."""
        channels = self._channels(input_shape)
        if channels % self.groups != 0:
            raise ValueError("The number of input channels must be evenly divisible by the "
                             f"number of groups. Received groups={self.groups}, but the input "
                             f"has {channels} channels (full input shape is "
                             f"{tuple(TensorShape(input_shape).as_list())}).")
        _check_room_for_a_window(self, input_shape)
        self._add_kernel_and_bias(self.kernel_size + (channels // self.groups, self.filters),
                                  self.filters)
        self.built = True

    def call(self, inputs):
        return _with_batch_axes_folded(self, inputs, self._convolve)

    def _full_kernel(self):
        """The kernel over all input channels. With `groups`, each group of filters sees only
        its own group of channels: the kernel repeated for every group, zero outside the
        group's block (the same sums a grouped convolution makes)."""
        if self.groups == 1:
            return self.kernel
        *spatial, group_channels, filters = self.kernel.shape.as_list()
        channels = group_channels * self.groups
        same_group = (np.arange(channels)[:, None] // group_channels ==
                      np.arange(filters)[None, :] // (filters // self.groups))
        tiled = array_ops.tile(self.kernel, [1] * len(spatial) + [self.groups, 1])
        return math_ops.multiply(tiled, same_group.astype(self.kernel.dtype._np))

    def get_config(self):
        config = super().get_config()
        config.update({"filters": self.filters, "kernel_size": self.kernel_size,
                       "strides": self.strides, "padding": self.padding,
                       "data_format": self.data_format, "dilation_rate": self.dilation_rate,
                       "groups": self.groups})
        config.update(self._kernel_options_config())
        return config


class Conv2D(_Conv):
    """2-D convolution over NHWC inputs with a ``(kh, kw, in, filters)`` kernel."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1), groups=1, **kwargs):
        super().__init__(2, filters, kernel_size, strides, padding, data_format, dilation_rate,
                         groups, **kwargs)

    def _convolve(self, inputs):
        empty = _empty_output(self, inputs)
        if empty is not None:
            return empty
        outputs = nn_ops.conv2d(inputs, self._full_kernel(), strides=[1, *self.strides, 1],
                                padding=self.padding.upper(),
                                dilations=[1, *self.dilation_rate, 1])
        return self._add_bias_and_activate(outputs, nn_ops.bias_add)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if len(dims) < 4:
            raise ValueError(f"Conv2D expects inputs of rank 4, got shape {dims}")
        rows = conv_output_length(dims[-3], self.kernel_size[0], self.padding, self.strides[0],
                                  self.dilation_rate[0])
        cols = conv_output_length(dims[-2], self.kernel_size[1], self.padding, self.strides[1],
                                  self.dilation_rate[1])
        return TensorShape(_leading_dims(self, dims) + [rows, cols, self.filters])


class Conv1D(_Conv):
    """1-D convolution over ``(batch, steps, channels)`` with a ``(k, in, filters)`` kernel;
    ``padding='causal'`` pads only the past, so step t never sees steps after t."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid",
                 data_format="channels_last", dilation_rate=1, groups=1, **kwargs):
        super().__init__(1, filters, kernel_size, strides, padding, data_format, dilation_rate,
                         groups, **kwargs)

    def _convolve(self, inputs):
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
        kernel = array_ops.expand_dims(self._full_kernel(), 0)
        out = nn_ops.conv2d(image, kernel, strides=[1, 1, self.strides[0], 1],
                            padding=padding, dilations=[1, 1, self.dilation_rate[0], 1])
        return self._add_bias_and_activate(array_ops.squeeze(out, [1]), nn_ops.bias_add)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        padding = "valid" if self.padding == "causal" else self.padding
        steps = dims[-2]
        if self.padding == "causal" and steps is not None:
            steps += self.dilation_rate[0] * (self.kernel_size[0] - 1)
        steps = conv_output_length(steps, self.kernel_size[0], padding, self.strides[0],
                                   self.dilation_rate[0])
        return TensorShape(_leading_dims(self, dims) + [steps, self.filters])


def _transposed_length(length, kernel, padding, stride, output_padding=None, dilation=1):
    """The output length of a transposed convolution (Keras's rule): without
    `output_padding` the longest input a convolution would map to `length`; with it, the
    shortest plus `output_padding` extra rows at the end."""
    if length is None:
        return None
    kernel = kernel + (kernel - 1) * (dilation - 1)
    if output_padding is None:
        return length * stride if padding == "same" else length * stride + max(kernel - stride,
                                                                                0)
    pad = kernel // 2 if padding == "same" else 0
    return (length - 1) * stride + kernel - 2 * pad + output_padding


def _output_padding(layer, output_padding, rank):
    """`output_padding` as a tuple (or None), each entry below its stride, as TF checks."""
    if output_padding is None:
        return None
    output_padding = normalize_tuple(output_padding, rank, "output_padding", allow_zero=True)
    if any(pad >= stride for pad, stride in zip(output_padding, layer.strides)):
        raise ValueError("Strides must be greater than output padding. Received strides="
                         f"{layer.strides}, output_padding={output_padding}.")
    return output_padding


def _transposed_lengths(layer, lengths, dilations):
    pads = layer.output_padding or (None,) * len(lengths)
    return [_transposed_length(n, k, layer.padding, s, p, d) for n, k, s, p, d in
            zip(lengths, layer.kernel_size, layer.strides, pads, dilations)]


class Conv2DTranspose(_Conv):
    """The transpose of a 2-D convolution (learned upsampling), kernel ``(kh, kw, filters,
    in)``: its output is what a convolution with that kernel would take as input
    (`output_padding` picks a longer one; `dilation_rate` spaces the kernel taps)."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid",
                 output_padding=None, data_format=None, dilation_rate=(1, 1), **kwargs):
        super().__init__(2, filters, kernel_size, strides, padding, data_format, dilation_rate,
                         **kwargs)
        self.output_padding = _output_padding(self, output_padding, 2)

    def build(self, input_shape):
        _check_rank(input_shape, 4)
        channels = self._channels(input_shape)
        self._add_kernel_and_bias(self.kernel_size + (self.filters, channels), self.filters)
        self.built = True

    def call(self, inputs):
        batch, rows, cols, _ = inputs.shape.as_list()
        if self.dilation_rate[0] != self.dilation_rate[1]:
            raise ValueError("Expected the 2 dimensions of the `dilation_rate` argument to be "
                             "equal to each other. Received: dilation_rate="
                             f"{self.dilation_rate}")
        out_rows, out_cols = _transposed_lengths(self, [rows, cols], self.dilation_rate)
        if batch is None:  # in a tf.function: the op takes the batch from `inputs` anyway
            batch = -1  # (as the 1-D and 3-D ones below)
        # A dilated kernel is TF's atrous transposed convolution: the same op with spaced taps.
        outputs = nn_ops.conv2d_backprop_input(
            (batch, out_rows, out_cols, self.filters), self.kernel, inputs,
            strides=self.strides, padding=self.padding.upper(), dilations=self.dilation_rate)
        return self._add_bias_and_activate(outputs, nn_ops.bias_add)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0], *_transposed_lengths(self, dims[1:3], self.dilation_rate),
                            self.filters])

    def get_config(self):
        config = super().get_config()
        config["output_padding"] = self.output_padding
        return config


class DepthwiseConv2D(_Conv):
    """Each input channel convolved with its own ``depth_multiplier`` filters: a
    ``(kh, kw, in, depth_multiplier)`` kernel and ``in * depth_multiplier`` output channels."""

    _rank = 2

    def __init__(self, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1,
                 data_format=None, dilation_rate=(1, 1), activation=None, use_bias=True,
                 depthwise_initializer="glorot_uniform", bias_initializer="zeros",
                 depthwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, bias_constraint=None, **kwargs):
        # (filters is a stand-in: the output channels follow from the input's)
        super().__init__(self._rank, 1, kernel_size, strides, padding, data_format,
                         dilation_rate,
                         activation=activation, use_bias=use_bias,
                         bias_initializer=bias_initializer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer,
                         bias_constraint=bias_constraint, **kwargs)
        self.depth_multiplier = depth_multiplier
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.depthwise_regularizer = regularizers.get(depthwise_regularizer)
        self.depthwise_constraint = constraints.get(depthwise_constraint)

    def _add_depthwise_kernel(self, channels):
        self.depthwise_kernel = self.add_weight(
            "depthwise_kernel", shape=self.kernel_size + (channels, self.depth_multiplier),
            initializer=self.depthwise_initializer, regularizer=self.depthwise_regularizer,
            constraint=self.depthwise_constraint, dtype=self.dtype, trainable=True)

    def _add_bias(self, size):
        self.bias = self.add_weight("bias", shape=[size], initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint, dtype=self.dtype,
                                    trainable=True) if self.use_bias else None

    def build(self, input_shape):
        _check_rank(input_shape, 4, "Inputs to `DepthwiseConv`")
        channels = self._channels(input_shape)
        self._add_depthwise_kernel(channels)
        self._add_bias(channels * self.depth_multiplier)
        self.built = True

    def _depthwise(self, inputs):
        return nn_impl_ops.depthwise_conv2d(inputs, self.depthwise_kernel,
                                            strides=[1, *self.strides, 1],
                                            padding=self.padding.upper(),
                                            dilations=list(self.dilation_rate))

    def call(self, inputs):
        return self._add_bias_and_activate(self._depthwise(inputs), nn_ops.bias_add)

    def _spatial_output(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return dims, [_output_length(self, i, dims[i + 1]) for i in range(self.rank)]

    def compute_output_shape(self, input_shape):
        dims, spatial = self._spatial_output(input_shape)
        channels = None if dims[-1] is None else dims[-1] * self.depth_multiplier
        return TensorShape([dims[0], *spatial, channels])

    def _depthwise_config(self):
        return {"depth_multiplier": self.depth_multiplier,
                "depthwise_initializer": initializers.serialize(self.depthwise_initializer),
                "depthwise_regularizer": regularizers.serialize(self.depthwise_regularizer),
                "depthwise_constraint": _serialize_constraint(self.depthwise_constraint)}

    def get_config(self):
        config = super().get_config()
        for key in ("filters", "kernel_initializer", "kernel_regularizer", "kernel_constraint"):
            config.pop(key, None)
        config.update(self._depthwise_config())
        return config


class SeparableConv2D(DepthwiseConv2D):
    """A depthwise convolution, then a 1x1 convolution to `filters` channels (its
    ``pointwise_kernel`` is ``(1, 1, in * depth_multiplier, filters)``): far fewer weights
    than a ``Conv2D`` of the same size."""

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid",
                 data_format=None, dilation_rate=(1, 1), depth_multiplier=1,
                 pointwise_initializer="glorot_uniform", pointwise_regularizer=None,
                 pointwise_constraint=None, **kwargs):
        super().__init__(kernel_size, strides, padding, depth_multiplier, data_format,
                         dilation_rate, **kwargs)
        filters = int(filters) if isinstance(filters, float) else filters
        if filters <= 0:
            raise ValueError("Invalid value for argument `filters`. Expected a strictly "
                             f"positive value. Received filters={filters}.")
        self.filters = filters
        self.pointwise_initializer = initializers.get(pointwise_initializer)
        self.pointwise_regularizer = regularizers.get(pointwise_regularizer)
        self.pointwise_constraint = constraints.get(pointwise_constraint)

    def build(self, input_shape):
        _check_rank(input_shape, 4)
        channels = self._channels(input_shape)
        self._add_depthwise_kernel(channels)
        self.pointwise_kernel = self.add_weight(
            "pointwise_kernel", shape=(1, 1, channels * self.depth_multiplier, self.filters),
            initializer=self.pointwise_initializer, regularizer=self.pointwise_regularizer,
            constraint=self.pointwise_constraint, dtype=self.dtype, trainable=True)
        self._add_bias(self.filters)
        self.built = True

    def call(self, inputs):
        mixed = nn_ops.conv2d(self._depthwise(inputs), self.pointwise_kernel,
                              strides=[1, 1, 1, 1], padding="VALID")
        return self._add_bias_and_activate(mixed, nn_ops.bias_add)

    def compute_output_shape(self, input_shape):
        dims, spatial = self._spatial_output(input_shape)
        return TensorShape([dims[0], *spatial, self.filters])

    def get_config(self):
        config = _Conv.get_config(self)  # TF lists the kernel_* options here too
        depthwise = self._depthwise_config()
        pointwise = {
            "pointwise_initializer": initializers.serialize(self.pointwise_initializer),
            "pointwise_regularizer": regularizers.serialize(self.pointwise_regularizer),
            "pointwise_constraint": _serialize_constraint(self.pointwise_constraint)}
        config["depth_multiplier"] = depthwise.pop("depth_multiplier")
        for kind in ("initializer", "regularizer", "constraint"):  # TF's interleaved order
            config[f"depthwise_{kind}"] = depthwise[f"depthwise_{kind}"]
            config[f"pointwise_{kind}"] = pointwise[f"pointwise_{kind}"]
        return config


def _output_length(layer, axis, length):
    """A conv layer's output length along spatial `axis` (causal padding keeps the length)."""
    if layer.padding == "causal":
        return conv_output_length(length, layer.kernel_size[axis], "same", layer.strides[axis],
                                  layer.dilation_rate[axis])
    return conv_output_length(length, layer.kernel_size[axis], layer.padding,
                              layer.strides[axis], layer.dilation_rate[axis])


class _OneDimensional:
    """Mixin of the 1-D depthwise and separable layers: the 2-D ops see each sequence as a
    height-1 image (``(b, steps, c) -> (b, 1, steps, c)``), kernels gain a height axis of 1,
    and ``padding='causal'`` pads only the past."""

    _rank = 1

    def _image(self, inputs):
        if self.padding == "causal":
            left = self.dilation_rate[0] * (self.kernel_size[0] - 1)
            inputs = array_ops.pad(inputs, [[0, 0], [left, 0], [0, 0]])
        return array_ops.expand_dims(inputs, 1)

    def _image_padding(self):
        return "VALID" if self.padding == "causal" else self.padding.upper()

    def _depthwise(self, inputs):
        return nn_impl_ops.depthwise_conv2d(
            self._image(inputs), array_ops.expand_dims(self.depthwise_kernel, 0),
            strides=[1, 1, self.strides[0], 1], padding=self._image_padding(),
            dilations=[1, self.dilation_rate[0]])


class DepthwiseConv1D(_OneDimensional, DepthwiseConv2D):
    """Each channel of ``(batch, steps, channels)`` convolved with its own
    ``depth_multiplier`` filters: a ``(k, in, depth_multiplier)`` kernel and
    ``in * depth_multiplier`` output channels."""

    def __init__(self, kernel_size, strides=1, padding="valid", depth_multiplier=1,
                 data_format=None, dilation_rate=1, **kwargs):
        super().__init__(kernel_size, strides, padding, depth_multiplier, data_format,
                         dilation_rate, **kwargs)

    def build(self, input_shape):
        _check_rank(input_shape, 3, "Inputs to `DepthwiseConv`")
        channels = self._channels(input_shape)
        self._add_depthwise_kernel(channels)
        self._add_bias(channels * self.depth_multiplier)
        self.built = True

    def call(self, inputs):
        out = array_ops.squeeze(self._depthwise(inputs), [1])
        return self._add_bias_and_activate(out, nn_ops.bias_add)


class SeparableConv1D(_OneDimensional, SeparableConv2D):
    """A depthwise 1-D convolution, then a pointwise one (``(1, in * depth_multiplier,
    filters)`` kernel) mixing the channels into `filters`."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None,
                 dilation_rate=1, depth_multiplier=1, **kwargs):
        super().__init__(filters, kernel_size, strides, padding, data_format, dilation_rate,
                         depth_multiplier, **kwargs)

    def build(self, input_shape):
        _check_rank(input_shape, 3)
        channels = self._channels(input_shape)
        self._add_depthwise_kernel(channels)
        self.pointwise_kernel = self.add_weight(
            "pointwise_kernel", shape=(1, channels * self.depth_multiplier, self.filters),
            initializer=self.pointwise_initializer, regularizer=self.pointwise_regularizer,
            constraint=self.pointwise_constraint, dtype=self.dtype, trainable=True)
        self._add_bias(self.filters)
        self.built = True

    def call(self, inputs):
        mixed = nn_ops.conv2d(self._depthwise(inputs),
                              array_ops.expand_dims(self.pointwise_kernel, 0),
                              strides=[1, 1, 1, 1], padding="VALID")
        return self._add_bias_and_activate(array_ops.squeeze(mixed, [1]), nn_ops.bias_add)


class Conv1DTranspose(Conv2DTranspose):
    """The transpose of a 1-D convolution (learned upsampling of sequences), kernel
    ``(k, filters, in)``: the 2-D op on a height-1 image."""

    def __init__(self, filters, kernel_size, strides=1, padding="valid", output_padding=None,
                 data_format=None, dilation_rate=1, **kwargs):
        _Conv.__init__(self, 1, filters, kernel_size, strides, padding, data_format,
                       dilation_rate, **kwargs)
        self.output_padding = _output_padding(self, output_padding, 1)

    def build(self, input_shape):
        _check_rank(input_shape, 3)
        channels = self._channels(input_shape)
        self._add_kernel_and_bias(self.kernel_size + (self.filters, channels), self.filters)
        self.built = True

    def call(self, inputs):
        if self.dilation_rate[0] > 1:  # TF's CPU kernel refuses a dilated transposed conv
            raise errors.InvalidArgumentError(
                None, None, "Current CPU implementations do not yet support dilation rates "
                "larger than 1.")
        batch, steps, _ = inputs.shape.as_list()
        length, = _transposed_lengths(self, [steps], self.dilation_rate)
        outputs = nn_ops.conv2d_backprop_input(
            (-1 if batch is None else batch, 1, length, self.filters),
            array_ops.expand_dims(self.kernel, 0),
            array_ops.expand_dims(inputs, 1), strides=(1, self.strides[0]),
            padding=self.padding.upper())
        return self._add_bias_and_activate(array_ops.squeeze(outputs, [1]), nn_ops.bias_add)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0], *_transposed_lengths(self, dims[1:2], self.dilation_rate),
                            self.filters])


def _depth_padding(depth, kernel, padding, stride, dilation):
    """(front, back) zero slices TF's SAME padding adds along the depth axis (none for
    VALID), and the output depth."""
    out = conv_output_length(depth, kernel, padding, stride, dilation)
    if padding != "same":
        return (0, 0), out
    total = max((out - 1) * stride + (kernel - 1) * dilation + 1 - depth, 0)
    return (total // 2, total - total // 2), out


def _depth_slices(x, offset, count, stride):
    """`count` depth slices of ``(b, D, H, W, c)`` from `offset` every `stride`, with the batch
    and depth axes merged: ``(b * count, H, W, c)`` for a 2-D op."""
    picked = x[:, offset:offset + (count - 1) * stride + 1:stride]
    dims = x.shape.as_list()
    return array_ops.reshape(picked, [-1] + [d if d is not None else -1 for d in dims[2:]])


def _split_depth(y, count):
    """``(b * count, h, w, c)`` back to ``(b, count, h, w, c)``."""
    dims = y.shape.as_list()
    return array_ops.reshape(y, [-1, count] + [d if d is not None else -1 for d in dims[1:]])


def conv3d(inputs, kernel, strides, padding, dilation_rate):
    """3-D convolution of ``(b, D, H, W, c)`` with a ``(kd, kh, kw, c, filters)`` kernel
    (`padding` 'valid' or 'same'): each depth tap is a 2-D convolution of the matching depth
    slices, and the output sums the taps."""
    depth = inputs.shape.as_list()[1]
    if depth is None:
        raise ValueError("eagerbook's 3-D convolutions need a known depth (axis 1) in their "
                         "inputs.")
    (front, back), out_depth = _depth_padding(depth, kernel.shape[0], padding, strides[0],
                                              dilation_rate[0])
    x = array_ops.pad(inputs, [[0, 0], [front, back], [0, 0], [0, 0], [0, 0]]) \
        if front or back else inputs
    total = None
    for tap in range(kernel.shape[0]):
        slices = _depth_slices(x, tap * dilation_rate[0], out_depth, strides[0])
        part = nn_ops.conv2d(slices, kernel[tap], strides=[1, *strides[1:], 1],
                             padding=padding.upper(), dilations=[1, *dilation_rate[1:], 1])
        total = part if total is None else math_ops.add(total, part)
    return _split_depth(total, out_depth)


class Conv3D(_Conv):
    """3-D convolution over ``(batch, depth, height, width, channels)`` (videos, volumes)
    with a ``(kd, kh, kw, in, filters)`` kernel. Each depth tap of the kernel is a 2-D
    convolution of the matching depth slices; the output sums the taps."""

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid",
                 data_format=None, dilation_rate=(1, 1, 1), groups=1, **kwargs):
        super().__init__(3, filters, kernel_size, strides, padding, data_format, dilation_rate,
                         groups, **kwargs)

    def _convolve(self, inputs):
        empty = _empty_output(self, inputs)
        if empty is not None:
            return empty
        outputs = conv3d(inputs, self._full_kernel(), self.strides, self.padding,
                         self.dilation_rate)
        return self._add_bias_and_activate(outputs, nn_ops.bias_add)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if len(dims) < 5:
            raise ValueError(f"Conv3D expects inputs of rank 5, got shape {dims}")
        spatial = [conv_output_length(dims[i - 4], self.kernel_size[i], self.padding,
                                      self.strides[i], self.dilation_rate[i])
                   for i in range(3)]
        return TensorShape(_leading_dims(self, dims) + [*spatial, self.filters])


def _place_along_depth(planes, stride, offset, depth):
    """``(b, D, ...)`` planes put at depths ``d * stride + offset`` of a ``(b, depth, ...)``
    tensor of zeros: the depth half of a transposed convolution's scatter, with pads,
    reshapes and slices only (so gradients flow through the usual rules)."""
    dims = planes.shape.as_list()
    inner = [d if d is not None else -1 for d in dims[2:]]
    rank = len(dims)
    if stride > 1:  # every plane followed by stride - 1 zero planes
        spread = array_ops.expand_dims(planes, 2)
        spread = array_ops.pad(spread, [[0, 0], [0, 0], [0, stride - 1]] + [[0, 0]] * (rank - 2))
        planes = array_ops.reshape(spread, [-1, dims[1] * stride] + inner)
    length = dims[1] * stride
    front, back = max(offset, 0), max(depth - offset - length, 0)
    if front or back:
        planes = array_ops.pad(planes, [[0, 0], [front, back]] + [[0, 0]] * (rank - 2))
    start = max(-offset, 0)
    return planes[:, start:start + depth]


class Conv3DTranspose(_Conv):
    """The transpose of a 3-D convolution (learned upsampling of volumes), kernel
    ``(kd, kh, kw, filters, in)``. Each depth tap is a 2-D transposed convolution of every
    input depth slice, placed ``stride`` apart along the output depth and summed. As in TF,
    `dilation_rate` is accepted but not used (nor listed in the config)."""

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid",
                 output_padding=None, data_format=None, dilation_rate=(1, 1, 1), **kwargs):
        super().__init__(3, filters, kernel_size, strides, padding, data_format, dilation_rate,
                         **kwargs)
        self.output_padding = _output_padding(self, output_padding, 3)

    def build(self, input_shape):
        _check_rank(input_shape, 5)
        channels = self._channels(input_shape)
        self._add_kernel_and_bias(self.kernel_size + (self.filters, channels), self.filters)
        self.built = True

    def call(self, inputs):
        batch, depth, rows, cols, channels = inputs.shape.as_list()
        if depth is None:
            raise ValueError("eagerbook's Conv3DTranspose needs a known depth (axis 1) in its "
                             "inputs.")
        out_depth, out_rows, out_cols = self.compute_output_shape(inputs.shape).as_list()[1:4]
        kernel, stride = self.kernel_size[0], self.strides[0]
        # SAME centres the full-length output on the requested one, the extra plane at the
        # back (as TF); VALID keeps its front.
        front = max((depth - 1) * stride + kernel - out_depth, 0) // 2 \
            if self.padding == "same" else 0
        slices = array_ops.reshape(inputs, [-1, rows, cols, channels])  # depth into batch
        total = None
        for tap in range(kernel):
            planes = nn_ops.conv2d_backprop_input(
                (-1 if batch is None else batch * depth, out_rows, out_cols, self.filters),
                self.kernel[tap], slices, strides=self.strides[1:],
                padding=self.padding.upper())
            planes = array_ops.reshape(planes, [-1, depth, out_rows, out_cols, self.filters])
            placed = _place_along_depth(planes, stride, tap - front, out_depth)
            total = placed if total is None else math_ops.add(total, placed)
        return self._add_bias_and_activate(total, nn_ops.bias_add)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if len(dims) != 5:
            raise ValueError(f"Conv3DTranspose expects inputs of rank 5, got shape {dims}")
        return TensorShape([dims[0], *_transposed_lengths(self, dims[1:4], (1, 1, 1)),
                            self.filters])

    def get_config(self):
        config = super().get_config()
        config.pop("dilation_rate")
        config["output_padding"] = self.output_padding
        return config


Convolution3D = Conv3D
SeparableConvolution1D = SeparableConv1D
Convolution1DTranspose = Conv1DTranspose
Convolution2D = Conv2D
Convolution1D = Conv1D
SeparableConvolution2D = SeparableConv2D
Convolution2DTranspose = Conv2DTranspose
Convolution3DTranspose = Conv3DTranspose


__all__ = ["Conv1D", "Convolution1D", "Conv2D", "Convolution2D", "Conv3D", "Convolution3D",
           "Conv1DTranspose", "Convolution1DTranspose", "DepthwiseConv1D", "SeparableConv1D",
           "SeparableConvolution1D", "Conv2DTranspose",
           "Convolution2DTranspose", "Conv3DTranspose", "Convolution3DTranspose",
           "DepthwiseConv2D", "SeparableConv2D",
           "SeparableConvolution2D"]

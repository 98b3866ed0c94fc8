"""Convolutional LSTMs: ``ConvLSTM1D``, ``ConvLSTM2D``, ``ConvLSTM3D``.

An LSTM whose state is an image (or a sequence, or a volume) rather than a vector: every
matrix product of ``LSTMCell`` becomes a convolution. Inputs are ``(batch, time, *spatial,
channels)``; each step convolves the frame with ``kernel`` (the layer's strides, padding and
dilation) and the previous hidden state with ``recurrent_kernel`` (stride 1, SAME padding, so
the state keeps its size). The gates are stacked ``i, f, c, o`` as in TF, and the recurrent
activation is Keras 2's ``hard_sigmoid``. The weights live directly under the layer's name
(``conv_lstm2d/kernel:0``), as in TF.
"""

from ...core import nest
from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...ops import array_ops, math_ops, nn_ops
from .. import activations, initializers, regularizers
from .base import InputSpec, Layer
from .convolutional import _padding, conv3d, conv_output_length, normalize_tuple
from .core import _serialize_constraint
from .recurrent import (
    DropoutMasks,
    masked_by,
    set_weight_arguments,
    with_cell_arguments,
)


def _convolve(x, kernel, rank, strides, padding, dilation_rate):
    """An N-d convolution (N = 1, 2, 3) of channels-last `x` with a ``(*k, in, out)`` kernel."""
    if rank == 2:
        return nn_ops.conv2d(x, kernel, strides=[1, *strides, 1], padding=padding.upper(),
                             dilations=[1, *dilation_rate, 1])
    if rank == 1:  # the 2-D op on a height-1 image
        out = nn_ops.conv2d(array_ops.expand_dims(x, 1), array_ops.expand_dims(kernel, 0),
                            strides=[1, 1, strides[0], 1], padding=padding.upper(),
                            dilations=[1, 1, dilation_rate[0], 1])
        return array_ops.squeeze(out, [1])
    return conv3d(x, kernel, strides, padding, dilation_rate)


class ConvLSTMCell(DropoutMasks, Layer):
    """One step of a convolutional LSTM over `rank` spatial axes: ``(frame, [h, c]) ->
    (h, [h, c])`` with ``h`` and ``c`` shaped ``(batch, *spatial_out, filters)``."""

    def __init__(self, rank, filters, kernel_size, strides=1, padding="valid",
                 data_format=None, dilation_rate=1, activation="tanh",
                 recurrent_activation="hard_sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal",
                 bias_initializer="zeros", unit_forget_bias=True, kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(filters, int) or filters <= 0:
            raise ValueError("Invalid value for argument `filters`. Expected a strictly "
                             f"positive value. Received filters={filters}.")
        self.rank = rank
        self.filters = filters
        self.kernel_size = normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = normalize_tuple(strides, rank, "strides")
        self.padding = _padding(padding)
        self.data_format = data_format or "channels_last"
        if self.data_format != "channels_last":
            raise ValueError("eagerbook's convolutional LSTMs support "
                             "data_format='channels_last' only, as TF on the CPU does.")
        self.dilation_rate = normalize_tuple(dilation_rate, rank, "dilation_rate")
        self.activation = activations.get(activation)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.use_bias = use_bias
        self.unit_forget_bias = unit_forget_bias
        # While training, dropout draws four masks (one per gate) for the frames, and
        # recurrent_dropout four for the previous state, as TF's cell does (see DropoutMasks).
        set_weight_arguments(
            self, kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint,
            dropout=dropout, recurrent_dropout=recurrent_dropout)

    @property
    def state_size(self):
        return (self.filters, self.filters)

    def build(self, input_shape):
        channels = TensorShape(input_shape)[-1]
        if channels is None:
            raise ValueError("The channel dimension of the inputs should be defined. Found "
                             "`None`.")
        width = 4 * self.filters
        self.kernel = self.add_weight(
            "kernel", shape=self.kernel_size + (channels, width),
            initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint)
        self.recurrent_kernel = self.add_weight(
            "recurrent_kernel", shape=self.kernel_size + (self.filters, width),
            initializer=self.recurrent_initializer, regularizer=self.recurrent_regularizer,
            constraint=self.recurrent_constraint)
        self.bias = self.add_weight(
            "bias", shape=(width,), initializer=self._bias_initializer(),
            regularizer=self.bias_regularizer,
            constraint=self.bias_constraint) if self.use_bias else None
        self.built = True

    def _bias_initializer(self):
        if not self.unit_forget_bias:
            return self.bias_initializer
        base, filters = self.bias_initializer, self.filters

        def forget_gate_ones(shape, dtype=None, **kwargs):
            # Forget-gate biases start at 1 (remember by default), the others as configured.
            parts = [base((filters,), dtype=dtype), initializers.Ones()((filters,), dtype=dtype),
                     base((2 * filters,), dtype=dtype)]
            return array_ops.concat(parts, axis=0)
        return forget_gate_ones

    def _frame_conv(self, frame, kernel, bias):
        out = _convolve(frame, kernel, self.rank, self.strides, self.padding,
                        self.dilation_rate)
        return out if bias is None else nn_ops.bias_add(out, bias)

    def _state_conv(self, h, kernel):
        ones = (1,) * self.rank  # stride 1, SAME: the state keeps its size
        return _convolve(h, kernel, self.rank, ones, "same", ones)

    def output_spatial_shape(self, spatial):
        """The state's spatial sizes for input frames of sizes `spatial` (None stays None)."""
        return [conv_output_length(n, k, self.padding, s, d) for n, k, s, d in
                zip(spatial, self.kernel_size, self.strides, self.dilation_rate)]

    def call(self, inputs, states, training=None):
        h_prev, c_prev = states
        input_masks = self._input_dropout(inputs, training, 4)
        recurrent_masks = self._recurrent_dropout(h_prev, training, 4)
        if input_masks is None and recurrent_masks is None:  # all four gates in one product
            z = math_ops.add(self._frame_conv(inputs, self.kernel, self.bias),
                             self._state_conv(h_prev, self.recurrent_kernel))
            z_i, z_f, z_c, z_o = array_ops.split(z, 4, axis=-1)
        else:  # gate by gate, each with its own masks
            kernels = array_ops.split(self.kernel, 4, axis=-1)
            recurrent_kernels = array_ops.split(self.recurrent_kernel, 4, axis=-1)
            biases = array_ops.split(self.bias, 4) if self.bias is not None else [None] * 4
            z_i, z_f, z_c, z_o = [math_ops.add(
                self._frame_conv(masked_by(inputs, input_masks, g), kernels[g], biases[g]),
                self._state_conv(masked_by(h_prev, recurrent_masks, g), recurrent_kernels[g]))
                for g in range(4)]
        i = self.recurrent_activation(z_i)
        f = self.recurrent_activation(z_f)
        c = math_ops.add(math_ops.multiply(f, c_prev),
                         math_ops.multiply(i, self.activation(z_c)))
        o = self.recurrent_activation(z_o)
        h = math_ops.multiply(o, self.activation(c))
        return h, [h, c]

    def get_config(self):
        config = super().get_config()
        config.update({
            "filters": self.filters, "kernel_size": self.kernel_size,
            "strides": self.strides, "padding": self.padding,
            "data_format": self.data_format, "dilation_rate": self.dilation_rate,
            "activation": activations.serialize(self.activation),
            "recurrent_activation": activations.serialize(self.recurrent_activation),
            "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "recurrent_initializer": initializers.serialize(self.recurrent_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "unit_forget_bias": self.unit_forget_bias,
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "recurrent_regularizer": regularizers.serialize(self.recurrent_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "kernel_constraint": _serialize_constraint(self.kernel_constraint),
            "recurrent_constraint": _serialize_constraint(self.recurrent_constraint),
            "bias_constraint": _serialize_constraint(self.bias_constraint),
            "dropout": self.dropout, "recurrent_dropout": self.recurrent_dropout})
        return config


_RNN_ARGS = ("return_sequences", "return_state", "go_backwards", "stateful", "unroll",
             "time_major")


class _ConvLSTM(Layer):
    """Runs a `ConvLSTMCell` over the time axis (axis 1) of ``(batch, time, *spatial, c)``."""

    _rank = None

    def __init__(self, filters, kernel_size, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False, time_major=False,
                 **kwargs):
        if stateful:
            raise ValueError("eagerbook's convolutional LSTMs support stateful=False only.")
        if time_major:
            raise ValueError("eagerbook's convolutional LSTMs support time_major=False only.")
        cell_kwargs = {k: kwargs.pop(k) for k in list(kwargs) if k in _CELL_ARGS}
        super().__init__(**kwargs)
        self.cell = ConvLSTMCell(self._rank, filters, kernel_size, dtype=kwargs.get("dtype"),
                                 **cell_kwargs)
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.unroll = unroll
        self.input_spec = InputSpec(ndim=self._rank + 3)

    @property
    def filters(self):
        return self.cell.filters

    def build(self, input_shape):
        shape = TensorShape(input_shape)
        if not self.cell.built:  # built in the layer's own scope: conv_lstm2d/kernel:0
            self.cell.build(TensorShape([shape[0]] + shape.as_list()[2:]))
            self.cell.built = True
        self.built = True

    def _zero_states(self, inputs):
        dims = inputs.shape.as_list()
        batch = dims[0] if dims[0] is not None else array_ops.shape(inputs)[0]
        spatial = self.cell.output_spatial_shape(dims[2:-1])
        shape = [batch, *spatial, self.cell.filters]
        if not isinstance(batch, int):
            shape = array_ops.stack(shape)
        return [array_ops.zeros(shape, dtype=inputs.dtype) for _ in range(2)]

    def call(self, inputs, mask=None, training=None, initial_state=None):
        # No reset of the cell's dropout masks here: TF's ConvLSTM layers keep them.
        inputs = convert_to_tensor(inputs)
        states = nest.flatten(initial_state) if initial_state is not None else \
            self._zero_states(inputs)
        steps = array_ops.unstack(inputs, axis=1)
        if self.go_backwards:
            steps = steps[::-1]
        outputs = []
        for frame in steps:
            output, states = self.cell.call(frame, states, training=training)
            outputs.append(output)
        result = array_ops.stack(outputs, axis=1) if self.return_sequences else outputs[-1]
        if self.return_state:
            return [result] + list(states)
        return result

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        spatial = self.cell.output_spatial_shape(dims[2:-1])
        state = TensorShape([dims[0], *spatial, self.cell.filters])
        out = TensorShape([dims[0], dims[1], *spatial, self.cell.filters]) \
            if self.return_sequences else state
        return [out, state, state] if self.return_state else out

    def get_config(self):
        config = super().get_config()
        config.update({"return_sequences": self.return_sequences,
                       "return_state": self.return_state, "go_backwards": self.go_backwards,
                       "stateful": False, "unroll": self.unroll, "time_major": False})
        return with_cell_arguments(self, config)

    @classmethod
    def from_config(cls, config, custom_objects=None):
        return cls(**config)


_CELL_ARGS = ("strides", "padding", "data_format", "dilation_rate", "activation",
              "recurrent_activation", "use_bias", "kernel_initializer",
              "recurrent_initializer", "bias_initializer", "unit_forget_bias",
              "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
              "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
              "recurrent_dropout")


class ConvLSTM1D(_ConvLSTM):
    """A convolutional LSTM over ``(batch, time, steps, channels)`` (sequences of 1-D
    signals), kernels ``(k, in, 4 * filters)``."""

    _rank = 1


class ConvLSTM2D(_ConvLSTM):
    """A convolutional LSTM over ``(batch, time, rows, cols, channels)`` (videos), kernels
    ``(kh, kw, in, 4 * filters)``: the classic next-frame predictor."""

    _rank = 2


class ConvLSTM3D(_ConvLSTM):
    """A convolutional LSTM over ``(batch, time, depth, rows, cols, channels)`` (sequences
    of volumes), kernels ``(kd, kh, kw, in, 4 * filters)``."""

    _rank = 3


__all__ = ["ConvLSTM1D", "ConvLSTM2D", "ConvLSTM3D"]

"""``LocallyConnected1D`` and ``LocallyConnected2D``: convolutions whose weights are not shared.

Every output position has its own kernel: the kernel is ``(positions, k... * in, filters)``
and the bias ``(*output_spatial, filters)``. Each position's input patch is flattened (window
rows, then columns, then channels, as TF's first implementation does) and multiplied by that
position's kernel; all positions go through one batched matmul.
"""

from ...core.shape import TensorShape
from ...ops import array_ops, math_ops
from .base import InputSpec
from .convolutional import _padding, conv_output_length, normalize_tuple
from .core import KernelLayer


class _LocallyConnected(KernelLayer):
    _rank = None

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None,
                 activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 implementation=1, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        rank = self._rank
        self.filters = filters
        self.kernel_size = normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = normalize_tuple(strides, rank, "strides")
        self.padding = _padding(padding)
        if self.padding != "valid" and implementation == 1:
            raise ValueError(f"Invalid border mode for {type(self).__name__} (only \"valid\" "
                             f"is supported if implementation is 1): {padding}")
        if implementation != 1:
            raise ValueError(f"eagerbook's {type(self).__name__} supports implementation=1 "
                             "(TF's default) only.")
        self.data_format = data_format or "channels_last"
        if self.data_format != "channels_last":
            raise ValueError(f"eagerbook's {type(self).__name__} supports "
                             "data_format='channels_last' only.")
        self.implementation = implementation
        self._set_kernel_options(activation, use_bias, kernel_initializer, bias_initializer,
                                 kernel_regularizer, bias_regularizer, kernel_constraint,
                                 bias_constraint)
        self.input_spec = InputSpec(ndim=rank + 2)

    def _output_spatial(self, spatial):
        return [conv_output_length(n, k, self.padding, s)
                for n, k, s in zip(spatial, self.kernel_size, self.strides)]

    def build(self, input_shape):
        shape = TensorShape(input_shape).as_list()
        spatial, channels = shape[1:-1], shape[-1]
        if any(n is None for n in spatial) or channels is None:
            raise ValueError(f"{type(self).__name__} needs fully known input sizes (besides "
                             f"the batch); received input shape {tuple(shape)}.")
        out = self._output_spatial(spatial)
        positions, patch = 1, channels
        for n, k in zip(out, self.kernel_size):
            positions, patch = positions * n, patch * k
        self.kernel = self.add_weight("kernel", shape=(positions, patch, self.filters),
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.bias = self.add_weight("bias", shape=(*out, self.filters),
                                    initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint) if self.use_bias else None
        self.input_spec = InputSpec(ndim=self._rank + 2, axes={-1: channels})
        self.built = True

    def _patches(self, inputs):
        """``(positions, batch, patch)``: each output position's flattened input window."""
        out = self._output_spatial(inputs.shape.as_list()[1:-1])
        rows = []
        for index in _positions(out):
            window = tuple(slice(i * s, i * s + k)
                           for i, s, k in zip(index, self.strides, self.kernel_size))
            patch = inputs[(slice(None),) + window]
            rows.append(array_ops.reshape(patch, [-1, self.kernel.shape[1]]))
        return array_ops.stack(rows), out

    def call(self, inputs):
        patches, out = self._patches(inputs)
        products = math_ops.matmul(patches, self.kernel)  # (positions, batch, filters)
        outputs = array_ops.reshape(products, [*out, -1, self.filters])
        rank = self._rank
        outputs = array_ops.transpose(outputs, [rank] + list(range(rank)) + [rank + 1])
        return self._add_bias_and_activate(outputs)

    def compute_output_shape(self, input_shape):
        shape = TensorShape(input_shape).as_list()
        return TensorShape([shape[0], *self._output_spatial(shape[1:-1]), self.filters])

    def get_config(self):
        config = super().get_config()
        config.update({"filters": self.filters, "kernel_size": self.kernel_size,
                       "strides": self.strides, "padding": self.padding,
                       "data_format": self.data_format})
        config.update(self._kernel_options_config())
        config["implementation"] = self.implementation
        return config


def _positions(sizes):
    """Every index of a grid of `sizes`, the last axis fastest."""
    if not sizes:
        return [()]
    return [(i,) + rest for i in range(sizes[0]) for rest in _positions(sizes[1:])]


class LocallyConnected1D(_LocallyConnected):
    """Unshared 1-D convolution over ``(batch, steps, channels)``."""

    _rank = 1


class LocallyConnected2D(_LocallyConnected):
    """Unshared 2-D convolution over ``(batch, rows, cols, channels)``."""

    _rank = 2


__all__ = ["LocallyConnected1D", "LocallyConnected2D"]

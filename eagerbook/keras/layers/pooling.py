"""Pooling layers: ``MaxPooling1D/2D/3D`` and ``AveragePooling1D/2D/3D`` slide a window (the
1-D ones run the 2-D op on a height-1 image, the 3-D ones combine 2-D pools of depth slices);
``GlobalMax/AveragePooling1D/2D/3D`` reduce over every step, pixel or voxel."""

import numpy as np

from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...ops import array_ops, math_ops, nn_ops
from .base import InputSpec, Layer
from .convolutional import (
    _depth_padding,
    _depth_slices,
    _padding,
    _split_depth,
    conv_output_length,
    normalize_tuple,
)

_DT_NAMES = {"float32": "DT_FLOAT", "float16": "DT_HALF", "float64": "DT_DOUBLE"}


class _Pooling(Layer):
    """A `pool_size` window slid by `strides` over the `rank` spatial axes, reduced by the
    2-D op `_op_name` of ``nn_ops`` (1-D inputs become height-1 images for it)."""

    _op_name = None
    _rank = None

    def __init__(self, pool_size, strides, padding, data_format, **kwargs):
        super().__init__(**kwargs)
        self.pool_size = normalize_tuple(pool_size, self._rank, "pool_size")
        self.strides = self.pool_size if strides is None else \
            normalize_tuple(strides, self._rank, "strides", allow_zero=True)
        self.padding = _padding(padding)
        self.data_format = data_format or "channels_last"
        if self.data_format != "channels_last":
            raise ValueError("eagerbook's pooling layers support channels_last only.")
        self.input_spec = InputSpec(ndim=self._rank + 2)

    def call(self, inputs):
        pool = getattr(nn_ops, self._op_name)
        if self._rank == 2:
            return pool(inputs, ksize=[1, *self.pool_size, 1], strides=[1, *self.strides, 1],
                        padding=self.padding.upper())
        out = pool(array_ops.expand_dims(inputs, 1), ksize=[1, 1, self.pool_size[0], 1],
                   strides=[1, 1, self.strides[0], 1], padding=self.padding.upper())
        return array_ops.squeeze(out, [1])

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        spatial = [conv_output_length(dims[1 + i], self.pool_size[i], self.padding,
                                      self.strides[i]) for i in range(self._rank)]
        return TensorShape([dims[0], *spatial, dims[-1]])

    def _symbolic_output_shape(self, input_shape):
        if self._rank in (1, 2) and self.padding == "valid":
            self._check_window_fits(TensorShape(input_shape).as_list())
        return self.compute_output_shape(input_shape)

    def _check_window_fits(self, dims):
        """On symbolic inputs TF's pool op refuses a window larger than its input, in the
        words of the graph's shape check (eagerly it returns an empty output instead)."""
        for size, window in zip(dims[1:-1], self.pool_size):
            if size is not None and size < window:
                break
        else:
            return
        # TF's 1-D layers pool a (batch, steps, 1, channels) image
        image = dims if self._rank == 2 else [dims[0], dims[1], 1, dims[2]]
        ksize = [1, *self.pool_size, 1] if self._rank == 2 else [1, self.pool_size[0], 1, 1]
        strides = [1, *self.strides, 1] if self._rank == 2 else [1, self.strides[0], 1, 1]
        op = "MaxPool" if self._op_name == "max_pool2d" else "AvgPool"
        paddings = " explicit_paddings=[]," if op == "MaxPool" else ""
        source = "Placeholder" if self._rank == 2 else f"{self.name}/ExpandDims"
        shape = "[" + ",".join("?" if d is None else str(d) for d in image) + "]"
        raise ValueError(
            f"Negative dimension size caused by subtracting {window} from {size} for "
            f"'{{{{node {self.name}/{op}}}}} = {op}[T={_DT_NAMES.get(self.dtype, self.dtype)}, "
            f"data_format=\"NHWC\",{paddings} ksize={ksize}, padding=\"VALID\", "
            f"strides={strides}]({source})' with input shapes: {shape}.")

    def get_config(self):
        config = super().get_config()
        config.update({"pool_size": self.pool_size, "padding": self.padding,
                       "strides": self.strides, "data_format": self.data_format})
        return config


class _Pooling2D(_Pooling):
    _rank = 2

    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None,
                 **kwargs):
        super().__init__(pool_size, strides, padding, data_format, **kwargs)


class MaxPooling2D(_Pooling2D):
    _op_name = "max_pool2d"


class AveragePooling2D(_Pooling2D):
    _op_name = "avg_pool2d"


class _Pooling1D(_Pooling):
    _rank = 1

    def __init__(self, pool_size=2, strides=None, padding="valid",
                 data_format="channels_last", **kwargs):
        super().__init__(pool_size, strides, padding, data_format, **kwargs)

    def get_config(self):
        config = super().get_config()
        # TF's 1-D poolings list the strides first.
        config = {key: config[key] for key in ("name", "trainable", "dtype", "strides")
                  if key in config} | config
        return config


class MaxPooling1D(_Pooling1D):
    _op_name = "max_pool2d"


class AveragePooling1D(_Pooling1D):
    _op_name = "avg_pool2d"


class _Pooling3D(_Pooling):
    """A ``(pd, ph, pw)`` window over ``(batch, depth, height, width, channels)``: each depth
    tap pools its depth slices in 2-D, and the taps are combined (max, or mean over the taps
    inside the volume: SAME padding's extra slices do not count, as in TF)."""

    _rank = 3

    def __init__(self, pool_size=(2, 2, 2), strides=None, padding="valid", data_format=None,
                 **kwargs):
        super().__init__(pool_size, strides, padding, data_format, **kwargs)

    def call(self, inputs):
        depth = inputs.shape.as_list()[1]
        if depth is None:
            raise ValueError(f"eagerbook's {type(self).__name__} needs a known depth (axis 1) "
                             "in its inputs.")
        (front, back), out_depth = _depth_padding(depth, self.pool_size[0], self.padding,
                                                  self.strides[0], 1)
        x = inputs
        if front or back:  # padding slices lose every max; for the mean they are left out
            fill = float("-inf") if self._op_name == "max_pool2d" else 0.0
            x = array_ops.pad(x, [[0, 0], [front, back], [0, 0], [0, 0], [0, 0]],
                              constant_values=fill)
        pool = getattr(nn_ops, self._op_name)
        total = None
        for tap in range(self.pool_size[0]):
            part = pool(_depth_slices(x, tap, out_depth, self.strides[0]),
                        ksize=[1, *self.pool_size[1:], 1], strides=[1, *self.strides[1:], 1],
                        padding=self.padding.upper())
            if total is None:
                total = part
            elif self._op_name == "max_pool2d":
                total = math_ops.maximum(total, part)
            else:
                total = math_ops.add(total, part)
        outputs = _split_depth(total, out_depth)
        if self._op_name == "avg_pool2d":
            outputs = math_ops.divide(outputs, self._taps_inside(depth, front, out_depth,
                                                                 outputs.dtype))
        return outputs

    def _taps_inside(self, depth, front, out_depth, dtype):
        """(1, out_depth, 1, 1, 1): how many depth taps of each window fall in the volume."""
        starts = np.arange(out_depth) * self.strides[0] - front
        taps = starts[:, None] + np.arange(self.pool_size[0])[None, :]
        counts = ((taps >= 0) & (taps < depth)).sum(axis=1)
        return convert_to_tensor(counts.reshape(1, -1, 1, 1, 1).astype(dtype.as_numpy_dtype))


class MaxPooling3D(_Pooling3D):
    """The largest value of each ``pool_size`` window of a volume."""

    _op_name = "max_pool2d"


class AveragePooling3D(_Pooling3D):
    """The mean of each ``pool_size`` window of a volume."""

    _op_name = "avg_pool2d"


class _GlobalPooling(Layer):
    """Reduces every one of the `rank` spatial axes (``keepdims`` keeps them, as size 1)."""

    _rank = None

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = data_format or "channels_last"
        self.keepdims = keepdims
        self.input_spec = InputSpec(ndim=self._rank + 2)

    def _axes(self):
        first = 1 if self.data_format == "channels_last" else 2
        return list(range(first, first + self._rank))

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        channels_last = self.data_format == "channels_last"
        channels = dims[-1] if channels_last else dims[1]
        if not self.keepdims:
            return TensorShape([dims[0], channels])
        ones = [1] * self._rank
        return TensorShape([dims[0], *ones, channels] if channels_last
                           else [dims[0], channels, *ones])

    def get_config(self):
        config = super().get_config()
        config.update({"data_format": self.data_format, "keepdims": self.keepdims})
        return config


class GlobalAveragePooling2D(_GlobalPooling):
    _rank = 2

    def call(self, inputs):
        return math_ops.reduce_mean(inputs, axis=self._axes(), keepdims=self.keepdims)


class GlobalMaxPooling2D(_GlobalPooling):
    _rank = 2

    def call(self, inputs):
        return math_ops.reduce_max(inputs, axis=self._axes(), keepdims=self.keepdims)


class GlobalAveragePooling3D(_GlobalPooling):
    """The mean over depth, height and width: one value per channel."""

    _rank = 3

    def call(self, inputs):
        return math_ops.reduce_mean(inputs, axis=self._axes(), keepdims=self.keepdims)


class GlobalMaxPooling3D(_GlobalPooling):
    """The largest value over depth, height and width: one value per channel."""

    _rank = 3

    def call(self, inputs):
        return math_ops.reduce_max(inputs, axis=self._axes(), keepdims=self.keepdims)


class _GlobalPooling1D(_GlobalPooling):
    """Over the steps of a sequence: a mask coming along stops here."""

    _rank = 1

    def __init__(self, data_format="channels_last", keepdims=False, **kwargs):
        super().__init__(data_format, keepdims, **kwargs)
        self.supports_masking = True

    def compute_mask(self, inputs, mask=None):
        return None


class GlobalAveragePooling1D(_GlobalPooling1D):
    """The mean over the steps (over the unmasked steps only, when a mask comes along)."""

    def call(self, inputs, mask=None):
        if mask is None:
            return math_ops.reduce_mean(inputs, axis=self._axes(), keepdims=self.keepdims)
        weights = array_ops.expand_dims(math_ops.cast(mask, inputs.dtype), 2)
        total = math_ops.reduce_sum(math_ops.multiply(inputs, weights), axis=1,
                                    keepdims=self.keepdims)
        count = math_ops.reduce_sum(weights, axis=1, keepdims=self.keepdims)
        return math_ops.divide(total, count)


class GlobalMaxPooling1D(_GlobalPooling1D):
    def call(self, inputs):
        return math_ops.reduce_max(inputs, axis=self._axes(), keepdims=self.keepdims)


MaxPool2D = MaxPooling2D
AvgPool2D = AveragePooling2D
GlobalAvgPool2D = GlobalAveragePooling2D
GlobalMaxPool2D = GlobalMaxPooling2D
MaxPool1D = MaxPooling1D
AvgPool1D = AveragePooling1D
GlobalAvgPool1D = GlobalAveragePooling1D
GlobalMaxPool1D = GlobalMaxPooling1D
MaxPool3D = MaxPooling3D
AvgPool3D = AveragePooling3D
GlobalAvgPool3D = GlobalAveragePooling3D
GlobalMaxPool3D = GlobalMaxPooling3D


__all__ = ["MaxPooling1D", "MaxPool1D", "AveragePooling1D", "AvgPool1D", "MaxPooling2D",
           "MaxPool2D", "AveragePooling2D", "AvgPool2D", "GlobalAveragePooling1D",
           "GlobalAvgPool1D", "GlobalMaxPooling1D", "GlobalMaxPool1D", "GlobalAveragePooling2D",
           "GlobalAvgPool2D", "GlobalMaxPooling2D", "GlobalMaxPool2D", "MaxPooling3D",
           "MaxPool3D", "AveragePooling3D", "AvgPool3D", "GlobalAveragePooling3D",
           "GlobalAvgPool3D", "GlobalMaxPooling3D", "GlobalMaxPool3D"]

"""Layers that rearrange values without computing new ones: ``Flatten``, ``Reshape``,
``RepeatVector``, ``Permute``, and for images ``UpSampling2D`` (repeats rows and columns),
``ZeroPadding2D`` and ``Cropping2D`` (pad and slice)."""

import numpy as np

from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...ops import array_ops, image_ops
from .base import InputSpec, Layer
from .convolutional import normalize_tuple
from .image_preprocessing import check_interpolation


def _dims(shape):
    return TensorShape(shape).as_list()


class Flatten(Layer):
    """(batch, d1, d2, ...) -> (batch, d1 * d2 * ...)."""

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = data_format or "channels_last"
        if self.data_format not in ("channels_first", "channels_last"):
            raise ValueError('The `data_format` argument must be one of "channels_first", '
                             f'"channels_last". Received: {data_format}')
        self.input_spec = InputSpec(min_ndim=1)

    def call(self, inputs):
        shape = inputs.shape.as_list()
        if len(shape) == 1:
            return array_ops.reshape(inputs, [-1, 1])
        if self.data_format == "channels_first" and len(shape) > 2:
            inputs = array_ops.transpose(inputs, [0] + list(range(2, len(shape))) + [1])
            shape = inputs.shape.as_list()
        rest = shape[1:]
        if all(d is not None for d in rest):
            return array_ops.reshape(inputs, [-1 if shape[0] is None else shape[0],
                                              int(np.prod(rest, dtype=np.int64))])
        return array_ops.reshape(inputs, [shape[0] if shape[0] is not None else -1, -1])

    def compute_output_shape(self, input_shape):
        dims = _dims(input_shape)
        if len(dims) == 1:
            return TensorShape([dims[0], 1])
        rest = dims[1:]
        flat = None if any(d is None for d in rest) else int(np.prod(rest, dtype=np.int64))
        return TensorShape([dims[0], flat])

    def get_config(self):
        config = super().get_config()
        config["data_format"] = self.data_format
        return config


class Reshape(Layer):
    """Reshapes everything but the batch axis to ``target_shape`` (one entry may be -1)."""

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = tuple(int(d) for d in target_shape)

    def _resolved(self, input_shape):
        dims = _dims(input_shape)
        target = list(self.target_shape)
        rest = dims[1:]
        if target.count(-1) > 1:
            raise ValueError("There must be at most one unknown dimension in output_shape. "
                             f"Received: output_shape={self.target_shape}.")
        if -1 in target:
            if any(d is None for d in rest):
                return target
            known = int(np.prod([d for d in target if d != -1], dtype=np.int64))
            total = int(np.prod(rest, dtype=np.int64))
            if known == 0 or total % known:
                raise ValueError(f"total size of new array must be unchanged, input_shape = "
                                 f"{rest}, output_shape = {list(self.target_shape)}")
            target[target.index(-1)] = total // known
        elif all(d is not None for d in rest) and \
                int(np.prod(rest, dtype=np.int64)) != int(np.prod(target, dtype=np.int64)):
            raise ValueError(f"total size of new array must be unchanged, input_shape = "
                             f"{rest}, output_shape = {list(self.target_shape)}")
        return target

    def call(self, inputs):
        inputs = convert_to_tensor(inputs)  # (a list of number tensors too, as TF's op takes)
        batch = inputs.shape[0]
        if batch is None:  # traced with an unknown batch: it takes the -1, so resolve ours
            return array_ops.reshape(inputs, [-1] + self._resolved(inputs.shape))
        # A known batch: the op checks the sizes itself (TF's InvalidArgumentError).
        return array_ops.reshape(inputs, [batch] + list(self.target_shape))

    def compute_output_shape(self, input_shape):
        dims = _dims(input_shape)
        target = [None if d == -1 else d for d in self._resolved(input_shape)]
        return TensorShape([dims[0]] + target)

    def get_config(self):
        config = super().get_config()
        config["target_shape"] = self.target_shape
        return config


class RepeatVector(Layer):
    """``(batch, features)`` -> ``(batch, n, features)``: the input repeated n times."""

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(n, int):
            raise TypeError(f"Expected an integer value for `n`, got {type(n)}.")
        self.n = n
        self.input_spec = InputSpec(ndim=2)

    def call(self, inputs):
        return array_ops.tile(array_ops.expand_dims(inputs, 1), [1, self.n, 1])

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0], self.n, dims[1]])

    def get_config(self):
        config = super().get_config()
        config["n"] = self.n
        return config


class Permute(Layer):
    """Reorders the non-batch axes; ``dims`` counts them from 1."""

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(self.dims) != list(range(1, len(self.dims) + 1)):
            raise ValueError("Invalid permutation argument `dims` for Permute Layer. The set "
                             "of indices in `dims` must be consecutive and start from 1. "
                             f"Received dims={dims}")
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)

    def call(self, inputs):
        return array_ops.transpose(inputs, perm=(0,) + self.dims)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0]] + [dims[d] for d in self.dims])

    def get_config(self):
        config = super().get_config()
        config["dims"] = self.dims
        return config


class UpSampling2D(Layer):
    """Repeats every row `size[0]` times and every column `size[1]` times (nearest), or
    resizes by those factors with another ``tf.image.resize`` method (as TF)."""

    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(**kwargs)
        self.size = normalize_tuple(size, 2, "size")
        check_interpolation(interpolation)
        self.interpolation = interpolation
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(ndim=4)

    def call(self, inputs):
        _, rows, cols, channels = inputs.shape.as_list()
        sr, sc = self.size
        if self.interpolation != "nearest":
            return image_ops.resize(inputs, [rows * sr, cols * sc], method=self.interpolation)
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

    def _check_room(self, input_shape):
        """TF's check: the cropping must leave at least one row and one column."""
        dims = TensorShape(input_shape).as_list()
        if any(size is not None and sum(crop) >= size
               for size, crop in zip(dims[1:3], self.cropping)):
            raise ValueError("Argument `cropping` must be greater than the input shape. "
                             f"Received: inputs.shape={tuple(dims)}, and cropping="
                             f"{self.cropping}")

    def call(self, inputs):
        self._check_room(inputs.shape)
        (top, bottom), (left, right) = self.cropping
        _, rows, cols, _ = inputs.shape.as_list()
        return inputs[:, top:rows - bottom, left:cols - right, :]

    def _symbolic_output_shape(self, input_shape):
        self._check_room(input_shape)
        return self.compute_output_shape(input_shape)

    def compute_output_shape(self, input_shape):
        b, r, c, ch = TensorShape(input_shape).as_list()
        (top, bottom), (left, right) = self.cropping
        return TensorShape([b, None if r is None else r - top - bottom,
                            None if c is None else c - left - right, ch])

    def get_config(self):
        config = super().get_config()
        config.update({"cropping": self.cropping, "data_format": self.data_format})
        return config


# --- the 1D (batch, steps, features) and 3D (batch, d1, d2, d3, channels) versions ----------
def _pairs(value, n, name):
    """Keras's padding/cropping argument: an int, `n` ints (symmetric) or `n` pairs."""
    if isinstance(value, int):
        return ((value, value),) * n
    value = tuple(value)
    if n == 1 and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (value,)
    if len(value) != n:
        raise ValueError(f"`{name}` should have {n} elements. Received: {value}.")
    return tuple((v, v) if isinstance(v, int) else tuple(v) for v in value)


class _SpatialLayer(Layer):
    """Acts on the `_n` spatial axes (1..n) of channels-last inputs of rank n + 2; a subclass
    says how each axis's length changes (`_out_dim`)."""

    _n = 1

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        return TensorShape([dims[0]] + [None if d is None else self._out_dim(d, i)
                                        for i, d in enumerate(dims[1:self._n + 1])] +
                           dims[self._n + 1:])


class _UpSampling(_SpatialLayer):
    def __init__(self, size, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.size = normalize_tuple(size, self._n, "size") if self._n > 1 else int(size)
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(ndim=self._n + 2)

    def _sizes(self):
        return self.size if self._n > 1 else (self.size,)

    def call(self, inputs):
        from ...ops import manip_ops

        for axis, times in enumerate(self._sizes(), 1):
            inputs = manip_ops.repeat(inputs, times, axis=axis)
        return inputs

    def _out_dim(self, d, i):
        return d * self._sizes()[i]

    def get_config(self):
        config = super().get_config()
        config["size"] = self.size
        if self._n > 1:
            config["data_format"] = self.data_format
        return config


class UpSampling1D(_UpSampling):
    """Repeats each step `size` times."""

    _n = 1

    def __init__(self, size=2, **kwargs):
        super().__init__(size, **kwargs)


class UpSampling3D(_UpSampling):
    """Repeats along each of the three spatial axes `size[i]` times."""

    _n = 3

    def __init__(self, size=(2, 2, 2), data_format=None, **kwargs):
        super().__init__(size, data_format, **kwargs)


class _ZeroPadding(_SpatialLayer):
    def __init__(self, padding, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.padding = _pairs(padding, self._n, "padding")
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(ndim=self._n + 2)

    def call(self, inputs):
        return array_ops.pad(inputs, [[0, 0]] + [list(p) for p in self.padding] + [[0, 0]])

    def _out_dim(self, d, i):
        return d + sum(self.padding[i])

    def get_config(self):
        config = super().get_config()
        config["padding"] = self.padding[0] if self._n == 1 else self.padding
        if self._n > 1:
            config["data_format"] = self.data_format
        return config


class ZeroPadding1D(_ZeroPadding):
    _n = 1

    def __init__(self, padding=1, **kwargs):
        super().__init__(padding, **kwargs)


class ZeroPadding3D(_ZeroPadding):
    _n = 3

    def __init__(self, padding=(1, 1, 1), data_format=None, **kwargs):
        super().__init__(padding, data_format, **kwargs)


class _Cropping(_SpatialLayer):
    def __init__(self, cropping, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.cropping = _pairs(cropping, self._n, "cropping")
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(ndim=self._n + 2)

    def call(self, inputs):
        dims = inputs.shape.as_list()
        index = [slice(None)] + [slice(lo, dims[i + 1] - hi)
                                 for i, (lo, hi) in enumerate(self.cropping)] + [slice(None)]
        return inputs[tuple(index)]

    def _out_dim(self, d, i):
        return d - sum(self.cropping[i])

    def get_config(self):
        config = super().get_config()
        config["cropping"] = self.cropping[0] if self._n == 1 else self.cropping
        if self._n > 1:
            config["data_format"] = self.data_format
        return config


class Cropping1D(_Cropping):
    """Removes steps at the start and end of each sequence."""

    _n = 1

    def __init__(self, cropping=(1, 1), **kwargs):
        super().__init__(cropping, **kwargs)

    def _check_room(self, input_shape):
        """TF's check: the cropping must leave at least one step."""
        dims = TensorShape(input_shape).as_list()
        if dims[1] is not None and sum(self.cropping[0]) >= dims[1]:
            raise ValueError("cropping parameter of Cropping layer must be greater than the "
                             f"input shape. Received: inputs.shape={tuple(dims)}, and "
                             f"cropping={self.cropping[0]}")

    def call(self, inputs):
        self._check_room(inputs.shape)
        return super().call(inputs)

    def _symbolic_output_shape(self, input_shape):
        self._check_room(input_shape)
        return self.compute_output_shape(input_shape)


class Cropping3D(_Cropping):
    _n = 3

    def __init__(self, cropping=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs):
        super().__init__(cropping, data_format, **kwargs)


__all__ = ["Flatten", "Reshape", "RepeatVector", "Permute", "UpSampling2D", "ZeroPadding2D",
           "Cropping2D", "UpSampling1D", "UpSampling3D", "ZeroPadding1D", "ZeroPadding3D",
           "Cropping1D", "Cropping3D"]

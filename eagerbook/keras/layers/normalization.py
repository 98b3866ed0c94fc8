"""Normalization layers: ``BatchNormalization`` (batch statistics while training, moving ones
after), ``LayerNormalization`` (each example's own statistics) and ``GroupNormalization``
(each example's statistics per group of channels)."""

import numpy as np

from ...core import logs
from ...core.shape import TensorShape
from ...ops import array_ops, math_ops, nn_ops
from .. import constraints, initializers, regularizers
from .base import InputSpec, Layer
from .core import _serialize_constraint


class _ScaleAndShift(Layer):
    """What both normalizations share: `epsilon`, and a learned per-feature scale ``gamma``
    (if `scale`) and offset ``beta`` (if `center`) applied after normalizing."""

    def __init__(self, epsilon, center, scale, beta_initializer, gamma_initializer,
                 beta_regularizer, gamma_regularizer, beta_constraint, gamma_constraint,
                 **kwargs):
        super().__init__(**kwargs)
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.supports_masking = True

    def _add_gamma_and_beta(self, param_shape):
        self.gamma = self.add_weight("gamma", shape=param_shape,
                                     initializer=self.gamma_initializer,
                                     regularizer=self.gamma_regularizer,
                                     constraint=self.gamma_constraint) if self.scale else None
        self.beta = self.add_weight("beta", shape=param_shape,
                                    initializer=self.beta_initializer,
                                    regularizer=self.beta_regularizer,
                                    constraint=self.beta_constraint) if self.center else None

    def _scale_and_shift_config(self):
        """TF's config entries for gamma and beta (initializers first, as TF lists them)."""
        return {"beta_initializer": initializers.serialize(self.beta_initializer),
                "gamma_initializer": initializers.serialize(self.gamma_initializer),
                "beta_regularizer": regularizers.serialize(self.beta_regularizer),
                "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
                "beta_constraint": _serialize_constraint(self.beta_constraint),
                "gamma_constraint": _serialize_constraint(self.gamma_constraint)}


class BatchNormalization(_ScaleAndShift):
    """``gamma * (x - mean) / sqrt(var + epsilon) + beta`` over every axis but ``axis``.

    While training, ``mean``/``var`` are the batch's, and the non-trainable ``moving_mean`` and
    ``moving_variance`` move towards them: ``moving = moving * momentum + batch * (1 -
    momentum)``. For 4-D and 5-D inputs normalized along their channel axis TF's fused kernel
    uses the unbiased batch variance in that update (n / (n - 1)); we do the same unless
    ``fused=False``. At inference (``training=False``, or a frozen layer) the moving
    statistics are used.
    """

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                 beta_initializer="zeros", gamma_initializer="ones",
                 moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, synchronized=False, fused=None, **kwargs):
        if synchronized and fused:
            raise ValueError("`fused=True` is not supported when `synchronized=True`.")
        if isinstance(axis, (list, tuple)):
            axis = list(axis)
        elif not isinstance(axis, int):
            raise TypeError("Expected an int or a list/tuple of ints for the argument 'axis', "
                            f"but received: {axis!r}")
        super().__init__(epsilon, center, scale, beta_initializer, gamma_initializer,
                         beta_regularizer, gamma_regularizer, beta_constraint,
                         gamma_constraint, **kwargs)
        self.axis = axis
        self.momentum = momentum  # as given: TF uses it (and fails on a bad one) in training
        # One device here, so a synchronized layer computes what a plain one does; it only
        # never takes TF's fused kernel (whose moving variance is the unbiased one).
        self.synchronized = synchronized
        self.fused = False if synchronized else fused
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        rank = input_shape.rank
        axes = [self.axis] if isinstance(self.axis, int) else list(self.axis)
        axes = [a + rank if a < 0 else a for a in axes]
        if any(not 0 <= a < rank for a in axes):
            raise ValueError("Invalid axis. Expected 0 <= axis < inputs.rank (with "
                             f"inputs.rank={rank}). Received: layer.axis={self.axis}")
        if len(set(axes)) != len(axes):
            raise ValueError(f"Duplicate axis: {tuple(axes)}")
        for a in axes:
            if input_shape[a] is None:
                raise ValueError(f"Axis {a} of input tensor should have a defined dimension "
                                 f"but the layer received an input with shape {input_shape}.")
        self._axes = axes
        self._reduction_axes = [i for i in range(rank) if i not in axes]
        self._fused = self._takes_fused_kernel(axes, rank)
        param_shape = [input_shape[a] for a in axes]
        self._broadcast_shape = [input_shape[i] if i in axes else 1 for i in range(rank)]
        self.input_spec = InputSpec(ndim=rank, axes={a: input_shape[a] for a in axes})
        self._add_gamma_and_beta(param_shape)
        self.moving_mean = self.add_weight("moving_mean", shape=param_shape,
                                           initializer=self.moving_mean_initializer,
                                           trainable=False)
        self.moving_variance = self.add_weight("moving_variance", shape=param_shape,
                                               initializer=self.moving_variance_initializer,
                                               trainable=False)
        self.built = True

    def _takes_fused_kernel(self, axes, rank):
        """Whether TF runs this layer with its fused kernel: 4-D or 5-D inputs normalized
        along the channel axis (first or last after the batch), unless `fused=False`."""
        channel_axis = len(axes) == 1 and axes[0] in (1, rank - 1)
        if self.fused and (rank not in (4, 5) or not channel_axis):
            raise ValueError("Batch normalization layers with `fused=True` only support 4D or "
                             "5D input tensors normalized along axis 1 or the last axis. "
                             f"Received: rank={rank}, axis={self.axis}")
        return self.fused is not False and rank in (4, 5) and channel_axis

    def _reshape(self, v):
        if len(self._axes) == 1 and self._axes[0] == len(self._broadcast_shape) - 1:
            return v  # broadcasting along the last axis needs no reshape
        return array_ops.reshape(v, self._broadcast_shape)

    def call(self, inputs, training=None):
        if training is None or not self.trainable:
            training = False
        if training:
            mean = math_ops.reduce_mean(inputs, axis=self._reduction_axes, keepdims=True)
            centered = math_ops.subtract(inputs, mean)
            variance = math_ops.reduce_mean(math_ops.square(centered),
                                            axis=self._reduction_axes, keepdims=True)
            self._update_moving(mean, variance, inputs)
        else:
            mean = self._reshape(self.moving_mean)
            variance = self._reshape(self.moving_variance)
            centered = math_ops.subtract(inputs, mean)
        inv = math_ops.rsqrt(math_ops.add(variance, self.epsilon))
        if self.scale:
            inv = math_ops.multiply(inv, self._reshape(self.gamma))
        if not self._fused:
            # TF's tf.nn.batch_normalization: x * inv + (beta - mean * inv), which rounds
            # differently from the fused kernel's (x - mean) * inv + beta below
            shift = math_ops.negative(math_ops.multiply(mean, inv))
            if self.center:
                shift = math_ops.add(shift, self._reshape(self.beta))
            return math_ops.add(math_ops.multiply(inputs, inv), shift)
        outputs = math_ops.multiply(centered, inv)
        if self.center:
            outputs = math_ops.add(outputs, self._reshape(self.beta))
        return outputs

    def _update_moving(self, mean, variance, inputs):
        param_shape = self.moving_mean.shape.as_list()
        n = 1
        for i in self._reduction_axes:
            n *= inputs.shape[i] if inputs.shape[i] is not None else 1
        correction = n / max(n - 1, 1) if self._fused else 1.0
        decay = 1.0 - self.momentum
        if mean._value is not None:  # eager: a plain NumPy state update
            m = mean._value.reshape(param_shape)
            v = variance._value.reshape(param_shape) * np.asarray(correction, m.dtype)
            self.moving_mean.assign(self.moving_mean._value * self.momentum + m * decay)
            self.moving_variance.assign(self.moving_variance._value * self.momentum + v * decay)
            return
        m = array_ops.reshape(math_ops.stop_gradient(mean), param_shape)
        v = math_ops.multiply(array_ops.reshape(math_ops.stop_gradient(variance), param_shape),
                              correction)
        self.moving_mean.assign_sub(math_ops.multiply(
            math_ops.subtract(self.moving_mean, m), decay))
        self.moving_variance.assign_sub(math_ops.multiply(
            math_ops.subtract(self.moving_variance, v), decay))

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({
            "axis": self.axis, "momentum": self.momentum, "epsilon": self.epsilon,
            "center": self.center, "scale": self.scale})
        entries = self._scale_and_shift_config()
        initializer_keys = ["beta_initializer", "gamma_initializer"]
        config.update({key: entries.pop(key) for key in initializer_keys})
        config.update({
            "moving_mean_initializer": initializers.serialize(self.moving_mean_initializer),
            "moving_variance_initializer":
                initializers.serialize(self.moving_variance_initializer)})
        config.update(entries)
        return config


class SyncBatchNormalization(BatchNormalization):
    """``tf.keras.layers.experimental.SyncBatchNormalization``: TF's older spelling of
    ``BatchNormalization(synchronized=True)`` (batch statistics shared across replicas)."""

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                 **kwargs):
        kwargs.pop("synchronized", None)
        logs.logger.warning(
            "`tf.keras.layers.experimental.SyncBatchNormalization` endpoint is deprecated and "
            "will be removed in a future release. Please use `tf.keras.layers."
            "BatchNormalization` with parameter `synchronized` set to True.")
        super().__init__(axis=axis, momentum=momentum, epsilon=epsilon, center=center,
                         scale=scale, synchronized=True, **kwargs)


class LayerNormalization(_ScaleAndShift):
    """Normalizes each example over `axis` (its own mean and variance), then scales by
    ``gamma`` and shifts by ``beta``: no batch statistics, the same in training and after."""

    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True,
                 beta_initializer="zeros", gamma_initializer="ones", beta_regularizer=None,
                 gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 **kwargs):
        super().__init__(epsilon, center, scale, beta_initializer, gamma_initializer,
                         beta_regularizer, gamma_regularizer, beta_constraint,
                         gamma_constraint, **kwargs)
        self.axis = list(axis) if isinstance(axis, (list, tuple)) else axis

    def build(self, input_shape):
        shape = TensorShape(input_shape)
        rank = shape.rank
        axes = self.axis if isinstance(self.axis, list) else [self.axis]
        axes = [a + rank if a < 0 else a for a in axes]
        for a in axes:
            if not 0 <= a < rank:
                raise ValueError(f"Invalid value for `axis` argument. Expected 0 <= axis < "
                                 f"inputs.rank (with inputs.rank={rank}). Received: "
                                 f"axis={self.axis}")
        self._axes = axes
        self._add_gamma_and_beta([shape[a] for a in axes])
        self.built = True

    def _takes_fused_kernel(self, rank):
        """TF runs its fused kernel when the axes are the last ones, together, and epsilon is
        at least the kernel's floor; else tf.nn.batch_normalization, which rounds
        differently."""
        axes = sorted(self._axes)
        trailing = axes[-1] == rank - 1 and axes[-1] - axes[0] == len(axes) - 1
        return trailing and self.epsilon >= 1.001e-5 and self.dtype == "float32"

    def call(self, inputs):
        rank = inputs.shape.rank
        mean, variance = nn_ops.moments(inputs, self._axes, keepdims=True)
        # gamma/beta cover the normalized axes; broadcast them over the others.
        shape = [inputs.shape[a] if a in self._axes else 1 for a in range(rank)]
        inv = math_ops.rsqrt(math_ops.add(variance, self.epsilon))
        if not self._takes_fused_kernel(rank):
            # x * inv + (beta - mean * inv), inv scaled by gamma: tf.nn.batch_normalization
            if self.gamma is not None:
                inv = math_ops.multiply(inv, array_ops.reshape(self.gamma, shape))
            shift = math_ops.negative(math_ops.multiply(mean, inv))
            if self.beta is not None:
                shift = math_ops.add(shift, array_ops.reshape(self.beta, shape))
            return math_ops.add(math_ops.multiply(inputs, inv), shift)
        out = math_ops.multiply(math_ops.subtract(inputs, mean), inv)
        if self.gamma is not None:
            out = math_ops.multiply(out, array_ops.reshape(self.gamma, shape))
        if self.beta is not None:
            out = math_ops.add(out, array_ops.reshape(self.beta, shape))
        return out

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis, "epsilon": self.epsilon, "center": self.center,
                       "scale": self.scale})
        config.update(self._scale_and_shift_config())
        return config


class GroupNormalization(_ScaleAndShift):
    """Splits the channels (`axis`) into `groups` groups and normalizes each example's group
    over its channels and every other non-batch axis, then scales by ``gamma`` and shifts by
    ``beta`` (one per channel). ``groups=1`` normalizes like LayerNormalization over all
    features; ``groups`` = channels is instance normalization."""

    def __init__(self, groups=32, axis=-1, epsilon=1e-3, center=True, scale=True,
                 beta_initializer="zeros", gamma_initializer="ones", beta_regularizer=None,
                 gamma_regularizer=None, beta_constraint=None, gamma_constraint=None,
                 **kwargs):
        super().__init__(epsilon, center, scale, beta_initializer, gamma_initializer,
                         beta_regularizer, gamma_regularizer, beta_constraint,
                         gamma_constraint, **kwargs)
        self.groups = groups
        self.axis = axis

    def build(self, input_shape):
        shape = TensorShape(input_shape)
        self._axis = self.axis % shape.rank
        channels = shape[self._axis]
        if channels is None:
            raise ValueError(f"Axis {self.axis} of input tensor should have a defined "
                             "dimension but the layer received an input with shape "
                             f"{shape}.")
        if channels < self.groups:
            raise ValueError(f"Number of groups ({self.groups}) cannot be more than the number "
                             f"of channels ({channels}).")
        if channels % self.groups:
            raise ValueError(f"Number of groups ({self.groups}) must be a multiple of the "
                             f"number of channels ({channels}).")
        self.input_spec = InputSpec(ndim=shape.rank, axes={self._axis: channels})
        self._add_gamma_and_beta([channels])
        self.built = True

    def call(self, inputs):
        rank = inputs.shape.rank
        channels = inputs.shape[self._axis]
        shape = array_ops.shape(inputs)
        grouped_shape = array_ops.concat(
            [shape[:self._axis], [self.groups, channels // self.groups],
             shape[self._axis + 1:]], axis=0)
        grouped = array_ops.reshape(inputs, grouped_shape)
        # statistics per example and group: over every axis but those two
        axes = [a for a in range(rank + 1) if a not in (0, self._axis)]
        mean, variance = nn_ops.moments(grouped, axes, keepdims=True)
        normalized = math_ops.multiply(math_ops.subtract(grouped, mean),
                                       math_ops.rsqrt(math_ops.add(variance, self.epsilon)))
        out = array_ops.reshape(normalized, shape)
        per_channel = [channels if a == self._axis else 1 for a in range(rank)]
        if self.gamma is not None:
            out = math_ops.multiply(out, array_ops.reshape(self.gamma, per_channel))
        if self.beta is not None:
            out = math_ops.add(out, array_ops.reshape(self.beta, per_channel))
        return out

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({"groups": self.groups, "axis": self.axis, "epsilon": self.epsilon,
                       "center": self.center, "scale": self.scale})
        config.update(self._scale_and_shift_config())
        return config


class UnitNormalization(Layer):
    """Scales each sample to unit L2 norm over `axis` (an int or a list of axes)."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError("Invalid value for `axis` argument: expected an int or a list/tuple "
                            f"of ints. Received: axis={axis}")
        self.supports_masking = True

    def call(self, inputs):
        from ...ops import linalg_ops

        return linalg_ops.l2_normalize(math_ops.cast(inputs, self.dtype or "float32"),
                                       axis=self.axis, epsilon=1e-12)

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config["axis"] = self.axis
        return config


__all__ = ["BatchNormalization", "LayerNormalization", "GroupNormalization",
           "UnitNormalization"]

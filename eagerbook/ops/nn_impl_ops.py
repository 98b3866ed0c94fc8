"""Composite ``tf.nn`` functions built from other ops (TF keeps them in ``nn_impl``):
weighted cross-entropy, batch normalization from given moments, loss scaling for
distributed training, softsign, zero_fraction, depthwise convolution; and isotonic regression
(its own op: pool-adjacent-violators on each row)."""

import collections

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from . import array_ops, kernel_errors, math_ops, nn_ops
from .registry import execute, register
from .support import FLOATS, check_dtype


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None):
    """Sigmoid cross-entropy with the positive term weighted by ``pos_weight``, written in
    the overflow-free form ``(1 - z) x + (1 + (q - 1) z) (log1p(exp(-|x|)) + max(-x, 0))``."""
    logits = convert_to_tensor(logits)
    labels = convert_to_tensor(labels, dtype=logits.dtype)
    log_weight = 1 + (pos_weight - 1) * labels
    softplus_neg = math_ops.log1p(math_ops.exp(-math_ops.abs(logits))) + \
        math_ops.maximum(-logits, 0)
    return (1 - labels) * logits + log_weight * softplus_neg


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """``scale * (x - mean) / sqrt(variance + epsilon) + offset`` (offset, scale optional)."""
    x = convert_to_tensor(x)
    # (as TF: Python numbers for the moments are added and rooted as float32 tensors, then
    # cast to x's dtype)
    inv = math_ops.rsqrt(variance + variance_epsilon)
    if scale is not None:
        inv = inv * scale
    shift = -mean * inv if offset is None else offset - mean * inv
    return x * math_ops.cast(inv, x.dtype) + math_ops.cast(shift, x.dtype)


def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    """Mean and variance from sufficient statistics (sums of values and of squares)."""
    divisor = math_ops.reciprocal(counts)
    shifted_mean = mean_ss * divisor
    mean = shifted_mean if shift is None else shifted_mean + shift
    variance = variance_ss * divisor - math_ops.square(shifted_mean)
    return mean, variance


# () -> True inside a strategy's scope but outside its replicas; () -> the replicas a step is
# split over (1 outside strategy.run): both set by distribute/strategy.py
in_cross_replica_context = None
replicas_in_sync = None


def _check_replica_context(name):
    """The per-replica loss helpers belong inside ``strategy.run`` (or outside any scope)."""
    if in_cross_replica_context is not None and in_cross_replica_context():
        raise RuntimeError(f"You are calling `{name}` in cross replica context, while it was "
                           "expected to be called in replica context.")


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """The sum of the (weighted) per-example losses over the global batch size: unless
    given, the replica's batch size times the number of replicas."""
    _check_replica_context("compute_average_loss")
    loss = convert_to_tensor(per_example_loss)
    if sample_weight is not None:
        weight = math_ops.cast(sample_weight, loss.dtype)
        # As TF's losses: weights one axis short get a last axis (a weight per row), one
        # axis long lose theirs, before they scale the losses.
        if weight.shape.rank == loss.shape.rank - 1:
            weight = array_ops.expand_dims(weight, -1)
        elif weight.shape.rank == loss.shape.rank + 1 and weight.shape[-1] == 1:
            weight = array_ops.squeeze(weight, [-1])
        loss = loss * weight
    if global_batch_size is None:
        global_batch_size = (loss.shape[0] if loss.shape.rank else 1) * _replicas()
    total = math_ops.reduce_sum(loss)
    return math_ops.truediv(total, math_ops.cast(global_batch_size, loss.dtype))


def scale_regularization_loss(regularization_loss):
    """The regularization loss divided by the number of replicas (summed over them, the
    gradients then count it once)."""
    _check_replica_context("scale_regularization_loss")
    loss = math_ops.add_n(regularization_loss) if isinstance(
        regularization_loss, (list, tuple)) else convert_to_tensor(regularization_loss)
    return loss if _replicas() == 1 else math_ops.truediv(loss, _replicas())


def _replicas():
    return 1 if replicas_in_sync is None else replicas_in_sync()


def softsign(features, name=None):
    """x / (1 + |x|)."""
    x = convert_to_tensor(features)
    check_dtype("Softsign", x, FLOATS)  # (TF's op Softsign: floats only)
    return x / (1 + math_ops.abs(x))


def zero_fraction(value, name=None):
    """The fraction of elements that are zero, as a float32 scalar."""
    value = convert_to_tensor(value)
    zeros = math_ops.cast(math_ops.equal(value, math_ops.zeros_like(value)), dtypes.float32)
    return math_ops.reduce_mean(zeros)


def depthwise_conv2d(input, filter, strides, padding, data_format=None,
                     dilations=None, name=None):
    """Each input channel convolved with its own `channel_multiplier` filters
    (``filter: [height, width, in_channels, channel_multiplier]``); output channel
    ``c * channel_multiplier + m`` comes from input channel c and filter m. Built as one
    ordinary convolution per input channel."""
    x, kernel = convert_to_tensor(input), convert_to_tensor(filter)
    if data_format not in (None, "NHWC"):
        raise NotImplementedError("depthwise_conv2d: eagerbook supports NHWC only")
    depth, filter_depth = x.shape[-1], kernel.shape[2] if kernel.ndim == 4 else None
    if x.ndim == 4 and None not in (depth, filter_depth) and depth != filter_depth:
        check = "depth a multiple" if filter_depth and depth % filter_depth == 0 else "depth"
        raise kernel_errors.kernel_error("DepthwiseConv2dNative", x.dtype, check, depth=depth,
                                         filter_depth=filter_depth)  # (kernel_errors.py)
    if isinstance(padding, (list, tuple)):  # explicit [[0, 0], [top, bottom], [l, r], [0, 0]]
        x = array_ops.pad(x, padding)
        padding = "VALID"
    per_channel = [nn_ops.conv2d(x[..., c:c + 1], kernel[:, :, c:c + 1, :], strides, padding,
                                 dilations=dilations)
                   for c in range(kernel.shape[2])]
    return array_ops.concat(per_channel, axis=-1)


# --- isotonic regression --------------------------------------------------------------------------
IsotonicRegression = collections.namedtuple("IsotonicRegression", ["output", "segments"])


def _pool_adjacent_violators(row):
    """The non-increasing sequence closest to `row` (least squares): adjacent blocks that break
    the order are merged into their mean. Returns (fitted values, block id per element)."""
    sums, counts = [], []
    for value in row:
        sums.append(float(value))
        counts.append(1)
        while len(sums) > 1 and sums[-2] / counts[-2] < sums[-1] / counts[-1]:
            last_sum, last_count = sums.pop(), counts.pop()
            sums[-1] += last_sum
            counts[-1] += last_count
    means = np.repeat([s / c for s, c in zip(sums, counts, strict=True)], counts)
    return means, np.repeat(np.arange(len(counts)), counts)


@register("IsotonicRegression", num_outputs=2)
def _isotonic_regression(x, output_dtype):
    rows = x.reshape(-1, x.shape[-1]) if x.size else x.reshape(0, max(x.shape[-1], 0))
    fitted = np.empty(rows.shape, dtype=output_dtype)
    segments = np.empty(rows.shape, dtype=np.int32)
    for i, row in enumerate(rows):
        fitted[i], segments[i] = _pool_adjacent_violators(row.astype(np.float64))
    return fitted.reshape(x.shape), segments.reshape(x.shape)


@_isotonic_regression.gradient
def _isotonic_regression_grad(op, dy, dsegments):
    # Each fitted value is its block's mean: the gradient of an element is the mean of dy over
    # its block.
    segments = op.outputs[1].numpy().reshape(-1, dy.shape[-1])
    grads = dy.numpy().reshape(segments.shape).astype(np.float64)
    for i, row in enumerate(segments):
        counts = np.bincount(row)
        grads[i] = (np.bincount(row, weights=grads[i]) / counts)[row]
    return [convert_to_tensor(grads.reshape(dy.shape).astype(dy.dtype.as_numpy_dtype))]


def isotonic_regression(inputs, decreasing=True, axis=-1):
    """``tf.nn.isotonic_regression``: along `axis`, the non-increasing (or, with
    ``decreasing=False``, non-decreasing) sequence closest to the input, and the id of the
    block each element was pooled into. Integer inputs give float64 (small ints float32)."""
    x = convert_to_tensor(inputs)
    output_dtype = x.dtype if x.dtype.is_floating else (
        dtypes.float32 if x.dtype.size <= 2 else dtypes.float64)
    axis %= x.ndim
    moved = array_ops.transpose(x, [d for d in range(x.ndim) if d != axis] + [axis]) \
        if axis != x.ndim - 1 else x
    if not decreasing:  # TF: the decreasing fit of -x, negated (a plain tuple then)
        fitted, segments = isotonic_regression(math_ops.negative(x), axis=axis)
        return math_ops.negative(fitted), segments
    fitted, segments = execute(_isotonic_regression, (moved,),
                               {"output_dtype": output_dtype.as_numpy_dtype})
    if axis != x.ndim - 1:
        back = list(np.argsort([d for d in range(x.ndim) if d != axis] + [axis]))
        # TF transposes back, which gives a plain tuple
        return array_ops.transpose(fitted, back), array_ops.transpose(segments, back)
    return IsotonicRegression(fitted, segments)

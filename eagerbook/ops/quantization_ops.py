"""``tf.quantization``'s fake quantization: values snapped to the grid of ``2**num_bits``
levels spanning ``[min, max]`` but kept as floats, to train a model that will later run in
integers.

The range is first nudged (as TF does) so that 0.0 falls exactly on a level: the grid's zero
point is rounded to an integer level and ``min``/``max`` are moved with it. Gradients pass
straight through inside the nudged range and are zero outside it; for the ``vars`` versions,
the gradients of the values below and above the range go to ``min`` and ``max``.
"""

import numpy as np

from ..core import dtypes
from ..core.errors import InvalidArgumentError, op_error
from ..core.tensor import convert_to_tensor
from . import array_ops, math_ops
from .registry import execute, register
from .support import attr_error


def _check_num_bits(op_name, num_bits):
    if not 2 <= num_bits <= 16:
        raise op_error(InvalidArgumentError, op_name,
                       "num_bits must be between 2 and 16, inclusive")


def _nudged_range(low, high, num_bits, narrow_range):
    """(nudged min, nudged max, scale, 1 / scale, the level of nudged min counted from the zero
    level) in float32, elementwise over `low`/`high`.
    TF computes 1 / scale from the levels and the range rather than as a reciprocal, and
    rounds the zero point half away from zero; both matter in the last digit."""
    f32 = np.float32
    low, high = np.asarray(low, f32), np.asarray(high, f32)
    quant_min = f32(1 if narrow_range else 0)
    quant_max = f32((1 << num_bits) - 1)
    scale = (high - low) / (quant_max - quant_min)
    inverse_scale = (quant_max - quant_min) / (high - low)
    zero_point_from_min = quant_min - low / scale
    rounded = np.sign(zero_point_from_min) * np.floor(np.abs(zero_point_from_min) + f32(0.5))
    nudged_zero_point = np.where(zero_point_from_min < quant_min, quant_min,
                                 np.where(zero_point_from_min > quant_max, quant_max, rounded))
    nudged_min = (quant_min - nudged_zero_point) * scale
    nudged_max = (quant_max - nudged_zero_point) * scale
    return nudged_min, nudged_max, scale, inverse_scale, quant_min - nudged_zero_point


def _fake_quant(x, low, high, num_bits, narrow_range):
    nudged_min, nudged_max, scale, inverse_scale, lowest_level = _nudged_range(
        low, high, num_bits, narrow_range)
    # min with the top, then max with the bottom (TF's order: it decides a range given upside
    # down, min > max)
    clamped = np.maximum(np.minimum(x, nudged_max), nudged_min)
    levels = np.floor((clamped - nudged_min) * inverse_scale + np.float32(0.5))
    # levels * scale + nudged_min, i.e. the level counted from zero (an exact integer) times
    # the scale, rounded once: TF's results to the last digit, and exactly 0.0 for 0.0
    return ((levels + lowest_level) * scale).astype(np.float32)


def _inside_mask(x, low, high, num_bits, narrow_range):
    nudged_min, nudged_max = _nudged_range(low, high, num_bits, narrow_range)[:2]
    return (x >= nudged_min) & (x <= nudged_max), x < nudged_min, x > nudged_max


# --- min and max as attributes ------------------------------------------------------------------
@register("FakeQuantWithMinMaxArgs")
def _fake_quant_args(x, *, min, max, num_bits, narrow_range):  # noqa: A002 (TF's attr names)
    return _fake_quant(x, min, max, num_bits, narrow_range)


@register("FakeQuantWithMinMaxArgsGradient", differentiable=False)
def _fake_quant_args_gradient(dy, x, *, min, max, num_bits, narrow_range):  # noqa: A002 (TF's attr names)
    inside, _, _ = _inside_mask(x, min, max, num_bits, narrow_range)
    return np.where(inside, dy, 0).astype(dy.dtype)


@_fake_quant_args.gradient
def _fake_quant_args_grad(op, dy):
    return [execute(_fake_quant_args_gradient, (dy, op.inputs[0]), op.attrs)]


def fake_quant_with_min_max_args(inputs, min=-6.0, max=6.0, num_bits=8,  # noqa: A002 (TF's names)
                                 narrow_range=False, name=None):
    """``inputs`` (float32) fake-quantized to ``num_bits`` over the fixed range [min, max]."""
    op_name = "FakeQuantWithMinMaxArgs"
    x = convert_to_tensor(inputs, dtype=dtypes.float32)
    if min >= max:
        raise op_error(InvalidArgumentError, op_name,
                       f"min has to be smaller than max, was: {min:g} >= {max:g}")
    _check_num_bits(op_name, num_bits)
    return execute(_fake_quant_args, (x,), {"min": float(min), "max": float(max),
                                            "num_bits": int(num_bits),
                                            "narrow_range": bool(narrow_range)})


# --- min and max as tensors (scalars, or one per channel) ---------------------------------------
@register("FakeQuantWithMinMaxVars")
def _fake_quant_vars(x, low, high, *, num_bits, narrow_range):
    return _fake_quant(x, low, high, num_bits, narrow_range)


@register("FakeQuantWithMinMaxVarsPerChannel")
def _fake_quant_vars_per_channel(x, low, high, *, num_bits, narrow_range):
    return _fake_quant(x, low, high, num_bits, narrow_range)


def _vars_gradients(op, dy):
    """dy where x is inside the nudged range; what falls below or above, summed, for min and
    max (per channel: summed over all axes but the last)."""
    x, low, high = (t.numpy() for t in op.inputs)
    inside, below, above = _inside_mask(x, low, high, op.attrs["num_bits"],
                                        op.attrs["narrow_range"])
    keep = array_ops.zeros_like(dy)
    outer_axes = list(range(x.ndim - np.ndim(low)))
    grad_min = math_ops.reduce_sum(math_ops.where_v2(below, dy, keep), axis=outer_axes)
    grad_max = math_ops.reduce_sum(math_ops.where_v2(above, dy, keep), axis=outer_axes)
    return [math_ops.where_v2(inside, dy, keep), grad_min, grad_max]


_fake_quant_vars.gradient(_vars_gradients)
_fake_quant_vars_per_channel.gradient(_vars_gradients)


def fake_quant_with_min_max_vars(inputs, min, max, num_bits=8, narrow_range=False,  # noqa: A002 (TF's names)
                                 name=None):
    """``inputs`` fake-quantized over [min, max] given as float32 scalars (trainable: they get
    the gradients of the values that fall outside the range)."""
    op_name = "FakeQuantWithMinMaxVars"
    x = convert_to_tensor(inputs, dtype=dtypes.float32)
    low = convert_to_tensor(min, dtype=dtypes.float32)
    high = convert_to_tensor(max, dtype=dtypes.float32)
    for label, bound in (("min", low), ("max", high)):
        if bound.shape.rank not in (None, 0):
            raise op_error(InvalidArgumentError, op_name,
                           f"`{label}` must be rank 0 but is rank {bound.shape.rank}")
    _check_num_bits(op_name, num_bits)
    return execute(_fake_quant_vars, (x, low, high),
                   {"num_bits": int(num_bits), "narrow_range": bool(narrow_range)})


def fake_quant_with_min_max_vars_per_channel(inputs, min, max, num_bits=8,  # noqa: A002 (TF's names)
                                             narrow_range=False, name=None):
    """``inputs`` fake-quantized with one [min, max] range per channel (the last axis)."""
    op_name = "FakeQuantWithMinMaxVarsPerChannel"
    x = convert_to_tensor(inputs, dtype=dtypes.float32)
    low = convert_to_tensor(min, dtype=dtypes.float32)
    high = convert_to_tensor(max, dtype=dtypes.float32)
    channels = x.shape[-1]
    for label, bound in (("min", low), ("max", high)):
        if bound.shape.rank != 1 or bound.shape[0] != channels:
            raise op_error(InvalidArgumentError, op_name,
                           f"{label} has incorrect size, expected {channels} was "
                           f"{bound.shape.num_elements()}")
    _check_num_bits(op_name, num_bits)
    return execute(_fake_quant_vars_per_channel, (x, low, high),
                   {"num_bits": int(num_bits), "narrow_range": bool(narrow_range)})


# --- quantize and dequantize: TF's QuantizeAndDequantizeV4 ---------------------------------------
# The values are put on an integer grid (signed: -2**(b-1) .. 2**(b-1) - 1, one less at the
# bottom with narrow_range; unsigned: 0 .. 2**b - 1) and mapped back. The scale is the largest
# that keeps both ends of [min, max] on the grid; the end that does not set it moves, so 0.0
# stays exactly representable. Unless range_given, [min, max] is the input's own range.
_ROUND_MODES = ("HALF_TO_EVEN", "HALF_UP")


def _grid(signed_input, num_bits, narrow_range):
    if not signed_input:
        return 0, (1 << num_bits) - 1
    low = -(1 << (num_bits - 1))
    return low + 1 if narrow_range else low, (1 << (num_bits - 1)) - 1


@register("QuantizeAndDequantizeV4")
def _quantize_dequantize(x, low, high, *, signed_input, num_bits, range_given, round_mode,
                         narrow_range):
    f = x.dtype.type
    if range_given:
        low, high = f(low), f(high)
        if low > high:
            raise op_error(InvalidArgumentError, "QuantizeAndDequantizeV4",
                           f"Invalid range: input_min {low:g} > input_max {high:g}")
    else:
        low, high = (f(x.min()), f(x.max())) if x.size else (f(0), f(0))
    q_low, q_high = _grid(signed_input, num_bits, narrow_range)
    largest = f(np.finfo(x.dtype).max)
    scale_low = f(q_low) / low if q_low * low > 0 else largest
    scale_high = f(q_high) / high if q_high * high > 0 else largest
    if scale_low < scale_high:
        scale, inverse = scale_low, low / f(q_low)
        high = f(q_high) * inverse
    else:
        scale, inverse = scale_high, high / f(q_high)
        low = f(q_low) * inverse
    if range_given:  # (clamped so the grid value cannot overflow)
        x = np.minimum(np.maximum(x, low), high)
    scaled = (x * scale).astype(x.dtype)
    rounded = np.rint(scaled) if round_mode == "HALF_TO_EVEN" else np.floor(scaled + f(0.5))
    return (rounded * inverse).astype(x.dtype)


@_quantize_dequantize.gradient
def _quantize_dequantize_grad(op, dy):
    """Straight through where the input lies in [input_min, input_max] (the given bounds)."""
    x, low, high = op.inputs
    inside = math_ops.logical_and(math_ops.greater_equal(x, low), math_ops.less_equal(x, high))
    return [math_ops.where_v2(inside, dy, array_ops.zeros_like(dy)), None, None]


# noqa A002 below: TF's argument names (input, filter, format) shadow builtins
# (the builtin-shadowing argument names below are TF's: noqa A002)
def quantize_and_dequantize_v2(input, input_min, input_max, signed_input=True,  # noqa: A002
                               num_bits=8, range_given=False, round_mode="HALF_TO_EVEN",
                               name=None, narrow_range=False, axis=None):
    """`input` (float) snapped to a ``2**num_bits``-level integer grid over
    [input_min, input_max] (or the input's own range unless `range_given`) and mapped back."""
    op_name = "QuantizeAndDequantizeV4"
    x = convert_to_tensor(input)
    low = convert_to_tensor(input_min, dtype=x.dtype)
    high = convert_to_tensor(input_max, dtype=x.dtype)
    if axis is not None:
        raise NotImplementedError("eagerbook's quantize_and_dequantize quantizes with one range "
                                  "(axis=None)")
    if round_mode not in _ROUND_MODES:
        raise attr_error(op_name, f"Value for attr 'round_mode' of \"{round_mode}\" is not in "
                                  f"the list of allowed values: \"HALF_TO_EVEN\", \"HALF_UP\"")
    for label, bound in (("input_min", low), ("input_max", high)):
        if bound.shape.rank != 0:
            raise op_error(InvalidArgumentError, op_name, f"{label} must be a scalar.")
    return execute(_quantize_dequantize, (x, low, high), {
        "signed_input": bool(signed_input), "num_bits": int(num_bits),
        "range_given": bool(range_given), "round_mode": round_mode,
        "narrow_range": bool(narrow_range)})


# noqa A002 below: TF's argument names (input, filter, format) shadow builtins
# (the builtin-shadowing argument names below are TF's: noqa A002)
def quantize_and_dequantize(input, input_min, input_max, signed_input=True,  # noqa: A002
                            num_bits=8, range_given=False, round_mode="HALF_TO_EVEN",
                            name=None, narrow_range=False, axis=None):
    """TF's older name of ``quantize_and_dequantize_v2`` (same values)."""
    return quantize_and_dequantize_v2(input, input_min, input_max, signed_input, num_bits,
                                      range_given, round_mode, name, narrow_range, axis)

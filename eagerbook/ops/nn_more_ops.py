"""More of ``tf.nn``, each built from the 2-D convolution and pooling ops (so gradients and
tracing come from those): 1-D and 3-D convolutions and pools, transposed convolutions,
``atrous_conv2d``, ``separable_conv2d``, ``depth_to_space``/``space_to_depth``, ``crelu``,
local response normalization, and the moment helpers (``weighted_moments``,
``sufficient_statistics``, ``batch_norm_with_global_normalization``, ``log_poisson_loss``).

A 1-D op is its 2-D twin on a height-1 image. A 3-D op slides the 2-D one over the depth axis:
one 2-D convolution (or pool) per depth tap of the window, on the input slices that tap
reads, summed (or combined by max / mean) -- the same sums TF's 3-D kernels compute.
"""

import collections

import numpy as np

from ..core import dtypes, errors
from ..core.tensor import convert_to_tensor
from . import array_ops, kernel_errors, math_ops, nn_impl_ops, nn_ops
from .image_more_ops import _extent as _window_plan  # (one axis of a dilated window)
from .manip_ops import batch_to_space, required_space_to_batch_paddings, space_to_batch
from .registry import execute, register
from .support import attr_error


def _one_d(value, name):
    """An int or a list of 1 or 3 ints (the NWC window form) as one int."""
    if isinstance(value, (list, tuple)):
        if len(value) == 1:
            return int(value[0])
        if len(value) == 3:
            return int(value[1])
        raise ValueError(f"{name} should be of length 1 or 3, got {len(value)}")
    return int(value)


def _check_nwc(data_format, op_name):
    if data_format not in (None, "NWC"):
        if data_format == "NCW":
            raise errors.op_error(errors.UnimplementedError, op_name,
                                  f"The {op_name} op currently only supports the NHWC tensor "
                                  f"format on the CPU. The op was given the format: NCHW")
        raise ValueError(f"data_format must be 'NWC' or 'NCW', got {data_format!r}")


def _explicit_1d(padding):
    """A 1-D explicit padding [[0, 0], [left, right], [0, 0]] as the 2-D one."""
    if isinstance(padding, (list, tuple)):
        return [[0, 0], [0, 0]] + [list(p) for p in padding[1:]]
    return padding


# --- 1-D ---------------------------------------------------------------------------------------
def conv1d(input, filters, stride, padding, data_format="NWC", dilations=None,
           name=None):
    """``tf.nn.conv1d``: NWC `input`, [width, in_channels, out_channels] `filters`."""
    _check_nwc(data_format, "Conv2D")
    x, w = convert_to_tensor(input), convert_to_tensor(filters)
    image = array_ops.expand_dims(x, -3)  # [batch, 1, width, channels]
    kernel = array_ops.expand_dims(w, 0)
    dilation = 1 if dilations is None else _one_d(dilations, "dilations")
    out = nn_ops.conv2d(image, kernel, [1, 1, _one_d(stride, "stride"), 1],
                        _explicit_1d(padding), dilations=[1, 1, dilation, 1])
    return array_ops.squeeze(out, [-3])


def max_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    return _pool1d(nn_ops.max_pool2d, "MaxPool", input, ksize, strides, padding, data_format)


def avg_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):
    return _pool1d(nn_ops.avg_pool2d, "AvgPool", input, ksize, strides, padding, data_format)


def _pool1d(pool2d, op_name, input, ksize, strides, padding, data_format):
    """A 1-D pool: its 2-D twin on a height-1 image."""
    _check_nwc(data_format, op_name)
    image = array_ops.expand_dims(convert_to_tensor(input), -3)
    out = pool2d(image, [1, 1, _one_d(ksize, "ksize"), 1],
                 [1, 1, _one_d(strides, "strides"), 1], padding)
    return array_ops.squeeze(out, [-3])


# --- transposed convolutions -------------------------------------------------------------------
def _hw_pair(value, name):
    """An int or a list of 1, 2 or 4 ints as (height, width)."""
    if isinstance(value, (list, tuple)):
        if len(value) == 1:
            return int(value[0]), int(value[0])
        if len(value) == 2:
            return int(value[0]), int(value[1])
        if len(value) == 4:
            return int(value[1]), int(value[2])
        raise ValueError(f"{name} should be of length 1, 2 or 4, got {len(value)}")
    return int(value), int(value)


def conv2d_transpose(input, filters, output_shape, strides, padding="SAME",
                     data_format="NHWC", dilations=None, name=None):
    """``tf.nn.conv2d_transpose``: the gradient of ``conv2d`` with respect to its input, so an
    input of `output_shape` convolved with `filters` [h, w, out_channels, in_channels] would
    give `input`."""
    nn_ops._check_nhwc(data_format, "Conv2DBackpropInput")
    if isinstance(output_shape, (list, tuple)) or hasattr(output_shape, "numpy"):
        sizes = [int(d) for d in (output_shape.numpy() if hasattr(output_shape, "numpy")
                                  else output_shape)]
    else:
        raise ValueError("output_shape must be a list, tuple or tensor of 4 ints")
    if len(sizes) != 4:
        raise ValueError(f"output_shape must have shape (4,), got {len(sizes)} entries")
    stride_h, stride_w = _hw_pair(strides, "strides")
    dilation_h, dilation_w = (1, 1) if dilations is None else _hw_pair(dilations, "dilations")
    padding, explicit = nn_ops._padding_arg(padding, "Conv2DBackpropInput", allow_explicit=True)
    filters, input = convert_to_tensor(filters), convert_to_tensor(input)
    if filters.ndim == 4 and input.ndim == 4 and None not in (filters.shape[3], input.shape[3]) \
            and filters.shape[3] != input.shape[3]:  # (words: kernel_errors.py)
        raise kernel_errors.kernel_error("Conv2DBackpropInput", filters.dtype, "depth")
    return nn_ops.conv2d_backprop_input(sizes, filters, input, (stride_h, stride_w),
                                        padding, explicit, (dilation_h, dilation_w))


def conv1d_transpose(input, filters, output_shape, strides, padding="SAME",
                     data_format="NWC", dilations=None, name=None):
    """``tf.nn.conv1d_transpose``: conv2d_transpose on a height-1 image."""
    _check_nwc(data_format, "Conv2DBackpropInput")
    sizes = [int(d) for d in (output_shape.numpy() if hasattr(output_shape, "numpy")
                              else output_shape)]
    image = array_ops.expand_dims(convert_to_tensor(input), -3)
    kernel = array_ops.expand_dims(convert_to_tensor(filters), 0)
    dilation = 1 if dilations is None else _one_d(dilations, "dilations")
    out = conv2d_transpose(image, kernel, [sizes[0], 1, sizes[1], sizes[2]],
                           [1, 1, _one_d(strides, "strides"), 1], padding,
                           dilations=[1, 1, dilation, 1])
    return array_ops.squeeze(out, [-3])


# --- morphology ------------------------------------------------------------------------------
def _check_morphology_format(data_format):
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")


def dilation2d(input, filters, strides, padding, data_format, dilations, name=None):
    """Grayscale dilation: each output is the max over the window of input + filter
    (`filters` [h, w, channels], taps `dilations` apart; padding counts as -inf). Built from
    slices and maximum, so it is differentiable (a tie goes to the first tap)."""
    _check_morphology_format(data_format)
    x, f = convert_to_tensor(input), convert_to_tensor(filters)
    _, height, width, _ = x.shape.as_list()
    kh, kw = f.shape[0], f.shape[1]
    sh, sw = _hw_pair(strides, "strides")
    rh, rw = _hw_pair(dilations, "dilations")
    out_h, (top, bottom) = _window_plan(height, kh, sh, rh, padding)
    out_w, (left, right) = _window_plan(width, kw, sw, rw, padding)
    if top or bottom or left or right:
        x = array_ops.pad(x, [[0, 0], [top, bottom], [left, right], [0, 0]],
                          constant_values=-np.inf)
    best = None
    for i in range(kh):
        for j in range(kw):
            tap = x[:, i * rh:i * rh + (out_h - 1) * sh + 1:sh,
                    j * rw:j * rw + (out_w - 1) * sw + 1:sw, :]
            tap = math_ops.add(tap, f[i, j])
            best = tap if best is None else math_ops.maximum(best, tap)
    return best


def erosion2d(value, filters, strides, padding, data_format, dilations, name=None):
    """Grayscale erosion: the dilation of -value by the flipped filter, negated (a min over
    the window of value - filter)."""
    _check_morphology_format(data_format)
    flipped = array_ops.reverse(convert_to_tensor(filters), [0, 1])
    return math_ops.negative(dilation2d(math_ops.negative(convert_to_tensor(value)), flipped,
                                        strides, padding, data_format, dilations))


def atrous_conv2d(value, filters, rate, padding, name=None):
    """``tf.nn.atrous_conv2d``: conv2d with the filter taps `rate` pixels apart."""
    return nn_ops.conv2d(value, filters, 1, padding, dilations=[1, rate, rate, 1])


def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding,
                     data_format=None, dilations=None, name=None):
    """A depthwise convolution, then a 1x1 convolution mixing the channels."""
    depthwise = nn_impl_ops.depthwise_conv2d(input, depthwise_filter, strides, padding,
                                             data_format, dilations)
    return nn_ops.conv2d(depthwise, pointwise_filter, 1, "VALID", data_format or "NHWC")


# --- 3-D: 2-D ops slid over depth --------------------------------------------------------------
def _depth_plan(depth, k, stride, dilation, padding):
    """(output depth, padding in front, padding behind) along depth, as TF's kernels."""
    span = (k - 1) * dilation + 1
    if padding == "VALID":
        out = max(-(-(depth - span + 1) // stride), 0)
        return out, 0, 0
    out = -(-depth // stride)
    total = max((out - 1) * stride + span - depth, 0)
    return out, total // 2, total - total // 2


def _five(value, name):
    """An int or a list of 1, 3 or 5 ints as (depth, height, width)."""
    if isinstance(value, (list, tuple)):
        value = [int(v) for v in value]
        if len(value) == 1:
            return value * 3
        if len(value) == 3:
            return value
        if len(value) == 5:
            return value[1:4]
        raise ValueError(f"{name} should be of length 1, 3 or 5, got {len(value)}")
    return [int(value)] * 3


def _check_ndhwc(data_format, op_name):
    if data_format not in (None, "NDHWC"):
        raise errors.op_error(errors.UnimplementedError, op_name,
                              f"The {op_name} op currently only supports the NDHWC tensor "
                              f"format on the CPU. The op was given the format: {data_format}")


def _depth_taps(x, k, stride, dilation, padding, fill):
    """For each depth tap of the window: the input slices it reads at every output depth,
    folded into the batch ([batch * out_depth, h, w, c]); also the output depth."""
    if x.ndim != 5:
        raise errors.op_error(errors.InvalidArgumentError, "Conv3D",
                              f"input must be 5-dimensional{list(x.shape)}")
    batch, depth, height, width, channels = x.shape.as_list()
    out, front, back = _depth_plan(depth, k, stride, dilation, padding)
    if front or back:
        x = array_ops.pad(x, [[0, 0], [front, back], [0, 0], [0, 0], [0, 0]],
                          constant_values=fill)
    taps = []
    for t in range(k):
        start = t * dilation
        picked = x[:, start:start + (out - 1) * stride + 1:stride] if out else x[:, :0]
        taps.append(array_ops.reshape(picked, [-1, height, width, channels]))
    return taps, out, batch, front, depth


def _unfold(y, batch, out):
    shape = y.shape.as_list()
    return array_ops.reshape(y, [batch, out] + shape[1:])


def _check_conv3d_depth(x, w):
    """TF's Conv3D kernel wants a 5-D input whose depth (its last axis) is the filter's
    (words: kernel_errors.py)."""
    if x.ndim != 5:
        raise kernel_errors.kernel_error("Conv3D", x.dtype, "input rank")
    depth, filter_depth = x.shape[-1], w.shape[-2] if w.ndim == 5 else None
    if depth is not None and filter_depth is not None and depth != filter_depth:
        check = "depth a multiple" if filter_depth and depth % filter_depth == 0 else "depth"
        raise kernel_errors.kernel_error("Conv3D", x.dtype, check, depth=depth,
                                         filter_depth=filter_depth)


def conv3d(input, filters, strides, padding, data_format="NDHWC", dilations=None,
           name=None):
    """``tf.nn.conv3d``: NDHWC `input`, [d, h, w, in, out] `filters`."""
    _check_ndhwc(data_format, "Conv3D")
    x, w = convert_to_tensor(input), convert_to_tensor(filters)
    _check_conv3d_depth(x, w)
    sd, sh, sw = _five(strides, "strides")
    dd, dh, dw = (1, 1, 1) if dilations is None else _five(dilations, "dilations")
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"padding must be 'SAME' or 'VALID', got {padding!r}")
    taps, out, batch, _, _ = _depth_taps(x, w.shape[0], sd, dd, padding, 0)
    total = None
    for t, slices in enumerate(taps):
        part = nn_ops.conv2d(slices, w[t], [1, sh, sw, 1], padding, dilations=[1, dh, dw, 1])
        total = part if total is None else math_ops.add(total, part)
    return _unfold(total, batch, out)


def conv3d_transpose(input, filters, output_shape, strides, padding="SAME",
                     data_format="NDHWC", dilations=None, name=None):
    """``tf.nn.conv3d_transpose``: the gradient of ``conv3d`` with respect to its input. Each
    depth tap of `filters` [d, h, w, out_channels, in_channels] spreads every input slice back
    (a 2-D transposed convolution) onto the depth it was read from."""
    _check_ndhwc(data_format, "Conv3DBackpropInputV2")
    y, w = convert_to_tensor(input), convert_to_tensor(filters)
    sizes = [int(d) for d in (output_shape.numpy() if hasattr(output_shape, "numpy")
                              else output_shape)]
    if len(sizes) != 5:
        raise ValueError(f"output_shape must have shape (5,), got {len(sizes)} entries")
    batch, depth, height, width, channels = sizes
    sd, sh, sw = _five(strides, "strides")
    dd, dh, dw = (1, 1, 1) if dilations is None else _five(dilations, "dilations")
    out, front, back = _depth_plan(depth, w.shape[0], sd, dd, padding)
    if y.shape[1] != out:
        raise errors.op_error(errors.InvalidArgumentError, "Conv3DBackpropInputV2",
                              f"Computed input depth {out} does not match the depth "
                              f"{y.shape[1]} of out_backprop")
    slices = array_ops.reshape(y, [-1] + y.shape.as_list()[2:])
    padded_depth = depth + front + back
    spread = [[] for _ in range(padded_depth)]  # what lands on each (padded) depth
    for t in range(w.shape[0]):
        part = conv2d_transpose(slices, w[t], [batch * out, height, width, channels],
                                    [1, sh, sw, 1], padding, dilations=[1, dh, dw, 1])
        part = array_ops.reshape(part, [batch, out, height, width, channels])
        for o in range(out):
            spread[t * dd + o * sd].append(part[:, o])
    zero = array_ops.zeros([batch, height, width, channels], y.dtype)
    planes = [math_ops.add_n(p) if p else zero for p in spread[front:front + depth]]
    return array_ops.stack(planes, axis=1)


def conv_transpose(input, filters, output_shape, strides, padding="SAME", data_format=None,
                   dilations=None, name=None):
    """``tf.nn.conv_transpose``: the 1-D, 2-D or 3-D transposed convolution, by the rank of
    `output_shape` (3, 4 or 5)."""
    rank = len(output_shape.numpy() if hasattr(output_shape, "numpy") else output_shape)
    by_rank = {3: (conv1d_transpose, "NWC"), 4: (conv2d_transpose, "NHWC"),
               5: (conv3d_transpose, "NDHWC")}
    if rank not in by_rank:
        raise ValueError(f"output_shape must be of length 3, 4 or 5 but was {rank}.")
    fn, default_format = by_rank[rank]
    return fn(input, filters, output_shape, strides, padding, data_format or default_format,
              dilations)


def max_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):
    _check_ndhwc(data_format, "MaxPool3D")
    x = convert_to_tensor(input)
    kd, kh, kw = _five(ksize, "ksize")
    sd, sh, sw = _five(strides, "strides")
    taps, out, batch, _, _ = _depth_taps(x, kd, sd, 1, padding, -np.inf)
    best = None
    for slices in taps:
        part = nn_ops.max_pool2d(slices, [1, kh, kw, 1], [1, sh, sw, 1], padding)
        best = part if best is None else math_ops.maximum(best, part)
    return _unfold(best, batch, out)


def avg_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):
    """The mean over each window; with 'SAME', padded cells are left out of the count (in
    depth as in height and width), as TF's."""
    _check_ndhwc(data_format, "AvgPool3D")
    x = convert_to_tensor(input)
    kd, kh, kw = _five(ksize, "ksize")
    sd, sh, sw = _five(strides, "strides")
    taps, out, batch, front, depth = _depth_taps(x, kd, sd, 1, padding, 0)
    # how many taps of each output depth's window read real (unpadded) slices
    starts = np.arange(out) * sd - front
    real = np.stack([(starts + t >= 0) & (starts + t < depth) for t in range(kd)])
    total = None
    for t, slices in enumerate(taps):
        part = nn_ops.avg_pool2d(slices, [1, kh, kw, 1], [1, sh, sw, 1], padding)
        part = _unfold(part, batch, out)
        weight = real[t].astype(x.dtype.as_numpy_dtype).reshape([1, out, 1, 1, 1])
        part = math_ops.multiply(part, weight)
        total = part if total is None else math_ops.add(total, part)
    counts = real.sum(axis=0).astype(x.dtype.as_numpy_dtype).reshape([1, out, 1, 1, 1])
    return math_ops.truediv(total, np.maximum(counts, 1))


# --- rearranging and activations ---------------------------------------------------------------
def depth_to_space(input, block_size, data_format="NHWC", name=None):
    """Moves channel blocks into block_size x block_size spatial tiles."""
    x = convert_to_tensor(input)
    nn_ops._check_nhwc(data_format, "DepthToSpace")
    n, h, w, c = x.shape.as_list()
    b = _block_size(block_size, "DepthToSpace")
    if c % (b * b):
        raise errors.op_error(errors.InvalidArgumentError, "DepthToSpace",
                              f"Input depth dimension {c} should be divisible by: {b * b}")
    tiles = array_ops.reshape(x, [n, h, w, b, b, c // (b * b)])
    tiles = array_ops.transpose(tiles, [0, 1, 3, 2, 4, 5])
    return array_ops.reshape(tiles, [n, h * b, w * b, c // (b * b)])


def space_to_depth(input, block_size, data_format="NHWC", name=None):
    """Moves block_size x block_size spatial tiles into the channels."""
    x = convert_to_tensor(input)
    nn_ops._check_nhwc(data_format, "SpaceToDepth")
    n, h, w, c = x.shape.as_list()
    b = _block_size(block_size, "SpaceToDepth")
    if h % b or w % b:
        raise errors.op_error(errors.InvalidArgumentError, "SpaceToDepth",
                              f"Image width {w} and height {h} should be divisible by "
                              f"block_size: {b}")
    tiles = array_ops.reshape(x, [n, h // b, b, w // b, b, c])
    tiles = array_ops.transpose(tiles, [0, 1, 3, 2, 4, 5])
    return array_ops.reshape(tiles, [n, h // b, w // b, b * b * c])


def _block_size(block_size, op_name):
    b = int(block_size)
    if b < 2:
        raise attr_error(op_name, f"Value for attr 'block_size' of {b} must be at least "
                                  "minimum 2")
    return b


def crelu(features, name=None, axis=-1):
    """relu(x) and relu(-x), concatenated along `axis`."""
    x = convert_to_tensor(features)
    return array_ops.concat([nn_ops.relu(x), nn_ops.relu(math_ops.negative(x))], axis)


def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5,
                                 name=None):
    """x / (bias + alpha * sum of x^2 over the 2r+1 nearest channels) ** beta."""
    x = convert_to_tensor(input)
    if x.ndim != 4:
        raise errors.op_error(errors.InvalidArgumentError, "LRN",
                              f"input must be 4-dimensional{list(x.shape)}")
    r = int(depth_radius)
    squares = math_ops.square(x)
    padded = array_ops.pad(squares, [[0, 0], [0, 0], [0, 0], [r, r]])
    channels = x.shape[-1]
    window = None
    for offset in range(2 * r + 1):
        part = padded[..., offset:offset + channels]
        window = part if window is None else math_ops.add(window, part)
    scale = math_ops.add(math_ops.cast(bias, x.dtype),
                         math_ops.multiply(math_ops.cast(alpha, x.dtype), window))
    return math_ops.multiply(x, math_ops.pow(scale, math_ops.cast(-beta, x.dtype)))


lrn = local_response_normalization


# --- moments and losses ------------------------------------------------------------------------
def sufficient_statistics(x, axes, shift=None, keepdims=False, name=None):
    """(count, sum of x - shift, sum of (x - shift)^2, shift) over `axes`."""
    x = convert_to_tensor(x)
    axes = [axes] if isinstance(axes, int) else list(axes)
    count = 1
    for a in axes:
        count *= x.shape[a]
    count = convert_to_tensor(np.asarray(count, x.dtype.as_numpy_dtype))
    shifted = x if shift is None else math_ops.subtract(x, shift)
    mean_ss = math_ops.reduce_sum(shifted, axis=axes, keepdims=keepdims)
    variance_ss = math_ops.reduce_sum(math_ops.square(shifted), axis=axes, keepdims=keepdims)
    return count, mean_ss, variance_ss, (None if shift is None else convert_to_tensor(shift))


def weighted_moments(x, axes, frequency_weights, keepdims=False, name=None):
    """The mean and variance of `x` over `axes`, each element counted `frequency_weights`
    times."""
    x = convert_to_tensor(x)
    weights = math_ops.cast(convert_to_tensor(frequency_weights), x.dtype)
    weighted = math_ops.multiply(x, weights)
    total = math_ops.reduce_sum(math_ops.multiply(weights, math_ops.ones_like(x)), axis=axes,
                                keepdims=True)
    divisor = math_ops.reciprocal(total)
    mean = math_ops.multiply(math_ops.reduce_sum(weighted, axis=axes, keepdims=True), divisor)
    deviation = math_ops.squared_difference(x, nn_ops.stop_gradient(mean))
    variance = math_ops.multiply(math_ops.reduce_sum(math_ops.multiply(deviation, weights),
                                                     axis=axes, keepdims=True), divisor)
    if not keepdims:
        mean = array_ops.squeeze(mean, axes)
        variance = array_ops.squeeze(variance, axes)
    return mean, variance


def batch_norm_with_global_normalization(t=None, m=None, v=None, beta=None, gamma=None,
                                         variance_epsilon=None, scale_after_normalization=None,
                                         name=None, input=None, mean=None,
                                         variance=None):
    """The older batch normalization: gamma used only when `scale_after_normalization`."""
    t = input if t is None else t
    m = mean if m is None else m
    v = variance if v is None else v
    return nn_impl_ops.batch_normalization(t, m, v, beta,
                                           gamma if scale_after_normalization else None,
                                           variance_epsilon)


def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    """exp(log_input) - targets * log_input, plus Stirling's approximation of log(targets!)
    with `compute_full_loss` (for targets > 1)."""
    targets, log_input = convert_to_tensor(targets), convert_to_tensor(log_input)
    if targets.shape.as_list() != log_input.shape.as_list():
        raise ValueError(f"`log_input` and `targets` must have the same shape, received "
                         f"({log_input.shape} vs {targets.shape}).")
    loss = math_ops.subtract(math_ops.exp(log_input), math_ops.multiply(log_input, targets))
    if not compute_full_loss:
        return loss
    dtype = targets.dtype
    point_five = math_ops.cast(0.5, dtype)
    two_pi = math_ops.cast(2 * np.pi, dtype)
    stirling = math_ops.add(
        math_ops.subtract(math_ops.multiply(targets, math_ops.log(targets)), targets),
        math_ops.multiply(point_five, math_ops.log(math_ops.multiply(two_pi, targets))))
    ones, zeros = math_ops.ones_like(targets), math_ops.zeros_like(targets)
    use = math_ops.logical_and(math_ops.greater_equal(targets, zeros),
                               math_ops.less_equal(targets, ones))
    return math_ops.add(loss, math_ops.where_v2(use, zeros, stirling))


# --- the rank-generic entry points -------------------------------------------------------------
def convolution(input, filters, strides=None, padding="VALID", data_format=None,
                dilations=None, name=None):
    """``tf.nn.convolution``: 1-, 2- or 3-D by the input's rank (3, 4 or 5)."""
    x = convert_to_tensor(input)
    strides = 1 if strides is None else strides
    if x.ndim == 3:
        return conv1d(x, filters, strides, padding, data_format or "NWC", dilations)
    if x.ndim == 5:
        return conv3d(x, filters, strides, padding, data_format or "NDHWC", dilations)
    if x.ndim != 4:
        raise ValueError(f"`input` must have rank 3, 4 or 5 (a 1-, 2- or 3-D convolution), got "
                         f"shape {x.shape}")
    return nn_ops.conv2d(x, filters, strides, padding, data_format or "NHWC", dilations)


def _pool_by_rank(pools, input, ksize, strides, padding, data_format):
    """The pool of `pools` (1-, 2-, 3-D, in that order) the input's rank (3, 4 or 5) asks for."""
    x = convert_to_tensor(input)
    if x.ndim == 3:
        return pools[0](x, ksize, strides, padding, data_format or "NWC")
    if x.ndim == 5:
        return pools[2](x, ksize, strides, padding, data_format or "NDHWC")
    _check_pool_rank(x)
    return pools[1](x, ksize, strides, padding, data_format or "NHWC")


def max_pool(input, ksize, strides, padding, data_format=None, name=None):
    """``tf.nn.max_pool``: 1-, 2- or 3-D by the input's rank (3, 4 or 5)."""
    return _pool_by_rank((max_pool1d, nn_ops.max_pool2d, max_pool3d), input, ksize, strides,
                         padding, data_format)


def avg_pool(input, ksize, strides, padding, data_format=None, name=None):
    """``tf.nn.avg_pool``: 1-, 2- or 3-D by the input's rank (3, 4 or 5)."""
    return _pool_by_rank((avg_pool1d, nn_ops.avg_pool2d, avg_pool3d), input, ksize, strides,
                         padding, data_format)


def _check_pool_rank(x):
    if x.ndim != 4:
        raise ValueError(f"`input` must have rank 3, 4 or 5 (a 1-, 2- or 3-D pool), got shape "
                         f"{x.shape}")


# --- pool with dilations, max_pool_with_argmax -------------------------------------------------
def pool(input, window_shape, pooling_type, strides=None, padding="VALID",
         data_format=None, dilations=None, name=None):
    """``tf.nn.pool``: MAX or AVG pooling of rank-3/4/5 input. Dilated windows ('VALID' only,
    as TF's) go through space_to_batch, as there."""
    x = convert_to_tensor(input)
    n = x.ndim - 2
    window = [int(w) for w in window_shape]
    strides = [1] * n if strides is None else [int(s) for s in strides]
    dilations = [1] * n if dilations is None else [int(d) for d in dilations]
    if pooling_type not in ("MAX", "AVG"):
        raise ValueError(f"Invalid pooling_type: {pooling_type}")
    if len(window) != n or len(strides) != n or len(dilations) != n:
        raise ValueError(f"window_shape, strides and dilations must have length {n}")
    if any(d > 1 for d in dilations) and any(s > 1 for s in strides):
        raise ValueError("strides > 1 not supported in conjunction with dilation_rate > 1")
    run = max_pool if pooling_type == "MAX" else avg_pool

    def pooled(t, how):
        return run(t, window, strides, how, data_format)
    if all(d == 1 for d in dilations):
        return pooled(x, padding)
    if padding == "SAME":
        raise ValueError(f"pooling with 'SAME' padding is not implemented for `dilation_rate` "
                         f"> 1. Received: padding={padding} and dilation_rate="
                         f"{np.array(dilations)}")
    paddings, crops = required_space_to_batch_paddings(x.shape.as_list()[1:-1], dilations)
    return batch_to_space(pooled(space_to_batch(x, dilations, paddings), "VALID"), dilations,
                          crops)


MaxPoolWithArgmax = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"])


def _argmax_positions(x, out, ksize, strides, padding, include_batch_in_index):
    """For each pooled value: the flat position of the first input equal to it in its
    window (row-major scan; padding never counts), ((b*) y * width + x) * depth + c."""
    batch, height, width, depth = x.shape
    _, out_h, out_w, _ = out.shape
    (kh, kw), (sh, sw) = ksize, strides
    top = max((out_h - 1) * sh + kh - height, 0) // 2 if padding == "SAME" else 0
    left = max((out_w - 1) * sw + kw - width, 0) // 2 if padding == "SAME" else 0
    positions = np.zeros(out.shape, np.int64)
    for b, i, j, c in np.ndindex(*out.shape):
        rows = range(max(i * sh - top, 0), min(i * sh - top + kh, height))
        cols = range(max(j * sw - left, 0), min(j * sw - left + kw, width))
        found = next((r, q) for r in rows for q in cols if x[b, r, q, c] == out[b, i, j, c])
        flat = (found[0] * width + found[1]) * depth + c
        positions[b, i, j, c] = flat + (b * height * width * depth
                                        if include_batch_in_index else 0)
    return positions


def _infer_argmax(inputs, attrs):
    return [(attrs["output_dtype"], inputs[1]._shape._dims)]


_argmax_op = register("MaxPoolArgmaxPositions", differentiable=False,
                      infer_shape=_infer_argmax)(
    lambda x, out, ksize, strides, padding, include_batch_in_index, output_dtype:
    _argmax_positions(x, out, ksize, strides, padding, include_batch_in_index).astype(
        output_dtype.as_numpy_dtype))


def max_pool_with_argmax(input, ksize, strides, padding, data_format="NHWC",
                         output_dtype=dtypes.int64, include_batch_in_index=False, name=None):
    """(the max pool, where each maximum came from): positions flattened as
    ``(y * width + x) * channels + c`` (plus ``b * height * width * channels`` with
    `include_batch_in_index`). The pooled values differentiate as max_pool's."""
    if data_format != "NHWC":
        raise ValueError(f"Data formats other than 'NHWC' are not yet supported, got "
                         f"{data_format}")
    output_dtype = dtypes.as_dtype(output_dtype)
    x = convert_to_tensor(input)
    out = nn_ops.max_pool2d(x, ksize, strides, padding)
    hw = nn_ops._window_arg(ksize, "ksize", "MaxPoolWithArgmax")
    steps = nn_ops._window_arg(strides, "strides", "MaxPoolWithArgmax")
    positions = execute(_argmax_op, (x, out), {
        "ksize": tuple(hw), "strides": tuple(steps), "padding": padding,
        "include_batch_in_index": bool(include_batch_in_index), "output_dtype": output_dtype})
    return MaxPoolWithArgmax(out, positions)

"""Neural-network ops (``tf.nn``): activations, softmax and cross-entropies, convolution, pooling.

Same pattern as the other families: a NumPy kernel registered under TF's op name, its gradient
rule right below (written with eagerbook ops, so second derivatives work), then the public
function that validates its arguments the way TF does and calls ``execute``.

Convolution and pooling never loop over pixels. A 2-D window op looks at the (padded) input
through a strided *view* shaped ``(N, OH, OW, KH, KW, C)``: element ``[n, i, j, a, b, c]`` is the
input pixel under filter tap ``(a, b)`` when the window sits at output ``(i, j)``. Reshaping that
view to a matrix ("im2col") turns a convolution into one matrix product. Where a loop remains it
runs over the few filter taps (9 for a 3x3 kernel), each step handling every pixel at once.

Speed (the only places with hot-path tricks): the patch matrices are built a few images at a
time so they stay in the CPU cache (`_image_blocks`), the stride-1 gradients need no window
gathering (`_grads_by_taps`: shifted slices of a flat, channel-major grid), both of them come
from one sweep over dy when they run back to back (`_SharedSweep`), and the products run on
one BLAS thread (`blas_threads.py` says why); freed arrays stay with the process for the
next step's (`freed_memory.py`).
"""

import math
import threading
import weakref

import numpy as np
from numpy.lib.stride_tricks import as_strided

from ..core import dtypes, errors
from ..core.tensor import Tensor, convert_to_tensor, is_symbolic
from . import (
    array_ops,
    eigen_double,
    eigen_float,
    eigen_sums,
    freed_memory,  # noqa: F401 - imported for its setting (see there)
    kernel_errors,
    math_ops,
    onednn_float,
    random_ops,
)
from .blas_threads import one_blas_thread
from .math_ops import (
    _dims_text,
    add,
    broadcast_like,
    cast,
    exp,
    less,
    multiply,
    negative,
    reduce_mean,
    reduce_sum,
    reshape_to,
    square,
    stop_gradient,
    subtract,
    where_v2,
    zeros_like,
)
from .more_math_ops import erfc
from .registry import execute, invalid_argument, register
from .shape_rules import dims_text
from .support import FLOATS, NUMBERS, as_tensor, binary_operands, check_dtype, is_zero_gradient


def _float_input(x, op_name, allowed=FLOATS, what="features"):
    x = as_tensor(x)
    if x._dtype not in allowed:
        check_dtype(op_name, x, allowed, what)
    return x


# === activations ================================================================================
@register("Relu", elementwise=True)
def _relu(x):
    # Against an array of zeros NumPy's vectorized maximum runs; against the scalar 0 it takes
    # a scalar loop, about ten times slower on a float32 batch of activations. A big batch
    # goes against one image's row of zeros repeated (~17 % faster than a whole array of
    # zeros at the guide CNN's shapes: the zeros stay in the cache instead of streaming).
    if x.ndim > 1 and x.size >= 1 << 15 and x.flags.c_contiguous \
            and x.size // x.shape[0] <= _LONG_BIAS_ROW:
        rows = x.reshape(x.shape[0], -1)
        return np.maximum(rows, _zeros_shaped_like(rows[0])).reshape(x.shape)
    return np.maximum(x, _zeros_shaped_like(x))


_SHARED_ZEROS = {}  # dtype -> one read-only array of zeros, grown to the largest use
_MAX_SHARED_ZEROS = 1 << 22


def _zeros_shaped_like(x):
    """Zeros of x's shape and dtype for reading only: a view of one shared buffer, so a relu
    does not allocate and clear a fresh array of zeros per call (big ones get their own)."""
    if x.size > _MAX_SHARED_ZEROS:
        return np.zeros_like(x)
    zeros = _SHARED_ZEROS.get(x.dtype)
    if zeros is None or zeros.size < x.size:
        zeros = np.zeros(max(x.size, 1 << 12), dtype=x.dtype)
        zeros.flags.writeable = False
        _SHARED_ZEROS[x.dtype] = zeros
    return zeros[:x.size].reshape(x.shape)


@_relu.gradient
def _relu_grad(op, dy):
    """dy where the output y is positive, 0 elsewhere, as one op."""
    return [execute(_relu_grad_op, (dy, op.outputs[0]))]


# The backward of each activation is one op of its own, as in TF (ReluGrad, EluGrad, ...):
# one kernel call in the backward pass instead of a comparison, a zeros array and a select.
@register("ReluGrad", elementwise=True)
def _relu_grad_op(gradients, features):
    # TF's kernel multiplies: gradients * (features > 0), so a NaN gradient stays NaN where the
    # unit is off and a negative one gives -0. Multiplying by the mask as numbers is also the
    # fastest NumPy form (no branch per element, unlike np.where on a half-true mask).
    return _times_mask(gradients, np.greater(features, 0))


def _times_mask(gradients, mask):
    mask = mask.astype(gradients.dtype)
    if mask.shape != np.broadcast_shapes(mask.shape, gradients.shape):
        return np.multiply(gradients, mask)  # (never in TF: the same shapes are required)
    # The mask's own array takes the product (the same bits either way round): one new
    # array, also when graph passes hand in a gradient that broadcasts (global pooling's).
    if _per_image_and_channel(gradients, mask):
        # Global average pooling's gradient: one number per image and channel, broadcast over
        # the pixels. NumPy would multiply one pixel's few channels at a time; against a pixel
        # row of those numbers it runs once per row (~1.5x faster, the same products).
        n, h, w, c = mask.shape
        row = np.tile(gradients[:, :1, :1, :], (1, 1, w, 1)).reshape(n, 1, w * c)
        rows = mask.reshape(n, h, w * c)
        np.multiply(row, rows, out=rows)
        return mask
    return np.multiply(gradients, mask, out=mask)


def _per_image_and_channel(gradients, mask):
    """True for a 4-D gradient constant over the pixels (a (N, 1, 1, C) array or a view
    broadcast from one) against a contiguous mask with few channels."""
    return mask.ndim == 4 and gradients.ndim == 4 and mask.shape[3] < 64 \
        and mask.flags.c_contiguous and mask.size >= 1 << 14 \
        and all(gradients.shape[a] == 1 or gradients.strides[a] == 0 for a in (1, 2))


@_relu_grad_op.gradient
def _relu_grad_op_grad(op, grad):
    features = op.inputs[1]
    return [execute(_relu_grad_op, (grad, features)),
            zeros_like(features) if op.needs_gradient(1) else None]


def relu(features, name=None):
    """max(features, 0)."""
    return execute(_relu, (_float_input(features, "Relu", NUMBERS),))


@register("Relu6", elementwise=True)
def _relu6(x):
    return np.clip(x, 0, 6).astype(x.dtype, copy=False)


@_relu6.gradient
def _relu6_grad(op, dy):
    """dy where 0 < y < 6, 0 elsewhere, as one op."""
    return [execute(_relu6_grad_op, (dy, op.outputs[0]))]


@register("Relu6Grad", elementwise=True)
def _relu6_grad_op(gradients, features):
    return _times_mask(gradients, (features > 0) & (features < 6))


@_relu6_grad_op.gradient
def _relu6_grad_op_grad(op, grad):
    features = op.inputs[1]
    return [execute(_relu6_grad_op, (grad, features)),
            zeros_like(features) if op.needs_gradient(1) else None]


def relu6(features, name=None):
    """min(max(features, 0), 6)."""
    return execute(_relu6, (_float_input(features, "Relu6", NUMBERS),))


@register("LeakyRelu", elementwise=True)
def _leaky_relu(x, alpha):
    # (alpha is a float attr: TF's kernel multiplies by its float32 value, 0.2 -> 0.200000003)
    return np.where(x > 0, x, x * x.dtype.type(np.float32(alpha)))


@_leaky_relu.gradient
def _leaky_relu_grad(op, dy):
    """dy where x is positive, alpha * dy elsewhere, as one op."""
    return [execute(_leaky_relu_grad_op, (dy, op.inputs[0]), op.attrs)]


@register("LeakyReluGrad", elementwise=True)
def _leaky_relu_grad_op(gradients, features, alpha):
    return np.where(features > 0, gradients,
                    gradients * gradients.dtype.type(np.float32(alpha)))


@_leaky_relu_grad_op.gradient
def _leaky_relu_grad_op_grad(op, grad):
    features = op.inputs[1]
    return [execute(_leaky_relu_grad_op, (grad, features), op.attrs),
            zeros_like(features) if op.needs_gradient(1) else None]


def leaky_relu(features, alpha=0.2, name=None):
    """features where positive, alpha * features elsewhere."""
    features = as_tensor(features)
    if features._dtype.is_integer:  # TF casts integer inputs to float32 first
        features = cast(features, dtypes.float32)
    features = _float_input(features, "LeakyRelu")
    return execute(_leaky_relu, (features,), {"alpha": float(alpha)})


@register("Elu", elementwise=True)
def _elu(x):
    return np.where(x > 0, x, _expm1(np.minimum(x, 0)))


def _expm1(x):
    """exp(x) - 1 as TF's Elu/Selu kernels compute it: TF's float32/64 exp, then minus one."""
    if x.dtype == np.float32:
        return eigen_float.exp(x) - np.float32(1)
    if x.dtype == np.float16:  # (Eigen's half exp is its float exp, rounded to half)
        return eigen_float.exp(x.astype(np.float32)).astype(np.float16) - np.float16(1)
    return eigen_double.exp(x) - 1.0 if x.dtype == np.float64 else np.expm1(x)


@_elu.gradient
def _elu_grad(op, dy):
    """dy where the output y is positive, dy * (y + 1) elsewhere, as one op."""
    return [execute(_elu_grad_op, (dy, op.outputs[0]))]


@register("EluGrad", elementwise=True)
def _elu_grad_op(gradients, outputs):
    # d/dx (exp(x) - 1) = exp(x) = outputs + 1 where the input was negative.
    return np.where(outputs < 0, gradients * (outputs + 1), gradients)


@_elu_grad_op.gradient
def _elu_grad_op_grad(op, grad):
    gradients, outputs = op.inputs
    negative_part = where_v2(less(outputs, 0), multiply(grad, gradients), zeros_like(outputs))
    return [execute(_elu_grad_op, (grad, outputs)), negative_part]


def elu(features, name=None):
    """features where positive, exp(features) - 1 elsewhere."""
    return execute(_elu, (_float_input(features, "Elu"),))


_SELU_SCALE = 1.0507009873554804934193349852946
_SELU_SCALE_ALPHA = 1.7580993408473768599402175208123  # TF's constant (the product rounds lower)


@register("Selu", elementwise=True)
def _selu(x):
    t = x.dtype.type
    # scale * alpha as one constant, as TF's kernel has it (the product's own rounding)
    return np.where(x > 0, t(_SELU_SCALE) * x, t(_SELU_SCALE_ALPHA) * _expm1(np.minimum(x, 0)))


@_selu.gradient
def _selu_grad(op, dy):
    """scale * dy where y is positive, dy * (y + scale * alpha) elsewhere, as one op."""
    return [execute(_selu_grad_op, (dy, op.outputs[0]))]


@register("SeluGrad", elementwise=True)
def _selu_grad_op(gradients, outputs):
    t = outputs.dtype.type
    return np.where(outputs < 0, gradients * (outputs + t(_SELU_SCALE_ALPHA)),
                    gradients * t(_SELU_SCALE))


@_selu_grad_op.gradient
def _selu_grad_op_grad(op, grad):
    gradients, outputs = op.inputs
    negative_part = where_v2(less(outputs, 0), multiply(grad, gradients), zeros_like(outputs))
    return [execute(_selu_grad_op, (grad, outputs)), negative_part]


def selu(features, name=None):
    """Scaled ELU with the self-normalizing constants of Klambauer et al. (2017)."""
    return execute(_selu, (_float_input(features, "Selu"),))


# erf: use math_ops' op when it exists; until then a private primitive lives here.
if hasattr(math_ops, "erf"):
    erf = math_ops.erf
else:
    _vector_erf = np.frompyfunc(math.erf, 1, 1)  # exact to double precision, elementwise

    @register("Erf", elementwise=True)
    def _erf(x):
        return _vector_erf(x).astype(x.dtype) if x.size else x.copy()

    @_erf.gradient
    def _erf_grad(op, dy):
        x = op.inputs[0]
        return [multiply(dy, multiply(exp(negative(square(x))), 2 / math.sqrt(math.pi)))]

    def erf(x, name=None):
        return execute(_erf, (_float_input(x, "Erf", what="x"),))


def gelu(features, approximate=False, name=None):
    """Gaussian error linear unit: x * P(X <= x) for X ~ N(0, 1) (a composite).

    ``approximate=True`` uses the tanh approximation of Hendrycks & Gimpel.
    """
    x = _float_input(features, "Gelu")
    # TF's formulas, in its order and with its constants, so the rounding follows them. Two of
    # its constants are cast to x's dtype from float32 tensors: a float64 x meets their float32
    # values (0.044715 as 0.04471499845385551).
    if approximate:
        coefficient = float(np.float32(0.044715))
        inner = multiply(add(x, multiply(coefficient, math_ops.pow(x, 3))), 0.7978845608028654)
        return multiply(multiply(0.5, x), add(1.0, math_ops.tanh(inner)))
    return multiply(multiply(0.5, x), erfc(multiply(negative(x),
                                                    float(np.float32(0.7071067811865476)))))


def silu(features, beta=1.0, name=None):
    """x * sigmoid(beta * x) (``tf.nn.silu``, also ``tf.nn.swish``): a composite."""
    x = _float_input(features, "Silu")
    scaled = x if beta == 1.0 else multiply(x, beta)
    return multiply(x, math_ops.sigmoid(scaled))


swish = silu


# === softmax and cross-entropies ==================================================================
def _softmax_axis(logits, axis, op_name):
    ndim = logits.ndim
    if ndim == 0 and op_name == "SoftmaxCrossEntropyWithLogits":
        raise invalid_argument(op_name, "logits must have >= 1 dimension, got shape []")
    if ndim == 0:  # (Softmax's and LogSoftmax's words: kernel_errors.py)
        raise kernel_errors.kernel_error(op_name, logits.dtype, "rank 0", shape="[]")
    if ndim is not None and ndim > 5 and not is_symbolic(logits) and \
            kernel_errors.checks(op_name, logits.dtype, "rank above 5"):  # (oneDNN's kernel)
        raise kernel_errors.kernel_error(op_name, logits.dtype, "rank above 5")
    axis = -1 if axis is None else int(axis)
    if ndim is None:  # unknown rank (tf.function): the kernel takes the axis as given
        return axis
    if not -ndim <= axis < ndim:
        raise invalid_argument(op_name, f"`dim` must be in the range [{-ndim}, {ndim}) where "
                                        f"{ndim} is the number of dimensions in the input. "
                                        f"Received: dim={axis}")
    return axis % ndim


def _stable_log_softmax(x, axis):
    """log(softmax(x)) without overflow: shift by the max before exponentiating."""
    shifted = x - x.max(axis=axis, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return shifted - np.log(np.exp(shifted).sum(axis=axis, keepdims=True))


def _as_compute(x):
    """float16 is computed in float32 (like TF's kernels) and cast back."""
    return x.astype(np.float32) if x.dtype == np.float16 else x


def _as_rows(x, axis):
    """`x` as a C-ordered 2-D array with `axis` last, the layout TF's kernels work on (TF swaps
    the axis with the last one), and a function that undoes it."""
    swapped = np.swapaxes(x, axis, -1)
    rows = np.ascontiguousarray(swapped).reshape(-1, swapped.shape[-1])
    return rows, lambda r: np.swapaxes(r.reshape(swapped.shape), axis, -1)


def _softmax_float32(x, axis):
    """TF's float32 kernel step for step, so that values print with TF's last digit: exp of
    the shifted logits over the whole buffer, each row's sum in Eigen's order, then a multiply
    by the sum's reciprocal. (TF takes that reciprocal with the CPU's approximate instruction
    for rows in whole packets of 8, which can end 1 ulp away; here it is exact.)"""
    rows, back = _as_rows(x, axis)
    e = eigen_float.exp(rows - rows.max(axis=1, keepdims=True))
    with np.errstate(divide="ignore", invalid="ignore"):
        e *= (np.float32(1) / eigen_float.row_sums(e))[:, None]
    return back(e)


def _log_softmax_float32(x, axis):
    """TF's float32 kernel: shifted - log(sum(exp(shifted))), the exp read row by row."""
    rows, back = _as_rows(x, axis)
    shifted = rows - rows.max(axis=1, keepdims=True)
    sums = eigen_float.row_sums(eigen_float.exp_by_rows(shifted))
    with np.errstate(invalid="ignore"):
        return back(shifted - eigen_float.log(sums)[:, None])


def _softmax_float64(x, axis):
    """TF's float64 kernel (Eigen's, packets of 4): exp of the shifted logits over the whole
    buffer, each row's sum in Eigen's order, times the sum's reciprocal."""
    rows, back = _as_rows(x, axis)
    e = eigen_double.exp(rows - rows.max(axis=1, keepdims=True))
    with np.errstate(divide="ignore", invalid="ignore"):
        e *= (1.0 / eigen_sums.row_sums(e, 4))[:, None]
    return back(e)


def _exp_by_rows_float64(shifted):
    """exp of a 2-D float64 array read row by row, as a reduction reads it: each row's whole
    packets of 4 through Eigen's exp, its last values through the C library's."""
    whole = shifted.shape[1] // 4 * 4
    e = np.empty_like(shifted)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        e[:, :whole] = eigen_double.exp(shifted[:, :whole])  # (whole packets: no tail)
        e[:, whole:] = eigen_double._exp_c(shifted[:, whole:])
    return e


def _log_softmax_float64(x, axis):
    """TF's float64 kernel: shifted - log(sum(exp(shifted))), the exp read row by row."""
    rows, back = _as_rows(x, axis)
    shifted = rows - rows.max(axis=1, keepdims=True)
    sums = eigen_sums.row_sums(_exp_by_rows_float64(shifted), 4)
    with np.errstate(divide="ignore", invalid="ignore"):
        return back(shifted - eigen_double.log(sums)[:, None])


@register("Softmax")
def _softmax(logits, axis):
    if logits.dtype == np.float32 and logits.size and 1 <= logits.ndim <= 5 and \
            onednn_float.enabled():  # TF's oneDNN kernel for ranks 1 to 5 (onednn_float.py)
        rows, back = _as_rows(logits, axis)
        return back(onednn_float.softmax(rows))
    if logits.dtype == np.float32 and logits.size:
        return _softmax_float32(logits, axis)
    if logits.dtype == np.float64 and logits.size:
        return _softmax_float64(logits, axis)
    x = _as_compute(logits)  # (float16, float64 and empty tensors)
    shifted = x - x.max(axis=axis, keepdims=True)
    # float16's exp is taken in float64 and rounded once, and TF's kernel multiplies by the
    # reciprocal of the sum rather than dividing.
    e = np.exp(shifted, dtype=np.float64).astype(x.dtype) if x.dtype == np.float32 else \
        np.exp(shifted)
    with np.errstate(invalid="ignore", divide="ignore"):
        e *= np.reciprocal(e.sum(axis=axis, keepdims=True))
    return e.astype(logits.dtype, copy=False)


@_softmax.gradient
def _softmax_grad(op, dy):
    # dx = y * (dy - sum(dy * y)): the Jacobian diag(y) - y y^T applied to dy.
    y = op.outputs[0]
    dot = reduce_sum(multiply(dy, y), axis=op.attrs["axis"], keepdims=True)
    return [multiply(subtract(dy, dot), y)]


def softmax(logits, axis=None, name=None):
    """exp(logits) / sum(exp(logits), axis), computed stably."""
    logits = _float_input(logits, "Softmax", what="logits")
    return execute(_softmax, (logits,), {"axis": _softmax_axis(logits, axis, "Softmax")})


@register("LogSoftmax")
def _log_softmax(logits, axis):
    if logits.dtype == np.float32 and logits.size:
        return _log_softmax_float32(logits, axis)
    if logits.dtype == np.float64 and logits.size:
        return _log_softmax_float64(logits, axis)
    return _stable_log_softmax(_as_compute(logits), axis).astype(logits.dtype, copy=False)


@_log_softmax.gradient
def _log_softmax_grad(op, dy):
    # dx = dy - softmax * sum(dy)
    y = op.outputs[0]
    total = reduce_sum(dy, axis=op.attrs["axis"], keepdims=True)
    return [subtract(dy, multiply(exp(y), total))]


def log_softmax(logits, axis=None, name=None):
    """logits - log(sum(exp(logits), axis)), computed stably."""
    logits = _float_input(logits, "LogSoftmax", what="logits")
    return execute(_log_softmax, (logits,),
                   {"axis": _softmax_axis(logits, axis, "LogSoftmax")})


def _restore_axis(t, like, axis):
    """Gives a per-example tensor (class axis reduced away) back a size-1 class axis."""
    shape = list(like.shape)
    shape[axis] = 1
    if shape.count(None) > 1:  # traced with several unknown sizes: no reshape can say it
        return array_ops.expand_dims(t, axis)
    return reshape_to(t, shape)


def _xent_second_order(logits, axis, ddbackprop):
    """Gradient through the `backprop` output (softmax - labels) of the fused cross-entropies.

    Only an outer tape (second derivatives) sends a nonzero gradient into that output. As in
    TF, the term is skipped when that gradient is None (the output was not used) or known
    zeros (eager values, or a ZerosLike op while tracing).
    """
    if ddbackprop is None or is_zero_gradient(ddbackprop):
        return None
    return _softmax_grad_of(softmax(logits, axis), ddbackprop, axis)


def _softmax_grad_of(y, dy, axis):
    dot = reduce_sum(multiply(dy, y), axis=axis, keepdims=True)
    return multiply(subtract(dy, dot), y)


@register("SoftmaxCrossEntropyWithLogits", num_outputs=2)
def _softmax_xent(labels, logits, axis):
    """Fused loss and gradient: loss = -sum(labels * log_softmax), backprop = softmax - labels."""
    if labels.shape != logits.shape:
        raise invalid_argument("SoftmaxCrossEntropyWithLogits",
                               f"logits and labels must be broadcastable: logits_size="
                               f"[{','.join(map(str, logits.shape))}] labels_size="
                               f"[{','.join(map(str, labels.shape))}]")
    if logits.dtype in (np.float32, np.float64) and logits.size:
        return _softmax_xent_as_tf(labels, logits, axis)
    x = _as_compute(logits)
    log_p = _stable_log_softmax(x, axis)
    with np.errstate(invalid="ignore"):
        loss = -np.sum(np.where(labels == 0, 0, labels * log_p), axis=axis)
    backprop = np.exp(log_p) - labels
    return loss.astype(logits.dtype), backprop.astype(logits.dtype)


# The float32 and float64 steps of TF's cross-entropy kernels: Eigen's exp (the whole buffer, or
# read row by row inside a sum), its row sums and log, and the C library's log.
# Only logits of at most XENT_EXACT values take TF's exact steps: they cost ~150 us more than
# NumPy's on a batch of 64 x 10 (an eighth of an eager training step in BENCHMARKS.md). Bigger
# batches take the same formula with NumPy's exp, log and sums (their last digits may differ
# from TF's); the small tensors guides and docstrings print stay exact.
XENT_EXACT = 256
_XENT_STEPS = {
    np.dtype(np.float32): (eigen_float.exp, eigen_float.exp_by_rows, eigen_float.row_sums,
                           eigen_float.log, eigen_float._logf),
    np.dtype(np.float64): (eigen_double.exp, _exp_by_rows_float64,
                           lambda rows: eigen_sums.row_sums(rows, 4), eigen_double.log,
                           eigen_double._log_c)}
_NUMPY_STEPS = (np.exp, np.exp, lambda rows: rows.sum(axis=1), np.log, np.log)


def _xent_steps(logits):
    return _XENT_STEPS[logits.dtype] if logits.size <= XENT_EXACT else _NUMPY_STEPS


def _shifted_rows_and_sums(logits, axis):
    """The first steps of TF's cross-entropy kernels: logits as rows, shifted by each row's
    max, and each row's sum of exp (in Eigen's order, the exp read row by row)."""
    _, exp_by_rows, row_sums, _, _ = _xent_steps(logits)
    rows, back = _as_rows(logits, axis)
    shifted = rows - rows.max(axis=1, keepdims=True)
    return shifted, row_sums(exp_by_rows(shifted)), back


def _softmax_xent_as_tf(labels, logits, axis):
    """TF's float32/float64 kernel step for step, so that losses print with TF's last digit:
    loss = sum(labels * (log(sum exp) - shifted)), backprop = exp(shifted) / sum - labels."""
    exp, _, row_sums, log, _ = _xent_steps(logits)
    shifted, sums, back = _shifted_rows_and_sums(logits, axis)
    label_rows, _ = _as_rows(labels, axis)
    with np.errstate(invalid="ignore", divide="ignore"):
        loss = row_sums(label_rows * (log(sums)[:, None] - shifted))
        backprop = exp(shifted) / sums[:, None] - label_rows
    return loss.reshape(np.delete(logits.shape, axis)), back(backprop)


@_softmax_xent.gradient
def _softmax_xent_grad(op, dloss, dbackprop):
    labels, logits = op.inputs
    axis = op.attrs["axis"]
    dloss = _restore_axis(dloss, logits, axis)
    dlogits = multiply(dloss, op.outputs[1])
    dlabels = multiply(dloss, negative(log_softmax(logits, axis)))
    extra = _xent_second_order(logits, axis, dbackprop)
    if extra is not None:  # backprop = softmax(logits) - labels
        dlogits = add(dlogits, extra)
        dlabels = subtract(dlabels, dbackprop)
    return [dlabels, dlogits]


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    """Cross-entropy between `labels` (a distribution per row) and softmax(`logits`).

    Fused and stable: logits of 1e4 give finite losses. Differentiable in labels and logits.
    """
    logits, labels = as_tensor(logits), as_tensor(labels)
    if labels._dtype is not logits._dtype:  # TF casts the labels to the logits' dtype
        labels = cast(labels, logits._dtype)
    if logits.ndim == 0 or labels.ndim == 0:  # (TF's wrapper slices their shapes first)
        raise errors.op_error(errors.InvalidArgumentError, "Slice", "Expected begin[0] == 0 "
                              "(got -1) and size[0] == 0 (got 1) when input.dim_size(0) == 0",
                              node_name=False)
    logits = _float_input(logits, "SoftmaxCrossEntropyWithLogits", what="logits")
    axis = _softmax_axis(logits, axis, "SoftmaxCrossEntropyWithLogits")
    loss, _ = execute(_softmax_xent, (labels, logits), {"axis": axis})
    return loss


@register("SparseSoftmaxCrossEntropyWithLogits", num_outputs=2, grad_takes_none=True)
def _sparse_softmax_xent(logits, labels):
    op_name, classes = "SparseSoftmaxCrossEntropyWithLogits", logits.shape[-1]
    if labels.shape != logits.shape[:-1]:
        raise invalid_argument(op_name, f"logits and labels must have the same first dimension, "
                                        f"got logits shape [{','.join(map(str, logits.shape))}] "
                                        f"and labels shape [{','.join(map(str, labels.shape))}]")
    if labels.size and (labels.min() < 0 or labels.max() >= classes):
        # (checked when the op runs, eager or traced: NumPy would wrap a negative label around)
        bad = labels[(labels < 0) | (labels >= classes)].flat[0]
        shown = " ".join(str(v) for v in labels.reshape(-1)[:10])
        raise invalid_argument(op_name, f"Received a label value of {bad} which is outside the "
                                        f"valid range of [0, {classes}).  Label values: {shown}")
    if logits.dtype in (np.float32, np.float64) and logits.size:
        return _sparse_softmax_xent_as_tf(logits, labels)
    x = _as_compute(logits)
    log_p = _stable_log_softmax(x, -1)
    # Row i's label column, picked by plain integer indexing on (rows, classes) views (several
    # times cheaper than take_along_axis/put_along_axis on these small arrays).
    picked = (np.arange(labels.size), labels.reshape(-1))
    loss = -log_p.reshape(labels.size, classes)[picked].reshape(labels.shape)
    backprop = np.exp(log_p)
    backprop.reshape(labels.size, classes)[picked] -= 1
    return loss.astype(logits.dtype, copy=False), backprop.astype(logits.dtype, copy=False)


def _sparse_softmax_xent_as_tf(logits, labels):
    """TF's float32/float64 kernel step for step: loss = log(sum exp) - shifted[label], the log
    taken value by value with the C library's; backprop = exp(shifted) / sum, less 1 at the
    label."""
    exp, _, _, _, c_log = _xent_steps(logits)
    shifted, sums, _ = _shifted_rows_and_sums(logits, -1)
    picked = (np.arange(labels.size), labels.reshape(-1))
    with np.errstate(invalid="ignore", divide="ignore"):
        loss = c_log(sums) - shifted[picked]
        backprop = exp(shifted) / sums[:, None]
    backprop[picked] -= 1
    return loss.reshape(labels.shape), backprop.reshape(logits.shape)


@_sparse_softmax_xent.gradient
def _sparse_softmax_xent_grad(op, dloss, dbackprop):
    logits = op.inputs[0]  # (dloss or dbackprop is None if that output was not used)
    axis = logits.ndim - 1
    dlogits = None if dloss is None else multiply(_restore_axis(dloss, logits, axis),
                                                  op.outputs[1])
    extra = _xent_second_order(logits, axis, dbackprop)
    if extra is not None:
        dlogits = extra if dlogits is None else add(dlogits, extra)
    return [dlogits, None]


def _check_sparse_xent_shapes(labels, logits):
    """TF's Python checks of the static shapes, before the op runs."""
    if logits.ndim == 0:
        raise ValueError(f"`logits` cannot be a scalar. Received logits={logits}`")
    if labels.ndim is None or logits.ndim is None:
        return
    if labels.ndim != logits.ndim - 1:
        raise ValueError(f"`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
                         f"labels.shape={labels.shape} of rank {labels.ndim} and "
                         f"logits.shape={logits.shape} of rank {logits.ndim}")
    if not labels.shape.is_compatible_with(logits.shape[:-1]):
        raise ValueError(f"`labels.shape` must equal `logits.shape` except for the last "
                         f"dimension. Received: labels.shape={labels.shape} and "
                         f"logits.shape={logits.shape}")


def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None):
    """Cross-entropy with integer class `labels` (shape = logits' shape without the last axis)."""
    op_name = "SparseSoftmaxCrossEntropyWithLogits"
    labels, logits = as_tensor(labels), as_tensor(logits)
    _check_sparse_xent_shapes(labels, logits)  # (TF's Python checks, before the op's)
    logits = _float_input(logits, op_name, what="logits")
    if labels._dtype not in (dtypes.int32, dtypes.int64):
        check_dtype(op_name, labels, (dtypes.int32, dtypes.int64), "labels", "Tlabels")
    loss, _ = execute(_sparse_softmax_xent, (logits, labels))
    return loss


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """Elementwise logistic loss, written as max(x, 0) - x * z + log(1 + exp(-|x|)).

    That form never exponentiates a positive number, so it is stable for huge |logits|.
    """
    if labels is None or logits is None:
        raise ValueError(f"Both `labels` and `logits` must be provided for "
                         f"sigmoid_cross_entropy_with_logitsReceived: labels={labels} and "
                         f"logits={logits}")
    # As TF: each converted on its own, the shapes compared, then the ops below check dtypes
    # (integer labels with float logits are Mul's mismatch).
    logits, labels = as_tensor(logits), as_tensor(labels)
    if not logits.shape.is_compatible_with(labels.shape):
        raise ValueError(f"`logits` and `labels` must have the same shape, received "
                         f"({logits.shape} vs {labels.shape}).")
    zeros = zeros_like(logits)
    positive = math_ops.greater_equal(logits, zeros)
    relu_logits = where_v2(positive, logits, zeros)
    neg_abs_logits = where_v2(positive, negative(logits), logits)
    return add(subtract(relu_logits, multiply(logits, labels)),
               math_ops.log1p(exp(neg_abs_logits)))


# === bias_add, l2_loss, moments ===================================================================
@register("BiasAdd")
def _bias_add(value, bias, data_format):
    if data_format.startswith("NC") and value.ndim > 2:
        bias = bias.reshape((-1,) + (1,) * (value.ndim - 2))
    elif value.ndim > 2 and bias.size < 64 and value.flags.c_contiguous and value.size:
        # A few channels broadcast over a batch of images: NumPy's inner loop would run once
        # per pixel; with the bias repeated along a row it runs once per row (the same
        # additions, ~2x faster). The row is a whole image when that is at most
        # _LONG_BIAS_ROW numbers (~30 % faster again than a row of pixels: fewer inner loops,
        # and the repeated bias stays in the cache), else one row of pixels.
        row = _bias_row_length(value)
        return np.add(value.reshape(-1, row), np.tile(bias, row // bias.size)).reshape(
            value.shape)
    return np.add(value, bias)


_LONG_BIAS_ROW = 1 << 15


def _bias_row_length(value):
    """How many numbers `_bias_add` adds its repeated bias to at once (see there)."""
    image = value.size // value.shape[0]
    return image if image <= _LONG_BIAS_ROW else value.shape[-2] * value.shape[-1]


@_bias_add.gradient
def _bias_add_grad(op, dy):
    return [dy, execute(_bias_add_grad_op, (dy,), {"data_format": op.attrs["data_format"]})]


def _channel_axis(ndim, data_format):
    return 1 if data_format.startswith("NC") else ndim - 1


@register("BiasAddGrad")
def _bias_add_grad_op(out_backprop, data_format):
    """The bias's gradient (TF's BiasAddGrad): out_backprop summed over all but the channels."""
    g = out_backprop
    channel = _channel_axis(g.ndim, data_format)
    if channel == g.ndim - 1 and g.ndim > 2 and g.shape[-1] < 64 and g.size >= 1 << 15 \
            and g.flags.c_contiguous:
        # A few channels below a big batch: NumPy would sum one short row per pixel. Sum rows
        # of pixels first, then their pieces (~9x faster; the additions' order changes).
        row = g.reshape(-1, g.shape[-2] * g.shape[-1]).sum(axis=0, dtype=g.dtype)
        return row.reshape(g.shape[-2], g.shape[-1]).sum(axis=0, dtype=g.dtype)
    return g.sum(axis=tuple(a for a in range(g.ndim) if a != channel), dtype=g.dtype)


@_bias_add_grad_op.gradient
def _bias_add_grad_op_grad(op, dbias):
    dy = op.inputs[0]
    shape = [1] * dy.ndim
    shape[_channel_axis(dy.ndim, op.attrs["data_format"])] = -1
    return [broadcast_like(reshape_to(dbias, shape), dy)]


def bias_add(value, bias, data_format=None, name=None):
    """Adds a 1-D `bias` along the channel axis (last for NHWC, second for NCHW)."""
    x, b = binary_operands(value, bias, "BiasAdd")  # (value, bias stay as given: errors.py)
    data_format = data_format or "NHWC"
    if data_format not in ("NHWC", "NCHW", "N..C", "NC.."):
        raise ValueError(f"data_format must be of the form `N...C` or `NC...`, got "
                         f"{data_format!r}")
    if x.ndim < 2:  # (the kernel's first check)
        raise invalid_argument("BiasAdd", f"Input tensor must be at least 2D: "
                                          f"{_dims_text(x.shape)}")
    if b.ndim != 1:
        raise invalid_argument("BiasAdd", f"Biases must be 1D: {_dims_text(b.shape)}")
    channel = 1 if data_format.startswith("NC") else x.ndim - 1
    if x.shape[channel] is not None and b.shape[0] is not None \
            and x.shape[channel] != b.shape[0]:
        raise invalid_argument("BiasAdd", f"Must provide as many biases as the last dimension "
                                          f"of the input tensor: {_dims_text(b.shape)} vs. "
                                          f"{_dims_text(x.shape)}")
    return execute(_bias_add, (x, b), {"data_format": data_format})


def l2_loss(t, name=None):
    """sum(t ** 2) / 2."""
    t = _float_input(t, "L2Loss", what="t")
    return multiply(reduce_sum(square(t)), 0.5)


def moments(x, axes, shift=None, keepdims=False, name=None):
    """Mean and variance of `x` over `axes` (returns ``(mean, variance)``)."""
    dtype = x.dtype  # (as TF reads it: a Python value has none; any dtype its ops take)
    x = as_tensor(x)
    compute = cast(x, dtypes.float32) if x._dtype is dtypes.float16 else x
    mean = reduce_mean(compute, axis=axes, keepdims=True)
    # Like TF, the variance sees the mean as a constant; the gradient is unchanged because
    # d/dmean sum((x - mean)^2) = 0 at the mean.
    variance = reduce_mean(math_ops.squared_difference(compute, stop_gradient(mean)),
                           axis=axes, keepdims=True)
    if not keepdims:
        axes_set = {a % x.ndim for a in (axes if isinstance(axes, (list, tuple)) else [axes])}
        kept = [d for i, d in enumerate(x.shape) if i not in axes_set]
        mean, variance = reshape_to(mean, kept), reshape_to(variance, kept)
    if dtype is dtypes.float16:
        mean, variance = cast(mean, dtype), cast(variance, dtype)
    return mean, variance


def dropout(x, rate, noise_shape=None, seed=None, name=None):
    """Zeroes each element with probability `rate`, scaling the survivors by 1 / (1 - rate)."""
    return _dropout(x, rate, noise_shape,
                    lambda shape, dtype: random_ops.uniform(shape, dtype=dtype, seed=seed))


def stateless_dropout(x, rate, seed, rng_alg=None, noise_shape=None, name=None):
    """``tf.nn.experimental.stateless_dropout``: the same drops for the same `seed` (a
    shape-[2] int tensor), drawn with ``tf.random.stateless_uniform``."""
    return _dropout(x, rate, noise_shape, lambda shape, dtype: random_ops.stateless_uniform(
        shape, seed=seed, dtype=dtype, alg=rng_alg))


def general_dropout(x, rate, uniform_sampler, noise_shape=None, name=None):
    """``tf.nn.experimental.general_dropout``: the uniform numbers come from
    ``uniform_sampler(shape=..., dtype=...)`` (for example a ``tf.random.Generator``'s
    ``uniform``)."""
    return _dropout(x, rate, noise_shape,
                    lambda shape, dtype: uniform_sampler(shape=shape, dtype=dtype))


def _dropout(x, rate, noise_shape, sampler):
    """TF's dropout: ``where(sampler(noise_shape) >= rate, x / (1 - rate), 0)``."""
    x = as_tensor(x)
    if not x._dtype.is_floating:
        raise ValueError(f"x has to be a floating point tensor since it's going to be scaled. "
                         f"Got a {x._dtype.name} tensor instead.")
    if isinstance(rate, Tensor) or hasattr(type(rate), "_as_tensor"):
        rate_t = convert_to_tensor(rate)
        if rate_t.ndim != 0:
            raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). "
                             f"Received: rate={rate}")
        rate = float(rate_t._value)
    if isinstance(rate, bool) or not isinstance(rate, (int, float, np.floating, np.integer)) \
            or not 0 <= rate < 1:
        raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). "
                         f"Received: rate={rate}")
    if rate == 0:
        return x  # TF's fast path: nothing is dropped
    shape = list(x.shape)
    if noise_shape is not None:
        noise = [int(d) if d is not None else shape[i] for i, d in enumerate(
            noise_shape.as_list() if hasattr(noise_shape, "as_list") else
            (noise_shape._value.tolist() if isinstance(noise_shape, Tensor) else noise_shape))]
        if len(noise) != len(shape) or any(n not in (1, s) for n, s in zip(noise, shape)):
            raise invalid_argument("Dropout", f"noise_shape {noise} is not broadcastable to "
                                              f"the shape of x {shape}")
        shape = noise
    if None in shape:  # a size known only when a tf.function runs: read it then
        shape = [d if d is not None else array_ops.shape(x)[i] for i, d in enumerate(shape)]
    keep = math_ops.greater_equal(sampler(shape, x._dtype), rate)
    return where_v2(keep, multiply(x, 1 / (1 - rate)), zeros_like(x))


# === 2-D window geometry shared by convolution and pooling ========================================
_PADDINGS = ("SAME", "VALID")


def _window_arg(value, name, op_name, default=1):
    """TF's int-or-list window argument (strides, dilations, ksize) -> (rows, cols), NHWC."""
    if value is None:
        return (default, default)
    if isinstance(value, Tensor):
        value = value._value.tolist()
    if isinstance(value, (int, np.integer)):
        return (int(value), int(value))
    value = [int(v) for v in value]
    if len(value) == 1:
        return (value[0], value[0])
    if len(value) == 2:
        return tuple(value)
    if len(value) == 4:
        if value[0] != 1 or value[3] != 1:
            what = {"ksize": "Pooling is not yet supported on the batch dimension.",
                    }.get(name, f"Current implementation does not yet support {name} in the "
                                f"batch and depth dimensions.")
            raise invalid_argument(op_name, what)
        return (value[1], value[2])
    raise ValueError(f"{name} should be of length 1, 2 or 4 but was {len(value)}")


def _padding_arg(padding, op_name, allow_explicit):
    """'SAME' / 'VALID' / an explicit NHWC list -> (padding string, ((t, b), (l, r)))."""
    if isinstance(padding, str):
        if padding.upper() not in _PADDINGS:
            allowed = '"SAME", "VALID"' + (', "EXPLICIT"' if allow_explicit else "")
            raise ValueError(f"Value for attr 'padding' of \"{padding}\" is not in the list of "
                             f"allowed values: {allowed}; while running {op_name}")
        return padding.upper(), ()
    if not allow_explicit:
        raise ValueError(f"{op_name} supports the paddings 'SAME' and 'VALID', got {padding!r}")
    pads = [[int(p) for p in pair] for pair in padding]
    if len(pads) != 4 or any(len(p) != 2 for p in pads):
        raise ValueError(f"When padding is a list, it must be of size 4 (one [before, after] "
                         f"pair per NHWC dimension). Got: {padding}")
    if pads[0] != [0, 0] or pads[3] != [0, 0]:
        raise ValueError(f"Nonzero explicit padding in the batch or depth dimensions is not "
                         f"supported. Got: {padding}")
    if any(p < 0 for pair in pads for p in pair):
        raise invalid_argument(op_name, f"All elements of explicit_paddings must be "
                                        f"nonnegative, got {padding}")
    return "EXPLICIT", (tuple(pads[1]), tuple(pads[2]))


def _infer_window(op_name, x, k_hw, depth, attrs, shapes):
    """The traced NHWC output shape of a convolution or pooling window (TF's shape rule), with
    TF's graph-time error for a window that cannot fit the known input size."""
    n, *in_hw, in_depth = x._shape.as_list() if x._shape.rank == 4 else [None] * 4
    out = []
    for axis in range(2):
        size, k, s = in_hw[axis], k_hw[axis], attrs["strides"][axis]
        if size is None or k is None:
            out.append(None)
            continue
        k_eff = (k - 1) * attrs.get("dilations", (1, 1))[axis] + 1
        if attrs["padding"] == "SAME":
            out.append(-(-size // s))
            continue
        explicit = attrs.get("explicit_paddings") or ((0, 0), (0, 0))
        padded = size + sum(explicit[axis]) if attrs["padding"] == "EXPLICIT" else size
        if padded - k_eff + s < 0:
            raise ValueError(f"Negative dimension size caused by subtracting {k_eff} from "
                             f"{padded} for '{{{{node {op_name}}}}} = {op_name}"
                             f"[T={x._dtype.name}]' with input shapes: {shapes}.")
        out.append((padded - k_eff + s) // s)
    return [(x._dtype, [n, *out, in_depth if depth == "in" else depth])]


def _infer_conv2d(inputs, attrs):
    x, w = inputs
    kh, kw, _, out_depth = w._shape.as_list() if w._shape.rank == 4 else [None] * 4
    shapes = f"{_dims_text(x._shape)}, {_dims_text(w._shape)}"
    return _infer_window("Conv2D", x, (kh, kw), out_depth, attrs, shapes)


def _infer_pool(name):
    def rule(inputs, attrs):
        return _infer_window(name, inputs[0], attrs["ksize"], "in", attrs,
                             _dims_text(inputs[0]._shape))
    return rule


def _geometry(op_name, in_hw, k_hw, strides, dilations, padding, explicit):
    """Output size and padding (top, bottom, left, right), with TF's formulas.

    SAME: out = ceil(in / stride), padding split evenly with the extra cell at the end.
    VALID/explicit: out = (in + pads - effective_kernel) / stride + 1 (C++ truncation, so a
    window that just does not fit gives an empty output, and a negative size is an error).
    """
    out, pads = [], []
    for axis in range(2):
        size, k, s, d = in_hw[axis], k_hw[axis], strides[axis], dilations[axis]
        k_eff = (k - 1) * d + 1
        if padding == "SAME":
            o = -(-size // s)
            total = max((o - 1) * s + k_eff - size, 0)
            before, after = total // 2, total - total // 2
        else:
            before, after = explicit[axis] if padding == "EXPLICIT" else (0, 0)
            num = size + before + after - k_eff + s
            o = num // s if num >= 0 else -((-num) // s)
            if o < 0:
                raise invalid_argument(op_name, f"Computed output size would be negative: {o} "
                                                f"[input_size: {size}, effective_filter_size: "
                                                f"{k_eff}, stride: {s}]")
        out.append(o)
        pads.append((before, after))
    return out[0], out[1], pads[0] + pads[1]


def _pad(x, pads, value=0):
    top, bottom, left, right = pads
    if not (top or bottom or left or right):
        return x
    return np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)), constant_values=value)


def _windows(xp, kh, kw, oh, ow, strides, dilations):
    """Read-only (N, OH, OW, KH, KW, C) view of the padded input: every window, no copy."""
    n, _, _, c = xp.shape
    sn, sh, sw, sc = xp.strides
    (rs, cs), (rd, cd) = strides, dilations
    return as_strided(xp, shape=(n, oh, ow, kh, kw, c),
                      strides=(sn, sh * rs, sw * cs, sh * rd, sw * cd, sc), writeable=False)


def _patches(windows, buffer):
    """The im2col matrix of a block of `_windows`: (N * OH * OW, KH * KW * C), row i holding
    the window of output pixel i, columns in (tap row, tap column, channel) order, written
    into the start of the flat `buffer` (one buffer serves every block of a kernel: a fresh
    megabyte per block can cost a page fault per 4 KiB when the allocator hands it back)."""
    n, oh, ow, kh, kw, c = windows.shape
    rows = n * oh * ow
    if kw * c >= _SHORT_WINDOW_ROW:
        cols = buffer[:rows * kh * kw * c]
        np.copyto(cols.reshape(windows.shape), windows)
        return cols.reshape(rows, kh * kw * c)
    # Few channels (a grayscale first layer): a window row is only kw * c numbers, and copying
    # runs that short is slow (~3x). Copy each tap's channel planes whole instead -- long runs
    # -- into a (taps, rows) matrix and return its transpose: a view BLAS reads as it is.
    planes = buffer[:rows * kh * kw * c].reshape(kh, kw, c, n, oh, ow)
    for a in range(kh):
        for b in range(kw):
            planes[a, b] = windows[:, :, :, a, b, :].transpose(3, 0, 1, 2)
    return planes.reshape(kh * kw * c, rows).T


_SHORT_WINDOW_ROW = 8


def _tap(xp, a, b, oh, ow, strides, dilations=(1, 1)):
    """The (N, OH, OW, C) slice of the padded input seen by filter tap (a, b) (a view)."""
    (rs, cs), (rd, cd) = strides, dilations
    return xp[:, a * rd:a * rd + (oh - 1) * rs + 1:rs, b * cd:b * cd + (ow - 1) * cs + 1:cs, :]


def _crop(xp, shape, pads):
    top, _, left, _ = pads
    if xp.shape == tuple(shape):
        return xp
    return np.ascontiguousarray(xp[:, top:top + shape[1], left:left + shape[2], :])


# === conv2d =======================================================================================
def _conv_geometry(x_shape, w_shape, strides, padding, explicit_paddings, dilations):
    return _geometry("Conv2D", x_shape[1:3], w_shape[:2], strides, dilations, padding,
                     explicit_paddings)


# Patch matrices are built and multiplied a few images at a time, so that one block's patches
# are still in the CPU cache when the matrix product reads them, instead of streaming a
# many-megabyte matrix out to memory and back (the same arithmetic as one big im2col).
_PATCH_BLOCK_BYTES = 1024 * 1024


def _image_blocks(n, patch_bytes_per_image):
    """Slices of the batch axis holding about _PATCH_BLOCK_BYTES of patches each."""
    step = max(1, _PATCH_BLOCK_BYTES // max(1, patch_bytes_per_image))
    return [slice(start, min(start + step, n)) for start in range(0, n, step)]


def _patch_blocks(n, patch_numbers_per_image, dtype):
    """(`_image_blocks`, one flat buffer the largest block's patches fit, reused by each)."""
    blocks = _image_blocks(n, patch_numbers_per_image * np.dtype(dtype).itemsize)
    images = blocks[0].stop - blocks[0].start if blocks else 0
    return blocks, np.empty(images * patch_numbers_per_image, dtype=dtype)


@register("Conv2D", infer_shape=_infer_conv2d)
@one_blas_thread
def _conv2d(x, w, strides, padding, explicit_paddings, dilations, data_format):
    return _convolve(x, w, strides, padding, explicit_paddings, dilations)


def _convolve(x, w, strides, padding, explicit_paddings, dilations, finish=None):
    """Conv2D's work; `finish(out_block)`, if given, runs on each block of images' results
    right after their product, while they are still in the cache (see `_FusedConv2D`)."""
    n, _, _, c = x.shape
    kh, kw, _, o = w.shape
    oh, ow, pads = _conv_geometry(x.shape, w.shape, strides, padding, explicit_paddings,
                                  dilations)
    if strides == (1, 1):
        _shared_sweep.remember_forward(x, w)
    xp, taps = _pad(x, pads), kh * kw * c
    w_matrix = w.reshape(taps, o)
    out = np.empty((n, oh, ow, o), dtype=np.result_type(x, w))
    if _pairs_pay(x, w, ow, strides, dilations):
        return _conv2d_in_pixel_pairs(xp, w, out, w_matrix, strides, dilations, finish)
    blocks, buffer = _patch_blocks(n, oh * ow * taps, x.dtype)
    windows = _windows(xp, kh, kw, oh, ow, strides, dilations)
    for block in blocks:
        rows = (block.stop - block.start) * oh * ow
        cols = _patches(windows[block], buffer)
        np.matmul(cols, w_matrix, out=out[block].reshape(rows, o))  # im2col @ filter (BLAS)
        if finish is not None:
            finish(out[block])
    if kw * c < _SHORT_WINDOW_ROW and len(blocks) == 1:  # for its filter gradient
        _shared_sweep.keep_patches(x, (w.shape[:3], strides, padding, explicit_paddings,
                                       dilations), cols)
    return out


# Conv2D -> BiasAdd (-> Relu) as one kernel, for compiled `tf.function` code: TF's graph optimizer
# makes the same chain one `_FusedConv2D` node on the CPU. The generated code calls it
# (`graph/compile_updates.py`) when nothing else reads the convolution's or the bias add's
# result. Each block of images gets its bias and relu right after its product, while the
# block is still in the cache, instead of two more passes over the whole output from memory
# (the guide CNN's 16-channel layer: ~0.15 ms of ~2.2 less). The same additions and maxima,
# element by element, as the three kernels: the same bits.
@one_blas_thread
def _fused_conv2d(x, w, bias, strides, padding, explicit_paddings, dilations, data_format,
                  fused_ops):
    relu, repeated = "Relu" in fused_ops, []

    def finish(block):  # (rows as BiasAdd adds them; the relu against one row of zeros)
        if block.size:
            rows = block.reshape(-1, _bias_row_length(block))
            if not repeated:
                repeated.append(np.tile(bias, rows.shape[1] // bias.size))
            np.add(rows, repeated[0], out=rows)
            if relu:
                np.maximum(rows, _zeros_shaped_like(repeated[0]), out=rows)
    return _convolve(x, w, strides, padding, explicit_paddings, dilations, finish)


# Two neighbouring output pixels per patch row. With 16 or fewer output channels the im2col
# product is at most 16 numbers wide, which BLAS runs well below its speed, and the patch
# copy is one short run per window row. A patch row can hold the window of two neighbouring
# pixels instead (KW + 1 columns), against the filter laid out twice side by side, the second
# copy one column to the right (zeros where a column lies outside that pixel's window): each
# result row holds the two pixels' outputs one after the other (NHWC already), the patches are
# a third smaller and copied in half as many runs, for a third more arithmetic (KW = 3) in a
# product twice as wide. The guide CNN's 16-channel forward: ~9 % less time inside the step.
# Wider outputs, short rows (lesson 4's 10 pixels: no gain) and windows that do not overlap
# when moved one pixel on (strides or dilations along the row) keep one pixel per patch row.
_PAIRED_MAX_OUT_CHANNELS = 16
_PAIRED_MIN_OUT_WIDTH = 16
_BLAS_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def _pairs_pay(x, w, ow, strides, dilations):
    kh, kw, c, o = w.shape
    return strides[1] == 1 and dilations[1] == 1 and kw > 1 and ow % 2 == 0 \
        and ow >= _PAIRED_MIN_OUT_WIDTH and o <= _PAIRED_MAX_OUT_CHANNELS \
        and kw * c >= _SHORT_WINDOW_ROW and x.dtype in _BLAS_FLOATS and w.dtype == x.dtype


def _conv2d_in_pixel_pairs(xp, w, out, w_matrix, strides, dilations, finish=None):
    """`_conv2d`'s loop with two neighbouring output pixels per patch row."""
    kh, kw, c, o = w.shape
    n, oh, ow, _ = out.shape
    pair_w = np.zeros((kh, kw + 1, c, 2, o), dtype=w.dtype)
    pair_w[:, :kw, :, 0] = w  # the left pixel's taps
    pair_w[:, 1:, :, 1] = w  # the right pixel's, one column on
    taps = kh * (kw + 1) * c
    pair_w = pair_w.reshape(taps, 2 * o)
    sn, sh, sw, sc = xp.strides
    pairs = as_strided(xp, shape=(n, oh, ow // 2, kh, kw + 1, c), writeable=False,
                       strides=(sn, sh * strides[0], 2 * sw, sh * dilations[0], sw, sc))
    blocks, buffer = _patch_blocks(n, oh * (ow // 2) * taps, xp.dtype)
    for block in blocks:
        images = block.stop - block.start
        cols = buffer[:images * oh * (ow // 2) * taps]
        np.copyto(cols.reshape((images,) + pairs.shape[1:]), pairs[block])
        result = out[block].reshape(-1, 2 * o)
        np.matmul(cols.reshape(-1, taps), pair_w, out=result)
        if np.isnan(result.max()):  # (max passes a NaN on)
            # An inf or NaN times a zero of the doubled filter gives NaN even where a pixel's
            # own window holds only finite numbers: these images again, one pixel per row.
            windows = _windows(xp[block], kh, kw, oh, ow, strides, dilations)
            cols = _patches(windows, np.empty(windows.size, dtype=xp.dtype))
            np.matmul(cols, w_matrix, out=out[block].reshape(-1, o))
        if finish is not None:
            finish(out[block])
    return out


@_conv2d.gradient
def _conv2d_grad(op, dy):
    x, w = op.inputs
    attrs = op.attrs
    # The first layer's input is data: skipping its gradient saves a whole convolution.
    return [conv2d_backprop_input(tuple(x.shape), w, dy, **attrs)
            if op.needs_gradient(0) else None,
            conv2d_backprop_filter(x, tuple(w.shape), dy, **attrs)
            if op.needs_gradient(1) else None]


class _SharedSweep(threading.local):
    """Both gradients of a stride-1 convolution from one sweep over dy, kept in one place.

    The two backward kernels move the same copies of dy around (`_grads_by_taps`); made once,
    they serve both products (the guide CNN's step: ~1.5-2 ms of ~16 less). But each kernel
    lacks an input of the other: the input gradient has w and dy, not x; the filter gradient
    x and dy, not w. So the forward kernel remembers which x it saw with each w (weak
    references: nothing is kept alive), and the input gradient's kernel, when the filter
    gradient of that dy ran right after it the last time (`wanted`), computes both and leaves
    the filter gradient here; the filter kernel takes it only for the very same x, dy and
    attrs. Both ops still run as in TF, eagerly or in compiled code, with the same results as
    one sweep; a profiler sees the shared work under Conv2DBackpropInput. A filter gradient
    left untaken (the weights froze) turns the sharing off for that geometry.
    """

    def __init__(self):
        self.forward_inputs = {}  # id(w) -> (weakref of w, weakref of x), recent forward calls
        self.wanted = set()  # geometries whose two gradients ran back to back on one dy
        self.last_input_dy = None  # weakref of the dy the input gradient last ran on
        self.left = None  # (weakrefs of x and dy, geometry, filter gradient) for its kernel
        # (weakref of x, geometry, patch matrix): a few-channel forward's patches, which its
        # filter gradient builds again otherwise (`take_patches`)
        self.patches = None

    def keep_patches(self, x, geometry, cols):
        self.patches = (weakref.ref(x), geometry, cols)

    def take_patches(self, x, geometry):
        """The patch matrix the forward pass built from exactly this x and geometry, or None.
        A grayscale first layer's patches are cheap to keep (one number per tap and pixel)
        and cost ~0.1 ms to build again for the guide CNN's batch, 1 % of its step."""
        kept, self.patches = self.patches, None
        if kept is not None and kept[0]() is x and kept[1] == geometry:
            return kept[2]
        return None

    def remember_forward(self, x, w):
        if len(self.forward_inputs) >= _REMEMBERED_FORWARDS:
            del self.forward_inputs[next(iter(self.forward_inputs))]  # the oldest
        self.forward_inputs[id(w)] = (weakref.ref(w), weakref.ref(x))

    def x_for(self, w, dy, geometry):
        """The x to compute the filter gradient with, from this input gradient's sweep."""
        if self.left is not None:  # the last one was never taken: stop sharing there
            self.wanted.discard(self.left[2])
            self.left = None
        self.last_input_dy = weakref.ref(dy)
        refs = self.forward_inputs.get(id(w))
        if geometry not in self.wanted or refs is None or refs[0]() is not w:
            return None
        x = refs[1]()
        return x if x is not None and x.shape == geometry[0] else None

    def take(self, x, dy, geometry):
        """The filter gradient left for exactly these arrays and attrs, or None."""
        left = self.left
        if left is not None and left[0]() is x and left[1]() is dy and left[2] == geometry:
            self.left = None
            return left[3]
        if self.last_input_dy is not None and self.last_input_dy() is dy:
            self.wanted.add(geometry)
        return None


_REMEMBERED_FORWARDS = 16
_shared_sweep = _SharedSweep()


@register("Conv2DBackpropInput")
@one_blas_thread
def _conv2d_backprop_input(w, dy, input_sizes, strides, padding, explicit_paddings, dilations,
                           data_format):
    """Gradient of conv2d with respect to its input, computed as a convolution itself.

    (Stride 1, the common case, takes the patch-free path of `_grads_by_taps`.)
    Input pixel r receives dy[i] * w[a] from every window i and tap a with i*stride + a*dilation
    = r. That is a stride-1 correlation of dy -- spread out by the stride (zeros in between) and
    framed by (effective kernel - 1) zeros -- with the filter flipped in space and its in/out
    channels swapped: one im2col and one matrix product, like the forward pass.
    """
    kh, kw, c, o = w.shape
    n, oh, ow, _ = dy.shape
    h, wd = input_sizes[1], input_sizes[2]
    (sh, sw), (dh, dw) = strides, dilations
    pads = _conv_geometry(input_sizes, w.shape, strides, padding, explicit_paddings,
                          dilations)[2]
    if strides == (1, 1):
        geometry = (tuple(input_sizes), w.shape, padding, explicit_paddings, dilations)
        x = _shared_sweep.x_for(w, dy, geometry)
        if kw * c < _SHORT_WINDOW_ROW:  # its filter gradient takes the im2col road
            x = None
        dx, grad_w = _grads_by_taps(dy, w.shape, input_sizes, pads, dilations, w, x)
        if grad_w is not None:
            _shared_sweep.left = (weakref.ref(x), weakref.ref(dy), geometry, grad_w)
        return dx
    top, _, left, _ = pads
    keh, kew = (kh - 1) * dh + 1, (kw - 1) * dw + 1
    # Row r of the padded input reads spread rows r .. r + keh - 1; we only need the rows of
    # the real input, r in [top, top + h), so the frame starts at padded row `top`.
    frame = (h + keh - 1, wd + kew - 1)
    r0, c0 = keh - 1 - top, kew - 1 - left  # where dy[0, 0] lands in `spread`
    dy_rows = np.arange(oh) * sh + r0
    dy_cols = np.arange(ow) * sw + c0
    rkeep = (dy_rows >= 0) & (dy_rows < frame[0])  # explicit padding may push some outside
    ckeep = (dy_cols >= 0) & (dy_cols < frame[1])
    if rkeep.all() and ckeep.all():
        where = (slice(None), slice(r0, r0 + (oh - 1) * sh + 1, sh),
                 slice(c0, c0 + (ow - 1) * sw + 1, sw))
    else:
        dy = dy[:, rkeep][:, :, ckeep]
        where = (slice(None), dy_rows[rkeep][:, None], dy_cols[ckeep][None, :])
    taps = kh * kw * o
    flipped = w[::-1, ::-1].transpose(0, 1, 3, 2).reshape(taps, c)
    dx = np.empty((n, h, wd, c), dtype=np.result_type(w, dy))
    blocks, buffer = _patch_blocks(n, h * wd * taps, dy.dtype)
    for block in blocks:
        spread = np.zeros((block.stop - block.start,) + frame + (o,), dtype=dy.dtype)
        spread[where] = dy[block]
        rows = spread.shape[0] * h * wd
        dcols = _patches(_windows(spread, kh, kw, h, wd, (1, 1), dilations), buffer)
        np.matmul(dcols, flipped, out=dx[block].reshape(rows, c))  # im2col @ filter (BLAS)
    return dx


def _grads_by_taps(dy, filter_sizes, input_sizes, pads, dilations, w=None, x=None):
    """Stride-1 gradients of a convolution, one product per block of images on a flat grid:
    (dx or None, dw or None), dx given the filter w, dw given the input x, both from one sweep.

    Flatten the padded input's grid (GH, GW) cell by cell. Tap (a, b) of the window that
    starts at cell p reads cell p + shift(a, b), shift(a, b) = a * dilation_h * GW +
    b * dilation_w, so cell r receives dy[r - shift(a, b)] @ w[a, b]^T from every tap. With dy
    laid out on the grid (zeros where no window starts) after `most` = shift(KH-1, KW-1) zero
    cells, that is a correlation with the flipped filter: tap (KH-1-a, KW-1-b) reads cell
    r + most - shift(a, b). Every tap's operand is the same grid moved by a constant number of
    cells (a slice, copied whole into the product's operand).

    The grid is kept channel-major, (O, cells): each moved copy is then O long contiguous
    runs (a pixel-major copy would be one short run per cell, ~3x slower). The product reads
    the moved copies transposed, (cells, taps * O) @ (taps * O, C), so dx comes out
    pixel-major, NHWC already: written straight into dx when the grid has no padding (VALID),
    only cropped otherwise. (In the cache BLAS runs this at the speed of the channel-major
    form (C, taps * O) @ (taps * O, cells), whose result had to be turned back to NHWC.)
    Each block of images is turned channel-major on its own, so the transpose works on
    arrays still in the cache. A block needs no cells of the images before it: the last
    `most` cells of every image are rows or columns where no window starts, zeros on the
    grid, so the block's grid starts with `most` zeros of its own.

    The filter gradient of tap (a, b) is sum over cells r of x[r]^T dy[r - shift(a, b)], and
    dy[r - shift(a, b)] is row r of the moved copy for the flipped tap (KH-1-a, KW-1-b): so
    (taps * O, cells) @ x's padded cells (cells, C), summed over blocks, holds every tap's
    gradient, transposed, with the taps in flipped order.
    """
    kh, kw, c, o = filter_sizes
    n, oh, ow, _ = dy.shape
    top, bottom, left, right = pads
    h, wd = input_sizes[1], input_sizes[2]
    gh, gw = h + top + bottom, wd + left + right  # the padded input's grid
    cells, taps = gh * gw, kh * kw * o
    start = np.empty if dy.size else np.zeros  # (no window fits: nothing flows back)
    dx = None if w is None else start((n, h, wd, c), dtype=np.result_type(w, dy))
    grad_w = None if x is None else np.zeros((taps, c), dtype=np.result_type(x, dy))
    if dy.size:
        _sweep_moved_copies(dy, (kh, kw, c, o), (gh, gw), pads, dilations, dx, w, grad_w,
                            None if x is None else _pad(x, pads).reshape(n * cells, c))
    return dx, None if grad_w is None else np.ascontiguousarray(
        grad_w.reshape(kh, kw, o, c)[::-1, ::-1].transpose(0, 1, 3, 2))


def _sweep_moved_copies(dy, filter_sizes, grid_hw, pads, dilations, dx, w, grad_w, x_cells):
    """The loop of `_grads_by_taps`: fills dx and/or adds into grad_w (taps * O, C)."""
    kh, kw, c, o = filter_sizes
    n, oh, ow, _ = dy.shape
    (gh, gw), (dh, dw), cells = grid_hw, dilations, grid_hw[0] * grid_hw[1]
    top, left, taps = pads[0], pads[2], kh * kw * o
    most = (kh - 1) * dh * gw + (kw - 1) * dw
    blocks, buffer = _patch_blocks(n, taps * cells, dy.dtype)
    images = blocks[0].stop - blocks[0].start
    # One grid, product and result buffer, reused by every block: cells where no window
    # starts are zeroed once and never written.
    grid = np.zeros((o, most + images * cells), dtype=dy.dtype)
    windows_start = grid[:, most:].reshape(o, images, gh, gw)[:, :, :oh, :ow]
    # Every tap's moved copy at once, as one view of the grid: (KH, KW, O, cells), tap (a, b)
    # starting shift(a, b) cells on. One copy per block instead of one per tap: NumPy's call
    # and slicing cost ~1 us each, ~8 us of a ~35 us copy per block at the guide's shapes.
    isz = grid.itemsize
    shifted = as_strided(grid, shape=(kh, kw, o, images * cells), writeable=False,
                         strides=(dh * gw * isz, dw * isz, grid.strides[0], isz))
    if dx is not None:
        flipped = w[::-1, ::-1].transpose(0, 1, 3, 2).reshape(taps, c)  # (taps * O, C)
        # The product comes out pixel-major, (cells, C): NHWC already, so a grid without
        # padding (VALID) is written straight into dx, and a padded one only needs cropping.
        uncropped = (gh, gw) == dx.shape[1:3]
        result = None if uncropped else np.empty((images * cells, c), dtype=dx.dtype)
    for block in blocks:
        m = block.stop - block.start
        rows = m * cells
        windows_start[:, :m] = dy[block].transpose(3, 0, 1, 2)
        moved = buffer[:taps * rows].reshape(kh, kw, o, rows)
        np.copyto(moved, shifted[..., :rows])  # tap (a, b): grid[:, shift(a, b):][:, :rows]
        if grad_w is not None:
            grad_w += moved.reshape(taps, rows) @ x_cells[block.start * cells:][:rows]
        if dx is not None:
            out = dx[block].reshape(rows, c) if uncropped else result[:rows]
            np.matmul(moved.reshape(taps, rows).T, flipped, out=out)
            if not uncropped:  # without the grid's padding
                dx[block] = out.reshape(m, gh, gw, c)[
                    :, top:top + dx.shape[1], left:left + dx.shape[2]]


@_conv2d_backprop_input.gradient
def _conv2d_backprop_input_grad(op, ddx):
    # dx = B(w, dy) is bilinear; its adjoints are the filter gradient and conv2d itself.
    w, dy = op.inputs
    attrs = dict(op.attrs)
    attrs.pop("input_sizes")
    return [conv2d_backprop_filter(ddx, tuple(w.shape), dy, **attrs),
            execute(_conv2d, (ddx, w), attrs)]


@register("Conv2DBackpropFilter")
@one_blas_thread
def _conv2d_backprop_filter(x, dy, filter_sizes, strides, padding, explicit_paddings, dilations,
                            data_format):
    """Gradient of conv2d with respect to its filter: im2col(x)^T @ dy, summed over blocks.

    (Stride 1 with window rows long enough to copy well takes the patch-free path of
    `_grads_by_taps`.)
    """
    kh, kw, c, o = filter_sizes
    _, oh, ow, _ = dy.shape
    _, _, pads = _conv_geometry(x.shape, filter_sizes, strides, padding, explicit_paddings,
                                dilations)
    if strides == (1, 1):
        left = _shared_sweep.take(x, dy, (x.shape, tuple(filter_sizes), padding,
                                          explicit_paddings, dilations))
        if left is not None:
            return left
    if strides == (1, 1) and kw * c >= _SHORT_WINDOW_ROW:  # as the shared sweep does it
        return _grads_by_taps(dy, filter_sizes, x.shape, pads, dilations, x=x)[1]
    xp, taps = _pad(x, pads), kh * kw * c
    dw = np.zeros((taps, o), dtype=dy.dtype)
    kept = _shared_sweep.take_patches(x, (tuple(filter_sizes[:3]), strides, padding,
                                          explicit_paddings, dilations))
    if kept is not None:  # the forward pass's patches of this x, in one block
        dw += kept.T @ dy.reshape(kept.shape[0], o)
        return dw.reshape(kh, kw, c, o)
    blocks, buffer = _patch_blocks(x.shape[0], oh * ow * taps, x.dtype)
    windows = _windows(xp, kh, kw, oh, ow, strides, dilations)
    for block in blocks:
        rows = (block.stop - block.start) * oh * ow
        cols = _patches(windows[block], buffer)
        dw += cols.T @ dy[block].reshape(rows, o)
    return dw.reshape(kh, kw, c, o)


@_conv2d_backprop_filter.gradient
def _conv2d_backprop_filter_grad(op, ddw):
    x, dy = op.inputs
    attrs = dict(op.attrs)
    attrs.pop("filter_sizes")
    return [conv2d_backprop_input(tuple(x.shape), ddw, dy, **attrs),
            execute(_conv2d, (x, ddw), attrs)]


def conv2d_backprop_input(input_sizes, filters, out_backprop, strides, padding,
                          explicit_paddings=(), dilations=(1, 1), data_format="NHWC"):
    """Conv2DBackpropInput with normalized attrs (used by gradient rules). A batch size not
    known while a tf.function traces (None) is -1: the kernel takes the batch from dy."""
    sizes = tuple(-1 if d is None and i == 0 else int(d) for i, d in enumerate(input_sizes))
    return execute(_conv2d_backprop_input, (filters, out_backprop), {
        "input_sizes": sizes, "strides": strides,
        "padding": padding, "explicit_paddings": explicit_paddings, "dilations": dilations,
        "data_format": data_format})


def conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding,
                           explicit_paddings=(), dilations=(1, 1), data_format="NHWC"):
    """Conv2DBackpropFilter with normalized attrs (used by gradient rules)."""
    return execute(_conv2d_backprop_filter, (input, out_backprop), {
        "filter_sizes": tuple(int(d) for d in filter_sizes), "strides": strides,
        "padding": padding, "explicit_paddings": explicit_paddings, "dilations": dilations,
        "data_format": data_format})


def _check_nhwc(data_format, op_name):
    if data_format not in (None, "NHWC"):
        if data_format == "NCHW":
            raise errors.op_error(errors.UnimplementedError, op_name,
                                  f"The {op_name} op currently only supports the NHWC tensor "
                                  f"format on the CPU. The op was given the format: NCHW")
        raise ValueError(f"data_format must be 'NHWC' or 'NCHW', got {data_format!r}")


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None,
           name=None):
    """2-D convolution (cross-correlation, as in TF) of NHWC `input` with HWIO `filters`.

    `padding` is 'SAME', 'VALID' or an explicit list ``[[0, 0], [top, bottom], [left, right],
    [0, 0]]``; `strides` and `dilations` are an int or a list of 1, 2 or 4 ints.
    """
    x, w = binary_operands(input, filters, "Conv2D")
    if x._dtype not in FLOATS:
        check_dtype("Conv2D", x, FLOATS, "input")
    _check_nhwc(data_format, "Conv2D")
    strides = _window_arg(strides, "strides", "Conv2D")
    dilations = _window_arg(dilations, "dilations", "Conv2D")
    padding, explicit = _padding_arg(padding, "Conv2D", allow_explicit=True)
    if min(strides) < 1 or min(dilations) < 1:
        raise invalid_argument("Conv2D", f"strides and dilations must be positive, got "
                                         f"strides={list(strides)}, dilations={list(dilations)}")
    for check, t in (("input rank", x), ("filter rank", w)):  # (words: kernel_errors.py)
        if t.ndim != 4:
            raise kernel_errors.kernel_error("Conv2D", x._dtype, check, shape=dims_text(t.shape))
    in_depth, filter_depth = x.shape[3], w.shape[2]
    attrs = {"strides": strides, "padding": padding, "explicit_paddings": explicit,
             "dilations": dilations, "data_format": "NHWC"}
    if in_depth is not None and filter_depth is not None and in_depth != filter_depth:
        if not filter_depth or in_depth % filter_depth:
            raise kernel_errors.kernel_error("Conv2D", x._dtype, "depth", depth=in_depth,
                                             filter_depth=filter_depth)
        return _grouped_conv2d(x, w, in_depth // filter_depth, attrs)
    return execute(_conv2d, (x, w), attrs)


def _grouped_conv2d(x, w, groups, attrs):
    """TF's grouped convolution (the filter sees in_depth / groups channels): group g of the
    input channels with group g of the output filters, the results side by side."""
    out_depth = w.shape[3]
    if out_depth is not None and out_depth % groups:
        raise kernel_errors.kernel_error("Conv2D", x._dtype, "groups", depth=out_depth,
                                         groups=groups)
    xs, ws = array_ops.split(x, groups, axis=3), array_ops.split(w, groups, axis=3)
    return array_ops.concat([execute(_conv2d, (xg, wg), attrs) for xg, wg in zip(xs, ws)], 3)


# === pooling ======================================================================================
def _pool_setup(x, ksize, strides, padding, data_format, op_name, allowed):
    x = _float_input(x, op_name, allowed, "input")
    _check_nhwc(data_format, op_name)
    ksize = _window_arg(ksize, "ksize", op_name)
    strides = _window_arg(strides, "strides", op_name)
    padding, _ = _padding_arg(padding, op_name, allow_explicit=False)
    if x.ndim != 4:  # (words: kernel_errors.py)
        raise kernel_errors.kernel_error(op_name, x.dtype, "rank", rank=x.ndim)
    if min(ksize) < 1 or min(strides) < 1:
        raise invalid_argument(op_name, f"Sliding window ksize and strides must be positive, "
                                        f"got ksize={list(ksize)}, strides={list(strides)}")
    return x, {"ksize": ksize, "strides": strides, "padding": padding}


def _lowest(dtype):
    return -np.inf if dtype.kind == "f" else np.iinfo(dtype).min


@register("MaxPool", infer_shape=_infer_pool("MaxPool"))
def _max_pool(x, ksize, strides, padding):
    oh, ow, pads = _geometry("MaxPool", x.shape[1:3], ksize, strides, (1, 1), padding, ())
    xp = _pad(x, pads, _lowest(x.dtype))  # padded cells never win
    out = _tap(xp, 0, 0, oh, ow, strides).copy()
    for a in range(ksize[0]):
        for b in range(ksize[1]):
            if a or b:
                np.maximum(out, _tap(xp, a, b, oh, ow, strides), out=out)
    return out


@_max_pool.gradient
def _max_pool_grad(op, dy):
    return [execute(_max_pool_grad_op, (op.inputs[0], op.outputs[0], dy), op.attrs)]


def _argmax_taps(x, y, ksize, strides, padding):
    """Yields (tap slice of the padded input's shape, mask) for the first maximum of each window.

    A window's gradient goes to the first position (row-major) holding its maximum, like TF.
    """
    oh, ow = y.shape[1:3]
    _, _, pads = _geometry("MaxPoolGrad", x.shape[1:3], ksize, strides, (1, 1), padding, ())
    xp = _pad(x, pads, _lowest(x.dtype))
    taken = np.zeros(y.shape, dtype=bool)
    for a in range(ksize[0]):
        for b in range(ksize[1]):
            hit = _tap(xp, a, b, oh, ow, strides) == y
            hit &= ~taken
            taken |= hit
            yield a, b, hit


@register("MaxPoolGrad")
def _max_pool_grad_op(x, y, dy, ksize, strides, padding):
    """Routes each window's gradient to the position of its maximum."""
    oh, ow, pads = _geometry("MaxPoolGrad", x.shape[1:3], ksize, strides, (1, 1), padding, ())
    top, bottom, left, right = pads
    dxp = np.zeros((x.shape[0], x.shape[1] + top + bottom, x.shape[2] + left + right,
                    x.shape[3]), dtype=dy.dtype)
    for a, b, hit in _argmax_taps(x, y, ksize, strides, padding):
        _tap(dxp, a, b, oh, ow, strides)[...] += np.where(hit, dy, 0)
    return _crop(dxp, x.shape, pads)


@_max_pool_grad_op.gradient
def _max_pool_grad_op_grad(op, ddx):
    x, y, _ = op.inputs
    return [zeros_like(x), zeros_like(y),
            execute(_max_pool_grad_grad, (x, y, ddx), op.attrs)]


@register("MaxPoolGradGrad")
def _max_pool_grad_grad(x, y, ddx, ksize, strides, padding):
    """Picks, for every window, the value of `ddx` at the window's maximum."""
    oh, ow, pads = _geometry("MaxPoolGradGrad", x.shape[1:3], ksize, strides, (1, 1), padding,
                             ())
    ddxp = _pad(ddx, pads)
    out = np.zeros(y.shape, dtype=ddx.dtype)
    for a, b, hit in _argmax_taps(x, y, ksize, strides, padding):
        out += np.where(hit, _tap(ddxp, a, b, oh, ow, strides), 0)
    return out


@_max_pool_grad_grad.gradient
def _max_pool_grad_grad_grad(op, dy):
    x, y, _ = op.inputs
    return [zeros_like(x), zeros_like(y),
            execute(_max_pool_grad_op, (x, y, dy), op.attrs)]


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    """Maximum over ksize windows of an NHWC input. An explicit padding (a list of four
    [before, after] pairs) pads with the dtype's lowest value, so padding never wins."""
    if not isinstance(padding, str):
        pairs = [[int(p) for p in pair] for pair in padding]
        if len(pairs) == 4 and (pairs[0] != [0, 0] or pairs[3] != [0, 0]):  # (the kernel's check)
            raise invalid_argument("MaxPool", "Nonzero explicit padding in the batch or depth "
                                              "dimensions is not supported")
        _, ((top, bottom), (left, right)) = _padding_arg(padding, "MaxPool", allow_explicit=True)
        x = as_tensor(input)
        lowest = _lowest(np.dtype(x.dtype.as_numpy_dtype))
        x = array_ops.pad(x, [[0, 0], [top, bottom], [left, right], [0, 0]],
                          constant_values=lowest)
        return max_pool2d(x, ksize, strides, "VALID", data_format)
    x, attrs = _pool_setup(input, ksize, strides, padding, data_format, "MaxPool", NUMBERS)
    return execute(_max_pool, (x,), attrs)


def _avg_counts(shape_hw, ksize, strides, padding, dtype):
    """How many real (unpadded) cells each window covers, shaped (1, OH, OW, 1).

    TF's SAME average pooling divides by this count, so padding does not dilute the average.
    """
    oh, ow, pads = _geometry("AvgPool", shape_hw, ksize, strides, (1, 1), padding, ())
    ones = _pad(np.ones((1,) + tuple(shape_hw) + (1,), dtype=dtype), pads)
    counts = np.zeros((1, oh, ow, 1), dtype=dtype)
    for a in range(ksize[0]):
        for b in range(ksize[1]):
            counts += _tap(ones, a, b, oh, ow, strides)
    return counts


@register("AvgPool", infer_shape=_infer_pool("AvgPool"))
def _avg_pool(x, ksize, strides, padding):
    oh, ow, pads = _geometry("AvgPool", x.shape[1:3], ksize, strides, (1, 1), padding, ())
    xp = _pad(x, pads)
    out = _tap(xp, 0, 0, oh, ow, strides).copy()
    for a in range(ksize[0]):
        for b in range(ksize[1]):
            if a or b:
                out += _tap(xp, a, b, oh, ow, strides)
    out /= _avg_counts(x.shape[1:3], ksize, strides, padding, x.dtype)
    return out


@_avg_pool.gradient
def _avg_pool_grad(op, dy):
    attrs = dict(op.attrs, orig_input_shape=tuple(op.inputs[0].shape))
    return [execute(_avg_pool_grad_op, (dy,), attrs)]


@register("AvgPoolGrad")
def _avg_pool_grad_op(dy, orig_input_shape, ksize, strides, padding):
    """Spreads each window's gradient evenly over the real cells it averaged."""
    n, h, w, c = orig_input_shape
    oh, ow, pads = _geometry("AvgPoolGrad", (h, w), ksize, strides, (1, 1), padding, ())
    share = dy / _avg_counts((h, w), ksize, strides, padding, dy.dtype)
    top, bottom, left, right = pads
    dxp = np.zeros((n, h + top + bottom, w + left + right, c), dtype=dy.dtype)
    for a in range(ksize[0]):
        for b in range(ksize[1]):
            _tap(dxp, a, b, oh, ow, strides)[...] += share
    return _crop(dxp, orig_input_shape, pads)


@_avg_pool_grad_op.gradient
def _avg_pool_grad_op_grad(op, ddx):
    attrs = {k: v for k, v in op.attrs.items() if k != "orig_input_shape"}
    return [execute(_avg_pool, (ddx,), attrs)]


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    """Average over ksize windows of an NHWC input (SAME excludes padded cells)."""
    x, attrs = _pool_setup(input, ksize, strides, padding, data_format, "AvgPool", FLOATS)
    return execute(_avg_pool, (x,), attrs)


sigmoid = math_ops.sigmoid
tanh = math_ops.tanh

__all__ = [
    "relu", "relu6", "leaky_relu", "elu", "selu", "gelu", "erf", "softmax", "log_softmax",
    "softmax_cross_entropy_with_logits", "sparse_softmax_cross_entropy_with_logits",
    "sigmoid_cross_entropy_with_logits", "bias_add", "l2_loss", "moments", "dropout", "conv2d",
    "conv2d_backprop_input", "conv2d_backprop_filter", "max_pool2d", "avg_pool2d",
    "sigmoid", "tanh", "silu", "swish",
]

"""``tf.debugging``: assertions on tensor values and shapes.

In eager mode TF's ``assert_*`` functions check at once and return None; a failed check raises
``InvalidArgumentError`` (a value check) or ``ValueError``/``TypeError`` (a static shape or
dtype check), with the user's `message` first, as TF does.
"""

import linecache
import os
import sys

import numpy as np

from ..core import context, dtypes, errors
from ..core.shape import TensorShape
from ..core.tensor import EagerTensor, Tensor, convert_to_tensor
from ..ops.logging_ops import comparison_error as _comparison_error


def _tensor(x, dtype=None):
    return x if type(x) is EagerTensor else convert_to_tensor(x, dtype=dtype)


def _pair(x, y):
    """Converts both like a binary op does: a Python value takes the tensor's dtype."""
    if isinstance(x, Tensor) or hasattr(type(x), "_as_tensor"):
        x = convert_to_tensor(x)
        y = convert_to_tensor(y, dtype_hint=x.dtype)
    else:
        y = convert_to_tensor(y)
        x = convert_to_tensor(x, dtype_hint=y.dtype)
    if x.dtype is not y.dtype:
        raise TypeError(f"x and y must have the same dtype, got {x.dtype!r} != {y.dtype!r}")
    return x, y


def _fail(message, condition, x, y=None, summarize=None):
    """assert_near's error (the other checks word theirs as below)."""
    lines = [] if not message else [str(message)]
    lines.append(f"Condition {condition} did not hold.")
    limit = 3 if summarize is None else summarize
    lines.append(f"x (shape={x.shape}) = {_summary(x, limit)}")
    if y is not None:
        lines.append(f"y (shape={y.shape}) = {_summary(y, limit)}")
    return errors.InvalidArgumentError(None, None, "\n".join(lines))


def _summary(t, limit):
    flat = np.asarray(t._value).reshape(-1)
    if limit is not None and limit >= 0 and flat.size > limit:
        return " ".join(str(v) for v in flat[:limit]) + " ..."
    return " ".join(str(v) for v in flat)


def _sign_error(message, condition, x, summarize):
    """TF's eager error of a failed sign check (assert_positive, ...)."""
    limit = 3 if summarize is None else summarize
    value = np.asarray(x._value)
    if value.ndim == 0:
        shown = str(value[()])
    else:
        flat = value.reshape(-1)
        shown = str([str(v) for v in flat[:limit]] + (["..."] if flat.size > limit else []))
    prefix = f"{message}.  " if message else ""
    return errors.InvalidArgumentError(
        None, None, f"{prefix}\nCondition {condition} did not hold element-wise:\n"
                    f"x (shape={x.shape} dtype={x.dtype.name}) = \n{shown}")


def _elementwise(x, y, test, condition, message, summarize):
    x, y = _pair(x, y)
    if x._value is None or y._value is None:  # symbolic: checked when the function runs
        return None
    try:
        ok = np.all(test(x._value, y._value))
    except ValueError:
        raise ValueError(f"{message + ' ' if message else ''}Shapes {x.shape} and {y.shape} "
                         f"are incompatible") from None
    if not ok:
        raise _comparison_error(message, condition, x, y, test(x._value, y._value), summarize)
    return None


def assert_equal(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.equal, "==", message, summarize)


def assert_none_equal(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.not_equal, "!=", message, summarize)


def assert_greater(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.greater, ">", message, summarize)


def assert_greater_equal(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.greater_equal, ">=", message, summarize)


def assert_less(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.less, "<", message, summarize)


def assert_less_equal(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.less_equal, "<=", message, summarize)


def assert_near(x, y, rtol=None, atol=None, message=None, summarize=None, name=None):
    """``|x - y| <= atol + rtol * |y|`` elementwise; by default 10 * eps of the dtype."""
    x, y = _pair(x, y)
    if x._value is None or y._value is None:
        return None
    eps = np.finfo(x.dtype.as_numpy_dtype).eps if x.dtype.is_floating else 0
    rtol = 10 * eps if rtol is None else rtol
    atol = 10 * eps if atol is None else atol
    ok = np.all(np.abs(x._value - y._value) <= atol + rtol * np.abs(y._value))
    if not ok:
        raise _fail(message, "x and y are near (|x - y| <= atol + rtol * |y|)", x, y, summarize)
    return None


def _sign_check(x, test, condition, message, summarize):
    x = _tensor(x)
    if x._value is not None and not np.all(test(x._value)):
        raise _sign_error(message, condition, x, summarize)
    return None


def assert_positive(x, message=None, summarize=None, name=None):
    return _sign_check(x, lambda v: v > 0, "x > 0", message, summarize)


def assert_negative(x, message=None, summarize=None, name=None):
    return _sign_check(x, lambda v: v < 0, "x < 0", message, summarize)


def assert_non_negative(x, message=None, summarize=None, name=None):
    return _sign_check(x, lambda v: v >= 0, "x >= 0", message, summarize)


def assert_non_positive(x, message=None, summarize=None, name=None):
    return _sign_check(x, lambda v: v <= 0, "x <= 0", message, summarize)


def assert_all_finite(x, message, name=None):
    """`x` itself, after an InvalidArgumentError if it holds a NaN or an infinity (as TF, the
    result can be used in place of `x`, also inside ``tf.function``)."""
    from ..ops.logging_ops import check_numerics
    return check_numerics(x, message)


def assert_rank(x, rank, message=None, name=None):
    """Static check: ValueError when the rank of `x` is not `rank`."""
    x = _tensor(x)
    rank = int(rank)
    actual = x.shape.rank
    if actual is not None and actual != rank:
        prefix = f"{message}.  " if message else ""
        raise ValueError(f"{prefix}Tensor must have rank {rank}.  Received rank {actual}, "
                         f"shape {x.shape}")
    return None


def assert_rank_at_least(x, rank, message=None, name=None):
    x = _tensor(x)
    actual = x.shape.rank
    if actual is not None and actual < int(rank):
        prefix = f"{message}.  " if message else ""
        raise ValueError(f"{prefix}Tensor must have rank at least {int(rank)}.  Received rank "
                         f"{actual}, shape {x.shape}")
    return None


def assert_type(tensor, tf_type, message=None, name=None):
    """TypeError unless `tensor` has dtype `tf_type`."""
    tf_type = dtypes.as_dtype(tf_type)
    dtype = tensor.dtype if hasattr(tensor, "dtype") else _tensor(tensor).dtype
    if dtype is not tf_type:
        prefix = f"{message}  " if message else ""
        raise TypeError(f"{prefix}tensor must be of type {tf_type!r}; got {dtype!r}")
    return None


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    """Checks ``[(tensor, ('N', 'D')), ...]``: named dimensions must agree across tensors,
    integer dimensions must match exactly, ``None``/``'.'`` accept anything; a leading
    ``'*'`` is not supported (basic form only)."""
    items = shapes.items() if isinstance(shapes, dict) else shapes
    sizes = {}
    prefix = f"{message}  " if message else ""
    for tensor, spec in items:
        shape = TensorShape(_tensor(tensor).shape)
        spec = (spec,) if isinstance(spec, (int, str)) else tuple(spec)
        if shape.rank is None:
            continue
        if shape.rank != len(spec):
            raise ValueError(f"{prefix}Specified by tensor {_describe(tensor)} dimension "
                             f"count: rank of tensor is {shape.rank}, but the shape "
                             f"specification {spec} has {len(spec)} dimensions")
        for axis, (want, have) in enumerate(zip(spec, shape, strict=True)):
            if want is None or want == "." or have is None:
                continue
            if isinstance(want, str):
                if want in sizes and sizes[want] != have:
                    raise ValueError(f"{prefix}Specified by tensor {_describe(tensor)} "
                                     f"dimension {axis}.  Tensor shape {shape} must have "
                                     f"dimension {axis} size {sizes[want]} (as '{want}'), "
                                     f"but has {have}")
                sizes[want] = have
            elif int(want) != have:
                raise ValueError(f"{prefix}Specified explicitly.  Tensor {_describe(tensor)} "
                                 f"dimension {axis} must have size {int(want)}; received "
                                 f"shape {shape}")
    return None


def _describe(tensor):
    shape = getattr(tensor, "shape", None)
    return f"with shape {shape}" if shape is not None else repr(tensor)


def is_numeric_tensor(tensor):
    return isinstance(tensor, Tensor) and (tensor.dtype.is_floating or tensor.dtype.is_integer)


# --- tf.debugging.enable_check_numerics: find the op where a NaN or Inf was born -----------------
class _NumericsChecker:
    """Looks at every floating output of every op that runs; the first NaN or Inf raises.

    It listens through an op observer (the same hook ``%%eager`` uses), so it costs nothing
    until it is enabled, and it also sees the ops a tape runs to compute gradients.
    """

    def __init__(self):
        self._observing = None

    @property
    def enabled(self):
        return self._observing is not None

    def enable(self):
        if self._observing is None:
            self._observing = context.observe(self._check, include_variable_reads=False)
            self._observing.__enter__()

    def innermost(self):
        """Re-registers the check after the recorders active now (an %%eager observer, a
        tape), so that they see the failing op before the check raises."""
        if self._observing is not None:
            self.disable()
            self.enable()

    def disable(self):
        if self._observing is not None:
            observing, self._observing = self._observing, None
            observing.__exit__(None, None, None)

    def _check(self, event):
        for slot, out in enumerate(event.outputs):
            value = getattr(out, "_value", None)
            if value is None or not _is_float_array(value) or np.isfinite(value).all():
                continue
            error = errors.InvalidArgumentError(None, None, numerics_message(
                event.name, slot, out, event.inputs, "eagerly-executing",
                (event.filename, event.lineno), num_outputs=len(event.outputs)))
            # For views that mark the op (%%eager's op log, TapeView): which op, which tensor.
            error.numerics_op, error.numerics_output = event.name, out
            raise error


def _is_float_array(value):
    return isinstance(value, np.ndarray) and value.dtype.kind in "fc"


def _input_line(slot, t):
    value = t if isinstance(t, np.ndarray) else getattr(t, "_value", None)
    dtype = dtypes.from_numpy(t.dtype).name if isinstance(t, np.ndarray) else \
        getattr(getattr(t, "dtype", None), "name", type(t).__name__)
    shape = tuple(np.shape(value)) if value is not None else getattr(t, "shape", "?")
    if value is None or not isinstance(value, np.ndarray) or value.size == 0 \
            or value.dtype.kind not in "fciub":
        return f"    {slot}: {dtype} {shape}"
    finite = np.isfinite(value) if value.dtype.kind in "fc" else np.ones(value.shape, bool)
    stats = ""
    if finite.any():
        shown = value[finite].real if value.dtype.kind == "c" else value[finite]
        stats = f"  min {shown.min():.6g}  max {shown.max():.6g}"
    note = "" if finite.all() else \
        f"  ALREADY NON-FINITE: {_counts(value)}"
    return f"    {slot}: {dtype} {shape}{stats}{note}"


def _counts(value):
    parts = []
    nan = int(np.isnan(value).sum())
    neg = int(np.isneginf(value.real).sum()) if value.dtype.kind in "fc" else 0
    pos = int(np.isposinf(value.real).sum()) if value.dtype.kind in "fc" else 0
    for count, label in ((nan, "NaN"), (neg, "-Inf"), (pos, "+Inf")):
        if count:
            parts.append(f"{count} {label}")
    return ", ".join(parts)


def numerics_message(op_name, slot, output, inputs, kind, where=None, num_outputs=None):
    """TF's check-numerics report, plus the user's line and the op's inputs."""
    value = output._value if hasattr(output, "_value") else np.asarray(output)
    num_outputs = num_outputs if num_outputs is not None else 1
    dtype = dtypes.from_numpy(value.dtype) if isinstance(output, np.ndarray) else \
        getattr(output, "dtype", None)
    lines = ["", "", f'!!! Detected Infinity or NaN in output {slot} of {kind} op "{op_name}" '
             f"(# of outputs: {num_outputs}) !!!",
             f"  dtype: {dtype!s}" if dtype is not None else f"  dtype: {value.dtype}",
             f"  shape: {tuple(np.shape(value))}", ""]
    nan = int(np.isnan(value).sum())
    neg = int(np.isneginf(value.real).sum())
    pos = int(np.isposinf(value.real).sum())
    for count, label in ((neg, "-Inf"), (pos, "+Inf"), (nan, "NaN")):
        if count:
            lines.append(f"  # of {label} elements: {count}")
    lines.append("")
    lines.append(f"  Input tensor{'s' if len(inputs) != 1 else ''} ({len(inputs)}):")
    lines.extend(_input_line(i, t) for i, t in enumerate(inputs))
    if where is not None and where[0] is not None:
        filename, lineno = where
        source = linecache.getline(filename, lineno).strip() if lineno else ""
        lines.append("")
        lines.append(f"  In user code: {filename}, line {lineno}"
                     + (f": {source}" if source else ""))
    kinds = [label for count, label in ((nan, "NaN"), (neg + pos, "Inf")) if count]
    lines.append("")
    lines.append(f": Tensor had {' and '.join(kinds)} values")
    return "\n".join(lines)


def _calling_line():
    """(filename, lineno) of the user's code that called the tf.function (generated code
    and eagerbook's own frames skipped)."""
    frame = sys._getframe(2)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not filename.startswith((_PACKAGE_DIR, "<tf.function", "<eagerbook")):
            return filename, frame.f_lineno
        frame = frame.f_back
    return None, None


def check_graph_op(op, outputs, inputs):
    """The check a ``tf.function`` runs after each op (on arrays) while checking is on."""
    for slot, value in enumerate(outputs):
        if not _is_float_array(value) or np.isfinite(value).all():
            continue
        graph_name = getattr(getattr(op, "graph", None), "name", "?")
        message = numerics_message(op.type, slot, value, inputs, "graph",
                                   _calling_line(), num_outputs=len(outputs))
        message = message.replace("\n  dtype:", f"\n  graph op name: {op.name} in "
                                  f"tf.function {graph_name}\n  dtype:", 1)
        error = errors.InvalidArgumentError(None, None, message)
        error.numerics_op = op.type
        raise error


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_checker = _NumericsChecker()


def enable_check_numerics(stack_height_limit=30, path_length_limit=50):
    """From now on (on this thread), the first op whose output holds a NaN or an Inf raises
    ``InvalidArgumentError`` naming the op, the user's line and the op's inputs. Idempotent."""
    _checker.enable()


def disable_check_numerics():
    """Switches the check off again (no effect if it was not on)."""
    _checker.disable()


def check_numerics_enabled():
    return _checker.enabled


def Assert(condition, data, summarize=None, name=None):  # noqa: N802 - TF's public name
    """InvalidArgumentError listing `data` unless `condition` holds (``tf.debugging.Assert``)."""
    if bool(_tensor(condition).numpy()):
        return None
    parts = []
    for item in data:
        value = np.asarray(_tensor(item).numpy())
        if value.ndim == 0:
            parts.append(str(value.item()) if not isinstance(value.item(), bytes)
                         else repr(value.item()))
        else:
            parts.append(", ".join(str(v) for v in value.reshape(-1)[:summarize or 3]))
    raise errors.InvalidArgumentError(None, None, "Expected 'False' to be true. Summarized "
                                                  "data: " + "\n".join(parts))


def assert_integer(x, message=None, name=None):
    """TypeError unless `x` has an integer dtype."""
    dtype = x.dtype if hasattr(x, "dtype") else _tensor(x).dtype
    if not dtype.is_integer:
        prefix = f"{message}  " if message else ""
        raise TypeError(f'{prefix}Expected "x" to be integer type.  Found: tensor of dtype '
                        f"{dtype}")
    return None


def assert_scalar(tensor, message=None, name=None):
    """ValueError unless `tensor` is a scalar."""
    shape = _tensor(tensor).shape
    if shape.rank != 0:
        prefix = f"{message}  " if message else ""
        raise ValueError(f"{prefix}Expected scalar shape, saw shape: {shape}.")
    return None

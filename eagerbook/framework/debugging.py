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
from ..core.tensor import EagerTensor, Tensor, convert_to_tensor
from ..ops.logging_ops import _graph_assert as _assert_op
from ..ops.logging_ops import comparison_error as _comparison_error


def _tensor(x, dtype=None):
    return x if type(x) is EagerTensor else convert_to_tensor(x, dtype=dtype)


def _pair(x, y):
    """Converts both like a binary op does: a Python value takes the tensor's dtype."""
    if isinstance(x, Tensor) or hasattr(type(x), "_as_tensor"):
        x = convert_to_tensor(x)
        y = convert_to_tensor(y, dtype_hint=x.dtype)
    else:
        try:
            y = convert_to_tensor(y)
        except (TypeError, ValueError):
            convert_to_tensor(x)  # (TF converts x first: a value neither converts names x)
            raise
        x = convert_to_tensor(x, dtype_hint=y.dtype)
    if x.dtype is not y.dtype:
        raise TypeError(f"x and y must have the same dtype, got {x.dtype!r} != {y.dtype!r}")
    return x, y


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
    joint = "" if condition == "x <= 0" else "\n"  # (TF's assert_non_positive lacks a comma)
    return errors.InvalidArgumentError(
        None, None, f"{prefix}\nCondition {condition} did not hold element-wise:{joint}"
                    f"x (shape={x.shape} dtype={x.dtype.name}) = \n{shown}")


# --- inside tf.function: decide while tracing when the values are known, else an Assert op ----
def _tracing():
    return not context.executing_eagerly()


def _known(t):
    from ..ops.shape_rules import known_value
    return known_value(t)


def _name(t):
    return getattr(t, "name", None) or "Const:0"


def _static_failure(data):
    """TF's trace-time error of a check whose values are known: the data lines, values as
    NumPy prints them."""
    return errors.InvalidArgumentError(None, None, "\n".join(
        d if isinstance(d, str) else str(np.asarray(d)) for d in data))


# The name scope of each check, where TF converts a Python operand (``y (assert_less/y:0)``);
# tf.debugging.assert_equal converts inside a second scope of the same name.
_SCOPES = {"==": "assert_equal_1", "!=": "assert_none_equal", ">": "assert_greater",
           ">=": "assert_greater_equal", "<": "assert_less", "<=": "assert_less_equal"}


def _operand_name(t, given, label, sym, name):
    """A traced operand's name; a Python value's is the one TF gives it converting it."""
    if isinstance(given, Tensor) or hasattr(type(given), "_as_tensor"):
        return _name(t)
    scopes = "".join(s + "/" for s in context.state.name_scopes)
    return f"{scopes}{name or _SCOPES[sym]}/{label}:0"


def _graph_elementwise(x, y, test, sym, message, summarize, name=None, given=(None, None)):
    from ..ops.shape_rules import known_value
    data = ([] if message is None else [str(message)]) + [
        f"Condition x {sym} y did not hold element-wise:",
        f"x ({_operand_name(x, given[0], 'x', sym, name)}) = ", x,
        f"y ({_operand_name(y, given[1], 'y', sym, name)}) = ", y]
    xv, yv = known_value(x), known_value(y)
    if xv is not None and yv is not None:
        if not np.all(test(xv, yv)):
            raise _static_failure(data[:-3] + [xv, data[-2], yv])
        return None
    return _assert_op(_reduce_all(test, x, y), data, summarize)


def _reduce_all(test, *tensors):
    """The traced condition ``reduce_all(test(x, y))``, built from the matching op."""
    from ..ops import math_ops
    ops = {np.equal: math_ops.equal, np.not_equal: math_ops.not_equal,
           np.greater: math_ops.greater, np.greater_equal: math_ops.greater_equal,
           np.less: math_ops.less, np.less_equal: math_ops.less_equal}
    return math_ops.reduce_all(ops[test](*tensors))


def _elementwise(x, y, test, condition, message, summarize, name=None):
    given = (x, y)
    x, y = _pair(x, y)
    if _tracing():
        return _graph_elementwise(x, y, test, condition, message, summarize, name, given)
    if x._value is None or y._value is None:  # symbolic: checked when the function runs
        return None
    try:
        ok = np.all(test(x._value, y._value))
    except ValueError:  # TF's comparison op fails on shapes that do not broadcast
        shapes = [",".join(map(str, np.shape(v))) for v in (x._value, y._value)]
        raise errors.op_error(errors.InvalidArgumentError, _COMPARISON_OPS[condition],
                              f"Incompatible shapes: [{shapes[0]}] vs. [{shapes[1]}]") \
            from None
    if not ok:
        raise _comparison_error(message, condition, x, y, test(x._value, y._value), summarize)
    return None


_COMPARISON_OPS = {"==": "Equal", "!=": "NotEqual", ">": "Greater", ">=": "GreaterEqual",
                   "<": "Less", "<=": "LessEqual"}


def assert_equal(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.equal, "==", message, summarize, name)


def assert_none_equal(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.not_equal, "!=", message, summarize, name)


def assert_greater(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.greater, ">", message, summarize, name)


def assert_greater_equal(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.greater_equal, ">=", message, summarize, name)


def assert_less(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.less, "<", message, summarize, name)


def assert_less_equal(x, y, message=None, summarize=None, name=None):
    return _elementwise(x, y, np.less_equal, "<=", message, summarize, name)


def assert_near(x, y, rtol=None, atol=None, message=None, summarize=None, name=None):
    """``|x - y| <= atol + rtol * |y|`` elementwise; by default 10 * eps of the dtype."""
    x, y = _pair(x, y)
    eps = np.finfo(x.dtype.as_numpy_dtype).eps if x.dtype.is_floating else 0
    rtol = 10 * eps if rtol is None else rtol
    atol = 10 * eps if atol is None else atol
    if _tracing():  # TF checks near-ness only when the function runs
        return _graph_near(x, y, rtol, atol, message, summarize)
    if x._value is None or y._value is None:
        return None
    ok = np.all(np.abs(x._value - y._value) <= atol + rtol * np.abs(y._value))
    if not ok:  # TF's eager check is an Assert: its data are listed as Assert lists them
        tolerance = x.dtype.real_dtype if x.dtype.is_complex else x.dtype
        rtol, atol = (convert_to_tensor(t, dtype=tolerance) for t in (rtol, atol))
        Assert(convert_to_tensor(False), [
            f"{message}.  " if message else "",
            f"x and y not equal to tolerance rtol = {rtol!s}, atol = {atol!s}",
            f"x (shape={x.shape} dtype={x.dtype.name}) = ", x,
            f"y (shape={y.shape} dtype={y.dtype.name}) = ", y], summarize)
    return None


def _graph_near(x, y, rtol, atol, message, summarize):
    from ..core.tensor import constant
    from ..ops import math_ops
    with context.name_scope("assert_near"):  # (TF makes them under assert_near)
        dtype = x.dtype.real_dtype if x.dtype.is_complex else x.dtype
        rtol, atol = constant(rtol, dtype, name="rtol"), constant(atol, dtype, name="atol")
    data = [f"{message}.  " if message else "",
            f"x and y not equal to tolerance rtol = {_graph_str(rtol)}, "
            f"atol = {_graph_str(atol)}",
            f"x ({_name(x)}) = ", x, f"y ({_name(y)}) = ", y]
    difference = math_ops.abs(x - y)
    condition = math_ops.reduce_all(difference <= atol + rtol * math_ops.abs(y))
    return _assert_op(condition, data, summarize)


def _graph_str(t):
    """How TF's str() shows a traced tensor: ``Tensor("name:0", shape=(), dtype=float32)``."""
    return f'Tensor("{_name(t)}", shape={t.shape}, dtype={t.dtype.name})'


def _sign_check(x, test, condition, message, summarize):
    x = _tensor(x)
    if _tracing():
        return _graph_sign_check(x, test, condition, message, summarize)
    if x._value is not None and not np.all(test(x._value)):
        raise _sign_error(message, condition, x, summarize)
    return None


def _graph_sign_check(x, test, condition, message, summarize):
    """TF's sign check inside a function: the message with ".  " after it (or empty) first."""
    from ..ops.shape_rules import known_value
    data = [f"{message}.  " if message else "",
            f"Condition {condition} did not hold element-wise:", f"x ({_name(x)}) = ", x]
    if condition == "x <= 0":  # TF's data for it joins two of these (a missing comma)
        data[1:3] = [data[1] + data[2]]
    value = known_value(x)
    if value is not None:
        if not np.all(test(value)):
            raise _static_failure(data[:-1] + [value])
        return None
    from ..ops import math_ops
    zero = convert_to_tensor(0, dtype=x.dtype)
    compare = {"x > 0": math_ops.less, "x < 0": math_ops.greater,
               "x >= 0": math_ops.less_equal, "x <= 0": math_ops.greater_equal}[condition]
    return _assert_op(math_ops.reduce_all(compare(zero, x)), data, summarize)


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
    with context.name_scope(name or "VerifyFinite"):  # (TF's node: VerifyFinite/CheckNumerics)
        return check_numerics(x, message)


def assert_rank(x, rank, message=None, name=None):
    """ValueError when the rank of `x` is not `rank` (inside a function, when the rank is
    unknown while tracing, an Assert op checks it as the function runs)."""
    x = _tensor(x)
    if _tracing() and (x.shape.rank is None or _known(_tensor(rank)) is None):
        return _graph_rank(x, rank, "must have rank", message)
    rank = int(_known(_tensor(rank)))
    actual = x.shape.rank
    if actual is not None and actual != rank:
        prefix = f"{message}.  " if message else ""
        raise ValueError(f"{prefix}Tensor {_static_name(x)} must have rank {rank}.  Received "
                         f"rank {actual}, "
                         f"shape {x.shape}")
    return None


def _static_name(x):
    """The tensor's name in a rank error: empty eagerly (TF's double space), else `x:0`."""
    return _name(x) if _tracing() else ""


def _graph_rank(x, rank, words, message):
    """A rank check that waits for the function to run (x's rank or `rank` unknown now)."""
    from ..ops import array_ops, math_ops
    rank = convert_to_tensor(rank, dtype=dtypes.int32)
    actual = array_ops.rank(x)
    test = math_ops.equal if words == "must have rank" else math_ops.greater_equal
    data = [f"{message}.  " if message else "", f"Tensor {_name(x)} {words}", rank,
            "Received shape: ", array_ops.shape(x)]
    return _assert_op(test(actual, rank), data, None)


def assert_rank_at_least(x, rank, message=None, name=None):
    x = _tensor(x)
    if _tracing() and (x.shape.rank is None or _known(_tensor(rank)) is None):
        return _graph_rank(x, rank, "must have rank at least", message)
    rank = int(_known(_tensor(rank)))
    actual = x.shape.rank
    if actual is not None and actual < rank:
        prefix = f"{message}.  " if message else ""
        raise ValueError(f"{prefix}Tensor {_static_name(x)} must have rank at least {rank}.  "
                         f"Received rank "
                         f"{actual}, shape {x.shape}")
    return None


def assert_type(tensor, tf_type, message=None, name=None):
    """TypeError unless `tensor` has dtype `tf_type`."""
    tf_type = dtypes.as_dtype(tf_type)
    dtype = tensor.dtype if hasattr(tensor, "dtype") else _tensor(tensor).dtype
    if dtype is not tf_type:
        prefix = f"{message}.  " if message else ""
        raise TypeError(f"{prefix}tensor must be of type {tf_type!r}; got {dtype!r}")
    return None


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    """Checks ``[(tensor, ('N', 'D')), ...]`` in TF's order: first each tensor's rank (a
    leading ``'*'``/``...`` stands for any number of outer dimensions: rank at least), then
    each dimension: an int must match, a name must agree with the size it first stood for,
    ``None``/``'.'`` accept anything; a scalar counts as one dimension of size 1. Known sizes
    are checked now (ValueError); inside a function an unknown one is checked by an Assert op
    when the function runs."""
    items = shapes.items() if isinstance(shapes, dict) else shapes
    prefix = f"{message}.  " if message else ""
    constraints = []
    for tensor, spec in items:
        if spec is None:
            continue
        tensor = _tensor(tensor)
        if not hasattr(spec, "__iter__") and not hasattr(spec, "__getitem__"):
            raise ValueError(f"{prefix}Tensor {_shape_name(tensor)}.  Specified shape must be "
                             "an iterable.  An iterable has the attribute `__iter__` or "
                             f"`__getitem__`.  Received specified shape: {spec}")
        spec = tuple(spec)
        for i, symbol in enumerate(spec):
            if (symbol is Ellipsis or symbol == "*") and i:
                raise ValueError(f"{prefix}Tensor {_shape_name(tensor)} specified shape index "
                                 f"{i}.  Symbol `...` or `*` for a variable number of "
                                 "unspecified dimensions is only allowed as the first entry")
        outer = bool(spec) and (spec[0] is Ellipsis or spec[0] == "*")
        sizes = (spec[1:] if outer else spec) or (1,)
        constraints.append((tensor, outer, sizes))
    for tensor, outer, sizes in constraints:
        if outer and len(sizes) > 1:
            assert_rank_at_least(tensor, len(sizes), message=message)
        elif not outer and len(sizes) <= 1:
            assert_rank_in(tensor, (0, 1), message=message)
        elif not outer:
            assert_rank(tensor, len(sizes), message=message)
    named = {}  # symbol -> (size: int or traced scalar, the tensor it came from, its dim)
    checks = []
    for tensor, outer, sizes in constraints:
        actual = _dimension_sizes(tensor)
        for i, symbol in enumerate(sizes):
            if symbol is None or symbol == ".":
                continue
            dim = i - len(sizes) if outer else i
            size = actual[dim]
            if _is_int(symbol):
                want, origin = int(symbol), "Specified explicitly"
            elif symbol in named:
                want, source, source_dim = named[symbol]
                origin = f"Specified by tensor {_shape_name(source)} dimension {source_dim}"
            else:
                named[symbol] = (size, tensor, dim)
                continue
            if isinstance(size, int) and isinstance(want, int):
                if size != want:
                    raise ValueError(f"{prefix}{origin}.  Tensor {_shape_name(tensor)} "
                                     f"dimension {dim} must have size {want}.  Received size "
                                     f"{size}, shape {tensor.shape}")
                continue
            checks.append((tensor, dim, size, want, origin))
    ops = [_dim_check(prefix, *check, summarize) for check in checks]
    return ops[-1] if ops else None


def _is_int(symbol):
    try:
        int(symbol)
    except (TypeError, ValueError):
        return False
    return symbol is not None


def _shape_name(tensor):
    """How assert_shapes names a tensor: its shape and dtype eagerly, else its name."""
    if _tracing():
        return _name(tensor)
    return f"shape={tensor.shape} dtype={tensor.dtype.name}"


def _dimension_sizes(tensor):
    """Each dimension's size: an int when known now, else a traced scalar (a scalar has one
    dimension of size 1)."""
    from ..ops import array_ops
    rank = tensor.shape.rank
    if rank == 0:
        return [1]
    dims = tensor.shape.as_list()
    return [d if d is not None else array_ops.shape(tensor)[i] for i, d in enumerate(dims)]


def _dim_check(prefix, tensor, dim, size, want, origin, summarize):
    """An Assert op: dimension `dim` of `tensor` (`size`) must be `want` when the function
    runs."""
    from ..ops import array_ops, math_ops
    size = convert_to_tensor(size, dtype=dtypes.int32)
    want = convert_to_tensor(want, dtype=dtypes.int32)
    data = [prefix, origin, f"Tensor {_name(tensor)} dimension", convert_to_tensor(dim),
            "must have size", want, "Received shape: ", array_ops.shape(tensor)]
    return _assert_op(math_ops.equal(size, want), data, summarize)


def assert_rank_in(x, ranks, data=None, summarize=None, message=None, name=None):
    """ValueError unless the rank of `x` is one of `ranks` (inside a function, when the rank
    is unknown while tracing, an Assert op checks it as the function runs)."""
    from ..ops import array_ops, math_ops
    x = _tensor(x)
    known = [_known(_tensor(r)) for r in ranks]
    if _tracing() and (x.shape.rank is None or any(k is None for k in known)):
        actual = array_ops.rank(x)
        ranks = [convert_to_tensor(r, dtype=dtypes.int32) for r in ranks]
        holds = math_ops.reduce_any(math_ops.equal(actual, array_ops.stack(ranks)))
        data = [f"{message}.  " if message else "", f"Tensor {_name(x)} must have rank in",
                *ranks, "Received shape: ", array_ops.shape(x)]
        return _assert_op(holds, data, summarize)
    ranks = tuple(int(k) for k in known)
    if x.shape.rank is not None and x.shape.rank not in ranks:
        prefix = f"{message}.  " if message else ""
        raise ValueError(f"{prefix}Tensor {_static_name(x)} must have rank in {ranks}.  "
                         f"Received rank {x.shape.rank}, shape {x.shape}")
    return None


def assert_proper_iterable(values):
    """TypeError unless `values` is an iterable of values: a tensor, an array, a string or
    bytes is one value, not an iterable of them."""
    if isinstance(values, (Tensor, np.ndarray, str, bytes)) or \
            hasattr(type(values), "_as_tensor"):
        raise TypeError(f'Expected argument "values" to be a "proper" iterable.  Found: '
                        f"{type(values)}")
    if not hasattr(values, "__iter__"):
        raise TypeError(f'Expected argument "values" to be iterable.  Found: {type(values)}')


def assert_same_float_dtype(tensors=None, dtype=None):
    """The one floating dtype of `tensors` (and `dtype`); ValueError when they differ or it is
    not a floating type. Without either, float32."""
    base = None if dtype is None else dtypes.as_dtype(dtype)
    first = None
    for t in tensors or ():
        if t is None:
            continue
        if base is None:
            base, first = t.dtype, t
        elif t.dtype is not base:
            like = f"as {first!s}" if first is not None else "as expected"
            raise ValueError(f"{t!s}, type={t.dtype}, must be of the same type ({base}) {like}.")
    if base is None:
        return dtypes.float32
    if not base.is_floating:
        raise ValueError(f"Expected floating point type, got {base}.")
    return base


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
    if _tracing():  # an op that checks each time the function runs (TF's, even if known now)
        graph = context.state.graph  # TF's nodes: Assert/Assert, Assert_1/Assert, ...
        scope = name or "Assert"
        if hasattr(graph, "unique_name"):
            prefix = "/".join(context.state.name_scopes)
            scope = graph.unique_name(f"{prefix}/{scope}" if prefix else scope).rsplit("/")[-1]
        with context.name_scope(scope):
            return _assert_op(condition, data, summarize)
    if bool(_tensor(condition).numpy()):
        return None
    parts = []
    for item in data:
        value = np.asarray(_tensor(item).numpy())
        if value.ndim == 0:
            parts.append(str(value.item()) if not isinstance(value.item(), bytes)
                         else repr(value.item()))
        else:
            flat = value.reshape(-1)
            limit = 3 if summarize is None else summarize
            shown = flat if limit < 0 else flat[:limit]
            parts.append(", ".join(str(v) for v in shown)
                         + (", ..." if shown.size < flat.size else ""))
    # TF names the condition as given: 'False', or 'tf.Tensor(False, shape=(), dtype=bool)'
    raise errors.InvalidArgumentError(None, None, f"Expected '{condition!s}' to be true. "
                                                  "Summarized data: " + "\n".join(parts))


def assert_integer(x, message=None, name=None):
    """TypeError unless `x` has an integer dtype."""
    dtype = x.dtype if hasattr(x, "dtype") else _tensor(x).dtype
    if not dtype.is_integer:
        prefix = f"{message}.  " if message else ""
        raise TypeError(f'{prefix}Expected "x" to be integer type.  Found: tensor of dtype '
                        f"{dtype}")
    return None


def assert_scalar(tensor, message=None, name=None):
    """ValueError unless `tensor` is a scalar."""
    shape = _tensor(tensor).shape
    if shape.rank != 0:
        prefix = f"{message}.  " if message else ""
        raise ValueError(f"{prefix}Expected scalar shape, saw shape: {shape}.")
    return None

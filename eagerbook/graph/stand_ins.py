"""Output shapes of an op without a shape rule, found by running its kernel on stand-ins.

While ``tf.function`` traces, an op that declares no ``infer_shape`` rule runs its kernel once
on small stand-in arrays of its inputs' static shapes (Const inputs keep their real values),
unknown dims replaced by a stand-in size. A second run with another size tells which output
dims follow the unknown ones (they become ``None``). Results are cached.

A kernel's own run-time check (``InvalidArgumentError``: an index out of range, ...) failing on
stand-ins says nothing about the real inputs: the run is retried on zeros, then on larger sizes
for unknown dims, and only a failure for any values is TF's graph-time ``ValueError``.
"""

import numpy as np

from ..core import dtypes, errors
from ..core.shape import TensorShape
from ..ops import shape_rules
from .ir import resource, variant

_SHAPE_CACHE = {}
_STAND_IN = (2, 7)  # sizes whose strided slices (x[::2], x[1::3], ...) differ
# Slices: x[:2] has 2 rows at both stand-in sizes, yet min(2, n) rows in general (TF: None;
# x[-1:] and x[:, :1] too, as n may be 0). A third run at size 0 tells such dims apart.
_SIZE_SENSITIVE = frozenset({"StridedSlice", "StridedSliceDynamic"})
_LARGER = 16  # added to a stand-in size a kernel's check refused (each run keeps its own size)
# TF's ops whose inputs broadcast elementwise against each other (its binary cwise ops and
# SelectV2): their traced shape comes from the broadcast rule when a dim is unknown.
_BROADCASTING = frozenset(
    "Add AddV2 Sub Mul Div RealDiv DivNoNan MulNoNan FloorDiv FloorMod TruncateDiv TruncateMod "
    "Mod Pow Maximum Minimum SquaredDifference Atan2 Xdivy Xlogy Xlog1py Zeta Polygamma Igamma "
    "Igammac Complex NextAfter Equal NotEqual Less LessEqual Greater GreaterEqual LogicalAnd "
    "LogicalOr BitwiseAnd BitwiseOr BitwiseXor LeftShift RightShift SelectV2".split())


def run_on_stand_ins(op, inputs, attrs):
    """[(dtype, TensorShape)] for the outputs of `op` (no shape rule) on symbolic `inputs`."""
    consts = [t._op.attrs["value"] if t._op.type == "Const" else None for t in inputs]
    key = None
    try:
        key = (op.name, id(op), tuple((t._dtype.name, t._shape._dims) for t in inputs),
               None if op.elementwise else _constants_key(consts),
               tuple(sorted((k, _hashable(v)) for k, v in attrs.items())) if attrs else ())
        cached = _SHAPE_CACHE.get(key)
        if cached is not None:
            return cached
    except TypeError:
        key = None
    if not op.elementwise and any(c is not None and c.size > 16 for c in consts):
        key = None  # big constants: not worth hashing
    unknown = any(t._shape._dims is None or None in t._shape._dims for t in inputs)
    if unknown and (op.name in _BROADCASTING or op.broadcasts and op.elementwise):
        specs = _broadcast_specs(op, inputs, attrs)
        if specs is not None:
            return specs
    dynamic_ints = any(c is None and (t._dtype.is_integer or t._dtype.is_bool)
                       for t, c in zip(inputs, consts))
    try:
        first = _dummy_run(op, inputs, consts, attrs, _STAND_IN[0], 1)
    except ValueError:
        if op.broadcasts and len(inputs) == 2:
            _refuse_broadcast(op, inputs)
        deferred = _value_dependent_failure(op, inputs, consts, attrs)
        if deferred is None:
            raise
        return deferred
    if unknown or dynamic_ints:
        try:
            second = _dummy_run(op, inputs, consts, attrs, _STAND_IN[1], 2)
        except ValueError:
            try:  # e.g. an index: 2 may be out of range where 0 is not
                second = _dummy_run(op, inputs, consts, attrs, _STAND_IN[1], 0)
            except ValueError:
                second = None
        specs = []
        for i, (d, s) in enumerate(first):
            if second is None or s is None:
                specs.append((d, TensorShape(None)))
                continue
            s2 = second[i][1]
            if s2 is None or len(s2) != len(s):
                specs.append((d, TensorShape(None)))
            else:
                specs.append((d, TensorShape([a if a == b else None for a, b in zip(s, s2)])))
        if unknown and op.name in _SIZE_SENSITIVE:
            specs = _unknown_where_size_zero_differs(op, inputs, consts, attrs, specs)
    else:
        specs = [(d, TensorShape._from_tuple(s)) for d, s in first]
    if op.name == "StridedSliceDynamic":
        specs = _unknown_where_bounds_are_dynamic(attrs["key"], inputs[0], specs)
    if key is not None:
        _SHAPE_CACHE[key] = specs
    return specs


def _refuse_broadcast(op, inputs):
    """Two shapes a binary op cannot broadcast: TF's shape-function error (the first dims
    that clash, counted from the front of the shapes padded to one rank)."""
    a, b = (None if t._shape.rank is None else t._shape.as_list() for t in inputs)
    try:
        shape_rules.broadcast_dims(a, b)
    except shape_rules.ShapeError as exc:
        raise shape_rules.graph_time_error(exc, op.name, inputs[0]._dtype, inputs) from None


def _unknown_where_size_zero_differs(op, inputs, consts, attrs, specs):
    try:
        third = _dummy_run(op, inputs, consts, attrs, 0, 2)
    except ValueError:
        return specs  # fails at size 0 (x[0]): nothing more to learn
    out = []
    for (d, shape), (_, s3) in zip(specs, third):
        dims = shape.as_list() if shape.rank is not None else None
        if dims is not None and s3 is not None and len(s3) == len(dims):
            shape = TensorShape([a if a == b else None for a, b in zip(dims, s3)])
        out.append((d, shape))
    return out


def _unknown_where_bounds_are_dynamic(key, x, specs):
    """``x[y:y + n]`` with y or n known only at run time: that dim is unknown, as in TF (the
    stand-ins give every dynamic index one value, so y and y + n are equal in both runs)."""
    (dtype, shape), = specs
    if x._shape._dims is None or shape.rank is None:
        return specs
    dims = shape.as_list()
    consuming = sum(1 for k in key if k is not None and k is not Ellipsis)
    position = 0  # the output dim the next key entry makes
    for k in key:
        if k is Ellipsis:
            position += len(x._shape._dims) - consuming
        elif k is None:  # tf.newaxis
            position += 1
        elif isinstance(k, slice):
            if any(isinstance(b, tuple) for b in (k.start, k.stop, k.step)):
                dims[position] = None
            position += 1
        # an index (known or not) removes its dim
    return [(dtype, TensorShape(dims))]


def _broadcast_specs(op, inputs, attrs):
    """An elementwise op whose inputs broadcast, with unknown dims: TF's broadcast shape rule
    (stand-in sizes cannot stand for an unknown dim facing a known one). Per aligned dim, a
    known size above 1 wins (the unknown one must be 1 or equal to it); an unknown dim facing
    only 1s or unknowns stays unknown. None when known sizes clash (the kernel run words it)."""
    ranks = [t._shape._dims for t in inputs]
    dtype_run = [np.full((1,) * len(d or ()), b"1", dtype=object) if t._dtype is dtypes.string
                 else np.ones((1,) * len(d or ()), dtype=t._dtype._np)
                 for t, d in zip(inputs, ranks)]
    with np.errstate(all="ignore"):
        out = op.kernel(*dtype_run, **attrs)
    dtype = dtypes.from_numpy(np.asarray(out).dtype)
    if any(d is None for d in ranks):
        return [(dtype, TensorShape(None))]
    rank = max(len(d) for d in ranks)
    shape = []
    for column in zip(*[(1,) * (rank - len(d)) + tuple(d) for d in ranks]):
        known = {d for d in column if d is not None and d != 1}
        if len(known) > 1:
            return None
        shape.append(known.pop() if known else None if None in column else 1)
    return [(dtype, TensorShape(shape))]


def _value_dependent_failure(op, inputs, consts, attrs):
    """When an op fails on its constant inputs' values (``tf.gather(x, [1])`` on a length-1
    x) but not on their shapes, TF's shape inference does not see it: the op fails only if
    it runs, and pruning may drop it (an unused failing op never runs). Returns the output
    specs from a run with those constants zeroed, or None if the shapes alone fail."""
    if all(c is None for c in consts):
        return None
    try:
        first = _dummy_run(op, inputs, [None] * len(consts), attrs, _STAND_IN[0], 0)
    except ValueError:
        return None
    return [(d, TensorShape._from_tuple(s)) for d, s in first]


def _constants_key(consts):
    """The small constant inputs' values, which may decide an output shape (a Reshape's
    shape, a Slice's size). An elementwise op's output follows its inputs' dtypes and shapes
    only: its key leaves the values out, so ``x + 1.0`` and ``x + 2.0`` share one run."""
    return tuple(None if c is None or c.size > 16 else (c.dtype.str, c.tobytes(), c.shape)
                 for c in consts)


def _hashable(v):
    if isinstance(v, np.ndarray):
        return (v.dtype.str, v.shape, v.tobytes())
    if isinstance(v, (list, dict, set)):
        raise TypeError
    hash(v)
    return v


def _stand_in_array(t, size, fill):
    dtype = t._dtype
    dims = t._shape._dims
    if dims is None:
        # Unknown rank: rank 1 in the first run, 2 in the second, so an output whose rank
        # follows the input's comes out with unknown rank too (TF's shape=<unknown>).
        dims = (None,) * (1 if size == _STAND_IN[0] else 2)
    shape = tuple(size if d is None else d for d in dims)
    if dtype is dtypes.string:
        return np.full(shape, b"", dtype=object)
    if dtype is resource or dtype is variant:
        raise TypeError("resource/variant inputs need an infer_shape rule")
    return np.full(shape, fill, dtype=dtype._np)


def _dummy_run(op, inputs, consts, attrs, size, fill):
    arrays = [c if c is not None else _stand_in_array(t, size, fill)
              for t, c in zip(inputs, consts)]
    try:
        with np.errstate(all="ignore"):
            out = op.kernel(*arrays, **attrs)
    except errors.OpError as exc:  # a kernel's run-time check (an index out of range, ...)
        if fill or any(c is not None for c in consts):  # on stand-in values: retry on zeros
            return _dummy_run(op, inputs, [None] * len(consts), attrs, size, 0)
        if size < _LARGER and any(t._shape._dims is None or None in t._shape._dims
                                  for t in inputs):  # on a stand-in size: retry larger ones
            return _dummy_run(op, inputs, consts, attrs, size + _LARGER, 0)
        raise ValueError(errors.kernel_message(exc.message)) from None  # fails for any values
    except (ValueError, IndexError, TypeError, ZeroDivisionError,
            np.linalg.LinAlgError) as exc:
        if size < _LARGER and any(t._shape._dims is None or None in t._shape._dims
                                  for t in inputs):  # too small a stand-in (a mirror pad)
            try:
                return _dummy_run(op, inputs, consts, attrs, size + _LARGER, fill)
            except ValueError:
                pass
        # TF's shape inference rejects such ops while the graph is built, with a ValueError.
        described = ", ".join(f"{t._dtype.name}{t._shape}" for t in inputs)
        raise ValueError(f"{op.name} cannot run on inputs ({described}): {exc}") from None
    if op.num_outputs == 1:
        out = (out,)
    specs = []
    for o in out:
        a = np.asarray(o)
        specs.append((dtypes.from_numpy(a.dtype), a.shape))
    return specs



"""Higher-order ops: ``tf.map_fn``, ``tf.vectorized_map``, ``tf.scan``, ``tf.foldl``/``foldr``,
and the graph-era helpers ``tf.no_op``, ``tf.group``, ``tf.control_dependencies``,
``tf.init_scope`` and ``tf.timestamp``.

TF builds a ``while_loop`` for ``map_fn``; eagerbook unrolls the loop over the first axis in
Python when its length is known (always, eagerly; inside ``tf.function`` when the shape is
static), so each step is ordinary ops that the tape and the tracer already understand. A length
known only when the traced function runs needs a loop in the graph: the graph layer builds it
(``eagerbook/graph/row_loops.py``) and registers its builders in ``UNKNOWN_LENGTH_LOOPS``.
"""

import contextlib
import time

import numpy as np

from ..core import context, dtypes, errors, nest
from ..core.tensor import Tensor, convert_to_tensor
from . import array_ops
from .ragged_ops import RaggedTensor

# "map", "scan", "fold": loops over a length known only when the traced function runs
UNKNOWN_LENGTH_LOOPS = {}


def _leading_length(flat):
    """The rows' count, or None when tracing cannot see it (the loop goes into the graph)."""
    n = None
    for t in flat:
        length = t.nrows_int() if isinstance(t, RaggedTensor) else t.shape[0]
        if length is None:
            if UNKNOWN_LENGTH_LOOPS:  # rows counted when the function runs (ragged too)
                return None
            raise ValueError("eagerbook's map_fn/scan need the length of the first axis to be "
                             "known while tracing (give the input a static shape)")
        if n is not None and length != n:
            raise ValueError(f"Elements must all have the same size along axis 0, got {n} "
                             f"and {length}")
        n = length
    return n


def _elements(elems):
    flat = [e if isinstance(e, RaggedTensor) else convert_to_tensor(e)
            for e in nest.flatten(elems)]
    if not flat:
        raise ValueError("elems must be a Tensor or (possibly nested) sequence of Tensors. "
                         "Got [], which does not contain any Tensors.")
    for t in flat:
        if not isinstance(t, RaggedTensor) and t.ndim == 0:
            raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
    return flat


def _row(flat, elems, i):
    return nest.pack_sequence_as(elems, [t[i] for t in flat])


def _is_ragged_spec(spec):
    return type(spec).__name__ == "RaggedTensorSpec"


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False,
           infer_shape=True, name=None, fn_output_signature=None):
    """Applies `fn` to each slice of `elems` along axis 0 and stacks the results. Without
    `fn_output_signature` (or `dtype`), fn's results must be like the slices of `elems`, in
    nesting and dtype, as TF assumes."""
    if not callable(fn):
        raise TypeError(f"fn must be callable. Received: {fn}")
    signature = fn_output_signature if fn_output_signature is not None else dtype
    return _map(fn, elems, signature, like_elems=signature is None)


def _map(fn, elems, signature, like_elems=False):
    fn = _autograph(fn)
    from .batchable import map_batchable, map_sparse  # (composite elements or results)
    batched = map_batchable(_map_unchecked, fn, elems, signature)
    if batched is None:
        batched = map_sparse(fn, elems, signature)
    if batched is not None:
        return batched
    flat = _elements(elems)
    n = _leading_length(flat)
    if n is None:
        return UNKNOWN_LENGTH_LOOPS["map"](fn, elems, flat, signature)
    results = [fn(_row(flat, elems, i)) for i in range(n)]
    if like_elems and results:
        _check_like_elems(elems, results[0])
    if signature is None:
        structure = results[0] if results else elems
    else:
        structure = signature
    flat_sig = nest.flatten(structure)
    # TF's default output signature is the elements' own: ragged elements give ragged results
    ragged_elems = [isinstance(e, RaggedTensor) for e in nest.flatten(elems)] \
        if signature is None else []
    columns = [[] for _ in flat_sig]
    for r in results:
        for j, v in enumerate(nest.flatten(r)):
            columns[j].append(v)
    out = []
    for j, spec in enumerate(flat_sig):
        col = columns[j]
        want = None
        if signature is not None:
            want = spec if isinstance(spec, dtypes.DType) else getattr(spec, "dtype", None)
            want = None if want is None else dtypes.as_dtype(want)
        if _is_ragged_spec(spec) or any(isinstance(v, RaggedTensor) for v in col) or (
                j < len(ragged_elems) and ragged_elems[j]):
            from .ragged_ops import constant
            if want is None and col:
                want = col[0].dtype if hasattr(col[0], "dtype") else None
            out.append(constant([_as_list(v) for v in col], dtype=want))
            continue
        col = [convert_to_tensor(v, dtype=want) for v in col]
        if not col:
            shape = [0] + ([] if not flat else list(flat[0].shape)[1:])
            out.append(array_ops.zeros(shape, want or flat[0].dtype))
        else:
            out.append(array_ops.stack(col))
    return nest.pack_sequence_as(structure, out)


def _map_unchecked(fn, elems, fn_output_signature=None):
    """map_fn for rows of a batchable value's parts (not like its rows: nothing to check)."""
    return _map(fn, elems, fn_output_signature)


def _check_like_elems(elems, result):
    """TF's errors when fn's result (with no output signature given) is not like `elems`:
    another nesting (ValueError), another dtype (InvalidArgumentError)."""
    error = nest.structure_error(elems, result)
    if error is not None:
        raise error
    pairs = zip(nest.flatten(elems), nest.flatten(result))
    for e, r in pairs:
        if not isinstance(r, Tensor) or getattr(e, "dtype", None) is None:
            continue
        e_dtype, r_dtype = dtypes.as_dtype(e.dtype), r.dtype  # (e: maybe a NumPy array)
        if r_dtype is not e_dtype:
            raise errors.InvalidArgumentError(
                None, None, f"TensorArray dtype is {e_dtype.name} but Op is trying to write "
                            f"dtype {r_dtype.name} ")


def _autograph(fn):
    """`fn` as AutoGraph converts it when a function traced with autograph calls map_fn (TF
    converts map_fn's and vectorized_map's function itself: a lambda from anywhere works)."""
    graph = context.state.graph
    return fn if graph is None or not hasattr(graph, "convert_call") else graph.convert_call(fn)


def _as_list(v):
    if isinstance(v, RaggedTensor):
        return v.to_list()
    return convert_to_tensor(v).numpy().tolist()


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """``map_fn`` by another name (TF vectorizes the loop; the results are the same), whose
    results need not be like `elems`."""
    return _map(fn, elems, None)


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
         swap_memory=False, infer_shape=True, reverse=False, name=None):
    """Running ``acc = fn(acc, x)`` over the slices of `elems`; every acc is kept and stacked."""
    flat = _elements(elems)
    n = _leading_length(flat)
    if n is None:
        return UNKNOWN_LENGTH_LOOPS["scan"](fn, elems, flat, initializer, reverse)
    order = range(n - 1, -1, -1) if reverse else range(n)
    order = list(order)
    if initializer is None:
        acc = _row(flat, elems, order[0])
        order = order[1:]
        kept = [acc]
    else:
        acc = initializer
        kept = []
    for i in order:
        acc = fn(acc, _row(flat, elems, i))
        kept.append(acc)
    if reverse:
        kept.reverse()
    flat_kept = [nest.flatten(a) for a in kept]
    columns = [array_ops.stack([convert_to_tensor(row[j]) for row in flat_kept])
               for j in range(len(flat_kept[0]))]
    return nest.pack_sequence_as(kept[0], columns)


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    """``acc = fn(acc, x)`` over the slices of `elems`, first to last; the last acc."""
    return _fold(fn, elems, initializer, reverse=False)


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    """``acc = fn(acc, x)`` over the slices of `elems`, last to first; the last acc."""
    return _fold(fn, elems, initializer, reverse=True)


def _fold(fn, elems, initializer, reverse):
    flat = _elements(elems)
    n = _leading_length(flat)
    if n is None:
        return UNKNOWN_LENGTH_LOOPS["fold"](fn, elems, flat, initializer, reverse)
    order = list(range(n - 1, -1, -1) if reverse else range(n))
    if initializer is None:
        if not order:
            raise ValueError("elems must be non-empty when no initializer is given")
        acc = _row(flat, elems, order[0])
        order = order[1:]
    else:
        acc = initializer
    for i in order:
        acc = fn(acc, _row(flat, elems, i))
    return acc


# --- graph-era helpers ------------------------------------------------------------------------
def _v1_graph():
    """The TF 1.x graph being built (``with tf.Graph().as_default():``), or None."""
    graph = context.state.graph
    return graph if hasattr(graph, "group") else None


def no_op(name=None):
    """Does nothing (in TF 1.x graphs, an op to hang control dependencies on)."""
    graph = _v1_graph()
    return None if graph is None else graph.group((), name=name or "NoOp")


def group(*inputs, **kwargs):
    """Groups ops so that running the group runs them all; eagerly everything has already run.
    In a TF 1.x graph, a NoOp whose control inputs are `inputs` (fetching it runs them)."""
    graph = _v1_graph()
    return None if graph is None else graph.group(inputs, name=kwargs.get("name"))


@contextlib.contextmanager
def control_dependencies(control_inputs):
    """Ops created inside run after `control_inputs`. Eagerly, and inside ``tf.function`` (which
    keeps side effects in program order automatically, as TF 2's does), this is a no-op."""
    if control_inputs is not None:
        for c in control_inputs:
            if not (c is None or callable(c) or isinstance(c, (Tensor, RaggedTensor))
                    or hasattr(type(c), "_as_tensor") or hasattr(c, "type")):
                raise TypeError(f"Control input must be Operation or Tensor: {c}")
    graph = _v1_graph()
    if graph is None:
        yield
        return
    with graph.control_dependencies(control_inputs):
        yield


@contextlib.contextmanager
def init_scope():
    """Lifts the code inside out of a function being traced, to run eagerly (how TF creates
    variables and reads initial values once, at the first trace)."""
    if context.state.graph is None and not context.state.recorders:
        yield
        return
    with context.building_graph(None):
        yield


def timestamp(name=None):
    """Seconds since the epoch, as a float64 scalar."""
    return convert_to_tensor(np.float64(time.time()))


__all__ = ["control_dependencies", "foldl", "foldr", "group", "init_scope", "map_fn",
           "no_op", "scan", "timestamp", "vectorized_map"]

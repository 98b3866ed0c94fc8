"""``tf.map_fn``, ``tf.scan`` and ``tf.foldl``/``foldr`` over a first axis whose length is known
only when the traced function runs (an ``input_signature`` with ``None``).

The ops layer unrolls these loops in Python when the length is known (``functional_ops.py``).
When it is not, the loop must be part of the graph, as TF builds it: a ``while_loop`` over the
row index that reads row i of each input and writes fn's results to TensorArrays, stacked at
the end. The ops layer cannot import the graph layer, so this module hands it these functions.
"""

from ..core import dtypes, nest
from ..core.tensor import convert_to_tensor
from ..ops import array_ops, functional_ops, math_ops
from .control_flow import while_loop
from .tensor_array import TensorArray


def _row(flat, elems, i):
    return nest.pack_sequence_as(elems, [t[i] for t in flat])


def _count_rows(t):
    """The length of the first axis when the function runs (a RaggedTensor's row count)."""
    return math_ops.cast(t.nrows(), dtypes.int32) if hasattr(t, "nrows") else \
        array_ops.shape(t)[0]


def _dtype_of(spec):
    return spec if isinstance(spec, dtypes.DType) else dtypes.as_dtype(spec.dtype)


def map_rows(fn, elems, flat, signature):
    """``map_fn``: result i = fn(row i), in TensorArrays of the signature's dtypes (by
    default the inputs' own structure and dtypes, as TF assumes)."""
    structure = elems if signature is None else signature
    out_dtypes = ([t.dtype for t in flat] if signature is None
                  else [_dtype_of(s) for s in nest.flatten(signature)])
    n = _count_rows(flat[0])

    def body(i, *arrays):
        results = nest.flatten(fn(_row(flat, elems, i)))
        if len(results) != len(arrays):
            raise ValueError(f"The two structures don't have the same nested structure: fn "
                             f"returned {len(results)} values for a signature of "
                             f"{len(arrays)}. Pass fn_output_signature.")
        return (i + 1,) + tuple(a.write(i, convert_to_tensor(v, dtype=a.dtype))
                                for a, v in zip(arrays, results))

    arrays = tuple(TensorArray(d, size=n) for d in out_dtypes)
    _, *arrays = while_loop(lambda i, *_: i < n, body, (convert_to_tensor(0), *arrays))
    return nest.pack_sequence_as(structure, [a.stack() for a in arrays])


def _accumulate(fn, elems, flat, initializer, reverse, keep):
    """acc = fn(acc, row) over the rows (last to first if `reverse`); with `keep`, every acc
    is written to TensorArrays at its row's position. Returns (last acc, arrays or None)."""
    n = _count_rows(flat[0])
    position = (lambda k: n - 1 - k) if reverse else (lambda k: k)
    first = 0
    if initializer is None:
        acc, first = _row(flat, elems, position(0)), 1
    else:
        acc = nest.map_structure(convert_to_tensor, initializer)
    acc_flat = [convert_to_tensor(a) for a in nest.flatten(acc)]
    arrays = ()
    if keep:
        arrays = tuple(TensorArray(a.dtype, size=n) for a in acc_flat)
        if initializer is None:
            arrays = tuple(ta.write(position(0), a) for ta, a in zip(arrays, acc_flat))
    count = len(acc_flat)

    def body(k, *state):
        current = nest.pack_sequence_as(acc, list(state[:count]))
        new = [convert_to_tensor(v) for v in nest.flatten(fn(current, _row(flat, elems,
                                                                              position(k))))]
        written = tuple(ta.write(position(k), v) for ta, v in zip(state[count:], new))
        return (k + 1, *new, *written)

    _, *state = while_loop(lambda k, *_: k < n, body,
                           (convert_to_tensor(first), *acc_flat, *arrays))
    last = nest.pack_sequence_as(acc, list(state[:count]))
    return last, state[count:] if keep else None


def scan_rows(fn, elems, flat, initializer, reverse):
    """``scan``: every accumulated value, stacked in row order."""
    last, arrays = _accumulate(fn, elems, flat, initializer, reverse, keep=True)
    return nest.pack_sequence_as(last, [a.stack() for a in arrays])


def fold_rows(fn, elems, flat, initializer, reverse):
    """``foldl``/``foldr``: the last accumulated value."""
    return _accumulate(fn, elems, flat, initializer, reverse, keep=False)[0]


functional_ops.UNKNOWN_LENGTH_LOOPS.update(map=map_rows, scan=scan_rows, fold=fold_rows)

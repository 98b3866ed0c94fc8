"""Float sums added up in the order of TF's CPU Sum kernel, so they print TF's last digit.

Floating-point addition is not associative: the same numbers summed in another order round
differently, and from 8 numbers on, a float32 sum in NumPy's (pairwise) order can differ from
TF's in its last printed digit. TF's kernel (Eigen, AVX registers of 8 float32 or 4 float64
"lanes") adds as follows, and this module does the same with a few NumPy calls.

TF first views the input with its size-1 axes dropped and neighbouring axes merged when both
are summed or both kept. Three patterns cover nearly every sum (others keep NumPy's order):

* **Rows** -- (kept, summed), and a sum over all axes as one row. A row is read in blocks of
  4 registers, each register keeping its own running sum; the 4 are added together, then the
  remaining whole registers, then the lanes (halves, quarters, ...), and last the values after
  the last whole register, one by one. (Eigen halves rows longer than 1,024 registers first.)
* **Columns** -- (summed, kept) and (kept, summed, kept). Results are made a register at a
  time. With 16 or more summed rows, a register of results inside one row of the output keeps
  4 running sums (rows 0, 4, 8, ...; rows 1, 5, 9, ...; ...), adds them, then the last rows;
  other results, and all of them below 16 rows, add the rows in order.

Each step is an add that rounds, as TF's (no fused multiply-add). Sums start from +0.0, so an
all-(-0.0) input sums to +0.0, as in TF. TF's Prod kernel multiplies in the same order: every
function here takes `op=np.multiply` for it (products start from 1, nothing to add).

**Only tensors of at most EXACT_SUMS values** take this order. It costs about ten small NumPy
calls per sum, ~4 us, against ~1 us for NumPy's own: on every step of a training loop over a
few thousand values that is a large share (the eager linear fit of BENCHMARKS.md ran 49 %
slower with every sum in TF's order). Small tensors are the ones a guide or a lesson prints;
bigger sums keep NumPy's order and may differ from TF's in the last digit.
tests/test_eigen_sums.py checks the order against a plain Python loop, against sums TF 2.21
printed, and side by side with TF where it is installed.
"""

import functools

import numpy as np

EXACT_SUMS = 1024  # tensors of at most this many values are summed in TF's order
# lanes per register (AVX), for the dtypes whose order is TF's; others: NumPy's order
LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4, np.dtype(np.float16): 8}
# (float16: TF adds halves in registers of 8, each add rounded to half, but adds a register's
# lanes together in float32; only rows and whole sums are modelled for it)
_HALF = np.dtype(np.float16)
MANY_ROWS = 16  # from this many summed rows, columns keep 4 running sums


def sum_as_tf(x, axis, keepdims, op=np.add):
    """x summed over `axis` (a sorted tuple of axes, or None for all) as TF's Sum kernel does:
    in its order for float32/float64 tensors of at most EXACT_SUMS values, else NumPy's.
    (op=np.multiply: the product, as TF's Prod kernel.)"""
    lanes = LANES.get(x.dtype)
    if lanes is None or not 1 < x.size <= EXACT_SUMS:
        total = None
    elif (axis is None or len(axis) == x.ndim) and x.flags.c_contiguous:
        total = one_row_sum(x.reshape(-1), lanes, op)  # the common case: straight to its sum
    else:
        total = _in_tf_order(x, axis, lanes, op)
    if total is None:
        return op.reduce(x, axis=axis, dtype=x.dtype, keepdims=keepdims)
    if keepdims:
        return total.reshape([1 if axis is None or i in axis else d
                              for i, d in enumerate(x.shape)])
    return total.reshape([d for i, d in enumerate(x.shape) if axis is not None and i not in axis])


def tf_view(shape, axis):
    """(pattern, sizes): the axes as TF views them, size-1 axes dropped and neighbours merged
    when both are summed or both kept; pattern[i] says whether axis i is summed."""
    merged = []  # [size, summed?]
    for i, size in enumerate(shape):
        summed = axis is None or i in axis
        if size == 1:
            continue
        if merged and merged[-1][1] == summed:
            merged[-1][0] *= size
        else:
            merged.append([size, summed])
    return tuple(summed for _, summed in merged), tuple(size for size, _ in merged)


def _in_tf_order(x, axis, lanes, op):
    """The sum as an array of the kept axes' size, or None for a pattern of axes TF sums in
    an order not modelled here."""
    pattern, sizes = tf_view(x.shape, axis)
    x = np.ascontiguousarray(x)
    if pattern in ((), (False,)):  # only size-1 axes summed: TF copies the values
        return x.copy()
    if pattern == (True,):
        return one_row_sum(x.reshape(-1), lanes, op)
    if pattern == (False, True):
        return row_sums(x.reshape(sizes), lanes, op)
    if x.dtype == _HALF:
        return None
    if pattern == (True, False):
        return column_sums(x.reshape((1,) + sizes), lanes, op)
    if pattern == (False, True, False):
        return column_sums(x.reshape(sizes), lanes, op)
    return None


def one_row_sum(row, lanes, op=np.add):
    """row_sums of one row (1-D), with as few NumPy calls as the order allows: the common
    case (a sum over all axes) costs 61k instructions here against 85k through row_sums on a
    (1, n) view (1,000 float32; NumPy's own sum: 11k)."""
    n = len(row)
    whole = n // lanes * lanes
    blocks = n // (4 * lanes) * (4 * lanes)
    if blocks:  # the 4 running sums side by side, then the last whole registers
        registers = op.reduce(row[:blocks].reshape(-1, 4 * lanes), axis=0)
        if whole > blocks:
            registers = np.concatenate((registers, row[blocks:whole]))
        acc = op.reduce(registers.reshape(-1, lanes), axis=0)
    elif whole > lanes:
        acc = op.reduce(row[:whole].reshape(-1, lanes), axis=0)
    else:
        acc = row[:lanes] if whole else np.full(1, op.identity, row.dtype)
    if acc.dtype == _HALF:
        acc = _half_lanes_together(acc, op)
    while len(acc) > 1:  # the lanes: halves, then quarters, ...
        acc = op(acc[:len(acc) // 2], acc[len(acc) // 2:])
    if whole < n:  # the last values, one by one (accumulate: a running sum, strictly in order)
        acc = op(op.accumulate(row[whole:])[-1:], acc)
    if op is not np.add or acc[0] != 0:
        return acc
    return acc + row.dtype.type(0)  # (a sum of -0.0s is +0.0)


def _half_lanes_together(acc, op):
    """float16's lanes (the last axis) added as TF adds them: in float32, halves, then
    quarters, ..., rounded to half once at the end."""
    acc = acc.astype(np.float32)
    while acc.shape[-1] > 1:
        half = acc.shape[-1] // 2
        acc = op(acc[..., :half], acc[..., half:])
    return acc.astype(np.float16)


def row_sums(rows, lanes, op=np.add):
    """Each row of a 2-D array (C order, rows of at most 1,024 registers) in Eigen's order."""
    n_rows, n = rows.shape
    whole = n // lanes * lanes
    blocks = n // (4 * lanes) * (4 * lanes)
    if blocks:  # 4 running sums over the blocks (NumPy adds a non-inner axis in order)
        four = op.reduce(rows[:, :blocks].reshape(n_rows, -1, 4 * lanes), axis=1)
        registers = four.reshape(n_rows, 4, lanes)
        if whole > blocks:
            registers = np.concatenate(
                (registers, rows[:, blocks:whole].reshape(n_rows, -1, lanes)), axis=1)
        acc = op.reduce(registers, axis=1)
    elif whole > lanes:
        acc = op.reduce(rows[:, :whole].reshape(n_rows, -1, lanes), axis=1)
    elif whole:
        acc = rows[:, :lanes]
    else:
        acc = np.full((n_rows, 1), op.identity, rows.dtype)
    if acc.dtype == _HALF:
        acc = _half_lanes_together(acc, op)
    while acc.shape[1] > 1:  # the lanes: halves, then quarters, ...
        acc = op(acc[:, :acc.shape[1] // 2], acc[:, acc.shape[1] // 2:])
    total = acc[:, 0]
    if whole < n:  # the last values, one by one
        total = op(op.accumulate(rows[:, whole:], axis=1)[:, -1], total)
    if op is not np.add:
        return total
    return total + rows.dtype.type(0)  # (+0.0 first, as TF starts: a sum of -0.0s is +0.0)


def column_sums(x, lanes, op=np.add):
    """Sums over axis 1 of a 3-D (outer, summed, inner) array (C order), in TF's order."""
    outer, n, inner = x.shape
    start = x.dtype.type(0 if op is np.add else 1)  # (+0.0 first, as TF starts)
    if n < MANY_ROWS:  # NumPy adds the rows one after another (not the innermost axis)
        return op(op.reduce(x, axis=1), start)
    many = n // 4 * 4  # rows 4k + j go to running sum j: viewed as (outer, n/4, 4 * inner)
    four = op.reduce(x[:, :many].reshape(outer, -1, 4 * inner), axis=1)
    parts = np.concatenate([four.reshape(outer, 4, inner), x[:, many:]], axis=1)
    by_four = op.reduce(parts, axis=1)  # ((s0 + s1) + s2) + s3, then the last rows
    in_register = _in_register(outer, inner, lanes)
    if in_register is not None:
        by_four = np.where(in_register, by_four, op.reduce(x, axis=1))  # others in order
    return op(by_four, start)


@functools.lru_cache(maxsize=64)
def _in_register(outer, inner, lanes):
    """Which results TF makes a register at a time with 4 running sums (None: all of them).
    Registers run along the flattened output: one that lies within one row of the output
    takes the 4 sums; the others, and a last partial one, add the rows in order."""
    start = np.arange(outer * inner).reshape(outer, inner) // lanes * lanes
    mask = (start % inner + lanes <= inner) & (start + lanes <= outer * inner)
    return None if mask.all() else mask

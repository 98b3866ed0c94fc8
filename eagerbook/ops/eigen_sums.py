"""Float sums added up in the order of TF's CPU Sum kernel, so they print TF's last digit.

Floating-point addition is not associative: the same numbers summed in another order round
differently, and a float32 sum of a thousand numbers can differ from TF's in its last printed
digit. NumPy sums a row pairwise; TF's kernel (Eigen, AVX registers of 8 float32 or 4 float64
"lanes") does the following, and this module does the same with a few NumPy calls.

TF first views the input with its size-1 axes dropped and neighbouring axes merged when both
are summed or both kept. Three patterns cover nearly every sum (others keep NumPy's order):

* **Rows** -- (kept, summed), and a sum over all axes as one row. A row is read in blocks of
  4 registers, each register keeping its own running sum; the 4 are added together, then the
  remaining whole registers, then the lanes (halves, quarters, ...), and last the values after
  the last whole register, one by one. A row longer than 1,024 registers is summed as two
  halves (split at a register boundary), each halved again as needed, and the halves added.
* **Columns** -- (summed, kept) and (kept, summed, kept). Results are made a register at a
  time. With 16 or more summed rows, a register of results inside one row of the output keeps
  4 running sums (rows 0, 4, 8, ...; rows 1, 5, 9, ...; ...), adds them, then the last rows;
  other results, and all of them below 16 rows, add the rows in order.

Each step is an add that rounds, as TF's (no fused multiply-add). Sums start from +0.0, so an
all-(-0.0) input sums to +0.0, as in TF. tests/test_eigen_sums.py checks the order against a
plain Python loop and, where TensorFlow is installed, against TF.
"""

import functools

import numpy as np

# lanes per register (AVX), for the dtypes whose order is TF's; others: NumPy's order
LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}
LEAF = 1024  # registers in the longest row Eigen sums without halving it
MANY_ROWS = 16  # from this many summed rows, columns keep 4 running sums


def sum_as_tf(x, axis, keepdims):
    """x summed over `axis` (a sorted tuple of axes, or None for all) as TF's Sum kernel does:
    in its order for float32/float64, else NumPy's (exact for integers)."""
    lanes = LANES.get(x.dtype)
    if lanes is None or x.size == 0:
        total = None
    elif 1 < x.size <= lanes * LEAF and (axis is None or len(axis) == x.ndim) \
            and x.flags.c_contiguous:  # the common case, one row: straight to its sum
        total = _one_row_sum(x.reshape(-1), lanes)
    else:
        total = _in_tf_order(x, axis, lanes)
    if total is None:
        return np.add.reduce(x, axis=axis, dtype=x.dtype, keepdims=keepdims)
    if keepdims:
        return total.reshape([1 if axis is None or i in axis else d
                              for i, d in enumerate(x.shape)])
    return total.reshape([d for i, d in enumerate(x.shape) if axis is not None and i not in axis])


def _in_tf_order(x, axis, lanes):
    """The sum as an array of the kept axes' size, or None for a pattern of axes TF sums in
    an order not modelled here."""
    merged = []  # [size, summed?] after TF's view: size-1 axes dropped, neighbours merged
    for i, size in enumerate(x.shape):
        summed = axis is None or i in axis
        if size == 1:
            continue
        if merged and merged[-1][1] == summed:
            merged[-1][0] *= size
        else:
            merged.append([size, summed])
    pattern = tuple(summed for _, summed in merged)
    sizes = tuple(size for size, _ in merged)
    x = np.ascontiguousarray(x)
    if pattern in ((), (False,)):  # only size-1 axes summed: TF copies the values
        return x.copy()
    if pattern == (True,):  # everything summed: one row
        return row_sums(x.reshape(1, -1), lanes)
    if pattern == (False, True):
        return row_sums(x.reshape(sizes), lanes)
    if pattern == (True, False):
        return column_sums(x.reshape((1,) + sizes), lanes)
    if pattern == (False, True, False):
        return column_sums(x.reshape(sizes), lanes)
    return None


def row_sums(rows, lanes, offset=0):
    """Each row of `rows` (2-D, C order) summed as TF sums a row. `offset`: where the first row
    starts in the tensor (Eigen halves a long row at a register boundary counted from there)."""
    n_rows, n = rows.shape
    if n <= lanes * LEAF:
        return _block_sums(rows, lanes)
    if n_rows > 1 and n % lanes:  # rows halved at different places: one at a time
        return np.concatenate([row_sums(rows[i:i + 1], lanes, offset + i * n)
                               for i in range(n_rows)])
    tree = _halvings(offset, 0, n, lanes)
    leaves = {}  # (start, count) -> the rows' sums of that piece, made for equal counts at once
    pieces = _pieces(tree)
    for count in {c for _, c in pieces}:
        starts = [s for s, c in pieces if c == count]
        picked = np.stack([rows[:, s:s + count] for s in starts], axis=1)  # rows, pieces, count
        sums = _block_sums(picked.reshape(-1, count), lanes).reshape(n_rows, len(starts))
        leaves.update(((s, count), sums[:, j]) for j, s in enumerate(starts))
    return _add_halves(tree, leaves)


def _halvings(offset, start, count, lanes):
    """Eigen's halving of the piece (start, count) of a row: a leaf (start, count), or a pair
    (left, right) of halvings, split at the first register boundary past the middle."""
    if count <= lanes * LEAF:
        return (start, count)
    first = offset + start
    half = lanes * -(-(first + -(-count // 2)) // lanes) - offset
    return [_halvings(offset, start, half - start, lanes),
            _halvings(offset, half, start + count - half, lanes)]


def _pieces(tree):
    return [tree] if type(tree) is tuple else _pieces(tree[0]) + _pieces(tree[1])


def _add_halves(tree, leaves):
    if type(tree) is tuple:
        return leaves[tree]
    return _add_halves(tree[0], leaves) + _add_halves(tree[1], leaves)


def _one_row_sum(row, lanes):
    """_block_sums of one row (1-D), with as few NumPy calls as the order allows."""
    n = len(row)
    whole = n // lanes * lanes
    blocks = n // (4 * lanes) * (4 * lanes)
    if blocks:  # the 4 running sums side by side, then the last whole registers
        registers = np.add.reduce(row[:blocks].reshape(-1, 4 * lanes), axis=0)
        if whole > blocks:
            registers = np.concatenate((registers, row[blocks:whole]))
        acc = np.add.reduce(registers.reshape(-1, lanes), axis=0)
    elif whole > lanes:
        acc = np.add.reduce(row[:whole].reshape(-1, lanes), axis=0)
    else:
        acc = row[:lanes] if whole else np.zeros(1, row.dtype)
    while len(acc) > 1:  # the lanes: halves, then quarters, ...
        acc = acc[:len(acc) // 2] + acc[len(acc) // 2:]
    if whole < n:  # the last values, one by one
        acc = np.add.accumulate(row[whole:])[-1:] + acc
    return acc if acc[0] != 0 else acc + row.dtype.type(0)  # (a sum of -0.0s is +0.0)


def _block_sums(rows, lanes):
    """One row (of at most LEAF registers) per row of `rows`, in Eigen's order (see above)."""
    n_rows, n = rows.shape
    whole = n // lanes * lanes
    blocks = n // (4 * lanes) * (4 * lanes)
    if blocks:  # 4 running sums over the blocks, then the last whole registers, in order
        four = add_in_order(rows[:, :blocks].reshape(n_rows, -1, 4 * lanes), axis=1)
        registers = four.reshape(n_rows, 4, lanes)
        if whole > blocks:
            registers = np.concatenate(
                (registers, rows[:, blocks:whole].reshape(n_rows, -1, lanes)), axis=1)
        acc = np.add.reduce(registers, axis=1)
    elif whole > lanes:
        acc = add_in_order(rows[:, :whole].reshape(n_rows, -1, lanes), axis=1)
    elif whole:
        acc = rows[:, :lanes]
    else:
        acc = np.zeros((n_rows, 1), rows.dtype)
    while acc.shape[1] > 1:  # the lanes: halves, then quarters, ...
        acc = acc[:, :acc.shape[1] // 2] + acc[:, acc.shape[1] // 2:]
    total = acc[:, 0]
    if whole < n:  # the last values, one by one (accumulate: a running sum, strictly in order)
        total = np.add.accumulate(rows[:, whole:], axis=1)[:, -1] + total
    if n_rows == 1 and total[0] != 0:  # (a single sum that is not zero: no call)
        return total
    return total + rows.dtype.type(0)  # (+0.0 first, as TF starts: a sum of -0.0s is +0.0)


def column_sums(x, lanes):
    """Sums over axis 1 of a 3-D (outer, summed, inner) array (C order), in TF's order."""
    outer, n, inner = x.shape
    if n < MANY_ROWS:
        return add_in_order(x, axis=1) + x.dtype.type(0)
    many = n // 4 * 4  # rows 4k + j go to running sum j: viewed as (outer, n/4, 4 * inner)
    four = add_in_order(x[:, :many].reshape(outer, -1, 4 * inner), axis=1)
    parts = np.concatenate([four.reshape(outer, 4, inner), x[:, many:]], axis=1)
    by_four = np.add.reduce(parts, axis=1)  # ((s0 + s1) + s2) + s3, then the last rows
    in_register = _in_register(outer, inner, lanes)
    if in_register is not None:
        by_four = np.where(in_register, by_four, add_in_order(x, axis=1))
    return by_four + x.dtype.type(0)


@functools.lru_cache(maxsize=64)
def _in_register(outer, inner, lanes):
    """Which results TF makes a register at a time with 4 running sums (None: all of them).
    Registers run along the flattened output: one that lies within one row of the output
    takes the 4 sums; the others, and a last partial one, add the rows in order."""
    start = np.arange(outer * inner).reshape(outer, inner) // lanes * lanes
    mask = (start % inner + lanes <= inner) & (start + lanes <= outer * inner)
    return None if mask.all() else mask


def add_in_order(a, axis):
    """Sum of `a` over `axis`, adding its slices strictly one after another.

    NumPy does so over an axis that is not the innermost (over the innermost it adds pairwise).
    Moved to the front (a copy), the summed axis lets NumPy's inner loop run over all the other
    values at once instead of one short row at a time: much faster for big arrays.
    """
    if a.shape[axis] > 8 and a.size >= 1 << 14 and a.shape[-1] < 256 and axis != a.ndim - 1:
        return np.add.reduce(np.ascontiguousarray(np.moveaxis(a, axis, 0)), axis=0)
    return np.add.reduce(a, axis=axis)

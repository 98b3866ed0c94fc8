"""Float sums in the order of TF's CPU Sum kernel (ops/eigen_sums.py).

The order is checked three ways: against a plain Python loop that adds one number at a time in
the order the module's docstring describes; against sums TF 2.21 printed for fixed inputs
(NumPy's pairwise order gives other last digits for them); and, where TensorFlow is installed,
against tf.reduce_sum itself on random shapes.
"""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import eigen_sums
from eagerbook.ops.eigen_sums import EXACT_SUMS, MANY_ROWS, sum_as_tf


# --- the order, one addition at a time -------------------------------------------------------
def loop_row_sum(row, lanes):
    """One row summed by plain float adds (each rounded to the row's dtype)."""
    zero = row.dtype.type(0)
    whole = len(row) // lanes * lanes
    registers = [list(row[i:i + lanes]) for i in range(0, whole, lanes)]
    running = [[zero] * lanes for _ in range(4)]
    blocks = len(registers) // 4 * 4
    for i in range(blocks):  # registers 4k + j go to running sum j
        running[i % 4] = [a + b for a, b in zip(running[i % 4], registers[i])]
    acc = [zero] * lanes
    for j in range(4):
        acc = [a + b for a, b in zip(acc, running[j])]
    for register in registers[blocks:]:
        acc = [a + b for a, b in zip(acc, register)]
    while len(acc) > 1:
        half = len(acc) // 2
        acc = [a + b for a, b in zip(acc[:half], acc[half:])]
    tail = zero
    for value in row[whole:]:
        tail = tail + value
    return tail + acc[0]


def loop_column_sums(x, lanes):
    """(outer, summed, inner) -> (outer, inner) by plain float adds."""
    outer, n, inner = x.shape
    zero = x.dtype.type(0)
    out = np.empty((outer, inner), x.dtype)
    for o in range(outer):
        for c in range(inner):
            start = (o * inner + c) // lanes * lanes  # the register this result is made in
            in_register = start % inner + lanes <= inner and start + lanes <= outer * inner
            if n >= MANY_ROWS and in_register:
                running = [zero] * 4
                many = n // 4 * 4
                for r in range(many):
                    running[r % 4] = running[r % 4] + x[o, r, c]
                total = ((running[0] + running[1]) + running[2]) + running[3]
                for r in range(many, n):
                    total = total + x[o, r, c]
            else:
                total = zero
                for r in range(n):
                    total = total + x[o, r, c]
            out[o, c] = total
    return out


@pytest.mark.parametrize("dtype,lanes", [(np.float32, 8), (np.float64, 4)])
@pytest.mark.parametrize("n", [2, 5, 8, 13, 31, 32, 33, 100, 1000, 1024])
def test_a_row_is_added_in_eigens_order(dtype, lanes, n):
    x = (np.random.default_rng(n).standard_normal(n) * 100).astype(dtype)
    assert sum_as_tf(x, None, False) == loop_row_sum(x, lanes)


@pytest.mark.parametrize("dtype,lanes", [(np.float32, 8), (np.float64, 4)])
@pytest.mark.parametrize("shape", [(3, 5), (4, 37), (2, 100), (3, 333)])
def test_each_row_of_a_matrix_is_added_in_eigens_order(dtype, lanes, shape):
    x = (np.random.default_rng(sum(shape)).standard_normal(shape) * 100).astype(dtype)
    expected = [loop_row_sum(row, lanes) for row in x]
    assert sum_as_tf(x, (1,), False).tolist() == expected


@pytest.mark.parametrize("dtype,lanes", [(np.float32, 8), (np.float64, 4)])
@pytest.mark.parametrize("shape,axis,view", [
    ((17, 53), (0,), (1, 17, 53)),  # columns: a last partial register adds in order
    ((15, 16), (0,), (1, 15, 16)),  # fewer than 16 rows: all in order
    ((64, 10), (0,), (1, 64, 10)),
    ((3, 17, 19), (1,), (3, 17, 19)),  # (kept, summed, kept): registers cross output rows
    ((3, 2, 9, 16), (1, 2), (3, 18, 16)),  # neighbouring summed axes merge
    ((5, 1, 40, 3), (2,), (5, 40, 3)),  # size-1 axes are dropped first
])
def test_columns_keep_four_running_sums(dtype, lanes, shape, axis, view):
    x = (np.random.default_rng(sum(shape)).standard_normal(shape) * 100).astype(dtype)
    expected = loop_column_sums(x.reshape(view), lanes)
    np.testing.assert_array_equal(sum_as_tf(x, axis, False).reshape(expected.shape), expected)


def test_bigger_tensors_keep_numpys_order():
    x = (np.random.default_rng(5).standard_normal(EXACT_SUMS + 1) * 100).astype(np.float32)
    assert sum_as_tf(x, None, False) == np.add.reduce(x)
    assert sum_as_tf(x, None, False) != loop_row_sum(x, 8)  # (for this input the orders differ)


# --- TF's own numbers ------------------------------------------------------------------------
def _data(n):  # a fixed float32 sequence whose sums round differently in NumPy's order
    return (np.sin(np.arange(n, dtype=np.float64) * 0.7) * 100).astype(np.float32)


def test_sums_and_means_print_tfs_last_digit():
    # TF 2.21 printed these (NumPy's pairwise order gives 224.71409606933594 for the first,
    # 221.9462432861328 and 3.6700830459594727 for the first column and row)
    assert float(tf.reduce_sum(_data(1000))) == 224.71383666992188
    assert float(tf.reduce_mean(_data(1000))) == 0.22471383213996887
    y = tf.constant(_data(20 * 37).reshape(20, 37))
    assert tf.reduce_sum(y, axis=0)[:3].numpy().tolist() == [
        221.94625854492188, 260.39990234375, 176.38339233398438]
    assert tf.reduce_sum(y, axis=1)[:3].numpy().tolist() == [
        3.670074462890625, 78.37020874023438, 109.15409088134766]


def test_a_broadcast_gradient_is_summed_as_tfs_sum():
    # d(sum(x + b))/db for a scalar b sums the ones... of a gradient: here a real one
    x = tf.constant(_data(1000))
    b = tf.Variable(0.0)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.sin(x) * (x + b))
    grad = tape.gradient(y, b)
    dy = tf.sin(x)  # the gradient reaching `x + b`, summed to b's shape by SumToShapeOf
    assert float(grad) == float(sum_as_tf(dy.numpy(), None, False))


# --- edges ------------------------------------------------------------------------------------
def test_negative_zeros_sum_to_positive_zero_but_are_copied_unsummed():
    minus = -np.zeros(20, np.float32)
    assert np.signbit(sum_as_tf(minus, None, False)) == np.False_  # 0.0 + (-0.0) + ... = 0.0
    assert np.signbit(sum_as_tf(minus.reshape(20, 1), (1,), False)).all()  # no addition made
    assert np.signbit(sum_as_tf(minus.reshape(4, 5), (), False)).all()


def test_other_dtypes_and_empty_arrays_keep_numpys_sum():
    ints = np.arange(12, dtype=np.int32).reshape(3, 4)
    assert sum_as_tf(ints, (0,), False).tolist() == [12, 15, 18, 21]
    assert sum_as_tf(ints, (0,), False).dtype == np.int32
    assert sum_as_tf(np.zeros((0, 3), np.float32), (0,), True).shape == (1, 3)


def test_keepdims_and_all_axes_shapes():
    x = np.ones((2, 3, 4), np.float32)
    assert sum_as_tf(x, None, True).shape == (1, 1, 1)
    assert sum_as_tf(x, (0, 2), True).shape == (1, 3, 1)  # (a pattern NumPy sums)
    assert sum_as_tf(x, (1,), False).shape == (2, 4)


# --- side by side with TF, where it is installed -----------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_random_sums_equal_tfs(dtype):
    real_tf = pytest.importorskip("tensorflow", reason="the side-by-side check needs TensorFlow")
    rng = np.random.default_rng(7)
    for _ in range(40):
        shape = tuple(int(d) for d in rng.integers(1, 10, size=rng.integers(1, 4)))
        axes = tuple(sorted(set(int(a) for a in rng.integers(0, len(shape),
                                                              size=rng.integers(1, 3)))))
        x = (rng.standard_normal(shape) * 100).astype(dtype)
        if eigen_sums._in_tf_order(x, axes, eigen_sums.LANES[x.dtype]) is None:
            continue  # e.g. (summed, kept, summed): NumPy's order, as the module says
        ours = tf.reduce_sum(x, axis=axes).numpy()
        theirs = real_tf.reduce_sum(x, axis=axes).numpy()
        np.testing.assert_array_equal(ours, theirs, err_msg=f"{shape} {axes}")

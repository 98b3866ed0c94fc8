"""Forward values, TF dtype results and error kinds of the math and linalg ops."""

import math

import numpy as np
import pytest

from eagerbook.core import dtypes
from eagerbook.core.errors import InvalidArgumentError
from eagerbook.core.tensor import constant
from eagerbook.ops import linalg_ops, math_ops

m = math_ops
RNG = np.random.default_rng(3)


def close(t, expected, dtype=None, rtol=1e-6, atol=1e-6):
    np.testing.assert_allclose(t.numpy(), expected, rtol=rtol, atol=atol)
    if dtype is not None:
        assert t.dtype == dtype


# --- elementwise functions against NumPy / math ----------------------------------------------
@pytest.mark.parametrize("fn,ref,lo,hi", [
    (m.atan, np.arctan, -5, 5), (m.asin, np.arcsin, -0.99, 0.99), (m.acos, np.arccos, -0.99, 0.99),
    (m.sinh, np.sinh, -3, 3), (m.cosh, np.cosh, -3, 3), (m.asinh, np.arcsinh, -5, 5),
    (m.acosh, np.arccosh, 1, 5), (m.atanh, np.arctanh, -0.99, 0.99),
    (m.square, np.square, -3, 3), (m.softplus, lambda x: np.log1p(np.exp(x)), -10, 10),
])
def test_unary_matches_numpy(fn, ref, lo, hi):
    x = RNG.uniform(lo, hi, (4, 5)).astype(np.float32)
    close(fn(x), ref(x.astype(np.float64)), dtypes.float32, rtol=1e-5, atol=1e-6)


def test_erf_is_accurate_everywhere():
    # (infinities: TF's float64 erf gives NaN, as tests/test_eigen_double.py checks)
    x = np.concatenate([np.linspace(-7, 7, 2001), [0.0, 3.0, -3.0]])
    expected = [math.erf(v) for v in x]
    close(m.erf(x), expected, dtypes.float64, rtol=1e-14, atol=2e-15)
    assert np.isnan(m.erf(np.array([np.nan])).numpy()[0])
    close(m.erf(constant([0.5])), [math.erf(0.5)], dtypes.float32)


def test_softplus_and_log_sigmoid_are_stable():
    x = constant([-1000.0, -20.0, 0.0, 20.0, 1000.0])
    sp = m.softplus(x).numpy()
    assert np.all(np.isfinite(sp))
    np.testing.assert_allclose(sp, [0.0, 2.0611537e-09, np.log(2), 20.0, 1000.0], rtol=1e-6)
    ls = m.log_sigmoid(x).numpy()
    np.testing.assert_allclose(ls, [-1000.0, -20.0, -np.log(2), -2.0611537e-09, 0.0],
                               rtol=1e-6, atol=1e-12)


def test_atan2_quadrants_and_broadcast():
    y = np.array([[1.0, -1.0], [1.0, -1.0]])
    x = np.array([1.0, -1.0])
    close(m.atan2(y, x), np.arctan2(y, x), dtypes.float64)


def test_float_only_ops_reject_integers():
    for fn in (m.erf, m.atan, m.softplus, m.sinh):
        with pytest.raises(InvalidArgumentError, match="int32"):
            fn(constant([1, 2]))
    with pytest.raises(InvalidArgumentError, match="Atan2"):
        m.atan2(constant([1, 2]), constant([1, 2]))


# --- argmax / argmin ----------------------------------------------------------------------------
def test_argmax_argmin_defaults_and_dtypes():
    x = np.array([[1, 9, 3], [7, 2, 7]], dtype=np.int32)
    out = m.argmax(x)  # axis defaults to 0, output int64
    assert out.dtype == dtypes.int64
    np.testing.assert_array_equal(out.numpy(), [1, 0, 1])
    np.testing.assert_array_equal(m.argmax(x, axis=1).numpy(), [1, 0])  # ties: first index
    out = m.argmin(x, axis=-1, output_type=dtypes.int32)
    assert out.dtype == dtypes.int32
    np.testing.assert_array_equal(out.numpy(), [0, 1])
    assert m.argmax(constant([1.0, 5.0, 2.0])).numpy() == 1


def test_argmax_errors():
    with pytest.raises(InvalidArgumentError, match=r"Expected dimension in the range \[-2, 2\)"):
        m.argmax(np.zeros((2, 3)), axis=2)
    with pytest.raises(InvalidArgumentError, match="Reduction axis 0 is empty"):
        m.argmax(np.zeros((0,)))
    with pytest.raises(InvalidArgumentError, match="output_type"):
        m.argmax([1, 2], output_type=dtypes.float32)


# --- sums, counts, statistics ------------------------------------------------------------------
def test_add_n():
    xs = [RNG.standard_normal((2, 3)) for _ in range(3)]
    close(m.add_n(xs), sum(xs), dtypes.float64)
    single = constant([1, 2])
    assert m.add_n([single]) is single
    close(m.add_n([constant([1.0, 2.0]), [3.0, 4.0]]), [4.0, 6.0], dtypes.float32)


def test_add_n_errors():
    with pytest.raises(ValueError, match="at least one"):
        m.add_n([])
    with pytest.raises(InvalidArgumentError, match=r"\[2\] != input 1: \[3\]"):
        m.add_n([np.zeros(2), np.zeros(3)])
    with pytest.raises(InvalidArgumentError, match="AddN"):
        m.add_n([constant([1.0]), constant([1])])


def test_count_nonzero():
    x = np.array([[0, 1, 2], [0, 0, 3]], dtype=np.int32)
    out = m.count_nonzero(x)
    assert out.dtype == dtypes.int64 and out.numpy() == 3
    np.testing.assert_array_equal(m.count_nonzero(x, axis=1).numpy(), [2, 1])
    out = m.count_nonzero(x, axis=0, keepdims=True, dtype=dtypes.int32)
    assert out.dtype == dtypes.int32 and out.shape == (1, 3)
    assert m.count_nonzero(constant([True, False, True])).numpy() == 2


def test_reduce_variance_and_std():
    x = RNG.standard_normal((3, 4)).astype(np.float32)
    close(m.reduce_variance(x), np.var(x), dtypes.float32, rtol=1e-5)
    close(m.reduce_variance(x, axis=1, keepdims=True), np.var(x, axis=1, keepdims=True),
          rtol=1e-5)
    close(m.reduce_std(x, axis=0), np.std(x, axis=0), dtypes.float32, rtol=1e-5)
    with pytest.raises(TypeError, match="real or complex"):
        m.reduce_variance(constant([1, 2, 3]))


def test_reduce_euclidean_norm():
    x = RNG.standard_normal((3, 4))
    close(m.reduce_euclidean_norm(x), np.sqrt(np.sum(x * x)), dtypes.float64)
    close(m.reduce_euclidean_norm(x, axis=[0], keepdims=True),
          np.linalg.norm(x, axis=0, keepdims=True))
    out = m.reduce_euclidean_norm(constant([[3, 4], [6, 8]]), axis=1)
    assert out.dtype == dtypes.int32
    np.testing.assert_array_equal(out.numpy(), [5, 10])


# --- clipping -------------------------------------------------------------------------------------
def test_clip_by_value():
    x = constant([-2.0, 0.5, 3.0])
    close(m.clip_by_value(x, -1.0, 1.0), [-1.0, 0.5, 1.0], dtypes.float32)
    close(m.clip_by_value(x, constant([0.0, 0.0, 0.0]), 2.0), [0.0, 0.5, 2.0])
    ints = m.clip_by_value(constant([1, 5, 9]), 2, 6)
    assert ints.dtype == dtypes.int32
    np.testing.assert_array_equal(ints.numpy(), [2, 5, 6])
    with pytest.raises(ValueError, match="keep t's shape"):
        m.clip_by_value(x, np.zeros((2, 3), np.float32), 1.0)
    with pytest.raises((TypeError, InvalidArgumentError)):
        m.clip_by_value(constant([1, 2]), 0.5, 1.5)


def test_clip_by_norm():
    x = constant([[3.0, 4.0], [0.3, 0.4]])
    close(m.clip_by_norm(x, 1.0), x.numpy() / np.linalg.norm(x.numpy()), dtypes.float32)
    close(m.clip_by_norm(x, 1.0, axes=[1]), [[0.6, 0.8], [0.3, 0.4]])
    close(m.clip_by_norm(np.zeros(3), 1.0), np.zeros(3))  # no division by zero


# --- tensordot / einsum ---------------------------------------------------------------------------
def test_tensordot_matches_numpy():
    a, b = RNG.standard_normal((2, 3, 4)), RNG.standard_normal((4, 3, 5))
    close(linalg_ops.tensordot(a, b, [[1, 2], [1, 0]]), np.tensordot(a, b, [[1, 2], [1, 0]]))
    c = RNG.standard_normal((3, 4, 2))
    close(linalg_ops.tensordot(a, c, 2), np.tensordot(a, c, 2))
    close(linalg_ops.tensordot(a[0, 0], b[0, 0], 0), np.multiply.outer(a[0, 0], b[0, 0]))
    close(linalg_ops.tensordot(a, b, ([-1], [0])), np.tensordot(a, b, ([-1], [0])))


def test_tensordot_errors():
    a, b = np.zeros((2, 3)), np.zeros((4, 5))
    with pytest.raises(InvalidArgumentError,
                       match=r"Matrix size-incompatible: In\[0\]: \[2,3\], In\[1\]: \[4,5\]"):
        linalg_ops.tensordot(a, b, 1)
    with pytest.raises(ValueError, match="at least 0"):
        linalg_ops.tensordot(a, b, -1)
    with pytest.raises(ValueError, match="Different number of contraction axes"):
        linalg_ops.tensordot(a, b, [[0, 1], [0]])
    with pytest.raises(InvalidArgumentError):
        linalg_ops.tensordot(constant([1.0]), constant([1]), 1)


@pytest.mark.parametrize("equation,shapes", [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("bij,bjk->bik", [(2, 2, 3), (2, 3, 4)]),
    ("ij->ji", [(2, 3)]),
    ("ii->i", [(3, 3)]),
    ("ii", [(3, 3)]),
    ("ij,ij->", [(2, 3), (2, 3)]),
    ("i,j", [(2,), (3,)]),
    ("ba,ca", [(2, 3), (4, 3)]),
    ("...ij,...jk->...ik", [(2, 1, 2, 3), (4, 3, 2)]),
    ("i...->i", [(3, 2, 2)]),
    ("i j , j k -> i k", [(2, 3), (3, 2)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
])
def test_einsum_matches_numpy(equation, shapes):
    ops = [RNG.standard_normal(s) for s in shapes]
    # NumPy cannot sum ellipsis axes away ("i...->i"); TF can.
    expected = ops[0].sum(axis=(1, 2)) if equation == "i...->i" else \
        np.einsum(equation.replace(" ", ""), *ops)
    close(m.einsum(equation, *ops), expected, dtypes.float64, rtol=1e-10, atol=1e-10)


def test_einsum_dtypes_and_errors():
    out = m.einsum("i,i->", constant([1, 2]), constant([3, 4]))
    assert out.dtype == dtypes.int32 and out.numpy() == 11
    with pytest.raises(InvalidArgumentError,
                       match="Expected dimension 3 at axis 0 of the input shaped"):
        m.einsum("ij,jk->ik", np.zeros((2, 3)), np.zeros((4, 5)))
    with pytest.raises(ValueError, match="label k not present in the input subscripts"):
        m.einsum("ij->k", np.zeros((2, 3)))
    with pytest.raises(InvalidArgumentError, match="rank"):
        m.einsum("ijk->i", np.zeros((2, 3)))
    with pytest.raises(ValueError, match="names 2 inputs"):
        m.einsum("ij,jk->ik", np.zeros((2, 3)))
    with pytest.raises(InvalidArgumentError, match="Einsum"):
        m.einsum("i,i->", constant([1.0]), constant([1]))


def test_einsum_gradient_of_repeated_subscript_is_a_clear_error():
    from eagerbook.autodiff.tape import GradientTape
    x = constant(np.eye(2))
    with GradientTape() as tape:
        tape.watch(x)
        y = m.einsum("ii->", x)
    with pytest.raises(NotImplementedError, match="repeated subscript"):
        tape.gradient(y, x)


# --- tf.linalg ---------------------------------------------------------------------------------
def test_linalg_basics():
    x = RNG.standard_normal((2, 3, 3))
    close(linalg_ops.matrix_transpose(x), np.swapaxes(x, -1, -2))
    close(linalg_ops.trace(x), np.trace(x, axis1=1, axis2=2))
    close(linalg_ops.diag_part(x), np.diagonal(x, axis1=1, axis2=2))
    close(linalg_ops.det(x), np.linalg.det(x), dtypes.float64, rtol=1e-10)
    close(linalg_ops.inv(x), np.linalg.inv(x), dtypes.float64, rtol=1e-8, atol=1e-8)
    out = linalg_ops.det(constant([[2.0, 0.0], [0.0, 3.0]]))
    assert out.dtype == dtypes.float32 and out.numpy() == 6.0


def test_linalg_errors():
    with pytest.raises(ValueError, match="rank >= 2"):
        linalg_ops.matrix_transpose(constant([1.0, 2.0]))
    with pytest.raises(InvalidArgumentError, match="square"):
        linalg_ops.det(np.zeros((2, 3)))
    with pytest.raises(InvalidArgumentError, match="not invertible"):
        linalg_ops.inv(np.zeros((2, 2)))
    with pytest.raises(InvalidArgumentError, match="int32"):
        linalg_ops.inv(constant([[1, 0], [0, 1]]))


@pytest.mark.parametrize("ord_,axis", [
    ("euclidean", None), ("fro", [0, 1]), (1, None), (np.inf, 1), (3, 0), (2, -1),
    (1, [0, 1]), (np.inf, [0, 1]), ("euclidean", [-2, -1]),
])
def test_norm_matches_numpy(ord_, axis):
    x = RNG.standard_normal((3, 4))
    if axis is None:
        expected = np.linalg.norm(x.ravel(), 2 if ord_ == "euclidean" else ord_)
    else:
        np_ord = {"euclidean": None if isinstance(axis, int) else "fro"}.get(ord_, ord_)
        expected = np.linalg.norm(x, np_ord, axis=tuple(axis) if isinstance(axis, list)
                                  else axis)
    close(linalg_ops.norm(x, ord=ord_, axis=axis), expected, dtypes.float64)


def test_norm_errors():
    with pytest.raises(ValueError, match="supported matrix norm"):
        linalg_ops.norm(np.zeros((2, 2)), ord=3, axis=[0, 1])
    with pytest.raises(ValueError, match="supported vector norm"):
        linalg_ops.norm(np.zeros(2), ord="fro", axis=0)
    with pytest.raises(ValueError, match="'axis'"):
        linalg_ops.norm(np.zeros((2, 2)), axis=[0, 0])

"""The rest of tf.experimental.numpy (eagerbook/api/numpy_more.py): values and dtypes as TF 2.21
gives them, gradients through the composite functions, and the NumPy methods TF's
``experimental_enable_numpy_behavior`` adds to every Tensor."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.api import numpy_api

tnp = tf.experimental.numpy


def _value(x):
    return x.numpy() if hasattr(x, "numpy") else np.asarray(x)


def _same(got, want, dtype):
    assert got.dtype == dtype
    np.testing.assert_allclose(_value(got), want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize(("make", "want", "dtype"), [
    (lambda: tnp.diff(tnp.asarray([1, 4, 9])), [3, 5], tf.int64),
    (lambda: tnp.diff([1, 4, 9, 16], n=2), [2, 2], tf.int64),
    (lambda: tnp.diff(tnp.asarray([True, False, False])), [True, False], tf.bool),
    (lambda: tnp.cross([1, 0, 0], [0, 1, 0]), [0, 0, 1], tf.int64),
    (lambda: tnp.cross([1, 2], [3, 4]), -2, tf.int64),
    (lambda: tnp.cross([1, 2], [3, 4, 5]), [10, -5, -2], tf.int64),
    (lambda: tnp.average(tnp.asarray([1., 2, 3]), weights=[1., 1, 2]), 2.25, tf.float64),
    (lambda: tnp.count_nonzero(tnp.asarray([0, 1, 2])), 2, tf.int64),
    (lambda: tnp.count_nonzero(tnp.eye(3), axis=0), [1, 1, 1], tf.int64),
    (lambda: tnp.real(tnp.asarray([1 + 2j])), [1.], tf.float64),
    (lambda: tnp.imag(tnp.asarray([1 + 2j])), [2.], tf.float64),
    (lambda: tnp.imag(tnp.asarray([1., 2.])), [0., 0.], tf.float64),
    (lambda: tnp.logaddexp(1., 2.), np.logaddexp(1., 2.), tf.float64),
    (lambda: tnp.logaddexp2(1, 1), 2.0, tf.float64),
    (lambda: tnp.hypot(3, 4), 5.0, tf.float64),
    (lambda: tnp.deg2rad(180.), np.pi, tf.float64),
    (lambda: tnp.sinc([0., 0.5, 1.]), np.sinc([0., 0.5, 1.]), tf.float64),
    (lambda: tnp.cbrt(-8.), -2.0, tf.float64),
    (lambda: tnp.kron([1, 10], [[1, 2], [3, 4]]), np.kron([1, 10], [[1, 2], [3, 4]]),
     tf.int64),
    (lambda: tnp.kron(tnp.eye(2), tnp.ones([2, 2])), np.kron(np.eye(2), np.ones([2, 2])),
     tf.float64),
    (lambda: tnp.vander([1, 2, 3]), np.vander([1, 2, 3]), tf.int64),
    (lambda: tnp.polyval([3, 0, 1], tnp.asarray([1., 2.])), [4., 13.], tf.float64),
    (lambda: tnp.polyval([1, 2, 3], 2), 11, tf.int64),
    (lambda: tnp.select([tnp.asarray([True, False])], [tnp.asarray([1, 2])], 9), [1, 9],
     tf.int64),
    (lambda: tnp.take(tnp.arange(5), [7, -1], mode="wrap"), [2, 4], tf.int64),
    (lambda: tnp.take(tnp.arange(5), [7, -1]), [4, 0], tf.int64),
    (lambda: tnp.take(tnp.reshape(tnp.arange(6), [2, 3]), [0, 2], axis=1), [[0, 2], [3, 5]],
     tf.int64),
    (lambda: tnp.take_along_axis(tnp.asarray([[10, 30, 20], [60, 40, 50]]),
                                 tnp.asarray([[0], [1]]), 1), [[10], [40]], tf.int64),
    (lambda: tnp.roll(tnp.reshape(tnp.arange(6), [2, 3]), 1), [[5, 0, 1], [2, 3, 4]], tf.int64),
    (lambda: tnp.roll(tnp.reshape(tnp.arange(6), [2, 3]), 1, axis=1), [[2, 0, 1], [5, 3, 4]],
     tf.int64),
    (lambda: tnp.repeat(tnp.asarray([[1, 2], [3, 4]]), [1, 2], axis=0),
     [[1, 2], [3, 4], [3, 4]], tf.int64),
    (lambda: tnp.repeat(tnp.arange(3), 2), [0, 0, 1, 1, 2, 2], tf.int64),
    (lambda: tnp.rot90(tnp.reshape(tnp.arange(4), [2, 2])), [[1, 3], [0, 2]], tf.int64),
    (lambda: tnp.rot90(tnp.reshape(tnp.arange(4), [2, 2]), 3), [[2, 0], [3, 1]], tf.int64),
    (lambda: tnp.rot90(tnp.reshape(tnp.arange(4), [2, 2]), 2), [[3, 2], [1, 0]], tf.int64),
    (lambda: tnp.fliplr(tnp.eye(2)), [[0., 1.], [1., 0.]], tf.float64),
    (lambda: tnp.pad(tnp.arange(3), [[1, 2]], "reflect"), [1, 0, 1, 2, 1, 0], tf.int64),
    (lambda: tnp.pad(tnp.ones([2]), [[1, 1]], "constant", constant_values=5),
     [5., 1., 1., 5.], tf.float64),
    (lambda: tnp.tri(3), np.tri(3), tf.float64),
    (lambda: tnp.tril(tnp.asarray([[1., 2], [3, 4]])), [[1., 0.], [3., 4.]], tf.float64),
    (lambda: tnp.triu(tnp.ones([3, 3]), 1), np.triu(np.ones([3, 3]), 1), tf.float64),
    (lambda: tnp.diag(tnp.asarray([[1., 2], [3, 4]])), [1., 4.], tf.float64),
    (lambda: tnp.diag(tnp.reshape(tnp.arange(9), [3, 3]), k=1), [1, 5], tf.int64),
    (lambda: tnp.diag([1, 2], k=-1), np.diag([1, 2], k=-1), tf.int64),
    (lambda: tnp.diagflat([1, 2]), [[1, 0], [0, 2]], tf.int64),
    (lambda: tnp.diagonal(tnp.reshape(tnp.arange(8), [2, 2, 2]), 0, 1, 2), [[0, 3], [4, 7]],
     tf.int64),
    (lambda: tnp.trace(tnp.asarray([[1., 2], [3, 4]])), 5.0, tf.float64),
    (lambda: tnp.trace(tnp.reshape(tnp.arange(4), [2, 2])), 3, tf.int64),
    (lambda: tnp.append([1, 2], [[3]]), [1, 2, 3], tf.int64),
    (lambda: tnp.compress([True, False, True], tnp.arange(3)), [0, 2], tf.int64),
    (lambda: tnp.nanmean(tnp.asarray([1., np.nan, 3.])), 2.0, tf.float64),
    (lambda: tnp.nansum([1., np.nan]), 1.0, tf.float64),
    (lambda: tnp.nanprod([2., np.nan]), 2.0, tf.float64),
    (lambda: tnp.ptp(tnp.asarray([[1, 5], [3, 2]]), axis=0), [2, 3], tf.int64),
    (lambda: tnp.gcd(12, 18), 6, tf.int64),
    (lambda: tnp.lcm(tnp.asarray([4, 6]), 10), [20, 30], tf.int64),
    (lambda: tnp.exp2(3), 8.0, tf.float64),
    (lambda: tnp.fabs(-2), 2, tf.int64),
    (lambda: tnp.fix(-2.5), -2.0, tf.float64),
    (lambda: tnp.heaviside([-1., 0, 2], 0.5), [0., 0.5, 1.], tf.float64),
    (lambda: tnp.float_power(2, 3), 8, tf.int64),
    (lambda: tnp.signbit([-0., 1., -2.]), [False, False, True], tf.bool),
    (lambda: tnp.bitwise_and(12, 10), 8, tf.int64),
    (lambda: tnp.bitwise_or([1, 2], [4]), [5, 6], tf.int64),
    (lambda: tnp.bitwise_xor(True, False), True, tf.bool),
    (lambda: tnp.bitwise_not(tnp.asarray([0], tnp.uint8)), [255], tf.uint8),
    (lambda: tnp.angle([1j, -1]), [np.pi / 2, np.pi], tf.float64),
    (lambda: tnp.angle(1 + 1j, deg=True), 45.0, tf.float64),
    (lambda: tnp.conj([1 + 2j]), [1 - 2j], tf.complex128),
    (lambda: tnp.iscomplex([1, 1j]), [False, True], tf.bool),
    (lambda: tnp.isreal([1, 1j]), [True, False], tf.bool),
    (lambda: tnp.isnan(tnp.asarray([1., np.nan])), [False, True], tf.bool),
    (lambda: tnp.isnan([1, 2]), [False, False], tf.bool),
    (lambda: tnp.isfinite(tnp.asarray([1., np.inf])), [True, False], tf.bool),
    (lambda: tnp.isinf(tnp.asarray([1., -np.inf])), [False, True], tf.bool),
    (lambda: tnp.isposinf(tnp.asarray([np.inf, -np.inf])), [True, False], tf.bool),
    (lambda: tnp.isneginf(tnp.asarray([np.inf, -np.inf])), [False, True], tf.bool),
    (lambda: tnp.geomspace(1, 1000, 4), [1., 10., 100., 1000.], tf.float64),
    (lambda: tnp.logspace(0, 2, 3), [1., 10., 100.], tf.float64),
    (lambda: tnp.inner([1, 2], [3, 4]), 11, tf.int64),
    (lambda: tnp.vdot([1j, 2], [1j, 3]), 7 + 0j, tf.complex128),
    (lambda: tnp.arccosh(2.), np.arccosh(2.), tf.float64),
    (lambda: tnp.arcsinh(1), np.arcsinh(1.), tf.float64),
    (lambda: tnp.arctanh(0.5), np.arctanh(0.5), tf.float64),
    (lambda: tnp.dot(tnp.asarray([[1., 2], [3, 4]]), tnp.asarray([[1., 2], [3, 4]])),
     [[7., 10.], [15., 22.]], tf.float64),
    (lambda: tnp.outer([1, 2], [3, 4]), [[3, 4], [6, 8]], tf.int64),
    (lambda: tnp.tensordot(tnp.ones([2, 3]), tnp.ones([3]), 1), [3., 3.], tf.float64),
])
def test_values_and_dtypes_match_tf(make, want, dtype):
    _same(make(), want, dtype)


def test_splits_and_stacks():
    parts = tnp.split(tnp.arange(5), [2, 3])
    assert [p.numpy().tolist() for p in parts] == [[0, 1], [2], [3, 4]]
    assert [p.numpy().tolist() for p in tnp.split(tnp.arange(6), 3)] == [[0, 1], [2, 3], [4, 5]]
    assert [p.shape.as_list() for p in tnp.vsplit(tnp.ones([4, 2]), 2)] == [[2, 2], [2, 2]]
    assert [p.shape.as_list() for p in tnp.hsplit(tnp.arange(4), 2)] == [[2], [2]]
    assert [p.shape.as_list() for p in tnp.dsplit(tnp.ones([1, 1, 4]), [1])] == \
        [[1, 1, 1], [1, 1, 3]]
    with pytest.raises(ValueError, match="equal division"):
        tnp.split(tnp.arange(5), 2)
    assert tnp.dstack([tnp.arange(2), tnp.arange(2)]).shape.as_list() == [1, 2, 2]
    assert tnp.atleast_3d([1, 2]).shape.as_list() == [1, 2, 1]
    assert tnp.atleast_2d(1).shape.as_list() == [1, 1]
    assert [a.shape.as_list() for a in tnp.atleast_1d(1, [2])] == [[1], [1]]
    assert tnp.moveaxis(tnp.ones([2, 3, 4]), 0, -1).shape.as_list() == [3, 4, 2]
    assert tnp.moveaxis(tnp.ones([2, 3, 4]), [0, 1], [-1, -2]).shape.as_list() == [4, 3, 2]
    assert [a.shape.as_list() for a in tnp.broadcast_arrays(tnp.ones([2, 1]), tnp.ones([3]))] \
        == [[2, 3], [2, 3]]


def test_index_helpers_return_what_tf_returns():
    nonzero = tnp.nonzero(tnp.asarray([[0, 3], [4, 0]]))
    assert isinstance(nonzero, list)
    assert [a.numpy().tolist() for a in nonzero] == [[0, 1], [1, 0]]
    assert nonzero[0].dtype == tf.int64
    grid = tnp.ix_([0, 1], [2, 4])
    assert isinstance(grid, list) and [g.shape.as_list() for g in grid] == [[2, 1], [1, 2]]
    rows, cols = tnp.diag_indices(2)
    assert rows.dtype == tf.int32 and cols.numpy().tolist() == [0, 1]
    with pytest.raises(tf.errors.InvalidArgumentError, match="cannot compute Mul"):
        tnp.meshgrid([1, 2], [3., 4, 5], indexing="ij")  # no promotion: TF's Mul refuses
    x_grid, y_grid = tnp.meshgrid([1, 2], [3, 4, 5], indexing="ij")
    assert x_grid.dtype == y_grid.dtype == tf.int64 and x_grid.shape.as_list() == [2, 3]
    average, total = tnp.average(tnp.reshape(tnp.arange(6), [3, 2]), axis=1, weights=[1, 3],
                                 returned=True)
    np.testing.assert_allclose(average.numpy(), [0.75, 2.75, 4.75])
    np.testing.assert_allclose(total.numpy(), [4., 4., 4.])


def test_predicates_and_dtype_names():
    assert tnp.iscomplexobj(1j) and tnp.isrealobj([1.])
    assert tnp.isscalar(3) and tnp.isscalar(tnp.asarray(3)) and not tnp.isscalar([3])
    assert tnp.promote_types(tnp.int32, tnp.float32) == np.float64
    assert tnp.inexact is np.inexact and tnp.object_ is np.object_
    with pytest.raises(ValueError):
        tnp.gcd(1.5, 2)
    quotient, remainder = tnp.divmod(7, 3)
    assert (quotient.numpy(), remainder.numpy()) == (2, 1)


@pytest.mark.parametrize("fn", [
    lambda x: tnp.sinc(x), lambda x: tnp.hypot(x, 2.0), lambda x: tnp.logaddexp(x, 0.5),
    lambda x: tnp.polyval([3.0, -1.0, 2.0], x), lambda x: tnp.kron(x, tnp.asarray([1., 2.])),
    lambda x: tnp.cbrt(x + 3.0), lambda x: tnp.average(x, weights=[1., 2., 3.]),
    lambda x: tnp.cross(x, tnp.asarray([0.5, -1., 2.])), lambda x: tnp.diff(x * x),
    lambda x: tnp.trace(tnp.reshape(tnp.concatenate([x, x, x]), [3, 3])),
])
def test_composite_functions_differentiate(fn):
    x = tf.constant([0.3, -1.2, 2.5], tf.float64)
    theoretical, numerical = tf.test.compute_gradient(fn, [x])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-5, atol=1e-6)


@pytest.fixture
def numpy_behavior():
    tnp.experimental_enable_numpy_behavior()
    yield
    numpy_api._disable_numpy_behavior()


def test_numpy_behavior_adds_tfs_methods(numpy_behavior):
    x = tnp.asarray([[1., 2.], [3., 4.]])
    assert x.size == 4 and isinstance(x.size, np.int64)
    assert x.flatten().numpy().tolist() == [1., 2., 3., 4.]
    assert x.max().numpy() == 4.0 and x.min().numpy() == 1.0
    np.testing.assert_allclose(x.mean(axis=0).numpy(), [2., 3.])
    assert (+x).numpy().tolist() == x.numpy().tolist()


def test_methods_go_away_with_numpy_behavior(numpy_behavior):
    numpy_api._disable_numpy_behavior()
    assert not hasattr(tf.constant([1.]), "flatten")

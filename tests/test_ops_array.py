"""Forward values, TF dtype results and error kinds of the array (shape/creation/index) ops."""

import numpy as np
import pytest

from eagerbook.core import dtypes
from eagerbook.core.errors import InvalidArgumentError
from eagerbook.core.tensor import constant
from eagerbook.ops import array_ops

a = array_ops
RNG = np.random.default_rng(5)


def same(t, expected, dtype=None):
    np.testing.assert_array_equal(t.numpy(), expected)
    if dtype is not None:
        assert t.dtype == dtype, f"{t.dtype} != {dtype}"


# --- creation ----------------------------------------------------------------------------------
def test_zeros_ones_fill():
    same(a.zeros([2, 3]), np.zeros((2, 3)), dtypes.float32)
    same(a.ones(3, dtypes.int32), [1, 1, 1], dtypes.int32)
    same(a.zeros((2,), dtype="bool"), [False, False], dtypes.bool)
    same(a.ones(constant([2, 1])), [[1.0], [1.0]], dtypes.float32)
    same(a.fill([2, 2], 7), [[7, 7], [7, 7]], dtypes.int32)
    same(a.fill([3], 0.5), [0.5] * 3, dtypes.float32)
    assert a.zeros([]).shape == ()
    with pytest.raises(InvalidArgumentError, match="value must represent a scalar"):
        a.fill([2], [1, 2])
    with pytest.raises(InvalidArgumentError, match="Dimension -1"):
        a.zeros([-1, 2])


def test_eye():
    same(a.eye(3), np.eye(3), dtypes.float32)
    same(a.eye(2, 4, dtype=dtypes.int32), np.eye(2, 4), dtypes.int32)
    same(a.eye(3, 2), np.eye(3, 2))
    out = a.eye(2, batch_shape=[3, 1])
    assert out.shape == (3, 1, 2, 2)
    same(out[2, 0], np.eye(2))
    with pytest.raises(InvalidArgumentError):
        a.eye(-1)


def test_matrix_diag_and_diag_part():
    d = np.array([[1, 2], [3, 4]])
    same(a.matrix_diag(d), [np.diag(r) for r in d])
    same(a.matrix_diag([1.0, 2.0], num_rows=3, num_cols=2), np.eye(3, 2) * [1.0, 2.0])
    same(a.matrix_diag_part(np.arange(12).reshape(3, 4)), [0, 5, 10])
    with pytest.raises(InvalidArgumentError, match="at least 2-dim"):
        a.matrix_diag_part([1, 2])


@pytest.mark.parametrize("args,kwargs,expected,dtype", [
    ((5,), {}, np.arange(5), dtypes.int32),
    ((2, 8, 3), {}, [2, 5], dtypes.int32),
    ((10, 1, -3), {}, [10, 7, 4], dtypes.int32),
    ((1.0, 2.0, 0.25), {}, [1.0, 1.25, 1.5, 1.75], dtypes.float32),
    ((3, 5.0), {}, [3.0, 4.0], dtypes.float32),
    ((4,), {"dtype": dtypes.float64}, [0.0, 1.0, 2.0, 3.0], dtypes.float64),
    ((0,), {}, [], dtypes.int32),
    ((3, 3), {}, [], dtypes.int32),
])
def test_range(args, kwargs, expected, dtype):
    same(a.range(*args, **kwargs), np.array(expected), dtype)


def test_range_dtype_inference_uses_the_widest_argument():
    out = a.range(constant(2, dtype=dtypes.int64), 5)
    assert out.dtype == dtypes.int64
    assert a.range(constant(1.0, dtypes.float64), 3).dtype == dtypes.float64
    np.testing.assert_allclose(a.range(0.0, 1.0, 0.1).numpy(),
                               np.cumsum([0.0] + [0.1] * 9, dtype=np.float32))


def test_range_errors():
    with pytest.raises(InvalidArgumentError, match=r"Requires delta != 0: 0 \[Op:Range\]"):
        a.range(0, 5, 0)
    with pytest.raises(InvalidArgumentError, match="Requires start <= limit when delta > 0: 5/1"):
        a.range(5, 1)
    with pytest.raises(InvalidArgumentError, match="Requires start >= limit when delta < 0"):
        a.range(1, 5, -1)
    with pytest.raises(InvalidArgumentError, match="must be a scalar"):
        a.range([1, 2])


def test_linspace():
    out = a.linspace(10.0, 12.0, 3)
    same(out, [10.0, 11.0, 12.0], dtypes.float32)
    np.testing.assert_allclose(a.linspace(0.0, 1.0, 7).numpy(), np.linspace(0, 1, 7), rtol=1e-6)
    assert a.linspace(0.0, 1.0, 7).numpy()[-1] == 1.0  # the end point is exact
    same(a.linspace(1, 5, 3), [1.0, 3.0, 5.0], dtypes.float64)
    same(a.linspace(2.0, 3.0, 1), [2.0])
    assert a.linspace(2.0, 3.0, 0).shape == (0,)
    out = a.linspace([0.0, 10.0], [1.0, 20.0], 3, axis=-1)
    np.testing.assert_allclose(out.numpy(), [[0.0, 0.5, 1.0], [10.0, 15.0, 20.0]])
    assert a.linspace([0.0, 10.0], [1.0, 20.0], 3).shape == (3, 2)
    with pytest.raises(InvalidArgumentError, match="Requires start <= limit when delta > 0: 1/-"):
        a.linspace(0.0, 1.0, -1)


def test_one_hot():
    same(a.one_hot([0, 2, -1, 3], 3), [[1, 0, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]],
         dtypes.float32)
    out = a.one_hot([1, 0], 2, on_value=5, off_value=-1)
    same(out, [[-1, 5], [5, -1]], dtypes.int32)
    same(a.one_hot([1, 0], 3, axis=0), [[0, 1], [1, 0], [0, 0]])
    same(a.one_hot([[1], [2]], 3, dtype=dtypes.int64), [[[0, 1, 0]], [[0, 0, 1]]],
         dtypes.int64)
    same(a.one_hot([0], 2, on_value=True, off_value=False), [[True, False]], dtypes.bool)
    assert a.one_hot([1, 2], 4, dtype=dtypes.float64, on_value=2.0).dtype == dtypes.float64
    with pytest.raises(TypeError, match="does not match"):
        a.one_hot([0], 2, on_value=constant(1), dtype=dtypes.float32)
    with pytest.raises(InvalidArgumentError, match="TI"):
        a.one_hot([0.0], 2)
    with pytest.raises(InvalidArgumentError, match="Expected axis to be -1 or between"):
        a.one_hot([0], 2, axis=3)
    with pytest.raises(InvalidArgumentError, match="depth must be non-negative"):
        a.one_hot([0], -1)


def test_shape_size_rank():
    x = np.zeros((2, 3, 4))
    same(a.shape(x), [2, 3, 4], dtypes.int32)
    same(a.shape(x, out_type=dtypes.int64), [2, 3, 4], dtypes.int64)
    same(a.size(x), 24, dtypes.int32)
    same(a.rank(x), 3, dtypes.int32)
    same(a.shape(constant(1.0)), np.zeros(0, int), dtypes.int32)
    with pytest.raises(InvalidArgumentError, match="out_type"):
        a.shape(x, out_type=dtypes.float32)


# --- shape manipulation ---------------------------------------------------------------------------
def test_reshape_full():
    x = np.arange(12)
    same(a.reshape(x, [3, -1]), x.reshape(3, 4))
    same(a.reshape(x, constant([2, 6])), x.reshape(2, 6))
    same(a.reshape(x, (2, 2, -1)), x.reshape(2, 2, 3))
    with pytest.raises(InvalidArgumentError, match="12 values"):
        a.reshape(x, [5, -1])
    with pytest.raises(InvalidArgumentError, match="Only one input size may be -1"):
        a.reshape(x, [-1, -1])


def test_expand_dims_and_squeeze():
    x = np.zeros((2, 3))
    assert a.expand_dims(x, 0).shape == (1, 2, 3)
    assert a.expand_dims(x, -1).shape == (2, 3, 1)
    assert a.expand_dims(x, 2).shape == (2, 3, 1)
    assert a.expand_dims(x, -3).shape == (1, 2, 3)
    with pytest.raises(InvalidArgumentError, match="Tried to expand dim index 3"):
        a.expand_dims(x, 3)
    y = np.zeros((1, 2, 1, 3, 1))
    assert a.squeeze(y).shape == (2, 3)
    assert a.squeeze(y, [0, -1]).shape == (2, 1, 3)
    assert a.squeeze(y, 2).shape == (1, 2, 3, 1)
    with pytest.raises(InvalidArgumentError, match=r"Can not squeeze dim\[1\]"):
        a.squeeze(y, 1)
    with pytest.raises(InvalidArgumentError, match="Tried to squeeze dim index 5"):
        a.squeeze(y, 5)


def test_concat():
    x, y = np.ones((2, 3), np.float32), np.zeros((2, 1), np.float32)
    same(a.concat([x, y], 1), np.concatenate([x, y], 1), dtypes.float32)
    same(a.concat([x, y], -1), np.concatenate([x, y], -1))
    same(a.concat([x], 0), x)
    same(a.concat([[1, 2], [3]], 0), [1, 2, 3], dtypes.int32)
    with pytest.raises(InvalidArgumentError, match="Dimension 1 in both shapes must be equal"):
        a.concat([x, y], 0)
    with pytest.raises(InvalidArgumentError, match=r"range \[-2, 2\), but got 2"):
        a.concat([x, x], 2)
    with pytest.raises(InvalidArgumentError, match="Ranks of all input tensors should match"):
        a.concat([x, np.ones(3, np.float32)], 0)
    with pytest.raises(InvalidArgumentError, match=r"cannot compute ConcatV2 as input #1\(zero-"
                                                   r"based\) was expected to be a float tensor"):
        a.concat([constant([1.0]), constant([1])], 0)


def test_split():
    x = np.arange(24).reshape(4, 6)
    parts = a.split(x, 3, axis=1)
    assert len(parts) == 3
    for got, want in zip(parts, np.split(x, 3, axis=1)):
        same(got, want)
    parts = a.split(x, [1, -1, 2], axis=-1)
    assert [p.shape for p in parts] == [(4, 1), (4, 3), (4, 2)]
    same(parts[1], x[:, 1:4])
    parts = a.split(x, constant([3, 1]))
    assert [p.shape for p in parts] == [(3, 6), (1, 6)]
    with pytest.raises(InvalidArgumentError, match="evenly divide"):
        a.split(x, 4, axis=1)
    with pytest.raises(InvalidArgumentError, match="Got: 7"):
        a.split(x, [3, 4], axis=1)
    with pytest.raises(InvalidArgumentError, match="only be one -1"):
        a.split(x, [-1, -1], axis=1)


def test_tile():
    x = np.array([[1, 2], [3, 4]])
    same(a.tile(x, [2, 3]), np.tile(x, [2, 3]))
    same(a.tile(x, constant([1, 0])), np.zeros((2, 0)))
    with pytest.raises(InvalidArgumentError, match="vector of length 2 but got length 1"):
        a.tile(x, [2])
    with pytest.raises(InvalidArgumentError, match=r"multiples\[0\] >= 0"):
        a.tile(x, [-1, 1])


@pytest.mark.parametrize("mode", ["CONSTANT", "REFLECT", "SYMMETRIC", "reflect"])
def test_pad_matches_numpy(mode):
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    pads = [[2, 1], [3, 0]] if mode.upper() != "REFLECT" else [[2, 1], [3, 0]]
    np_mode = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}[
        mode.upper()]
    same(a.pad(x, pads, mode), np.pad(x, pads, np_mode), dtypes.float32)


def test_pad_constant_values_and_errors():
    same(a.pad([[1, 2]], [[1, 0], [0, 1]], constant_values=9), [[9, 9, 9], [1, 2, 9]],
         dtypes.int32)
    with pytest.raises(InvalidArgumentError, match="paddings"):
        a.pad(np.zeros((2, 2)), [[1, 1]])
    with pytest.raises(InvalidArgumentError, match="non-negative"):
        a.pad(np.zeros((2, 2)), [[-1, 1], [0, 0]])
    with pytest.raises(InvalidArgumentError, match="less than the dimension size"):
        a.pad(np.zeros((2, 2)), [[2, 0], [0, 0]], "REFLECT")
    same(a.pad(np.arange(2), [[2, 0]], "SYMMETRIC"), [1, 0, 0, 1])
    with pytest.raises(ValueError, match="mode"):
        a.pad(np.zeros((2, 2)), [[1, 1], [1, 1]], "WRAP")


def test_reverse_and_broadcast_to():
    x = np.arange(24).reshape(2, 3, 4)
    same(a.reverse(x, [0, -1]), x[::-1, :, ::-1])
    same(a.reverse(x, constant([1])), x[:, ::-1])
    with pytest.raises(InvalidArgumentError, match="more than once"):
        a.reverse(x, [1, -2])
    with pytest.raises(InvalidArgumentError, match="out of valid range"):
        a.reverse(x, [3])
    same(a.broadcast_to([1, 2, 3], [2, 3]), np.broadcast_to([1, 2, 3], (2, 3)), dtypes.int32)
    same(a.broadcast_to(np.ones((3, 1)), constant([2, 3, 4])), np.ones((2, 3, 4)))
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[3\] vs. \[3,2\]"):
        a.broadcast_to([1, 2, 3], [3, 2])


def test_slice():
    x = np.arange(24).reshape(2, 3, 4)
    same(a.slice(x, [1, 0, 1], [1, -1, 2]), x[1:2, :, 1:3])
    with pytest.raises(InvalidArgumentError, match="Expected size"):
        a.slice(x, [0, 0, 0], [3, 1, 1])


# --- gathering ------------------------------------------------------------------------------------
def test_gather():
    x = np.arange(24).reshape(2, 3, 4)
    same(a.gather(x, [1, 0, 1]), x[[1, 0, 1]])
    same(a.gather(x, [[3, 0]], axis=-1), np.take(x, [[3, 0]], axis=-1))
    same(a.gather(x, constant(2), axis=1), x[:, 2])
    idx = np.array([[2, 0], [1, 1]])
    out = a.gather(x, idx, axis=1, batch_dims=1)
    same(out, np.stack([x[0][[2, 0]], x[1][[1, 1]]]))
    out = a.gather(x, idx, axis=2, batch_dims=-1)
    same(out, np.stack([np.take(x[b], idx[b], axis=1) for b in range(2)]))
    assert a.gather(x, np.int64(1)).dtype == dtypes.int64


def test_gather_errors():
    x = np.arange(6).reshape(2, 3)
    with pytest.raises(InvalidArgumentError, match=r"indices\[1\] = 3 is not in \[0, 3\)"):
        a.gather(x, [0, 3], axis=1)
    with pytest.raises(InvalidArgumentError, match=r"indices\[0\] = -1"):
        a.gather(x, [-1])
    with pytest.raises(InvalidArgumentError, match="attr 'Tindices' of float"):
        a.gather(x, [0.5])
    with pytest.raises(InvalidArgumentError, match="axis in the range"):
        a.gather(x, [0], axis=2)
    with pytest.raises(InvalidArgumentError, match="batch_dims"):
        a.gather(x, [[0]], axis=0, batch_dims=1)


def test_gather_nd_and_scatter_nd():
    x = np.arange(24).reshape(2, 3, 4)
    same(a.gather_nd(x, [[0, 1], [1, 2]]), x[[0, 1], [1, 2]])
    same(a.gather_nd(x, [[1, 2, 3]]), [x[1, 2, 3]])
    same(a.gather_nd(x, [[[1]], [[0]]]), x[[[1], [0]]])
    same(a.gather_nd(x, [[2], [0]], batch_dims=1), np.stack([x[0, 2], x[1, 0]]))
    with pytest.raises(InvalidArgumentError, match="does not index into param shape"):
        a.gather_nd(x, [[2, 0]])
    with pytest.raises(InvalidArgumentError, match="innermost dimension"):
        a.gather_nd(x, [[0, 0, 0, 0]])
    out = a.scatter_nd([[1], [3], [1]], [9.0, 10.0, 1.0], [5])
    same(out, [0.0, 10.0, 0.0, 10.0, 0.0], dtypes.float32)  # duplicates add up
    out = a.scatter_nd([[0, 1]], [[5, 6]], constant([2, 2, 2]))
    same(out, [[[0, 0], [5, 6]], [[0, 0], [0, 0]]], dtypes.int32)
    with pytest.raises(InvalidArgumentError, match=r"Dimensions \[0,1\) of indices"):
        a.scatter_nd([[1]], [1.0, 2.0], [3])


def test_where_and_boolean_mask():
    cond = np.array([[True, False], [False, True], [True, True]])
    same(a.where(cond), np.argwhere(cond), dtypes.int64)
    assert a.where(np.zeros((2, 3), bool)).shape == (0, 2)
    same(a.where(constant([0, 3, 0, 1])), [[1], [3]])
    same(a.where(cond, 1.0, 0.0), cond.astype(np.float32), dtypes.float32)
    same(a.where([True, False], [1, 2], [[10, 20], [30, 40]]), [[1, 20], [1, 40]])
    with pytest.raises(ValueError, match="both be non-None"):
        a.where(cond, 1.0)
    x = np.arange(12).reshape(3, 4)
    same(a.boolean_mask(x, [True, False, True]), x[[True, False, True]])
    same(a.boolean_mask(x, x % 3 == 0), x[x % 3 == 0])
    same(a.boolean_mask(x, [False, True, True, False], axis=1), x[:, [1, 2]])
    with pytest.raises(ValueError, match="incompatible"):
        a.boolean_mask(x, [True, False])
    with pytest.raises(ValueError, match="scalar"):
        a.boolean_mask(x, True)
    same(a.boolean_mask(x, [1, 0, 1]), x[[True, False, True]])  # (TF keeps the non-zero)


def test_existing_ops_still_work():
    x = np.arange(6).reshape(2, 3)
    same(a.transpose(x), x.T)
    same(a.stack([x, x], axis=-1), np.stack([x, x], -1))
    assert [t.shape for t in a.unstack(x, axis=1)] == [(2,)] * 3
    same(a.tensor_getitem(constant(x), (slice(None), -1)), x[:, -1])


def test_matrix_diag_infers_the_missing_size_like_tf():
    assert a.matrix_diag([1.0, 2.0], num_rows=3).shape == (3, 2)
    assert a.matrix_diag([1.0, 2.0], num_cols=4).shape == (2, 4)
    with pytest.raises(InvalidArgumentError, match="should match at least one"):
        a.matrix_diag([1.0, 2.0], num_rows=3, num_cols=3)

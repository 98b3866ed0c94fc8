"""Property tests: broadcasting binary ops and NumPy-style indexing behave exactly as NumPy.

Hypothesis draws shapes that broadcast together, and index expressions made of integers
(negative too), slices with any start/stop/step, ``tf.newaxis`` and ``...``.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from eagerbook.autodiff.tape import GradientTape
from eagerbook.core.errors import InvalidArgumentError
from eagerbook.core.tensor import _from_numpy, constant
from eagerbook.ops import math_ops

m = math_ops
SETTINGS = settings(max_examples=80, deadline=None)

# op, NumPy reference, whether the first operand must be positive
BINARY = {
    "add": (m.add, np.add, False),
    "subtract": (m.subtract, np.subtract, False),
    "multiply": (m.multiply, np.multiply, False),
    "truediv": (m.truediv, np.true_divide, False),
    "maximum": (m.maximum, np.maximum, False),
    "minimum": (m.minimum, np.minimum, False),
    "squared_difference": (m.squared_difference, lambda a, b: (a - b) ** 2, False),
    "pow": (m.pow, np.power, True),
    "atan2": (m.atan2, np.arctan2, False),
}
COMPARISONS = {"less": (m.less, np.less), "greater_equal": (m.greater_equal, np.greater_equal),
               "equal": (m.equal, np.equal)}

shape_pairs = hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=4,
                                                min_side=1, max_side=4)


def _values(draw, shape, positive):
    # (no subnormals: TF's CPU reads them as zeros, which NumPy's functions do not; the
    # kernels' tests cover them, e.g. tests/test_eigen_double.py)
    values = draw(hnp.arrays(np.float64, shape,
                             elements=st.floats(-3, 3, width=64, allow_subnormal=False)))
    if positive:
        values = np.abs(values) + 0.5
    return values


@SETTINGS
@given(data=st.data(), shapes=shape_pairs, name=st.sampled_from(sorted(BINARY)))
def test_binary_ops_broadcast_like_numpy(data, shapes, name):
    op, ref, positive = BINARY[name]
    (sa, sb), result_shape = shapes.input_shapes, shapes.result_shape
    a = _values(data.draw, sa, positive)
    b = _values(data.draw, sb, False)
    if name == "truediv":
        b = np.where(np.abs(b) < 0.1, 1.0, b)
    out = op(constant(a), constant(b))
    assert out.shape == result_shape
    with np.errstate(all="ignore"):
        expected = ref(a, b)
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-12, atol=1e-12)


@SETTINGS
@given(data=st.data(), shapes=shape_pairs, name=st.sampled_from(sorted(BINARY)))
def test_broadcast_gradients_have_the_input_shapes(data, shapes, name):
    op, _, positive = BINARY[name]
    sa, sb = shapes.input_shapes
    a = constant(_values(data.draw, sa, positive))
    b = constant(_values(data.draw, sb, False) + 4.0)  # away from 0 for division and atan2
    with GradientTape() as tape:
        tape.watch([a, b])
        loss = m.reduce_sum(op(a, b))
    ga, gb = tape.gradient(loss, [a, b])
    assert ga.shape == a.shape and gb.shape == b.shape
    if name == "add":  # each input element is counted once per copy broadcasting makes
        result = np.broadcast_shapes(sa, sb)
        np.testing.assert_array_equal(ga.numpy(), np.full(sa, np.prod(result) / max(
            np.prod(sa), 1)))


@SETTINGS
@given(data=st.data(), shapes=shape_pairs, name=st.sampled_from(sorted(COMPARISONS)))
def test_comparisons_broadcast_like_numpy(data, shapes, name):
    op, ref = COMPARISONS[name]
    sa, sb = shapes.input_shapes
    elements = st.integers(-2, 2)
    a = data.draw(hnp.arrays(np.int32, sa, elements=elements))
    b = data.draw(hnp.arrays(np.int32, sb, elements=elements))
    out = op(constant(a), constant(b))
    assert out.dtype.is_bool
    np.testing.assert_array_equal(out.numpy(), ref(a, b))


@SETTINGS
@given(data=st.data(), shape=hnp.array_shapes(min_dims=1, max_dims=4, min_side=2, max_side=4))
def test_incompatible_shapes_are_errors(data, shape):
    axis = data.draw(st.integers(0, len(shape) - 1))
    other = list(shape)
    other[axis] += 1  # neither equal nor 1: cannot broadcast
    with pytest.raises(InvalidArgumentError, match="AddV2"):
        m.add(constant(np.zeros(shape)), constant(np.zeros(other)))


# --- indexing ---------------------------------------------------------------------------------
def _index_parts(draw, shape):
    """One valid NumPy basic index for `shape`: ints, slices, None and at most one `...`.

    Parts before an ellipsis index the leading axes, parts after it the trailing ones.
    """
    rank = len(shape)
    n_explicit = draw(st.integers(0, rank))
    ellipsis_at = draw(st.none() | st.integers(0, n_explicit))
    if ellipsis_at is None:
        axes = list(range(n_explicit))
    else:
        axes = list(range(ellipsis_at)) + list(range(rank - (n_explicit - ellipsis_at), rank))
    parts = []
    for i, axis in enumerate(axes):
        if i == ellipsis_at:
            parts.append(Ellipsis)
        if draw(st.integers(0, 5)) == 0:
            parts.append(None)
        size = shape[axis]
        kind = draw(st.sampled_from(["int", "slice", "slice"])) if size else "slice"
        if kind == "int":
            parts.append(draw(st.integers(-size, size - 1)))
        else:
            bound = st.none() | st.integers(-size - 2, size + 2)
            step = draw(st.none() | st.integers(-3, 3).filter(lambda s: s != 0))
            parts.append(slice(draw(bound), draw(bound), step))
    if ellipsis_at == n_explicit:
        parts.append(Ellipsis)
    if draw(st.booleans()):
        parts.append(None)
    return tuple(parts)


@SETTINGS
@given(data=st.data(), shape=hnp.array_shapes(min_dims=1, max_dims=4, min_side=0, max_side=5))
def test_getitem_matches_numpy(data, shape):
    array = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    key = _index_parts(data.draw, shape)
    expected = array[key]
    got = _from_numpy(array)[key if len(key) != 1 else key[0]]
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got.numpy(), expected)


@SETTINGS
@given(data=st.data(), shape=hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
def test_getitem_gradient_scatters_back(data, shape):
    array = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    key = _index_parts(data.draw, shape)
    x = _from_numpy(array)
    weights = np.random.default_rng(0).standard_normal(array[key].shape)
    with GradientTape() as tape:
        tape.watch(x)
        loss = m.reduce_sum(m.multiply(x[key], _from_numpy(weights)))
    grad = tape.gradient(loss, x)
    expected = np.zeros_like(array)
    expected[key] = weights  # basic indexing never repeats an element
    np.testing.assert_allclose(grad.numpy(), expected)

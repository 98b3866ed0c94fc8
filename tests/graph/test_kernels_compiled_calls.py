"""How compiled code calls the registry's kernels (graph/compile.py): an op whose kernel is a
NumPy ufunc runs that ufunc directly, under the op's name, with the kernel's results."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops.registry import REGISTRY


def _compiled_globals(concrete):
    graph_fn = concrete._fn or concrete._ensure_compiled()
    return graph_fn.__globals__


def test_ufunc_ops_keep_their_names_and_call_the_ufunc():
    @tf.function
    def f(x, y):
        return tf.maximum(x * y + x - y, tf.minimum(x, y))

    x, y = tf.constant([1.0, -2.0, 3.0]), tf.constant([0.5, 4.0, -1.0])
    concrete = f.get_concrete_function(x, y)
    source = concrete.compiled_source
    for name in ("Mul", "AddV2", "Sub", "Maximum", "Minimum"):
        assert f"{name}(" in source, source  # the line a learner reads names the op
        assert _compiled_globals(concrete)[name] is REGISTRY[name].ufunc
    eager = tf.maximum(x * y + x - y, tf.minimum(x, y))
    np.testing.assert_array_equal(f(x, y).numpy(), eager.numpy())


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.int64, np.float16])
def test_ufunc_ops_give_the_kernels_bits_and_dtypes(dtype):
    rng = np.random.default_rng(11)
    a = (rng.standard_normal((4, 5)) * 50).astype(dtype)
    b = (rng.standard_normal(5) * 50).astype(dtype)
    scalar = dtype(3)

    @tf.function
    def f(x, y, s):
        return (x + y) * s - y, s * s + s  # broadcasting, and 0-d operands

    got = f(tf.constant(a), tf.constant(b), tf.constant(scalar))
    with np.errstate(all="ignore"):
        want = ((a + b) * scalar - b, np.asarray(scalar * scalar + scalar))
    for g, w in zip(got, want):
        assert g.dtype.as_numpy_dtype == w.dtype == np.dtype(dtype)
        np.testing.assert_array_equal(g.numpy(), w)


def test_a_shape_error_in_a_ufunc_op_names_its_node():
    @tf.function
    def f(x, y):
        return x + y

    spec = tf.TensorSpec([None], tf.float32)
    concrete = f.get_concrete_function(spec, spec)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        concrete(tf.ones([3]), tf.ones([4]))
    assert "could not be broadcast" in str(info.value) and "{{node add}}" in str(info.value)

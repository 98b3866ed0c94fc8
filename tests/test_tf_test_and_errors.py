"""tf.test (TestCase, compute_gradient, build queries), tf.realdiv, TF's broadcasting error and
the TypeError for a tensor leaked out of a finished tf.function (expected values from TF 2.21)."""

import unittest

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import framed


def _run_case(case_class):
    """Runs a tf.test.TestCase class; returns {test name: failure text or None}."""
    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(case_class).run(result)
    out = {t.id().rsplit(".", 1)[1]: None for t in
           unittest.defaultTestLoader.loadTestsFromTestCase(case_class)}
    for test, text in result.failures + result.errors:
        out[test.id().rsplit(".", 1)[1]] = text
    for test, reason in result.skipped:
        out[test.id().rsplit(".", 1)[1]] = "skipped: " + reason
    return out


def test_compute_gradient_matches_tf():
    @tf.function
    def square(x):
        return x * x

    theoretical, numerical = tf.test.compute_gradient(square, [1.0])
    assert repr(theoretical) == "(array([[2.]], dtype=float32),)"
    assert repr(numerical) == "(array([[2.]], dtype=float32),)"
    theoretical, numerical = tf.test.compute_gradient(
        lambda a, b: a * b, [tf.constant([1., 2.]), tf.constant([3., 4.])])
    np.testing.assert_array_equal(theoretical[0], [[3., 0.], [0., 4.]])
    np.testing.assert_array_equal(theoretical[1], [[1., 0.], [0., 2.]])
    np.testing.assert_array_equal(numerical[1], [[1., 0.], [0., 2.]])
    theoretical, numerical = tf.test.compute_gradient(
        tf.reduce_sum, [tf.constant([1., 2.], tf.float64)])
    assert repr(theoretical) == "(array([[1., 1.]]),)" == repr(numerical)
    with pytest.raises(ValueError, match="`x` must be a list or tuple of values convertible"):
        tf.test.compute_gradient(square, 1.0)


def test_test_case_assertions_pass_and_fail_as_tf():
    class Case(tf.test.TestCase):
        def test_close(self):
            self.assertAllClose([1., 2.], tf.constant([1., 2.0000001]))
            self.assertAllClose({"a": (1., [2., 3.])}, {"a": (1., [2., 3.])})

        def test_not_close(self):
            self.assertAllClose([1., 2.], tf.constant([1., 2.1]))

        def test_nested_not_close(self):
            self.assertAllClose({"a": (1., [2., 3.])}, {"a": (1., [2., 3.5])})

        def test_equal(self):
            self.assertAllEqual(tf.constant([1, 2]), [1, 2])
            self.assertNotAllEqual(tf.constant([1, 2]), [1, 3])
            self.assertShapeEqual(tf.zeros([2, 3]), np.zeros([2, 3]))
            self.assertAllGreater(tf.constant([2, 3]), 1)
            self.assertAllInSet(tf.constant([1, 2, 1]), {1, 2})
            self.assertDTypeEqual(tf.constant([1.]), np.float32)
            self.assertEqual(self.evaluate({"a": tf.constant(2)}), {"a": 2})

        def test_not_equal(self):
            self.assertAllEqual([[1, 2]], tf.constant([[1, 3]]))

        def test_shape_mismatch(self):
            self.assertAllEqual([1, 2], tf.constant([1, 2, 3]))

        def test_range(self):
            self.assertAllInRange([1., 5.], 0, 2)

        def test_op_error(self):
            with self.assertRaisesOpError("Incompatible shapes"):
                tf.constant([1, 2]) + tf.constant([1, 2, 3])
            with self.assertRaisesIncompatibleShapesError():
                tf.ones([2]) * tf.ones([3])

        def test_gradient(self):
            theoretical, numerical = tf.test.compute_gradient(tf.square, [[1.0, 3.0]])
            self.assertAllClose(theoretical, numerical, rtol=1e-3, atol=1e-3)

        def test_skip(self):
            if not tf.test.is_built_with_xla():
                self.skipTest("test is only applicable on XLA")

    out = _run_case(Case)
    for name in ("test_close", "test_equal", "test_op_error", "test_gradient"):
        assert out[name] is None, out[name]
    assert out["test_skip"] == "skipped: test is only applicable on XLA"
    # TF's lines before NumPy's own report
    assert ("Mismatched value: a is different from b. \nnot close where = (array([1]),)\n"
            "not close lhs = [2.]\nnot close rhs = [2.1]\nnot close dif = [0.0999999]\n"
            "not close tol = [3.1e-06]\ndtype = float64, shape = (2,)") in out["test_not_close"]
    assert "Mismatched value: a[a][1] is different from b[a][1]." in out["test_nested_not_close"]
    assert ("\nnot equal where = (array([0]), array([1]))\nnot equal lhs = array([2])\n"
            "not equal rhs = array([3], dtype=int32)") in out["test_not_equal"]
    assert ("AssertionError: Tuples differ: (2,) != (3,)" in out["test_shape_mismatch"]
            and "Shape mismatch: expected (2,), got (3,). Contents: array([1, 2, 3], "
                "dtype=int32). \n." in out["test_shape_mismatch"])
    assert ("1 of the 2 element(s) are outside the range [0, 2]. Subscript(s) and value(s) "
            "of the offending elements:\n  [1] : 5.0") in out["test_range"]


def test_build_queries():
    assert tf.test.is_built_with_rocm() is False
    assert tf.test.is_built_with_xla() is False
    assert tf.test.is_cpu_target_available("x86") is True
    with pytest.raises(AssertionError, match="Unknown CPU target: foo"):
        tf.test.is_cpu_target_available("foo")


def test_broadcast_error_is_tfs():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.constant([1, 2]) + tf.constant([1, 2, 3])
    assert str(e.value) == framed("Incompatible shapes: [2] vs. [3] [Op:AddV2] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.multiply(tf.ones([2, 3]), tf.ones([4]))
    assert str(e.value) == framed("Incompatible shapes: [2,3] vs. [4] [Op:Mul] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.equal(tf.ones([2]), tf.ones([3]))
    assert str(e.value) == framed("Incompatible shapes: [2] vs. [3] [Op:Equal] name: ")


def test_realdiv():
    assert str(tf.realdiv(tf.constant([1., 2.]), 2)) == (
        "tf.Tensor([0.5 1. ], shape=(2,), dtype=float32)")
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.realdiv(1, 2)  # TF's CPU kernels take floats and complex numbers only
    assert str(e.value).startswith(
        "Could not find device for node: {{node RealDiv}} = RealDiv[T=DT_INT32]\n"
        "All kernels registered for op RealDiv:\n")
    with pytest.raises(tf.errors.InvalidArgumentError, match="cannot compute RealDiv as input "
                       "#1"):
        tf.realdiv(tf.constant([1., 2.]), tf.constant([1, 2]))


def test_tensor_leaked_from_a_finished_function_is_a_type_error():
    leaked = []

    @tf.function
    def leaky(a):
        leaked.append(a + 1)
        return leaked[-1]

    assert leaky(tf.constant(1)).numpy() == 2

    @tf.function
    def uses_leaked(b):
        return b + leaked[0]

    with pytest.raises(TypeError, match=r"is out of scope and cannot be used here\. Use return "
                       r"values, explicit Python locals or TensorFlow collections to access "
                       r"it\.(.|\n)*because it was defined in FuncGraph\(name=leaky, id=\d+\), "
                       r"which is out of scope\."):
        uses_leaked(tf.constant(2))

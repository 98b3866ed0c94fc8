"""``tf.test.TestCase`` and ``tf.test.compute_gradient``: unit tests of TensorFlow code.

``TestCase`` is a ``unittest.TestCase`` with the array assertions TF's tests use
(``assertAllClose``, ``assertAllEqual``, ...). Each first turns both sides into NumPy arrays
(a Tensor by its value), then compares them element by element; the failure messages list the
positions and values that differ, in the words TF uses, so a failing test reads the same.
Everything runs eagerly: ``evaluate`` is just "give me the NumPy values".
"""

import contextlib
import math
import random
import re
import tempfile
import unittest
from collections.abc import Mapping

import numpy as np

from ..autodiff.tape import GradientTape
from ..core import errors, nest
from ..core.dtypes import as_dtype
from ..core.tensor import Tensor, convert_to_tensor

_FLOAT_KINDS = ("f", "c")


def _numpy(value):
    """The NumPy array a test compares: a Tensor's (or Variable's) value, else np.array(value)."""
    if hasattr(value, "numpy") and not isinstance(value, np.ndarray):
        value = value.numpy()
    if isinstance(value, np.ndarray):
        return value
    try:
        return np.array(value)
    except ValueError as e:  # ragged nested lists: compare them as objects, as TF does
        if "inhomogeneous" in str(e):
            return np.array(value, dtype=object)
        raise


def _where(mask):
    return np.where(mask)


class FakeEagerSession:
    """What ``cached_session()`` gives while executing eagerly: ``run`` evaluates tensors."""

    def __init__(self, test_case):
        self._test_case = test_case

    def run(self, fetches, feed_dict=None):
        if feed_dict:
            raise RuntimeError("feed_dict is not supported when eager execution is enabled (in "
                               "this case, sess.run(t) is shorthand for t.numpy()")
        return self._test_case.evaluate(fetches)


class TestCase(unittest.TestCase):
    """``tf.test.TestCase``: ``unittest.TestCase`` plus assertions on tensors and arrays."""

    maxDiff = None

    def setUp(self):
        """Every test starts from the same seeds (TF's default graph seed), so random values
        a test draws are the same each run, and the same as under TF."""
        super().setUp()
        from ..ops.random_ops import DEFAULT_GRAPH_SEED, set_seed
        random.seed(DEFAULT_GRAPH_SEED)
        np.random.seed(DEFAULT_GRAPH_SEED)
        set_seed(DEFAULT_GRAPH_SEED)

    def get_temp_dir(self):
        """A temporary directory for this test case's files (made once per test object)."""
        if getattr(self, "_temp_dir", None) is None:
            self._temp_dir = tempfile.mkdtemp(prefix=f"{type(self).__name__}_")
        return self._temp_dir

    @contextlib.contextmanager
    def cached_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """TF 1.x tests ran ops in a session; eagerly the "session" only evaluates."""
        yield FakeEagerSession(self)

    session = cached_session
    test_session = cached_session

    def assertItemsEqual(self, first, second, msg=None):  # noqa: N802 - TF's (Python 2's) name
        self.assertCountEqual(first, second, msg)

    # --- values ------------------------------------------------------------------------------
    def evaluate(self, tensors):
        """The NumPy values of a Tensor or a nested structure of them (eagerbook is eager)."""
        def value(t):
            if isinstance(t, Tensor) or hasattr(t, "_as_tensor"):
                return t.numpy()
            return t
        return nest.map_structure(value, tensors)

    # --- closeness ---------------------------------------------------------------------------
    def _assert_arrays_close(self, a, b, rtol, atol, msg):
        a, b = _numpy(a), _numpy(b)
        if a.shape != b.shape and (b.ndim <= 3 or b.size < 500):
            mismatch = f"Shape mismatch: expected {a.shape}, got {b.shape} with contents {b}."
        else:
            mismatch = f"Shape mismatch: expected {a.shape}, got {b.shape}."
        self.assertEqual(a.shape, b.shape, mismatch)
        if np.allclose(a, b, rtol=rtol, atol=atol):
            return
        # Say which elements are too far apart, then let NumPy's own report follow.
        far = np.logical_or(np.abs(a - b) > atol + rtol * np.abs(b), np.isnan(a) != np.isnan(b))
        lines = [msg]
        if a.ndim:
            x, y = a[_where(far)], b[_where(far)]
            lines.append(f"not close where = {_where(far)}")
        else:
            x, y = a, b
        lines += [f"not close lhs = {x}", f"not close rhs = {y}",
                  f"not close dif = {np.abs(x - y)}",
                  f"not close tol = {atol + rtol * np.abs(y)}",
                  f"dtype = {a.dtype}, shape = {a.shape}"]
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg="\n".join(lines),
                                   equal_nan=True)

    def _assert_close_nested(self, a, b, rtol, atol, path, msg):
        where = "".join(f"[{p}]" for p in path)
        if hasattr(a, "_asdict"):
            a = a._asdict()
        if hasattr(b, "_asdict"):
            b = b._asdict()
        if isinstance(a, Mapping) != isinstance(b, Mapping):
            raise ValueError(f"Can't compare dict to non-dict, a{where} vs b{where}. {msg}")
        if isinstance(a, Mapping):
            self.assertCountEqual(
                a.keys(), b.keys(),
                msg=f"mismatched keys: a{where} has keys {a.keys()}, but b{where} has keys "
                    f"{b.keys()}. {msg}")
            for key in a:
                self._assert_close_nested(a[key], b[key], rtol, atol, path + [key], msg)
            return
        detail = f"Mismatched value: a{where} is different from b{where}. {msg}"
        if isinstance(a, (list, tuple)):
            # A list of numbers is one array; a list of differently shaped parts is compared
            # part by part.
            try:
                self._assert_arrays_close(a, b, rtol, atol, detail)
                return
            except (ValueError, TypeError, NotImplementedError):
                if len(a) != len(b):
                    raise ValueError(f"Mismatched length: a{where} has {len(a)} items, but "
                                     f"b{where} has {len(b)} items. {msg}") from None
            for i, (x, y) in enumerate(zip(a, b)):
                self._assert_close_nested(x, y, rtol, atol, path + [str(i)], msg)
            return
        try:
            self._assert_arrays_close(a, b, rtol, atol, detail)
        except TypeError as e:
            e.args = (f"{e.args[0]} : Error: a{where} has {type(a)}, but b{where} has "
                      f"{type(b)}. {msg}",) + e.args[1:]
            raise

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        """Every element of `a` within ``atol + rtol * |b|`` of `b`'s; nested lists, tuples,
        dicts and namedtuples are compared part by part."""
        self._assert_close_nested(a, b, rtol, atol, [], msg or "")

    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6, float_rtol=1e-6,
                                      float_atol=1e-6, half_rtol=1e-3, half_atol=1e-3,
                                      bfloat16_rtol=1e-2, bfloat16_atol=1e-2, msg=None):
        """assertAllClose with tolerances widened to the coarser dtype of the two."""
        a, b = _numpy(a), _numpy(b)
        kinds = {a.dtype, b.dtype}
        if kinds & {np.dtype(np.float32), np.dtype(np.complex64)}:
            rtol, atol = max(rtol, float_rtol), max(atol, float_atol)
        if np.dtype(np.float16) in kinds:
            rtol, atol = max(rtol, half_rtol), max(atol, half_atol)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertNotAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        try:
            self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)
        except AssertionError:
            return
        raise AssertionError(f"The two values are close at all elements. {msg or ''}")

    def assertNear(self, f1, f2, err, msg=None):
        """|f1 - f2| <= err, for two numbers."""
        f1, f2 = np.squeeze(f1), np.squeeze(f2)
        if f1 != f2:
            diff = math.fabs(f1 - f2)
            suffix = f" ({msg})" if msg is not None else ""
            self.assertTrue(diff <= err,
                            f"{f1:f} != {f2:f} +/- {err:f} (difference: {diff:g}){suffix}")

    def assertArrayNear(self, farray1, farray2, err, msg=None):
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    def assertNDArrayNear(self, ndarray1, ndarray2, err, msg=None):
        self.assertTrue(np.linalg.norm(ndarray1 - ndarray2) < err, msg=msg)

    # --- equality ----------------------------------------------------------------------------
    def assertAllEqual(self, a, b, msg=None):
        """Same shape and the same value in every element (NaN equals NaN)."""
        msg = msg or ""
        a, b = _numpy(a), _numpy(b)
        contents = f" Contents: {b!r}. \n{msg}." if (b.ndim <= 3 or b.size < 500) else f" {msg}"
        self.assertEqual(a.shape, b.shape,
                         f"Shape mismatch: expected {a.shape}, got {b.shape}.{contents}")
        same = a == b
        if a.dtype.kind in _FLOAT_KINDS:
            same = np.logical_or(same, np.logical_and(np.isnan(a), np.isnan(b)))
        if np.all(same):
            return
        lines = [msg]
        if a.ndim:
            differ = _where(np.logical_not(same))
            x, y = a[differ], b[differ]
            lines.append(f"not equal where = {differ}")
        else:
            x, y = a, b
        lines += [f"not equal lhs = {x!r}", f"not equal rhs = {y!r}"]
        np.testing.assert_array_equal(a, b, err_msg="\n".join(lines))

    def assertNotAllEqual(self, a, b, msg=None):
        try:
            self.assertAllEqual(a, b)
        except AssertionError:
            return
        raise AssertionError(f"The two values are equal at all elements. {msg or ''}")

    # --- order and membership ----------------------------------------------------------------
    def assertAllGreater(self, a, comparison_target):
        self.assertGreater(np.min(_numpy(a)), comparison_target)

    def assertAllLess(self, a, comparison_target):
        self.assertLess(np.max(_numpy(a)), comparison_target)

    def assertAllGreaterEqual(self, a, comparison_target):
        self.assertGreaterEqual(np.min(_numpy(a)), comparison_target)

    def assertAllLessEqual(self, a, comparison_target):
        self.assertLessEqual(np.max(_numpy(a)), comparison_target)

    @staticmethod
    def _list_elements(subscripts, value, limit=10):
        """'  [i j] : value' lines for up to `limit` offending elements."""
        if np.ndim(value) == 0:
            return [f"  [0] : {value}"]
        rows = np.transpose(subscripts)
        lines = [f"  {row} : {value[tuple(row)]}" for row in rows[:limit]]
        return lines + (["  ..."] if len(rows) > limit else [])

    def assertAllInRange(self, target, lower_bound, upper_bound, open_lower_bound=False,
                         open_upper_bound=False):
        target = _numpy(target)
        if target.dtype.kind not in "fiu":
            raise AssertionError(f"The value of {target} does not have an ordered numeric "
                                 f"type, instead it has type: {target.dtype}")
        nans = _where(np.isnan(target))
        if np.size(nans):
            raise AssertionError(
                f"{len(nans[0])} of the {np.size(target)} element(s) are NaN. Subscripts(s) "
                "and value(s) of the NaN element(s):\n"
                + "\n".join(self._list_elements(nans, target)))
        below = target <= lower_bound if open_lower_bound else target < lower_bound
        above = target >= upper_bound if open_upper_bound else target > upper_bound
        outside = _where(np.logical_or(below, above))
        if np.size(outside):
            bounds = (("(" if open_lower_bound else "[") + f"{lower_bound}, {upper_bound}"
                      + (")" if open_upper_bound else "]"))
            raise AssertionError(
                f"{len(outside[0])} of the {np.size(target)} element(s) are outside the range "
                f"{bounds}. Subscript(s) and value(s) of the offending elements:\n"
                + "\n".join(self._list_elements(outside, target)))

    def assertAllInSet(self, target, expected_set):
        extra = np.setdiff1d(_numpy(target).flatten(), list(expected_set))
        if np.size(extra):
            raise AssertionError(f"{np.size(extra)} unique element(s) are not in the set "
                                 f"{expected_set}: {extra}")

    # --- shapes, dtypes, errors --------------------------------------------------------------
    def assertDTypeEqual(self, target, expected_dtype):
        self.assertEqual(_numpy(target).dtype, expected_dtype)

    def assertShapeEqual(self, input_a, input_b, msg=None):
        """The same static shape (a Tensor's `shape`, an array's `shape`)."""
        shapes = []
        for name, x in (("input_a", input_a), ("input_b", input_b)):
            if not isinstance(x, (np.ndarray, np.generic, Tensor)):
                raise TypeError(f"{name} must be a Numpy ndarray, Numpy scalar, or a Tensor."
                                f"Instead received {type(x)}")
            shapes.append(x.shape.as_list() if isinstance(x, Tensor) else x.shape)
        self.assertAllEqual(shapes[0], shapes[1], msg=msg)

    @contextlib.contextmanager
    def assertRaisesWithPredicateMatch(self, exception_type, expected_err_re_or_predicate):
        """The block raises `exception_type` and its message matches the regular expression
        (or the predicate returns true for it)."""
        if callable(expected_err_re_or_predicate):
            predicate = expected_err_re_or_predicate
        else:
            def predicate(e):
                text = e.message if isinstance(e, errors.OpError) else str(e)
                return re.search(expected_err_re_or_predicate, text)
        try:
            yield
        except Exception as e:
            if not isinstance(e, exception_type) or not predicate(e):
                raise AssertionError(f"Exception of type {type(e)}: {e}") from None
        else:
            self.fail(exception_type.__name__ + " not raised")

    def assertRaisesOpError(self, expected_err_re_or_predicate):
        return self.assertRaisesWithPredicateMatch(errors.OpError, expected_err_re_or_predicate)

    def assertRaisesIncompatibleShapesError(self, exception_type=errors.InvalidArgumentError):
        return self.assertRaisesWithPredicateMatch(
            exception_type, r"Incompatible shapes|Dimensions must be equal|"
                            r"required broadcastable shapes")

    def assertStartsWith(self, actual, expected_start, msg=None):
        if not actual.startswith(expected_start):
            fail = f"Did not start with '{expected_start}': '{actual}'"
            self.fail(fail if msg is None else f"{msg} : {fail}")


def main(argv=None):
    """Runs the tests of the calling module (``unittest.main``)."""
    return unittest.main(argv=argv)


# --- numerical gradient check ------------------------------------------------------------------
_GRADIENT_DTYPES = ("float16", "float32", "float64", "complex64", "complex128")  # TF's list


def _theoretical_jacobian(f, xs, param, y):
    """Row i: the gradient of output element i with respect to xs[param] (tape, one-hot)."""
    x = xs[param]
    jacobian = np.zeros((y.size, x.numpy().size), dtype=x.dtype.as_numpy_dtype)
    for row in range(y.size):
        one_hot = np.zeros(y.size, dtype=y.dtype)
        one_hot[row] = 1
        with GradientTape() as tape:
            tape.watch(x)
            out = f(*xs)
        grad = tape.gradient(out, x, output_gradients=convert_to_tensor(
            one_hot.reshape(y.shape)))
        if grad is not None:  # (convert_to_tensor: a gather's gradient is an IndexedSlices)
            jacobian[row] = np.asarray(convert_to_tensor(grad)).ravel()
    return jacobian


def _numeric_jacobian(f, xs, param, y, delta):
    """Column j: central differences (f(x + delta e_j) - f(x - delta e_j)) / (2 delta)."""
    base = [np.array(x.numpy()) for x in xs]
    x = base[param]
    jacobian = np.zeros((y.size, x.size), dtype=x.dtype)
    scale = np.asarray(2 * delta, dtype=y.dtype)[()]

    def run(values):
        return np.asarray(f(*[convert_to_tensor(v) for v in values]).numpy())
    for col in range(x.size):
        original = x.flat[col]
        x.flat[col] = original + delta
        up = run(base)
        x.flat[col] = original - delta
        down = run(base)
        x.flat[col] = original
        jacobian[:, col] = ((up - down) / scale).ravel()
    return jacobian


def compute_gradient(f, x, delta=None):
    """``tf.test.compute_gradient``: the Jacobians of ``y = f(*x)`` with respect to each
    argument, from the tape and from central differences: ``(theoretical, numerical)``, two
    tuples of 2-D arrays of shape (y's size, the argument's size)."""
    if not isinstance(x, (list, tuple)):
        raise ValueError("`x` must be a list or tuple of values convertible to a Tensor "
                         f"(arguments to `f`), not a {type(x)}")
    # A step that binary floating point holds exactly keeps rounding out of the difference.
    delta = 1.0 / 1024 if delta is None else delta
    xs = [convert_to_tensor(v) for v in x]
    y = np.asarray(f(*xs).numpy())
    if any(t.dtype.is_complex for t in xs) or np.iscomplexobj(y):
        # TF splits each complex number into (real, imaginary) columns: not done here.
        raise NotImplementedError("eagerbook's compute_gradient takes real dtypes only")
    for i, t in enumerate(xs):
        assert t.dtype.name in _GRADIENT_DTYPES, (
            f"Cannot compute gradient for unsupported type {t.dtype.name} of argument {i}")
    assert as_dtype(y.dtype).name in _GRADIENT_DTYPES, (
        f"Cannot compute gradient for unsupported type {as_dtype(y.dtype).name} of y")
    theoretical = tuple(_theoretical_jacobian(f, xs, i, y) for i in range(len(xs)))
    numerical = tuple(_numeric_jacobian(f, xs, i, y, delta) for i in range(len(xs)))
    return theoretical, numerical

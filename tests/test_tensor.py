"""Tensor semantics: Python protocols, printing, NumPy interop, indexing basics, devices."""

import numpy as np
import pytest

import eagerbook as tf


# --- printing -------------------------------------------------------------------------------------
def test_str_of_int_matrix_is_tfs():
    assert str(tf.constant([[1, 2], [3, 4]])) == \
        "tf.Tensor(\n[[1 2]\n [3 4]], shape=(2, 2), dtype=int32)"


def test_str_of_scalar_and_vector():
    assert str(tf.constant(2.0)) == "tf.Tensor(2.0, shape=(), dtype=float32)"
    assert str(tf.constant([1.0, 2.5])) == "tf.Tensor([1.  2.5], shape=(2,), dtype=float32)"
    assert str(tf.constant(True)) == "tf.Tensor(True, shape=(), dtype=bool)"
    assert str(tf.constant("hi")) == "tf.Tensor(b'hi', shape=(), dtype=string)"


def test_repr_is_tfs():
    assert repr(tf.constant(2.0)) == "<tf.Tensor: shape=(), dtype=float32, numpy=2.0>"
    assert repr(tf.constant([1, 2])) == \
        "<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>"
    assert repr(tf.constant([[1.0]])) == \
        "<tf.Tensor: shape=(1, 1), dtype=float32, numpy=array([[1.]], dtype=float32)>"


# NumPy 2.2 and later name the shape of an array shown with "...", and TF's repr, which is
# NumPy's, does too (TF 2.21 on NumPy 2.4 prints exactly these lines).
_SUMMARY_SHAPE = tuple(map(int, np.__version__.split(".")[:2])) >= (2, 2)


def test_repr_of_a_summarized_array_is_numpys_own():
    shape = "shape=(1001,), " if _SUMMARY_SHAPE else ""
    assert repr(tf.zeros([1001])) == ("<tf.Tensor: shape=(1001,), dtype=float32, numpy=array("
                                      f"[0., 0., 0., ..., 0., 0., 0.], {shape}dtype=float32)>")
    expected = ("<tf.Variable 'Variable:0' shape=(2000,) dtype=int32, numpy=\n"
                "array([   0,    1,    2, ..., 1997, 1998, 1999],\n      shape=(2000,), "
                "dtype=int32)>") if _SUMMARY_SHAPE else (
                "<tf.Variable 'Variable:0' shape=(2000,) dtype=int32, numpy=array([   0,    1,"
                "    2, ..., 1997, 1998, 1999], dtype=int32)>")
    assert repr(tf.Variable(tf.range(2000))) == expected


def test_format_uses_the_numpy_value():
    m = tf.matmul([[2.0]], [[2.0]])
    assert "hello, {}".format(m) == "hello, [[4.]]"  # noqa: UP032 - the guide's code
    assert f"{tf.constant(1.23456):.2f}" == "1.23"


def test_shape_prints_like_a_tuple():
    t = tf.zeros_like(tf.constant(np.zeros((2, 3), np.float32)))
    assert str(t.shape) == "(2, 3)"
    assert t.shape == (2, 3) and t.shape == [2, 3]
    assert repr(t.shape) == "TensorShape([2, 3])"
    assert t.shape.as_list() == [2, 3] and t.ndim == 2


# --- Python protocols -----------------------------------------------------------------------------
def test_bool_int_float_index_of_scalars():
    assert bool(tf.constant(True)) is True and bool(tf.constant(0)) is False
    assert int(tf.constant(7)) == 7 and isinstance(int(tf.constant(7.9)), int)
    assert float(tf.constant(2)) == 2.0
    assert [10, 20, 30][tf.constant(1)] == 20
    assert range(10)[tf.constant(3):tf.constant(5)] == range(3, 5)


def test_bool_of_a_vector_is_ambiguous():
    with pytest.raises(ValueError, match="ambiguous"):
        bool(tf.constant([1, 2]))


def test_int_of_a_vector_fails_and_index_of_a_float_fails():
    with pytest.raises(TypeError):
        int(tf.constant([1, 2]))
    with pytest.raises(AttributeError, match="'numpy.float32' object has no attribute"):
        [1, 2][tf.constant(1.0)]  # (TF's: the NumPy scalar's own __index__)


def test_len_and_iteration_follow_axis_0():
    t = tf.constant([[1, 2], [3, 4], [5, 6]])
    assert len(t) == 3
    rows = list(t)
    assert len(rows) == 3 and all(isinstance(r, tf.Tensor) for r in rows)
    np.testing.assert_array_equal(rows[2].numpy(), [5, 6])
    with pytest.raises(TypeError, match="Scalar tensor has no `len\\(\\)`"):
        len(tf.constant(1))
    with pytest.raises(TypeError, match="iterate over a scalar"):
        iter(tf.constant(1)).__next__()


def test_tensors_are_unhashable_but_have_refs():
    a, b = tf.constant(1), tf.constant(1)
    with pytest.raises(TypeError, match=r"ref\(\)"):
        hash(a)
    with pytest.raises(TypeError):
        {a: 1}  # noqa: B018 - hashing is what raises
    table = {a.ref(): "a", b.ref(): "b"}
    assert table[a.ref()] == "a" and a.ref().deref() is a and len(table) == 2


def test_equality_is_elementwise():
    eq = tf.constant([1, 2, 3]) == tf.constant([1, 0, 3])
    assert isinstance(eq, tf.Tensor) and eq.dtype == tf.bool
    np.testing.assert_array_equal(eq.numpy(), [True, False, True])
    assert (tf.constant(1) == None) is False  # noqa: E711 - == None itself is tested
    assert (tf.constant(1) != None) is True  # noqa: E711 - != None itself is tested


# --- NumPy interop -----------------------------------------------------------------------------
def test_numpy_functions_take_tensors_and_return_arrays():
    a = tf.constant([[1.0, 2.0]])
    out = np.multiply(a, a)
    assert isinstance(out, np.ndarray)
    np.testing.assert_array_equal(out, [[1.0, 4.0]])
    assert np.asarray(a).dtype == np.float32


def test_numpy_array_plus_tensor_is_a_tensor():
    out = np.ones(2, np.float32) + tf.constant([1.0, 2.0])
    assert isinstance(out, tf.Tensor)
    np.testing.assert_array_equal(out.numpy(), [2.0, 3.0])


def test_numpy_returns_a_copy_and_scalars_as_numpy_scalars():
    t = tf.constant([1.0, 2.0])
    arr = t.numpy()
    arr[0] = 99
    assert t.numpy()[0] == 1.0
    s = tf.constant(3.0).numpy()
    assert isinstance(s, np.float32) and s == 3.0


def test_convert_to_tensor_copies_user_arrays():
    arr = np.array([1.0, 2.0])
    t = tf.convert_to_tensor(arr)
    arr[0] = 50
    assert t.numpy()[0] == 1.0 and t.dtype == tf.float64


def test_tensor_is_immutable():
    t = tf.constant([1, 2])
    with pytest.raises(TypeError):
        t[0] = 5


# --- indexing -------------------------------------------------------------------------------------
def test_numpy_style_indexing():
    x = np.arange(24).reshape(2, 3, 4).astype(np.int32)
    t = tf.constant(x)
    keys = [1, -1, (0, 2), (slice(None), 1), (Ellipsis, slice(None, None, 2)),
            (None, 1, slice(1, None)), (slice(None, None, -1),), (1, Ellipsis, tf.newaxis)]
    for key in keys:
        np.testing.assert_array_equal(t[key].numpy(), x[key])


def test_index_out_of_range_is_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError, match="StridedSlice"):
        tf.constant([1, 2])[5]


# --- devices --------------------------------------------------------------------------------------
def test_device_is_the_cpu():
    t = tf.constant(1.0)
    assert t.device == "/job:localhost/replica:0/task:0/device:CPU:0"
    assert t.cpu().numpy() == 1.0
    with pytest.raises(RuntimeError, match="GPU"):
        t.gpu()


@pytest.mark.parametrize("name", ["/cpu:0", "/gpu:0", "/device:GPU:0", "GPU:0", "cpu",
                                  "/job:localhost/replica:0/task:0/device:CPU:0",
                                  "/job:localhost/replica:0/task:0/device:GPU:1", "/GPU:0", "",
                                  None, "/device:FOO:0"])  # (any type after "device:", as TF)
def test_tf_device_accepts_tf_device_strings_and_places_on_the_cpu(name):
    with tf.device(name):
        x = tf.random.normal([2])
        y = x * 2.0
    assert y.device.endswith("device:CPU:0")


@pytest.mark.parametrize("name", ["gpu0", "/foo:0", "/gpu:x", "/cpu:0/gpu:0",
                                  "/job:localhost/replica:zero"])
def test_malformed_device_strings_are_value_errors(name):
    with pytest.raises(ValueError):
        with tf.device(name):
            pass


def test_device_spec_parses_fields():
    spec = tf.DeviceSpec.from_string("/job:localhost/replica:0/task:1/device:gpu:2")
    assert (spec.job, spec.replica, spec.task, spec.device_type, spec.device_index) == \
        ("localhost", 0, 1, "GPU", 2)
    assert spec.to_string() == "/job:localhost/replica:0/task:1/device:GPU:2"


def test_tf_device_with_a_function_is_a_runtime_error():
    with pytest.raises(RuntimeError, match="functions"):
        with tf.device(lambda op: "/cpu:0"):
            pass


def test_config_and_test_report_only_a_cpu():
    cpus = tf.config.list_physical_devices("CPU")
    assert [d.name for d in cpus] == ["/physical_device:CPU:0"]
    assert cpus[0].device_type == "CPU"
    assert tf.config.list_physical_devices("GPU") == []
    assert tf.config.list_logical_devices() == [tf.config.LogicalDevice("/device:CPU:0", "CPU")]
    assert tf.test.is_gpu_available() is False
    assert tf.test.is_built_with_cuda() is False
    assert tf.test.gpu_device_name() == ""


def test_run_functions_eagerly_switch():
    assert tf.config.functions_run_eagerly() is False
    tf.config.run_functions_eagerly(True)
    try:
        assert tf.config.functions_run_eagerly() is True
    finally:
        tf.config.run_functions_eagerly(False)
    assert tf.executing_eagerly() is True


def test_tensor_class_is_not_a_constructor_of_values():
    # As in TF 2: values become tensors through tf.constant / tf.convert_to_tensor.
    with pytest.raises(TypeError, match=r"Tensor\(\) takes no arguments"):
        tf.Tensor(np.array([1.0]))


def test_eager_results_are_eager_tensors_and_traced_ones_are_not():
    # TF: type(tf.constant(1)).__name__ == "EagerTensor"; both kinds are tf.Tensor.
    x = tf.constant([1.0, 2.0])
    assert type(x).__name__ == "EagerTensor" and isinstance(x, tf.Tensor)
    assert type(x + 1.0).__name__ == "EagerTensor"
    assert type(tf.Variable(2.0) * 3.0).__name__ == "EagerTensor"
    seen = []

    @tf.function
    def f(t):
        seen.append(type(t).__name__)
        assert isinstance(t, tf.Tensor)
        return t * 2.0

    assert type(f(x)).__name__ == "EagerTensor"
    assert seen == ["SymbolicTensor"]
    with pytest.raises(TypeError, match="Tensor\\(\\) takes no arguments"):
        tf.Tensor([1.0])

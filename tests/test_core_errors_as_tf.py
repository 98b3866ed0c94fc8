"""Core entry points given bad input raise TF 2.21's error kinds and words (each case was
compared with TF by hand): conversion of out-of-range Python ints, tf.constant's shape,
DType limits, unary plus, tape sources, gathers and scatters out of range, integer powers."""

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import framed

OUT_OF_RANGE = "Can't convert Python sequence with out-of-range integer to Tensor."


@pytest.mark.parametrize("value", [2**63, [1, 2**63], -(2**63) - 1, [[0], [2**70]]])
def test_python_ints_past_int64_have_no_default_dtype(value):
    with pytest.raises(ValueError, match=OUT_OF_RANGE.replace(".", r"\.")):
        tf.constant(value)


def test_ints_that_fit_still_convert():
    assert tf.constant(2**63 - 1).dtype == tf.int64
    assert tf.constant([1, -(2**63)]).dtype == tf.int64
    assert tf.constant(2**63, dtype=tf.uint64).numpy() == 2**63
    assert tf.constant([1, 2.5]).dtype == tf.float32


def test_constant_shape_mismatch_message():
    with pytest.raises(TypeError) as info:
        tf.constant([1, 2, 3], shape=[2, 2])
    assert str(info.value) == ("Eager execution of tf.constant with unsupported shape. Tensor "
                               "[1 2 3] (converted from [1, 2, 3]) has 3 elements, but got "
                               "`shape` (2, 2) with 4 elements).")


def test_dtype_limits_are_numpy_scalars_and_bool_has_none():
    assert repr(tf.float16.max) == "np.float16(6.55e+04)"
    assert type(tf.float32.min) is np.float32 and tf.float32.min == np.finfo(np.float32).min
    assert tf.int64.max == 2**63 - 1 and type(tf.int8.min) is int
    with pytest.raises(TypeError, match="Cannot find maximum value of <dtype: 'bool'> with "
                                        "type <dtype: 'bool'>."):
        _ = tf.bool.max
    with pytest.raises(TypeError, match="Cannot find minimum value of <dtype: 'complex64'>"):
        _ = tf.complex64.min


def test_no_unary_plus_on_tensors_and_variables():
    with pytest.raises(TypeError, match=r"bad operand type for unary \+"):
        +tf.constant(1)
    with pytest.raises(TypeError, match=r"bad operand type for unary \+: 'ResourceVariable'"):
        +tf.Variable(1.0)


def _gradient(sources):
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = x * 2
    return tape.gradient(y, sources)


@pytest.mark.parametrize("bad, kind, message", [
    (None, TypeError, "Cannot convert the argument `type_value`: None to a TensorFlow DType."),
    ({"a": "b"}, TypeError, "Cannot convert the argument `type_value`: 'b' to a TensorFlow "
                            "DType."),
    (1.0, AttributeError, "'float' object has no attribute 'dtype'"),  # (TF reads dtype first)
    (np.array([1.0]), AttributeError, "'numpy.ndarray' object has no attribute '_id'"),
])
def test_sources_that_are_not_tensors_get_tfs_errors(bad, kind, message):
    with pytest.raises(kind) as info:
        _gradient(bad)
    assert str(info.value) == message


def test_unknown_unconnected_gradients_and_watch_messages():
    x = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        y = x * 2
    with pytest.raises(ValueError, match="Unknown value for unconnected_gradients: 'bogus'"):
        tape.gradient(y, x, unconnected_gradients="bogus")
    with pytest.raises(ValueError, match=r"Passed in object \[1.\] of type 'ndarray', not "):
        with tf.GradientTape() as tape:
            tape.watch(np.array([1.0]))


@pytest.mark.parametrize("call, message", [
    (lambda t: tf.gather_nd(t, [[5, 1]]),
     "indices[0] = [5, 1] does not index into param shape [3,3], node name: GatherNd "
     "[Op:GatherNd]"),
    (lambda t: tf.tensor_scatter_nd_update(t, [[5, 1]], [1]),
     "indices[0] = [5, 1] does not index into shape [3,3] [Op:TensorScatterUpdate]"),
    (lambda t: tf.scatter_nd([[7]], [1], [3]),
     "indices[0] = [7] does not index into shape [3] [Op:ScatterNd]"),
    (lambda t: tf.gather(t, 5), "indices = 5 is not in [0, 3) [Op:GatherV2] name: "),
    (lambda t: tf.constant(2) ** -1,
     "Integers to negative integer powers are not allowed [Op:Pow] name: "),
])
def test_index_and_power_errors_in_tfs_words(call, message):
    # (" name: " after the op where TF's op function adds it: not for Python list indices)
    t = tf.reshape(tf.range(9), [3, 3])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call(t)
    assert str(info.value) == framed(message)


@pytest.mark.parametrize("axis, kind, message", [
    (2, tf.errors.InvalidArgumentError,
     "Invalid reduction dimension (2 for input with 2 dimension(s) [Op:Sum] name: "),
    ([0, -2], tf.errors.InvalidArgumentError,
     "Invalid reduction arguments: Axes contains duplicate dimension: 0 [Op:Sum]"),
    (1.5, TypeError, "Cannot convert 1.5 to EagerTensor of dtype int32"),
])
def test_reduction_axes_as_tf_checks_them(axis, kind, message):
    with pytest.raises(kind) as info:
        tf.reduce_sum(tf.ones([2, 3]), axis=axis)
    assert str(info.value) == framed(message)


def test_reduction_axis_details():
    np.testing.assert_array_equal(tf.reduce_sum(tf.ones([2, 3]), axis=np.array([1])), [3, 3])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"dimension \(0 for input with 0"):
        tf.reduce_sum(tf.constant(3.0), axis=0)  # a scalar has no axis 0
    with pytest.raises(tf.errors.InvalidArgumentError, match="of bool is not in the list"):
        tf.reduce_sum(tf.constant([True, False]))  # no Sum kernel for bool in TF


def test_equality_raises_where_tf_does_and_is_false_for_shapes():
    t = tf.constant([1, 2])
    assert (t == None) is False  # noqa: E711 - the comparison with None is the test
    assert not bool(t == tf.constant([1, 2, 3]))  # shapes that do not broadcast: False
    assert bool(t != tf.constant([1, 2, 3]))
    with pytest.raises(TypeError, match="Cannot convert 'a' to EagerTensor of dtype int32"):
        t == "a"  # noqa: B015 - the comparison's error is the test
    with pytest.raises(tf.errors.InvalidArgumentError, match="cannot compute Equal"):
        t == tf.constant([1.0, 2.0])  # noqa: B015 - the comparison's error is the test


def test_variable_construction_and_update_errors():
    with pytest.raises(ValueError, match="The `initial_value` arg to `tf.Variable` must be "
                                         "specified except when"):
        tf.Variable()
    with pytest.raises(ValueError, match=r"^initial_value: Tensor conversion requested dtype "
                                         r"float32 for Tensor with dtype int32: <tf.Tensor"):
        tf.Variable(tf.constant([1, 2]), dtype=tf.float32)
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        v.assign_add([1.0, 2.0, 3.0])
    assert str(info.value) == framed("Cannot update variable with shape [2] using a Tensor with "
                                     "shape [3], shapes must be equal. [Op:AssignAddVariableOp] "
                                     "name: ")
    with pytest.raises(ValueError, match="Shape mismatch"):
        v.assign([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])
    unchecked = tf.Variable([1.0, 2.0], validate_shape=False)  # eager: the shape is known
    assert unchecked.shape == (2,)


def test_on_read_variables_are_not_trainable_by_default():
    on_read = tf.VariableSynchronization.ON_READ
    assert not tf.Variable(1.0, synchronization=on_read).trainable
    assert tf.Variable(1.0, synchronization=on_read, trainable=True).trainable
    assert tf.Variable(1.0).trainable


def test_a_variable_printed_while_tracing_has_no_value():
    v = tf.Variable([1.0, 2.0])
    printed = []

    @tf.function
    def f():
        printed.append(repr(v))
        return v + 1

    f()
    assert printed == ["<tf.Variable 'Variable:0' shape=(2,) dtype=float32>"]
    assert repr(v).endswith("numpy=array([1., 2.], dtype=float32)>")


def test_plus_takes_the_tensors_dtype_as_a_hint_only():
    i = tf.constant([1, 2])
    message = ("cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor "
               "but is a float tensor [Op:AddV2] name: ")
    for call in (lambda: i + 1.5, lambda: tf.add(i, [1.5, 2]), lambda: tf.Variable([1, 2]) + 1.5):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            call()
        assert str(info.value) == message
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"cannot compute Add as input #1"):
        tf.constant("a") + 1
    assert (tf.constant(1, tf.uint8) + 256).numpy() == 1  # fits after wrapping: still uint8
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        i * 1.5  # other ops demand the dtype
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        1.5 + i  # and so does the reflected `+`


@pytest.mark.parametrize("call", [lambda i, f: i / f, lambda i, f: i / 2.5,
                                  lambda i, f: tf.math.truediv(i, 2.5)])
def test_true_division_of_two_dtypes(call):
    with pytest.raises(TypeError) as info:
        call(tf.constant([1, 2]), tf.constant([1.0, 2.0]))
    assert str(info.value) == "`x` and `y` must have the same dtype, got tf.int32 != tf.float32."


def test_add_n_messages():
    with pytest.raises(ValueError, match=r"^Inputs must be an iterable of at least one "
                                         r"Tensor/IndexedSlices with the same dtype and shape.$"):
        tf.math.add_n([])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Inputs to operation AddN of type "
                                                             r"AddN must have the same size"):
        tf.math.add_n([tf.ones([2]), tf.ones([3])])


def test_stop_recording_outside_the_tapes_context():
    with pytest.raises(RuntimeError, match="Trying to stop recording a tape which is not "
                                           "recording."):
        with tf.GradientTape().stop_recording():
            pass


@pytest.mark.parametrize("what, spacing", [("jacobian", "and with  experimental"),
                                           ("batch_jacobian", "and  with experimental")])
def test_jacobians_without_pfor_need_a_persistent_tape(what, spacing):
    x = tf.Variable([[1.0, 2.0]])
    with tf.GradientTape() as tape:
        y = x * 2
    with pytest.raises(RuntimeError) as info:
        getattr(tape, what)(y, x, experimental_use_pfor=False)
    assert str(info.value) == (f"GradientTape must be created with persistent=True to compute "
                               f"the {what} with eager execution enabled {spacing}_use_pfor set "
                               f"to False.")
    with tf.GradientTape(persistent=True) as tape:
        y = x * 2
    expected = (1, 2, 1, 2) if what == "jacobian" else (1, 2, 2)  # a persistent tape may
    assert getattr(tape, what)(y, x, experimental_use_pfor=False).shape == expected


@pytest.mark.parametrize("a, b, message", [
    ([2, 3], [2, 3], "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3] [Op:MatMul]"),
    ([4, 2, 3], [4, 2, 3], "Matrix size-incompatible: In[0]: [4,2,3], In[1]: [4,2,3] "
                           "[Op:BatchMatMulV2]"),
    ([2, 2, 3], [3, 3, 1], "In[0] and In[1] must have compatible batch dimensions: [2,2,3] vs. "
                           "[3,3,1] [Op:BatchMatMulV2]"),
    ([3], [3], "In[0] and In[1] ndims must be == 2: 1 [Op:MatMul]"),
    ([2, 3], [3], "In[0] and In[1] has different ndims: [2,3] vs. [3] [Op:MatMul]"),
    ([3], [2, 3, 4], "In[0] ndims must be >= 2: 1 [Op:BatchMatMulV2]"),
    ([2, 3, 4], [4], "In[1] ndims must be >= 2: 1 [Op:BatchMatMulV2]"),
])
def test_matmul_errors_in_tfs_words(a, b, message, monkeypatch):
    from eagerbook.ops import onednn_float  # (Eigen's kernels; oneDNN's: test_onednn_op_errors)
    monkeypatch.setattr(onednn_float, "_ENABLED", [False])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.matmul(tf.ones(a), tf.ones(b))
    assert str(info.value) == framed(message) + " name: "  # (tf.matmul gives its op no name)


def test_matmul_hints_follow_the_messages():
    from eagerbook.framework.traceback_utils import hint_for
    for a, b in [([3], [3]), ([2, 3], [3]), ([3], [2, 3, 4])]:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.matmul(tf.ones(a), tf.ones(b))
        assert "tf.matmul multiplies matrices" in hint_for(info.value)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))
    assert "transpose_b=True" in hint_for(info.value)


def test_tensorshape_rank_checks_and_supertypes():
    S = tf.TensorShape
    assert S([1, 2]).with_rank_at_least(2) == S([1, 2])
    assert S(None).with_rank_at_most(1).rank is None
    with pytest.raises(ValueError, match=r"Shape \(1, 2\) must have rank at least 3"):
        S([1, 2]).with_rank_at_least(3)
    with pytest.raises(ValueError, match=r"Shape \(1, 2\) must have rank at most 1"):
        S([1, 2]).with_rank_at_most(1)
    with pytest.raises(ValueError, match=r"Shape \(None, 2\) must have rank 3"):
        S([None, 2]).assert_has_rank(3)
    with pytest.raises(ValueError, match=r"Shapes \(1, 2\) and \(3,\) must have the same rank"):
        S([1, 2]).assert_same_rank(S([3]))
    with pytest.raises(ValueError, match=r"Shape \(None,\) is not fully defined"):
        S([None]).assert_is_fully_defined()
    with pytest.raises(ValueError, match=r"Shapes \(2, 3\) and \[2, 4\] are incompatible"):
        S([2, 3]).assert_is_compatible_with([2, 4])
    assert S([1, 2]).is_subtype_of(S([None, 2])) and not S([None, 2]).is_subtype_of(S([1, 2]))
    assert S([1, None]).most_specific_common_supertype([S([1, 3])]) == S([1, None])


def test_float32_exp_rounds_as_tfs_kernel():
    from eagerbook.ops import eigen_float
    rng = np.random.default_rng(0)
    x = (rng.standard_normal(1001) * 10).astype(np.float32)  # packets of 8 and a tail
    np.testing.assert_array_equal(tf.exp(x).numpy(), eigen_float.exp(x))
    # TF 2.21's values (recorded there); NumPy's own float32 exp misses 7 of these 16
    x = [-9.9, -9.8, 0.5, 1.5, 3.25, 7.7, 10.1, -0.3, 2.2, -4.4, 5.5, 8.8, 0.1, -1.1, 6.6, 9.9]
    tf_values = [5.0174701755167916e-05, 5.5451590014854446e-05, 1.6487212181091309,
                 4.481688976287842, 25.790340423583984, 2208.347412109375, 24343.017578125,
                 0.740818202495575, 9.02501392364502, 0.012277338653802872, 244.69192504882812,
                 6634.2451171875, 1.1051709651947021, 0.33287107944488525, 735.0950927734375,
                 19930.36328125]
    np.testing.assert_array_equal(tf.exp(tf.constant(x)).numpy(), np.float32(tf_values))

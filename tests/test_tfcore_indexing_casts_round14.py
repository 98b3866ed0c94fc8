"""Boolean-mask indexing, saturate_cast's bounds, empty string constants and the words of a
few shape errors, as TensorFlow has them."""

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import after_frame


def _message(excinfo):
    return str(excinfo.value)


def _kernel_words(excinfo):
    return after_frame(str(excinfo.value))


def test_a_boolean_tensor_key_masks_like_boolean_mask():
    t = tf.constant([[1, 2], [3, 4], [5, 6]])
    np.testing.assert_array_equal(t[t[:, 0] > 2].numpy(), [[3, 4], [5, 6]])
    np.testing.assert_array_equal(t[np.array([True, False, True])].numpy(), [[1, 2], [5, 6]])
    v = tf.Variable([1., 2., 3.])
    np.testing.assert_array_equal(v[v > 1.5].numpy(), [2., 3.])


def test_a_boolean_key_keeps_boolean_masks_errors():
    t = tf.constant([[1, 2], [3, 4], [5, 6]])
    with pytest.raises(ValueError, match="mask cannot be scalar"):
        t[True]
    with pytest.raises(ValueError, match=r"Shapes \(3,\) and \(2,\) are incompatible"):
        t[tf.constant([True, False])]


def test_a_boolean_key_works_traced_and_under_a_tape():
    @tf.function
    def positives(x):
        return x[x > 2]
    np.testing.assert_array_equal(positives(tf.constant([1, 3, 4])).numpy(), [3, 4])
    x = tf.Variable([1., 2., 3.])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(x[x > 1.5] ** 2)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [0., 4., 6.])


@pytest.mark.parametrize("values, source, target, expected", [
    # float32 has no 2147483647: the bound steps down to the float below 2**31
    ([1e10, -1e10, 3e9], tf.float32, tf.int32, [2147483520, -2147483648, 2147483520]),
    ([1e10, -1e10], tf.float64, tf.int32, [2147483647, -2147483648]),
    ([300, -5], tf.int32, tf.uint8, [255, 0]),
    ([1.5, 256.], tf.float32, tf.uint8, [1, 255]),
    ([2**40], tf.int64, tf.int32, [2147483647]),
    ([70000., -70000.], tf.float32, tf.float16, [65504., -65504.]),
])
def test_saturate_cast_clamps_to_bounds_the_source_dtype_can_hold(values, source, target,
                                                                   expected):
    out = tf.saturate_cast(tf.constant(values, source), target)
    assert out.dtype == target
    np.testing.assert_array_equal(out.numpy(), np.array(expected, target.as_numpy_dtype))


def test_an_empty_list_converts_to_an_empty_string_tensor():
    t = tf.constant([], tf.string)
    assert t.dtype == tf.string and t.shape == (0,)
    assert tf.constant([[]], dtype=tf.string).shape == (1, 0)
    columns = tf.io.decode_csv(["1,2,3"], record_defaults=[0, 0., tf.constant([], tf.string)])
    assert [c.dtype for c in columns] == [tf.int32, tf.float32, tf.string]
    assert columns[2].numpy().tolist() == [b"3"]


def test_broadcast_to_errors_read_as_tfs():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.broadcast_to([1, 2, 3], [2, 2])
    assert _kernel_words(e).startswith("Incompatible shapes: [3] vs. [2,2]")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.broadcast_to(tf.ones([2, 3]), [3])
    assert _kernel_words(e).startswith(
        "Rank of input (2) must be no greater than rank of output shape (1).")


def test_ensure_shape_error_shows_shapes_as_tf_does():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.ensure_shape(tf.ones([2, 3]), [None, 4])
    assert _kernel_words(e).startswith(
        "Shape of tensor input [2,3] is not compatible with expected shape [?,4].")


def test_gather_batch_dims_mismatch_names_the_dimension():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.gather(tf.ones([3, 3, 2]), tf.zeros([3, 2, 1], tf.int32), batch_dims=2)
    assert _kernel_words(e).startswith("params.shape[1]: 3 should be equal to indices.shape[1]: 2")


def test_tf_add_converts_a_python_number_by_itself_as_addv2_does():
    ints = tf.constant([1, 2])
    for call in (lambda: tf.add(1.5, ints), lambda: tf.math.add(1.5, tf.Variable([1, 2]))):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            call()
        assert _message(e).startswith("cannot compute AddV2 as input #1(zero-based) was "
                                      "expected to be a float tensor but is a int32 tensor")
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a int32 tensor"):
        tf.add(ints, 1.5)
    # the operator keeps TF's conversion to the tensor's dtype, and numbers that fit still add
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        1.5 + ints
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a int32 tensor"):
        tf.add(1, tf.constant([1.5]))  # TF converts the 1 on its own: int32
    np.testing.assert_array_equal(tf.add(1.0, tf.constant([1.5])).numpy(), [2.5])
    np.testing.assert_array_equal(tf.add(ints, 1).numpy(), [2, 3])

"""TF 1.x's renamed names under tf.compat.v1 (values and errors as TF 2.21's compat.v1)."""

import os

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1


def test_renamed_math():
    assert v1.arg_max([1, 3, 2], 0).numpy() == 1
    assert v1.arg_min([[1, 3], [0, 5]], dimension=1).numpy().tolist() == [0, 0]
    assert v1.div(7, 2).numpy() == 3 and v1.div(-7, 2).numpy() == -4
    assert v1.div(7.0, 2).numpy() == 3.5 and v1.floor_div(7, 2).numpy() == 3
    assert v1.multinomial([[0.0, 0.0]], 3, seed=1).shape == (1, 3)


def test_linalg_by_tf1_names():
    np.testing.assert_array_equal(v1.matrix_band_part(tf.ones([3, 3]), 0, 1).numpy(),
                                  [[1, 1, 0], [0, 1, 1], [0, 0, 1]])
    np.testing.assert_allclose(v1.matrix_inverse([[2.0, 0.0], [0.0, 4.0]]).numpy(),
                               [[0.5, 0], [0, 0.25]])
    assert v1.matrix_determinant([[2.0, 0.0], [0.0, 4.0]]).numpy() == 8.0
    assert v1.diag([1, 2]).numpy().tolist() == [[1, 0], [0, 2]]
    assert v1.trace([[1, 2], [3, 4]]).numpy() == 5


def test_reductions_take_reduction_indices_and_keep_dims():
    assert v1.reduce_sum([[1, 2], [3, 4]], reduction_indices=1).numpy().tolist() == [3, 7]
    assert v1.reduce_mean([[1.0, 2.0]], keep_dims=True).shape == (1, 1)
    out = v1.count_nonzero([[0, 1], [2, 3]], reduction_indices=0, keep_dims=True)
    assert out.numpy().tolist() == [[1, 2]] and out.dtype == tf.int64
    with pytest.raises(ValueError, match="Cannot specify both 'reduction_indices' and 'axis'."):
        v1.reduce_sum([1], axis=0, reduction_indices=0)


def test_shape_functions_take_old_argument_names():
    assert v1.expand_dims([1, 2], dim=0).shape == (1, 2)
    assert v1.squeeze(tf.ones([1, 2, 1]), squeeze_dims=[0]).shape == (2, 1)
    with pytest.raises(ValueError, match="Must specify an axis argument"):
        v1.expand_dims([1, 2])


def test_sparse_to_dense_batch_gather_where():
    assert v1.sparse_to_dense([[0], [2]], [4], [5, 6]).numpy().tolist() == [5, 0, 6, 0]
    assert v1.sparse_to_dense([1, 3], [5], 7, default_value=-1).numpy().tolist() == [
        -1, 7, -1, 7, -1]
    assert v1.batch_gather([[1, 2], [3, 4]], [[1], [0]]).numpy().tolist() == [[2], [3]]
    assert v1.where([True, False]).numpy().tolist() == [[0]]
    assert v1.where_v2([True, False], 1, 0).numpy().tolist() == [1, 0]


def test_moved_string_and_io_functions():
    assert v1.substr("hello", 1, 3).numpy() == b"ell"
    assert v1.string_join(["a", "b"], "-").numpy() == b"a-b"
    assert v1.decode_base64(v1.encode_base64("hi")).numpy() == b"hi"
    assert v1.lin_space(0.0, 1.0, 3).numpy().tolist() == [0.0, 0.5, 1.0]


def test_nn_with_tf1_arguments():
    loss = v1.nn.softmax_cross_entropy_with_logits_v2(labels=[[0.0, 1.0]], logits=[[1.0, 2.0]])
    np.testing.assert_allclose(loss.numpy(), [0.31326166], rtol=1e-6)
    assert v1.nn.dropout(tf.ones([2]), keep_prob=1.0).numpy().tolist() == [1.0, 1.0]
    assert v1.nn.relu_layer([[1.0, 2.0]], [[1.0], [1.0]], [0.0]).numpy().tolist() == [[3.0]]
    mean, _ = v1.nn.moments(tf.constant([[1.0, 2.0], [3.0, 4.0]]), [0], keep_dims=True)
    assert mean.shape == (1, 2)
    conv = v1.nn.conv2d(tf.ones([1, 3, 3, 1]), filter=tf.ones([2, 2, 1, 1]),
                        strides=[1, 1, 1, 1], padding="VALID")
    assert conv.numpy()[0, :, :, 0].tolist() == [[4.0, 4.0], [4.0, 4.0]]
    assert v1.nn.relu([-1.0, 1.0]).numpy().tolist() == [0.0, 1.0]  # the rest is TF 2's
    with pytest.raises(ValueError, match="Cannot specify both 'keep_prob' and 'rate'."):
        v1.nn.dropout(tf.ones([2]), keep_prob=0.5, rate=0.5)


def test_logging_and_gfile(tmp_path):
    assert (v1.logging.DEBUG, v1.logging.INFO, v1.logging.WARN, v1.logging.ERROR,
            v1.logging.FATAL) == (10, 20, 30, 40, 50)
    before = v1.logging.get_verbosity()
    v1.logging.set_verbosity(v1.logging.ERROR)
    assert v1.logging.get_verbosity() == 40 and tf.get_logger().level == 40
    v1.logging.set_verbosity(before)
    path = os.path.join(tmp_path, "a.txt")
    with v1.gfile.GFile(path, "w") as f:
        f.write("x")
    assert v1.gfile.Exists(path) and v1.gfile.IsDirectory(str(tmp_path))
    assert not v1.gfile.Exists(os.path.join(tmp_path, "missing"))

"""Everyday ops give the same values inside tf.function as eagerly (shape inference, captured
constants, attrs that NumPy kernels receive in generated code)."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.graph import function

X = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)

CASES = {
    "constant_with_shape": lambda x: x + tf.constant(1.0, shape=[2, 2]),
    "constant_dtype": lambda x: tf.cast(x, tf.int32) + tf.constant(1, dtype=tf.int32),
    "ones": lambda x: x + tf.ones([2, 2]),
    "shape": lambda x: tf.reshape(x, [-1]) * tf.cast(tf.shape(x)[0], tf.float32),
    "indexing": lambda x: x[0, 1] + x[:, 0],
    "newaxis": lambda x: x[:, tf.newaxis] * 2,
    "range": lambda x: tf.cast(tf.range(4), tf.float32) + tf.reduce_sum(x),
    "concat": lambda x: tf.concat([x, x], axis=0),
    "gather": lambda x: tf.gather(x, [1, 0]),
    "matmul_transposed": lambda x: tf.matmul(x, x, transpose_b=True),
    "softmax": lambda x: tf.nn.softmax(x),
    "argmax": lambda x: tf.cast(tf.argmax(x, axis=1), tf.float32),
    "where": lambda x: tf.where(x > 2, x, -x),
    "clip_by_norm": lambda x: tf.clip_by_norm(x, 1.0),
    "squeeze_expand": lambda x: tf.squeeze(tf.expand_dims(x, 0)),
    "one_hot": lambda x: tf.one_hot(tf.constant([0, 1]), 3) * tf.reduce_sum(x),
    "reduce_max": lambda x: tf.reduce_max(x, axis=0),
    "sparse_ce": lambda x: tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=tf.constant([0, 1]), logits=x),
    "logsumexp": lambda x: tf.reduce_logsumexp(x, axis=1),
    "stack_unstack": lambda x: tf.stack(tf.unstack(x)[::-1]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_op_matches_eager(name):
    fn = CASES[name]
    x = tf.constant(X)
    eager = fn(x)
    traced = function(fn)(x)
    assert traced.dtype == eager.dtype
    np.testing.assert_allclose(traced.numpy(), eager.numpy(), rtol=1e-6)

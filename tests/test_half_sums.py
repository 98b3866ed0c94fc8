"""float16 sums and means as TF 2.21's CPU kernels compute them: registers of 8 halves added in
TF's order with every add rounded to half, a register's lanes added together in float32, the
last values one by one in half (eagerbook/ops/eigen_sums.py); a mean is that sum divided by
the count in half. Expected values printed by TF 2.21."""

import numpy as np

import eagerbook as tf

ROWS = np.array([
    [0.57, 2.96, -1.02, 2.55, -3.1, -0.87, -4.09, -0.3, 0.24, -0.59, -0.8, 4.02, 4.27, -3.65,
     3.52, -5.17, -2.2, -0.52, 0.33, -3.14],
    [-2.17, 0.23, -2.08, -1.92, 2.0, 2.8, -0.18, 0.05, -0.06, -1.36, -1.53, -3.11, 1.95, -0.25,
     -0.41, 0.6, 1.59, 4.26, -0.82, -1.2],
    [0.6, -2.54, 3.82, 2.78, 2.08, -0.36, 2.22, 3.15, 1.5, -0.84, -5.06, 2.84, -1.06, -2.53,
     2.67, 1.01, -4.26, -0.3, -0.81, 2.98]], np.float16)


def test_row_sums_and_means_as_tf():
    # row 1: TF's -1.609375, where a sum in float32 rounded once gives -1.607421875
    np.testing.assert_array_equal(tf.reduce_sum(ROWS, axis=1).numpy(),
                                  np.array([-6.9921875, -1.609375, 7.890625], np.float16))
    np.testing.assert_array_equal(tf.reduce_mean(ROWS, axis=1).numpy(),
                                  np.array([-0.349609375, -0.0804443359375, 0.39453125],
                                           np.float16))


def test_whole_sum_keeps_half():
    total = tf.reduce_sum(ROWS)
    assert total.dtype == tf.float16
    assert total.numpy() == np.float16(-0.7041015625)  # (TF's)

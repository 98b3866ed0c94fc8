"""tf.random.categorical draws each row's numbers where TF's Multinomial kernel does: TF
splits the rows into blocks among its intra-op threads (Eigen's parallelFor and the kernel's
cost estimate decide the block size) and each block starts at its own place in the Philox
stream, so from the first block's end on a row's sample is not the next words' (the text
generation tutorial's 100 x 38 sample showed TF's numbers for rows 0-17 only). Expected values
are TF 2.21's on two threads (a two-core machine)."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.ops import random_ops

TF_100_BY_38 = [0, 5, 32, 22, 9, 8, 5, 17, 23, 15, 35, 17, 36, 25, 28, 37, 19, 23, 5, 12, 33,
                29, 2, 18, 31, 8, 13, 6, 18, 9, 22, 26, 24, 36, 2, 21, 28, 27, 16, 17, 19, 19,
                36, 15, 2, 21, 6, 24, 21, 16, 5, 9, 10, 10, 26, 8, 25, 25, 18, 17, 14, 10, 23,
                23, 18, 34, 12, 23, 13, 6, 14, 31, 2, 5, 23, 34, 25, 33, 10, 31, 3, 4, 2, 26,
                15, 3, 35, 34, 1, 0, 29, 37, 10, 6, 15, 27, 10, 7, 37, 19]
TF_64_BY_10_FIVE_EACH_FIRST_ROWS = [3, 3, 3, 5, 8, 9, 4, 4, 4, 2, 2, 8, 7, 2, 8, 2, 1, 2, 9, 7]
TF_64_BY_10_FIVE_EACH_LAST_ROWS = [9, 9, 0, 0, 9, 0, 0, 7, 5, 7]


@pytest.fixture
def two_threads():
    saved = tf.config.threading.get_intra_op_parallelism_threads()
    tf.config.threading.set_intra_op_parallelism_threads(2)
    yield
    tf.config.threading.set_intra_op_parallelism_threads(saved)


def test_rows_past_the_first_block_get_tfs_numbers(two_threads):
    rs = np.random.RandomState(0)
    logits = tf.constant(rs.randn(100, 38).astype("float32"))
    tf.random.set_seed(5)
    assert tf.random.categorical(logits, 1).numpy().ravel().tolist() == TF_100_BY_38
    rs.randn(64, 10)
    logits = tf.constant(rs.randn(64, 10).astype("float32"))
    tf.random.set_seed(5)
    tf.random.categorical(logits, 5)
    drawn = tf.random.categorical(logits, 5, seed=3).numpy()
    assert drawn.shape == (64, 5)
    assert drawn.ravel().tolist()[:20] == TF_64_BY_10_FIVE_EACH_FIRST_ROWS
    assert drawn.ravel().tolist()[-10:] == TF_64_BY_10_FIVE_EACH_LAST_ROWS


def test_block_sizes_follow_eigens_cost_model():
    # 100 rows of 38 classes: 2162 cycles a row, 18 rows a block on 2 threads; 25 on 4
    assert random_ops._parallel_for_block(100, 2162, 2) == 18
    assert random_ops._parallel_for_block(100, 2162, 4) == 25
    # too little work to split, or one thread: one block
    assert random_ops._parallel_for_block(40, 2162, 2) == 40
    assert random_ops._parallel_for_block(100, 2162, 1) == 100

"""The float32 cross-entropy losses print TF's last digit: TF's kernels' steps (row max, Eigen's
exp and sum order, the C library's log) on values recorded from TF 2.21."""

import numpy as np

import eagerbook as tf


def test_sparse_loss_of_tfs_docstring_sized_example():
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0], logits=[[2.0, 1.0, 0.0]])
    assert loss.numpy().tolist() == [np.float32(0.40760595)]  # (NumPy's exp gave 0.407606)


def test_losses_on_random_logits_equal_tfs_bits():
    r = np.random.RandomState(0)
    logits = (r.randn(4, 3) * 3).astype(np.float32)
    labels = r.randint(0, 3, size=4)
    sparse = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    dense = tf.nn.softmax_cross_entropy_with_logits(labels=np.eye(3, dtype=np.float32)[labels],
                                                    logits=logits)
    # TF 2.21's float32 results for these logits (its bits, printed in full)
    expected = np.array([0.10572399, 1.4024305, 3.380513, 3.99207], np.float32)
    np.testing.assert_array_equal(sparse.numpy(), expected)
    np.testing.assert_array_equal(dense.numpy(), expected)


def test_ten_classes_take_a_packet_path():
    r = np.random.RandomState(1)
    logits = (r.randn(5, 10) * 3).astype(np.float32)
    labels = r.randint(0, 10, size=5)
    got = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits).numpy()
    shifted = logits.astype(np.float64) - logits.max(1, keepdims=True)
    exact = np.log(np.exp(shifted).sum(1)) - shifted[np.arange(5), labels]
    np.testing.assert_allclose(got, exact, rtol=1e-6)

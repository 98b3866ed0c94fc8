"""tf.nn.ctc_loss against a sum over every alignment, and tf.nn.ctc_greedy_decoder."""

import itertools

import numpy as np
import pytest

import eagerbook as tf


def collapse(path, blank):
    merged = [k for i, k in enumerate(path) if i == 0 or k != path[i - 1]]
    return [k for k in merged if k != blank]


def brute_force_loss(logits, labels, blank=0):
    """-log of the total probability of the frame-by-frame paths that spell `labels`."""
    probs = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
    total = 0.0
    for path in itertools.product(range(logits.shape[-1]), repeat=logits.shape[0]):
        if collapse(path, blank) == list(labels):
            total += np.prod([probs[t, k] for t, k in enumerate(path)])
    return -np.log(total)


RNG = np.random.default_rng(3)
LOGITS = RNG.normal(size=(5, 3, 3))  # [frames, batch, classes]
LABELS = np.array([[1, 2, 0], [1, 1, 0], [2, 0, 0]])  # the second repeats a label
LABEL_LENGTH = np.array([2, 2, 1])
LOGIT_LENGTH = np.array([5, 5, 3])


def test_loss_is_the_sum_over_alignments():
    loss = tf.nn.ctc_loss(LABELS, tf.constant(LOGITS), LABEL_LENGTH, LOGIT_LENGTH)
    expected = [brute_force_loss(LOGITS[:LOGIT_LENGTH[b], b], LABELS[b, :LABEL_LENGTH[b]])
                for b in range(3)]
    np.testing.assert_allclose(loss.numpy(), expected, rtol=1e-10)


def test_batch_major_sparse_labels_and_another_blank():
    logits = tf.constant(LOGITS)
    expected = tf.nn.ctc_loss(LABELS, logits, LABEL_LENGTH, LOGIT_LENGTH).numpy()
    batch_major = tf.nn.ctc_loss(LABELS, tf.transpose(logits, [1, 0, 2]), LABEL_LENGTH,
                                 LOGIT_LENGTH, logits_time_major=False)
    np.testing.assert_allclose(batch_major.numpy(), expected)
    sparse = tf.sparse.from_dense(tf.constant([[1, 2], [1, 1], [2, 0]], tf.int64))
    np.testing.assert_allclose(
        tf.nn.ctc_loss(sparse, logits, None, LOGIT_LENGTH, blank_index=0).numpy(), expected)
    # Blank last: labels name classes 0 and 1, so this is a different, checkable sum.
    last_blank = tf.nn.ctc_loss([[0, 1]], logits[:, :1], [2], [5], blank_index=-1)
    np.testing.assert_allclose(last_blank.numpy(), [brute_force_loss(LOGITS[:, 0], [0, 1], 2)],
                               rtol=1e-10)


def test_gradient_is_softmax_minus_occupancy():
    logits = tf.constant(LOGITS)
    with tf.GradientTape() as tape:
        tape.watch(logits)
        loss = tf.nn.ctc_loss(LABELS, logits, LABEL_LENGTH, LOGIT_LENGTH)
        total = tf.reduce_sum(loss * [1.0, 2.0, 3.0])
    grad = tape.gradient(total, logits).numpy()
    assert np.all(grad[3:, 2] == 0)  # frames past a sequence's length get nothing
    np.testing.assert_allclose(grad.sum(-1), 0, atol=1e-12)  # a softmax's gradient sums to 0
    eps = 1e-6
    bumped = LOGITS.copy()
    bumped[1, 0, 2] += eps
    numeric = (brute_force_loss(bumped[:, 0], [1, 2]) - brute_force_loss(LOGITS[:, 0], [1, 2]))
    assert grad[1, 0, 2] == pytest.approx(numeric / eps, rel=1e-4)


def test_greedy_decoder_merges_repeats_and_drops_blanks():
    best = [[0, 0, 2, 1, 1], [2, 1, 2, 1, 0]]  # class per frame; 2 is the blank (the last)
    logits = np.full((5, 2, 3), -1.0, np.float32)
    for b, row in enumerate(best):
        for t, k in enumerate(row):
            logits[t, b, k] = 0.5 * (t + 1)
    (decoded,), neg_sum = tf.nn.ctc_greedy_decoder(logits, [5, 4])
    assert decoded.indices.numpy().tolist() == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert decoded.values.numpy().tolist() == [0, 1, 1, 1]
    assert decoded.dense_shape.numpy().tolist() == [2, 2]
    np.testing.assert_allclose(neg_sum.numpy(), [[-7.5], [-5.0]])
    (unmerged,), _ = tf.nn.ctc_greedy_decoder(logits, [5, 4], merge_repeated=False,
                                              blank_index=0)
    assert unmerged.values.numpy().tolist() == [2, 1, 1, 2, 1, 2, 1]
    with pytest.raises(tf.errors.FailedPreconditionError, match=r"sequence_length\(0\) <= 5"):
        tf.nn.ctc_greedy_decoder(logits, [6, 4])


def test_dense_labels_that_cannot_fit_cost_about_707_not_inf():
    # [1, 1] needs three frames (a blank between the repeats): two frames cannot spell it.
    logits = tf.constant(LOGITS[:2, :1])
    with tf.GradientTape() as tape:
        tape.watch(logits)
        loss = tf.nn.ctc_loss([[1, 1]], logits, [2], [2])
    grad = tape.gradient(loss, logits).numpy()
    assert 707 < loss.numpy()[0] < 720
    assert np.all(np.isfinite(grad))
    np.testing.assert_allclose(grad.sum(axis=-1), 0, atol=1e-12)  # softmax minus a share


def test_sparse_labels_longer_than_their_frames_are_an_error():
    sparse = tf.sparse.from_dense(tf.constant([[1, 2, 1]], tf.int64))
    with pytest.raises(tf.errors.InvalidArgumentError, match="required: 3, available: 2"):
        tf.nn.ctc_loss(sparse, tf.constant(LOGITS[:, :1]), None, [2], blank_index=0)
    with pytest.raises(ValueError, match="blank_index"):
        tf.nn.ctc_loss(sparse, tf.constant(LOGITS[:, :1]), None, [5])

"""tf.nn.ctc_beam_search_decoder, collapse_repeated and ctc_unique_labels: paths, shapes and
float32 log probabilities equal TF 2.21's."""

import numpy as np
import pytest

import eagerbook as tf


def _logits():
    return tf.constant(np.random.RandomState(0).randn(6, 2, 4).astype(np.float32))


def _dense(decoded):
    return [tf.sparse.to_dense(d).numpy().tolist() for d in decoded]


def test_beam_search_paths_and_log_probabilities():
    decoded, log_probs = tf.nn.ctc_beam_search_decoder(_logits(), [6, 4], beam_width=4,
                                                        top_paths=2)
    assert _dense(decoded) == [[[0, 0, 0], [0, 2, 1]], [[0, 0, 0], [0, 2, 0]]]
    assert [d.dense_shape.numpy().tolist() for d in decoded] == [[2, 3], [2, 3]]
    np.testing.assert_array_equal(log_probs.numpy(), np.array(
        [[-2.1485214, -2.683809], [-1.9905828, -2.186648]], np.float32))


def test_a_wider_beam_finds_more_of_a_prefix_probability():
    decoded, log_probs = tf.nn.ctc_beam_search_decoder(_logits(), [6, 4], top_paths=1)
    assert _dense(decoded) == [[[0, 0, 0], [0, 2, 1]]]
    np.testing.assert_array_equal(log_probs.numpy(),
                                  np.array([[-2.0822535], [-1.9905828]], np.float32))
    decoded, log_probs = tf.nn.ctc_beam_search_decoder(_logits(), [6, 4], beam_width=1)
    assert _dense(decoded) == [[[0, 0, 0], [0, 2, 0]]]


def test_paths_of_different_lengths():
    probs = tf.constant([[[0.1, 0.2, 0.7]], [[0.6, 0.3, 0.1]], [[0.05, 0.05, 0.9]]])
    decoded, log_probs = tf.nn.ctc_beam_search_decoder(tf.math.log(probs), [3], beam_width=5,
                                                        top_paths=3)
    assert [d.values.numpy().tolist() for d in decoded] == [[0], [1], [1, 0]]
    np.testing.assert_array_equal(log_probs.numpy(), np.array(
        [[-0.75821924, -1.2801342, -2.0518265]], np.float32))


def test_beam_search_errors():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="requested more paths than the beam width"):
        tf.nn.ctc_beam_search_decoder(_logits(), [6, 4], beam_width=2, top_paths=3)
    with pytest.raises(tf.errors.FailedPreconditionError, match=r"sequence_length\(0\) <= 6"):
        tf.nn.ctc_beam_search_decoder(_logits(), [7, 4])


def test_collapse_repeated():
    labels, lengths = tf.nn.collapse_repeated(tf.constant([[1, 1, 2, 2, 3], [4, 4, 4, 0, 0]]),
                                              seq_length=[5, 3])
    assert labels.numpy().tolist() == [[1, 2, 3], [4, 0, 0]]
    assert lengths.dtype == tf.int32 and lengths.numpy().tolist() == [3, 1]
    labels, lengths = tf.nn.collapse_repeated([[1, 1, 1, 2, 1]], [4])
    assert labels.numpy().tolist() == [[1, 2]] and lengths.numpy().tolist() == [2]


def test_ctc_unique_labels():
    uniques, index = tf.nn.ctc_unique_labels(tf.constant([[3, 4, 4, 3], [1, 1, 0, 0]]))
    assert uniques.dtype == tf.int64 and index.dtype == tf.int32
    assert uniques.numpy().tolist() == [[3, 4, 0, 0], [1, 0, 0, 0]]
    assert index.numpy().tolist() == [[0, 1, 1, 0], [0, 0, 1, 1]]


def test_ties_resolve_as_tfs_top_n_list():
    # one-hot-like scores give many equal probabilities: which prefix stays in a narrow beam
    # and in which order equal paths come out follow TF's top-N list (TF 2.21's results)
    logits = tf.math.log(tf.one_hot([[1, 0, 1, 2]], 3) * 0.8 + 0.1)
    logits = tf.transpose(logits, [1, 0, 2])
    expected = {2: -2.142083168029785, 3: -2.1362826824188232, 4: -2.070263385772705,
                20: -2.070263385772705}
    for width, second in expected.items():
        decoded, log_probs = tf.nn.ctc_beam_search_decoder(logits, [4], beam_width=width,
                                                            top_paths=2)
        assert _dense(decoded) == [[[1, 0, 1]], [[1, 0]]], width
        assert log_probs.numpy()[0, 1] == np.float32(second), width

"""tf.autodiff.ForwardAccumulator's checks of its primals and tangents, in TF 2.21's order and
words: a primal listed twice first, then TF's nest error for structures that differ; a primal
that is not floating is watched all the same, with TF's warning (its integer results carry
no tangent)."""
import logging

import pytest

import eagerbook as tf


def test_a_primal_listed_twice():
    x = tf.constant([1., 2., 3.])
    with pytest.raises(ValueError) as info:
        tf.autodiff.ForwardAccumulator([x, x], [tf.ones([3])])
    # TF's words, its "{}" unfilled as TF leaves it.
    assert str(info.value) == (
        "Tensor {} was specified as a primal multiple times. This may indicate an error. If it "
        "was intended, please sum the corresponding tangents.")


def test_structures_that_differ_are_tfs_nest_error():
    x = tf.constant([1., 2., 3.])
    with pytest.raises(ValueError, match="^The two structures don't have the same nested "
                                         "structure.") as info:
        tf.autodiff.ForwardAccumulator(x, [1., 2., 3.])
    assert "Second structure: type=list str=[1.0, 2.0, 3.0]" in str(info.value)


def test_an_integer_primal_is_watched_with_tfs_warning(caplog):
    x = tf.constant([1, 2])
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        with tf.autodiff.ForwardAccumulator(x, tf.constant([1, 1])) as acc:
            y = x * 2
    assert "The dtype of the watched primal must be floating (e.g. tf.float32), got tf.int32" \
        in caplog.text
    assert acc.jvp(y) is None


def test_matching_structures_still_give_jvps():
    x = tf.constant([1., 2., 3.])
    with tf.autodiff.ForwardAccumulator([x], [tf.ones([3])]) as acc:
        y = x ** 2
    assert [t.numpy().tolist() for t in acc.jvp([y, y])] == [[2., 4., 6.], [2., 4., 6.]]

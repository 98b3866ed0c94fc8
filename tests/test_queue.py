"""tf.queue.FIFOQueue, eagerly: elements of typed components, first in first out, closing."""

import numpy as np
import pytest

import eagerbook as tf


def test_enqueue_dequeue_in_order_with_components():
    q = tf.queue.FIFOQueue(3, [tf.int32, tf.float32], shapes=[[], []])
    assert q.enqueue((1, 2.0)) is None
    q.enqueue_many(([3, 4], [5.0, 6.0]))
    assert int(q.size()) == 3 and q.size().dtype == tf.int32
    first = q.dequeue()
    assert [t.dtype for t in first] == [tf.int32, tf.float32] and int(first[0]) == 1
    ints, floats = q.dequeue_many(2)
    np.testing.assert_array_equal(ints.numpy(), [3, 4])
    np.testing.assert_array_equal(floats.numpy(), [5.0, 6.0])
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        q.enqueue((1.5, 2.0))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Signature mismatch"):
        q.enqueue(1)
    assert int(q.size()) == 0  # nothing was added by the failed calls


def test_shapes_names_and_single_components():
    q = tf.queue.FIFOQueue(10, tf.int32, shapes=tf.TensorShape(2))
    with pytest.raises(ValueError, match=r"Shapes \(3,\) and \(2,\) are incompatible"):
        q.enqueue(tf.constant([1, 2, 3]))
    q.enqueue(tf.constant([1, 2]))
    q.enqueue(tf.constant([3, 4]))
    assert q.dequeue_many(2).shape == [2, 2]
    named = tf.queue.FIFOQueue(10, tf.int32, names="a")
    named.enqueue({"a": 3})
    out = named.dequeue()
    assert list(out) == ["a"] and int(out["a"]) == 3


def test_closing():
    q = tf.queue.FIFOQueue(10, tf.int32, shapes=[[2]])
    q.enqueue(tf.constant([1, 2]))
    assert not bool(q.is_closed())
    q.close()
    assert bool(q.is_closed())
    with pytest.raises(tf.errors.CancelledError, match="is closed"):
        q.enqueue(tf.constant([3, 4]))
    with pytest.raises(tf.errors.OutOfRangeError, match=r"insufficient elements \(requested 3, "
                                                       r"current size 1\)"):
        q.dequeue_many(3)
    assert q.dequeue_up_to(3).shape == [1, 2]  # what is left, once closed
    with pytest.raises(tf.errors.OutOfRangeError):
        q.dequeue()


def test_dequeue_many_needs_shapes_and_one_thread_cannot_wait():
    q = tf.queue.FIFOQueue(1, tf.int32)
    with pytest.raises(tf.errors.InvalidArgumentError, match="require the components to have "
                                                             "specified shapes"):
        q.dequeue_many(1)
    with pytest.raises(tf.errors.DeadlineExceededError, match="one thread"):
        q.dequeue()  # empty and open: TF would wait forever
    q.enqueue(1)
    with pytest.raises(tf.errors.DeadlineExceededError, match="full"):
        q.enqueue(2)
    assert tf.compat.v1.FIFOQueue is tf.queue.FIFOQueue

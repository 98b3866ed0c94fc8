"""tf.queue's eager errors in TF 2.21's words and frame (``QueueEnqueueV2_Tcomponents_1``,
``QueueDequeueV2_component_types_1``) with TF's " name: " endings, and TF's eager queue name."""

import re

import pytest

import eagerbook as tf

FRAME = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


def _message(info):
    return re.sub(r"'\d+'", "'N'", str(info.value))  # (the queue's number: TF's resource id)


def test_eager_queues_are_named_empty_as_in_tf():
    assert tf.queue.FIFOQueue(2, tf.int32, name="mine").name == "Empty"


def test_closed_queue_errors():
    q = tf.queue.FIFOQueue(2, tf.int32)
    q.enqueue(1)
    q.close()
    with pytest.raises(tf.errors.CancelledError) as info:
        q.enqueue(3, name="ignored")  # (enqueue opens a name scope: "name: " alone)
    assert _message(info) == FRAME % "QueueEnqueueV2_Tcomponents_1" + \
        "FIFOQueue 'N' is closed. [Op:QueueEnqueueV2] name: "
    with pytest.raises(tf.errors.CancelledError) as info:
        q.enqueue_many([[3, 4]])
    assert _message(info) == FRAME % "QueueEnqueueManyV2_Tcomponents_1" + \
        "FIFOQueue 'N' is closed. [Op:QueueEnqueueManyV2] name: "
    assert q.dequeue().numpy() == 1
    with pytest.raises(tf.errors.OutOfRangeError) as info:
        q.dequeue()
    assert _message(info) == FRAME % "QueueDequeueV2_component_types_1" + (
        "FIFOQueue 'N' is closed and has insufficient elements (requested 1, current size 0) "
        "[Op:QueueDequeueV2] name: Empty_Dequeue")
    with pytest.raises(tf.errors.OutOfRangeError, match=r"\[Op:QueueDequeueV2\] name: mine$"):
        q.dequeue(name="mine")


def test_many_and_up_to_errors():
    q = tf.queue.FIFOQueue(3, [tf.int32, tf.int32], shapes=[[], []])
    q.close()
    with pytest.raises(tf.errors.OutOfRangeError) as info:
        q.dequeue_up_to(2)
    assert _message(info) == FRAME % "QueueDequeueUpToV2_component_types_2" + (
        "FIFOQueue 'N' is closed and has insufficient elements (requested 2, current size 0) "
        "[Op:QueueDequeueUpToV2] name: Empty_DequeueUpTo")
    unshaped = tf.queue.FIFOQueue(2, tf.int32)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        unshaped.dequeue_many(2)
    assert _message(info) == FRAME % "QueueDequeueManyV2_component_types_1" + (
        "FIFOQueue's DequeueMany and DequeueUpTo require the components to have specified "
        "shapes. [Op:QueueDequeueManyV2] name: Empty_DequeueMany")


def test_signature_mismatch():
    q = tf.queue.FIFOQueue(1, [tf.int32, tf.float32], shapes=[[], []])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        q.enqueue([1])
    assert _message(info) == FRAME % "QueueEnqueueV2_Tcomponents_1" + (
        "Signature mismatch, have: resource, int32-> expected: resource, int32, float-> "
        "[Op:QueueEnqueueV2] name: ")

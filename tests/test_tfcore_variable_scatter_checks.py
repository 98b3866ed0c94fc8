"""A Variable's scatter methods check the updates' shape as TF 2.21's ResourceScatter* and
ResourceScatterNd* kernels do, in their words (each expectation is what TF printed)."""

import pytest

import eagerbook as tf

FRAME = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


def _message(call):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    return str(info.value)


def test_scatter_add_checks_the_rows_shape():
    v = tf.Variable(tf.zeros([2, 2]))
    assert _message(lambda: v.scatter_add(tf.IndexedSlices([10.0, 10.0, 10.0], [1]))) == (
        FRAME % "ResourceScatterAdd" + "Must have updates.shape = indices.shape + "
        "params.shape[1:] or updates.shape = [], got updates.shape [3], indices.shape [1], "
        "params.shape [2,2] [Op:ResourceScatterAdd]")


@pytest.mark.parametrize("method, indices, updates, op, words", [
    ("scatter_nd_update", [[0]], [[1.0, 2.0, 3.0]], "ResourceScatterNdUpdate",
     "Dimensions [1,2) of input[shape=[2,2]] must match dimensions [1,2) of "
     "updates[shape=[1,3]]"),
    ("scatter_nd_add", [[0, 1]], [1.0, 2.0], "ResourceScatterNdAdd",
     "Dimensions [0,1) of indices[shape=[1,2]] = 1 must match dimensions [0,1) of "
     "updates[shape=[2]] = 2"),
    ("scatter_nd_sub", [[0]], [1.0], "ResourceScatterNdSub",
     "Dimensions [1,2) of input[shape=[2,2]] must match dimensions [1,1) of "
     "updates[shape=[1]]"),
    ("scatter_nd_update", [[5]], [[1.0, 2.0]], "ResourceScatterNdUpdate",
     "indices[0] = [5] does not index into shape [2,2]"),
])
def test_scatter_nd_checks(method, indices, updates, op, words):
    v = tf.Variable(tf.zeros([2, 2]))
    # (Python lists go down TF's slower road: no " name: ")
    assert _message(lambda: getattr(v, method)(indices, updates)) == (
        FRAME % op + words + f" [Op:{op}]")


@pytest.mark.parametrize("indices, updates, words", [
    ([2, 1, 1], [2, 3, 2, 3], "Dimensions [0,2) of indices[shape=[2,1,1]] must match "
                              "dimensions [0,2) of updates[shape=[2,3,2,3]]"),
    ([2, 2, 1], [2], "Dimensions [0,2) of indices[shape=[2,2,1]] must match dimensions [0,2) "
                     "of updates[shape=[2]]"),
    ([3], [3], "Dimensions [1,3) of input[shape=[2,2,3]] must match dimensions [1,1) of "
               "updates[shape=[3]]"),
])
def test_scatter_nd_checks_with_tensors(indices, updates, words):
    v = tf.Variable(tf.zeros([2, 2, 3]))

    def call():
        return v.scatter_nd_update(tf.zeros(indices, tf.int32), tf.zeros(updates))
    assert _message(call) == (FRAME % "ResourceScatterNdUpdate" + words
                              + " [Op:ResourceScatterNdUpdate] name: ")


def test_batch_scatter_update_of_rows_goes_through_scatter_nd_update():
    v = tf.Variable(tf.zeros([2, 2]))
    assert _message(lambda: v.batch_scatter_update(tf.IndexedSlices([[1.0, 1.0, 1.0]], [0]))) \
        == (FRAME % "ResourceScatterNdUpdate" + "Dimensions [1,2) of input[shape=[2,2]] must "
            "match dimensions [1,2) of updates[shape=[1,3]] [Op:ResourceScatterNdUpdate] name: ")
    v.batch_scatter_update(tf.IndexedSlices([[1.0, 2.0]], [1]))
    assert v.numpy().tolist() == [[0.0, 0.0], [1.0, 2.0]]

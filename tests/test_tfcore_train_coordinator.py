"""tf.train.Coordinator, tf.train.checkpoints_iterator, TensorProto's shape field and block
linear operators applied to a plain list."""

import threading

import numpy as np
import pytest

import eagerbook as tf


def test_coordinator_stops_threads_and_reraises_at_join():
    coord = tf.train.Coordinator()
    assert not coord.should_stop()
    ticks = []

    def work():
        while not coord.should_stop():
            ticks.append(1)
            if len(ticks) > 3:
                coord.request_stop()
            coord.wait_for_stop(0.01)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    coord.join(threads)
    assert coord.should_stop() and coord.joined
    coord.clear_stop()
    assert not coord.should_stop()

    def fail():
        with coord.stop_on_exception():
            raise ValueError("boom")

    thread = threading.Thread(target=fail)
    thread.start()
    with pytest.raises(ValueError, match="boom"):
        coord.join([thread])


def test_coordinator_clean_stop_exception_is_not_raised():
    coord = tf.train.Coordinator()
    coord.request_stop(tf.errors.OutOfRangeError(None, None, "end of input"))
    coord.join([])
    coord.raise_requested_exception()  # nothing kept


def test_checkpoints_iterator_yields_the_latest_checkpoint(tmp_path):
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=tf.Variable(1.)),
                                         str(tmp_path), max_to_keep=2)
    manager.save()
    manager.save()
    found = list(tf.train.checkpoints_iterator(str(tmp_path), timeout=0.1))
    assert [p.rsplit("/", 1)[-1] for p in found] == ["ckpt-2"]
    assert list(tf.train.checkpoints_iterator(str(tmp_path / "none"), timeout=0.1)) == []


def test_tensor_proto_shape_and_value_fields():
    proto = tf.make_tensor_proto([[1, 2], [3, 4]])
    assert str(proto.tensor_shape) == "dim {\n  size: 2\n}\ndim {\n  size: 2\n}\n"
    assert proto.tensor_shape.dim[0].size == 2 and not proto.tensor_shape.unknown_rank
    assert str(tf.make_tensor_proto(3.5).tensor_shape) == ""
    assert tf.make_tensor_proto(3.5).float_val == [3.5]
    assert proto.float_val == []
    with pytest.raises(AttributeError):
        proto.no_such_field  # noqa: B018 - the lookup is what is tested


def test_block_operators_take_a_plain_list_as_one_dense_argument():
    blt = tf.linalg.LinearOperatorBlockLowerTriangular(
        [[tf.linalg.LinearOperatorIdentity(2)],
         [tf.linalg.LinearOperatorFullMatrix(tf.ones([1, 2])), tf.linalg.LinearOperatorDiag([3.])]])
    np.testing.assert_array_equal(blt.matvec([1., 1., 1.]).numpy(), [1., 1., 5.])
    blocks = blt.matvec([tf.ones([2]), tf.ones([1])])  # one tensor per block: blocks out
    assert [b.numpy().tolist() for b in blocks] == [[1., 1.], [5.]]
    diag = tf.linalg.LinearOperatorBlockDiag([tf.linalg.LinearOperatorDiag([2.]),
                                              tf.linalg.LinearOperatorDiag([3., 4.])])
    np.testing.assert_array_equal(diag.matvec([1., 1., 1.]).numpy(), [2., 3., 4.])


@pytest.mark.parametrize("draw, op", [
    (lambda: tf.random.stateless_uniform([3], seed=[1, 2], alg="threefry"),
     "StatelessRandomUniformV2"),
    (lambda: tf.random.stateless_normal([3], seed=[1, 2], alg=tf.random.Algorithm.THREEFRY),
     "StatelessRandomNormalV2"),
    (lambda: tf.random.stateless_uniform([3], seed=[1, 2], alg="threefry", dtype=tf.int32,
                                         minval=0, maxval=5), "StatelessRandomUniformIntV2"),
    (lambda: tf.random.experimental.stateless_split([1, 2], alg="threefry"),
     "StatelessRandomUniformFullIntV2"),
])
def test_stateless_ops_reject_threefry_as_tf_kernels(draw, op):
    # TF's stateless kernels get a one-word counter from a ThreeFry seed and refuse it
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=rf"counter must be a vector with length at least 2.*\[Op:{op}\]"):
        draw()
    assert tf.random.stateless_uniform([2], seed=[1, 2], alg="philox").shape == (2,)

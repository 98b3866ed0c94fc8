"""tf.train.ExponentialMovingAverage and tf.train.ClusterSpec, against values TF 2.21 gives."""

import numpy as np
import pytest

import eagerbook as tf


def test_moving_average_starts_at_the_variable_and_trails_it():
    v = tf.Variable(0.0, name="ema_a")
    ema = tf.train.ExponentialMovingAverage(decay=0.9)
    assert ema.apply([v]) is None
    seen = []
    for x in [1.0, 2.0, 3.0]:
        v.assign(x)
        ema.apply([v])
        seen.append(ema.average(v).numpy())
    # float32 steps of (1 - 0.9): TF prints 0.100000024, 0.29000008, 0.5610001
    np.testing.assert_array_equal(seen, np.array([0.100000024, 0.29000008, 0.5610001],
                                                 np.float32))
    assert ema.average(v).trainable is False
    assert ema.average_name(v) == "ema_a/ExponentialMovingAverage"
    assert ema.average(v).name.startswith("ema_a/ExponentialMovingAverage")


def test_num_updates_makes_the_early_decay_small():
    v = tf.Variable([1.0, 2.0])
    ema = tf.train.ExponentialMovingAverage(0.5, num_updates=tf.Variable(0))
    ema.apply([v])
    v.assign([3.0, 4.0])
    ema.apply([v])
    # decay = min(0.5, 1/10): the shadow moves 90% of the way
    np.testing.assert_allclose(ema.average(v).numpy(), [2.8, 3.8], rtol=1e-6)
    assert ema.average(tf.Variable(1.0)) is None


def test_second_shadow_of_one_name_is_numbered_and_restore_map():
    w = tf.Variable(1.0, name="ema_b")
    first = tf.train.ExponentialMovingAverage(0.9)
    second = tf.train.ExponentialMovingAverage(0.9)
    first.apply([w])
    second.apply([w])
    assert first.average(w).name == "ema_b/ExponentialMovingAverage:0"
    assert second.average(w).name == "ema_b/ExponentialMovingAverage_1:0"
    assert first.variables_to_restore()["ema_b/ExponentialMovingAverage"] is w


def test_moving_average_refuses_what_tf_refuses():
    ema = tf.train.ExponentialMovingAverage(0.9)
    with pytest.raises(TypeError, match="must be half, float, or double"):
        ema.apply([tf.Variable(1)])
    with pytest.raises(TypeError, match="does not support non-Variable tensors"):
        ema.apply([tf.constant(1.0)])


def test_moving_average_applied_inside_a_function():
    v = tf.Variable([1.0, 2.0])
    ema = tf.train.ExponentialMovingAverage(0.99)
    ema.apply([v])

    @tf.function
    def step():
        v.assign_add([1.0, 1.0])
        ema.apply([v])

    step()
    np.testing.assert_allclose(ema.average(v).numpy(), [1.01, 2.01], rtol=1e-6)


def test_cluster_spec():
    cs = tf.train.ClusterSpec({"worker": ["w0:2222", "w1:2222"], "ps": ["ps0:2222"]})
    assert repr(cs) == "ClusterSpec({'ps': ['ps0:2222'], 'worker': ['w0:2222', 'w1:2222']})"
    assert cs.jobs == ["worker", "ps"] and cs.num_tasks("worker") == 2
    assert cs.task_address("worker", 1) == "w1:2222" and cs.task_indices("ps") == [0]
    assert cs.as_dict() == {"worker": ["w0:2222", "w1:2222"], "ps": ["ps0:2222"]}
    sparse = tf.train.ClusterSpec({"worker": {1: "w1:2222", 3: "w3:2222"}})
    assert sparse.job_tasks("worker") == [None, "w1:2222", None, "w3:2222"]
    assert tf.train.ClusterSpec(cs) == cs and cs != sparse and not tf.train.ClusterSpec({})
    with pytest.raises(ValueError, match="No such job in cluster: 'chief'"):
        cs.num_tasks("chief")
    with pytest.raises(ValueError, match="No task with index 5 in job 'worker'"):
        cs.task_address("worker", 5)
    with pytest.raises(TypeError, match="must be a list or a dictionary"):
        tf.train.ClusterSpec({"w": "a:1"})

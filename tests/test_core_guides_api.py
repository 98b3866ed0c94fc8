"""Behaviours TensorFlow's core guides rely on (expected values as TF 2 gives them)."""

import pytest

import eagerbook as tf
from eagerbook.framework import config


@pytest.fixture
def restore_logical_devices():
    saved = config._LOGICAL, dict(config._LOGICAL_CONFIGURATION)
    yield
    config._LOGICAL = saved[0]
    config._LOGICAL_CONFIGURATION.clear()
    config._LOGICAL_CONFIGURATION.update(saved[1])


def test_virtual_cpus_become_logical_devices(restore_logical_devices):
    # The random-number guide's setup: two logical CPUs for a distribution strategy.
    cpu = tf.config.experimental.list_physical_devices("CPU")[0]
    two = [tf.config.experimental.VirtualDeviceConfiguration()] * 2
    tf.config.experimental.set_virtual_device_configuration(cpu, two)
    assert [d.name for d in tf.config.list_logical_devices("CPU")] == [
        "/device:CPU:0", "/device:CPU:1"]
    assert tf.config.get_logical_device_configuration(cpu) == two
    assert two[0] == tf.config.LogicalDeviceConfiguration(memory_limit=None)
    with pytest.raises(ValueError):
        tf.config.set_logical_device_configuration("GPU:0", two)


def test_adjust_contrast_is_one_op_without_gradient():
    image = tf.Variable([[[0.5, 0.0, 0.0]]])
    with tf.GradientTape() as tape:
        out = tf.image.adjust_contrast(image, 0.1)
    with pytest.raises(LookupError, match="gradient registry has no entry for: "
                                          "AdjustContrastv2"):
        tape.gradient(out, image)
    x = tf.reshape(tf.range(12, dtype=tf.float32), [2, 2, 3])
    assert tf.image.adjust_contrast(x, 2.).numpy()[0, 0].tolist() == [-4.5, -3.5, -2.5]
    assert tf.image.adjust_contrast(tf.cast(x, tf.float64), 2.).dtype == tf.float64
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"got shape\[2,3\]"):
        tf.image.adjust_contrast(tf.zeros([2, 3]), 2.)


def test_sparse_add_keeps_indices_outside_the_shape():
    a = tf.sparse.SparseTensor(indices=[[0, 2], [3, 4]], values=[31, 2], dense_shape=[4, 10])
    b = tf.sparse.SparseTensor(indices=[[0, 2], [7, 0]], values=[56, 38], dense_shape=[4, 10])
    total = tf.sparse.add(a, b)
    assert total.indices.numpy().tolist() == [[0, 2], [3, 4], [7, 0]]
    assert total.values.numpy().tolist() == [87, 2, 38]


def test_autograph_keeps_global_and_nonlocal_assignments_in_branches():
    # TF: a name the function declares global/nonlocal and assigns inside an `if` (a Python
    # condition) is assigned in the enclosing scope, not in the branch function AutoGraph makes.
    made = []

    def outer():
        state = None

        @tf.function
        def f(x):
            nonlocal state
            if state is None:
                state = tf.Variable(0.0)
                made.append(state)
            return state.assign_add(x)

        f(tf.constant(1.0))
        return f(tf.constant(2.0)), state

    total, state = outer()
    assert float(total) == 3.0 and state is made[0] and len(made) == 1

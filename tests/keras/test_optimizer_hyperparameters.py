"""Keras 2 keeps an optimizer's hyperparameters in float32 Variables: ``optimizer.lr`` can be
assigned, read with ``backend.get_value`` and saved in checkpoints (outputs as TF 2 with
``tf.keras.optimizers.legacy``/Keras 2 prints them)."""

import numpy as np
import pytest

import eagerbook as tf


def test_learning_rate_is_a_float32_variable_named_after_the_optimizer():
    opt = tf.keras.optimizers.Adam(0.01)
    lr = opt.learning_rate
    assert isinstance(lr, tf.Variable)
    assert opt.lr is lr
    assert lr.dtype == tf.float32 and lr.shape == ()
    assert lr.name == "learning_rate:0"  # (TF 2.21: the optimizer's name is not in it)
    assert float(lr.numpy()) == float(np.float32(0.01))  # 0.009999999776482582, as TF
    assert not lr.trainable


def test_setting_a_number_assigns_into_the_same_variable():
    opt = tf.keras.optimizers.SGD(0.1)
    lr = opt.lr
    opt.learning_rate = 0.25
    assert opt.lr is lr and lr.numpy() == 0.25
    tf.keras.backend.set_value(opt.lr, 0.5)
    assert opt.learning_rate.numpy() == 0.5
    opt.lr.assign(0.125)  # the custom-callback guide's schedule does this
    assert tf.keras.backend.get_value(opt.lr) == 0.125
    assert opt.get_config()["learning_rate"] == 0.125


def test_the_assigned_rate_is_the_one_the_update_uses():
    opt = tf.keras.optimizers.SGD(1.0)
    v = tf.Variable(1.0)
    opt.lr.assign(0.5)
    opt.apply_gradients([(tf.constant(1.0), v)])
    assert v.numpy() == 0.5


def test_a_schedule_replaces_the_variable_and_a_callable_is_called():
    opt = tf.keras.optimizers.legacy.SGD(0.1)  # (the legacy optimizers give the schedule)
    schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5)
    opt.learning_rate = schedule
    assert opt.lr is schedule
    assert tf.keras.optimizers.Adam(lambda: 0.3).lr == 0.3


def test_get_config_shows_the_float32_values_as_short_decimals():
    opt = tf.keras.optimizers.Adam(0.01)
    assert isinstance(opt.learning_rate, tf.Variable)  # made on first use
    assert opt.get_config() == {"name": "Adam", "learning_rate": 0.01, "decay": 0.0,
                                "beta_1": 0.9, "beta_2": 0.999, "epsilon": 1e-07,
                                "amsgrad": False}
    sgd = tf.keras.optimizers.SGD(0.1, momentum=0.9)
    assert isinstance(sgd.lr, tf.Variable)
    assert sgd.get_config() == {"name": "SGD", "learning_rate": 0.1, "decay": 0.0,
                                "momentum": 0.9, "nesterov": False}
    assert tf.keras.optimizers.SGD.from_config(sgd.get_config()).momentum == pytest.approx(0.9)


def test_update_rules_read_beta_and_momentum_as_floats_from_their_variables():
    opt = tf.keras.optimizers.Adam(0.1, beta_1=0.5)
    assert isinstance(opt.learning_rate, tf.Variable)
    assert isinstance(opt.beta_1, float) and opt.beta_1 == 0.5
    opt._hyper["beta_1"].assign(0.25)  # as a checkpoint restore would
    assert opt.beta_1 == 0.25


def test_checkpoint_keys_of_optimizer_slots_hyperparameters_and_an_iterator(tmp_path):
    """TF 2's checkpoint guide (Keras 2 optimizer): the same key list."""
    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.l1 = tf.keras.layers.Dense(5, name="l1")  # no auto-name used up

        def call(self, x):
            return self.l1(x)

    net = Net()
    opt = tf.keras.optimizers.Adam(0.1)
    dataset = tf.data.Dataset.from_tensor_slices(np.arange(10.0, dtype="float32")[:, None])
    iterator = iter(dataset.repeat().batch(2))
    ckpt = tf.train.Checkpoint(step=tf.Variable(1), optimizer=opt, net=net, iterator=iterator)
    x = next(iterator)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(net(x))
    grads = tape.gradient(loss, net.trainable_variables)
    opt.apply_gradients(zip(grads, net.trainable_variables))
    path = ckpt.save(str(tmp_path / "ckpt"))
    keys = [k for k, _ in tf.train.list_variables(path)]
    assert keys == [
        "_CHECKPOINTABLE_OBJECT_GRAPH",
        "iterator/.ATTRIBUTES/ITERATOR_STATE",
        "net/l1/bias/.ATTRIBUTES/VARIABLE_VALUE",
        "net/l1/bias/.OPTIMIZER_SLOT/optimizer/m/.ATTRIBUTES/VARIABLE_VALUE",
        "net/l1/bias/.OPTIMIZER_SLOT/optimizer/v/.ATTRIBUTES/VARIABLE_VALUE",
        "net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE",
        "net/l1/kernel/.OPTIMIZER_SLOT/optimizer/m/.ATTRIBUTES/VARIABLE_VALUE",
        "net/l1/kernel/.OPTIMIZER_SLOT/optimizer/v/.ATTRIBUTES/VARIABLE_VALUE",
        "optimizer/beta_1/.ATTRIBUTES/VARIABLE_VALUE",
        "optimizer/beta_2/.ATTRIBUTES/VARIABLE_VALUE",
        "optimizer/decay/.ATTRIBUTES/VARIABLE_VALUE",
        "optimizer/iter/.ATTRIBUTES/VARIABLE_VALUE",
        "optimizer/learning_rate/.ATTRIBUTES/VARIABLE_VALUE",
        "save_counter/.ATTRIBUTES/VARIABLE_VALUE",
        "step/.ATTRIBUTES/VARIABLE_VALUE",
    ]
    reader = tf.train.load_checkpoint(path)
    assert reader.get_tensor("optimizer/learning_rate/.ATTRIBUTES/VARIABLE_VALUE") == \
        np.float32(0.1)


def test_a_restore_brings_the_learning_rate_back(tmp_path):
    opt = tf.keras.optimizers.SGD(0.1)
    path = tf.train.Checkpoint(optimizer=opt).save(str(tmp_path / "ckpt"))
    fresh = tf.keras.optimizers.SGD(0.7)
    tf.train.Checkpoint(optimizer=fresh).restore(path).assert_existing_objects_matched()
    assert fresh.learning_rate.numpy() == np.float32(0.1)


def test_the_iterator_position_round_trips_under_tfs_key(tmp_path):
    it = iter(tf.data.Dataset.range(10))
    ckpt = tf.train.Checkpoint(iterator=it)
    next(it), next(it), next(it)
    path = ckpt.save(str(tmp_path / "ckpt"))
    fresh = iter(tf.data.Dataset.range(10))
    tf.train.Checkpoint(iterator=fresh).restore(path)
    assert int(next(fresh)) == 3

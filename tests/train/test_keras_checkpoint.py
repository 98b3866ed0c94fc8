"""Checkpoints of Keras objects: model + optimizer (slots included) round-trip exactly, deferred
restoration into unbuilt models, save_weights/load_weights, metrics, mismatches."""

import os

import numpy as np
import pytest

import eagerbook as tf
from eagerbook import keras
from eagerbook.checkpoints import Checkpoint, CheckpointManager, checkpoint, latest_checkpoint


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    yield
    checkpoint._PENDING.clear()


X = np.random.default_rng(0).random((4, 8, 8, 1)).astype(np.float32)
Y = np.array([0, 2, 1, 2])


def make_model(units=3):
    return keras.Sequential([
        keras.layers.Conv2D(4, 3, activation="relu"),
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dense(units),
    ])


class Subclassed(keras.Model):
    def __init__(self):
        super().__init__()
        self.conv = keras.layers.Conv2D(2, 3)
        self.pool = keras.layers.GlobalAveragePooling2D()
        self.head = keras.layers.Dense(3)
        self.scale = tf.Variable(1.5)

    def call(self, x):
        return self.head(self.pool(self.conv(x))) * self.scale


_LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(model, optimizer):
    with tf.GradientTape() as tape:
        loss = _LOSS(Y, model(X))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return float(loss)


def state(model, optimizer):
    return [v.numpy() for v in model.variables] + [v.numpy() for v in optimizer.variables()]


def assert_same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("make", [make_model, Subclassed])
def test_model_and_optimizer_round_trip_exactly_with_deferred_restore(make):
    model, opt = make(), keras.optimizers.Adam(0.01)
    for _ in range(3):
        train_step(model, opt)
    assert Checkpoint(model=model, optimizer=opt).save("ckpts/ckpt") == "ckpts/ckpt-1"

    fresh, fresh_opt = make(), keras.optimizers.Adam(0.01)  # not built, no slots yet
    status = Checkpoint(model=fresh, optimizer=fresh_opt).restore(
        latest_checkpoint("ckpts"))
    assert int(fresh_opt.iterations) == 3  # exists already: restored at once
    np.testing.assert_array_equal(fresh(X).numpy(), model(X).numpy())  # built -> restored
    # The next step creates Adam's slots; they receive the saved moments before updating.
    assert train_step(fresh, fresh_opt) == train_step(model, opt)
    assert_same(state(fresh, fresh_opt), state(model, opt))
    status.assert_consumed()


def test_restore_into_built_model_is_immediate_and_consumed():
    model, opt = make_model(), keras.optimizers.SGD(0.1, momentum=0.9)
    train_step(model, opt)
    path = Checkpoint(model=model, optimizer=opt).write("w/ckpt")
    other, other_opt = make_model(), keras.optimizers.SGD(0.1, momentum=0.9)
    train_step(other, other_opt)
    Checkpoint(model=other, optimizer=other_opt).read(path).assert_consumed()
    assert_same(state(other, other_opt), state(model, opt))


def test_shape_mismatch_on_build_changes_nothing():
    model = make_model(units=3)
    model(X)
    path = Checkpoint(model=model).write("m/ckpt")
    wrong = make_model(units=5)
    Checkpoint(model=wrong).read(path)
    with pytest.raises(ValueError, match="incompatible"):
        wrong(X)
    wrong_built = make_model(units=5)
    wrong_built(X)
    before = [v.numpy() for v in wrong_built.variables]
    with pytest.raises(ValueError, match="incompatible"):
        Checkpoint(model=wrong_built).read(path)
    assert_same([v.numpy() for v in wrong_built.variables], before)


def test_save_weights_and_load_weights():
    model = make_model()
    model(X)
    model.save_weights("weights/my_model")
    assert os.path.exists("weights/my_model.index")
    assert latest_checkpoint("weights") == os.path.join("weights", "my_model")
    fresh = make_model()
    status = fresh.load_weights("weights/my_model")
    np.testing.assert_array_equal(fresh(X).numpy(), model(X).numpy())
    status.assert_consumed()
    model.save_weights("weights/model.h5")  # one file, as TF writes (our format inside)
    assert os.path.isfile("weights/model.h5")
    fresh = make_model()
    fresh(X)
    assert fresh.load_weights("weights/model.h5") is None
    np.testing.assert_array_equal(fresh(X).numpy(), model(X).numpy())
    with pytest.raises(AssertionError):  # a checkpoint of something else entirely
        Checkpoint(v=tf.Variable(1.0)).write("weights/other")
        make_model().load_weights("weights/other")


def test_metrics_state_is_checkpointed():
    mean = keras.metrics.Mean()
    mean(0.0)
    mean(5.0)
    path = Checkpoint(metric=mean).write("metric/ckpt")
    other = keras.metrics.Mean()
    Checkpoint(metric=other).read(path).assert_consumed()
    assert float(other.result()) == 2.5
    other([8.0, 9.0])
    assert float(other.result()) == 5.5


def test_manager_with_a_training_loop():
    model, opt = make_model(), keras.optimizers.Adam(0.01)
    ckpt = Checkpoint(step=tf.Variable(0), model=model, optimizer=opt)
    manager = CheckpointManager(ckpt, "run", max_to_keep=2)
    for _ in range(3):
        train_step(model, opt)
        ckpt.step.assign_add(1)
        manager.save()
    assert [os.path.basename(p) for p in manager.checkpoints] == ["ckpt-2", "ckpt-3"]
    fresh = Checkpoint(step=tf.Variable(0), model=make_model(),
                       optimizer=keras.optimizers.Adam(0.01))
    CheckpointManager(fresh, "run", max_to_keep=2).restore_or_initialize()
    assert int(fresh.step) == 3
    np.testing.assert_array_equal(fresh.model(X).numpy(), model(X).numpy())


def _dense_stack(*extra):
    return keras.Sequential([keras.layers.Dense(2, input_shape=(3,)), *extra,
                             keras.layers.Dense(1)])


def test_positional_models_save_under_layer_with_weights_as_tf_does():
    model = _dense_stack(keras.layers.Dropout(0.1))
    model.save_weights("w")
    assert [k for k, _ in tf.train.list_variables("w")] == [
        "_CHECKPOINTABLE_OBJECT_GRAPH",
        "layer_with_weights-0/bias/.ATTRIBUTES/VARIABLE_VALUE",
        "layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE",
        "layer_with_weights-1/bias/.ATTRIBUTES/VARIABLE_VALUE",
        "layer_with_weights-1/kernel/.ATTRIBUTES/VARIABLE_VALUE"]
    inputs = keras.Input((3,))
    functional = keras.Model(inputs, keras.layers.Dense(2)(keras.layers.Flatten()(inputs)))
    functional.compile(keras.optimizers.Adam(), "mse")
    functional.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    path = Checkpoint(model=functional).write("f")
    keys = [k for k, _ in tf.train.list_variables(path)]
    assert "model/layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE" in keys
    assert "model/layer_with_weights-0/kernel/.OPTIMIZER_SLOT/model/optimizer/m/" \
           ".ATTRIBUTES/VARIABLE_VALUE" in keys
    assert not any(k.startswith("model/layer-") for k in keys)


def test_inserting_a_layer_without_weights_keeps_the_checkpoint_usable():
    saved = _dense_stack()
    saved.save_weights("w")
    grown = _dense_stack(keras.layers.Dropout(0.1))
    grown.load_weights("w").assert_consumed()
    for a, b in zip(saved.weights, grown.weights, strict=True):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    unbuilt = keras.Sequential([keras.layers.Dense(2), keras.layers.Dense(1)])
    unbuilt.load_weights("w")
    unbuilt(np.ones((1, 3), np.float32))   # deferred: restored on build, through layer-N
    for a, b in zip(saved.weights, unbuilt.weights, strict=True):
        np.testing.assert_array_equal(a.numpy(), b.numpy())

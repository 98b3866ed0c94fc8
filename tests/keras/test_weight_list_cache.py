"""A layer's weight lists are kept between calls (a training step asks for them twice), and
every change that can alter them is seen: attributes set or deleted, add_weight, trainable
flags, Sequential's add/pop, and lists or dicts a layer holds changed in place."""

import numpy as np

import eagerbook as tf


def _names(variables):
    return [v.name for v in variables]


class Holder(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.blocks = [tf.keras.layers.Dense(2)]
        self.table = {}
        self.pair = (tf.keras.layers.Dense(3), [])

    def call(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def test_the_same_lists_come_back_while_nothing_changes():
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(2,)),
                                 tf.keras.layers.Dense(1)])
    first = model.trainable_variables
    assert _names(first) == _names(model.trainable_variables)
    assert all(a is b for a, b in zip(first, model.trainable_variables))
    first.append("not a variable")  # the caller's list is its own
    assert len(model.trainable_variables) == 4


def test_a_called_sequential_keeps_its_lists():
    # Sequential's bookkeeping of its inferred graph (layer, node pairs) must not turn the
    # cache off: the lists would be walked twice per training step (~0.15 ms each).
    from eagerbook.keras.layers import base
    for first in ([tf.keras.layers.Dense(3, input_shape=(2,))], [tf.keras.layers.Dense(3)]):
        model = tf.keras.Sequential(first + [tf.keras.layers.Dense(1)])
        model(np.ones((4, 2), np.float32))
        assert len(model.trainable_variables) == 4
        assert base._WEIGHT_LISTS.get(model) is not None


def test_an_attribute_set_or_deleted_after_a_read_is_seen():
    layer = tf.keras.layers.Layer()
    assert layer.trainable_variables == []
    layer.w = tf.Variable(1.0, name="w")
    assert _names(layer.trainable_variables) == ["w:0"]
    layer.inner = tf.keras.layers.Dense(2)
    layer.inner.build((None, 3))
    assert _names(layer.trainable_variables) == ["w:0", "kernel:0", "bias:0"]
    del layer.w
    assert len(layer.trainable_variables) == 2
    layer.inner = None
    assert layer.trainable_variables == []


def test_add_weight_and_trainable_flags_are_seen():
    layer = tf.keras.layers.Layer()
    layer.add_weight("a", shape=())
    assert len(layer.trainable_weights) == 1
    layer.add_weight("b", shape=(), trainable=False)
    layer.add_weight("c", shape=())
    assert len(layer.trainable_weights) == 2 and len(layer.non_trainable_weights) == 1
    layer.trainable = False
    assert layer.trainable_weights == [] and len(layer.non_trainable_weights) == 3
    layer.trainable = True
    assert len(layer.trainable_weights) == 2


def test_a_frozen_sub_layer_is_seen_from_its_model():
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(2,)),
                                 tf.keras.layers.Dense(1)])
    assert len(model.trainable_variables) == 4
    model.layers[0].trainable = False
    assert len(model.trainable_variables) == 2 and len(model.non_trainable_variables) == 2


def test_sequential_add_and_pop_are_seen():
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(2,))])
    assert len(model.weights) == 2
    model.add(tf.keras.layers.Dense(1))
    assert len(model.weights) == 4
    model.pop()
    assert len(model.weights) == 2


def test_lists_and_dicts_changed_in_place_are_seen():
    holder = Holder()
    holder(tf.constant(np.ones((1, 4), np.float32)))
    assert len(holder.trainable_variables) == 2
    extra = tf.keras.layers.Dense(5)
    extra.build((None, 2))
    holder.blocks.append(extra)
    assert len(holder.trainable_variables) == 4
    holder.table["w"] = tf.Variable(1.0)
    assert len(holder.trainable_variables) == 5
    holder.pair[1].append(tf.Variable(2.0))
    assert len(holder.trainable_variables) == 6
    holder.blocks.pop()
    assert len(holder.trainable_variables) == 4


def test_a_training_step_still_trains_every_weight():
    # Positive inputs and a kernel of ones keep every ReLU unit alive, so every weight gets a
    # gradient whatever the random draws before this test left the second kernel with.
    model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu", input_shape=(3,),
                                                       kernel_initializer="ones"),
                                 tf.keras.layers.Dense(2)])
    optimizer = tf.keras.optimizers.SGD(0.1)
    x = tf.constant(np.random.default_rng(0).random((5, 3), dtype=np.float32))
    before = [v.numpy().copy() for v in model.trainable_variables]
    for _ in range(2):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(model(x)))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    after = [v.numpy() for v in model.trainable_variables]
    assert all(not np.array_equal(a, b) for a, b in zip(before, after))

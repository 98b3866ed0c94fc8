"""tf.distribute with one replica on the CPU: the guide's custom loop runs unchanged."""

import numpy as np
import pytest

import eagerbook as tf


def test_default_strategy_outside_any_scope():
    strategy = tf.distribute.get_strategy()
    assert strategy.num_replicas_in_sync == 1
    assert not tf.distribute.has_strategy()
    assert not tf.distribute.in_cross_replica_context()
    assert tf.distribute.get_replica_context() is not None
    assert strategy.reduce("SUM", tf.constant([1.0, 2.0]), axis=None).numpy().tolist() == [1, 2]


def test_scope_run_and_reduce():
    strategy = tf.distribute.MirroredStrategy()
    assert strategy.num_replicas_in_sync == 1
    with strategy.scope():
        assert tf.distribute.get_strategy() is strategy
        assert tf.distribute.has_strategy()
        assert tf.distribute.in_cross_replica_context()
        assert tf.distribute.get_replica_context() is None
        v = tf.Variable(1.0)
    assert tf.distribute.get_strategy() is not strategy
    assert isinstance(v, tf.Variable)

    seen = []

    def step(x):
        ctx = tf.distribute.get_replica_context()
        seen.append((int(ctx.replica_id_in_sync_group), ctx.num_replicas_in_sync))
        return ctx.all_reduce(tf.distribute.ReduceOp.SUM, x * 2.0)

    per_replica = strategy.run(step, args=(tf.constant([[1.0, 2.0], [3.0, 4.0]]),))
    assert seen == [(0, 1)]
    np.testing.assert_array_equal(
        strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None), [[2, 4], [6, 8]])
    np.testing.assert_array_equal(
        strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=0), [8, 12])
    np.testing.assert_array_equal(
        strategy.reduce(tf.distribute.ReduceOp.MEAN, per_replica, axis=0), [4, 6])
    assert len(strategy.experimental_local_results(per_replica)) == 1


def test_mixing_strategies_and_bad_arguments_are_refused():
    a, b = tf.distribute.MirroredStrategy(), tf.distribute.OneDeviceStrategy("/cpu:0")
    with a.scope():
        with pytest.raises(ValueError, match="Mixing different tf.distribute.Strategy"):
            with b.scope():
                pass
    with pytest.raises(ValueError, match="reduce_op"):
        a.reduce("MAX", tf.constant(1.0), axis=None)
    with pytest.raises(ValueError, match="No duplicates allowed in `devices`"):
        tf.distribute.MirroredStrategy(["/gpu:0", "GPU:0"])  # (named devices: one replica each)


def test_guide_custom_training_loop_runs_unchanged():
    # TF's "Distributed training with TensorFlow" guide, custom training loop section
    mirrored_strategy = tf.distribute.MirroredStrategy()
    with mirrored_strategy.scope():
        model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(1,),
                                     kernel_regularizer=tf.keras.regularizers.L2(1e-4))])
        optimizer = tf.keras.optimizers.SGD()

    dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(1000).batch(
        global_batch_size := 10)
    dist_dataset = mirrored_strategy.experimental_distribute_dataset(dataset)

    @tf.function
    def train_step(dist_inputs):
        def step_fn(inputs):
            features, labels = inputs
            with tf.GradientTape() as tape:
                logits = model(features, training=True)
                loss = tf.reduce_sum(tf.square(logits - labels)) * (1.0 / global_batch_size)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(list(zip(grads, model.trainable_variables)))
            return loss

        per_example_losses = mirrored_strategy.run(step_fn, args=(dist_inputs,))
        return mirrored_strategy.reduce(tf.distribute.ReduceOp.SUM, per_example_losses,
                                        axis=None)

    losses = [float(train_step(dist_inputs)) for dist_inputs in dist_dataset]
    assert len(losses) == 100 and losses[-1] < losses[0] and losses[-1] < 1e-2


def test_keras_fit_under_scope():
    strategy = tf.distribute.MirroredStrategy()
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(1,))])
        model.compile(loss="mse", optimizer="sgd")
    dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(100).batch(10)
    history = model.fit(dataset, epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2
    assert np.isfinite(model.evaluate(dataset, verbose=0))


def test_distribute_datasets_from_function_gets_an_input_context():
    strategy = tf.distribute.MirroredStrategy()

    def dataset_fn(input_context):
        batch = input_context.get_per_replica_batch_size(4)
        return tf.data.Dataset.range(8).batch(batch)

    batches = [b.numpy().tolist() for b in strategy.distribute_datasets_from_function(dataset_fn)]
    assert batches == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_variables_made_in_a_mirrored_scope_are_mirrored_variables_printed_as_tf():
    # TF 2.21 with one replica: MirroredVariable:{ 0: <the replica's Variable> }.
    strategy = tf.distribute.MirroredStrategy()
    with strategy.scope():
        v = tf.Variable([1.0, 2.0])
        model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    assert type(v).__name__ == "MirroredVariable" and isinstance(v, tf.Variable)
    assert repr(v) == str(v) == (
        "MirroredVariable:{\n"
        "  0: <tf.Variable 'Variable:0' shape=(2,) dtype=float32, "
        "numpy=array([1., 2.], dtype=float32)>\n}")
    assert len(v.values) == 1 and type(v.values[0]).__name__ == "ResourceVariable"  # (TF too)
    assert [type(w).__name__ for w in model.weights] == ["MirroredVariable"] * 2
    v.assign_add([1.0, 1.0])
    assert (v * 2).numpy().tolist() == [4.0, 6.0]
    # Elsewhere tf.Variable makes ordinary variables: outside a scope and in OneDeviceStrategy's
    # scope (TF places them on its device).
    with tf.distribute.OneDeviceStrategy("/cpu:0").scope():
        assert type(tf.Variable(1.0)).__name__ == "ResourceVariable"
    assert strategy.run(lambda: type(tf.Variable(1.0)).__name__) == "MirroredVariable"
    assert type(tf.Variable(1.0)).__name__ == "ResourceVariable"
    assert strategy.run(lambda: type(tf.Variable(1.0)).__name__) == "MirroredVariable"

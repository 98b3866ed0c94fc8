"""strategy.run over two replicas: one thread per replica, meeting at merge_calls; mirrored and
sync-on-read variables with one copy per replica. Every expected value and text is what TF
2.21 prints for the same code on a CPU split into two logical devices."""

import contextlib
import threading

import pytest

import eagerbook as tf


@pytest.fixture
def strategy():
    return tf.distribute.MirroredStrategy(["GPU:0", "GPU:1"])


def _replica_id():
    return tf.distribute.get_replica_context().replica_id_in_sync_group


def _floats(per_replica):
    return [float(v) for v in per_replica.values]


def test_a_mirrored_update_in_replica_context_is_aggregated(strategy):
    with strategy.scope():
        mean = tf.Variable(1.0, aggregation=tf.VariableAggregation.MEAN)
        total = tf.Variable(0.0, synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM)

    def step():
        replica = tf.cast(_replica_id(), tf.float32)
        mean.assign_add(replica * 2.0 + 4.0)  # 4 and 6: their mean, 5, goes to every copy
        total.assign_add(replica + 1.0)  # each replica its own copy
        return tf.distribute.get_replica_context().all_reduce("SUM", replica + 1.0)

    assert _floats(strategy.run(step)) == [3.0, 3.0]
    assert repr(mean) == (
        "MirroredVariable:{\n"
        "  0: <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=6.0>,\n"
        "  1: <tf.Variable 'Variable/replica_1:0' shape=() dtype=float32, numpy=6.0>\n}")
    assert repr(total) == (
        "SyncOnReadVariable:{\n"
        "  0: <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>,\n"
        "  1: <tf.Variable 'Variable/replica_1:0' shape=() dtype=float32, numpy=2.0>\n}")
    assert float(total.read_value()) == 3.0  # read outside the replicas: the sum
    assert [float(v) for v in strategy.experimental_local_results(total)] == [1.0, 2.0]
    assert [type(v).__name__ for v in mean.values] == ["ResourceVariable"] * 2


def test_aggregation_modes(strategy):
    with strategy.scope():
        alone = tf.Variable(2.0)  # NONE: each replica writes its own copy
        summed = tf.Variable(2.0, aggregation=tf.VariableAggregation.SUM)
        first = tf.Variable(2.0, aggregation=tf.VariableAggregation.ONLY_FIRST_REPLICA)
    strategy.run(lambda: alone.assign_add(tf.cast(_replica_id(), tf.float32)))
    assert [float(v) for v in alone.values] == [2.0, 3.0]
    assert alone.numpy() == 2.0  # read outside the replicas: the first copy
    strategy.run(lambda: first.assign_add(tf.cast(_replica_id(), tf.float32) + 1.0))
    assert [float(v) for v in first.values] == [3.0, 3.0]
    result = strategy.run(lambda: summed.assign_add(tf.cast(_replica_id(), tf.float32)))
    assert _floats(result) == [3.0, 3.0]  # the new value, in each replica
    with pytest.raises(ValueError, match=r"^A non-DistributedValues value 1.0 cannot be reduced "
                                         r"with the given reduce op ReduceOp.SUM.$"):
        strategy.run(lambda: summed.assign_add(1.0))  # one object in every replica
    with pytest.raises(ValueError, match="aggregation=MEAN and a non-floating dtype"):
        with strategy.scope():
            tf.Variable(2, aggregation=tf.VariableAggregation.MEAN)


def test_sync_on_read_in_the_cross_replica_context(strategy):
    with strategy.scope():
        total = tf.Variable(0.0, synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM)
        total.assign(10.0)  # the copies sum to the value set
        assert [float(v) for v in total.values] == [5.0, 5.0]
    assert float(total + 1) == 11.0
    total.assign_add(1.0)  # (outside the replicas, as Keras's fit updates metrics: one copy)
    assert [float(v) for v in total.values] == [6.0, 5.0] and float(total.read_value()) == 11.0


def test_keras_fit_inside_a_mirrored_scope_counts_its_metrics_once(strategy):
    def trained(strategy):
        tf.keras.utils.set_random_seed(1)
        scope = strategy.scope() if strategy else contextlib.nullcontext()
        with scope:
            model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
            model.compile(loss="mse", optimizer="sgd", metrics=["mae"])
            history = model.fit(tf.ones((8, 2)), tf.ones((8, 1)), batch_size=4, epochs=2,
                                verbose=0)
        return history.history

    assert trained(strategy) == trained(None)


def test_merge_call_gathers_every_replica_in_the_cross_replica_context(strategy):
    seen = []

    def merge_fn(distribution, value):
        seen.append((repr(value), tf.distribute.in_cross_replica_context()))
        return distribution.reduce("SUM", value, axis=None)

    def step():
        context = tf.distribute.get_replica_context()
        return context.merge_call(merge_fn, args=(tf.cast(_replica_id(), tf.float32),))

    assert float(strategy.run(step)) == 1.0  # one object for every replica: no PerReplica
    assert seen == [("PerReplica:{\n"
                     "  0: <tf.Tensor: shape=(), dtype=float32, numpy=0.0>,\n"
                     "  1: <tf.Tensor: shape=(), dtype=float32, numpy=1.0>\n}", True)]


def test_all_gather_and_the_gradient_of_all_reduce(strategy):
    def gathered():
        row = tf.fill([1, 2], tf.cast(_replica_id(), tf.float32))
        return tf.distribute.get_replica_context().all_gather(row, axis=0)

    assert [v.numpy().tolist() for v in strategy.run(gathered).values] == [[[0, 0], [1, 1]]] * 2

    def gradient():
        x = tf.constant(2.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            factor = tf.cast(_replica_id() + 1, tf.float32)
            y = tf.distribute.get_replica_context().all_reduce("SUM", x * factor)
        return tape.gradient(y, x)  # the all-reduce of the gradients, times the factor

    assert _floats(strategy.run(gradient)) == [2.0, 4.0]


def test_results_regroup_as_tf(strategy):
    assert strategy.run(lambda: 1) == 1  # the same object in every replica: itself
    assert strategy.run(lambda: None) is None
    made = strategy.run(lambda: tf.Variable(1.0, name="inrun"))  # replica 0 makes, 1 shares
    assert repr(made) == (
        "MirroredVariable:{\n"
        "  0: <tf.Variable 'inrun:0' shape=() dtype=float32, numpy=1.0>,\n"
        "  1: <tf.Variable 'inrun/replica_1:0' shape=() dtype=float32, numpy=1.0>\n}")
    assert _floats(strategy.run(lambda: tf.constant(1.0))) == [1.0, 1.0]


def _finishes(call, seconds=60):
    """Runs `call` in a thread: whether it returned (or raised) in time, and what it raised."""
    outcome = {}

    def target():
        try:
            call()
        except BaseException as error:  # noqa: BLE001 - handed to the test to inspect
            outcome["error"] = error
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive(), outcome.get("error")


def test_an_error_in_one_replica_reaches_the_caller_and_releases_the_others(strategy):
    def step():
        context = tf.distribute.get_replica_context()
        if int(context.replica_id_in_sync_group) == 1:
            raise ValueError("boom")
        return context.all_reduce("SUM", 1.0)  # replica 0 waits here for replica 1

    finished, error = _finishes(lambda: strategy.run(step))
    assert finished and isinstance(error, ValueError) and str(error) == "boom"
    assert _floats(strategy.run(lambda: tf.constant(1.0))) == [1.0, 1.0]  # still usable


def test_replicas_making_different_numbers_of_merge_calls(strategy):
    def step():
        context = tf.distribute.get_replica_context()
        if int(context.replica_id_in_sync_group) == 0:
            context.merge_call(lambda distribution: None)

    finished, error = _finishes(lambda: strategy.run(step))
    assert finished and isinstance(error, RuntimeError)
    assert str(error) == ("Some replicas made a different number of "
                          "replica_context().merge_call() calls.")


def test_each_replica_thread_has_its_own_tapes_and_name_scopes(strategy):
    def step():
        x = tf.constant(3.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * tf.cast(_replica_id() + 1, tf.float32)
        return tape.gradient(y, x)

    with tf.name_scope("outer"):  # (an eager name scope stays in the caller's thread)
        assert _floats(strategy.run(step)) == [1.0, 2.0]
        made = strategy.run(lambda: tf.Variable(1.0, name="v"))
    assert [v.name for v in made.values] == ["v:0", "v/replica_1:0"]


def test_a_custom_training_loop_sums_the_replicas_gradients(strategy):
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones",
                                                           input_shape=(2,))])
        optimizer = tf.keras.optimizers.SGD(0.1)
        mean_loss = tf.keras.metrics.Mean()
    x = tf.constant([[1., 2.], [3., 4.], [5., 6.], [7., 8.]])
    y = tf.constant([[1.], [2.], [3.], [4.]])
    batches = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices((x, y)).batch(4))

    def step(inputs):
        features, labels = inputs
        with tf.GradientTape() as tape:
            per_example = tf.reduce_sum(tf.square(model(features, training=True) - labels), 1)
            loss = tf.nn.compute_average_loss(per_example)  # over 2 x 2 rows
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        mean_loss.update_state(loss)
        return loss

    @tf.function
    def distributed_step(inputs):
        return strategy.reduce("SUM", strategy.run(step, args=(inputs,)), axis=None)

    losses = [float(distributed_step(batch)) for batch in batches]
    assert losses == [53.5]
    assert model.weights[0].numpy().ravel().tolist() == pytest.approx([-5.7, -7.0])
    assert model.weights[1].numpy().tolist() == pytest.approx([-1.3])
    assert optimizer.iterations.numpy() == 1
    assert float(mean_loss.result()) == 26.75  # the mean of the replicas' 26.75 and 26.75
    assert type(mean_loss.variables[0]).__name__ == "SyncOnReadVariable"
    eager = [strategy.run(step, args=(batch,)) for batch in batches]
    assert _floats(eager[0]) == pytest.approx([706.63995, 3959.1206])
    assert optimizer.iterations.numpy() == 2
    with pytest.raises(TypeError, match="^int\\(\\) argument must be a string, a bytes-like "
                                        "object or a real number, not 'MirroredVariable'$"):
        int(optimizer.iterations)


def test_loss_helpers_count_every_replica(strategy):
    def step():
        return (tf.nn.compute_average_loss(tf.constant([1.0, 4.0])),
                tf.nn.scale_regularization_loss(tf.constant(4.0)))

    average, regularization = strategy.run(step)
    assert _floats(average) == [1.25, 1.25]  # 5 over the global batch of 2 x 2
    assert _floats(regularization) == [2.0, 2.0]


def test_inside_a_tf_function_each_replica_is_converted_and_traced(strategy):
    def step(x):  # AutoGraph converts it, as TF's run does: the `if` becomes a cond
        if tf.reduce_sum(x) > 2:
            y = x * 2
        else:
            y = x - 1
        for i in tf.range(3):
            y += tf.cast(i, tf.float32)
        return y

    @tf.function
    def distributed(x):
        return strategy.run(step, args=(x,))

    batches = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices([1., 2., 3., 4.]).batch(4))
    result = distributed(next(iter(batches)))
    assert [v.numpy().tolist() for v in result.values] == [[5.0, 7.0], [9.0, 11.0]]
    with strategy.scope():
        v = tf.Variable(1.0, aggregation=tf.VariableAggregation.SUM)

    @tf.function
    def increment():
        def add():
            v.assign_add(tf.cast(_replica_id(), tf.float32) + 1.0)
            return v.read_value()
        return strategy.run(add)

    assert _floats(increment()) == [4.0, 4.0]
    assert _floats(increment()) == [7.0, 7.0]
    assert [float(c) for c in v.values] == [7.0, 7.0]


def test_a_traced_later_replica_reads_its_own_copy(strategy):
    with strategy.scope():
        alone = tf.Variable(2.0)  # NONE: each replica writes, and reads, its own copy

    @tf.function
    def step():
        def add():
            alone.assign_add(tf.cast(_replica_id(), tf.float32))
            return alone.read_value()
        return strategy.run(add)

    assert _floats(step()) == [2.0, 3.0]
    assert [float(c) for c in alone.values] == [2.0, 3.0]

"""A `for` over a distributed dataset inside a tf.function (the custom-training tutorial's
`distributed_train_epoch`): an in-graph loop over the batches, each split over the replicas,
as TF's AutoGraph makes it. A Python loop there never saw the end of the data (it hung, or
failed on the last, shorter batch). Figures as TF 2.21's, run side by side."""

import numpy as np

import eagerbook as tf


def _epoch_sum(strategy, dataset):
    @tf.function
    def epoch(data):
        total = 0.0
        batches = 0
        for batch in data:
            total += strategy.reduce(tf.distribute.ReduceOp.SUM,
                                     strategy.run(tf.reduce_sum, args=(batch,)), axis=None)
            batches += 1
        return total, batches
    return epoch(strategy.experimental_distribute_dataset(dataset))


def test_one_replica_loops_over_every_batch_in_the_graph():
    dataset = tf.data.Dataset.from_tensor_slices(np.arange(14, dtype="float32")).batch(4)
    total, batches = _epoch_sum(tf.distribute.MirroredStrategy(), dataset)
    assert (float(total), int(batches)) == (91.0, 4)  # 4 batches, the last of 2 rows


def test_two_replicas_get_their_slices_of_each_batch():
    dataset = tf.data.Dataset.from_tensor_slices(
        np.arange(14, dtype="float32").reshape(7, 2)).batch(4)
    total, batches = _epoch_sum(tf.distribute.MirroredStrategy(["GPU:0", "GPU:1"]), dataset)
    assert (float(total), int(batches)) == (91.0, 2)


def test_training_steps_in_a_function_epoch_as_tf():
    tf.keras.utils.set_random_seed(0)
    strategy = tf.distribute.MirroredStrategy()
    x = np.linspace(-1, 1, 70 * 3, dtype="float32").reshape(70, 3)
    y = (np.arange(70) % 2).astype("int64")
    data = strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices((x, y)).batch(32))  # 32, 32, then 6
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.layers.Dense(2)])
        optimizer = tf.keras.optimizers.SGD(0.1)
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(
        from_logits=True, reduction=tf.keras.losses.Reduction.NONE)

    def train_step(inputs):
        features, labels = inputs
        with tf.GradientTape() as tape:
            loss = tf.nn.compute_average_loss(loss_object(labels, model(features)),
                                              global_batch_size=32)
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        return loss

    @tf.function
    def train_epoch(dataset):
        total = 0.0
        for inputs in dataset:
            total += strategy.reduce(tf.distribute.ReduceOp.SUM,
                                     strategy.run(train_step, args=(inputs,)), axis=None)
        return total

    assert int(optimizer.iterations) == 0
    train_epoch(data)
    assert int(optimizer.iterations) == 3  # one step per batch, the short one too

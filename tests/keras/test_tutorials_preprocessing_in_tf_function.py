"""The NumPy-backed preprocessing layers (lookups, TextVectorization, CategoryEncoding,
Discretization, Hashing, HashedCrossing) called inside a ``tf.function``: as in TF they trace
into the graph (here as one op that runs the layer on the values), with TF's static output
shapes and dtypes."""

import numpy as np

import eagerbook as tf


def test_text_vectorization_traces_with_tfs_shapes():
    vectorize = tf.keras.layers.TextVectorization(vocabulary=["the", "cat", "sat"])
    padded = tf.keras.layers.TextVectorization(vocabulary=["the", "cat", "sat"],
                                               output_sequence_length=4)
    traced = []

    @tf.function
    def both(texts):
        a, b = vectorize(texts), padded(texts)
        traced.append((a.shape.as_list(), a.dtype, b.shape.as_list()))
        return a, b

    a, b = both(tf.constant(["the cat sat", "a cat"]))
    assert traced == [([None, None], tf.int64, [None, 4])]
    np.testing.assert_array_equal(a.numpy(), [[2, 3, 4], [1, 3, 0]])
    np.testing.assert_array_equal(b.numpy(), [[2, 3, 4, 0], [1, 3, 0, 0]])


def test_lookups_encodings_and_hashes_trace():
    invert = tf.keras.layers.StringLookup(vocabulary=["a", "b"], invert=True)
    encode = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode="count", sparse=True)
    bins = tf.keras.layers.Discretization(bin_boundaries=[0.])
    cross = tf.keras.layers.HashedCrossing(num_bins=5)

    sparse_shapes = []

    @tf.function
    def run(ids, counts, values, a, b):
        encoded = encode(counts)
        sparse_shapes.append(encoded.shape.as_list())
        return invert(ids), tf.sparse.to_dense(encoded), bins(values), cross((a, b))

    words, counted, binned, crossed = run(tf.constant([[1, 2, 0]], tf.int64),
                                          tf.constant([[0, 1, 1]]), tf.constant([[1., -1.]]),
                                          tf.constant(["x", "y"]), tf.constant([1, 2]))
    assert sparse_shapes == [[None, 4]]  # TF's: the rows of a sparse bincount are unknown
    assert words.numpy().tolist() == [[b"a", b"b", b"[UNK]"]]
    np.testing.assert_array_equal(counted.numpy(), [[1, 2, 0, 0]])
    np.testing.assert_array_equal(binned.numpy(), [[1, 0]])
    eager = tf.keras.layers.HashedCrossing(num_bins=5)((tf.constant(["x", "y"]),
                                                        tf.constant([1, 2])))
    np.testing.assert_array_equal(crossed.numpy(), eager.numpy())


def test_augmentation_layers_in_a_traced_training_step():
    # a model that augments its input, trained by a tf.function step (TF's custom-loop style)
    tf.random.set_seed(0)
    model = tf.keras.Sequential([
        tf.keras.layers.RandomFlip("horizontal", input_shape=(8, 8, 3)),
        tf.keras.layers.RandomRotation(0.1),
        tf.keras.layers.Resizing(6, 6),
        tf.keras.layers.Rescaling(1 / 255.),
        tf.keras.layers.Conv2D(2, 3),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.SGD(0.01)
    shapes = []

    @tf.function
    def train_step(x, y):
        with tf.GradientTape() as tape:
            predictions = model(x, training=True)
            shapes.append(predictions.shape.as_list())
            loss = tf.reduce_mean(tf.square(y - predictions))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    before = [w.numpy().copy() for w in model.trainable_variables]
    for _ in range(2):
        loss = train_step(tf.random.uniform((4, 8, 8, 3)) * 255, tf.ones((4, 1)))
    # traced twice, as in TF: the first trace made the optimizer's Variables
    assert shapes == [[4, 1], [4, 1]] and float(loss) >= 0
    assert all(not np.array_equal(a, w.numpy()) for a, w in zip(before,
                                                                 model.trainable_variables))

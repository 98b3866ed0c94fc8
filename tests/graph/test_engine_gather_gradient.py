"""Inside tf.function a tape's gradient of tf.gather is an IndexedSlices, as eagerly and as
in TF: only the gathered rows, returned from the function as an IndexedSlices too."""

import numpy as np

import eagerbook as tf


def test_gather_gradient_in_a_traced_function_is_indexed_slices():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                                  tf.TensorSpec([None], tf.int32)])
    def grad(x, i):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.gather(x, i) ** 2)
        return tape.gradient(y, x)
    g = grad(tf.constant([1., 2., 3.]), tf.constant([0, 0, 2]))
    assert isinstance(g, tf.IndexedSlices)
    assert g.indices.numpy().tolist() == [0, 0, 2]
    assert g.values.numpy().tolist() == [2., 2., 6.]
    assert g.dense_shape.numpy().tolist() == [3]
    assert tf.convert_to_tensor(g).numpy().tolist() == [4., 0., 6.]


def test_sparse_and_dense_gradients_add_up_and_optimizers_apply_them():
    x = tf.Variable([1., 2., 3.])
    opt = tf.keras.optimizers.SGD(0.5)

    @tf.function
    def step(i):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.gather(x, i) ** 2) + tf.reduce_sum(x)
        g = tape.gradient(y, x)
        opt.apply_gradients([(g, x)])
        return g
    g = step(tf.constant([0, 0, 2]))
    assert g.numpy().tolist() == [5., 1., 7.]  # dense: the sum with reduce_sum's gradient
    np.testing.assert_allclose(x.numpy(), [-1.5, 1.5, -0.5])


def test_an_eager_tape_around_a_traced_gather_gets_indexed_slices():
    emb = tf.Variable(tf.ones([4, 2]))

    @tf.function
    def look(ids):
        return tf.reduce_sum(tf.nn.embedding_lookup(emb, ids) * 2.)
    with tf.GradientTape() as tape:
        y = look(tf.constant([1, 3, 1]))
    g = tape.gradient(y, emb)
    assert isinstance(g, tf.IndexedSlices)
    assert g.indices.numpy().tolist() == [1, 3, 1]
    assert tf.convert_to_tensor(g).numpy().tolist() == [[0, 0], [4, 4], [0, 0], [2, 2]]

    p = tf.constant([1., 2., 3.])

    @tf.function
    def cubes(p, i):
        return tf.reduce_sum(tf.gather(p, i) ** 3)
    with tf.GradientTape() as outer:
        outer.watch(p)
        with tf.GradientTape() as inner:
            inner.watch(p)
            y = cubes(p, tf.constant([0, 0, 2]))
        first = inner.gradient(y, p)
        total = tf.reduce_sum(tf.convert_to_tensor(first))
    assert first.values.numpy().tolist() == [3., 3., 27.]
    second = outer.gradient(total, p)
    assert tf.convert_to_tensor(second).numpy().tolist() == [12., 0., 18.]

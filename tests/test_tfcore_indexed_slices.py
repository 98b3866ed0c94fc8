"""A gather's gradient is a tf.IndexedSlices (the rows it read), and everything downstream
of ``tape.gradient`` (optimizers, clipping, Keras training, second derivatives) still works.

What TF prints for these is checked in tests/parity/cases_tfcore_indexed_slices.py."""

import numpy as np

import eagerbook as tf

TABLE = np.arange(12, dtype=np.float32).reshape(4, 3)


def gradient_of_gather(ids, watch_tensor=False):
    source = tf.constant(TABLE) if watch_tensor else tf.Variable(TABLE)
    with tf.GradientTape() as tape:
        if watch_tensor:
            tape.watch(source)
        loss = tf.reduce_sum(tf.gather(source, ids) ** 2)
    return tape.gradient(loss, source)


def test_rows_read_by_a_gather_come_back_as_indexed_slices():
    for watch_tensor in (False, True):
        g = gradient_of_gather([[3], [1]], watch_tensor)
        assert isinstance(g, tf.IndexedSlices)
        assert g.indices.numpy().tolist() == [3, 1]  # nested ids are flattened
        np.testing.assert_array_equal(g.values.numpy(), 2 * TABLE[[3, 1]])
        assert g.dense_shape.numpy().tolist() == [4, 3] and g.shape == (4, 3)


def test_repeated_rows_add_up_when_made_dense():
    g = gradient_of_gather([0, 2, 0])
    expected = np.zeros_like(TABLE)
    expected[0] = 4 * TABLE[0]
    expected[2] = 2 * TABLE[2]
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), expected)


def test_other_gathers_and_mixed_uses_stay_dense():
    x = tf.constant(TABLE)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        along_columns = tf.reduce_sum(tf.gather(x, [1], axis=1))
        plus_dense = tf.reduce_sum(tf.gather(x, [1])) + tf.reduce_sum(x)
        through_mul = tf.reduce_sum(tf.gather(x * 2.0, [1]))
    for target in (along_columns, plus_dense, through_mul):
        assert type(tape.gradient(target, x)) is type(x)
    np.testing.assert_array_equal(tape.gradient(plus_dense, x).numpy()[1], [2, 2, 2])


def test_traced_functions_give_indexed_slices_too():  # as TF's tape does inside tf.function
    v = tf.Variable(TABLE)

    @tf.function
    def grad():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.gather(v, [1, 1]))
        return tape.gradient(loss, v)

    expected = np.zeros_like(TABLE)
    expected[1] = 2
    assert isinstance(grad(), tf.IndexedSlices)
    np.testing.assert_array_equal(tf.convert_to_tensor(grad()).numpy(), expected)


def test_second_derivative_through_a_gather():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.gather(x, [0, 2, 2]) ** 3)
        g = inner.gradient(y, x)
        total = tf.reduce_sum(tf.convert_to_tensor(g))
    np.testing.assert_allclose(tf.convert_to_tensor(g).numpy(), [3, 0, 54])
    np.testing.assert_allclose(tf.convert_to_tensor(outer.gradient(total, x)).numpy(),
                               [6, 0, 36])


def test_jacobian_and_compute_gradient_see_the_dense_form():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.gather(x, [2, 0])
    np.testing.assert_array_equal(tape.jacobian(y, x).numpy(), [[0, 0, 1], [1, 0, 0]])
    theoretical, numerical = tf.test.compute_gradient(lambda p: tf.gather(p, [1, 1]), [x])
    np.testing.assert_allclose(theoretical[0], numerical[0], atol=1e-3)


def test_complex_rows_keep_tf_convention():
    c = tf.Variable([1 + 2j, 3 - 1j], dtype=tf.complex64)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.math.real(tf.gather(c, [0, 1, 1]) * (2 + 1j)))
    g = tape.gradient(y, c)
    assert isinstance(g, tf.IndexedSlices)
    np.testing.assert_allclose(tf.convert_to_tensor(g).numpy(), [2 - 1j, 4 - 2j])


def train_embedding(densify):
    """Two epochs of a tiny Embedding model by hand; `densify` converts each gradient first."""
    tf.keras.utils.set_random_seed(1)
    model = tf.keras.Sequential([tf.keras.layers.Embedding(6, 3),
                                 tf.keras.layers.GlobalAveragePooling1D(),
                                 tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.Adam(0.05, clipnorm=0.5)
    x, y = np.array([[1, 2, 2], [3, 4, 5]]), np.array([[1.0], [0.0]])
    for _ in range(2):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(x) - y) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        assert isinstance(grads[0], tf.IndexedSlices)
        if densify:
            grads = [tf.convert_to_tensor(g) for g in grads]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return [w.numpy() for w in model.weights]


def test_optimizers_apply_indexed_slices_as_their_dense_form():
    for sparse, dense in zip(train_embedding(False), train_embedding(True)):
        np.testing.assert_allclose(sparse, dense, rtol=1e-6)


def test_fit_trains_an_embedding():
    tf.keras.utils.set_random_seed(2)
    model = tf.keras.Sequential([tf.keras.layers.Embedding(6, 3),
                                 tf.keras.layers.GlobalAveragePooling1D(),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.5, global_clipnorm=1.0), loss="mse")
    before = model.layers[0].embeddings.numpy().copy()
    history = model.fit(np.array([[1, 2], [3, 4]]), np.array([[1.0], [0.0]]), epochs=5,
                        verbose=0)
    after = model.layers[0].embeddings.numpy()
    assert history.history["loss"][-1] < history.history["loss"][0]
    np.testing.assert_array_equal(after[[0, 5]], before[[0, 5]])  # rows never looked up
    assert not np.allclose(after[1:5], before[1:5])


def test_ops_standing_for_tf_kernels_keep_dense_gradients():
    # TF computes these with kernels of their own (dense gradients); eagerbook gathers inside.
    v = tf.Variable(TABLE)
    with tf.GradientTape(persistent=True) as tape:
        framed = tf.reduce_sum(tf.signal.frame(v, 2, 1))
        segments = tf.reduce_sum(tf.sparse.segment_sum(v, [0, 3], [0, 0]))
        product = tf.reduce_sum(tf.sparse.sparse_dense_matmul(
            tf.sparse.from_dense(tf.eye(4)), v))
    for target in (framed, segments, product):
        assert not isinstance(tape.gradient(target, v), tf.IndexedSlices)


def test_gather_keeps_its_name():
    assert tf.gather.__name__ == "gather" and tf.compat.v1.gather is tf.gather

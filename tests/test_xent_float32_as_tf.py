"""float32 softmax cross-entropies as TF's kernels compute them: each row's max, the row's sum
of exp in Eigen's order, log(sum) - shifted logit (the sparse kernel's log taken value by value
with the C library's logf), and the backprop output exp(shifted) / sum - labels. Expected values
are TF 2.21's; the old float64-rounded path differed in the last bit (and printed -0.). Logits of
more than nn_ops.XENT_EXACT values take the same formula with NumPy's steps (for speed)."""

import numpy as np

import eagerbook as tf

X = tf.constant(np.linspace(-3, 3, 27).reshape(3, 9).astype(np.float32))


def test_dense_loss_of_tfs_docstring_example():
    loss = tf.nn.softmax_cross_entropy_with_logits(
        labels=[[1.0, 0.0, 0.0], [0.0, 0.8, 0.2]], logits=[[4.0, 2.0, 1.0], [0.0, 5.0, 1.0]])
    assert loss.numpy().tolist() == [0.1698460429906845, 0.8247449398040771]


def test_sparse_loss_is_a_positive_zero_where_the_label_takes_everything():
    logits = tf.constant([[2., -5., .5, -.1], [0., 0., 1.9, 1.4], [-100., 100., -100., -100.]])
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 3, 1], logits=logits)
    assert loss.numpy().tolist() == [0.2975074350833893, 1.1448326110839844, 0.0]
    assert not np.signbit(loss.numpy()[2])
    assert repr(loss.numpy()) == "array([0.29750744, 1.1448326 , 0.        ], dtype=float32)"


def test_sparse_gradient_is_the_kernels_backprop_output():
    with tf.GradientTape() as tape:
        tape.watch(X)
        loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 8, 4], logits=X)
    assert loss.numpy().tolist() == [3.0609967708587646, 1.4456120729446411, 2.3686890602111816]
    assert tape.gradient(loss, X).numpy()[0].tolist() == [
        0.03718812018632889, -0.9531590342521667, 0.0589994415640831, 0.07431383430957794,
        0.09360335767269135, 0.11789985001087189, 0.14850294589996338, 0.18704962730407715,
        0.23560182750225067]


def test_dense_loss_along_another_axis_and_its_gradient():
    labels = np.linspace(0, 1, 27).reshape(3, 9).astype(np.float32)
    with tf.GradientTape() as tape:
        tape.watch(X)
        loss = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=X, axis=0)
    assert loss.numpy().tolist() == [
        0.8559306263923645, 1.11079740524292, 1.3656641244888306, 1.6205308437347412,
        1.8753975629806519, 2.1302645206451416, 2.3851306438446045, 2.639997720718384,
        2.894864559173584]
    assert tape.gradient(loss, X).numpy()[:, 0].tolist() == [
        0.013763046823441982, -0.2363264262676239, 0.18410181999206543]


def test_keras_loss_from_logits_goes_through_the_same_kernel():
    loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)([1, 8, 4], X)
    assert float(loss) == 2.2917659282684326


def test_big_batches_take_numpy_steps_of_the_same_formula():
    from eagerbook.ops import nn_ops
    rng = np.random.default_rng(3)
    logits = rng.normal(size=(nn_ops.XENT_EXACT // 10 + 1, 10)).astype(np.float32)
    labels = rng.integers(0, 10, logits.shape[0])
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits).numpy()
    shifted = logits - logits.max(axis=1, keepdims=True)
    expected = np.log(np.exp(shifted).sum(axis=1)) - shifted[np.arange(len(labels)), labels]
    np.testing.assert_array_equal(loss, expected)
    certain = np.zeros((30, 10), np.float32)
    certain[:, 3] = 100.0
    assert not np.signbit(tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=np.full(30, 3), logits=certain).numpy()).any()  # (+0., as TF)

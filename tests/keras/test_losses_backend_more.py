"""More of tf.keras.losses and tf.keras.backend, with values from TF 2 (Keras 2): the focal,
hinge, Poisson, log-cosh, MSLE and cosine losses; the backend's variables, placeholders,
products and reshapes; and TF's errors for bad arguments."""
import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.losses
K = tf.keras.backend
Y_TRUE = np.array([[0., 1., 0.], [1., 0., 0.]], np.float32)
Y_PRED = np.array([[0.2, 0.7, 0.1], [0.4, 0.35, 0.25]], np.float32)
LOGITS = np.array([[2.0, -1.0, 0.5], [0.3, 0.1, -2.0]], np.float32)

# Per-sample values TF computes for Y_TRUE, Y_PRED.
TF_PER_SAMPLE = {
    "MeanSquaredLogarithmicError": [0.022912511602044106, 0.08902424573898315],
    "SquaredHinge": [0.9133334159851074, 1.2483333349227905],
    "CategoricalHinge": [0.5, 0.949999988079071],
    "LogCosh": [0.02306685782968998, 0.08703464269638062],
    "Poisson": [0.4522249400615692, 0.6387634873390198],
    "CosineSimilarity": [-0.9525793790817261, -0.6810052394866943],
    "BinaryFocalCrossentropy": [0.014026690274477005, 0.13353852927684784],
    "CategoricalFocalCrossentropy": [0.008025187067687511, 0.08246616274118423],
}


@pytest.mark.parametrize("name", sorted(TF_PER_SAMPLE))
def test_new_loss_classes_match_tf(name):
    cls = getattr(L, name)
    want = np.array(TF_PER_SAMPLE[name], np.float32)
    np.testing.assert_allclose(cls(reduction="none")(Y_TRUE, Y_PRED).numpy(), want, rtol=1e-6)
    np.testing.assert_allclose(cls()(Y_TRUE, Y_PRED).numpy(), want.mean(), rtol=1e-6)
    config = cls().get_config()
    assert config["name"] == cls().name and config["reduction"] == "auto"
    assert type(L.get(name)) is cls


def test_loss_options_and_function_names_match_tf():
    np.testing.assert_allclose(L.BinaryFocalCrossentropy(
        apply_class_balancing=True, gamma=3, from_logits=True, label_smoothing=0.1)(
        Y_TRUE, LOGITS).numpy(), 0.20814875, rtol=1e-6)
    np.testing.assert_allclose(L.CategoricalFocalCrossentropy(
        from_logits=True, label_smoothing=0.2, alpha=0.5)(Y_TRUE, LOGITS).numpy(),
        0.74959123, rtol=1e-6)
    np.testing.assert_allclose(L.CosineSimilarity(axis=0)(Y_TRUE, Y_PRED).numpy(),
                               -0.5962848, rtol=1e-6)
    assert L.msle is L.MSLE is L.mean_squared_logarithmic_error
    assert L.logcosh is L.log_cosh
    for name in ("msle", "logcosh", "poisson", "squared_hinge", "categorical_hinge",
                 "cosine_similarity", "log_cosh"):
        assert L.get(name)(Y_TRUE, Y_PRED).shape == (2,)
    with pytest.raises(ValueError, match="`axis` must be of type `int`"):
        L.categorical_focal_crossentropy(Y_TRUE, Y_PRED, axis=True)


def test_backend_variables_and_placeholders():
    v = K.variable([[1, 2]], dtype="float64", name="v")
    assert isinstance(v, tf.Variable) and v.name == "v:0"
    assert K.dtype(v) == "float64" and K.ndim(v) == 2 and K.eval(v).dtype == np.float64
    assert isinstance(K.ones((1, 3)), tf.Variable) and K.ones((1, 3)).name == "Variable:0"
    assert not isinstance(K.zeros((0, 2)), tf.Variable)   # a zero dimension: a plain tensor
    assert isinstance(K.eye(2), tf.Variable)
    assert repr(K.count_params(K.zeros((2, 3)))) == "np.int64(6)"
    p = K.placeholder(shape=(2, 3))
    assert K.is_keras_tensor(p) and not K.is_keras_tensor(v)
    assert K.int_shape(K.transpose(p)) == (3, 2)
    assert K.int_shape(K.dot(p, K.placeholder((3, 4)))) == (2, 4)
    assert K.is_sparse(K.placeholder((2, 2), sparse=True))
    with pytest.raises(ValueError, match="Expected a symbolic tensor instance"):
        K.is_keras_tensor(np.ones(2))


def test_backend_products_and_reshapes():
    assert K.batch_dot(K.ones((2, 3, 4)), K.ones((2, 4, 5))).shape == (2, 3, 5)
    x = tf.constant(np.arange(6.).reshape(2, 3))
    assert K.batch_dot(x, x, axes=1).numpy().tolist() == [[5.0], [50.0]]
    a = tf.constant(np.arange(24.).reshape(2, 3, 4))
    b = tf.constant(np.arange(30.).reshape(2, 3, 5))
    assert K.batch_dot(a, b, axes=(1, 1)).numpy().sum(axis=(1, 2)).tolist() == [3110.0, 23900.0]
    d = K.dot(tf.constant(np.arange(24.).reshape(2, 3, 4), dtype=tf.float32),
              tf.constant(np.arange(40.).reshape(2, 4, 5), dtype=tf.float32))
    assert K.int_shape(d) == (2, 3, 2, 5) and d.numpy().sum() == 55320.0
    assert K.repeat(tf.constant([[1, 2], [3, 4]]), 3).shape == (2, 3, 2)
    assert K.repeat_elements(tf.constant([[1, 2], [3, 4]]), 2, axis=1).numpy().tolist() == \
        [[1, 1, 2, 2], [3, 3, 4, 4]]
    assert K.concatenate([tf.constant([[1]]), tf.constant([[2]])], axis=-2).numpy().tolist() \
        == [[1], [2]]
    assert K.clip(tf.constant([-2., 0.5, 3.]), 1., 0.).numpy().tolist() == [1., 1., 1.]
    assert K.clip(tf.constant([-2., 0.5, 3.]), None, 1.).numpy().tolist() == [-2., 0.5, 1.]
    assert K.arange(5).dtype == tf.int32 and K.arange(-3).numpy().tolist() == []
    assert K.arange(0, 3, dtype="float32").numpy().tolist() == [0., 1., 2.]
    assert K.batch_flatten(K.ones((2, 3, 4))).shape == (2, 12)
    assert K.flatten(tf.constant([[1, 2], [3, 4]])).numpy().tolist() == [1, 2, 3, 4]
    assert K.permute_dimensions(K.ones((2, 3)), (1, 0)).shape == (3, 2)
    assert K.cast_to_floatx(np.array([1, 2])).dtype == np.float32
    assert K.random_binomial((2, 3), p=1.0).numpy().tolist() == [[1.0] * 3] * 2
    np.testing.assert_allclose(K.categorical_crossentropy(tf.constant(Y_TRUE),
                                                          tf.constant(Y_PRED)).numpy(),
                               [0.3566749691963196, 0.9162907004356384], rtol=1e-6)
    np.testing.assert_allclose(K.binary_crossentropy(tf.constant([[1., 0.]]),
                                                     tf.constant([[0.8, 0.3]])).numpy(),
                               [[0.22314338386058807, 0.35667479038238525]], rtol=1e-6)


@pytest.mark.parametrize("call, kind, match", [
    (lambda: K.batch_dot(K.ones((2, 3)), K.ones((2, 4)), axes=1), ValueError,
     r"x.shape\[1\] != y.shape\[1\] \(3 != 4\)"),
    (lambda: K.batch_dot(K.ones((2, 3)), K.ones((2, 3)), axes=0), ValueError,
     "Cannot perform batch_dot over axis 0"),
    (lambda: K.batch_dot(K.ones((3,)), K.ones((3, 2))), ValueError, "rank < 2"),
    (lambda: K.repeat(K.ones((2, 2, 2)), 2), AssertionError, None),
])
def test_backend_bad_arguments_raise_tf_errors(call, kind, match):
    with pytest.raises(kind, match=match):
        call()


def test_image_data_format_refuses_an_unknown_one_and_keeps_the_old():
    assert K.image_data_format() == "channels_last"
    with pytest.raises(ValueError, match=r"Unknown `data_format`: channels_middle"):
        K.set_image_data_format("channels_middle")
    assert K.image_data_format() == "channels_last"
    K.set_image_data_format("channels_first")
    try:
        assert K.image_data_format() == "channels_first"
    finally:
        K.set_image_data_format("channels_last")


def test_sparse_categorical_crossentropy_ignore_class_matches_tf():
    # TF 2.21's docstring example and values (legacy Keras): ignored labels give 0, and a
    # Loss object averages over the other labels only.
    y_true = [[[0, 2], [-1, -1]], [[0, 2], [-1, -1]]]
    y_pred = [[[[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], [[0.2, 0.5, 0.3], [0.0, 1.0, 0.0]]],
              [[[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]], [[0.2, 0.5, 0.3], [0.0, 1.0, 0.0]]]]
    losses = tf.keras.losses
    loss = losses.sparse_categorical_crossentropy(y_true, y_pred, ignore_class=-1)
    assert repr(loss.numpy()) == (
        "array([[[2.3841855e-07, 2.3841855e-07],\n"
        "        [0.0000000e+00, 0.0000000e+00]],\n\n"
        "       [[2.3841855e-07, 6.9314730e-01],\n"
        "        [0.0000000e+00, 0.0000000e+00]]], dtype=float32)")
    scce = losses.SparseCategoricalCrossentropy(ignore_class=-1)
    assert scce(y_true, y_pred).numpy() == np.float32(0.173287)
    assert scce(y_true, y_pred, sample_weight=[[1.0, 2.0], [1.0, 1.0]]).numpy() == \
        np.float32(0.173287)
    assert scce.get_config()["ignore_class"] == -1
    summed = losses.SparseCategoricalCrossentropy(ignore_class=-1, reduction="sum")
    assert summed(y_true, y_pred).numpy() == np.float32(0.693148)
    probs = [[.1, .8, .1], [.2, .2, .6], [.3, .3, .4]]
    weighted = losses.SparseCategoricalCrossentropy(ignore_class=1)
    assert weighted([1, 0, 2], probs, sample_weight=[1.0, 2.0, 3.0]).numpy() == \
        pytest.approx(2.983874, rel=1e-6)
    none = losses.SparseCategoricalCrossentropy(ignore_class=1, reduction="none")
    np.testing.assert_array_equal(none([1, 0, 2], probs).numpy(),
                                  np.float32([0.0, 1.609438, 0.91629076]))
    # Without ignore_class, TF's digits too (log of the clipped probabilities, then the
    # cross-entropy of those logits).
    assert repr(losses.sparse_categorical_crossentropy(
        [1, 2], [[0.05, 0.95, 0], [0.1, 0.8, 0.1]]).numpy()) == \
        "array([0.05129344, 2.3025851 ], dtype=float32)"

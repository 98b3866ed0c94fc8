"""tf.keras.utils.warmstart_embedding_matrix (the warm-start embedding tutorial): rows of the
words both vocabularies have are kept, new words' rows come from the initializer."""

import numpy as np
import pytest

import eagerbook as tf


def test_kept_rows_follow_the_new_vocabulary_order():
    matrix = tf.keras.utils.warmstart_embedding_matrix(
        base_vocabulary=["[UNK]", "a", "b"], new_vocabulary=["[UNK]", "b", "c", "a"],
        base_embeddings=np.array([[0., 0.], [1., 1.], [2., 2.]], dtype="float32"),
        new_embeddings_initializer="zeros")
    assert matrix.dtype == tf.float32
    np.testing.assert_array_equal(matrix.numpy(), [[0, 0], [2, 2], [0, 0], [1, 1]])


def test_new_rows_come_from_the_initializer_object_or_name():
    matrix = tf.keras.utils.warmstart_embedding_matrix(
        base_vocabulary=np.array(["a", "b"]), new_vocabulary=["b", "c"],
        base_embeddings=tf.constant([[1., 1.], [2., 2.], [3., 3.]]),
        new_embeddings_initializer=tf.keras.initializers.Constant(7.))
    np.testing.assert_array_equal(matrix.numpy(), [[2, 2], [7, 7]])
    uniform = tf.keras.utils.warmstart_embedding_matrix(["x"], ["y", "z"], np.ones((1, 3)))
    assert uniform.shape == (2, 3)
    assert np.all(np.abs(uniform.numpy()) <= 0.05)  # "uniform": RandomUniform(-0.05, 0.05)


def test_a_vocabulary_file_is_read_line_by_line(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("a\nb\n")
    matrix = tf.keras.utils.warmstart_embedding_matrix(
        str(path), ["b"], np.array([[1.], [2.]], "float32"), "zeros")
    np.testing.assert_array_equal(matrix.numpy(), [[2.]])


def test_the_embedding_layer_takes_the_new_matrix():
    layer = tf.keras.layers.Embedding(3, 2, embeddings_initializer="ones")
    layer(tf.constant([[0, 1]]))
    new = tf.keras.utils.warmstart_embedding_matrix(["p", "q", "r"], ["q", "s", "p", "t"],
                                                    layer.embeddings, "zeros")
    layer.embeddings = tf.Variable(new)
    layer.input_dim = 4
    assert layer(tf.constant([[3, 0]])).numpy().tolist() == [[[0., 0.], [1., 1.]]]


def test_image_functions_on_keras_tensors_name_tf_ops():
    images = tf.keras.Input((8, 8, 3))
    resized = tf.image.resize(images, (4, 4))
    # (the layer's name is tf.image.resize, numbered when others came before)
    assert resized.name.startswith("tf.image.resize")
    assert resized.name.endswith("/resize/ResizeBilinear:0")
    assert tf.image.resize(images, (4, 4), method="nearest").name.endswith(
        "/resize/ResizeNearestNeighbor:0")
    assert tf.image.flip_left_right(images).name.endswith("/flip_left_right/ReverseV2:0")


def test_words_are_compared_as_given():
    # (as TF: a tensor's words are bytes, and b"b" is not "b")
    matrix = tf.keras.utils.warmstart_embedding_matrix(
        np.array([b"a", b"b"]), ["b"], np.array([[1.], [2.]]), "zeros")
    assert matrix.numpy().tolist() == [[0.]]
    assert matrix.dtype == tf.float64


def test_an_empty_or_unknown_vocabulary_is_a_value_error(tmp_path):
    with pytest.raises(ValueError, match="at least one token"):
        tf.keras.utils.warmstart_embedding_matrix([], ["a"], np.ones((1, 1)))
    with pytest.raises(ValueError, match="does not exist"):
        tf.keras.utils.warmstart_embedding_matrix(str(tmp_path / "none.txt"), ["a"],
                                                  np.ones((1, 1)))

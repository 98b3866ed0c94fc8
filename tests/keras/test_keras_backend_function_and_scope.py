"""tf.keras.backend.function, name_scope, and sparse_categorical_crossentropy's float32 digits."""
import numpy as np
import pytest

import eagerbook as tf

K = tf.keras.backend


def test_function_runs_the_graph_between_inputs_and_outputs():
    x = tf.keras.Input(shape=(2,))
    hidden = tf.keras.layers.Dense(3, kernel_initializer="ones")(x)
    y = tf.keras.layers.Dense(1, kernel_initializer="ones")(hidden)
    one = K.function([x], [y])
    result = one([np.array([[1., 2.]])])
    assert isinstance(result, list) and len(result) == 1
    assert isinstance(result[0], np.ndarray) and result[0].tolist() == [[9.0]]
    both = K.function([x], [hidden, y])([np.array([[1., 2.]])])
    assert [r.tolist() for r in both] == [[[3.0, 3.0, 3.0]], [[9.0]]]
    assert K.function(x, y)(np.array([[1., 1.]])).tolist() == [[6.0]]
    with pytest.raises(ValueError, match="`updates` argument is not supported"):
        K.function([x], [y], updates=[1])


def test_name_scope_prefixes_variable_names():
    with K.name_scope("outer"):
        v = tf.Variable(1.0, name="v")
    assert v.name == "outer/v:0"


def test_sparse_categorical_crossentropy_digits_are_tfs():
    # TF 2.21 gives 0.22314355 (the log of the clipped probabilities, then the logits' loss)
    loss = K.sparse_categorical_crossentropy(tf.constant([1]), tf.constant([[0.2, 0.8]]))
    assert loss.numpy().tolist() == [np.float32(0.22314355)]

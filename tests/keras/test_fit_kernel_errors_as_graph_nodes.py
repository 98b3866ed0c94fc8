"""A kernel error in a step of fit/evaluate/predict is, in TF, the failing node's of the traced
step function: "Graph execution error:", where the node was defined, the kernel's message and
"[[{{node ...}}]] [Op:__inference_train_function_N]". Checked side by side with TF 2.21's
tf_keras (the node's name is the Keras scope of the op: the layers and loss calling it)."""

import re

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


def _error(kind, call):
    with pytest.raises(kind) as info:
        call()
    return str(info.value)


def _last_lines(message):
    return message.rstrip("\n").split("\n")[-2:]


def test_a_label_out_of_range_fails_at_the_loss_node():
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(4,))])
    model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    message = _error(tf.errors.InvalidArgumentError, lambda: model.fit(
        np.zeros((8, 4)), np.full(8, 4), verbose=0, shuffle=False))
    node = ("sparse_categorical_crossentropy/SparseSoftmaxCrossEntropyWithLogits/"
            "SparseSoftmaxCrossEntropyWithLogits")
    assert message.startswith("Graph execution error:\n\nDetected at node "
                              f"{node} defined at (most recent call last):\n  File \"")
    assert __file__ in message  # the user's line that called fit is listed
    message_line, node_line = _last_lines(message)
    assert message_line == ("Received a label value of 4 which is outside the valid range of "
                            "[0, 3).  Label values: 4 4 4 4 4 4 4 4")
    assert re.fullmatch(r"\t \[\[\{\{node " + node + r"\}\}\]\] "
                        r"\[Op:__inference_train_function_\d+\]", node_line)


def test_an_index_out_of_range_in_a_layer_names_the_layers():
    model = tf.keras.Sequential([tf.keras.layers.Embedding(5, 2, input_length=3)])
    model.compile("sgd", "mse")
    message = _error(tf.errors.InvalidArgumentError, lambda: model.predict(
        np.full((4, 3), 7), verbose=0))
    assert message.startswith("Graph execution error:\n\nDetected at node sequential/embedding/")
    assert "Exception encountered" not in message  # (no layer frames a node's error)
    message_line, node_line = _last_lines(message)
    assert message_line == "indices[0,0] = 7 is not in [0, 5)"
    assert re.fullmatch(r"\t \[\[\{\{node sequential/embedding/\w+\}\}\]\] "
                        r"\[Op:__inference_predict_function_\d+\]", node_line)


def test_a_later_step_fails_the_same_way_and_run_eagerly_keeps_the_kernel_error():
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(4,))])
    model.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    labels = np.array([0, 1, 2, 0, 1, 2, 0, 9])  # the second batch fails
    message = _error(tf.errors.InvalidArgumentError, lambda: model.fit(
        np.zeros((8, 4)), labels, batch_size=4, verbose=0, shuffle=False))
    assert message.startswith("Graph execution error:")
    eager = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(4,))])
    eager.compile("sgd", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  run_eagerly=True)
    message = _error(tf.errors.InvalidArgumentError, lambda: eager.fit(
        np.zeros((8, 4)), labels, batch_size=4, verbose=0, shuffle=False))
    assert "Graph execution error" not in message
    assert "[Op:SparseSoftmaxCrossEntropyWithLogits]" in message


def test_strings_given_to_a_float_model_fail_at_a_cast_node():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(4,))])
    model.compile("sgd", "mse")
    message = _error(tf.errors.UnimplementedError, lambda: model.fit(
        np.array([["a"] * 4] * 8), np.zeros((8, 1)), verbose=0))
    assert message.startswith("Graph execution error:\n\nDetected at node sequential/")
    message_line, node_line = _last_lines(message)
    assert message_line == "Cast string to float is not supported"
    assert re.fullmatch(r"\t \[\[\{\{node sequential/[\w/]*Cast\}\}\]\] "
                        r"\[Op:__inference_train_function_\d+\]", node_line)

"""tf.* functions called on the KerasTensors of a functional model become layers of the model
(TF's TFOpLambda), named after the function, and replay on real data."""

import numpy as np
import pytest

import eagerbook as tf


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()  # layer names (tf.math.reduce_sum, add_loss) start afresh


def _model():
    inp = tf.keras.Input((3,))
    hidden = tf.keras.layers.Dense(4, kernel_initializer="ones")(inp)
    relu = tf.nn.relu(hidden - 2.0)
    joined = tf.concat([relu, inp], axis=1)
    out = tf.reduce_sum(tf.math.exp(-joined), axis=1, keepdims=True)
    return tf.keras.Model(inp, out)


def test_tf_functions_become_named_layers():
    model = _model()
    kinds = {layer.name: type(layer).__name__ for layer in model.layers}
    assert kinds["tf.nn.relu"] == "TFOpLambda"
    assert kinds["tf.concat"] == "TFOpLambda"
    assert kinds["tf.math.reduce_sum"] == "TFOpLambda"  # canonical name, as TF names it
    assert kinds["tf.math.exp"] == "TFOpLambda"
    assert model.output_shape == (None, 1)


def test_the_model_replays_the_functions_on_data():
    model = _model()
    x = np.array([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]], np.float32)
    hidden = x.sum(axis=1, keepdims=True) * np.ones((1, 4), np.float32)  # kernel of ones
    joined = np.concatenate([np.maximum(hidden - 2.0, 0.0), x], axis=1)
    expected = np.exp(-joined).sum(axis=1, keepdims=True)
    np.testing.assert_allclose(model(x).numpy(), expected, rtol=1e-6)


def test_the_model_trains_through_the_function_layers():
    model = _model()
    model.compile(optimizer="sgd", loss="mse")
    x = np.ones((8, 3), np.float32)
    history = model.fit(x, np.zeros((8, 1), np.float32), epochs=3, verbose=0)
    losses = history.history["loss"]
    assert losses[-1] < losses[0]


def test_a_whole_reduction_is_a_scalar_as_in_tf():
    inp = tf.keras.Input((3,))
    assert tf.reduce_mean(inp).shape == ()
    assert tf.reduce_sum(inp, axis=1).shape.as_list() == [None]


def test_one_function_under_several_names_stays_one_object():
    assert tf.add is tf.math.add
    assert tf.reduce_sum is tf.math.reduce_sum


def test_errors_without_keras_tensors_are_unchanged():
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.reduce_sum(tf.constant([1.0, 2.0]), axis=3)
    with pytest.raises(tf.errors.InvalidArgumentError):  # TF's kind for mixed dtypes
        tf.concat([tf.constant([1.0]), tf.constant([1])], axis=0)


@pytest.mark.parametrize("make, shape", [
    (lambda x: tf.reduce_mean(x, axis=0), (3, 4)),  # the batch axis reduced away
    (lambda x: tf.reduce_sum(x, [0, 2]), (3,)),
    (lambda x: tf.reduce_mean(x, axis=0, keepdims=True), (1, 3, 4)),
    (lambda x: tf.argmax(x, axis=0), (3, 4)),
    (lambda x: tf.reduce_max(x, axis=-1), (None, 3)),
    (lambda x: tf.transpose(x), (4, 3, None)),  # the batch axis moved last
    (lambda x: tf.reshape(x, [-1]), (None,)),
    (lambda x: tf.shape(x), (3,)),
    (lambda x: x[0], (3, 4)),
    (lambda x: x[:, 0], (None, 4)),
])
def test_output_shapes_follow_the_batch_axis_as_tf(make, shape):
    """Shapes measured with TensorFlow 2 (Keras 2) on Input(shape=(3, 4))."""
    assert make(tf.keras.Input(shape=(3, 4))).shape.as_list() == list(shape)


def test_a_reduction_over_the_batch_replays_on_data():
    inp = tf.keras.Input((2,))
    model = tf.keras.Model(inp, tf.reduce_sum(inp, axis=0))
    np.testing.assert_allclose(model(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32)).numpy(),
                               [4.0, 7.0])


def test_keras_tensor_with_unknown_batch_is_not_iterable():
    with pytest.raises(TypeError, match="unknown first dimension"):
        list(tf.keras.Input((3,)))


def test_python_operators_take_tfs_layer_names():
    # `+` is TF's tf.__operators__.add and `//` its TF 1 floor_div, the others the op's name.
    x = tf.keras.Input((3,))
    names = [(x + 1.0)._node.layer.name, (1.0 + x)._node.layer.name,
             (x // 2.0)._node.layer.name, (x - 1.0)._node.layer.name]
    assert names == ["tf.__operators__.add", "tf.__operators__.add_1",
                     "tf.compat.v1.floor_div", "tf.math.subtract"]


def test_comparisons_and_logical_operators_on_keras_tensors():
    x = tf.keras.Input((3,))
    i = tf.keras.Input((3,), dtype="int32")
    inside = (x > 0.5) & (x < 2.0)
    chosen = inside | ~(x >= 1.0)
    out = tf.cast(chosen, "float32") * x + tf.cast(i & 1, "float32") + tf.cast(~i, "float32")
    model = tf.keras.Model([x, i], out)
    assert [layer.name for layer in model.layers][1:7] == [
        "tf.math.greater", "tf.math.less", "tf.math.greater_equal", "tf.math.logical_and",
        "tf.math.logical_not", "tf.math.logical_or"]
    assert "tf.bitwise.bitwise_and" in [layer.name for layer in model.layers]
    assert "tf.bitwise.invert" in [layer.name for layer in model.layers]
    result = model([np.array([[0.0, 1.0, 3.0]], "float32"), np.array([[1, 2, 3]], "int32")])
    np.testing.assert_array_equal(result.numpy(), [[-1.0, -2.0, -3.0]])
    assert inside.dtype == tf.bool


def test_equality_of_keras_tensors_stays_identity():
    # KerasTensors are dict keys and list members of the graph's bookkeeping.
    x, y = tf.keras.Input((2,)), tf.keras.Input((2,))
    assert x == x and x != y and [x, y].index(y) == 1

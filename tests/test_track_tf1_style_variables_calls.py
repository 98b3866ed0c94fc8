"""track_tf1_style_variables as TF 2.21's model-mapping guide uses it (names compared with TF
by hand): every call of a decorated layer counts default names afresh, so a second call (a
Keras Input, a tf.function's trace) reuses the first call's `dense` and `dense_1` instead of
making `dense_2`...; Keras layers built inside keep the enclosing layer's and the variable
scope's names (nested_model/inner_scope/dense/kernel:0)."""

import warnings

import pytest

import eagerbook as tf

v1 = tf.compat.v1
_NAMES = ["model/dense/bias:0", "model/dense/kernel:0", "model/dense_1/bias:0",
          "model/dense_1/kernel:0"]


class _TwoDense(tf.keras.layers.Layer):
    @v1.keras.utils.track_tf1_style_variables
    def call(self, inputs):
        with v1.variable_scope("model"):
            out = v1.layers.dense(inputs, 3, kernel_initializer=v1.ones_initializer())
            return v1.layers.dense(out, 2, kernel_initializer=v1.ones_initializer())


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # tf.layers' deprecation
        yield


def test_a_second_call_reuses_the_default_named_layers():
    layer = _TwoDense()
    x = tf.ones([2, 4])
    first = layer(x)
    assert [v.name for v in layer.weights] == _NAMES
    assert tf.reduce_all(layer(x) == first)
    assert [v.name for v in layer.weights] == _NAMES


def test_a_keras_input_then_a_tensor_make_one_set():
    layer = _TwoDense()
    layer(tf.keras.Input(shape=(4,)))
    layer(tf.ones([2, 4]))
    assert [v.name for v in layer.weights] == _NAMES


def test_calls_in_a_tf_function_trace_again_without_new_variables():
    layer = _TwoDense()

    @tf.function
    def f(x):
        return layer(x)

    f(tf.ones([2, 4]))
    assert f(tf.ones([3, 4])).shape == (3, 2)
    assert [v.name for v in layer.weights] == _NAMES


class NestedModel(tf.keras.Model):
    def __init__(self, units):
        super().__init__()
        self.units = units
        self.dense_layer = tf.keras.layers.Dense(units, kernel_initializer="ones", name="dense")

    @v1.keras.utils.track_tf1_style_variables
    def call(self, inputs):
        with v1.variable_scope("inner_scope"):
            with v1.variable_scope("dense_shim"):
                out = v1.layers.dense(inputs, self.units,
                                      kernel_initializer=v1.ones_initializer())
            return self.dense_layer(out)


def test_keras_layers_inside_keep_the_models_and_scopes_names():
    model = NestedModel(2)
    assert model(tf.ones([2, 4])).numpy().tolist() == [[8.0, 8.0], [8.0, 8.0]]
    assert [v.name for v in model.weights] == [
        "nested_model/inner_scope/dense/kernel:0", "nested_model/inner_scope/dense/bias:0",
        "inner_scope/dense_shim/dense/bias:0", "inner_scope/dense_shim/dense/kernel:0"]

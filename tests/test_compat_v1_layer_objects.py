"""TF 1.x's layer objects and the names of TF 1.x code in TF 2 layers (the model-mapping
guide's shims), checked against TF 2.21 with tf_keras: variable scopes count every name opened
in them, tf.compat.v1.layers classes take their weights from get_variable, regularizers given
by name, batch_normalization, make_template inside a tracked layer, and what a functional
model's construction names."""

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


class _OOStyle(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.conv = v1.layers.Conv2D(2, 3, kernel_regularizer="l2",
                                     kernel_initializer=v1.ones_initializer())

    @v1.keras.utils.track_tf1_style_variables
    def call(self, x):
        with v1.variable_scope("model"):
            with v1.variable_scope("conv2d_1"):  # a name opened by hand is taken too
                pass
            y = self.conv(x)
            return v1.layers.conv2d(y, 1, 1, kernel_regularizer="l2",
                                    kernel_initializer=v1.ones_initializer())


def test_layer_objects_weights_are_named_by_the_variable_scopes():
    layer = _OOStyle()
    layer(tf.ones((1, 4, 4, 1)))
    out = layer(tf.ones((1, 4, 4, 1)))  # the second call reuses every weight
    assert sorted(v.name for v in layer.weights) == [
        "model/conv2d/bias:0", "model/conv2d/kernel:0",
        "model/conv2d_2/bias:0", "model/conv2d_2/kernel:0"]
    assert layer.conv.name == "conv2d_1"  # TF 1.x's layers number default names from 1
    assert [v.name for v in layer.conv.weights] == ["model/conv2d/kernel:0",
                                                    "model/conv2d/bias:0"]
    # the layer's own regularizer loss, and the tracked layer's for both convolutions
    np.testing.assert_allclose([float(x) for x in layer.losses], [0.18, 0.02, 0.18], rtol=1e-6)
    assert out.numpy().ravel().tolist() == [18.0] * 4
    # the functional conv2d made a layer each call: Keras's counter counts them all
    assert tf.keras.layers.Conv2D(1, 1).name == "conv2d_3"
    assert v1.layers.Conv2D(1, 1).name == "conv2d_5"
    assert issubclass(v1.layers.Conv2D, tf.keras.layers.Conv2D)


def test_regularizer_given_by_name_in_functional_layers():
    class Head(tf.keras.layers.Layer):
        @v1.keras.utils.track_tf1_style_variables
        def call(self, x):
            with v1.variable_scope("head"):
                return v1.layers.dense(x, 2, kernel_regularizer="l2",
                                       kernel_initializer=v1.constant_initializer(0.5))

    head = Head()
    head(tf.ones((1, 3)))
    assert [v.name for v in head.weights] == ["head/dense/bias:0", "head/dense/kernel:0"]
    np.testing.assert_allclose([float(x) for x in head.losses], [0.015], rtol=1e-6)


def test_batch_normalization_in_a_tracked_layer():
    class Normalized(tf.keras.layers.Layer):
        @v1.keras.utils.track_tf1_style_variables
        def call(self, x, training=None):
            with v1.variable_scope("bn"):
                return v1.layers.batch_normalization(x, training=training)

    x = np.arange(6, dtype=np.float32).reshape(3, 2)
    layer = Normalized()
    with pytest.warns(UserWarning, match="`tf.layers.batch_normalization` is deprecated"):
        trained = layer(x, training=True)
    np.testing.assert_allclose(trained.numpy(), [[-1.2245] * 2, [0.0] * 2, [1.2245] * 2],
                               atol=1e-4)
    found = {v.name: v.numpy().tolist() for v in layer.weights}
    assert list(found) == ["bn/batch_normalization/beta:0", "bn/batch_normalization/gamma:0",
                           "bn/batch_normalization/moving_mean:0",
                           "bn/batch_normalization/moving_variance:0"]
    np.testing.assert_allclose(found["bn/batch_normalization/moving_mean:0"], [0.02, 0.03],
                               rtol=1e-5)
    np.testing.assert_allclose(found["bn/batch_normalization/moving_variance:0"],
                               [1.016667, 1.016667], rtol=1e-6)
    np.testing.assert_allclose(layer(x, training=False).numpy(),
                               [[-0.0198, 0.9615], [1.9627, 2.9441], [3.9453, 4.9267]],
                               atol=1e-4)


def test_variable_scopes_count_the_names_opened_in_them():
    names = []
    for _ in range(2):
        with v1.variable_scope("q"):
            names.append(v1.get_variable_scope().name)
    for _ in range(2):
        with v1.variable_scope(None, default_name="q"):
            names.append(v1.get_variable_scope().name)
    assert names == ["q", "q", "q_1", "q_2"]


def test_a_tracked_layer_without_a_scope_makes_new_weights_each_call():
    class Bare(tf.keras.layers.Layer):
        @v1.keras.utils.track_tf1_style_variables
        def call(self, x):
            return v1.layers.dense(x, 2)  # TF's guide warns: names move on every call

    class Scoped(tf.keras.layers.Layer):
        @v1.keras.utils.track_tf1_style_variables
        def call(self, x):
            with v1.variable_scope("s"):
                with v1.variable_scope("dense"):
                    pass
                a = v1.layers.dense(x, 2)  # (`s/dense` was opened: this is `s/dense_1`)
            with v1.variable_scope("s"):  # leaving `s` forgot its names: `s/dense` again
                b = v1.layers.dense(x, 2)
            return a + b

    bare, scoped = Bare(), Scoped()
    for _ in range(2):
        bare(tf.ones((1, 2)))
        scoped(tf.ones((1, 2)))
    assert [v.name for v in bare.weights] == ["dense/bias:0", "dense/kernel:0",
                                              "dense_1/bias:0", "dense_1/kernel:0"]
    assert [v.name for v in scoped.weights] == ["s/dense/bias:0", "s/dense/kernel:0",
                                                "s/dense_1/bias:0", "s/dense_1/kernel:0"]


def test_make_template_inside_a_tracked_layer():
    class Scaled(tf.keras.layers.Layer):
        def __init__(self):
            super().__init__()

            def scale(x):
                return x * v1.get_variable("y", shape=[], regularizer=tf.keras.regularizers.L2(),
                                           initializer=v1.constant_initializer(1.5))
            self.scale = v1.make_template("scale", scale)

        @v1.keras.utils.track_tf1_style_variables
        def call(self, x):
            with v1.variable_scope("layer"):
                return self.scale(x)

    layer = Scaled()
    layer(tf.ones(2))
    layer(tf.ones(2))
    assert [v.name for v in layer.weights] == ["layer/scale/y:0"]
    assert [v.name for v in layer.scale.variables] == ["layer/scale/y:0"]
    np.testing.assert_allclose([float(x) for x in layer.losses], [0.0225], rtol=1e-6)


class _Conv(tf.keras.layers.Layer):
    @v1.keras.utils.track_tf1_style_variables
    def call(self, inputs):
        with v1.variable_scope("model"):
            return v1.layers.conv2d(inputs, 3, 3)


def test_functional_construction_names_in_a_scratch_graph():
    _Conv()(tf.ones((1, 5, 5, 1)))
    assert tf.keras.layers.Conv2D(1, 1).name == "conv2d_1"
    inputs = tf.keras.Input(shape=(5, 5, 1))
    model = tf.keras.Model(inputs, _Conv()(inputs))  # what its call makes is not counted
    assert tf.keras.layers.Conv2D(1, 1).name == "conv2d_2"
    model(tf.ones((1, 5, 5, 1)))
    assert tf.keras.layers.Conv2D(1, 1).name == "conv2d_4"


def test_a_model_built_inside_a_layer_call_names_weights_without_the_outer_layer():
    class Wrapped(tf.keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.inner = None

        @v1.keras.utils.track_tf1_style_variables
        def call(self, x):
            if not self.inner:
                inp = tf.keras.Input(shape=x.shape)
                self.inner = tf.keras.Model(inp, tf.keras.layers.Dense(3, name="dense")(inp))
            return self.inner(x)

    layer = Wrapped()
    layer(tf.ones((2, 2)))
    assert [v.name for v in layer.weights] == ["dense/kernel:0", "dense/bias:0"]

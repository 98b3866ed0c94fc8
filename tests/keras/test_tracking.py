"""Tracking: which Variables a layer or model owns, their names, trainability, summary()."""

import io

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras import backend, layers


@pytest.fixture(autouse=True)
def _fresh_names():
    backend.clear_session()
    yield
    backend.clear_session()


def test_unique_layer_names_and_variable_names():
    a, b, c = layers.Dense(2), layers.Dense(2), layers.Conv2D(1, 1)
    assert (a.name, b.name, c.name) == ("dense", "dense_1", "conv2d")
    a(np.zeros((1, 3), np.float32))
    b(np.zeros((1, 3), np.float32))
    assert [v.name for v in b.weights] == ["dense_1/kernel:0", "dense_1/bias:0"]
    named = layers.Dense(2, name="head")
    named(np.zeros((1, 3), np.float32))
    assert named.weights[0].name == "head/kernel:0"


def test_sublayers_built_inside_a_model_get_the_model_scope():
    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d = layers.Dense(2)

        def call(self, x):
            return self.d(x)

    net = Net()
    net(np.zeros((1, 3), np.float32))
    assert [v.name for v in net.weights] == ["net/dense/kernel:0", "net/dense/bias:0"]


def test_reused_layer_is_counted_once_and_lists_dicts_are_tracked():
    class Block(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.shared = layers.Dense(4)
            self.stack = [layers.Dense(4), self.shared]
            self.by_name = {"out": layers.Dense(1), "again": self.shared}
            self.nested = [[layers.Dense(4)]]

        def call(self, x):
            x = self.shared(x)
            for layer in self.stack:
                x = layer(x)
            x = self.nested[0][0](x)
            return self.by_name["out"](x)

    block = Block()
    block(np.zeros((2, 4), np.float32))
    assert len(block.layers) == 4
    assert len(block.trainable_variables) == 8
    assert len({id(v) for v in block.trainable_variables}) == 8
    assert block.count_params() == 3 * (16 + 4) + 4 + 1
    assert block.submodules == tuple(block.layers)


def test_layers_appended_after_construction_are_tracked():
    class Growing(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.blocks = []

        def call(self, x):
            for b in self.blocks:
                x = b(x)
            return x

    model = Growing()
    model.blocks.append(layers.Dense(3))
    model(np.ones((1, 2), np.float32))
    assert len(model.trainable_weights) == 2


def test_variable_attributes_of_a_model_are_weights_as_in_tf2():
    class Linear(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.W = tf.Variable(5.0, name="weight")
            self.B = tf.Variable(10.0, name="bias")
            self.frozen = tf.Variable(1.0, trainable=False)
            self.many = [tf.Variable(0.0), tf.Variable(1.0)]

        def call(self, x):
            return x * self.W + self.B

    model = Linear()
    assert [v.name for v in model.trainable_variables] == ["weight:0", "bias:0", "Variable:0",
                                                           "Variable:0"]
    assert model.non_trainable_variables == [model.frozen]
    assert len(model.variables) == 5


def test_setting_trainable_false_moves_weights_to_non_trainable():
    model = tf.keras.Sequential([layers.Dense(3, input_shape=(2,)), layers.Dense(1)])
    first = model.layers[0]
    first.trainable = False
    assert first.trainable_weights == []
    assert len(first.non_trainable_weights) == 2
    assert len(model.trainable_weights) == 2 and len(model.non_trainable_weights) == 2
    # A model lists its layers' weights layer by layer, as TF does (a frozen layer's first)
    assert model.weights[2:] == model.trainable_weights
    model.trainable = False
    assert model.trainable_weights == [] and len(model.non_trainable_weights) == 4
    assert all(not layer.trainable for layer in model.layers)


def test_add_weight_options_and_regularizer_losses():
    class Scale(layers.Layer):
        def build(self, input_shape):
            self.w = self.add_weight("w", shape=(input_shape[-1],), initializer="ones",
                                     regularizer=tf.keras.regularizers.l2(0.5))
            self.count = self.add_weight("count", shape=(), dtype="int64", trainable=False)

        def call(self, x):
            self.add_loss(tf.reduce_sum(x) * 0.0 + 1.0)
            return x * self.w

    layer = Scale()
    layer(np.ones((2, 3), np.float32))
    assert layer.count.dtype == tf.int64 and layer.count.numpy() == 0
    assert layer.non_trainable_weights == [layer.count]
    assert sorted(float(v) for v in layer.losses) == [1.0, 1.5]
    layer(np.ones((2, 3), np.float32))  # activity losses are replaced on every call
    assert len(layer.losses) == 2


def test_guide_my_simple_layer_with_add_variable_and_dynamic():
    class MySimpleLayer(tf.keras.layers.Layer):
        def __init__(self, output_units):
            super(MySimpleLayer, self).__init__()  # noqa: UP008 - the guide's spelling
            self.output_units = output_units
            self.dynamic = True

        def build(self, input_shape):
            self.kernel = self.add_variable("kernel", [input_shape[-1], self.output_units])

        def call(self, input):
            return tf.matmul(input, self.kernel)

    layer = MySimpleLayer(3)
    assert layer.dynamic
    out = layer(tf.ones([2, 5]))
    assert out.shape == (2, 3)
    assert [v.name for v in layer.trainable_variables] == ["my_simple_layer/kernel:0"]


def test_guide_resnet_identity_block():
    class ResnetIdentityBlock(tf.keras.Model):
        def __init__(self, kernel_size, filters):
            super(ResnetIdentityBlock, self).__init__(name="")  # noqa: UP008 - the guide's spelling
            filters1, filters2, filters3 = filters
            self.conv2a = tf.keras.layers.Conv2D(filters1, (1, 1))
            self.bn2a = tf.keras.layers.BatchNormalization()
            self.conv2b = tf.keras.layers.Conv2D(filters2, kernel_size, padding="same")
            self.bn2b = tf.keras.layers.BatchNormalization()
            self.conv2c = tf.keras.layers.Conv2D(filters3, (1, 1))
            self.bn2c = tf.keras.layers.BatchNormalization()

        def call(self, input_tensor, training=False):
            x = self.conv2a(input_tensor)
            x = self.bn2a(x, training=training)
            x = tf.nn.relu(x)
            x = self.conv2b(x)
            x = self.bn2b(x, training=training)
            x = tf.nn.relu(x)
            x = self.conv2c(x)
            x = self.bn2c(x, training=training)
            x += input_tensor
            return tf.nn.relu(x)

    block = ResnetIdentityBlock(1, [1, 2, 3])
    out = block(tf.zeros([1, 2, 3, 3]))
    assert out.shape == (1, 2, 3, 3)
    assert [layer.name for layer in block.layers] == [
        "conv2d", "batch_normalization", "conv2d_1", "batch_normalization_1", "conv2d_2",
        "batch_normalization_2"]
    assert len(block.variables) == 18 and len(block.trainable_variables) == 12
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(block(tf.ones([2, 2, 3, 3]), training=True))
    grads = tape.gradient(loss, block.trainable_variables)
    assert all(g is not None for g in grads)


def test_siamese_weight_sharing():
    encoder = layers.Dense(4)
    a_in, b_in = tf.keras.Input(shape=(3,)), tf.keras.Input(shape=(3,))
    distance = layers.Subtract()([encoder(a_in), encoder(b_in)])
    model = tf.keras.Model([a_in, b_in], distance)
    x = np.ones((2, 3), np.float32)
    np.testing.assert_allclose(model([x, x]).numpy(), 0.0)
    assert len(model.trainable_weights) == 2


def _summary_text(model):
    out = io.StringIO()
    model.summary(print_fn=lambda line: out.write(line + "\n"))
    return out.getvalue()


def test_summary_of_sequential_with_input_shape():
    model = tf.keras.Sequential([
        tf.keras.layers.Dense(10, input_shape=(784,)),
        tf.keras.layers.Dense(10),
    ])
    text = _summary_text(model)
    expected = (
        'Model: "sequential"\n'
        + "_" * 65 + "\n"
        + "Layer (type)                 Output Shape              Param #   \n"
        + "=" * 65 + "\n"
        + "dense (Dense)                (None, 10)                7850      \n"
        + "_" * 65 + "\n"
        + "dense_1 (Dense)              (None, 10)                110       \n"
        + "=" * 65 + "\n"
        + "Total params: 7,960\nTrainable params: 7,960\nNon-trainable params: 0\n"
        + "_" * 65 + "\n")
    assert text == expected


def test_summary_counts_non_trainable_and_functional_connections():
    inp = tf.keras.Input(shape=(4,))
    a = layers.Dense(3)(inp)
    b = layers.BatchNormalization()(a)
    out = layers.Add()([a, b])
    text = _summary_text(tf.keras.Model(inp, out))
    assert "Connected to" in text and "input_1[0][0]" in text and "dense[0][0]" in text
    assert "Total params: 27" in text
    assert "Trainable params: 21" in text and "Non-trainable params: 6" in text


def test_summary_before_build_raises_and_cnn_sequential_shapes():
    with pytest.raises(ValueError, match="not yet been built"):
        tf.keras.Sequential([layers.Dense(2)]).summary()
    model = tf.keras.Sequential([
        layers.Conv2D(16, [3, 3], activation="relu", input_shape=(None, None, 1)),
        layers.Conv2D(16, [3, 3], activation="relu"),
        layers.GlobalAveragePooling2D(),
        layers.Dense(10),
    ])
    text = _summary_text(model)
    assert "(None, None, None, 16)    160" in text
    assert "Total params: 2,650" in text


def test_deferred_sequential_builds_on_first_call_with_scoped_names():
    model = tf.keras.Sequential([layers.Dense(4), layers.Dense(2)])
    assert not model.built
    # TF raises rather than list no weights before the build (a subclass without its own
    # build(), and a plain Layer, answer []).
    for attribute in ("weights", "variables", "trainable_weights", "non_trainable_variables"):
        with pytest.raises(ValueError, match="Weights for model 'sequential' have not yet "
                                             "been created"):
            getattr(model, attribute)
    assert type("Stack", (tf.keras.Sequential,), {})([layers.Dense(2)]).weights == []
    assert layers.Dense(2).weights == []
    model(np.zeros((3, 5), np.float32))
    assert model.built
    # TF builds the inferred graph outside the model's name scope (checked against TF 2.21).
    assert model.weights[0].name == "dense/kernel:0"
    # TF keeps the first call's batch size in the inferred graph (relaxed on a later call).
    assert "(3, 2)" in _summary_text(model)


def test_sequential_errors():
    with pytest.raises(TypeError, match="instance of class Layer"):
        tf.keras.Sequential([np.zeros(3)])
    with pytest.raises(ValueError, match="unique names"):
        tf.keras.Sequential([layers.Dense(2, name="x"), layers.Dense(2, name="x")])


def test_checkpoint_children_names():
    seq = tf.keras.Sequential([layers.Dense(2, input_shape=(3,)), layers.Dropout(0.5),
                               layers.Dense(1)])
    seq.compile("adam", "mse")
    children = seq._trackable_children()
    # TF's order: a layer with weights is listed under both names, layer_with_weights-N first.
    assert list(children) == ["layer_with_weights-0", "layer-0", "layer-1",
                              "layer_with_weights-1", "layer-2", "optimizer"]
    assert children["layer_with_weights-1"] is children["layer-2"]

    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.encoder = layers.Dense(2)
            self.scale = tf.Variable(1.0)

    assert list(Net()._trackable_children()) == ["encoder", "scale"]


def test_sequential_config_round_trip():
    model = tf.keras.Sequential([
        layers.Conv2D(4, 3, activation="relu", input_shape=(8, 8, 1)),
        layers.MaxPooling2D(),
        layers.Flatten(),
        layers.Dropout(0.25),
        layers.Dense(3, activation="softmax"),
    ], name="tiny")
    clone = tf.keras.Sequential.from_config(model.get_config())
    assert clone.name == "tiny" and clone.built
    assert [type(layer).__name__ for layer in clone.layers] == [
        "Conv2D", "MaxPooling2D", "Flatten", "Dropout", "Dense"]
    assert clone.count_params() == model.count_params()
    clone.set_weights(model.get_weights())
    x = np.random.default_rng(0).random((2, 8, 8, 1)).astype(np.float32)
    np.testing.assert_allclose(clone(x).numpy(), model(x).numpy(), rtol=1e-6)


def test_subclassed_model_with_own_build_raises_for_weights_until_built():
    class Scaled(tf.keras.Model):
        def __init__(self, dynamic=False):
            super().__init__(dynamic=dynamic)
            self.dense = layers.Dense(2)

        def build(self, input_shape):
            self.dense.build(input_shape)
            super().build(input_shape)

        def call(self, x):
            return self.dense(x)

    model = Scaled()
    with pytest.raises(ValueError, match="Weights for model 'scaled' have not yet been created"):
        _ = model.trainable_variables  # the property raises
    assert Scaled(dynamic=True).weights == []  # a dynamic model's weights are never final
    model(np.zeros((1, 3), np.float32))
    assert [tuple(w.shape) for w in model.weights] == [(3, 2), (2,)]

"""A subclassed model loaded from its directory without its classes gets its layers back as
TF revives them: in the attributes that held them (lists too), built-in layers of their own
class made from their config and holding the saved Variables, custom ones as RevivedLayer
subclasses named after their class with their config; the model's config is the saved one.
Subclassed models have no inputs or outputs (None), as in TF. Expected values are those
TF 2.21 (tf_keras) gives for the same program."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras.models.loading import RevivedLayer

X = np.arange(6, dtype="float32").reshape(3, 2)


def _save(path):
    class Scale(tf.keras.layers.Layer):
        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

        def build(self, shape):
            self.w = self.add_weight("w", shape=(shape[-1],), initializer="ones")

        def call(self, x):
            return x * self.w * self.factor

        def get_config(self):
            return {**super().get_config(), "factor": self.factor}

    class Block(tf.keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.inner = tf.keras.layers.Dense(3)

        def call(self, x):
            return self.inner(x)

    class Net(tf.keras.Model):
        def __init__(self, units):
            super().__init__()
            self.units = units
            self.hidden = [tf.keras.layers.Dense(u, activation="relu") for u in units]
            self.block = Block()
            self.scale = Scale(3.0)
            self.bn = tf.keras.layers.BatchNormalization()

        def call(self, x):
            for layer in self.hidden:
                x = layer(x)
            return self.bn(self.scale(self.block(x)))

        def get_config(self):
            return {"units": self.units}

    tf.keras.backend.clear_session()
    net = Net([4, 5])
    assert net.inputs is None and net.outputs is None and net.input_names is None
    net(X)
    net.save(path)
    return net


@pytest.fixture
def loaded(tmp_path):
    net = _save(str(tmp_path / "net"))
    yield net, tf.keras.models.load_model(str(tmp_path / "net"))
    tf.keras.backend.clear_session()


def test_layers_come_back_in_their_attributes(loaded):
    net, revived = loaded
    assert [type(layer).__name__ for layer in revived.layers] == [
        "Dense", "Dense", "Block", "Scale", "BatchNormalization"]
    assert [layer.name for layer in revived.layers] == [
        "dense", "dense_1", "block", "scale", "batch_normalization"]
    assert type(revived.hidden[0]) is tf.keras.layers.Dense
    assert revived.hidden[1].units == 5 and revived.hidden[1].activation.__name__ == "relu"
    assert isinstance(revived.scale, RevivedLayer) and isinstance(revived.block, RevivedLayer)
    assert type(revived.bn) is tf.keras.layers.BatchNormalization
    assert revived.inputs is None and revived.outputs is None


def test_configs_and_weights_as_saved(loaded):
    net, revived = loaded
    assert revived.get_config() == {"units": [4, 5]}
    assert list(revived.scale.get_config().items()) == [
        ("name", "scale"), ("trainable", True), ("dtype", "float32"), ("factor", 3.0)]
    names = ["net/dense/kernel:0", "net/dense/bias:0", "net/dense_1/kernel:0",
             "net/dense_1/bias:0", "net/block/dense_2/kernel:0", "net/block/dense_2/bias:0",
             "net/scale/w:0", "net/batch_normalization/gamma:0",
             "net/batch_normalization/beta:0", "net/batch_normalization/moving_mean:0",
             "net/batch_normalization/moving_variance:0"]
    assert [w.name for w in revived.weights] == names
    assert [w.name for w in revived.variables] == names
    assert [w.name for w in revived.trainable_weights] == names[:9]
    assert [w.name for w in revived.non_trainable_weights] == names[9:]
    assert [w.name for w in revived.block.weights] == names[4:6]
    assert revived.hidden[0].kernel is revived.weights[0]
    assert revived.count_params() == net.count_params() == 70


def test_the_revived_layers_hold_the_model_s_variables(loaded):
    net, revived = loaded
    np.testing.assert_allclose(revived(X), net(X), rtol=1e-6)
    np.testing.assert_allclose(revived.hidden[0](X), net.hidden[0](X), rtol=1e-6)
    revived.compile("sgd", "mse")
    before = revived.hidden[0].kernel.numpy().copy()
    revived.fit(X, np.ones((3, 3), "float32"), verbose=0)
    assert not np.array_equal(before, revived.hidden[0].kernel.numpy())
    with pytest.raises(NotImplementedError, match="Layer 'scale' was revived without its class"):
        revived.scale(X)


def test_a_layer_without_a_config_is_revived_without_one(tmp_path):
    class NoConfig(tf.keras.layers.Layer):
        def __init__(self, units):
            super().__init__()
            self.dense = tf.keras.layers.Dense(units)

        def call(self, x):
            return self.dense(x)

        def get_config(self):
            raise NotImplementedError

    class Holder(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.part = NoConfig(2)

        def call(self, x):
            return self.part(x)

    model = Holder()
    model(X)
    model.save(str(tmp_path / "holder"))
    revived = tf.keras.models.load_model(str(tmp_path / "holder"))
    assert type(revived.part).__name__ == "NoConfig"
    assert type(revived.part.dense) is tf.keras.layers.Dense
    np.testing.assert_allclose(revived(X), model(X), rtol=1e-6)
    tf.keras.backend.clear_session()

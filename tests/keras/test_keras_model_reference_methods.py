"""tf.keras.Model reference methods: get_weight_paths, compute_output_shape, the default
get_config of a subclassed model (its constructor's plain arguments) and make_*_function."""

import numpy as np

import eagerbook as tf


def _functional():
    inputs = tf.keras.Input(shape=(3,), name="x")
    h = tf.keras.layers.Dense(4, name="hidden")(inputs)
    h = tf.keras.layers.BatchNormalization(name="bn")(h)
    return tf.keras.Model(inputs, tf.keras.layers.Dense(2, name="out")(h), name="net")


class _Sub(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d = tf.keras.layers.Dense(2)
        self.blocks = [tf.keras.layers.Dense(1)]

    def call(self, x):
        return self.blocks[0](self.d(x))


def test_weight_paths_name_layers_or_attributes():
    paths = _functional().get_weight_paths()
    assert sorted(paths) == ["bn.beta", "bn.gamma", "bn.moving_mean", "bn.moving_variance",
                             "hidden.bias", "hidden.kernel", "out.bias", "out.kernel"]
    assert paths["hidden.kernel"].shape == (3, 4)
    sub = _Sub()
    sub(tf.ones((1, 3)))
    assert sorted(sub.get_weight_paths()) == ["blocks.0.bias", "blocks.0.kernel", "d.bias",
                                              "d.kernel"]


def test_compute_output_shape_keeps_the_batch_size():
    assert _functional().compute_output_shape((5, 3)) == (5, 2)
    sub = _Sub()
    sub.build((None, 3))
    assert sub.compute_output_shape((7, 3)) == (7, 1)


def test_default_config_of_a_subclassed_model(caplog):
    class Units(tf.keras.Model):
        def __init__(self, units, act=None, **kw):
            super().__init__(**kw)
            self.d = tf.keras.layers.Dense(units)

        def call(self, x):
            return self.d(x)

    class Wrapper(tf.keras.Model):
        def __init__(self, layer):
            super().__init__()
            self.layer = layer

        def call(self, x):
            return self.layer(x)

    model = Units(3, act="relu", name="s2")
    assert model.get_config() == {"units": 3, "act": "relu"}
    assert type(Units.from_config(model.get_config())) is Units
    assert _Sub().get_config() == {}
    assert Wrapper(tf.keras.layers.Dense(1)).get_config() == {}
    assert "non-serializable objects" in caplog.text


def test_make_step_functions_run_one_step_on_the_next_batch():
    sub = _Sub()
    sub.compile(optimizer="sgd", loss="mse")
    data = iter([(np.ones((2, 3), "float32"), np.zeros((2, 1), "float32"))] * 3)
    assert sorted(sub.make_train_function()(data)) == ["loss"]
    assert sorted(sub.make_test_function()(data)) == ["loss"]
    assert sub.make_predict_function()(iter([np.ones((4, 3), "float32")])).shape == (4, 1)

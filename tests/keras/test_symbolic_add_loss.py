"""``model.add_loss(t)`` / ``model.add_metric(t, name=...)`` with a KerasTensor `t` of a
functional model (the functional VAE of TF's guides): TF's AddLoss / AddMetric layers join the
model's graph and compute the term at every call. Expected values measured with TensorFlow 2
(Keras 2)."""

import numpy as np
import pytest

import eagerbook as tf

layers = tf.keras.layers


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()  # layer names (tf.math.reduce_sum, add_loss) start afresh


def _model():
    inp = tf.keras.Input(shape=(4,), name="inp")
    hidden = layers.Dense(3, name="d1", kernel_initializer="ones")(inp)
    out = layers.Dense(2, name="d2")(hidden)
    model = tf.keras.Model(inp, out)
    model.add_loss(tf.reduce_mean(hidden) * 0.5)
    model.add_metric(tf.reduce_sum(hidden), name="hsum", aggregation="mean")
    return model


def test_the_terms_become_layers_of_the_model_as_tf():
    model = _model()
    assert [layer.name for layer in model.layers] == [
        "inp", "d1", "d2", "tf.math.reduce_mean", "tf.math.multiply", "add_loss",
        "tf.math.reduce_sum", "add_metric"]
    assert type(model.layers[5]).__name__ == "AddLoss"
    assert model.layers[5].get_config()["unconditional"] is False
    config = model.layers[7].get_config()
    assert (config["aggregation"], config["metric_name"]) == ("mean", "hsum")
    assert model.output_shape == (None, 2)


def test_every_call_computes_the_loss_of_its_own_inputs():
    model = _model()
    x = np.ones((2, 4), np.float32)
    model(x)
    [loss] = model.losses
    assert loss.shape == ()
    np.testing.assert_allclose(loss.numpy(), 2.0)  # mean of 4 * ones, halved
    model(2 * x)
    np.testing.assert_allclose([t.numpy() for t in model.losses], [4.0])  # replaced, not added


def test_fit_minimises_the_added_loss_and_reports_the_metric():
    model = _model()
    assert model.metrics_names == ["hsum"]
    model.compile("sgd", "mse")
    x = np.ones((4, 4), np.float32)
    history = model.fit(x, np.zeros((4, 2)), epochs=2, verbose=0)
    assert list(history.history) == ["loss", "hsum"]
    assert history.history["hsum"][1] < history.history["hsum"][0]  # the loss pulls d1 down
    assert model.metrics_names == ["loss", "hsum"]


def test_functional_vae_of_the_guide_trains():
    original_inputs = tf.keras.Input(shape=(8,))
    x = layers.Dense(4, activation="relu")(original_inputs)
    z_mean, z_log_var = layers.Dense(2)(x), layers.Dense(2)(x)
    decoded = layers.Dense(8, activation="sigmoid")(z_mean)
    vae = tf.keras.Model(original_inputs, decoded)
    kl_loss = -0.5 * tf.reduce_mean(z_log_var - tf.square(z_mean) - tf.exp(z_log_var) + 1)
    vae.add_loss(kl_loss)
    vae.compile(tf.keras.optimizers.Adam(1e-3), loss=tf.keras.losses.MeanSquaredError())
    data = np.random.RandomState(0).rand(16, 8).astype("float32")
    history = vae.fit(data, data, epochs=1, batch_size=8, verbose=0)
    mse = float(tf.keras.losses.MeanSquaredError()(data, vae(data)))
    assert history.history["loss"][0] > mse  # the KL term is part of the loss
    assert len(vae.losses) == 1


def test_a_model_made_again_from_its_config_keeps_the_loss_layer():
    inp = tf.keras.Input(shape=(4,))
    hidden = layers.Dense(3)(inp)
    model = tf.keras.Model(inp, layers.Dense(2)(hidden))
    model.add_loss(layers.Dense(1, name="penalty")(hidden))
    again = tf.keras.Model.from_config(model.get_config())
    assert [type(layer).__name__ for layer in again.layers][-2:] == ["Dense", "AddLoss"]
    again(np.ones((2, 4), np.float32))
    assert again.losses[0].shape == (2, 1)


def test_a_metric_needs_a_name_and_a_foreign_tensor_is_disconnected():
    model = _model()
    count = len(model.layers)
    hidden = model.get_layer("d1").output
    with pytest.raises(ValueError, match="Please provide a name for your metric"):
        model.add_metric(tf.reduce_sum(hidden))
    with pytest.raises(ValueError, match="Graph disconnected"):
        model.add_loss(tf.keras.Input(shape=(1,)) * 2)
    assert len(model.layers) == count  # bad input changes nothing

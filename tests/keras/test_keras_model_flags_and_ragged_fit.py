"""Model.run_eagerly / distribute_strategy as TF reports them, AUC's curve enums, and
fit/predict on a RaggedTensor of inputs."""
import numpy as np
import pytest

import eagerbook as tf


def _model():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile(optimizer="sgd", loss="mse")
    return model


def test_run_eagerly_reports_what_was_asked():
    model = _model()
    assert model.run_eagerly is False
    model.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    assert model.run_eagerly is True
    model.run_eagerly = False
    assert model.run_eagerly is False
    tf.config.run_functions_eagerly(True)
    try:
        assert _model().run_eagerly is True
    finally:
        tf.config.run_functions_eagerly(False)


def test_distribute_strategy_is_the_scope_the_model_was_made_in():
    assert _model().distribute_strategy is tf.distribute.get_strategy()
    strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    with strategy.scope():
        model = _model()
    assert model.distribute_strategy is strategy
    assert tf.distribute.get_strategy() is not strategy


def test_auc_curve_and_summation_method_are_enums():
    auc = tf.keras.metrics.AUC(curve="pr", summation_method="Minoring")
    assert str(auc.curve) == "AUCCurve.PR"
    assert repr(auc.summation_method) == "<AUCSummationMethod.MINORING: 'minoring'>"
    config = auc.get_config()
    assert (config["curve"], config["summation_method"]) == ("PR", "minoring")
    assert tf.keras.metrics.AUC.from_config(config).curve is auc.curve
    default = tf.keras.metrics.AUC(num_thresholds=3)
    default.update_state([0, 0, 1, 1], [0, 0.5, 0.3, 0.9])
    assert str(default.summation_method) == "AUCSummationMethod.INTERPOLATION"
    np.testing.assert_allclose(default.result().numpy(), 0.75)


@pytest.mark.parametrize("kwargs, words", [
    ({"curve": "x"}, 'Invalid AUC curve value: "x". Expected values are '
                     '["PR", "ROC", "PR_GAIN"]'),
    ({"summation_method": "y"}, 'Invalid AUC summation method value: "y". Expected values '
                                'are ["interpolation", "majoring", "minoring"]'),
])
def test_auc_bad_curve_or_method_is_tfs_value_error(kwargs, words):
    with pytest.raises(ValueError) as info:
        tf.keras.metrics.AUC(**kwargs)
    assert str(info.value) == words


class _MeanOfRow(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, tokens):
        mean = tf.reduce_mean(tf.cast(tokens, tf.float32), axis=1)
        return self.dense(tf.expand_dims(mean, -1))


def test_fit_evaluate_predict_take_a_ragged_tensor_of_inputs():
    rows = tf.ragged.constant([[1, 2], [3], [4, 5, 6], [7]])
    model = _MeanOfRow()
    model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss="mse")
    history = model.fit(rows, np.array([1., 2., 3., 4.]), batch_size=2, epochs=2,
                        shuffle=True, verbose=0)
    assert len(history.history["loss"]) == 2
    predictions = model.predict(rows, batch_size=3, verbose=0)
    np.testing.assert_allclose(predictions[:, 0], [1.5, 3.0, 5.0, 7.0])
    # lr 0: the loss is the mean squared error of those predictions, whatever the order
    loss = model.evaluate(rows, np.array([1., 2., 3., 4.]), verbose=0)
    np.testing.assert_allclose(loss, np.mean(np.square([0.5, 1.0, 2.0, 3.0])), rtol=1e-6)


def test_save_format_spellings_and_tfs_error(tmp_path):
    model = _model()
    with pytest.raises(ValueError) as info:
        model.save(str(tmp_path / "bad.txt"), save_format="xyz")
    assert str(info.value) == ("Unknown `save_format` argument. Expected one of 'keras', 'tf', "
                               "or 'h5'. Received: save_format=xyz")
    with pytest.raises(ValueError, match="save_format=HDF5"):  # case matters, as in TF
        model.save(str(tmp_path / "upper"), save_format="HDF5")
    model.save(str(tmp_path / "as_hdf5"), save_format="hdf5")
    assert (tmp_path / "as_hdf5").is_file()
    model.save(str(tmp_path / "as_dir"), save_format="tensorflow")
    assert (tmp_path / "as_dir").is_dir()


def _my_mae(y_true, y_pred):
    return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1)


def test_mean_metric_wrapper_config_keeps_its_function():
    wrapper = tf.keras.metrics.MeanMetricWrapper(fn=_my_mae, name="my_mae")
    assert wrapper.get_config() == {"name": "my_mae", "dtype": "float32", "fn": _my_mae}
    entry = tf.keras.metrics.serialize(wrapper)
    assert entry["config"]["fn"] == {"module": "builtins", "class_name": "function",
                                     "config": "_my_mae", "registered_name": "function"}
    again = tf.keras.metrics.deserialize(entry, custom_objects={"_my_mae": _my_mae})
    assert again._fn is _my_mae and again.name == "my_mae"
    builtin = tf.keras.metrics.deserialize(tf.keras.metrics.serialize(
        tf.keras.metrics.MeanMetricWrapper(fn=tf.keras.metrics.mae, name="x")))
    assert builtin._fn.__name__ == "mean_absolute_error"


def test_metrics_deserialize():
    mean = tf.keras.metrics.deserialize({"class_name": "Mean",
                                         "config": {"name": "avg", "dtype": "float32"}})
    assert type(mean).__name__ == "Mean" and mean.name == "avg"
    assert tf.keras.metrics.deserialize("mse").__name__ == "mean_squared_error"
    with pytest.raises(TypeError, match="Could not locate class 'Nope'"):
        tf.keras.metrics.deserialize({"class_name": "Nope", "config": {}})


class _Spy(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.params_seen = []
        self.outputs = []

    def on_test_begin(self, logs=None):
        self.params_seen.append(sorted(self.params))

    def on_predict_begin(self, logs=None):
        self.params_seen.append(sorted(self.params))

    def on_predict_batch_end(self, batch, logs=None):
        self.outputs.append(logs["outputs"])


def test_evaluate_and_predict_params_and_predict_batch_logs(capsys):
    model = _model()
    spy = _Spy()
    x, y = np.ones((12, 2), "float32"), np.zeros((12, 1), "float32")
    model.evaluate(x, y, batch_size=6, verbose=0, callbacks=[spy])
    model.predict(x, batch_size=6, verbose=0, callbacks=[spy])
    assert spy.params_seen == [["epochs", "steps", "verbose"]] * 2  # nothing internal
    assert [type(o).__name__ for o in spy.outputs] == ["ndarray", "ndarray"]
    assert [o.shape for o in spy.outputs] == [(6, 1), (6, 1)]
    capsys.readouterr()
    model.evaluate(x, y, batch_size=6, verbose=2)
    model.predict(x, batch_size=6, verbose=2)
    assert capsys.readouterr().out.count("2/2") == 2  # each prints its own line
    model.fit(x, y, batch_size=6, epochs=1, verbose=2, validation_data=(x, y))
    assert capsys.readouterr().out.count("2/2") == 1  # validation adds to fit's line

"""``Model.export`` and ``tf.keras.export.ExportArchive``: inference SavedModels that
``tf.saved_model.load`` serves without Keras, with TF's endpoint listing and binding errors."""

import numpy as np
import pytest

import eagerbook as tf


def _model():
    inputs = tf.keras.Input(shape=(3,), name="features")
    hidden = tf.keras.layers.Dense(4, activation="relu", kernel_initializer="ones")(inputs)
    outputs = tf.keras.layers.Dense(1, kernel_initializer="ones")(hidden)
    return tf.keras.Model(inputs, outputs)


def test_model_export_serves_the_model(tmp_path, capsys):
    model = _model()
    model.export(str(tmp_path / "exported"))
    printed = capsys.readouterr().out
    assert printed.startswith(f"Saved artifact at '{tmp_path / 'exported'}'. The following "
                              "endpoints are available:\n\n* Endpoint 'serve'\n  args_0 "
                              "(POSITIONAL_ONLY): TensorSpec(shape=(None, 3), "
                              "dtype=tf.float32, name='features')\nOutput Type:\n")
    reloaded = tf.saved_model.load(str(tmp_path / "exported"))
    assert sorted(reloaded.signatures) == ["serve", "serving_default"]
    np.testing.assert_allclose(reloaded.serve(tf.constant([[1.0, 2.0, 3.0]])).numpy(), [[24.0]])
    out = reloaded.signatures["serving_default"](tf.constant([[1.0, 2.0, 3.0]]))
    np.testing.assert_allclose(out["output_0"].numpy(), [[24.0]])


def test_archive_with_several_endpoints(tmp_path, capsys):
    model = _model()
    archive = tf.keras.export.ExportArchive()
    archive.track(model)
    spec = [tf.TensorSpec(shape=(None, 3), dtype=tf.float32)]
    archive.add_endpoint(name="serve", fn=model.call, input_signature=spec)
    archive.add_endpoint(name="double", fn=lambda x: model(x) * 2, input_signature=spec)
    archive.write_out(str(tmp_path / "archive"))
    assert "\n\n* Endpoint 'double'\n  x (POSITIONAL_OR_KEYWORD)" in capsys.readouterr().out
    reloaded = tf.saved_model.load(str(tmp_path / "archive"))
    np.testing.assert_allclose(reloaded.double(tf.ones((1, 3))).numpy(), [[24.0]])
    with pytest.raises(TypeError, match=r"Binding inputs to tf.function failed due to `Can not "
                                        r"cast TensorSpec\(shape=\(2, 4\), dtype=tf.float32, "
                                        r"name=None\) to TensorSpec\(shape=\(None, 3\)"):
        reloaded.serve(tf.ones((2, 4)))


def test_archive_refuses_an_unbuilt_layer_and_no_endpoints(tmp_path):
    archive = tf.keras.export.ExportArchive()
    with pytest.raises(ValueError, match="not yet been built"):
        archive.track(tf.keras.layers.Dense(2))
    with pytest.raises(ValueError, match="No endpoints"):
        archive.write_out(str(tmp_path / "empty"))


def test_loaded_function_with_a_signature_binds_as_tf(tmp_path):
    class Scaler(tf.Module):
        def __init__(self):
            self.v = tf.Variable(2.0)

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
        def f(self, x):
            return x * self.v

        @tf.function
        def g(self, x):
            return x * self.v

    module = Scaler()
    module.g(tf.ones((2, 3)))
    tf.saved_model.save(module, str(tmp_path / "m"))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    with pytest.raises(TypeError, match="Can not cast TensorSpec\\(shape=\\(2, 3\\), "
                                        "dtype=tf.int32"):
        loaded.f(tf.ones((2, 3), tf.int32))
    with pytest.raises(ValueError, match="Could not find matching concrete function"):
        loaded.g(tf.ones((2, 4)))


def test_subclassed_model_exports_for_its_first_input(tmp_path, capsys):
    class Doubler(tf.keras.Model):
        def call(self, x):
            return x * 2.0

    model = Doubler()
    model(tf.ones((2, 5)))
    model.export(str(tmp_path / "sub"))
    capsys.readouterr()
    reloaded = tf.saved_model.load(str(tmp_path / "sub"))
    np.testing.assert_allclose(reloaded.serve(tf.ones((3, 5))).numpy(), np.full((3, 5), 2.0))

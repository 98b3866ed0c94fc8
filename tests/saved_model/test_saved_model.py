"""tf.saved_model: TF's "Using the SavedModel format" guide, fresh-process loading, damage."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import eagerbook as tf


class CustomModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.)

    @tf.function
    def __call__(self, x):
        print("Tracing with", x)
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)


def test_guide_save_load_and_fine_tune(tmp_path, capsys):
    module = CustomModule()
    module(tf.constant(0.))
    assert capsys.readouterr().out == 'Tracing with Tensor("x:0", shape=(), dtype=float32)\n'
    path = str(tmp_path / "module_no_signatures")
    tf.saved_model.save(module, path)  # TF traces the function once more to save it
    assert capsys.readouterr().out == 'Tracing with Tensor("x:0", shape=(), dtype=float32)\n'
    assert sorted(os.listdir(path)) == ["assets", "functions.npz", "saved_model.json",
                                        "variables"]
    assert sorted(os.listdir(os.path.join(path, "variables"))) == [
        "variables.data-00000-of-00001", "variables.index"]

    imported = tf.saved_model.load(path)
    assert imported(tf.constant(3.)).numpy() == 3
    imported.mutate(tf.constant(2.))
    assert imported(tf.constant(3.)).numpy() == 6
    assert capsys.readouterr().out == ""  # the Python code is not run again

    optimizer = tf.keras.optimizers.SGD(0.05)

    def train_step():
        with tf.GradientTape() as tape:
            loss = (10. - imported(tf.constant(2.))) ** 2
        variables = tape.watched_variables()
        grads = tape.gradient(loss, variables)
        optimizer.apply_gradients(zip(grads, variables))
        return loss

    lines = [f"loss={train_step():.2f} v={imported.v.numpy():.2f}"
             for _ in range(10)]
    assert lines == ["loss=36.00 v=3.20", "loss=12.96 v=3.92", "loss=4.67 v=4.35",
                     "loss=1.68 v=4.61", "loss=0.60 v=4.77", "loss=0.22 v=4.86",
                     "loss=0.08 v=4.92", "loss=0.03 v=4.95", "loss=0.01 v=4.97",
                     "loss=0.00 v=4.98"]


def test_guide_signatures(tmp_path):
    module = CustomModule()
    call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    path = str(tmp_path / "module_with_signature")
    tf.saved_model.save(module, path, signatures=call)
    imported = tf.saved_model.load(path)
    assert list(imported.signatures.keys()) == ["serving_default"]
    out = imported.signatures["serving_default"](x=tf.constant([1.0, 2.0]))
    assert list(out) == ["output_0"]
    np.testing.assert_array_equal(out["output_0"], [1.0, 2.0])

    signatures = {"serving_default": call,
                  "array_input": module.__call__.get_concrete_function(
                      tf.TensorSpec([None], tf.float32))}
    path = str(tmp_path / "module_with_multiple_signatures")
    tf.saved_model.save(module, path, signatures=signatures)
    imported = tf.saved_model.load(path)
    assert list(imported.signatures.keys()) == ["serving_default", "array_input"]
    # As in TF 2.21, positional arguments bind to the inputs in order; too many is an error.
    positional = imported.signatures["array_input"](tf.constant([1.0]))
    np.testing.assert_array_equal(positional["output_0"], [1.0])
    with pytest.raises(TypeError, match="too many positional arguments"):
        imported.signatures["array_input"](tf.constant([1.0]), tf.constant([1.0]))
    # TF's dispatch served the TensorSpec([None]) request with the unknown-shape trace: the
    # "array_input" signature takes a scalar too (as in TF 2.21)
    assert imported.signatures["array_input"](x=tf.constant(1.0))["output_0"].numpy() == 1.0


def test_guide_signature_output_names(tmp_path):
    class CustomModuleWithOutputName(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(1.)

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def __call__(self, x):
            return {"custom_output_name": x * self.v}

    module_output = CustomModuleWithOutputName()
    call_output = module_output.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    path = str(tmp_path / "module_with_output_name")
    tf.saved_model.save(module_output, path, signatures={"serving_default": call_output})
    imported = tf.saved_model.load(path)
    (name, spec), = imported.signatures["serving_default"].structured_outputs.items()
    # TF shows TensorSpec(shape=<unknown>, dtype=tf.float32, name='custom_output_name'); the
    # tracer infers (None,) for `unknown-rank * scalar`, so only name and dtype are compared.
    assert (name, spec.name, spec.dtype) == ("custom_output_name", "custom_output_name",
                                             tf.float32)
    # without signatures=, the root's one function with an input_signature is the default
    path = str(tmp_path / "default_signature")
    tf.saved_model.save(module_output, path)
    imported = tf.saved_model.load(path)
    assert list(imported.signatures) == ["serving_default"]
    assert imported.signatures["serving_default"](x=4.0)["custom_output_name"].numpy() == 4.0


_FRESH = textwrap.dedent("""
    import sys
    import eagerbook as tf
    loaded = tf.saved_model.load(sys.argv[1])
    print(type(loaded).__name__, hasattr(sys.modules["__main__"], "Model"))
    print(loaded(tf.constant([[1.0, 2.0]])).numpy().tolist())
    print(loaded.scale(tf.constant(3.0), 2).numpy().tolist())
    print(loaded.blocks[1].w.numpy().tolist(), loaded.table["b"].numpy().tolist())
    print(hasattr(loaded, "trainable_variables"), loaded.table["frozen"].trainable)
    print(loaded.signatures["serving_default"](x=[[1.0, 1.0]])["output_0"].numpy().tolist())
""")


def test_load_in_a_fresh_process_without_the_class(tmp_path):
    class Block(tf.Module):
        def __init__(self, value):
            super().__init__()
            self.w = tf.Variable([[value, 0.0], [0.0, value]], name="w")

    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.blocks = [Block(2.0), Block(3.0)]
            self.table = {"b": tf.Variable([1.0, -1.0], name="bias"),
                          "frozen": tf.Variable(5.0, trainable=False, name="frozen")}
            self.offset = tf.constant(0.5)

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name="x")])
        def __call__(self, x):
            for block in self.blocks:
                x = tf.matmul(x, block.w)
            return tf.nn.relu(x + self.table["b"]) + self.offset

        @tf.function
        def scale(self, x, times):
            if times > 1:  # a Python value in the signature: traced per value
                return x * tf.cast(times, tf.float32) + self.table["frozen"]
            return x

    model = Model()
    model.scale(tf.constant(1.0), 2)
    path = str(tmp_path / "model")
    tf.saved_model.save(model, path)
    result = subprocess.run([sys.executable, "-c", _FRESH, path], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert model(tf.constant([[1.0, 2.0]])).numpy().tolist() == [[7.5, 11.5]]
    assert result.stdout.splitlines() == [
        "_UserObject False",
        "[[7.5, 11.5]]",
        "11.0",
        "[[3.0, 0.0], [0.0, 3.0]] [1.0, -1.0]",
        "False False",  # a plain module comes back without tf.Module's lists, as in TF
        "[[7.5, 5.5]]",
    ]


def test_a_function_traced_with_other_arguments_is_refused_clearly(tmp_path):
    module = CustomModule()
    module(tf.constant(1.0))
    path = str(tmp_path / "m")
    tf.saved_model.save(module, path)
    imported = tf.saved_model.load(path)
    with pytest.raises(ValueError, match="Could not find matching concrete function"):
        imported(tf.constant([1.0, 2.0]))
    with pytest.raises(ValueError, match="Could not find matching concrete function"):
        imported(tf.constant(1, dtype=tf.int32))


def test_saving_refuses_what_it_cannot_write(tmp_path):
    with pytest.raises(ValueError, match="Expected an object of type `Trackable`"):
        tf.saved_model.save(lambda x: x, str(tmp_path / "a"))
    outside = tf.Variable(2.0)

    class Leaky(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def __call__(self, x):
            return x * outside

    # TF's kind (AssertionError) and words, naming the variable
    untracked = r"an 'untracked' resource(.|\n)*<tf.Variable 'Variable:0' shape=\(\) dtype="
    with pytest.raises(AssertionError, match=untracked):
        tf.saved_model.save(Leaky(), str(tmp_path / "b"))
    assert not os.path.exists(tmp_path / "b")  # nothing written
    module = CustomModule()
    with pytest.raises(ValueError, match="Only `tf.functions` with an input signature or "
                       "concrete functions can be used as a signature"):
        tf.saved_model.save(module, str(tmp_path / "c"), signatures=module.__call__)


@pytest.fixture
def saved(tmp_path):
    module = CustomModule()
    module(tf.constant(1.0))
    path = str(tmp_path / "saved")
    tf.saved_model.save(module, path)
    return path


def test_missing_directory_or_files_are_os_errors(tmp_path, saved):
    with pytest.raises(OSError, match="SavedModel file does not exist"):
        tf.saved_model.load(str(tmp_path / "nowhere"))
    os.remove(os.path.join(saved, "functions.npz"))
    with pytest.raises(OSError, match="functions.npz is missing"):
        tf.saved_model.load(saved)


def test_missing_variables_are_an_os_error(saved):
    os.remove(os.path.join(saved, "variables", "variables.index"))
    with pytest.raises(OSError, match="its variables are missing"):
        tf.saved_model.load(saved)


@pytest.mark.parametrize("damage", ["truncate_json", "other_json", "bad_version",
                                    "flip_arrays", "flip_variables", "bad_graph"])
def test_damaged_files_are_data_loss_errors(saved, damage):
    json_path = os.path.join(saved, "saved_model.json")
    manifest = json.loads(open(json_path).read())
    if damage == "truncate_json":
        open(json_path, "w").write(json.dumps(manifest)[:50])
    elif damage == "other_json":
        open(json_path, "w").write(json.dumps({"hello": 1}))
    elif damage == "bad_version":
        manifest["version"] = 99
        open(json_path, "w").write(json.dumps(manifest))
    elif damage == "bad_graph":
        manifest["concrete_functions"][0]["graph"]["ops"][0]["type"] = "NoSuchOp"
        open(json_path, "w").write(json.dumps(manifest))
    else:
        name = "functions.npz" if damage == "flip_arrays" else os.path.join(
            "variables", "variables.data-00000-of-00001")
        target = os.path.join(saved, name)
        data = bytearray(open(target, "rb").read())
        data[len(data) // 2] ^= 0xFF
        open(target, "wb").write(bytes(data))
    with pytest.raises(tf.errors.DataLossError):
        tf.saved_model.load(saved)


def test_loaded_graph_runs_through_the_optimizer_and_code_generator(saved):
    imported = tf.saved_model.load(saved)
    (concrete,) = imported.__call__.concrete_functions
    assert "def " in concrete.compiled_source
    assert [op.type for op in concrete.graph.get_operations()] == [
        "Placeholder", "Placeholder", "ReadVariableOp", "Mul", "Identity"]


def test_keras_models_are_saved_with_their_call(tmp_path):
    inputs = tf.keras.Input(shape=(3,), name="features")
    outputs = tf.keras.layers.Dense(2, name="predictions")(inputs)
    functional = tf.keras.Model(inputs, outputs)
    sequential = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,)),
                                      tf.keras.layers.Dropout(0.5)])
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    for i, model in enumerate([functional, sequential]):
        path = str(tmp_path / f"keras_{i}")
        tf.saved_model.save(model, path)
        loaded = tf.saved_model.load(path)
        np.testing.assert_allclose(loaded(x).numpy(), model(x, training=False).numpy())
        infer = loaded.signatures["serving_default"]
        assert list(infer.structured_input_signature[1]) == [model.inputs[0]._node.layer.name]
        assert len(loaded.trainable_variables) == 2
    assert repr(infer_outputs := tf.saved_model.load(str(tmp_path / "keras_0")).signatures[
        "serving_default"].structured_outputs) == (
        "{'predictions': TensorSpec(shape=(None, 2), dtype=tf.float32, name='predictions')}")
    assert infer_outputs["predictions"].shape.as_list() == [None, 2]


def test_keras_sequential_signature_names_its_output_after_the_layer(tmp_path):
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="ones",
                                                       input_shape=(3,), name="dense")])
    path = str(tmp_path / "keras_sm")
    tf.saved_model.save(model, path)
    infer = tf.saved_model.load(path).signatures["serving_default"]
    assert list(infer.structured_outputs) == ["dense"]
    out = infer(tf.ones((1, 3)))  # positional, as TF binds it
    np.testing.assert_array_equal(out["dense"].numpy(), [[3.0, 3.0]])
    assert list(infer.structured_input_signature[1]) == ["dense_input"]

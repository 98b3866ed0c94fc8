"""A tf.function called inside another's trace has a concrete function of its own, as in TF:
it is listed, printed and saved (the SavedModel migration guide calls the loaded method;
eagerbook inlined the call and saved the method with no trace at all)."""

import eagerbook as tf


class _AddTwo(tf.Module):
    @tf.function
    def __call__(self, x):
        return x + 2


def _serve(model):
    @tf.function
    def serving_default(x):
        return {"output": model(x)}
    return serving_default.get_concrete_function(tf.TensorSpec(shape=[], dtype=tf.float32))


def test_the_inner_call_is_a_concrete_function_of_its_own():
    model = _AddTwo()
    _serve(model)
    assert model.__call__.experimental_get_tracing_count() == 1
    assert model.__call__.pretty_printed_concrete_signatures() == (
        "Input Parameters:\n"
        "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.float32, name=None)\n"
        "Output Type:\n"
        "  TensorSpec(shape=(), dtype=tf.float32, name=None)\n"
        "Captures:\n"
        "  None")
    assert len(model.__call__.list_concrete_functions()) == 1
    assert model.__call__.experimental_get_tracing_count() == 1


def test_a_saved_module_keeps_the_inner_trace(tmp_path):
    model = _AddTwo()
    signature = _serve(model)
    path = str(tmp_path / "tf2-save")
    tf.saved_model.save(model, path, signatures={"serving_default": signature})
    loaded = tf.saved_model.load(path)
    assert float(loaded(5)) == 7.0  # a Python number fits the float32 trace, as in TF
    assert float(loaded.signatures["serving_default"](tf.constant(5.0))["output"]) == 7.0
    assert type(loaded.__call__).__name__ == "RestoredFunction"
    assert repr(loaded.__call__).startswith("<eagerbook.saved_model.load.RestoredFunction object")

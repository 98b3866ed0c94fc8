"""A tf.function called only inside another tf.function's trace is saved with a trace for the
arguments it got there, as TF saves the trace that call made (the SavedModel migration guide:
loaded(5) works); a loaded function prints Python's default repr, as TF's RestoredFunction."""
import re

import eagerbook as tf


class _AddTwo(tf.Module):
    @tf.function
    def __call__(self, x):
        print("tracing call")
        return x + 2


def test_the_inner_function_is_saved_and_callable(tmp_path, capsys):
    model = _AddTwo()

    @tf.function
    def serving_default(x):
        return {"output": model(x)}

    signature = serving_default.get_concrete_function(tf.TensorSpec(shape=[], dtype=tf.float32))
    tf.saved_model.save(model, str(tmp_path), signatures={"serving_default": signature})
    assert capsys.readouterr().out == "tracing call\ntracing call\n"  # as TF: two traces
    assert model.__call__.experimental_get_tracing_count() == 2
    loaded = tf.saved_model.load(str(tmp_path))
    assert loaded(5).numpy() == 7.0
    assert loaded(tf.constant(5.0)).numpy() == 7.0
    assert loaded.signatures["serving_default"](tf.constant(1.0))["output"].numpy() == 3.0
    assert re.fullmatch(r"<eagerbook\.saved_model\.load\.RestoredFunction object at 0x[0-9a-f]+>",
                        repr(loaded.__call__))

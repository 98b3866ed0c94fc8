"""A tf.function with an input_signature that was never traced, saved (as TF 2.21 does it,
compared by hand): saving traces it for saving only, so its Python function runs once then,
and once more at its first own trace (pretty_printed_concrete_signatures or a call), which
lists both traces; a later save traces nothing."""

import eagerbook as tf

_TRACES = []  # what each trace of mutate's Python function appends to


class _Module(tf.Module):
    def __init__(self, log):
        super().__init__()
        self.v = tf.Variable(1.0)
        log.clear()

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        _TRACES.append("mutate")
        self.v.assign(new_v)


def test_saving_traces_a_signature_function_for_saving_only(tmp_path):
    log = _TRACES
    module = _Module(log)
    tf.saved_model.save(module, str(tmp_path / "a"))
    assert log == ["mutate"]
    assert module.mutate.experimental_get_tracing_count() == 1
    text = module.mutate.pretty_printed_concrete_signatures()
    assert log == ["mutate", "mutate"]  # its own trace now
    assert module.mutate.experimental_get_tracing_count() == 2
    assert text.count("Input Parameters:") == 2
    tf.saved_model.save(module, str(tmp_path / "b"))
    module.mutate(tf.constant(3.0))
    assert log == ["mutate", "mutate"] and module.v.numpy() == 3.0
    loaded = tf.saved_model.load(str(tmp_path / "b"))
    loaded.mutate(tf.constant(5.0))
    assert loaded.v.numpy() == 5.0


def test_the_first_call_after_saving_traces_again(tmp_path):
    log = _TRACES
    module = _Module(log)
    tf.saved_model.save(module, str(tmp_path / "c"))
    module.mutate(tf.constant(2.0))
    assert log == ["mutate", "mutate"] and module.v.numpy() == 2.0
    assert tf.saved_model.load(str(tmp_path / "c")).v.numpy() == 1.0

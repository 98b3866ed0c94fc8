"""A tf.function with an input_signature, never called, saved twice (TF's SavedModel guide of
the TF 2.0 era saves its module three times before calling `mutate` on what it loads): the
second save keeps the trace the first one made for saving, so the loaded function runs; the
Python function ran once (TF 2.21: tracing count 1, one concrete function after loading)."""

import eagerbook as tf

_TRACES = []


class _Module(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        _TRACES.append("mutate")
        self.v.assign(new_v)


def test_a_second_save_keeps_the_trace_made_for_saving(tmp_path):
    _TRACES.clear()
    module = _Module()
    tf.saved_model.save(module, str(tmp_path / "first"))
    tf.saved_model.save(module, str(tmp_path / "second"))
    assert _TRACES == ["mutate"]
    assert module.mutate.experimental_get_tracing_count() == 1
    loaded = tf.saved_model.load(str(tmp_path / "second"))
    assert len(loaded.mutate.concrete_functions) == 1
    loaded.mutate(tf.constant(4.0))
    assert loaded.v.numpy() == 4.0 and module.v.numpy() == 1.0
    assert _TRACES == ["mutate"]

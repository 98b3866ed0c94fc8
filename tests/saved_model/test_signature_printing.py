"""A loaded SavedModel's signature prints as TF 2.21 prints it: a ConcreteFunction whose inputs
are keyword-only (in the order of their names) and whose output is a dict of named tensors."""

import re

import eagerbook as tf


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                                  tf.TensorSpec([], tf.int32, name="k")])
    def scale(self, x, k):
        return {"y": x * self.v, "k": k}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def add_one(self, x):
        return x + 1


def loaded_signatures(tmp_path):
    module = Scaler()
    path = str(tmp_path / "scaler")
    tf.saved_model.save(module, path, signatures={
        "a": module.scale, "b": module.add_one.get_concrete_function()})
    return tf.saved_model.load(path).signatures


A_TYPE = ("(*, k: TensorSpec(shape=(), dtype=tf.int32, name='k'), x: TensorSpec(shape=(None,), "
          "dtype=tf.float32, name='x')) -> Dict[['k', TensorSpec(shape=(), dtype=tf.int32, "
          "name='k')], ['y', TensorSpec(shape=(None,), dtype=tf.float32, name='y')]]")


def test_str_lists_parameters_outputs_and_captures(tmp_path):
    signatures = loaded_signatures(tmp_path)
    assert str(signatures["b"]) == (
        "ConcreteFunction Input Parameters:\n"
        "  x (KEYWORD_ONLY): TensorSpec(shape=(None,), dtype=tf.float32, name='x')\n"
        "Output Type:\n"
        "  Dict[['output_0', TensorSpec(shape=(None,), dtype=tf.float32, name='output_0')]]\n"
        "Captures:\n"
        "  None")
    text = str(signatures["a"])
    assert text.startswith("ConcreteFunction Input Parameters:\n  k (KEYWORD_ONLY): "
                           "TensorSpec(shape=(), dtype=tf.int32, name='k')\n  x (KEYWORD_ONLY)")
    assert re.search(r"Captures:\n  \d+: TensorSpec\(shape=\(\), dtype=tf.resource, "
                     r"name=None\)$", text), text  # the Variable


def test_repr_and_the_signature_map(tmp_path):
    signatures = loaded_signatures(tmp_path)
    assert re.fullmatch(re.escape(f"<ConcreteFunction {A_TYPE} at 0x") + "[0-9A-F]+>",
                        repr(signatures["a"]))
    assert str(signatures["a"].function_type) == A_TYPE
    assert signatures["a"].pretty_printed_signature(verbose=False) == A_TYPE
    assert repr(signatures).startswith("_SignatureMap({'a': <ConcreteFunction (*, k: ")
    assert signatures["a"](x=tf.constant([2.0]), k=tf.constant(3))["k"].numpy() == 3


def test_a_dict_result_written_out_of_key_order_comes_back_right(tmp_path):
    # {"y": ..., "k": ...}: its keys are not in tf.nest's (sorted) order
    module = Scaler()
    path = str(tmp_path / "scaler")
    tf.saved_model.save(module, path, signatures={"a": module.scale})
    loaded = tf.saved_model.load(path)
    for result in (loaded.scale(tf.constant([2.0]), tf.constant(3)),
                   loaded.signatures["a"](x=tf.constant([2.0]), k=tf.constant(3))):
        assert result["k"].numpy() == 3
        assert result["y"].numpy().tolist() == [2.0]

"""TF 2.21's binding of arguments to an input_signature, op printing and signatures of a
re-export, compared with TF by hand: a value that cannot be converted to the spec's dtype
gives the conversion's own words, get_concrete_function(spec) refuses a spec that does not fit
the signature, print(op) shows its NodeDef, a loaded SavedModel's signature can be a
signature of a new export, and anything else gets TF's ValueError."""

import pytest

import eagerbook as tf


@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
def next_collatz(x):
    return tf.where(x % 2 == 0, x // 2, 3 * x + 1)


def _binding_message(reason, received):
    return (f"Binding inputs to tf.function failed due to `{reason}`. Received args: "
            f"({received},) and kwargs: {{}} for signature: (x: TensorSpec(shape=(None,), "
            "dtype=tf.int32, name=None)).")


def test_a_list_of_floats_for_an_int_signature_gives_the_conversion_error():
    with pytest.raises(TypeError) as info:
        next_collatz([1.0, 2.0])
    assert str(info.value) == _binding_message(
        "Cannot convert [1.0, 2.0] to EagerTensor of dtype int32", "[1.0, 2.0]")


def test_get_concrete_function_refuses_a_spec_that_does_not_fit():
    for spec in (tf.TensorSpec([None], tf.float32), tf.TensorSpec([None, 2], tf.int32)):
        with pytest.raises(TypeError) as info:
            next_collatz.get_concrete_function(spec)
        assert str(info.value) == _binding_message(
            f"Can not cast {spec!r} to TensorSpec(shape=(None,), dtype=tf.int32, name=None)",
            repr(spec))


def test_get_concrete_function_takes_a_spec_that_fits():
    concrete = next_collatz.get_concrete_function()
    assert next_collatz.get_concrete_function(tf.TensorSpec([3], tf.int32)) is concrete
    assert next_collatz.get_concrete_function(tf.TensorSpec(None, tf.int32)) is concrete


def test_an_operation_prints_as_its_node_def():
    @tf.function
    def double(a):
        return a + a

    graph = double.get_concrete_function(tf.constant("a")).graph
    (add,) = [op for op in graph.get_operations() if op.type != "Placeholder"
              and op.type != "Identity"]
    assert str(add) == str(add.node_def)
    assert str(add).startswith('name: "add"\nop: "Add')
    assert '    type: DT_STRING\n' in str(add)
    assert repr(add) == "<tf.Operation 'add' type=" + add.type + ">"


class _Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function
    def __call__(self, x):
        return x * self.v


def test_a_loaded_signature_is_a_signature_of_a_new_export(tmp_path):
    module = _Scale()
    call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    tf.saved_model.save(module, str(tmp_path / "a"), signatures=call)
    imported = tf.saved_model.load(str(tmp_path / "a"))
    tf.saved_model.save(imported, str(tmp_path / "b"),
                        signatures={"from_float": imported.signatures["serving_default"]})
    reloaded = tf.saved_model.load(str(tmp_path / "b"))
    assert list(reloaded.signatures.keys()) == ["from_float"]
    out = reloaded.signatures["from_float"](x=tf.constant(3.0))
    assert list(out) == ["output_0"] and out["output_0"].numpy() == 6.0


def test_a_python_function_or_unsigned_tf_function_is_no_signature(tmp_path):
    def identity(x):
        return x

    for fn in (identity, tf.function(identity)):
        with pytest.raises(ValueError) as info:
            tf.saved_model.save(tf.Module(), str(tmp_path / "c"), signatures={"a": fn})
        assert str(info.value) == (
            f"Expected a TensorFlow function for which to generate a signature, but got {fn}. "
            "Only `tf.functions` with an input signature or concrete functions can be used as "
            "a signature.")

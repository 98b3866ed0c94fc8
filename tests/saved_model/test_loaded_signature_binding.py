"""How a loaded signature takes its arguments, as TF 2.21 binds them (compared side by side):
by name to keyword-only parameters sorted by name, each value cast to its spec; failing that,
to the flat signature ``signature_wrapper_<f>(a, b)`` (tensors only, shapes unchecked, by
position only when there is one input), with both failures named in TF's words."""

import re

import pytest

import eagerbook as tf


class _Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def serve(self, x):
        return x + 1

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32, name="zeta"),
                                  tf.TensorSpec([], tf.int32, name="alpha")])
    def two(self, zeta, alpha):
        return {"y": zeta * tf.cast(alpha, tf.float32) * self.v}


@pytest.fixture(scope="module")
def signatures(tmp_path_factory):
    model = _Model()
    path = str(tmp_path_factory.mktemp("signatures") / "model")
    tf.saved_model.save(model, path, signatures={"one": model.serve, "two": model.two})
    return tf.saved_model.load(path).signatures


def _serve_text():
    return "(*, x: TensorSpec(shape=(), dtype=tf.float32, name='x')) -> " \
           "Dict[['output_0', TensorSpec(shape=(), dtype=tf.float32, name='output_0')]]"


def _two_text():
    return "(*, alpha: TensorSpec(shape=(), dtype=tf.int32, name='alpha'), " \
           "zeta: TensorSpec(shape=(2,), dtype=tf.float32, name='zeta')) -> " \
           "Dict[['y', TensorSpec(shape=(2,), dtype=tf.float32, name='y')]]"


def test_inputs_come_sorted_by_name_then_the_captures(signatures):
    two = signatures["two"]
    assert [t.name for t in two.inputs][:2] == ["alpha:0", "zeta:0"]
    assert two.inputs[2].dtype == tf.resource
    assert list(two.structured_input_signature[1]) == ["alpha", "zeta"]


def test_values_are_cast_to_the_specs_by_name(signatures):
    assert signatures["one"](x=3.0)["output_0"].numpy() == 4.0
    assert signatures["two"](zeta=[1.0, 2.0], alpha=3)["y"].numpy().tolist() == [6.0, 12.0]


def test_the_flat_signature_takes_tensors_of_other_shapes(signatures):
    out = signatures["one"](x=tf.constant([1.0, 2.0]))["output_0"]
    assert out.numpy().tolist() == [2.0, 3.0]
    out = signatures["two"](zeta=tf.constant([1.0, 2.0, 3.0]), alpha=tf.constant(1))["y"]
    assert out.numpy().tolist() == [2.0, 4.0, 6.0]
    assert signatures["one"](tf.constant(1.0))["output_0"].numpy() == 2.0  # one input


def _binding_error(reason, args, kwargs, text, flat):
    return re.escape(f"Binding inputs to tf.function failed due to `{reason}`. Received args: "
                     f"{args} and kwargs: {kwargs} for signature: {text}.\nFallback to flat "
                     f"signature also failed due to: {flat}")


def test_positional_arguments_are_refused_with_tf_words(signatures):
    a, b = tf.constant([1.0, 2.0]), tf.constant(2)
    with pytest.raises(TypeError, match="^" + _binding_error(
            "too many positional arguments", (a, b), {}, _two_text(),
            "signature_wrapper_two(alpha, zeta) takes 0 positional arguments, got 2.") + "$"):
        signatures["two"](a, b)
    with pytest.raises(TypeError, match=_binding_error(
            "too many positional arguments", (3.0,), {}, _serve_text(),
            "signature_wrapper_serve(x): expected argument #0(zero-based) to be a Tensor; got "
            "float (3.0).")):
        signatures["one"](3.0)
    with pytest.raises(TypeError, match=re.escape(
            "signature_wrapper_serve(x) takes 1 positional arguments, got 2.")):
        signatures["one"](a, b)


def test_missing_and_unexpected_arguments_are_refused_with_tf_words(signatures):
    one = tf.constant(1.0)
    with pytest.raises(TypeError, match=_binding_error(
            "missing a required argument: 'alpha'", (), {"zeta": one}, _two_text(),
            "signature_wrapper_two(alpha, zeta) missing required arguments: alpha.")):
        signatures["two"](zeta=one)
    with pytest.raises(TypeError, match=_binding_error(
            "got an unexpected keyword argument 'y'", (), {"x": one, "y": 2.0}, _serve_text(),
            "signature_wrapper_serve(x) got unexpected keyword arguments: y.")):
        signatures["one"](x=one, y=2.0)
    with pytest.raises(TypeError, match=re.escape(
            "signature_wrapper_serve(x) got two values for 'x'.")):
        signatures["one"](one, x=one)


def test_a_tensor_of_another_dtype_fails_as_the_function_runs(signatures):
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^cannot compute "
                       r"__inference_signature_wrapper_two_\d+ as input #0\(zero-based\) was "
                       r"expected to be a int32 tensor but is a float tensor \[Op:"):
        signatures["two"](zeta=tf.constant([1.0, 2.0]), alpha=tf.constant(3.0))

"""A SavedModel's functions called from a new tf.function, exported again (the SavedModel
guide's parse_string signature over a loaded model): the call is recorded as the called
function's ops, inlined, so the new SavedModel loads and runs it, reading and writing the same
Variables."""

import pytest

import eagerbook as tf


class _Scaled(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def inner(self, x):
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def outer(self, x):
        return self.inner(x) + 1.0

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)


@pytest.fixture
def loaded(tmp_path):
    tf.saved_model.save(_Scaled(), str(tmp_path / "first"))
    return tf.saved_model.load(str(tmp_path / "first"))


def test_a_signature_calling_a_loaded_function_is_exported(loaded, tmp_path):
    @tf.function(input_signature=[tf.TensorSpec([], tf.string)])
    def parse_string(s):
        return loaded.outer(tf.strings.to_number(s))

    assert parse_string(tf.constant("2.5")).numpy() == 6.0
    tf.saved_model.save(loaded, str(tmp_path / "second"),
                        signatures={"parse": parse_string})
    again = tf.saved_model.load(str(tmp_path / "second"))
    assert again.signatures["parse"](tf.constant("1.5"))["output_0"].numpy() == 4.0
    assert again.outer(tf.constant(1.0)).numpy() == 3.0


def test_inlined_calls_share_the_variables_they_write(loaded, tmp_path):
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def set_then_scale(x):
        loaded.mutate(x)  # a stateful call: its assignment is kept
        return loaded.inner(x) + loaded.inner(1.0)  # the same function inlined twice

    loaded.f = set_then_scale
    tf.saved_model.save(loaded, str(tmp_path / "third"))
    again = tf.saved_model.load(str(tmp_path / "third"))
    assert again.f(tf.constant(3.0)).numpy() == 12.0  # v = 3: 3 * 3 + 1 * 3
    assert again.v.numpy() == 3.0
    assert again.inner(tf.constant(2.0)).numpy() == 6.0  # the Variable it wrote

"""A restored function called with arguments none of its traces takes: TF 2.21's ValueError,
whose "Got:" part shows the arguments bound to the parameters and each tensor as the placeholder
named after its parameter (TF traces the call before finding no match)."""

import pytest

import eagerbook as tf


class Adder(tf.Module):
    @tf.function
    def f(self, x, y):
        return x + y


def restored(tmp_path):
    module = Adder()
    module.f(tf.constant(1.0), tf.constant(2.0))
    tf.saved_model.save(module, str(tmp_path / "adder"))
    return tf.saved_model.load(str(tmp_path / "adder"))


def got_part(call):
    with pytest.raises(ValueError) as info:  # noqa: PT011 - the message is checked below
        call()
    return str(info.value).split("\n\n Expected")[0]


HEAD = "Could not find matching concrete function to call loaded from the SavedModel. Got:\n"


def test_tensors_show_as_their_placeholders(tmp_path):
    loaded = restored(tmp_path)
    assert got_part(lambda: loaded.f(tf.constant([1.0]), tf.constant(2.0))) == HEAD + (
        "  Positional arguments (2 total):\n"
        "    * <tf.Tensor 'x:0' shape=(1,) dtype=float32>\n"
        "    * <tf.Tensor 'y:0' shape=() dtype=float32>\n"
        "  Keyword arguments: {}")


def test_keyword_arguments_bind_to_their_parameters(tmp_path):
    loaded = restored(tmp_path)
    assert got_part(lambda: loaded.f(x=tf.constant(1), y=3)) == HEAD + (
        "  Positional arguments (2 total):\n"
        "    * <tf.Tensor 'x:0' shape=() dtype=int32>\n"
        "    * 3\n"
        "  Keyword arguments: {}")
    assert got_part(lambda: loaded.f(tf.constant([1.0]), y=tf.constant([[2]]))) == HEAD + (
        "  Positional arguments (2 total):\n"
        "    * <tf.Tensor 'x:0' shape=(1,) dtype=float32>\n"
        "    * <tf.Tensor 'y:0' shape=(1, 1) dtype=int32>\n"
        "  Keyword arguments: {}")

"""A loaded tf.function's get_concrete_function takes TensorSpecs (by position or keyword),
as TF's restored functions do: the saved trace whose signature they are compatible with."""
import pytest

import eagerbook as tf


class _Scaled(tf.Module):
    def __init__(self):
        self.v = tf.Variable(2.0)

    @tf.function
    def __call__(self, x, training=True):
        if training:
            return x * self.v
        return x


@pytest.fixture()
def restored(tmp_path):
    module = _Scaled()
    module(tf.range(10, dtype=tf.float32), tf.constant(True))
    module(tf.zeros([2, 3]), tf.constant(True))
    tf.saved_model.save(module, str(tmp_path))
    return tf.saved_model.load(str(tmp_path))


def test_keyword_specs_pick_the_matching_trace(restored):
    cf = restored.__call__.get_concrete_function(x=tf.TensorSpec([10]),
                                                 training=tf.TensorSpec([], tf.bool))
    out = cf(tf.range(10, dtype=tf.float32), tf.constant(True))
    assert out.numpy().tolist() == [0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0, 18.0]


def test_positional_specs_and_tensors_pick_the_same_trace(restored):
    by_spec = restored.__call__.get_concrete_function(tf.TensorSpec([2, 3]),
                                                      tf.TensorSpec([], tf.bool))
    by_tensor = restored.__call__.get_concrete_function(tf.zeros([2, 3]), tf.constant(False))
    assert by_spec is by_tensor
    assert str(by_spec.structured_input_signature) == (
        "((TensorSpec(shape=(2, 3), dtype=tf.float32, name='x'), "
        "TensorSpec(shape=(), dtype=tf.bool, name='training')), {})")


def test_a_compatible_unknown_dimension_finds_a_trace(restored):
    assert restored.__call__.get_concrete_function(tf.TensorSpec([None]),
                                                   tf.TensorSpec([], tf.bool)) is not None


def test_a_spec_of_another_dtype_finds_none(restored):
    with pytest.raises(ValueError, match="Could not find matching concrete function to call "
                                         "loaded from the SavedModel"):
        restored.__call__.get_concrete_function(tf.TensorSpec([10], tf.int32),
                                                tf.TensorSpec([], tf.bool))


def test_calling_with_a_spec_is_still_an_error(restored):
    with pytest.raises(ValueError):  # (TF: a TensorSpec cannot convert to a Tensor)
        restored(tf.TensorSpec([10]), tf.TensorSpec([], tf.bool))

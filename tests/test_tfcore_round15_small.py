"""Small TF behaviours found by TF-docs-style snippets: reduce_all/any of Python values,
Generator state sharing and ThreeFry on CPU."""

import numpy as np
import pytest

import eagerbook as tf


def test_reduce_all_any_convert_python_values_to_bool():
    assert tf.reduce_all([]).numpy() and not tf.reduce_any([]).numpy()
    assert tf.reduce_all([[]]).dtype == tf.bool
    assert not tf.reduce_all(np.array([1.0, 0.0])).numpy()  # NumPy values cast as NumPy does
    with pytest.raises(TypeError, match=r"Cannot convert \[1.0, 0.0\] to EagerTensor of dtype "
                                        r"bool"):
        tf.reduce_all([1.0, 0.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a bool tensor"):
        tf.reduce_any(tf.constant([1.0]))


def test_generator_from_a_state_variable_shares_it():
    g = tf.random.Generator.from_seed(7)
    g.normal([])
    twin = tf.random.Generator.from_state(g.state, g.algorithm)
    assert twin.state is g.state
    first = twin.normal([]).numpy()
    # TF 2.21: the twin drew -0.8142257, and g continues after it
    np.testing.assert_allclose(first, -0.8142257, rtol=1e-6)
    np.testing.assert_allclose(g.normal([]).numpy(), 0.43116674, rtol=1e-6)
    copy = tf.random.Generator.from_state(g.state.numpy(), "philox")
    assert copy.state is not g.state
    assert copy.normal([]).numpy() == g.normal([]).numpy()


def test_threefry_generator_draws_are_unimplemented_on_cpu():
    g = tf.random.Generator.from_seed(1, alg="threefry")
    assert g.algorithm == 2
    with pytest.raises(tf.errors.UnimplementedError,
                       match=r"Non-XLA devices don't support the ThreeFry algorithm. "
                             r"\[Op:RngReadAndSkip\]"):
        g.normal([2])


def test_common_supertype_of_specs_with_other_names_is_none():
    named = tf.TensorSpec([None, 3], tf.float32, name="x")
    assert named.most_specific_common_supertype([tf.TensorSpec([2, 3])]) is None
    assert named.most_specific_common_supertype([tf.TensorSpec([2, 3], name="x")]) == named
    assert tf.TensorSpec([2, 3]).most_specific_common_supertype(
        [tf.TensorSpec([4, 3])]) == tf.TensorSpec([None, 3])


def test_checkpoint_options_defaults():
    options = tf.train.CheckpointOptions()
    assert options.experimental_io_device is None and not options.enable_async
    assert tf.train.CheckpointOptions(experimental_io_device="/job:localhost") \
        .experimental_io_device == "/job:localhost"

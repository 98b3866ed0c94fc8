"""Examples of TF 2.21's own API docstrings for the engine that eagerbook now runs as TF does
(compared side by side): placeholder_with_default's static shape inside tf.function, and a
loaded tf.function that was never traced before saving."""

import pytest

import eagerbook as tf


def test_placeholder_with_default_has_the_given_shape_inside_a_function():
    @tf.function
    def f():
        x = tf.compat.v1.placeholder_with_default(
            tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), [None, 3])
        z = tf.matmul(x, tf.constant([[1.0], [2.0], [3.0]]))
        assert x.shape.as_list() == [None, 3]
        assert z.shape[0] is None and z.shape[1] == 1
        return z

    assert f().numpy().tolist() == [[14.0], [32.0]]
    assert tf.compat.v1.placeholder_with_default([1, 2], [None]).numpy().tolist() == [1, 2]


def test_a_loaded_function_never_traced_has_no_restored_functions(tmp_path):
    class Adder(tf.Module):
        @tf.function
        def add(self, x):
            return x + x

    tf.saved_model.save(Adder(), str(tmp_path / "adder"))
    restored = tf.saved_model.load(str(tmp_path / "adder"))
    for call in (lambda: restored.add(1.0), lambda: restored.add.get_concrete_function(1.0)):
        with pytest.raises(ValueError, match=r"^Found zero restored functions for caller "
                                             r"function\.$"):
            call()


def test_a_tpu_cluster_resolver_needs_a_name_and_a_tpu():
    resolvers = tf.distribute.cluster_resolver
    for make in (lambda: resolvers.TPUClusterResolver(tpu=""),
                 lambda: resolvers.TPUClusterResolver(),
                 lambda: resolvers.TPUClusterResolver.connect(tpu="")):
        with pytest.raises(ValueError, match=r"^Please provide a TPU Name to connect to\.$"):
            make()
    with pytest.raises(ValueError, match="cannot connect to the TPU 'local'"):
        resolvers.TPUClusterResolver(tpu="local")
    assert issubclass(resolvers.TPUClusterResolver, resolvers.ClusterResolver)


def test_an_iterator_spec_in_an_input_signature():
    @tf.function(input_signature=[tf.data.IteratorSpec(
        tf.TensorSpec(shape=(), dtype=tf.int32, name=None))])
    def square(iterator):
        x = iterator.get_next()
        return x * x

    iterator = iter(tf.data.Dataset.from_tensors(5).concatenate(
        tf.data.Dataset.from_tensors(6)))
    assert square(iterator).numpy() == 25
    assert square(iterator).numpy() == 36
    assert square.experimental_get_tracing_count() == 1
    with pytest.raises(tf.errors.OutOfRangeError):
        square(iterator)
    with pytest.raises(TypeError, match="Binding inputs to tf.function"):
        square(iter(tf.data.Dataset.from_tensors(5.0)))

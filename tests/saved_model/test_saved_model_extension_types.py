"""ExtensionTypes as the extension-type guide uses them (compared with TF 2.21 by hand): a
class's own nested `Spec` (a constructor taking shape and dtype, properties, methods) is its
Spec, and a SavedModel keeps functions taking and returning registered ExtensionTypes
(``__name__ = '...'``): the loaded function takes the value and gives one back."""

import pytest

import eagerbook as tf


class MaskedTensor(tf.experimental.ExtensionType):
    __name__ = "eagerbook_tests.MaskedTensor"
    values: tf.Tensor
    mask: tf.Tensor

    shape = property(lambda self: self.values.shape)
    dtype = property(lambda self: self.values.dtype)

    def with_default(self, default):
        return tf.where(self.mask, self.values, default)

    class Spec:
        def __init__(self, shape, dtype=tf.float32):
            self.values = tf.TensorSpec(shape, dtype)
            self.mask = tf.TensorSpec(shape, tf.bool)

        shape = property(lambda self: self.values.shape)
        dtype = property(lambda self: self.values.dtype)

        def with_shape(self):
            return MaskedTensor.Spec(tf.TensorShape(None), self.dtype)


class _Unregistered(tf.experimental.ExtensionType):
    values: tf.Tensor


def test_a_nested_spec_class_is_the_types_spec():
    spec = MaskedTensor.Spec(shape=[5, None], dtype=tf.float32)
    assert repr(spec) == ("MaskedTensor.Spec(values=TensorSpec(shape=(5, None), dtype=tf.float32,"
                          " name=None), mask=TensorSpec(shape=(5, None), dtype=tf.bool, "
                          "name=None))")
    assert spec.shape == tf.TensorShape([5, None]) and spec.dtype == tf.float32
    assert spec.with_shape().shape.rank is None
    value = MaskedTensor([1.0, 2.0], [True, False])
    assert value._type_spec == MaskedTensor.Spec([2], tf.float32)


class CustomModule(tf.Module):
    def __init__(self, variable_value):
        super().__init__()
        self.v = tf.Variable(variable_value)

    @tf.function
    def grow(self, x: MaskedTensor):
        return MaskedTensor(x.values * self.v, x.mask)


def test_a_saved_function_takes_and_returns_an_extension_type(tmp_path):
    module = CustomModule(100.0)
    module.grow.get_concrete_function(MaskedTensor.Spec(shape=None, dtype=tf.float32))
    tf.saved_model.save(module, str(tmp_path / "m"))
    imported = tf.saved_model.load(str(tmp_path / "m"))
    out = imported.grow(MaskedTensor([1.0, 2, 3], [False, True, False]))
    assert isinstance(out, MaskedTensor)
    assert out.values.numpy().tolist() == [100.0, 200.0, 300.0]
    assert out.mask.numpy().tolist() == [False, True, False]
    with pytest.raises(ValueError) as info:  # another dtype: no saved trace takes it
        imported.grow(MaskedTensor([1, 2, 3], [False, True, False]))
    assert ("    * MaskedTensor(values=<tf.Tensor 'x:0' shape=(3,) dtype=int32>, "
            "mask=<tf.Tensor 'x_1:0' shape=(3,) dtype=bool>)\n") in str(info.value)


def test_an_unregistered_extension_type_is_refused_with_the_reason(tmp_path):
    module = tf.Module()
    module.f = tf.function(lambda x: x.values * 2.0)
    module.f.get_concrete_function(_Unregistered(tf.constant([1.0])))
    with pytest.raises(ValueError, match="has no registered name"):
        tf.saved_model.save(module, str(tmp_path / "u"))

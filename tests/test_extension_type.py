"""tf.experimental.ExtensionType: typed fields checked and converted by the constructor,
repr, equality, validation, immutability, specs, composites in tf.nest; and dispatching TF's
APIs to such types."""

# TF's guide annotates fields with typing's names (Tuple, Mapping, Optional, Union): so do these.
# ruff: noqa: UP006, UP007, UP035, UP045
import typing
from typing import Mapping, Optional, Tuple, Union

import numpy as np
import pytest

import eagerbook as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


def test_fields_are_converted_and_checked():
    mt = MaskedTensor(values=[[1, 2, 3], [4, 5, 6]], mask=[[True, True, False]] * 2)
    assert isinstance(mt.values, tf.Tensor) and mt.values.dtype == tf.int32
    assert mt.mask.dtype == tf.bool
    with pytest.raises(TypeError, match="^mask: expected a Tensor, got 'NoneType'$"):
        MaskedTensor([1, 2, 3], None)
    with pytest.raises(TypeError, match="missing a required argument: 'mask'"):
        MaskedTensor([1, 2, 3])
    with pytest.raises(TypeError, match="too many positional arguments"):
        MaskedTensor([1], [True], 5)
    with pytest.raises(TypeError, match="got an unexpected keyword argument 'foo'"):
        MaskedTensor([1], mask=[True], foo=5)


class Pencil(tf.experimental.ExtensionType):
    color: str = "black"
    has_erasor: bool = True
    length: tf.Tensor = 1.0


def test_defaults_python_fields_and_repr():
    assert repr(Pencil()) == ("Pencil(color='black', has_erasor=True, length=<tf.Tensor: "
                              "shape=(), dtype=float32, numpy=1.0>)")
    assert Pencil(length=0.5, color="blue").color == "blue"
    with pytest.raises(TypeError, match="^color: expected 'str', got 'int'$"):
        Pencil(color=3)
    with pytest.raises(TypeError, match="^has_erasor: expected 'bool', got 'int'$"):
        Pencil(has_erasor=1)


class Record(tf.experimental.ExtensionType):
    shape: tf.TensorShape
    dtype: tf.DType
    lengths: Tuple[int, ...]
    weight: Optional[tf.Tensor] = None
    count: Union[int, float] = 3
    tags: Mapping[str, tf.Tensor] = {}
    pair: tuple[int, str] | None = None  # Python's own generics work too


def test_typing_fields():
    r = Record([2, None], "float32", [1, 2], tags={"a": 1.5})
    assert r.shape == tf.TensorShape([2, None]) and r.dtype is tf.float32
    assert r.lengths == (1, 2) and r.weight is None and r.count == 3
    assert type(r.tags).__name__ == "ImmutableDict" and r.tags["a"].dtype == tf.float32
    with pytest.raises(TypeError):
        r.tags["b"] = 1  # immutable mapping
    with pytest.raises(TypeError, match=r"^lengths\[1\]: expected 'int', got 'float'$"):
        Record([2], tf.float32, [1, 2.5])
    with pytest.raises(TypeError, match=r"^count: expected typing.Union\[int, float\], got "
                                        r"'str'$"):
        Record([2], tf.float32, (), count="x")
    assert Record([2], tf.float32, (), pair=[1, "a"]).pair == (1, "a")
    with pytest.raises(TypeError, match=r"^pair: expected tuple\[int, str\] \| None, got 'tuple'$"):
        Record([2], tf.float32, (), pair=(1, 2))
    assert repr(Record([2], tf.float32, (1,))._type_spec) == (
        "Record.Spec(shape=TensorShape([2]), dtype=tf.float32, lengths=(1,), weight=None, "
        "count=3, tags={}, pair=None)")


def test_unsupported_and_missing_annotations_fail_when_the_class_is_made():
    with pytest.raises(TypeError, match="In field 'x': Unsupported type annotation 'list'"):
        type("X", (tf.experimental.ExtensionType,), {"__annotations__": {"x": list}})
    with pytest.raises(ValueError, match="Field x is missing a type annotation"):
        type("X", (tf.experimental.ExtensionType,), {"x": 1})


def test_equality_is_a_tensor_for_equal_specs_and_false_otherwise():
    a = MaskedTensor([1, 2], [True, False])
    assert a == a is not False
    assert bool(a == a) and not bool(a == MaskedTensor([1, 3], [True, False]))
    assert isinstance(a == a, tf.Tensor)
    b = MaskedTensor([[3, 4], [5, 6]], [[False, True], [True, True]])
    assert (a == b) is False and (a != b) is True
    assert (a == a.values) is False
    assert not bool(a != a)
    with pytest.raises(TypeError, match="unhashable"):
        hash(a)


def test_validate_and_immutability():
    class Checked(tf.experimental.ExtensionType):
        values: tf.Tensor
        mask: tf.Tensor

        def __validate__(self):
            self.values.shape.assert_is_compatible_with(self.mask.shape)
            assert self.mask.dtype.is_bool, "mask.dtype must be bool"

    with pytest.raises(AssertionError, match="mask.dtype must be bool"):
        Checked([1, 2], [0, 1])
    with pytest.raises(ValueError, match=r"Shapes \(2,\) and \(1,\) are incompatible"):
        Checked([1, 2], [True])
    c = Checked([1, 2], [True, False])
    with pytest.raises(AttributeError, match="Cannot mutate attribute `mask` outside the "
                                             "custom constructor of ExtensionType."):
        c.mask = [False, False]
    with pytest.raises(AttributeError, match="Cannot mutate attribute `mask`"):
        del c.mask


def test_a_custom_constructor_may_set_fields_which_are_then_converted():
    class Player(tf.experimental.ExtensionType):
        name: tf.Tensor
        attributes: Mapping[str, tf.Tensor]

        def __init__(self, name, attributes):
            self.name = tf.convert_to_tensor(name)
            self.attributes = dict(attributes)

    p = Player("Anne", {"height": 8.3, "speed": 28.1})
    assert p.name.dtype == tf.string and p.attributes["speed"].dtype == tf.float32
    with pytest.raises(AttributeError):
        p.name = "Bob"


def test_specs_nesting_and_composites():
    a = MaskedTensor([1, 2], [True, False])
    assert repr(a._type_spec) == (
        "MaskedTensor.Spec(values=TensorSpec(shape=(2,), dtype=tf.int32, name=None), "
        "mask=TensorSpec(shape=(2,), dtype=tf.bool, name=None))")
    assert tf.type_spec_from_value(a) == a._type_spec
    assert MaskedTensor.Spec.__qualname__.endswith("MaskedTensor.Spec")

    class Nest(tf.experimental.ExtensionType):
        inner: MaskedTensor
        scale: float

    n = Nest(a, 2.0)
    assert n.inner is a
    with pytest.raises(TypeError, match="^inner: expected 'MaskedTensor', got 'int'$"):
        Nest(5, 2.0)
    with pytest.raises(TypeError, match="^scale: expected 'float', got 'int'$"):
        Nest(a, 2)
    assert tf.nest.flatten(n) == [n]
    parts = tf.nest.flatten(n, expand_composites=True)
    assert [p.dtype for p in parts] == [tf.int32, tf.bool]
    doubled = tf.nest.map_structure(lambda t: t * 2 if t.dtype == tf.int32 else t, n,
                                    expand_composites=True)
    assert type(doubled) is Nest and doubled.scale == 2.0
    np.testing.assert_array_equal(doubled.inner.values.numpy(), [2, 4])
    assert not tf.is_tensor(a) and isinstance(a, tf.experimental.ExtensionType)


def test_dispatch_for_api_and_unregister():
    class MyTensor(tf.experimental.ExtensionType):
        value: tf.Tensor

    @tf.experimental.dispatch_for_api(tf.math.add, {"x": MyTensor, "y": MyTensor})
    def my_add(x, y, name=None):
        return MyTensor(x.value + y.value * 10)

    try:
        out = tf.add(MyTensor(1), MyTensor(2))
        assert type(out) is MyTensor and int(out.value) == 21
        assert int(tf.math.add(MyTensor(1), MyTensor(1)).value) == 11
        assert int(tf.add(1, 2)) == 3  # other arguments still reach the API
    finally:
        tf.experimental.unregister_dispatch_for(my_add)
    with pytest.raises(ValueError):
        tf.add(MyTensor(1), MyTensor(2))  # no longer dispatched
    with pytest.raises(ValueError, match="was not registered"):
        tf.experimental.unregister_dispatch_for(my_add)


def test_dispatch_by_annotations_and_list_signatures():
    class MyTensor(tf.experimental.ExtensionType):
        value: tf.Tensor

    @tf.experimental.dispatch_for_api(tf.abs)
    def my_abs(x: MyTensor):
        return MyTensor(tf.abs(x.value) + 100)

    @tf.experimental.dispatch_for_api(tf.concat, {"values": typing.List[MyTensor]})
    def my_concat(values, axis):
        return MyTensor(tf.concat([v.value for v in values], axis))

    try:
        assert int(tf.abs(MyTensor(-5)).value) == 105
        out = tf.concat([MyTensor([1]), MyTensor([2, 3])], 0)
        np.testing.assert_array_equal(out.value.numpy(), [1, 2, 3])
    finally:
        tf.experimental.unregister_dispatch_for(my_abs)
        tf.experimental.unregister_dispatch_for(my_concat)


def test_elementwise_dispatch_binds_the_other_arguments():
    @tf.experimental.dispatch_for_unary_elementwise_apis(MaskedTensor)
    def unary(api_func, x):
        return MaskedTensor(api_func(x.values), x.mask)

    @tf.experimental.dispatch_for_binary_elementwise_apis(MaskedTensor, MaskedTensor)
    def binary(api_func, x, y):
        return MaskedTensor(api_func(x.values, y.values), x.mask & y.mask)

    try:
        mt = MaskedTensor([1, -2, -3], [True, False, True])
        np.testing.assert_array_equal(tf.abs(mt).values.numpy(), [1, 2, 3])
        ones = tf.ones_like(mt, dtype=tf.float32)
        assert ones.values.dtype == tf.float32
        c = tf.add(MaskedTensor([1, 2], [True, True]), MaskedTensor([2, 4], [True, False]))
        np.testing.assert_array_equal(c.values.numpy(), [3, 6])
        np.testing.assert_array_equal(c.mask.numpy(), [True, False])
        assert int(tf.maximum(MaskedTensor(1, True), MaskedTensor(5, True)).values) == 5
    finally:
        tf.experimental.unregister_dispatch_for(unary)
        tf.experimental.unregister_dispatch_for(binary)


def test_extension_types_cross_a_tf_function_boundary():
    class Player(tf.experimental.ExtensionType):
        name: tf.Tensor
        attributes: Mapping[str, tf.Tensor]

    traces = []

    @tf.function
    def anonymize(player):
        traces.append(1)
        return Player("<anonymous>", player.attributes), tf.reduce_sum(player.attributes["x"])

    out, total = anonymize(Player("Anne", {"x": [1.0, 2.0]}))
    assert type(out) is Player and out.name.numpy() == b"<anonymous>"
    assert float(total) == 3.0
    anonymize(Player("Chuck", {"x": [3.0, 4.0]}))  # same spec: no retrace
    anonymize(Player("Dee", {"x": [3.0]}))  # another shape: a new trace
    assert len(traces) == 2

    @tf.function
    def double(mt):
        return MaskedTensor(mt.values * 2, mt.mask)

    cf = double.get_concrete_function(MaskedTensor([1.0, 2.0], [True, False]))
    np.testing.assert_array_equal(cf(MaskedTensor([5.0, 6.0], [True, True])).values.numpy(),
                                  [10.0, 12.0])
    v = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(v)
        out = double(MaskedTensor(v, [True, True])).values
    np.testing.assert_array_equal(tape.gradient(out, v).numpy(), [2.0, 2.0])


def test_a_spec_traces_a_concrete_function_and_prints_as_tf():
    class Pastry(tf.experimental.ExtensionType):
        sweetness: tf.Tensor
        chewiness: tf.Tensor

    @tf.function
    def combine(x: Pastry):
        return (x.sweetness + x.chewiness) / 2

    spec = Pastry.Spec(tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2]))
    assert spec.sweetness == tf.TensorSpec([None, 2])
    with pytest.raises(TypeError, match="too many positional arguments"):
        Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec([2]), tf.TensorSpec([2]))
    cf = combine.get_concrete_function(spec)
    assert str(cf.function_type).startswith(
        "(x: Pastry.Spec(sweetness=TensorSpec(shape=(None, 2), dtype=tf.float32, name=None), "
        "chewiness=TensorSpec(shape=(None, 2), dtype=tf.float32, name=None))) -> "
        "TensorSpec(shape=(None, 2)")
    out = cf(Pastry([[1.0, 2.0]], [[3.0, 4.0]]))
    np.testing.assert_array_equal(out.numpy(), [[2.0, 3.0]])

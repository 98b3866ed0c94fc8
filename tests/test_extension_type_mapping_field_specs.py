"""The spec of an ExtensionType's Mapping field reads as TF's ImmutableDict (TF's extension
type guide prints `anne_spec.attributes`), while the Spec's own repr shows it as a dict, and
specs of equal structure stay equal and hash alike (TF 2.21, side by side)."""

from typing import Mapping  # noqa: UP035 - the guide's spelling of the field type

import eagerbook as tf
from eagerbook.framework.extension_type import ImmutableDict


class Player(tf.experimental.ExtensionType):
    name: tf.Tensor
    attributes: Mapping[str, tf.Tensor]


def _spec(name, height, speed):
    return tf.type_spec_from_value(Player(name, {"height": height, "speed": speed}))


def test_a_mapping_fields_spec_is_an_immutable_dict():
    spec = _spec("Anne", 8.3, 28.1)
    assert isinstance(spec.attributes, ImmutableDict) and not isinstance(spec.attributes, dict)
    assert repr(spec.attributes) == (
        "ImmutableDict({'height': TensorSpec(shape=(), dtype=tf.float32, name=None), "
        "'speed': TensorSpec(shape=(), dtype=tf.float32, name=None)})")
    assert spec.attributes["speed"] == tf.TensorSpec([], tf.float32)


def test_the_specs_repr_shows_the_field_as_a_dict_and_equality_holds():
    spec = _spec("Anne", 8.3, 28.1)
    assert repr(spec) == (
        "Player.Spec(name=TensorSpec(shape=(), dtype=tf.string, name=None), "
        "attributes={'height': TensorSpec(shape=(), dtype=tf.float32, name=None), "
        "'speed': TensorSpec(shape=(), dtype=tf.float32, name=None)})")
    other = _spec("Bob", 1.0, 2.0)
    assert spec == other and hash(spec) == hash(other)

"""tf.nest walks objects of TF's CustomNestProtocol (``__tf_flatten__`` /
``__tf_unflatten__``) as nodes of the structure, as TF 2.21 does (its docstring's MaskedTensor)."""

import dataclasses

import pytest

import eagerbook as tf


@dataclasses.dataclass
class MaskedTensor:
    mask: bool
    value: object

    def __tf_flatten__(self):
        return (self.mask,), (self.value,)

    @classmethod
    def __tf_unflatten__(cls, metadata, components):
        return MaskedTensor(mask=metadata[0], value=components[0])


@dataclasses.dataclass
class Pair:
    a: object
    b: object

    def __tf_flatten__(self):
        return (), (self.a, self.b)

    @classmethod
    def __tf_unflatten__(cls, metadata, components):
        return Pair(*components)


def test_flatten_pack_and_map_walk_custom_nodes():
    mt = MaskedTensor(mask=True, value=tf.constant([1]))
    assert tf.nest.is_nested(mt)
    leaves = tf.nest.flatten(mt)
    assert len(leaves) == 1 and leaves[0] is mt.value
    assert tf.nest.pack_sequence_as(mt, leaves) == mt
    doubled = tf.nest.map_structure(lambda x: x * 2, mt)
    assert doubled.mask is True and doubled.value.numpy().tolist() == [2]
    p = Pair([1, {"y": 2, "x": 3}], mt)
    assert tf.nest.flatten(p)[:3] == [1, 3, 2]  # (a dict's values by sorted key, as TF)
    assert tf.nest.pack_sequence_as(p, [10, 20, 30, 40]) == \
        Pair([10, {"y": 30, "x": 20}], MaskedTensor(True, 40))
    with pytest.raises(ValueError, match="Structure had 4 atoms, but flat_sequence had 1"):
        tf.nest.pack_sequence_as(p, [1])


def test_assert_same_structure_compares_nodes_not_metadata():
    mt = MaskedTensor(mask=True, value=tf.constant([1]))
    tf.nest.assert_same_structure(mt, MaskedTensor(mask=False, value=3))  # (metadata differs)
    with pytest.raises(TypeError, match="don't have the same sequence type"):
        tf.nest.assert_same_structure(mt, [1])
    with pytest.raises(ValueError, match='Substructure "type=list'):
        tf.nest.assert_same_structure(Pair([1], mt), Pair(1, 2))

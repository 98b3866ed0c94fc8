"""tf.experimental.dispatch_*: a signature dispatches only for composite values, as in TF."""
# ruff: noqa: UP006, UP007, UP035 - typing.List and typing.Union, as the guide annotates
from typing import List, Union

import pytest

import eagerbook as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


def _as_masked(x):
    return x if isinstance(x, MaskedTensor) else MaskedTensor(x, tf.ones_like(x, tf.bool))


@pytest.fixture
def stack_of_masked_or_plain():
    @tf.experimental.dispatch_for_api(tf.stack)
    def masked_stack(values: List[Union[MaskedTensor, tf.Tensor]], axis=0):
        values = [_as_masked(v) for v in values]
        # plain tensors again: this call must reach TF's tf.stack, not this function
        return MaskedTensor(tf.stack([v.values for v in values], axis),
                            tf.stack([v.mask for v in values], axis))
    yield
    tf.experimental.unregister_dispatch_for(masked_stack)


def test_a_list_of_masked_and_plain_tensors_dispatches(stack_of_masked_or_plain):
    x = MaskedTensor([1, 2, 3], [True, True, False])
    stacked = tf.stack([x, tf.constant([4, 5, 6]), x])
    assert isinstance(stacked, MaskedTensor)
    assert stacked.values.numpy().tolist() == [[1, 2, 3], [4, 5, 6], [1, 2, 3]]
    assert stacked.mask.numpy().tolist() == [[True, True, False], [True] * 3,
                                             [True, True, False]]


def test_plain_tensors_do_not_dispatch(stack_of_masked_or_plain):
    stacked = tf.stack([tf.constant([1, 2]), tf.constant([3, 4])])
    assert not isinstance(stacked, MaskedTensor)
    assert stacked.numpy().tolist() == [[1, 2], [3, 4]]


def test_elementwise_union_signature_leaves_plain_tensors_alone():
    @tf.experimental.dispatch_for_binary_elementwise_apis(Union[MaskedTensor, tf.Tensor],
                                                          Union[MaskedTensor, tf.Tensor])
    def masked_binary(op, x, y):
        x, y = _as_masked(x), _as_masked(y)
        return MaskedTensor(op(x.values, y.values), x.mask & y.mask)
    try:
        assert int(tf.add(tf.constant(1), tf.constant(2))) == 3
        total = tf.math.add(MaskedTensor([1, 2], [True, False]), tf.constant([10, 20]))
        assert isinstance(total, MaskedTensor)
        assert total.values.numpy().tolist() == [11, 22]
        assert total.mask.numpy().tolist() == [True, False]
    finally:
        tf.experimental.unregister_dispatch_for(masked_binary)

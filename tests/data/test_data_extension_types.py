"""ExtensionType values as tf.data components: from_tensors, from_tensor_slices, map, batch,
unbatch and from_generator, as the extension types guide uses them."""

import numpy as np
import pytest

import eagerbook as tf


class MaskedTensor(tf.experimental.BatchableExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


class Plain(tf.experimental.ExtensionType):
    x: tf.Tensor


def _masked():
    return MaskedTensor(values=[[1, 2, 3], [4, 5, 6]],
                        mask=[[True, True, False], [True, False, True]])


def test_from_tensors_keeps_the_value_and_its_spec():
    ds = tf.data.Dataset.from_tensors(Plain(x=[1, 2]))
    (value,) = list(ds)
    assert isinstance(value, Plain)
    np.testing.assert_array_equal(value.x.numpy(), [1, 2])
    assert repr(ds.element_spec) == \
        "Plain.Spec(x=TensorSpec(shape=(2,), dtype=tf.int32, name=None))"
    assert type(ds.element_spec).__name__ == "Plain.Spec"


def test_slices_need_a_batchable_type():
    with pytest.raises(AttributeError, match="_to_batched_tensor_list"):
        tf.data.Dataset.from_tensor_slices(Plain(x=[1, 2]))
    rows = list(tf.data.Dataset.from_tensor_slices(_masked()))
    assert [r.values.numpy().tolist() for r in rows] == [[1, 2, 3], [4, 5, 6]]
    assert tf.data.Dataset.from_tensor_slices(_masked()).element_spec == \
        MaskedTensor.Spec(values=tf.TensorSpec([3], tf.int32), mask=tf.TensorSpec([3], tf.bool))


def test_map_batch_and_unbatch():
    ds = tf.data.Dataset.range(6).map(lambda x: MaskedTensor(values=x * 10, mask=x % 2 == 0))
    assert ds.element_spec == MaskedTensor.Spec(values=tf.TensorSpec([], tf.int64),
                                                mask=tf.TensorSpec([], tf.bool))
    batched = ds.batch(3)
    first = next(iter(batched))
    assert first.values.numpy().tolist() == [0, 10, 20]
    assert first.mask.numpy().tolist() == [True, False, True]
    assert batched.element_spec == MaskedTensor.Spec(values=tf.TensorSpec([None], tf.int64),
                                                     mask=tf.TensorSpec([None], tf.bool))
    assert [int(v.values) for v in batched.unbatch()] == [0, 10, 20, 30, 40, 50]


def test_from_generator_with_a_spec_signature():
    spec = MaskedTensor.Spec(values=tf.TensorSpec([None], tf.int32),
                             mask=tf.TensorSpec([None], tf.bool))

    def gen():
        yield MaskedTensor(values=[1, 2], mask=[True, False])
        yield MaskedTensor(values=[3], mask=[True])

    ds = tf.data.Dataset.from_generator(gen, output_signature=spec)
    assert [v.values.numpy().tolist() for v in ds] == [[1, 2], [3]]
    assert ds.element_spec == spec

    def wrong():
        yield Plain(x=[1])

    with pytest.raises(tf.errors.InvalidArgumentError, match="yielded an element of TypeSpec"):
        list(tf.data.Dataset.from_generator(wrong, output_signature=spec))

"""tf.data batches and unbatches an ExtensionType's spec as TF's batch encoder does."""
import eagerbook as tf


class MaskedTensor(tf.experimental.BatchableExtensionType):
    values: tf.Tensor
    mask: tf.Tensor

    class Spec:  # a Spec whose constructor takes other arguments than the fields
        def __init__(self, shape, dtype=tf.float32):
            self.values = tf.TensorSpec(shape, dtype)
            self.mask = tf.TensorSpec(shape, tf.bool)


class Net(tf.experimental.BatchableExtensionType):
    shape: tf.TensorShape  # the batch shape
    work: tf.Tensor

    def __init__(self, work):
        self.work = tf.convert_to_tensor(work)
        self.shape = self.work.shape[:-1]


def _masked_rows():
    for i in range(2, 5):
        yield MaskedTensor(tf.range(4), [j % i != 0 for j in range(4)])


def test_batch_and_unbatch_with_a_custom_spec_constructor():
    ds = tf.data.Dataset.from_generator(
        _masked_rows, output_signature=MaskedTensor.Spec(shape=[4], dtype=tf.int32))
    batched = ds.batch(2)
    assert batched.element_spec.values == tf.TensorSpec([None, 4], tf.int32)
    assert batched.element_spec.mask == tf.TensorSpec([None, 4], tf.bool)
    rows = [(v.values.numpy().tolist(), v.mask.numpy().tolist()) for v in batched.unbatch()]
    assert rows == [([0, 1, 2, 3], [False, True, False, True]),
                    ([0, 1, 2, 3], [False, True, True, False]),
                    ([0, 1, 2, 3], [False, True, True, True])]
    assert batched.unbatch().element_spec.values == tf.TensorSpec([4], tf.int32)


def test_a_tensorshape_field_gains_and_loses_the_batch_dimension():
    ds = tf.data.Dataset.from_tensors(Net([1., 2.])).repeat(3)
    assert ds.batch(2).element_spec.shape == tf.TensorShape([None])
    assert ds.batch(2, drop_remainder=True).element_spec.shape == tf.TensorShape([2])
    assert ds.batch(2).unbatch().element_spec.shape == tf.TensorShape([])


def test_slices_and_batches_carry_the_batch_shape_field():
    ds = tf.data.Dataset.from_tensor_slices(Net([[1., 2.], [3., 4.], [5., 6.]]))
    assert [n.shape for n in ds] == [tf.TensorShape([])] * 3
    assert [n.shape for n in ds.batch(2)] == [tf.TensorShape([None])] * 2
    assert [n.shape for n in ds.batch(2, drop_remainder=True)] == [tf.TensorShape([2])]
    assert [n.work.numpy().tolist() for n in ds.batch(2).unbatch()] == [[1., 2.], [3., 4.],
                                                                         [5., 6.]]
    assert [n.shape for n in ds.batch(2).unbatch()] == [tf.TensorShape([])] * 3

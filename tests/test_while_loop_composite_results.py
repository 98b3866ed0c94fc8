"""An eager tf.while_loop hands composite loop variables back as they are (TF's extension
type guide: a MaskedTensor loop variable; a RaggedTensor), where the result was converted to
a Tensor (a ValueError for an ExtensionType)."""

import numpy as np

import eagerbook as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor

    def with_values(self, values):
        return MaskedTensor(values, self.mask)


def test_extension_type_and_ragged_loop_variables():
    b = MaskedTensor([1.0, 2, 3], [True, False, True])
    i, out = tf.while_loop(lambda i, _: i < 10,
                           lambda i, mt: (i + 1, mt.with_values(mt.values + 3 / 7)), [0, b])
    assert isinstance(out, MaskedTensor) and int(i) == 10
    np.testing.assert_array_equal(out.values.numpy(),
                                  np.array([5.2857137, 6.285713, 7.2857127], np.float32))
    assert out.mask.numpy().tolist() == [True, False, True]
    _, rt = tf.while_loop(lambda i, r: i < 2, lambda i, r: (i + 1, r * 2),
                          [0, tf.ragged.constant([[1, 2], [3]])])
    assert isinstance(rt, tf.RaggedTensor) and rt.to_list() == [[4, 8], [12]]

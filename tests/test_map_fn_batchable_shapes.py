"""tf.map_fn over a BatchableExtensionType with a TensorShape field (its batch shape): each row
sees the shape without the batch dimension, and the stacked result has it, as in TF."""
import eagerbook as tf


class Network(tf.experimental.BatchableExtensionType):
    shape: tf.TensorShape  # the batch shape
    work: tf.Tensor
    bandwidth: tf.Tensor

    def __init__(self, work, bandwidth):
        self.work = tf.convert_to_tensor(work)
        self.bandwidth = tf.convert_to_tensor(bandwidth)
        self.shape = self.work.shape[:-1].merge_with(self.bandwidth.shape[:-2])


def test_rows_lose_and_results_regain_the_batch_dimension():
    seen = []

    def double_work(network):
        seen.append(network.shape)
        return Network(network.work * 2, network.bandwidth)

    batch = Network([[1., 2.], [3., 4.], [5., 6.]], tf.zeros([3, 2, 2]))
    out = tf.map_fn(double_work, batch)
    assert out.shape == tf.TensorShape([3])
    assert out.work.numpy().tolist() == [[2., 4.], [6., 8.], [10., 12.]]
    assert seen[0] == tf.TensorShape([])

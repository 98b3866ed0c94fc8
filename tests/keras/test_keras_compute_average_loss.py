"""tf.nn.compute_average_loss (the distributed custom-training loop's loss) with sample weights
of another rank, as TF 2.21 broadcasts them."""
import numpy as np

import eagerbook as tf


def test_weights_one_axis_short_weigh_whole_rows():
    losses = [[1.0, 2.0], [3.0, 4.0]]
    assert tf.nn.compute_average_loss(losses, sample_weight=[1.0, 0.0]).numpy() == 1.5
    assert tf.nn.compute_average_loss(losses, sample_weight=[[1.0], [0.0]]).numpy() == 1.5


def test_weights_one_axis_long_lose_it_and_scalars_scale_everything():
    np.testing.assert_allclose(
        tf.nn.compute_average_loss([1.0, 2.0], sample_weight=[[1.0], [0.5]]).numpy(), 1.0)
    assert tf.nn.compute_average_loss([1.0, 2.0, 3.0], sample_weight=2.0).numpy() == 4.0
    assert tf.nn.compute_average_loss([[1.0, 2.0], [3.0, 4.0]],
                                      sample_weight=[[1.0, 0.0], [0.0, 1.0]],
                                      global_batch_size=4).numpy() == 1.25

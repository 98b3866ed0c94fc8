"""Seeded random layers move their op seed on at each call, as TF's do: Dropout(seed=s)
gives its op seed s at the first call, s + 1 at the next, and so on (the config keeps s).
TF's seeded ops share one stream per seed pair within a process, so the test sets the
global seed first (which starts every stream afresh) and uses seeds of its own.
The literals were printed by TF 2.21 with tf-keras for the same calls."""

import numpy as np

import eagerbook as tf

L = tf.keras.layers


def test_seeded_noise_layers_draw_tfs_values_call_after_call():
    tf.random.set_seed(123)
    layer = L.Dropout(0.5, seed=9173)
    x = np.ones((2, 6), "float32")
    masks = [layer(x, training=True).numpy().astype(int).tolist() for _ in range(3)]
    assert masks == [[[0, 2, 0, 2, 2, 0], [0, 2, 2, 2, 2, 2]],
                     [[2, 2, 0, 0, 0, 0], [2, 0, 0, 2, 2, 0]],
                     [[2, 0, 2, 2, 0, 0], [2, 2, 2, 2, 0, 2]]]
    assert layer.get_config()["seed"] == 9173
    # Then, in the same run (as TF printed them), other seeded layers move on alike.
    noise = L.GaussianNoise(1.0, seed=9174)
    draws = [noise(np.zeros((1, 3), "float32"), training=True).numpy() for _ in range(2)]
    np.testing.assert_allclose(draws, [[[-0.0284, 0.4511, 2.3194]],
                                       [[0.3498, -0.6692, -0.6865]]], atol=1e-4)
    spatial = L.SpatialDropout1D(0.5, seed=9175)
    masks = [spatial(np.ones((2, 2, 3), "float32"), training=True).numpy().astype(int).tolist()
             for _ in range(2)]
    assert masks == [[[[2, 2, 0], [2, 2, 0]], [[0, 0, 2], [0, 0, 2]]],
                     [[[0, 2, 0], [0, 2, 0]], [[2, 2, 0], [2, 2, 0]]]]

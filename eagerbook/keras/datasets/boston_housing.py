"""``tf.keras.datasets.boston_housing``: 506 Boston suburbs of the 1970s, 13 features each and
the median home value (k$). (Keras notes an ethical problem with one feature, "B"; prefer
other data outside lessons about exactly that.)"""

import numpy as np

from ._sources import KERAS_BUCKET, fetch, shuffled

FILE_HASH = "f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5"  # sha256


def load_data(path="boston_housing.npz", test_split=0.2, seed=113, cache_dir=None):
    """``(x_train, y_train), (x_test, y_test)``: the rows shuffled with `seed`, the last
    `test_split` of them for testing."""
    if not 0 <= test_split < 1:
        raise AssertionError()
    path = fetch(path, KERAS_BUCKET + "boston_housing.npz", FILE_HASH, cache_dir=cache_dir)
    with np.load(path, allow_pickle=True) as f:
        x, y = f["x"], f["y"]
    x, y = shuffled(seed, x, y)
    cut = int(len(x) * (1 - test_split))
    return (np.array(x[:cut]), np.array(y[:cut])), (np.array(x[cut:]), np.array(y[cut:]))

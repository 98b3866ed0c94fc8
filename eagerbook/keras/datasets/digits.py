"""Real handwritten digits that ship with eagerbook (no download needed).

``load_data()`` returns the 1,797 digits of the UCI "Optical Recognition of Handwritten Digits"
test set (E. Alpaydin and C. Kaynak, 1998; CC BY 4.0, see ``eagerbook/datasets/data/README.md``)
at their native resolution: 8×8 images of ``uint8`` pixels 0..16.

``load_data_28x28()`` returns the same digits shaped like MNIST: each image is resized to 20×20
(bilinear), centred in a 28×28 frame with a 4-pixel border as MNIST digits are, and rescaled to
``uint8`` 0..255. ``mnist.load_data()`` returns these when it cannot download MNIST.

Both use one fixed split: every sixth digit (index 5, 11, 17, ...) is a test digit, giving 1,498
training and 299 test digits with all ten classes in both.
"""

import functools
import gzip
import os

import numpy as np

DATA_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "datasets", "data", "uci-digits.csv.gz")
TEST_EVERY = 6


@functools.lru_cache(maxsize=1)
def _read():
    with gzip.open(DATA_FILE, "rt") as f:
        table = np.loadtxt(f, delimiter=",", dtype=np.int64)
    if table.ndim != 2 or table.shape[1] != 65:
        raise ValueError(f"{DATA_FILE} does not hold 65 integers per line.")
    images = table[:, :64].reshape(-1, 8, 8).astype(np.uint8)
    labels = table[:, 64].astype(np.uint8)
    images.setflags(write=False)
    labels.setflags(write=False)
    return images, labels


def _split(images, labels):
    test = np.arange(len(labels)) % TEST_EVERY == TEST_EVERY - 1
    return ((images[~test].copy(), labels[~test].copy()),
            (images[test].copy(), labels[test].copy()))


def load_data():
    """``(x_train, y_train), (x_test, y_test)``: uint8 images (n, 8, 8) with pixels 0..16 and
    uint8 labels 0..9."""
    return _split(*_read())


def _resize_matrix(n_in, n_out):
    """Bilinear interpolation weights (half-pixel centres, edges clamped): out = W @ in."""
    weights = np.zeros((n_out, n_in))
    for o in range(n_out):
        c = min(max((o + 0.5) * n_in / n_out - 0.5, 0.0), n_in - 1.0)
        i0 = int(np.floor(c))
        i1 = min(i0 + 1, n_in - 1)
        frac = c - i0
        weights[o, i0] += 1.0 - frac
        weights[o, i1] += frac
    return weights


def upscale_to_mnist(images):
    """(n, 8, 8) pixels 0..16 -> (n, 28, 28) uint8 pixels 0..255, digit in the central 20×20."""
    w = _resize_matrix(8, 20)
    big = np.einsum("ij,njk,lk->nil", w, images.astype(np.float64), w)
    out = np.zeros((len(images), 28, 28), dtype=np.uint8)
    out[:, 4:24, 4:24] = np.clip(np.rint(big * (255.0 / 16.0)), 0, 255).astype(np.uint8)
    return out


def load_data_28x28():
    """The same split as ``load_data`` with MNIST's format: uint8 (n, 28, 28), pixels 0..255."""
    images, labels = _read()
    return _split(upscale_to_mnist(images), labels)

"""The eager guide's CNN training step: eagerbook (Keras layers + GradientTape + Adam) against
the same step written directly in NumPy, in the same run.

Model: Conv2D(16, 3x3, relu) -> Conv2D(16, 3x3, relu) -> GlobalAveragePooling2D -> Dense(10),
sparse softmax cross-entropy from logits, Adam(1e-3); batch of 32 images of 28x28x1.

The NumPy version is the floor: the same math with nothing in between -- im2col convolutions
(the im2col matrices kept for the filter gradients), the input gradient of the second
convolution as one full correlation with the flipped kernel, hand-derived gradients, no
gradient for the input images, Adam on the arrays.

Run: ``python benchmarks/bench_cnn_eager.py [--steps N] [--repeats R]``.
"""

import argparse
import os
import sys

import numpy as np
from numpy.lib.stride_tricks import as_strided

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

from _harness import clock, compare, report  # noqa: E402

import eagerbook as tf  # noqa: E402

BATCH, SIZE, FILTERS, CLASSES = 32, 28, 16, 10


# --- the NumPy floor ------------------------------------------------------------------------------
def _windows(x, k):
    """(N, H-k+1, W-k+1, k, k, C) view of every k x k window (VALID, stride 1)."""
    n, h, w, c = x.shape
    sn, sh, sw, sc = x.strides
    return as_strided(x, shape=(n, h - k + 1, w - k + 1, k, k, c),
                      strides=(sn, sh, sw, sh, sw, sc), writeable=False)


class NumpyCNN:
    def __init__(self, params):
        self.params = [p.copy() for p in params]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def step(self, x, labels, lr=1e-3, b1=0.9, b2=0.999, eps=1e-7):
        w1, c1, w2, c2, w3, c3 = self.params
        n = x.shape[0]
        # forward
        cols1 = _windows(x, 3).reshape(-1, 9 * x.shape[3])
        z1 = cols1 @ w1.reshape(-1, FILTERS) + c1
        a1 = np.maximum(z1, 0).reshape(n, SIZE - 2, SIZE - 2, FILTERS)
        cols2 = _windows(a1, 3).reshape(-1, 9 * FILTERS)
        z2 = cols2 @ w2.reshape(-1, FILTERS) + c2
        a2 = np.maximum(z2, 0)
        hw2 = (SIZE - 4) * (SIZE - 4)
        pooled = a2.reshape(n, hw2, FILTERS).mean(axis=1)
        logits = pooled @ w3 + c3
        shifted = logits - logits.max(axis=1, keepdims=True)
        logp = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        loss = -logp[np.arange(n), labels].mean()
        # backward
        dlogits = np.exp(logp)
        dlogits[np.arange(n), labels] -= 1
        dlogits /= n
        dw3 = pooled.T @ dlogits
        dc3 = dlogits.sum(axis=0)
        dpooled = dlogits @ w3.T
        dz2 = np.repeat(dpooled / hw2, hw2, axis=0) * (z2 > 0)
        dw2 = (cols2.T @ dz2).reshape(w2.shape)
        dc2 = dz2.sum(axis=0)
        # Input gradient of a VALID convolution: the "full" correlation of dz2 (framed by two
        # zeros) with the spatially flipped kernel, in/out channels swapped.
        framed = np.pad(dz2.reshape(n, SIZE - 4, SIZE - 4, FILTERS),
                        ((0, 0), (2, 2), (2, 2), (0, 0)))
        flipped = w2[::-1, ::-1].transpose(0, 1, 3, 2).reshape(-1, FILTERS)
        da1 = _windows(framed, 3).reshape(-1, 9 * FILTERS) @ flipped
        dz1 = da1 * (z1 > 0)
        dw1 = (cols1.T @ dz1).reshape(w1.shape)
        dc1 = dz1.sum(axis=0)
        # Adam
        self.t += 1
        lr_t = float(lr * np.sqrt(1 - b2 ** self.t) / (1 - b1 ** self.t))  # keep float32
        for k, g in enumerate((dw1, dc1, dw2, dc2, dw3, dc3)):
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            self.params[k] = self.params[k] - lr_t * self.m[k] / (np.sqrt(self.v[k]) + eps)
        return loss


# --- eagerbook ------------------------------------------------------------------------------------
def make_model():
    return tf.keras.Sequential([
        tf.keras.layers.Conv2D(FILTERS, [3, 3], activation="relu",
                               input_shape=(None, None, 1)),
        tf.keras.layers.Conv2D(FILTERS, [3, 3], activation="relu"),
        tf.keras.layers.GlobalAveragePooling2D(),
        tf.keras.layers.Dense(CLASSES),
    ])


def eager_step_fn(model, optimizer, loss_object):
    def step(images, labels):
        with tf.GradientTape() as tape:
            logits = model(images, training=True)
            loss_value = loss_object(labels, logits)
        grads = tape.gradient(loss_value, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss_value
    return step


def _interleaved(fns, steps, repeats):
    """Median and best seconds/step of each fn, timed in alternating blocks of `steps` calls
    (bench_function.py times its tf.function CNN step with this too)."""
    samples = [[] for _ in fns]
    for _ in range(repeats):
        for i, fn in enumerate(fns):
            start = clock()
            for _ in range(steps):
                fn()
            samples[i].append((clock() - start) / steps)
    return [float(np.median(s)) for s in samples], [float(np.min(s)) for s in samples]


def run(steps=10, repeats=9, seed=0, verbose=True):
    rng = np.random.default_rng(seed)
    images = rng.random((BATCH, SIZE, SIZE, 1), dtype=np.float32)
    labels = rng.integers(0, CLASSES, BATCH)
    tf.random.set_seed(seed)
    model = make_model()
    optimizer = tf.keras.optimizers.Adam()
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    step = eager_step_fn(model, optimizer, loss_object)
    floor = NumpyCNN([v.numpy() for v in model.trainable_variables])

    x_t, y_t = tf.constant(images), tf.constant(labels)
    # Same start, same math: the first losses must agree.
    first_eager = float(step(x_t, y_t))
    first_numpy = float(floor.step(images, labels))
    if not np.isclose(first_eager, first_numpy, rtol=1e-4):
        raise AssertionError(f"eagerbook and NumPy disagree: {first_eager} vs {first_numpy}")
    second_eager, second_numpy = float(step(x_t, y_t)), float(floor.step(images, labels))
    if not np.isclose(second_eager, second_numpy, rtol=1e-4):
        raise AssertionError(f"after one Adam step: {second_eager} vs {second_numpy}")

    ours, floor_time = compare(lambda: step(x_t, y_t), lambda: floor.step(images, labels),
                               number=steps, repeat=repeats)
    if verbose:
        print(f"CNN training step, batch {BATCH} of {SIZE}x{SIZE}x1 (best of {repeats} "
              f"alternating rounds of {steps} steps, CPU time)")
    ratio = report("guide CNN train step (Keras + tape + Adam)", ours, floor_time, target=1.5,
                   unit="ms")
    return {"numpy_ms": floor_time * 1e3, "eager_ms": ours * 1e3, "ratio": ratio}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args(argv)
    run(args.steps, args.repeats)


if __name__ == "__main__":
    main()

"""Property tests: Dense and the loss reductions against NumPy on random shapes and values."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerbook as tf
from eagerbook.keras import backend, layers, losses

dims = st.integers(min_value=1, max_value=6)


@settings(max_examples=25, deadline=None)
@given(batch=dims, n_in=dims, n_out=dims, extra=st.lists(dims, max_size=2),
       seed=st.integers(0, 2**16))
def test_dense_matches_numpy_on_any_rank(batch, n_in, n_out, extra, seed):
    backend.clear_session()
    rng = np.random.default_rng(seed)
    x = rng.standard_normal([batch, *extra, n_in]).astype(np.float32)
    layer = layers.Dense(n_out, activation="tanh", bias_initializer="glorot_uniform")
    out = layer(x).numpy()
    expected = np.tanh(x @ layer.kernel.numpy() + layer.bias.numpy())
    assert out.shape == (batch, *extra, n_out)
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-6)


@settings(max_examples=25, deadline=None)
@given(batch=dims, classes=st.integers(2, 6), scale=st.sampled_from([1.0, 100.0, 1e4]),
       seed=st.integers(0, 2**16))
def test_reductions_and_sparse_vs_dense_crossentropy(batch, classes, scale, seed):
    rng = np.random.default_rng(seed)
    logits = (rng.standard_normal((batch, classes)) * scale).astype(np.float32)
    labels = rng.integers(0, classes, batch)
    weights = rng.random(batch).astype(np.float32)
    sparse = losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
    dense = losses.CategoricalCrossentropy(from_logits=True, reduction="none")
    per_sample = sparse(labels, logits).numpy()
    assert np.all(np.isfinite(per_sample)) and np.all(per_sample >= 0)
    np.testing.assert_allclose(per_sample, dense(np.eye(classes)[labels], logits).numpy(),
                               rtol=1e-5, atol=1e-5)
    total = losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum")
    mean = losses.SparseCategoricalCrossentropy(from_logits=True)
    np.testing.assert_allclose(float(total(labels, logits)), per_sample.sum(), rtol=1e-5,
                               atol=1e-5)
    np.testing.assert_allclose(float(mean(labels, logits, sample_weight=weights)),
                               (per_sample * weights).sum() / batch, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(tf.keras.metrics.Mean()(per_sample).numpy(), per_sample.mean(),
                               rtol=1e-5, atol=1e-6)

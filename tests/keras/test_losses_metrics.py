"""Losses against their formulas (large logits included) and stateful metrics."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.keras import losses, metrics

EPS = 1e-7


def _np_log_softmax(z):
    z = np.asarray(z, np.float64)
    shifted = z - z.max(-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))


def test_regression_losses_and_reductions():
    y_true = np.array([[0.0, 1.0], [2.0, 0.5]], np.float32)
    y_pred = np.array([[1.0, 1.0], [0.0, 3.0]], np.float32)
    per_sample = ((y_pred - y_true) ** 2).mean(-1)
    np.testing.assert_allclose(losses.mse(y_true, y_pred).numpy(), per_sample)
    assert float(losses.MeanSquaredError()(y_true, y_pred)) == pytest.approx(per_sample.mean())
    assert float(losses.MeanSquaredError(reduction="sum")(y_true, y_pred)) == \
        pytest.approx(per_sample.sum())
    np.testing.assert_allclose(losses.MeanSquaredError(reduction="none")(y_true, y_pred),
                               per_sample)
    sw = np.array([1.0, 3.0], np.float32)
    assert float(losses.MeanSquaredError()(y_true, y_pred, sample_weight=sw)) == \
        pytest.approx((per_sample * sw).sum() / 2)
    mae = np.abs(y_pred - y_true).mean(-1)
    assert float(losses.MeanAbsoluteError()(y_true, y_pred)) == pytest.approx(mae.mean())
    err = np.abs(y_pred - y_true)
    hub = np.where(err <= 1.0, 0.5 * err ** 2, err - 0.5).mean(-1)
    assert float(losses.Huber()(y_true, y_pred)) == pytest.approx(hub.mean())
    err2 = np.where(err <= 2.0, 0.5 * err ** 2, 2.0 * err - 2.0).mean(-1)
    assert float(losses.Huber(delta=2.0)(y_true, y_pred)) == pytest.approx(err2.mean())
    with pytest.raises(ValueError, match="Invalid Reduction Key"):
        losses.MeanSquaredError(reduction="mean")


def test_shapes_batch_vs_batch_by_one_are_matched():
    y_true = np.array([1.0, 2.0, 3.0], np.float32)
    y_pred = np.array([[1.0], [2.0], [5.0]], np.float32)
    assert float(losses.MeanSquaredError()(y_true, y_pred)) == pytest.approx(4.0 / 3)


def test_sparse_categorical_crossentropy_with_huge_logits():
    logits = np.array([[1e4, 0.0, -1e4], [0.0, 1e4, 3.0], [1.0, 2.0, 3.0]], np.float32)
    labels = np.array([0, 2, 1])
    expected = -_np_log_softmax(logits)[np.arange(3), labels]
    loss = losses.SparseCategoricalCrossentropy(from_logits=True)
    value = tf.constant(logits)
    with tf.GradientTape() as tape:
        tape.watch(value)
        out = loss(labels, value)
    assert float(out) == pytest.approx(expected.mean(), rel=1e-6)
    grad = tape.gradient(out, value).numpy()
    assert np.all(np.isfinite(grad))
    probs = np.exp(_np_log_softmax(logits))
    onehot = np.eye(3)[labels]
    np.testing.assert_allclose(grad, (probs - onehot) / 3, atol=1e-6)
    np.testing.assert_allclose(
        losses.sparse_categorical_crossentropy(labels[:, None], logits, from_logits=True),
        expected, rtol=1e-6)


def test_categorical_crossentropy_logits_probabilities_and_smoothing():
    logits = np.array([[1e4, -1e4, 0.0], [0.5, 0.2, -0.3]], np.float32)
    onehot = np.array([[0, 1, 0], [1, 0, 0]], np.float32)
    expected = -(onehot * _np_log_softmax(logits)).sum(-1)
    assert float(losses.CategoricalCrossentropy(from_logits=True)(onehot, logits)) == \
        pytest.approx(expected.mean(), rel=1e-6)
    probs = np.array([[0.2, 0.7, 0.1], [0.5, 0.25, 0.25]], np.float32)
    expected = -(onehot * np.log(probs)).sum(-1)
    assert float(losses.CategoricalCrossentropy()(onehot, probs)) == \
        pytest.approx(expected.mean(), rel=1e-5)
    smooth = onehot * 0.9 + 0.1 / 3
    expected = -(smooth * np.log(probs)).sum(-1)
    assert float(losses.CategoricalCrossentropy(label_smoothing=0.1)(onehot, probs)) == \
        pytest.approx(expected.mean(), rel=1e-5)
    # probabilities of exactly 0 are clipped, not -inf
    assert np.isfinite(float(losses.categorical_crossentropy(onehot, np.eye(3)[[0, 1]])[0]))


def test_binary_crossentropy_logits_and_probabilities():
    logits = np.array([[1e4, -1e4, 0.3, -2.0]], np.float32)
    labels = np.array([[0.0, 0.0, 1.0, 1.0]], np.float32)
    x = logits.astype(np.float64)
    expected = (np.maximum(x, 0) - x * labels + np.log1p(np.exp(-np.abs(x)))).mean()
    assert float(losses.BinaryCrossentropy(from_logits=True)(labels, logits)) == \
        pytest.approx(expected, rel=1e-6)
    p = np.array([[0.9, 0.2, 0.6, 0.999]], np.float32)
    pc = np.clip(p, EPS, 1 - EPS)
    expected = -(labels * np.log(pc + EPS) + (1 - labels) * np.log(1 - pc + EPS)).mean()
    assert float(losses.BinaryCrossentropy()(labels, p)) == pytest.approx(expected, rel=1e-5)


def test_loss_names_and_functions():
    assert losses.get("mse") is losses.mean_squared_error
    assert losses.get("sparse_categorical_crossentropy") is \
        losses.sparse_categorical_crossentropy
    assert isinstance(losses.get("Huber"), losses.Huber)
    with pytest.raises(ValueError, match="Unknown loss function"):
        losses.get("mean_sqared_error")
    assert tf.keras.losses.MSE is tf.keras.losses.mse


# --- metrics ------------------------------------------------------------------------------------
def test_guide_mean_metric():
    m = tf.keras.metrics.Mean("loss")
    m(0)
    m(5)
    assert m.result().numpy() == 2.5
    m([8, 9])
    result = m.result()
    assert result.numpy() == 5.5 and result.dtype == tf.float32
    assert [v.name for v in m.variables] == ["total:0", "count:0"]
    assert all(not v.trainable for v in m.variables)
    m.reset_states()
    assert m.result().numpy() == 0.0
    m.update_state([1.0, 3.0], sample_weight=[3.0, 1.0])
    assert m.result().numpy() == pytest.approx(1.5)


def test_sum_and_accuracies():
    s = metrics.Sum()
    s([1, 2, 3])
    assert s.result().numpy() == 6.0
    acc = metrics.Accuracy()
    acc([1, 2, 3, 4], [0, 2, 3, 4])
    assert acc.result().numpy() == 0.75
    bacc = metrics.BinaryAccuracy()
    bacc([[1], [0], [1]], [[0.9], [0.7], [0.2]])
    assert bacc.result().numpy() == pytest.approx(1 / 3)
    cacc = metrics.CategoricalAccuracy()
    cacc([[0, 1], [1, 0]], [[0.2, 0.8], [0.1, 0.9]])
    assert cacc.result().numpy() == 0.5
    sacc = metrics.SparseCategoricalAccuracy()
    sacc([1, 0, 2], [[0.1, 0.8, 0.1], [0.6, 0.3, 0.1], [0.5, 0.4, 0.1]])
    assert sacc.result().numpy() == pytest.approx(2 / 3)
    sacc([[2]], [[0.0, 0.0, 1.0]])  # (batch, 1) labels work too
    assert sacc.result().numpy() == 0.75
    sacc.reset_state()
    assert sacc.result().numpy() == 0.0
    mse = metrics.MeanSquaredError()
    mse([[0.0, 1.0]], [[1.0, 1.0]])
    mse([[0.0, 0.0]], [[2.0, 2.0]])
    assert mse.result().numpy() == pytest.approx((0.5 + 4.0) / 2)


def test_metric_resolution_by_loss():
    scce = losses.SparseCategoricalCrossentropy(from_logits=True)
    assert isinstance(metrics.resolve("accuracy", scce), metrics.SparseCategoricalAccuracy)
    assert isinstance(metrics.resolve("accuracy", losses.get("binary_crossentropy")),
                      metrics.BinaryAccuracy)
    assert metrics.resolve("mse").name == "mse"
    with pytest.raises(ValueError, match="Unknown metric function"):
        metrics.resolve("acuracy")

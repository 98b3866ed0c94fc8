"""More tf.keras.metrics, with values from TF 2 (Keras 2): what update_state returns, the
hinge/log-cosh/Poisson/relative-error means, MeanTensor, the IoU family, the
sensitivity/specificity family, Precision/Recall with top_k and class_id, get, merge_state,
and TF's errors (which change no state)."""
import numpy as np
import pytest

import eagerbook as tf

M = tf.keras.metrics
Y_TRUE = [[0., 1., 0.], [1., 0., 0.]]
Y_PRED = [[0.2, 0.7, 0.1], [0.4, 0.35, 0.25]]
LABELS = [0, 0, 0, 1, 1, 1]
SCORES = [0.1, 0.4, 0.8, 0.35, 0.7, 0.9]


def _update(metric, *args, **kwargs):
    out = metric.update_state(*args, **kwargs)
    return None if out is None else out.numpy().tolist(), metric.result().numpy().tolist()


def test_update_state_returns_the_updated_variable_as_keras_does():
    out = M.Mean().update_state([1, 3, 5, 7])
    assert isinstance(out, tf.Variable) and out.numpy() == 4.0   # the count
    assert M.Sum().update_state([1, 3]).numpy() == 4.0          # the total
    assert _update(M.MeanSquaredError(), [[0, 1]], [[1, 1]]) == (1.0, 0.5)


@pytest.mark.parametrize("name, want", [
    ("SquaredHinge", 1.0808334350585938), ("CategoricalHinge", 0.7250000238418579),
    ("LogCoshError", 0.05505074933171272), ("Poisson", 0.5454941987991333),
    ("MeanSquaredLogarithmicError", 0.055968377739191055)])
def test_more_mean_metrics_match_tf(name, want):
    count, result = _update(getattr(M, name)(), Y_TRUE, Y_PRED)
    assert count == 2.0
    np.testing.assert_allclose(result, want, rtol=1e-6)


def test_integer_inputs_and_relative_error():
    assert _update(M.MeanSquaredLogarithmicError(), [[0, 1], [0, 0]], [[1, 1], [0, 0]])[1] == \
        pytest.approx(0.12011321634054184, rel=1e-6)
    assert _update(M.MeanRelativeError(normalizer=[1, 3, 2, 3]), [1, 3, 2, 3],
                   [2, 4, 6, 8]) == (4.0, 1.25)


def test_mean_tensor_is_elementwise_and_refuses_another_shape():
    m = M.MeanTensor()
    with pytest.raises(ValueError, match="does not have any value yet"):
        m.result()
    assert _update(m, [0, 1, 2, 3]) == ([1.0] * 4, [0.0, 1.0, 2.0, 3.0])
    count, result = _update(m, [4, 5, 6, 7], sample_weight=[0, 0.2, 0.5, 1])
    np.testing.assert_allclose(count, [1.0, 1.2, 1.5, 2.0], rtol=1e-6)
    np.testing.assert_allclose(result, [0.0, 5 / 3, 10 / 3, 5.0], rtol=1e-6)
    with pytest.raises(ValueError, match=r"Expected shape \(set during the first call\): "
                                         r"\(4,\). Got: \(2,\)"):
        m.update_state([1, 2])
    np.testing.assert_allclose(m.result().numpy(), [0.0, 5 / 3, 10 / 3, 5.0], rtol=1e-6)
    m = M.MeanTensor(dtype=tf.float64, shape=(1, 4))
    assert m.result().numpy().tolist() == [[0.0] * 4] and m.result().dtype == tf.float64


def test_iou_family_matches_tf():
    cm, result = _update(M.IoU(num_classes=3, target_class_ids=[0, 2]), [0, 1, 2, 2, 1],
                         [0, 2, 2, 1, 1], sample_weight=[1, 2, 1, 1, 0.5])
    assert cm == [[1.0, 0.0, 0.0], [0.0, 0.5, 2.0], [0.0, 1.0, 1.0]] and result == 0.625
    cm, result = _update(M.MeanIoU(num_classes=3), [[0, 1], [2, 2]], [[0, 2], [2, 1]])
    assert cm == [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 1.0]]
    assert result == pytest.approx(0.4444444477558136)
    cm, result = _update(M.MeanIoU(num_classes=3, ignore_class=1), [0, 1, 2, 2], [0, 2, 2, 1])
    assert cm == [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 1.0, 1.0]] and result == 0.5
    cm, result = _update(M.BinaryIoU(target_class_ids=[1], threshold=0.6), [0, 1, 0, 1],
                         [0.1, 0.6, 0.7, 0.9])
    assert cm == [[1.0, 1.0], [0.0, 2.0]] and result == pytest.approx(2 / 3)
    cm, result = _update(M.OneHotMeanIoU(num_classes=3), [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
                         [[0.2, 0.3, 0.5], [0.1, 0.2, 0.7], [0.5, 0.3, 0.1]])
    assert cm == [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
    assert result == pytest.approx(1 / 6)
    with pytest.raises(ValueError, match=r"Target class id 2 is out of range, which is \[0, 2\)"):
        M.IoU(num_classes=2, target_class_ids=[2])


@pytest.mark.parametrize("name, want", [
    ("SensitivityAtSpecificity", (0.6666666865348816, 0.0, 0.3333333432674408)),
    ("SpecificityAtSensitivity", (0.6666666865348816, 0.75, 0.3333333432674408)),
    ("PrecisionAtRecall", (0.6666666865348816, 0.800000011920929, 0.6000000238418579)),
    ("RecallAtPrecision", (1.0, 0.800000011920929, 0.3333333432674408))])
def test_rate_at_rate_metrics_match_tf(name, want):
    cls = getattr(M, name)
    got = (_update(cls(0.6), LABELS, SCORES)[1],
           _update(cls(0.8, num_thresholds=5), LABELS, SCORES,
                   sample_weight=[1, 2, 1, 1, 3, 1])[1],
           _update(cls(1.0), LABELS, SCORES)[1])
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_rate_at_rate_arguments_are_checked():
    with pytest.raises(ValueError, match=r"Argument `recall` must be in the range \[0, 1\]"):
        M.PrecisionAtRecall(1.5)
    with pytest.raises(ValueError, match="`num_thresholds` must be an integer > 0"):
        M.SensitivityAtSpecificity(0.5, num_thresholds=0)


def test_precision_and_recall_with_top_k_and_class_id():
    assert _update(M.Precision(top_k=2), [[0, 0, 1, 1]], [[1, 1, 1, 1]]) == (None, 0.0)
    assert _update(M.Recall(top_k=2), [[0, 1, 1, 1]], [[0.1, 0.9, 0.8, 0.2]])[1] == \
        pytest.approx(2 / 3)
    assert _update(M.Precision(class_id=2), [[0, 0, 1], [0, 1, 0], [1, 0, 1]],
                   [[0.1, 0.2, 0.9], [0.3, 0.3, 0.6], [0.2, 0.1, 0.3]])[1] == 0.5
    assert _update(M.Recall(thresholds=[0.3, 0.7], class_id=1, top_k=1), [[0, 1, 1], [0, 1, 0]],
                   [[0.1, 0.5, 0.9], [0.3, 0.6, 0.2]])[1] == [0.5, 0.0]


def test_get_merge_state_and_names():
    assert M.get("categorical_crossentropy") is tf.keras.losses.categorical_crossentropy
    assert type(M.get("CategoricalCrossentropy")) is M.CategoricalCrossentropy
    assert M.get({"class_name": "CategoricalCrossentropy",
                  "config": {"from_logits": True}}).get_config()["from_logits"] is True
    with pytest.raises(ValueError, match="Unknown metric function"):
        M.get("nope")
    m1, m2 = M.Accuracy(), M.Accuracy()
    m1.update_state([[1], [2]], [[0], [2]])
    m2.update_state([[3], [4]], [[3], [4]])
    assert [v.numpy() for v in m2.merge_state([m1])] == [3.0, 4.0]
    assert m2.result().numpy() == 0.75
    with pytest.raises(ValueError, match="is not compatible with"):
        m2.merge_state([M.Sum()])
    assert m2.result().numpy() == 0.75

    class MyMetric(M.Metric):
        def update_state(self, *args):
            pass

        def result(self):
            return 0.0

    first, second = MyMetric().name, MyMetric().name
    assert first.startswith("my_metric") and second != first   # numbered like layers

"""The confusion-matrix metrics of ``tf.keras.metrics``: ``TruePositives``,
``FalsePositives``, ``TrueNegatives``, ``FalseNegatives``, ``Precision``, ``Recall``, ``AUC``.

They count, in Variables, how many predictions above each threshold
hit or miss: with thresholds ``t`` and a batch of predictions ``p`` (flattened), the counts
are sums of ``(p > t) * label`` over the batch, computed for every threshold at once by
broadcasting ``(n, 1)`` against ``(1, thresholds)``. ``AUC`` keeps those four counts at 200
thresholds and integrates the ROC (or PR) curve by the trapezoid rule, as TF 2 does.
"""

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from ..ops import array_ops, math_ops
from . import backend
from .metrics import Metric, _div_no_nan


# --- the confusion-matrix family -----------------------------------------------------------
def _threshold_list(thresholds, default):
    if thresholds is None:
        return [default], True
    single = not isinstance(thresholds, (list, tuple))
    values = [thresholds] if single else list(thresholds)
    for t in values:
        if not 0 <= t <= 1:
            raise ValueError(f"Threshold values must be in [0, 1]. Received: {values}")
    return [float(t) for t in values], single


def _confusion_counts(y_true, y_pred, thresholds, sample_weight):
    """(tp, fp, tn, fn), each of shape (len(thresholds),), for predictions above each one."""
    y_pred = math_ops.cast(convert_to_tensor(y_pred), dtypes.float32)
    y_true = math_ops.cast(convert_to_tensor(y_true), dtypes.float32)
    pred = array_ops.reshape(y_pred, [-1, 1])
    label = array_ops.reshape(y_true, [-1, 1])
    above = math_ops.cast(math_ops.greater(pred, convert_to_tensor([thresholds])),
                          dtypes.float32)
    below = math_ops.subtract(1.0, above)
    negative = math_ops.subtract(1.0, label)
    if sample_weight is not None:
        weight = math_ops.cast(convert_to_tensor(sample_weight), dtypes.float32)
        weight = array_ops.reshape(array_ops.broadcast_to(weight, array_ops.shape(y_pred))
                                   if weight.shape.rank else
                                   math_ops.multiply(math_ops.ones_like(y_pred), weight), [-1, 1])
        label = math_ops.multiply(label, weight)
        negative = math_ops.multiply(negative, weight)

    def count(a, b):
        return math_ops.reduce_sum(math_ops.multiply(a, b), axis=0)
    return count(above, label), count(above, negative), count(below, negative), \
        count(below, label)


class _ConfusionMetric(Metric):
    _counts = ()  # which of tp/fp/tn/fn this metric keeps
    _default_threshold = 0.5

    def __init__(self, thresholds=None, name=None, dtype=None):
        if name is None:  # numbered like layers: auc, auc_1, ... (these have no fixed name)
            name = backend.unique_object_name(backend.to_snake_case(type(self).__name__))
        super().__init__(name=name, dtype=dtype)
        self.thresholds, self._single = _threshold_list(thresholds, self._default_threshold)
        for kind in self._counts:
            setattr(self, kind, self.add_weight(kind, shape=(len(self.thresholds),)))

    def update_state(self, y_true, y_pred, sample_weight=None):
        tp, fp, tn, fn = _confusion_counts(y_true, y_pred, self.thresholds, sample_weight)
        counts = {"true_positives": tp, "false_positives": fp, "true_negatives": tn,
                  "false_negatives": fn}
        for kind in self._counts:
            getattr(self, kind).assign_add(counts[kind])

    def _shaped(self, value):
        return value[0] if self._single else value

    def get_config(self):
        config = super().get_config()
        config["thresholds"] = self.thresholds[0] if self._single else self.thresholds
        return config


class _SingleCount(_ConfusionMetric):
    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(thresholds, name=name, dtype=dtype)
        self.accumulator = getattr(self, self._counts[0])

    def result(self):
        return self._shaped(math_ops.identity(self.accumulator))


class TruePositives(_SingleCount):
    _counts = ("true_positives",)


class FalsePositives(_SingleCount):
    _counts = ("false_positives",)


class TrueNegatives(_SingleCount):
    _counts = ("true_negatives",)


class FalseNegatives(_SingleCount):
    _counts = ("false_negatives",)


class Precision(_ConfusionMetric):
    """tp / (tp + fp): of the predictions above the threshold, the share that was right."""

    _counts = ("true_positives", "false_positives")

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        if top_k is not None or class_id is not None:
            raise ValueError("eagerbook's Precision supports top_k=None, class_id=None only.")
        super().__init__(thresholds, name=name, dtype=dtype)

    def result(self):
        tp = self.true_positives._as_tensor()
        return self._shaped(_div_no_nan(tp, math_ops.add(tp, self.false_positives._as_tensor())))


class Recall(_ConfusionMetric):
    """tp / (tp + fn): of the true positives, the share predicted above the threshold."""

    _counts = ("true_positives", "false_negatives")

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        if top_k is not None or class_id is not None:
            raise ValueError("eagerbook's Recall supports top_k=None, class_id=None only.")
        super().__init__(thresholds, name=name, dtype=dtype)

    def result(self):
        tp = self.true_positives._as_tensor()
        return self._shaped(_div_no_nan(tp, math_ops.add(tp, self.false_negatives._as_tensor())))


def _interpolated_pr_auc(tp, fp, fn, n):
    """The PR curve's area with precision interpolated between thresholds as TF does
    (Davis & Goadrich 2006): between two thresholds, tp grows linearly in the number of
    positive predictions p, so precision = slope + intercept / p, integrated exactly."""
    d_tp = math_ops.subtract(tp[:n - 1], tp[1:])
    p = math_ops.add(tp, fp)
    d_p = math_ops.subtract(p[:n - 1], p[1:])
    slope = _div_no_nan(d_tp, math_ops.maximum(d_p, 0.0))
    intercept = math_ops.subtract(tp[1:], math_ops.multiply(slope, p[1:]))
    both_positive = math_ops.logical_and(math_ops.greater(p[:n - 1], 0.0),
                                         math_ops.greater(p[1:], 0.0))
    ratio = math_ops.where_v2(both_positive,
                              _div_no_nan(p[:n - 1], math_ops.maximum(p[1:], 0.0)),
                              math_ops.ones_like(p[1:]))
    increments = _div_no_nan(
        math_ops.multiply(slope, math_ops.add(d_tp, math_ops.multiply(intercept,
                                                                      math_ops.log(ratio)))),
        math_ops.maximum(math_ops.add(tp[1:], fn[1:]), 0.0))
    return math_ops.reduce_sum(increments)


class AUC(_ConfusionMetric):
    """Area under the ROC (or precision-recall) curve, from counts at `num_thresholds`
    thresholds spread over [0, 1] (plus one just below 0 and one just above 1)."""

    _counts = ("true_positives", "true_negatives", "false_positives", "false_negatives")

    def __init__(self, num_thresholds=200, curve="ROC", summation_method="interpolation",
                 name=None, dtype=None, thresholds=None, multi_label=False, num_labels=None,
                 label_weights=None, from_logits=False):
        if num_thresholds <= 1:
            raise ValueError("Argument `num_thresholds` must be an integer > 1. "
                             f"Received: num_thresholds={num_thresholds}")
        if str(curve).upper() not in ("ROC", "PR"):
            raise ValueError(f'Invalid AUC curve value: "{curve}". Expected values are '
                             '["ROC", "PR"]')
        if thresholds is None:
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
        else:
            inner = sorted(float(t) for t in thresholds)
            num_thresholds = len(inner) + 2
        self.num_thresholds = num_thresholds
        self.curve = str(curve).upper()
        self.summation_method = summation_method
        self.multi_label = multi_label
        self._from_logits = from_logits
        eps = 1e-7
        super().__init__([0.0] + inner + [1.0], name=name, dtype=dtype)
        self.thresholds = [0.0 - eps] + inner + [1.0 + eps]

    def update_state(self, y_true, y_pred, sample_weight=None):
        if self._from_logits:
            y_pred = math_ops.sigmoid(convert_to_tensor(y_pred))
        super().update_state(y_true, y_pred, sample_weight)

    def result(self):
        tp, fp = self.true_positives._as_tensor(), self.false_positives._as_tensor()
        tn, fn = self.true_negatives._as_tensor(), self.false_negatives._as_tensor()
        recall = _div_no_nan(tp, math_ops.add(tp, fn))
        n = self.num_thresholds
        if self.curve == "PR" and self.summation_method == "interpolation":
            return _interpolated_pr_auc(tp, fp, fn, n)
        if self.curve == "ROC":
            x = _div_no_nan(fp, math_ops.add(fp, tn))
            y = recall
        else:
            x = recall
            y = _div_no_nan(tp, math_ops.add(tp, fp))
        if self.summation_method == "minoring":
            heights = math_ops.minimum(y[:n - 1], y[1:])
        elif self.summation_method == "majoring":
            heights = math_ops.maximum(y[:n - 1], y[1:])
        else:
            heights = math_ops.multiply(math_ops.add(y[:n - 1], y[1:]), 0.5)
        return math_ops.reduce_sum(math_ops.multiply(math_ops.subtract(x[:n - 1], x[1:]),
                                                     heights))

    def get_config(self):
        config = Metric.get_config(self)
        config.update({"num_thresholds": self.num_thresholds, "curve": self.curve,
                       "summation_method": self.summation_method,
                       "multi_label": self.multi_label})
        return config


CLASSES = (TruePositives, FalsePositives, TrueNegatives, FalseNegatives, Precision, Recall, AUC)

"""The confusion-matrix metrics of ``tf.keras.metrics``: ``TruePositives``,
``FalsePositives``, ``TrueNegatives``, ``FalseNegatives``, ``Precision``, ``Recall``, ``AUC``.

They count, in Variables, how many predictions above each threshold
hit or miss: with thresholds ``t`` and a batch of predictions ``p`` (flattened), the counts
are sums of ``(p > t) * label`` over the batch, computed for every threshold at once by
broadcasting ``(n, 1)`` against ``(1, thresholds)``. ``AUC`` keeps those four counts at 200
thresholds and integrates the ROC (or PR) curve by the trapezoid rule, as TF 2 does.
"""

import enum

import numpy as np

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from ..ops import array_ops, math_ops, sort_ops
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


_NEG_INF = -1e10  # Keras's threshold when top_k picks the positives


def _filter_top_k(y_pred, k):
    """Scores outside each row's top k become -1e10 (never above a threshold)."""
    _, top = sort_ops.top_k(y_pred, k, sorted=False)
    mask = math_ops.reduce_sum(array_ops.one_hot(top, y_pred.shape[-1], axis=-1), axis=-2)
    return math_ops.add(math_ops.multiply(y_pred, mask),
                        math_ops.multiply(math_ops.subtract(1.0, mask), _NEG_INF))


def _confusion_counts(y_true, y_pred, thresholds, sample_weight, top_k=None, class_id=None):
    """(tp, fp, tn, fn), each of shape (len(thresholds),), for predictions above each one
    (only each row's `top_k` scores count, or only column `class_id`, when given)."""
    y_pred = math_ops.cast(convert_to_tensor(y_pred), dtypes.float32)
    y_true = math_ops.cast(convert_to_tensor(y_true), dtypes.float32)
    if top_k is not None:
        y_pred = _filter_top_k(y_pred, top_k)
    if class_id is not None:
        y_true, y_pred = y_true[..., class_id], y_pred[..., class_id]
        if sample_weight is not None:
            weight = convert_to_tensor(sample_weight)
            if weight.shape.rank and weight.shape.rank == y_true.shape.rank + 1:
                sample_weight = weight[..., class_id]
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

    top_k = class_id = None

    def __init__(self, thresholds=None, name=None, dtype=None):
        if name is None:  # numbered like layers: auc, auc_1, ... (these have no fixed name)
            name = backend.unique_object_name(backend.to_snake_case(type(self).__name__))
        super().__init__(name=name, dtype=dtype)
        default = self._default_threshold if self.top_k is None else _NEG_INF
        self._init_thresholds = thresholds  # as given: the config shows None for the default
        self.thresholds, self._single = _threshold_list(thresholds, default)
        for kind in self._counts:
            setattr(self, kind, self.add_weight(kind, shape=(len(self.thresholds),)))

    def update_state(self, y_true, y_pred, sample_weight=None):
        tp, fp, tn, fn = _confusion_counts(y_true, y_pred, self.thresholds, sample_weight,
                                           self.top_k, self.class_id)
        counts = {"true_positives": tp, "false_positives": fp, "true_negatives": tn,
                  "false_negatives": fn}
        for kind in self._counts:
            getattr(self, kind).assign_add(counts[kind])

    def _shaped(self, value):
        return value[0] if self._single else value

    def get_config(self):
        config = super().get_config()
        config["thresholds"] = self._init_thresholds
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
        self.top_k, self.class_id = top_k, class_id
        super().__init__(thresholds, name=name, dtype=dtype)

    def get_config(self):
        config = super().get_config()
        config.update({"top_k": self.top_k, "class_id": self.class_id})
        return config

    def result(self):
        tp = self.true_positives._as_tensor()
        return self._shaped(_div_no_nan(tp, math_ops.add(tp, self.false_positives._as_tensor())))


class Recall(_ConfusionMetric):
    """tp / (tp + fn): of the true positives, the share predicted above the threshold."""

    _counts = ("true_positives", "false_negatives")

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        self.top_k, self.class_id = top_k, class_id
        super().__init__(thresholds, name=name, dtype=dtype)

    def get_config(self):
        config = super().get_config()
        config.update({"top_k": self.top_k, "class_id": self.class_id})
        return config

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


class AUCCurve(enum.Enum):
    """Which curve an AUC integrates (``auc.curve`` prints ``AUCCurve.PR``, as in TF)."""
    ROC = "ROC"
    PR = "PR"

    @classmethod
    def from_str(cls, key):
        if isinstance(key, cls):
            return key
        if key in ("pr", "PR"):  # TF accepts these two spellings only
            return cls.PR
        if key in ("roc", "ROC"):
            return cls.ROC
        raise ValueError(f'Invalid AUC curve value: "{key}". Expected values are '
                         '["PR", "ROC", "PR_GAIN"]')


class AUCSummationMethod(enum.Enum):
    """How an AUC sums the areas between thresholds."""
    INTERPOLATION = "interpolation"
    MAJORING = "majoring"
    MINORING = "minoring"

    @classmethod
    def from_str(cls, key):
        if isinstance(key, cls):
            return key
        for method in cls:
            if key in (method.value, method.value.capitalize()):
                return method
        raise ValueError(f'Invalid AUC summation method value: "{key}". Expected values are '
                         '["interpolation", "majoring", "minoring"]')


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
        curve = AUCCurve.from_str(curve)
        summation_method = AUCSummationMethod.from_str(summation_method)
        if thresholds is None:
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
        else:
            inner = sorted(float(t) for t in thresholds)
            num_thresholds = len(inner) + 2
        self.num_thresholds = num_thresholds
        self.curve = curve
        self.summation_method = summation_method
        self.multi_label = multi_label
        self.num_labels = num_labels
        self.label_weights = None if label_weights is None else list(label_weights)
        self._thresholds_given = thresholds is not None
        self._from_logits = from_logits
        eps = 1e-7
        super().__init__([0.0] + inner + [1.0], name=name, dtype=dtype)
        # NumPy floats, as TF lists them (its thresholds come from an array)
        self.thresholds = [np.float64(t) for t in [0.0 - eps] + inner + [1.0 + eps]]

    def update_state(self, y_true, y_pred, sample_weight=None):
        if self._from_logits:
            y_pred = math_ops.sigmoid(convert_to_tensor(y_pred))
        super().update_state(y_true, y_pred, sample_weight)

    def result(self):
        tp, fp = self.true_positives._as_tensor(), self.false_positives._as_tensor()
        tn, fn = self.true_negatives._as_tensor(), self.false_negatives._as_tensor()
        recall = _div_no_nan(tp, math_ops.add(tp, fn))
        n = self.num_thresholds
        if self.curve is AUCCurve.PR and \
                self.summation_method is AUCSummationMethod.INTERPOLATION:
            return _interpolated_pr_auc(tp, fp, fn, n)
        if self.curve is AUCCurve.ROC:
            x = _div_no_nan(fp, math_ops.add(fp, tn))
            y = recall
        else:
            x = recall
            y = _div_no_nan(tp, math_ops.add(tp, fp))
        if self.summation_method is AUCSummationMethod.MINORING:
            heights = math_ops.minimum(y[:n - 1], y[1:])
        elif self.summation_method is AUCSummationMethod.MAJORING:
            heights = math_ops.maximum(y[:n - 1], y[1:])
        else:
            heights = math_ops.multiply(math_ops.add(y[:n - 1], y[1:]), 0.5)
        return math_ops.reduce_sum(math_ops.multiply(math_ops.subtract(x[:n - 1], x[1:]),
                                                     heights))

    def get_config(self):
        config = Metric.get_config(self)
        config.update({"num_thresholds": self.num_thresholds, "curve": self.curve.value,
                       "summation_method": self.summation_method.value,
                       "multi_label": self.multi_label, "num_labels": self.num_labels,
                       "label_weights": self.label_weights, "from_logits": self._from_logits})
        if self._thresholds_given:  # (the inner ones: 0 - eps and 1 + eps are always added)
            config["thresholds"] = self.thresholds[1:-1]
        return config


class _AtConstraint(_ConfusionMetric):
    """The best of one rate among the thresholds where another reaches `value` (Keras 2's
    SensitivitySpecificityBase): counts at `num_thresholds` thresholds over [0, 1]."""

    _counts = ("true_positives", "true_negatives", "false_positives", "false_negatives")
    _constraint = ""  # the constrained rate's name, for the error message

    def __init__(self, value, num_thresholds=200, class_id=None, name=None, dtype=None):
        if not 0 <= value <= 1:
            raise ValueError(f"Argument `{self._constraint}` must be in the range [0, 1]. "
                             f"Received: "
                             f"{self._constraint}={value}")
        if num_thresholds <= 0:
            raise ValueError("Argument `num_thresholds` must be an integer > 0. Received: "
                             f"num_thresholds={num_thresholds}")
        self.value, self.num_thresholds, self.class_id = value, num_thresholds, class_id
        if num_thresholds == 1:
            inner = [0.5]
        else:
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
        super().__init__([0.0] + inner + [1.0], name=name, dtype=dtype)
        eps = backend.epsilon()
        self.thresholds = [0.0 - eps] + inner + [1.0 + eps] if num_thresholds > 1 else inner

    def _rates(self):
        tp, tn = self.true_positives._as_tensor(), self.true_negatives._as_tensor()
        fp, fn = self.false_positives._as_tensor(), self.false_negatives._as_tensor()
        return {"sensitivity": _div_no_nan(tp, math_ops.add(tp, fn)),
                "specificity": _div_no_nan(tn, math_ops.add(tn, fp)),
                "precision": _div_no_nan(tp, math_ops.add(tp, fp))}

    def _best(self, constrained, dependent):
        """max(dependent) where constrained >= value; 0 if no threshold qualifies."""
        feasible = math_ops.greater_equal(constrained, self.value)
        candidates = math_ops.where_v2(feasible, dependent, math_ops.zeros_like(dependent) - 1.0)
        return math_ops.maximum(math_ops.reduce_max(candidates), 0.0)

    def get_config(self):
        config = Metric.get_config(self)
        config.update({"class_id": self.class_id, "num_thresholds": self.num_thresholds,
                       self._constraint: self.value})  # (TF's order)
        return config


class SensitivityAtSpecificity(_AtConstraint):
    _constraint = "specificity"

    def __init__(self, specificity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(specificity, num_thresholds, class_id, name, dtype)

    def result(self):
        r = self._rates()
        return self._best(r["specificity"], r["sensitivity"])


class SpecificityAtSensitivity(_AtConstraint):
    _constraint = "sensitivity"

    def __init__(self, sensitivity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(sensitivity, num_thresholds, class_id, name, dtype)

    def result(self):
        r = self._rates()
        return self._best(r["sensitivity"], r["specificity"])


class PrecisionAtRecall(_AtConstraint):
    _constraint = "recall"

    def __init__(self, recall, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(recall, num_thresholds, class_id, name, dtype)

    def result(self):
        r = self._rates()
        return self._best(r["sensitivity"], r["precision"])


class RecallAtPrecision(_AtConstraint):
    _constraint = "precision"

    def __init__(self, precision, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(precision, num_thresholds, class_id, name, dtype)

    def result(self):
        r = self._rates()
        return self._best(r["precision"], r["sensitivity"])


# --- intersection over union, from a (num_classes, num_classes) confusion matrix ------------
class IoU(Metric):
    """Per target class, |true & predicted| / |true or predicted| from an accumulated
    confusion matrix; the result is their mean over the classes that occurred."""

    def __init__(self, num_classes, target_class_ids, name=None, dtype=None, ignore_class=None,
                 sparse_y_true=True, sparse_y_pred=True, axis=-1):
        target_class_ids = list(target_class_ids)
        if target_class_ids and max(target_class_ids) >= num_classes:
            raise ValueError(f"Target class id {max(target_class_ids)} is out of range, which "
                             f"is [0, {num_classes}).")
        super().__init__(name=name, dtype=dtype)
        self.num_classes, self.target_class_ids = num_classes, target_class_ids
        self.ignore_class, self.axis = ignore_class, axis
        self.sparse_y_true, self.sparse_y_pred = sparse_y_true, sparse_y_pred
        self.total_cm = self.add_weight("total_confusion_matrix",
                                        shape=(num_classes, num_classes))

    def update_state(self, y_true, y_pred, sample_weight=None):
        from ..ops import manip_ops

        dtype = dtypes.as_dtype(self.dtype)
        y_true, y_pred = convert_to_tensor(y_true), convert_to_tensor(y_pred)
        if not self.sparse_y_true:
            y_true = math_ops.argmax(y_true, axis=self.axis)
        if not self.sparse_y_pred:
            y_pred = math_ops.argmax(y_pred, axis=self.axis)
        y_true = array_ops.reshape(math_ops.cast(y_true, dtype), [-1])
        y_pred = array_ops.reshape(math_ops.cast(y_pred, dtype), [-1])
        if sample_weight is not None:
            sample_weight = array_ops.reshape(
                math_ops.cast(convert_to_tensor(sample_weight), dtype), [-1])
        if self.ignore_class is not None:
            keep = math_ops.not_equal(y_true, float(self.ignore_class))
            y_true, y_pred = array_ops.boolean_mask(y_true, keep), \
                array_ops.boolean_mask(y_pred, keep)
            if sample_weight is not None:
                sample_weight = array_ops.boolean_mask(sample_weight, keep)
        current = manip_ops.confusion_matrix(y_true, y_pred, self.num_classes,
                                             weights=sample_weight, dtype=dtype)
        return self.total_cm.assign_add(current)

    def result(self):
        cm = self.total_cm._as_tensor()
        true_positives = array_ops.gather(array_ops.matrix_diag_part(cm), self.target_class_ids)
        union = math_ops.subtract(math_ops.add(math_ops.reduce_sum(cm, axis=0),
                                               math_ops.reduce_sum(cm, axis=1)),
                                  array_ops.matrix_diag_part(cm))
        union = array_ops.gather(union, self.target_class_ids)
        # A class that never occurred (union 0) does not count in the mean.
        occurred = math_ops.reduce_sum(math_ops.cast(math_ops.greater(union, 1e-9), cm.dtype))
        return _div_no_nan(math_ops.reduce_sum(_div_no_nan(true_positives, union)), occurred)

    def get_config(self):
        config = super().get_config()
        config.update({"num_classes": self.num_classes,
                       "target_class_ids": self.target_class_ids,
                       "ignore_class": self.ignore_class, "sparse_y_true": self.sparse_y_true,
                       "sparse_y_pred": self.sparse_y_pred, "axis": self.axis})
        return config


class MeanIoU(IoU):
    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None,
                 sparse_y_true=True, sparse_y_pred=True, axis=-1):
        super().__init__(num_classes, list(range(num_classes)), name=name, dtype=dtype,
                         ignore_class=ignore_class, sparse_y_true=sparse_y_true,
                         sparse_y_pred=sparse_y_pred, axis=axis)


class BinaryIoU(IoU):
    """IoU of 0/1 labels with predictions cut at `threshold`."""

    def __init__(self, target_class_ids=(0, 1), threshold=0.5, name=None, dtype=None):
        super().__init__(2, target_class_ids, name=name, dtype=dtype)
        self.threshold = threshold

    def update_state(self, y_true, y_pred, sample_weight=None):
        dtype = dtypes.as_dtype(self.dtype)
        y_pred = math_ops.cast(math_ops.greater_equal(
            math_ops.cast(convert_to_tensor(y_pred), dtype), self.threshold), dtype)
        return super().update_state(math_ops.cast(convert_to_tensor(y_true), dtype), y_pred,
                                    sample_weight)


class OneHotIoU(IoU):
    def __init__(self, num_classes, target_class_ids, name=None, dtype=None, ignore_class=None,
                 sparse_y_pred=False, axis=-1):
        super().__init__(num_classes, target_class_ids, name=name, dtype=dtype,
                         ignore_class=ignore_class, sparse_y_true=False,
                         sparse_y_pred=sparse_y_pred, axis=axis)


class OneHotMeanIoU(MeanIoU):
    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None,
                 sparse_y_pred=False, axis=-1):
        super().__init__(num_classes, name=name, dtype=dtype, ignore_class=ignore_class,
                         sparse_y_true=False, sparse_y_pred=sparse_y_pred, axis=axis)


CLASSES = (TruePositives, FalsePositives, TrueNegatives, FalseNegatives, Precision, Recall, AUC,
           SensitivityAtSpecificity, SpecificityAtSensitivity, PrecisionAtRecall,
           RecallAtPrecision, IoU, MeanIoU, BinaryIoU, OneHotIoU, OneHotMeanIoU)

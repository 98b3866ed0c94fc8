"""``FBetaScore``, ``F1Score`` and ``R2Score`` (TF 2.13's Keras metrics).

Both families keep per-class sums (one entry per column of a ``(batch, classes)`` input, made at
the first ``update_state``) and combine them only in ``result()``:

- F-beta: true/false positives and false negatives per class, after thresholding ``y_pred``
  (``threshold=None``: each row's maximum counts as the predicted class);
  ``(1 + beta^2) * precision * recall / (beta^2 * precision + recall)``, per class or averaged
  (``micro`` sums the counts over classes first, ``macro`` averages the scores, ``weighted``
  weighs them by each class's number of true labels).
- R^2: ``1 - residual sum of squares / total sum of squares`` per column, then averaged
  (``uniform_average``), weighted by the columns' variances, or per column (``None``);
  ``num_regressors=p`` gives the adjusted score ``1 - (1 - R^2)(n - 1)/(n - p - 1)``.

As in TF, their ``update_state`` returns None.
"""

import warnings

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from ..ops import array_ops, manip_ops, math_ops
from .metrics import Metric


def _two_d_shapes(kind, y_true, y_pred):
    if y_pred.shape.rank != 2 or y_true.shape.rank != 2:
        raise ValueError(f"{kind} expects 2D inputs with shape (batch_size, output_dim). "
                         f"Received input shapes: y_pred.shape={y_pred.shape} and "
                         f"y_true.shape={y_true.shape}.")


class _ScoreMetric(Metric):
    """Makes its sums on the first batch, when the number of classes is known."""

    _sums_made = False

    def _cast_and_make_sums(self, y_true, y_pred):
        dtype = dtypes.as_dtype(self.dtype)
        y_true = math_ops.cast(convert_to_tensor(y_true), dtype)
        y_pred = math_ops.cast(convert_to_tensor(y_pred), dtype)
        if not self._sums_made:
            self._make_sums(y_true, y_pred)
        return y_true, y_pred


class FBetaScore(_ScoreMetric):
    """F-beta score per class (``average=None``) or averaged."""

    def __init__(self, average=None, beta=1.0, threshold=None, name="fbeta_score", dtype=None):
        super().__init__(name=name, dtype=dtype)
        if average not in (None, "micro", "macro", "weighted"):
            raise ValueError("Invalid `average` argument value. Expected one of: {None, "
                             f"'micro', 'macro', 'weighted'}}. Received: average={average}")
        if not isinstance(beta, float):
            raise ValueError("Invalid `beta` argument value. It should be a Python float. "
                             f"Received: beta={beta} of type '{type(beta)}'")
        if beta <= 0.0:
            raise ValueError(f"Invalid `beta` argument value. It should be > 0. "
                             f"Received: beta={beta}")
        if threshold is not None:
            if not isinstance(threshold, float):
                raise ValueError("Invalid `threshold` argument value. It should be a Python "
                                 f"float. Received: threshold={threshold} of type "
                                 f"'{type(threshold)}'")
            if threshold > 1.0 or threshold <= 0.0:
                raise ValueError("Invalid `threshold` argument value. It should verify "
                                 f"0 < threshold <= 1. Received: threshold={threshold}")
        self.average, self.beta, self.threshold = average, beta, threshold
        self.axis = None if average == "micro" else 0
        self._sums_made = False

    def _make_sums(self, y_true, y_pred):
        _two_d_shapes("FBetaScore", y_true, y_pred)
        shape = [] if self.average == "micro" else [y_pred.shape[-1]]
        for name in ("true_positives", "false_positives", "false_negatives",
                     "intermediate_weights"):
            setattr(self, name, self.add_weight(name, shape=shape))
        self._sums_made = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        dtype = dtypes.as_dtype(self.dtype)
        y_true, y_pred = self._cast_and_make_sums(y_true, y_pred)
        if self.threshold is None:
            row_max = math_ops.reduce_max(y_pred, axis=-1, keepdims=True)
            predicted = math_ops.logical_and(math_ops.greater_equal(y_pred, row_max),
                                             math_ops.greater(math_ops.abs(y_pred), 1e-9))
        else:
            predicted = math_ops.greater(y_pred, self.threshold)
        y_pred = math_ops.cast(predicted, dtype)

        def weighted_sum(values):
            if sample_weight is not None:
                weight = math_ops.cast(convert_to_tensor(sample_weight), dtype)
                values = math_ops.multiply(values, array_ops.expand_dims(weight, 1))
            return math_ops.reduce_sum(values, axis=self.axis)

        not_pred, not_true = 1 - y_pred, 1 - y_true
        self.true_positives.assign_add(weighted_sum(y_pred * y_true))
        self.false_positives.assign_add(weighted_sum(y_pred * not_true))
        self.false_negatives.assign_add(weighted_sum(not_pred * y_true))
        self.intermediate_weights.assign_add(weighted_sum(y_true))

    def result(self):
        tp, fp, fn = self.true_positives, self.false_positives, self.false_negatives
        precision = manip_ops.divide_no_nan(tp, tp + fp)
        recall = manip_ops.divide_no_nan(tp, tp + fn)
        beta_squared = self.beta * self.beta
        score = manip_ops.divide_no_nan(precision * recall, beta_squared * precision + recall)
        score = score * (1 + beta_squared)
        if self.average == "weighted":
            weights = manip_ops.divide_no_nan(self.intermediate_weights,
                                             math_ops.reduce_sum(self.intermediate_weights))
            return math_ops.reduce_sum(score * weights)
        if self.average is not None:  # micro, macro
            return math_ops.reduce_mean(score)
        return score

    def get_config(self):
        return {**super().get_config(), "average": self.average, "beta": self.beta,
                "threshold": self.threshold}


class F1Score(FBetaScore):
    """F-1 score: ``2 * precision * recall / (precision + recall)``."""

    def __init__(self, average=None, threshold=None, name="f1_score", dtype=None):
        super().__init__(average=average, beta=1.0, threshold=threshold, name=name,
                         dtype=dtype)

    def get_config(self):
        config = super().get_config()
        del config["beta"]
        return config


class R2Score(_ScoreMetric):
    """The coefficient of determination (R^2), optionally adjusted for `num_regressors`."""

    def __init__(self, class_aggregation="uniform_average", num_regressors=0, name="r2_score",
                 dtype=None):
        super().__init__(name=name, dtype=dtype)
        valid = (None, "uniform_average", "variance_weighted_average")
        if class_aggregation not in valid:
            raise ValueError("Invalid value for argument `class_aggregation`. Expected one of "
                             f"{valid}. Received: class_aggregation={class_aggregation}")
        if num_regressors < 0:
            raise ValueError("Invalid value for argument `num_regressors`. Expected a value "
                             f">= 0. Received: num_regressors={num_regressors}")
        self.class_aggregation, self.num_regressors = class_aggregation, num_regressors
        self.num_samples = self.add_weight(name="num_samples", dtype="int32")
        self._sums_made = False

    def _make_sums(self, y_true, y_pred):
        _two_d_shapes("R2Score", y_true, y_pred)
        shape = [y_pred.shape[-1]]
        self.squared_sum = self.add_weight(name="squared_sum", shape=shape)
        self.sum = self.add_weight(name="sum", shape=shape)
        self.total_mse = self.add_weight(name="residual", shape=shape)
        self.count = self.add_weight(name="count", shape=shape)
        self._sums_made = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        dtype = dtypes.as_dtype(self.dtype)
        y_true, y_pred = self._cast_and_make_sums(y_true, y_pred)
        weight = math_ops.cast(convert_to_tensor(1 if sample_weight is None else sample_weight),
                               dtype)
        if weight.shape.rank == 1:
            weight = array_ops.expand_dims(weight, axis=1)
        weight = array_ops.broadcast_to(weight, array_ops.shape(y_true))
        weighted_y_true = y_true * weight
        self.sum.assign_add(math_ops.reduce_sum(weighted_y_true, axis=0))
        self.squared_sum.assign_add(math_ops.reduce_sum(y_true * weighted_y_true, axis=0))
        self.total_mse.assign_add(
            math_ops.reduce_sum(math_ops.square(y_true - y_pred) * weight, axis=0))
        self.count.assign_add(math_ops.reduce_sum(weight, axis=0))
        self.num_samples.assign_add(array_ops.size(y_true))

    def result(self):
        mean = self.sum / self.count
        total = self.squared_sum - self.sum * mean
        raw = 1 - self.total_mse / total
        raw = array_ops.where(math_ops.is_inf(raw), 0.0, raw)
        if self.class_aggregation == "uniform_average":
            score = math_ops.reduce_mean(raw)
        elif self.class_aggregation == "variance_weighted_average":
            score = math_ops.reduce_sum(total * raw) / math_ops.reduce_sum(total)
        else:
            score = raw
        if self.num_regressors != 0:
            n = int(self.num_samples.numpy())
            if self.num_regressors > n - 1:
                warnings.warn("More independent predictors than datapoints in adjusted R2 "
                              "score. Falling back to standard R2 score.", stacklevel=2)
            elif self.num_regressors == n - 1:
                warnings.warn("Division by zero in Adjusted R2 score. Falling back to "
                              "standard R2 score.", stacklevel=2)
            else:
                n, p = float(n), float(self.num_regressors)
                score = 1.0 - (1.0 - score) * (n - 1.0) / (n - p - 1.0)
        return score

    def get_config(self):
        return {**super().get_config(), "class_aggregation": self.class_aggregation,
                "num_regressors": self.num_regressors}


CLASSES = (FBetaScore, F1Score, R2Score)

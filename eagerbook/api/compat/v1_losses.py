"""``tf.compat.v1.losses``: TF 1.x's loss functions, each one number by default.

Unlike Keras's losses (a value per example), TF 1.x's weigh each element's loss and reduce
them all to a scalar: by default the weighted sum divided by the number of nonzero weights
(``Reduction.SUM_BY_NONZERO_WEIGHTS``), so with no weights, the mean.
"""

from ...core import dtypes
from ...core.tensor import convert_to_tensor
from ...ops import array_ops, manip_ops, math_ops, nn_ops
from .v1_variable_scope import GraphKeys, add_to_collection, get_collection


class Reduction:
    """How ``compute_weighted_loss`` reduces the weighted element losses."""

    NONE = "none"
    SUM = "weighted_sum"
    SUM_OVER_BATCH_SIZE = "weighted_sum_over_batch_size"
    MEAN = "weighted_mean"
    SUM_BY_NONZERO_WEIGHTS = "weighted_sum_by_nonzero_weights"
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS

    @classmethod
    def all(cls):
        return (cls.NONE, cls.SUM, cls.MEAN, cls.SUM_OVER_BATCH_SIZE,
                cls.SUM_OVER_NONZERO_WEIGHTS, cls.SUM_BY_NONZERO_WEIGHTS)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f"Invalid Reduction Key {key}. Key should be one of {cls.all()}.")


def _safe_divide(total, count):
    """total / count, or 0 where count is 0 (no weight was nonzero)."""
    return manip_ops.divide_no_nan(total, count)


def compute_weighted_loss(losses, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """The element losses times `weights`, reduced as `reduction` says."""
    Reduction.validate(reduction)
    losses = convert_to_tensor(losses)
    dtype = losses.dtype
    losses = math_ops.cast(losses, dtypes.float32)
    weights = math_ops.cast(convert_to_tensor(weights), dtypes.float32)
    weighted = math_ops.multiply(losses, weights)
    if reduction == Reduction.NONE:
        loss = weighted
    else:
        loss = math_ops.reduce_sum(weighted)
        if reduction == Reduction.MEAN:
            loss = _safe_divide(loss, math_ops.reduce_sum(
                math_ops.multiply(math_ops.ones_like(losses), weights)))
        elif reduction in (Reduction.SUM_BY_NONZERO_WEIGHTS, Reduction.SUM_OVER_BATCH_SIZE):
            every = math_ops.multiply(math_ops.ones_like(losses), weights)
            count = math_ops.cast(array_ops.size(losses) if reduction ==
                                  Reduction.SUM_OVER_BATCH_SIZE else
                                  math_ops.count_nonzero(every), dtypes.float32)
            loss = _safe_divide(loss, count)
    loss = math_ops.cast(loss, dtype)
    if loss_collection is not None:
        add_to_collection(loss_collection, loss)  # (a TF 1.x graph only: eagerly, no-op)
    return loss


def _pair(labels, predictions):
    predictions = math_ops.cast(convert_to_tensor(predictions), dtypes.float32)
    return math_ops.cast(convert_to_tensor(labels), predictions.dtype), predictions


def mean_squared_error(labels, predictions, weights=1.0, scope=None,
                       loss_collection=GraphKeys.LOSSES,
                       reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    labels, predictions = _pair(labels, predictions)
    return compute_weighted_loss(math_ops.squared_difference(predictions, labels), weights,
                                 scope, loss_collection, reduction)


def absolute_difference(labels, predictions, weights=1.0, scope=None,
                        loss_collection=GraphKeys.LOSSES,
                        reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    labels, predictions = _pair(labels, predictions)
    return compute_weighted_loss(math_ops.abs(math_ops.subtract(predictions, labels)), weights,
                                 scope, loss_collection, reduction)


def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None,
               loss_collection=GraphKeys.LOSSES, reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """Quadratic within `delta` of the label, linear beyond it."""
    labels, predictions = _pair(labels, predictions)
    error = math_ops.abs(math_ops.subtract(predictions, labels))
    quadratic = math_ops.minimum(error, delta)
    linear = math_ops.subtract(error, quadratic)
    losses = math_ops.add(math_ops.multiply(0.5, math_ops.multiply(quadratic, quadratic)),
                          math_ops.multiply(delta, linear))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None,
             loss_collection=GraphKeys.LOSSES, reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """Binary cross-entropy of probabilities: ``-y log(p + eps) - (1 - y) log(1 - p + eps)``."""
    labels, predictions = _pair(labels, predictions)
    losses = math_ops.subtract(
        math_ops.negative(math_ops.multiply(labels, math_ops.log(
            math_ops.add(predictions, epsilon)))),
        math_ops.multiply(math_ops.subtract(1.0, labels), math_ops.log(
            math_ops.add(math_ops.subtract(1.0, predictions), epsilon))))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0,
                          scope=None, loss_collection=GraphKeys.LOSSES,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    logits = convert_to_tensor(logits)
    labels = math_ops.cast(convert_to_tensor(multi_class_labels), logits.dtype)
    if label_smoothing:
        labels = math_ops.add(math_ops.multiply(labels, 1 - label_smoothing),
                              0.5 * label_smoothing)
    losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def softmax_cross_entropy(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=GraphKeys.LOSSES,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    logits = convert_to_tensor(logits)
    labels = math_ops.cast(convert_to_tensor(onehot_labels), logits.dtype)
    if label_smoothing:
        classes = math_ops.cast(logits.shape[-1], logits.dtype)
        labels = math_ops.add(math_ops.multiply(labels, 1 - label_smoothing),
                              math_ops.truediv(label_smoothing, classes))
    losses = nn_ops.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def sparse_softmax_cross_entropy(labels, logits, weights=1.0, scope=None,
                                 loss_collection=GraphKeys.LOSSES,
                                 reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    losses = nn_ops.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def get_losses(scope=None, loss_collection=GraphKeys.LOSSES):
    return get_collection(loss_collection, scope)


def get_regularization_losses(scope=None):
    return get_collection(GraphKeys.REGULARIZATION_LOSSES, scope)


def get_regularization_loss(scope=None, name="total_regularization_loss"):
    losses = get_regularization_losses(scope)
    return math_ops.add_n(losses) if losses else convert_to_tensor(0.0)


def get_total_loss(add_regularization_losses=True, name="total_loss", scope=None):
    losses = get_losses(scope) + (get_regularization_losses(scope)
                                  if add_regularization_losses else [])
    return math_ops.add_n(losses)

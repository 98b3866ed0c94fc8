"""``tf.compat.v1.metrics``: TF 1.x's streaming metrics, for graphs run in a Session.

Each metric returns two tensors: ``value`` (the metric over everything seen so far) and
``update_op`` (adds a batch, then gives the new value). What was seen is kept in *local*
Variables (``total``, ``count``, ...) in the ``LOCAL_VARIABLES`` and ``METRIC_VARIABLES``
collections, so ``local_variables_initializer()`` starts a metric over::

    acc, acc_op = tf.compat.v1.metrics.accuracy(labels, predictions)
    sess.run(tf.compat.v1.local_variables_initializer())
    for batch in batches:
        sess.run(acc_op, feed_dict=batch)
    print(sess.run(acc))

They need a graph: eagerly (TF 2's default) they raise RuntimeError, as in TF; Keras's
metric classes (``tf.keras.metrics.Accuracy``) are TF 2's streaming metrics.
"""

import contextlib

import numpy as np

from ...core import context, dtypes
from ...core.tensor import convert_to_tensor
from ...core.variable import Variable
from ...ops import array_ops, linalg_ops, manip_ops, math_ops
from .v1_variable_scope import GraphKeys, add_to_collection, variable_scope

METRIC_VARIABLES = "metric_variables"  # (GraphKeys.METRIC_VARIABLES in TF)
GraphKeys.METRIC_VARIABLES = METRIC_VARIABLES


# --- the pieces every metric is made of -----------------------------------------------------------
def _check_graph(metric):
    if context.executing_eagerly():
        raise RuntimeError(f"tf.metrics.{metric} is not supported when eager execution is "
                           "enabled.")


def metric_variable(shape, dtype, name):
    """A local Variable of zeros, where a metric keeps what it has seen (not trained, not saved
    with the model: in LOCAL_VARIABLES and METRIC_VARIABLES only)."""
    variable = Variable(np.zeros(shape, dtype=dtypes.as_dtype(dtype).as_numpy_dtype),
                        trainable=False, name=name)
    variable._v1_collections = (GraphKeys.LOCAL_VARIABLES, METRIC_VARIABLES)
    for key in variable._v1_collections:
        add_to_collection(key, variable)
    return variable


@contextlib.contextmanager
def _scope(name, default_name):
    """The metric's variable scope (its Variables and ops are named ``accuracy/...``)."""
    with variable_scope(name, default_name=default_name) as scope:
        yield scope


def _named(tensor, name):
    """`tensor` under the name TF gives the metric's result (``accuracy/value:0``)."""
    return array_ops.identity(tensor, name=name)


def _float(x):
    return math_ops.cast(convert_to_tensor(x), dtypes.float32)


def _check_shapes(labels, predictions):
    """Labels and predictions must have compatible shapes (TF: ValueError at build time)."""
    if not predictions.shape.is_compatible_with(labels.shape):
        raise ValueError(f"Shapes {predictions.shape} and {labels.shape} are incompatible")


def _weights_like(values, weights):
    """`weights` broadcast to the shape of `values` (all ones if None)."""
    if weights is None:
        return math_ops.ones_like(values)
    return math_ops.multiply(_float(weights), math_ops.ones_like(values))


def _collect(value, update_op, metrics_collections, updates_collections):
    for key in metrics_collections or ():
        add_to_collection(key, value)
    for key in updates_collections or ():
        add_to_collection(key, update_op)
    return value, update_op


def _streaming_mean(values, weights, scope_name, default_name, metrics_collections,
                    updates_collections, total_name="total", count_name="count"):
    """The weighted mean of every element of `values` seen so far: what most metrics are."""
    with _scope(scope_name, default_name):
        values = _float(values)
        weights = _weights_like(values, weights)
        total = metric_variable((), dtypes.float32, total_name)
        count = metric_variable((), dtypes.float32, count_name)
        value = _named(manip_ops.divide_no_nan(total, count), "value")
        new_total = total.assign_add(math_ops.reduce_sum(math_ops.multiply(values, weights)))
        new_count = count.assign_add(math_ops.reduce_sum(weights))
        update_op = _named(manip_ops.divide_no_nan(new_total, new_count), "update_op")
    return _collect(value, update_op, metrics_collections, updates_collections)


# --- the mean and its relatives -------------------------------------------------------------------
def mean(values, weights=None, metrics_collections=None, updates_collections=None, name=None):
    """The (weighted) mean of all `values` seen: ``(mean, update_op)``."""
    _check_graph("mean")
    return _streaming_mean(values, weights, name, "mean", metrics_collections,
                           updates_collections)


def mean_tensor(values, weights=None, metrics_collections=None, updates_collections=None,
                name=None):
    """The element-wise mean of all `values` seen (a tensor of their shape)."""
    _check_graph("mean_tensor")
    with _scope(name, "mean"):
        values = _float(values)
        weights = _weights_like(values, weights)
        total = metric_variable(values.shape, dtypes.float32, "total_tensor")
        count = metric_variable(values.shape, dtypes.float32, "count_tensor")
        value = _named(manip_ops.divide_no_nan(total, count), "value")
        new_total = total.assign_add(math_ops.multiply(values, weights))
        new_count = count.assign_add(weights)
        update_op = _named(manip_ops.divide_no_nan(new_total, new_count), "update_op")
    return _collect(value, update_op, metrics_collections, updates_collections)


def accuracy(labels, predictions, weights=None, metrics_collections=None,
             updates_collections=None, name=None):
    """How often `predictions` equal `labels`: the mean of ``labels == predictions``."""
    _check_graph("accuracy")
    labels, predictions = convert_to_tensor(labels), convert_to_tensor(predictions)
    _check_shapes(labels, predictions)
    if predictions.dtype is not labels.dtype:
        predictions = math_ops.cast(predictions, labels.dtype)
    is_correct = _float(math_ops.equal(predictions, labels))
    return _streaming_mean(is_correct, weights, name, "accuracy", metrics_collections,
                           updates_collections)


def _difference_metric(metric, labels, predictions, weights, elementwise, metrics_collections,
                       updates_collections, name):
    _check_graph(metric)
    labels, predictions = _float(labels), _float(predictions)
    _check_shapes(labels, predictions)
    return _streaming_mean(elementwise(labels, predictions), weights, name, metric,
                           metrics_collections, updates_collections)


def mean_squared_error(labels, predictions, weights=None, metrics_collections=None,
                       updates_collections=None, name=None):
    """The mean of ``(labels - predictions) ** 2`` over all elements seen."""
    return _difference_metric("mean_squared_error", labels, predictions, weights,
                              math_ops.squared_difference, metrics_collections,
                              updates_collections, name)


def mean_absolute_error(labels, predictions, weights=None, metrics_collections=None,
                        updates_collections=None, name=None):
    """The mean of ``|labels - predictions|`` over all elements seen."""
    return _difference_metric("mean_absolute_error", labels, predictions, weights,
                              lambda a, b: math_ops.abs(math_ops.subtract(b, a)),
                              metrics_collections, updates_collections, name)


def root_mean_squared_error(labels, predictions, weights=None, metrics_collections=None,
                            updates_collections=None, name=None):
    """The square root of mean_squared_error."""
    value, update_op = _difference_metric(
        "root_mean_squared_error", labels, predictions, weights, math_ops.squared_difference,
        None, None, name)
    # (outside the metric's scope, as TF makes them: "Sqrt:0" and "Sqrt_1:0")
    return _collect(math_ops.sqrt(value), math_ops.sqrt(update_op), metrics_collections,
                    updates_collections)


# --- counts of true/false positives/negatives, precision and recall -------------------------------
def _as_bool(x):
    x = convert_to_tensor(x)
    return x if x.dtype is dtypes.bool else math_ops.cast(x, dtypes.bool)


def _count_where(condition, weights, scope_name, default_name):
    """A local ``count`` Variable adding up the (weighted) elements where `condition` holds;
    returns (count, its update)."""
    with _scope(scope_name, default_name):
        hits = _float(condition)
        if weights is not None:
            hits = math_ops.multiply(hits, _float(weights))
        count = metric_variable((), dtypes.float32, "count")
        value = array_ops.identity(count)
        update = count.assign_add(math_ops.reduce_sum(hits))
    return value, update


def _confusion_condition(kind, labels, predictions):
    labels, predictions = _as_bool(labels), _as_bool(predictions)
    _check_shapes(labels, predictions)
    positive_label = labels if kind in ("true_positives", "false_negatives") \
        else math_ops.logical_not(labels)
    positive_prediction = predictions if kind in ("true_positives", "false_positives") \
        else math_ops.logical_not(predictions)
    return math_ops.logical_and(positive_label, positive_prediction)


def _make_count_metric(kind):
    def metric(labels, predictions, weights=None, metrics_collections=None,
               updates_collections=None, name=None):
        _check_graph(kind)
        value, update = _count_where(_confusion_condition(kind, labels, predictions), weights,
                                     name, kind)
        return _collect(value, update, metrics_collections, updates_collections)
    metric.__name__ = metric.__qualname__ = kind
    metric.__doc__ = f"The (weighted) number of {kind.replace('_', ' ')} seen."
    return metric


true_positives = _make_count_metric("true_positives")
false_positives = _make_count_metric("false_positives")
true_negatives = _make_count_metric("true_negatives")
false_negatives = _make_count_metric("false_negatives")


def _ratio_metric(metric, other_kind, labels, predictions, weights, metrics_collections,
                  updates_collections, name):
    """tp / (tp + other), where other is the false positives (precision) or the false
    negatives (recall)."""
    _check_graph(metric)
    with _scope(name, metric):
        tp, tp_update = _count_where(_confusion_condition("true_positives", labels, predictions),
                                     weights, None, "true_positives")
        other, other_update = _count_where(
            _confusion_condition(other_kind, labels, predictions), weights, None, other_kind)
        value = _ratio(tp, other, "value")
        update_op = _ratio(tp_update, other_update, "update_op")
    return _collect(value, update_op, metrics_collections, updates_collections)


def _ratio(tp, other, name):
    total = math_ops.add(tp, other)
    return array_ops.where(math_ops.greater(total, 0.0), manip_ops.divide_no_nan(tp, total),
                           array_ops.zeros_like(total), name=name)


def precision(labels, predictions, weights=None, metrics_collections=None,
              updates_collections=None, name=None):
    """true positives / (true positives + false positives), over everything seen."""
    return _ratio_metric("precision", "false_positives", labels, predictions, weights,
                         metrics_collections, updates_collections, name)


def recall(labels, predictions, weights=None, metrics_collections=None,
           updates_collections=None, name=None):
    """true positives / (true positives + false negatives), over everything seen."""
    return _ratio_metric("recall", "false_negatives", labels, predictions, weights,
                         metrics_collections, updates_collections, name)


# --- area under the curve -------------------------------------------------------------------------
def auc(labels, predictions, weights=None, num_thresholds=200, metrics_collections=None,
        updates_collections=None, curve="ROC", name=None, summation_method="trapezoidal",
        thresholds=None):
    """The area under the ROC (or PR) curve, from counts kept at `num_thresholds` evenly
    spaced thresholds (a Riemann sum: the more thresholds, the closer to the exact area)."""
    _check_graph("auc")
    with _scope(name, "auc"):
        labels = _as_bool(labels)
        predictions = _float(predictions)
        _check_shapes(labels, predictions)
        cuts = _thresholds(num_thresholds) if thresholds is None else list(thresholds)
        cuts = convert_to_tensor(np.array(cuts, dtype=np.float32))
        above = math_ops.greater(array_ops.reshape(predictions, [1, -1]),
                                 array_ops.reshape(cuts, [-1, 1]))  # [thresholds, examples]
        is_pos = array_ops.reshape(labels, [1, -1])
        weight = array_ops.reshape(_weights_like(predictions, weights), [1, -1])
        counts, updates = {}, {}
        for kind, label_true, above_true in (("true_positives", True, True),
                                             ("false_negatives", True, False),
                                             ("true_negatives", False, False),
                                             ("false_positives", False, True)):
            label_side = is_pos if label_true else math_ops.logical_not(is_pos)
            pred_side = above if above_true else math_ops.logical_not(above)
            hits = math_ops.multiply(_float(math_ops.logical_and(label_side, pred_side)),
                                     weight)
            variable = metric_variable(cuts.shape, dtypes.float32, kind)
            counts[kind] = variable
            updates[kind] = variable.assign_add(math_ops.reduce_sum(hits, axis=1))
        value = _area(counts, curve, summation_method, "value")
        update_op = _area(updates, curve, summation_method, "update_op")
    return _collect(value, update_op, metrics_collections, updates_collections)


def _thresholds(num_thresholds):
    """TF's thresholds: evenly spaced in (0, 1), with one just below 0 and one just above 1."""
    epsilon = 1e-7
    inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
    return [0.0 - epsilon] + inner + [1.0 + epsilon]


def _area(counts, curve, summation_method, name):
    epsilon = 1.0e-6
    tp, fn = counts["true_positives"], counts["false_negatives"]
    tn, fp = counts["true_negatives"], counts["false_positives"]
    rec = math_ops.divide(math_ops.add(tp, epsilon), math_ops.add(math_ops.add(tp, fn), epsilon))
    if curve == "ROC":
        x = math_ops.divide(fp, math_ops.add(math_ops.add(fp, tn), epsilon))
        y = rec
    else:  # PR: precision against recall
        x = rec
        y = math_ops.divide(math_ops.add(tp, epsilon),
                            math_ops.add(math_ops.add(tp, fp), epsilon))
    width = math_ops.subtract(x[:-1], x[1:])
    if summation_method == "minoring":
        height = math_ops.minimum(y[:-1], y[1:])
    elif summation_method == "majoring":
        height = math_ops.maximum(y[:-1], y[1:])
    else:  # trapezoidal (and careful_interpolation, approximated by it)
        height = math_ops.divide(math_ops.add(y[:-1], y[1:]), 2.0)
    return math_ops.reduce_sum(math_ops.multiply(width, height), name=name)


# --- per-class metrics from a confusion matrix ----------------------------------------------------
def _confusion_update(labels, predictions, num_classes, weights, total):
    """Adds this batch's confusion matrix (rows: labels, columns: predictions) to `total`."""
    labels = array_ops.reshape(math_ops.cast(labels, dtypes.int64), [-1])
    predictions = array_ops.reshape(math_ops.cast(predictions, dtypes.int64), [-1])
    batch = manip_ops.confusion_matrix(
        labels, predictions, num_classes=num_classes, dtype=dtypes.float64,
        weights=None if weights is None else array_ops.reshape(weights, [-1]))
    return total.assign_add(batch)


def mean_iou(labels, predictions, num_classes, weights=None, metrics_collections=None,
             updates_collections=None, name=None):
    """The mean over classes of intersection over union, from the confusion matrix of all
    batches seen; the update returns that confusion matrix."""
    _check_graph("mean_iou")
    with _scope(name, "mean_iou"):
        total = metric_variable((num_classes, num_classes), dtypes.float64,
                                "total_confusion_matrix")
        update_op = _confusion_update(labels, predictions, num_classes, weights, total)
        value = _mean_iou(total)
    return _collect(value, update_op, metrics_collections, updates_collections)


def _mean_iou(matrix):
    matrix = math_ops.cast(matrix, dtypes.float32)
    predicted = math_ops.reduce_sum(matrix, axis=0)
    actual = math_ops.reduce_sum(matrix, axis=1)
    hits = linalg_ops.diag_part(matrix)
    union = math_ops.subtract(math_ops.add(predicted, actual), hits)
    present = math_ops.reduce_sum(_float(math_ops.not_equal(union, 0.0)))
    union = array_ops.where(math_ops.greater(union, 0.0), union, math_ops.ones_like(union))
    iou = math_ops.divide(hits, union)
    return array_ops.where(math_ops.greater(present, 0.0),
                           manip_ops.divide_no_nan(math_ops.reduce_sum(iou), present), 0.0)


def mean_per_class_accuracy(labels, predictions, num_classes, weights=None,
                            metrics_collections=None, updates_collections=None, name=None):
    """The mean over classes of each class's accuracy (how often its examples are predicted
    right); the update returns the per-class accuracies."""
    _check_graph("mean_per_class_accuracy")
    with _scope(name, "mean_accuracy"):
        labels = array_ops.reshape(math_ops.cast(labels, dtypes.int64), [-1])
        predictions = array_ops.reshape(math_ops.cast(predictions, dtypes.int64), [-1])
        total = metric_variable((num_classes,), dtypes.float32, "total")
        count = metric_variable((num_classes,), dtypes.float32, "count")
        one_hot = array_ops.one_hot(labels, num_classes, dtype=dtypes.float32)
        example_weights = _weights_like(_float(labels), weights)
        seen = math_ops.multiply(one_hot, array_ops.reshape(example_weights, [-1, 1]))
        right = math_ops.multiply(seen, array_ops.reshape(
            _float(math_ops.equal(labels, predictions)), [-1, 1]))
        new_total = total.assign_add(math_ops.reduce_sum(seen, axis=0))
        new_count = count.assign_add(math_ops.reduce_sum(right, axis=0))
        value = math_ops.reduce_mean(manip_ops.divide_no_nan(count, total),
                                     name="mean_accuracy")
        update_op = _named(manip_ops.divide_no_nan(new_count, new_total), "update_op")
    return _collect(value, update_op, metrics_collections, updates_collections)


__all__ = ["accuracy", "auc", "false_negatives", "false_positives", "mean",
           "mean_absolute_error", "mean_iou", "mean_per_class_accuracy", "mean_squared_error",
           "mean_tensor", "metric_variable", "precision", "recall", "root_mean_squared_error",
           "true_negatives", "true_positives"]

"""``tf.keras.losses``: loss functions and the Loss classes that reduce them.

A *loss function* maps ``(y_true, y_pred)`` to one value per sample (averaged over the last
axis). A *Loss object* calls it, weights it by ``sample_weight`` and reduces it:
``sum_over_batch_size`` (the default: sum / number of values), ``sum`` or ``none``.

Cross-entropies with ``from_logits=True`` never exponentiate a large logit: they use
``logsumexp`` (softmax) and ``max(x, 0) - x z + log1p(exp(-|x|))`` (sigmoid), so logits of
1e4 give exact, finite losses and gradients.
"""

import numpy as np

from ..core import dtypes
from ..core.tensor import Tensor, convert_to_tensor
from ..ops import array_ops, linalg_ops, math_ops, nn_ops
from . import activations, backend, serialization


class Reduction:
    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls):
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f'Invalid Reduction Key: {key}. Expected keys are "{cls.all()}"')


# --- helpers --------------------------------------------------------------------------------------
def _pred(y_pred):
    y_pred = convert_to_tensor(y_pred)
    if not y_pred.dtype.is_floating:
        y_pred = math_ops.cast(y_pred, dtypes.float32)
    return y_pred


def _true_like(y_true, y_pred):
    if isinstance(y_true, Tensor) or hasattr(type(y_true), "_as_tensor"):
        y_true = convert_to_tensor(y_true)
        return y_true if y_true.dtype is y_pred.dtype else math_ops.cast(y_true, y_pred.dtype)
    return convert_to_tensor(np.asarray(y_true), dtype=y_pred.dtype) \
        if isinstance(y_true, np.ndarray) and y_true.dtype.kind in "fiub" \
        else math_ops.cast(convert_to_tensor(y_true), y_pred.dtype)


def _squeeze_last(x):
    shape = x.shape.as_list()
    return array_ops.reshape(x, [d if d is not None else -1 for d in shape[:-1]])


def squeeze_or_expand(y_true, y_pred):
    """Keras's rank fix-up: drop a trailing 1 so (batch, 1) meets (batch,)."""
    rt, rp = y_true.shape.rank, y_pred.shape.rank
    if rt is None or rp is None:
        return y_true, y_pred
    if rp - rt == 1 and y_pred.shape[-1] == 1:
        y_pred = _squeeze_last(y_pred)
    elif rt - rp == 1 and y_true.shape[-1] == 1:
        y_true = _squeeze_last(y_true)
    return y_true, y_pred


def _clip(x, low, high):
    return math_ops.minimum(math_ops.maximum(x, low), high)


# --- loss functions -------------------------------------------------------------------------------
def mean_squared_error(y_true, y_pred):
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    return math_ops.reduce_mean(math_ops.squared_difference(y_pred, y_true), axis=-1)


def mean_absolute_error(y_true, y_pred):
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    return math_ops.reduce_mean(math_ops.abs(math_ops.subtract(y_pred, y_true)), axis=-1)


def mean_absolute_percentage_error(y_true, y_pred):
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    diff = math_ops.abs(math_ops.truediv(math_ops.subtract(y_true, y_pred),
                                         math_ops.maximum(math_ops.abs(y_true),
                                                          backend.epsilon())))
    return math_ops.multiply(math_ops.reduce_mean(diff, axis=-1), 100.0)


def huber(y_true, y_pred, delta=1.0):
    """0.5 e^2 where |e| <= delta, delta |e| - 0.5 delta^2 elsewhere (mean over last axis)."""
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    error = math_ops.abs(math_ops.subtract(y_pred, y_true))
    delta = float(delta)
    quadratic = math_ops.multiply(math_ops.square(error), 0.5)
    linear = math_ops.subtract(math_ops.multiply(error, delta), 0.5 * delta * delta)
    return math_ops.reduce_mean(math_ops.where_v2(math_ops.less_equal(error, delta),
                                                  quadratic, linear), axis=-1)


def _check_same_shape(y_true, y_pred):
    if not y_true.shape.is_compatible_with(y_pred.shape):
        raise ValueError(f"Shapes {tuple(y_true.shape.as_list())} and "
                         f"{tuple(y_pred.shape.as_list())} are incompatible")


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    _check_same_shape(y_true, y_pred)
    if label_smoothing:
        classes = y_pred.shape[axis]
        y_true = math_ops.add(math_ops.multiply(y_true, 1.0 - label_smoothing),
                              label_smoothing / classes)
    return backend.categorical_crossentropy(y_true, y_pred, from_logits=from_logits, axis=axis)


def _one_hot(labels, depth, dtype):
    """One-hot rows for integer labels (NumPy for eager values, the op while tracing)."""
    if labels._value is not None:
        idx = labels._value.astype(np.int64)
        if idx.size and (idx.min() < 0 or idx.max() >= depth):
            bad = idx[(idx < 0) | (idx >= depth)].flat[0]
            from ..ops.registry import invalid_argument
            raise invalid_argument("SparseSoftmaxCrossEntropyWithLogits",
                                   f"Received a label value of {int(bad)} which is outside the "
                                   f"valid range of [0, {depth}).")
        out = np.zeros(idx.shape + (depth,), dtype=dtype._np)
        np.put_along_axis(out, idx[..., None], 1, axis=-1)
        return convert_to_tensor(out)
    return array_ops.one_hot(labels, depth, dtype=dtype)


def _sparse_labels(y_true, y_pred):
    y_true = convert_to_tensor(y_true)
    if y_true.shape.rank is not None and y_true.shape.rank == y_pred.shape.rank \
            and y_true.shape[-1] == 1:
        y_true = _squeeze_last(y_true)
    # Keras casts the labels to int64 whatever they are: uint8 MNIST labels or float labels
    # both work (the kernel itself takes int32/int64 only).
    if y_true.dtype not in (dtypes.int32, dtypes.int64):
        y_true = math_ops.cast(y_true, dtypes.int64)
    return y_true


def _valid_labels(y_true, ignore_class):
    return math_ops.not_equal(y_true, math_ops.cast(ignore_class, y_true.dtype))


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, axis=-1,
                                    ignore_class=None):
    """Cross-entropy against integer labels; labels equal to `ignore_class` get a loss of 0
    (TF computes the others only and scatters them back into place)."""
    y_pred = _pred(y_pred)
    # As TF's Keras: the output of a Keras softmax or sigmoid stands for its logits (a
    # sigmoid's outputs are no distribution: the loss is then the softmax cross-entropy of
    # the sigmoid's inputs), from_logits=True on such an output warns.
    y_pred, from_logits = activations.logits_of(y_pred, from_logits, "Softmax",
                                                "sparse_categorical_crossentropy")
    y_true = _sparse_labels(y_true, y_pred)
    if axis not in (-1, y_pred.ndim - 1):
        raise ValueError("eagerbook's sparse_categorical_crossentropy supports axis=-1 only.")
    if ignore_class is not None:
        valid = _valid_labels(y_true, ignore_class)
        safe_labels = array_ops.where(valid, y_true, array_ops.zeros_like(y_true))
        losses = sparse_categorical_crossentropy(safe_labels, y_pred, from_logits)
        return array_ops.where(valid, losses, array_ops.zeros_like(losses))
    if from_logits:
        return nn_ops.sparse_softmax_cross_entropy_with_logits(labels=y_true, logits=y_pred)
    # Keras clips first and normalises after (a softmax of the clipped log-probabilities):
    # the reverse of categorical_crossentropy's order, which shows on rows not summing to 1.
    # Computed as TF does (log, then the logits' cross-entropy), its float32 digits match.
    eps = backend.epsilon()
    clipped = _clip(y_pred, eps, 1.0 - eps)
    return nn_ops.sparse_softmax_cross_entropy_with_logits(labels=y_true,
                                                           logits=math_ops.log(clipped))


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    if label_smoothing:
        y_true = math_ops.add(math_ops.multiply(y_true, 1.0 - label_smoothing),
                              0.5 * label_smoothing)
    return math_ops.reduce_mean(backend.binary_crossentropy(y_true, y_pred, from_logits),
                                axis=axis)


def binary_focal_crossentropy(y_true, y_pred, apply_class_balancing=False, alpha=0.25,
                              gamma=2.0, from_logits=False, label_smoothing=0.0, axis=-1):
    """Binary cross-entropy scaled by (1 - p_t)^gamma, p_t the probability given to the true
    label: confident right answers count less (and by alpha / 1 - alpha if balancing)."""
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    if label_smoothing:
        y_true = math_ops.add(math_ops.multiply(y_true, 1.0 - label_smoothing),
                              0.5 * label_smoothing)
    probs = math_ops.sigmoid(y_pred) if from_logits else y_pred
    p_t = math_ops.add(math_ops.multiply(y_true, probs),
                       math_ops.multiply(math_ops.subtract(1.0, y_true),
                                         math_ops.subtract(1.0, probs)))
    focal = math_ops.multiply(math_ops.pow(math_ops.subtract(1.0, p_t), gamma),
                              backend.binary_crossentropy(y_true, y_pred, from_logits))
    if apply_class_balancing:
        weight = math_ops.add(math_ops.multiply(y_true, alpha),
                              math_ops.multiply(math_ops.subtract(1.0, y_true), 1.0 - alpha))
        focal = math_ops.multiply(weight, focal)
    return math_ops.reduce_mean(focal, axis=axis)


def categorical_focal_crossentropy(y_true, y_pred, alpha=0.25, gamma=2.0, from_logits=False,
                                   label_smoothing=0.0, axis=-1):
    """-sum(alpha (1 - p)^gamma t log p) over classes, p renormalised and clipped."""
    if isinstance(axis, bool):
        raise ValueError(f"`axis` must be of type `int`. Received: axis={axis} of type "
                         f"{type(axis)}")
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    _check_same_shape(y_true, y_pred)
    if label_smoothing:
        y_true = math_ops.add(math_ops.multiply(y_true, 1.0 - label_smoothing),
                              label_smoothing / y_true.shape[-1])
    probs = nn_ops.softmax(y_pred, axis=axis) if from_logits else y_pred
    probs = math_ops.truediv(probs, math_ops.reduce_sum(probs, axis=axis, keepdims=True))
    eps = backend.epsilon()
    probs = _clip(probs, eps, 1.0 - eps)
    cce = math_ops.multiply(math_ops.negative(y_true), math_ops.log(probs))
    weight = math_ops.multiply(math_ops.pow(math_ops.subtract(1.0, probs), gamma), alpha)
    return math_ops.reduce_sum(math_ops.multiply(weight, cce), axis=axis)


def kl_divergence(y_true, y_pred):
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    eps = backend.epsilon()
    y_true = _clip(y_true, eps, 1.0)
    y_pred = _clip(y_pred, eps, 1.0)
    return math_ops.reduce_sum(math_ops.multiply(
        y_true, math_ops.log(math_ops.truediv(y_true, y_pred))), axis=-1)


def _signed_labels(y_true):
    """0/1 labels become -1/1 (hinge losses want signs); other labels stay as given."""
    values = y_true._value
    if values is not None and values.size and np.isin(values, (0, 1)).all():
        return math_ops.subtract(math_ops.multiply(y_true, 2.0), 1.0)
    return y_true


def hinge(y_true, y_pred):
    y_pred = _pred(y_pred)
    y_true = _signed_labels(_true_like(y_true, y_pred))
    return math_ops.reduce_mean(math_ops.maximum(
        math_ops.subtract(1.0, math_ops.multiply(y_true, y_pred)),
        math_ops.zeros_like(y_pred)), axis=-1)


def squared_hinge(y_true, y_pred):
    y_pred = _pred(y_pred)
    y_true = _signed_labels(_true_like(y_true, y_pred))
    return math_ops.reduce_mean(math_ops.square(math_ops.maximum(
        math_ops.subtract(1.0, math_ops.multiply(y_true, y_pred)), 0.0)), axis=-1)


def categorical_hinge(y_true, y_pred):
    """max(0, 1 + (largest wrong-class score) - (true-class score))."""
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    pos = math_ops.reduce_sum(math_ops.multiply(y_true, y_pred), axis=-1)
    neg = math_ops.reduce_max(math_ops.multiply(math_ops.subtract(1.0, y_true), y_pred),
                              axis=-1)
    return math_ops.maximum(math_ops.add(math_ops.subtract(neg, pos), 1.0), 0.0)


def mean_squared_logarithmic_error(y_true, y_pred):
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    eps = backend.epsilon()
    first = math_ops.log(math_ops.add(math_ops.maximum(y_pred, eps), 1.0))
    second = math_ops.log(math_ops.add(math_ops.maximum(y_true, eps), 1.0))
    return math_ops.reduce_mean(math_ops.squared_difference(first, second), axis=-1)


def log_cosh(y_true, y_pred):
    """log(cosh(e)) written as e + softplus(-2e) - log 2, which cannot overflow."""
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    error = math_ops.subtract(y_pred, y_true)
    value = math_ops.subtract(
        math_ops.add(error, math_ops.softplus(math_ops.multiply(error, -2.0))),
        math_ops.cast(math_ops.log(2.0), error.dtype))
    return math_ops.reduce_mean(value, axis=-1)


def poisson(y_true, y_pred):
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    return math_ops.reduce_mean(math_ops.subtract(y_pred, math_ops.multiply(
        y_true, math_ops.log(math_ops.add(y_pred, backend.epsilon())))), axis=-1)


def cosine_similarity(y_true, y_pred, axis=-1):
    """Minus the cosine of the angle between the two (so that minimising aligns them)."""
    y_pred = _pred(y_pred)
    y_true = _true_like(y_true, y_pred)
    y_true = linalg_ops.l2_normalize(y_true, axis=axis)
    y_pred = linalg_ops.l2_normalize(y_pred, axis=axis)
    return math_ops.negative(math_ops.reduce_sum(math_ops.multiply(y_true, y_pred), axis=axis))


mse = MSE = mean_squared_error
msle = MSLE = mean_squared_logarithmic_error
logcosh = log_cosh
bce = BCE = binary_crossentropy
huber_loss = huber
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
kld = KLD = kullback_leibler_divergence = kl_divergence


# --- reduction ------------------------------------------------------------------------------------
def compute_weighted_loss(losses, sample_weight=None, reduction=Reduction.SUM_OVER_BATCH_SIZE):
    if reduction == Reduction.AUTO:
        reduction = Reduction.SUM_OVER_BATCH_SIZE
    losses = convert_to_tensor(losses)
    if sample_weight is not None:
        weight = sample_weight if isinstance(sample_weight, Tensor) else None
        if weight is None:
            weight = convert_to_tensor(np.asarray(sample_weight), dtype=losses.dtype) \
                if isinstance(sample_weight, np.ndarray) else \
                math_ops.cast(convert_to_tensor(sample_weight), losses.dtype)
        elif weight.dtype is not losses.dtype:
            weight = math_ops.cast(weight, losses.dtype)
        rw, rl = weight.shape.rank, losses.shape.rank
        if rw is not None and rl is not None:
            if rw == rl + 1 and weight.shape[-1] == 1:
                weight = _squeeze_last(weight)
            while weight.shape.rank < losses.shape.rank:
                weight = array_ops.reshape(weight, weight.shape.as_list() + [1])
        losses = math_ops.multiply(losses, weight)
    if reduction == Reduction.NONE:
        return losses
    total = math_ops.reduce_sum(losses)
    if reduction == Reduction.SUM:
        return total
    count = losses.shape.num_elements()
    if count is None:  # only while tracing with unknown dimensions
        count = math_ops.reduce_sum(math_ops.ones_like(losses))
        return math_ops.truediv(total, math_ops.maximum(count, 1.0))
    return math_ops.truediv(total, float(max(count, 1)))


class Loss:
    """Base class: ``__call__(y_true, y_pred, sample_weight=None)`` -> reduced loss."""

    def __init__(self, reduction=Reduction.AUTO, name=None):
        Reduction.validate(reduction)
        self.reduction = reduction
        self.name = name

    def call(self, y_true, y_pred):
        raise NotImplementedError("Must be implemented in subclasses.")

    def __call__(self, y_true, y_pred, sample_weight=None):
        losses = self.call(y_true, y_pred)
        return compute_weighted_loss(losses, sample_weight, self.reduction)

    def get_config(self):
        return {"reduction": self.reduction, "name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class LossFunctionWrapper(Loss):
    def __init__(self, fn, reduction=Reduction.AUTO, name=None, **kwargs):
        super().__init__(reduction=reduction, name=name)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        y_pred = _pred(y_pred)
        if self.fn is not sparse_categorical_crossentropy:
            y_true = _true_like(y_true, y_pred)
            y_true, y_pred = squeeze_or_expand(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        config = super().get_config()
        config.update(self._fn_kwargs)
        config["fn"] = getattr(self.fn, "__name__", None)  # TF 2's config names the function
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        fn = config.pop("fn", None)
        if cls is LossFunctionWrapper:  # the wrapper itself: its function comes by name
            return cls(get(fn), **config)
        return cls(**config)  # a named loss class knows its function


class MeanSquaredError(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="mean_squared_error"):
        super().__init__(mean_squared_error, reduction=reduction, name=name)


class MeanAbsoluteError(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="mean_absolute_error"):
        super().__init__(mean_absolute_error, reduction=reduction, name=name)


class MeanAbsolutePercentageError(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="mean_absolute_percentage_error"):
        super().__init__(mean_absolute_percentage_error, reduction=reduction, name=name)


class Huber(LossFunctionWrapper):
    def __init__(self, delta=1.0, reduction=Reduction.AUTO, name="huber_loss"):
        super().__init__(huber, reduction=reduction, name=name, delta=delta)


class BinaryCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction=Reduction.AUTO, name="binary_crossentropy"):
        super().__init__(binary_crossentropy, reduction=reduction, name=name,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class CategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction=Reduction.AUTO, name="categorical_crossentropy"):
        super().__init__(categorical_crossentropy, reduction=reduction, name=name,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, ignore_class=None, reduction=Reduction.AUTO,
                 name="sparse_categorical_crossentropy"):
        super().__init__(sparse_categorical_crossentropy, reduction=reduction, name=name,
                         from_logits=from_logits, ignore_class=ignore_class)
        self.from_logits = from_logits
        self.ignore_class = ignore_class

    def __call__(self, y_true, y_pred, sample_weight=None):
        if self.ignore_class is None:
            return super().__call__(y_true, y_pred, sample_weight)
        # Ignored labels weigh 0; a mean is taken over the other labels only (TF rescales the
        # mask by all / valid before its usual mean over every entry).
        losses = compute_weighted_loss(self.call(y_true, y_pred), sample_weight, Reduction.NONE)
        valid = math_ops.cast(_valid_labels(_sparse_labels(y_true, _pred(y_pred)),
                                            self.ignore_class), losses.dtype)
        if self.reduction in (Reduction.AUTO, Reduction.SUM_OVER_BATCH_SIZE):
            valid = math_ops.multiply(valid, math_ops.truediv(
                math_ops.cast(array_ops.size(valid), losses.dtype), math_ops.reduce_sum(valid)))
        return compute_weighted_loss(losses, valid, self.reduction)


class KLDivergence(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="kl_divergence"):
        super().__init__(kl_divergence, reduction=reduction, name=name)


class Hinge(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="hinge"):
        super().__init__(hinge, reduction=reduction, name=name)


class MeanSquaredLogarithmicError(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="mean_squared_logarithmic_error"):
        super().__init__(mean_squared_logarithmic_error, reduction=reduction, name=name)


class SquaredHinge(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="squared_hinge"):
        super().__init__(squared_hinge, reduction=reduction, name=name)


class CategoricalHinge(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="categorical_hinge"):
        super().__init__(categorical_hinge, reduction=reduction, name=name)


class LogCosh(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="log_cosh"):
        super().__init__(log_cosh, reduction=reduction, name=name)


class Poisson(LossFunctionWrapper):
    def __init__(self, reduction=Reduction.AUTO, name="poisson"):
        super().__init__(poisson, reduction=reduction, name=name)


class CosineSimilarity(LossFunctionWrapper):
    def __init__(self, axis=-1, reduction=Reduction.AUTO, name="cosine_similarity"):
        super().__init__(cosine_similarity, reduction=reduction, name=name, axis=axis)


class BinaryFocalCrossentropy(LossFunctionWrapper):
    def __init__(self, apply_class_balancing=False, alpha=0.25, gamma=2.0, from_logits=False,
                 label_smoothing=0.0, axis=-1, reduction=Reduction.AUTO,
                 name="binary_focal_crossentropy"):
        super().__init__(binary_focal_crossentropy, reduction=reduction, name=name,
                         apply_class_balancing=apply_class_balancing, alpha=alpha, gamma=gamma,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits
        self.apply_class_balancing = apply_class_balancing
        self.alpha = alpha
        self.gamma = gamma


class CategoricalFocalCrossentropy(LossFunctionWrapper):
    def __init__(self, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction=Reduction.AUTO, name="categorical_focal_crossentropy"):
        super().__init__(categorical_focal_crossentropy, reduction=reduction, name=name,
                         alpha=alpha, gamma=gamma, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits
        self.alpha = alpha
        self.gamma = gamma


_FUNCTIONS = {
    "mean_squared_error": mean_squared_error, "mse": mean_squared_error,
    "MSE": mean_squared_error, "mean_absolute_error": mean_absolute_error,
    "mae": mean_absolute_error, "MAE": mean_absolute_error,
    "mean_absolute_percentage_error": mean_absolute_percentage_error,
    "mape": mean_absolute_percentage_error, "huber": huber, "huber_loss": huber,
    "binary_crossentropy": binary_crossentropy,
    "categorical_crossentropy": categorical_crossentropy,
    "sparse_categorical_crossentropy": sparse_categorical_crossentropy,
    "kl_divergence": kl_divergence, "kld": kl_divergence, "hinge": hinge,
    "squared_hinge": squared_hinge, "categorical_hinge": categorical_hinge,
    "mean_squared_logarithmic_error": mean_squared_logarithmic_error,
    "msle": mean_squared_logarithmic_error, "MSLE": mean_squared_logarithmic_error,
    "log_cosh": log_cosh, "logcosh": log_cosh, "poisson": poisson,
    "cosine_similarity": cosine_similarity, "binary_focal_crossentropy":
    binary_focal_crossentropy, "categorical_focal_crossentropy": categorical_focal_crossentropy,
}
_CLASSES = {cls.__name__: cls for cls in (
    MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError, Huber,
    BinaryCrossentropy, CategoricalCrossentropy, SparseCategoricalCrossentropy, KLDivergence,
    Hinge, MeanSquaredLogarithmicError, SquaredHinge, CategoricalHinge, LogCosh, Poisson,
    CosineSimilarity, BinaryFocalCrossentropy, CategoricalFocalCrossentropy)}


def get(identifier):
    """A loss callable from a name ('mse', 'sparse_categorical_crossentropy', ...), a Loss
    object, a class name or a function."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        if identifier in _FUNCTIONS:
            return _FUNCTIONS[identifier]
        if identifier in _CLASSES:
            return _CLASSES[identifier]()
        raise serialization.unknown_object_error("loss function", identifier)
    if isinstance(identifier, dict):
        cls = _CLASSES.get(identifier["class_name"])
        if cls is None:
            raise serialization.unknown_object_error("loss function", identifier["class_name"])
        return cls.from_config(identifier.get("config", {}))
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret loss function identifier: {identifier!r}")


def serialize(loss):
    if isinstance(loss, Loss):
        return serialization.keras_object_entry(loss, "keras.losses")
    return getattr(loss, "__name__", None)


def deserialize(config):
    return get(config)

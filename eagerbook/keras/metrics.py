"""``tf.keras.metrics``: stateful metrics whose running state lives in Variables.

    m = tf.keras.metrics.Mean("loss")
    m(0); m(5); m.result()   # 2.5
    m([8, 9]); m.result()    # 5.5  (= (0 + 5 + 8 + 9) / 4)

The state (``total``, ``count``) is a pair of non-trainable Variables, updated with
``assign_add``, so checkpoints capture it and a ``tf.function`` records the updates.
"""

import numpy as np

from ..core import dtypes
from ..core.tensor import _from_numpy, convert_to_tensor
from ..core.variable_modes import VariableAggregationV2, VariableSynchronization
from ..ops import array_ops, math_ops
from . import backend, serialization
from . import losses as losses_mod
from .layers import base as _layer_base
from .layers.base import Layer


def _to_float(x, dtype):
    if isinstance(x, np.ndarray):
        return convert_to_tensor(x.astype(dtype._np, copy=False))
    x = convert_to_tensor(x)
    return x if x.dtype is dtype else math_ops.cast(x, dtype)


def _div_no_nan(a, b):
    if a._value is not None and b._value is not None:
        bv = b._value
        out = np.where(bv == 0, np.zeros_like(a._value), a._value / np.where(bv == 0, 1, bv))
        return _from_numpy(np.asarray(out, dtype=a._value.dtype))
    zero = math_ops.zeros_like(b)
    safe = math_ops.where_v2(math_ops.equal(b, zero), math_ops.ones_like(b), b)
    return math_ops.where_v2(math_ops.equal(b, zero), math_ops.zeros_like(a),
                             math_ops.truediv(a, safe))


def _argmax(x, axis=-1):
    return math_ops.argmax(x, axis=axis)


class Metric(Layer):
    """Base class: ``update_state`` accumulates, ``result`` reads, ``reset_state`` clears."""

    _exclude_from_weights = True

    def __init__(self, name=None, dtype=None, **kwargs):
        if name is None:  # numbered like layers, as Keras 2 does: my_metric, my_metric_1, ...
            name = backend.unique_object_name(backend.to_snake_case(type(self).__name__))
        super().__init__(name=name, dtype=dtype or "float32", **kwargs)
        self.built = True

    @property
    def stateful(self):
        return True

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        # Remembered so that ``layer.add_metric(metric(...))`` can report this Metric itself.
        self._last_result = self.result()
        return self._last_result

    def update_state(self, *args, **kwargs):
        raise NotImplementedError("Must be implemented in subclasses.")

    def result(self):
        raise NotImplementedError("Must be implemented in subclasses.")

    def reset_state(self):
        for v in self.variables:
            if v._value is not None and backend.context.state.graph is None:
                v.assign(np.zeros(v.shape.as_list(), dtype=v.dtype._np))
            else:
                v.assign(math_ops.zeros_like(v))

    def reset_states(self):
        self.reset_state()

    @property
    def variables(self):
        return list(self._non_trainable_weights) + list(self._trainable_weights)

    weights = variables

    def add_weight(self, name, shape=(), aggregation=VariableAggregationV2.SUM,
                   synchronization=VariableSynchronization.ON_READ, initializer="zeros",
                   dtype=None, **kwargs):
        # (as TF's: each replica of a distribution strategy counts alone, a read sums them)
        return super().add_weight(name=name, shape=shape, dtype=dtype or self.dtype,
                                  initializer=initializer, trainable=False,
                                  synchronization=synchronization, aggregation=aggregation)

    def merge_state(self, metrics):
        """Adds the state of other metrics of the same kind into this one (e.g. from several
        workers); returns the updated Variables."""
        updated = []
        for metric in metrics:
            if len(self.weights) != len(metric.weights):
                raise ValueError(f"Metric {metric} is not compatible with {self}")
        for metric in metrics:
            for weight, other in zip(self.weights, metric.weights):
                updated.append(weight.assign_add(other._as_tensor()))
        return updated

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}

    def __str__(self):
        # print(metric) shows the class and its config, as TF's does: Mean(name=loss,dtype=float32);
        # repr() stays Python's default <...Mean object at 0x...>.
        settings = ",".join(f"{key}={value}" for key, value in self.get_config().items())
        return f"{type(self).__name__}({settings})"


class Reduce(Metric):
    _reduction = "mean"

    def __init__(self, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype, **kwargs)
        self.total = self.add_weight("total")
        if self._reduction == "mean":
            self.count = self.add_weight("count")

    def update_state(self, values, sample_weight=None):
        dtype = dtypes.as_dtype(self.dtype)
        values = _to_float(values, dtype)
        if sample_weight is not None:
            weight = _to_float(sample_weight, dtype)
            rv, rw = values.shape.rank, weight.shape.rank
            if rv is not None and rw is not None and rw > rv:
                # (batch, 1) weights with (batch,) values: drop the trailing ones.
                weight = array_ops.reshape(weight, values.shape.as_list()) \
                    if weight.shape.num_elements() == values.shape.num_elements() else weight
            if values.shape.rank is not None and weight.shape.rank is not None:
                while weight.shape.rank < values.shape.rank:
                    weight = array_ops.reshape(weight, weight.shape.as_list() + [1])
            values = math_ops.multiply(values, weight)
            if self._reduction == "mean":
                count = math_ops.reduce_sum(math_ops.multiply(math_ops.ones_like(values),
                                                              weight))
        elif self._reduction == "mean":
            n = values.shape.num_elements()
            count = convert_to_tensor(float(n), dtype=dtype) if n is not None else \
                math_ops.reduce_sum(math_ops.ones_like(values))
        # As in Keras 2, the update returns the last Variable it changed (count for a mean).
        total = self.total.assign_add(math_ops.reduce_sum(values))
        if self._reduction == "mean":
            return self.count.assign_add(count)
        return total

    def result(self):
        if self._reduction == "sum":
            return math_ops.identity(self.total)
        return _div_no_nan(self.total._as_tensor(), self.count._as_tensor())


class Mean(Reduce):
    _reduction = "mean"

    def __init__(self, name="mean", dtype=None, **kwargs):  # (TF's name: no "mean_1"...)
        super().__init__(name=name, dtype=dtype, **kwargs)


class Sum(Reduce):
    _reduction = "sum"

    def __init__(self, name="sum", dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype, **kwargs)


_layer_base._MEAN_METRIC[0] = Mean  # what Layer.add_metric averages reported values with


class MeanMetricWrapper(Mean):
    """A mean of ``fn(y_true, y_pred)`` over everything seen (the accuracy metrics)."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        # Keras 2 casts both to the metric's dtype first (so Accuracy compares float32
        # predictions with float32 labels: only exact values match).
        y_pred = math_ops.cast(convert_to_tensor(y_pred), self.dtype)
        y_true = math_ops.cast(convert_to_tensor(y_true), self.dtype)
        # As Keras 2: labels shaped (batch,) meet predictions shaped (batch, 1) (and the other
        # way round) before the function sees them, so they never broadcast to (batch, batch).
        y_true, y_pred = losses_mod.squeeze_or_expand(y_true, y_pred)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        return super().update_state(values, sample_weight=sample_weight)

    def get_config(self):
        config = super().get_config()
        if type(self) is MeanMetricWrapper:  # a subclass knows its function; a wrapper not
            config["fn"] = self._fn
        config.update(self._fn_kwargs)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        fn = config.pop("fn", None)
        if cls is MeanMetricWrapper:
            if isinstance(fn, dict):  # serialize's form of a function: found by its name
                fn = serialization.deserialize_keras_object(fn, _FUNCTIONS, custom_objects)
            return cls(get(fn), **config)
        return super().from_config(config)


# --- per-sample metric functions -----------------------------------------------------------------
def _matching_ranks(y_true, y_pred):
    y_true, y_pred = convert_to_tensor(y_true), convert_to_tensor(y_pred)
    return losses_mod.squeeze_or_expand(y_true, y_pred)


def _as_float(x):
    return math_ops.cast(x, dtypes.float32)


def accuracy(y_true, y_pred):
    y_true, y_pred = _matching_ranks(y_true, y_pred)
    if not y_true.shape.is_compatible_with(y_pred.shape):
        raise ValueError(f"Shapes {tuple(y_true.shape.as_list())} and "
                         f"{tuple(y_pred.shape.as_list())} are incompatible")
    if y_true.dtype is not y_pred.dtype:
        y_pred = math_ops.cast(y_pred, y_true.dtype)
    return _as_float(math_ops.equal(y_true, y_pred))


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred = convert_to_tensor(y_pred)
    if not y_pred.dtype.is_floating:
        y_pred = _as_float(y_pred)
    y_true = math_ops.cast(convert_to_tensor(y_true), y_pred.dtype)
    y_true, y_pred = losses_mod.squeeze_or_expand(y_true, y_pred)
    predicted = math_ops.cast(math_ops.greater(y_pred, threshold), y_pred.dtype)
    return math_ops.reduce_mean(_as_float(math_ops.equal(y_true, predicted)), axis=-1)


def categorical_accuracy(y_true, y_pred):
    y_true, y_pred = convert_to_tensor(y_true), convert_to_tensor(y_pred)
    return _as_float(math_ops.equal(_argmax(y_true), _argmax(y_pred)))


def sparse_categorical_accuracy(y_true, y_pred):
    y_true, y_pred = convert_to_tensor(y_true), convert_to_tensor(y_pred)
    rt, rp = y_true.shape.rank, y_pred.shape.rank
    if rt is not None and rp is not None and rt == rp:
        if y_true.shape[-1] == 1:
            y_true = array_ops.reshape(y_true, [d if d is not None else -1
                                                for d in y_true.shape.as_list()[:-1]])
        else:  # TF squeezes the labels' last axis whatever its size: an error unless 1
            y_true = array_ops.squeeze(y_true, [-1])
    predicted = _argmax(y_pred)
    if y_true.dtype.is_floating:
        predicted = math_ops.cast(predicted, y_true.dtype)
    elif y_true.dtype is not predicted.dtype:
        y_true = math_ops.cast(y_true, predicted.dtype)
    return _as_float(math_ops.equal(y_true, predicted))


class Accuracy(MeanMetricWrapper):
    def __init__(self, name="accuracy", dtype=None):
        super().__init__(accuracy, name=name, dtype=dtype)


class BinaryAccuracy(MeanMetricWrapper):
    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        super().__init__(binary_accuracy, name=name, dtype=dtype, threshold=threshold)


class CategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(categorical_accuracy, name=name, dtype=dtype)


class SparseCategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(sparse_categorical_accuracy, name=name, dtype=dtype)


class MeanSquaredError(MeanMetricWrapper):
    def __init__(self, name="mean_squared_error", dtype=None):
        super().__init__(losses_mod.mean_squared_error, name=name, dtype=dtype)


class MeanAbsoluteError(MeanMetricWrapper):
    def __init__(self, name="mean_absolute_error", dtype=None):
        super().__init__(losses_mod.mean_absolute_error, name=name, dtype=dtype)


class SparseCategoricalCrossentropy(MeanMetricWrapper):
    def __init__(self, name="sparse_categorical_crossentropy", dtype=None, from_logits=False):
        super().__init__(losses_mod.sparse_categorical_crossentropy, name=name, dtype=dtype,
                         from_logits=from_logits)


class CategoricalCrossentropy(MeanMetricWrapper):
    def __init__(self, name="categorical_crossentropy", dtype=None, from_logits=False,
                 label_smoothing=0, axis=-1):  # (TF's default: 0 in configs, not 0.0)
        super().__init__(losses_mod.categorical_crossentropy, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)


class BinaryCrossentropy(MeanMetricWrapper):
    def __init__(self, name="binary_crossentropy", dtype=None, from_logits=False,
                 label_smoothing=0):  # (TF's default: 0 in configs, not 0.0)
        super().__init__(losses_mod.binary_crossentropy, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing)


# --- more means of per-sample values: regression errors, top-k accuracy ----------------
def _cosine_similarity(y_true, y_pred, axis=-1):
    y_pred = convert_to_tensor(y_pred)
    y_true = math_ops.cast(convert_to_tensor(y_true), y_pred.dtype)

    def unit(x):
        norm = math_ops.sqrt(math_ops.maximum(
            math_ops.reduce_sum(math_ops.square(x), axis=axis, keepdims=True), 1e-12))
        return math_ops.truediv(x, norm)
    return math_ops.reduce_sum(math_ops.multiply(unit(y_true), unit(y_pred)), axis=axis)


def top_k_categorical_accuracy(y_true, y_pred, k=5):
    """1 where the true class (argmax of one-hot `y_true`) is among the `k` highest scores."""
    labels = math_ops.argmax(convert_to_tensor(y_true), axis=-1)
    return sparse_top_k_categorical_accuracy(labels, y_pred, k)


def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5):
    y_pred = convert_to_tensor(y_pred)
    y_true = convert_to_tensor(y_true)
    if y_true.shape.rank == y_pred.shape.rank:
        y_true = array_ops.squeeze(y_true, [-1])
    labels = math_ops.cast(y_true, dtypes.int64)
    picked = array_ops.gather(y_pred, labels, axis=1, batch_dims=1)
    # The label is in the top k when fewer than k scores beat its score.
    above = math_ops.reduce_sum(math_ops.cast(
        math_ops.greater(y_pred, array_ops.expand_dims(picked, -1)), dtypes.int32), axis=-1)
    return math_ops.cast(math_ops.less(above, k), dtypes.float32)


class MeanAbsolutePercentageError(MeanMetricWrapper):
    def __init__(self, name="mean_absolute_percentage_error", dtype=None):
        super().__init__(losses_mod.mean_absolute_percentage_error, name=name, dtype=dtype)


class MeanSquaredLogarithmicError(MeanMetricWrapper):
    def __init__(self, name="mean_squared_logarithmic_error", dtype=None):
        super().__init__(losses_mod.mean_squared_logarithmic_error, name=name, dtype=dtype)


class CosineSimilarity(MeanMetricWrapper):
    def __init__(self, name="cosine_similarity", dtype=None, axis=-1):
        super().__init__(_cosine_similarity, name=name, dtype=dtype, axis=axis)


class KLDivergence(MeanMetricWrapper):
    def __init__(self, name="kullback_leibler_divergence", dtype=None):
        super().__init__(losses_mod.kl_divergence, name=name, dtype=dtype)


class Hinge(MeanMetricWrapper):
    def __init__(self, name="hinge", dtype=None):
        super().__init__(losses_mod.hinge, name=name, dtype=dtype)


class SquaredHinge(MeanMetricWrapper):
    def __init__(self, name="squared_hinge", dtype=None):
        super().__init__(losses_mod.squared_hinge, name=name, dtype=dtype)


class CategoricalHinge(MeanMetricWrapper):
    def __init__(self, name="categorical_hinge", dtype=None):
        super().__init__(losses_mod.categorical_hinge, name=name, dtype=dtype)


class LogCoshError(MeanMetricWrapper):
    def __init__(self, name="logcosh", dtype=None):
        super().__init__(losses_mod.log_cosh, name=name, dtype=dtype)


class Poisson(MeanMetricWrapper):
    def __init__(self, name="poisson", dtype=None):
        super().__init__(losses_mod.poisson, name=name, dtype=dtype)


class MeanRelativeError(Mean):
    """The mean of |y_true - y_pred| / normalizer (0 where the normalizer is 0)."""

    def __init__(self, normalizer, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.normalizer = math_ops.cast(convert_to_tensor(normalizer), self.dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = math_ops.cast(convert_to_tensor(y_pred), self.dtype)
        y_true = math_ops.cast(convert_to_tensor(y_true), self.dtype)
        y_true, y_pred = losses_mod.squeeze_or_expand(y_true, y_pred)
        errors = math_ops.abs(math_ops.subtract(y_true, y_pred))
        return super().update_state(_div_no_nan(errors, math_ops.add(
            self.normalizer, math_ops.zeros_like(errors))), sample_weight=sample_weight)

    def get_config(self):
        config = super().get_config()
        config["normalizer"] = backend.get_value(self.normalizer)
        return config


class MeanTensor(Metric):
    """An element-wise mean: every update must have the same shape, and the result too has
    that shape (the Variables are made on the first update unless `shape` is given)."""

    def __init__(self, name="mean_tensor", dtype=None, shape=None):
        super().__init__(name=name, dtype=dtype)
        self._shape = None
        if shape is not None:
            self._build(shape)

    def _build(self, shape):
        self._shape = list(shape)
        self.total = self.add_weight("total", shape=self._shape)
        self.count = self.add_weight("count", shape=self._shape)

    def update_state(self, values, sample_weight=None):
        values = _to_float(values, dtypes.as_dtype(self.dtype))
        if self._shape is None:
            self._build(values.shape.as_list())
        elif values.shape.as_list() != self._shape:
            raise ValueError("MeanTensor input values must always have the same shape. Expected "
                             f"shape (set during the first call): {tuple(self._shape)}. Got: "
                             f"{tuple(values.shape.as_list())}.")
        counts = math_ops.ones_like(values)
        if sample_weight is not None:
            weight = _to_float(sample_weight, dtypes.as_dtype(self.dtype))
            values = math_ops.multiply(values, weight)
            counts = math_ops.multiply(counts, weight)
        self.total.assign_add(values)
        return self.count.assign_add(counts)

    def result(self):
        if self._shape is None:
            raise ValueError("MeanTensor does not have any value yet. Please call the "
                             "MeanTensor instance or use `.update_state(value)` before "
                             "retrieving the result.")
        return _div_no_nan(self.total._as_tensor(), self.count._as_tensor())

    def reset_state(self):
        if self._shape is not None:
            super().reset_state()

    def get_config(self):
        config = super().get_config()
        config["shape"] = self._shape
        return config


class TopKCategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(top_k_categorical_accuracy, name=name, dtype=dtype, k=k)


class SparseTopKCategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, k=5, name="sparse_top_k_categorical_accuracy", dtype=None):
        super().__init__(sparse_top_k_categorical_accuracy, name=name, dtype=dtype, k=k)


class RootMeanSquaredError(Mean):
    """The square root of the mean of squared errors over everything seen."""

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name=name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = convert_to_tensor(y_pred)
        y_true = math_ops.cast(convert_to_tensor(y_true), y_pred.dtype)
        y_true, y_pred = losses_mod.squeeze_or_expand(y_true, y_pred)
        return super().update_state(math_ops.squared_difference(y_pred, y_true),
                                    sample_weight=sample_weight)

    def result(self):
        return math_ops.sqrt(super().result())


mse = MSE = mean_squared_error = losses_mod.mean_squared_error
mae = MAE = mean_absolute_error = losses_mod.mean_absolute_error
msle = MSLE = mean_squared_logarithmic_error = losses_mod.mean_squared_logarithmic_error
mape = MAPE = mean_absolute_percentage_error = losses_mod.mean_absolute_percentage_error
kld = KLD = kl_divergence = kullback_leibler_divergence = losses_mod.kl_divergence
hinge = losses_mod.hinge
squared_hinge = losses_mod.squared_hinge
categorical_hinge = losses_mod.categorical_hinge
logcosh = log_cosh = losses_mod.log_cosh
poisson = losses_mod.poisson
binary_focal_crossentropy = losses_mod.binary_focal_crossentropy
categorical_focal_crossentropy = losses_mod.categorical_focal_crossentropy
binary_crossentropy = losses_mod.binary_crossentropy
categorical_crossentropy = losses_mod.categorical_crossentropy
sparse_categorical_crossentropy = losses_mod.sparse_categorical_crossentropy

_CLASSES = {cls.__name__: cls for cls in (
    Mean, Sum, Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy,
    MeanSquaredError, MeanAbsoluteError, SparseCategoricalCrossentropy,
    CategoricalCrossentropy, BinaryCrossentropy, MeanAbsolutePercentageError,
    MeanSquaredLogarithmicError, CosineSimilarity, KLDivergence, Hinge, TopKCategoricalAccuracy,
    SparseTopKCategoricalAccuracy, RootMeanSquaredError, SquaredHinge, CategoricalHinge,
    LogCoshError, Poisson, MeanRelativeError, MeanTensor)}
_BY_STRING = {
    "mse": (MeanSquaredError, "mse"), "mean_squared_error": (MeanSquaredError, None),
    "mae": (MeanAbsoluteError, "mae"), "mean_absolute_error": (MeanAbsoluteError, None),
    "binary_accuracy": (BinaryAccuracy, None),
    "categorical_accuracy": (CategoricalAccuracy, None),
    "sparse_categorical_accuracy": (SparseCategoricalAccuracy, None),
    "sparse_categorical_crossentropy": (SparseCategoricalCrossentropy, None),
    "categorical_crossentropy": (CategoricalCrossentropy, None),
    "binary_crossentropy": (BinaryCrossentropy, None),
    "mape": (MeanAbsolutePercentageError, "mape"),
    "mean_absolute_percentage_error": (MeanAbsolutePercentageError, None),
    "msle": (MeanSquaredLogarithmicError, "msle"),
    "mean_squared_logarithmic_error": (MeanSquaredLogarithmicError, None),
    "cosine_similarity": (CosineSimilarity, None),
    "top_k_categorical_accuracy": (TopKCategoricalAccuracy, None),
    "sparse_top_k_categorical_accuracy": (SparseTopKCategoricalAccuracy, None),
    "kld": (KLDivergence, "kld"), "kl_divergence": (KLDivergence, "kl_divergence"),
    "hinge": (Hinge, None), "squared_hinge": (SquaredHinge, None),
    "categorical_hinge": (CategoricalHinge, None), "logcosh": (LogCoshError, None),
    "poisson": (Poisson, None),
}


_FUNCTIONS = {
    "accuracy": accuracy, "acc": accuracy, "binary_accuracy": binary_accuracy,
    "categorical_accuracy": categorical_accuracy,
    "sparse_categorical_accuracy": sparse_categorical_accuracy,
    "top_k_categorical_accuracy": top_k_categorical_accuracy,
    "sparse_top_k_categorical_accuracy": sparse_top_k_categorical_accuracy,
    "mse": mse, "MSE": mse, "mean_squared_error": mse, "mae": mae, "MAE": mae,
    "mean_absolute_error": mae, "mape": mape, "MAPE": mape,
    "mean_absolute_percentage_error": mape, "msle": msle, "MSLE": msle,
    "mean_squared_logarithmic_error": msle, "kld": kld, "KLD": kld, "kl_divergence": kld,
    "hinge": hinge, "squared_hinge": squared_hinge, "categorical_hinge": categorical_hinge,
    "logcosh": logcosh, "log_cosh": logcosh, "poisson": poisson,
    "binary_crossentropy": binary_crossentropy,
    "categorical_crossentropy": categorical_crossentropy,
    "sparse_categorical_crossentropy": sparse_categorical_crossentropy,
}


def get(identifier):
    """A metric from a function name (``'mse'``: the function), a class name (an instance),
    a ``{'class_name': ..., 'config': ...}`` dict or a callable."""
    if isinstance(identifier, dict) and "class_name" in identifier:
        cls = _CLASSES.get(identifier["class_name"])
        if cls is None:
            raise serialization.unknown_object_error("metric function", identifier["class_name"])
        return cls.from_config(dict(identifier.get("config", {})))
    if isinstance(identifier, str):
        if identifier in _FUNCTIONS:
            return _FUNCTIONS[identifier]
        if identifier in _CLASSES:
            return _CLASSES[identifier]()
        raise serialization.unknown_object_error("metric function", identifier)
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret metric identifier: {identifier!r}")


def resolve(identifier, loss_fn=None, y_true=None, y_pred=None):
    """The Metric object ``compile(metrics=[...])`` uses for one entry."""
    if isinstance(identifier, Metric):
        return identifier
    if isinstance(identifier, str):
        if identifier in ("accuracy", "acc"):
            cls = _accuracy_class(loss_fn, y_true, y_pred)
            return cls(name=identifier)
        if identifier in _BY_STRING:
            cls, name = _BY_STRING[identifier]
            return cls(name=name or identifier)
        if identifier in _CLASSES:
            return _CLASSES[identifier]()
        raise serialization.unknown_object_error("metric function", identifier)
    if isinstance(identifier, type) and issubclass(identifier, Metric):
        return identifier()
    if callable(identifier):
        return MeanMetricWrapper(identifier, name=_callable_name(identifier))
    raise ValueError(f"Could not interpret metric identifier: {identifier!r}")


def _callable_name(fn):
    """The name a metric made from a callable reports, as Keras picks it: the object's `name`
    (a Loss such as ``BinaryCrossentropy(name='bce')``), else its ``__name__``, else its class
    name in snake case."""
    name = getattr(fn, "name", None)
    if isinstance(name, str) and name:
        return name
    name = getattr(fn, "__name__", None)
    if isinstance(name, str) and name:
        return name
    return backend.to_snake_case(type(fn).__name__)


def _accuracy_class(loss_fn, y_true, y_pred):
    fn = getattr(loss_fn, "fn", loss_fn)
    if fn is losses_mod.sparse_categorical_crossentropy:
        return SparseCategoricalAccuracy
    if fn is losses_mod.categorical_crossentropy:
        return CategoricalAccuracy
    if fn is losses_mod.binary_crossentropy:
        return BinaryAccuracy
    if y_true is not None and y_pred is not None:
        ts, ps = y_true.shape.as_list(), y_pred.shape.as_list()
        if ps and ps[-1] == 1:
            return BinaryAccuracy
        if ps and ps[-1] is not None and ps[-1] > 1:
            if len(ts) == len(ps) and ts[-1] == ps[-1]:
                return CategoricalAccuracy
            return SparseCategoricalAccuracy
    return Accuracy


def deserialize(config, custom_objects=None, use_legacy_format=False):
    """A metric (or a metric function) from `serialize`'s form; the user's classes and
    functions are found in `custom_objects` or among the registered ones."""
    return serialization.deserialize_keras_object(config, {**_FUNCTIONS, **_CLASSES},
                                                  custom_objects, "metric function")


def serialize(metric):
    if isinstance(metric, Metric):
        config = metric.get_config()
        if callable(config.get("fn")):  # a MeanMetricWrapper's function, by name
            config["fn"] = serialization.serialize_keras_object(config["fn"])
        return serialization.keras_object_entry(metric, "keras.metrics", config=config)
    return getattr(metric, "__name__", None)


"""``tf.keras`` on eagerbook: layers, models, optimizers, losses, metrics, callbacks.

    import eagerbook as tf
    model = tf.keras.Sequential([tf.keras.layers.Dense(10, input_shape=(784,))])
"""

import types

from . import (
    activations,
    applications,
    backend,
    callbacks,
    constraints,
    datasets,
    export,
    initializers,
    layers,
    losses,
    metrics,
    mixed_precision,
    models,
    optimizers,
    preprocessing,
    regularizers,
    saving,
    utils,
)
from . import backend_extras as _backend_extras
from . import confusion_metrics as _confusion_metrics
from . import experimental as _experimental
from . import py_metric as _py_metric
from . import score_metrics as _score_metrics
from .layers import Input
from .layers.core import placeholder as _placeholder
from .models import Model, Sequential

# The confusion-matrix metrics join tf.keras.metrics (metrics.py is the public namespace; that
# family, which counts per threshold, lives in confusion_metrics.py, which imports metrics.py),
# and so do the F-beta and R^2 scores of score_metrics.py.
for _cls in _confusion_metrics.CLASSES + _score_metrics.CLASSES:
    setattr(metrics, _cls.__name__, _cls)
    metrics._CLASSES[_cls.__name__] = _cls

metrics.experimental = types.SimpleNamespace(PyMetric=_py_metric.PyMetric)
# The other experimental namespaces (experimental.py), and tf.keras.utils.legacy
experimental = _experimental.keras
callbacks.experimental = _experimental.callbacks
backend.experimental = _experimental.backend
utils.legacy = _experimental.legacy_utils

# A placeholder is an Input in TF 2; TF lists it among the backend functions (the backend sits
# below the layers, so it is attached here).
backend.placeholder = _placeholder
backend.function = _backend_extras.function
backend.sparse_categorical_crossentropy = _backend_extras.sparse_categorical_crossentropy
# tf.keras.saving.load_model is tf.keras.models.load_model (models/loading.py builds on
# saving.py, so saving.py cannot import it).
saving.load_model = models.load_model

__all__ = ["activations", "applications", "backend", "callbacks", "constraints", "datasets",
           "experimental", "export", "initializers", "layers", "losses", "metrics",
           "mixed_precision", "models",
           "optimizers", "preprocessing", "regularizers", "utils", "Input",
           "Model", "Sequential"]

"""``tf.keras`` on eagerbook: layers, models, optimizers, losses, metrics, callbacks.

    import eagerbook as tf
    model = tf.keras.Sequential([tf.keras.layers.Dense(10, input_shape=(784,))])
"""

from . import (
    activations,
    backend,
    callbacks,
    datasets,
    initializers,
    layers,
    losses,
    metrics,
    models,
    optimizers,
    preprocessing,
    regularizers,
    saving,
    utils,
)
from . import metrics_more as _metrics_more
from .layers import Input
from .models import Model, Sequential

# The metrics of metrics_more.py join tf.keras.metrics (that module is the public namespace;
# the extra classes live apart to keep each file short).
for _cls in _metrics_more.CLASSES:
    setattr(metrics, _cls.__name__, _cls)
    metrics._CLASSES[_cls.__name__] = _cls
metrics._BY_STRING.update(_metrics_more.BY_STRING)

__all__ = ["activations", "backend", "callbacks", "datasets", "initializers", "layers",
           "losses", "metrics", "models", "optimizers", "preprocessing", "regularizers",
           "utils", "Input",
           "Model", "Sequential"]

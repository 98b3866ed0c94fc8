"""``tf.keras`` on eagerbook: layers, models, optimizers, losses, metrics, callbacks.

    import eagerbook as tf
    model = tf.keras.Sequential([tf.keras.layers.Dense(10, input_shape=(784,))])
"""

from . import (
    activations,
    backend,
    callbacks,
    initializers,
    layers,
    losses,
    metrics,
    models,
    optimizers,
    regularizers,
    utils,
)
from .layers import Input
from .models import Model, Sequential

try:  # tf.keras.datasets is written in its own subpackage
    from . import datasets
except ImportError:  # pragma: no cover - only while that subpackage is being written
    datasets = None

__all__ = ["activations", "backend", "callbacks", "datasets", "initializers", "layers",
           "losses", "metrics", "models", "optimizers", "regularizers", "utils", "Input",
           "Model", "Sequential"]

"""``tf.keras.applications``: well-known image models, built layer by layer with TF's layer
names, so their summaries, shapes and parameter counts are TF's.

Pretrained weights are files TF downloads on first use; eagerbook has no such files. With
``weights='imagenet'`` the model is built with freshly initialized weights and a warning says
so: shapes, names and counts (what transfer-learning code inspects) are right, predictions are
not. ``weights=None`` builds the same model silently; ``weights=<path>`` loads saved weights.
"""

from . import mobilenet_v2
from .mobilenet_v2 import MobileNetV2

__all__ = ["MobileNetV2", "mobilenet_v2"]

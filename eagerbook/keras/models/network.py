"""``tf.contrib.eager.Network``: the TF 1.x eager container of layers, from the announcement.

    class MNISTModel(tfe.Network):
        def __init__(self):
            super(MNISTModel, self).__init__()
            self.layer1 = self.track_layer(tf.layers.Dense(units=10))

TF 1.x later replaced it with ``tf.keras.Model``; here it *is* a ``Model`` whose
``track_layer`` checks its argument and returns it. Tracking itself needs nothing more:
layers held in attributes are tracked automatically.
"""

from ..layers.base import Layer
from .training import Model


class Network(Model):
    """A ``Model`` with TF 1.x's ``track_layer``."""

    def __init__(self, name=None):
        super().__init__(name=name)

    def track_layer(self, layer):
        """Returns `layer`, after checking that it is a Layer (TF 1.x's Network needed this
        call to own a layer's variables; assign the result to an attribute)."""
        if not isinstance(layer, Layer):
            raise TypeError("Network.track_layer() passed type "
                            f"{type(layer).__name__}, not a tf.layers.Layer")
        return layer


__all__ = ["Network"]

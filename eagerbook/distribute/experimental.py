"""``tf.distribute.experimental``: the parts of the Strategy API TF still calls experimental."""

from .strategy import (
    CentralStorageStrategy,
    CommunicationImplementation,
    CommunicationOptions,
    MultiWorkerMirroredStrategy,
    ValueContext,
)

__all__ = ["CentralStorageStrategy", "CommunicationImplementation", "CommunicationOptions",
           "MultiWorkerMirroredStrategy", "ValueContext"]

"""``tf.distribute.experimental``: the parts of the Strategy API TF still calls experimental."""

from .strategy import (
    CentralStorageStrategy,
    CommunicationImplementation,
    CommunicationOptions,
    MultiWorkerMirroredStrategy,
    ValueContext,
)

CollectiveCommunication = CommunicationImplementation  # (TF's older name, the same enum)

__all__ = ["CentralStorageStrategy", "CollectiveCommunication",
           "CommunicationImplementation", "CommunicationOptions",
           "MultiWorkerMirroredStrategy", "ValueContext"]

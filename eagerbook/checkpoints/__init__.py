"""``tf.train``: object-based checkpoints.

Public names: ``Checkpoint``, ``CheckpointManager``, ``latest_checkpoint``,
``get_checkpoint_state``, ``CheckpointState``; ``checkpoint.save_weights(model, path)`` and
``checkpoint.load_weights(model, path)`` back Keras's ``Model.save_weights``/``load_weights``.
"""

from . import checkpoint
from .checkpoint import Checkpoint, CheckpointLoadStatus, restore_deferred
from .manager import CheckpointManager
from .state import CheckpointState, get_checkpoint_state, latest_checkpoint

__all__ = ["Checkpoint", "CheckpointLoadStatus", "CheckpointManager", "CheckpointState",
           "checkpoint", "get_checkpoint_state", "latest_checkpoint", "restore_deferred"]

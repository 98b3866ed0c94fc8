"""``tf.train``: object-based checkpoints (TF 2), plus TF 1.x's optimizers
(``GradientDescentOptimizer``, ``MomentumOptimizer``, ``AdamOptimizer``) that the eager
announcement trains with. The checkpoint machinery lives in ``eagerbook/train``; the TF 1.x
optimizers are thin classes over the Keras update rules (``keras/optimizers/v1.py``)."""

from ..keras.optimizers.v1 import AdamOptimizer, GradientDescentOptimizer, MomentumOptimizer
from ..train import checkpoint
from ..train.checkpoint import Checkpoint, CheckpointLoadStatus
from ..train.manager import CheckpointManager
from ..train.state import CheckpointState, get_checkpoint_state, latest_checkpoint

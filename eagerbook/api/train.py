"""``tf.train``: object-based checkpoints (TF 2), plus TF 1.x's optimizers
(``GradientDescentOptimizer``, ``MomentumOptimizer``, ``AdamOptimizer``) that the eager
announcement trains with. The checkpoint machinery lives in ``eagerbook/checkpoints``; the TF 1.x
optimizers, with TF 1's Variables and arithmetic, are ``keras/optimizers/v1.py``; and the
``Example`` records of TFRecord files (``ops/example_ops.py``)."""

from ..checkpoints import checkpoint
from ..checkpoints.checkpoint import Checkpoint, CheckpointLoadStatus
from ..checkpoints.manager import CheckpointManager
from ..checkpoints.reader import (
    CheckpointReader,
    list_variables,
    load_checkpoint,
    load_variable,
)
from ..checkpoints.state import (
    CheckpointState,
    checkpoints_iterator,
    get_checkpoint_state,
    latest_checkpoint,
)
from ..checkpoints.view import CheckpointView, TrackableView
from ..framework.cluster_spec import CheckpointOptions, ClusterSpec
from ..framework.coordinator import Coordinator
from ..graph.session import get_default_session
from ..keras.optimizers.v1 import AdamOptimizer, GradientDescentOptimizer, MomentumOptimizer
from ..ops.example_ops import (
    BytesList,
    Example,
    Feature,
    FeatureList,
    FeatureLists,
    Features,
    FloatList,
    Int64List,
    SequenceExample,
)
from ..ops.moving_averages import ExponentialMovingAverage

# Checkpoint.save in a TF 1.x graph counts in the default Session (checkpoints do not import
# graph/, which holds sessions).
checkpoint.default_session = get_default_session

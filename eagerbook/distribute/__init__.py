"""``tf.distribute``: the Strategy API on the CPU, one replica per named device (see
``strategy.py``)."""

from . import cluster_resolver, experimental
from .cross_device import (
    CrossDeviceOps,
    HierarchicalCopyAllReduce,
    InputOptions,
    InputReplicationMode,
    NcclAllReduce,
    ReductionToOneDevice,
    RunOptions,
)
from .strategy import (
    DistributedDataset,
    DistributedIterator,
    InputContext,
    MirroredStrategy,
    MultiWorkerMirroredStrategy,
    OneDeviceStrategy,
    ReduceOp,
    ReplicaContext,
    Strategy,
    StrategyExtended,
    experimental_set_strategy,
    get_cross_replica_context,
    get_replica_context,
    get_strategy,
    has_strategy,
    in_cross_replica_context,
)
from .values import DistributedValues

__all__ = ["CrossDeviceOps", "HierarchicalCopyAllReduce", "InputOptions",
           "InputReplicationMode", "NcclAllReduce", "ReductionToOneDevice", "RunOptions",
           "DistributedDataset", "DistributedIterator", "DistributedValues", "StrategyExtended",
           "InputContext", "MirroredStrategy", "MultiWorkerMirroredStrategy",
           "OneDeviceStrategy", "ReduceOp",
           "ReplicaContext", "Strategy", "experimental_set_strategy",
           "get_cross_replica_context", "get_replica_context", "get_strategy", "has_strategy",
           "in_cross_replica_context", "experimental", "cluster_resolver"]

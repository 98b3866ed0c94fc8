"""How a strategy combines the replicas' values: TF's ``tf.distribute.CrossDeviceOps`` family,
and the option objects of ``run`` and of distributed datasets.

``MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())`` picks how
gradients travel between GPUs in TF. eagerbook's replicas all live on the CPU, so every choice
adds the same numbers: the classes exist so that such programs run, and their ``reduce`` gives
what TF's gives (the sum, or mean, of the replicas' components).
"""

import enum

from ..core import nest
from ..core.tensor import convert_to_tensor
from ..ops import math_ops


class CrossDeviceOps:
    """The base class: reduces per-replica values and sends values to devices."""

    def reduce(self, reduce_op, per_replica_value, destinations, options=None):
        from .strategy import PerReplica, ReduceOp, _reduce_op  # (strategy imports this module)
        reduce_op = _reduce_op(reduce_op)

        def one(value):
            parts = value.values if isinstance(value, PerReplica) else (value,)
            total = math_ops.add_n([convert_to_tensor(p) for p in parts])
            if reduce_op is ReduceOp.MEAN and len(parts) > 1:
                total = math_ops.truediv(total, len(parts))
            return total
        return nest.map_structure(one, per_replica_value)

    def batch_reduce(self, reduce_op, value_destination_pairs, options=None):
        return [self.reduce(reduce_op, value, destinations, options)
                for value, destinations in value_destination_pairs]

    def broadcast(self, tensor, destinations):
        return convert_to_tensor(tensor)


class ReductionToOneDevice(CrossDeviceOps):
    """Copies every value to one device and reduces there (TF's fallback)."""

    def __init__(self, reduce_to_device=None, accumulation_fn=None):
        self.reduce_to_device = reduce_to_device
        self.accumulation_fn = accumulation_fn


class _AllReduce(CrossDeviceOps):
    """All-reduce algorithms: each replica ends with the combined value."""

    def __init__(self, num_packs=1):
        if num_packs < 0:
            raise ValueError(f"NCCL all-reduce requires num_packs >= 0, but {num_packs} is "
                             "specified")
        self.num_packs = num_packs


class HierarchicalCopyAllReduce(_AllReduce):
    """All-reduce along a tree of device copies (TF's choice for some GPU machines)."""


class NcclAllReduce(_AllReduce):
    """All-reduce with NVIDIA's NCCL library (MirroredStrategy's default on GPUs)."""


class InputReplicationMode(enum.Enum):
    """Whether each worker (``PER_WORKER``) or each replica builds its own input pipeline."""
    PER_WORKER = "PER_WORKER"
    PER_REPLICA = "PER_REPLICA"


class InputOptions:
    """Options of ``experimental_distribute_dataset``/``distribute_datasets_from_function``:
    where batches are placed and prefetched (every placement is the CPU here)."""

    def __init__(self, experimental_fetch_to_device=None, experimental_replication_mode=None,
                 experimental_place_dataset_on_device=False,
                 experimental_per_replica_buffer_size=1):
        if experimental_replication_mode is None:
            experimental_replication_mode = InputReplicationMode.PER_WORKER
        self.experimental_fetch_to_device = experimental_fetch_to_device
        self.experimental_replication_mode = experimental_replication_mode
        self.experimental_place_dataset_on_device = experimental_place_dataset_on_device
        self.experimental_per_replica_buffer_size = experimental_per_replica_buffer_size

    def __repr__(self):
        return (f"InputOptions(experimental_fetch_to_device={self.experimental_fetch_to_device}"
                f", experimental_replication_mode={self.experimental_replication_mode!r}, "
                f"experimental_place_dataset_on_device="
                f"{self.experimental_place_dataset_on_device}, "
                f"experimental_per_replica_buffer_size="
                f"{self.experimental_per_replica_buffer_size})")


class RunOptions:
    """Options of ``strategy.run`` (they only matter on TPUs)."""

    def __init__(self, experimental_enable_dynamic_batch_size=True,
                 experimental_bucketizing_dynamic_shape=False,
                 experimental_xla_options=None):
        self.experimental_enable_dynamic_batch_size = experimental_enable_dynamic_batch_size
        self.experimental_bucketizing_dynamic_shape = experimental_bucketizing_dynamic_shape
        self.experimental_xla_options = experimental_xla_options

    def __repr__(self):
        return (f"RunOptions(experimental_enable_dynamic_batch_size="
                f"{self.experimental_enable_dynamic_batch_size}, "
                f"experimental_bucketizing_dynamic_shape="
                f"{self.experimental_bucketizing_dynamic_shape}, "
                f"experimental_xla_options={self.experimental_xla_options})")

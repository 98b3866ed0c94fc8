"""``tf.distribute``: strategies with exactly one replica, on the CPU.

TF's ``tf.distribute.Strategy`` splits a step over several devices ("replicas") and combines
their results. eagerbook has one device, so every strategy here has one replica: ``run(fn)``
calls ``fn`` once, a "per-replica" value is the value itself, and ``reduce`` only has to reduce
along ``axis`` when one is given. What stays true to TF is the *shape of the program*: code
written for ``MirroredStrategy`` (``with strategy.scope():``, ``strategy.run``,
``strategy.reduce``, ``experimental_distribute_dataset``) runs unchanged and computes what TF
computes with one replica.

Two contexts, as in TF: inside ``strategy.scope()`` you are in the *cross-replica* context
(``tf.distribute.in_cross_replica_context()`` is True, ``get_replica_context()`` is None);
inside ``strategy.run(fn)``, ``fn`` runs in the *replica* context (``get_replica_context()``
gives its ``ReplicaContext``). Outside any scope the default strategy is in effect.
Variables created under ``MirroredStrategy``'s scope are ``MirroredVariable``s, as in TF: with
one device such a variable holds one ordinary Variable, so here it *is* one, printed as TF
prints the mirrored value (``MirroredVariable:{ 0: <tf.Variable ...> }``).
"""

import contextlib
import enum
import threading

from ..core import nest
from ..core import variable as variable_module
from ..core.tensor import convert_to_tensor
from ..ops import math_ops

CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


class ReduceOp(enum.Enum):
    """How values from the replicas are combined: ``SUM`` or ``MEAN``."""

    SUM = "SUM"
    MEAN = "MEAN"

    @staticmethod
    def from_variable_aggregation(aggregation):
        name = str(getattr(aggregation, "name", aggregation)).upper()
        if name.endswith("SUM"):
            return ReduceOp.SUM
        if name.endswith("MEAN"):
            return ReduceOp.MEAN
        raise ValueError(f"Could not convert from `tf.VariableAggregation` {aggregation} to "
                         "`tf.distribute.ReduceOp` type")


def _reduce_op(reduce_op):
    if isinstance(reduce_op, ReduceOp):
        return reduce_op
    if isinstance(reduce_op, str) and reduce_op.upper() in ("SUM", "MEAN"):
        return ReduceOp[reduce_op.upper()]
    raise ValueError(f"Unknown reduce_op {reduce_op!r}: use tf.distribute.ReduceOp.SUM or "
                     "tf.distribute.ReduceOp.MEAN.")


# Per thread, as in TF: the strategies whose scope is open, and the replica being run.
_local = threading.local()


def _scopes():
    if not hasattr(_local, "strategies"):
        _local.strategies = []
        _local.replica = []
    return _local


class InputContext:
    """What ``distribute_datasets_from_function`` passes to the dataset function."""

    def __init__(self, num_input_pipelines=1, input_pipeline_id=0, num_replicas_in_sync=1):
        self.num_input_pipelines = num_input_pipelines
        self.input_pipeline_id = input_pipeline_id
        self.num_replicas_in_sync = num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size):
        if global_batch_size % self.num_replicas_in_sync != 0:
            raise ValueError(f"The `global_batch_size` {global_batch_size} is not divisible by "
                             f"`num_replicas_in_sync` {self.num_replicas_in_sync} ")
        return global_batch_size // self.num_replicas_in_sync


class ReplicaContext:
    """The context ``fn`` sees inside ``strategy.run(fn)`` (one replica: id 0)."""

    def __init__(self, strategy, replica_id_in_sync_group=0):
        self._strategy = strategy
        self._replica_id = replica_id_in_sync_group

    @property
    def strategy(self):
        return self._strategy

    @property
    def num_replicas_in_sync(self):
        return self._strategy.num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self):
        return convert_to_tensor(self._replica_id)

    @property
    def devices(self):
        return (CPU_DEVICE,)

    def all_reduce(self, reduce_op, value, options=None):
        """Combines `value` over the replicas: with one replica, each tensor is itself."""
        _reduce_op(reduce_op)
        return nest.map_structure(convert_to_tensor, value)

    def all_gather(self, value, axis, options=None):
        return nest.map_structure(convert_to_tensor, value)

    def merge_call(self, merge_fn, args=(), kwargs=None):
        """Runs `merge_fn(strategy, *args)` in the cross-replica context."""
        state = _scopes()
        saved = state.replica.pop()
        try:
            return merge_fn(self._strategy, *args, **(kwargs or {}))
        finally:
            state.replica.append(saved)


class _DistributedDataset:
    """``experimental_distribute_dataset``'s result: with one replica, the same batches."""

    def __init__(self, dataset, strategy):
        self._dataset = dataset
        self._strategy = strategy

    def __iter__(self):
        return iter(self._dataset)

    @property
    def element_spec(self):
        return self._dataset.element_spec

    def reduce(self, initial_state, reduce_func):
        state = initial_state
        for element in self:
            state = reduce_func(state, element)
        return state


class Strategy:
    """The common API of every strategy (TF's ``tf.distribute.Strategy``), one replica."""

    def __init__(self, devices=(CPU_DEVICE,)):
        self._devices = tuple(devices)

    @property
    def num_replicas_in_sync(self):
        return 1

    @property
    def extended(self):
        return self

    @property
    def worker_devices(self):
        return self._devices

    @property
    def parameter_devices(self):
        return self._devices

    @contextlib.contextmanager
    def scope(self):
        """Variables, models and optimizers made inside belong to this strategy."""
        state = _scopes()
        outer = state.strategies[-1] if state.strategies else None
        if outer is not None and outer is not self:
            raise ValueError(f"Mixing different tf.distribute.Strategy objects: {self} is not "
                             f"{outer}")
        state.strategies.append(self)
        try:
            yield self
        finally:
            state.strategies.pop()

    def run(self, fn, args=(), kwargs=None, options=None):
        """Calls ``fn(*args, **kwargs)`` once per replica (here: once) in the replica context."""
        state = _scopes()
        state.replica.append(ReplicaContext(self))
        entered = not state.strategies or state.strategies[-1] is not self
        if entered:
            state.strategies.append(self)
        try:
            return fn(*args, **(kwargs or {}))
        finally:
            if entered:
                state.strategies.pop()
            state.replica.pop()

    def reduce(self, reduce_op, value, axis):
        """Combines a per-replica `value` into one tensor; `axis` also reduces inside it.

        With one replica: ``axis=None`` gives the value itself, an axis gives its sum
        (``SUM``) or mean (``MEAN``) along that axis.
        """
        reduce_op = _reduce_op(reduce_op)

        def one(v):
            v = convert_to_tensor(v)
            if axis is None:
                return v
            if reduce_op is ReduceOp.SUM:
                return math_ops.reduce_sum(v, axis=axis)
            return math_ops.reduce_mean(v, axis=axis)

        return nest.map_structure(one, value)

    def gather(self, value, axis):
        return nest.map_structure(convert_to_tensor, value)

    def experimental_local_results(self, value):
        """The per-replica values of `value` as a tuple (one entry per replica)."""
        return (value,)

    def experimental_distribute_dataset(self, dataset, options=None):
        return _DistributedDataset(dataset, self)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        return _DistributedDataset(dataset_fn(InputContext()), self)

    experimental_distribute_datasets_from_function = distribute_datasets_from_function

    def experimental_distribute_values_from_function(self, value_fn):
        return value_fn(_ValueContext())

    def update(self, var, fn, args=(), kwargs=None, group=True):
        return fn(var, *args, **(kwargs or {}))

    def __repr__(self):
        return f"<tf.distribute.{type(self).__name__} devices={self._devices}>"


class _ValueContext:
    replica_id_in_sync_group = 0
    num_replicas_in_sync = 1


class MirroredVariable(variable_module.ResourceVariable):
    """A variable made in ``MirroredStrategy``'s scope: one copy per replica, kept equal. With
    one replica the single copy is this Variable; it prints as TF prints a mirrored value."""

    @property
    def values(self):
        """The per-replica copies (TF's ``MirroredVariable.values``): here, one."""
        return (self,)

    def __repr__(self):
        return f"MirroredVariable:{{\n  0: {super().__repr__()}\n}}"

    __str__ = __repr__


def _variable_class_in_scope():
    """The class ``tf.Variable(...)`` makes now: MirroredVariable in a MirroredStrategy's
    scope or ``run``, else the usual one (None)."""
    state = _scopes()
    if state.strategies and isinstance(state.strategies[-1], MirroredStrategy):
        return MirroredVariable
    return None


class MirroredStrategy(Strategy):
    """Synchronous training on the devices of one machine: here, one CPU replica."""

    def __init__(self, devices=None, cross_device_ops=None):
        if devices is not None:
            devices = tuple(devices)
            if len(devices) != 1 or "GPU" in devices[0].upper():
                raise ValueError(f"eagerbook runs one replica on the CPU; MirroredStrategy "
                                 f"cannot use devices {devices}. Leave `devices` unset.")
        super().__init__((CPU_DEVICE,))


class OneDeviceStrategy(Strategy):
    """Everything on one device (``tf.distribute.OneDeviceStrategy("/cpu:0")``)."""

    def __init__(self, device):
        if "GPU" in str(device).upper():
            raise ValueError(f"eagerbook has no GPU; use OneDeviceStrategy('/cpu:0') "
                             f"(got {device!r}).")
        super().__init__((CPU_DEVICE,))


class _DefaultDistributionStrategy(Strategy):
    """The strategy in effect when no scope is open."""


_DEFAULT = _DefaultDistributionStrategy()


def get_strategy():
    """The strategy of the innermost open scope, else the default strategy."""
    state = _scopes()
    return state.strategies[-1] if state.strategies else _DEFAULT


def has_strategy():
    """True inside a (non-default) strategy's scope or run."""
    return get_strategy() is not _DEFAULT


def get_replica_context():
    """Inside ``run``: its ``ReplicaContext``; inside a scope (cross-replica): None; else the
    default strategy's replica context."""
    state = _scopes()
    if state.replica:
        return state.replica[-1]
    if state.strategies:
        return None
    return ReplicaContext(_DEFAULT)


def in_cross_replica_context():
    state = _scopes()
    return bool(state.strategies) and not state.replica


def get_cross_replica_context():
    """The current strategy, unless a replica is running (then None)."""
    return None if _scopes().replica else get_strategy()


def experimental_set_strategy(strategy):
    """Sets (or with None clears) the strategy for this thread, as ``scope().__enter__``."""
    state = _scopes()
    state.strategies[:] = [] if strategy is None else [strategy]


variable_module.class_in_strategy_scope = _variable_class_in_scope

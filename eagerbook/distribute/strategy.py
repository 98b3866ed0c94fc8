"""``tf.distribute``: strategies on the CPU, one replica per named or logical device.

TF's ``tf.distribute.Strategy`` splits a step over several devices ("replicas") and combines
their results. eagerbook runs every replica on the CPU: ``MirroredStrategy()`` takes one
replica per logical CPU (``tf.config.set_logical_device_configuration`` splits the CPU, as in
TF), ``MirroredStrategy(["GPU:0", "GPU:1"])`` one per name; the other strategies have one.

Two contexts, as in TF: inside ``strategy.scope()`` you are in the *cross-replica* context
(``tf.distribute.in_cross_replica_context()`` is True, ``get_replica_context()`` is None);
inside ``strategy.run(fn)``, ``fn`` runs in the *replica* context (``get_replica_context()``
gives its ``ReplicaContext``). Outside any scope the default strategy is in effect.

With several replicas, ``run`` calls ``fn`` in one thread per replica (replica_threads.py):
the replicas meet at ``merge_call``, ``all_reduce`` and ``all_gather``, and ``run`` gives a
``PerReplica`` value (one component per replica). ``experimental_distribute_dataset`` cuts
each batch into one slice per replica; ``reduce``/``gather``/``experimental_local_results``
combine or list the components. Variables made in a mirrored strategy's scope have one copy
per replica (``MirroredVariable``, ``SyncOnReadVariable``: values.py), made by the variable
creator the scope opens (``tf.variable_creator_scope``, core/variable_creators.py).
"""

import collections
import contextlib
import enum
import json
import os

from ..core import context, errors, logs, nest
from ..core.tensor import Tensor, convert_to_tensor
from ..core.variable import Variable
from ..core.variable_creators import variable_creator_scope
from ..framework import config as device_config
from ..ops import array_ops, math_ops, nn_impl_ops
from ..ops.registry import per_use_op, record_custom
from .replica_state import scopes
from .replica_threads import ReplicaRun
from .values import (
    DistributedVariable,
    Mirrored,
    PerReplica,
    PerReplicaSpec,
    concat_components,
    make_distributed,
    select_replica,
)

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


def _per_replica(results):
    """One structure of PerReplica values from one result structure per replica."""
    if all(r is None for r in results):
        return None
    return nest.map_structure(lambda *vs: PerReplica(vs), *results)


def _canonical_device(name):
    """'GPU:0', '/gpu:0' -> TF's full device name ('/job:localhost/.../device:GPU:0')."""
    name = str(name)
    if name.startswith("/job:"):
        return name
    kind, _, index = name.strip("/").rpartition(":")
    kind = kind.split(":")[-1].replace("device", "").strip("/").upper() or "CPU"
    return f"/job:localhost/replica:0/task:0/device:{kind}:{index or 0}"


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
    """The context ``fn`` sees inside ``strategy.run(fn)``: which replica it is, and the
    collectives that meet the other replicas (``merge_call``, ``all_reduce``,
    ``all_gather``)."""

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
        return (self._strategy.worker_devices[self._replica_id],)

    def merge_call(self, merge_fn, args=(), kwargs=None):
        """Runs `merge_fn(strategy, *args, **kwargs)` once, in the cross-replica context:
        with several replicas, when every replica has reached its merge_call, with their
        arguments gathered into PerReplica values; each replica gets its part of the
        result (replica_threads.py)."""
        kwargs = kwargs or {}
        turn = getattr(self, "_turn", None)
        if turn is not None:  # a replica thread of a run over several replicas
            run, replica_turn = turn
            return run.merge_call(replica_turn, merge_fn, args, kwargs)
        state = scopes()
        saved = state.replica.pop()
        try:
            return merge_fn(self._strategy, *args, **kwargs)
        finally:
            state.replica.append(saved)

    def all_reduce(self, reduce_op, value, options=None):
        """`value` combined over the replicas (each replica gets the sum or mean). Its
        gradient is the all-reduce of the gradients, as in TF."""
        reduce_op = _reduce_op(reduce_op)
        flat = [convert_to_tensor(v) for v in nest.flatten(value)]
        if getattr(self, "_turn", None) is None:  # one replica: each tensor is itself
            return nest.pack_sequence_as(value, flat)
        reduced = self.merge_call(_batch_reduce, args=(reduce_op,) + tuple(flat))
        if context.state.recorders:  # tapes: the gradient is the all-reduce of the gradients
            op = per_use_op("CustomGradient", None, name="CustomGradient-all_reduce",
                            grad=lambda op, *grads: self.all_reduce(reduce_op, list(grads)))
            record_custom(op, tuple(flat), tuple(reduced))
        return nest.pack_sequence_as(value, reduced)

    def all_gather(self, value, axis, options=None):
        """Every replica's `value` joined along `axis` (each replica gets the whole)."""
        flat = [convert_to_tensor(v) for v in nest.flatten(value)]
        if getattr(self, "_turn", None) is None:
            return nest.pack_sequence_as(value, flat)
        gathered = self.merge_call(_batch_gather, args=(axis,) + tuple(flat))
        return nest.pack_sequence_as(value, gathered)


    def apply_once(self, apply, grads_and_vars, aggregate=True):
        """An optimizer's ``apply_gradients`` inside ``run`` (TF's Keras optimizers do
        this): the gradients summed over the replicas (unless told not to), then
        ``apply(pairs)`` once, in the cross-replica context, where each update writes every
        copy of a mirrored variable. Gives what `apply` gives."""
        pairs = list(grads_and_vars)
        grads, variables = [g for g, _ in pairs], [v for _, v in pairs]
        present = [i for i, g in enumerate(grads) if g is not None]
        if aggregate and present:
            summed = self.all_reduce(ReduceOp.SUM, [grads[i] for i in present])
            for i, grad in zip(present, summed):
                grads[i] = grad
        return self.merge_call(
            lambda strategy, grads: apply(list(zip(select_replica(0, grads), variables))),
            args=(grads,))


def _for_each_replica(strategy, tensor):
    """One copy of `tensor` per replica (TF's merge results live on each replica's device:
    distinct tensors, so the replicas' results regroup into a PerReplica)."""
    return PerReplica([array_ops.identity(tensor)
                       for _ in range(strategy.num_replicas_in_sync)])


def _batch_reduce(strategy, reduce_op, *values):
    return [_for_each_replica(strategy, strategy.reduce(reduce_op, v, axis=None))
            for v in values]


def _batch_gather(strategy, axis, *values):
    return [_for_each_replica(strategy, concat_components(v, axis)) for v in values]


class DistributedDataset:
    """What ``isinstance`` checks against ``tf.distribute.DistributedDataset``: a dataset
    whose elements are split over the replicas."""


class DistributedIterator:
    """What ``isinstance`` checks against ``tf.distribute.DistributedIterator``."""


class _DistributedDataset(DistributedDataset):
    """``experimental_distribute_dataset``'s result: with one replica, the same batches; with
    more, each batch cut along its first axis into one slice per replica (the first replicas
    take one more row when it does not divide), or with `per_replica_elements` (datasets
    from a function) consecutive elements going to the replicas in turn."""

    def __init__(self, dataset, strategy, per_replica_elements=False):
        self._dataset = dataset
        self._strategy = strategy
        self._per_replica_elements = per_replica_elements

    def __iter__(self):
        n = self._strategy.num_replicas_in_sync
        if n == 1:
            return iter(self._dataset)
        if self._per_replica_elements:
            return _DistributedIterator(_InTurns(iter(self._dataset), n), lambda e: e,
                                        self.element_spec)
        return _DistributedIterator(iter(self._dataset), lambda e: _sliced(e, n),
                                    self.element_spec)

    @property
    def element_spec(self):
        n = self._strategy.num_replicas_in_sync
        if n == 1:
            return self._dataset.element_spec

        def per_replica(spec):
            if not self._per_replica_elements and spec.shape.rank:
                spec = type(spec)([None] + spec.shape.as_list()[1:], spec.dtype)
            return PerReplicaSpec(*[spec] * n)
        return nest.map_structure(per_replica, self._dataset.element_spec)

    def _graph_loop_parts(self):
        """(dataset, split) for a ``for`` over this dataset inside a tf.function: a graph
        loop over the dataset, each element split over the replicas when taken (a Python
        loop there would never see the end of the data). None when the elements go to the
        replicas in turn, which one element per iteration cannot do."""
        n = self._strategy.num_replicas_in_sync
        if n == 1:
            return self._dataset, lambda element: element
        if self._per_replica_elements:
            return None
        return self._dataset, lambda element: _sliced(element, n)

    def reduce(self, initial_state, reduce_func):
        state = initial_state
        for element in self:
            state = reduce_func(state, element)
        return state


class _DistributedIterator(DistributedIterator):
    """An iterator over a distributed dataset (TF's ``DistributedIterator``): the dataset's
    own iterator, each element split over the replicas as it is taken. Inside a tf.function
    the dataset iterator takes its element when the function runs and the split is ops, so
    ``get_next`` and ``get_next_as_optional`` there advance on every call, as in TF."""

    def __init__(self, iterator, split, element_spec):
        self._iterator, self._split = iterator, split
        self.element_spec = element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return self._split(next(self._iterator))

    def get_next(self):
        return self._split(self._iterator.get_next())

    def get_next_as_optional(self):
        return _SplitOptional(self._iterator.get_next_as_optional(), self._split,
                              self.element_spec)


class _SplitOptional:
    """``get_next_as_optional()`` of a distributed iterator: the dataset's optional, its
    value split over the replicas when asked for."""

    def __init__(self, optional, split, element_spec):
        self._optional, self._split = optional, split
        self.element_spec = element_spec

    def has_value(self, name=None):
        return self._optional.has_value()

    def get_value(self, name=None):
        return self._split(self._optional.get_value())


def _sliced(element, n):
    """Each tensor of `element` cut along axis 0 into `n` slices: a PerReplica of them (the
    first replicas take one more row when `n` does not divide the batch; sizes are ops when
    the batch size is only known when a tf.function runs)."""
    def cut(t):
        t = convert_to_tensor(t)
        size = t.shape[0]
        if size is None:
            size = array_ops.shape(t)[0]
        base, extra = size // n, size % n
        parts = []
        for i in range(n):
            start = i * base + (min(i, extra) if isinstance(extra, int)
                                else math_ops.minimum(i, extra))
            length = base + (int(i < extra) if isinstance(extra, int)
                             else math_ops.cast(i < extra, base.dtype))
            parts.append(t[start:start + length])
        return PerReplica(parts)
    return nest.map_structure(cut, element)


class _InTurns:
    """The elements of a dataset made by ``distribute_datasets_from_function``, `n` at a
    time: one per replica (eagerly; the last group may be short, and then the data ends)."""

    def __init__(self, iterator, n):
        self._iterator, self._groups = iterator, _in_turns(iterator, n)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._groups)

    def get_next(self):
        group = next(self._groups, None)
        if group is None:
            self._iterator.get_next()  # (ended too: raises the dataset's OutOfRangeError)
            raise errors.OutOfRangeError(None, None, "End of sequence")
        return group

    def get_next_as_optional(self):
        return _EagerOptional(next(self._groups, None))


class _EagerOptional:
    """The next group of elements, or None at the end, with an Optional's two methods."""

    def __init__(self, value):
        self._value = value

    def has_value(self, name=None):
        return convert_to_tensor(self._value is not None)

    def get_value(self, name=None):
        if self._value is None:
            raise errors.InvalidArgumentError(None, None, "The given optional does not have "
                                                          "a value.")
        return self._value


def _in_turns(elements, n):
    """Groups of `n` consecutive elements, one per replica (the last group may be short)."""
    while True:
        group = []
        for element in elements:
            group.append(element)
            if len(group) == n:
                break
        if not group:
            return
        if len(group) < n:  # too few elements left for every replica: the data ends here
            return
        yield _per_replica(group)


class DatasetIterator:
    """What ``make_dataset_iterator`` gives (TF 1.x's distributed iterator): ``get_next()``
    takes the next batch, split over the replicas; ``initialize()`` has nothing to do
    eagerly (TF 1.x graphs ran it first)."""

    def __init__(self, distributed_dataset):
        self._iterator = iter(distributed_dataset)

    def initialize(self):
        logs.deprecated_once("DistributedIteratorV1.initialize",
                             "tensorflow.python.distribute.v1.input_lib",
                             "Use the iterator's `initializer` property instead.")

    initializer = None

    def get_next(self, name=None):
        return self._iterator.get_next()

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._iterator)


class InputFunctionIterator(DatasetIterator):
    """What ``make_input_fn_iterator`` gives (TF 1.x's iterator over a function's dataset)."""


class StrategyExtended:
    """A strategy's lower-level API (``strategy.extended``); here the strategy itself."""


_eager_run_warnings = [0]  # TF logs it the first 5 times only


def _warn_eager_run(strategy):
    """TF's warning for a mirrored strategy's run() of a Python function while executing
    eagerly (a tf.function, or run() inside one, is what it suggests)."""
    if _eager_run_warnings[0] >= 5:
        return
    _eager_run_warnings[0] += 1
    logs.logger.warning(
        f"Using {type(strategy).__name__} eagerly has significant overhead currently. We will "
        "be working on improving this in the future, but for now please wrap "
        "`call_for_each_replica` or `experimental_run` or `run` inside a tf.function to get "
        "the best performance.")


class Strategy(StrategyExtended):
    """The common API of every strategy (TF's ``tf.distribute.Strategy``)."""

    _warns_eager_runs = False  # TF's mirrored strategies warn about run() eagerly

    def __init__(self, devices=(CPU_DEVICE,)):
        self._devices = tuple(devices)

    @property
    def num_replicas_in_sync(self):
        return len(self._devices)

    @property
    def extended(self):
        return self

    @property
    def worker_devices(self):
        return self._devices

    def _is_chief(self):
        return True  # one worker: it is the chief

    @property
    def should_checkpoint(self):
        """Whether this worker writes checkpoints (the chief does)."""
        return self._is_chief()

    @property
    def should_save_summary(self):
        return self._is_chief()

    @property
    def should_init(self):
        return True

    @property
    def parameter_devices(self):
        return self._devices

    @contextlib.contextmanager
    def scope(self):
        """Variables, models and optimizers made inside belong to this strategy (a mirrored
        strategy's scope opens its variable creator, as in TF; entering it again inside
        itself changes nothing)."""
        state = scopes()
        outer = state.strategies[-1] if state.strategies else None
        if outer is not None and outer is not self:
            raise ValueError(f"Mixing different tf.distribute.Strategy objects: {self} is not "
                             f"{outer}")
        creates = outer is None and self._makes_distributed_variables
        state.strategies.append(self)
        try:
            if creates:
                with variable_creator_scope(self._create_variable):
                    yield self
            else:
                yield self
        finally:
            state.strategies.pop()

    _makes_distributed_variables = False  # (mirrored strategies: one copy per replica)

    def _create_variable(self, next_creator, **kwargs):
        return make_distributed(self, next_creator, kwargs)

    def run(self, fn, args=(), kwargs=None, options=None):
        """Calls ``fn(*args, **kwargs)`` once per replica in the replica context, each call
        with its replica's component of PerReplica arguments; several replicas give a
        PerReplica result (replica threads taking turns: replica_threads.py)."""
        kwargs = kwargs or {}
        if self._warns_eager_runs and context.executing_eagerly() and \
                not hasattr(fn, "python_function"):
            _warn_eager_run(self)
        graph = context.state.graph
        if graph is not None and hasattr(graph, "convert_call") and \
                not hasattr(fn, "python_function"):  # traced with AutoGraph: as TF's run,
            fn = graph.convert_call(fn)  # convert `fn` (its `if`s on tensors become conds)
        with self.scope():
            if self.num_replicas_in_sync == 1:
                return self._run_replica(0, fn, args, kwargs)
            # A tf.function's trace would fix the first replica's context (its replica id)
            # for all of them: each replica runs its Python function instead.
            fn = getattr(fn, "python_function", fn)
            n = self.num_replicas_in_sync
            return ReplicaRun(self, lambda r: ReplicaContext(self, r))(
                fn, [select_replica(r, args) for r in range(n)],
                [select_replica(r, kwargs) for r in range(n)])

    def _run_replica(self, replica, fn, args, kwargs):
        state = scopes()
        state.replica.append(ReplicaContext(self, replica))
        try:
            return fn(*args, **kwargs)
        finally:
            state.replica.pop()

    def reduce(self, reduce_op, value, axis):
        """Combines a per-replica `value` into one tensor; `axis` also reduces inside it.

        With one replica: ``axis=None`` gives the value itself, an axis gives its sum
        (``SUM``) or mean (``MEAN``) along that axis.
        """
        reduce_op = _reduce_op(reduce_op)

        def one(v):
            if isinstance(v, PerReplica):  # the replicas' components, combined
                parts = [convert_to_tensor(c) for c in v.values]
                if axis is not None:  # along `axis` too: over all the replicas' rows
                    joined = array_ops.concat(parts, axis=axis)
                    return (math_ops.reduce_sum if reduce_op is ReduceOp.SUM
                            else math_ops.reduce_mean)(joined, axis=axis)
                total = math_ops.add_n(parts)
                # MEAN divides as Python's `/` does (integers give float64, as in TF)
                return total if reduce_op is ReduceOp.SUM else \
                    math_ops.truediv(total, len(parts))
            v = convert_to_tensor(v)
            if self.num_replicas_in_sync > 1 and reduce_op is ReduceOp.SUM:
                raise ValueError(f"A non-DistributedValues value {v} cannot be reduced with "
                                 f"the given reduce op {reduce_op}.")
            if axis is None:
                return v
            if reduce_op is ReduceOp.SUM:
                return math_ops.reduce_sum(v, axis=axis)
            return math_ops.reduce_mean(v, axis=axis)

        return nest.map_structure(one, value)

    def gather(self, value, axis):
        """The replicas' components of `value` joined along `axis`."""
        def one(v):
            if isinstance(v, PerReplica):
                return array_ops.concat([convert_to_tensor(c) for c in v.values], axis=axis)
            return convert_to_tensor(v)
        return nest.map_structure(one, value)

    def experimental_local_results(self, value):
        """The per-replica values of `value` as a tuple (one entry per replica)."""
        if isinstance(value, (PerReplica, DistributedVariable)):
            return value.values
        flat = nest.flatten(value)
        if any(isinstance(v, PerReplica) for v in flat):
            return tuple(select_replica(r, value) for r in range(self.num_replicas_in_sync))
        return (value,)

    def experimental_distribute_dataset(self, dataset, options=None):
        return _DistributedDataset(dataset, self)

    def make_dataset_iterator(self, dataset):
        """TF 1.x's input for ``experimental_run``: an iterator over the batches of
        `dataset`, each split over the replicas."""
        return DatasetIterator(self.experimental_distribute_dataset(dataset))

    def make_input_fn_iterator(self, input_fn, replication_mode=None):
        """TF 1.x's input from a function: ``input_fn(InputContext)`` makes this worker's
        dataset, whose consecutive elements go to the replicas in turn, one each per
        ``get_next()``. Only ``InputReplicationMode.PER_WORKER`` (None: the default) is
        supported, as in TF."""
        if replication_mode is not None and \
                getattr(replication_mode, "value", None) != "PER_WORKER":
            raise ValueError(f"Input replication mode not supported: {replication_mode!r}")
        dataset = input_fn(InputContext(num_replicas_in_sync=self.num_replicas_in_sync))
        if not callable(getattr(dataset, "_iterate", None)):  # (not a tf.data.Dataset)
            raise ValueError("input_fn must return a tf.data.Dataset or a callable.")
        return InputFunctionIterator(
            _DistributedDataset(dataset, self, per_replica_elements=True))

    def experimental_run(self, fn, input_iterator=None):
        """TF 1.x's ``run``: `fn` in every replica, given its part of the iterator's next
        element (or nothing without an iterator)."""
        logs.deprecated_once("StrategyBase.experimental_run",
                             "tensorflow.python.distribute.distribute_lib", "use run() instead")
        args = () if input_iterator is None else (input_iterator.get_next(),)
        return self.run(fn, args=args)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        context = InputContext(num_replicas_in_sync=self.num_replicas_in_sync)
        return _DistributedDataset(dataset_fn(context), self, per_replica_elements=True)

    experimental_distribute_datasets_from_function = distribute_datasets_from_function

    def experimental_distribute_values_from_function(self, value_fn):
        n = self.num_replicas_in_sync
        values = [value_fn(ValueContext(r, n)) for r in range(n)]
        return values[0] if n == 1 else PerReplica(values)

    def variable_created_in_scope(self, v):
        """Whether `v` was made in this strategy's scope (its ``extended`` API)."""
        return isinstance(v, DistributedVariable) and v._strategy is self

    def update(self, var, fn, args=(), kwargs=None, group=True):
        """``fn(copy, *args, **kwargs)`` on every copy of the distributed variable `var`, each
        with its replica's part of PerReplica arguments (TF's ``extended.update``): grouped,
        one Mirrored value of the results; else a tuple of them."""
        kwargs = kwargs or {}
        if not isinstance(var, DistributedVariable):
            return fn(var, *args, **kwargs)
        results = tuple(fn(copy, *select_replica(r, args), **select_replica(r, kwargs))
                        for r, copy in enumerate(var.values))
        if not group:
            return results
        if len(results) == 1:
            return Mirrored(results)
        if not all(isinstance(r, (Tensor, Variable)) for r in results):
            return None  # (TF gives the op grouping the updates: eagerly, nothing)
        return Mirrored([array_ops.identity(r) for r in results])

    def reduce_to(self, reduce_op, value, destinations, options=None):
        """`value` combined over the replicas, one copy per destination device (a Mirrored
        value): TF's ``extended.reduce_to``."""
        reduced = self.reduce(reduce_op, value, axis=None)
        copies = len(destinations.values) if isinstance(destinations, DistributedVariable) \
            else 1
        return Mirrored([array_ops.identity(reduced) for _ in range(copies)])

    def batch_reduce_to(self, reduce_op, value_destination_pairs, options=None):
        return [self.reduce_to(reduce_op, value, destinations, options)
                for value, destinations in value_destination_pairs]

    def call_for_each_replica(self, fn, args=(), kwargs=None):
        """``fn`` in every replica (TF's older name for ``run``)."""
        return self.run(fn, args, kwargs)

    def value_container(self, value):
        """The distributed variable a replica's copy belongs to (else `value` itself)."""
        return getattr(value, "_distributed_container", value)

    def __repr__(self):
        return f"<tf.distribute.{type(self).__name__} devices={self._devices}>"


class ValueContext:
    """What ``experimental_distribute_values_from_function`` passes to its function: which
    replica the value is for, of how many."""

    def __init__(self, replica_id_in_sync_group=0, num_replicas_in_sync=1):
        self._replica_id_in_sync_group = replica_id_in_sync_group
        self._num_replicas_in_sync = num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self):
        return self._replica_id_in_sync_group

    @property
    def num_replicas_in_sync(self):
        return self._num_replicas_in_sync


class MirroredStrategy(Strategy):
    """Synchronous training on the devices of one machine: here, one CPU replica (one
    per logical CPU when ``tf.config.set_logical_device_configuration`` split the CPU)."""

    _warns_eager_runs = True
    _makes_distributed_variables = True

    def __init__(self, devices=None, cross_device_ops=None):
        # every choice of CrossDeviceOps adds the same numbers on one CPU (cross_device.py)
        self._cross_device_ops = cross_device_ops
        if devices is None:  # TF: every logical GPU, else every logical CPU
            logical = (device_config.list_logical_devices("GPU")
                       or device_config.list_logical_devices("CPU"))
            super().__init__(tuple(_canonical_device(d.name) for d in logical) or (CPU_DEVICE,))
            return
        devices = tuple(_canonical_device(d) for d in devices)
        if not devices:
            raise ValueError("Got an empty `devices` list and unable to recognize any local "
                             "devices.")
        if len(set(devices)) != len(devices):
            raise ValueError(f"No duplicates allowed in `devices` argument: {devices}")
        super().__init__(devices)


class OneDeviceStrategy(Strategy):
    """Everything on one device (``tf.distribute.OneDeviceStrategy("/cpu:0")``)."""

    def __init__(self, device):
        if "GPU" in str(device).upper():
            raise ValueError(f"eagerbook has no GPU; use OneDeviceStrategy('/cpu:0') "
                             f"(got {device!r}).")
        super().__init__((CPU_DEVICE,))


class ClusterResolver:
    """The base class of cluster resolvers: where the cluster's tasks are, and which task this
    process is."""

    task_type = None
    task_id = None
    rpc_layer = None
    environment = ""

    def cluster_spec(self):
        raise NotImplementedError("cluster_spec")

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        return ""

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        return {}


class SimpleClusterResolver(ClusterResolver):
    """A resolver that returns the ClusterSpec (and task) it was given."""

    def __init__(self, cluster_spec, master="", task_type=None, task_id=None, environment="",
                 num_accelerators=None, rpc_layer=None):
        self._cluster_spec = cluster_spec
        self._master = master
        self.task_type = task_type
        self.task_id = task_id
        self.environment = environment
        self._num_accelerators = dict(num_accelerators or {})
        self.rpc_layer = rpc_layer

    def cluster_spec(self):
        return self._cluster_spec

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        return self._master

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        return dict(self._num_accelerators)


class TFConfigClusterResolver(ClusterResolver):
    """The cluster described by the ``TF_CONFIG`` environment variable (JSON with "cluster"
    and "task"); without it, no cluster: task_type and task_id are None."""

    def __init__(self, task_type=None, task_id=None, rpc_layer=None, environment=None):
        config = json.loads(os.environ.get("TF_CONFIG") or "{}")
        task = config.get("task", {})
        self._cluster = config.get("cluster", {})
        self.task_type = task_type if task_type is not None else task.get("type")
        self.task_id = task_id if task_id is not None else task.get("index")
        self.rpc_layer = rpc_layer if rpc_layer is not None else config.get("rpc_layer")
        self.environment = environment if environment is not None else \
            config.get("environment", "")

    def cluster_spec(self):
        return ClusterSpec(self._cluster)

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        return collections.defaultdict(int)

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        return ""


class ClusterSpec:
    """Job names mapped to their tasks' addresses (``ClusterSpec({'worker': [...]})``)."""

    def __init__(self, cluster):
        if isinstance(cluster, ClusterSpec):
            cluster = cluster.as_dict()
        self._cluster = {job: list(tasks) for job, tasks in dict(cluster).items()}

    def as_dict(self):
        return {job: list(tasks) for job, tasks in self._cluster.items()}

    @property
    def jobs(self):
        return list(self._cluster)

    def num_tasks(self, job_name):
        return len(self._cluster[job_name])

    def __bool__(self):
        return bool(self._cluster)

    def __eq__(self, other):
        return isinstance(other, ClusterSpec) and self.as_dict() == other.as_dict()

    def __repr__(self):
        return f"ClusterSpec({self._cluster!r})"


class CommunicationImplementation(enum.Enum):
    """How workers exchange gradients (a choice eagerbook's single worker never needs)."""
    AUTO = "AUTO"
    RING = "RING"
    NCCL = "NCCL"


class CommunicationOptions:
    """Options for the collective operations of MultiWorkerMirroredStrategy."""

    def __init__(self, bytes_per_pack=0, timeout_seconds=None,
                 implementation=CommunicationImplementation.AUTO):
        if bytes_per_pack < 0:
            raise ValueError(f"Argument `bytes_per_pack` must be >=0, Received "
                             f"{bytes_per_pack}.")
        self.bytes_per_pack = bytes_per_pack
        self.timeout_seconds = timeout_seconds
        self.implementation = implementation


class CollectiveAllReduceStrategy(Strategy):
    """``tf.distribute.MultiWorkerMirroredStrategy``: synchronous training on several machines
    (the class is named CollectiveAllReduceStrategy, as in TF). eagerbook
    runs the one machine it is on: a single worker with one CPU replica, as TF does when
    ``TF_CONFIG`` names no cluster. The cluster ``TF_CONFIG`` describes is read (task type and
    id) but no other worker is contacted."""

    _warns_eager_runs = True
    _makes_distributed_variables = True

    def __init__(self, cluster_resolver=None, communication_options=None):
        super().__init__((CPU_DEVICE,))
        self.cluster_resolver = cluster_resolver or TFConfigClusterResolver()

    def _is_chief(self):
        """As in TF: the "chief" task, or worker 0 of a cluster without a chief."""
        resolver = self.cluster_resolver
        if resolver.task_type in (None, "chief"):
            return True
        jobs = resolver.cluster_spec().as_dict()
        return resolver.task_type == "worker" and resolver.task_id == 0 and "chief" not in jobs


MultiWorkerMirroredStrategy = CollectiveAllReduceStrategy


class CentralStorageStrategy(Strategy):
    """Variables on one device, computation on the local replicas (here: the CPU); its
    variables are plain ones, not mirrored."""

    _warns_eager_runs = True

    def __init__(self, compute_devices=None, parameter_device=None):
        super().__init__((CPU_DEVICE,))


class _DefaultDistributionStrategy(Strategy):
    """The strategy in effect when no scope is open."""

    def reduce(self, reduce_op, value, axis):
        """As any strategy's, except that with ``axis=None`` the value comes back untouched
        (TF's default strategy passes it through: ``reduce("SUM", 1., None)`` is ``1.0``)."""
        if axis is None:
            _reduce_op(reduce_op)  # (a bad op still raises)
            return value
        return super().reduce(reduce_op, value, axis)


_DEFAULT = _DefaultDistributionStrategy()


def get_strategy():
    """The strategy of the innermost open scope, else the default strategy."""
    state = scopes()
    return state.strategies[-1] if state.strategies else _DEFAULT


def has_strategy():
    """True inside a (non-default) strategy's scope or run."""
    return get_strategy() is not _DEFAULT


def get_replica_context():
    """Inside ``run``: its ``ReplicaContext``; inside a scope (cross-replica): None; else the
    default strategy's replica context."""
    state = scopes()
    if state.replica:
        return state.replica[-1]
    if state.strategies:
        return None
    return ReplicaContext(_DEFAULT)


def in_cross_replica_context():
    state = scopes()
    return bool(state.strategies) and not state.replica


def get_cross_replica_context():
    """The current strategy, unless a replica is running (then None)."""
    return None if scopes().replica else get_strategy()


def _replicas_of_the_step():
    """How many replicas the running step is split over (1 outside ``strategy.run``)."""
    state = scopes()
    return state.replica[-1].num_replicas_in_sync if state.replica else 1


def replica_context_of_several():
    """Inside ``strategy.run`` over several replicas: this replica's context, else None."""
    state = scopes()
    if state.replica and getattr(state.replica[-1], "_turn", None) is not None:
        return state.replica[-1]
    return None


def experimental_set_strategy(strategy):
    """Sets (or with None clears) the strategy for this thread, as ``scope().__enter__``."""
    state = scopes()
    state.strategies[:] = [] if strategy is None else [strategy]


nn_impl_ops.in_cross_replica_context = in_cross_replica_context  # (per-replica loss helpers)
nn_impl_ops.replicas_in_sync = _replicas_of_the_step

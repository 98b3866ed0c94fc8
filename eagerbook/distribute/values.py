"""Values with one component per replica: ``PerReplica`` results, and distributed variables.

``strategy.run(fn)`` gives a ``PerReplica`` (one tensor per replica). A variable made in a
``MirroredStrategy``'s scope is a *distributed variable*: one ordinary Variable per replica
(its ``values``), wrapped in one object that every op accepts, as in TF:

- ``MirroredVariable`` (synchronization ON_WRITE, the default): the copies stay equal. An
  update in the cross-replica context writes every copy; inside ``strategy.run`` it is
  combined over the replicas first, by the variable's ``aggregation``: SUM and MEAN meet the
  other replicas at a ``merge_call`` and write the sum or mean into every copy,
  ONLY_FIRST_REPLICA writes the first replica's value, and NONE lets each replica write its
  own copy (they may then differ, as in TF 2.21).
- ``SyncOnReadVariable`` (synchronization ON_READ, what Keras metrics use): each replica
  writes its own copy; a read outside the replicas combines them by the aggregation (the sum
  of the copies for SUM).

How a read or write finds "its" copy: the wrapper's ``_value`` is a property that asks which
replica of the variable's strategy the current thread runs (``replica_state.py``). Everything
that reads or writes ``_value`` (ops, tapes, compiled tf.functions, checkpoints, optimizers)
thereby works on the right copy without knowing about distribution.
"""

import numpy as np

from ..core import context, nest
from ..core import variable as variable_module
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from ..core.variable_modes import VariableSynchronization
from ..ops import array_ops, math_ops
from .replica_state import replica_id_of, scopes


class DistributedValues:
    """The base class of values that have one component per replica (what ``isinstance``
    checks against ``tf.distribute.DistributedValues``)."""


class PerReplica(DistributedValues):
    """A value with one component per replica (TF's ``DistributedValues``)."""

    def __init__(self, values):
        self._values = tuple(values)

    @property
    def values(self):
        return self._values

    _print_name = "PerReplica"

    def _format(self, show):
        rows = ",\n".join(f"  {i}: {show(v)}" for i, v in enumerate(self._values))
        return f"{self._print_name}:{{\n{rows}\n}}"

    def __repr__(self):
        return self._format(repr)

    def __str__(self):
        return self._format(str)

    # tf.function's composite protocol (graph/trace_types.py): a PerReplica crosses a traced
    # function's boundary as its replicas' tensors, rebuilt around them.
    def __tf_components__(self):
        return [convert_to_tensor(v) for v in self._values]

    def __tf_from_components__(self, parts):
        return PerReplica(parts)

    @property
    def _type_spec(self):
        from ..core.spec import TensorSpec
        return PerReplicaSpec(*(TensorSpec.from_tensor(t) for t in self.__tf_components__()))


class Mirrored(PerReplica):
    """Values that are the same on every replica, one copy each (what TF's cross-replica
    updates and reductions to a mirrored destination give)."""

    _print_name = "Mirrored"


class PerReplicaSpec:
    """The spec of a ``PerReplica`` value: one TypeSpec per replica (what a distributed
    dataset's ``element_spec`` holds, usable in a tf.function's ``input_signature``)."""

    def __init__(self, *specs):
        self._specs = tuple(specs)

    def __repr__(self):
        return f"PerReplicaSpec({', '.join(repr(s) for s in self._specs)})"

    value_type = property(lambda self: PerReplica)

    def __tf_components__(self):
        return list(self._specs)

    def __tf_from_components__(self, parts):
        return PerReplica(parts)

    @property
    def _type_spec(self):
        return self

    def is_compatible_with(self, other):
        if isinstance(other, PerReplica):
            other = other._type_spec
        return (isinstance(other, PerReplicaSpec) and len(other._specs) == len(self._specs)
                and all(a.is_compatible_with(b) for a, b in zip(self._specs, other._specs)))

    def __eq__(self, other):
        return isinstance(other, PerReplicaSpec) and self._specs == other._specs

    def __hash__(self):
        return hash(self._specs)


def select_replica(replica, structure):
    """The `replica`-th component of every PerReplica in `structure` (distributed variables
    stay whole: a replica reads its own copy through them)."""
    return nest.map_structure(
        lambda v: v.values[replica] if isinstance(v, PerReplica) else v, structure)


def regroup(per_replica):
    """One structure from one structure per replica, as TF's ``regroup``: where every
    replica gave the very same object it stays itself, else a PerReplica of the values."""
    def group(*values):
        first = values[0]
        if all(v is first for v in values[1:]):
            return first
        return PerReplica(values)
    return nest.map_structure(group, *per_replica)


# --- combining the replicas' updates --------------------------------------------------------
def _non_distributed(reduce_op, value, replicas):
    """TF's rule for a value that is the same object in every replica: MEAN gives it back,
    SUM is refused (summing one value n times is not what an update means)."""
    if not isinstance(value, Tensor) and np.all(np.asarray(value) == 0):
        return value
    if reduce_op == "MEAN" or replicas == 1:
        return value
    raise ValueError(f"A non-DistributedValues value {value} cannot be reduced with the "
                     f"given reduce op ReduceOp.{reduce_op}.")


def aggregated(strategy, value, aggregation):
    """The one value every copy gets from the replicas' `value`s (a PerReplica, or one
    object shared by all) under `aggregation` (SUM, MEAN or ONLY_FIRST_REPLICA)."""
    if aggregation.name == "ONLY_FIRST_REPLICA":
        return value.values[0] if isinstance(value, PerReplica) else value
    if not isinstance(value, PerReplica):
        return _non_distributed(aggregation.name, value, strategy.num_replicas_in_sync)
    total = math_ops.add_n([convert_to_tensor(v) for v in value.values])
    return total if aggregation.name == "SUM" else total / len(value.values)


# --- distributed variables ------------------------------------------------------------------
class DistributedVariable(DistributedValues, variable_module.Variable):
    """One variable per replica behind one name (the base of Mirrored and SyncOnRead).

    Made by ``wrap`` (never by ``__init__``): its copies are ordinary Variables made by the
    creator chain; the wrapper takes their name, dtype and shape."""

    _print_name = "DistributedVariable"

    @classmethod
    def wrap(cls, strategy, components, synchronization, aggregation):
        self = object.__new__(cls)
        first = components[0]
        self._strategy, self._components = strategy, tuple(components)
        self._synchronization, self._aggregation = synchronization, aggregation
        self._name, self._dtype, self._shape = first._name, first._dtype, first._shape
        self._trainable, self._constraint = first._trainable, first._constraint
        self._unique_id = first._unique_id  # (a tape lists Variables in creation order)
        for component in components:  # (what `strategy.extended.value_container` finds)
            component._distributed_container = self
        return self

    @property
    def values(self):
        """The replicas' own variables, one per replica (TF's ``values``)."""
        return self._components

    @property
    def distribute_strategy(self):
        return self._strategy

    def _local(self):
        """The copy of the replica this thread runs, else the first (the primary)."""
        replica = replica_id_of(self._strategy)
        return self._components[replica or 0]

    def _replica(self):
        return replica_id_of(self._strategy)

    def _as_tensor(self, dtype=None):
        replica = self._replica()
        here = context.thread_state()
        if not replica or here.graph is None:  # (eagerly, `_value` finds the copy itself)
            return super()._as_tensor(dtype)
        # Traced in a later replica (strategy.run inside a tf.function): the graph reads
        # that replica's copy when it runs; tapes see a read of this variable, as eagerly.
        with context.recorders_paused():
            value = self._components[replica]._as_tensor(dtype)
        for recorder in tuple(here.recorders):
            recorder.record(variable_module.READ_VARIABLE, (self,), (value,), {})
        return value

    def _write_every_copy(self, kind, value):
        for component in self._components:
            component._write(kind, value, False)

    def __repr__(self):
        rows = ",\n".join(f"  {i}: {c!r}" for i, c in enumerate(self._components))
        return f"{self._print_name}:{{\n{rows}\n}}"

    __str__ = __repr__

    def __int__(self):  # (TF's distributed variables convert to no Python number)
        raise TypeError("int() argument must be a string, a bytes-like object or a real "
                        f"number, not '{type(self).__name__}'")

    def __float__(self):
        raise TypeError("float() argument must be a string or a real number, not "
                        f"'{type(self).__name__}'")


class MirroredVariable(DistributedVariable):
    """A variable kept equal on every replica (synchronization ON_WRITE)."""

    _print_name = "MirroredVariable"

    def _get_value(self):
        return self._local()._value

    def _set_value(self, array):  # (a compiled function, a checkpoint restore, an optimizer)
        if self._replica() is not None:
            self._local()._value = array
        else:
            for component in self._components:
                component._value = array

    _value = property(_get_value, _set_value)

    def _write(self, kind, value, read_value):
        replica = self._replica()
        if replica is None:  # the cross-replica context (or none): every copy
            self._write_every_copy(kind, value)
            return variable_module.UnreadVariable(self) if read_value else None
        if self._aggregation.name == "NONE":  # each replica writes its own copy (TF 2.21)
            return self._components[replica]._write(kind, value, read_value)
        scopes().replica[-1].merge_call(_update_mirrored, args=(self, kind, value))
        return self._local()._as_tensor() if read_value else None  # (TF: the new value)


def _update_mirrored(strategy, variable, kind, value):
    """In the cross-replica context, with every replica's value: combine, write each copy."""
    if variable._aggregation.name == "MEAN" and not variable._dtype.is_floating \
            and isinstance(value, PerReplica):
        raise ValueError("Cannot update non-float variables with tf.VariableAggregation.MEAN "
                         "aggregation in replica context. Either change the variable dtype "
                         "to float or update it in cross-replica context.")
    variable._write_every_copy(kind, aggregated(strategy, value, variable._aggregation))


class SyncOnReadVariable(DistributedVariable):
    """A variable each replica writes alone (synchronization ON_READ); read outside the
    replicas, it combines the copies by its aggregation."""

    _print_name = "SyncOnReadVariable"

    def _get_value(self):
        replica = self._replica()
        if replica is not None:
            return self._components[replica]._value
        arrays = [c._value for c in self._components]
        if self._aggregation.name == "SUM":
            return np.asarray(sum(arrays[1:], arrays[0]), dtype=arrays[0].dtype)
        if self._aggregation.name == "MEAN":
            return np.asarray(np.mean(arrays, axis=0), dtype=arrays[0].dtype)
        return arrays[0]

    def _set_value(self, array):
        replica = self._replica()
        if replica is not None:
            self._components[replica]._value = array
            return
        if self._aggregation.name == "SUM":  # the copies sum to what was set
            array = np.asarray(array / len(self._components), dtype=self._dtype._np)
        for component in self._components:
            component._value = array

    _value = property(_get_value, _set_value)

    def _write(self, kind, value, read_value):
        replica = self._replica()
        if replica is not None:
            return self._components[replica]._write(kind, value, read_value)
        if kind == "AssignVariableOp":
            if self._aggregation.name == "SUM":  # (TF: the copies sum to the value set)
                value = math_ops.cast(convert_to_tensor(value, dtype=self._dtype)
                                      / len(self._components), self._dtype)
            self._write_every_copy(kind, value)
        elif self._aggregation.name == "SUM":  # the first copy: the sum moves by the value
            # (TF refuses this in the cross-replica context; eagerbook's Keras fit updates
            # its metrics there, where TF's runs its steps in the replicas)
            self._components[0]._write(kind, value, False)
        else:
            self._write_every_copy(kind, value)
        return variable_module.UnreadVariable(self) if read_value else None


def make_distributed(strategy, next_creator, kwargs):
    """A MirroredStrategy's creator (TF's ``_create_variable``): one variable per replica
    from the rest of the chain, the later ones named ``<name>/replica_<i>`` and starting
    from the first one's value, wrapped as the synchronization asks."""
    synchronization = kwargs.get("synchronization") or VariableSynchronization.AUTO
    if isinstance(synchronization, str) or synchronization.name not in (
            "AUTO", "ON_WRITE", "ON_READ", "NONE"):
        synchronization = variable_module.variable_mode(
            VariableSynchronization, synchronization, "synchronization", kwargs.get("name"))
    if synchronization.name == "NONE":
        raise ValueError("`NONE` variable synchronization mode is not supported with "
                         "tf.distribute strategy. Please change the `synchronization` for "
                         f"variable: {kwargs.get('name')}")
    if synchronization.name == "AUTO":
        synchronization = VariableSynchronization.ON_WRITE
    aggregation = kwargs.get("aggregation")
    aggregation = variable_module.VariableAggregation.NONE if aggregation is None else \
        variable_module.variable_mode(variable_module.VariableAggregationV2, aggregation,
                                      "aggregation", kwargs.get("name"))
    kwargs = dict(kwargs, synchronization=synchronization, distribute_strategy=strategy)
    components = []
    for replica in range(strategy.num_replicas_in_sync):
        if replica > 0:
            first = components[0]
            base = first.name[:first.name.rfind(":")]
            kwargs["name"] = f"{base}/replica_{replica}/"
            kwargs["initial_value"] = _copy_of(first)
        component = next_creator(**kwargs)
        if replica > 0 and isinstance(component, variable_module.Variable):
            component._name = f"{base}/replica_{replica}:0"  # (not under any name scope)
        components.append(component)
    if aggregation.name == "MEAN" and not components[0].dtype.is_floating:
        raise ValueError("creating distributed tf.Variable with aggregation=MEAN and a "
                         "non-floating dtype is not supported, please use a different "
                         "aggregation or dtype")
    kind = SyncOnReadVariable if synchronization.name == "ON_READ" else MirroredVariable
    return kind.wrap(strategy, components, synchronization, aggregation)


def _copy_of(variable):
    """The initial value of a later replica's copy: the first copy's value (so that random
    initializers give every replica the same start, as in TF)."""
    return lambda: _from_numpy(np.array(variable._value))


def concat_components(value, axis):
    """A PerReplica's components joined along `axis` (a plain value: itself, as a tensor)."""
    if isinstance(value, PerReplica):
        return array_ops.concat([convert_to_tensor(c) for c in value.values], axis=axis)
    return convert_to_tensor(value)

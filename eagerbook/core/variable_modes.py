"""The modes a ``tf.Variable`` records for distribution: ``tf.VariableSynchronization`` and
``tf.VariableAggregation``. With one device there is nothing to synchronize or aggregate, so
eagerbook only checks and keeps them (distribution strategies read ``aggregation``)."""

import enum


class VariableSynchronization(enum.Enum):
    """When a distributed Variable's copies are synchronized (one device: nothing to do)."""

    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregationV2(enum.Enum):
    """How a distributed Variable combines its replicas' updates (``tf.VariableAggregation``)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3

    def __eq__(self, other):  # (equal to TF 1's member of the same value, as in TF)
        return self is other or (isinstance(other, VariableAggregation)
                                 and self.value == other.value)

    def __hash__(self):
        return hash(self.value)


class VariableAggregation(enum.Enum):
    """TF 1's aggregation enum (``tf.compat.v1.VariableAggregation``), which is also what a
    Variable made without an `aggregation` reports (``VariableAggregation.NONE``, as TF)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3
    ONLY_FIRST_TOWER = 3  # (TF 1's older name, an alias)

    def __eq__(self, other):
        return self is other or (isinstance(other, VariableAggregationV2)
                                 and self.value == other.value)

    def __hash__(self):
        return hash(self.value)


def variable_mode(enum_type, value, what, name):
    if value is None:
        return enum_type(0)
    if isinstance(value, enum_type):
        return value
    if isinstance(value, enum.Enum) and value.name in enum_type.__members__:
        return enum_type[value.name]  # e.g. a TF 1.x-style aggregation enum
    raise ValueError(f"Invalid variable {what} mode: {value} for variable: {name}")

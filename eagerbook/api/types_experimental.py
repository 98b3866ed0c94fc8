"""``tf.types.experimental``: the tracing protocol's types, and the abstract types that
``isinstance`` checks a traced function against (TF's ``tf.function`` objects are
``PolymorphicFunction``s, their traces ``ConcreteFunction``s; both are ``Callable``)."""

import abc
import typing

import numpy as np

from ..core.tensor import Tensor
from ..graph.function import ConcreteFunction as _ConcreteFunction
from ..graph.function import Function as _Function
from ..graph.trace_types import FunctionType, TraceType, TracingContext


class Callable(abc.ABC):  # noqa: B024 - only an isinstance target: nothing to implement
    """Anything tf.function made that can be called with tensors."""


class ConcreteFunction(Callable):
    """One trace of a tf.function: a graph for one input signature."""


class PolymorphicFunction(Callable):
    """What tf.function returns: a function that traces once per kind of input."""


GenericFunction = PolymorphicFunction  # TF's older name of the same type

ConcreteFunction.register(_ConcreteFunction)
PolymorphicFunction.register(_Function)

@typing.runtime_checkable
class SupportsTracingProtocol(typing.Protocol):
    """A class whose objects tell tf.function how to trace them: ``__tf_tracing_type__``."""

    @abc.abstractmethod
    def __tf_tracing_type__(self, context):
        """The TraceType standing for this object in tf.function's cache."""


# What TF's ops accept where they take a tensor (a type hint for annotations).
TensorLike = (Tensor | int | float | bool | str | bytes | complex | tuple | list | np.ndarray
              | np.generic)

__all__ = ["Callable", "ConcreteFunction", "FunctionType", "GenericFunction",
           "PolymorphicFunction", "SupportsTracingProtocol", "TensorLike", "TraceType",
           "TracingContext"]

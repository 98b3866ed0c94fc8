"""``tf.Variable``: a named, mutable slot holding a tensor value.

A Variable is not a Tensor, but every op accepts it: conversion reads its current value into a
fresh immutable Tensor. Assignments *rebind* the stored array instead of writing into it, so
tensors read earlier (and saved by a tape for its gradients) never change behind your back.

While a tape or an observer listens, a read is reported to it as the op ``ReadVariableOp``
(declared in ``ops/variable_ops.py``); that is how trainable Variables are "watched on read"
without the user calling ``tape.watch``.
"""

import numpy as np

from . import dtypes, errors
from .context import VARIABLES_MADE, _per_thread, scoped_name, state, thread_state
from .shape import TensorShape
from .tensor import EagerTensor, Tensor, _from_numpy, convert_to_tensor, is_symbolic, numpy_text
from .variable_modes import (
    VariableAggregation,
    VariableAggregationV2,
    VariableSynchronization,
    variable_mode,
)
from .variable_protocols import PythonProtocols

READ_VARIABLE = IDENTITY = None  # ReadVariableOp's, Identity's OpDefs: set by eagerbook.ops
_NO_ATTRS = {}
_OUT_ARRAY = np.lib.NumpyVersion(np.__version__) >= "2.3.0"  # (ufuncs accept out=...)
CREATOR_SCOPES = [0]  # tf.variable_creator_scope's open in any thread (variable_creators.py)
made_by_creators = None  # (args, kwargs) -> what the creators make: set by variable_creators


class Variable(PythonProtocols):
    """A mutable tensor-valued state (``tf.Variable``)."""

    __array_priority__ = 100

    def __new__(cls, *args, **kwargs):
        # As in TF 2, ``tf.Variable(...)`` makes a ResourceVariable (``type(v).__name__`` says
        # so); ``isinstance(v, tf.Variable)`` holds for every kind.
        if cls is Variable:
            if CREATOR_SCOPES[0]:  # the creators make it (a strategy's scope opens one)
                return made_by_creators(args, kwargs)
            cls = ResourceVariable
        return object.__new__(cls)  # (not super(): that builds an object, on every assign too)

    def __init__(self, initial_value=None, trainable=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None,
                 import_scope=None, constraint=None, synchronization=None, aggregation=None,
                 shape=None):
        if CREATOR_SCOPES[0] and self.__dict__.pop("_made_by_creator", False):
            return  # a creator made it: Python calls __init__ on what __new__ gave, made or
            # not (a metaclass would spare this, at a cost to every construction)
        if initial_value is None:
            raise ValueError("The `initial_value` arg to `tf.Variable` must be specified except "
                             "when you are not providing a `variable_def`. You provided neither.")
        if callable(initial_value) and not isinstance(initial_value, Tensor):
            initial_value = initial_value()
        if dtype is not None:
            dtype = dtypes.as_dtype(dtype)
            if isinstance(initial_value, Tensor) and initial_value.dtype is not dtype:
                raise ValueError(f"initial_value: Tensor conversion requested dtype {dtype.name} "
                                 f"for Tensor with dtype {initial_value.dtype.name}: "
                                 f"{initial_value!r}")
        value = convert_to_tensor(initial_value, dtype=dtype)
        if is_symbolic(value) and hasattr(state.graph, "lift_to_eager"):
            value = state.graph.lift_to_eager(value)  # tf.function's first trace
        if is_symbolic(value):
            raise ValueError("A tf.Variable's initial value must be known when it is created; "
                             "inside tf.function, create Variables on the first call only.")
        self._value = value._value
        self._dtype = value._dtype
        if shape is not None:
            self._shape = TensorShape(shape)
            if not self._shape.is_compatible_with(self._value.shape):
                raise ValueError(f"In this `tf.Variable` creation, the initial value's shape "
                                 f"({TensorShape(self._value.shape)}) is not compatible with "
                                 f"the explicitly supplied `shape` argument ({shape}).")
        else:  # (validate_shape=False too: an eager value's shape is known, as TF keeps it)
            self._shape = TensorShape(self._value.shape)
        if constraint is not None and not callable(constraint):
            raise ValueError(f"Argument `constraint` must be None or a callable. a callable. "
                             f"Got a {type(constraint)}:  {constraint}")  # (TF's words)
        self._constraint = constraint
        self._synchronization = variable_mode(VariableSynchronization, synchronization,
                                               "synchronization", name)
        self._aggregation = VariableAggregation.NONE if aggregation is None else aggregation \
            if isinstance(aggregation, VariableAggregation) else \
            variable_mode(VariableAggregationV2, aggregation, "aggregation", name)
        on_read = self._synchronization is VariableSynchronization.ON_READ  # (a metric's total:
        self._trainable = not on_read if trainable is None else bool(trainable)  # TF's default)
        self._name = scoped_name("Variable" if name is None else str(name)) + ":0"
        self._unique_id = VARIABLES_MADE[0] = VARIABLES_MADE[0] + 1  # (a tape lists in it)
        thread_state().variables_made += 1  # (a first trace that made some, even outside, reruns)
        if state.graph is not None and hasattr(state.graph, "variable_created"):
            state.graph.variable_created(self)  # tf.function: Variables on the first trace only

    # --- properties ---------------------------------------------------------------------------
    name = property(lambda self: self._name)
    trainable = property(lambda self: self._trainable)
    dtype = property(lambda self: self._dtype)
    constraint = property(lambda self: self._constraint)

    @property
    def shape(self):
        return self._shape if not self._shape.is_fully_defined() or self._shape._dims is None \
            else TensorShape._from_tuple(self._value.shape)

    def get_shape(self):
        return self.shape

    ndim = property(lambda self: self._value.ndim)

    @property
    def synchronization(self):
        return getattr(self, "_synchronization", VariableSynchronization.AUTO)

    @property
    def aggregation(self):
        return getattr(self, "_aggregation", VariableAggregation.NONE)

    @property
    def device(self):
        return "/job:localhost/replica:0/task:0/device:CPU:0"

    @property
    def initial_value(self):
        raise RuntimeError("This property is not supported when eager execution is enabled.")

    # --- reading ----------------------------------------------------------------------------------
    def _as_tensor(self, dtype=None):
        """The current value as a Tensor (how ops see a Variable)."""
        if dtype is not None and dtype is not self._dtype:
            raise ValueError(f"Incompatible type conversion requested to type '{dtype.name}' "
                             f"for variable of type '{self._dtype.name}' ({self._name})")
        if state.hooked:  # some thread records or traces: is it this one?
            here = _per_thread.state  # (thread_state(), without the call: a read per op)
            if here.graph is not None:
                return here.graph.read_variable(self)
            tensor = _from_numpy(self._value)
            if here.sole_record is not None:  # one tape (the dispatcher's shortcut too)
                here.sole_record(READ_VARIABLE, (self,), tensor, _NO_ATTRS)
                return tensor
            for recorder in tuple(here.recorders):
                recorder.record(READ_VARIABLE, (self,), (tensor,), _NO_ATTRS)
            return tensor
        return _from_numpy(self._value)

    def value(self):
        return self._as_tensor()

    def read_value(self):
        return self._as_tensor()

    def numpy(self):
        if state.graph is not None and not hasattr(state.graph, "as_default"):  # (a function
            # traced: its value when the graph runs is not known; a TF 1.x graph's is, here)
            raise NotImplementedError("numpy() is only available when eager execution is enabled.")
        return self._value[()] if self._value.ndim == 0 else self._value.copy()

    def __array__(self, dtype=None, copy=None):
        value = self._value.copy()
        return value if dtype is None else value.astype(dtype, copy=False)

    # --- writing ---------------------------------------------------------------------------------
    def _new_array(self, value, op_name):
        """Converts `value` to this variable's dtype and checks its shape (nothing is changed)."""
        if type(value) is EagerTensor and value._dtype is self._dtype:
            tensor = value  # the common case: a tensor computed from this variable
        else:
            tensor = convert_to_tensor(value, dtype=self._dtype)
        if self._shape._dims != tensor._value.shape \
                and not self._shape.is_compatible_with(tensor._value.shape):
            raise errors.assign_shape_error(self._name, self._shape, tensor._value.shape, op_name)
        return tensor

    def _write(self, kind, value, read_value):
        if state.hooked and state.graph is not None:  # (`hooked` first: no property call eagerly)
            # A builder may return what the assignment evaluates to (a TF 1.x graph returns
            # the new value, so `sess.run(v.assign(x))` runs it); tf.function returns None.
            result = state.graph.assign_variable(self, kind, value)
            if not read_value:
                return None
            return self if result is None else result
        tensor = self._new_array(value, kind)
        if kind == "AssignVariableOp":
            self._value = tensor._value
        elif kind == "AssignAddVariableOp":  # (0-d + 0-d gives a NumPy scalar: out=... keeps
            self._value = np.add(self._value, tensor._value, out=...) if _OUT_ARRAY else \
                np.asarray(self._value + tensor._value)  # an array on NumPy 2.3+, cheaper)
        else:
            self._value = np.subtract(self._value, tensor._value, out=...) if _OUT_ARRAY else \
                np.asarray(self._value - tensor._value)
        if read_value:  # (UnreadVariable(self) without the class call's two frames: per assign)
            (unread := object.__new__(UnreadVariable))._variable = self
            return unread

    def assign(self, value, use_locking=None, name=None, read_value=True):
        return self._write("AssignVariableOp", value, read_value)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        return self._write("AssignAddVariableOp", delta, read_value)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        return self._write("AssignSubVariableOp", delta, read_value)

    def _assign_slice(self, key, value):
        """Backs ``v[key].assign(value)``: copy, write the slice, rebind."""
        tensor = convert_to_tensor(value, dtype=self._dtype)
        new = self._value.copy()
        try:
            new[key] = tensor._value
        except ValueError:  # (TF's kernel, ResourceStridedSliceAssign, in its words)
            shapes = (",".join(map(str, shape)) for shape in (tensor._value.shape, new[key].shape))
            raise errors.op_error(errors.InvalidArgumentError, "ResourceStridedSliceAssign",
                                  "Cannot broadcast input shape [{}] into final shape "
                                  "[{}]".format(*shapes)) from None
        self._value = new
        return UnreadVariable(self)

    def __getitem__(self, key):
        sliced = Tensor.__getitem__(self._as_tensor(), key)
        if is_symbolic(sliced):  # inside tf.function: the graph remembers the slice's Variable
            return sliced._op.graph.remember_variable_slice(sliced, self, key)
        view = _VariableSlice.__new__(_VariableSlice)
        view._value, view._dtype = sliced._value, sliced._dtype
        view._variable, view._key = self, key
        if state.hooked:  # tapes saw `sliced` computed: the view is that same value
            for recorder in tuple(thread_state().recorders):
                recorder.record(IDENTITY, (sliced,), (view,), _NO_ATTRS)
        return view

    # --- Python protocols (hashing, bool/int/float, `+=`, copying: variable_protocols.py) --------
    def __repr__(self):  # (no value while tf.function traces: it may change before it runs)
        value = "" if state.graph is not None else f", numpy={numpy_text(self._value, True)}"
        return f"<tf.Variable '{self._name}' shape={self.shape} dtype={self._dtype.name}{value}>"

    __str__ = __repr__

    def __deepcopy__(self, memo):
        copied = Variable(self._value.copy(), trainable=self._trainable,
                          name=self._name.split(":")[0], dtype=self._dtype)
        copied._name = self._name
        memo[id(self)] = copied
        return copied


class ResourceVariable(Variable):
    """The kind of Variable ``tf.Variable(...)`` creates (TF 2's only kind in eager code)."""


class UnreadVariable(Variable):
    """What an eager ``v.assign(...)`` returns, as TF: the same Variable under another name
    (it prints as ``<tf.Variable 'UnreadVariable' ...>``); reading it reads `v` now."""

    _name = "UnreadVariable"

    def __init__(self, variable):  # (it holds `v` alone, and reads the rest from it)
        self._variable = variable

    _dtype = property(lambda self: self._variable._dtype)
    _shape = property(lambda self: self._variable._shape)
    _trainable = property(lambda self: self._variable._trainable)
    _constraint = property(lambda self: self._variable._constraint)
    _value = property(lambda self: self._variable._value,
                      lambda self, value: setattr(self._variable, "_value", value))

    def _as_tensor(self, dtype=None):
        return self._variable._as_tensor(dtype)  # tapes see a read of `v` itself

    def _write(self, kind, value, read_value):
        return self._variable._write(kind, value, read_value)


class _VariableSlice(Tensor):
    """What ``v[1:3]`` returns: a Tensor that also remembers where it came from, so that
    ``v[1:3].assign(...)`` writes into the Variable (TF 2's sliced assignment)."""

    __slots__ = ("_variable", "_key")

    def assign(self, value, name=None):  # (TF's slices have `assign` only, without read_value)
        return self._variable._assign_slice(self._key, value)

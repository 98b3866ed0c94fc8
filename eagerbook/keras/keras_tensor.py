"""Symbolic placeholders for the functional API.

``tf.keras.Input(shape=(784,))`` returns a ``KerasTensor``: a shape and a dtype, no value.
Calling a layer on KerasTensors does not compute anything; it builds the layer and records a
``Node`` (which layer, called on which KerasTensors, with which arguments), returning new
KerasTensors. ``Model(inputs, outputs)`` later replays those nodes eagerly on real tensors.
"""

import collections
import functools
import inspect
import types

import numpy as np

from ..core import dtypes, nest
from ..core.reference import Reference
from ..core.shape import TensorShape
from ..core.spec import TensorSpec
from ..core.tensor import EagerTensor
from ..ops import array_ops, math_ops, operators, ragged_dispatch

# Where a KerasTensor comes from: the layer, which call of it, which of its outputs.
KerasHistory = collections.namedtuple("KerasHistory", ["layer", "node_index", "tensor_index"])


class KerasTensor:
    """A symbolic tensor of the functional API: shape (batch dimension None) and dtype."""

    __array_priority__ = 200

    def __init__(self, shape, dtype="float32", name=None, node=None, index=0):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name
        self._node = node  # the Node that produced this tensor
        self._index = index

    @property
    def shape(self):
        return self._shape

    def get_shape(self):
        return self._shape

    def set_shape(self, shape):
        """Narrows the static shape to `shape` (as a tensor's ``set_shape``)."""
        shape = TensorShape(shape)
        if not self._shape.is_compatible_with(shape):
            raise ValueError(f"Keras symbolic input/output's shape {self._shape} is not "
                             f"compatible with supplied shape {shape}.")
        self._shape = self._shape.merge_with(shape)

    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        """An Input's name; for a layer's output, TF's name of the op that made it in the
        layer's trace (``dense/Relu:0``), learned when first asked for."""
        if self._name is None and self._node is not None and self._given_spec is None:
            self._name = self._node.output_name(self._index)
        return self._name

    @property
    def ndim(self):
        return self._shape.rank

    _given_spec = None  # the TypeSpec it was made from (tf.keras.Input(type_spec=...))

    @property
    def type_spec(self):
        """The TensorSpec of the values it stands for (an Input's is named after it), or the
        spec it was made from, as given."""
        if self._given_spec is not None:
            return self._given_spec
        layer = self._node.layer if self._node is not None else None
        is_input = layer is not None and type(layer).__name__ == "InputLayer"
        return TensorSpec(self._shape, self._dtype, name=layer.name if is_input else None)

    @property
    def node(self):
        """The call (Node) of the layer that made it."""
        return self._node

    def ref(self):
        """A hashable reference (``x.ref()``), as for tensors."""
        return Reference(self)

    experimental_ref = ref

    @property
    def _keras_history(self):
        node = self._node
        return KerasHistory(node.layer, node.layer._inbound_nodes.index(node), self._index)

    # What TF's shape inference knows of an int32 scalar or vector computed from shapes
    # (`tf.shape(x)` of a (None, 4, 5) input: [None, 4, 5]), and the values it took in the
    # stand-in runs that infer the shapes of later op layers ({stand-in size: array}).
    _inferred_value = None
    _stand_ins = None
    _graph_name = None  # a mask's name in TF's trace of the layer call, when it is known

    def __repr__(self):
        origin = f" (created by layer '{self._node.layer.name}')" if self._node else ""
        inferred = "" if self._inferred_value is None else \
            f" inferred_value={self._inferred_value}"
        return (f"<KerasTensor: shape={self._shape} dtype={self._dtype.name}"
                f"{inferred}{origin}>")

    def __str__(self):
        """TF's form: the TensorSpec (an Input's named after it), the graph name (``name``) and
        the layer that made it; a mask a layer passed on shows the placeholder TF traced."""
        layer = self._node.layer if self._node is not None else None
        if layer is None and self._graph_name is not None:  # a mask a layer passed on
            spec = TensorSpec(self._shape, self._dtype)
            return f"KerasTensor(type_spec={spec!r}, name='{self._graph_name}')"
        name = self.name if layer is not None else None
        if name is None:  # (a call that does not trace has no graph name)
            return repr(self)
        inferred = "" if self._inferred_value is None else \
            f", inferred_value={self._inferred_value}"
        return (f"KerasTensor(type_spec={self.type_spec!r}{inferred}, name='{name}', "
                f"description=\"created by layer '{layer.name}'\")")

    def __hash__(self):
        return id(self)

    # A KerasTensor has no value: what needs one fails with TF's words (no numpy() at all).
    def __len__(self):
        raise TypeError("Keras symbolic inputs/outputs do not implement `__len__`. You may be "
                        "trying to pass TF-Keras symbolic inputs/outputs to a TF API that does "
                        "not register dispatching, preventing TF-Keras from automatically "
                        "converting the API call to a lambda layer in the Functional Model. "
                        "This error will also get raised if you try asserting a symbolic "
                        "input/output directly.")

    __bool__ = __len__  # (TF's bool() falls back on __len__)

    def __array__(self, *args, **kwargs):
        raise TypeError(f"You are passing {self}, an intermediate TF-Keras symbolic "
                        "input/output, to a TF API that does not allow registering custom "
                        "dispatchers, such as `tf.cond`, `tf.function`, gradient tapes, or "
                        "`tf.map_fn`. TF-Keras Functional model construction only supports TF "
                        "API calls that *do* support dispatching, such as `tf.math.add` or "
                        "`tf.reshape`. Other APIs cannot be called directly on symbolic Keras"
                        "inputs/outputs. You can work around this limitation by putting the "
                        "operation in a custom TF-Keras layer `call` and calling that layer on "
                        "this symbolic input/output.")

    # Arithmetic on KerasTensors becomes a small op layer in the graph (TF's TFOpLambda).
    # The layer class is given by layers/core.py when it is defined (this module sits below
    # the layers, so it names no layer class itself).
    _op_layer = None
    _slicing_op_layer = None  # (TF's SlicingOpLambda: x[:, 0])

    def _op(self, fn, *others, name, recorded=None, layer_class=None):
        """`fn(self, *others)` as an op layer named `name`; `recorded` is the call as TF's
        config writes it (first argument, the others by name), see `named_call`."""
        layer = (layer_class or KerasTensor._op_layer)(fn, name=name)
        output = layer(self, *others)
        output._node.tf_call = recorded
        return output

    def __getitem__(self, key):  # x[:, 0] is a layer too (TF's tf.__operators__.getitem)
        return self._op(lambda x: array_ops.tensor_getitem(x, key),
                        name="tf.__operators__.getitem",
                        recorded=(self, {"slice_spec": slice_spec_as_config(key)}),
                        layer_class=KerasTensor._slicing_op_layer)

    def __iter__(self):  # without it, Python would iterate through __getitem__ forever
        if self._shape.rank is None or self._shape[0] is None:
            raise TypeError("Cannot iterate over a Tensor with unknown first dimension.")
        return iter([self[i] for i in range(self._shape[0])])


class _CompositeKerasTensor(KerasTensor):
    """A KerasTensor of ragged or sparse values: it prints its TypeSpec, as TF's does, and
    has no name unless given one (an Input made from a spec has none)."""

    def __init__(self, spec, name=None, node=None, index=0):
        super().__init__(spec.shape, spec.dtype, name=name, node=node, index=index)
        self._given_spec = spec

    @property
    def name(self):
        return self._name

    def __repr__(self):
        origin = f" (created by layer '{self._node.layer.name}')" if self._node else ""
        return f"<KerasTensor: type_spec={self._given_spec!r}{origin}>"

    def __str__(self):
        name = "" if self._name is None else f", name='{self._name}'"
        origin = f", description=\"created by layer '{self._node.layer.name}'\"" \
            if self._node else ""
        return f"KerasTensor(type_spec={self._given_spec!r}{name}{origin})"


class RaggedKerasTensor(_CompositeKerasTensor):
    """Stands for RaggedTensors (``tf.keras.Input(ragged=True)``)."""

    @property
    def ragged_rank(self):
        return self._given_spec.ragged_rank


class SparseKerasTensor(_CompositeKerasTensor):
    """Stands for SparseTensors (``tf.keras.Input(sparse=True)``)."""


def keras_tensor_from_type_spec(spec, name=None):
    """The KerasTensor standing for values of TypeSpec `spec` (TF's function of this name):
    a TypeSpec without a shape (an ExtensionType's) is TF's ValueError."""
    from ..ops.ragged_ops import RaggedTensorSpec
    from ..ops.sparse_ops import SparseTensorSpec

    if isinstance(spec, RaggedTensorSpec):
        return RaggedKerasTensor(spec, name=name)
    if isinstance(spec, SparseTensorSpec):
        return SparseKerasTensor(spec, name=name)
    if not hasattr(spec, "shape"):
        raise ValueError(f"KerasTensor only supports TypeSpecs that have a shape field; got "
                         f"{type(spec).__qualname__}, which does not have a shape.")
    tensor = KerasTensor(spec.shape, spec.dtype, name=name)
    tensor._given_spec = spec
    return tensor


def _operator(fn, name, operand_names):
    """The method of a Python operator: `fn` as an op layer. TF's config writes the call as
    one of the op's: ``x + 1`` is ``tf.__operators__.add(x, y=1, name=None)``;
    `operand_names` are the op's parameters the operands take, reflected ones swapped
    (``1 - x`` is ``tf.math.subtract(1, y=x)``)."""
    def method(self, *others):
        operands = dict(zip(operand_names, (self, *others)))
        first = operands.pop(next(n for n in ("x", "a") if n in operands))
        return self._op(fn, *others, name=name, recorded=(first, {**operands, "name": None}))
    return method


def slice_spec_as_config(key):
    """A subscript as TF's config writes it: each slice as its start, stop and step."""
    def as_config(item):
        if isinstance(item, slice):
            return {"start": item.start, "stop": item.stop, "step": item.step}
        return item
    return tuple(as_config(k) for k in key) if isinstance(key, tuple) else as_config(key)


def slice_spec_from_config(spec):
    """The subscript `slice_spec_as_config` (or JSON of it, where tuples are lists) wrote."""
    def from_config(item):
        if isinstance(item, dict) and item.get("class_name") == "__ellipsis__":
            return Ellipsis  # (JSON's form of Ellipsis, as TF's Keras writes it)
        if isinstance(item, dict):
            return slice(item["start"], item["stop"], item["step"])
        return item
    if isinstance(spec, (list, tuple)):
        return tuple(from_config(k) for k in spec)
    return from_config(spec)


# The layer names TF gives Python's operators on KerasTensors: most are the op's public name,
# but `+` goes through TF's own operator namespace and `//` through a TF 1 name.
# (`tf.shape`, `tf.transpose`, ... are TF 1's names for them too, which TF's layers take: the
# functions TF 2 changed keep their TF 1 name there; and a function public under two names
# takes the one TF exports it under first, `tf.nn.softmax`, `tf.einsum`.)
_LAYER_NAMES = {"__add__": "tf.__operators__.add", "__floordiv__": "tf.compat.v1.floor_div",
                "tf.shape": "tf.compat.v1.shape", "tf.size": "tf.compat.v1.size",
                "tf.transpose": "tf.compat.v1.transpose", "tf.gather": "tf.compat.v1.gather",
                "tf.squeeze": "tf.compat.v1.squeeze", "tf.pad": "tf.compat.v1.pad",
                "tf.boolean_mask": "tf.compat.v1.boolean_mask", "tf.linalg.norm":
                "tf.compat.v1.norm", "tf.nn.embedding_lookup": "tf.compat.v1.nn.embedding_lookup",
                "tf.nn.conv2d": "tf.compat.v1.nn.conv2d",
                "tf.nn.sigmoid_cross_entropy_with_logits":
                "tf.compat.v1.nn.sigmoid_cross_entropy_with_logits",
                "tf.math.softmax": "tf.nn.softmax", "tf.math.log_softmax": "tf.nn.log_softmax",
                "tf.linalg.einsum": "tf.einsum", "tf.math.divide": "tf.math.truediv"}


def _logical(logical_fn, bitwise_fn, op):
    """`&`, `|`, `^`, `~` on KerasTensors: logical for bools, bitwise for integers, as on
    tensors (both operands of the binary ones are symmetric, so one method serves both sides)."""
    def method(self, *other):
        recorded = (self, {**dict(zip(["y"], other)), "name": None})
        if self._dtype is dtypes.bool:
            return self._op(logical_fn, *other, name=f"tf.math.logical_{op}", recorded=recorded)
        return self._op(bitwise_fn, *other, name=f"tf.bitwise.{bitwise_fn.__name__}",
                        recorded=recorded)
    return method


def _install_operators():
    """Python's operators on KerasTensors, from the one operator table (ops/operators.py) that
    Tensor and Variable use too. `==` and `!=` stay Python's identity tests: KerasTensors are
    dict keys and list members of the functional graph's bookkeeping."""
    rows = [row for row in operators.OPERATORS
            if row[0] not in ("__eq__", "__ne__", "__and__", "__or__", "__xor__", "__invert__")]
    for dunder, fn in operators.methods(rows).items():
        row = next(r for r in rows if dunder in (r[0], r[2]))
        operand_names = [p for p in inspect.signature(row[1]).parameters if p != "name"][:2]
        if dunder == row[2]:  # reflected: `self` is the op's second operand
            operand_names = operand_names[::-1]
        setattr(KerasTensor, dunder,
                _operator(fn, _LAYER_NAMES.get(row[0], row[3]), operand_names))
    for op, logical, bitwise in [("and", math_ops.logical_and, math_ops.bitwise_and),
                                 ("or", math_ops.logical_or, math_ops.bitwise_or),
                                 ("xor", math_ops.logical_xor, math_ops.bitwise_xor)]:
        setattr(KerasTensor, f"__{op}__", _logical(logical, bitwise, op))
        setattr(KerasTensor, f"__r{op}__", _logical(logical, bitwise, op))
    KerasTensor.__invert__ = _logical(math_ops.logical_not, math_ops.invert, "not")


_install_operators()


# --- tf.* functions on KerasTensors (TF's TFOpLambda) ---------------------------------------
# `tf.nn.relu(x)` or `tf.concat([a, b], 1)` on KerasTensors of a functional model becomes a
# layer of the model, as in TF: the call is tried as it is (free when no KerasTensor is given),
# and only when it fails with a KerasTensor among its arguments is it made into a layer.
def _on_keras_tensors(fn, public_name):
    # One plain eager tensor as the only argument (`tf.square(t)`, `tf.reduce_mean(t)`) leaves
    # nothing for this wrapper or a RaggedTensor one below it (ops/ragged_dispatch.py) to do:
    # the op's own function is called directly, two calls fewer on a hot road.
    plain = inspect.unwrap(fn, stop=_not_a_ragged_wrapper)

    @functools.wraps(fn)
    def op(*args, **kwargs):
        if len(args) == 1 and not kwargs and type(args[0]) is EagerTensor:
            return plain(args[0])
        try:
            return fn(*args, **kwargs)
        except Exception:
            if not has_keras_tensor([list(args), kwargs]):
                raise
        return _op_layer_call(fn, public_name, args, kwargs)
    return op


def _not_a_ragged_wrapper(fn):
    return getattr(fn, "__globals__", None) is not vars(ragged_dispatch)


def _op_layer_call(fn, public_name, args, kwargs):
    layer = KerasTensor._op_layer(fn, name=_LAYER_NAMES.get(public_name, public_name))
    return op_layer_call(layer, fn, args, kwargs)


def op_layer_call(layer, fn, args, kwargs, named_after=None):
    """`fn(*args, **kwargs)` as a call of op layer `layer`: the layer's input is the
    KerasTensors among the arguments, flat (wherever they sit), and its call puts them back
    in place. The call is kept in TF's form too (`named_call`, the arguments named after
    those of `named_after`, else of `fn`), for the model's config."""
    structure = [list(args), kwargs]
    flat = nest.flatten(structure)
    where = [i for i, x in enumerate(flat) if isinstance(x, KerasTensor)]

    def apply(tensors):
        leaves = list(flat)
        for i, tensor in zip(where, tensors):
            leaves[i] = tensor
        call_args, call_kwargs = nest.pack_sequence_as(structure, leaves)
        return fn(*call_args, **call_kwargs)

    layer.function_call = apply
    outputs = layer([flat[i] for i in where])
    nest.flatten(outputs)[0]._node.tf_call = named_call(named_after or fn, args, kwargs)
    return outputs


def named_call(fn, args, kwargs):
    """A call of op `fn` as TF's config writes it: (its first argument, the others by name,
    positional ones named after fn's parameters); None when they cannot all be named
    (``*args``)."""
    parameters = inspect.signature(fn).parameters.values()
    names = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY,
                                                      p.POSITIONAL_OR_KEYWORD)]
    if len(args) > len(names) or (not args and (not names or names[0] not in kwargs)):
        return None
    if not args:
        kwargs = dict(kwargs)
        return kwargs.pop(names[0]), kwargs
    return args[0], {**dict(zip(names[1:], args[1:])), **kwargs}


def shape(x):
    """``tf.keras.backend.shape`` of a KerasTensor: a layer, as ``tf.shape`` makes it."""
    return _op_layer_call(array_ops.shape, "tf.shape", (x,), {})


def install_op_dispatch(namespaces):
    """Makes the public ops of `namespaces` ((module, "tf.math") pairs, canonical ones first)
    accept KerasTensors. A function public under several names is wrapped once, so `tf.add is
    tf.math.add` still holds, and its layers take the first name (`tf.math.add`, as TF's)."""
    wrapped = {}
    for namespace, prefix in namespaces:
        for name, fn in list(vars(namespace).items()):
            if (name.startswith("_") or not isinstance(fn, types.FunctionType)
                    or not fn.__module__.startswith("eagerbook.ops.")):
                continue
            kernel = inspect.unwrap(fn)  # the same op under a ragged-aware wrapper counts once
            if kernel not in wrapped:
                wrapped[kernel] = _on_keras_tensors(fn, f"{prefix}.{name}")
            setattr(namespace, name, wrapped[kernel])


# The ops whose outputs TF's shape inference follows entry by entry (`tf.stack([batch, 20])`
# is [None, 20]); of any other op's output it knows all entries or none.
_ENTRYWISE_OPS = ("tf.compat.v1.shape", "tf.__operators__.getitem", "tf.stack", "tf.concat")


def attach_inferred_values(op_name, outputs, runs, data_run):
    """Gives the int32 scalars and vectors among the outputs of op layer `op_name` (a structure
    of KerasTensors) the values TF's shape inference knows of them. `runs` maps each stand-in
    size of the unknown input axes to the op's outputs on stand-ins of that size: a value equal
    in all runs is known. `data_run()` runs the op again on other stand-in values (None if it
    cannot): an output that changes with them depends on the data and is all unknown."""
    flat_outputs = nest.flatten(outputs)
    candidates = [i for i, t in enumerate(flat_outputs)
                  if isinstance(t, KerasTensor) and t.dtype == dtypes.int32 and
                  t.shape.rank in (0, 1) and t.shape.is_fully_defined()]
    if not candidates:
        return
    other = data_run()
    flat_runs = {size: [np.asarray(v) for v in nest.flatten(out)] for size, out in runs.items()}
    flat_other = None if other is None else [np.asarray(v) for v in nest.flatten(other)]
    first, second = sorted(flat_runs)[:2]
    for i in candidates:
        output = flat_outputs[i]
        values = {size: flat[i] for size, flat in flat_runs.items()}
        pairs = list(zip(values[first].reshape(-1).tolist(),
                         values[second].reshape(-1).tolist()))
        if flat_other is None or not np.array_equal(values[first], flat_other[i]):
            output._inferred_value = [None] * len(pairs)
            continue
        output._stand_ins = values
        known = [a if a == b else None for a, b in pairs]
        if op_name not in _ENTRYWISE_OPS and None in known:
            known = [None] * len(known)
        output._inferred_value = known


def has_keras_tensor(structure):
    if isinstance(structure, KerasTensor):
        return True
    if isinstance(structure, (list, tuple, dict)):
        return any(isinstance(x, KerasTensor) for x in nest.flatten(structure))
    return False


class Node:
    """One call of a layer on KerasTensors: the edge list of the functional graph."""

    def __init__(self, layer, call_args, call_kwargs, outputs):
        self.layer = layer
        self.call_args = call_args
        self.call_kwargs = call_kwargs
        self.outputs = outputs  # structure of KerasTensors
        # The call as TF's config writes it, where it is not how it was made (an op layer's,
        # an RNN's given initial states): (first argument, the others by name)
        self.tf_call = None
        self.flat_outputs = nest.flatten(outputs)
        self.keras_inputs = [x for x in nest.flatten((call_args, call_kwargs))
                             if isinstance(x, KerasTensor)]
        for i, t in enumerate(self.flat_outputs):
            t._node, t._index = self, i
        layer._inbound_nodes.append(self)
        for parent in self.parent_nodes:
            outbound = parent.layer.__dict__.get("_outbound_nodes")
            if outbound is not None and not any(n is self for n in outbound):
                outbound.append(self)

    def output_name(self, index):
        """TF's graph name of output `index` (KerasTensor.name), from one naming trace."""
        names = self.__dict__.get("_output_names")
        if names is None:
            names = self._output_names = self.layer._keras_tensor_names(self)
        return names[index]

    def detach(self):
        """Takes this call out of the graph (a Sequential rebuilding its inferred graph)."""
        if self in self.layer._inbound_nodes:
            self.layer._inbound_nodes.remove(self)
        for parent in self.parent_nodes:
            outbound = parent.layer.__dict__.get("_outbound_nodes", [])
            if any(n is self for n in outbound):
                outbound.remove(self)

    @property
    def parent_nodes(self):
        return [t._node for t in self.keras_inputs if t._node is not None]

    def __repr__(self):
        return f"<Node of layer '{self.layer.name}'>"

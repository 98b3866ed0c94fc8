"""The graph IR that ``tf.function`` traces into: operations, symbolic tensors, graphs.

A ``Graph`` is a flat list of ``Operation``s in program order (a valid topological order), plus
the graph's inputs (``Placeholder`` ops, one per traced argument), its captures (outside values
the function uses: Variables, captured by identity, and eager tensors it closed over) and its
outputs. Control-flow ops (``If``, ``While``) hold their branches/bodies as nested ``Graph``s.

Everything here is plain data so that a learner (or a notebook widget) can look at it:

    graph.get_operations()   TF's inspection API: op.type, op.name, op.inputs, op.outputs
    print(graph)             a compact, stable text form (one line per op, like a jaxpr)
    graph.to_dot()           Graphviz DOT text
    graph.nodes_and_edges()  lists of dicts for custom renderers
"""

import contextlib
import re

import numpy as np

from ..core import context, dtypes
from ..core.shape import TensorShape
from ..core.tensor import Tensor
from . import registered_gradients
from .graph_def import graph_def, node_def
from .naming import Namer, frame_summary

# Values that are not arrays: a Variable handle and an opaque Python value (a TensorArray's
# list, a dataset iterator). They never reach NumPy kernels of the registry.
resource = dtypes.DType("resource", np.object_)
variant = dtypes.DType("variant", np.object_)


class TensorArrayLike:
    """Marker base class of tf.TensorArray (a traced function's returned TensorArrays are
    stacked into tensors)."""


class OperatorNotAllowedInGraphError(TypeError):
    """Using a symbolic tensor as a Python bool (``if t:``, ``while t:``) without AutoGraph."""


class InaccessibleTensorError(ValueError):
    """A tensor traced in one graph (a loop body, another function) used in another one."""


def out_of_scope_error(t, g):
    """TF's error for a tensor of graph `g` used where `g` is out of scope: a TypeError when `g`
    is a finished tf.function's graph, else an InaccessibleTensorError."""
    if g.outer is None:
        error = TypeError(
            f"{t!r} is out of scope and cannot be used here. Use return values, explicit Python "
            "locals or TensorFlow collections to access it.\nPlease see "
            "https://www.tensorflow.org/guide/function#all_outputs_of_a_tffunction_must_be_"
            "return_values for more information.\n\nThe tensor "
            f"{t!r} cannot be accessed from here, because it was defined in "
            f"FuncGraph(name={g.name}, id={id(g)}), which is out of scope.")
        error.unframed = True  # TF raises it as it is, without "in user code" lines
        return error
    return InaccessibleTensorError(
        f"The tensor '{t.name}' cannot be accessed here: it is defined in FuncGraph({g.name}), "
        "which is out of scope. A tensor made inside a loop body, a branch or another "
        "tf.function cannot be used outside of it (to collect values across loop iterations, "
        "use a tf.TensorArray).")


def default_session():
    """TF 1.x's default session (None here; graph/session.py, built on this module, sets it)."""
    return None


def _not_allowed(task):
    """TF's words for a Python use of a symbolic tensor (as a bool, iterated over)."""
    return (f"{task} is not allowed. You can attempt the following resolutions to the problem: "
            "If you are running in Graph mode, use Eager execution mode or decorate this "
            "function with @tf.function. If you are using AutoGraph, you can try decorating "
            "this function with @tf.function. If that does not work, then you may be using an "
            "unsupported feature or your source code may not be visible to AutoGraph. See "
            "https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/"
            "g3doc/reference/limitations.md#access-to-source-code for more information.")


class SymbolicTensor(Tensor):
    """A tensor inside a graph being traced: it has a dtype and a (maybe partial) shape, but no
    value until the compiled function runs."""

    __slots__ = ("_shape", "_op", "_index")

    # --- what a symbolic tensor knows ---------------------------------------------------------
    @property
    def shape(self):
        return self._shape

    @property
    def _settled_shape(self):
        """Equal to no other shape: a trace keeps every op a shortcut on equal shapes could
        skip (``sum_to_shape_of``); the simplify pass drops those whose static shapes match."""
        return object()

    @property
    def ndim(self):
        return self._shape.rank

    @property
    def name(self):
        return f"{self._op.name}:{self._index}"

    @property
    def op(self):
        return self._op

    @property
    def device(self):
        return self._op._device

    @property
    def graph(self):
        return self._op.graph

    @property
    def value_index(self):
        return self._index

    def set_shape(self, shape):
        """Narrows the static shape; an incompatible one is TF's shape-inference ValueError."""
        shape = TensorShape(shape)
        if not self._shape.is_compatible_with(shape):
            raise ValueError(_incompatible_shapes_message(self._shape, shape))
        self._shape = self._shape.merge_with(shape)

    def consumers(self):
        """The ops that take this tensor as an input (one entry per use, as in TF)."""
        return [op for op in self._op.graph.operations for t in op.inputs if t is self]

    def eval(self, feed_dict=None, session=None):
        """TF 1.x: the value in a Session (the default one, ``with tf.compat.v1.Session():``)."""
        session = session or default_session()
        if session is None:
            raise ValueError("Cannot evaluate tensor using `eval()`: No default session is "
                             "registered. Use `with sess.as_default()` or pass an explicit "
                             "session to `eval(session=sess)`")
        return session.run(self, feed_dict)

    # --- what it cannot do: there is no value while tracing ----------------------------------
    @property
    def numpy(self):
        # As in TF, a graph tensor has no `numpy` at all: `hasattr(t, "numpy")` is False.
        raise AttributeError(f"'{type(self).__name__}' object has no attribute 'numpy'")

    def __array__(self, dtype=None, copy=None):
        raise NotImplementedError(
            f"Cannot convert a symbolic tf.Tensor ({self.name}) to a numpy array. This error "
            "may indicate that you're trying to pass a Tensor to a NumPy call, which is not "
            "supported.")

    def __bool__(self):
        raise OperatorNotAllowedInGraphError(_not_allowed("Using a symbolic `tf.Tensor` as a "
                                                          "Python `bool`"))

    def __iter__(self):
        raise OperatorNotAllowedInGraphError(_not_allowed("Iterating over a symbolic "
                                                          "`tf.Tensor`"))

    def __len__(self):
        raise TypeError(f"len is not well defined for a symbolic Tensor ({self.name}). Please "
                        "call `x.shape` rather than `len(x)` for shape information.")

    def _no_scalar(self, *args):
        raise TypeError(f"Cannot convert the symbolic tensor {self.name} to a Python number "
                        "while tf.function traces: its value is only known when the function "
                        "runs. Use tf ops (tf.cast, tf.cond, ...) instead.")

    __int__ = __float__ = __index__ = __complex__ = _no_scalar

    @property
    def assign(self):
        """``v[key].assign(value)`` while tracing (graph/variable_slices.py); any other
        symbolic tensor has no ``assign``, as in TF."""
        from .variable_slices import assign_slice, slice_of  # (it builds on the ops package)
        found = slice_of(self)
        if found is None:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'assign'")
        variable, key = found

        def assign(value, use_locking=None, name=None, read_value=True):
            return assign_slice(variable, key, value, read_value)
        return assign

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __reduce__(self):
        raise TypeError(f"Cannot pickle the symbolic tensor {self.name}")

    def __str__(self):
        if self._shape._dims is None:  # TF leaves an unknown shape out
            return f'Tensor("{self.name}", dtype={self._dtype.name})'
        return f'Tensor("{self.name}", shape={self._shape}, dtype={self._dtype.name})'

    def __repr__(self):
        return f"<tf.Tensor '{self.name}' shape={self._shape} dtype={self._dtype.name}>"


def _incompatible_shapes_message(known, given):
    """TF's wording for merging two incompatible shapes (its C++ shape inference)."""
    if known.rank != given.rank:
        return f"Shapes must be equal rank, but are {known.rank} and {given.rank}"
    dims = zip(known.as_list(), given.as_list())
    axis, (a, b) = next((i, pair) for i, pair in enumerate(dims)
                        if None not in pair and pair[0] != pair[1])

    def text(shape):
        return "[" + ",".join("?" if d is None else str(d) for d in shape.as_list()) + "]"
    return (f"Dimension {axis} in both shapes must be equal, but are {a} and {b}. Shapes are "
            f"{text(known)} and {text(given)}.")


def make_symbolic(op, index, dtype, shape):
    t = object.__new__(SymbolicTensor)
    t._value = None
    t._dtype = dtype
    t._shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
    t._op = op
    t._index = index
    return t


class Operation:
    """One node of a graph (TF's ``tf.Operation``)."""

    __slots__ = ("graph", "type", "name", "opdef", "inputs", "outputs", "attrs",
                 "control_inputs", "subgraphs", "stateful", "_site", "_site_code", "_site_at",
                 "_device", "gradient_op_type", "_colocation")

    def __init__(self, graph, type_, name, opdef, inputs, attrs, stateful=False,
                 subgraphs=None):
        self.graph = graph
        self.type = type_
        self.name = name
        self.opdef = opdef  # the registry OpDef (None for Placeholder/Const)
        self.inputs = tuple(inputs)
        self.outputs = ()
        self.attrs = dict(attrs)
        self.control_inputs = []
        self.subgraphs = dict(subgraphs or {})
        self.stateful = stateful
        self._site = None  # where the user's code made it: see `site`
        self._site_code = None  # (the innermost frame's code and instruction, not yet read)
        self._site_at = -1
        self._device = ""  # what ``tf.device`` asked for when it was made ("" if nothing)
        # the name of the rule a gradient_override_map gave it (graph/registered_gradients.py)
        self.gradient_op_type = None
        self._colocation = None  # the op whose place ``graph.colocate_with`` tied it to

    def colocation_groups(self):
        """TF's colocation names of this op: ``[b"loc:@<op>"]``, the op ``colocate_with`` named
        when it was made, else itself."""
        return [b"loc:@" + (self._colocation or self).name.encode()]

    @property
    def device(self):
        """The device ``with tf.device(...)`` requested for this op (TF's canonical form,
        ``/device:CPU:0``), or "" when none was: everything runs on the CPU here."""
        return self._device

    @property
    def site(self):
        """Where the user's code made this op, outermost frame first: ((file, line,
        function), ...), what TF's ``Detected at node ... defined at`` lists; None when no
        user code made it. The tracer keeps the innermost frame as a code object and an
        instruction offset, and its line is read only here (few ops are ever asked)."""
        code = self._site_code
        if code is not None:
            self._site = self._site + (frame_summary(code, self._site_at),)
            self._site_code = None
        return self._site

    @site.setter
    def site(self, value):
        self._site, self._site_code = value, None

    # TF's accessors ------------------------------------------------------------------------
    def values(self):
        """The op's output tensors, as a tuple (TF 1.x's name for ``outputs``)."""
        return tuple(self.outputs)

    def get_attr(self, name):
        """The value of attr `name`: ours, or one TF's NodeDef of this op lists (``SrcT``)."""
        if name in self.attrs:
            return self.attrs[name]
        attr = self.node_def.attr.get(name)
        if attr is None:
            raise ValueError(f"Operation '{self.name}' has no attr named '{name}'.")
        value = getattr(attr, attr.WhichOneof())
        return value.encode("latin-1") if attr.WhichOneof() == "s" else value

    @property
    def node_def(self):
        """TF's NodeDef of this operation (``name``, ``op``, ``input``, ``attr``)."""
        return node_def(self)

    def run(self, feed_dict=None, session=None):
        """TF 1.x: runs this op in a Session (the default one, ``with tf.compat.v1.Session():``)."""
        session = session or default_session()
        if session is None:
            raise ValueError("Cannot execute operation using `run()`: No default session is "
                             "registered. Use `with sess.as_default():` or pass an explicit "
                             "session to `run(session=sess)`")
        session.run(self, feed_dict)

    def __str__(self):  # TF prints an op as its NodeDef's text
        return str(self.node_def)

    def __repr__(self):
        return f"<tf.Operation '{self.name}' type={self.type}>"


_SHORT_DTYPES = {"float16": "f16", "float32": "f32", "float64": "f64", "int8": "i8",
                 "int16": "i16", "int32": "i32", "int64": "i64", "uint8": "u8", "uint16": "u16",
                 "uint32": "u32", "uint64": "u64", "bool": "bool", "string": "str",
                 "resource": "resource", "variant": "variant"}


# AutoGraph builds on this module: graph/function.py puts its converter of a layer's call here.
CALL_CONVERTER = [None]


def outer_autograph(outer):
    """Whether a branch or loop body traced inside `outer` converts Keras calls as it does."""
    return bool(getattr(outer, "autograph", False))


def requested_device(op=None):
    """The device the innermost ``tf.device`` (or ``graph.device``) names for `op` (its
    canonical string), or ""."""
    for spec in reversed(context.state.device_stack):
        if type(spec) is GraphDevice:
            return spec.for_op(op)
        if getattr(spec, "device_type", None) is not None:
            return spec.to_string()
    return ""


class GraphDevice:
    """What ``graph.device(name_or_function)`` requests: a device string, None (no device),
    or TF 1.x's device function, called with each op made inside to name its device."""

    def __init__(self, name_or_function):
        self.request = name_or_function

    def for_op(self, op):
        if callable(self.request):  # (TF keeps what the function returns as it is)
            return self.request(op) or ""
        return canonical_device(self.request) if self.request else ""


def canonical_device(name):
    """TF's canonical form of a device string: "/cpu:0" is "/device:CPU:0", a missing index
    "*"; job, replica and task parts stay as they are."""
    parts = []
    for part in name.split("/"):
        fields = part.split(":")
        if not part:
            continue
        if fields[0] in ("job", "replica", "task"):
            parts.append("/" + part)
        else:
            if fields[0] == "device":
                fields = fields[1:]
            index = fields[1] if len(fields) > 1 else "*"
            parts.append(f"/device:{fields[0].upper()}:{index}")
    return "".join(parts)


def type_text(t):
    """``f32[2,None]`` style text for a tensor's dtype and shape."""
    name = _SHORT_DTYPES.get(t._dtype.name, t._dtype.name)
    if t._dtype is resource or t._dtype is variant:
        return name
    dims = t.shape._dims
    if dims is None:
        return f"{name}[*]"
    return name + "[" + ",".join("?" if d is None else str(d) for d in dims) + "]"


class Graph:
    """A traced function: operations in program order, inputs, captures and outputs."""

    building_function = True  # (TF's FuncGraph; a TF 1.x graph says False)

    def __init__(self, name="graph", outer=None, names_ops=False):
        self.name = name
        self.outer = outer  # the enclosing graph for branches and loop bodies
        self.operations = []
        self.inputs = []  # Placeholder outputs for the arguments, in order
        self.captures = []  # (outside object, Placeholder output) pairs
        self.outputs = []
        self._used_names = {}
        self._by_name = {}
        # A traced FuncGraph names ops as TF's Python API does; copies made by passes do not.
        self.namer = Namer(self) if names_ops else None

    # --- building ---------------------------------------------------------------------------------
    def unique_name(self, base, mark_as_used=True):
        """`base`, or ``base_1``, ``base_2``, ... if taken: TF's rule, which compares names
        without case (after an op ``add``, ``tf.add``'s default ``Add`` becomes ``Add_1``).
        With ``mark_as_used=False`` the name is not taken (a later call returns it again)."""
        base = base or "op"
        key = base.lower()
        n = self._used_names.get(key)
        if n is None:
            if mark_as_used:
                self._used_names[key] = 1
            return base
        while f"{key}_{n}" in self._used_names:
            n += 1
        if not mark_as_used:
            return f"{base}_{n}"
        self._used_names[key] = n + 1
        self._used_names[f"{key}_{n}"] = 1
        return f"{base}_{n}"

    def _release_name(self, name):
        """Gives back a name unique_name handed out last (an op renamed just after)."""
        key = name.lower()
        if self._used_names.get(key) == 1:
            del self._used_names[key]
        base, _, n = key.rpartition("_")
        if base and n.isdigit() and self._used_names.get(base) == int(n) + 1:
            self._used_names[base] = int(n)

    def rename_op(self, op, name, release=True):
        """Renames `op` (its tensors' names follow: they are derived from it)."""
        if self._by_name.get(op.name) is op:
            del self._by_name[op.name]
        if release:
            self._release_name(op.name)
        op.name = name
        self._by_name[name] = op

    def remember_variable_slice(self, sliced, variable, key):
        """`sliced` is ``variable[key]``: its ``assign`` writes into `variable`
        (graph/variable_slices.py; the graph keeps `sliced`, so its id stays its own)."""
        self.__dict__.setdefault("variable_slices", {})[id(sliced)] = (variable, key)
        return sliced

    def create_op(self, type_, inputs, attrs, out_specs, opdef=None, name=None, stateful=False,
                  subgraphs=None):
        """Appends an operation; `out_specs` is a list of (dtype, shape) for its outputs. Its
        name is `name` made unique, else as TF names it (the namer's, or its type)."""
        namer = None if name else self.namer
        if namer is None:
            op_name = self.unique_name(name or type_)
        else:
            op_name = namer.name_for(type_, inputs, opdef)
        op = self._append(Operation(self, type_, op_name, opdef, inputs, attrs, stateful,
                                    subgraphs), out_specs)
        if self.gradient_overrides:
            op.gradient_op_type = self.gradient_overrides.get(type_)
        if self.colocation_stack:
            op._colocation = self.colocation_stack[-1]
        if namer is not None:
            namer.created(op)
        return op

    def _append(self, op, out_specs):
        op.outputs = tuple(make_symbolic(op, i, d, s) for i, (d, s) in enumerate(out_specs))
        if context.state.device_stack:
            op._device = requested_device(op)
        self.operations.append(op)
        self._by_name[op.name] = op
        return op

    def add_placeholder(self, dtype, shape, name="input", capture_of=None):
        op = Operation(self, "Placeholder", self.unique_name(name), None, (),
                       {"dtype": dtype, "shape": TensorShape(shape)})
        op.outputs = (make_symbolic(op, 0, dtype, TensorShape(shape)),)
        self.operations.append(op)
        self._by_name[op.name] = op
        if capture_of is None:
            self.inputs.append(op.outputs[0])
        else:
            self.captures.append((capture_of, op.outputs[0]))
        return op.outputs[0]

    # --- Keras layers under AutoGraph -------------------------------------------------------
    autograph = False  # a tf.function's trace with autograph sets it (its branches inherit it)

    def convert_call(self, call):
        """A Keras layer's bound ``call`` as AutoGraph converts it when this graph is traced
        with autograph (TF's Keras converts ``call`` then: a tensor ``if`` or ``for`` in it
        becomes graph control flow), else ``call`` itself. Keras's own layers run as written."""
        if not self.autograph or CALL_CONVERTER[0] is None:
            return call
        return CALL_CONVERTER[0](call)

    # --- TF's scoping API -------------------------------------------------------------------
    gradient_overrides = None  # op type -> registered gradient name, inside the block below
    seed = None  # the graph-level random seed tf.random.set_seed gave while building it

    def gradient_override_map(self, op_type_map):
        """``with g.gradient_override_map({"Identity": "MyGrad"}):`` ops of those types made
        inside are differentiated by the function ``tf.RegisterGradient("MyGrad")`` gave."""
        return registered_gradients.gradient_override_map(self, op_type_map)

    @contextlib.contextmanager
    def name_scope(self, name):
        """``graph.name_scope(name)``: the ops made inside are named ``name/...`` (the scope
        string, ``"name/"``, is what ``as`` gives). A name ending in "/" is the whole scope as
        it is; None or "" returns to the top (no scope)."""
        if name and not name.endswith("/"):
            with context.name_scope(name) as scope:
                yield scope
            return
        scopes = context.state.name_scopes
        saved = list(scopes)
        scopes[:] = name.rstrip("/").split("/") if name else []
        try:
            yield name or ""
        finally:
            scopes[:] = saved

    colocation_stack = ()  # the ops of the ``colocate_with`` blocks open (innermost last)

    @contextlib.contextmanager
    def colocate_with(self, op, ignore_existing=False):
        """Ops made inside are placed with `op` (an op, a tensor's op, or a Variable): their
        ``colocation_groups()`` name it. None clears the colocation of the blocks around."""
        saved = self.colocation_stack
        target = getattr(op, "op", op) if op is not None else None
        if target is not None and not isinstance(target, Operation):
            target = None  # an eager value or a Variable: nothing to name here
        self.colocation_stack = (saved + (target,)) if target is not None else ()
        try:
            yield
        finally:
            self.colocation_stack = saved

    # --- TF 1.x's collections: named lists of anything, kept by the graph --------------------
    def get_collection_ref(self, name):
        """The list of collection `name` itself (appending to it adds to the collection)."""
        return self.__dict__.setdefault("collections", {}).setdefault(name, [])

    def get_collection(self, name, scope=None):
        """A copy of collection `name`, or only the items whose name matches `scope` (from
        its start). TF 1.x's variable collections list the Variables created in the graph."""
        if name in ("variables", "trainable_variables"):
            found = [v for v in getattr(self, "created_variables", ())
                     if (v.trainable if name == "trainable_variables" else _is_global(v))]
        else:
            found = list(self.__dict__.get("collections", {}).get(name, ()))
        if scope is not None:
            found = [v for v in found if re.match(scope, getattr(v, "name", "") or "")]
        return found

    def add_to_collection(self, name, value):
        self.get_collection_ref(name).append(value)

    def add_to_collections(self, names, value):
        for name in [names] if isinstance(names, str) else names:
            self.add_to_collection(name, value)

    def get_all_collection_keys(self):
        return [k for k, v in self.__dict__.get("collections", {}).items() if v]

    def clear_collection(self, name):
        self.__dict__.get("collections", {}).pop(name, None)

    @contextlib.contextmanager
    def device(self, device_name_or_function):
        """``with g.device("/cpu:0"):`` the ops made inside request that device (everything
        runs on the CPU here); a function of the op may choose per op, None requests none."""
        stack = context.state.device_stack
        stack.append(GraphDevice(device_name_or_function))
        try:
            yield
        finally:
            stack.pop()

    def get_name_scope(self):
        """The current name scope, without the trailing "/" ("" at the top)."""
        return "/".join(context.state.name_scopes)

    def is_feedable(self, tensor):
        """Whether `tensor` may be fed a value in ``Session.run`` (all but those
        ``prevent_feeding`` named)."""
        return id(tensor) not in self.__dict__.get("unfeedable", ())

    def is_fetchable(self, tensor_or_op):
        """Whether ``Session.run`` may fetch it (all but the ops ``prevent_fetching`` named,
        and their tensors)."""
        op = tensor_or_op._op if isinstance(tensor_or_op, SymbolicTensor) else tensor_or_op
        return id(op) not in self.__dict__.get("unfetchable", ())

    def prevent_feeding(self, tensor):
        self.__dict__.setdefault("unfeedable", set()).add(id(tensor))

    def prevent_fetching(self, op):
        self.__dict__.setdefault("unfetchable", set()).add(id(op))

    @contextlib.contextmanager
    def container(self, container_name):
        """TF 1.x: stateful ops made inside keep their state in that resource container (a
        Session can reset it). Variables here live in Python objects: names stay as they are."""
        yield container_name

    def as_graph_element(self, obj, allow_tensor=True, allow_operation=True):
        """The tensor (``"y:0"``) or operation (``"y"``) of this graph a name or object
        stands for (TF 1.x's lookup that ``Session.run`` does on each fetch)."""
        if isinstance(obj, str):
            if ":" in obj:
                if not allow_tensor:
                    raise ValueError(f"Name {obj!r} appears to refer to a Tensor, not a "
                                     "Operation.")
                return self.get_tensor_by_name(obj)
            if not allow_operation:
                raise ValueError(f"The name {obj!r} looks like an (invalid) Operation name, "
                                 "not a Tensor. Tensor names must be of the form "
                                 '"<op_name>:<output_index>".')
            return self.get_operation_by_name(obj)
        if isinstance(obj, SymbolicTensor) and allow_tensor or \
                isinstance(obj, Operation) and allow_operation:
            if obj.graph is not self:
                raise ValueError(f"{obj!r} is not an element of this graph.")
            return obj
        raise TypeError(f"Can not convert a {type(obj).__name__} into a "
                        f"{'Tensor or Operation' if allow_tensor else 'Operation'}.")

    @property
    def graph_def_versions(self):
        """The ``versions`` of this graph's GraphDef."""
        return graph_def(self).versions

    # --- TF's inspection API ----------------------------------------------------------------------
    def get_operations(self):
        return list(self.operations)

    def get_operation_by_name(self, name):
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"The name '{name}' refers to an Operation not in the graph.") \
                from None

    def get_tensor_by_name(self, name):
        op_name, colon, index = name.partition(":")
        if not colon or not index.isdigit():
            raise ValueError(f"The name '{name}' refers to an Operation, not a Tensor. Tensor "
                             'names must be of the form "<op_name>:<output_index>".')
        op = self._by_name.get(op_name)
        if op is None:
            raise KeyError(f"The name '{name}' refers to a Tensor which does not exist. The "
                           f"operation, '{op_name}', does not exist in the graph.")
        if int(index) >= len(op.outputs):
            raise KeyError(f"The name '{name}' refers to a Tensor which does not exist. The "
                           f"operation, '{op_name}', exists but only has {len(op.outputs)} "
                           "outputs.")
        return op.outputs[int(index)]

    def as_graph_def(self):
        """TF's GraphDef: ``.node`` lists NodeDefs; prints in protobuf text format."""
        return graph_def(self)

    @property
    def placeholders(self):
        return [t for t in self.inputs] + [t for _, t in self.captures]

    # --- printing ---------------------------------------------------------------------------------
    def __str__(self):
        return "\n".join(format_graph(self))

    def __repr__(self):
        return f"<Graph {self.name!r}: {len(self.operations)} ops>"

    def to_dot(self):
        return to_dot(self)

    def nodes_and_edges(self):
        return nodes_and_edges(self)

    def copy(self):
        return copy_graph(self)


def _is_global(variable):
    """Whether a Variable made in a graph is in its GLOBAL_VARIABLES collection: all are, but
    those made for other collections only (TF 1.x's local Variables: metric totals)."""
    collections = getattr(variable, "_v1_collections", None)
    return collections is None or "variables" in collections


_SNAKE_NAMES = {}


def snake_name(type_):
    """``AddV2`` -> ``add_v2``: the default name of an op of that type."""
    name = _SNAKE_NAMES.get(type_)
    if name is None:
        name = _SNAKE_NAMES[type_] = _snake_name(type_)
    return name


def _snake_name(type_):
    out = []
    for i, ch in enumerate(type_):
        if ch.isupper() and i and type_[i - 1] != "_" and (
                not type_[i - 1].isupper() or (i + 1 < len(type_) and type_[i + 1].islower())):
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


def value_name(op_name):
    """A Python name for an op's value in compiled code: the node's name in snake case
    (``sequential/dense/MatMul`` -> ``sequential_dense_mat_mul``), never a kernel's name."""
    base, sep, number = op_name.rpartition("_")
    if sep and number.isdigit():  # (add_17: the cache keeps "add", not every numbered name)
        return value_name(base) + "_" + number
    return snake_name(re.sub(r"\W", "_", op_name))


# --- the text form ------------------------------------------------------------------------------
def _attr_text(value):
    if isinstance(value, dtypes.DType):
        return value.name
    if isinstance(value, TensorShape):
        return str(value)
    if isinstance(value, slice):
        parts = ["" if v is None else str(v) for v in (value.start, value.stop, value.step)]
        return ":".join(parts[:2]) if value.step is None else ":".join(parts)
    if value is Ellipsis:
        return "..."
    if isinstance(value, tuple):
        inner = ", ".join(_attr_text(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, np.ndarray):
        return const_text(value)
    if isinstance(value, str):
        return repr(value)
    if callable(value):
        return getattr(value, "__name__", type(value).__name__)
    return repr(value)


def const_text(array):
    """A Const's value: the numbers when small, else a summary."""
    array = np.asarray(array)
    if array.size <= 8 and array.dtype != object:
        text = np.array2string(array, separator=",", threshold=8).replace("\n", "")
        return " ".join(text.split())
    if array.dtype == object:
        return f"<{array.size} strings>" if array.ndim else repr(array[()])
    return f"<{array.size} values>"


def _tensor_ref(t, graph):
    if t._op.graph is not graph:
        return "%" + t.name  # from an enclosing graph (should not happen after capture)
    op = t._op
    return "%" + (op.name if len(op.outputs) == 1 else f"{op.name}:{t._index}")


def format_graph(graph, indent="", header=None):
    lines = []
    args = ", ".join(f"%{t._op.name}: {type_text(t)}" for t in graph.inputs)
    lines.append(indent + (header or "func") + f" {graph.name}({args}) {{")
    for obj, t in graph.captures:
        lines.append(f"{indent}  capture %{t._op.name}: {type_text(t)} <- {_describe(obj)}")
    for op in graph.operations:
        if op.type == "Placeholder":
            continue
        lines.extend(format_op(op, indent + "  "))
    outs = ", ".join(_tensor_ref(t, graph) if t is not None else "None" for t in graph.outputs)
    lines.append(f"{indent}  return {outs}" if graph.outputs else f"{indent}  return")
    lines.append(indent + "}")
    return lines


def _describe(obj):
    if isinstance(obj, SymbolicTensor):
        return "%" + obj.name
    if isinstance(obj, Tensor):
        return f"tensor {const_text(obj._value)}"
    name = getattr(obj, "name", None)
    if isinstance(name, str):
        # Any kind of tf.Variable (ResourceVariable, ...) is shown as a Variable.
        kind = "Variable" if hasattr(obj, "trainable") and hasattr(obj, "assign") \
            else type(obj).__name__
        return f"{kind} {name!r}"
    return type(obj).__name__


def format_op(op, indent):
    graph = op.graph
    ins = ", ".join(_tensor_ref(t, graph) for t in op.inputs)
    attrs = {k: v for k, v in op.attrs.items() if not k.startswith("_")}
    if op.type == "Const":
        ins = const_text(attrs.pop("value"))
        attrs = {}
    attr_text = ""
    if attrs:
        attr_text = " {" + ", ".join(f"{k}={_attr_text(v)}" for k, v in attrs.items()) + "}"
    if op.outputs:
        lhs = ", ".join(_tensor_ref(t, graph) for t in op.outputs) + " = "
        types = " : " + ", ".join(type_text(t) for t in op.outputs)
    else:
        lhs, types = "", ""
    extras = ""
    if op.control_inputs:
        extras = "  ^(" + ", ".join("%" + c.name for c in op.control_inputs) + ")"
    flag = "  !" if op.stateful and not op.subgraphs else ""
    line = f"{indent}{lhs}{op.type}({ins}){attr_text}{types}{extras}{flag}"
    if not op.subgraphs:
        return [line]
    lines = [line + " {"]
    for label, sub in op.subgraphs.items():
        lines.extend(format_graph(sub, indent + "  ", header=label))
    lines.append(indent + "}")
    return lines


# --- Graphviz and plain view-models -------------------------------------------------------------
def nodes_and_edges(graph):
    """Plain data for renderers: nodes (id, type, label, attrs, stateful) and data/control
    edges (source id, target id, label)."""
    nodes, edges = [], []
    for op in graph.operations:
        nodes.append({"id": op.name, "type": op.type, "label": op.name,
                      "attrs": {k: _attr_text(v) for k, v in op.attrs.items()
                                if not k.startswith("_")},
                      "outputs": [type_text(t) for t in op.outputs],
                      "stateful": op.stateful, "subgraphs": list(op.subgraphs)})
        for t in op.inputs:
            edges.append({"source": t._op.name, "target": op.name, "label": type_text(t),
                          "control": False})
        for c in op.control_inputs:
            edges.append({"source": c.name, "target": op.name, "label": "", "control": True})
    for i, t in enumerate(graph.outputs):
        if t is not None:
            edges.append({"source": t._op.name, "target": f"output_{i}",
                          "label": type_text(t), "control": False})
    return {"nodes": nodes, "edges": edges,
            "outputs": [f"output_{i}" for i, t in enumerate(graph.outputs) if t is not None]}


def _dot_id(name):
    return '"' + name.replace('"', '\\"') + '"'


def to_dot(graph):
    """Graphviz DOT text: ops as boxes (stateful ones bold), placeholders as ellipses,
    control dependencies dashed."""
    view = nodes_and_edges(graph)
    lines = [f"digraph {_dot_id(graph.name)} {{", "  rankdir=TB;",
             '  node [fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=9];']
    for n in view["nodes"]:
        label = n["type"] if n["type"] in ("Placeholder", "Const") else n["type"]
        label = f"{n['label']}\\n{label}"
        if n["type"] == "Placeholder":
            shape = "ellipse"
        elif n["type"] == "Const":
            shape = "note"
            label += "\\n" + n["attrs"].get("value", "").replace('"', "'")
        else:
            shape = "box"
        style = ', style="bold"' if n["stateful"] else ""
        lines.append(f'  {_dot_id(n["id"])} [label="{label}", shape={shape}{style}];')
    for name in view["outputs"]:
        lines.append(f'  {_dot_id(name)} [label="{name}", shape=doublecircle];')
    for e in view["edges"]:
        style = ', style="dashed"' if e["control"] else ""
        lines.append(f'  {_dot_id(e["source"])} -> {_dot_id(e["target"])} '
                     f'[label="{e["label"]}"{style}];')
    lines.append("}")
    return "\n".join(lines)


# --- copying (passes return new graphs and never change their input) --------------------------
def copy_graph(graph, outer=None, mapping=None):
    """A deep copy of `graph` (new Operation and tensor objects, same structure). Pass a dict
    as `mapping` to get the correspondence (id(old tensor) -> new tensor)."""
    new = Graph(graph.name, outer if outer is not None else graph.outer)
    mapping = {} if mapping is None else mapping
    # Placeholders first: a capture added late (see control_flow) may be used by earlier ops.
    for op in graph.operations:
        if op.type == "Placeholder":
            clone_op(new, op, mapping)
    for op in graph.operations:
        if op.type != "Placeholder":
            clone_op(new, op, mapping)
    new.inputs = [mapping[id(t)] for t in graph.inputs]
    new.captures = [(obj, mapping[id(t)]) for obj, t in graph.captures]
    new.outputs = [None if t is None else mapping.get(id(t), t) for t in graph.outputs]
    return new


def clone_op(graph, op, mapping, inputs=None):
    """Adds a copy of `op` to `graph`, its inputs remapped through `mapping` (id -> tensor)."""
    if inputs is None:
        get = mapping.get
        inputs = [get(id(t), t) for t in op.inputs]
    subgraphs = op.subgraphs
    new = Operation(graph, op.type, op.name, op.opdef, inputs, op.attrs, op.stateful,
                    {k: copy_graph(g, graph) for k, g in subgraphs.items()} if subgraphs
                    else None)
    new._site, new._site_code, new._site_at = op._site, op._site_code, op._site_at
    new.gradient_op_type = op.gradient_op_type
    graph._by_name[new.name] = new
    graph._used_names.setdefault(new.name.lower(), 1)
    new.outputs = tuple(make_symbolic(new, i, t._dtype, t._shape)
                        for i, t in enumerate(op.outputs))
    if op.control_inputs:
        new.control_inputs = [mapping["op", id(c)] for c in op.control_inputs
                              if ("op", id(c)) in mapping]
    graph.operations.append(new)
    for old_t, new_t in zip(op.outputs, new.outputs):
        mapping[id(old_t)] = new_t
    mapping["op", id(op)] = new
    return new


# --- the verifier: what every graph (traced or rewritten by a pass) must satisfy ----------------
class VerificationError(ValueError):
    """A graph breaks one of the IR's rules (a bug in the tracer or in a pass)."""


def verify(graph, outer_visible=frozenset()):
    """Checks the IR's rules and raises VerificationError naming the first one broken:

    1. every operation belongs to `graph`, its name is unique, its outputs point back to it;
    2. every input is defined earlier in program order (placeholders included), in this
       graph; control inputs are earlier operations of this graph;
    3. placeholders are exactly the graph's inputs and captures; outputs are defined tensors;
    4. ``If``: one predicate plus one input per branch input, both branches return as many
       values as the op has outputs, with the op's dtypes; ``While``: cond and body take the
       loop variables plus the captured values, body returns one value per loop variable;
    5. the same rules hold inside every branch and loop body.
    """
    def fail(message):
        raise VerificationError(f"graph {graph.name!r}: {message}")

    defined, seen_ops, names = set(), set(), set()
    placeholders = {id(t) for t in graph.inputs} | {id(t) for _, t in graph.captures}
    for op in graph.operations:
        if op.graph is not graph:
            fail(f"operation {op.name!r} belongs to another graph")
        if op.name in names:
            fail(f"two operations are named {op.name!r}")
        names.add(op.name)
        for i, t in enumerate(op.outputs):
            if t._op is not op or t._index != i:
                fail(f"output {i} of {op.name!r} does not point back to it")
        if op.type == "Placeholder" and id(op.outputs[0]) not in placeholders:
            fail(f"placeholder {op.name!r} is neither an input nor a capture")
        for t in op.inputs:
            if id(t) not in defined:
                fail(f"{op.name!r} uses {t.name!r} before it is defined (or from another "
                     "graph)")
        for c in op.control_inputs:
            if id(c) not in seen_ops:
                fail(f"{op.name!r} has a control input {c.name!r} that does not come before it")
        _verify_control_flow(op, fail)
        for sub in op.subgraphs.values():
            verify(sub)
        seen_ops.add(id(op))
        defined.update(id(t) for t in op.outputs)
    if placeholders - defined:
        fail("an input or capture has no Placeholder operation")
    for t in graph.outputs:
        if t is not None and id(t) not in defined:
            fail(f"output {t.name!r} is not defined in the graph")
    return graph


def _verify_control_flow(op, fail):
    if op.type == "If":
        for label in ("then", "else"):
            branch = op.subgraphs.get(label)
            if branch is None:
                fail(f"If {op.name!r} has no {label} branch")
            if len(branch.inputs) != len(op.inputs) - 1:
                fail(f"If {op.name!r}: the {label} branch takes {len(branch.inputs)} inputs, "
                     f"the op passes {len(op.inputs) - 1}")
            if [t._dtype for t in branch.outputs] != [t._dtype for t in op.outputs]:
                fail(f"If {op.name!r}: the {label} branch's output dtypes differ from the op's")
    elif op.type == "While":
        n = op.attrs["num_loop_vars"]
        cond, body = op.subgraphs.get("cond"), op.subgraphs.get("body")
        if cond is None or body is None:
            fail(f"While {op.name!r} needs a cond and a body")
        n_captured = len(op.inputs) - n - (1 if op.attrs.get("has_max") else 0)
        for label, sub in (("cond", cond), ("body", body)):
            if len(sub.inputs) != n + n_captured:
                fail(f"While {op.name!r}: {label} takes {len(sub.inputs)} inputs, expected "
                     f"{n} loop variables + {n_captured} captured values")
        if len(body.outputs) != n or len(op.outputs) != n:
            fail(f"While {op.name!r}: body returns {len(body.outputs)} values for {n} loop "
                 "variables")
        if len(cond.outputs) != 1 or cond.outputs[0]._dtype is not dtypes.bool:
            fail(f"While {op.name!r}: cond must return one bool")

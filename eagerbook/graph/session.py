"""TF 1.x graph mode for ``tf.compat.v1``: define-and-run, the way TF 1.x worked.

    g = tf.compat.v1.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, shape=[None])
        y = x * 2 + 1                      # nothing runs: ops join the graph
    with tf.compat.v1.Session(graph=g) as sess:
        print(sess.run(y, feed_dict={x: [1., 2.]}))   # [3. 5.]

It is built on the same graph IR as ``tf.function``: ``Session.run`` prunes the graph to what
the fetches need, optimizes it and compiles it (once per set of fetches and feeds). As in TF 1.x,
only the ops the fetches depend on run (through data and control inputs): an assignment runs
when it is fetched, ``sess.run(v.assign(x))`` (which returns the new value), or when a fetched
value depends on it, or when a fetched op was made inside ``tf.control_dependencies`` on it
(``optimizer.minimize(loss)`` returns such an op: a NoOp whose control inputs are the
updates). Fetching a Variable itself returns its value and runs nothing. Any tensor can be fed,
not only placeholders (``placeholder_with_default`` is meant for that).

A Variable made in a graph has its value from creation (eagerbook computes the initial value
then) and remembers it: running an initializer (``global_variables_initializer()``,
``local_variables_initializer()``, ``v.initializer``) puts that value back, as TF 1.x's
initializers (re)assign it. So a new session's ``sess.run(init)`` starts from the initial values,
and re-running ``local_variables_initializer()`` resets TF 1.x's streaming metrics. As in TF 1.x,
each session must initialize a graph's Variables before reading them (an initializer, an
assignment or ``Saver.restore`` in that session): reading one earlier is a
FailedPreconditionError.
"""

import contextlib
import threading

import numpy as np

from ..core import context, dtypes, errors, nest
from ..core.shape import TensorShape
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from ..core.variable import Variable
from ..ops.registry import REGISTRY, execute, register
from . import ir
from .compile import compile_graph
from .gradients import gradients
from .ir import Graph as IRGraph
from .ir import Operation, SymbolicTensor, copy_graph
from .passes import optimize
from .tracer import FuncGraph


class _V1FuncGraph(FuncGraph):
    """The builder of a TF 1.x graph. Only difference from tf.function's: an assignment
    evaluates to the Variable's new value (TF 1.x's ``v.assign(x)`` is a tensor), a read with a
    control input on the assignment, so fetching it runs the assignment first."""

    def assign_variable(self, variable, kind, value):
        super().assign_variable(variable, kind, value)
        assign_op = next(op for op in reversed(self.operations) if op.type == kind)
        new_value = self.read_variable(variable)
        new_value._op.control_inputs.append(assign_op)
        return new_value


class _GraphType(type):
    """``isinstance(concrete.graph, tf.Graph)`` is True, as in TF (where a tf.function's
    FuncGraph is a subclass of Graph): every IR graph counts as one."""

    def __instancecheck__(cls, obj):
        return type.__instancecheck__(cls, obj) or isinstance(obj, IRGraph)


class Graph(_V1FuncGraph, metaclass=_GraphType):
    """A TF 1.x graph: ops created under ``as_default()`` are added to it, not run. It is the
    builder graph itself, so a tensor made under ``as_default()`` has ``t.graph is g``."""

    building_function = False  # (a tf.function's graph is one)

    def __init__(self):
        super().__init__("graph")
        self.allow_variable_creation = True
        self._finalized = False
        self._version = 0
        self._per_thread = threading.local()  # the blocks open in each thread, as TF's

    @property
    def _control_dependencies(self):
        """Per ``control_dependencies`` block this thread has open: (its ops, the ids of the
        ops made inside it). Another thread adding ops to the graph is not inside them."""
        return getattr(self._per_thread, "control_dependencies", [])

    @_control_dependencies.setter
    def _control_dependencies(self, blocks):
        self._per_thread.control_dependencies = blocks

    # --- TF 1.x's graph state -----------------------------------------------------------------
    @property
    def finalized(self):
        return self._finalized

    def finalize(self):
        """Makes the graph read-only: adding an op is then a RuntimeError (TF 1.x's guard
        against building ops inside a training loop by mistake)."""
        self._finalized = True

    def _unsafe_unfinalize(self):
        """Writable again (TF's name: a monitored session does it when it closes)."""
        self._finalized = False

    @property
    def version(self):
        """How many ops were added so far."""
        return self._version

    def _check_not_finalized(self):
        if self._finalized:
            raise RuntimeError("Graph is finalized and cannot be modified.")

    def create_op(self, type_, inputs, attrs, out_specs, **kwargs):
        self._check_not_finalized()
        op = super().create_op(type_, inputs, attrs, out_specs, **kwargs)
        self._version += 1
        for t in op.outputs:
            t.__class__ = HashableTensor  # TF 1.x tensors can key a feed_dict
        input_ops = {id(t._op) for t in op.inputs}
        for ops, made_inside in self._control_dependencies:  # runs after them when fetched
            # (unless an input was made inside the same block: it runs after them already)
            if not input_ops & made_inside:
                op.control_inputs.extend(c for c in ops if c is not op)
            made_inside.add(id(op))
        return op

    def add_placeholder(self, dtype, shape, name="input", capture_of=None):
        self._check_not_finalized()
        self._version += 1
        return super().add_placeholder(dtype, shape, name=name, capture_of=capture_of)

    @contextlib.contextmanager
    def control_dependencies(self, control_inputs):
        """Ops created inside run after `control_inputs` (when a fetch needs them). None
        clears the dependencies of the blocks around, as in TF."""
        saved = self._control_dependencies
        if control_inputs is None:
            self._control_dependencies = []
        else:
            self._control_dependencies = saved + [([_as_op(c) for c in control_inputs
                                                    if _as_op(c) is not None], set())]
        try:
            yield
        finally:
            self._control_dependencies = saved

    def group(self, inputs, name=None):
        """A NoOp that runs `inputs` (ops or tensors) when fetched: TF 1.x's train op. A
        group of initializers only (``tf.group(global_init, local_init)``) is one."""
        inputs = nest.flatten(list(inputs))
        initializers = [x for x in inputs if isinstance(x, _NoOp)]
        if initializers and len(initializers) == len(inputs):
            group = _init_op(name or "group_deps", [v for x in initializers for v in x._variables])
            group._effect = lambda session, feed_dict: [
                x._effect(session, feed_dict) for x in initializers if x._effect]
            return group
        op = self.create_op("NoOp", (), {}, [], name=name or "NoOp", stateful=True)
        op.control_inputs.extend(c for c in map(_as_op, inputs) if c is not None)
        if initializers:  # (run by Session.run before the rest)
            self.__dict__.setdefault("group_initializers", {})[id(op)] = initializers
        return op

    def _gradients(self, ys, xs, grad_ys=None):
        """``tf.gradients`` in this graph (for TF 1.x optimizers, which may not import the
        graph package)."""
        return gradients(ys, xs, grad_ys=grad_ys)

    @property
    def _graph(self):  # the IR graph that Session runs: this one
        return self

    @contextlib.contextmanager
    def as_default(self):
        _default_stack().append(self)
        try:
            with context.building_graph(self):
                yield self
        finally:
            _default_stack().pop()

    def variable_created(self, variable):
        """A Variable made in this graph keeps its initial value: its initializer puts it back
        (a copy: updates may write into the array they are given)."""
        super().variable_created(variable)
        variable._v1_initial_value = np.array(variable._value, copy=True)
        variable._v1_graph = self


def _as_op(x):
    """The op behind a control input: an Operation, a tensor's op, or None (nothing to run:
    an eager value, or an op eagerbook runs at creation)."""
    if isinstance(x, Operation):
        return x
    if isinstance(x, SymbolicTensor):
        return x._op
    if hasattr(x, "op") and isinstance(getattr(x, "op", None), Operation):
        return x.op
    return None


class _DefaultGraphStack(threading.local):
    """The graphs entered with ``graph.as_default()``: per thread, as in TF (the global
    default graph, used when none is entered, is shared)."""

    def __init__(self):
        self.graphs = []


_STACKS = _DefaultGraphStack()
_GLOBAL_DEFAULT = [None]


def _default_stack():
    return _STACKS.graphs


def get_default_graph():
    """The graph ops are added to now: a tf.function's while it is traced (as in TF), else
    the innermost ``as_default()`` graph, else the global one."""
    stack = _default_stack()
    building = context.state.graph
    if building is not None and not (stack and building is stack[-1]._graph):
        return building
    if stack:
        return stack[-1]
    if _GLOBAL_DEFAULT[0] is None:
        _GLOBAL_DEFAULT[0] = Graph()
    return _GLOBAL_DEFAULT[0]


def reset_default_graph():
    """A new global default graph (TF 1.x; the old one's tensors cannot mix with the new)."""
    _GLOBAL_DEFAULT[0] = None
    if _GRAPH_MODE:  # the program builds graphs: it builds the new one from now on
        _GRAPH_MODE.pop().__exit__(None, None, None)
        _enter_graph_mode()


# --- TF 1.x's graph mode for the whole program --------------------------------------------------
_GRAPH_MODE = []  # the open as_default() of the global graph, once eager execution is disabled


def disable_eager_execution():
    """``tf.compat.v1.disable_eager_execution()``: from now on (in this thread) ops are not run
    but added to the global default graph, as in TF 1.x; a Session runs them. Call it at the
    start of a program, before any tensor is made."""
    if not _GRAPH_MODE:
        _enter_graph_mode()


def _enter_graph_mode():
    scope = get_default_graph().as_default()
    scope.__enter__()
    _GRAPH_MODE.append(scope)


disable_v2_behavior = disable_eager_execution  # (TF 1.x's semantics here: graph mode)


# wrap_function's trace is a TF 1.x graph too: placeholders made there are fed by a pruned
# function (wrap_function.py counts its traces here)
WRAPPING = []


def placeholder(dtype, shape=None, name=None):
    """A value fed at ``Session.run`` time (only inside ``graph.as_default()``), or by a
    pruned function (inside ``wrap_function``)."""
    stack = _default_stack()
    if WRAPPING and context.state.graph is not None:
        return _fed_placeholder(context.state.graph, dtypes.as_dtype(dtype),
                                TensorShape(shape), name or "Placeholder")
    if not stack or context.state.graph is not stack[-1]._graph:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    g = stack[-1]._graph
    t = g.add_placeholder(dtypes.as_dtype(dtype), TensorShape(shape),
                          name=name or "Placeholder")
    t.__class__ = HashableTensor
    return t


def _fed_placeholder(g, dtype, shape, name):
    """A placeholder op that is no input of the function being traced: fed by name."""
    op = Operation(g, "Placeholder", g.unique_name(name), None, (),
                   {"dtype": dtype, "shape": shape})
    op.outputs = (ir.make_symbolic(op, 0, dtype, shape),)
    g.operations.append(op)
    g._by_name[op.name] = op
    return op.outputs[0]


def placeholder_with_default(input, shape, name=None):  # noqa: A002 (TF's argument name)
    """`input` unless a value is fed for the result (in a TF 1.x graph); eagerly, `input`.
    In a graph (a tf.function's too) its static shape is `shape`, however much `input`'s
    shape says."""
    value = convert_to_tensor(input)
    g = context.state.graph
    if g is None:
        return value
    shape = TensorShape(shape)
    if not shape.is_compatible_with(value.shape):
        raise ValueError(f"Shapes must be equal rank, but are {value.shape.rank} and "
                         f"{shape.rank}" if value.shape.rank != shape.rank else
                         f"Incompatible shapes: {value.shape} and {shape}")
    value = g.as_graph_tensor(value)
    op = g.create_op("PlaceholderWithDefault", (value,), {},
                     [(value.dtype, shape)], opdef=REGISTRY["Identity"],
                     name=name or "PlaceholderWithDefault")
    return op.outputs[0]


class HashableTensor(SymbolicTensor):
    """TF 1.x graph tensors are hashable, so placeholders (or any tensor) can key a
    feed_dict."""

    __slots__ = ()

    def __hash__(self):
        return id(self)


class _NoOp:
    """An op run for its effect outside the graph's compiled code: the initializers. Running
    one (``op.run()``, ``sess.run(op)``) puts each of its Variables' initial values back (and
    runs `effect`, if given: a dataset iterator's initializer restarts it)."""

    def __init__(self, name, type_="NoOp", variables=(), effect=None):
        self.name = name
        self.type = type_
        self._variables = list(variables)
        self._effect = effect

    def run(self, feed_dict=None, session=None):
        self._run_effect(session or get_default_session(), feed_dict)

    def _run_effect(self, session=None, feed_dict=None):
        if self._effect is not None:  # (given the run's feeds: what it reads may be fed)
            self._effect(session, feed_dict)
        for variable in self._variables:
            initial = getattr(variable, "_v1_initial_value", None)
            if initial is not None:  # (a Variable made eagerly has no initializer to rerun)
                variable._value = initial.copy()
        if session is not None:
            session._mark_initialized(self._variables)

    @property
    def control_inputs(self):  # (what TF's NodeDef of an init op lists: the assignments)
        return [Variable.initializer.fget(v) for v in self._variables]

    def __str__(self):  # a NodeDef's text, as TF prints an Operation
        inputs = "".join(f'input: "^{op.name}"\n' for op in self.control_inputs)
        return f'name: "{self.name}"\nop: "{self.type}"\n{inputs}'

    def __repr__(self):
        return f"<tf.Operation '{self.name}' type={self.type}>"


# TF 1.x's names on a Variable, for tf.compat.v1 code: `sess.run(v.initializer)` (puts the
# initial value back) and `v.eval()` (the value, as a NumPy value).
Variable.initializer = property(
    lambda self: _NoOp(self._name.split(":")[0] + "/Assign", "AssignVariableOp", [self]))
Variable.eval = lambda self, session=None: np.array(self._value)  # (also while a graph is built)


def _variable_load(self, value, session=None):
    """TF 1.x's ``v.load(value, sess)``: assigns `value` now, and the Variable counts as
    initialized in `session` (default: the default session)."""
    with context.building_graph(None):
        self.assign(value)
    session = session or get_default_session()
    if session is not None:
        session._mark_initialized([self])


Variable.load = _variable_load


class _VariableOp:
    """The op of a Variable made in a TF 1.x graph (TF's VarHandleOp), for its name."""

    type = "VarHandleOp"

    def __init__(self, variable):
        self.name = variable.name.split(":")[0]

    def __repr__(self):
        return f"<tf.Operation '{self.name}' type={self.type}>"


_EAGER_OP = Variable.op


def _variable_op(self):
    if hasattr(self, "_v1_initial_value"):  # (made in a TF 1.x graph)
        return _VariableOp(self)
    return _EAGER_OP.fget(self)


Variable.op = property(_variable_op)
_EAGER_GRAPH = Variable.graph
Variable.graph = property(lambda self: self.__dict__["_v1_graph"] if "_v1_graph" in self.__dict__
                          else _EAGER_GRAPH.fget(self))


class _VariableV1Type(type):
    """``isinstance(v, tf.compat.v1.Variable)`` holds for every Variable, as in TF."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, Variable)


class VariableV1(metaclass=_VariableV1Type):
    """``tf.compat.v1.Variable``: TF 2's Variable, with TF 1.x's `collections` (the graph
    collections it joins; by default GLOBAL_VARIABLES, and TRAINABLE_VARIABLES if trainable).
    A Variable given ``collections=[LOCAL_VARIABLES]`` is a local one: not in
    ``global_variables()``, initialized by ``local_variables_initializer()``."""

    def __new__(cls, initial_value=None, trainable=None, collections=None, validate_shape=True,
                caching_device=None, name=None, variable_def=None, dtype=None,
                expected_shape=None, import_scope=None, constraint=None, use_resource=None,
                synchronization=None, aggregation=None, shape=None):
        variable = Variable(initial_value, trainable=trainable, validate_shape=validate_shape,
                            caching_device=caching_device, name=name, dtype=dtype,
                            constraint=constraint, synchronization=synchronization,
                            aggregation=aggregation, shape=shape)
        if collections is not None:
            variable._v1_collections = tuple(collections)
            graph = _graph_being_built()
            for key in variable._v1_collections if graph is not None else ():
                if key not in ("variables", "trainable_variables"):  # (the graph lists those)
                    graph.add_to_collection(key, variable)
        return variable


def _init_op(name, variables):
    """An initializer op named as TF names ops in the default graph (``init``, ``init_1``,
    ...); eagerly, with no graph to name it in, `name` itself."""
    graph = _graph_being_built()
    if graph is not None:
        name = graph.unique_name(name)
    return _NoOp(name, "NoOp", variables)


def _graph_being_built():
    """The TF 1.x graph ops are added to now, or None (eagerly)."""
    stack = _default_stack()
    if stack and context.state.graph is stack[-1]._graph:
        return stack[-1]
    return None


def _collection(key):
    graph = _graph_being_built()
    return [] if graph is None else graph.get_collection(key)


def global_variables_initializer():
    """The op that (re)assigns every global Variable of the graph its initial value."""
    return _init_op("init", _collection("variables"))


initialize_all_variables = global_variables_initializer


def variables_initializer(var_list, name="init"):
    """The op that (re)assigns each Variable of `var_list` its initial value."""
    return _init_op(name, var_list)


def local_variables_initializer():
    """The op that (re)assigns the graph's local Variables (``LOCAL_VARIABLES``, where TF 1.x
    metrics keep their totals) their initial values."""
    return _init_op("init", _collection("local_variables"))


initialize_local_variables = local_variables_initializer


def is_variable_initialized(variable):
    """A bool tensor: whether `variable` was initialized in the session running it (a
    Variable made eagerly always is)."""
    return _initialization_query(lambda session: np.asarray(
        session is None or session._is_initialized(variable)), dtypes.bool, [],
        "IsVariableInitialized")


def report_uninitialized_variables(var_list=None, name="report_uninitialized_variables"):
    """The names of the Variables of `var_list` (default: all global and local ones) not
    initialized yet in the session running it, as a string tensor."""
    graph = _graph_being_built()
    if graph is None:  # (eagerly every Variable holds its value)
        return convert_to_tensor(np.array([], dtype=object), dtype=dtypes.string)
    variables = list(var_list) if var_list is not None else \
        graph.get_collection("variables") + graph.get_collection("local_variables")

    def names(session):
        missing = [v.name.split(":")[0].encode() for v in variables
                   if session is not None and not session._is_initialized(v)]
        return np.array(missing, dtype=object)
    return _initialization_query(names, dtypes.string, [None], name)


def _initialization_query(answer, dtype, shape, name):
    """A tensor computed when a Session runs it, by ``answer(that session)``: in a graph, an
    op (stateful: each run asks again); eagerly, the answer now."""
    if _graph_being_built() is None:
        return convert_to_tensor(answer(None), dtype=dtype)
    return execute(_INITIALIZATION_QUERY, (), {"answer": answer, "dtype": dtype,
                                               "shape": tuple(shape), "name": name})


def _initialization_query_kernel(*, answer, dtype, shape, name):
    return answer(_RUNNING.sessions[-1] if _RUNNING.sessions else None)


_INITIALIZATION_QUERY = register(
    "InitializationQuery", stateful=True, differentiable=False,
    infer_shape=lambda inputs, attrs: [(attrs["dtype"], TensorShape(list(attrs["shape"])))])(
    _initialization_query_kernel)


class _RunningSessions(threading.local):
    """The sessions running a graph now, in this thread (innermost last)."""

    def __init__(self):
        self.sessions = []


_RUNNING = _RunningSessions()


def assert_variables_initialized(var_list=None):
    return _NoOp("assert_variables_initialized")


def tables_initializer(name="init_all_tables"):
    """Lookup tables are filled when created in eagerbook: an op that does nothing, kept so
    that TF 1.x's ``tf.compat.v1.tables_initializer().run()`` runs."""
    return _NoOp(name)


class _DefaultSessionStack(threading.local):
    def __init__(self):
        self.sessions = []


_SESSIONS = _DefaultSessionStack()


def get_default_session():
    """The innermost Session entered with ``with``, or None (TF 1.x's default session, which
    ``tensor.eval()`` and ``op.run()`` use)."""
    return _SESSIONS.sessions[-1] if _SESSIONS.sessions else None


ir.default_session = get_default_session  # what `tensor.eval()` and `op.run()` use


class Session:
    """Runs parts of a graph: ``sess.run(fetches, feed_dict={placeholder: value})``."""

    def __init__(self, target="", graph=None, config=None):
        self.graph = graph if graph is not None else get_default_graph()
        self._compiled = {}
        self._closed = False
        self._initialized = set()  # ids of the graph's Variables initialized in this session

    # --- which Variables hold a value in this session (TF 1.x: none until initialized) -------
    def _mark_initialized(self, variables):
        self._initialized.update(id(v) for v in variables)

    def _is_initialized(self, variable):
        """Variables made in a TF 1.x graph need an initializer (or an assignment, or a
        restore) run in this session first; any other Variable holds its value."""
        return not hasattr(variable, "_v1_initial_value") or id(variable) in self._initialized

    def _check_initialized(self, variables):
        for variable in variables:
            if not self._is_initialized(variable):
                name = variable.name.split(":")[0]
                raise errors.FailedPreconditionError(
                    None, None, f"Could not find variable {name}. This could mean that the "
                    "variable has been deleted. In TF1, it can also mean the variable is "
                    "uninitialized. Debug info: container=localhost, status error "
                    "message=Container localhost does not exist. (Could not find resource: "
                    f"localhost/{name})\n\t [[{{{{node {name}/Read/ReadVariableOp}}}}]]")

    def __enter__(self):
        # As in TF: inside `with session:` its graph is the default one (ops are added to it,
        # not run) and the session is the default one for `tensor.eval()` and `op.run()`.
        self._graph_scope = self.graph.as_default()
        self._graph_scope.__enter__()
        _SESSIONS.sessions.append(self)
        return self

    def __exit__(self, *exc):
        _SESSIONS.sessions.pop()
        self._graph_scope.__exit__(*exc)
        self.close()
        return False

    @contextlib.contextmanager
    def as_default(self):
        """Makes this the default session (for ``eval()``/``run()``) without closing it after."""
        _SESSIONS.sessions.append(self)
        try:
            with self.graph.as_default():
                yield self
        finally:
            _SESSIONS.sessions.pop()

    def close(self):
        self._closed = True

    sess_str = ""  # the target: "" is this process

    @property
    def graph_def(self):
        """The GraphDef of the session's graph (what ``tf.io.write_graph`` writes)."""
        return self.graph.as_graph_def()

    def list_devices(self):
        """The devices the session can place ops on: this process's CPU."""
        return [_DeviceAttributes("/job:localhost/replica:0/task:0/device:CPU:0", "CPU",
                                  268435456, 0)]

    def make_callable(self, fetches, feed_list=None, accept_options=False):
        """A function running ``self.run(fetches)`` with its arguments fed to `feed_list`."""
        feed_list = list(feed_list or [])

        def call(*values, **kwargs):
            if len(values) != len(feed_list):
                raise ValueError(f"Expected {len(feed_list)} feed values, got {len(values)}")
            return self.run(fetches, dict(zip(feed_list, values)))
        return call

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        if self._closed:
            raise RuntimeError("Attempted to use a closed Session.")
        with context.building_graph(None):  # feeding and running happen now, not in a graph
            return self._run(fetches, feed_dict)

    def _run(self, fetches, feed_dict):
        g = self.graph._graph
        # TF 1.x names tensors ("y:0") and operations ("train") in fetches and feed_dict keys
        feed_dict = {g.as_graph_element(k) if isinstance(k, str) else k: v
                     for k, v in (feed_dict or {}).items()}
        flat = [g.as_graph_element(f) if isinstance(f, str) else f
                for f in nest.flatten(fetches)]
        tensors = []
        targets = []  # fetched Operations: run for their effect, their value is None
        initializers = []  # fetched initializers: run before the rest of the fetches
        for f in flat:
            if isinstance(f, (Operation, _NoOp)):
                tensors.append(None)
                initializers.extend([f] if isinstance(f, _NoOp) else
                                    getattr(g, "group_initializers", {}).get(id(f), ()))
                if isinstance(f, Operation):
                    if f.graph is not g:
                        raise ValueError(f"Fetch argument {f!r} is not an element of this "
                                         "graph.")
                    targets.append(f)
            elif isinstance(f, SymbolicTensor):
                if f.graph is not g:
                    raise ValueError(f"Fetch argument {f!r} is not an element of this graph.")
                tensors.append(f)
            elif hasattr(type(f), "_as_tensor") or isinstance(f, Tensor):
                tensors.append(f)
            else:
                raise TypeError(f"Fetch argument {f!r} has invalid type {type(f)}, must be a "
                                "string or Tensor.")
        feeds = []
        for key, value in feed_dict.items():
            # As in TF 1.x, any tensor of the graph can be fed (its value replaces what the
            # graph would compute), placeholders most often.
            if not isinstance(key, SymbolicTensor) or key.graph is not g:
                raise TypeError(f"The key of feed_dict must be a tensor of this graph, got "
                                f"{key!r}")
            array = np.asarray(convert_to_tensor(value, dtype=key.dtype)._value)
            if not key.shape.is_compatible_with(array.shape):
                raise ValueError(f"Cannot feed value of shape {array.shape} for Tensor "
                                 f"{key.name}, which has shape {key.shape}")
            feeds.append((key, array))
        key = (tuple(id(t) for t in tensors), tuple(id(op) for op in targets),
               tuple(id(k) for k, _ in feeds))
        entry = self._compiled.get(key)
        if entry is None:
            entry = self._compile(g, tensors, [k for k, _ in feeds], targets)
            self._compiled[key] = entry
        for op in initializers:
            op._run_effect(self, feed_dict)
        fn, reads, writes = entry
        self._check_initialized(reads + [t for t in tensors if isinstance(t, Variable)])
        _RUNNING.sessions.append(self)
        try:
            outs = fn(*[a for _, a in feeds])
        finally:
            _RUNNING.sessions.pop()
        self._mark_initialized(writes)
        values = []
        it = iter(outs)
        for t in tensors:
            if t is None:
                values.append(None)
            elif not isinstance(t, SymbolicTensor):
                values.append(convert_to_tensor(t).numpy())
            else:
                o = next(it)
                values.append(_from_numpy(np.asarray(o)).numpy())
        return nest.pack_sequence_as(fetches, values) if nest.is_nested(fetches) else values[0]

    def _compile(self, g, tensors, fed, targets=()):
        mapping = {}  # copy_graph reorders ops (placeholders first): use its own mapping
        sub = copy_graph(g, mapping=mapping)
        sub.outputs = [mapping[id(t)] for t in tensors if isinstance(t, SymbolicTensor)]
        sub.inputs = [mapping[id(t)] if mapping[id(t)]._op.type == "Placeholder"
                      else _feed_instead(sub, mapping[id(t)]) for t in fed]
        fetched = [t._op for t in sub.outputs] + [mapping["op", id(op)] for op in targets]
        _prune_to_fetches(sub, fetched)
        sub.operations = [op for op in sub.operations if op.type != "NoOp"]  # (run nothing)
        pruned = optimize(sub)
        # Any placeholder still needed but not fed is an error, as in TF.
        needed = _needed_placeholders(pruned)
        for t in needed:
            if not any(t is i for i in pruned.inputs) and \
                    not any(t is c for _, c in pruned.captures):
                raise errors.InvalidArgumentError(
                    None, None, f"You must feed a value for placeholder tensor '{t._op.name}' "
                                f"with dtype {t.dtype.name} and shape {t.shape}")
        keep = {id(t) for t in pruned.inputs} | {id(t) for _, t in pruned.captures}
        pruned.operations = [op for op in pruned.operations
                             if op.type != "Placeholder" or id(op.outputs[0]) in keep]
        fn, _ = compile_graph(pruned, "session_run", node_streams=False)
        return (fn,) + _variable_uses(pruned)


def global_step(sess, global_step_tensor):
    """``tf.compat.v1.train.global_step``: the step counter's value in `sess`, as an int."""
    return int(sess.run(global_step_tensor))


class _DeviceAttributes:
    """One entry of ``Session.list_devices()``."""

    def __init__(self, name, device_type, memory_limit_bytes, incarnation):
        self.name, self.device_type = name, device_type
        self.memory_limit_bytes, self.incarnation = memory_limit_bytes, incarnation

    def __repr__(self):
        return (f"_DeviceAttributes({self.name}, {self.device_type}, "
                f"{self.memory_limit_bytes}, {self.incarnation})")


class InteractiveSession(Session):
    """TF 1.x's session for shells and notebooks: it makes itself the default session when
    created (``tensor.eval()`` then runs in it, no ``with`` needed) until closed."""

    def __init__(self, target="", graph=None, config=None):
        super().__init__(target, graph, config)
        self._default = self.as_default()
        self._default.__enter__()

    def close(self):
        if not self._closed and self._default is not None:
            self._default.__exit__(None, None, None)
            self._default = None
        super().close()


def _feed_instead(graph, tensor):
    """A placeholder that replaces `tensor` wherever `graph` uses it (a fed tensor that is not
    a placeholder: what the graph computed for it is not needed)."""
    fed = graph.add_placeholder(tensor.dtype, tensor.shape, name=tensor._op.name + "_fed")
    for op in graph.operations:
        if any(t is tensor for t in op.inputs):
            op.inputs = tuple(fed if t is tensor else t for t in op.inputs)
    graph.outputs = [fed if t is tensor else t for t in graph.outputs]
    return fed


def _prune_to_fetches(graph, fetched_ops):
    """Keeps only the ops `fetched_ops` need (through data and control inputs), as TF 1.x
    does: an assignment or a print nobody asked for does not run. Placeholders stay (the
    caller drops unused ones after checking the feeds)."""
    needed = set()
    stack = list(fetched_ops)
    while stack:
        op = stack.pop()
        if id(op) in needed:
            continue
        needed.add(id(op))
        stack.extend(t._op for t in op.inputs)
        stack.extend(op.control_inputs)
    graph.operations = [op for op in graph.operations
                        if op.type == "Placeholder" or id(op) in needed]


def _variable_uses(graph):
    """(the Variables `graph` reads before assigning them, the Variables it assigns): a run
    needs the first initialized, and initializes the second, as in TF 1.x."""
    handles = {id(placeholder): obj for obj, placeholder in graph.captures
               if isinstance(obj, Variable)}
    reads, writes = [], []
    for op in graph.operations:
        for t in op.inputs:
            variable = handles.get(id(t))
            if variable is None:
                continue
            if op.type == "AssignVariableOp":
                if not any(variable is r for r in reads):
                    writes.append(variable)
            elif not any(variable is w for w in writes):
                reads.append(variable)
    return reads, writes


def _needed_placeholders(graph):
    live = set()
    stack = [t._op for t in graph.outputs if t is not None]
    stack += [op for op in graph.operations if op.stateful]
    out = []
    while stack:
        op = stack.pop()
        if id(op) in live:
            continue
        live.add(id(op))
        if op.type == "Placeholder":
            out.append(op.outputs[0])
        stack.extend(t._op for t in op.inputs)
    return out


__all__ = ["Graph", "Session", "placeholder", "placeholder_with_default", "get_default_graph",
           "disable_eager_execution", "disable_v2_behavior",
           "reset_default_graph",
           "global_variables_initializer", "initialize_all_variables", "tables_initializer",
           "variables_initializer", "local_variables_initializer", "initialize_local_variables",
           "is_variable_initialized", "report_uninitialized_variables",
           "assert_variables_initialized", "InteractiveSession",
           "get_default_session", "VariableV1", "global_step"]

"""TF 1.x's variable scopes and collections: ``tf.compat.v1.variable_scope``, ``get_variable``,
``global_variables`` and friends, for TF 1.x code run under TF 2.

TF 1.x named and shared variables by scope: ``get_variable("w")`` inside
``variable_scope("layer1")`` is the Variable ``layer1/w``, and asking for that name again is
allowed only where a scope says ``reuse``. Where the names are remembered (the *store*):

* in a TF 1.x graph (``tf.Graph().as_default()``): one store per graph;
* in a method decorated with ``track_tf1_style_variables``: one store per layer (or module),
  kept across calls, so the second call reuses the first call's Variables;
* eagerly otherwise: none, so every call makes a new Variable (as TF 2 does).

Eagerly, every scope's ``reuse`` is ``AUTO_REUSE`` (TF 2's rule): get_variable returns the
stored Variable if there is one, else makes it.
"""

import contextlib
import enum
import functools
import threading
import weakref

import numpy as np

from ...core import context, dtypes
from ...core.shape import TensorShape
from ...core.tensor import Tensor, convert_to_tensor
from ...core.variable import Variable
from ...graph import naming, session
from ...module.module import Module
from .v1_init_ops import GlorotUniform, Zeros


class _ReuseMode(enum.Enum):
    """The one reuse mode besides True and None (``tf.compat.v1.AUTO_REUSE``)."""

    AUTO_REUSE = 1


AUTO_REUSE = _ReuseMode.AUTO_REUSE


class GraphKeys:
    """The names of TF 1.x's standard graph collections."""

    GLOBAL_VARIABLES = "variables"
    LOCAL_VARIABLES = "local_variables"
    MODEL_VARIABLES = "model_variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    REGULARIZATION_LOSSES = "regularization_losses"
    LOSSES = "losses"
    UPDATE_OPS = "update_ops"
    SUMMARIES = "summaries"
    GLOBAL_STEP = "global_step"
    TRAIN_OP = "train_op"
    VARIABLES = GLOBAL_VARIABLES  # (TF 1's old name)


class VariableScope:
    """A scope's name and the defaults its ``get_variable`` calls take."""

    def __init__(self, reuse, name="", initializer=None, regularizer=None, dtype=dtypes.float32,
                 constraint=None, name_scope=""):
        self._name = name
        self._reuse = AUTO_REUSE if context.executing_eagerly() else reuse
        self.initializer = initializer
        self.regularizer = regularizer
        self.dtype = dtypes.as_dtype(dtype)
        self.constraint = constraint
        self._name_scope = name_scope

    @property
    def name(self):
        return self._name

    @property
    def original_name_scope(self):
        return self._name_scope

    @property
    def reuse(self):
        return self._reuse

    def reuse_variables(self):
        self._reuse = True

    def set_initializer(self, initializer):
        self.initializer = initializer

    def set_regularizer(self, regularizer):
        self.regularizer = regularizer

    def set_dtype(self, dtype):
        self.dtype = dtypes.as_dtype(dtype)

    def get_variable(self, name, *args, **kwargs):
        with variable_scope(self):
            return get_variable(name, *args, **kwargs)

    def __repr__(self):
        return f"<VariableScope name={self._name!r} reuse={self._reuse}>"


class _ThreadScopes(threading.local):
    """This thread's open variable scopes (innermost last) and the store a tracked method uses."""

    def __init__(self):
        self.scopes = []
        self.tracked_store = None  # (and its layer or module) while a tracked method runs
        self.tracked_owner = None


_THREAD = _ThreadScopes()
_GRAPH_STORES = weakref.WeakKeyDictionary()  # TF 1.x graph -> {full name: Variable}
_ROOT_SCOPES = weakref.WeakKeyDictionary()  # TF 1.x graph -> its unnamed root scope
# How often each full scope name was opened (what makes a default name unique: `dense`, then
# `dense_1`): one count per TF 1.x graph, and one for the program eagerly (TF keeps it in its
# global graph).
_GRAPH_SCOPE_COUNTS = weakref.WeakKeyDictionary()
_EAGER_SCOPE_COUNTS = {}


def _scope_counts():
    graph = _graph()
    return _EAGER_SCOPE_COUNTS if graph is None else _GRAPH_SCOPE_COUNTS.setdefault(graph, {})


def get_variable_scope():
    """The innermost open variable scope (the unnamed root scope outside every one)."""
    if _THREAD.scopes:
        return _THREAD.scopes[-1]
    graph = _graph()
    if graph is None:
        return VariableScope(reuse=False)  # (eagerly its reuse reads AUTO_REUSE)
    return _ROOT_SCOPES.setdefault(graph, VariableScope(reuse=False))


class variable_scope:  # noqa: N801 (TF's name: a class used as a context manager)
    """Opens a variable scope (and a name scope of the same name) for ``get_variable``.

    ``reuse``: True to reuse existing Variables (asking for a missing one is an error),
    ``AUTO_REUSE`` to reuse or create, None to inherit the enclosing scope's flag.
    """

    def __init__(self, name_or_scope, default_name=None, values=None, initializer=None,
                 regularizer=None, caching_device=None, partitioner=None, custom_getter=None,
                 reuse=None, dtype=None, use_resource=None, constraint=None,
                 auxiliary_name_scope=True):
        if name_or_scope is None and default_name is None:
            raise TypeError("If default_name is None then name_or_scope is required")
        if not (reuse is True or reuse is False or reuse is None or reuse is AUTO_REUSE):
            raise ValueError("The reuse parameter must be True or False or None.")
        if name_or_scope is not None and not isinstance(name_or_scope, (str, VariableScope)):
            raise TypeError("VariableScope: name_or_scope must be a string or VariableScope.")
        self._name_or_scope = name_or_scope
        self._default_name = default_name
        self._defaults = {"initializer": initializer, "regularizer": regularizer,
                          "dtype": dtype, "constraint": constraint}
        self._reuse = reuse
        self._auxiliary_name_scope = auxiliary_name_scope
        self._exit_stack = None

    def __enter__(self):
        parent = get_variable_scope()
        given = self._name_or_scope
        counts = _scope_counts()
        if isinstance(given, VariableScope):  # re-entered: its own name and defaults
            full_name, defaults, short = given.name, given, given.name.rsplit("/", 1)[-1]
            closing = None  # (the counts as they are once it is open come back at its exit)
        else:
            if given is None:  # a default name is made unique: block, block_1, ...
                given = _unique_default_name(counts, parent, self._default_name)
            full_name = f"{parent.name}/{given}" if parent.name else given
            defaults, short = parent, given
            # leaving a named scope forgets the names opened inside it, so entering it again
            # finds the same `dense` (how a tracked layer's second call reuses its weights)
            closing = functools.partial(_close_subscopes, counts, full_name)
        counts[full_name] = counts.get(full_name, 0) + 1
        if closing is None:
            closing = functools.partial(_restore_counts, counts, dict(counts))
        # None or False inherits (TF 1.x reads False so); True holds for every inner scope too.
        reuse = self._reuse or defaults.reuse
        stack = contextlib.ExitStack()
        stack.callback(closing)
        scope_name = ""
        if self._auxiliary_name_scope:
            scope_name = stack.enter_context(context.name_scope(_unique_in_graph(short)))
        scope = VariableScope(reuse, full_name, name_scope=scope_name, **{
            key: value if value is not None else getattr(defaults, key)
            for key, value in self._defaults.items()})
        _THREAD.scopes.append(scope)
        stack.callback(_THREAD.scopes.pop)
        self._exit_stack = stack
        return scope

    def __exit__(self, *exc):
        self._exit_stack.close()
        return False


def _unique_default_name(counts, parent, prefix):
    """`prefix` if no scope of that name was opened under `parent`, else the first free
    `prefix_1`, `prefix_2`, ... (a scope opened by name takes its name from the default ones)."""
    base = f"{parent.name}/{prefix}" if parent.name else prefix
    if not counts.get(base):
        return prefix
    index = 1
    while counts.get(f"{base}_{index}"):
        index += 1
    return f"{prefix}_{index}"


def _close_subscopes(counts, full_name):
    inner = full_name + "/"
    for name in counts:
        if name.startswith(inner):
            counts[name] = 0


def _restore_counts(counts, saved):
    counts.clear()
    counts.update(saved)


def _unique_in_graph(name):
    """In a graph, the name scope a user's ``tf.name_scope(name)`` would enter (``foo_1`` when
    ``foo`` was entered before), as a variable scope opens one."""
    graph = context.state.graph
    if graph is None or not hasattr(graph, "unique_name"):
        return name
    return graph.unique_name(naming.scope_prefix() + name).rsplit("/", 1)[-1]


def _store():
    """Where names are remembered here (see the module docstring), or None."""
    if _THREAD.tracked_store is not None:
        return _THREAD.tracked_store
    if not context.executing_eagerly() and session._default_stack():
        return _GRAPH_STORES.setdefault(session.get_default_graph(), {})
    return None


def get_variable(name, shape=None, dtype=None, initializer=None, regularizer=None,
                 trainable=None, collections=None, caching_device=None, partitioner=None,
                 validate_shape=True, use_resource=None, custom_getter=None, constraint=None,
                 synchronization=None, aggregation=None):
    """The Variable named ``<scope>/name``: an existing one where the scope reuses, else new."""
    scope = get_variable_scope()
    full_name = f"{scope.name}/{name}" if scope.name else name
    store = _store()
    reuse = AUTO_REUSE if _THREAD.tracked_store is not None else scope.reuse
    if store is not None and full_name in store:
        if reuse is not True and reuse is not AUTO_REUSE:
            raise ValueError(f"Variable {full_name} already exists, disallowed. Did you mean "
                             "to set reuse=True or reuse=tf.AUTO_REUSE in VarScope?")
        return _shared(store[full_name], full_name, shape, dtype)
    if store is not None and reuse is True:
        raise ValueError(f"Variable {full_name} does not exist, or was not created with "
                         "tf.get_variable(). Did you mean to set reuse=tf.AUTO_REUSE in VarScope?")
    value = _initial_value(full_name, shape, dtype or scope.dtype,
                           initializer if initializer is not None else scope.initializer)
    with naming.outside_name_scopes():  # the name is the variable scope's, whatever name scope
        variable = Variable(value, trainable=trainable, name=full_name,
                            validate_shape=validate_shape,
                            constraint=constraint if constraint is not None else scope.constraint,
                            synchronization=synchronization, aggregation=aggregation)
    if store is not None:
        store[full_name] = variable
    regularizer = regularizer if regularizer is not None else scope.regularizer
    if regularizer is not None:
        _regularize(variable, regularizer)
    for key in collections or ():
        if key not in (GraphKeys.GLOBAL_VARIABLES, GraphKeys.TRAINABLE_VARIABLES):
            add_to_collection(key, variable)
    return variable


def _initial_value(full_name, shape, dtype, initializer):
    if isinstance(initializer, Tensor) or (initializer is not None and not callable(initializer)):
        if shape is not None:
            raise ValueError("If initializer is a constant, do not specify shape.")
        return convert_to_tensor(initializer)
    if shape is None:
        raise ValueError(f"Variable {full_name} did not get an initializer, so its `shape` "
                         "argument must be specified.")
    dtype = dtypes.as_dtype(dtype)
    if initializer is None:  # TF 1.x's defaults: Glorot uniform for floats, zeros otherwise
        initializer = GlorotUniform() if dtype.is_floating else Zeros()
    elif isinstance(initializer, type):
        initializer = initializer()
    return initializer(shape, dtype=dtype)


def _shared(variable, full_name, shape, dtype):
    """A stored Variable asked for again: shape and dtype, if given, must match it."""
    if shape is not None and not TensorShape(shape).is_compatible_with(variable.shape):
        raise ValueError(f"Trying to share variable {full_name}, but specified shape "
                         f"{TensorShape(shape)} and found shape {variable.shape}.")
    if dtype is not None and dtypes.as_dtype(dtype) is not variable.dtype:
        raise ValueError(f"Trying to share variable {full_name}, but specified dtype "
                         f"{dtypes.as_dtype(dtype).name} and found dtype "
                         f"{variable.dtype.name}.")
    return variable


def _regularize(variable, regularizer):
    """A tracked layer's regularizer joins its losses; in a graph, the loss term joins the
    REGULARIZATION_LOSSES collection (TF 1.x's ``tf.losses.get_regularization_losses()``)."""
    owner = _THREAD.tracked_owner if _THREAD.tracked_store is not None else None
    if owner is not None and hasattr(owner, "add_loss"):  # a Keras layer: a loss per call
        owner.add_loss(lambda: regularizer(variable))
    elif _graph() is not None:
        add_to_collection(GraphKeys.REGULARIZATION_LOSSES, regularizer(variable))


# --- collections -------------------------------------------------------------------------------
def _graph():
    """The TF 1.x graph being built, or None (eagerly, collections are empty, as in TF 2)."""
    if context.executing_eagerly() or not session._default_stack():
        return None
    return session.get_default_graph()


def get_collection(key, scope=None):
    """The values in collection `key` of the default graph (names matching `scope`, if given)."""
    graph = _graph()
    return [] if graph is None else graph.get_collection(key, scope)


def get_collection_ref(key):
    graph = _graph()
    return [] if graph is None else graph.get_collection_ref(key)


def add_to_collection(name, value):
    get_collection_ref(name).append(value)


def add_to_collections(names, value):
    for name in [names] if isinstance(names, str) else names:
        add_to_collection(name, value)


def global_variables(scope=None):
    return get_collection(GraphKeys.GLOBAL_VARIABLES, scope)


def trainable_variables(scope=None):
    return get_collection(GraphKeys.TRAINABLE_VARIABLES, scope)


def local_variables(scope=None):
    return get_collection(GraphKeys.LOCAL_VARIABLES, scope)


def model_variables(scope=None):
    return get_collection(GraphKeys.MODEL_VARIABLES, scope)


# --- TF 1.x layers inside TF 2 models ----------------------------------------------------------
class _EagerVariableStore(Module):
    """Where a tracked method's Variables are kept, by name, in TF's own store object: a
    tf.Module attribute of the layer, so Keras lists them after the sub-layers the layer's
    ``__init__`` made, and a checkpoint saves them under ``_tf1_style_var_store/_vars/``."""

    def __init__(self):
        super().__init__()
        self._vars = {}


def track_tf1_style_variables(method):
    """Decorates a layer's (or module's) method that makes Variables with ``get_variable``: the
    layer keeps them (sorted by name, as TF lists them) and reuses them on later calls."""

    @functools.wraps(method)
    def tracking(self, *args, **kwargs):
        holder = self.__dict__.get("_tf1_style_var_store")
        store = dict(holder._vars) if holder is not None else {}
        known = len(store)
        saved = _THREAD.tracked_store, _THREAD.tracked_owner
        _THREAD.tracked_store, _THREAD.tracked_owner = store, self
        try:
            result = method(self, *args, **kwargs)
        finally:
            _THREAD.tracked_store, _THREAD.tracked_owner = saved
        if len(store) != known:  # new Variables: kept sorted, the store (re)set as an attribute
            holder = holder if holder is not None else _EagerVariableStore()
            holder._vars = dict(sorted(store.items()))
            self._tf1_style_var_store = holder
        return result

    return tracking


# --- the global step (TF 1.x's step counter, one per graph) -------------------------------------
_EAGER_GLOBAL_STEP = []  # eagerly, one for the program (TF keeps it in its global graph)


def get_global_step(graph=None):
    """The global step Variable of the graph being built (eagerly: the program's), or None."""
    if _graph() is None:
        return _EAGER_GLOBAL_STEP[0] if _EAGER_GLOBAL_STEP else None
    found = get_collection(GraphKeys.GLOBAL_STEP)
    return found[0] if found else None


def create_global_step(graph=None):
    """A new int64 Variable ``global_step`` at 0 (TF's ValueError if there is one already)."""
    if get_global_step() is not None:
        raise ValueError('"global_step" already exists.')
    with naming.outside_name_scopes():
        step = Variable(np.int64(0), trainable=False, name="global_step", dtype=dtypes.int64)
    if _graph() is None:
        _EAGER_GLOBAL_STEP.append(step)
    else:
        add_to_collection(GraphKeys.GLOBAL_STEP, step)
    return step


def get_or_create_global_step(graph=None):
    step = get_global_step()
    return step if step is not None else create_global_step()


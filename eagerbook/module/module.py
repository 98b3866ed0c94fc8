"""``tf.Module``: a named container of Variables and other Modules.

A Module finds what it owns by looking at its attributes when asked, never by registration:
``module.variables`` walks ``vars(module)`` in sorted attribute order, looks inside lists,
tuples and dicts (dicts by sorted key, as ``tf.nest`` does), and yields every Variable once;
then it does the same for each sub-Module it met, in the order met. That is TF's ``_flatten``,
and it is why ``(b, w)`` comes out before ``(w,)`` whatever order ``__init__`` assigned them.

The name scope is fixed when the Module is made: ``Module(name="outer")`` created inside
``tf.name_scope("a")`` always enters ``a/outer/``, wherever ``with module.name_scope:`` is
written later. Checkpoints save a Module through ``_trackable_children`` (its attributes); a
Variable assigned to an attribute after ``Checkpoint.restore`` gets its value at once.
"""

import functools
import re

from ..checkpoints import checkpoint
from ..checkpoints.containers import DictWrapper, ListWrapper
from ..core import context, nest
from ..core.variable import Variable

_CAMEL_TO_SNAKE = re.compile(r"((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))")
_VALID_IDENTIFIER = re.compile(r"^[a-zA-Z_]([a-zA-Z0-9_])*$")


def camel_to_snake(name):
    """``MyDenseLayer`` -> ``my_dense_layer`` (a Module's default name)."""
    return _CAMEL_TO_SNAKE.sub(r"_\1", name).lower()


class ModuleNameScope:
    """An absolute name scope (``outer/name/``): entering it replaces the current scope."""

    def __init__(self, scope_name):
        self._scope_name = scope_name  # "" or ends with "/"

    @property
    def name(self):
        return self._scope_name

    def __enter__(self):
        scopes = context.state.name_scopes  # this thread's list: changed in place
        self._saved = list(scopes)
        scopes[:] = [part for part in self._scope_name.split("/") if part]
        return self._scope_name

    def __exit__(self, *exc_info):
        context.state.name_scopes[:] = self._saved
        return False

    def __repr__(self):
        return f"<name_scope {self._scope_name!r}>"


def current_scope_name(name):
    """The absolute scope ``tf.name_scope(name)`` would enter here: ``outer/name/``."""
    return "/".join(context.state.name_scopes + [name]) + "/"


class Module:
    """Base class of ``tf.Module``: name, name scope, Variables and sub-Modules by tracking.

    >>> class Dense(tf.Module):
    ...     def __init__(self, n_in, n_out, name=None):
    ...         super().__init__(name=name)
    ...         self.w = tf.Variable(tf.ones([n_in, n_out]), name="w")
    ...         self.b = tf.Variable(tf.zeros([n_out]), name="b")
    ...     def __call__(self, x):
    ...         return tf.nn.relu(x @ self.w + self.b)
    >>> [v.name for v in Dense(3, 2).variables]      # sorted by attribute name
    ['b:0', 'w:0']
    """

    # Attribute names the tracker never looks into (subclasses extend this set).
    _TF_MODULE_IGNORED_PROPERTIES = frozenset(())

    def __init__(self, name=None):
        if name is None:
            name = camel_to_snake(type(self).__name__)
        elif not isinstance(name, str) or not _VALID_IDENTIFIER.match(name):
            raise ValueError(f"{name!r} is not a valid module name. Module names must be valid "
                             "Python identifiers (e.g. a valid class name).")
        self._name = name
        self._name_scope = ModuleNameScope(current_scope_name(name))

    @property
    def name(self):
        """The name given to the constructor (default: the class name in snake_case)."""
        return self._name

    @property
    def name_scope(self):
        """The scope ``with module.name_scope:`` enters (``name/``, or ``outer/name/``)."""
        return self._name_scope

    @property
    def variables(self):
        """Every Variable of this Module and its sub-Modules, each once, in ``_flatten`` order."""
        return tuple(self._flatten(predicate=_is_variable))

    @property
    def trainable_variables(self):
        return tuple(self._flatten(predicate=_is_trainable_variable))

    @property
    def non_trainable_variables(self):
        return tuple(self._flatten(predicate=_is_non_trainable_variable))

    @property
    def submodules(self):
        """Every Module held by this one, directly or deeper, each once (self excluded)."""
        return tuple(self._flatten(predicate=_is_module))

    def _flatten(self, recursive=True, predicate=None, with_path=False):
        """Walks the attributes: the leaves `predicate` accepts (with their paths if asked)."""
        return _flatten_module(self, recursive, predicate or (lambda _: True), with_path)

    @classmethod
    def with_name_scope(cls, method):
        """Decorator: runs `method` inside the Module's name scope.

        Variables created in such a method get the Module's prefix (``my_module/w:0``).
        """

        @functools.wraps(method)
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)

        return method_with_name_scope

    def __setattr__(self, name, value):
        # As in TF, a list or dict attribute is kept as a ListWrapper or DictWrapper (nested
        # ones too): it prints as one, and items added to it later still get the values of a
        # pending restore.
        value = _tracked(value, functools.partial(checkpoint.restore_deferred, self))
        object.__setattr__(self, name, value)
        # A Variable made after tf.train.Checkpoint.restore (on the first call, say) gets its
        # checkpointed value now: TF's deferred restoration.
        if checkpoint._PENDING and isinstance(value, (Variable, Module, list, tuple, dict)):
            checkpoint.restore_deferred(self)

    def _trackable_children(self):
        """What checkpoints save: the attributes (containers are looked into by the walker)."""
        ignored = self._TF_MODULE_IGNORED_PROPERTIES
        return {key: value for key, value in vars(self).items()
                if key not in ignored and not key.startswith("__")}


def _tracked(value, on_change):
    """`value` with every plain list and dict in it made a ListWrapper or DictWrapper."""
    if type(value) is list:
        return ListWrapper([_tracked(item, on_change) for item in value], on_change)
    if type(value) is dict:
        return DictWrapper({key: _tracked(item, on_change) for key, item in value.items()},
                           on_change)
    if type(value) is tuple:  # (a tuple stays one; lists and dicts inside it are wrapped)
        return tuple(_tracked(item, on_change) for item in value)
    return value


def _is_module(obj):
    return isinstance(obj, Module)


def _is_variable(obj):
    return isinstance(obj, Variable)


def _is_trainable_variable(obj):
    return isinstance(obj, Variable) and obj.trainable


def _is_non_trainable_variable(obj):
    return isinstance(obj, Variable) and not obj.trainable


def _leaves_with_paths(value, path):
    """``(path, leaf)`` pairs of a nested structure in ``tf.nest`` order (dicts by sorted key)."""
    if isinstance(value, dict):
        for key in sorted(value, key=nest._key_order):
            yield from _leaves_with_paths(value[key], path + (key,))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _leaves_with_paths(item, path + (i,))
    else:
        yield path, value


def _flatten_module(module, recursive, predicate, with_path, module_path=(), seen=None,
                    recursion_stack=None):
    """TF's order: this Module's own leaves first (attributes sorted by name), then each
    sub-Module's, depth first; a leaf met twice is yielded once (unless paths are asked for)."""
    seen = {id(module)} if seen is None else seen
    recursion_stack = [] if recursion_stack is None else recursion_stack
    if id(module) in recursion_stack:  # a cycle: list this Module's leaves, go no deeper
        recursive = False
    ignored = getattr(module, "_TF_MODULE_IGNORED_PROPERTIES", frozenset())
    submodules = []
    attributes = vars(module)
    for key in sorted(attributes):
        if key in ignored:
            continue
        for leaf_path, leaf in _leaves_with_paths(attributes[key], (key,)):
            if not with_path:
                if id(leaf) in seen:
                    continue
                seen.add(id(leaf))
            if predicate(leaf):
                yield (module_path + leaf_path, leaf) if with_path else leaf
            if recursive and isinstance(leaf, Module):
                submodules.append((module_path + leaf_path, leaf))
    recursion_stack.append(id(module))
    for path, submodule in submodules:
        yield from _flatten_module(submodule, recursive, predicate, with_path, path, seen,
                                   recursion_stack)
    recursion_stack.pop()

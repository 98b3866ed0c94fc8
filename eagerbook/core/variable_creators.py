"""``tf.variable_creator_scope``: functions that take over the making of ``tf.Variable``s.

Inside ``with tf.variable_creator_scope(creator):`` every ``tf.Variable(...)`` calls
``creator(next_creator, **kwargs)`` instead of making the variable itself. The creator may
change the keyword arguments and call ``next_creator(**kwargs)`` (the next scope out, and at
the end the ordinary construction), or return anything it likes. Scopes nest: the innermost
creator runs first. Distribution strategies use this in TF: a ``MirroredStrategy``'s scope
opens a creator that makes one copy per replica and wraps them in a ``MirroredVariable``.

As in TF, the creators are per thread (a replica thread of ``strategy.run`` starts with a
copy of its caller's), and only ``tf.Variable(...)`` consults them: constructing a
``ResourceVariable`` class directly does not.

Speed: a plain ``tf.Variable(...)`` asks one question, ``OPEN[0]`` (core/variable.py), and
only when some thread has a creator open does it come here.
"""

import contextlib
import threading

from . import variable as variable_module
from .variable_modes import VariableAggregation, VariableSynchronization

OPEN = variable_module.CREATOR_SCOPES  # how many creator scopes are open, in any thread

# tf.Variable's parameters in order (positional arguments are named by it), and what a
# creator is given when one is left out, as TF gives them.
_PARAMETERS = ("initial_value", "trainable", "validate_shape", "caching_device", "name",
               "variable_def", "dtype", "import_scope", "constraint", "synchronization",
               "aggregation", "shape", "experimental_enable_variable_lifting")
_DEFAULTS = {"validate_shape": True, "synchronization": VariableSynchronization.AUTO,
             "aggregation": VariableAggregation.NONE}
_MADE_BY_VARIABLE = _PARAMETERS[:-1]  # what the ordinary construction takes


class _Stack(threading.local):
    def __init__(self):
        self.creators = []  # innermost last


_stack = _Stack()


def current_creators():
    """This thread's creators, outermost first (a replica thread starts with a copy)."""
    return list(_stack.creators)


@contextlib.contextmanager
def creators_installed(creators):
    """Makes `creators` this thread's creator stack (a replica thread's inherited one)."""
    saved, _stack.creators = _stack.creators, list(creators)
    OPEN[0] += len(creators)
    try:
        yield
    finally:
        OPEN[0] -= len(creators)
        _stack.creators = saved


@contextlib.contextmanager
def variable_creator_scope(variable_creator):
    """Inside, ``tf.Variable(...)`` calls ``variable_creator(next_creator, **kwargs)``."""
    _stack.creators.append(variable_creator)
    OPEN[0] += 1
    try:
        yield
    finally:
        OPEN[0] -= 1
        _stack.creators.remove(variable_creator)


@contextlib.contextmanager
def variable_creator_scope_v1(variable_creator):
    """``tf.compat.v1.variable_creator_scope``: the same stack of creators (a TF 2
    ``tf.Variable`` consults it too, as in TF)."""
    with variable_creator_scope(variable_creator):
        yield


def _ordinary_creator(**kwargs):
    """The end of the chain: an ordinary variable from the arguments it knows (strategies
    add others, such as ``distribute_strategy``, that it ignores, as TF's does)."""
    arguments = {key: kwargs[key] for key in _MADE_BY_VARIABLE if key in kwargs}
    return variable_module.ResourceVariable(**arguments)


def _chained(creator, next_creator):
    return lambda **kwargs: creator(next_creator, **kwargs)


def created(args, kwargs):
    """What ``tf.Variable(*args, **kwargs)`` gives while creators are open: the innermost
    creator's result (an object that is already made: Variable.__init__ leaves it be)."""
    arguments = dict(_DEFAULTS, experimental_enable_variable_lifting=None)
    for key in _PARAMETERS:
        arguments.setdefault(key, None)
    arguments.update(zip(_PARAMETERS, args))
    arguments.update(kwargs)
    if arguments["aggregation"] is None:  # (TF passes NONE for an aggregation left None)
        arguments["aggregation"] = VariableAggregation.NONE
    chain = _ordinary_creator
    for creator in _stack.creators:  # outermost first: the innermost ends up called first
        chain = _chained(creator, chain)
    result = chain(**arguments)
    if isinstance(result, variable_module.Variable):
        result.__dict__["_made_by_creator"] = True  # (Python calls __init__ on it next)
    return result


variable_module.made_by_creators = created

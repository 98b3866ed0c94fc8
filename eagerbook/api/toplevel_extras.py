"""Top-level TF names that are aliases or small helpers: ``tf.assert_equal`` and friends (TF 2
keeps the ``tf.debugging`` versions at the top level too), ``tf.as_string``,
``tf.AggregationMethod``, ``tf.get_current_name_scope``, ``tf.is_symbolic_tensor``,
``tf.tuple``, ``tf.grad_pass_through``."""

import functools

from ..autodiff.custom_gradient import custom_gradient
from ..core import context
from ..core.tensor import Tensor, convert_to_tensor, is_symbolic
from ..data.optional import OptionalSpec
from ..framework.debugging import assert_equal, assert_greater, assert_less, assert_rank
from ..framework.type_spec import BatchableTypeSpec
from ..ops.array_ops import identity
from ..ops.functional_ops import control_dependencies
from ..ops.sparse_count_ops import edit_distance
from ..ops.string_ops import as_string


class AggregationMethod:
    """How ``tf.gradients`` sums the gradients that reach one tensor; eagerbook always adds
    them with one AddN, which is what every method computes."""

    ADD_N = 0
    DEFAULT = ADD_N
    EXPERIMENTAL_TREE = 1
    EXPERIMENTAL_ACCUMULATE_N = 2


class name_scope_v2:  # noqa: N801 - TF's name (``type(tf.name_scope("x")).__name__``)
    """``tf.name_scope(name)``: the names made inside start with ``name/`` (Variables, and ops
    while a function is traced); entering returns the whole scope, ``"outer/name/"``."""

    def __init__(self, name):
        if not isinstance(name, str):
            raise ValueError("name for name_scope must be a string.")
        self._name = name
        self._entered = []  # (one object may be entered again, nested)

    @property
    def name(self):
        return self._name

    def __enter__(self):
        scope = context.name_scope(self._name)
        self._entered.append(scope)
        return scope.__enter__()

    def __exit__(self, *exc):
        return self._entered.pop().__exit__(*exc)


def get_current_name_scope():
    """The name scope entered now, ``"outer/inner"`` (``""`` outside any)."""
    return "/".join(context._per_thread.state.name_scopes)


def is_symbolic_tensor(tensor):
    """True for a tensor of a graph being built (inside ``tf.function``), False otherwise."""
    return isinstance(tensor, Tensor) and is_symbolic(tensor)


def tuple(tensors, control_inputs=None, name=None):  # noqa: A001 - TF's name
    """The tensors back, each only available once all of them (and `control_inputs`) are."""
    tensors = [None if t is None else convert_to_tensor(t) for t in tensors]
    with control_dependencies(list(control_inputs or []) + [t for t in tensors if t is not None]):
        return [None if t is None else identity(t) for t in tensors]


__all__ = ["AggregationMethod", "as_string", "assert_equal", "assert_greater", "assert_less",
           "assert_rank", "edit_distance", "get_current_name_scope", "is_symbolic_tensor", "tuple"]


def grad_pass_through(f):
    """``f`` with the identity as its gradient: the forward pass computes ``f(x)``, the
    backward pass hands the upstream gradient to ``x`` unchanged (a straight-through estimator,
    e.g. for rounding or an assignment)."""

    @custom_gradient
    def passed_through(*args, **kwargs):
        def grad(*upstream, variables=None):
            if variables is not None:
                return upstream, [None] * len(variables)
            return upstream

        return f(*args, **kwargs), grad

    return functools.wraps(f)(passed_through)


BatchableTypeSpec.register(OptionalSpec)  # tf.data's spec is a TypeSpec too

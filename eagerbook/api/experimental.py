"""``tf.experimental``: ExtensionType and the dispatch of TF's APIs to user types.

``dispatch_for_api(tf.math.add, {"x": MaskedTensor, "y": MaskedTensor})`` makes ``tf.add``
(and ``tf.math.add``) call the decorated function when its arguments have those types;
``dispatch_for_unary_elementwise_apis(MaskedTensor)`` and
``dispatch_for_binary_elementwise_apis(A, B)`` register one handler for every elementwise API
(``handler(api_func, x[, y])``, the API's other arguments already bound into ``api_func``).
A dispatched API's name in ``tf``'s namespaces is replaced by a wrapper that checks the
registered signatures first (TF decorates its APIs the same way; here only APIs something was
registered for pay for the check).
"""

import contextlib
import functools
import inspect
import sys
import types
import typing

from .. import dtensor  # tf.experimental.dtensor (eagerbook/dtensor/)
from ..data.optional import Optional  # tf.data's, under tf.experimental as in TF
from ..framework.extension_type import (
    BatchableExtensionType,
    ExtensionType,
    ExtensionTypeSpec,
    ImmutableDict,
)
from ..framework.structured_tensor import RowPartition, StructuredTensor
from ..ops.indexed_slices import IndexedSlices
from ..ops.ragged_ops import RaggedTensor
from ..ops.ragged_shape import DynamicRaggedShape
from ..ops.sparse_ops import SparseTensor
from . import numpy_more as numpy

# TF's elementwise APIs (those it registers for elementwise dispatch), by namespace path.
_UNARY = (
    "math.abs math.acos math.acosh math.angle math.asin math.asinh math.atan math.atanh "
    "math.bessel_i0 math.bessel_i0e math.bessel_i1 math.bessel_i1e math.ceil math.conj "
    "math.cos math.cosh math.digamma math.erf math.erfc math.erfinv math.exp math.expm1 "
    "math.floor math.imag math.is_finite math.is_inf math.is_nan math.lgamma math.log "
    "math.log1p math.log_sigmoid math.logical_not math.ndtri math.negative math.real "
    "math.reciprocal math.reciprocal_no_nan math.rint math.round math.rsqrt math.sigmoid "
    "math.sign math.sin math.sinh math.softplus math.sqrt math.square math.tan math.tanh "
    "nn.relu nn.relu6 nn.elu nn.selu nn.softsign nn.silu cast saturate_cast identity "
    "ones_like zeros_like bitwise.invert strings.length strings.lower strings.upper "
    "debugging.check_numerics").split()
_BINARY = (
    "math.add math.subtract math.multiply math.divide math.truediv math.floordiv "
    "math.floormod math.pow math.maximum math.minimum math.equal math.not_equal math.less "
    "math.less_equal math.greater math.greater_equal math.logical_and math.logical_or "
    "math.logical_xor math.squared_difference math.atan2 math.divide_no_nan "
    "math.multiply_no_nan math.xdivy math.xlogy math.xlog1py math.truncatediv "
    "math.truncatemod math.realdiv bitwise.bitwise_and bitwise.bitwise_or "
    "bitwise.bitwise_xor bitwise.left_shift bitwise.right_shift").split()
_BINARY_ASSERT = (
    "debugging.assert_equal debugging.assert_none_equal debugging.assert_less "
    "debugging.assert_less_equal debugging.assert_greater debugging.assert_greater_equal"
).split()

_targets = {}  # original API -> [(signature dict, target)], checked in registration order
_wrappers = {}  # original API -> its dispatching wrapper
_elementwise = []  # (kind, types, handler)


def _public_modules():
    for name, module in list(sys.modules.items()):
        if module is not None and (name == "eagerbook" or name.startswith("eagerbook.api")):
            yield module


def _original(api):
    return getattr(api, "_tf_dispatch_original", api)


def _install(api):
    """The API's dispatching wrapper, put in place of it wherever tf's namespaces name it."""
    api = _original(api)
    if api in _wrappers:
        return _wrappers[api]
    try:
        signature = inspect.signature(api)
    except (TypeError, ValueError):
        signature = None

    @functools.wraps(api)
    def dispatching(*args, **kwargs):
        target = _find_target(api, signature, args, kwargs)
        if target is not None:
            return target(*args, **kwargs)
        return api(*args, **kwargs)

    dispatching._tf_dispatch_original = api
    _wrappers[api] = dispatching
    for module in _public_modules():
        for name, value in list(vars(module).items()):
            if value is api:
                setattr(module, name, dispatching)
    return dispatching


def _matches(value, annotation):
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, a) for a in args)
    if origin in (list, list):
        return isinstance(value, (list, tuple)) and len(value) > 0 and all(
            _matches(v, args[0]) for v in value)
    if annotation is typing.Any:
        return True
    return isinstance(value, annotation)


# TF's CompositeTensors: the values whose presence lets an API dispatch
_COMPOSITES = (ExtensionType, RaggedTensor, SparseTensor, IndexedSlices, StructuredTensor)


def _holds_composite(value):
    """Whether `value` is, or (a list or tuple) holds, a composite tensor."""
    if isinstance(value, (list, tuple)):
        return any(_holds_composite(v) for v in value)
    return isinstance(value, _COMPOSITES)


def _find_target(api, signature, args, kwargs):
    """The registered function `api` dispatches to for these arguments, or None.

    As in TF, a signature matches only when one of its parameters holds a composite tensor
    (an ExtensionType value, a RaggedTensor, ...): ``Union[MaskedTensor, tf.Tensor]`` does not
    take ``tf.stack([t1, t2])`` of plain tensors, which a dispatch target calls itself.
    """
    if signature is None:
        return None
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return None
    for wanted, target in _targets.get(api, ()):
        if all(name in bound.arguments and _matches(bound.arguments[name], kind)
               for name, kind in wanted.items()) and any(
                _holds_composite(bound.arguments[name]) for name in wanted):
            return target
    for kind, operand_types, handler in _elementwise:
        if kind != _kind_of(api):
            continue
        names = list(signature.parameters)
        values = [bound.arguments.get(n) for n in names[:len(operand_types)]]
        if (all(_matches(v, t) for v, t in zip(values, operand_types))
                and any(_holds_composite(v) for v in values)):
            return _elementwise_call(api, signature, handler, len(operand_types))
    return None


def _kind_of(api):
    return _KINDS.get(api)


_KINDS = {}


def _elementwise_call(api, signature, handler, n):
    """Calls `handler(api_func, x[, y])` with the API's other arguments bound into api_func."""
    names = list(signature.parameters)[:n]

    def call(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        operands = [bound.arguments.pop(name) for name in names]
        rest = dict(bound.arguments)
        return handler(functools.partial(_call_with, api, names, rest), *operands)

    return call


def _call_with(api, names, rest, *operands):
    return api(**dict(zip(names, operands)), **rest)


def dispatch_for_api(api, *signatures):
    """Decorator: `api` calls the decorated function when its arguments match one of
    `signatures` (dicts of parameter name -> type; none given: the function's annotations)."""
    def decorate(target):
        wanted = list(signatures)
        if not wanted:
            hints = typing.get_type_hints(target)
            hints.pop("return", None)
            wanted = [hints]
        original = _original(api)
        params = inspect.signature(original).parameters
        for signature in wanted:
            unknown = sorted(set(signature) - set(params))
            if unknown:
                raise ValueError(f"Dispatch function's signature {signature} does not match "
                                 f"API's signature {inspect.signature(original)}.")
        _install(original)
        _targets.setdefault(original, []).extend((s, target) for s in wanted)
        return target
    return decorate


def _register_elementwise(kind, names, types):
    def decorate(handler):
        root = sys.modules["eagerbook"]
        for path in names:
            namespace = root
            for part in path.split("."):
                namespace = getattr(namespace, part, None)
            if namespace is None:
                continue  # an API eagerbook does not have
            api = _original(namespace)
            _KINDS[api] = kind
            _install(api)
        _elementwise.append((kind, types, handler))
        return handler
    return decorate


def dispatch_for_unary_elementwise_apis(x_type):
    """Decorator: every unary elementwise API (tf.abs, tf.math.exp, tf.ones_like, ...) calls
    ``handler(api_func, x)`` for an `x` of `x_type`."""
    return _register_elementwise("unary", _UNARY, (x_type,))


def dispatch_for_binary_elementwise_apis(x_type, y_type):
    """Decorator: every binary elementwise API (tf.add, tf.math.maximum, ...) calls
    ``handler(api_func, x, y)`` for `x` of `x_type` and `y` of `y_type`."""
    return _register_elementwise("binary", _BINARY, (x_type, y_type))


def dispatch_for_binary_elementwise_assert_apis(x_type, y_type):
    """Decorator: the tf.debugging.assert_* comparisons call ``handler(assert_func, x, y)``."""
    return _register_elementwise("binary_assert", _BINARY_ASSERT, (x_type, y_type))


def unregister_dispatch_for(dispatch_target):
    """Removes every registration of `dispatch_target` (ValueError if there is none)."""
    found = False
    for api, entries in _targets.items():
        kept = [(s, t) for s, t in entries if t is not dispatch_target]
        found |= len(kept) != len(entries)
        _targets[api] = kept
    kept = [e for e in _elementwise if e[2] is not dispatch_target]
    found |= len(kept) != len(_elementwise)
    _elementwise[:] = kept
    if not found:
        raise ValueError(f"Function {dispatch_target} was not registered using a "
                         f"`@dispatch_for_*` decorator.")


# --- asynchronous eager execution ---------------------------------------------------------------
# TF may queue eager ops and run them later inside async_scope; here every op runs when
# called, so the scope changes nothing and there is never a pending error to clear.
@contextlib.contextmanager
def async_scope():
    """``with tf.experimental.async_scope():`` ops inside may run asynchronously in TF."""
    yield


def async_clear_error():
    """Clears an error left pending by asynchronous execution (there is none here)."""


@contextlib.contextmanager
def function_executor_type(executor_type):
    """TF picks the runtime that executes the functions called inside. Here one executor runs
    every function, so any name (None: the default) leaves calls as they are."""
    yield


__all__ = ["BatchableExtensionType", "DynamicRaggedShape", "ExtensionType", "ExtensionTypeSpec",
           "ImmutableDict",
           "Optional", "RowPartition", "StructuredTensor", "async_clear_error", "async_scope",
           "dispatch_for_api", "dtensor",
           "dispatch_for_binary_elementwise_apis",
           "dispatch_for_binary_elementwise_assert_apis",
           "dispatch_for_unary_elementwise_apis", "function_executor_type",
           "unregister_dispatch_for"]

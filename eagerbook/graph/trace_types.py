"""What tf.function keys its traces by and how it reports them, as TF does: argument specs
(TensorSpec, VariableSpec), cache keys, retracing warnings, FunctionType printing, and errors
raised while tracing ("in user code:"). ``function.py`` uses these; a first reader can skip
them."""

import abc
import ast
import inspect
import linecache
import threading
import traceback
import weakref

import numpy as np

from ..core import dtypes, errors, logs, nest
from ..core.shape import TensorShape
from ..core.spec import TensorSpec
from ..core.tensor import EagerTensor, Tensor, convert_to_tensor
from ..ops.support import tf_type_name
from .autograph.conversion import CONVERTED_CODE, CONVERTED_ROOT, original_name, runs_as_is
from .ir import InaccessibleTensorError, OperatorNotAllowedInGraphError, SymbolicTensor
from .node_errors import inference_name

logger = logs.logger  # ("tensorflow", as TF's warnings)


class _ArgSpec(TensorSpec):
    """An argument's TensorSpec, named after its parameter (as TF's structured signature);
    `user_named` says whether the name came from the user's own TensorSpec."""

    __slots__ = ("user_named",)

    def __eq__(self, other):  # equal to the plain TensorSpec it stands for, as in TF
        return isinstance(other, TensorSpec) and (self._shape, self._dtype, self._name) == (
            other._shape, other._dtype, other._name)

    __hash__ = TensorSpec.__hash__


def _make_spec(shape, dtype, name=None, user_named=False):
    spec = _ArgSpec(shape, dtype, name)
    spec.user_named = user_named
    return spec


def _is_spec(x):
    return isinstance(x, TensorSpec)


def is_composite_spec(x):
    """A spec of a value made of several tensors (RaggedTensorSpec, SparseTensorSpec): it
    lists their specs (``__tf_components__``) and rebuilds the value around them."""
    return hasattr(type(x), "__tf_components__") and hasattr(x, "is_compatible_with") and \
        getattr(x, "_type_spec", None) is x


def _is_variable(x):
    return hasattr(type(x), "_as_tensor") and hasattr(x, "assign")


# --- cache keys -------------------------------------------------------------------------------
class _Weak:
    """A key part for an object compared by identity. It holds a weak reference where the
    object allows one, so a cache entry does not keep the object alive (the entry is dropped
    when the object dies, see Function._drop_dead)."""

    __slots__ = ("ref", "ident", "__weakref__")

    def __init__(self, obj):
        self.ident = id(obj)
        try:
            self.ref = weakref.ref(obj)
        except TypeError:
            self.ref = lambda obj=obj: obj  # not weak-referenceable: kept alive

    def __eq__(self, other):
        return isinstance(other, _Weak) and other.ident == self.ident and \
            other.ref() is self.ref()

    def __hash__(self):
        return self.ident

    @property
    def obj(self):
        return self.ref()


class TraceType(abc.ABC):
    """``tf.types.experimental.TraceType``: what a tf.function's cache compares for a Python
    object that defines ``__tf_tracing_type__(context)`` (the tracing protocol). A subclass
    must define all the abstract methods, as in TF; the cache here matches by equality."""

    @abc.abstractmethod
    def is_subtype_of(self, other):
        """Whether a trace made for `other` can serve this type."""

    @abc.abstractmethod
    def most_specific_common_supertype(self, others):
        """The most specific type all of `others` and this one are subtypes of, or None."""

    @abc.abstractmethod
    def placeholder_value(self, placeholder_context):
        """The value a trace sees for an argument of this type."""

    @abc.abstractmethod
    def __hash__(self):
        """Equal types hash alike: the function's trace cache is keyed by them."""

    @abc.abstractmethod
    def __eq__(self, other):
        """Whether a trace made for `other` is the one to reuse for this type."""


class TracingContext:
    """What ``__tf_tracing_type__`` receives (TF's context for the call being matched)."""


def _key(x, aliases):
    """The cache key part for one argument. `aliases` numbers the Variables seen so far in
    this call, so f(v, v) and f(v, w) get different traces (as TF's alias ids do)."""
    if type(x) is EagerTensor:  # (every call of a step: the hasattr misses below cost more)
        return ("T", x._dtype, x._value.shape)
    if hasattr(type(x), "__tf_tracing_type__"):  # the tracing protocol: the object says
        return ("C", x.__tf_tracing_type__(TracingContext()))
    if hasattr(type(x), "__tf_components__"):  # an ExtensionType: its spec says
        return ("X", x._type_spec)
    if isinstance(x, Tensor):
        if isinstance(x, SymbolicTensor):
            return ("T", x._dtype, x._shape._dims)
        return ("T", x._dtype, x._value.shape)
    if _is_variable(x):
        alias = aliases.setdefault(id(x), len(aliases))
        return ("V", x.dtype, tuple(x.shape.as_list()) if x.shape.rank is not None else None,
                bool(getattr(x, "trainable", True)), alias)
    if isinstance(x, (np.ndarray, np.generic)):  # (a NumPy scalar too: TF traces a tensor)
        return ("T", dtypes.from_numpy(x.dtype), x.shape)
    if is_dataset_argument(x):  # a dataset (or a DatasetSpec): by its element_spec, as TF
        return ("D", repr(x.element_spec))
    if isinstance(x, (list, tuple)):
        return (type(x), tuple(_key(e, aliases) for e in x))
    if isinstance(x, dict):
        return (dict, tuple((k, _key(x[k], aliases)) for k in sorted(x, key=repr)))
    if isinstance(x, (bool, int, float, str, bytes, type(None))):
        # By value alone, as TF's literal trace types: f(1), f(1.0) and f(True) share a trace.
        return ("P", x)
    try:
        hash(x)
        if type(x).__hash__ is object.__hash__:
            return ("O", _Weak(x))
        return ("H", type(x), x)
    except TypeError:
        return ("O", _Weak(x))


def is_dataset_argument(x):
    """A tf.data Dataset or DatasetSpec (they say what a traced function sees for them)."""
    return hasattr(type(x), "_traced_argument")


def _call_key(args):
    aliases = {}
    return tuple(_key(a, aliases) for a in args)


def _has_dead_reference(key):
    if isinstance(key, _Weak):
        return key.ref() is None
    if isinstance(key, tuple):
        return any(_has_dead_reference(k) for k in key)
    return False


# --- retracing warnings, at TF's rate -------------------------------------------------------------
# TF warns when 5 of the (at most) 10 most recent calls of one Python function traced, at most
# twice per Python function. Calls are counted per code object, so a tf.function re-created in
# a loop (each one tracing once) is caught too.
_FREQUENT_TRACING_THRESHOLD = 5
_MAX_CALL_HISTORY = 10
_MAX_WARNINGS = 2


class _TracingDetector:
    __slots__ = ("calls_per_tracing", "call_count", "warnings")

    def __init__(self):
        self.calls_per_tracing = []  # one entry per trace: calls up to the next trace
        self.call_count = 0
        self.warnings = 0

    def called_with_tracing(self, function):
        self.call_count += 1
        self.calls_per_tracing.append(1)
        while self.calls_per_tracing and \
                self.call_count - self.calls_per_tracing[0] > _MAX_CALL_HISTORY:
            self.call_count -= self.calls_per_tracing.pop(0)
        if self.warnings >= _MAX_WARNINGS or \
                len(self.calls_per_tracing) < _FREQUENT_TRACING_THRESHOLD:
            return
        self.warnings += 1
        logger.warning(
            "%d out of the last %d calls to %r triggered tf.function retracing. Tracing is "
            "expensive and the excessive number of tracings could be due to (1) creating "
            "@tf.function repeatedly in a loop, (2) passing tensors with different shapes, "
            "(3) passing Python objects instead of tensors. For (1), please define your "
            "@tf.function outside of the loop. For (2), @tf.function has "
            "reduce_retracing=True option that can avoid unnecessary retracing. For (3), "
            "please refer to https://www.tensorflow.org/guide/function#controlling_retracing"
            " and https://www.tensorflow.org/api_docs/python/tf/function for  more details.",
            len(self.calls_per_tracing), self.call_count,
            getattr(function, "__func__", function))  # (a method: TF names its function)

    def called_without_tracing(self):
        if not self.calls_per_tracing:
            self.calls_per_tracing.append(0)
        self.calls_per_tracing[-1] += 1
        self.call_count += 1


_detectors = weakref.WeakKeyDictionary()  # code object (or function) -> _TracingDetector
_detectors_lock = threading.Lock()


def _stats_key(fn):
    while hasattr(fn, "__wrapped__"):
        fn = fn.__wrapped__
    fn = getattr(fn, "__func__", fn)
    return getattr(fn, "__code__", fn)


def _detector_for(fn):
    key = _stats_key(fn)
    with _detectors_lock:
        try:
            detector = _detectors.get(key)
        except TypeError:
            return _TracingDetector()  # not weak-referenceable: counted per call site only
        if detector is None:
            detector = _detectors[key] = _TracingDetector()
        return detector


class SpecMismatch(TypeError):
    """An argument that does not fit its input_signature spec (the caller words TF's error
    around ``reason``)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


def _check_against_spec(arg, spec):
    if is_dataset_argument(spec):  # a DatasetSpec (an IteratorSpec)
        arg = spec._passed_argument(arg) if hasattr(spec, "_passed_argument") else arg
        if not is_dataset_argument(arg) or not spec.is_compatible_with(arg):
            raise SpecMismatch(f"Can not cast {_describe_arg(arg)} to {spec!r}")
        return arg
    if is_composite_spec(spec):  # a RaggedTensorSpec or SparseTensorSpec
        if not spec.is_compatible_with(arg):
            raise SpecMismatch(f"Can not cast {_describe_arg(arg)} to {spec!r}")
        return arg
    if _is_variable(arg):
        arg = arg._as_tensor()
    if _is_spec(arg):  # get_concrete_function(spec): it fits when one shape holds the other
        arg_shape, shape = TensorShape(arg.shape), TensorShape(spec.shape)
        if arg.dtype is not spec.dtype or not (arg_shape.is_subtype_of(shape)
                                               or shape.is_subtype_of(arg_shape)):
            raise SpecMismatch(f"Can not cast {arg!r} to {spec!r}")
        return arg
    if not isinstance(arg, Tensor):
        try:
            arg = convert_to_tensor(arg, dtype=spec.dtype)
        except (TypeError, ValueError) as exc:  # TF gives the conversion's own words
            raise SpecMismatch(str(exc)) from None
    if arg.dtype is not spec.dtype or not TensorShape(spec.shape).is_compatible_with(arg.shape):
        raise SpecMismatch(f"Can not cast {_describe_arg(arg)} to {spec!r}")
    return arg


def placeholder_names(signature, n):
    """The names of a trace's `n` placeholders: the parameters', ``args_0``, ``args_1``, ...
    for ``*args`` (every other parameter takes one slot), ``arg<i>`` past the end."""
    names = []
    if signature is not None:
        for p in signature.parameters.values():
            if p.kind is p.VAR_POSITIONAL:
                n_var = max(0, n - (len(signature.parameters) - 1))
                names.extend(f"{p.name}_{j}" for j in range(n_var))
            else:
                names.append(p.name)
    while len(names) < n:
        names.append(f"arg{len(names)}")
    return names[:n]


def split_keyword_arguments(python_function, specs):
    """A trace's specs as TF's (args, kwargs): the entries of keyword-only parameters (and of
    ``**kwargs``), last in the canonical order, are dicts of name -> spec; they go to kwargs."""
    try:
        params = inspect.signature(python_function).parameters.values()
    except (TypeError, ValueError):
        return specs, {}
    n = sum(p.kind in (p.KEYWORD_ONLY, p.VAR_KEYWORD) for p in params)
    if not n or len(specs) < n or not all(isinstance(s, dict) for s in specs[-n:]):
        return specs, {}
    kwargs = {}
    for entry in specs[-n:]:
        kwargs.update(entry)
    return specs[:-n], kwargs


# --- binding a call to an input_signature ------------------------------------------------------
def bind_to_signature(function, args, kwargs):
    """The arguments of a call of `function` (a Function with an input_signature) as its
    specs' tensors, or TF's binding TypeError."""
    specs = function._input_signature
    received = (args, kwargs)
    if kwargs:
        args = function._canonicalize(args, kwargs)[:len(specs)]
    elif len(args) < len(specs):  # defaults fill the rest (f() with def f(x=tf.constant(5)))
        try:
            args = function._canonicalize(args, {})[:len(specs)]
        except TypeError:
            pass  # a required argument is missing: TF's binding error below
    if len(args) != len(specs):
        raise _binding_error(function, _arity_problem(function, args, kwargs), *received)
    out = []
    for arg, spec in zip(args, specs):
        flat_specs = nest.flatten(spec)
        # a list or array where the signature has one spec is that tensor's value
        flat_args = [arg] if len(flat_specs) == 1 and flat_specs[0] is spec else \
            nest.flatten(arg)
        if len(flat_args) != len(flat_specs):
            raise _binding_error(function, f"{arg!r} does not match the structure of {spec!r}",
                                 *received)
        try:
            converted = [_check_against_spec(a, s) for a, s in zip(flat_args, flat_specs)]
        except SpecMismatch as exc:
            raise _binding_error(function, exc.reason, *received) from None
        out.append(nest.pack_sequence_as(spec, converted))
    return tuple(out)


def _arity_problem(function, args, kwargs):
    """Python's own words for arguments that do not fit the signature, as TF reports them."""
    if len(args) > len(function._input_signature):
        return "too many positional arguments"
    try:
        names = list(function._signature.parameters)[:len(function._input_signature)]
        inspect.Signature([inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD)
                           for n in names]).bind(*args, **kwargs)
    except (TypeError, AttributeError) as exc:
        return str(exc)
    return "too few positional arguments"


def _binding_error(function, reason, args, kwargs):
    params = [] if function._signature is None else list(function._signature.parameters)
    signature = ", ".join(f"{p}: {s!r}" for p, s in zip(params, function._input_signature))
    return TypeError(f"Binding inputs to tf.function failed due to `{reason}`. Received args: "
                     f"{tuple(args)} and kwargs: {kwargs} for signature: ({signature}).")


def _describe_arg(arg):
    if hasattr(type(arg), "__tf_components__") and hasattr(arg, "_type_spec"):
        return repr(arg._type_spec)
    if isinstance(arg, Tensor):
        return f"TensorSpec(shape={arg.shape}, dtype=tf.{arg.dtype.name}, name=None)"
    return repr(arg)


class VariableSpec:
    """The trace type of a Variable argument (TF's ``VariableSpec``): traces are shared by
    Variables of the same shape, dtype and trainability in the same aliasing pattern."""

    __slots__ = ("shape", "dtype", "trainable", "alias_id")

    def __init__(self, shape, dtype, trainable=True, alias_id=None):
        self.shape = TensorShape(shape)
        self.dtype = dtype
        self.trainable = trainable
        self.alias_id = alias_id

    def __eq__(self, other):
        return isinstance(other, VariableSpec) and (self.shape, self.dtype, self.trainable) == (
            other.shape, other.dtype, other.trainable)

    def __hash__(self):
        return hash((self.dtype, self.trainable))

    def __repr__(self):
        return (f"VariableSpec(shape={self.shape}, dtype=tf.{self.dtype.name}, "
                f"trainable={self.trainable}, alias_id={self.alias_id})")


class _ObjectSpec(_Weak):
    """The spec of an argument compared by identity: a weak reference, so the trace does not
    keep the object alive."""

    __slots__ = ()

    def __repr__(self):
        obj = self.ref()
        return repr(obj) if obj is not None else "<dead object>"


def _relax(previous_specs, args):
    """Shapes generalized to what both the previous trace and these args have in common."""
    def relax(spec, arg):
        if isinstance(arg, (Tensor, np.ndarray)) and _is_spec(spec):
            shape = TensorShape(spec.shape).most_specific_compatible_shape(
                TensorShape(np.shape(arg) if isinstance(arg, np.ndarray) else arg.shape))
            return shape
        if isinstance(arg, (list, tuple)) and isinstance(spec, (list, tuple)) \
                and len(arg) == len(spec):
            return [relax(s, a) for s, a in zip(spec, arg)]
        if isinstance(arg, dict) and isinstance(spec, dict):
            return {k: relax(spec.get(k), arg[k]) for k in arg}
        return None
    if len(previous_specs) != len(args):
        return None
    return [relax(s, a) for s, a in zip(previous_specs, args)]


# --- errors raised while tracing: "in user code:" ---------------------------------------------
# TF re-raises an error from a traced function as the same kind of error whose message first
# lists the user's frames (the converted function's marked " *"), then the original message.
_PACKAGE_DIR = __file__.rsplit("/graph/", 1)[0]
_STRING_CONSTRUCTOR_ERRORS = (AssertionError, AttributeError, NameError, NotImplementedError,
                              RuntimeError, StopIteration, TypeError, UnboundLocalError,
                              ValueError)
# Graph errors of eagerbook's own, which take their message as TF's do.
_GRAPH_ERRORS = (InaccessibleTensorError, OperatorNotAllowedInGraphError)


class StagingError(Exception):
    """TF's error for an error raised while tracing that cannot be raised again as its own
    kind with the "in user code" message: a RecursionError (a tf.function calling itself on
    tensors), an OverflowError, an error class whose constructor takes other arguments."""


class MultilineMessageKeyError(KeyError):
    """A KeyError whose message prints as text (KeyError's own str() shows a repr)."""

    def __init__(self, message, original_key):
        super().__init__(original_key)
        self._message = message

    def __str__(self):
        return self._message


def _lambda_text(line):
    """The lambda of a source line (``ds.map(lambda x: x + 1)`` -> ``lambda x: x + 1``)."""
    start = line.find("lambda")
    if start < 0:
        return line
    text = line[start:]
    while text:
        try:
            ast.parse(text, mode="eval")
            return text
        except SyntaxError:
            text = text[:-1].rstrip()
    return line[start:]


def _innermost_lines(tb):
    """For each converted function, the innermost line of it in the whole traceback: what TF
    lists for every call of it (a recursion shows the deepest call's line at each level)."""
    found = {}
    for frame, lineno in traceback.walk_tb(tb):
        root = CONVERTED_ROOT.get(frame.f_code)
        if root is not None:
            found[root] = (frame, lineno)
    return found


def _user_frames(tb):
    lines = []
    called_as_is = False  # the frame was called by converted code without being converted
    last_root = None  # the converted function whose frame was listed last, in this call of it
    innermost = _innermost_lines(tb)
    for frame, lineno in traceback.walk_tb(tb):
        root = CONVERTED_ROOT.get(frame.f_code)
        if root is not None:
            frame, lineno = innermost[root]
        code = frame.f_code
        if code.co_filename.startswith(_PACKAGE_DIR):
            called_as_is = code.co_name == "converted_call"
            if called_as_is:
                last_root = None  # a new call: its frames are listed apart
            continue  # eagerbook's own frames
        converted = code in CONVERTED_CODE
        marker = "  *" if converted else "  **" if called_as_is else ""  # (TF's marks)
        called_as_is = False
        name = original_name(code) if converted else code.co_name
        source = linecache.getline(code.co_filename, lineno, frame.f_globals).strip()
        if converted and name == "<lambda>":
            name, source = "None", _lambda_text(source)  # how TF shows a converted lambda
        header = f'    File "{code.co_filename}", line {lineno}, in {name}{marker}'
        if root is not None and root is last_root:
            del lines[-2:]  # TF lists one line of a call: the innermost (a body, not its `if`)
        last_root = root
        lines += [header, "        " + source]  # (empty for code without a file: exec)
    return lines


def in_user_code(exc, function=None):
    """The error to raise for `exc` raised while tracing `function` (None: re-raise `exc`
    itself). TF adds "in user code" frames only around converted code: an error of a function
    AutoGraph could not convert (no source) or was told not to is raised as it is."""
    if getattr(exc, "unframed", False) or (function is not None and runs_as_is(function)):
        return None
    cause = f"{type(exc).__name__}: {exc}"  # (TF names the class without its module)
    if isinstance(exc, errors.OpError):
        cause = f"{type(exc).__name__}: {exc.message}"
    lines = ["in user code:", ""] + _user_frames(exc.__traceback__) + [""]
    lines += ["    " + line for line in cause.split("\n")] + [""]
    message = "\n".join(lines)
    cls = type(exc)
    if isinstance(exc, errors.OpError):
        framed = cls(exc.node_def, exc.op, message)
    elif cls in _STRING_CONSTRUCTOR_ERRORS + _GRAPH_ERRORS or cls.__init__ is Exception.__init__:
        framed = cls(message)
    elif cls is KeyError:
        framed = MultilineMessageKeyError(message, exc.args[0] if exc.args else None)
    else:
        framed = StagingError(message)
    framed.ag_error_metadata = cause
    framed.__suppress_context__ = True
    return framed.with_traceback(exc.__traceback__)


def _param_names(fn, n):
    try:
        names = [p.name for p in inspect.signature(fn).parameters.values()
                 if p.kind not in (p.VAR_KEYWORD,)]
    except (TypeError, ValueError):
        names = []
    while len(names) < n:
        names.append(f"arg{len(names)}")
    return names[:n]


# --- FunctionType: how TF prints a trace's signature -----------------------------------------
class FunctionType(inspect.Signature):
    """A trace's parameters with their types (TF's ``FunctionType``, an ``inspect.Signature``
    whose annotations are the argument types) and its captures."""

    __slots__ = ("captures",)

    def __init__(self, parameters, return_annotation, captures):
        super().__init__(parameters, return_annotation=return_annotation)
        self.captures = captures  # [(id of the captured object, its type)]

    def __repr__(self):
        lines = ["Input Parameters:"]
        lines += [f"  {p.name} ({p.kind}): {p.annotation!r}" for p in self.parameters.values()]
        lines += ["Output Type:", f"  {self.return_annotation!r}", "Captures:"]
        lines += [f"  {ident}: {kind!r}" for ident, kind in self.captures] or ["  None"]
        return "\n".join(lines)


class _TypeText:
    """An annotation that prints as the given text (inspect shows annotations by repr)."""

    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


class FunctionNameAndType:
    """``Function.name`` and ``Function.function_type`` (what every call may pass: the
    parameters, typed by the input_signature when there is one; a default shows as
    ``<captured_default_value>``, as in TF)."""

    @property
    def name(self):
        return self._name

    @property
    def function_type(self):
        params = [] if self._signature is None else list(self._signature.parameters.values())
        specs = self._input_signature
        if specs is not None:
            params = params[:len(specs)]
        params = [p.replace(default=_CAPTURED_DEFAULT if p.default is not p.empty else p.empty,
                            annotation=_TypeText(repr(specs[i])) if specs is not None
                            else p.empty)
                  for i, p in enumerate(params)]
        return FunctionType(params, inspect.Signature.empty, [])


_CAPTURED_DEFAULT = _TypeText("<captured_default_value>")


def _function_type(concrete):
    specs = concrete._arg_specs
    names = _param_names(concrete._python_function, len(specs))
    kinds = _param_kinds(concrete._python_function, len(specs))
    params = [inspect.Parameter(name, kind, annotation=_TypeText(_type_text(spec, True)))
              for name, kind, spec in zip(names, kinds, specs)]
    output = _TypeText(_type_text(concrete.structured_outputs))
    captures = [(id(obj), _TypeText(_type_text(t))) for obj, t in concrete.graph.captures]
    return FunctionType(params, output, captures)


def _param_kinds(fn, n):
    P = inspect.Parameter
    kinds = []
    try:
        for p in inspect.signature(fn).parameters.values():
            if p.kind is P.VAR_POSITIONAL:
                kinds.extend([P.POSITIONAL_ONLY] * max(0, n - len(kinds) - 1))
            elif p.kind is P.VAR_KEYWORD:
                continue
            else:
                kinds.append(p.kind)
    except (TypeError, ValueError):  # no signature (a builtin): every argument is positional
        pass
    kinds = [P.POSITIONAL_OR_KEYWORD if k is P.KEYWORD_ONLY else k for k in kinds]
    return (kinds + [P.POSITIONAL_OR_KEYWORD] * n)[:n]


def _type_text(x, argument=False):
    """TF's trace type text: TensorSpec(...) (argument specs named only when the user named
    them in an input_signature), Literal[...] for Python values, List/Tuple/Dict of those."""
    if _is_spec(x):
        named = not argument or getattr(x, "user_named", True)
        return repr(TensorSpec(x.shape, x.dtype, x.name if named else None))
    if isinstance(x, VariableSpec):
        return repr(x)
    if hasattr(type(x), "__tf_components__"):  # an ExtensionType or its Spec
        return repr(x._type_spec)
    if isinstance(x, Tensor):
        return repr(TensorSpec(x.shape, x.dtype))
    if isinstance(x, tuple) and hasattr(type(x), "_fields"):
        inner = ", ".join(f"{k}={_type_text(v, argument)}" for k, v in zip(x._fields, x))
        return f"{type(x).__name__}[{inner}]"
    if isinstance(x, (list, tuple)):
        inner = ", ".join(_type_text(e, argument) for e in x)
        return f"Tuple[{inner}]" if isinstance(x, tuple) else f"List[{inner}]"
    if isinstance(x, dict):
        inner = ", ".join(f"[{k!r}, {_type_text(v, argument)}]" for k, v in x.items())
        return f"Dict[{inner}]"
    return f"Literal[{x!r}]"


def tensors_for_specs(arg_specs, args):
    """A ConcreteFunction's arguments with each Python value or array passed where its
    signature has a TensorSpec converted to a tensor of the spec's dtype, as TF binds them
    (``"x"`` for a string spec, ``[1., 2.]`` for a float one); TypeError if it cannot be."""
    if len(args) != len(arg_specs):
        return args
    converted = []
    for spec, arg in zip(arg_specs, args):
        if isinstance(spec, TensorSpec) and not isinstance(arg, Tensor) and \
                not _is_variable(arg):
            try:
                arg = convert_to_tensor(arg, dtype=spec.dtype)
            except (TypeError, ValueError) as exc:
                raise TypeError(f"Binding inputs to tf.function failed due to `{exc}`. "
                                f"Received args: {tuple(args)}") from None
        elif isinstance(spec, (bool, int, float, str)) and (type(arg) is not type(spec)
                                                             or arg != spec):
            # A Python value was fixed when the function was traced: only it may be passed.
            raise TypeError(f"Binding inputs to tf.function failed due to `Can not cast "
                            f"{arg!r} to Literal[{spec!r}]`. Received args: {tuple(args)}")
        converted.append(arg)
    return converted


# --- calling a ConcreteFunction: TF's two bindings ---------------------------------------------
_LITERALS = (bool, int, float, str, type(None))


def bind_concrete_call(concrete, args, kwargs):
    """Binds a ConcreteFunction call as TF does. First to its structured signature (every
    parameter required, even one that had a default: a trace fixed its value), each value cast
    to its type; if that fails, to its flat signature: the tensor parameters alone, passed as
    tensors (no conversion, no shape check). Returns the structured arguments in order, or a
    FlatCall of the graph's inputs; TypeError naming both failures. None for nested arguments
    (the general road)."""
    specs = concrete._arg_specs
    if not all(isinstance(s, (TensorSpec, VariableSpec, _ObjectSpec) + _LITERALS)
               for s in specs):
        return None
    ftype = concrete.function_type
    try:
        bound = ftype.bind(*args, **kwargs)
        return [cast_to_type(spec, bound.arguments[name])
                for spec, name in zip(specs, ftype.parameters)]
    except (TypeError, CastError) as exc:
        structured = exc
    try:
        tensors = _bind_flat(concrete, list(ftype.parameters), args, kwargs)
    except TypeError as exc:
        raise TypeError(f"Binding inputs to tf.function failed due to `{structured}`. Received "
                        f"args: {tuple(args)} and kwargs: {kwargs} for signature: {ftype}.\n"
                        f"Fallback to flat signature also failed due to: {exc}") from None
    inputs = concrete.graph.inputs
    if len(tensors) != len(inputs):  # Variables among them: the general road places them
        values = iter(tensors)
        return [next(values) if isinstance(s, TensorSpec) else s for s in specs]
    for i, (t, p) in enumerate(zip(tensors, inputs)):
        if t.dtype is not p.dtype:  # checked as the function runs
            name = inference_name(concrete)
            raise errors.InvalidArgumentError(
                None, None, f"cannot compute {name} as input #{i}(zero-based) was expected to "
                            f"be a {tf_type_name(p.dtype)} tensor but is a "
                            f"{tf_type_name(t.dtype)} tensor [Op:{name}]")
    return FlatCall(tensors)


class FlatCall:
    """A call bound to the flat signature: the graph's input tensors, run as they are."""

    __slots__ = ("tensors",)

    def __init__(self, tensors):
        self.tensors = tensors


class CastError(Exception):
    """A Python value that cannot take a traced TensorSpec's dtype (a binding failure)."""


def cast_to_type(spec, value):
    """`value` as an argument of type `spec` (a structured binding); CastError if it cannot be."""
    if isinstance(spec, _ObjectSpec):  # an object the trace saw: only it may be passed
        if value is not spec.ref():
            raise CastError(f"Can not cast {value!r} to {_type_text(spec, True)}")
        return value
    if isinstance(spec, VariableSpec):
        if not _is_variable(value) or value.dtype != spec.dtype or \
                not spec.shape.is_compatible_with(value.shape):
            raise CastError(f"Can not cast {_type_text(value)} to {_type_text(spec, True)}")
        return value
    if not isinstance(spec, TensorSpec):
        if type(value) is not type(spec) or value != spec:
            raise CastError(f"Can not cast {value!r} to Literal[{spec!r}]")
        return value
    if _is_variable(value):
        return value  # a Variable passed for a tensor: read when the function runs
    if not isinstance(value, Tensor):
        try:
            value = convert_to_tensor(value, dtype=spec.dtype)
        except (TypeError, ValueError) as exc:
            raise CastError(str(exc)) from None
    if value.dtype != spec.dtype or not spec.shape.is_compatible_with(value.shape):
        raise CastError(f"Can not cast {TensorSpec(value.shape, value.dtype)!r} to "
                         f"{_type_text(spec, True)}")
    return value


def _bind_flat(concrete, names, args, kwargs):
    """TF's flat signature: `f(x, y)` over the tensor parameters only."""
    keywords = [n for n, s in zip(names, concrete._arg_specs)
                if isinstance(s, (TensorSpec, VariableSpec))]
    fname = getattr(concrete._python_function, "__name__", concrete.name)
    return bind_flat_keywords(f"{fname}({', '.join(keywords)})", keywords, len(keywords),
                              args, kwargs)


def bind_flat_keywords(summary, keywords, positional, args, kwargs):
    """The tensors of a call bound to a flat signature: `keywords` in order, the first
    `positional` of them also by position; TypeError starting with `summary` (``f(x, y)``)."""
    if len(args) > positional:
        raise TypeError(f"{summary} takes {positional} positional arguments, got {len(args)}.")
    args, kwargs = list(args), dict(kwargs)
    for keyword in keywords[len(args):]:
        if keyword not in kwargs:
            given = set(keywords[:len(args)]) | set(kwargs)
            missing = sorted(set(keywords) - given)
            raise TypeError(f"{summary} missing required arguments: {', '.join(missing)}.")
        args.append(kwargs.pop(keyword))
    if kwargs:
        for key in kwargs:
            if key in keywords[:len(args)]:
                raise TypeError(f"{summary} got two values for '{key}'.")
        raise TypeError(f"{summary} got unexpected keyword arguments: "
                        f"{', '.join(sorted(kwargs))}.")
    for i, arg in enumerate(args):
        if not isinstance(arg, Tensor) and not _is_variable(arg):
            raise TypeError(f"{summary}: expected argument #{i}(zero-based) to be a Tensor; got "
                            f"{type(arg).__name__} ({arg}).")
    for i, arg in enumerate(args):
        if _is_variable(arg):  # the flat road takes tensors only (a Variable's handle inside)
            raise TypeError(f"provided list of inputs contains objects other than "
                            f"'EagerTensor'. Item {i} is type: {type(arg).__name__}")
    return args


# --- composites (ExtensionTypes) crossing a tf.function's boundary ------------------------------
class CompositeOutput:
    """A traced function's output holding tensors inside a composite value: which graph
    outputs are its components (``resolve`` rebuilds it around their values)."""

    __slots__ = ("like", "indices")

    def __init__(self, like, indices):
        self.like, self.indices = like, indices

    @classmethod
    def add(cls, graph, leaf, outputs):
        """Appends the components of output `leaf` to the graph's `outputs`."""
        parts = [graph.as_graph_tensor(t) for t in leaf.__tf_components__()]
        outputs.extend(parts)
        return cls(leaf, range(len(outputs) - len(parts), len(outputs)))

    def resolve(self, values):
        return self.like.__tf_from_components__([values[i] for i in self.indices])


def composite_placeholders(graph, arg, name, placeholders_for):
    """An ExtensionType argument: a placeholder for each tensor inside, rebuilt around them.
    A SparseTensor or RaggedTensor is traced from its spec, as TF does: what the trace sees
    is what every value of that spec shares (the dense shape; not the number of values)."""
    spec = arg._type_spec
    source = spec if is_composite_spec(spec) else arg
    parts = [placeholders_for(graph, t, f"{name}_{i}")[0]
             for i, t in enumerate(source.__tf_components__())]
    return source.__tf_from_components__(parts), spec


# --- a ConcreteFunction's output types ------------------------------------------------------------
class OutputTypes:
    """TF's ``output_shapes`` and ``output_dtypes`` of a ConcreteFunction (its base class)."""

    @property
    def output_shapes(self):
        """The static shape of each output, in the structure the function returns (a Python
        value returned as is has the shape of its tensor; None: an unknown shape)."""
        return nest.map_structure(_output_shape, self.structured_outputs)

    @property
    def output_dtypes(self):
        """The dtype of each output, in the structure the function returns (None for None)."""
        return nest.map_structure(_output_dtype, self.structured_outputs)


def _output_shape(value):
    if value is None:
        return TensorShape(None)
    if isinstance(value, Tensor) or hasattr(type(value), "_as_tensor"):
        return TensorShape(value.shape)
    return TensorShape(np.shape(value))


def _output_dtype(value):
    if value is None:
        return None
    if isinstance(value, Tensor) or hasattr(type(value), "_as_tensor"):
        return value.dtype
    return convert_to_tensor(value).dtype


# --- what a traced function returns ---------------------------------------------------------
# Python/NumPy values a function returns become constant outputs, as in TF.
_CONVERTED_OUTPUTS = (bool, int, float, complex, str, bytes, np.ndarray, np.generic)


def _shape_output(shape, python_function):
    """A TensorShape returned by a traced function: a tensor of its dims when all are known
    (as TF converts it), else TF's TypeError."""
    if shape.is_fully_defined():
        return convert_to_tensor(shape)
    raise _not_returnable(shape, python_function)


def _returnable_python_value(leaf):
    """None, or a value TF passes out of a function whole: a dataset, an iterator or another
    composite value (they have a type spec). Anything else (an op, a dtype, a generator, a
    plain Python object) is no tensor."""
    return leaf is None or hasattr(leaf, "element_spec") or hasattr(leaf, "_type_spec")


def _not_returnable(leaf, python_function):
    return TypeError(f"To be compatible with tf.function, Python functions must return zero or "
                     f"more Tensors or ExtensionTypes or None values; in compilation of "
                     f"{python_function!r}, found return value of type {type(leaf).__name__}, "
                     f"which is not a Tensor or ExtensionType.")


# --- dispatch: which trace serves a call ------------------------------------------------------
def serving_trace(concretes, args, reduce_retracing=False):
    """TF's dispatch: the trace among `concretes` whose input types are supertypes of those
    of `args` serves them without tracing (a ``TensorSpec([None])`` trace takes every vector,
    ``TensorSpec(None)`` any shape; with reduce_retracing, the relaxed traces too); of several,
    the most specific. None if no trace accepts them."""
    if not reduce_retracing and any(_is_variable(a) for a in nest.flatten(args)):
        return None  # (how Variable arguments alias is part of their trace's key)
    accepting = [c for c in concretes if accepts(c._arg_specs, args)]
    if not accepting:
        return None
    return max(reversed(accepting), key=_specificity)  # (ties: the latest trace)


def _specificity(concrete):
    """How specific a trace's tensor types are: the more known ranks and dimensions, the more."""
    known = 0
    for spec in nest.flatten(concrete._arg_specs):
        if _is_spec(spec) and spec.shape.rank is not None:
            known += 1 + sum(d is not None for d in spec.shape.as_list())
    return known


def accepts(arg_specs, args):
    """Whether a trace for `arg_specs` accepts `args` (tensors, or TensorSpecs asked for by
    get_concrete_function): the same structure and Python values, tensors of each spec's
    dtype with a shape its shape takes."""
    if len(args) != len(arg_specs) or nest.structure_error(arg_specs, args) is not None:
        return False
    for spec, arg in zip(nest.flatten(arg_specs), nest.flatten(args)):
        if _is_spec(spec):
            if _is_spec(arg):
                arg_dtype, shape = arg.dtype, arg.shape
            elif isinstance(arg, (Tensor, np.ndarray, np.generic)):
                arg_dtype = arg.dtype if isinstance(arg, Tensor) else \
                    dtypes.from_numpy(arg.dtype)
                shape = arg.shape if isinstance(arg, Tensor) else np.shape(arg)
            else:
                return False
            if arg_dtype is not spec.dtype or not TensorShape(shape).is_subtype_of(spec.shape):
                return False
        elif isinstance(spec, VariableSpec):
            if not _is_variable(arg) or VariableSpec(arg.shape, arg.dtype, bool(
                    getattr(arg, "trainable", True))) != spec:
                return False
        elif isinstance(spec, _ObjectSpec):
            if spec.ref() is not arg:
                return False
        elif _key(spec, {}) != _key(arg, {}):
            return False
    return True


# --- calls made while another function traces (inlined there) ----------------------------------
def note_inlined_call(function, args, kwargs):
    """Counts a call of `function` made while another function traces: its ops are inlined
    in that trace, where TF would trace `function` (its tracing count shows it)."""
    try:
        key = "signature" if function._input_signature is not None else \
            _call_key(function._canonicalize(args, kwargs))
        function._inlined_keys.add(key)
    except TypeError:  # a key that cannot be hashed is not counted
        pass


def arguments_of_key(key):
    """The arguments a call key stands for (tensors as TensorSpecs), or None when it holds
    something else (a Variable, an object)."""
    kind = key[0] if isinstance(key, tuple) and key else None
    if kind == "T":
        return TensorSpec(key[2], key[1])
    if kind == "P":
        return key[1]
    if kind in (list, tuple):
        parts = [arguments_of_key(k) for k in key[1]]
        return None if any(p is None for p in parts) else kind(parts)
    if kind is dict:
        parts = {k: arguments_of_key(v) for k, v in key[1]}
        return None if any(p is None for p in parts.values()) else parts
    if isinstance(key, tuple) and all(isinstance(k, tuple) for k in key):  # the whole call
        parts = [arguments_of_key(k) for k in key]
        return None if any(p is None for p in parts) else parts
    return None


def trace_inlined_calls(function):
    """Traces on its own each call of `function` that was inlined in another function's
    trace, as TF keeps a concrete function for it: listing and printing the concrete
    functions show it (the tracing count already counted it)."""
    if function._input_signature is not None and "signature" in function._inlined_keys:
        function.get_concrete_function()
    for key in sorted(function._inlined_keys - set(function._cache), key=repr):
        args = arguments_of_key(key) if key != "signature" else None
        if args is not None:
            function.get_concrete_function(*args)

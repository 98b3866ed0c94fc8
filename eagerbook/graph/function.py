"""``tf.function``: trace a Python function into a graph once per input signature, optimize
it, compile it to NumPy code, and call that.

    @tf.function
    def f(x): ...

    f(tf.constant([1., 2.]))   # traces (Python runs once, with symbolic tensors), then runs
    f(tf.constant([3., 4.]))   # same dtype and shape: reuses the compiled graph
    f(tf.constant([1.]))       # new shape: traces again

Cache keys follow TF: tensors by dtype and shape, Variables by dtype and shape (a new Variable
of the same kind reuses the trace: it is an input of the function, not a constant of it),
Python values by value, other objects by identity. ``input_signature`` fixes one signature
(``None`` dims allowed).

The cache keeps every trace, as TF's does; an entry keyed by an object compared by identity
holds only a weak reference to it (where Python allows one) and is dropped when the object dies.
"""

import contextlib
import functools
import gc
import inspect
import threading
import weakref

import numpy as np

from ..core import context, errors, logs, nest
from ..core.shape import TensorShape
from ..core.tensor import EagerTensor, Tensor, _from_numpy, convert_to_tensor
from ..ops.indexed_slices import IndexedSlices
from ..ops.registry import per_use_op, record_custom
from . import passes
from .autograph import convert_function, normalize_features, runtime
from .compile import compile_graph
from .gradients import IndexedSlicesOutput, forward_backward
from .ir import TensorArrayLike, make_symbolic, resource, variant
from .nested_calls import call_concrete, call_while_tracing, inside_another_trace, variables_made
from .node_errors import RUN_ERRORS, runtime_error
from .trace_types import (  # noqa: F401 - _param_names: saved_model imports it from here
    _CONVERTED_OUTPUTS,
    CompositeOutput,
    FlatCall,
    FunctionNameAndType,
    MultilineMessageKeyError,
    OutputTypes,
    VariableSpec,
    _call_key,
    _check_against_spec,
    _detector_for,
    _detectors_lock,
    _function_type,
    _has_dead_reference,
    _is_spec,
    _is_variable,
    _key,
    _make_spec,
    _not_returnable,
    _ObjectSpec,
    _param_names,
    _relax,
    _returnable_python_value,
    _shape_output,
    bind_concrete_call,
    bind_to_signature,
    composite_placeholders,
    in_user_code,
    is_composite_spec,
    is_dataset_argument,
    placeholder_names,
    serving_trace,
    split_keyword_arguments,
    tensors_for_specs,
    trace_inlined_calls,
)
from .tracer import FuncGraph

logger = logs.logger  # ("tensorflow", as TF's warnings)
# Each is called as listener(function, concrete) after a trace (the notebook's %%eager magic).
trace_listeners = []
_ndarray = np.ndarray
_asarray = np.asarray
# tf.debugging.enable_check_numerics() puts its graph-op check here: check(op, outputs, inputs).
numerics_check = [None]


def _tape_active(state):
    """True when a recorder other than an op observer (a tape: it needs the call) listens."""
    return any(not hasattr(r, "callback") for r in state.recorders)


# --- the pipeline -------------------------------------------------------------------------------
def trace_optimize_compile(function, args, key):
    """What a tf.function's first call with new argument types does (``Function.__call__``
    on a cache miss); later calls with the same argument types run the compiled code at once."""
    with _without_gc_pauses():
        # 1. trace: the (AutoGraph-converted) Python function runs once on placeholders while
        #    a FuncGraph records every op: the Graph, concrete.graph.
        concrete = function._trace(args, key)
        # 2. optimize: the passes rewrite that graph, pass by pass, into a new Graph.
        optimized = passes.optimize(concrete.graph)
        # 3. compile: Python source calling NumPy kernels, exec()'d: concrete.compiled_source.
        fn, source = compile_graph(optimized, concrete.name)
    concrete._optimized, concrete._fn, concrete._source = optimized, fn, source
    return concrete


@contextlib.contextmanager
def _without_gc_pauses():
    """Tracing and compiling make many small objects that point at each other (ops and their
    tensors); Python's cycle collector would pause again and again while nothing is garbage
    yet (about 40% of a large function's first call). It runs again afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# --- tf.function --------------------------------------------------------------------------------
class Function(FunctionNameAndType):
    """What ``@tf.function`` returns: a callable that traces and caches ConcreteFunctions."""

    _wrapped = False  # traced for tf.compat.v1.wrap_function (graph/wrap_function.py)

    def __init__(self, python_function, name=None, input_signature=None, autograph=True,
                 reduce_retracing=False, jit_compile=None, experimental_autograph_options=None):
        self._python_function = python_function
        self._name = name or getattr(python_function, "__name__", "function")
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._autograph = autograph
        self._autograph_features = normalize_features(experimental_autograph_options)
        self._reduce_retracing = bool(reduce_retracing)
        self._jit_compile = jit_compile
        self._cache = {}
        self._concretes = []  # in tracing order
        self._tracing_count = 0
        self._inlined_keys = set()  # call keys of calls made while another function traced
        self._detector = _detector_for(python_function)
        # Tracing is serialized per Function (not execution): concurrent first calls trace once.
        self._lock = threading.RLock()
        self._variables_created, self._initializer_trace = False, None  # (see _trace)
        self._converted = None
        self._bound_instance = None
        self._instances = weakref.WeakKeyDictionary()
        self._instances_by_id = {}
        try:
            self._signature = inspect.signature(python_function)
        except (TypeError, ValueError):
            self._signature = None
        params = [] if self._signature is None else list(self._signature.parameters.values())
        self._simple = self._signature is not None and all(
            p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)
        self._nparams = len(params)
        if self._input_signature is not None:
            for spec in nest.flatten(self._input_signature):
                if not _is_spec(spec) and not is_composite_spec(spec) and \
                        not is_dataset_argument(spec):
                    raise TypeError(f"input_signature must be a possibly nested sequence of "
                                    f"TensorSpec objects, got invalid args {spec!r} with type "
                                    f"{type(spec)}.")
        functools.update_wrapper(self, python_function, updated=())
        self.__doc__ = python_function.__doc__ or ""  # (TF's Function: "" rather than None)

    # --- attributes TF users look at ------------------------------------------------------------
    @property
    def python_function(self):
        return self._python_function

    @property
    def input_signature(self):
        return self._input_signature

    @property
    def function_spec(self):
        return self._signature

    def experimental_get_tracing_count(self):
        # TF counts the traces of calls inside another's trace too (this engine inlines them).
        return self._tracing_count + len(self._inlined_keys.difference(self._cache))

    # --- methods: one Function per instance -------------------------------------------------------
    def __get__(self, instance, owner):
        if instance is None:
            return self
        try:
            bound = self._instances.get(instance)
        except TypeError:
            bound = self._instances_by_id.get(id(instance))
        if bound is None:
            with self._lock:  # one bound Function per instance, also across threads
                return self._bind(instance, owner)
        return bound

    def _bind(self, instance, owner):
        try:
            bound = self._instances.get(instance)
        except TypeError:
            bound = self._instances_by_id.get(id(instance))
        if bound is None:
            method = self._python_function.__get__(instance, owner)
            bound = Function(method, name=self._name, input_signature=self._input_signature,
                             autograph=self._autograph,
                             reduce_retracing=self._reduce_retracing,
                             jit_compile=self._jit_compile)
            bound._bound_instance = weakref.ref(instance) if _weakrefable(instance) else None
            try:
                self._instances[instance] = bound
            except TypeError:
                self._instances_by_id[id(instance)] = bound
        return bound

    # --- calling ----------------------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        state = context.state
        if state.run_functions_eagerly:
            return self._python_function(*args, **kwargs)
        if state.graph is not None:  # in another function's trace: a call op (nested_calls.py)
            return call_while_tracing(self, args, kwargs)
        if self._input_signature is not None:
            args = bind_to_signature(self, args, kwargs)
            kwargs = {}
            key = "signature"
        elif self._simple and not kwargs and len(args) == self._nparams:
            key = _call_key(args)
        else:
            args = self._canonicalize(args, kwargs)
            kwargs = {}
            key = _call_key(args)
        concrete = self._cache.get(key)
        if concrete is None:
            concrete = self._lookup_or_trace(args, key)
        else:
            self._detector.called_without_tracing()
        return concrete._call_structured(args)

    def _lookup_or_trace(self, args, key):
        with self._lock:
            concrete = self._cache.get(key)  # another thread may have traced it meanwhile
            if concrete is not None:
                self._detector.called_without_tracing()
                return concrete
            concrete = self._dispatch(args, key)
            if concrete is not None:
                self._detector.called_without_tracing()
                return concrete
            traced_args = tuple(self._input_signature) if key == "signature" else args
            concrete = trace_optimize_compile(self, traced_args, key)
            with _detectors_lock:
                self._detector.called_with_tracing(self._python_function)
            return concrete

    def _canonicalize(self, args, kwargs):
        """Binds arguments to the signature: all positional where possible, defaults filled."""
        if self._signature is None:
            return tuple(args) + ((kwargs,) if kwargs else ())
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise TypeError(f"{self._name}() {exc}") from None
        bound.apply_defaults()
        out = []
        for name, param in self._signature.parameters.items():
            value = bound.arguments.get(name)
            if param.kind is param.VAR_POSITIONAL:
                out.extend(value or ())
            elif param.kind is param.VAR_KEYWORD:
                out.append(dict(value or {}))
            elif param.kind is param.KEYWORD_ONLY:
                out.append({name: value})
            else:
                out.append(value)
        return tuple(out)

    def _dispatch(self, args, key):
        """A trace that serves `args` without tracing (TF's dispatch: trace_types.py)."""
        own = [c for c in self._concretes if not hasattr(c, "_saving_copy_of")]  # (not saving's)
        concrete = serving_trace(own, args, self._reduce_retracing)
        if concrete is not None:
            self._cache[key] = concrete
        return concrete

    def _drop_dead(self):
        """Forgets traces keyed by objects that no longer exist."""
        for key in [k for k in self._cache if _has_dead_reference(k)]:
            concrete = self._cache.pop(key)
            if concrete not in self._cache.values():
                self._concretes = [c for c in self._concretes if c is not concrete]

    # --- tracing ---------------------------------------------------------------------------------
    def _traced_callable(self):
        if self._converted is None:
            fn = self._python_function
            if self._autograph:
                fn = convert_function(fn, self._autograph_features)
            self._converted = fn
        return self._converted

    def _trace(self, args, key):
        relaxed = None
        if self._reduce_retracing and self._concretes and self._input_signature is None:
            relaxed = _relax(self._concretes[-1]._arg_specs, args)
        first, made = not self._variables_created and not self._concretes, variables_made()
        concrete = self._trace_once(args, relaxed, allow_variables=True)
        if variables_made() != made:  # Keras weights too (made outside it)
            if not first:  # a later trace may make none, even under init_scope: TF's error
                concrete.graph.variable_created(None)
            # Variables were created: trace again, now without creating any (as TF does, which
            # lists both traces), so the function reads the Variables the first trace made.
            self._variables_created, self._initializer_trace = True, concrete  # (TF lists it)
            concrete = self._trace_once(args, relaxed, allow_variables=False)
        self._drop_dead()
        self._cache[key] = concrete
        self._concretes.append(concrete)
        for listener in tuple(trace_listeners):
            listener(self, concrete)
        return concrete

    def _trace_once(self, args, relaxed_specs, allow_variables):
        graph = FuncGraph(self._name, autograph=self._autograph)
        graph.traced_by = self  # (calls of functions in it become call ops: nested_calls.py)
        graph.allow_variable_creation = (allow_variables and not self._concretes
                                         and not self._variables_created)
        names = placeholder_names(self._signature, len(args))
        if self._wrapped:  # TF 1's wrap_function: unnamed placeholders, outputs as returned
            names = ["Placeholder"] * len(args)
        symbolic_args = []
        specs = []
        for i, arg in enumerate(args):
            relaxed = None if relaxed_specs is None else relaxed_specs[i]
            sym, spec = _placeholders_for(graph, arg, names[i], relaxed)
            symbolic_args.append(sym)
            specs.append(spec)
        fn = self._traced_callable()
        self._tracing_count += 1
        call_args, call_kwargs = self._split_kwargs(symbolic_args)
        with context.building_graph(graph):
            try:
                result = fn(*call_args, **call_kwargs)
            except Exception as exc:
                if not self._autograph or hasattr(exc, "ag_error_metadata") or \
                        inside_another_trace():
                    raise
                framed = in_user_code(exc, self._python_function)
                if framed is None:
                    raise
                raise framed from None
            flat = nest.flatten(result)
            template = []
            outputs = []
            returned = []  # the leaves as the function returns them (Python numbers as tensors)
            for leaf in flat:
                if _is_variable(leaf):
                    leaf = leaf._as_tensor()
                elif isinstance(leaf, _CONVERTED_OUTPUTS):
                    leaf = convert_to_tensor(leaf)  # TF returns Python numbers as tensors
                elif isinstance(leaf, TensorShape):
                    leaf = _shape_output(leaf, self._python_function)
                if hasattr(type(leaf), "__tf_components__"):  # an ExtensionType's tensors
                    template.append(CompositeOutput.add(graph, leaf, outputs))
                elif isinstance(leaf, IndexedSlices):
                    template.append(IndexedSlicesOutput(graph, leaf, outputs))
                elif isinstance(leaf, (Tensor, TensorArrayLike)):  # a TensorArray: its stack
                    t = graph.as_graph_tensor(leaf.stack() if isinstance(leaf, TensorArrayLike)
                                              else leaf)
                    template.append(len(outputs))
                    outputs.append(t)
                elif runtime.reads_dataset_arguments(leaf):
                    # a dataset made from this call's values: the one it makes when it runs
                    template.append(runtime.DatasetOutput(graph, leaf, outputs))
                elif _returnable_python_value(leaf):
                    template.append(_PyValue(leaf))
                else:
                    raise _not_returnable(leaf, self._python_function)
                returned.append(leaf)
        graph.outputs = outputs if self._wrapped else graph.output_identities(outputs)
        result = nest.pack_sequence_as(result, returned)
        graph.structured_outputs = graph.namer.structured_outputs(result)
        return ConcreteFunction(graph, self._name, args, tuple(specs), graph.structured_outputs,
                                template, self._python_function)

    def _split_kwargs(self, canonical):
        """Undoes _canonicalize: keyword-only and **kwargs parts go back to keywords."""
        if self._signature is None or self._simple:
            return list(canonical), {}
        args, kwargs = [], {}
        params = list(self._signature.parameters.values())
        i = 0
        for p in params:
            if p.kind is p.VAR_POSITIONAL:
                n_var = len(canonical) - (len(params) - 1)
                args.extend(canonical[i:i + n_var])
                i += n_var
            elif p.kind is p.VAR_KEYWORD or p.kind is p.KEYWORD_ONLY:
                kwargs.update(canonical[i])
                i += 1
            else:
                args.append(canonical[i])
                i += 1
        return args, kwargs

    def get_concrete_function(self, *args, **kwargs):
        """The ConcreteFunction for these arguments (tensors or TensorSpecs), tracing if
        needed."""
        if not args and not kwargs and self._input_signature is not None:
            args = tuple(self._input_signature)
        if self._input_signature is not None:  # TF: the signature's one trace, for any args
            if not any(is_composite_spec(a) for a in nest.flatten(args)):
                bind_to_signature(self, args, kwargs)  # (TF's error for what does not bind)
            args, key = tuple(self._input_signature), "signature"
        else:
            key = _call_key(_specs_as_keys(args := self._canonicalize(args, kwargs)))
        concrete = self._cache.get(key)
        if concrete is None:
            with self._lock, _without_gc_pauses():
                concrete = self._cache.get(key)
                if concrete is None and key != "signature":
                    concrete = self._dispatch(args, key)
                if concrete is None:
                    concrete = self._trace(args, key)
        return concrete

    def experimental_get_compiler_ir(self, *args, **kwargs):
        concrete = self.get_concrete_function(*args, **kwargs)
        return lambda stage="hlo": str(concrete.optimized_graph)

    def list_concrete_functions(self):
        trace_inlined_calls(self)  # (calls inlined in other functions' traces, as TF lists)
        return list(self._concretes)

    def pretty_printed_concrete_signatures(self, verbose=True):  # as print(concrete) shows each
        if self._input_signature is not None:
            self.get_concrete_function()  # TF makes the signature's trace first
        traces = [t for t in (self._initializer_trace, *self.list_concrete_functions()) if t]
        return ("\n\n" if verbose else "\n").join(
            t.pretty_printed_signature(verbose=verbose) for t in traces)


def _weakrefable(obj):
    try:
        weakref.ref(obj)
        return True
    except TypeError:
        return False


class _PyValue:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def resolve(self, values):
        return self.value


def _specs_as_keys(args):
    def conv(x):
        if _is_spec(x):
            return _SpecKey(x)
        if isinstance(x, (list, tuple)):  # (a namedtuple takes its fields one by one)
            return type(x)(*map(conv, x)) if hasattr(x, "_fields") else type(x)(map(conv, x))
        if isinstance(x, dict):
            return {k: conv(v) for k, v in x.items()}
        return x
    return conv(args)


class _SpecKey(Tensor):
    __slots__ = ()

    def __new__(cls, spec):
        return make_symbolic(None, 0, spec.dtype, spec.shape)


def _placeholders_for(graph, arg, name, relaxed=None):
    """Replaces the tensors in `arg` by placeholders; returns (symbolic arg, spec)."""
    if hasattr(type(arg), "__tf_components__"):  # an ExtensionType
        return composite_placeholders(graph, arg, name, _placeholders_for)
    if is_dataset_argument(arg):  # a dataset: an input the compiled code takes as it is
        p = graph.add_placeholder(variant, TensorShape([]), name=name)
        graph.object_inputs.add(id(p))
        spec = arg if not hasattr(arg, "_iterate") else arg._type_spec
        return arg._traced_argument(p), spec
    if _is_variable(arg):
        graph.add_variable_input(arg, name)
        return arg, VariableSpec(arg.shape, arg.dtype, bool(getattr(arg, "trainable", True)),
                                 graph.variable_inputs[id(arg)])
    if isinstance(arg, (Tensor, np.ndarray, np.generic)) or _is_spec(arg):
        if isinstance(arg, (np.ndarray, np.generic)):
            arg = convert_to_tensor(arg)
        dtype = arg.dtype
        shape = relaxed if relaxed is not None else arg.shape
        user_named = bool(_is_spec(arg) and arg.name)
        if user_named:
            name = arg.name
        p = graph.add_placeholder(dtype, shape, name=name)
        if isinstance(arg, Tensor) and arg._value is not None:
            graph.actual_inputs[id(p)] = arg
        return p, _make_spec(shape, dtype, name, user_named)
    if isinstance(arg, (list, tuple)) and not _is_variable(arg):
        parts = [_placeholders_for(graph, a, f"{name}_{key}",
                                   None if relaxed is None else relaxed[i])
                 for i, (key, a) in enumerate(zip(_part_keys(arg), arg))]
        if hasattr(type(arg), "_fields"):
            return type(arg)(*[p[0] for p in parts]), type(arg)(*[p[1] for p in parts])
        return type(arg)(p[0] for p in parts), type(arg)(p[1] for p in parts)
    if isinstance(arg, dict):
        out, specs = {}, {}
        for k in arg:
            out[k], specs[k] = _placeholders_for(  # (a keyword-only argument: its own name)
                graph, arg[k], name if k == name else f"{name}_{k}",
                None if relaxed is None else relaxed.get(k))
        return out, specs
    return arg, _ObjectSpec(arg) if _key(arg, {})[0] == "O" else arg


# --- ConcreteFunction -----------------------------------------------------------------------------
class ConcreteFunction(OutputTypes):
    """One traced graph for one input signature (``tf.types.experimental.ConcreteFunction``)."""

    def __init__(self, graph, name, traced_args, arg_specs, structured_outputs, template,
                 python_function=None):
        self.graph = graph
        self.name = name
        self._arg_specs = arg_specs
        self.structured_outputs = structured_outputs
        self._template = template
        self._single = (len(template) == 1 and not isinstance(template[0], _PyValue)
                        and isinstance(structured_outputs, Tensor))
        self._python_function = python_function
        self._optimized = None
        self._fn = None
        self._source = None
        self._tape_support = None
        self._checked = None  # (check, compiled function) under enable_check_numerics
        self._function_type = None
        self._n_inputs = len(graph.inputs)
        # Positions of Variable arguments: the compiled code receives the Variable itself.
        self._resource_inputs = frozenset(
            i for i, t in enumerate(graph.inputs)
            if t._dtype is resource or id(t) in graph.object_inputs)  # (datasets too)

    # --- inspection ---------------------------------------------------------------------------
    @property
    def inputs(self):
        return list(self.graph.inputs) + [t for _, t in self.graph.captures]

    @property
    def outputs(self):
        return list(self.graph.outputs)

    @property
    def captured_inputs(self):
        return [obj for obj, _ in self.graph.captures]

    @property
    def variables(self):
        return tuple(self.graph.variables)

    @property
    def trainable_variables(self):
        return tuple(v for v in self.graph.variables if getattr(v, "trainable", False))

    @property
    def structured_input_signature(self):
        """TF's (args, kwargs) of specs: keyword-only parameters are in kwargs."""
        args, kwargs = split_keyword_arguments(self._python_function, list(self._arg_specs))
        return tuple(args), kwargs

    @property
    def function_def(self):
        return self.graph.as_graph_def()

    @property
    def function_type(self):
        """TF's FunctionType: ``str()`` is the signature with types,
        ``(a: TensorSpec(shape=(), dtype=tf.int32, name=None)) -> TensorSpec(...)``;
        ``repr()`` lists Input Parameters, Output Type and Captures."""
        if self._function_type is None:
            self._function_type = _function_type(self)
        return self._function_type

    def pretty_printed_signature(self, verbose=True):
        return repr(self.function_type) if verbose else str(self.function_type)

    def __repr__(self):
        return f"<ConcreteFunction {self.pretty_printed_signature(verbose=False)} " \
               f"at 0x{id(self):X}>"

    def __str__(self):
        return f"ConcreteFunction {self.pretty_printed_signature()}"

    # --- steps 2 and 3 of the pipeline, run at the first call when only step 1 ran -----------
    @property
    def optimized_graph(self):
        self._ensure_compiled()
        return self._optimized

    @property
    def compiled_source(self):
        """The generated code that runs, with or without a tape (under a tape it also returns
        the stateful ops' values the gradient needs: see ``tape_source``)."""
        self._ensure_compiled()
        return self._source

    @property
    def tape_source(self):
        """The code that runs when a GradientTape records the call: ``compiled_source``
        itself, unless the function has stateful ops (random numbers) whose values the
        backward function must reuse; then the same program returning those values too."""
        if self._tape_support is None:
            self._tape_support = forward_backward(self)
        return self._tape_support.forward_source

    def _ensure_compiled(self):
        """Traced by get_concrete_function, saving or a Keras symbolic call: optimize and
        compile now (TF, too, runs its graph optimizer when a function first executes)."""
        if self._fn is None:
            with _without_gc_pauses():
                self._optimized = passes.optimize(self.graph)
                self._fn, self._source = compile_graph(self._optimized, self.name)
        return self._fn

    # --- calling ----------------------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        bound = bind_concrete_call(self, args, kwargs)  # TF's two bindings (trace_types.py)
        if isinstance(bound, FlatCall):
            return self._call_flat(bound.tensors)
        args, kwargs = (args, kwargs) if bound is None else (bound, {})
        if kwargs:
            names = _param_names(self._python_function, len(self._arg_specs))
            args = list(args) + [kwargs.pop(n) for n in names[len(args):] if n in kwargs]
            if kwargs:
                raise TypeError(f"{self.name}() got unexpected keyword arguments "
                                f"{sorted(kwargs)}")
        args = tensors_for_specs(self._arg_specs, args)
        flat = [a for a in nest.flatten(list(args))
                if isinstance(a, (Tensor, np.ndarray, np.generic, int, float, list))
                or _is_variable(a)]
        if len(flat) != self._n_inputs:
            return self._call_structured(tuple(args))
        inputs = []
        for i, (a, p) in enumerate(zip(flat, self.graph.inputs)):
            if i in self._resource_inputs and _is_variable(a):
                inputs.append(a)
                continue
            t = a._as_tensor() if _is_variable(a) else \
                a if isinstance(a, Tensor) else convert_to_tensor(a)
            if t.dtype is not p.dtype or not p.shape.is_compatible_with(t.shape):
                raise errors.InvalidArgumentError(
                    None, None, f"ConcreteFunction {self.name} expects a {p.dtype.name} tensor "
                                f"of shape {p.shape} for '{p._op.name}', got {t.dtype.name}"
                                f"{t.shape}")
            inputs.append(t)
        return self._call_flat(inputs)

    def _call_structured(self, args):
        """Called by Function with canonical args: picks out the tensors, runs, packs."""
        if self._n_inputs == len(args) and all(type(a) is EagerTensor for a in args):
            return self._call_flat(args)
        inputs = []
        for a in nest.flatten(list(args)):
            if isinstance(a, Tensor) or _is_variable(a) or is_dataset_argument(a):
                inputs.append(a)
            elif hasattr(type(a), "__tf_components__"):
                inputs.extend(a.__tf_components__())
            elif isinstance(a, (np.ndarray, np.generic)):
                inputs.append(convert_to_tensor(a))
        return self._call_flat(inputs)

    def _input_values(self, inputs):
        """What the compiled code takes: arrays, and the Variables for Variable arguments."""
        if not self._resource_inputs:
            return [t._value for t in inputs]
        resources = self._resource_inputs
        return [t if i in resources else t._value for i, t in enumerate(inputs)]

    def _call_flat(self, tensors):
        if (state := context.state).graph is not None and not self._resource_inputs:
            return call_concrete(self, tensors)  # in another function's trace: nested_calls.py
        if numerics_check[0] is not None and not _tape_active(state):
            return self._call_checked(tensors)
        if state.recorders:
            return self._call_recorded(tensors)
        fn = self._fn or self._ensure_compiled()
        try:
            outs = fn(*self._input_values(tensors))
        except RUN_ERRORS as exc:
            raise runtime_error(self, fn, exc) from None
        return self._pack(outs)

    def _call_checked(self, tensors):
        """tf.debugging.enable_check_numerics(): the traced (unfused) graph, checked op by op."""
        check = numerics_check[0]
        if self._checked is None or self._checked[0] is not check:
            self._checked = (check, compile_graph(self.graph, self.name, check=check)[0])
        try:
            outs = self._checked[1](*[t._value for t in tensors])
        except RUN_ERRORS as exc:
            raise runtime_error(self, self._checked[1], exc) from None
        return self._pack(outs)

    def _pack(self, outs):
        if self._single:
            o = outs[0]
            return _from_numpy(o if type(o) is _ndarray else _asarray(o))
        return self._structured([_wrap(o) for o in outs])

    def _structured(self, values):
        """The call's result from its output tensors, as the Python function returned it."""
        if self._single:
            return values[0]
        flat = [values[t] if type(t) is int else t.resolve(values) for t in self._template]
        if not flat and self.structured_outputs is None:
            return None
        return nest.pack_sequence_as(self.structured_outputs, flat)

    # --- calls seen by tapes: one entry whose gradient is a traced backward function ---------
    def _call_recorded(self, tensors):
        support = self._tape_support
        if support is None:
            support = self._tape_support = forward_backward(self)
        variables = support.variables
        resources = self._resource_inputs
        if resources:  # Variable arguments: this call's Variables, not the traced ones
            bound = self.graph.variable_inputs
            variables = [tensors[bound[id(v)]] if id(v) in bound else v for v in variables]
        reads = [v._as_tensor() for v in variables]  # tapes watch trainable ones
        fn = support.forward_fn
        try:
            outs = fn(*self._input_values(tensors))
        except RUN_ERRORS as exc:
            raise runtime_error(self, fn, exc) from None
        n = len(self.graph.outputs)
        out_tensors = tuple(_wrap(o) for o in outs[:n])
        saved = tuple(_wrap(o) for o in outs[n:])
        call_inputs = list(tensors) + reads
        # The tape sees tensors only: Variable arguments are there as their reads.
        inputs = tuple(t for i, t in enumerate(call_inputs) if i not in resources)
        float_outputs = support.float_outputs

        def rule(op, *dys):
            dys = [d for d, is_float in zip(dys, float_outputs) if is_float]
            dys = [d if d is not None else _from_numpy(np.zeros_like(o._value)) for d, o in
                   zip(dys, [o for o, f in zip(out_tensors, float_outputs) if f])]
            grads = support.backward(call_inputs + list(saved) + dys)
            return [g for i, g in enumerate(grads) if i not in resources]

        opdef = per_use_op("StatefulPartitionedCall", None, grad=rule, num_outputs=n)
        record_custom(opdef, inputs, out_tensors, {"f": self.name})
        return self._structured(out_tensors)


def _wrap(o):
    if o is None:
        return None
    return _from_numpy(o if type(o) is _ndarray else _asarray(o))


# --- the decorator --------------------------------------------------------------------------------
def function(func=None, input_signature=None, autograph=True, jit_compile=None,
             reduce_retracing=False, experimental_implements=None,
             experimental_autograph_options=None, experimental_relax_shapes=None,
             experimental_compile=None, experimental_follow_type_hints=None, name=None):
    """``tf.function``: usable as ``@tf.function``, ``@tf.function(...)`` or
    ``tf.function(f, ...)``."""
    if experimental_relax_shapes is not None:
        reduce_retracing = reduce_retracing or bool(experimental_relax_shapes)

    def decorate(f):
        if isinstance(f, Function):
            f = f.python_function
        return Function(f, name=name, input_signature=input_signature, autograph=autograph,
                        reduce_retracing=reduce_retracing,
                        experimental_autograph_options=experimental_autograph_options,
                        jit_compile=jit_compile if jit_compile is not None
                        else experimental_compile)
    if func is None:
        return decorate
    return decorate(func)


def defun(func=None, input_signature=None, autograph=True, experimental_autograph_options=None):
    """``tf.contrib.eager.defun``: TF 1.x's name for ``tf.function``."""
    return function(func, input_signature=input_signature, autograph=autograph)


def _part_keys(arg):
    """What names the placeholders of a tuple's parts: a namedtuple's fields (TF's p_x, p_y),
    else positions (p_0, p_1)."""
    return getattr(arg, "_fields", None) or range(len(arg))

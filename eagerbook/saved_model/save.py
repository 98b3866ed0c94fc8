"""``tf.saved_model.save``: an object's Variables and traced functions, in our own format.

A SavedModel directory holds::

    saved_model.json                    the object graph's functions and signatures (JSON)
    functions.npz                       arrays the functions use (Const values, captured tensors)
    variables/variables.index           the Variables: an ordinary checkpoint of the object
    variables/variables.data-00000-of-00001
    assets/                             (empty: kept for TF's layout)

What is saved is what TF saves: every Variable reachable from the object (by attribute, as
checkpoints find them) and, for every ``tf.function`` attribute of those objects, each
ConcreteFunction traced so far (a function with an ``input_signature`` is traced now if it
never was). The Python code is not saved: loading gives back the traced graphs, not the class.
Nothing here is pickled; ``functions.npz`` is read with ``allow_pickle=False``.
"""

import hashlib
import inspect
import io
import json
import os

import numpy as np

from ..checkpoints import checkpoint as checkpoint_io
from ..checkpoints import directory_commit
from ..checkpoints import graph as object_graph
from ..core import nest
from ..core.spec import TensorSpec
from ..core.tensor import Tensor
from ..core.variable import Variable
from ..framework.extension_type import ExtensionType
from ..graph.function import ConcreteFunction, Function, _param_names, _PyValue
from ..graph.trace_types import CompositeOutput, arguments_of_key
from . import serialize
from .serialize import SaveError

FORMAT = "eagerbook-saved-model"
VERSION = 1
JSON_FILE = "saved_model.json"
ARRAYS_FILE = "functions.npz"
VARIABLES_PREFIX = os.path.join("variables", "variables")
DEFAULT_SERVING_SIGNATURE_DEF_KEY = "serving_default"


def _functions_of(obj):
    """``{attribute name: Function}``: the tf.functions of `obj` (class methods included)."""
    found = {}
    names = set(vars(obj)) if hasattr(obj, "__dict__") else set()
    for klass in type(obj).__mro__:
        names.update(vars(klass))
    for name in sorted(names):
        if name.startswith("_") and name != "__call__":
            continue
        raw = inspect.getattr_static(obj, name, None)
        if isinstance(raw, Function) or _is_restored_function(raw):
            found[name] = getattr(obj, name)  # a method: the Function bound to `obj`
    return found


def _is_keras_layer(obj):
    """A Keras layer or model (by its classes' modules: Keras builds on this package)."""
    return any(k.__module__.startswith("eagerbook.keras.") for k in type(obj).__mro__)


def _is_restored_function(value):
    return callable(getattr(value, "_saved_concrete_functions", None))


def _has_signature(function):
    if _is_restored_function(function):
        return getattr(function, "_bound_to_signature", False)
    return getattr(function, "input_signature", None) is not None


def _concretes_of(function, retrace=True):
    """The traces of `function` to save. `retrace`: trace each one again first, once, as TF
    does when saving (see `_trace_for_saving`)."""
    if _is_restored_function(function):
        return function._saved_concrete_functions()
    _trace_inlined_calls(function)
    if not function._concretes and function.input_signature is not None:
        return [_signature_trace_for_saving(function)]
    if retrace:
        _trace_for_saving(function)
    traces = [c for c in function._concretes if not hasattr(c, "_saving_copy_of")]
    if not traces and function.input_signature is not None:
        # still never traced by itself: an earlier save's trace for saving is saved again
        return [c for c in function._concretes if c._saving_copy_of is None]
    return traces


def _trace_inlined_calls(function):
    """A tf.function called only inside another one's trace was inlined there (this engine),
    where TF traced it and keeps that trace: trace it now for the arguments it got, so it is
    saved and callable after loading. That trace stands for TF's (not traced again)."""
    for key in sorted(getattr(function, "_inlined_keys", ()) - set(function._cache), key=repr):
        args = arguments_of_key(key) if key != "signature" else None
        if args is not None:
            concrete = function.get_concrete_function(*args)
            concrete._saving_copy = concrete
            function._tracing_count += 1  # (the inlined call traced it too: TF counts both)


def _signature_trace_for_saving(function):
    """A function with an input_signature never traced: TF traces it for saving only (the
    saving is part of the trace's key), so its first call or get_concrete_function traces it
    again (the Python function runs again) and both traces are listed."""
    try:
        copy = function._trace_once(tuple(function.input_signature), None,
                                    allow_variables=False)
    except ValueError:  # it makes Variables: they are made by its own first trace
        return function.get_concrete_function()
    copy._saving_copy_of = None  # (no trace of its own yet: the next one is the original)
    function._concretes.append(copy)
    return copy


def _trace_for_saving(function):
    """TF saves a function's traces by tracing each once more (saving is part of a trace's
    key): the Python function runs again (its prints show), the tracing count grows and the
    function lists both traces. Done once per trace: a later save reuses the copy. Traces of
    Variables or other objects are not traced again."""
    if function.input_signature is not None and any(
            hasattr(c, "_saving_copy_of") for c in function._concretes):
        return  # its one signature was traced for saving already
    for concrete in list(function._concretes):
        if hasattr(concrete, "_saving_copy_of") or hasattr(concrete, "_saving_copy"):
            continue
        leaves = nest.flatten(concrete._arg_specs)
        if not all(isinstance(x, TensorSpec) or x is None or
                   isinstance(x, (bool, int, float, str)) for x in leaves):
            continue
        args = nest.map_structure(
            lambda x: TensorSpec(x.shape, x.dtype, x.name) if isinstance(x, TensorSpec) else x,
            concrete._arg_specs)
        copy = function._trace_once(tuple(args), None, allow_variables=False)
        copy._saving_copy_of, concrete._saving_copy = concrete, copy
        function._concretes.append(copy)


class _Leaf:
    __slots__ = ("payload",)

    def __init__(self, payload):
        self.payload = payload


def _encode_outputs(concrete, where):
    """The result structure with each leaf replaced by ``{"out": i}`` or ``{"py": value}``."""
    flat = nest.flatten(concrete.structured_outputs)
    if len(flat) != len(concrete._template):
        raise SaveError(f"{where}: its result structure cannot be saved.")
    leaves = []
    for item in concrete._template:
        if isinstance(item, CompositeOutput) and isinstance(item.like, ExtensionType):
            leaves.append(_Leaf({"extension_type_out": list(item.indices),
                                 **serialize.encode_spec_leaf(item.like._type_spec, where)}))
            continue
        if not isinstance(item, (int, _PyValue)):  # a sparse or ragged tensor
            raise SaveError(f"{where}: eagerbook cannot save {type(item.like).__name__} "
                            "results.")
        if isinstance(item, _PyValue):
            leaves.append(_Leaf(serialize.encode_spec_leaf(item.value, where)))
        else:
            leaves.append(_Leaf({"out": item}))
    packed = nest.pack_sequence_as(concrete.structured_outputs, leaves) \
        if isinstance(concrete.structured_outputs, (list, tuple, dict)) else leaves[0]
    return serialize.encode_structure(packed, lambda leaf: leaf.payload)


class _Writer:
    def __init__(self, root):
        self.root = root
        self.store = serialize.ArrayStore()
        objects, paths, _, _ = object_graph.walk(root)
        self.objects, self.paths = objects, paths
        self.variable_paths = {id(o): p for o, p in zip(objects, paths, strict=True)
                               if isinstance(o, Variable)}
        self.keras_call, self.keras_serving = _keras_call_function(root)
        # every Keras model in the object graph is saved with its call, as TF saves them (a
        # model held by a plain tf.Module is callable after loading too)
        self.keras_calls = {id(root): self.keras_call} if self.keras_call is not None else {}
        for obj in objects:
            if obj is not root and _is_keras_layer(obj):
                call = _keras_call_function(obj)[0]
                if call is not None:
                    self.keras_calls[id(obj)] = call
        self.concretes = []  # encoded ConcreteFunctions, referenced by index
        self.concrete_index = {}  # id(ConcreteFunction) -> index

    def add_concrete(self, concrete, where):
        index = self.concrete_index.get(id(concrete))
        if index is not None:
            return index
        names = _param_names(concrete._python_function, len(concrete._arg_specs)) \
            if concrete._python_function is not None else list(
                getattr(concrete, "_saved_arg_names", ()))
        entry = {
            "name": concrete.name,
            "graph": serialize.encode_graph(concrete.graph, self.store, self.variable_paths,
                                            where),
            "args": serialize.encode_structure(
                list(concrete._arg_specs), lambda x: serialize.encode_spec_leaf(x, where)),
            "arg_names": list(names),
            "arg_defaults": _literal_defaults(concrete._python_function),
            "outputs": _encode_outputs(concrete, where),
        }
        index = len(self.concretes)
        self.concretes.append(entry)
        self.concrete_index[id(concrete)] = index
        return index

    def objects_json(self):
        self._variable_paths = {id(obj): path for obj, path in zip(self.objects, self.paths)
                                if isinstance(obj, Variable)}
        out = {}
        for obj, path in zip(self.objects, self.paths, strict=True):
            if isinstance(obj, Variable):
                out[path] = {"kind": "variable", "trainable": bool(obj.trainable)}
                continue
            functions = {}
            found = _functions_of(obj)
            keras_call = self.keras_calls.get(id(obj))
            if keras_call is not None:
                found.setdefault("__call__", keras_call)
            retrace = not _is_keras_layer(obj)  # (Keras saves its own way: no second trace)
            for name, function in found.items():
                where = f"Function {name!r} of {type(obj).__name__} at {path or '(root)'}"
                if function is keras_call:
                    functions[name] = self._add_keras_call(keras_call, where)
                    continue
                functions[name] = [self.add_concrete(c, where)
                                   for c in _concretes_of(function, retrace)]
            out[path] = {"kind": "object", "class": type(obj).__name__,
                         "containers": _container_kinds(obj), "functions": functions}
            if _is_keras_layer(obj) and isinstance(getattr(obj, "variables", None), (list, tuple)):
                # TF lists a loaded Keras layer's Variables in the layer's order
                order = [self._variable_paths.get(id(v)) for v in obj.variables]
                if order and None not in order:
                    out[path]["variables"] = order
            # Functions saved with an input_signature bind their arguments to it when called
            # after loading (a TypeError); a Keras model's revived call checks its input as a
            # layer does (a ValueError), so it is left out.
            bound = sorted(name for name, function in found.items()
                           if _has_signature(function) and function is not keras_call)
            if bound:
                out[path]["with_input_signature"] = bound
        return out

    def _add_keras_call(self, keras_call, where):
        """The Keras call's traces that can be saved: a training trace holding an op kept
        as Python code (a random one's, in this engine's graphs) is left out."""
        indices = []
        for concrete in keras_call._concretes:
            try:
                indices.append(self.add_concrete(concrete, where))
            except SaveError:
                if concrete is keras_call._concretes[-1]:  # (training=False)
                    raise
        return indices

    def signatures_json(self, signatures):
        """A list (the JSON is written with sorted keys; signatures keep the order given)."""
        out = []
        for key, concrete in _signature_functions(self.root, signatures,
                                                  self.keras_serving).items():
            where = f"signature {key!r}"
            index = self.add_concrete(concrete, where)
            specs = nest.flatten(concrete._arg_specs)
            if not all(isinstance(s, TensorSpec) for s in specs):
                raise SaveError(f"{where}: a signature's arguments must all be tensors, got "
                                f"{concrete._arg_specs}.")
            names = _param_names(concrete._python_function, len(specs)) \
                if concrete._python_function is not None else [s.name for s in specs]
            input_names = [s.name or n for s, n in zip(specs, names)]
            out.append({"key": key, "concrete": index, "inputs": input_names,
                        "outputs": _signature_output_names(concrete, where)})
        return out


def _literal_defaults(fn):
    """``{parameter: default}`` of `fn`'s parameters whose defaults are Python literals: a
    loaded function fills them in for arguments not passed, as TF's does."""
    try:
        parameters = inspect.signature(fn).parameters.values() if fn is not None else ()
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in parameters
            if p.default is None or type(p.default) in (bool, int, float, str)}


def _keras_call_function(root):
    """A one-input Keras model whose input shape is known is saved with its call, as TF saves
    Keras models: ``__call__(inputs, training=False, mask=None)`` traced with ``training``
    True and False, and the default signature (``training=False``); inputs named after the
    Input layer, outputs after the output layers. ``(call, serve)``, or ``(None, None)``."""
    inputs = getattr(root, "inputs", None)
    if not callable(getattr(root, "call", None)) or \
            getattr(root, "_is_graph_network", None) is None:
        return None, None
    if isinstance(inputs, list) and len(inputs) == 1:
        kt = inputs[0]
        name = kt._node.layer.name if getattr(kt, "_node", None) is not None else "inputs"
        spec = TensorSpec(kt.shape, kt.dtype, name=name)
    else:
        # A subclassed model: the input its first call saw, any batch size (as TF saves it).
        seen = root.__dict__.get("_call_input_spec")
        if inputs or not isinstance(seen, TensorSpec) or seen.shape.rank is None or \
                seen.shape.rank < 1:
            return None, None
        spec = TensorSpec([None] + seen.shape.as_list()[1:], seen.dtype, name="input_1")

    def serve(inputs):
        return root(inputs, training=False)

    def call(inputs, training=False, mask=None):
        if mask is None:
            return root(inputs, training=training)
        return root(inputs, training=training, mask=mask)

    names = getattr(root, "output_names", None)
    if not names:  # a Sequential model: its outputs are named after the layers making them
        names = [kt._node.layer.name for kt in getattr(root, "outputs", None) or []
                 if getattr(kt, "_node", None) is not None]
    serving = Function(serve, name="__call__", input_signature=[spec])
    serving._keras_output_names = list(names)
    # a subclassed model's outputs: Keras numbers them from 1 (output_1, ...)
    serving._keras_first_output = 0 if names else 1
    called = Function(call, name="__call__")
    for training in (True, False):
        called.get_concrete_function(spec, training, None)
    return called, serving


def _container_kinds(obj):
    """``{"layers": "list", "table": "dict", ...}`` for attributes holding containers."""
    getter = getattr(obj, "_trackable_children", None)
    attrs = dict(getter()) if callable(getter) else dict(vars(obj))
    kinds = {}

    def visit(prefix, value, depth):
        if depth > 8:
            return
        if isinstance(value, dict):
            kinds[prefix] = "dict"
            for k, v in value.items():
                if isinstance(k, (str, int)):
                    visit(f"{prefix}/{k}", v, depth + 1)
        elif isinstance(value, (list, tuple)) and not isinstance(value, Tensor):
            kinds[prefix] = "tuple" if isinstance(value, tuple) else "list"
            for i, v in enumerate(value):
                visit(f"{prefix}/{i}", v, depth + 1)

    for key, value in attrs.items():
        if isinstance(key, str) and not key.startswith("__"):
            visit(key, value, 0)
    return {k: v for k, v in kinds.items() if _holds_trackable(k, attrs)}


def _holds_trackable(prefix, attrs):
    parts = prefix.split("/")
    value = attrs.get(parts[0])
    for part in parts[1:]:
        value = value[int(part)] if isinstance(value, (list, tuple)) else value[part]
    return any(object_graph.is_trackable(x) for x in nest.flatten(value))


def _signature_functions(root, signatures, keras_call=None):
    """``{key: ConcreteFunction}`` from the `signatures` argument (TF's rules)."""
    if signatures is None:
        if keras_call is not None:
            concrete = keras_call.get_concrete_function()
            concrete._keras_output_names = keras_call._keras_output_names
            concrete._keras_first_output = keras_call._keras_first_output
            return {DEFAULT_SERVING_SIGNATURE_DEF_KEY: concrete}
        # TF's rule: the root's one tf.function with an input_signature whose results can be
        # named (a function returning nothing is no signature), if there is exactly one.
        candidates = [f._concretes[-1] if f._concretes else f.get_concrete_function()
                      for f in _functions_of(root).values()  # (the trace saving made, if any)
                      if isinstance(f, Function) and f.input_signature is not None]
        candidates = [c for c in candidates if _valid_signature(c)]
        if len(candidates) == 1:
            return {DEFAULT_SERVING_SIGNATURE_DEF_KEY: candidates[0]}
        return {}
    if not isinstance(signatures, dict):
        signatures = {DEFAULT_SERVING_SIGNATURE_DEF_KEY: signatures}
    out = {}
    for key, fn in signatures.items():
        if not isinstance(key, str):
            raise ValueError(f"Signature keys must be strings, got {key!r}.")
        if isinstance(getattr(fn, "_concrete", None), ConcreteFunction):
            fn = fn._concrete  # a loaded SavedModel's signature, exported again
        if isinstance(fn, ConcreteFunction):
            out[key] = fn
        elif isinstance(fn, Function) and fn.input_signature is not None:
            out[key] = fn.get_concrete_function()
        else:
            raise ValueError(f"Expected a TensorFlow function for which to generate a "
                             f"signature, but got {fn}. Only `tf.functions` with an input "
                             f"signature or concrete functions can be used as a signature.")
    return out


def _valid_signature(concrete):
    flat = nest.flatten(concrete.structured_outputs)
    return bool(concrete.graph.outputs) and all(isinstance(t, Tensor) for t in flat) and all(
        isinstance(s, TensorSpec) for s in nest.flatten(concrete._arg_specs))


def _signature_output_names(concrete, where):
    outputs = concrete.structured_outputs
    flat = nest.flatten(outputs)
    if not all(isinstance(t, Tensor) for t in flat):
        raise SaveError(f"{where}: a signature must return tensors (or a dict, list or tuple "
                        f"of tensors), got {outputs!r}.")
    if isinstance(outputs, dict):
        return [str(k) for k in sorted(outputs, key=nest._key_order)]
    keras_names = getattr(concrete, "_keras_output_names", None)
    if keras_names and len(keras_names) == len(flat):
        return list(keras_names)  # a Keras model's outputs are named after their layers
    first = getattr(concrete, "_keras_first_output", 0)
    return [f"output_{i + first}" for i in range(len(flat))]


def _atomic_write(path, data):
    checkpoint_io._atomic_write(path, lambda f: f.write(data))


def save(obj, export_dir, signatures=None, options=None):
    """``tf.saved_model.save(obj, export_dir, signatures=None)``: see the module docstring."""
    if not object_graph.is_trackable(obj) or isinstance(obj, Variable):
        raise ValueError("Expected an object of type `Trackable`, such as `tf.Module` or a "
                         f"subclass of the `Trackable` class, for export. Got {obj} with type "
                         f"{type(obj)}.")
    export_dir = os.fspath(export_dir)
    write = _prepare_functions(obj, signatures)
    # Everything is checked and encoded above: only now is anything written (all or nothing
    # over an earlier SavedModel: checkpoints/directory_commit.py).
    def write_all(directory):
        os.makedirs(os.path.join(directory, "variables"), exist_ok=True)
        checkpoint_io.write_checkpoint(obj, os.path.join(directory, VARIABLES_PREFIX))
        write(directory)

    directory_commit.save_directory(export_dir, write_all)


def write_functions(obj, export_dir, signatures=None):
    """Writes `obj`'s traced functions and signatures beside a checkpoint of `obj` already in
    `export_dir` (how a Keras model saved in this format can be loaded without its class)."""
    _prepare_functions(obj, signatures)(os.fspath(export_dir))


def _prepare_functions(obj, signatures):
    """Traces and encodes `obj`'s functions (failing before anything is written); returns the
    function that writes them into a directory."""
    writer = _Writer(obj)
    manifest = {"format": FORMAT, "version": VERSION,
                "objects": writer.objects_json(),
                "signatures": writer.signatures_json(signatures)}
    manifest["concrete_functions"] = writer.concretes
    return lambda export_dir: _write_manifest(export_dir, writer, manifest)


def _write_manifest(export_dir, writer, manifest):
    os.makedirs(os.path.join(export_dir, "assets"), exist_ok=True)
    buffer = io.BytesIO()
    np.savez(buffer, **writer.store.arrays)
    data = buffer.getvalue()
    _atomic_write(os.path.join(export_dir, ARRAYS_FILE), data)
    manifest["arrays_sha256"] = hashlib.sha256(data).hexdigest()
    _atomic_write(os.path.join(export_dir, JSON_FILE),
                  json.dumps(manifest, indent=1, sort_keys=True).encode())

"""``tf.saved_model.load``: rebuild the saved objects, their Variables and functions.

No Python class of the saved program is needed (or used): every saved object comes back as a
``_UserObject`` (a trackable object, not a ``tf.Module``) with the same attribute names, its
Variables restored from the checkpoint in ``variables/``, and each saved ``tf.function`` as a
``RestoredFunction`` that calls the traced graph matching its arguments. ``loaded.signatures``
maps signature keys to functions that take their inputs by name (or in order) and return a dict
of named outputs.

Everything read is checked before anything is built: the JSON's format and version, the SHA-256
of ``functions.npz`` and of the checkpoint data, array shapes and dtypes. A damaged directory
raises ``DataLossError`` (a file that is there but wrong) or ``OSError`` (a missing one).
"""

import hashlib
import inspect
import io
import json
import os
import zipfile
from collections.abc import Mapping

import numpy as np

from ..checkpoints import checkpoint as checkpoint_io
from ..checkpoints import directory_commit
from ..checkpoints.containers import ListWrapper
from ..core import errors, nest
from ..core.spec import TensorSpec
from ..core.tensor import Tensor, convert_to_tensor
from ..core.variable import Variable
from ..framework.extension_type import ExtensionType, ExtensionTypeSpec
from ..graph import node_errors, trace_types
from ..graph.function import ConcreteFunction, _PyValue
from ..graph.trace_types import CompositeOutput, FunctionType, _type_text, _TypeText
from ..graph.tracer import FuncGraph
from ..ops.support import tf_type_name
from . import serialize
from .save import ARRAYS_FILE, FORMAT, JSON_FILE, VARIABLES_PREFIX, VERSION


def _data_loss(export_dir, why):
    return errors.DataLossError(None, None, f"Unable to load SavedModel {export_dir}: {why}")


def _read_manifest(export_dir):
    path = os.path.join(export_dir, JSON_FILE)
    if not os.path.isdir(export_dir):
        raise OSError(f"SavedModel file does not exist at: {export_dir}{os.sep}"
                      f"{{{JSON_FILE}}}")
    if not os.path.isfile(path):
        raise OSError(f"SavedModel file does not exist at: {export_dir}{os.sep}"
                      f"{{{JSON_FILE}}}")
    try:
        with open(path, "rb") as f:
            manifest = json.loads(f.read().decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise _data_loss(export_dir, f"{JSON_FILE} is truncated or corrupted ({exc}).") \
            from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise _data_loss(export_dir, f"{JSON_FILE} is not an eagerbook SavedModel.")
    if manifest.get("version") != VERSION:
        raise _data_loss(export_dir, f"unsupported SavedModel version "
                                     f"{manifest.get('version')!r}.")
    for key, kind in (("objects", dict), ("signatures", list), ("concrete_functions", list)):
        if not isinstance(manifest.get(key), kind):
            raise _data_loss(export_dir, f"{JSON_FILE} has no valid {key!r} entry.")
    return manifest


def _read_arrays(export_dir, manifest):
    path = os.path.join(export_dir, ARRAYS_FILE)
    if not os.path.isfile(path):
        raise OSError(f"SavedModel {export_dir}: its {ARRAYS_FILE} is missing.")
    with open(path, "rb") as f:
        data = f.read()
    if hashlib.sha256(data).hexdigest() != manifest.get("arrays_sha256"):
        raise _data_loss(export_dir, f"{ARRAYS_FILE} is truncated or corrupted (its SHA-256 "
                                     f"does not match the one in {JSON_FILE}).")
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            return {key: archive[key] for key in archive.files}
    except (ValueError, OSError, zipfile.BadZipFile, EOFError) as exc:
        raise _data_loss(export_dir, f"{ARRAYS_FILE} is unreadable ({exc}).") from None


# --- the restored objects -----------------------------------------------------------------------
class _UserObject:
    """A saved object brought back without its class: attributes, Variables, functions.

    It is not a ``tf.Module`` (as in TF): a plain saved module has no ``name``, ``variables``
    or ``submodules``; only a Keras object, saved with its Variables' list, has ``variables``
    and ``trainable_variables``."""

    def __init__(self, class_name):
        object.__setattr__(self, "_saved_class_name", class_name)

    def __call__(self, *args, **kwargs):
        function = self.__dict__.get("__call__")
        if function is None:
            raise TypeError(f"The restored '{self._saved_class_name}' object has no saved "
                            "__call__ function (it was never traced before saving).")
        return function(*args, **kwargs)

    def _trackable_children(self):
        """What checkpoints and a new export save: the attributes."""
        return {key: value for key, value in vars(self).items() if not key.startswith("__")}

    def _keras_variables(self, attribute):
        saved = self.__dict__.get("_saved_variables")
        if saved is None:
            raise AttributeError(f"'_UserObject' object has no attribute '{attribute}'")
        return saved

    @property
    def variables(self):
        return ListWrapper(list(self._keras_variables("variables")))

    @property
    def trainable_variables(self):
        return ListWrapper([v for v in self._keras_variables("trainable_variables")
                            if v.trainable])

    def __repr__(self):
        return f"<eagerbook.saved_model.load._UserObject (saved from " \
               f"{self._saved_class_name}) at 0x{id(self):x}>"


def _describe(x):
    if isinstance(x, Tensor):
        return repr(x)
    if isinstance(x, TensorSpec):
        return repr(x)
    return repr(x)


def _as_traced(x, name):
    """How TF shows an argument of a call it traced: a tensor as its placeholder; an
    ExtensionType around placeholders named name, name_1, ..."""
    if isinstance(x, np.ndarray):  # (TF binds an array as a tensor)
        x = convert_to_tensor(x)
    if isinstance(x, Tensor):
        return f"<tf.Tensor '{name}:0' shape={tuple(x.shape.as_list())} dtype={x.dtype.name}>"
    if isinstance(x, ExtensionType):
        graph = FuncGraph("traced")
        parts = [graph.add_placeholder(t.dtype, t.shape, name=name if i == 0 else f"{name}_{i}")
                 for i, t in enumerate(x.__tf_components__())]
        return repr(x.__tf_from_components__(parts))
    return _describe(x)


def _matches(spec, value, allow_specs=False):
    """The converted argument if `value` fits `spec` (a structure), else raises ValueError.
    With `allow_specs` (get_concrete_function), a TensorSpec fits a compatible spec."""
    if isinstance(spec, TensorSpec):
        if allow_specs and isinstance(value, TensorSpec):
            if value.dtype is not spec.dtype or not spec.shape.is_compatible_with(value.shape):
                raise ValueError("no match")
            return value
        if isinstance(value, Variable):
            value = value._as_tensor()
        tensor = convert_to_tensor(value, dtype=spec.dtype) if not isinstance(value, Tensor) \
            else value
        if tensor.dtype is not spec.dtype or not spec.shape.is_compatible_with(tensor.shape):
            raise ValueError("no match")
        return tensor
    if isinstance(spec, ExtensionTypeSpec):
        if not isinstance(value, ExtensionType) or not spec.is_compatible_with(value):
            raise ValueError("no match")
        return value
    if isinstance(spec, dict):
        if not isinstance(value, dict) or set(value) != set(spec):
            raise ValueError("no match")
        return {k: _matches(spec[k], value[k], allow_specs) for k in spec}
    if isinstance(spec, (list, tuple)):
        if not isinstance(value, (list, tuple)) or len(value) != len(spec):
            raise ValueError("no match")
        return type(spec)(_matches(s, v, allow_specs) for s, v in zip(spec, value))
    if spec != value or type(spec) is not type(value) and not (
            isinstance(spec, (int, float)) and isinstance(value, (int, float))):
        raise ValueError("no match")
    return value


def _spec_of_argument(value):
    if isinstance(value, Variable):
        value = value._as_tensor()
    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    return value


def _binding_error(concrete, args, kwargs):
    """TF's TypeError for arguments that do not fit a function's input_signature."""
    specs = [TensorSpec(s.shape, s.dtype) if isinstance(s, TensorSpec) else s
             for s in concrete._arg_specs]  # TF shows them unnamed here
    names = list(concrete._saved_arg_names)[:len(specs)]
    reason = "too many positional arguments" if len(args) > len(specs) else \
        "too few positional arguments"
    for spec, value in zip(specs, args):
        try:
            _matches(spec, value)
        except (ValueError, TypeError):
            reason = f"Can not cast {_spec_of_argument(value)!r} to {spec!r}"
            break
    signature = ", ".join(f"{n}: {s!r}" for n, s in zip(names, specs))
    return TypeError(f"Binding inputs to tf.function failed due to `{reason}`. Received args: "
                     f"{tuple(args)} and kwargs: {kwargs} for signature: ({signature}).")


class RestoredFunction:
    """A saved ``tf.function``: calls whichever of its traced graphs fits the arguments."""

    def __init__(self, name, concretes, bound_to_signature=False):
        self.__name__ = name
        self._concretes = concretes
        # Saved with an input_signature: arguments that do not fit it are a TypeError, as
        # calling the tf.function itself would be (a ValueError for the others).
        self._bound_to_signature = bound_to_signature and len(concretes) == 1

    def _saved_concrete_functions(self):
        return list(self._concretes)

    @property
    def concrete_functions(self):
        return list(self._concretes)

    def _bind(self, concrete, args, kwargs, allow_specs=False):
        names = concrete._saved_arg_names
        specs = list(concrete._arg_specs)
        if len(args) > len(specs) or set(kwargs) - set(names[:len(specs)]):
            raise ValueError("no match")
        args = _with_defaults(concrete, args, dict(kwargs))
        if len(args) != len(specs):
            raise ValueError("no match")
        return tuple(_matches(s, a, allow_specs) for s, a in zip(specs, args))

    def get_concrete_function(self, *args, **kwargs):
        for concrete in self._concretes:
            try:
                self._bind(concrete, args, kwargs, allow_specs=True)
            except (ValueError, TypeError):
                continue
            return concrete
        raise self._no_match(args, kwargs)

    def __call__(self, *args, **kwargs):
        for concrete in self._concretes:
            try:
                bound = self._bind(concrete, args, kwargs)
            except (ValueError, TypeError):
                continue
            return concrete._call_structured(bound)
        raise self._no_match(args, kwargs)

    def _no_match(self, args, kwargs):
        if not self._concretes:  # a tf.function never traced before saving
            return ValueError("Found zero restored functions for caller function.")
        if self._bound_to_signature:
            return _binding_error(self._concretes[0], args, kwargs)
        # TF binds the arguments to the function's parameters and traces with them: each
        # tensor shows as the placeholder named after its parameter
        names = self._concretes[0]._saved_arg_names if self._concretes else []
        kwargs = dict(kwargs)
        args = _with_defaults(self._concretes[0], args, kwargs) if self._concretes else args
        lines = ["Could not find matching concrete function to call loaded from the "
                 "SavedModel. Got:",
                 f"  Positional arguments ({len(args)} total):"]
        lines += [f"    * {_as_traced(a, names[i] if i < len(names) else f'args_{i}')}"
                  for i, a in enumerate(args)]
        lines.append(f"  Keyword arguments: {kwargs}")
        lines.append("")
        lines.append(f" Expected these arguments to match one of the following "
                     f"{len(self._concretes)} option(s):")
        for i, concrete in enumerate(self._concretes, 1):
            lines.append("")
            lines.append(f"Option {i}:")
            specs = list(concrete._arg_specs)
            lines.append(f"  Positional arguments ({len(specs)} total):")
            lines += [f"    * {_describe(s)}" for s in specs]
            lines.append("  Keyword arguments: {}")
        return ValueError("\n".join(lines))


def _with_defaults(concrete, args, kwargs):
    """The arguments in parameter order: `args`, then those of `kwargs` (taken out of it) or
    the parameters' defaults, up to the first parameter given neither."""
    args = list(args)
    defaults = getattr(concrete, "_saved_arg_defaults", {})
    for name in concrete._saved_arg_names[len(args):]:
        if name in kwargs:
            args.append(kwargs.pop(name))
        elif name in defaults:
            args.append(defaults[name])
        else:
            break
    return args


class SignatureFunction:
    """One entry of ``loaded.signatures``: arguments in (by name, or in order), a dict of named
    tensors out."""

    def __init__(self, key, concrete, input_names, output_names):
        self.name = key
        self._concrete = concrete
        self._input_names = list(input_names)
        self._output_names = list(output_names)

    @property
    def structured_input_signature(self):
        specs = nest.flatten(self._concrete._arg_specs)
        return (), {n: TensorSpec(s.shape, s.dtype, n)
                    for n, s in sorted(zip(self._input_names, specs))}

    @property
    def structured_outputs(self):
        return {n: TensorSpec(t.shape, t.dtype, n)
                for n, t in zip(self._output_names, self._concrete.graph.outputs)}

    @property
    def inputs(self):
        """The graph's inputs as TF's signature wrapper takes them: sorted by name, then the
        captured ones."""
        inputs = list(self._concrete.inputs)
        count = len(self._input_names)
        named = sorted(zip(self._input_names, inputs[:count]), key=lambda pair: pair[0])
        return [tensor for _, tensor in named] + inputs[count:]

    @property
    def outputs(self):
        return self._concrete.outputs

    @property
    def graph(self):
        return self._concrete.graph

    def __call__(self, *args, **kwargs):
        result = self._concrete._call_flat(self._bind(args, kwargs))
        return dict(zip(self._output_names, nest.flatten(result)))

    def _bind(self, args, kwargs):
        """The graph's input tensors for a call, bound as TF binds a signature: by name to its
        keyword-only parameters, each value cast to its spec; failing that, to its flat
        signature (tensors only, unchecked shapes; by position too when it has one input)."""
        specs = nest.flatten(self._concrete._arg_specs)
        try:
            bound = self.function_type.bind(*args, **kwargs)
            return [trace_types.cast_to_type(spec, bound.arguments[name])
                    for name, spec in zip(self._input_names, specs)]
        except (TypeError, trace_types.CastError) as exc:
            structured = exc
        keywords = sorted(self._input_names)  # (the order of TF's signature wrapper)
        summary = f"signature_wrapper_{self._concrete.name}({', '.join(keywords)})"
        try:
            tensors = trace_types.bind_flat_keywords(summary, keywords, int(len(keywords) == 1),
                                                     args, kwargs)
        except TypeError as exc:
            raise TypeError(f"Binding inputs to tf.function failed due to `{structured}`. "
                            f"Received args: {tuple(args)} and kwargs: {kwargs} for signature: "
                            f"{self.pretty_printed_signature(verbose=False)}.\nFallback to flat "
                            f"signature also failed due to: {exc}") from None
        by_name = dict(zip(keywords, tensors))
        for i, name in enumerate(keywords):
            expected = specs[self._input_names.index(name)].dtype
            if by_name[name].dtype is not expected:  # checked as the function runs
                function = f"__inference_signature_wrapper_{self._concrete.name}_" \
                           f"{node_errors.function_number(self._concrete)}"
                raise errors.InvalidArgumentError(
                    None, None, f"cannot compute {function} as input #{i}(zero-based) was "
                                f"expected to be a {tf_type_name(expected)} tensor but is a "
                                f"{tf_type_name(by_name[name].dtype)} tensor [Op:{function}]")
        return [by_name[name] for name in self._input_names]

    @property
    def function_type(self):
        """TF's FunctionType of a signature (what printing it shows): keyword-only inputs in
        the order of their names, and the dict of named outputs."""
        _, inputs = self.structured_input_signature
        params = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY,
                                    annotation=_TypeText(repr(spec)))
                  for name, spec in sorted(inputs.items())]
        outputs = _TypeText(_type_text(self.structured_outputs))
        captures = [(id(obj), _TypeText(_type_text(t))) for obj, t in self.graph.captures]
        return FunctionType(params, outputs, captures)

    def pretty_printed_signature(self, verbose=True):
        return repr(self.function_type) if verbose else str(self.function_type)

    def __repr__(self):  # as TF prints a signature's ConcreteFunction
        return f"<ConcreteFunction {self.pretty_printed_signature(verbose=False)} " \
               f"at 0x{id(self):X}>"

    def __str__(self):
        return f"ConcreteFunction {self.pretty_printed_signature()}"


class _SignatureMap(Mapping):
    """``loaded.signatures``: a read-only mapping of signature keys."""

    def __init__(self, functions):
        self._functions = dict(functions)

    def __getitem__(self, key):
        return self._functions[key]

    def __iter__(self):
        return iter(self._functions)

    def __len__(self):
        return len(self._functions)

    def __repr__(self):
        return f"_SignatureMap({self._functions!r})"


# --- putting it together ------------------------------------------------------------------------
def _build_objects(nodes, arrays, objects_json):
    """Live objects for the checkpoint's nodes: ``(root, {path: object})``."""
    by_id = {}
    paths = {}

    def make(j):
        obj = by_id.get(j)
        if obj is not None:
            return obj
        node = nodes[j]
        path = node.get("path", "")
        info = objects_json.get(path, {})
        if "variable" in node:
            spec = node["variable"]
            name = str(spec.get("name", "Variable:0")).rsplit(":", 1)[0]
            obj = Variable(arrays[j], trainable=bool(info.get("trainable", True)), name=name)
            obj._name = spec.get("name", obj._name)
        else:
            obj = _UserObject(info.get("class", "object"))
        by_id[j] = obj
        paths[path] = obj
        return obj

    root = make(0)
    pending = [0]
    seen = {0}
    while pending:
        i = pending.pop(0)
        parent = by_id[i]
        if isinstance(parent, Variable):
            continue
        kinds = objects_json.get(nodes[i].get("path", ""), {}).get("containers", {})
        for name, j in sorted(nodes[i]["children"].items()):
            _attach(parent, name, make(j), kinds)
            if j not in seen:
                seen.add(j)
                pending.append(j)
    for obj in by_id.values():  # tuples were built as lists while filling them in
        if isinstance(obj, _UserObject):
            _freeze_tuples(obj, objects_json)
    return root, paths


def _attach(parent, edge, child, kinds):
    """Sets ``parent.<edge>`` where an edge ``layers/0`` means item 0 of list ``layers``."""
    parts = edge.split("/")
    if len(parts) == 1:
        object.__setattr__(parent, edge, child)
        return
    container = parent.__dict__.get(parts[0])
    prefix = parts[0]
    if container is None:
        container = {} if kinds.get(prefix) == "dict" else []
        object.__setattr__(parent, parts[0], container)
    for k, part in enumerate(parts[1:], 1):
        last = k == len(parts) - 1
        key = int(part) if isinstance(container, list) else part
        if last:
            value = child
        else:
            prefix = f"{prefix}/{part}"
            value = _get(container, key)
            if value is None:
                value = {} if kinds.get(prefix) == "dict" else []
        if isinstance(container, list):
            while len(container) <= key:
                container.append(None)
            if container[key] is None or last:
                container[key] = value
        else:
            container.setdefault(key, value) if not last else container.__setitem__(key, value)
        container = value


def _get(container, key):
    if isinstance(container, list):
        return container[key] if key < len(container) else None
    return container.get(key)


def _freeze_tuples(obj, objects_json):
    kinds = {}
    for info in objects_json.values():
        kinds.update({k: v for k, v in info.get("containers", {}).items() if v == "tuple"})
    for key, value in list(vars(obj).items()):
        if isinstance(value, list) and kinds.get(key) == "tuple":
            object.__setattr__(obj, key, tuple(value))


def _restore_concrete(entry, store, variables):
    graph = serialize.decode_graph(entry["graph"], store, variables)
    arg_specs = tuple(serialize.decode_structure(entry["args"], serialize.decode_spec_leaf))

    composites = {}  # id(an ExtensionType result) -> its CompositeOutput

    def leaf(data):
        if "out" in data:
            return graph.outputs[data["out"]]
        if "extension_type_out" in data:  # an ExtensionType around some outputs
            indices = data["extension_type_out"]
            value = serialize.decode_spec_leaf(data).__tf_from_components__(
                [graph.outputs[i] for i in indices])
            composites[id(value)] = CompositeOutput(value, indices)
            return value
        return serialize.decode_spec_leaf(data)

    outputs = serialize.decode_structure(entry["outputs"], leaf)
    # The template lists the leaves in tf.nest's order (a dict's keys sorted), the order in
    # which calls pack their results: not always the order the dict was written in.
    position = {id(t): i for i, t in enumerate(graph.outputs)}
    template = [position[id(v)] if id(v) in position else
                composites[id(v)] if id(v) in composites else _PyValue(v)
                for v in nest.flatten(outputs)]
    concrete = ConcreteFunction(graph, entry["name"], arg_specs, arg_specs, outputs, template,
                                None)
    concrete._saved_arg_names = list(entry.get("arg_names", []))
    concrete._saved_arg_defaults = dict(entry.get("arg_defaults", {}))
    return concrete


def load(export_dir, tags=None, options=None):
    """``tf.saved_model.load(export_dir)``: the saved object, rebuilt (see module docstring)."""
    export_dir = os.fspath(export_dir)
    directory_commit.finish_interrupted_save(export_dir)  # (a save cut short after it committed)
    manifest = _read_manifest(export_dir)
    store = serialize.ArrayStore(_read_arrays(export_dir, manifest))
    prefix = os.path.join(export_dir, VARIABLES_PREFIX)
    try:
        nodes, arrays = checkpoint_io.read_checkpoint(prefix)
    except errors.NotFoundError as exc:
        raise OSError(f"SavedModel {export_dir}: its variables are missing ({exc.message})") \
            from None
    root, objects = _build_objects(nodes, arrays, manifest["objects"])
    variables = {path: obj for path, obj in objects.items() if isinstance(obj, Variable)}
    try:
        concretes = [_restore_concrete(entry, store, variables)
                     for entry in manifest["concrete_functions"]]
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        raise _data_loss(export_dir, f"a saved function is malformed ({exc!r}).") from None
    for path, info in manifest["objects"].items():
        obj = objects.get(path)
        if not isinstance(obj, _UserObject):
            continue
        if "variables" in info:  # a Keras object's Variables, in its own order
            object.__setattr__(obj, "_saved_variables", tuple(variables[p]
                                                              for p in info["variables"]))
        bound = set(info.get("with_input_signature", ()))
        for name, indices in info.get("functions", {}).items():
            object.__setattr__(obj, name, RestoredFunction(name, [concretes[i]
                                                                  for i in indices],
                                                           name in bound))
    signatures = {}
    try:
        for info in manifest["signatures"]:
            key = info["key"]
            signatures[key] = SignatureFunction(key, concretes[info["concrete"]],
                                                info["inputs"], info["outputs"])
    except (KeyError, TypeError, IndexError) as exc:
        raise _data_loss(export_dir, f"a signature is malformed ({exc!r}).") from None
    object.__setattr__(root, "signatures", _SignatureMap(signatures))
    return root

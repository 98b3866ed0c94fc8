"""Traced graphs to plain data and back: JSON for the structure, NumPy arrays for values.

A graph (``eagerbook.graph.ir.Graph``) becomes a dict::

    {"name": "__call__",
     "inputs": ["x"],                                   # Placeholder op names, in order
     "captures": [{"op": "w", "variable": "dense_1/w"},  # a Variable, by its object path
                  {"op": "captured", "array": "c3"}],    # a tensor closed over, by array key
     "ops": [{"name": "read", "type": "ReadVariableOp", "inputs": ["w:0"],
              "attrs": {}, "outputs": [["float32", [3, 3]]], "control": [], ...}],
     "outputs": ["relu:0"]}

Attr values keep their Python type through tags (``{"dtype": "float32"}``, ``{"tuple": [...]}``,
``{"array": "c0"}`` for a Const's value). Loading rebuilds the same ``Operation``s with the
same registry ``OpDef``s, so the loaded graph is optimized and compiled by tf.function's own
passes and code generator. Nothing is ever unpickled or executed while reading: an op type that
is not a known primitive is refused.
"""

import math

import numpy as np

from ..core import dtypes
from ..core.shape import TensorShape
from ..core.spec import TensorSpec
from ..core.tensor import _from_numpy
from ..core.variable import Variable
from ..framework import extension_type
from ..graph import control_flow, saved_custom_gradient, tracer
from ..graph.ir import resource, variant
from ..graph.tracer import FuncGraph
from ..ops.registry import REGISTRY


class SaveError(ValueError):
    """The object cannot be written as a SavedModel (what TF reports as ValueError)."""


# --- dtypes and shapes ---------------------------------------------------------------------------
def dtype_name(dtype):
    return dtype.name


def dtype_from_name(name):
    if name == "resource":
        return resource
    if name == "variant":
        return variant
    return dtypes.as_dtype(name)


def shape_list(shape):
    shape = TensorShape(shape)
    return None if shape.rank is None else shape.as_list()


# --- attr values ---------------------------------------------------------------------------------
class ArrayStore:
    """The arrays of a SavedModel's functions (Const values, captured tensors): ``c0``, ..."""

    def __init__(self, arrays=None):
        self.arrays = dict(arrays or {})

    def put(self, array):
        key = f"c{len(self.arrays)}"
        array = np.asarray(array)
        if array.dtype == object:  # strings: fixed-width bytes, never pickled
            array = np.array([v if isinstance(v, bytes) else str(v).encode()
                              for v in array.ravel()], dtype=np.bytes_).reshape(array.shape)
        self.arrays[key] = array
        return key

    def get(self, key, dtype_name=None):
        array = self.arrays[key]
        if array.dtype.kind == "S" and dtype_name in (None, "string"):
            return np.array(array.tolist(), dtype=object).reshape(array.shape)
        return array


def encode_attr(value, store, where):
    """A JSON-able form of an attr value (raises SaveError for values we cannot write)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"float": repr(value)}
    if isinstance(value, dtypes.DType):
        return {"dtype": value.name}
    if isinstance(value, TensorShape):
        return {"shape": shape_list(value)}
    if isinstance(value, np.ndarray):
        return {"array": store.put(value), "dtype": str(value.dtype)}
    if isinstance(value, np.generic):
        return {"scalar": store.put(np.asarray(value)), "dtype": str(value.dtype)}
    if isinstance(value, tuple):
        return {"tuple": [encode_attr(v, store, where) for v in value]}
    if isinstance(value, list):
        return {"list": [encode_attr(v, store, where) for v in value]}
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {"dict": {k: encode_attr(v, store, where) for k, v in value.items()}}
    raise SaveError(f"{where}: an attribute value of type {type(value).__name__} cannot be "
                    "saved in a SavedModel.")


def decode_attr(value, store):
    if not isinstance(value, dict):
        return value
    if "float" in value:
        return float(value["float"])
    if "dtype" in value and len(value) == 1:
        return dtype_from_name(value["dtype"])
    if "shape" in value:
        return TensorShape(value["shape"])
    if "array" in value:
        return store.get(value["array"], "string" if value.get("dtype", "").startswith(
            ("object", "|S", "bytes")) else None)
    if "scalar" in value:
        return store.get(value["scalar"])[()]
    if "tuple" in value:
        return tuple(decode_attr(v, store) for v in value["tuple"])
    if "list" in value:
        return [decode_attr(v, store) for v in value["list"]]
    if "dict" in value:
        return {k: decode_attr(v, store) for k, v in value["dict"].items()}
    raise ValueError(f"unknown attribute encoding {value!r}")


# --- structures of arguments and results ----------------------------------------------------------
def encode_structure(value, leaf):
    """Nested lists/tuples/dicts as tagged JSON; `leaf(x)` encodes everything else."""
    if isinstance(value, dict):
        return {"dict": [[k, encode_structure(v, leaf)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"tuple": [encode_structure(v, leaf) for v in value]}
    if isinstance(value, list):
        return {"list": [encode_structure(v, leaf) for v in value]}
    return leaf(value)


def decode_structure(data, leaf):
    if isinstance(data, dict):
        if "dict" in data:
            return {k: decode_structure(v, leaf) for k, v in data["dict"]}
        if "tuple" in data:
            return tuple(decode_structure(v, leaf) for v in data["tuple"])
        if "list" in data:
            return [decode_structure(v, leaf) for v in data["list"]]
    return leaf(data)


def encode_spec_leaf(x, where):
    if isinstance(x, TensorSpec):
        return {"spec": {"shape": shape_list(x.shape), "dtype": x.dtype.name, "name": x.name}}
    if isinstance(x, extension_type.ExtensionTypeSpec):
        return _encode_extension_spec(x, where)
    if x is None or isinstance(x, (bool, int, str)) or (
            isinstance(x, float) and math.isfinite(x)):
        return {"py": x}
    raise SaveError(f"{where}: an argument of type {type(x).__name__} cannot be saved (only "
                    "tensors and Python numbers, strings, booleans or None).")


def decode_spec_leaf(data):
    if "spec" in data:
        s = data["spec"]
        return TensorSpec(s["shape"], dtype_from_name(s["dtype"]), s["name"])
    if "extension_type" in data:
        return _decode_extension_spec(data["extension_type"])
    return data["py"]


def _encode_extension_spec(spec, where):
    """An ExtensionType's Spec, by its class's registered name (``__name__ = "..."`` in the
    class body, as TF asks of types a SavedModel holds) and the specs of its fields."""
    name = extension_type.registered_name(spec.value_type)
    if name is None:
        raise SaveError(f"{where}: the ExtensionType {spec.value_type.__name__} has no "
                        "registered name: give its class a `__name__ = '...'` attribute so that "
                        "the SavedModel can find the class again.")
    fields = {key: encode_structure(value, lambda leaf: encode_spec_leaf(leaf, where))
              for key, value in spec._fields.items()}
    return {"extension_type": {"name": name, "fields": fields}}


def _decode_extension_spec(data):
    cls = extension_type.registered_class(data["name"])
    if cls is None:  # (TF would rebuild an anonymous type; eagerbook needs the class)
        raise ValueError(f"The SavedModel uses the ExtensionType {data['name']!r}: define "
                         "(import) that class before loading it.")
    return cls.Spec._from_fields({key: decode_structure(value, decode_spec_leaf)
                                  for key, value in data["fields"].items()})


# --- graphs --------------------------------------------------------------------------------------
def _tensor_name(t):
    return f"{t._op.name}:{t._index}"


def _encode_capture(obj, op_name, store, variable_paths, where):
    entry = {"op": op_name}
    if isinstance(obj, Variable):
        path = variable_paths.get(id(obj))
        if path is None:  # (TF's error kind and words, then what to do about it)
            raise AssertionError(
                "Tried to export a function which references an 'untracked' resource. "
                "TensorFlow objects (e.g. tf.Variable) captured by functions must be "
                "'tracked' by assigning them to an attribute of a tracked object or "
                "assigned to an attribute of the main object directly. See the "
                f"information below:\n\tFunction name = {where}\n\tTrackable referencing "
                f"this tensor = <tf.Variable {obj.name!r} shape={tuple(obj.shape)} "
                f"dtype={obj.dtype.name}>\n(Variable {obj.name!r} is not reachable from "
                "the object being saved: assign it to an attribute of that object, or of "
                "one of its sub-modules, so that it is saved with it.)")
        entry["variable"] = path
    elif getattr(obj, "_value", None) is not None:
        entry["array"] = store.put(obj._value)
        entry["dtype"] = obj.dtype.name
    else:
        raise SaveError(f"{where} captures {obj!r}, which cannot be saved.")
    return entry


def encode_graph(graph, store, variable_paths, where):
    """`graph` as plain data; `variable_paths` maps id(Variable) -> its path in the object graph."""
    captures = [_encode_capture(obj, placeholder._op.name, store, variable_paths, where)
                for obj, placeholder in graph.captures]
    encoder = _OpEncoder(store, variable_paths, where, captures)
    names = encoder.encode_ops(graph, "", {})
    return {
        "name": graph.name,
        "inputs": [[t._op.name, dtype_name(t.dtype), shape_list(t.shape)]
                   for t in graph.inputs],
        "captures": captures,
        "ops": encoder.ops,
        "outputs": [None if t is None else names.tensor(t) for t in graph.outputs],
    }


class _Names:
    """The encoded names of one graph's tensors and ops: its own, under `prefix` (a function
    inlined where it was called), or what stands for them (an inlined call's results)."""

    def __init__(self, prefix, renames):
        self.prefix = prefix
        self.renames = renames  # tensor name -> encoded name
        self.controls = {}  # op name -> the encoded ops that stand for it

    def tensor(self, t):
        name = _tensor_name(t)
        return self.renames.get(name, self.prefix + name)

    def control(self, op):
        return self.controls.get(op.name, [self.prefix + op.name])


class _OpEncoder:
    """Encodes a graph's ops into `ops`; a call of another function (a loaded or concrete
    function called in the trace: StatefulPartitionedCall) is replaced by that function's ops,
    named under the call's name, so the SavedModel records primitives only."""

    def __init__(self, store, variable_paths, where, captures):
        self.store, self.variable_paths, self.where = store, variable_paths, where
        self.captures = captures
        self.ops = []
        self._captured = {entry["variable"]: entry["op"] for entry in captures
                          if "variable" in entry}

    def encode_ops(self, graph, prefix, renames):
        names = _Names(prefix, renames)
        called = graph.__dict__.get("called_functions", {})
        for op in graph.operations:
            if op.type == "Placeholder":
                continue
            if id(op) in called:
                self._inline_call(op, called[id(op)], names)
            else:
                self.ops.append(self._encode_op(op, names))
        return names

    def _inline_call(self, op, concrete, names):
        callee = concrete.graph
        if len(op.outputs) != len(callee.outputs) or len(op.inputs) < len(callee.inputs):
            raise SaveError(f"{self.where} calls the function {concrete.name} in a way a "
                            "SavedModel cannot record.")
        prefix = names.prefix + op.name + "/"
        renames = {_tensor_name(p): names.tensor(t) for p, t in zip(callee.inputs, op.inputs)}
        for obj, placeholder in callee.captures:
            entry = _encode_capture(obj, prefix + placeholder._op.name, self.store,
                                    self.variable_paths, self.where)
            if entry.get("variable") in self._captured:  # already an input of the graph
                renames[_tensor_name(placeholder)] = self._captured[entry["variable"]] + ":0"
                continue
            if "variable" in entry:
                self._captured[entry["variable"]] = entry["op"]
            self.captures.append(entry)
        first = len(self.ops)
        inner = self.encode_ops(callee, prefix, renames)
        for i, t in enumerate(callee.outputs):
            names.renames[f"{op.name}:{i}"] = inner.tensor(t)
        names.controls[op.name] = [spec["name"] for spec in self.ops[first:]
                                   if spec["stateful"]]

    def _encode_op(self, op, names):
        where = self.where
        kernel = op.opdef.name if op.opdef is not None else op.type
        custom = saved_custom_gradient.gradient_graph(op)  # (a @tf.custom_gradient call)
        store, variable_paths = self.store, self.variable_paths
        if custom is not None:
            kernel = "CustomGradient"
        elif kernel not in REGISTRY and kernel not in _SPECIAL_OPDEFS:
            raise SaveError(f"{where} uses the op {op.type} ({op.name}), which a SavedModel "
                            "cannot record (it is not a registered primitive).")
        return {
            "name": names.prefix + op.name, "type": op.type,
            **({"kernel": kernel} if kernel != op.type else {}),
            "inputs": [names.tensor(t) for t in op.inputs],
            "attrs": _encode_op_attrs(op, store, f"{where}, op {op.name}"),
            "outputs": [[dtype_name(t.dtype), shape_list(t.shape)] for t in op.outputs],
            "control": [name for c in op.control_inputs for name in names.control(c)],
            "stateful": bool(op.stateful),
            "subgraphs": {label: encode_graph(sub, store, variable_paths, where)
                          for label, sub in op.subgraphs.items()},
            **({"custom_gradient": encode_graph(custom, store, variable_paths, where)}
               if custom is not None else {}),
        }


def _encode_op_attrs(op, store, where):
    """An op's attrs as data. Control flow keeps its branch/body graphs in attrs too (their
    gradients read them there): those are the op's subgraphs, recorded by label."""
    labels = {id(sub): label for label, sub in op.subgraphs.items()}
    return {key: {"subgraph": labels[id(value)]} if id(value) in labels
            else encode_attr(value, store, where)
            for key, value in op.attrs.items()}


def _decode_op_attrs(attrs, store, subgraphs):
    return {key: subgraphs[value["subgraph"]]
            if isinstance(value, dict) and "subgraph" in value
            else decode_attr(value, store)
            for key, value in attrs.items()}


def _special_opdefs():
    """The ops the tracer emits itself (variable reads/writes, If, While; made by the registry
    like every op), and Const, which has no OpDef."""
    table = {"Const": None,  # the value is an attr; the code generator inlines it
             "ReadVariableOp": tracer.READ_VARIABLE, "If": control_flow.IF_OP,
             "While": control_flow.WHILE_OP}
    table.update(tracer.ASSIGN_OPS)
    return table


_SPECIAL_OPDEFS = _special_opdefs()


def opdef_for(type_):
    if type_ in _SPECIAL_OPDEFS:
        return _SPECIAL_OPDEFS[type_]
    if type_ not in REGISTRY:
        raise ValueError(f"unknown op type {type_!r}")
    return REGISTRY[type_]


def decode_graph(data, store, variables, outer=None):
    """Rebuilds a FuncGraph; `variables` maps object paths to the restored Variables."""
    graph = FuncGraph(data["name"], outer)
    tensors = {}
    for name, dtype, shape in data["inputs"]:
        t = graph.add_placeholder(dtype_from_name(dtype), TensorShape(shape), name=name)
        tensors[f"{name}:0"] = t
    for entry in data.get("captures", ()):
        if "variable" in entry:
            var = variables[entry["variable"]]
            t = graph.add_placeholder(resource, TensorShape([]), name=entry["op"],
                                      capture_of=var)
            graph.variables.append(var)
            graph._captured[id(var)] = t
            graph.handle_vars[id(t)] = var
        else:
            value = _from_numpy(store.get(entry["array"], entry["dtype"]))
            value._dtype = dtype_from_name(entry["dtype"])
            t = graph.add_placeholder(value.dtype, TensorShape(value.shape),
                                      name=entry["op"], capture_of=value)
            graph._keepalive.append(value)
        tensors[f"{entry['op']}:0"] = t
    by_name = {}
    for spec in data["ops"]:
        subgraphs = {label: decode_graph(sub, store, variables, graph)
                     for label, sub in spec["subgraphs"].items()}
        out_specs = [(dtype_from_name(d), TensorShape(s)) for d, s in spec["outputs"]]
        opdef = saved_custom_gradient.loaded_custom_gradient(
            decode_graph(spec["custom_gradient"], store, variables), len(out_specs),
            spec["type"]) if "custom_gradient" in spec else \
            opdef_for(spec.get("kernel", spec["type"]))
        op = graph.create_op(spec["type"], [tensors[n] for n in spec["inputs"]],
                             _decode_op_attrs(spec["attrs"], store, subgraphs),
                             out_specs, opdef=opdef,
                             name=spec["name"],
                             stateful=spec["stateful"], subgraphs=subgraphs)
        if op.name != spec["name"]:
            raise ValueError(f"duplicate op name {spec['name']!r}")
        op.control_inputs = [by_name[n] for n in spec["control"]]
        by_name[op.name] = op
        for t in op.outputs:
            tensors[_tensor_name(t)] = t
    graph.outputs = [None if n is None else tensors[n] for n in data["outputs"]]
    return graph

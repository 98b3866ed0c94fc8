"""``graph.as_graph_def()``: the graph as TF's GraphDef shows it.

TF serializes a graph as a GraphDef protocol buffer: a list of ``NodeDef``s, each with a
``name``, an ``op`` type, its ``input`` names (``"x"`` for output 0 of node x, ``"x:1"`` for
output 1, ``"^x"`` for a control input) and an ``attr`` map. These classes are plain Python
with the same fields, and print in the protocol buffer text format TF prints:

    for node in concrete.graph.as_graph_def().node:
        print(f"{node.input} -> {node.name}")     # [] -> a   ['a', 'a'] -> add ...

As in TF, each function output goes through an ``Identity`` node named ``Identity``,
``Identity_1``, ...; argument placeholders carry ``_user_specified_name``.
"""

import numpy as np

from ..core import dtypes
from ..core.shape import TensorShape

_DT_NAMES = {"float16": "DT_HALF", "float32": "DT_FLOAT", "float64": "DT_DOUBLE",
             "bfloat16": "DT_BFLOAT16", "bool": "DT_BOOL", "complex64": "DT_COMPLEX64",
             "complex128": "DT_COMPLEX128", "string": "DT_STRING", "resource": "DT_RESOURCE",
             "variant": "DT_VARIANT"}


def _dt_name(dtype):
    return _DT_NAMES.get(dtype.name, "DT_" + dtype.name.upper())


class AttrValue:
    """One attribute value: exactly one of the fields below is set (as in TF's oneof)."""

    _FIELDS = ("s", "i", "f", "b", "type", "shape", "tensor", "list", "func")

    def __init__(self, **field):
        (self._field, self._value), = field.items()

    def __getattr__(self, name):
        if name in AttrValue._FIELDS:
            return self._value if name == self._field else None
        raise AttributeError(name)

    def WhichOneof(self, oneof="value"):  # noqa: N802 - TF's protobuf method name
        return self._field

    def _lines(self):
        return _field_lines(self._field, self._value)

    def __eq__(self, other):
        return isinstance(other, AttrValue) and (self._field, repr(self._value)) == (
            other._field, repr(other._value))

    def __repr__(self):
        return "\n".join(self._lines()) + "\n"  # (a message's text ends its last line)

    __str__ = __repr__


def _text(value):
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dtypes.DType):
        return _dt_name(value)
    if isinstance(value, float):
        return _float_text(value, double=False)
    return repr(value)


def _float_text(value, double):
    """A float as protocol buffers' text format writes it: the shortest of two precisions
    that reads back as the same float32 (or float64) value (``2``, ``0.1``, ``3.14159274``)."""
    short, long_, same = (15, 17, float) if double else (6, 9, np.float32)
    text = f"{value:.{short}g}"
    return text if same(float(text)) == same(value) else f"{value:.{long_}g}"


def _block(name, inner):
    return [f"{name} {{"] + ["  " + line for line in inner] + ["}"]


def _shape_lines(shape):
    if shape.rank is None:
        return ["unknown_rank: true"]
    out = []
    for d in shape.as_list():
        out += _block("dim", [f"size: {-1 if d is None else d}"])
    return out


def _field_lines(field, value):
    if field == "shape":
        return _block("shape", _shape_lines(value))
    if field == "tensor":
        return _block("tensor", _tensor_lines(value))
    if field == "func":
        return _block("func", [f"name: {_text(value)}"])
    if field == "list":
        inner = []
        for kind, items in value:
            for item in items:
                inner += _field_lines(kind, item)
        return _block("list", inner)
    return [f"{field}: {_text(value)}"]


def _tensor_lines(array):
    array = np.asarray(array)
    dtype = dtypes.from_numpy(array.dtype) if array.dtype != object else dtypes.string
    lines = [f"dtype: {_dt_name(dtype)}"] + _block("tensor_shape", [
        line for d in array.shape for line in _block("dim", [f"size: {d}"])])
    if array.size > 1 and array.dtype.kind in "fiu":  # TF stores these arrays as raw bytes
        lines.append(f'tensor_content: "{_escaped(array.tobytes())}"')
        return lines
    kind = {"f": "float_val", "i": "int_val", "u": "int_val", "b": "bool_val",
            "c": "scomplex_val"}.get(array.dtype.kind, "string_val")
    if array.dtype == np.float64:
        kind = "double_val"
    elif array.dtype == np.int64:
        kind = "int64_val"
    for v in array.ravel().tolist():
        text = _float_text(v, double=True) if kind == "double_val" else \
            _text(v.decode() if isinstance(v, bytes) else v)
        lines.append(f"{kind}: {text}")
    return lines


_NAMED_ESCAPES = {10: "\\n", 13: "\\r", 9: "\\t", 34: '\\"', 39: "\\'", 92: "\\\\"}


def _escaped(data):
    """Bytes as the text format writes them: printable ASCII as is, the rest in octal."""
    return "".join(_NAMED_ESCAPES.get(b) or (chr(b) if 32 <= b < 127 else f"\\{b:03o}")
                   for b in data)


def attr_value(value):
    """The AttrValue for one of our IR attrs (None: not representable, left out)."""
    if isinstance(value, dtypes.DType):
        return AttrValue(type=value)
    if isinstance(value, TensorShape):
        return AttrValue(shape=value)
    if isinstance(value, bool):
        return AttrValue(b=value)
    if isinstance(value, (int, np.integer)):
        return AttrValue(i=int(value))
    if isinstance(value, (float, np.floating)):
        return AttrValue(f=float(value))
    if isinstance(value, (str, bytes)):
        return AttrValue(s=value if isinstance(value, str) else value.decode("latin-1"))
    if isinstance(value, np.ndarray):
        return AttrValue(tensor=value)
    if isinstance(value, (tuple, list)):
        if all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in value):
            return AttrValue(list=[("i", [int(v) for v in value])])
        if all(isinstance(v, (float, int)) for v in value):
            return AttrValue(list=[("f", [float(v) for v in value])])
    return None


class NodeDef:
    """One node: ``name``, ``op``, ``input`` (names), ``attr`` (name -> AttrValue),
    ``device``."""

    def __init__(self, name, op, inputs=(), attr=None, device=""):
        self.name = name
        self.op = op
        self.input = list(inputs)
        self.attr = dict(sorted((attr or {}).items(), reverse=True))  # TF prints them so
        self.device = device

    def _lines(self):
        lines = [f"name: {_text(self.name)}", f"op: {_text(self.op)}"]
        lines += [f"input: {_text(i)}" for i in self.input]
        if self.device:
            lines.append(f"device: {_text(self.device)}")
        for key, value in self.attr.items():
            lines += _block("attr", [f"key: {_text(key)}"] + _block("value", value._lines()))
        return lines

    def __repr__(self):
        return "\n".join(self._lines()) + "\n"

    __str__ = __repr__


class VersionDef:
    """``graph_def.versions``: the GraphDef version of the TF that wrote it (TF 2.21's)."""

    producer = 2474
    min_consumer = 0
    bad_consumers = ()

    def __repr__(self):
        return f"producer: {self.producer}\n"

    __str__ = __repr__


class GraphDef:
    """A graph's nodes (``.node``) and ``.versions``. There is no function library: branches
    and loop bodies are listed as ``func`` attrs of their ``If``/``While`` nodes."""

    source = None  # (graph, its operations then): what tf.graph_util.import_graph_def copies

    def __init__(self, nodes):
        self.node = list(nodes)
        self.versions = VersionDef()

    def __repr__(self):
        return "\n".join([line for n in self.node for line in _block("node", n._lines())]
                         + _block("versions", [repr(self.versions).rstrip()])) + "\n"

    __str__ = __repr__

    def __len__(self):
        return len(self.node)


def _input_name(t):
    op = t._op
    return op.name if t._index == 0 else f"{op.name}:{t._index}"


def node_def(op):
    """The NodeDef of one IR operation."""
    attrs = {}
    if getattr(op, "gradient_op_type", None):  # (first, where TF's NodeDef lists it)
        attrs["_gradient_op_type"] = AttrValue(s=op.gradient_op_type)
    if op.type == "Placeholder":
        attrs["dtype"] = AttrValue(type=op.attrs["dtype"])
        attrs["shape"] = AttrValue(shape=op.attrs["shape"])
        if op in _argument_ops(op.graph):
            attrs["_user_specified_name"] = AttrValue(s=op.name)
    elif op.type == "Const":
        value = np.asarray(op.attrs["value"])
        attrs["dtype"] = AttrValue(type=op.outputs[0]._dtype)
        attrs["value"] = AttrValue(tensor=value)
    else:
        data_inputs = [t for t in op.inputs if t._dtype.name not in ("resource", "variant")]
        if op.type in ("ReadVariableOp",) and op.outputs:
            attrs["dtype"] = AttrValue(type=op.outputs[0]._dtype)
        elif op.type.startswith("Assign") and op.type.endswith("VariableOp"):
            attrs["dtype"] = AttrValue(type=op.inputs[1]._dtype)
        elif op.type == "Cast":  # TF's Cast names its input type SrcT (listed in TF's order)
            attrs["Truncate"] = AttrValue(b=bool(op.attrs.get("Truncate", False)))
            attrs["SrcT"] = AttrValue(type=data_inputs[0]._dtype)
        elif data_inputs and "T" not in op.attrs:
            attrs["T"] = AttrValue(type=data_inputs[0]._dtype)
        if op.type == "MatMul":  # TF's MatMul names its flags so, with two more of its own
            attrs["grad_a"] = attrs["grad_b"] = AttrValue(b=False)
        for key, value in op.attrs.items():
            if key.startswith("_"):
                continue
            converted = attr_value(value)
            if converted is not None:
                attrs[key] = converted
        for label, sub in op.subgraphs.items():
            attrs[f"{label}_branch" if op.type == "If" else label] = AttrValue(func=sub.name)
    inputs = [_input_name(t) for t in op.inputs] + ["^" + c.name for c in op.control_inputs]
    return NodeDef(op.name, op.type, inputs, attrs, device=getattr(op, "device", ""))


def _argument_ops(graph):
    return {t._op for t in graph.inputs}


def graph_def(graph):
    """The GraphDef of `graph`: its operations, then one Identity per output."""
    nodes = [node_def(op) for op in graph.operations]
    taken = {op.name for op in graph.operations}
    for t in graph.outputs:
        if t is None or t._op.type == "Identity":  # (a traced function's own output node)
            continue
        name, n = "Identity", 1
        while name in taken:
            name, n = f"Identity_{n}", n + 1
        taken.add(name)
        nodes.append(NodeDef(name, "Identity", [_input_name(t)],
                             {"T": AttrValue(type=t._dtype)}))
    result = GraphDef(nodes)
    result.source = (graph, list(graph.operations))
    return result

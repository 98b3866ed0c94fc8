"""Small pieces TF's graph-time shape functions are made of, for ops' ``infer_shape`` rules.

While ``tf.function`` traces, an op's rule gives its outputs' dtypes and static shapes from its
inputs' (some dims unknown, ``None``), and refuses what can never run with TF's ``ValueError``
in TF's words, e.g. ``Dimensions must be equal, but are 2 and 3 for '{{node MatrixInverse}} =
MatrixInverse[T=float32, adjoint=false]' with input shapes: [2,3].`` A rule works on dims
lists (``None`` = unknown dim, a list ``None`` = unknown rank); the helpers raise ``ShapeError``
with TF's message head, and ``graph_time_error`` adds the node text TF appends.
"""

from ..core import context, dtypes
from ..core.tensor import is_symbolic
from .support import tf_enum_name


class ShapeError(ValueError):
    """A shape helper's refusal, before the node text is added (see graph_time_error)."""


def dims_text(shape):
    """TF's text of a static shape in shape-function errors: ``[2,?]``, ``?`` for no rank."""
    dims = shape if shape is None or isinstance(shape, list) else (
        None if shape.rank is None else shape.as_list())
    return "?" if dims is None else "[" + ",".join("?" if d is None else str(d)
                                                   for d in dims) + "]"


def node_text(op_name, dtype, attrs=(), inputs=None, default_name=None, held=()):
    """``'{{node stack_1}} = Pack[N=2, T=DT_FLOAT, axis=0](x, y)'``: the node as TF's shape
    errors print it. Its name is the one the op takes in the graph being traced (``add`` for
    ``x + y``, ``blk/total`` for a named op in a scope), else `default_name` or its type; its
    attrs sorted as TF sorts them (dtypes by TF's enum names, bools lower-case); given its
    inputs, their names, then those of the inputs eagerbook holds as attrs where TF makes a
    constant under the node (`held`: ``("shape",)`` gives ``Reshape/shape``). Call it only on
    the way to raising: it takes the node's name."""
    shown = dict(attrs, T=dtype)
    body = ", ".join(f"{k}={_attr_text(v)}" for k, v in sorted(shown.items()))
    symbolic = [t for t in inputs or () if is_symbolic(t)]
    name = _traced_node_name(op_name, symbolic) or default_name or op_name
    names = [t.name[:-2] if t.name.endswith(":0") else t.name for t in symbolic]
    args = "" if inputs is None or len(symbolic) != len(inputs) else \
        "(" + ", ".join(names + [f"{name}/{arg}" for arg in held]) + ")"
    return f"'{{{{node {name}}}}} = {op_name}[{body}]{args}'"


def _attr_text(value):
    if isinstance(value, dtypes.DType):
        return tf_enum_name(value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def _traced_node_name(op_type, inputs):
    """The name the graph's namer gives the op being refused (None outside a trace)."""
    namer = getattr(context.state.graph, "namer", None)
    if namer is None:
        return None
    from .registry import REGISTRY  # (the registry imports the op modules that import this)
    opdef = REGISTRY.get(op_type)
    name = namer.name_for(op_type, inputs, opdef)
    namer._name_arguments(name, op_type, inputs, opdef)  # its constants: ``TopKV2/k``
    return name


def graph_time_error(error, op_name, dtype, inputs, attrs=()):
    """TF's ValueError for a shape function's refusal: the message, the node, the shapes."""
    shapes = ", ".join(dims_text(t._shape) for t in inputs)
    return ValueError(f"{error} for {node_text(op_name, dtype, attrs, inputs)} with input "
                      f"shapes: {shapes}.")


def dims_of(t):
    """The static dims of a symbolic tensor as a list (None when its rank is unknown)."""
    return None if t._shape.rank is None else t._shape.as_list()


def with_rank_at_least(dims, rank):
    if dims is not None and len(dims) < rank:
        raise ShapeError(f"Shape must be at least rank {rank} but is rank {len(dims)}")
    return dims


def merge_dim(a, b):
    """One dim both sides must agree on: the known one wins (TF's ``Merge``)."""
    if a is not None and b is not None and a != b:
        raise ShapeError(f"Dimensions must be equal, but are {a} and {b}")
    return a if a is not None else b


def merge_shapes(a, b):
    """Two shapes that must be the same, dim by dim (TF's ``Merge`` of shapes)."""
    if a is None or b is None:
        return b if a is None else a
    if len(a) != len(b):
        raise ShapeError(f"Shapes must be equal rank, but are {len(a)} and {len(b)}")
    merged = []
    for i, (x, y) in enumerate(zip(a, b)):
        if x is not None and y is not None and x != y:
            raise ShapeError(f"Dimension {i} in both shapes must be equal, but are {x} and {y}. "
                             f"Shapes are {dims_text(a)} and {dims_text(b)}.")
        merged.append(x if x is not None else y)
    return merged


def min_dim(a, b):
    """TF's ``Min`` of two dims: 0 if either is 0, unknown if either is unknown."""
    if a == 0 or b == 0:
        return 0
    return None if a is None or b is None else min(a, b)


def broadcast_dims(a, b):
    """The broadcast of two shapes (TF's BroadcastBinaryOpOutputShapeFn)."""
    if a is None or b is None:
        return None
    out = []
    for x, y in zip([1] * (len(b) - len(a)) + a, [1] * (len(a) - len(b)) + b):
        if x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        else:
            out.append(merge_dim(x, y))
    return out


def known_value(t):
    """A tensor's value if it is known now (an eager tensor's, a traced constant's: TF's
    ``constant_value``), else None: an argument read while tracing only when it is known."""
    if not is_symbolic(t):
        return t._value
    return t._op.attrs["value"] if t._op.type == "Const" else None

"""Compiles a graph to Python source: straight-line calls of the registered NumPy kernels.

The result is an ordinary Python function (``def train_step(x, y): ...``) whose body has one
line per operation, in program order, with ``If`` as a Python ``if`` and ``While`` as a Python
``while``. Nothing interprets the graph at run time: the per-op cost is one Python call. The
source is kept so a learner can read it (``concrete_fn.compiled_source``).

    def f(x, y):
        read_variable_op = W._value              # ReadVariableOp: the Variable's array
        mul = Mul(read_variable_op, x)           # a registry kernel, called directly
        W._value = _asarray(W._value - mul_1)    # AssignSubVariableOp
        return (mean,)

Values are named after their nodes in snake case; kernels, constants, Variables are globals.
"""

import keyword
import math
import re

import numpy as np

from ..core.tensor import Tensor
from .compile_updates import fused_text, kernel_callable, peephole_text, prepare_peepholes
from .ir import value_name

_LITERAL_TYPES = (bool, int, str, type(None))


class _Emitter:
    def __init__(self):
        self.check = None
        self.assigned, self.scratch, self.conv_chains, self.fused_away = set(), set(), {}, set()
        self.namespace = {"_asarray": np.asarray, "_np": np}
        self.lines = []
        self.nodes = {}  # line number -> the op that line runs (named in errors)
        self.used = set(self.namespace)
        self.kernel_names = {}  # id(kernel) -> global name
        self.globals_by_id = {}

    def fresh(self, base):
        base = re.sub(r"\W", "_", base) or "v"
        if base[0].isdigit() or keyword.iskeyword(base):
            base = "v_" + base
        name, n = base, 1
        while name in self.used:
            name = f"{base}_{n}"
            n += 1
        self.used.add(name)
        return name

    def global_value(self, base, value, by_identity=True):
        key = id(value)
        if by_identity and key in self.globals_by_id:
            return self.globals_by_id[key][0]
        name = self.fresh(base)
        self.namespace[name] = value
        self.globals_by_id[key] = (name, value)
        return name

    def kernel(self, opdef):
        key = id(opdef.kernel)
        name = self.kernel_names.get(key)
        if name is None:
            name = self.fresh(re.sub(r"\W", "_", opdef.name))
            self.namespace[name] = kernel_callable(opdef)
            self.kernel_names[key] = name
        return name

    def literal(self, value):
        """Source text for an attr value (a literal when possible, else a global)."""
        if isinstance(value, _LITERAL_TYPES):
            return repr(value)
        if isinstance(value, float) and math.isfinite(value):
            return repr(value)
        if isinstance(value, tuple) and all(isinstance(v, _LITERAL_TYPES) for v in value):
            return repr(value)
        return self.global_value("_attr", value, by_identity=False)


def compile_graph(graph, name="fn", check=None, node_streams=True):
    """(python_function, source) computing `graph`'s outputs (`node_streams`: seeded_call_text).

    With `check` (tf.debugging.enable_check_numerics), each kernel call is followed by
    ``check(operation, outputs, inputs)`` on the arrays, so a NaN is caught at its op.
    """
    em = _Emitter()
    em.check, em.node_streams = check, node_streams
    prepare_peepholes(em, graph)  # (what fused_text and peephole_text look up)
    env = {}
    params = []
    for t in graph.inputs:
        pname = em.fresh(t._op.name)
        env[id(t)] = pname
        params.append(pname)
    for obj, t in graph.captures:
        if isinstance(obj, Tensor):
            env[id(t)] = em.global_value("_captured_" + t._op.name, obj._value)
        else:
            env[id(t)] = em.global_value(t._op.name, obj)
    fname = em.fresh(re.sub(r"\W", "_", name) or "fn")
    em.lines.append(f"def {fname}({', '.join(params)}):")
    _emit_ops(em, graph.operations, env, "    ")
    outs = [("None" if t is None else env[id(t)]) for t in graph.outputs]
    em.lines.append(f"    return ({', '.join(outs)}{',' if len(outs) == 1 else ''})")
    source = "\n".join(em.lines) + "\n"
    code = compile(source, f"<tf.function {name}>", "exec")
    exec(code, em.namespace)  # noqa: S102 - our own generated code
    fn = em.namespace[fname]
    fn.__source__, fn.__nodes__ = source, em.nodes
    return fn, source


def _emit_ops(em, operations, env, indent):
    for op in operations:
        if op.type == "Placeholder":
            if id(op.outputs[0]) not in env:
                raise ValueError(f"Placeholder {op.name} has no value (not an input or capture)")
            continue
        if id(op) in em.fused_away:  # computed by its chain's last op (fused_conv_text)
            continue
        emitter = _SPECIAL.get(op.type)
        if emitter is not None:
            emitter(em, op, env, indent)
            continue
        _emit_kernel_call(em, op, env, indent)


def _outputs(em, op, env):
    names = []
    for t in op.outputs:
        n = em.fresh(value_name(op.name) + ("" if len(op.outputs) == 1 else f"_{t._index}"))
        env[id(t)] = n
        names.append(n)
    return names


def _call_text(em, op, env):
    args = [env[id(t)] for t in op.inputs]
    args += [f"{k}={em.literal(v)}" for k, v in op.attrs.items()]
    return f"{em.kernel(op.opdef)}({', '.join(args)})"


def _emit_kernel_call(em, op, env, indent):
    if op.type.startswith("Fused"):
        call = fused_text(em, op, env, indent)
    else:
        call = peephole_text(em, op, env) or _call_text(em, op, env)
    inputs = [env[id(t)] for t in op.inputs] if em.check is not None else ()
    names = _outputs(em, op, env)
    chain = em.conv_chains.get(id(op))
    em.nodes[len(em.lines) + 1] = op if chain is None else chain[0]  # (errors name the conv)
    if not names:
        em.lines.append(f"{indent}{call}")
    elif len(names) == 1 and op.opdef is not None and op.opdef.num_outputs == 1:
        em.lines.append(f"{indent}{names[0]} = {call}")
    else:
        em.lines.append(f"{indent}{', '.join(names)}{',' if len(names) == 1 else ''} = {call}")
    if em.check is not None and names:
        check = em.global_value("_check", em.check)
        em.lines.append(f"{indent}{check}({em.global_value('_op', op)}, ({', '.join(names)},), "
                        f"({''.join(i + ', ' for i in inputs)}))")


def _emit_const(em, op, env, indent):
    env[id(op.outputs[0])] = em.global_value(value_name(op.name), op.attrs["value"])


def _emit_read(em, op, env, indent):
    (out,) = _outputs(em, op, env)
    em.lines.append(f"{indent}{out} = {env[id(op.inputs[0])]}._value")


def _emit_alias(em, op, env, indent):
    # Tensors never change, so an Identity can share its input's array.
    env[id(op.outputs[0])] = env[id(op.inputs[0])]


def _emit_assign(em, op, env, indent):
    var, value = env[id(op.inputs[0])], env[id(op.inputs[1])]
    if op.type == "AssignVariableOp":
        em.lines.append(f"{indent}{var}._value = _asarray({value})")
    else:
        sign = "+" if op.type == "AssignAddVariableOp" else "-"
        em.lines.append(f"{indent}{var}._value = _asarray({var}._value {sign} {value})")


def _emit_if(em, op, env, indent):
    pred = env[id(op.inputs[0])]
    outs = _outputs(em, op, env)
    em.lines.append(f"{indent}if {pred}:")
    for label, sub in (("then", op.subgraphs["then"]), ("else", op.subgraphs["else"])):
        if label == "else":
            em.lines.append(f"{indent}else:")
        sub_env = dict(env)
        for p, t in zip(sub.inputs, op.inputs[1:]):
            sub_env[id(p)] = env[id(t)]
        start = len(em.lines)
        _emit_ops(em, sub.operations, sub_env, indent + "    ")
        for name, t in zip(outs, sub.outputs):
            em.lines.append(f"{indent}    {name} = {sub_env[id(t)]}")
        if len(em.lines) == start:
            em.lines.append(f"{indent}    pass")


def _emit_while(em, op, env, indent):
    n = op.attrs["num_loop_vars"]
    cond, body = op.subgraphs["cond"], op.subgraphs["body"]
    outs = _outputs(em, op, env)
    inputs = [env[id(t)] for t in op.inputs]
    loop_init, rest = inputs[:n], inputs[n:]
    has_max = op.attrs.get("has_max", False)
    captured = rest[:-1] if has_max else rest
    if outs:
        em.lines.append(f"{indent}{', '.join(outs)}{',' if n == 1 else ''} = "
                        f"{', '.join(loop_init)}{',' if n == 1 else ''}")
    counter = None
    if has_max:
        counter = em.fresh(value_name(op.name) + "_iter")
        em.lines.append(f"{indent}{counter} = 0")
    em.lines.append(f"{indent}while True:")
    inner = indent + "    "
    if has_max:
        em.lines.append(f"{inner}if {counter} >= {rest[-1]}:")
        em.lines.append(f"{inner}    break")
    for sub in (cond, body):
        sub_env = dict(env)
        for p, name in zip(sub.inputs, outs + captured):
            sub_env[id(p)] = name
        _emit_ops(em, sub.operations, sub_env, inner)
        if sub is cond:
            em.lines.append(f"{inner}if not {sub_env[id(sub.outputs[0])]}:")
            em.lines.append(f"{inner}    break")
        else:
            results = [sub_env[id(t)] for t in sub.outputs]
            if outs:
                em.lines.append(f"{inner}{', '.join(outs)}{',' if n == 1 else ''} = "
                                f"{', '.join(results)}{',' if n == 1 else ''}")
    if has_max:
        em.lines.append(f"{inner}{counter} += 1")


_SPECIAL = {
    "Const": _emit_const,
    "ReadVariableOp": _emit_read,
    "Identity": _emit_alias,
    "StopGradient": _emit_alias,
    "AssignVariableOp": _emit_assign,
    "AssignAddVariableOp": _emit_assign,
    "AssignSubVariableOp": _emit_assign,
    "If": _emit_if,
    "While": _emit_while,
}

"""tf.function graphs as view-models: IR text, nodes/edges, DOT/SVG, AutoGraph code, traces.

``eagerbook.graph`` owns tracing and the IR. This module only *reads* it, through the
TF-shaped inspection API (``fn.get_concrete_function``, ``concrete.graph``,
``graph.get_operations()``, ``op.type``/``op.name``/``op.inputs``) plus the IR's text form
and DOT export when the graph offers them, so it works with any graph that speaks that API.
"""

from . import dot as viz_dot


def _call(obj, *names, default=None):
    for name in names:
        attr = getattr(obj, name, None)
        if attr is None:
            continue
        try:
            return attr() if callable(attr) else attr
        except Exception:  # noqa: BLE001 - inspection must never break a report
            continue
    return default


def concrete_functions(fn):
    """Every concrete function `fn` traced so far (one per input signature), oldest first."""
    if hasattr(fn, "graph") and not hasattr(fn, "get_concrete_function"):
        return [fn]  # already a concrete function
    found = _call(fn, "list_concrete_functions", "_list_all_concrete_functions",
                  "concrete_functions", default=None)
    if found is None:
        cache = getattr(fn, "_cache", None) or getattr(fn, "_concrete_functions", None)
        if isinstance(cache, dict):
            found = list(cache.values())
        elif cache is not None:
            found = list(cache)
    return list(found or [])


def signature_text(concrete):
    """``x: TensorSpec(shape=(2,), dtype=tf.float32)`` (one trace's input signature)."""
    pretty = _call(concrete, "pretty_printed_signature", default=None)
    if isinstance(pretty, str) and "Input Parameters:" in pretty:
        body = pretty.split("Input Parameters:", 1)[1].split("Output Type:", 1)[0]
        params = [line.strip() for line in body.splitlines() if line.strip()]
        return ", ".join(params) or "()"
    sig = _call(concrete, "structured_input_signature", default="")
    if isinstance(sig, tuple) and len(sig) == 2 and isinstance(sig[1], dict) and not sig[1]:
        sig = sig[0]
    return str(sig)


def graph_of(fn_or_concrete):
    graph = getattr(fn_or_concrete, "graph", None)
    if graph is not None:
        return graph
    conc = concrete_functions(fn_or_concrete)
    return conc[-1].graph if conc else None


def ir_text(graph):
    if graph is None:
        return ""
    text = _call(graph, "to_text", "ir_text", "as_text", "pretty", default=None)
    if text is None:
        text = str(graph)
    return text


def graph_model(graph):
    """{"nodes": [...], "edges": [...]} from ``graph.get_operations()``."""
    nodes, edges = [], []
    ops = _call(graph, "get_operations", default=[]) or []
    index = {}
    for i, op in enumerate(ops):
        index[id(op)] = f"o{i}"
    for i, op in enumerate(ops):
        outs = list(getattr(op, "outputs", []) or [])
        shape = list(getattr(outs[0], "shape", []) or []) if outs else []
        dtype = getattr(getattr(outs[0], "dtype", None), "name", "") if outs else ""
        kind = {"Placeholder": "placeholder", "Capture": "capture",
                "ReadVariableOp": "capture"}.get(getattr(op, "type", ""), "op")
        nodes.append({"id": f"o{i}", "kind": kind, "label": getattr(op, "type", "?"),
                      "name": str(getattr(op, "name", "")),
                      "shape": [None if d is None else int(d) for d in shape],
                      "dtype": dtype, "grad_norm": None, "is_target": False,
                      "is_source": False})
        for k, x in enumerate(getattr(op, "inputs", []) or []):
            src = index.get(id(getattr(x, "op", None)))
            if src is not None:
                edges.append({"source": src, "target": f"o{i}", "input": k,
                              "label": "x".join(str(d) for d in (getattr(x, "shape", []) or []))
                              or "scalar"})
    return {"nodes": nodes, "edges": edges}


def _operations(graph):
    return _call(graph, "get_operations", default=None) or list(getattr(graph, "operations", []))


def _subgraphs(op):
    """An ``If``'s branches or a ``While``'s cond and body: {label: graph}."""
    return dict(getattr(op, "subgraphs", None) or {})


def _local_name(op, owner):
    """An op's name without its cond's or loop's own scope (TF names a loop body's ``mul``
    ``while/mul``): node ids stay ``while/body/mul`` however deep the nesting."""
    name = str(getattr(op, "name", "?"))
    return name[len(owner) + 1:] if owner and name.startswith(owner + "/") else name


def op_details(graph, prefix="", owner=""):
    """{node id: {type, attrs, outputs, inputs, kernel, kernel_at, grad_rule, grad_rule_at}}
    for the nodes of a drawn graph: what a click on a node shows. Ops inside an ``If`` or
    ``While`` are listed too, under ``op/branch/name`` as ``function_dot`` names them. The
    code comes from the op registry (the same NumPy kernel and gradient rule eager execution
    uses)."""
    from . import tape as viz_tape  # the source helper

    details = {}
    for op in _operations(graph):
        outputs = []
        for t in getattr(op, "outputs", ()) or ():
            shape = getattr(t, "shape", None)
            dims = "?" if shape is None else ", ".join(
                "?" if d is None else str(d) for d in shape)
            outputs.append(f"{getattr(getattr(t, 'dtype', None), 'name', '?')}[{dims}]")
        detail = {"type": str(getattr(op, "type", "?")),
                  "attrs": {str(k): repr(v)[:200] for k, v in
                            (getattr(op, "attrs", {}) or {}).items() if not str(k).startswith("_")},
                  "outputs": outputs,
                  "inputs": [str(getattr(getattr(x, "op", None), "name", "?"))
                             for x in getattr(op, "inputs", ()) or ()],
                  "subgraphs": list(_subgraphs(op))}
        opdef = getattr(op, "opdef", None)
        if opdef is not None and getattr(opdef, "kernel", None) is not None:
            detail["kernel"], detail["kernel_at"] = viz_tape.source_of(opdef.kernel)
            detail["grad_rule"], detail["grad_rule_at"] = viz_tape.source_of(
                getattr(opdef, "grad", None))
        name = prefix + _local_name(op, owner)
        details[name] = detail
        for label, sub in _subgraphs(op).items():
            details.update(op_details(sub, f"{name}/{label}/", str(op.name)))
    return details


def output_names(concrete):
    """The function's names for its outputs where TF knows them: a function returning a dict
    names each output by its key (flattened in sorted key order, as ``tf.nest`` does);
    otherwise None (TF then says ``output_0``, ``output_1``...)."""
    outputs = getattr(concrete, "structured_outputs", None)
    if isinstance(outputs, dict) and outputs and not any(
            isinstance(v, (dict, list, tuple)) for v in outputs.values()):
        return [str(k) for k in sorted(outputs)]
    return None


def name_outputs(dot_source, names):
    """`dot_source` with the output nodes labelled by `names` (``output_i`` -> names[i])."""
    for i, name in enumerate(names or ()):
        dot_source = dot_source.replace(f'"output_{i}" [label="output_{i}"',
                                        f'"output_{i}" [label={viz_dot.quote(name)}')
    return dot_source


# --- a function drawn with its control flow -------------------------------------------------------
def live_ops(graph):
    """Ids of the ops that do something: those the outputs depend on, stateful ops (they act
    even when nothing reads them) and what those depend on. The others are dead code, which
    the optimizer deletes."""
    by_id = {id(op): op for op in _operations(graph)}
    if getattr(graph, "outputs", None) is None:  # a graph that does not say: all count
        return set(by_id)
    todo = [getattr(t, "op", None) for t in getattr(graph, "outputs", ()) or () if t is not None]
    todo += [op for op in by_id.values() if getattr(op, "stateful", False)]
    live = set()
    while todo:
        op = todo.pop()
        if op is None or id(op) in live or id(op) not in by_id:
            continue
        live.add(id(op))
        todo.extend(getattr(t, "op", None) for t in getattr(op, "inputs", ()) or ())
        todo.extend(getattr(op, "control_inputs", ()) or ())
    return live


def _type_text(t):
    dtype = getattr(getattr(t, "dtype", None), "name", "?")
    shape = getattr(t, "shape", None)
    dims = getattr(shape, "_dims", shape) if shape is not None else None
    if dims is None:
        return f"{dtype}[*]"
    return dtype + "[" + ",".join("?" if d is None else str(d) for d in dims) + "]"


def _const_text(op):
    value = " ".join(str((getattr(op, "attrs", {}) or {}).get("value", "")).split())
    return value if len(value) <= 24 else value[:21] + "..."


CLUSTER_STYLE = {  # the box around a control-flow op, and around each of its bodies
    "If": 'color="#2b6cb0" fontcolor="#2b6cb0"',
    "While": 'color="#2f855a" fontcolor="#2f855a"',
}
BODY_STYLE = 'style="rounded,filled" fillcolor="#f7fafc" color="#a0aec0" fontcolor="#4a5568"'
LARGE_GRAPH = 150  # above this many nodes, edges lose their labels (a lighter layout)


class _FunctionDot:
    """Builds ``function_dot``'s text: one pass over the graph and its bodies."""

    def __init__(self, graph):
        self.lines = []
        self.count = self._count(graph)
        self.labels = self.count <= LARGE_GRAPH

    def _count(self, graph):
        return sum(1 + sum(self._count(sub) for sub in _subgraphs(op).values())
                   for op in _operations(graph))

    def edge(self, source, target, label="", dead=False, extra=""):
        attrs = [extra] if extra else []
        if label and self.labels:
            attrs.append(f"label={viz_dot.quote(label)}")
        if dead:
            attrs.append('style="dashed" color="#cbd5e0" class="eb-dead"')
        self.lines.append(f"  {viz_dot.quote(source)} -> {viz_dot.quote(target)}"
                          + (f" [{' '.join(attrs)}]" if attrs else "") + ";")

    def node(self, node_id, op, dead, indent):
        kind = str(getattr(op, "type", "?"))
        label = f"{getattr(op, 'name', '?')}\n{kind}"
        if kind == "Placeholder":
            shape = 'shape=ellipse style="filled" fillcolor="#e0f0ff" color="#2b6cb0"'
        elif kind == "Const":
            shape = 'shape=note style="filled" fillcolor="#f4f4f4" color="#999999"'
            label += "\n" + _const_text(op)
        elif _subgraphs(op):
            outs = ", ".join(_type_text(t) for t in getattr(op, "outputs", ()) or ())
            label += f"\n-> {outs}" if outs else ""
            shape = f'shape=box style="rounded,filled,bold" fillcolor="#ffffff" ' \
                f'{CLUSTER_STYLE.get(kind, "")}'
        else:
            shape = 'shape=box style="filled' + (',bold' if getattr(op, "stateful", False)
                                                 else '') + '" fillcolor="#ffffff"'
        if dead:
            label += "\n(unused)"
            shape = shape.replace('style="filled', 'style="dashed,filled') + \
                ' color="#a0aec0" fontcolor="#718096" class="eb-dead"'
        self.lines.append(f"{indent}{viz_dot.quote(node_id)} [label={viz_dot.quote(label)} "
                          f"{shape}];")

    def graph(self, graph, prefix="", indent="  ", inner=False, owner=""):
        """Nodes of `graph` (ids prefixed), clusters for its control flow, edges inside it.
        Returns {id(tensor): node id} for its ops' outputs. `owner`: the name of the cond or
        loop whose branch or body `graph` is."""
        live = live_ops(graph)
        made = {}  # id(op) -> node id
        for op in _operations(graph):
            dead = id(op) not in live
            if inner and dead and getattr(op, "type", "") == "Placeholder":
                continue  # a body input the body never reads: plumbing, not an op
            node_id = prefix + _local_name(op, owner)
            made[id(op)] = node_id
            subs = _subgraphs(op)
            if not subs:
                self.node(node_id, op, dead, indent)
                continue
            kind = str(getattr(op, "type", "?"))
            self.lines.append(f"{indent}subgraph {viz_dot.quote('cluster_' + node_id)} {{")
            self.lines.append(f'{indent}  label={viz_dot.quote(kind + " " + str(op.name))} '
                              f'style="rounded" penwidth=1.6 '
                              f'{CLUSTER_STYLE.get(kind, "")} fontname="Helvetica";')
            bodies = {}
            for label, sub in subs.items():
                body_id = f"{node_id}/{label}/"
                self.lines.append(f"{indent}  subgraph {viz_dot.quote('cluster_' + body_id)} {{")
                self.lines.append(f"{indent}    label={viz_dot.quote(label)} {BODY_STYLE};")
                bodies[label] = (sub, self.graph(sub, body_id, indent + "    ", inner=True,
                                                 owner=str(op.name)))
                self.lines.append(f"{indent}  }}")
            self.node(node_id, op, dead, indent + "  ")
            self.lines.append(f"{indent}}}")
            self._wire_bodies(op, node_id, bodies, made, dead)
        for op in _operations(graph):
            if id(op) not in made or _subgraphs(op):
                continue
            for t in getattr(op, "inputs", ()) or ():
                source = made.get(id(getattr(t, "op", None)))
                if source is not None:
                    self.edge(source, made[id(op)], _type_text(t),
                              dead=id(op) not in live)
            for c in getattr(op, "control_inputs", ()) or ():
                if id(c) in made:
                    self.edge(made[id(c)], made[id(op)], extra='style="dotted"')
        return made

    def _wire_bodies(self, op, node_id, bodies, made, dead):
        """An If's predicate and a While's maximum go to the op; every other input goes to the
        matching input of each body; each body's results come back to the op."""
        inputs = list(getattr(op, "inputs", ()) or ())
        kind = str(getattr(op, "type", ""))
        attrs = getattr(op, "attrs", {}) or {}
        to_op = []  # (tensor, label) wired straight to the op
        if kind == "If":
            to_op.append((inputs[0], "pred"))
            inputs = inputs[1:]
        elif kind == "While" and attrs.get("has_max"):
            to_op.append((inputs[-1], "max iterations"))
            inputs = inputs[:-1]
        for t, label in to_op:
            source = made.get(id(getattr(t, "op", None)))
            if source is not None:
                self.edge(source, node_id, label, dead=dead)
        n_loop = attrs.get("num_loop_vars", 0) if kind == "While" else 0
        for label, (sub, body_made) in bodies.items():
            for k, (outer, inner) in enumerate(zip(inputs, getattr(sub, "inputs", ()) or ())):
                source = made.get(id(getattr(outer, "op", None)))
                target = body_made.get(id(getattr(inner, "op", None)))
                if source is not None and target is not None:
                    self.edge(source, target, "loop var" if k < n_loop else "",
                              dead=dead, extra='color="#4a5568"')
            results = [t for t in getattr(sub, "outputs", ()) or () if t is not None]
            for k, t in enumerate(results):
                source = body_made.get(id(getattr(t, "op", None)))
                if source is None:
                    continue
                if kind == "While" and label == "cond":
                    self.edge(source, node_id, "continue?", dead=dead, extra='style="dotted"')
                elif kind == "While":
                    self.edge(source, node_id, f"next {k}", dead=dead, extra='color="#2f855a"')
                else:
                    self.edge(source, node_id, f"{label} {k}" if len(results) > 1 else label,
                              dead=dead, extra='color="#2b6cb0"')


def function_dot(graph, names=None, title=None):
    """DOT text for a traced function: ops as boxes (stateful ones bold), inputs as ellipses,
    constants as notes; each ``If``/``While`` as a box holding one box per branch or body,
    the op's inputs wired to the bodies' inputs and the bodies' results back to the op; ops
    that feed no output dashed and marked "(unused)" (SVG class ``eb-dead``); the outputs
    named by `names` (the function's names for them) where given."""
    build = _FunctionDot(graph)
    made = build.graph(graph)
    lines = ["digraph function {"]
    attrs = ['rankdir=TB', 'bgcolor="transparent"', 'nodesep=0.3', 'ranksep=0.35',
             'fontname="Helvetica"', 'fontsize=11']
    if title:
        attrs += [f"label={viz_dot.quote(title)}", 'labelloc="t"', 'fontsize=16']
    lines.append("  graph [" + " ".join(attrs) + "];")
    lines.append('  node [fontname="Helvetica" fontsize=10 height=0.3 margin="0.08,0.04"];')
    lines.append('  edge [fontname="Helvetica" fontsize=8 color="#666666" arrowsize=0.6];')
    lines += build.lines
    outputs = [t for t in getattr(graph, "outputs", ()) or ()]
    for i, t in enumerate(outputs):
        if t is None:
            continue
        name = names[i] if names and i < len(names) else f"output_{i}"
        node_id = f"output_{i}"
        lines.append(f"  {viz_dot.quote(node_id)} [label={viz_dot.quote(name)} "
                     f"{viz_dot.KIND_STYLE['output']}];")
        source = made.get(id(getattr(t, "op", None)))
        if source is not None:
            label = f" [label={viz_dot.quote(_type_text(t))}]" if build.labels else ""
            lines.append(f"  {viz_dot.quote(source)} -> {viz_dot.quote(node_id)}{label};")
    lines.append("}")
    return "\n".join(lines)


def graph_dot(graph):
    made = _call(graph, "to_dot", "as_dot", default=None)
    if isinstance(made, str):
        return made
    if made is not None and hasattr(made, "source"):
        return made.source
    return viz_dot.tape_dot(graph_model(graph))


def autograph_code(fn):
    python_function = getattr(fn, "python_function", None)
    if python_function is None:
        return ""
    from ..graph import autograph  # imported when needed: most views never show AutoGraph code

    to_code = getattr(autograph, "to_code", None)
    if to_code is None:
        return ""
    try:
        return to_code(python_function)
    except Exception as exc:  # noqa: BLE001 - a view shows the reason instead of failing
        return f"# AutoGraph could not convert this function: {exc}"


def function_info(fn, draw=True):
    """Everything a view shows about a tf.function (or a concrete function)."""
    info = {"traces": [], "ir_text": "", "png": None, "autograph": "", "problem": None}
    concrete = concrete_functions(fn)
    for c in concrete:
        info["traces"].append({"signature": signature_text(c),
                               "ops": len(_call(getattr(c, "graph", None), "get_operations",
                                                default=[]) or [])})
    graph = graph_of(fn)
    if graph is None:
        info["problem"] = "This function has not been traced yet: call it once first."
        return info
    info["ir_text"] = ir_text(graph)
    info["autograph"] = autograph_code(fn)
    if draw:
        try:
            info["png"] = viz_dot.render_png(graph_dot(graph))  # (render_png says why)
        except viz_dot.GraphvizUnavailable as exc:
            info["problem"] = str(exc)
        except Exception as exc:  # noqa: BLE001 - a failed drawing must not hide the IR text
            info["problem"] = f"Could not draw the graph: {exc}"
    return info

"""Graphviz DOT text for the view-models, and SVG rendering through the ``dot`` program.

The SVG is made on the server (here), so the browser needs no layout code and a saved
notebook carries the picture. Every node's SVG ``<g>`` element gets the node id as its
``id`` attribute (Graphviz does that for ``id=`` attributes), which the browser side uses to
make nodes clickable.

Big graphs (more than ``LARGE`` nodes) drop edge labels and use straight edges: Graphviz
turns each edge label into an extra layout node, which makes a 2,000-op tape several times
slower to lay out.
"""

import math
import re
import shutil
import subprocess

LARGE = 300

# Fill colours by node kind, and the colour ramp for gradient norms (light -> strong).
KIND_STYLE = {
    "variable": 'shape=box style="rounded,filled" fillcolor="#ffe7b3" color="#b7791f"',
    "watched": 'shape=box style="rounded,filled" fillcolor="#e0f0ff" color="#2b6cb0"',
    "constant": 'shape=box style="dashed,filled" fillcolor="#f4f4f4" color="#999999" '
                'fontcolor="#555555"',
    "op": 'shape=box style="filled" fillcolor="#ffffff" color="#444444"',
    "placeholder": 'shape=box style="rounded,filled" fillcolor="#e0f0ff" color="#2b6cb0"',
    "capture": 'shape=box style="rounded,filled" fillcolor="#ffe7b3" color="#b7791f"',
    "output": 'shape=box style="rounded,filled" fillcolor="#e6ffed" color="#2f855a"',
}


class GraphvizUnavailable(RuntimeError):
    """Graphviz's ``dot`` program is not installed (``apt-get install graphviz``)."""


def dot_available():
    return shutil.which("dot") is not None


def quote(text):
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _shape_text(shape):
    return "(" + ", ".join("?" if d is None else str(d) for d in shape) + \
        ("," if len(shape) == 1 else "") + ")"


NONFINITE_FILL = "#e9d8fd"  # NaN/Inf nodes: violet, outside the orange gradient scale
NONFINITE_COLOR = "#6b21a8"


def _heat(norm, top):
    """A fill colour for a gradient norm: pale orange for small, deep orange for the largest."""
    if norm is None or top <= 0:
        return None
    t = min(1.0, norm / top) ** 0.5
    r, g, b = 255, int(245 - 130 * t), int(230 - 200 * t)
    return f"#{r:02x}{g:02x}{b:02x}"


def tape_dot(model, title=None):
    """DOT text for a tape view-model (``eagerbook.viz.tape.tape_model``)."""
    large = len(model["nodes"]) > LARGE
    lines = ["digraph tape {"]
    graph_attrs = ['rankdir=TB', 'bgcolor="transparent"', 'nodesep=0.25', 'ranksep=0.3']
    if large:
        graph_attrs += ['splines=false', 'mclimit=0.1', 'nslimit=0.5']
    if title:
        graph_attrs += [f"label={quote(title)}", 'labelloc="t"', 'fontname="Helvetica"']
    lines.append("  graph [" + " ".join(graph_attrs) + "];")
    lines.append('  node [fontname="Helvetica" fontsize=10 height=0.3 margin="0.08,0.04"];')
    lines.append('  edge [fontname="Helvetica" fontsize=8 color="#666666" arrowsize=0.6];')
    nodes, edges = model["nodes"], model["edges"]
    consts_of = {}
    if large:
        # Big tapes: constants are folded into the op that uses them ("+1 const"), which
        # keeps the layout to one node per recorded op.
        hidden = {n["id"] for n in nodes if n["kind"] == "constant"}
        for e in edges:
            if e["source"] in hidden:
                consts_of[e["target"]] = consts_of.get(e["target"], 0) + 1
        nodes = [n for n in nodes if n["id"] not in hidden]
        edges = [e for e in edges if e["source"] not in hidden]
    # The colour scale spans the finite norms only: one NaN or Inf must not wash out the rest
    # (non-finite nodes get their own style below). Variables are scaled like ops.
    norms = [n["grad_norm"] for n in nodes
             if n.get("grad_norm") is not None and math.isfinite(n["grad_norm"])]
    top = max(norms) if norms else 0.0
    for node in nodes:
        label = node["label"] + "\n" + node["dtype"] + _shape_text(node["shape"])
        if consts_of.get(node["id"]):
            label += f" +{consts_of[node['id']]} const"
        if node.get("grad_norm") is not None:
            label += f"\n|grad| {node['grad_norm']:.3g}"
        style = KIND_STYLE.get(node["kind"], KIND_STYLE["op"])
        extra = ""
        norm = node.get("grad_norm")
        heat = _heat(norm, top) if norm is not None and math.isfinite(norm) else None
        if heat and node["kind"] in ("op", "variable", "watched"):
            style = re.sub(r'fillcolor="[^"]*"', f'fillcolor="{heat}"', style)
        if node.get("nonfinite"):
            style = re.sub(r'fillcolor="[^"]*"', f'fillcolor="{NONFINITE_FILL}"', style)
            style = style.replace("style=\"filled\"", "style=\"filled,bold\"")
            extra += f' color="{NONFINITE_COLOR}" penwidth=2.5 fontcolor="{NONFINITE_COLOR}"'
            label += "\n" + " & ".join(node["nonfinite"]) + " not finite"
        if node.get("nan_origin"):
            extra += ' peripheries=2'
            label = "NaN/Inf born here\n" + label
        if node.get("is_target") and not node.get("nonfinite"):
            extra += ' penwidth=2.2 color="#c53030"'
        if node.get("is_source"):
            extra += " penwidth=2"
        tooltip = f'{node["label"]} {node["dtype"]}{_shape_text(node["shape"])}'
        lines.append(f'  {quote(node["id"])} [id={quote("node_" + node["id"])} '
                     f'label={quote(label)} tooltip={quote(tooltip)} {style}{extra}];')
    for edge in edges:
        attrs = "" if large else f" [label={quote(edge.get('label', ''))}]"
        lines.append(f'  {quote(edge["source"])} -> {quote(edge["target"])}{attrs};')
    lines.append("}")
    return "\n".join(lines)


_XML_DECL = re.compile(r"<\?xml[^>]*\?>\s*|<!DOCTYPE[^>]*>\s*", re.S)
_COMMENT = re.compile(r"<!--.*?-->\s*", re.S)


def render_svg(dot_source, timeout=60):
    """Lays out `dot_source` with Graphviz and returns the SVG text (no XML prologue).

    Raises GraphvizUnavailable when the ``dot`` program is missing.
    """
    exe = shutil.which("dot")
    if exe is None:
        raise GraphvizUnavailable(
            "Graphviz's `dot` program was not found, so the graph cannot be drawn; showing "
            "text instead. Install it with `apt-get install graphviz` (or `conda install "
            "graphviz`); Binder installs it from binder/apt.txt.")
    proc = subprocess.run([exe, "-Tsvg"], input=dot_source.encode("utf-8"),
                          capture_output=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError("dot failed: " + proc.stderr.decode("utf-8", "replace")[:2000])
    svg = proc.stdout.decode("utf-8")
    # Drop the prologue and Graphviz's comments (they carry its version): the SVG is embedded
    # in HTML and stored in notebooks, where it should not change between Graphviz releases.
    svg = _COMMENT.sub("", _XML_DECL.sub("", svg))
    return _hoist_text_style(svg).strip()


_TEXT_STYLE = re.compile(r' (font-family|font-size|text-anchor)="([^"]*)"')


def _hoist_text_style(svg):
    """Graphviz repeats the font and anchor on every <text>: a quarter of a big graph's SVG
    (and of a notebook keeping it). SVG text inherits them, so the most common values are
    said once on the outer group and kept on a text only where it differs."""
    head = svg.find('<g id="graph0"')
    if head < 0:
        return svg
    counts = {}
    for tag in re.findall(r"<text [^>]*>", svg):
        for name, value in _TEXT_STYLE.findall(tag):
            counts[name, value] = counts.get((name, value), 0) + 1
    common = {}
    for name, value in sorted(counts, key=counts.get, reverse=True):
        common.setdefault(name, value)
    if not common:
        return svg

    def strip(match):
        return _TEXT_STYLE.sub(lambda a: "" if common.get(a[1]) == a[2] else a[0], match[0])

    body = re.sub(r"<text [^>]*>", strip, svg[head:])
    said = "".join(f' {name}="{value}"' for name, value in common.items())
    return svg[:head] + '<g id="graph0"' + said + body[len('<g id="graph0"'):]


def render_png(dot_source, dpi=96, max_inches=(11, 60), timeout=60):
    """Lays out `dot_source` and returns a PNG (bytes): the picture kept in a saved notebook.

    A PNG, not SVG, because it is the one picture format every notebook front end shows even
    in an untrusted notebook (SVG and HTML outputs are withheld or sanitized there). Big
    graphs are scaled down to at most `max_inches` (width, height) at `dpi`.
    """
    exe = shutil.which("dot")
    if exe is None:
        raise GraphvizUnavailable("Graphviz's `dot` program was not found.")
    width, height = max_inches
    proc = subprocess.run([exe, "-Tpng", f"-Gdpi={dpi}", f'-Gsize={width},{height}',
                           "-Gbgcolor=white", "-Gpad=0.15"],
                          input=dot_source.encode("utf-8"), capture_output=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError("dot failed: " + proc.stderr.decode("utf-8", "replace")[:2000])
    return proc.stdout


def with_title(dot_source, title):
    """`dot_source` with `title` drawn above the graph (for the saved picture)."""
    head, brace, rest = dot_source.partition("{")
    attrs = (f'  graph [label={quote(title)} labelloc="t" fontname="Helvetica" fontsize=16];'
             if title else "")
    return head + brace + "\n" + attrs + rest

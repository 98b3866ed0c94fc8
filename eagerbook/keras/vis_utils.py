"""``tf.keras.utils.plot_model`` and ``model_to_dot``: a model's graph of layers as a picture.

The graph is written in Graphviz's DOT language here: one record-shaped node per layer
(``"dense_1: Dense"``, with ``input:``/``output:`` shapes under ``show_shapes``) and one edge per
tensor passed from a layer to the next. Graphviz's ``dot`` program turns it into an image. TF
reaches ``dot`` through the ``pydot`` package; eagerbook runs it directly (the engine imports
nothing but NumPy), so ``model_to_dot`` returns a small stand-in with pydot's ``to_string``,
``create`` and ``write``. Without Graphviz, ``plot_model`` raises TF's ImportError -- or, inside
IPython, prints it and returns None so that a notebook carries on.
"""

import os
import shutil
import subprocess
import sys

from .layers.core import InputLayer

PYDOT_MISSING = ("Failed to import pydot. You must install pydot and graphviz for `pydotprint` "
                 "to work.")


def _graphviz():
    """The path of Graphviz's ``dot`` program, or None."""
    return shutil.which("dot")


class DotGraph:
    """A graph in DOT text, drawn by Graphviz (the part of ``pydot.Dot`` Keras uses)."""

    def __init__(self, text):
        self.text = text

    def to_string(self):
        return self.text

    def create(self, prog="dot", format="png"):
        """The drawing's bytes in ``format`` (png, svg, pdf, ...)."""
        program = shutil.which(prog)
        if program is None:
            raise ImportError(PYDOT_MISSING)
        done = subprocess.run([program, f"-T{format}"], input=self.text.encode(),
                              capture_output=True, check=False)
        if done.returncode:
            raise OSError(f"{prog} failed: {done.stderr.decode(errors='replace').strip()}")
        return done.stdout

    def write(self, path, format="raw"):
        data = self.text.encode() if format == "raw" else self.create(format=format)
        with open(path, "wb") as f:
            f.write(data)
        return True


def _shape(layer, attribute):
    try:
        shape = getattr(layer, attribute)
    except (AttributeError, RuntimeError):
        return "?"
    return str(shape).replace("None", "?")


def _label(layer, show_shapes, show_layer_names):
    class_name = getattr(layer, "_printed_class_name", type(layer).__name__)
    label = f"{layer.name}: {class_name}" if show_layer_names else class_name
    if show_shapes:
        inputs = _shape(layer, "input_shape")
        if isinstance(layer, InputLayer):
            inputs = _shape(layer, "output_shape")
        label += (f"\\n|{{input:|output:}}|{{{{{inputs}}}|{{{_shape(layer, 'output_shape')}}}}}")
    return label.replace('"', '\\"')


def _is_graph_model(layer):
    return getattr(layer, "_is_graph_network", False) and hasattr(layer, "_nodes")


def _graph_lines(model, show_shapes, show_layer_names, expand_nested, indent):
    """DOT statements for ``model``'s layers; returns (lines, first node id, last node id)."""
    lines, ids = [], {}
    for layer in model.layers:
        if expand_nested and _is_graph_model(layer):
            inner, first, last = _graph_lines(layer, show_shapes, show_layer_names, True,
                                              indent + "  ")
            lines.append(f"{indent}subgraph cluster_{id(layer)} {{")
            lines.append(f'{indent}  label="{layer.name}"; style=dashed; labeljust=l;')
            lines.extend(inner)
            lines.append(f"{indent}}}")
            ids[id(layer)] = (first, last)
        else:
            label = _label(layer, show_shapes, show_layer_names)
            lines.append(f'{indent}"{id(layer)}" [label="{label}"];')
            ids[id(layer)] = (str(id(layer)), str(id(layer)))
    own_nodes = {id(node) for node in getattr(model, "_nodes", ())}
    edges = []
    for layer in model.layers:
        for node in layer._inbound_nodes:
            if id(node) not in own_nodes:
                continue   # a call of this layer that belongs to some other model
            for tensor in node.keras_inputs:
                source = tensor._node.layer
                if id(source) in ids:
                    edge = (ids[id(source)][1], ids[id(layer)][0])
                    if edge not in edges:
                        edges.append(edge)
    lines.extend(f'{indent}"{a}" -> "{b}";' for a, b in edges)
    first = ids[id(model.layers[0])][0] if model.layers else None
    last = ids[id(model.layers[-1])][1] if model.layers else None
    return lines, first, last


def dot_source(model, show_shapes=False, show_layer_names=True, rankdir="TB",
               expand_nested=False, dpi=96):
    """The DOT text of ``model_to_dot`` (building it needs no Graphviz)."""
    if getattr(model, "_is_sequential", False) and not model.built:
        model.build()
    lines, _, _ = _graph_lines(model, show_shapes, show_layer_names, expand_nested, "  ")
    header = ["digraph G {", f"  rankdir={rankdir}; concentrate=True; dpi={dpi};",
              "  node [shape=record];"]
    return "\n".join(header + lines + ["}"]) + "\n"


def _missing_pydot():
    if "IPython.core.magics.namespace" in sys.modules:
        # In a notebook TF prints instead of raising, so that the notebook goes on.
        print(PYDOT_MISSING)
        return None
    raise ImportError(PYDOT_MISSING)


def model_to_dot(model, show_shapes=False, show_layer_names=True, rankdir="TB",
                 expand_nested=False, dpi=96, subgraph=False):
    """The model's graph of layers as a ``DotGraph`` (TF: a ``pydot.Dot``)."""
    if _graphviz() is None:
        return _missing_pydot()
    return DotGraph(dot_source(model, show_shapes, show_layer_names, rankdir, expand_nested,
                               dpi))


class _Picture:
    """What ``plot_model`` returns: Jupyter shows it as the PNG it names."""

    def __init__(self, filename):
        self.filename = filename

    def _repr_png_(self):
        with open(self.filename, "rb") as f:
            return f.read()


def plot_model(model, to_file="model.png", show_shapes=False, show_layer_names=True,
               rankdir="TB", expand_nested=False, dpi=96):
    """Draws the model's graph of layers into ``to_file`` (its extension picks the format)."""
    dot = model_to_dot(model, show_shapes=show_shapes, show_layer_names=show_layer_names,
                       rankdir=rankdir, expand_nested=expand_nested, dpi=dpi)
    if dot is None:
        return None
    extension = os.path.splitext(to_file)[1][1:] or "png"
    dot.write(to_file, format=extension)
    return _Picture(to_file) if extension == "png" else None


__all__ = ["model_to_dot", "plot_model"]

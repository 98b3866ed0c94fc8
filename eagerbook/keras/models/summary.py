"""``model.summary()`` in Keras's (TF 2.0-2.8) table format."""

import re

import numpy as np

from ...core import nest
from ..layers.core import InputLayer


def _shape_text(layer, functional):
    # As Keras: a layer called on several inputs (a shared layer) shows its output shape when
    # every call gave the same one, else "multiple"; so does a layer never called symbolically.
    if getattr(layer, "_is_graph_network", False) or getattr(layer, "_is_sequential", False):
        # A nested model shows the output shape of its own graph (from its Input, or from its
        # calls' shapes, relaxed to None where they differed), not that of the outer call.
        try:
            return str(layer.output_shape)
        except (AttributeError, ValueError):
            return "multiple"
    texts = {_node_shape_text(layer, node, functional) for node in layer._inbound_nodes}
    return texts.pop() if len(texts) == 1 else "multiple"


def _node_shape_text(layer, node, functional):
    shapes = [tuple(t.shape.as_list()) for t in node.flat_outputs]
    if isinstance(layer, InputLayer) and functional:
        return str(shapes)
    if len(shapes) == 1:
        return str(shapes[0])
    # Several outputs print as the layer returned them: a tuple (MultiHeadAttention with its
    # scores) as a tuple, a list (an RNN's output and states) as a list.
    return str(tuple(shapes)) if isinstance(node.outputs, tuple) else str(shapes)


def _count(variables):
    return int(sum(int(np.prod(v.shape.as_list())) for v in variables))


def _is_sequential_like(model):
    """Whether the summary leaves out the 'Connected to' column, as Keras decides it: every
    depth of the graph (counted from the outputs) holds one call of one input, and no layer
    is called twice in the model."""
    if model._is_sequential or not model._is_graph_network:
        return True
    for nodes in _nodes_by_depth(model):
        if len(nodes) > 1 or len(nodes[0].keras_inputs) > 1:
            return False
    model_nodes = {id(node) for node in model._nodes}
    return all(sum(id(node) in model_nodes for node in layer._inbound_nodes) <= 1
               for layer in model.layers)


def _nodes_by_depth(model):
    """The model's calls grouped by depth: an output's call is at depth 0, a call feeding
    another one deeper than that one (the longest path decides)."""
    model_nodes = {id(node): node for node in model._nodes}
    depth = {id(t._node): 0 for t in nest.flatten(model.outputs) if t._node is not None}
    for _ in range(len(model_nodes)):  # longest paths: at most one pass per call
        changed = False
        for key, d in list(depth.items()):
            for parent in model_nodes[key].parent_nodes if key in model_nodes else ():
                if id(parent) in model_nodes and depth.get(id(parent), -1) < d + 1:
                    depth[id(parent)] = d + 1
                    changed = True
        if not changed:
            break
    by_depth = {}
    for key, d in depth.items():
        if key in model_nodes:
            by_depth.setdefault(d, []).append(model_nodes[key])
    return [by_depth[d] for d in sorted(by_depth)]


def _sources(layer, model):
    """'name[node][tensor]' of each input of `layer`'s calls that belong to `model`."""
    model_nodes = {id(node) for node in getattr(model, "_nodes", ())}
    sources = []
    for node in layer._inbound_nodes:
        if id(node) not in model_nodes:  # a call that belongs to another model
            continue
        for x in node.keras_inputs:
            src = x._node.layer
            sources.append(f"{src.name}[{src._inbound_nodes.index(x._node)}][{x._index}]")
    return sources


def _shown_layers(model):
    layers = model.layers
    if model._is_sequential:
        layers = [layer for layer in layers if not isinstance(layer, InputLayer)]
    return layers


def _layer_index_range(layers, layer_range):
    """Keras's `layer_range`: two name patterns (regular expressions matched at the start of
    the names); the rows from the first layer matching either to the last one, inclusive."""
    if layer_range is None:
        return 0, len(layers)
    if len(layer_range) != 2:
        raise ValueError("layer_range must be a list or tuple of length 2. Received: "
                         f"layer_range = {layer_range} of length {len(layer_range)}")
    if not all(isinstance(name, str) for name in layer_range):
        raise ValueError(f"layer_range should contain string type only. Received: "
                         f"{layer_range}")
    lower = [i for i, layer in enumerate(layers) if re.match(layer_range[0], layer.name)]
    upper = [i for i, layer in enumerate(layers) if re.match(layer_range[1], layer.name)]
    if not lower or not upper:
        raise ValueError("Passed layer_names do not match the layer names in the model. "
                         f"Received: {layer_range}")
    if min(lower) > max(upper):
        return min(upper), max(lower) + 1
    return min(lower), max(upper) + 1


def print_summary(model, line_length=None, positions=None, print_fn=None,
                  expand_nested=False, show_trainable=False, layer_range=None):
    """The summary table. `show_trainable` adds a Trainable column (Y/N); `expand_nested`
    lists the layers of nested models below their row, framed by '|'; `layer_range` (two
    name patterns) prints only the rows from the first matching layer to the last."""
    if not model.built:
        raise ValueError("This model has not yet been built. Build the model first by calling "
                         "`build()` or by calling the model on a batch of data.")
    print_fn = print_fn or print
    sequential_like = _is_sequential_like(model)
    if sequential_like:
        line_length = line_length or 65
        positions = positions or [0.45, 0.85, 1.0]
        headers = ["Layer (type)", "Output Shape", "Param #"]
    else:
        line_length = line_length or 98
        positions = positions or [0.33, 0.55, 0.67, 1.0]
        headers = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
    positions = [int(line_length * p) for p in positions] if positions[-1] <= 1 \
        else list(positions)
    if show_trainable:
        line_length += 11
        positions.append(line_length)
        headers.append("Trainable")

    def row(fields, level=0):
        if level:  # a nested model's row: one '|' per level of nesting on each side
            fields = ["|" * level + " " + str(fields[0])] + list(fields[1:])
        line = ""
        for i, field in enumerate(fields):
            if i > 0:
                line = line[:-1] + " "
            line += str(field)
            line = line[:positions[i]]
            line += " " * (positions[i] - len(line))
        if level:
            line = line[:line_length - level]
            line += " " * (line_length - level - len(line)) + "|" * level
        print_fn(line)

    def rule(char, level=0):
        print_fn("|" * level + char * (line_length - 2 * level) + "|" * level)

    def print_layer(layer, owner, level, last):
        name = f"{layer.name} ({getattr(layer, '_printed_class_name', type(layer).__name__)})"
        params = layer.count_params() if layer.built else 0
        trainable = ["Y" if layer.trainable else "N"] if show_trainable else []
        shape = _shape_text(layer, owner._is_graph_network and not owner._is_sequential)
        if sequential_like:
            row([name, shape, params] + trainable, level)
        else:
            sources = _sources(layer, owner)
            row([name, shape, params, sources[0] if sources else ""] + trainable, level)
            for extra in sources[1:]:
                row(["", "", "", extra] + [""] * len(trainable), level)
        inner = _shown_layers(layer) if expand_nested and getattr(layer, "layers", None) \
            else []
        if inner:
            rule("\u00af", level + 1)
            for j, each in enumerate(inner):
                print_layer(each, layer, level + 1, j == len(inner) - 1)
            rule("\u00af", level)  # closes the nested rows: no other rule needed below
        if level == 0 and (last or not inner):
            rule("=" if last else "_")
        elif level and not last and not inner:
            rule("_", level)

    print_fn(f'Model: "{model.name}"')
    print_fn("_" * line_length)
    row(headers)
    print_fn("=" * line_length)
    layers = _shown_layers(model)
    first, stop = _layer_index_range(layers, layer_range)
    shown = layers[first:stop]
    for i, layer in enumerate(shown):
        print_layer(layer, model, 0, i == len(shown) - 1)
    if not shown:
        print_fn("=" * line_length)
    trainable = _count(model.trainable_weights)
    non_trainable = _count(model.non_trainable_weights)
    print_fn(f"Total params: {trainable + non_trainable:,}")
    print_fn(f"Trainable params: {trainable:,}")
    print_fn(f"Non-trainable params: {non_trainable:,}")
    print_fn("_" * line_length)


__all__ = ["print_summary"]

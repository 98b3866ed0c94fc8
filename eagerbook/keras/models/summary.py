"""``model.summary()`` in Keras's (TF 2.0-2.8) table format."""

import numpy as np

from ..layers.core import InputLayer


def _shape_text(layer, functional):
    # As Keras: a layer called on several inputs (a shared layer) shows its output shape when
    # every call gave the same one, else "multiple"; so does a layer never called symbolically.
    texts = {_node_shape_text(layer, node, functional) for node in layer._inbound_nodes}
    return texts.pop() if len(texts) == 1 else "multiple"


def _node_shape_text(layer, node, functional):
    shapes = [tuple(t.shape.as_list()) for t in node.flat_outputs]
    if isinstance(layer, InputLayer) and functional:
        return str(shapes)
    if len(shapes) == 1:
        return str(shapes[0])
    return str(shapes)


def _count(variables):
    return int(sum(int(np.prod(v.shape.as_list())) for v in variables))


def _is_sequential_like(model):
    if model._is_sequential or not model._is_graph_network:
        return True
    for node in model._nodes:
        if len(node.keras_inputs) > 1 or len(node.flat_outputs) > 1:
            return False
    users = {}
    for node in model._nodes:
        for x in node.keras_inputs:
            users[id(x)] = users.get(id(x), 0) + 1
    return all(count <= 1 for count in users.values()) and len(model.outputs) == 1


def print_summary(model, line_length=None, positions=None, print_fn=None):
    if not model.built:
        raise ValueError("This model has not yet been built. Build the model first by calling "
                         "`build()` or by calling the model on a batch of data.")
    print_fn = print_fn or print
    sequential_like = _is_sequential_like(model)
    functional = model._is_graph_network and not model._is_sequential
    if sequential_like:
        line_length = line_length or 65
        positions = positions or [0.45, 0.85, 1.0]
        headers = ["Layer (type)", "Output Shape", "Param #"]
    else:
        line_length = line_length or 98
        positions = positions or [0.33, 0.55, 0.67, 1.0]
        headers = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
    if positions[-1] <= 1:
        positions = [int(line_length * p) for p in positions]

    def row(fields):
        line = ""
        for i, field in enumerate(fields):
            if i > 0:
                line = line[:-1] + " "
            line += str(field)
            line = line[:positions[i]]
            line += " " * (positions[i] - len(line))
        print_fn(line)

    print_fn(f'Model: "{model.name}"')
    print_fn("_" * line_length)
    row(headers)
    print_fn("=" * line_length)
    layers = model.layers
    model_nodes = {id(node) for node in getattr(model, "_nodes", ())}
    if model._is_sequential:
        layers = [layer for layer in layers if not isinstance(layer, InputLayer)]
    for i, layer in enumerate(layers):
        name = f"{layer.name} ({type(layer).__name__})"
        params = layer.count_params() if layer.built else 0
        if sequential_like:
            row([name, _shape_text(layer, functional), params])
        else:
            sources = []
            for node in layer._inbound_nodes:
                if id(node) not in model_nodes:  # a call that belongs to another model
                    continue
                for x in node.keras_inputs:
                    src = x._node.layer
                    sources.append(f"{src.name}[{src._inbound_nodes.index(x._node)}]"
                                   f"[{x._index}]")
            row([name, _shape_text(layer, functional), params, sources[0] if sources else ""])
            for extra in sources[1:]:
                row(["", "", "", extra])
        print_fn(("=" if i == len(layers) - 1 else "_") * line_length)
    if not layers:
        print_fn("=" * line_length)
    trainable = _count(model.trainable_weights)
    non_trainable = _count(model.non_trainable_weights)
    print_fn(f"Total params: {trainable + non_trainable:,}")
    print_fn(f"Trainable params: {trainable:,}")
    print_fn(f"Non-trainable params: {non_trainable:,}")
    print_fn("_" * line_length)


__all__ = ["print_summary"]

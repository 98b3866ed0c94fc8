"""A functional model's ``get_config()`` in TF's form, and the model made again from it.

TF's Keras describes the graph layer by layer::

    {"name": "model", "trainable": True,
     "layers": [{"module": ..., "class_name": "Dense", "config": {...}, "registered_name": None,
                 "name": "dense", "inbound_nodes": [[["input_1", 0, 0, {}]]]}, ...],
     "input_layers": [["input_1", 0, 0]], "output_layers": [["dense", 0, 0]]}

Each entry of ``inbound_nodes`` is one call of the layer inside this model: the call's first
argument with every KerasTensor written ``[layer name, node index, tensor index, kwargs]``
(the node index counts the calls of that layer that belong to this model; ``kwargs`` are the
call's other arguments, a KerasTensor among them written ``[name, node, tensor]``). A lone
tensor is wrapped in a list, as is a model's single input or output. Configs written by TF
load here, and so do the configs earlier eagerbook versions wrote (a ``nodes`` list).
"""

import inspect

import numpy as np

from ...core import nest
from ..keras_tensor import KerasTensor

CONSTANT_VALUE = "_CONSTANT_VALUE"  # TF's marker for a constant in a call's first argument


# --- writing -------------------------------------------------------------------------------------
def model_config(model, serialize_layer):
    """The config of functional `model`; `serialize_layer(layer)` gives a layer's entry."""
    node_numbers = _node_numbers(model)

    def reference(tensor):
        node = tensor._node
        return [node.layer.name, node_numbers[id(node)], tensor._index]

    layers = []
    for layer in model.layers:
        entry = dict(serialize_layer(layer))
        entry["name"] = layer.name
        entry["inbound_nodes"] = [_node_data(node, reference) for node in layer._inbound_nodes
                                  if id(node) in node_numbers and node.call_args]
        layers.append(entry)
    return {"name": model.name, "trainable": model.trainable, "layers": layers,
            "input_layers": _endpoints(model._nested_inputs, reference),
            "output_layers": _endpoints(model._nested_outputs, reference)}


def _node_numbers(model):
    """id(node) -> its index among its layer's calls that belong to `model`."""
    numbers = {}
    in_model = {id(node) for node in model._nodes}
    for layer in model.layers:
        count = 1 if skips_first_node(layer) else 0
        for node in layer._inbound_nodes:
            if id(node) in in_model:
                numbers[id(node)] = count
                count += 1
    return numbers


def skips_first_node(layer):
    """A model made on its own inputs (functional, or Sequential given an input shape) has,
    in TF, a first call of its own linking those inputs to its outputs: calls of it inside
    another model are counted from 1."""
    if getattr(layer, "_is_sequential", False):
        return getattr(layer, "_graph_input", None) is not None
    return bool(getattr(layer, "_is_graph_network", False))


def _endpoints(structure, reference):
    data = nest.map_structure(reference, structure)
    return [data] if isinstance(structure, KerasTensor) else _as_lists(data)


def _node_data(node, reference):
    first, kwargs = _split_first_argument(node)

    def value(item):  # a call argument other than the first, as JSON
        if isinstance(item, KerasTensor):
            return reference(item)
        if isinstance(item, np.ndarray):
            return item.tolist()
        if hasattr(item, "numpy"):
            return np.asarray(item.numpy()).tolist()
        return item

    kwargs = nest.map_structure(value, kwargs)

    def entry(item):
        if isinstance(item, KerasTensor):
            return reference(item) + [kwargs]
        return [CONSTANT_VALUE, -1, value(item), kwargs]

    data = nest.map_structure(entry, first)
    if node.tf_call is not None:
        return data  # (an op layer's call keeps its first argument's structure, as TF's)
    if isinstance(first, KerasTensor) or not nest.is_nested(first):
        return [data]
    return _as_lists(data)


def _split_first_argument(node):
    """The call's first argument, and its other arguments by name (positional ones named
    after the parameters of the layer's ``call``; an op layer's, those of its op)."""
    if node.tf_call is not None:
        return node.tf_call
    args, kwargs = list(node.call_args), dict(node.call_kwargs)
    if not args:
        raise NotImplementedError(f"Layer {node.layer.name!r} was called with keyword "
                                  "arguments only; such a call cannot be saved in a config.")
    if len(args) > 1:
        names = [p.name for p in inspect.signature(node.layer.call).parameters.values()
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)][1:]
        if len(names) < len(args) - 1:
            raise NotImplementedError(f"Layer {node.layer.name!r} takes *args; such a call "
                                      "cannot be saved in a config.")
        kwargs = {**dict(zip(names, args[1:])), **kwargs}
    return args[0], kwargs


def _as_lists(data):
    """Tuples as lists (JSON has only lists; TF's configs show lists)."""
    if isinstance(data, dict):
        return {k: _as_lists(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_as_lists(v) for v in data]
    return data


# --- reading -------------------------------------------------------------------------------------
def is_tf_form(config):
    return isinstance(config, dict) and "input_layers" in config


def model_from_config(config, make_layer, make_model):
    """The functional model `config` (TF's form) describes: its layers made by
    ``make_layer(entry)``, called as recorded, and ``make_model(inputs, outputs, name)``."""
    layers = {}
    pending = []  # (layer, its recorded calls not yet replayed), in the config's order
    for entry in config["layers"]:
        layer = make_layer(entry)
        layers[entry.get("name", layer.name)] = layer
        pending.append((layer, list(entry.get("inbound_nodes", []))))
    outputs = {name: [] for name in layers}  # layer name -> output structure per call
    for name, layer in layers.items():
        if hasattr(layer, "_input_tensor"):  # an InputLayer: its tensor is its only call
            outputs[name].append(layer._input_tensor)
        elif skips_first_node(layer):
            outputs[name].append(None)  # (its own first call: never referred to)

    def tensor(name, node_index, tensor_index):
        return nest.flatten(outputs[name][node_index])[tensor_index]

    def exists(name, node):
        return name in outputs and node < len(outputs[name])

    def ready(data):
        return all(name == CONSTANT_VALUE or exists(name, node) for name, node, *_ in
                   _leaves(data)) and all(exists(*ref[:2]) for ref in _kwarg_references(data))

    def _kwarg_references(data):  # the layers' tensors among a call's other arguments
        found = []
        for leaf in _leaves(data):
            if len(leaf) > 3:
                _kwarg_value(leaf[3], lambda *ref: found.append(ref), layers)
        return found

    # A shared layer may be called on a tensor a later layer makes: replay what can be
    # replayed, layer by layer in order, until every call is made.
    while any(calls for _, calls in pending):
        progressed = False
        for layer, calls in pending:
            while calls and ready(calls[0]):
                name = next(n for n, lay in layers.items() if lay is layer)
                outputs[name].append(_replay(layer, calls.pop(0), tensor, layers))
                progressed = True
        if not progressed:
            stuck = [lay.name for lay, calls in pending if calls]
            raise ValueError(f"The config's layer calls cannot be replayed: the inputs of "
                             f"{stuck} are never made.")
    inputs = _resolve_endpoints(config["input_layers"], tensor)
    model_outputs = _resolve_endpoints(config["output_layers"], tensor)
    made = [nest.flatten(out)[0] for outs in outputs.values() for out in outs if out is not None]
    return make_model(inputs, model_outputs, config.get("name")), made


def _leaves(data):
    """The ``[name, node, tensor(, kwargs)]`` entries of a recorded call's first argument."""
    if isinstance(data, dict):
        return [leaf for v in data.values() for leaf in _leaves(v)]
    if isinstance(data, (list, tuple)) and data and isinstance(data[0], str):
        return [data]
    return [leaf for v in data for leaf in _leaves(v)]


def _replay(layer, data, tensor, layers):
    kwargs = {}

    def argument(entry):
        nonlocal kwargs
        if len(entry) > 3:
            kwargs = entry[3]
        if entry[0] == CONSTANT_VALUE:
            return entry[2]
        return tensor(entry[0], entry[1], entry[2])

    def rebuild(item):
        if isinstance(item, dict):
            return {k: rebuild(v) for k, v in item.items()}
        if isinstance(item, (list, tuple)) and item and isinstance(item[0], str):
            return argument(item)
        return [rebuild(v) for v in item]

    first = rebuild(data)
    if isinstance(first, list) and len(first) == 1:
        first = first[0]  # one tensor was written as a list of one (TF unwraps it likewise)
    kwargs = {k: _kwarg_value(v, tensor, layers) for k, v in (kwargs or {}).items()}
    return layer(first, **kwargs)


def _kwarg_value(value, tensor, layers):
    """A call's keyword argument: ``[name, node, tensor]`` of one of the layers is a tensor."""
    if isinstance(value, list) and len(value) == 3 and isinstance(value[0], str) \
            and value[0] in layers and all(isinstance(v, int) for v in value[1:]):
        return tensor(*value)
    if isinstance(value, list):
        return [_kwarg_value(v, tensor, layers) for v in value]
    if isinstance(value, dict):
        return {k: _kwarg_value(v, tensor, layers) for k, v in value.items()}
    return value


def _resolve_endpoints(data, tensor):
    if isinstance(data, dict):
        return {k: _resolve_endpoints(v, tensor) for k, v in data.items()}
    if data and isinstance(data[0], str):
        return tensor(*data[:3])
    items = [_resolve_endpoints(v, tensor) for v in data]
    return items[0] if len(items) == 1 else items

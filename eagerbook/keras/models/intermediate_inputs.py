"""A functional Model whose ``inputs`` are not ``tf.keras.Input``s but tensors from the middle
of a graph: ``tf.keras.Model(inputs=encoded_features, outputs=predictions)``.

As TF does, the part of the graph between those tensors and the outputs is copied: each given
tensor that is not an Input is replaced by a new ``Input`` of its shape and dtype, and every
layer call in between gets a new Node (on copies of its tensors) without calling the layer
again. The layers, and their weights, are shared with the original graph.
"""

import copy

from ...core import nest
from ..keras_tensor import KerasTensor, Node
from ..layers.core import Input, InputLayer


def is_input_tensor(x):
    return isinstance(x, KerasTensor) and x._node is not None and \
        isinstance(x._node.layer, InputLayer)


def _nodes_between(inputs, outputs):
    """The layer calls the outputs depend on, stopping at `inputs`, each after its parents."""
    stops = {id(x) for x in inputs}
    order, seen = [], set()

    def visit(tensor):
        node = tensor._node
        if id(tensor) in stops or node is None or id(node) in seen:
            return
        seen.add(id(node))
        for parent in node.keras_inputs:
            visit(parent)
        order.append(node)

    for tensor in outputs:
        visit(tensor)
    return order


def _copy_tensor(tensor, mapping):
    if id(tensor) not in mapping:
        twin = copy.copy(tensor)
        twin._node = None  # the new Node sets it
        mapping[id(tensor)] = twin
    return mapping[id(tensor)]


def clone_from_inputs(inputs, outputs):
    """(inputs, outputs) of a graph copied from `inputs` to `outputs` (see the module)."""
    flat_inputs, flat_outputs = nest.flatten(inputs), nest.flatten(outputs)
    mapping = {}
    new_inputs = []
    for x in flat_inputs:
        if not is_input_tensor(x) and isinstance(x, KerasTensor):
            x_new = Input(batch_shape=tuple(x.shape.as_list()), dtype=x.dtype)
            mapping[id(x)] = x_new
            x = x_new
        new_inputs.append(x)
    nodes = _nodes_between(flat_inputs, flat_outputs)

    def twin(value):
        return _copy_tensor(value, mapping) if isinstance(value, KerasTensor) else value

    for node in nodes:
        copy = Node(node.layer, nest.map_structure(twin, node.call_args),
                    nest.map_structure(twin, node.call_kwargs),
                    nest.map_structure(twin, node.outputs))
        if node.tf_call is not None:
            copy.tf_call = nest.map_structure(twin, node.tf_call)
    new_outputs = [mapping.get(id(x), x) for x in flat_outputs]
    return (nest.pack_sequence_as(inputs, new_inputs),
            nest.pack_sequence_as(outputs, new_outputs))

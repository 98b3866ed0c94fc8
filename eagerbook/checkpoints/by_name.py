"""Keras ``load_weights(path, by_name=True)`` for the single-file weights (``w.h5``).

TF's .h5 weights file keeps each layer's weights under the layer's name, so a model whose
layers differ from the saved one's can still take the weights of the layers that share a name
(transfer learning, a new head). eagerbook's single file packs a checkpoint, whose keys follow
the object graph instead; beside it ``save_weights`` writes ``layers.json``: each of the
model's layers, in order, with the checkpoint keys of its weights (trainable first, as TF
lists them in the file).
"""

import json
import os

from ..core import logs
from . import graph

LAYERS_FILE = "layers.json"


def _legacy_order(layer):
    """A layer's weights in the order TF's .h5 file lists them: trainable ones first."""
    return list(layer.trainable_weights) + list(layer.non_trainable_weights)


def write_layer_index(model, directory):
    """Writes ``layers.json`` for `model` into the directory that will be packed."""
    _, paths, _, index = graph.walk(model)
    entries = []
    for layer in getattr(model, "layers", []):
        keys = [paths[index[id(w)]] or "." for w in _legacy_order(layer) if id(w) in index]
        entries.append({"name": layer.name, "weights": keys})
    with open(os.path.join(directory, LAYERS_FILE), "w") as f:
        json.dump({"layers": entries}, f)


def _read_layer_index(directory, path):
    index_path = os.path.join(directory, LAYERS_FILE)
    if not os.path.isfile(index_path):
        raise ValueError(f"The weights file {path} holds no layer names (it was written "
                         "without them), so it cannot be loaded with `by_name=True`.")
    with open(index_path) as f:
        return json.load(f)["layers"]


def load_by_name(model, directory, path, skip_mismatch, read_checkpoint):
    """Assigns the saved weights of each layer of `model` whose name the file has; checks
    every count and shape first (a mismatch is a ValueError, or a warning and a skip with
    `skip_mismatch`), then assigns them all."""
    nodes, arrays = read_checkpoint(os.path.join(directory, "weights"))
    node_of_key = {node["path"] or ".": i for i, node in enumerate(nodes)}
    live_by_name = {}
    for layer in getattr(model, "layers", []):
        live_by_name.setdefault(layer.name, []).append(layer)
    assignments = []
    for k, entry in enumerate(_read_layer_index(directory, path)):
        values = [arrays[node_of_key[key]] for key in entry["weights"]]
        for layer in live_by_name.get(entry["name"], []):
            assignments.extend(_matched_weights(layer, k, values, skip_mismatch))
    for variable, value in assignments:
        variable.assign(value)


def _matched_weights(layer, k, values, skip_mismatch):
    """[(variable, saved value)] for one layer, TF's checks and messages on the way."""
    weights = _legacy_order(layer)
    if len(weights) != len(values):
        if skip_mismatch:
            logs.logger.warning(
                f"Skipping loading of weights for layer #{k} (named {layer.name}) due to "
                f"mismatch in number of weights. Layer expects {len(weights)} weight(s). "
                f"Received {len(values)} saved weight(s)")
            return []
        raise ValueError(f"Weight count mismatch for layer #{k} (named {layer.name}). Layer "
                         f"expects {len(weights)} weight(s). Received {len(values)} saved "
                         "weight(s)")
    matched = []
    for weight, value in zip(weights, values):
        expected = tuple(weight.shape.as_list())
        if expected != tuple(value.shape):
            text = (f"layer #{k} (named {layer.name}) for weight {weight.name}. Weight "
                    f"expects shape {expected}. Received saved weight with shape "
                    f"{tuple(value.shape)}")
            if skip_mismatch:
                logs.logger.warning("Skipping loading weights for " + text.replace(
                    " for weight", " due to mismatch in shape for weight", 1))
                continue
            raise ValueError("Shape mismatch in " + text)
        matched.append((weight, value))
    return matched

"""``tf.keras.models.load_model``: a model saved by ``model.save`` made again.

The layout and what is saved are described in ``keras/saving.py``. Loading checks the metadata
first, rebuilds the architecture from its config (layer classes by name, from
``tf.keras.layers`` or ``custom_objects``), compiles it again if it was compiled, and only then
restores the weights from the checkpoint -- which verifies every value before assigning any.
"""

import contextlib
import json
import os

import numpy as np

from ...checkpoints import checkpoint as checkpoint_io
from ...checkpoints import directory_commit, hooks, single_file
from ...checkpoints import graph as object_graph
from ...checkpoints.checkpoint import DATA_SUFFIX, INDEX_SUFFIX
from ...core import errors, logs
from ...core.variable import Variable
from .. import layers as layers_mod
from .. import losses as losses_mod
from .. import metrics as metrics_mod
from .. import optimizers
from ..saving import (
    FORMAT,
    METADATA_FILE,
    TRACE_FILES,
    VARIABLES_PREFIX,
    VERSION,
    restore_vocabularies,
)
from . import training
from .sequential import Sequential
from .training import Model, _functional_from_tf_form, make_layer


# --- loading -------------------------------------------------------------------------------------
def _data_loss(path, why):
    return errors.DataLossError(None, None, f"Unable to load model {path}: {why}")


def _rebuild(metadata, custom_objects):
    class_name, config = metadata["class_name"], metadata["config"]
    if class_name == "Sequential":
        model = Sequential(name=config.get("name"))
        for entry in config["layers"]:
            model.add(make_layer(entry, custom_objects))
        shape = metadata.get("build_input_shape")
        if not model.built and shape is not None:
            model.build(shape if isinstance(shape, dict) else tuple(shape))
        return model
    if class_name == "Functional":
        return Model.from_config(config, custom_objects)
    cls = custom_objects.get(class_name)
    if cls is None:
        return None
    # A subclassed model: from its config if it has one, else made with its defaults (as
    # Keras does for a class given in custom_objects); then run once on zeros of the saved
    # input shape so that its layers make their weights.
    model = cls.from_config(config) if config is not None else cls()
    shape = metadata.get("build_input_shape")
    if shape is not None and not model.built:
        dims = [1 if d is None else d for d in shape]
        model(np.zeros(dims, dtype=np.float32), training=False)
    return model


class RevivedModel(Model):
    """A subclassed model loaded without its Python class, as TF revives one: its call is
    the trace saved with it (for the inputs its first call saw, any batch size), its weights
    are the saved Variables, its layers are back in the attributes that held them (see
    `revive_layers`) and its config is the saved one. Loading names a subclass of this after
    the saved class."""

    def __init__(self, restored, weight_names, name=None, config=None):
        super().__init__(name=name)
        self._restored = restored
        by_name = {v.name: v for v in _variables_in_order(restored)}
        # The model's weights (not its optimizer's), layer by layer as TF lists them.
        self._revived_weights = [by_name[n] for n in weight_names if n in by_name]
        self._revived_config = config
        self.built = True

    @property
    def weights(self):
        return list(self._revived_weights)

    variables = weights

    # The other lists follow the saved order too (the restored objects hold bias before
    # kernel), and leave out the weights of frozen layers as usual.
    def _weight_lists(self):
        order = {id(v): i for i, v in enumerate(self._revived_weights)}
        return tuple(sorted(found, key=lambda v: order.get(id(v), len(order)))
                     for found in super()._weight_lists())

    def call(self, inputs, training=None):
        return self._restored(inputs)

    def get_config(self):
        if self._revived_config is None:
            return super().get_config()
        return dict(self._revived_config)


class RevivedLayer(layers_mod.Layer):
    """A layer of a revived model whose class is not at hand (a custom layer), as TF revives
    one: its name, trainable flag, config and Variables (and its own layers). Loading names a
    subclass of this after the saved class. eagerbook saves the model's call, not each
    layer's, so such a layer does not run on its own."""

    def __init__(self, name, trainable, config):
        super().__init__(name=name, trainable=trainable)
        self._revived_config = config
        self.built = True

    def call(self, inputs, *args, **kwargs):
        raise NotImplementedError(
            f"Layer '{self.name}' was revived without its class "
            f"({type(self).__name__}): eagerbook saved its model's call, not the layer's. "
            f"Pass custom_objects={{'{type(self).__name__}': {type(self).__name__}}} to "
            "load_model to call it.")

    def get_config(self):
        return dict(self._revived_config or {"name": self.name, "trainable": self.trainable})


def revive_layers(model, restored, entries, weight_names):
    """Puts the saved layers of a subclassed model back (``model.dense_layers[0]``): each
    layer of a built-in class is made from its config and takes the saved Variables; any
    other is a RevivedLayer named after its class. `entries` are the saved ones (path,
    class name, name, trainable, config as JSON), depth first; `weight_names` the model's
    weights in order (each layer lists its own in that order: kernel, then bias)."""
    order = {name: i for i, name in enumerate(weight_names)}
    revived = {}  # id(saved object) -> its layer
    for entry in entries:
        saved = _saved_at(restored, entry["path"])
        if saved is not None:
            revived[id(saved)] = _revived_layer(entry, saved, order)
    for layer_id, layer in revived.items():
        if isinstance(layer, RevivedLayer):  # (built-in ones already have their layers)
            saved = next(s for s in _saved_objects(restored) if id(s) == layer_id)
            _set_children(layer, saved, revived, order)
    top_level = dict.fromkeys(entry["path"].split("/")[0] for entry in entries)
    for key in top_level:
        value = _mirrored(restored.__dict__.get(key), revived)
        if value is not None:
            setattr(model, key, value)


def _saved_at(restored, path):
    """The saved object at `path` ("dense_layers/0") under `restored`, or None."""
    obj = restored
    for part in path.split("/"):
        if isinstance(obj, (list, tuple)) and part.isdigit() and int(part) < len(obj):
            obj = obj[int(part)]
        elif isinstance(obj, dict):
            obj = obj.get(part)
        else:
            obj = obj.__dict__.get(part) if hasattr(obj, "__dict__") else None
        if obj is None:
            return None
    return obj


def _is_saved_object(value):
    """Whether `value` is an object tf.saved_model.load brought back (not a Variable or a
    list of them)."""
    return object_graph.is_trackable(value) and not isinstance(value, (Variable, list, tuple))


def _saved_objects(obj, seen=None):
    """The saved objects under `obj` (itself included), each once."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if _is_saved_object(obj):
        yield obj
        values = [v for k, v in obj.__dict__.items() if not k.startswith("_")]
    elif isinstance(obj, (list, tuple)):
        values = obj
    elif isinstance(obj, dict):
        values = obj.values()
    else:
        return
    for value in values:
        yield from _saved_objects(value, seen)


def _revived_layer(entry, saved, order):
    """The layer for one saved entry: of its built-in class when its config makes one that
    takes the saved Variables, else a RevivedLayer."""
    config = None if entry["config"] is None else json.loads(entry["config"])
    cls = getattr(layers_mod, entry["class_name"], None)
    if isinstance(cls, type) and issubclass(cls, layers_mod.Layer) and config is not None:
        try:
            layer = cls.from_config(config)
            _set_variables(layer, saved, order)
            return layer
        except Exception:  # noqa: BLE001 - a config that does not fit: revived generically
            pass
    revived_class = type(entry["class_name"], (RevivedLayer,), {})
    return revived_class(entry["name"], entry["trainable"], config)


def _saved_attributes(saved, order):
    """The public attributes of a saved object, its Variables first in the model's weight
    order (a restored object holds them by name: bias before kernel)."""
    items = [(k, v) for k, v in saved.__dict__.items() if not k.startswith("_")]
    variables = sorted(((k, v) for k, v in items if isinstance(v, Variable)),
                       key=lambda item: order.get(item[1].name, len(order)))
    return variables + [(k, v) for k, v in items if not isinstance(v, Variable)]


def _set_variables(layer, saved, order):
    """Gives a layer made from its config the saved Variables (its own layers too), in
    the attributes that held them; the layer is then built."""
    for key, value in _saved_attributes(saved, order):
        if isinstance(value, Variable):
            setattr(layer, key, value)
        elif _is_saved_object(value):
            inner = getattr(layer, key, None)
            if not isinstance(inner, layers_mod.Layer):
                raise ValueError(f"no layer {key!r} to restore into")
            _set_variables(inner, value, order)
    layer.built = True


def _set_children(layer, saved, revived, order):
    """A RevivedLayer's attributes: the saved Variables and its revived layers."""
    for key, value in _saved_attributes(saved, order):
        value = value if isinstance(value, Variable) else _mirrored(value, revived)
        if value is not None:
            setattr(layer, key, value)


def _mirrored(value, revived):
    """`value` (a saved object, or lists and dicts of them) with the revived layers in place
    of the saved objects; None if it holds none."""
    if isinstance(value, (list, tuple)):
        items = [_mirrored(v, revived) for v in value]
        return items if any(v is not None for v in items) else None
    if isinstance(value, dict):
        items = {k: _mirrored(v, revived) for k, v in value.items()}
        return items if any(v is not None for v in items.values()) else None
    return revived.get(id(value))


def _variables_in_order(obj, seen=None):
    """The Variables under a restored object, depth first in attribute order (the order the
    checkpoint walked the original model in)."""
    seen = set() if seen is None else seen
    out = []
    values = obj.values() if isinstance(obj, dict) else obj if isinstance(
        obj, (list, tuple)) else vars(obj).values()
    for value in values:
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, Variable):
            out.append(value)
        elif isinstance(value, (list, tuple, dict)) or object_graph.is_trackable(value):
            out.extend(_variables_in_order(value, seen))
    return out


def _revive(filepath, metadata, compile):
    """The model rebuilt from its saved trace, or None when it was saved without one."""
    load = hooks.find("saved_model.load")
    if load is None or not os.path.isfile(os.path.join(filepath, TRACE_FILES[0])):
        return None
    restored = load(filepath)
    if "__call__" not in vars(restored):
        return None
    revived_class = type(metadata["class_name"], (RevivedModel,), {})
    model = revived_class(restored, metadata.get("revived_weights") or [],
                          name=metadata.get("name"), config=metadata.get("config"))
    revive_layers(model, restored, metadata.get("revived_layers") or [],
                  metadata.get("revived_weights") or [])
    compile_config = metadata.get("compile")
    if compile and compile_config:
        _compile_from(model, compile_config)
    return model


def _metrics_from(spec):
    """The compile metrics a saved spec names: strings as they were, metric objects (saved
    as ``{'class_name': ..., 'config': ...}``) made again."""
    if isinstance(spec, dict) and "class_name" in spec:
        return metrics_mod.get(spec)
    if isinstance(spec, dict):
        return {k: _metrics_from(v) for k, v in spec.items()}
    if isinstance(spec, (list, tuple)):
        return [_metrics_from(v) for v in spec]
    return spec


def _compile_from(model, compile_config):
    loss = compile_config["loss"]
    model.compile(optimizer=optimizers.deserialize(compile_config["optimizer"]),
                  loss=losses_mod.deserialize(loss) if isinstance(loss, dict) and
                  "class_name" in loss else loss,
                  metrics=_metrics_from(compile_config["metrics"]),
                  loss_weights=compile_config["loss_weights"])


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True, options=None):
    """``tf.keras.models.load_model``: the model made again, weights restored, compiled.
    (`safe_mode` is accepted as in TF; loading never runs saved code anyway.)"""
    with training.unknown_classes_as_loading_reports():
        return _load_model(os.fspath(filepath), custom_objects, compile, options)


# What TF says when a model saved without its compile() comes back with compile=True: an HDF5
# file and a SavedModel directory once (twice on screen after a SavedModel save in the same
# program: see saving.py), the .keras format nothing.
_NOT_COMPILED = ("No training configuration found in {}save file, so the model was *not* "
                 "compiled. Compile it manually.")
_NOT_COMPILED_WARNINGS = {"h5": [_NOT_COMPILED.format("the ")],
                          "tf": [_NOT_COMPILED.format("")], "keras": []}


def _load_model(filepath, custom_objects, compile, options,  # noqa: A002 (TF's argument name)
                saved_as="tf"):
    if os.path.isfile(filepath):  # a single-file save (model.save('m.h5'))
        with single_file.unpacked(filepath) as directory, \
                _unknown_class_as_type_error(not filepath.endswith(".h5")):
            return _load_model(directory, custom_objects, compile, options,
                               "keras" if filepath.endswith(".keras") else "h5")
    directory_commit.finish_interrupted_save(filepath)  # (a save cut short after it committed)
    meta_path = os.path.join(filepath, METADATA_FILE)
    if not os.path.isfile(meta_path):
        raise OSError(f"No file or directory found at {filepath}")
    try:
        with open(meta_path, "rb") as f:
            metadata = json.loads(f.read().decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise _data_loss(filepath, f"{METADATA_FILE} is truncated or corrupted ({exc}).") \
            from None
    if not isinstance(metadata, dict) or metadata.get("format") != FORMAT or \
            metadata.get("version") != VERSION:
        raise _data_loss(filepath, f"{METADATA_FILE} is not an eagerbook Keras model "
                                   "(or comes from another version).")
    prefix = os.path.join(filepath, VARIABLES_PREFIX)
    for suffix in (INDEX_SUFFIX, DATA_SUFFIX):
        if not os.path.isfile(prefix + suffix):
            raise OSError(f"Unable to load model {filepath}: {prefix + suffix} is missing.")
    model = _rebuild(metadata, dict(custom_objects or {}))
    if compile and not metadata.get("compile"):
        for message in _NOT_COMPILED_WARNINGS[saved_as]:
            logs.logger.warning(message)
    if model is None:
        model = _revive(filepath, metadata, compile)
        if model is not None:
            return model
        raise ValueError(
            f"Unable to revive the subclassed model '{metadata['class_name']}' from "
            f"{filepath}: its Python class is needed. Pass custom_objects="
            f"{{'{metadata['class_name']}': {metadata['class_name']}}} to load_model.")
    restore_vocabularies(model, metadata.get("vocabularies"))
    compile_config = metadata.get("compile")
    if saved_as == "tf":  # the weights alone, then a fresh optimizer (see _without_optimizer)
        _restore(model, prefix, _without_optimizer(checkpoint_io.read_checkpoint(prefix)))
    if compile and compile_config:
        _compile_from(model, compile_config)
    if saved_as != "tf":
        _restore(model, prefix, None)
    return model


def _restore(model, prefix, read):
    status = checkpoint_io.restore_into(model, prefix, read)  # all checked before assigning
    status.assert_existing_objects_matched()


def _without_optimizer(read):
    """A checkpoint's ``(nodes, arrays)`` with the optimizer's part left out. TF 2.21's Keras
    gives a model loaded from a SavedModel directory a fresh optimizer made from the compile
    config (iterations 0, no slots: training starts over, not where it stopped); HDF5 and
    .keras files bring the optimizer's state back."""
    nodes, arrays = read
    root = nodes[0]
    if "optimizer" not in root.get("children", {}):
        return read
    left_out, todo = set(), [root["children"]["optimizer"]]
    while todo:
        j = todo.pop()
        if j not in left_out:
            left_out.add(j)
            todo.extend(nodes[j].get("children", {}).values())
            todo.extend(slot["slot"] for slot in nodes[j].get("slots", ()))
    children = {k: v for k, v in root["children"].items() if k != "optimizer"}
    kept = [dict(root, children=children,
                 order=[k for k in root.get("order", ()) if k != "optimizer"])]
    for j, node in enumerate(nodes[1:], start=1):
        kept.append({"children": {}, "path": node["path"]} if j in left_out else node)
    return kept, arrays


def model_from_config(config, custom_objects=None):
    """A model made again from ``{'class_name': ..., 'config': model.get_config()}``."""
    custom_objects = dict(custom_objects or {})
    class_name = config.get("class_name")
    if class_name == "Sequential":
        return Sequential.from_config(config["config"], custom_objects)
    if class_name in ("Functional", "Model"):
        return Model.from_config(config["config"], custom_objects)
    if class_name in custom_objects:
        return custom_objects[class_name].from_config(config["config"])
    raise ValueError(f"Unknown model class: '{class_name}'. Pass it in custom_objects.")


def model_from_json(json_string, custom_objects=None):
    """``tf.keras.models.model_from_json``: the architecture of ``model.to_json()``, with new
    weights."""
    with _unknown_class_as_type_error():
        return model_from_config(json.loads(json_string), custom_objects)


@contextlib.contextmanager
def _unknown_class_as_type_error(applies=True):
    """The .keras format and model_from_json (Keras 2.13's serialization) report a class
    nobody registered as a TypeError; H5 files and SavedModels keep the ValueError."""
    try:
        yield
    except ValueError as exc:
        name = getattr(exc, "unknown_class", None)
        if not applies or name is None:
            raise
        raise TypeError(f"Cannot deserialize object of type `{name}`. If `{name}` is a custom "
                        "class, please register it using the "
                        "`@keras.saving.register_keras_serializable()` decorator.") from None


def clone_model(model, input_tensors=None, clone_function=None):
    """A new model with the same architecture as a Sequential or functional `model` (and
    freshly initialized weights, as in TF). `clone_function(layer)` gives the layer to use in
    place of each of the model's layers (its Input layers are made anew): by default a new
    layer from the old one's config; returning the layer itself shares it."""
    if input_tensors is not None:
        raise NotImplementedError("eagerbook's clone_model makes new Input layers; it does "
                                  "not take input_tensors.")
    if not (model._is_sequential or model._is_graph_network):
        raise ValueError("Expected `model` argument to be a functional `Model` instance, but "
                         f"got a subclassed model instead: {model}")
    config = model.get_config()
    if clone_function is None:
        layer_for_entry = None
    else:
        def layer_for_entry(entry):
            if entry["class_name"] == "InputLayer":
                return make_layer(entry, {})
            return clone_function(model.get_layer(entry["config"]["name"]))
    if model._is_sequential:
        if layer_for_entry is None:
            clone = Sequential.from_config(config)
        else:
            clone = Sequential(name=config["name"])
            for entry in config["layers"]:
                clone.add(layer_for_entry(entry))
        if not clone.built and model.built and model.inputs:
            clone.build(tuple(model.inputs[0].shape.as_list()))
        return clone
    if layer_for_entry is None:
        return Model.from_config(config)
    return _functional_from_tf_form(config, {}, layer_for_entry)

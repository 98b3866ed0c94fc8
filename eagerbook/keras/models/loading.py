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
from ...checkpoints import graph as object_graph
from ...checkpoints import hooks, single_file
from ...checkpoints.checkpoint import DATA_SUFFIX, INDEX_SUFFIX
from ...core import errors, logs
from ...core.variable import Variable
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
    are the saved Variables. Loading names a subclass of this after the saved class."""

    def __init__(self, restored, weight_names, name=None):
        super().__init__(name=name)
        self._restored = restored
        by_name = {v.name: v for v in _variables_in_order(restored)}
        # The model's weights (not its optimizer's), layer by layer as TF lists them.
        self._revived_weights = [by_name[n] for n in weight_names if n in by_name]
        self.built = True

    @property
    def weights(self):
        return list(self._revived_weights)

    def call(self, inputs, training=None):
        return self._restored(inputs)


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
                          name=metadata.get("name"))
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
# file once, a SavedModel directory twice; the .keras format says nothing.
_NOT_COMPILED = ("No training configuration found in {}save file, so the model was *not* "
                 "compiled. Compile it manually.")
_NOT_COMPILED_WARNINGS = {"h5": [_NOT_COMPILED.format("the ")],
                          "tf": [_NOT_COMPILED.format("")] * 2, "keras": []}


def _load_model(filepath, custom_objects, compile, options,  # noqa: A002 (TF's argument name)
                saved_as="tf"):
    if os.path.isfile(filepath):  # a single-file save (model.save('m.h5'))
        with single_file.unpacked(filepath) as directory, \
                _unknown_class_as_type_error(not filepath.endswith(".h5")):
            return _load_model(directory, custom_objects, compile, options,
                               "keras" if filepath.endswith(".keras") else "h5")
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
    if compile and compile_config:
        _compile_from(model, compile_config)
    status = checkpoint_io.restore_into(model, prefix)  # checked before anything is assigned
    status.assert_existing_objects_matched()
    return model


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

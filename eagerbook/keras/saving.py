"""``model.save(path)`` and ``tf.keras.models.load_model(path)``: config + weights.

A saved model is a directory::

    keras_metadata.json       the architecture (the Keras config, in TF's form) and compile settings
    variables/variables.*     the weights (and the optimizer's state): an ordinary checkpoint
    saved_model.json          its call, traced (a subclassed model: for the input its first
    functions.npz             call saw with any batch size): ``tf.saved_model``'s format, so
                              ``tf.saved_model.load`` serves the directory too

``load_model`` (``models/loading.py``) makes the model again from its config --
``Sequential`` from its layer list, a functional model by replaying its recorded layer calls
on new ``tf.keras.Input``s, a subclassed model from its class in ``custom_objects`` -- then
restores the weights from the checkpoint and, if the model was compiled, compiles it again
with the same optimizer (whose slots are restored when it creates them), loss and metrics.
Nothing is pickled and no saved code is run: layer classes are looked up by name among
``tf.keras.layers`` and the ``custom_objects`` given to ``load_model``.

A subclassed model whose class is not given is revived as TF revives it: a ``Model`` named
after the class whose ``call`` is the saved trace and whose weights are the saved Variables
(layer by layer), compiled again if it was; its optimizer starts afresh. ``save_traces=False``
(or a call that cannot be traced, with a warning) leaves the class required. ``keras`` and
``saved_model`` never import each other: the trace is written and read through the functions
``saved_model`` offers in ``checkpoints/hooks.py``. Saving over an earlier model directory
is all or nothing (``checkpoints/directory_commit.py``): a save cut short leaves the earlier
model, loadable.

A ``.h5``/``.keras`` path gets that directory packed into one file (not HDF5: see
``checkpoints/single_file.py``).
"""

import json
import logging
import os
import tempfile
import warnings

import numpy as np

from ..checkpoints import checkpoint as checkpoint_io
from ..checkpoints import directory_commit, hooks, single_file
from ..core import dtypes, logs
from . import losses as losses_mod
from . import metrics as metrics_mod
from . import optimizers, serialization

FORMAT = "eagerbook-keras-model"
VERSION = 1
METADATA_FILE = "keras_metadata.json"
VARIABLES_PREFIX = os.path.join("variables", "variables")
# A SavedModel's functions, written beside a subclassed model (saved_model/save.py's names).
TRACE_FILES = ("saved_model.json", "functions.npz")


# --- saving --------------------------------------------------------------------------------------
def _layer_entry(layer):
    return serialization.serialize(layer)


def functional_config(model):
    """A functional model's config in TF's form (``models/functional_config.py``)."""
    from .models import functional_config as functional_form  # (models imports this module)

    for node in model._nodes:
        if hasattr(node.layer, "symbol") and node.tf_call is None:  # (an op layer's call)
            layer = node.layer
            raise NotImplementedError(
                f"The functional model {model.name!r} calls {layer.name} on KerasTensors with "
                "arguments its config cannot name (`*args`); the call cannot be saved. Use a "
                "layer instead (tf.keras.layers.Add, a custom layer with get_config, ...).")
    return functional_form.model_config(model, _layer_entry)


def _is_builtin_metric(metric):
    return isinstance(metric, metrics_mod.Metric) and \
        metrics_mod._CLASSES.get(type(metric).__name__) is type(metric)


def _compile_config(model):
    state = model._compile_state
    if state is None or model.optimizer is None:
        return None

    def loss_spec(spec):
        if spec is None or isinstance(spec, str):
            return spec
        if isinstance(spec, dict):
            return {k: loss_spec(v) for k, v in spec.items()}
        if isinstance(spec, (list, tuple)):
            return [loss_spec(v) for v in spec]
        return losses_mod.serialize(spec)

    def metric_spec(spec):
        if spec is None:
            return None
        if isinstance(spec, dict):
            return {k: metric_spec(v) for k, v in spec.items()}
        if isinstance(spec, (list, tuple)):
            return [m for m in (metric_spec(v) for v in spec) if m is not None]
        if _is_builtin_metric(spec):  # loaded back as the same class with the same config
            return metrics_mod.serialize(spec)
        return spec if isinstance(spec, str) else None  # other metric objects are not kept

    return {"optimizer": optimizers.serialize(model.optimizer),
            "loss": loss_spec(state.loss_spec), "metrics": metric_spec(state.metric_spec),
            "loss_weights": state.loss_weights}


def save_model(model, filepath, overwrite=True, include_optimizer=True, save_format=None,
               signatures=None, options=None, save_traces=True):
    """``model.save(filepath)`` / ``tf.keras.models.save_model``: see the module docstring."""
    filepath = os.fspath(filepath)
    save_format = _checked_save_format(save_format)
    if _is_h5(filepath, save_format):
        warnings.warn("You are saving your model as an HDF5 file via `model.save()`. This file "
                      "format is considered legacy. We recommend using instead the native "
                      "TF-Keras format, e.g. `model.save('my_model.keras')`.", stacklevel=2)
    single = single_file.is_single_file_path(filepath, save_format)
    if (_is_h5(filepath, save_format) or not single) and model._compile_state is None and \
            (model._is_sequential or model._is_graph_network):
        # TF's HDF5 and SavedModel writers build the compiled loss and metrics first, and
        # log this when there are none.
        logs.logger.warning("Compiled the loaded model, but the compiled metrics have yet to "
                            "be built. `model.compile_metrics` will be empty until you train "
                            "or evaluate the model.")
    if single:
        if _is_h5(filepath, save_format) and not (model._is_sequential or
                                                   model._is_graph_network):
            raise NotImplementedError(
                "Saving the model to HDF5 format requires the model to be a Functional model or "
                "a Sequential model. It does not work for subclassed models, because such "
                "models are defined via the body of a Python method, which isn't safely "
                "serializable. Consider saving to the Tensorflow SavedModel format (by setting "
                "save_format=\"tf\") or using `save_weights`.")
        if os.path.exists(filepath) and not overwrite:
            raise FileExistsError(f"{filepath} already exists and overwrite=False.")
        with tempfile.TemporaryDirectory(prefix="eagerbook-save-") as tmp:
            _write_model_directory(model, os.path.join(tmp, "model"), True, include_optimizer,
                                   save_traces, serving_functions=False)
            single_file.pack(os.path.join(tmp, "model"), filepath)
        return
    if os.path.exists(os.path.join(filepath, METADATA_FILE)) and not overwrite:
        raise FileExistsError(f"{filepath} already exists and overwrite=False.")
    # All or nothing over an earlier save (checkpoints/directory_commit.py).
    directory_commit.save_directory(filepath, lambda directory: _write_model_directory(
        model, directory, True, include_optimizer, save_traces, serving_functions=True,
        signatures=signatures), owned=(METADATA_FILE, *TRACE_FILES))
    _configure_logging_as_tf_saving_does()


def _configure_logging_as_tf_saving_does():
    """TF's SavedModel writer logs through absl, which, when the program has configured no
    logging, configures it (``logging.basicConfig()``: a stderr handler on the root logger).
    From then on TF's warnings show twice (its own handler's line, then the root's), and
    other libraries' warnings show too; as here."""
    if not logging.root.handlers:
        logging.basicConfig()


_SAVE_FORMATS = {"keras": "keras", "keras_v3": "keras", "tf": "tf", "tensorflow": "tf",
                 "h5": "h5", "hdf5": "h5"}


def _checked_save_format(save_format):
    """TF's spellings of a save format, as one of "keras", "tf", "h5" (None: from the path;
    a path ending in .h5 is written as HDF5 whatever the format says, as in TF)."""
    if not save_format:
        return None
    checked = _SAVE_FORMATS.get(save_format) if isinstance(save_format, str) else None
    if checked is None:
        raise ValueError("Unknown `save_format` argument. Expected one of 'keras', 'tf', or "
                         f"'h5'. Received: save_format={save_format}")
    return checked


def _is_h5(filepath, save_format):
    """TF's HDF5 format (here a single file like .keras, but with TF's HDF5 limits)."""
    return save_format == "h5" or (save_format is None and
                                   filepath.endswith((".h5", ".hdf5")))


def _write_model_directory(model, filepath, overwrite, include_optimizer, save_traces,
                           serving_functions, signatures=None):
    """The saved-model directory. `serving_functions`: a Sequential or functional model
    gets its traced call too, so ``tf.saved_model.load`` serves it as TF's SavedModel does
    (a single file, like TF's .h5 and .keras, holds the config and weights only)."""
    if not model.built:
        raise ValueError("Model cannot be saved because the input shape is not available. "
                         "Please specify an input shape either by calling `build(input_shape)`"
                         " directly, or by calling the model on actual data using "
                         "`Model()`, `Model.fit()`, or `Model.predict()`.")
    if os.path.exists(os.path.join(filepath, METADATA_FILE)) and not overwrite:
        raise FileExistsError(f"{filepath} already exists and overwrite=False.")
    if model._is_sequential:
        class_name, config = "Sequential", model.get_config()
    elif model._is_graph_network:
        class_name, config = "Functional", functional_config(model)
    else:
        class_name = type(model).__name__
        try:
            config = model.get_config()
        except NotImplementedError:
            config = None  # a subclassed model: load_model will need its class
    metadata = {"format": FORMAT, "version": VERSION, "class_name": class_name,
                "config": config, "name": model.name,
                "revived_weights": _weights_by_layer(model),
                "revived_layers": _layers_by_path(model) if class_name not in (
                    "Sequential", "Functional") else [],
                "build_input_shape": _jsonable_shape(getattr(model, "_build_input_shape", None)),
                "compile": _compile_config(model) if include_optimizer else None,
                "vocabularies": vocabularies(model)}
    text = json.dumps(metadata, indent=1, sort_keys=True, default=_no_json)
    os.makedirs(os.path.join(filepath, "variables"), exist_ok=True)
    # Saving over an earlier model: its metadata goes first (a save cut short is then no
    # model at all, not the old one over new weights), and so do its traced functions.
    for stale in (METADATA_FILE, *TRACE_FILES):
        if os.path.exists(os.path.join(filepath, stale)):
            os.remove(os.path.join(filepath, stale))
    checkpoint_io.write_checkpoint(model if include_optimizer else _WeightsOnly(model),
                                   os.path.join(filepath, VARIABLES_PREFIX))
    if class_name not in ("Sequential", "Functional") and save_traces and include_optimizer:
        _save_call_trace(model, filepath)
    elif serving_functions and save_traces and include_optimizer:
        _save_serving_functions(model, filepath, signatures)
    # The metadata goes last: a directory without it is no saved model.
    checkpoint_io._atomic_write(os.path.join(filepath, METADATA_FILE),
                                lambda f: f.write(text.encode()))


def _weights_by_layer(model):
    """The names of the model's weights layer by layer (then any of its own), the order a
    model revived without its class lists them in, as in TF."""
    names = []
    for layer in model.layers:
        names.extend(w.name for w in layer.weights if w.name not in names)
    names.extend(w.name for w in model.weights if w.name not in names)
    return names


def _layers_by_path(model):
    """What a subclassed model loaded without its class needs to bring its layers back, as
    TF does: each layer (nested ones too, depth first in attribute order) by its path in the
    checkpoint ("dense_layers/0"), its class name, name, trainable flag and config (None when
    it has none)."""
    from .layers.base import Layer  # (layers import this module)

    entries = []

    def walk(obj, prefix):
        for key, child in obj._trackable_children().items():
            if isinstance(child, Layer):
                entries.append({"path": prefix + key, "class_name": type(child).__name__,
                                "name": child.name, "trainable": child.trainable,
                                "config": _config_or_none(child)})
                walk(child, f"{prefix}{key}/")

    walk(model, "")
    return entries


def _config_or_none(layer):
    """The layer's config as JSON (a text, so that its keys keep their order), or None."""
    try:
        return json.dumps(layer.get_config(), default=_no_json)
    except Exception:  # noqa: BLE001 - a layer without a (plain) config is revived without one
        return None


def vocabularies(model):
    """The vocabularies of the lookup layers in `model` (StringLookup, IntegerLookup,
    TextVectorization): ``adapt`` learns them and no weight holds them, so the metadata does
    (TF keeps them as assets). Each entry names its layer by place and name."""
    entries = []
    for index, layer in enumerate(model._flatten_layers(include_self=False)):
        if not callable(getattr(layer, "set_vocabulary", None)):
            continue
        try:
            tokens = layer.get_vocabulary(include_special_tokens=False)
        except AttributeError:  # never adapted nor given a vocabulary
            continue
        if not tokens:
            continue
        idf = getattr(layer, "_idf", None)
        entries.append({"index": index, "name": layer.name,
                        "vocabulary": [t.item() if isinstance(t, np.generic) else t
                                       for t in tokens],
                        "idf_weights": None if idf is None else np.asarray(idf).tolist()})
    return entries


def restore_vocabularies(model, entries):
    """Gives the rebuilt model's lookup layers the vocabularies saved by `vocabularies`."""
    layers = list(model._flatten_layers(include_self=False))
    for entry in entries or []:
        index = entry["index"]
        if index < len(layers) and layers[index].name == entry["name"]:
            layer = layers[index]
        else:
            layer = next((x for x in layers if x.name == entry["name"]), None)
            if layer is None:
                continue
        idf = entry.get("idf_weights")
        if idf is None:
            layer.set_vocabulary(entry["vocabulary"])
            continue
        # The saved weights cover the special tokens too: set the terms, then all of them.
        specials = len(idf) - len(entry["vocabulary"])
        layer.set_vocabulary(entry["vocabulary"], idf_weights=idf[specials:])
        layer._idf = np.asarray(idf, np.float32)


def _save_call_trace(model, filepath):
    """Saves the subclassed model's call, traced for the input its first call saw, beside its
    checkpoint (a SavedModel's functions), so load_model can revive it without its class as
    TF does. A call that cannot be traced leaves a model that loads with its class only."""
    write_functions = hooks.find("saved_model.write_functions")
    if write_functions is None or model.__dict__.get("_call_input_spec") is None:
        return
    try:
        write_functions(model, filepath)
    except Exception as exc:  # noqa: BLE001 - any trace failure: the save itself still holds
        warnings.warn(f"The call of {type(model).__name__} could not be traced for saving "
                      f"({type(exc).__name__}: {exc}); load_model will need the class in "
                      "custom_objects.", stacklevel=3)


def _save_serving_functions(model, filepath, signatures):
    """A Sequential or functional model's call, traced for its input (``__call__`` and the
    ``serving_default`` signature). load_model rebuilds such a model from its config and never
    needs them: a model whose call cannot be traced is still saved, only without them."""
    write_functions = hooks.find("saved_model.write_functions")
    if write_functions is None:
        return
    try:
        write_functions(model, filepath, signatures)
    except Exception:  # noqa: BLE001 - the functions are an extra; the save itself holds
        for name in TRACE_FILES:
            if os.path.exists(os.path.join(filepath, name)):
                os.remove(os.path.join(filepath, name))


def _no_json(value):
    """JSON for what configs often hold besides plain values, as Keras 2 writes them: NumPy
    scalars and arrays (a ``get_config`` returning ``self.var.numpy()``), shapes, dtypes."""
    if hasattr(value, "as_list"):
        return value.as_list()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, dtypes.DType):
        return value.name
    if value is Ellipsis:  # (in a subscript, `x[..., 0]`: TF's Keras writes it so)
        return {"class_name": "__ellipsis__"}
    raise NotImplementedError(f"The model's config holds a {type(value).__name__}, which "
                              "cannot be saved; give its layers JSON-friendly get_config().")


def _jsonable_shape(shape):
    if shape is None:
        return None
    if hasattr(shape, "as_list"):
        return shape.as_list() if shape.rank is not None else None
    if isinstance(shape, (list, tuple)):
        return [_jsonable_shape(s) if isinstance(s, (list, tuple)) or hasattr(s, "as_list")
                else s for s in shape]
    return shape


# --- the tf.keras.saving namespace ---------------------------------------------------------------
# This module is tf.keras.saving: TF lists the serialization helpers there too (and
# load_model, which keras/__init__.py attaches: loading builds on this module).
custom_object_scope = serialization.custom_object_scope
get_custom_objects = serialization.get_custom_objects
register_keras_serializable = serialization.register_keras_serializable
get_registered_name = serialization.get_registered_name
get_registered_object = serialization.get_registered_object
serialize_keras_object = serialization.serialize_keras_object
deserialize_keras_object = serialization.deserialize_keras_object


class _WeightsOnly:
    """A model seen without its optimizer (``include_optimizer=False``)."""

    def __init__(self, model):
        self._model = model

    def _trackable_children(self):
        return {k: v for k, v in self._model._trackable_children().items()
                if k != "optimizer"}

"""``tf.keras.export.ExportArchive`` and ``Model.export``: a SavedModel for inference only.

An archive tracks the objects whose variables the artifact needs (a model, a layer), and
serves named endpoints: functions traced for an input signature. ``write_out`` saves them with
``tf.saved_model.save`` (the endpoints as the root's functions and as signatures, the one named
"serve" also as "serving_default") and prints each endpoint's signature, as TF does.
``tf.saved_model.load`` reads the artifact back without any Keras code.
"""

from ..checkpoints import hooks
from ..core.spec import TensorSpec
from ..module.module import Module


class ExportArchive:
    """Collects what an inference artifact holds, then writes it with ``write_out``."""

    def __init__(self):
        self._tracked = []
        self._endpoints = {}  # name -> tf.function with its input signature
        self._variable_collections = {}

    def track(self, resource):
        """Makes the variables of `resource` (a layer or model, built) part of the artifact."""
        from .layers.base import Layer
        if isinstance(resource, Layer) and not resource.built:
            raise ValueError("The layer provided has not yet been built. It must be built "
                             "before export.")
        self._tracked.append(resource)

    def add_endpoint(self, name, fn=None, input_signature=None):
        """Serves ``fn`` traced for ``input_signature`` under ``name``."""
        function = hooks.find("saved_model.function")  # tf.function (keras sits beside it)
        is_tf_function = hasattr(fn, "get_concrete_function")
        if name in self._endpoints:
            raise ValueError(f"Endpoint name '{name}' is already taken.")
        if input_signature is None and not is_tf_function:
            raise ValueError("You must provide an `input_signature` when adding an endpoint "
                             "whose function is not a `tf.function` with one.")
        if not is_tf_function or input_signature is not None:
            fn = function(fn, input_signature=input_signature, autograph=False)
        self._endpoints[name] = fn
        return fn

    def add_variable_collection(self, name, variables):
        """Saves the list `variables` as the attribute `name` of the loaded artifact."""
        self._variable_collections[name] = list(variables)

    def write_out(self, filepath, options=None):
        """Saves the artifact at `filepath` and prints its endpoints."""
        save = hooks.find("saved_model.save")
        if not self._endpoints:
            raise ValueError("No endpoints have been set yet. Call add_endpoint().")
        root = Module()
        root._tracked_resources = list(self._tracked)
        for name, variables in self._variable_collections.items():
            setattr(root, name, variables)
        signatures = {}
        for name, fn in self._endpoints.items():
            setattr(root, name, fn)
            signatures[name] = fn.get_concrete_function()
        if "serve" in signatures:
            signatures["serving_default"] = signatures["serve"]
        save(root, filepath, signatures=signatures, options=options)
        print(_saved_message(filepath, self._endpoints))


def _saved_message(filepath, endpoints):
    parts = []
    for name, fn in endpoints.items():
        lines = fn.get_concrete_function().pretty_printed_signature(verbose=True).split("\n")
        parts.append("\n".join([f"* Endpoint '{name}'"] + lines[1:]))
    return (f"Saved artifact at '{filepath}'. The following endpoints are available:\n\n"
            + "\n\n".join(parts))


def export_model(model, filepath):
    """``model.export(filepath)``: an archive serving ``model`` as the endpoint "serve"."""
    archive = ExportArchive()
    archive.track(model)
    signature = _input_signature(model)

    def serve(args_0, /):  # TF traces the model's call: one positional argument
        return model(args_0, training=False)

    archive.add_endpoint("serve", serve, input_signature=[signature])
    archive.write_out(filepath)


def _input_signature(model):
    """The spec of a model's input (a list of them for several inputs): its Input layers'
    (named after them), else what its first call saw."""
    inputs = getattr(model, "inputs", None)
    if inputs:
        specs = [TensorSpec(t.shape, t.dtype, name=getattr(t, "name", None)) for t in inputs]
        return specs[0] if len(specs) == 1 else specs
    spec = model.__dict__.get("_call_input_spec")
    if spec is None:
        raise ValueError("This model has not yet been built. Build the model first by "
                         "calling `build()` or by calling the model on a batch of data.")
    dims = spec.shape.as_list() if spec.shape.rank else None
    return TensorSpec([None] + dims[1:], spec.dtype) if dims else spec  # any batch size

"""``tf.keras.Sequential``: a linear stack of layers."""

from ...core.shape import TensorShape
from ...core.tensor import Tensor
from ...module.module import ModuleNameScope
from .. import serialization
from ..keras_tensor import KerasTensor
from ..layers.base import Layer, tracking_changed
from ..layers.core import Input, InputLayer
from .training import MODEL_CLASSES, Model, check_input_shape, conform_to_input, make_layer


def _declared_input(layer):
    """(batch shape, dtype) a first layer declares: its ``input_shape`` argument, or the input
    a nested model starts from (TF's image tutorial puts a Sequential made with an input
    shape first: the outer model is then built from it), else (None, None)."""
    if layer._batch_input_shape is not None:
        return layer._batch_input_shape, layer.dtype
    if isinstance(layer, Sequential):
        if layer._has_explicit_input():
            return tuple(layer._graph_input.shape.as_list()), layer._graph_input.dtype
        return None, None
    inputs = getattr(layer, "inputs", None) if getattr(layer, "_is_graph_network", False) \
        else None
    if inputs and len(inputs) == 1:
        return tuple(inputs[0].shape.as_list()), inputs[0].dtype
    return None, None


class Sequential(Model):
    """Layers applied one after the other. Give the first one ``input_shape=`` (or start with
    ``tf.keras.Input``) and the model is built at once; otherwise on its first call."""

    _layers_by_position = True
    _containers_kept_by_methods = frozenset({"_stack"})  # add() and pop() tell the weight cache
    _is_sequential = True

    def __init__(self, layers=None, name=None):
        super().__init__(name=name)
        self._stack = []
        self._graph_input = None
        self._graph_output = None
        # Without an input shape, TF infers the graph from the first call's shape (batch size
        # included) and relaxes it to None where a later call differs (see _infer_graph).
        self._inferred_input_shape = None
        self._inferred_nodes = []
        self._deferred_without_graph = False
        if layers is not None:
            if not isinstance(layers, (list, tuple)):
                layers = [layers]
            for layer in layers:
                self.add(layer)

    @property
    def layers(self):
        return list(dict.fromkeys(self._stack))  # each layer once

    def add(self, layer):
        if isinstance(layer, KerasTensor):  # tf.keras.Input(...) as the first "layer"
            if layer._node is None or not isinstance(layer._node.layer, InputLayer):
                raise TypeError("Only a KerasTensor from `tf.keras.Input` can be added to a "
                                "Sequential model.")
            if self._stack or self._graph_input is not None:
                raise ValueError("An Input can only be the first entry of a Sequential model.")
            self._graph_input = self._graph_output = layer
            return
        if not isinstance(layer, Layer):
            raise TypeError("The added layer must be an instance of class Layer. Received: "
                            f"layer={layer} of type {type(layer)}.")
        if isinstance(layer, InputLayer):
            if self._stack or self._graph_input is not None:
                raise ValueError("An InputLayer can only be the first layer of a Sequential "
                                 "model.")
            self._graph_input = self._graph_output = layer._input_tensor
            return
        # (the same layer twice is allowed: it runs at both places)
        if any(existing.name == layer.name and existing is not layer
               for existing in self._stack):
            raise ValueError("All layers added to a Sequential model should have unique names. "
                             f"Name \"{layer.name}\" is already the name of a layer in this "
                             "model. Update the `name` argument to pass a unique name.")
        self._stack.append(layer)
        tracking_changed()
        declared_shape, declared_dtype = _declared_input(layer)
        if self._graph_output is None and len(self._stack) == 1 and \
                declared_shape is not None:
            # TF names the implicit input after the first layer: dense_input.
            self._graph_input = self._graph_output = Input(
                batch_shape=declared_shape, dtype=declared_dtype,
                name=f"{layer.name}_input")
        if self._graph_output is not None:
            self._extend_graph(layer)

    def _extend_graph(self, layer):
        out = layer(self._graph_output)
        if not isinstance(out, KerasTensor):
            raise TypeError("All layers in a Sequential model should have a single output "
                            f"tensor; layer {layer.name} returned {out}.")
        self._graph_output = out
        self.built = True

    def pop(self):
        if not self._stack:
            raise TypeError("There are no layers in the model.")
        self._stack.pop()
        tracking_changed()
        if self._graph_input is not None:
            self._graph_output = self._graph_input
            for layer in self._stack:
                self._graph_output = layer._inbound_nodes[-1].flat_outputs[0] \
                    if layer._inbound_nodes else layer(self._graph_output)

    @property
    def inputs(self):
        return [self._graph_input] if self._graph_input is not None else None

    @property
    def outputs(self):
        return [self._graph_output] if self._graph_output is not None else None

    @property
    def input(self):
        if self._graph_input is None:
            raise AttributeError(f"Layer {self.name} is not connected, no input to return.")
        return self._graph_input

    @property
    def output(self):
        if self._graph_output is None:
            raise AttributeError(f"Layer {self.name} has no inbound nodes.")
        return self._graph_output

    @property
    def input_shape(self):
        if self._graph_input is None:
            raise AttributeError("The layer has never been called and thus has no defined "
                                 "input shape.")
        return tuple(self._graph_input.shape.as_list())

    @property
    def output_shape(self):
        if self._graph_output is None:
            raise AttributeError("The layer has never been called and thus has no defined "
                                 "output shape.")
        return tuple(self._graph_output.shape.as_list())

    def build(self, input_shape=None):
        if self._graph_output is not None and self._stack and \
                self._graph_output is not self._graph_input:
            self.built = True
            return
        if input_shape is None:
            raise ValueError("You must provide an `input_shape` argument.")
        if isinstance(input_shape, dict):  # a dict of features (DenseFeatures first): as in
            self._deferred_without_graph = True  # TF, no graph; the layers run in turn
            self.built = True
            return
        self._infer_graph(TensorShape(input_shape).as_list())
        self.built = True

    def _has_explicit_input(self):
        return self._graph_input is not None and self._inferred_input_shape is None

    def _infer_graph(self, dims, dtype=None):
        """Rebuild the implicit input graph for a call of shape `dims`: TF keeps the first
        call's shape and, where a later call's differs, relaxes that dimension to None."""
        old = self._inferred_input_shape
        if old is not None:
            if len(old) != len(dims):
                return
            dims = [a if a == b else None for a, b in zip(old, dims)]
            if dims == old:
                return
        for _, node in self._inferred_nodes:  # one node per layer, from the newest graph
            node.detach()
        self._inferred_nodes = []
        self._inferred_input_shape = dims
        self._graph_input = self._graph_output = Input(
            batch_shape=dims, dtype=dtype,
            name=f"{self._stack[0].name}_input" if self._stack else None)
        try:
            # TF builds this graph apart from any model or layer being called: the layers'
            # weights get no outer name scope ('dense/kernel:0', not 'outer/sequential/...').
            with ModuleNameScope(""):
                for layer in self._stack:
                    self._extend_graph(layer)
                    self._inferred_nodes.append((layer, layer._inbound_nodes[-1]))
        except (NotImplementedError, TypeError):
            # A layer that cannot run symbolically: TF then gives up
            # the graph and runs the layers one after the other.
            self._graph_input = self._graph_output = None
            self._deferred_without_graph = True

    def _infer_input_from_data(self, handler):
        # TF's fit/evaluate/predict trace their step on the data's static shape: the graph
        # takes that shape (a partial last batch or a dataset leaves the batch size None).
        if self._has_explicit_input() or self._deferred_without_graph or not self._stack or \
                getattr(self, "_run_eagerly", None):
            return
        spec = handler.traced_x_spec()
        if spec is not None:
            self._infer_graph(*spec)
            self.built = self.built or self._graph_output is not None

    def _graph_ends(self, inputs):
        if not isinstance(inputs, KerasTensor) or self._deferred_without_graph:
            return None
        if self._inferred_input_shape is not None and \
                inputs.shape.as_list() != self._inferred_input_shape:
            self._infer_graph(inputs.shape.as_list(), inputs.dtype)  # TF relaxes it too
        if self._graph_output is None or self._deferred_without_graph or \
                self._graph_input.shape.rank != inputs.shape.rank:
            return None
        return [self._graph_input], self._graph_output

    def call(self, inputs, training=None, mask=None):
        if self._inferred_input_shape is not None and not self._deferred_without_graph and \
                isinstance(inputs, Tensor):
            dims = inputs.shape.as_list()
            if dims != self._inferred_input_shape:
                self._infer_graph(dims, inputs.dtype)
        x = inputs
        if isinstance(self._graph_input, KerasTensor) and isinstance(x, Tensor):
            given = x.shape
            x = conform_to_input(x, self._graph_input)
            if self._has_explicit_input():
                # The model's own input (a tf.keras.Input, or the first layer's input_shape)
                # is checked first, as a functional model checks its inputs.
                check_input_shape(self.name, x, self._graph_input, given)
        for layer in self._stack:
            x = layer(x)
        return x

    def get_config(self):
        layer_configs = [serialization.serialize(layer) for layer in self._stack]
        if self._graph_input is not None:
            # Its InputLayer (a tf.keras.Input, or the one the first layer's input_shape
            # made: 'dense_input') comes first, as in TF's config.
            layer_configs.insert(0, serialization.serialize(self._graph_input._node.layer))
        return {"name": self.name, "layers": layer_configs}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        model = cls(name=config.get("name"))
        for entry in config["layers"]:
            model.add(make_layer(entry, dict(custom_objects or {})))
        return model


MODEL_CLASSES["Sequential"] = Sequential  # (a model config may name it)

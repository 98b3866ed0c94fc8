"""``tf.keras.Model``: a layer of layers, plus ``compile``/``fit``/``evaluate``/``predict``.

Three ways to make one:

* subclass ``Model`` and write ``call`` (sub-layers are attributes, tracked automatically);
* ``Model(inputs, outputs)`` on KerasTensors from ``tf.keras.Input``: the recorded graph of
  layer calls is replayed eagerly, node by node in topological order, on every call;
* ``Sequential`` (see ``sequential.py``).

``fit`` is an ordinary eager loop: for every batch, a ``GradientTape`` records the forward pass,
``optimizer.apply_gradients`` updates the weights, metrics accumulate, callbacks are told.
"""

import contextlib
import inspect

import numpy as np

from ...autodiff.tape import GradientTape
from ...core import context, errors, logs, nest
from ...core.shape import TensorShape
from ...core.spec import TensorSpec
from ...core.tensor import Tensor, convert_to_tensor
from ...distribute import strategy as distribute_lib
from ...ops import array_ops, math_ops, random_ops
from ...ops.sparse_ops import SparseTensor
from .. import backend, mixed_precision, optimizers, saving, serialization
from .. import callbacks as callbacks_mod
from .. import layers as layers_mod
from .. import losses as losses_mod
from .. import metrics as metrics_mod
from ..keras_tensor import KerasTensor
from ..layers.base import Layer, _NotTraceable, tf_function_calls
from ..layers.call_errors import raised_before_call
from ..layers.core import AddLoss, AddMetric, InputLayer, SlicingOpLambda, TFOpLambda
from . import data_adapter, intermediate_inputs, step_errors
from . import functional_config as functional_form
from . import summary as summary_mod
from .generator_methods import GeneratorMethods

_warn = logs.logger.warning  # TF's WARNING:tensorflow:... on stderr
_MODEL_KWARGS = {"trainable", "dtype", "dynamic", "autocast", "name"}
# compile() arguments TF 2 accepts (and we ignore: they tune execution, not results).
_COMPILE_KWARGS = {"sample_weight_mode", "experimental_steps_per_execution", "jit_compile",
                   "target_tensors", "distribute", "cloning", "experimental_run_tf_function"}


class _CompileState:
    """What ``compile`` configured (kept out of the weight tracker's sight)."""

    def __init__(self, loss, metrics, loss_weights, weighted_metrics):
        self.loss_spec = loss
        self.metric_spec = metrics
        self.weighted_metric_spec = weighted_metrics
        self.loss_weights = loss_weights
        self.loss_fns = None  # one Loss per output, resolved at the first batch
        self.metric_objs = None  # list (per output) of Metric objects
        # TF builds the compiled metrics at their first update: a custom train_step that
        # never updates them (only the loss) leaves them out of model.metrics.
        self.metrics_updated = False
        self.loss_tracker = metrics_mod.Mean(name="loss")
        self.output_loss_trackers = None  # "<output>_loss" per output when there are several
        self.output_names = None


class _CompiledLoss:
    """``model.compiled_loss``: the compiled losses as one callable (TF's LossesContainer)."""

    def __init__(self, model):
        self._model = model

    def __call__(self, y_true, y_pred, sample_weight=None, regularization_losses=None):
        return self._model._compiled_loss_value(y_true, y_pred, sample_weight,
                                                regularization_losses)

    @property
    def metrics(self):
        state = self._model._compile_state
        if state.loss_fns is None:  # not built until the first batch, as in TF
            return []
        return [state.loss_tracker] + [m for m in state.output_loss_trackers or [] if m]

    def reset_state(self):
        for m in self.metrics:
            m.reset_state()


class _CompiledMetrics:
    """``model.compiled_metrics``: the compiled metrics (TF's MetricsContainer)."""

    def __init__(self, model):
        self._model = model

    def update_state(self, y_true, y_pred, sample_weight=None):
        self._model._update_compiled_metrics(y_true, y_pred, sample_weight)

    @property
    def metrics(self):
        state = self._model._compile_state
        if not state.metrics_updated:
            return []
        return [m for group in state.metric_objs or [] for m in group]

    def reset_state(self):
        for m in self.metrics:
            m.reset_state()


def _set_trainable_state(state):
    """Sets each layer's own flag (not its sub-layers', as the `trainable` setter would)."""
    for layer, flag in state.pairs:
        layer._trainable = flag


def _serialized_compile_argument(value):
    """A compile argument as a config keeps it: names and numbers as given, Keras objects
    (optimizer, loss, metric) and functions in Keras's serialized form."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [_serialized_compile_argument(v) for v in value]
    if isinstance(value, dict):  # per output name
        return {k: _serialized_compile_argument(v) for k, v in value.items()}
    return serialization.serialize_keras_object(value)


def _deserialized_compile_argument(value):
    if isinstance(value, list):
        return [_deserialized_compile_argument(v) for v in value]
    if isinstance(value, dict):
        if "class_name" in value:
            return serialization.deserialize_keras_object(value)
        return {k: _deserialized_compile_argument(v) for k, v in value.items()}
    return value


class _TrainableState:
    """(layer, its own `trainable` flag) for this model and every layer inside it. Not a list:
    the attribute walk that finds a model's sub-layers would take a list of layers held by the
    model for its direct children (``model.layers`` would list nested layers after compile)."""

    __slots__ = ("pairs",)

    def __init__(self, pairs):
        self.pairs = pairs


def check_input_shape(model_name, value, keras_input, given_shape=None):
    """TF's check of a model's input against its ``tf.keras.Input``, Keras 2's rule for a
    model's inputs: a last axis of size 1 is ignored on either side, then the leading sizes
    are compared pairwise (the batch size is free); a rank of its own is no error here (the
    layers that follow check theirs). `given_shape`: the shape as passed, before
    ``conform_to_input`` (Keras checks first)."""
    expected = keras_input.shape
    given = value.shape if given_shape is None else TensorShape(given_shape)
    if given.rank is None or expected.rank is None:
        return
    if expected.rank:  # an Input(batch_size=4) takes other batch sizes too
        expected = TensorShape([None] + expected.as_list()[1:])
    shape, spec = given.as_list(), expected.as_list()
    shape = shape[:-1] if shape and shape[-1] == 1 else shape
    spec = spec[:-1] if spec and spec[-1] == 1 else spec
    if any(s is not None and d is not None and s != d for s, d in zip(spec, shape)):
        # TF checks this before the model's call, so the error names no call arguments
        raise raised_before_call(ValueError(
            f"Input 0 of layer \"{model_name}\" is incompatible with the layer: "
            f"expected shape={tuple(expected.as_list())}, found shape="
            f"{tuple(given.as_list())}"), model_name)


def _as_tensors(values):
    """`values` as TF's input checks list them: arrays converted to tensors."""
    return [convert_to_tensor(v) if isinstance(v, np.ndarray) else v for v in values]


def _is_composite(value):
    from ...ops.ragged_ops import RaggedTensor
    return isinstance(value, (SparseTensor, RaggedTensor))


def conform_to_input(value, reference):
    """`value` as a tensor, with its last axis fitted to the model input `reference` as Keras
    does: one axis short gets a last axis of 1 when the input's last axis is 1 (a column of
    scalars for an input of shape ``(1,)``), one extra axis of size 1 is squeezed away.
    Sparse and ragged values pass as they are (an ``Input(sparse=True)``)."""
    if _is_composite(value):
        return value
    value = convert_to_tensor(value) if not isinstance(value, Tensor) else value
    rank, expected = value.shape.rank, reference.shape.rank
    if rank is None or expected is None:
        return value
    if rank == expected + 1 and value.shape.as_list()[-1] == 1:
        return array_ops.squeeze(value, axis=-1)
    if rank == expected - 1 and reference.shape.as_list()[-1] == 1:
        return array_ops.expand_dims(value, axis=-1)
    return value


class Model(Layer, GeneratorMethods):
    """A layer that trains: subclassed, functional or Sequential."""

    _layers_by_position = False  # Sequential: checkpoints name its layers layer-0, layer-1...
    _is_sequential = False  # summary() lays a Sequential out as a plain stack
    # A subclassed model has no graph of layers to start from or end at: TF's are None.
    inputs = outputs = input_names = None

    def __new__(cls, *args, **kwargs):
        # `tf.keras.Model(inputs, outputs)` builds an instance of the subclass Functional, as
        # TF does (so `type(model).__name__` prints "Functional"); subclasses stay themselves.
        if cls is Model and _is_functional_call(args, kwargs):
            cls = Functional
        model = super().__new__(cls)
        # What the default get_config of a subclassed model returns (as TF records it)
        model.__dict__["_init_arguments"] = _plain_init_arguments(cls, args, kwargs)
        return model

    def __init__(self, *args, **kwargs):
        inputs = kwargs.pop("inputs", None)
        outputs = kwargs.pop("outputs", None)
        if len(args) > 1 or (args and outputs is not None):
            inputs = args[0] if inputs is None else inputs
            if len(args) > 1:
                outputs = args[1] if outputs is None else outputs
        # else TF ignores a lone positional argument (TF's text generation tutorial's
        # subclass calls super().__init__(self))
        for key in kwargs:
            if key not in _MODEL_KWARGS:
                raise TypeError(f"Keyword argument not understood: {key}")
        super().__init__(**kwargs)
        self._is_graph_network = False
        self.optimizer = None
        self.stop_training = False
        self.history = None
        self._compile_state = None
        self._run_eagerly = None
        # A model made inside `strategy.scope()` belongs to that strategy (TF records it here)
        self._distribution_strategy = \
            distribute_lib.get_strategy() if distribute_lib.has_strategy() else None
        if inputs is not None or outputs is not None:
            if inputs is None or outputs is None:
                missing = "outputs" if outputs is None else "inputs"
                given = "inputs" if outputs is None else "outputs"
                # TF reads a lone `inputs=`/`outputs=` as an unknown keyword of a subclass.
                raise TypeError(f"Keyword argument not understood: {given} (a functional "
                                f"Model needs both `inputs` and `outputs`; `{missing}` is "
                                "missing).")
            self._init_graph_network(inputs, outputs)

    # --- the functional graph ---------------------------------------------------------------------
    def _init_graph_network(self, inputs, outputs):
        # As TF: a list of one input or output stands for that tensor (Model([x], [y]) takes
        # and returns one tensor, and its `input`/`output` are KerasTensors).
        inputs, outputs = _single_unwrapped(inputs), _single_unwrapped(outputs)
        if any(isinstance(x, KerasTensor) and x._node is not None and
               not intermediate_inputs.is_input_tensor(x) for x in nest.flatten(inputs)):
            inputs, outputs = intermediate_inputs.clone_from_inputs(inputs, outputs)
        flat_inputs = nest.flatten(inputs)
        flat_outputs = nest.flatten(outputs)
        for x in flat_inputs:
            if not isinstance(x, KerasTensor) or x._node is None or \
                    not isinstance(x._node.layer, InputLayer):
                raise ValueError("Input tensors to a Model must come from `tf.keras.Input`. "
                                 f"Received: {x} (missing previous layer metadata).")
        for x in flat_outputs:
            if not isinstance(x, KerasTensor):
                raise ValueError(f"Output tensors of a functional Model must be the output of "
                                 f"a layer called on KerasTensors. Received: {x}")
        self._nested_inputs = inputs
        self._nested_outputs = outputs
        self._symbolic_inputs = flat_inputs
        self._symbolic_outputs = flat_outputs
        self.inputs = flat_inputs
        self.outputs = flat_outputs
        self._nodes = _topological_nodes(flat_outputs)
        _connected_layers(self._nodes, {id(x) for x in flat_inputs}, [])  # checks the graph
        input_layers = [x._node.layer for x in flat_inputs]
        self._graph_layers = _layers_by_depth(flat_outputs, input_layers)
        self.input_names = [layer.name for layer in input_layers]
        self.output_names = _unique_output_names([x._node.layer.name for x in flat_outputs])
        self._is_graph_network = True
        self.built = True

    @property
    def losses(self):
        """The losses of the last call; a functional model not yet called lists its symbolic
        ``add_loss`` terms (KerasTensors), as TF does."""
        out = super().losses
        if self._is_graph_network:
            for node in self._nodes:
                if isinstance(node.layer, AddLoss) and not node.layer._eager_losses:
                    out.extend(node.keras_inputs)
        return out

    def _add_symbolic_term(self, tensor, kind, **options):
        """``add_loss``/``add_metric`` of a KerasTensor (TF's AddLoss/AddMetric layers): the
        layers that compute it, then one that adds it, join the graph and run at every call."""
        if not self._is_graph_network:
            return super()._add_symbolic_term(tensor, kind, **options)
        if kind == "add_loss":
            adder = AddLoss(unconditional=False, dtype=tensor.dtype)
        elif options["name"] is None:
            raise ValueError("Please provide a name for your metric like "
                             "`self.add_metric(tf.reduce_sum(inputs), name='mean_activation')`")
        else:
            adder = AddMetric(aggregation=options["aggregation"] or "mean",
                              metric_name=options["name"], dtype=tensor.dtype)
        self._attach_nodes([adder(tensor)])

    def _attach_nodes(self, ends):
        """Adds the nodes computing the KerasTensors `ends` (from the model's own inputs) to
        the graph, after those it has; they run at every call though no output needs them."""
        new_nodes = [node for node in _topological_nodes(ends) if node not in self._nodes]
        available = {id(x) for x in self._symbolic_inputs}
        available.update(id(t) for node in self._nodes for t in node.flat_outputs)
        self._graph_layers = _connected_layers(new_nodes, available, list(self._graph_layers))
        self._nodes = self._nodes + new_nodes

    def _run_graph(self, inputs):
        values = {}
        if isinstance(inputs, dict) and not isinstance(self._nested_inputs, dict):
            flat = [inputs[name] for name in self.input_names]
        else:
            flat = nest.flatten(inputs)
        if len(flat) != len(self._symbolic_inputs):
            # TF checks this before the model's call, so the error names no call arguments
            raise raised_before_call(ValueError(
                f"Layer \"{self.name}\" expects {len(self._symbolic_inputs)} input(s), but it "
                f"received {len(flat)} input tensors. Inputs received: {_as_tensors(flat)}"),
                self.name)
        for kt, value in zip(self._symbolic_inputs, flat):
            given = getattr(value, "shape", None) if not isinstance(value, (list, tuple)) \
                else np.shape(value)
            value = conform_to_input(value, kt)
            if value.dtype is not kt.dtype:
                # Keras casts every input to its keras.Input's dtype: raw uint8 MNIST pixels
                # go into a float32 model, as in the custom-training-loop guide.
                value = value.with_values(math_ops.cast(value.values, kt.dtype)) \
                    if isinstance(value, SparseTensor) else math_ops.cast(value, kt.dtype)
            check_input_shape(self.name, value, kt, given)
            values[id(kt)] = value

        def lookup(x):
            return values[id(x)] if isinstance(x, KerasTensor) else x

        for node in self._nodes:
            if isinstance(node.layer, InputLayer):
                continue
            args = nest.map_structure(lookup, list(node.call_args))
            kwargs = nest.map_structure(lookup, dict(node.call_kwargs))
            out = node.layer(*args, **kwargs)
            for kt, value in zip(node.flat_outputs, nest.flatten(out)):
                values[id(kt)] = value
        return nest.pack_sequence_as(self._nested_outputs,
                                     [values[id(x)] for x in self._symbolic_outputs])

    def call(self, inputs, training=None, mask=None):
        if self._is_graph_network:
            return self._run_graph(inputs)
        raise NotImplementedError("When subclassing the `Model` class, you should implement a "
                                  "`call()` method.")

    def compute_output_shape(self, input_shape):
        """The output shape(s) for inputs of `input_shape` (one shape, or a list of them): from
        the model's graph, else from a run of its call on stand-in zeros; either way with the
        given batch size where the model keeps it, as TF's trace of the call does."""
        inputs = _keras_tensors_for(input_shape)
        flat = nest.flatten(inputs)
        ends = self._graph_ends(inputs if len(flat) > 1 else flat[0])
        if ends is not None:
            outputs = self._outputs_on_keras_tensors(inputs, None, (inputs,), {})
        elif type(self).call is Model.call:
            raise NotImplementedError
        else:
            outputs = self._infer_outputs_by_running((inputs,), {})
            batch = flat[0].shape.as_list()[0] if flat[0].shape.rank else None
            outputs = nest.map_structure(lambda t: _with_batch(t, batch), outputs)
        return nest.map_structure(lambda t: t.shape, outputs)

    def _symbolic_output_shape(self, input_shapes):
        # A call on KerasTensors: a graph's outputs come from _outputs_on_keras_tensors, a
        # subclassed model's from running its call (with their dtypes), not from the shapes.
        raise NotImplementedError

    def _graph_ends(self, inputs):
        """(flat inputs, nested outputs) of the model's own graph for a call on the
        KerasTensors `inputs`, or None without one."""
        if self._is_graph_network:
            return self._symbolic_inputs, self._nested_outputs
        return None

    def _outputs_on_keras_tensors(self, inputs, shapes, args, kwargs):
        """A model called on KerasTensors answers with its graph's outputs (their dtypes:
        an Embedding's float output from int ids) and the caller's batch size where the
        graph leaves it open, as TF's trace of the graph on the new inputs gives."""
        ends = self._graph_ends(inputs)
        flat_given = nest.flatten(inputs)
        if ends is None or len(ends[0]) != len(flat_given) or \
                not all(isinstance(t, KerasTensor) for t in flat_given):
            return super()._outputs_on_keras_tensors(inputs, shapes, args, kwargs)
        graph_inputs, graph_outputs = ends
        if any(_sizes_past_batch(kt) != _sizes_past_batch(g)
               for kt, g in zip(flat_given, graph_inputs)):
            # Inputs of other sizes than the graph's (an augmentation Sequential first called
            # on larger images): TF's trace follows them through the layers.
            return super()._outputs_on_keras_tensors(inputs, shapes, args, kwargs)
        batch = _batch_sizes(flat_given, graph_inputs)

        def like(graph_output):
            dims = graph_output.shape.as_list() if graph_output.shape.rank is not None else None
            if dims and batch is not None and dims[0] == batch[0]:
                dims[0] = batch[1]
            return KerasTensor(dims, graph_output.dtype)

        return nest.map_structure(like, graph_outputs)

    def _maybe_build(self, inputs):
        if self.built or self._is_graph_network or type(self).build is not Model.build:
            return super()._maybe_build(inputs)
        # A subclassed model's first call makes its weights itself: TF does not run the
        # default build (a call on zeros, for model.build(shape)) first, so call runs once
        # (a print or add_loss in it happens once).
        if isinstance(inputs, Tensor):
            self._call_input_spec = TensorSpec(inputs.shape, inputs.dtype)
            if self.__dict__.get("_build_input_shape") is None:  # for get_build_config
                self.__dict__["_build_input_shape"] = inputs.shape
        self.built = True
        backend.restore_deferred(self)

    def build(self, input_shape):
        """Creates the weights by calling the model once on zeros of `input_shape`."""
        if self._is_graph_network:
            self.built = True
            return
        if input_shape is None:
            raise ValueError("Input shape must be defined when calling `build()` on a "
                             "`Model` subclass.")
        if not isinstance(input_shape, (list, tuple, dict, TensorShape)):
            raise ValueError("Specified input shape is not one of the valid types. Please "
                             "specify a batch input shape of type tuple or list of input "
                             f"shapes. User provided input type: {type(input_shape)}.")
        if type(self).call is Model.call:
            self.built = True  # nothing to run
            return

        def zeros(shape):
            dims = [1 if d is None else d for d in TensorShape(shape).as_list()]
            return convert_to_tensor(np.zeros(dims, dtype=np.float32))

        def shaped(make):
            if isinstance(input_shape, (list, tuple)) and input_shape and \
                    isinstance(input_shape[0], (list, tuple, TensorShape)):
                return [make(s) for s in input_shape]
            if isinstance(input_shape, dict):
                return {k: make(s) for k, s in input_shape.items()}
            return make(input_shape)

        try:  # as TF, a trace of call on placeholders (inner models keep the unknown batch)
            self._infer_outputs_by_tracing([shaped(lambda s: KerasTensor(TensorShape(s)))], {},
                                           drop_added_terms=True)
            self.built = True
            return
        except _NotTraceable:  # (a call the trace cannot take runs on zeros)
            pass
        x = shaped(zeros)
        with backend.init_scope():
            if self._call_signature()[0]:
                self.call(x, training=False)
            else:
                self.call(x)
        self.built = True

    # --- its weights, once they exist ------------------------------------------------------------
    def _assert_weights_created(self):
        """A model whose own class defines build() (Sequential does) makes its weights when it
        is built. Until then TF raises rather than list no weights, which would mislead."""
        if (not self.built and not self._is_graph_network and not self.dynamic
                and "build" in type(self).__dict__):
            raise ValueError(f"Weights for model '{self.name}' have not yet been created. "
                             "Weights are created when the model is first called on inputs "
                             "or `build()` is called with an `input_shape`.")

    @property
    def trainable_weights(self):
        self._assert_weights_created()
        return self._weight_lists()[0]

    @property
    def non_trainable_weights(self):
        self._assert_weights_created()
        return Layer._dedup(self._weight_lists()[1] + self._held_metric_variables())

    def _ordered_weights(self, trainable, non_trainable):
        """A model lists its children's weights before its own Variables (a layer, after);
        a frozen model's non-trainable list starts with its own trainable ones, as in TF."""
        own_trainable, own_non_trainable, children = self._own_variables()
        if not own_trainable and not own_non_trainable:
            return trainable, non_trainable
        groups = []  # the Variables listed first, group by group
        if not self._trainable:  # (a plain tf.Module child is not frozen: its come first)
            groups = [{id(v) for child in children if not isinstance(child, Layer)
                       for v in child.trainable_variables}, {id(v) for v in own_trainable}]
        first = set().union(*groups)
        last = {id(v) for v in own_trainable + own_non_trainable} - first

        def own_last(variables):
            return [v for group in groups for v in variables if id(v) in group] + \
                [v for v in variables if id(v) not in first and id(v) not in last] + \
                [v for v in variables if id(v) in last]

        return own_last(trainable), own_last(non_trainable)

    @property
    def weights(self):
        """Each child's weights in turn, then the model's own: TF's order for a model (a
        batch normalization's moving statistics stay next to its other weights, where a
        layer lists all its trainable weights first). As in TF, the variables of metrics the
        model holds as attributes are among them (a layer's are not)."""
        self._assert_weights_created()
        own_trainable, own_non_trainable, children = self._own_variables()
        if self._is_graph_network or self._is_sequential:
            children = self.layers + [c for c in children if isinstance(c, metrics_mod.Metric)]
        weights = []
        for child in children:
            if isinstance(child, metrics_mod.Metric) or not isinstance(child, Layer):
                weights.extend(child.variables)  # (a metric, or a plain tf.Module)
            elif not child._exclude_from_weights:
                weights.extend(child.weights)
        trainable, non_trainable = self._weight_lists()
        weights = Layer._dedup(weights + own_trainable + own_non_trainable)
        # (anything the walk above does not reach keeps its usual place, at the end)
        return Layer._dedup(weights + trainable + non_trainable)

    def _held_metric_variables(self):
        return [v for child in self._direct_children()[0]
                if isinstance(child, metrics_mod.Metric) for v in child.variables]

    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights
    variables = weights

    # A functional model's own inputs and outputs (a layer's are those of its calls).
    @property
    def input(self):
        if self._is_graph_network:
            return self._nested_inputs
        return super().input

    @property
    def output(self):
        if self._is_graph_network:
            return self._nested_outputs
        return super().output

    @property
    def input_shape(self):
        if self._is_graph_network:
            return _unwrap_single([tuple(x.shape.as_list()) for x in self._symbolic_inputs])
        return super().input_shape

    @property
    def output_shape(self):
        if self._is_graph_network:
            return _unwrap_single([tuple(x.shape.as_list()) for x in self._symbolic_outputs])
        return super().output_shape

    @property
    def layers(self):
        if self._is_graph_network:
            return list(self._graph_layers)
        return super().layers

    def get_layer(self, name=None, index=None):
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only "
                                 f"has {len(self.layers)} layers.")
            return self.layers[index]
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise ValueError(f"No such layer: {name}. Existing layers are: "
                         f"{[layer.name for layer in self.layers]}.")

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False,
                show_trainable=False, layer_range=None):
        summary_mod.print_summary(self, line_length=line_length, positions=positions,
                                  print_fn=print_fn, expand_nested=expand_nested,
                                  show_trainable=show_trainable, layer_range=layer_range)

    # --- build and compile configs (what the Keras v3 file format keeps besides get_config) -----
    def get_build_config(self):
        """A functional model's or Sequential's input shapes; a subclassed model's build shape."""
        if self._is_graph_network or (self._is_sequential and self.inputs):
            shapes = [tuple(t.shape.as_list()) for t in self.inputs]
            nested = getattr(self, "_nested_inputs", None)
            if isinstance(nested, dict):
                return {"input_shape": dict(zip(nested, shapes))}
            return {"input_shape": shapes[0] if len(shapes) == 1 else shapes}
        return super().get_build_config()

    def get_compile_config(self):
        """The arguments `compile` was given (objects in their serialized form); None before
        the model is compiled."""
        state = self._compile_state
        if state is None:
            return None
        return {key: _serialized_compile_argument(value)
                for key, value in state.arguments.items()}

    def compile_from_config(self, config):
        """Compiles the model with `get_compile_config`'s arguments."""
        self.compile(**{key: _deserialized_compile_argument(value)
                        for key, value in config.items()})

    # --- compile ----------------------------------------------------------------------------------
    def compile(self, optimizer="rmsprop", loss=None, metrics=None, loss_weights=None,
                weighted_metrics=None, run_eagerly=None, steps_per_execution=None, **kwargs):
        unknown = set(kwargs) - _COMPILE_KWARGS
        if unknown:  # a misspelt argument (optimiser=) must not be silently ignored
            raise TypeError(f"Invalid keyword argument(s) in `compile()`: ({unknown},). Valid "
                            'keyword arguments include "cloning", '
                            '"experimental_run_tf_function", "distribute", "target_tensors", '
                            'or "sample_weight_mode".')
        self.optimizer = optimizers.get(optimizer)
        if self.dtype_policy.name == "mixed_float16" and \
                not isinstance(self.optimizer, mixed_precision.LossScaleOptimizer):
            # float16 gradients underflow: Keras scales the loss for such a model (TF does too)
            self.optimizer = mixed_precision.LossScaleOptimizer(self.optimizer)
        # Loss and metric names are looked up at the first batch, as TF does (an unknown name
        # fails there, before any weight changes).
        self._compile_state = _CompileState(loss, metrics, loss_weights, weighted_metrics)
        self._compile_state.arguments = {
            "optimizer": optimizer, "loss": loss, "metrics": metrics,
            "loss_weights": loss_weights, "weighted_metrics": weighted_metrics,
            "run_eagerly": run_eagerly, "steps_per_execution": steps_per_execution,
            "jit_compile": kwargs.get("jit_compile")}
        # TF trains with the `trainable` flags the layers had at compile time: a layer frozen
        # (or unfrozen) after compile() changes nothing until the model is compiled again.
        self._compiled_trainable_state = self._trainable_state()
        self._run_eagerly = run_eagerly
        self.stop_training = False
        self.__dict__.pop("_tf_functions", None)  # (TF makes its step functions anew)

    @property
    def loss(self):
        return None if self._compile_state is None else self._compile_state.loss_spec

    @property
    def compiled_loss(self):
        """The losses given to ``compile``, as one callable: ``compiled_loss(y, y_pred,
        sample_weight=None, regularization_losses=None)`` returns the total and updates the
        ``loss`` metric (what a custom ``train_step`` calls)."""
        return None if self._compile_state is None else _CompiledLoss(self)

    @property
    def compiled_metrics(self):
        """The metrics given to ``compile``: ``update_state(y, y_pred, sample_weight=None)``."""
        return None if self._compile_state is None else _CompiledMetrics(self)

    @property
    def run_eagerly(self):
        # What the user asked for, as TF reports it: eagerbook's fit runs eagerly whatever
        # this says, but TF prints False unless run_eagerly=True (or a dynamic layer, or
        # tf.config.run_functions_eagerly(True)) asks for it.
        requested = getattr(self, "_run_eagerly", None)
        return bool(self.dynamic or requested or
                    (requested is None and context.functions_run_eagerly()))

    @run_eagerly.setter
    def run_eagerly(self, value):
        self._run_eagerly = value

    @property
    def distribute_strategy(self):
        """The strategy whose scope the model was made in, else the current one."""
        return getattr(self, "_distribution_strategy", None) or distribute_lib.get_strategy()

    def _assert_compiled(self):
        if self._compile_state is None:
            raise RuntimeError("You must compile your model before training/testing. Use "
                               "`model.compile(optimizer, loss)`.")

    def _resolve_compile(self, y, y_pred):
        state = self._compile_state
        if state.loss_fns is not None:
            return state
        try:
            return self._resolve_compile_once(state, y, y_pred)
        except BaseException:
            state.loss_fns = state.metric_objs = None  # a bad name: resolved again next time
            raise

    def _resolve_compile_once(self, state, y, y_pred):
        flat_pred = nest.flatten(y_pred)
        n = len(flat_pred)
        names = self.output_names if self._is_graph_network and \
            len(self.output_names) == n else [f"output_{i + 1}" for i in range(n)]
        state.output_names = names
        spec = state.loss_spec
        if spec is None:
            state.loss_fns = [None] * n
        elif isinstance(spec, dict):
            state.loss_fns = [_as_loss(spec.get(name)) for name in names]
        elif isinstance(spec, (list, tuple)):
            if len(spec) != n:
                raise ValueError(f"When passing a list as loss, it should have one entry per "
                                 f"model outputs. The model has {n} outputs, but you passed "
                                 f"loss={spec}")
            state.loss_fns = [_as_loss(s) for s in spec]
        else:
            state.loss_fns = [_as_loss(spec)] * n
        weights = state.loss_weights
        if weights is None:
            state.loss_weight_list = [1.0] * n
        elif isinstance(weights, dict):
            state.loss_weight_list = [float(weights.get(name, 1.0)) for name in names]
        else:
            state.loss_weight_list = [float(w) for w in nest.flatten(weights)]
        if n > 1:
            # one "<output>_loss" tracker per output that has a loss (None where it has none)
            state.output_loss_trackers = [
                metrics_mod.Mean(name=f"{name}_loss") if fn is not None else None
                for name, fn in zip(names, state.loss_fns)]
        flat_y = self._flat_targets(y, n)
        # TF makes the compiled metrics in the first step's trace, whose graph counts names
        # afresh (run eagerly, in the program's counts).
        with contextlib.nullcontext() if self.run_eagerly else backend.names_of_a_new_graph():
            state.metric_objs = self._compiled_metrics(state, names, flat_y, flat_pred)
        return state

    @staticmethod
    def _compiled_metrics(state, names, flat_y, flat_pred):
        """Per output, the compiled metrics' objects (by name, class or object)."""
        n = len(names)
        objs = []
        seen = set()  # the names so far: TF refuses a second metric of a name
        state.weighted_ids = set()  # metrics given as weighted_metrics see the sample weights
        for i in range(n):
            entries = _metrics_for_output(state.metric_spec, names[i], i, n)
            plain = len(entries)
            entries += _metrics_for_output(state.weighted_metric_spec, names[i], i, n)
            yt = convert_to_tensor(flat_y[i]) if i < len(flat_y) and flat_y[i] is not None \
                else None
            out = []
            for entry in entries:
                try:
                    metric = metrics_mod.resolve(entry, state.loss_fns[i], yt, flat_pred[i])
                except ValueError:
                    if not isinstance(entry, str):
                        raise
                    # TF keeps an unknown name as it is and fails calling it.
                    raise TypeError(f"'str' object is not callable (the metric {entry!r} is "
                                    "not a known metric name)") from None
                if len(out) >= plain:
                    state.weighted_ids.add(id(metric))
                    if any(m._name == metric.name for m in out[:plain]):
                        metric._name = f"weighted_{metric.name}"  # TF's name for the twin
                if n > 1:
                    metric._name = f"{names[i]}_{metric.name}"
                if metric.name in seen:
                    raise ValueError(_duplicate_metric_name(metric.name, len(out) >= plain))
                seen.add(metric.name)
                out.append(metric)
            objs.append(out)
        return objs

    @property
    def metrics(self):
        """The loss tracker, the compiled metrics, then metrics that layers made with
        ``add_metric`` or hold as attributes (what ``fit`` resets and reports)."""
        out = []
        state = self._compile_state
        if state is not None and state.loss_fns is not None:  # TF: only once it has run
            out.append(state.loss_tracker)
            out.extend(m for m in state.output_loss_trackers or [] if m)
            for group in state.metric_objs if state.metrics_updated else []:
                out.extend(group)
        seen = {id(m) for m in out}
        for m in super().metrics:
            if id(m) not in seen:
                seen.add(id(m))
                out.append(m)
        return out

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    def reset_metrics(self):
        for m in self.metrics:
            m.reset_state()

    @property
    def stateful(self):
        """Whether a layer keeps state across calls (a ``stateful=True`` RNN)."""
        return any(getattr(layer, "stateful", False) for layer in self.layers)

    def reset_states(self):
        """Resets the state of every stateful layer (TF's ``Model.reset_states``)."""
        for layer in self.layers:
            if hasattr(layer, "reset_states") and getattr(layer, "stateful", False):
                layer.reset_states()

    # --- one step ---------------------------------------------------------------------------------
    def _compiled_loss_value(self, y, y_pred, sample_weight, regularization_losses):
        state = self._resolve_compile(y, y_pred)
        flat_pred = nest.flatten(y_pred)
        flat_y = self._flat_targets(y, len(flat_pred))
        if len(flat_y) != len(flat_pred):
            raise ValueError(f"The model has {len(flat_pred)} outputs but received "
                             f"{len(flat_y)} targets.")
        batch = float(flat_pred[0].shape[0] or 1)
        total = None
        for i, (fn, weight, yt, yp) in enumerate(zip(state.loss_fns, state.loss_weight_list,
                                                     flat_y, flat_pred)):
            if fn is None:
                continue
            if yt is None:
                raise ValueError("Target data is missing. Your model was compiled with "
                                 f"loss={state.loss_spec}, and therefore expects target data "
                                 "to be provided in `fit()`.")
            if len(yt.shape) == 1 and len(yp.shape) == 2 and not _is_sparse_loss(fn):
                yt = _as_column(yt)
            value = fn(yt, yp, sample_weight=sample_weight)
            if state.output_loss_trackers and state.output_loss_trackers[i]:
                state.output_loss_trackers[i].update_state(value, sample_weight=batch)
            if weight != 1.0:
                value = math_ops.multiply(value, weight)
            total = value if total is None else math_ops.add(total, value)
        for value in regularization_losses or []:
            value = convert_to_tensor(value)
            total = value if total is None else math_ops.add(total, value)
        if total is None:
            if any(fn is not None for fn in state.loss_fns) or not regularization_losses:
                raise ValueError("No loss found. You may have forgotten to provide a `loss` "
                                 "argument in the `compile()` method.")
        state.loss_tracker.update_state(total, sample_weight=batch)
        return total

    def _flat_targets(self, y, count):
        """Targets in output order: a dict of targets is matched to outputs by name."""
        if y is None:
            return [None] * count
        if isinstance(y, dict) and self._is_graph_network and \
                not isinstance(self._nested_outputs, dict):
            unknown = set(y) - set(self.output_names)
            if unknown:
                raise ValueError(f"Found unexpected keys that do not correspond to any Model "
                                 f"output: {sorted(unknown)}. Expected: {self.output_names}")
            return [y.get(name) for name in self.output_names]
        return nest.flatten(y)

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None):
        """The compiled losses plus the layers' ``add_loss`` terms (updates the loss metric)."""
        return self._compiled_loss_value(y, y_pred, sample_weight, self.losses)

    def compute_metrics(self, x, y, y_pred, sample_weight):
        """Updates the compiled metrics with this batch and returns every metric's result by
        name, the loss included: what a custom ``train_step`` returns. (`x` is unused here; a
        subclass may use it.)"""
        self._update_compiled_metrics(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def get_metrics_result(self):
        """``{name: result}`` of ``self.metrics`` (a metric whose result is a dict adds its
        entries)."""
        results = {}
        for metric in self.metrics:
            result = metric.result()
            if isinstance(result, dict):
                results.update(result)
            else:
                results[metric.name] = result
        return results

    def _trainable_state(self):
        return _TrainableState([(layer, layer._trainable) for layer in self._flatten_layers()])

    @contextlib.contextmanager
    def _respect_compiled_trainable_state(self):
        """fit/train_on_batch see the compile-time `trainable` flags; the flags set since
        come back afterwards (TF's RespectCompiledTrainableState)."""
        compiled = self.__dict__.get("_compiled_trainable_state")
        if compiled is None:
            yield
            return
        current = self._trainable_state()
        _set_trainable_state(compiled)
        try:
            yield
        finally:
            _set_trainable_state(current)

    def _update_compiled_metrics(self, y, y_pred, sample_weight):
        state = self._resolve_compile(y, y_pred)
        state.metrics_updated = True
        flat_pred = nest.flatten(y_pred)
        flat_y = self._flat_targets(y, len(flat_pred))
        weighted = getattr(state, "weighted_ids", ())
        for group, yt, yp in zip(state.metric_objs, flat_y, flat_pred):
            if group:
                yt = _target_like_prediction(yt, yp)
            for metric in group:
                # As in TF, sample and class weights reach only the weighted_metrics.
                metric.update_state(yt, yp, sample_weight=sample_weight
                                    if id(metric) in weighted else None)

    def _logs(self):
        # a metric of one value per class (F1Score) logs its array, as TF does
        return {m.name: _log_value(m.result()) for m in self.metrics}

    def train_step(self, data):
        x, y, sample_weight = data_adapter.unpack(data)
        with GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x, y, y_pred, sample_weight)
            scaling = isinstance(self.optimizer, mixed_precision.LossScaleOptimizer)
            if scaling:
                loss = self.optimizer.get_scaled_loss(loss)
        variables = self.trainable_variables  # after the call: it may have built the model
        if variables:  # a model with every weight frozen trains nothing, without an error
            grads = tape.gradient(loss, variables)
            if scaling:
                grads = self.optimizer.get_unscaled_gradients(grads)
            self.optimizer.apply_gradients(zip(grads, variables))
        self._update_compiled_metrics(y, y_pred, sample_weight)
        return self._logs()

    def test_step(self, data):
        x, y, sample_weight = data_adapter.unpack(data)
        y_pred = self(x, training=False)
        self.compute_loss(x, y, y_pred, sample_weight)
        self._update_compiled_metrics(y, y_pred, sample_weight)
        return self._logs()

    def predict_step(self, data):
        x, _, _ = data_adapter.unpack(data)
        return self(x, training=False)

    # --- loops ------------------------------------------------------------------------------------
    def _callback_list(self, callbacks, verbose, params, add_history):
        # As in TF, the History and the progress bar come after the user's callbacks: what a
        # callback prints at the end of a step or an epoch comes before the bar's line for it.
        cbs = callbacks_mod.CallbackList(callbacks, add_history=add_history,
                                         add_progbar=bool(verbose))
        if add_history:
            # A History among the given callbacks is the one fit returns, as in TF.
            cbs._fit_history = next(c for c in cbs.callbacks
                                    if isinstance(c, callbacks_mod.History))
        cbs.set_model(self)
        cbs.set_params(params)
        return cbs

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose=1, callbacks=None,
            validation_split=0.0, validation_data=None, shuffle=True, class_weight=None,
            sample_weight=None, initial_epoch=0, steps_per_epoch=None, validation_steps=None,
            validation_batch_size=None, validation_freq=1, max_queue_size=10, workers=1,
            use_multiprocessing=False):
        with self._respect_compiled_trainable_state():
            return self._fit(x, y, batch_size, epochs, verbose, callbacks, validation_split,
                             validation_data, shuffle, class_weight, sample_weight,
                             initial_epoch, steps_per_epoch, validation_steps,
                             validation_batch_size, validation_freq)

    def _fit(self, x, y, batch_size, epochs, verbose, callbacks, validation_split,
             validation_data, shuffle, class_weight, sample_weight, initial_epoch,
             steps_per_epoch, validation_steps, validation_batch_size, validation_freq):
        self._assert_compiled()
        if verbose == "auto":
            verbose = 1
        if validation_split and validation_data is None:
            if not data_adapter.is_array_input(x):
                # TF lists the types of the parts it cannot split (the data, flattened)
                unsplittable = [type(part) for part in nest.flatten((x, y, sample_weight))
                                if part is not None and not data_adapter.is_array_input(part)]
                raise ValueError("`validation_split` is only supported for Tensors or NumPy "
                                 f"arrays, found following types in the input: {unsplittable}")
            (x, y, sample_weight), validation_data = data_adapter.train_validation_split(
                (x, y, sample_weight), validation_split)
        train = data_adapter.DataHandler(x, y, sample_weight, batch_size=batch_size,
                                         steps_per_epoch=steps_per_epoch, shuffle=shuffle,
                                         class_weight=class_weight, epochs=epochs)
        val = None
        if validation_data is not None:
            vx, vy, vsw = data_adapter.unpack_validation(validation_data)
            val = data_adapter.DataHandler(vx, vy, vsw,
                                           batch_size=validation_batch_size or batch_size,
                                           steps_per_epoch=validation_steps, shuffle=False)
        self._infer_input_from_data(train)
        params = {"verbose": verbose, "epochs": epochs, "steps": train.steps_per_epoch}
        cbs = self._callback_list(callbacks, verbose, params, add_history=True)
        history = cbs._fit_history
        self.stop_training = False
        cbs.on_train_begin()
        # A BackupAndRestore callback that found a backup resumes after its last epoch.
        initial_epoch = max(initial_epoch, self.__dict__.pop("_initial_epoch_from_backup", 0))
        # ... and, if it backed up in the middle of that epoch, after its last batch.
        skip_steps = self.__dict__.pop("_initial_step_from_backup", 0)
        logs = {}
        # As in TF, on_train_end sees the last epoch's logs, validation metrics included.
        epoch_logs = {}
        # The built-in train_step already returns floats: only a custom one needs converting.
        batch_logs = dict if type(self).train_step is Model.train_step else _python_logs
        traced = self._tf_function("train")
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            cbs.on_epoch_begin(epoch)
            step = -1
            for step, batch in train.epoch_batches():
                if step < skip_steps:
                    continue
                cbs.on_train_batch_begin(step)
                with traced.step(train, batch):
                    logs = self.train_step(batch)
                cbs.on_train_batch_end(step, batch_logs(logs))
                if self.stop_training:
                    break
            skip_steps = 0  # (the resumed epoch only)
            if step < 0:
                if train.exhausted:
                    break
                raise ValueError("Expected input data to be non-empty.")
            epoch_logs = _python_logs(logs)
            if val is not None and _should_validate(epoch, validation_freq):
                val_logs = self._evaluate_loop(val, cbs)
                epoch_logs.update({f"val_{k}": v for k, v in val_logs.items()})
            cbs.on_epoch_end(epoch, epoch_logs)
            if self.stop_training or train.exhausted:
                break
        if epochs > initial_epoch and hasattr(self.optimizer, "finalize_variable_values"):
            # With use_ema the weights take their moving averages once training ends.
            self.optimizer.finalize_variable_values(self.trainable_variables)
        cbs.on_train_end(dict(epoch_logs))
        self.history = history
        return history

    def _infer_input_from_data(self, handler):
        """Only a Sequential model takes its input shape from the data (see there)."""

    def _evaluate_loop(self, handler, cbs):
        handler.start_over()
        self.reset_metrics()
        cbs.on_test_begin()
        logs = {}
        step = -1
        traced = self._tf_function("test")
        for step, batch in handler.epoch_batches():
            cbs.on_test_batch_begin(step)
            with traced.step(handler, batch):
                logs = self.test_step(batch)
            cbs.on_test_batch_end(step, _python_logs(logs))
        if step < 0 and not handler.exhausted:
            raise ValueError("Expected input data to be non-empty.")
        # (fit's validation data that ran out at an earlier epoch gives no logs, as in TF)
        logs = _python_logs(logs)
        cbs.on_test_end(dict(logs))
        return logs

    def evaluate(self, x=None, y=None, batch_size=None, verbose=1, sample_weight=None,
                 steps=None, callbacks=None, max_queue_size=10, workers=1,
                 use_multiprocessing=False, return_dict=False, **kwargs):
        self._assert_compiled()
        if verbose == "auto":
            verbose = 1
        handler = data_adapter.DataHandler(x, y, sample_weight, batch_size=batch_size,
                                           steps_per_epoch=steps, shuffle=False)
        self._infer_input_from_data(handler)
        params = {"verbose": verbose, "epochs": 1, "steps": handler.steps_per_epoch}
        cbs = self._callback_list(callbacks, verbose, params, add_history=False)
        logs = self._evaluate_loop(handler, cbs)
        return _results(logs, return_dict)

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None,
                max_queue_size=10, workers=1, use_multiprocessing=False):
        if _in_v1_graph():  # Keras 2 runs it through a TF 1.x session there, quietly
            with context.building_graph(None):
                return self.predict(x, batch_size, 0 if verbose == "auto" else verbose, steps,
                                    callbacks, max_queue_size, workers, use_multiprocessing)
        if verbose == "auto":
            verbose = 1
        handler = data_adapter.DataHandler(x, None, None, batch_size=batch_size,
                                           steps_per_epoch=steps, shuffle=False)
        self._infer_input_from_data(handler)
        params = {"verbose": verbose, "epochs": 1, "steps": handler.steps_per_epoch}
        cbs = self._callback_list(callbacks, verbose, params, add_history=False)
        cbs.on_predict_begin()
        outputs = []
        traced = self._tf_function("predict")
        for step, batch in handler.epoch_batches():
            cbs.on_predict_batch_begin(step)
            with traced.step(handler, batch):
                out = self.predict_step(batch)
            outputs.append([_host_value(o) for o in nest.flatten(out)])
            # callbacks see NumPy values, as TF hands its batch logs over
            cbs.on_predict_batch_end(step, {"outputs": nest.pack_sequence_as(out,
                                                                             outputs[-1])})
            structure = out
        cbs.on_predict_end()
        if not outputs:
            raise ValueError("Expected input data to be non-empty.")
        # TF: one batch's outputs as they are; scalars (a step's 0-d output) stacked
        merged = [outputs[0][i] if len(outputs) == 1 else
                  _joined([batch[i] for batch in outputs]) for i in range(len(outputs[0]))]
        merged = [m.item() if getattr(m, "ndim", None) == 0 and isinstance(m, np.ndarray)
                  else m for m in merged]  # (TF: a Python number)
        return nest.pack_sequence_as(structure, merged)

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None,
                       reset_metrics=True, return_dict=False):
        with self._respect_compiled_trainable_state():
            return self._train_on_batch(x, y, sample_weight, class_weight, reset_metrics,
                                        return_dict)

    def _train_on_batch(self, x, y, sample_weight, class_weight, reset_metrics, return_dict):
        self._assert_compiled()
        if reset_metrics:
            self.reset_metrics()
        handler = data_adapter.DataHandler(x, y, sample_weight, batch_size=None,
                                           shuffle=False, class_weight=class_weight,
                                           single_batch=True)
        logs = {}
        traced = self._tf_function("train")
        for _, batch in handler.epoch_batches():
            with traced.step(handler, batch):
                logs = self.train_step(batch)
        return _results(logs, return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, reset_metrics=True,
                      return_dict=False):
        self._assert_compiled()
        if reset_metrics:
            self.reset_metrics()
        handler = data_adapter.DataHandler(x, y, sample_weight, batch_size=None,
                                           shuffle=False, single_batch=True)
        logs = {}
        traced = self._tf_function("test")
        for _, batch in handler.epoch_batches():
            with traced.step(handler, batch):
                logs = self.test_step(batch)
        return _results(logs, return_dict)

    def predict_on_batch(self, x):
        # As TF's: one step of the predict function (a custom predict_step runs too)
        handler = data_adapter.DataHandler(x, batch_size=None, shuffle=False,
                                           single_batch=True)
        out = None
        traced = self._tf_function("predict")
        for _, batch in handler.epoch_batches():
            with traced.step(handler, batch):
                out = self.predict_step(batch)
        return nest.map_structure(lambda t: np.asarray(t._value), out)

    # --- weights on disk (the format lives in eagerbook.checkpoints) ------------------------
    def save_weights(self, filepath, overwrite=True, save_format=None, options=None):
        from ...checkpoints import checkpoint as _ckpt
        return _ckpt.save_weights(self, filepath)

    def load_weights(self, filepath, by_name=False, skip_mismatch=False, options=None):
        from ...checkpoints import checkpoint as _ckpt
        return _ckpt.load_weights(self, filepath, by_name=by_name, skip_mismatch=skip_mismatch)

    def save(self, filepath, overwrite=True, include_optimizer=True, save_format=None,
             signatures=None, options=None, save_traces=True):
        """Writes the architecture, the weights and the optimizer's state to the directory
        `filepath`; ``tf.keras.models.load_model(filepath)`` reads it back."""
        saving.save_model(self, filepath, overwrite, include_optimizer, save_format,
                          signatures, options, save_traces)

    def _tf_function(self, kind):
        """TF's traced train, test or predict function of this model ("train", ...), made at
        its first use after compile, whose calls TF's retracing warnings count."""
        if self.run_eagerly:
            return _NOT_TRACED
        functions = self.__dict__.setdefault("_tf_functions", {})
        if kind not in functions:
            functions[kind] = _TracedSteps(getattr(self, f"make_{kind}_function")(), kind)
        return functions[kind].starting_a_loop()

    # TF's fit/evaluate/predict run these functions of an iterator: one step on its next
    # batch. eagerbook's loops call the steps directly; the functions are there for code
    # that calls them itself.
    def make_train_function(self, force=False):
        def train_function(iterator):
            return self.train_step(next(iterator))
        self.train_function = train_function
        return train_function

    def make_test_function(self, force=False):
        def test_function(iterator):
            return self.test_step(next(iterator))
        self.test_function = test_function
        return test_function

    def make_predict_function(self, force=False):
        def predict_function(iterator):
            return self.predict_step(next(iterator))
        self.predict_function = predict_function
        return predict_function

    def get_weight_paths(self):
        """``{"hidden.kernel": variable, ...}``: each weight under its path of names joined by
        dots, a functional or Sequential model naming its layers, a subclassed one (and any
        layer) its attributes."""
        return dict(_weight_paths(self, ""))

    def export(self, filepath):
        """Writes an inference-only SavedModel serving the model as the endpoint "serve"
        (``tf.saved_model.load(filepath).serve(x)``)."""
        from ..export import export_model
        export_model(self, filepath)

    def get_config(self):
        if self._is_graph_network:
            # The layers and every recorded call between them: enough to make the model again.
            return saving.functional_config(self)
        # A subclassed model: the arguments its constructor was given, when they are plain
        # values; the base entries (name, trainable, dtype) only if the constructor takes
        # **kwargs (by that name) or names them, as TF does.
        arguments = self.__dict__.get("_init_arguments")
        if arguments is None:
            _warn("Model's `__init__()` arguments contain non-serializable objects. Please "
                  "implement a `get_config()` method in the subclassed Model for proper saving "
                  "and loading. Defaulting to empty config.")
            return {}
        config = {"name": self.name, "trainable": self.trainable, "dtype": self.dtype}
        config.update(arguments)
        spec = inspect.getfullargspec(type(self).__init__)
        if spec.varkw != "kwargs":
            for key in ("name", "trainable", "dtype"):
                if key not in spec.args[1:]:
                    config.pop(key, None)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """A functional model made again from ``get_config()`` (layers looked up by class
        name among ``tf.keras.layers`` and `custom_objects`)."""
        if functional_form.is_tf_form(config):
            return _functional_from_tf_form(config, dict(custom_objects or {}))
        if isinstance(config, dict) and "nodes" in config:  # (earlier eagerbook versions)
            return _functional_from_config(config, dict(custom_objects or {}))
        return cls(**config)

    def to_json(self, **kwargs):
        """The architecture as JSON (``tf.keras.models.model_from_json`` reads it back)."""
        import json

        class_name = "Sequential" if self._is_sequential else \
            "Functional" if self._is_graph_network else type(self).__name__
        return json.dumps({"class_name": class_name, "config": self.get_config(),
                           "keras_version": _KERAS_VERSION, "backend": "tensorflow"},
                          default=_json_default, **kwargs)

    # Checkpoints: a subclassed model's children are its attributes; Sequential and functional
    # models name their layers by position, as TF does, twice: ``layer-N`` counts every layer,
    # ``layer_with_weights-N`` only those with weights (so inserting a Dropout does not break
    # a checkpoint). The latter comes first, so a variable's saved path goes through it. The
    # optimizer is part of a compiled model's object graph.
    def _trackable_children(self):
        if self._is_graph_network or self._layers_by_position:
            children = {}
            with_weights = 0
            for i, layer in enumerate(self.layers):
                if layer.weights:
                    children[f"layer_with_weights-{with_weights}"] = layer
                    with_weights += 1
                children[f"layer-{i}"] = layer
            for key, value in super()._trackable_children().items():
                if not isinstance(value, Layer) and not key.startswith("_stack"):
                    children[key] = value
        else:
            children = super()._trackable_children()
        if self.optimizer is not None:
            children["optimizer"] = self.optimizer
        return children


def _duplicate_metric_name(name, weighted):
    if weighted:  # (TF's words, without a space after the name)
        return (f"Found two weighted metrics with the same name: {name}.All the metrics "
                "added to the model need to have unique names.")
    return (f"Found two metrics with the same name: {name}. All the metrics added to the "
            "model need to have unique names.")


def _is_functional_call(args, kwargs):
    """Whether `Model(...)`'s arguments give both inputs and outputs (positionally or not)."""
    return len(args) == 2 or (len(args) == 1 and "outputs" in kwargs) or \
        ("inputs" in kwargs and "outputs" in kwargs)


class Functional(Model):
    """A model defined by a graph of layers from `tf.keras.Input`s to its outputs; what
    `tf.keras.Model(inputs, outputs)` returns."""

    # summary() and plot_model print TF 2.0's class name, from before Functional existed.
    _printed_class_name = "Model"

    def __init__(self, *args, **kwargs):
        if kwargs.get("name") is None:
            kwargs["name"] = backend.unique_object_name("model")  # TF's default, not "functional"
        super().__init__(*args, **kwargs)


class _TracedSteps:
    """A step function TF's Keras runs as a tf.function (reduce_retracing=True): it traces
    at the first step of a loop whose input TF sees with a signature no trace covers yet,
    and each step is one call. eagerbook runs the steps itself and counts the calls, so that
    TF's retracing warnings come where TF gives them (a model compiled and fitted again and
    again, predict on model after model).

    What the step's Python code logs (TF's warnings, such as the optimizer's "Gradients do
    not exist") TF logs while tracing only: once per trace, twice at the function's first
    trace when it made Variables (the model's weights, the optimizer's slots: tf.function
    traces again then), never at the other steps."""

    def __init__(self, function, kind):
        self.function = function
        self.kind = kind  # "train", "test" or "predict": TF's name of the function
        self.detector = tf_function_calls(function)
        self.traced = []  # the input signatures traced so far: (shape list, dtype) or text
        self.first_step = False
        self.current = 0  # which of them this loop's steps run
        self.random_owners = {}  # trace -> the key of its random ops' streams (random_ops)

    def starting_a_loop(self):
        self.first_step = True
        return self

    @contextlib.contextmanager
    def _kernel_errors_as_nodes(self):
        try:
            yield
        except errors.OpError as exc:
            framed = step_errors.graph_execution_error(exc, self, self.kind)
            if framed is None:
                raise
            raise framed from None

    @contextlib.contextmanager
    def step(self, handler, batch):
        """Around one step on `batch`: logs as TF's trace would, then counts the call. Its
        random ops draw as the traced function's do (random_ops.traced_step); an error of
        the step that traces reads as TF's trace words it (step_errors.py)."""
        traces = self._traces(handler)
        owner = self.random_owners.setdefault(self.current, object())
        if not traces:
            with _logged_records(keep=False), random_ops.traced_step(owner), \
                    self._kernel_errors_as_nodes():
                yield
            self.detector.called_without_tracing()
            return
        here = context.thread_state()  # (Variables other threads make are not the step's)
        first_trace, made = len(self.traced) == 1, here.variables_made
        with _logged_records(keep=True) as records, random_ops.traced_step(owner):
            try:
                yield
            except Exception as exc:  # noqa: BLE001 - re-raised, framed as TF's trace frames it
                framed = step_errors.traced_step_error(exc, batch, handler.traced_batch_size())
                if framed is None:  # a kernel's error: the trace was made, its run failed
                    framed = step_errors.graph_execution_error(exc, self, self.kind)
                    if framed is None:
                        raise
                else:
                    self.traced.pop()  # a trace that failed is not kept: the next call traces
                raise framed from None
        if first_trace and here.variables_made != made:
            for record in records:  # (tf.function's second trace logs them again)
                logs.logger.handle(record)
        self.detector.called_with_tracing(self.function)

    def _traces(self, handler):
        """Whether this step traces: the first of a loop, for input no trace takes yet."""
        if not self.first_step:
            return False
        self.first_step = False
        signature = handler.traced_x_spec() or handler.input_structure()
        covering = [i for i, seen in enumerate(self.traced) if _covers(seen, signature)]
        if covering:
            self.current = covering[0]
            return False
        self.current = len(self.traced)
        self.traced.append(_relaxed(self.traced, signature))
        return True


@contextlib.contextmanager
def _logged_records(keep):
    """The records the "tensorflow" logger gets meanwhile (logged as usual), or, if not
    `keep`, none: they are dropped."""
    records = []

    def record(entry):
        records.append(entry)
        return keep

    logs.logger.addFilter(record)
    try:
        yield records
    finally:
        logs.logger.removeFilter(record)


def _covers(traced, signature):
    """Whether a trace for `traced` takes input of `signature` (unknown sizes take any)."""
    if isinstance(traced, str) or isinstance(signature, str):  # (nested inputs, datasets)
        return traced == signature
    (shape, dtype), (other, other_dtype) = traced, signature
    return dtype == other_dtype and len(shape) == len(other) and \
        all(a is None or a == b for a, b in zip(shape, other, strict=True))


def _relaxed(traced, signature):
    """The signature a new trace is made for: with reduce_retracing, sizes that differ from
    an earlier trace of the same rank become unknown."""
    for seen in traced:
        if isinstance(seen, tuple) and isinstance(signature, tuple) and \
                seen[1] == signature[1] and len(seen[0]) == len(signature[0]):
            return ([a if a == b else None for a, b in zip(seen[0], signature[0], strict=True)],
                    signature[1])
    return signature


class _NotTraced:
    """run_eagerly=True: TF runs the steps as plain Python, with nothing to count."""

    @contextlib.contextmanager
    def step(self, handler, batch):
        yield


_NOT_TRACED = _NotTraced()

# The version TF 2.21's Keras 2 (tf_keras) writes into to_json(): that of TF it ships with.
_KERAS_VERSION = "2.21.0"

# The model classes a config may name (sequential.py adds Sequential: it builds on this module).
MODEL_CLASSES = {"Functional": Functional, "Model": Model}


def _layer_class(name, custom_objects):
    cls = serialization.lookup(name, custom_objects)
    if cls is not None:
        return cls
    cls = getattr(layers_mod, name, None) or {
        "AddLoss": AddLoss, "AddMetric": AddMetric, "TFOpLambda": TFOpLambda,
        "SlicingOpLambda": SlicingOpLambda, **MODEL_CLASSES}.get(name)
    if isinstance(cls, type):
        return cls
    error = serialization.unknown_object_error("layer", name)
    error.unknown_class = name  # the .keras format reports it otherwise (loading.py)
    raise error


_loading_saved_model = [0]  # load_model calls running (they report unknown classes themselves)


@contextlib.contextmanager
def unknown_classes_as_loading_reports():
    """Inside load_model: make_layer leaves an unknown class's ValueError as it is."""
    _loading_saved_model[0] += 1
    try:
        yield
    finally:
        _loading_saved_model[0] -= 1


def make_layer(entry, custom_objects):
    """A layer made again from ``{'class_name': ..., 'config': ...}`` (no code is run but the
    class's own ``from_config``)."""
    try:
        cls = _layer_class(serialization.entry_class_name(entry), custom_objects)
    except ValueError as exc:
        # A config in Keras 2's older form keeps the ValueError, and so does load_model
        # (loading.py makes the .keras format's TypeError itself)
        if "module" not in entry or _loading_saved_model[0]:
            raise
        # Keras 2.13's form (entries carry "module"): TF reports a class nobody registered as
        # a TypeError
        name = exc.unknown_class
        raise TypeError(f"Cannot deserialize object of type `{name}`. If `{name}` is a custom "
                        "class, please register it using the "
                        "`@keras.saving.register_keras_serializable()` decorator.") from None
    # The custom objects are in scope while the layer is made, as in TF: its config's own
    # names (an activation function of the user's) are looked up among them too.
    with serialization.CustomObjectScope(custom_objects or {}):
        layer = cls.from_config(dict(entry["config"]))
    if entry.get("build_config") and not layer.built and \
            type(layer).build_from_config is not Layer.build_from_config:
        # A layer whose build() takes more than the input shape says how to build it in its
        # own build_from_config; it is built so before the model calls it (other layers are
        # built by that call, as before saving).
        with backend.init_scope():
            layer.build_from_config(entry["build_config"])
    return layer


def _functional_from_tf_form(config, custom_objects, layer_for_entry=None):
    def make_model(inputs, outputs, name):
        return Model(inputs=inputs, outputs=outputs, name=name)

    model, made = functional_form.model_from_config(
        config, layer_for_entry or (lambda entry: make_layer(entry, custom_objects)),
        make_model)
    # Calls no output needs (the AddLoss layer of a symbolic `add_loss`) join the graph too.
    model._attach_nodes([t for t in made if t._node not in model._nodes])
    return model


def _functional_from_config(config, custom_objects):
    layers = [make_layer(entry, custom_objects) for entry in config["layers"]]
    produced = []  # per node: its output structure of new KerasTensors

    def decode(data):
        if "keras_tensor" in data:
            node, index = data["keras_tensor"]
            return nest.flatten(produced[node])[index]
        if "dict" in data:
            return {k: decode(v) for k, v in data["dict"].items()}
        if "list" in data:
            return [decode(v) for v in data["list"]]
        if "tuple" in data:
            return tuple(decode(v) for v in data["tuple"])
        return data["value"]

    for node in config["nodes"]:
        layer = layers[node["layer"]]
        if isinstance(layer, InputLayer):
            produced.append(layer._input_tensor)
            continue
        produced.append(layer(*decode(node["args"]), **decode(node["kwargs"])))
    model = Model(inputs=decode(config["inputs"]), outputs=decode(config["outputs"]),
                  name=config["name"])
    # Calls no output needs (the AddLoss layer of a symbolic `add_loss`) join the graph too.
    model._attach_nodes([nest.flatten(out)[0] for out in produced
                         if nest.flatten(out)[0]._node not in model._nodes])
    return model


def _json_default(value):
    """Tuples, NumPy scalars and Ellipsis (a subscript's) in configs, as JSON."""
    if isinstance(value, (np.integer, np.floating)):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if value is Ellipsis:
        return {"class_name": "__ellipsis__"}
    raise TypeError(f"Not JSON serializable: {value!r}")


def _unwrap_single(items):
    return items[0] if len(items) == 1 else items


def _as_loss(spec):
    if spec is None:
        return None
    fn = losses_mod.get(spec)
    if isinstance(fn, losses_mod.Loss):
        return fn
    return losses_mod.LossFunctionWrapper(fn, name=getattr(fn, "__name__", "loss"))


def _flat_metric_spec(spec):
    if spec is None:
        return []
    if isinstance(spec, dict):
        return [m for v in spec.values() for m in (v if isinstance(v, (list, tuple)) else [v])]
    if isinstance(spec, (list, tuple)):
        out = []
        for m in spec:
            out.extend(m if isinstance(m, (list, tuple)) else [m])
        return out
    return [spec]


def _unique_output_names(layer_names):
    """A layer giving two outputs names them ``out`` and ``out_1``, as TF does."""
    names, taken, counts = [], set(), {}
    for base in layer_names:
        name = base
        while name in taken:
            counts[base] = counts.get(base, 1)
            name = f"{base}_{counts[base]}"
            counts[base] += 1
        taken.add(name)
        names.append(name)
    return names


def _metrics_for_output(spec, name, index, count):
    if spec is None:
        return []
    if isinstance(spec, dict):
        value = spec.get(name, [])
        return list(value) if isinstance(value, (list, tuple)) else [value]
    if isinstance(spec, (list, tuple)):
        if count > 1 and len(spec) == count and all(isinstance(m, (list, tuple))
                                                    for m in spec):
            return list(spec[index])
        if count > 1 and index > 0:
            # The same metric names on every output need separate objects.
            return [m for m in spec if isinstance(m, str) or callable(m)
                    and not isinstance(m, metrics_mod.Metric)]
        return list(spec)
    return [spec]


def _should_validate(epoch, freq):
    if isinstance(freq, int):
        return (epoch + 1) % freq == 0
    return (epoch + 1) in freq


def _is_sparse_loss(fn):
    return isinstance(fn, losses_mod.SparseCategoricalCrossentropy) or \
        getattr(fn, "fn", None) is losses_mod.sparse_categorical_crossentropy


def _as_column(y_true):
    """Keras's compiled loss meets rank-2 predictions with rank-1 targets as a column (TF 2.0
    reshaped 1-D target arrays to (n, 1) the same way), so a custom loss such as
    ``reduce_mean(y_true - y_pred)`` broadcasts over the classes instead of failing. Sparse
    losses are skipped: they would only squeeze the column back."""
    return array_ops.expand_dims(convert_to_tensor(y_true), -1)


def _target_like_prediction(y_true, y_pred):
    """What Keras 2's compiled metrics do first: a rank-1 target meets rank-2 predictions as a
    column, and takes their dtype when both are floats (or both integers)."""
    y_true = convert_to_tensor(y_true) if not isinstance(y_true, Tensor) else y_true
    if not isinstance(y_pred, Tensor):
        return y_true
    if y_true.shape.rank == 1 and y_pred.shape.rank == 2:
        y_true = array_ops.expand_dims(y_true, -1)
    if y_true.dtype is not y_pred.dtype and (
            (y_true.dtype.is_floating and y_pred.dtype.is_floating)
            or (y_true.dtype.is_integer and y_pred.dtype.is_integer)):
        y_true = math_ops.cast(y_true, y_pred.dtype)
    return y_true


def _host_value(output):
    """A predict step's output as predict returns it: a NumPy array, or the ragged or
    sparse tensor itself (TF's predict keeps those)."""
    return output if _is_composite(output) else np.asarray(output._value)


def _joined(batches):
    """One output of every predict batch, joined along the batch axis; scalars (a step's
    0-d output) stacked."""
    if _is_composite(batches[0]):
        if isinstance(batches[0], SparseTensor):
            return backend.public_symbol("sparse.concat")(0, batches)
        return backend.public_symbol("concat")(batches, axis=0)  # (tf.concat takes ragged)
    return (np.stack if batches[0].ndim == 0 else np.concatenate)(batches, axis=0)


def _log_value(result):
    array = np.asarray(result._value if isinstance(result, Tensor) else result)
    return float(array) if array.ndim == 0 else array


def _in_v1_graph():
    """True inside ``with tf.Graph().as_default():`` (a TF 1.x graph, not a function's trace),
    where Keras 2 runs fit/evaluate/predict in a session: eagerbook runs them eagerly, with the
    same numbers."""
    return getattr(context.state.graph, "building_function", True) is False


def _python_logs(logs):
    """A copy of a step's logs with tensors as Python numbers (arrays when not scalar), as TF
    hands them to callbacks and returns them: a custom ``train_step``/``test_step`` may return
    tensors (the built-in steps already return floats)."""
    out = dict(logs)
    for key, value in out.items():
        if isinstance(value, Tensor):
            array = value.numpy()
            out[key] = array.item() if array.ndim == 0 else array
    return out


def _results(logs, return_dict):
    logs = _python_logs(logs)
    if return_dict:
        return dict(logs)
    values = list(logs.values())
    return values[0] if len(values) == 1 else values


def _connected_layers(nodes, available, seen_layers):
    """The layers of `nodes` (topological order) after `seen_layers`, each once; raises TF's
    "Graph disconnected" error for a node whose inputs are neither `available` (ids of
    KerasTensors the model can compute) nor made by an earlier node."""
    available = set(available)
    # (as TF: an Input needs nothing; the error names the layer that needs a tensor the
    # inputs do not give, and the calls before it, one name per call)
    accessed = [layer.name for layer in seen_layers if not isinstance(layer, InputLayer)]
    for node in nodes:
        if not isinstance(node.layer, InputLayer):
            for x in node.keras_inputs:
                if id(x) not in available:
                    raise ValueError(f"Graph disconnected: cannot obtain value for tensor "
                                     f"{x} at layer \"{node.layer.name}\". The following "
                                     f"previous layers were accessed without issue: "
                                     f"{accessed}")
            available.update(id(t) for t in node.flat_outputs)
            accessed.append(node.layer.name)
        if node.layer not in seen_layers:
            seen_layers.append(node.layer)
    return seen_layers


def _layers_by_depth(outputs, input_layers):
    """A functional model's layers in TF's order (``model.layers``, the summary, the weights):
    deepest first, a layer's depth being the most layer calls between it and an output; layers
    of equal depth in the order a depth-first walk from the outputs first met them."""
    order, index, finished = [], {}, set()
    for tensor in outputs:
        start = tensor._node
        if start is None or id(start) in finished:
            continue
        index.setdefault(id(start.layer), (len(index), start.layer))
        stack = [(start, iter(start.keras_inputs))]
        visiting = {id(start)}
        while stack:
            node, inputs = stack[-1]
            for t in inputs:
                child = t._node
                if child is not None and id(child) not in finished and \
                        id(child) not in visiting:
                    index.setdefault(id(child.layer), (len(index), child.layer))
                    visiting.add(id(child))
                    stack.append((child, iter(child.keras_inputs)))
                    break
            else:
                stack.pop()
                visiting.discard(id(node))
                finished.add(id(node))
                order.append(node)
    node_depth, layer_depth = {}, {}
    for node in reversed(order):  # outputs first: each node passes depth + 1 to its parents
        depth = max(node_depth.setdefault(id(node), 0), layer_depth.get(id(node.layer), 0))
        layer_depth[id(node.layer)] = node_depth[id(node)] = depth
        for parent in node.parent_nodes:
            node_depth[id(parent)] = max(depth + 1, node_depth.get(id(parent), 0))
    for layer in input_layers:  # an input no output depends on
        if id(layer) not in layer_depth:
            layer_depth[id(layer)] = 0
            index[id(layer)] = (-1, layer)
    ranked = sorted(index.values(), key=lambda pair: (-layer_depth[id(pair[1])], pair[0]))
    return [layer for _, layer in ranked]


def _sizes_past_batch(t):
    return None if t.shape.rank is None else t.shape.as_list()[1:]


def _plain_init_arguments(cls, args, kwargs):
    """The constructor's arguments by name, or None unless every one is a plain value (str,
    number, bool, None, also inside lists, tuples and dicts)."""
    try:
        names = inspect.getfullargspec(cls.__init__).args[1:]
    except TypeError:
        return None
    arguments = dict(kwargs)
    arguments.update(zip(names, args))
    plain = (str, int, float, bool, type(None))
    if not all(isinstance(v, plain) for v in nest.flatten(list(arguments.values()))):
        return None
    return arguments


def _keras_tensors_for(input_shape):
    """KerasTensors of the shape (a list of them for a list of shapes) in floatx."""
    def is_shape(value):
        return isinstance(value, TensorShape) or (
            isinstance(value, (list, tuple)) and all(d is None or isinstance(d, int)
                                                     for d in value))
    if is_shape(input_shape):
        return KerasTensor(TensorShape(input_shape).as_list(), backend.floatx())
    return [KerasTensor(TensorShape(s).as_list(), backend.floatx()) for s in input_shape]


def _with_batch(tensor, batch):
    dims = tensor.shape.as_list() if tensor.shape.rank else None
    if dims and dims[0] is None:
        dims[0] = batch
        return KerasTensor(dims, tensor.dtype)
    return tensor


def _weight_paths(layer, prefix):
    from ...checkpoints import graph
    from ...core.variable import Variable
    if getattr(layer, "_is_graph_network", False) or getattr(layer, "_is_sequential", False):
        named = [(sub.name, sub) for sub in layer.layers]
    else:  # attributes, as the checkpoint names them ("blocks/0": a list's first item)
        named = [(name.replace("/", "."), child) for name, child in graph.children(layer).items()
                 if name != "optimizer"]
    for name, child in named:
        if isinstance(child, Variable):
            yield prefix + name, child
        elif isinstance(child, Layer):
            yield from _weight_paths(child, f"{prefix}{name}.")


def _batch_sizes(given, graph_inputs):
    """(the graph inputs' batch size, the caller's) when each side has one shared by all its
    inputs, else None: a graph output of that batch size takes the caller's."""
    graph_sizes, sizes = set(), set()
    for kt, graph_input in zip(given, graph_inputs):
        if not kt.shape.rank or not graph_input.shape.rank:  # unknown rank or a scalar
            return None
        sizes.add(kt.shape.as_list()[0])
        graph_sizes.add(graph_input.shape.as_list()[0])
    if len(sizes) != 1 or len(graph_sizes) != 1:
        return None
    return graph_sizes.pop(), sizes.pop()


def _single_unwrapped(tensors):
    if isinstance(tensors, (list, tuple)) and len(tensors) == 1 and \
            isinstance(tensors[0], KerasTensor):
        return tensors[0]
    return tensors


def _topological_nodes(outputs):
    """Every node the outputs depend on, each after the nodes it reads from."""
    order, state = [], {}
    stack = [(t._node, False) for t in reversed(outputs) if t._node is not None]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            if state.get(id(node)) != "done":
                state[id(node)] = "done"
                order.append(node)
            continue
        if state.get(id(node)) is not None:
            continue
        state[id(node)] = "visiting"
        stack.append((node, True))
        for parent in reversed(node.parent_nodes):
            if state.get(id(parent)) is None:
                stack.append((parent, False))
    return order

"""``tf.keras.layers.Layer``: the base class of every layer and model.

A layer owns its weights. It creates them in ``build(input_shape)``, which ``__call__`` runs the
first time the layer sees an input, inside ``tf.name_scope(layer.name)`` so the Variables get
Keras's names (``dense/kernel:0``, ``dense_1/kernel:0``, ``my_model/dense/kernel:0``).

Tracking is done by looking at the layer's attributes when asked: any ``Layer`` or ``Variable``
held directly, or inside lists, tuples and dicts, belongs to the layer. A layer object reused
in several places is counted once, and ``tf.Variable`` attributes count as weights, as in TF 2.
"""

import contextlib
import functools
import inspect
import io
import os
import sys
import warnings
import weakref

import numpy as np

from ...checkpoints import containers
from ...checkpoints.graph import escape_name
from ...core import context, dtypes, errors, nest
from ...core.shape import TensorShape
from ...core.spec import TensorSpec
from ...core.tensor import EagerTensor, Tensor, convert_to_tensor, is_symbolic
from ...core.variable import Variable
from ...graph import trace_types
from ...graph.naming import outside_name_scopes, scope_prefix
from ...graph.tracer import FuncGraph
from ...module.module import Module, ModuleNameScope, current_scope_name
from ...ops import array_ops, math_ops
from .. import backend, initializers, mixed_precision, regularizers
from ..keras_tensor import KerasTensor, Node, has_keras_tensor
from . import call_errors, graph_names

# Attribute values that can never hold a layer or a Variable (skipped without a look).
_PLAIN_TYPES = frozenset({str, int, float, bool, type(None), bytes, TensorShape, EagerTensor,
                          np.ndarray, type(lambda: None)})

_ALLOWED_KWARGS = {"input_shape", "batch_input_shape", "batch_size", "weights",
                   "activity_regularizer", "autocast", "input_dim"}

# Attributes the tracker never looks into (bookkeeping, not state).
_NOT_TRACKED = frozenset({"_inbound_nodes", "_outbound_nodes", "_added_metrics", "_compile_state",
                          "_nodes", "_call_spec", "_eager_losses", "_trainable_weights",
                          "_non_trainable_weights", "_regularized", "input_spec",
                          "_self_attr_cache", "history", "stop_training", "_symbolic_inputs",
                          "_symbolic_outputs", "inputs", "outputs", "_input_layers",
                          "_output_layers", "_name_scope", "_inferred_nodes",
                          "_inferred_input_shape",
                          # a revived model's loaded object: its layers hold the weights
                          "_restored"})


# --- the weight lists, cached: the hot path of a training step -------------------------------
# A custom training step asks for model.trainable_variables twice (tape.gradient and
# apply_gradients); walking every layer's attributes costs ~25-70 us a time for a two-layer
# model, over a tenth of a small MLP's eager step. So the walk's answer is kept until anything
# it reads may have changed: tracking_changed() runs when a layer attribute is set or deleted
# to or from a Layer, Variable or container (or a flag the walk reads), on add_weight and when
# a Sequential adds or pops a layer. A layer holding a list or dict of its own (which could
# change in place, unseen) is never cached: its weights are walked on every call, as before.
_TRACKING_VERSION = [0]
_FLAGS_READ_BY_THE_WALK = frozenset({"_trainable", "_exclude_from_weights"})
_WEIGHT_LISTS = weakref.WeakKeyDictionary()  # layer -> (version, trainable, non_trainable)


def tracking_changed():
    """Forgets every cached weight list (a layer's tracked attributes changed)."""
    _TRACKING_VERSION[0] += 1


def _can_change_unseen(value):
    if isinstance(value, tuple):  # a tuple is fixed, but a list inside it is not
        return any(_can_change_unseen(item) for item in value)
    return isinstance(value, (list, dict))


def _weights_may_change_unseen(layer, seen):
    cls = type(layer)
    if cls._own_variables is not Layer._own_variables or \
            cls._gather_weights is not Layer._gather_weights:
        return True  # a class that finds its weights its own way: ask it every time
    kept = layer._containers_kept_by_methods
    for key, value in layer.__dict__.items():
        if type(value) in _PLAIN_TYPES or key in _NOT_TRACKED or key in kept:
            continue
        if _can_change_unseen(value):
            return True
    children = layer._tracked_children()[0]
    if any(not isinstance(child, Layer) for child in children):
        return True  # a plain tf.Module may gain Variables without the layer knowing
    for child in children:
        if id(child) not in seen and not child._exclude_from_weights:
            seen.add(id(child))
            if _weights_may_change_unseen(child, seen):
                return True
    return False


class InputSpec:
    """What a layer accepts: ``ndim``/``min_ndim``/``max_ndim`` and fixed ``axes`` sizes."""

    def __init__(self, dtype=None, shape=None, ndim=None, max_ndim=None, min_ndim=None,
                 axes=None, allow_last_axis_squeeze=False, name=None, optional=False):
        self.optional = optional  # (TF's flag for an input that may be None)
        self.dtype = dtype
        self.shape = None if shape is None else TensorShape(shape)
        self.ndim = len(shape) if shape is not None else ndim
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.axes = dict(axes or {})
        self.name = name

    def __repr__(self):
        parts = [f"{k}={v}" for k, v in (("dtype", self.dtype), ("shape", self.shape),
                                         ("ndim", self.ndim), ("max_ndim", self.max_ndim),
                                         ("min_ndim", self.min_ndim), ("axes", self.axes))
                 if v]
        return f"InputSpec({', '.join(parts)})"

    def get_config(self):
        return {"dtype": self.dtype,
                "shape": None if self.shape is None else tuple(self.shape.as_list()),
                "ndim": self.ndim, "max_ndim": self.max_ndim, "min_ndim": self.min_ndim,
                "axes": self.axes}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _shape_of(x):
    if isinstance(x, (Tensor, KerasTensor)):
        return x.shape
    if hasattr(type(x), "_as_tensor"):
        return x.shape
    return TensorShape(np.shape(x))


def _check_input_spec(layer, inputs):
    specs = layer.input_spec
    if specs is None:
        return
    if type(specs) is InputSpec and isinstance(inputs, Tensor):  # the common call, per step
        flat_specs, flat_inputs = (specs,), (inputs,)
    else:
        flat_specs = nest.flatten(specs)
        flat_inputs = nest.flatten(inputs)
    if len(flat_specs) != len(flat_inputs):  # (a list of numbers too: one tensor each)
        raise ValueError(f"Layer \"{layer.name}\" expects {len(flat_specs)} input(s), but it "
                         f"received {len(flat_inputs)} input tensors. Inputs received: "
                         f"{list(flat_inputs)}")
    for i, (spec, x) in enumerate(zip(flat_specs, flat_inputs)):
        if spec is None:
            continue
        shape = _shape_of(x)
        rank = shape.rank
        if rank is None:
            continue
        if spec.ndim is not None and rank != spec.ndim:
            raise _incompatible(layer, i, f"expected ndim={spec.ndim}, found ndim={rank}. "
                                f"{_full_shape(shape)}")
        if spec.max_ndim is not None and rank > spec.max_ndim:
            raise _incompatible(layer, i, f"expected max_ndim={spec.max_ndim}, found "
                                f"ndim={rank}. {_full_shape(shape)}")
        if spec.min_ndim is not None and rank < spec.min_ndim:
            raise _incompatible(layer, i, f"expected min_ndim={spec.min_ndim}, found "
                                f"ndim={rank}. {_full_shape(shape)}")
        for axis, value in spec.axes.items():
            dim = shape[axis] if -rank <= axis < rank else None
            if value is not None and dim is not None and dim != value:
                raise _incompatible(layer, i, f"expected axis {axis} of input shape to have "
                                    f"value {value}, but received input with shape "
                                    f"{tuple(shape.as_list())}")


def _incompatible(layer, index, what):
    return ValueError(f"Input {index} of layer \"{layer.name}\" is incompatible with the "
                      f"layer: {what}")


def _full_shape(shape):
    return f"Full shape received: {tuple(shape.as_list())}"


class Layer(Module):
    """Base class of every layer: a callable object that owns weights (and a ``tf.Module``).

    What a subclass writes:

    * ``__init__(self, ..., **kwargs)`` stores the configuration and passes ``name``,
      ``dtype``, ``trainable`` on to ``super().__init__(**kwargs)``. Weights whose shape is
      known already may be made here.
    * ``build(self, input_shape)`` makes the weights that depend on the input's shape, with
      ``self.add_weight(...)``. It runs once, on the first call, inside
      ``tf.name_scope(layer.name)`` (hence the names ``linear/w:0``) and outside any
      ``tf.function`` trace, so the weights are ordinary Variables.
    * ``call(self, inputs)`` computes the outputs from the inputs and the weights. Declare a
      ``training=None`` argument if the layer behaves differently while training (dropout,
      batch normalization): ``fit`` passes ``training=True``, outer layers pass theirs on.
    * ``get_config(self)`` returns the constructor arguments (a dict), so that
      ``from_config`` -- and ``tf.keras.models.load_model`` -- can make the layer again.

    ``layer(inputs)`` is ``__call__``: it converts the inputs to tensors (cast to the layer's
    dtype), runs ``build`` if the layer is not built yet, checks ``input_spec``, then runs
    ``call``. Weights are found by tracking: Variables and layers held in attributes (or in
    lists, tuples and dicts of them), plus what ``add_weight`` made.

    >>> class Linear(tf.keras.layers.Layer):
    ...     def __init__(self, units=32, **kwargs):
    ...         super().__init__(**kwargs)
    ...         self.units = units
    ...     def build(self, input_shape):
    ...         self.w = self.add_weight(name="w", shape=(input_shape[-1], self.units),
    ...                                  initializer="ones")
    ...         self.b = self.add_weight(name="b", shape=(self.units,), initializer="zeros")
    ...     def call(self, inputs):
    ...         return tf.matmul(inputs, self.w) + self.b
    ...     def get_config(self):
    ...         return {**super().get_config(), "units": self.units}
    >>> layer = Linear(2, name="linear")
    >>> layer.built, layer.weights
    (False, [])
    >>> layer(tf.ones([1, 3]))
    <tf.Tensor: shape=(1, 2), dtype=float32, numpy=array([[3., 3.]], dtype=float32)>
    >>> [w.name for w in layer.weights]
    ['linear/w:0', 'linear/b:0']
    >>> Linear.from_config(layer.get_config()).units
    2
    """

    # Metrics are layers too, but their counters are not model weights.
    _exclude_from_weights = False
    # Lists this class changes only in methods that call tracking_changed() (Sequential's).
    _containers_kept_by_methods = frozenset()

    def __init__(self, trainable=True, name=None, dtype=None, dynamic=False, **kwargs):
        for key in kwargs:
            if key not in _ALLOWED_KWARGS:
                raise TypeError(f"Keyword argument not understood: {key}")
        self._trainable = bool(trainable)
        self._name = name if name is not None else backend.unique_object_name(
            backend.to_snake_case(type(self).__name__))
        # Module.__init__ is not called: Keras names need not be Python identifiers.
        self._name_scope = ModuleNameScope(current_scope_name(self._name))
        # The dtype policy (keras.mixed_precision): None means "floatx(), read when used".
        # _dtype is the compute dtype; _variable_dtype is set only when weights differ from it.
        self._dtype_policy = mixed_precision.policy_of(dtype)
        self._dtype, self._variable_dtype = _policy_dtypes(self._dtype_policy)
        self._dynamic = bool(dynamic)
        self.built = False
        self.input_spec = None
        self.supports_masking = False
        self._trainable_weights = []
        self._non_trainable_weights = []
        self._regularized = []  # (variable, regularizer) pairs for layer.losses
        self._eager_losses = []
        self._inbound_nodes = []
        self._outbound_nodes = []  # the calls that take this layer's outputs
        self._autocast = kwargs.get("autocast", True)
        self._activity_regularizer = regularizers.get(kwargs.get("activity_regularizer"))
        self._initial_weights = kwargs.get("weights")
        batch_input_shape = kwargs.get("batch_input_shape")
        if batch_input_shape is None:
            input_shape = kwargs.get("input_shape")
            if input_shape is None and kwargs.get("input_dim") is not None:
                input_shape = (kwargs["input_dim"],)
            if input_shape is not None:
                if isinstance(input_shape, int):
                    input_shape = (input_shape,)
                batch_input_shape = (kwargs.get("batch_size"),) + tuple(input_shape)
        self._batch_input_shape = None if batch_input_shape is None \
            else tuple(batch_input_shape)

    # --- properties -------------------------------------------------------------------------------
    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        """The dtype of the layer's weights (its policy's variable dtype)."""
        return (self._variable_dtype or self._dtype or dtypes.as_dtype(backend.floatx())).name

    @property
    def compute_dtype(self):
        """The dtype the layer computes in: floating inputs are cast to it."""
        return (self._dtype or dtypes.as_dtype(backend.floatx())).name

    @property
    def variable_dtype(self):
        return self.dtype

    @property
    def dtype_policy(self):
        return self._dtype_policy or mixed_precision.Policy(backend.floatx())

    @property
    def dynamic(self):
        # As in TF: a layer (or model) is dynamic when it or any of its sub-layers is.
        return any(layer._dynamic for layer in self._flatten_layers())

    @dynamic.setter
    def dynamic(self, value):
        self._dynamic = bool(value)

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        value = bool(value)
        for layer in self._flatten_layers():
            layer._trainable = value

    @property
    def stateful(self):
        return False

    @property
    def activity_regularizer(self):
        return self._activity_regularizer

    # --- tracking ---------------------------------------------------------------------------------
    def _direct_children(self):
        """(sub-layers, Variables) held in this object's attributes, in attribute order."""
        children, variables = self._tracked_children()
        return [child for child in children if isinstance(child, Layer)], variables

    def _tracked_children(self):
        """(sub-layers and plain tf.Modules, Variables) held in this object's attributes, in
        attribute order. Keras lists the Variables first (its own weights), then each child's,
        a plain Module's among the sub-layers."""
        children, variables, seen = [], [], {id(self)}
        stack = []
        for key, value in self.__dict__.items():
            if type(value) in _PLAIN_TYPES or key in _NOT_TRACKED:
                continue
            stack.append((value, 0))
            while stack:
                value, depth = stack.pop()
                cls = type(value)
                if cls in _PLAIN_TYPES:
                    continue
                if cls is list or cls is tuple or isinstance(value, (list, tuple)):
                    if depth < 10:
                        stack.extend((item, depth + 1) for item in reversed(value))
                elif cls is dict or isinstance(value, dict):
                    if depth < 10:
                        stack.extend((item, depth + 1) for item in reversed(value.values()))
                elif isinstance(value, Module):  # a sub-layer, or a plain tf.Module
                    if id(value) not in seen:
                        seen.add(id(value))
                        children.append(value)
                elif cls is Variable or isinstance(value, Variable):
                    if id(value) not in seen:
                        seen.add(id(value))
                        variables.append(value)
        return children, variables

    @property
    def _self_tracked_layers(self):
        return [layer for layer in self._direct_children()[0]]

    def _flatten_layers(self, include_self=True, recursive=True):
        """This layer and its sub-layers, depth first, each once."""
        seen = set()
        stack = [self]
        while stack:
            layer = stack.pop()
            if id(layer) in seen:
                continue
            seen.add(id(layer))
            if include_self or layer is not self:
                yield layer
            if recursive or layer is self:
                children = layer._direct_children()[0]
                stack.extend(reversed(children))

    def _own_variables(self):
        trainable = list(self._trainable_weights)
        non_trainable = list(self._non_trainable_weights)
        known = {id(v) for v in trainable} | {id(v) for v in non_trainable}
        children, attr_vars = self._tracked_children()
        for v in attr_vars:
            if id(v) not in known:
                known.add(id(v))
                (trainable if v.trainable else non_trainable).append(v)
        return trainable, non_trainable, children

    def _gather_weights(self, trainable_out, non_trainable_out, seen_layers, frozen=False):
        """Appends this layer's weights, then its sub-layers' (depth first), Keras's order."""
        frozen = frozen or not self._trainable
        trainable, non_trainable, children = self._own_variables()
        if frozen:
            non_trainable_out.extend(trainable)
        else:
            trainable_out.extend(trainable)
        non_trainable_out.extend(non_trainable)
        for child in children:
            if id(child) in seen_layers:
                continue
            if not isinstance(child, Layer):  # a plain tf.Module: its variables, in its order
                seen_layers.add(id(child))
                (non_trainable_out if frozen else trainable_out).extend(
                    child.trainable_variables)
                non_trainable_out.extend(child.non_trainable_variables)
                continue
            if child._exclude_from_weights:
                continue
            seen_layers.add(id(child))
            child._gather_weights(trainable_out, non_trainable_out, seen_layers, frozen)

    def _weight_lists(self):
        try:
            cached = _WEIGHT_LISTS.get(self)
        except TypeError:  # a layer class that is not hashable: no cache
            cached = None
        if cached is not None and cached[0] == _TRACKING_VERSION[0]:
            return list(cached[1]), list(cached[2])
        version = _TRACKING_VERSION[0]
        trainable, non_trainable = [], []
        self._gather_weights(trainable, non_trainable, {id(self)})
        trainable = self._dedup(trainable)
        ids = {id(v) for v in trainable}
        non_trainable = [v for v in self._dedup(non_trainable) if id(v) not in ids]
        trainable, non_trainable = self._ordered_weights(trainable, non_trainable)
        if not _weights_may_change_unseen(self, {id(self)}):
            try:
                _WEIGHT_LISTS[self] = (version, tuple(trainable), tuple(non_trainable))
            except TypeError:  # a layer class that is not hashable is walked every time
                pass
        return trainable, non_trainable

    def _ordered_weights(self, trainable, non_trainable):
        """The weight lists in the order this kind of object shows them (a layer: its own
        Variables first; a Model reorders them)."""
        return trainable, non_trainable

    @staticmethod
    def _dedup(variables):
        seen, out = set(), []
        for v in variables:
            if id(v) not in seen:
                seen.add(id(v))
                out.append(v)
        return out

    @property
    def trainable_weights(self):
        return self._weight_lists()[0]

    @property
    def non_trainable_weights(self):
        return self._weight_lists()[1]

    @property
    def weights(self):
        trainable, non_trainable = self._weight_lists()
        return trainable + non_trainable

    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights
    variables = weights

    @property
    def submodules(self):
        return tuple(self._flatten_layers(include_self=False))

    @property
    def layers(self):
        return [layer for layer in self._direct_children()[0]
                if not layer._exclude_from_weights]

    def get_weights(self):
        return [v.numpy() for v in self.weights]

    def set_weights(self, weights):
        params = self.weights
        if len(params) != len(weights):
            raise ValueError(f"You called `set_weights(weights)` on layer \"{self.name}\" with "
                             f"a weight list of length {len(weights)}, but the layer was "
                             f"expecting {len(params)} weights. Provided weights: "
                             f"{str(weights)[:50]}...")
        for v, w in zip(params, weights):
            w = np.asarray(w)
            if tuple(v.shape) != w.shape:
                raise ValueError(f"Layer {self.name} weight shape {tuple(v.shape)} is not "
                                 f"compatible with provided weight shape {w.shape}.")
        for v, w in zip(params, weights):
            v.assign(np.asarray(w))

    def count_params(self):
        if not self.built:
            raise ValueError(f"You tried to call `count_params` on layer {self.name}, but the "
                             "layer isn't built. You can build it manually via: "
                             f"`{self.name}.build(batch_input_shape)`.")
        return int(sum(int(np.prod(v.shape.as_list())) for v in self.weights))

    # --- creating weights -------------------------------------------------------------------------
    def add_weight(self, name=None, shape=None, dtype=None, initializer=None, regularizer=None,
                   trainable=None, constraint=None, use_resource=None, synchronization=None,
                   aggregation=None, **kwargs):
        """Creates a Variable owned by this layer (trainable unless told otherwise)."""
        shape = () if shape is None else tuple(TensorShape(shape).as_list())
        if any(d is None for d in shape):
            raise ValueError(f"Shape must be fully defined to create the weight {name!r} of "
                             f"layer {self.name}; got {shape}.")
        dtype = dtypes.as_dtype(dtype if dtype is not None else self.dtype)
        if initializer is None:
            initializer = initializers.GlorotUniform() if dtype.is_floating \
                else initializers.Zeros()
        else:
            initializer = initializers.get(initializer)
        if trainable is None:
            trainable = True
        if synchronization is not None and str(synchronization).endswith("ON_READ"):
            trainable = False
        _check_allocatable(shape, dtype)
        getter = kwargs.pop("getter", None)  # (TF's hook: tf.compat.v1.layers pass get_variable)
        if getter is not None:
            variable = getter(name, shape=shape, dtype=dtype, initializer=initializer,
                              trainable=trainable, constraint=constraint)
        else:
            try:
                with backend.init_scope():
                    value = initializer(shape, dtype=dtype)
                    variable = Variable(value, name=name, trainable=trainable, dtype=dtype,
                                        constraint=constraint, aggregation=aggregation,
                                        synchronization=synchronization)
            except MemoryError:
                raise _out_of_memory(shape, dtype) from None
            _join_v1_graph(variable)
        if self._variable_dtype is not None and kwargs.get("autocast", True):
            variable = mixed_precision.autocast_weight(variable, self._dtype_policy)
        if trainable:
            self._trainable_weights.append(variable)
        else:
            self._non_trainable_weights.append(variable)
        tracking_changed()
        regularizer = regularizers.get(regularizer)
        if regularizer is not None:
            self._regularized.append((variable, regularizer))
            _LOSS_SOURCES[0] = True
        return variable

    def add_variable(self, *args, **kwargs):
        """Deprecated alias of ``add_weight`` (the eager guide still uses it)."""
        return self.add_weight(*args, **kwargs)

    # --- losses -----------------------------------------------------------------------------------
    def add_update(self, updates):
        """TF 1's way to register state updates (a moving average's assign): eagerly they have
        run already, and a callable runs now, as in TF 2."""
        for update in updates if isinstance(updates, (list, tuple)) else [updates]:
            if callable(update):
                update()

    @property
    def updates(self):
        warnings.warn("`layer.updates` will be removed in a future version. This property "
                      "should not be used in TensorFlow 2.0, as `updates` are applied "
                      "automatically.", stacklevel=2)
        return []

    def add_loss(self, losses, inputs=None):
        for loss in nest.flatten(losses):
            if isinstance(loss, KerasTensor):  # a functional model's loss term: a graph layer
                self._add_symbolic_term(loss, "add_loss")
            elif callable(loss):
                self._regularized.append((None, loss))
                _LOSS_SOURCES[0] = True
            else:
                _ADD_LOSS_USED[0] = _LOSS_SOURCES[0] = True
                self._eager_losses.append(convert_to_tensor(loss))

    @property
    def losses(self):
        if not _LOSS_SOURCES[0]:  # no regularizer or add_loss anywhere yet: nothing to walk
            return []
        out = []
        for layer in self._flatten_layers():
            out.extend(layer._eager_losses)
            for variable, reg in layer._regularized:
                out.append(reg(variable) if variable is not None else reg())
        return out

    # --- metrics reported by the layer itself -----------------------------------------------------
    def add_metric(self, value, name=None, aggregation=None):
        """Reports `value` under `name` in ``fit``'s logs, averaged over an epoch's batches.

        A value returned by calling a Metric object reports that Metric (under its own name).
        """
        if aggregation not in (None, "mean"):
            raise ValueError(f'We currently support only `mean` and `None` as aggregation. '
                             f'Received: {aggregation}.')
        if isinstance(value, KerasTensor):  # a functional model's metric: a graph layer
            return self._add_symbolic_term(value, "add_metric", name=name,
                                           aggregation=aggregation)
        source = next((m for m in self._layer_metrics()
                       if getattr(m, "_last_result", None) is value), None)
        if source is not None:
            return  # the Metric object that produced `value` is reported already
        if name is None:
            raise ValueError("Please provide a name for your metric like "
                             "`self.add_metric(tf.reduce_sum(inputs), name='mean_activation', "
                             "aggregation='mean')`")
        added = self.__dict__.setdefault("_added_metrics", {})
        metric = added.get(name)
        if metric is None:
            with backend.init_scope():
                metric = added[name] = _MEAN_METRIC[0](name=name)
        metric.update_state(value)

    def _add_symbolic_term(self, tensor, kind, **options):
        """``add_loss``/``add_metric`` of a KerasTensor: only a functional model can compute
        one (models.training.Model overrides this)."""
        raise TypeError(f"Cannot {kind} a symbolic KerasTensor ({tensor}) on layer "
                        f"{self.name!r}: only a functional Model built on the same inputs can "
                        "compute it.")

    def _layer_metrics(self):
        """Metric objects this layer holds as attributes, then those made by ``add_metric``."""
        held = [layer for layer in self._direct_children()[0] if layer._exclude_from_weights]
        return held + list(self.__dict__.get("_added_metrics", {}).values())

    @property
    def metrics(self):
        out, seen = [], set()
        for layer in self._flatten_layers():
            if layer._exclude_from_weights and layer is not self:
                continue
            for m in layer._layer_metrics():
                if id(m) not in seen:
                    seen.add(id(m))
                    out.append(m)
        return out

    def _clear_losses(self):
        for layer in self._flatten_layers():
            layer._eager_losses = []

    # --- build / call -----------------------------------------------------------------------------
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # The built-in layers' builds record their input shape as TF's do; a user's build
        # records it only through super().build (or when Keras builds the layer for a call).
        if "build" in cls.__dict__ and cls.__module__.startswith("eagerbook."):
            cls.build = _recording_input_shape(cls.__dict__["build"])

    def build(self, input_shape):
        self._build_input_shape = input_shape
        self.built = True

    def get_build_config(self):
        """``{"input_shape": ...}``: the shape `build` was given (None before the layer is
        built). Saving keeps it so that loading can build the layer first (`build_from_config`)."""
        shape = self.__dict__.get("_build_input_shape")
        if shape is None:
            return None
        return {"input_shape": _shape_for_config(shape)}

    def build_from_config(self, config):
        """Builds the layer from `get_build_config`'s dict (a layer whose `build` takes more
        than the input shape overrides both)."""
        if config.get("input_shape") is not None:
            self.build(config["input_shape"])

    def call(self, inputs, *args, **kwargs):
        return inputs

    def compute_output_shape(self, input_shape):
        raise NotImplementedError

    def compute_mask(self, inputs, mask=None):
        """The mask of this layer's output: the input's mask passed on by layers that support
        masking, none otherwise (``Embedding(mask_zero=True)`` and ``Masking`` make one)."""
        return mask if self.supports_masking else None

    @classmethod
    def _call_signature(cls):
        spec = cls.__dict__.get("_call_spec_cache")
        if spec is None:
            try:
                params = inspect.signature(cls.call).parameters
            except (TypeError, ValueError):
                params = {}
            names = list(params)
            accepts_kwargs = any(p.kind is p.VAR_KEYWORD for p in params.values())
            training_index = names.index("training") - 1 if "training" in names else None
            training_required = "training" in params and \
                params["training"].default is inspect.Parameter.empty
            spec = ("training" in params, training_index, "mask" in params, accepts_kwargs,
                    training_required)
            cls._call_spec_cache = spec
        return spec

    @classmethod
    def _default_training(cls):
        """What a call on KerasTensors passes as `training` when given none, as TF's Keras
        does: the default of ``call``'s `training` (None when it has no default)."""
        try:
            param = inspect.signature(cls.call).parameters.get("training")
        except (TypeError, ValueError):
            return None
        if param is None or param.default is inspect.Parameter.empty:
            return None
        return param.default

    def _maybe_build(self, inputs):
        if self.built:
            return
        input_shapes = None
        if inputs is not None:
            input_shapes = nest.map_structure(_shape_of, inputs) \
                if isinstance(inputs, (list, tuple, dict)) else _shape_of(inputs)
        if isinstance(inputs, Tensor):
            # What the first call saw: a saved subclassed model traces its call for it.
            self._call_input_spec = TensorSpec(inputs.shape, inputs.dtype)
        with backend.init_scope():
            self.build(input_shapes)
        self.built = True
        if self.__dict__.get("_build_input_shape") is None:  # (TF's Layer.build records it)
            self.__dict__["_build_input_shape"] = input_shapes
        if self._initial_weights is not None:
            self.set_weights(self._initial_weights)
            self._initial_weights = None
        backend.restore_deferred(self)

    def _convert_inputs(self, inputs):
        """The call's first argument as TF's Keras passes it to ``call``: its structure kept
        (a list stays a list, even of numbers), each NumPy array and Python number in it a
        tensor of its own, anything else (strings, NumPy scalars such as np.float32) as it
        is; floating tensors cast to the layer's dtype."""
        if isinstance(inputs, Tensor):
            return self._autocast_tensor(inputs)
        if isinstance(inputs, (list, tuple, dict)):
            return nest.map_structure(self._convert_leaf, inputs)
        return self._convert_leaf(inputs)

    def _convert_leaf(self, x):
        if isinstance(x, Tensor):
            return self._autocast_tensor(x)
        if isinstance(x, (np.ndarray, float, int)):  # (TF's list: np.float64 is a float)
            return self._autocast_tensor(convert_to_tensor(x))
        return x

    def _autocast_tensor(self, x):
        if self._autocast and x._dtype.is_floating:
            target = self._dtype or dtypes.as_dtype(backend.floatx())
            if x._dtype is not target and target.is_floating:
                return math_ops.cast(x, target)
        return x

    def __call__(self, *args, **kwargs):
        if not args:
            if "inputs" not in kwargs:
                raise ValueError("The first argument to `Layer.call` must always be passed.")
            args = (kwargs.pop("inputs"),)
        inputs = args[0]
        if has_keras_tensor(inputs):
            return self._functional_call(args, kwargs)
        inputs = self._convert_inputs(inputs)
        args = (inputs,) + args[1:]
        ctx = backend.call_context
        accepts_training, training_index, _, accepts_kwargs, required = self._call_signature()
        training = kwargs.get("training")
        if accepts_training:
            if training is None and training_index is not None and len(args) > training_index:
                training = args[training_index]
            elif training is None:
                # Not given: the outer layer's flag (Keras's call context), else the default.
                training = ctx.training
                if training is not None or required:
                    kwargs["training"] = training
        elif "training" in kwargs and not accepts_kwargs:
            kwargs.pop("training")
        if isinstance(training, (int, np.bool_)) and not isinstance(training, bool):
            training = bool(training)
        saved_training, saved_autocast = ctx.training, ctx.autocast
        if self._variable_dtype is not None or saved_autocast is not None:
            # Mixed precision: AutoCastVariables read inside this call give this dtype.
            ctx.autocast = self._dtype or dtypes.as_dtype(backend.floatx())
        outermost = ctx.depth == 0
        if outermost and _ADD_LOSS_USED[0]:
            self._clear_losses()
        ctx.depth += 1
        if training is not None:
            ctx.training = training
        input_mask = kwargs.get("mask")
        if input_mask is None and _MASKS:
            input_mask = _MASKS.find(inputs)
            if input_mask is not None and self._call_signature()[2]:
                kwargs["mask"] = input_mask
        try:
            with context.name_scope(self._name):
                if not self.built:
                    _check_input_spec(self, inputs)
                    self._maybe_build(inputs)
                if self.input_spec is not None:
                    _check_input_spec(self, inputs)
                try:
                    outputs = _call_as_traced(self.call)(*args, **kwargs)
                except Exception as exc:  # noqa: BLE001 - re-raised, framed as TF frames it
                    raise call_errors.framed(exc, self, args, kwargs).with_traceback(
                        exc.__traceback__) from None
                if graph_names.RECORDED[0] is not None and _built_in_call(type(self)):
                    graph_names.record(self, inputs, outputs, scope_prefix())
            if (input_mask is not None or type(self).compute_mask is not Layer.compute_mask) \
                    and not _MASKS.all_masked(outputs):
                # As TF: outputs that already carry masks (an input passed through, or the
                # output of an inner layer) keep them; compute_mask decides the others.
                _MASKS.attach(outputs, self.compute_mask(inputs, input_mask))
            if self._activity_regularizer is not None:
                for out in nest.flatten(outputs):
                    self.add_loss(math_ops.divide_no_cast(
                        self._activity_regularizer(out),
                        math_ops.cast(out.shape[0] or 1, out.dtype)))
        finally:
            ctx.depth -= 1
            ctx.training, ctx.autocast = saved_training, saved_autocast
        return outputs

    # --- the functional API: calls on KerasTensors ------------------------------------------------
    def _functional_call(self, args, kwargs):
        inputs = args[0]
        shapes = nest.map_structure(lambda t: t.shape, inputs) \
            if isinstance(inputs, (list, tuple, dict)) else inputs.shape
        _check_input_spec(self, inputs)
        with outside_name_scopes():  # (TF builds and runs it in a scratch graph of its own)
            with context.name_scope(self._name):
                if not self.built:
                    self._maybe_build(inputs)
            _check_input_spec(self, inputs)
            try:
                outputs = self._outputs_on_keras_tensors(inputs, shapes, args, kwargs)
            except Exception as exc:  # noqa: BLE001 - re-raised, framed as TF frames it
                raise call_errors.framed(exc, self, args, kwargs, symbolic=True).with_traceback(
                    exc.__traceback__) from None
        if self._output_has_mask(inputs):
            mask_shape = self._symbolic_mask_shape(inputs, outputs)
            for t in nest.flatten(outputs):
                if isinstance(t, KerasTensor):
                    t._carries_mask = True  # a real call will attach a mask to this output
                    # ... and, as in TF, the symbolic output shows it: a bool KerasTensor.
                    t._keras_mask = KerasTensor(mask_shape, dtypes.bool)
                    t._keras_mask._graph_name = self._passed_mask_name(inputs)
        Node(self, args, kwargs, outputs)
        return outputs

    def _outputs_on_keras_tensors(self, inputs, shapes, args, kwargs):
        """The KerasTensors a call on `inputs` returns: from the shape arithmetic, else from
        running the layer on stand-in values."""
        try:
            out_shapes = self._symbolic_output_shape(shapes)
            in_dtype = nest.flatten(inputs)[0].dtype
            out_dtype = self._output_dtype(in_dtype)
            return nest.map_structure(lambda s: KerasTensor(s, out_dtype),
                                      _as_shape_structure(out_shapes))
        except NotImplementedError:
            # TF runs it in a scratch graph of its own: the layers a call makes there take
            # names counted in that graph, not the program's
            with backend.names_of_a_new_graph():
                return self._infer_outputs_by_running(args, kwargs)

    def _tf_output_op_name(self, index, tensor, inputs):
        """TF's name, inside this built-in layer's name scope, of output `index` of its call on
        `inputs` (`tensor` in a naming trace, see graph_names.py), where it is not the name of
        eagerbook's op ("concat" for Concatenate's ConcatV2); None keeps the traced name."""
        return graph_names.built_in_op_name(self, index, tensor, inputs)

    def _keras_tensor_names(self, node):
        """TF's names of the KerasTensors `node` (a call of this layer) returned, flat (None
        for an output the trace cannot name): those of a trace of the call on placeholders in
        a scratch graph, as TF's Keras makes one for each call (see graph_names.py)."""
        graph = FuncGraph("keras_graph")

        def placeholder(x):
            if isinstance(x, KerasTensor):
                return graph.add_placeholder(x.dtype, x.shape, name="Placeholder")
            return x

        layers = list(self._flatten_layers())
        terms = [(len(layer._eager_losses), list(layer.__dict__.get("_added_metrics", {})))
                 for layer in layers]
        outer, graph_names.RECORDED[0] = graph_names.RECORDED[0], {}
        names = graph_names.RECORDED[0]
        try:
            with contextlib.redirect_stdout(io.StringIO()), context.building_graph(graph):
                args = nest.map_structure(placeholder, list(node.call_args))
                kwargs = nest.map_structure(placeholder, dict(node.call_kwargs))
                outputs = nest.flatten(self(*args, **kwargs))
        except Exception:  # noqa: BLE001 - a call that does not trace has no names to give
            outputs = []
        finally:
            graph_names.RECORDED[0] = outer
            _drop_added_terms(layers, terms)  # (an activity regularizer's loss, say)
        if len(outputs) != len(node.flat_outputs):
            return [None] * len(node.flat_outputs)
        recorded = names.get(("call", id(self))) or [None] * len(outputs)
        return [name or names.get(id(t)) or (t.name if isinstance(t, Tensor) else None)
                for t, name in zip(outputs, recorded)]

    def compute_output_signature(self, input_signature):
        """The TensorSpec(s) of the output for inputs described by TensorSpec(s): the shape
        from ``compute_output_shape``, the dtype this layer computes in."""
        def shape_of(spec):
            if not isinstance(spec, TensorSpec):
                raise TypeError("Only TensorSpec signature types are supported. Received: "
                                f"{spec}.")
            return spec.shape

        output_shape = self.compute_output_shape(nest.map_structure(shape_of, input_signature))
        dtype = dtypes.as_dtype(self.compute_dtype)
        return nest.map_structure(lambda shape: TensorSpec(shape, dtype),
                                  _as_shape_structure(output_shape))

    def _symbolic_output_shape(self, input_shapes):
        """The output shape of a call on KerasTensors: ``compute_output_shape``'s, unless the
        layer's TF ops lose a dimension that the shape arithmetic keeps."""
        return self.compute_output_shape(input_shapes)

    def _passed_mask_name(self, inputs):
        """TF's graph name of a mask this layer passes on unchanged from its one input: the
        placeholder TF's trace makes for the mask after the input's ('Placeholder_1:0')."""
        if type(self).compute_mask is Layer.compute_mask and len(nest.flatten(inputs)) == 1:
            return "Placeholder_1:0"
        return None

    def _symbolic_mask_shape(self, inputs, outputs):
        """The shape of the mask a call on `inputs` attaches: the input mask's when one is
        passed on, else the leading axes of the input that compute_mask keeps (Embedding:
        all of them; Masking: all but the features)."""
        first = nest.flatten(inputs)[0]
        previous = getattr(first, "_keras_mask", None)
        if isinstance(previous, KerasTensor) and type(self).compute_mask is Layer.compute_mask:
            return previous.shape.as_list()
        dims = first.shape.as_list() if isinstance(first, KerasTensor) else None
        if dims is not None and None not in dims[1:]:
            try:
                probe = convert_to_tensor(np.ones([1] + dims[1:], dtype=first.dtype._np))
                mask = self.compute_mask(probe, None)
                if mask is not None:
                    return dims[:convert_to_tensor(mask).shape.rank]
            except Exception:  # noqa: BLE001 - a compute_mask that needs real values
                pass
        if isinstance(previous, KerasTensor):
            return previous.shape.as_list()
        return nest.flatten(outputs)[0].shape.as_list()[:2]

    def _output_has_mask(self, inputs):
        """Whether calling this layer on real values of `inputs` yields a masked output."""
        carries = any(getattr(t, "_carries_mask", False) for t in nest.flatten(inputs))
        if type(self).compute_mask is Layer.compute_mask:
            return carries and self.supports_masking
        flat = [t for t in nest.flatten(inputs) if isinstance(t, KerasTensor)]
        if not flat or any(t.shape.rank is None for t in flat):
            return carries and self.supports_masking

        def ones(t):
            dims = [1 if d is None else d for d in t.shape.as_list()]
            return convert_to_tensor(np.ones(dims, dtype=t.dtype._np))

        try:  # ask compute_mask about stand-in inputs of the same shapes (all ones)
            if isinstance(inputs, (list, tuple)):
                probe = [ones(t) if isinstance(t, KerasTensor) else t for t in inputs]
            else:
                probe = ones(flat[0])
            mask = _stand_in_masks(inputs, probe) if carries else None
            return self.compute_mask(probe, mask) is not None
        except Exception:  # noqa: BLE001 - a compute_mask that needs real values: no mask
            return False

    def _output_dtype(self, input_dtype):
        if input_dtype.is_floating and self._autocast:
            return self._dtype or dtypes.as_dtype(backend.floatx())
        return input_dtype

    def _infer_outputs_by_running(self, args, kwargs):
        """The KerasTensors a call on KerasTensors returns, when no shape arithmetic gives them:
        the shapes of a trace of ``call`` on placeholders, as TF's Keras takes them (TF's
        shape inference then knows what TF knows, e.g. not the -1 of a reshape to
        ``[tf.shape(x)[0], -1]``); a call that cannot be traced (Python control flow on a
        tensor, ``.numpy()``, an add_loss) runs on stand-in values instead."""
        try:
            return self._infer_outputs_by_tracing(args, kwargs)
        except _NotTraceable as untraceable:
            trace_error = untraceable.__cause__
        try:
            return self._infer_outputs_on_stand_ins(args, kwargs)
        except Exception:
            if trace_error is None:
                raise
        # Neither takes the call: TF's error is its trace's (a graph-time shape error).
        raise trace_error.with_traceback(trace_error.__traceback__)

    def _infer_outputs_by_tracing(self, args, kwargs, drop_added_terms=False):
        """Traces ``call`` on placeholders shaped as the KerasTensors among the arguments (a
        scratch graph, thrown away) and returns KerasTensors of its outputs' shapes. What the
        call prints shows once, as in TF; raises _NotTraceable (printing nothing) when the
        call does not trace or leaves a trace of itself behind (a loss or metric added),
        unless `drop_added_terms` (model.build: only the weights matter) lets them go."""
        graph = FuncGraph(self._name)

        def placeholder(x):
            if not isinstance(x, KerasTensor):
                return x
            known = getattr(x, "_inferred_value", None)
            if known is not None:  # a shape computed from shapes: what TF's trace knows of it
                # (a -1 in it, as any size a placeholder's shape cannot hold, is unknown there)
                known = [d if d is not None and d >= 0 else None for d in known]
                shape = array_ops.shape(graph.add_placeholder(x.dtype, known, name="input"))
                return shape[0] if x.shape.rank == 0 else shape
            return graph.add_placeholder(x.dtype, x.shape, name="input")

        def symbolic_arguments():
            sym_args = nest.map_structure(placeholder, list(args))
            sym_kwargs = nest.map_structure(placeholder, dict(kwargs))
            accepts_training, _, accepts_mask = self._call_signature()[:3]
            if accepts_training and not self._passed(sym_args, sym_kwargs, "training"):
                sym_kwargs["training"] = self._default_training()
            if accepts_mask and not self._passed(sym_args, sym_kwargs, "mask") and args:
                mask = _placeholder_masks(graph, args[0])
                if mask is not None:
                    sym_kwargs["mask"] = mask
            return sym_args, sym_kwargs

        layers = list(self._flatten_layers())
        added = [(len(layer._eager_losses), list(layer.__dict__.get("_added_metrics", {})))
                 for layer in layers]
        printed = io.StringIO()
        _STAND_IN_RUNS[0] += 1
        try:
            with contextlib.redirect_stdout(printed), context.building_graph(graph):
                sym_args, sym_kwargs = symbolic_arguments()
                outputs = self.call(*sym_args, **sym_kwargs)
        except Exception as exc:  # noqa: BLE001 - any failure: the stand-in run decides
            raise _NotTraceable() from exc
        finally:
            _STAND_IN_RUNS[0] -= 1
        after = [(len(layer._eager_losses), list(layer.__dict__.get("_added_metrics", {})))
                 for layer in layers]
        if after != added:  # the trace's symbolic losses and metrics go with its graph
            for layer, (losses, metrics) in zip(layers, added):
                del layer._eager_losses[losses:]
                held = layer.__dict__.get("_added_metrics", {})
                for name in [name for name in held if name not in metrics]:
                    del held[name]
            if not drop_added_terms:
                raise _NotTraceable()
        flat = nest.flatten(outputs)
        if not flat or not all(isinstance(t, Tensor) and is_symbolic(t) and t._op.graph is graph
                               for t in flat):
            raise _NotTraceable()
        sys.stdout.write(printed.getvalue())
        return nest.map_structure(lambda t: KerasTensor(t.shape, t.dtype), outputs)

    def _infer_outputs_on_stand_ins(self, args, kwargs):
        """Runs the layer on zeros to learn its output shapes and dtypes. Unknown input sizes
        stand in as 8, then as 9: an output size that changes with them is unknown too,
        one that does not (the query steps of an attention over unknown key steps) is kept,
        as TF's traced shapes keep it."""
        unknown = _has_unknown_steps(args, kwargs)
        if not unknown:
            out = other = self._run_on_stand_ins(args, kwargs, 8)
        else:
            out, other = self._run_on_two_stand_in_sizes(args, kwargs)

        def symbolic(t, t_other):
            t, t_other = convert_to_tensor(t), convert_to_tensor(t_other)
            if t.shape.rank == 0:  # reduced over the batch too (tf.reduce_mean(x)): a scalar
                return KerasTensor([], t.dtype)
            dims = t.shape.as_list()
            other_dims = t_other.shape.as_list()
            if len(other_dims) != len(dims):  # the rank itself depends on the sizes
                return KerasTensor([None] * len(dims), t.dtype)
            return KerasTensor([None] + [a if a == b else None
                                         for a, b in zip(dims[1:], other_dims[1:])], t.dtype)

        try:
            return nest.map_structure(symbolic, out, other)
        except (ValueError, TypeError):  # the structure depends on the sizes: the first run's
            return nest.map_structure(lambda t: symbolic(t, t), out)

    def _passed(self, args, kwargs, name):
        """Whether the call gives argument `name` of ``call`` a value (by keyword, or by
        position: ``layer(x, False, None)`` for ``call(self, x, training, mask)``)."""
        if kwargs.get(name) is not None:
            return True
        try:
            names = list(inspect.signature(self.call).parameters)
        except (TypeError, ValueError):
            return False
        return name in names and names.index(name) < len(args)

    def _run_on_two_stand_in_sizes(self, args, kwargs):
        """The outputs of runs with unknown sizes 8 and 9; if those sizes fail (a positional
        embedding of 6 positions looked up with tf.range of the steps), 2 and 3, then 1 and
        2. TF's trace knows no values, so none of them would fail there. When every pair
        fails, the error is the first run's."""
        first_error = None
        for size in (8, 2, 1):
            try:
                out = self._run_on_stand_ins(args, kwargs, size)
                # silently: TF's trace runs the Python code once, so prints once
                with contextlib.redirect_stdout(io.StringIO()):
                    return out, self._run_on_stand_ins(args, kwargs, size + 1)
            except Exception as exc:  # noqa: BLE001 - re-raised below if no size works
                first_error = first_error or exc
        raise first_error

    def _run_on_stand_ins(self, args, kwargs, unknown_size):
        """The layer's call on zeros shaped as the KerasTensors among `args`/`kwargs` (batch
        1, each unknown size `unknown_size`)."""

        def concrete(x):
            if isinstance(x, KerasTensor):
                dims = x.shape.as_list()
                dims = [1 if i == 0 else unknown_size if d is None else d
                        for i, d in enumerate(dims)]
                return convert_to_tensor(np.zeros(dims, dtype=x.dtype._np))
            return x

        real_args = nest.map_structure(concrete, list(args))
        real_kwargs = nest.map_structure(concrete, dict(kwargs))
        accepts_training, _, accepts_mask = self._call_signature()[:3]
        if accepts_training and not self._passed(real_args, real_kwargs, "training"):
            real_kwargs["training"] = self._default_training()
        if accepts_mask and not self._passed(real_args, real_kwargs, "mask") and args:
            # Masked inputs: give the trial run masks of their batch and step axes (a list of
            # them, None for the unmasked, for a list of inputs).
            mask = _stand_in_masks(args[0], real_args[0])
            if mask is not None:
                real_kwargs["mask"] = mask
        _STAND_IN_RUNS[0] += 1
        try:
            with backend.init_scope():
                return self.call(*real_args, **real_kwargs)
        finally:
            _STAND_IN_RUNS[0] -= 1

    # --- where the layer sits in functional graphs: its calls on KerasTensors --------------------
    def _first_node(self, what):
        """The first call on KerasTensors: a layer called several times (shared) answers
        `input`/`output` with its first call's, as TF 2's Keras does."""
        if not self._inbound_nodes:
            raise AttributeError(f"Layer {self.name} is not connected, no {what} to return.")
        return self._inbound_nodes[0]

    def _node_at(self, node_index, what):
        """The `node_index`-th call on KerasTensors, with TF's errors when there is none."""
        if not self._inbound_nodes:
            raise RuntimeError(f"The layer {self.name} has never been called and thus has no "
                               f"defined {what}.")
        if not len(self._inbound_nodes) > node_index:
            raise ValueError(f"Asked to get {what} at node {node_index}, but the layer has only "
                             f"{len(self._inbound_nodes)} inbound nodes.")
        return self._inbound_nodes[node_index]

    @property
    def outbound_nodes(self):
        """The calls of other layers on this layer's outputs."""
        return self._outbound_nodes

    def get_input_at(self, node_index):
        node = self._node_at(node_index, "input")
        return node.call_args[0] if node.call_args else node.outputs

    def get_output_at(self, node_index):
        return self._node_at(node_index, "output").outputs

    def get_input_shape_at(self, node_index):
        self._node_at(node_index, "input shape")
        return _shape_tuples(self.get_input_at(node_index))

    def get_output_shape_at(self, node_index):
        self._node_at(node_index, "output shape")
        return _shape_tuples(self.get_output_at(node_index))

    def get_input_mask_at(self, node_index):
        return _masks_of(self.get_input_at(node_index))

    def get_output_mask_at(self, node_index):
        return _masks_of(self.get_output_at(node_index))

    @property
    def input_mask(self):
        """The mask(s) the layer's functional input carries (None where there is none)."""
        return _masks_of(self.input)

    @property
    def output_mask(self):
        return _masks_of(self.output)

    @property
    def inbound_nodes(self):
        """The nodes of the functional graphs: one per call on KerasTensors."""
        return self._inbound_nodes

    @property
    def input(self):
        """The KerasTensor(s) this layer was called on in a functional model."""
        self._first_node("input")
        return self.get_input_at(0)

    @property
    def output(self):
        """The KerasTensor(s) this layer produced in a functional model."""
        if not self._inbound_nodes:
            raise AttributeError(f"Layer {self.name} has no inbound nodes.")  # TF's words
        self._first_node("output")
        return self.get_output_at(0)

    def _node_shapes(self, what, pick):
        if not self._inbound_nodes:
            note = " Note that the `input_shape` property is only available for Functional " \
                "and Sequential models." if what == "input" else ""
            raise AttributeError(f"The layer \"{self.name}\" has never been called and thus has "
                                 f"no defined {what} shape.{note}")
        shapes = {repr(s): s for s in (pick(i) for i in range(len(self._inbound_nodes)))}
        if len(shapes) > 1:
            raise AttributeError(f"The layer \"{self.name}\" has multiple inbound nodes, with "
                                 f"different {what} shapes. Hence the notion of \"{what} "
                                 f"shape\" is ill-defined for the layer.")
        return next(iter(shapes.values()))

    @property
    def input_shape(self):
        return self._node_shapes("input", lambda i: _shape_tuples(self.get_input_at(i)))

    @property
    def output_shape(self):
        return self._node_shapes("output", lambda i: _shape_tuples(self.get_output_at(i)))

    # --- config -----------------------------------------------------------------------------------
    def get_config(self):
        config = {"name": self.name, "trainable": self.trainable,
                  "dtype": mixed_precision.serialize(self.dtype_policy)}
        if self._batch_input_shape is not None:
            config["batch_input_shape"] = self._batch_input_shape
        return config

    @classmethod
    def from_config(cls, config):
        try:
            return cls(**config)
        except Exception as exc:  # noqa: BLE001 - re-raised as TF's TypeError, naming the config
            raise TypeError(f"Error when deserializing class '{cls.__name__}' using "
                            f"config={config}.\n\nException encountered: {exc}") from exc

    def __setattr__(self, name, value):
        if name == "name" and "_name" in self.__dict__:
            raise AttributeError("Can't set the attribute \"name\", likely because it "
                                 "conflicts with an existing read-only @property of the object."
                                 " Please choose a different name.")
        if type(value) not in _PLAIN_TYPES or name in _FLAGS_READ_BY_THE_WALK or \
                type(self.__dict__.get(name)) not in _PLAIN_TYPES:
            tracking_changed()
            if (type(value) is list or type(value) is dict) and not name.startswith("_") \
                    and not sys._getframe(1).f_globals.get("__name__", "").startswith(
                        "eagerbook."):  # (set by the user's code: Keras's own lists stay)
                value = _tracked_container(value, self)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        tracking_changed()
        object.__delattr__(self, name)

    # Checkpoints walk objects through this (attribute name -> trackable child).
    def _trackable_children(self):
        children = {}
        for key, value in self.__dict__.items():
            if key in _NOT_TRACKED:
                continue
            if isinstance(value, (Module, Variable)):
                children[key] = value
            elif isinstance(value, (list, tuple)):
                for i, item in enumerate(value):
                    if isinstance(item, (Module, Variable)):
                        children[f"{key}/{i}"] = item
            elif isinstance(value, dict):
                for k, item in value.items():
                    if isinstance(item, (Module, Variable)):
                        children[f"{key}/{escape_name(str(k))}"] = item
        return children


def _tracked_container(value, layer):
    """A list or dict (and those in it) as TF keeps one in a layer's attribute: a ListWrapper
    or DictWrapper (``print(layer.units)`` shows ``ListWrapper([16, 10])``, and so does a
    get_config returning it), which tells the layer of items added later (a pending
    checkpoint restore gives them their values)."""
    def wrapped(item):
        if type(item) is list:
            return containers.ListWrapper([wrapped(x) for x in item], on_change)
        if type(item) is dict:
            return containers.DictWrapper({k: wrapped(x) for k, x in item.items()}, on_change)
        return item

    on_change = functools.partial(backend.restore_deferred, layer)
    return wrapped(value)


def _policy_dtypes(policy):
    """(compute dtype, variable dtype or None when the same) of a layer's policy."""
    if policy is None or policy.compute_dtype is None:  # floatx, or "_infer"
        return None, None
    if policy.compute_dtype == "bfloat16":
        raise TypeError(f"eagerbook has no bfloat16 dtype, so a layer cannot use the policy "
                        f"{policy.name!r}; 'mixed_float16' computes in float16.")
    compute = dtypes.as_dtype(policy.compute_dtype)
    variable = dtypes.as_dtype(policy.variable_dtype)
    return compute, (None if variable is compute else variable)


def _physical_memory():
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None  # not known on this platform: let the allocation itself decide


def _out_of_memory(shape, dtype):
    dims = ",".join(str(d) for d in shape)
    type_name = {"float32": "float", "float64": "double", "float16": "half"}.get(dtype.name,
                                                                                 dtype.name)
    return errors.ResourceExhaustedError(
        None, None, f"OOM when allocating tensor with shape[{dims}] and type {type_name} on "
        "/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu")


def _join_v1_graph(variable):
    """A weight made while a TF 1.x graph is built belongs to that graph's variable
    collections (``tf.compat.v1.trainable_variables()``, what ``minimize`` trains), as in TF."""
    from ...graph import session  # (TF 1.x's graphs: imported when first needed)
    if session._default_stack():  # (layers build their weights lifted out of any graph)
        session.get_default_graph().variable_created(variable)


def _check_allocatable(shape, dtype):
    """TF's ResourceExhaustedError for a weight larger than the machine's memory (NumPy
    would raise MemoryError, or promise the pages lazily and fail while filling them)."""
    count = 1
    for d in shape:
        count *= int(d)
    limit = _physical_memory()
    if limit is not None and count * dtype.size > limit:
        raise _out_of_memory(shape, dtype)


class _MaskTable:
    """The masks riding along with layer outputs (TF keeps them as ``tensor._keras_mask``;
    eagerbook's tensors have no spare attribute). Keyed by the output tensor object and
    bounded to the most recent outputs, so nothing outlives a forward pass for long."""

    _LIMIT = 64

    def __init__(self):
        self._entries = {}  # id(tensor) -> (tensor, mask)

    def __bool__(self):
        return bool(self._entries)

    def attach(self, outputs, masks):
        flat_out = nest.flatten(outputs)
        flat_masks = masks if isinstance(masks, (list, tuple)) else [masks] * len(flat_out)
        for tensor, mask in zip(flat_out, flat_masks):
            if mask is None:
                self._entries.pop(id(tensor), None)
                continue
            self._entries[id(tensor)] = (tensor, mask)
            if len(self._entries) > self._LIMIT:
                del self._entries[next(iter(self._entries))]

    def all_masked(self, outputs):
        """Whether every tensor of `outputs` already has a mask attached."""
        flat = nest.flatten(outputs)
        return bool(flat) and all(self._lookup(x) is not None for x in flat)

    def _lookup(self, x):
        entry = self._entries.get(id(x))
        return entry[1] if entry is not None and entry[0] is x else None

    def find(self, inputs):
        """The mask of `inputs` (a list of masks for a list of inputs), or None."""
        def lookup(x):
            entry = self._entries.get(id(x))
            return entry[1] if entry is not None and entry[0] is x else None
        if isinstance(inputs, (list, tuple)):
            masks = [lookup(x) for x in inputs]
            return masks if any(m is not None for m in masks) else None
        return lookup(inputs)


_MASKS = _MaskTable()


def _masks_of(tensors):
    """The ``_keras_mask`` of each tensor (a list for a list), None where there is none."""
    if isinstance(tensors, (list, tuple)):
        return [getattr(t, "_keras_mask", None) for t in tensors]
    return getattr(tensors, "_keras_mask", None)


def _stand_in_masks(inputs, stand_ins):
    """All-True masks over the batch and step axes of the `stand_ins` whose symbolic `inputs`
    carry a mask: one mask, a list of masks (None for the unmasked) for a list of inputs, or
    None when no input carries one."""
    def mask_for(x, stand_in):
        if not getattr(x, "_carries_mask", False):
            return None
        return convert_to_tensor(np.ones(stand_in.shape.as_list()[:2], dtype=bool))

    if isinstance(inputs, (list, tuple)):
        masks = [mask_for(x, t) for x, t in zip(inputs, stand_ins)]
        return masks if any(m is not None for m in masks) else None
    first = nest.flatten(inputs)[0] if nest.flatten(inputs) else None
    if first is None or not getattr(first, "_carries_mask", False):
        return None
    return mask_for(first, nest.flatten(stand_ins)[0])


def _drop_added_terms(layers, terms):
    """Takes away the losses and metrics `layers` gained since `terms` (per layer: how many
    losses, which metric names) were taken."""
    for layer, (losses, metrics) in zip(layers, terms):
        del layer._eager_losses[losses:]
        held = layer.__dict__.get("_added_metrics", {})
        for name in [name for name in held if name not in metrics]:
            del held[name]


def _built_in_call(cls):
    """Whether `cls` runs the ``call`` of one of eagerbook's layers (not a user's own)."""
    return getattr(cls.call, "__module__", "").startswith("eagerbook.")


class _NotTraceable(Exception):
    """A layer's call that a scratch trace cannot take (the stand-in run learns its shapes)."""


def _placeholder_masks(graph, inputs):
    """Bool placeholders for the masks the KerasTensors among `inputs` carry (over their batch
    and step axes): one, a list (None for the unmasked) for a list of inputs, or None."""
    def mask_for(x):
        if not getattr(x, "_carries_mask", False):
            return None
        return graph.add_placeholder(dtypes.bool, x.shape[:2], name="mask")

    if isinstance(inputs, (list, tuple)):
        masks = [mask_for(x) for x in inputs]
        return masks if any(m is not None for m in masks) else None
    first = nest.flatten(inputs)[0] if nest.flatten(inputs) else None
    return None if first is None else mask_for(first)


def _has_unknown_steps(args, kwargs):
    """Whether a KerasTensor among the call's arguments has an unknown size past the batch."""
    return any(isinstance(x, KerasTensor) and x.shape.rank is not None and
               None in x.shape.as_list()[1:]
               for x in nest.flatten([list(args), dict(kwargs)]))


def _keras_mask(tensor):
    """``tensor._keras_mask``: the mask a layer attached to its output (AttributeError when
    there is none, as in TF)."""
    mask = _MASKS.find(tensor)
    if mask is None:
        raise AttributeError("'tf.Tensor' object has no attribute '_keras_mask'")
    return mask


def _set_keras_mask(tensor, mask):
    _MASKS.attach(tensor, mask)


def _delete_keras_mask(tensor):
    """``del tensor._keras_mask``: TF's Transformer tutorial drops the mask a model's logits
    carry, so that Keras' losses and metrics do not scale by it."""
    _keras_mask(tensor)  # AttributeError when there is none, as in TF
    _MASKS.attach(tensor, None)


# Keras attaches masks to tensors; eagerbook's Tensor keeps no per-object attributes, so the
# attribute reads the mask table (a property added by Keras, as ops add operators).
Tensor._keras_mask = property(_keras_mask, _set_keras_mask, _delete_keras_mask)

# keras.metrics.Mean, handed over by keras.metrics (metrics are layers: that module sits above
# this one, so this one names no metric class itself).
_MEAN_METRIC = [None]
_STAND_IN_RUNS = [0]  # > 0 while a layer runs on stand-ins to learn its output shapes


def running_on_stand_ins():
    """Whether the current call only infers shapes (TF traces it; nothing should advance a
    random generator's state)."""
    return _STAND_IN_RUNS[0] > 0


_ADD_LOSS_USED = [False]  # some layer called add_loss with a value (cleared per call)
_LOSS_SOURCES = [False]  # some layer has a regularizer or an add_loss term


def _recording_input_shape(build):
    """A built-in layer's `build` that also records the input shape it was first given (TF
    keeps it for ``get_build_config``), whether Keras or the user calls it."""
    if getattr(build, "_records_input_shape", False):
        return build

    @functools.wraps(build)
    def recording_build(self, *args, **kwargs):
        shape = args[0] if args else kwargs.get("input_shape")
        if shape is not None and self.__dict__.get("_build_input_shape") is None:
            self.__dict__["_build_input_shape"] = shape
        return build(self, *args, **kwargs)

    recording_build._records_input_shape = True
    return recording_build


def _shape_for_config(shape):
    """A build shape as a config holds it: tuples of sizes (lists of them for several
    inputs), as TF's ``get_build_config`` gives them."""
    if isinstance(shape, TensorShape):
        return tuple(shape.as_list()) if shape.rank is not None else None
    if isinstance(shape, dict):
        return {k: _shape_for_config(v) for k, v in shape.items()}
    if isinstance(shape, (list, tuple)):
        if all(d is None or isinstance(d, (int, np.integer)) for d in shape):
            return tuple(None if d is None else int(d) for d in shape)
        return [_shape_for_config(s) for s in shape]
    return shape


def _shape_tuples(tensors):
    """KerasTensor structure -> the same structure of shape tuples, ``(None, 3)``."""
    return nest.map_structure(lambda t: tuple(t.shape.as_list()), tensors)


def _as_shape_structure(shapes):
    """compute_output_shape may return a TensorShape, a tuple of dims or a list of those."""
    if isinstance(shapes, TensorShape):
        return shapes
    if isinstance(shapes, tuple) and all(d is None or isinstance(d, int) for d in shapes):
        return TensorShape(shapes)
    if isinstance(shapes, (list, tuple)):
        if shapes and all(d is None or isinstance(d, int) for d in shapes):
            return TensorShape(shapes)
        return type(shapes)(_as_shape_structure(s) for s in shapes)
    if isinstance(shapes, dict):
        return {k: _as_shape_structure(v) for k, v in shapes.items()}
    return TensorShape(shapes)


def _call_as_traced(call):
    """`call` as a tf.function tracing with autograph runs it: converted by AutoGraph (tensor
    ``if``/``for`` become graph control flow), as TF's Keras converts a layer's call."""
    convert = getattr(context.state.graph, "convert_call", None)
    return call if convert is None else convert(call)


def tf_function_calls(function):
    """The retracing counts tf.function keeps for `function` (by its code): where TF's Keras
    runs a tf.function and eagerbook does the work itself, its calls are counted here, so
    that TF's retracing warnings come as TF's do."""
    return trace_types._detector_for(function)  # (the detector tf.function calls use)


def count_as_traced_calls(function, calls):
    """`calls` calls of `function`, which TF's Keras runs as a tf.function traced at the
    first: TF's retracing warnings count them so (eagerbook ran the work without tracing)."""
    detector = tf_function_calls(function)
    detector.called_with_tracing(function)
    for _ in range(calls - 1):
        detector.called_without_tracing()

"""Recurrent layers: ``SimpleRNN``, ``LSTM``, ``GRU`` (each a cell run over time by ``RNN``),
and the ``Bidirectional`` wrapper.

A *cell* computes one time step: ``output, new_states = cell(x_t, states)``. ``RNN`` unstacks
the inputs along the time axis (axis 1), runs the cell step by step from zero states and
returns the last output (or every output with ``return_sequences=True``, plus the final
states with ``return_state=True``). A mask (from ``Embedding(mask_zero=True)`` or
``Masking``) makes a masked step keep the previous states and output, as TF's RNN does.

The gate layouts are TF 2's, so weights (and checkpoints) carry over: LSTM gates are stacked
``i, f, c, o`` in one ``kernel``/``recurrent_kernel``/``bias``; GRU stacks ``z, r, h`` and,
with ``reset_after=True`` (TF 2's default), keeps two bias rows, one for the input and one for
the recurrent product (``reset_after=False``: one row, reset applied before the product).
"""

import inspect

import numpy as np

from ...checkpoints.containers import ListWrapper
from ...core import context, dtypes, nest
from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...core.variable import Variable
from ...graph import control_flow, tensor_array
from ...ops import array_ops, manip_ops, math_ops, nn_ops
from ...ops.ragged_ops import RaggedTensor
from .. import activations, backend, constraints, initializers, regularizers, serialization
from ..keras_tensor import KerasTensor
from .base import InputSpec, Layer
from .call_errors import raised_before_call
from .core import _serialize_constraint


def _step_mask(mask, t, like):
    """Column `t` of a (batch, time) mask, as 0./1. of `like`'s dtype, shaped (batch, 1)."""
    column = mask[:, t] if not isinstance(mask, list) else mask[t]
    return array_ops.expand_dims(math_ops.cast(column, like.dtype), 1)


def _keep_where(keep, new, old):
    """``keep ? new : old`` row by row (keep is (batch, 1) of 0./1.), differentiable in both."""
    return math_ops.add(math_ops.multiply(keep, new),
                        math_ops.multiply(math_ops.subtract(1.0, keep), old))


# --- cells: one time step ------------------------------------------------------------------
def set_weight_arguments(cell, *, dropout, recurrent_dropout, **settings):
    """A recurrent cell's `kernel_/recurrent_/bias_` initializers, regularizers and constraints
    (names or objects, resolved as Keras does) and its dropout rates clipped to [0, 1]."""
    lookup = {"initializer": initializers.get, "regularizer": regularizers.get,
              "constraint": constraints.get}
    for name, value in settings.items():
        setattr(cell, name, lookup[name.rsplit("_", 1)[1]](value))
    cell.dropout = min(1.0, max(0.0, dropout))
    cell.recurrent_dropout = min(1.0, max(0.0, recurrent_dropout))


def _training_now(training):
    return bool(backend.learning_phase()) if training is None else bool(training)


class DropoutMasks:
    """Dropout for a recurrent cell, as TF's cells do it: while training, `count` masks of
    ``0`` or ``1 / (1 - rate)`` for the step inputs (and `count` for the previous output),
    drawn at the first step and kept for every later step, one set per graph being traced
    (or none, eagerly) until they are reset. The RNN layers reset them before each call;
    TF's ConvLSTM layers do not, so there the first call's masks (none, if it was not
    training) stay for every later eager call. Outside training there are none."""

    def reset_dropout_mask(self):
        self.__dict__.pop("_input_masks", None)

    def reset_recurrent_dropout_mask(self):
        self.__dict__.pop("_recurrent_masks", None)

    def _input_dropout(self, inputs, training, count):
        """The list of `count` input masks of this call, or None."""
        if self.dropout == 0:
            return None
        return self._kept_masks("_input_masks", inputs, self.dropout, training, count)

    def _recurrent_dropout(self, h_prev, training, count):
        if self.recurrent_dropout == 0:
            return None
        return self._kept_masks("_recurrent_masks", h_prev, self.recurrent_dropout, training,
                                count)

    def _kept_masks(self, slot, like, rate, training, count):
        # Set through __dict__: a dict attribute of a layer would be tracked as state.
        kept = self.__dict__.setdefault(slot, {})
        graph = context.thread_state().graph
        key = None if graph is None else id(graph)
        if key not in kept:
            kept[key] = _draw_masks(like, rate, count) if _training_now(training) else None
        return kept[key]

    def get_dropout_mask_for_cell(self, inputs, training, count=1):
        masks = self._input_dropout(inputs, training, count)
        return masks if masks is None or count > 1 else masks[0]

    def get_recurrent_dropout_mask_for_cell(self, inputs, training, count=1):
        masks = self._recurrent_dropout(inputs, training, count)
        return masks if masks is None or count > 1 else masks[0]


def _draw_masks(like, rate, count):
    ones = math_ops.ones_like(like)
    return [nn_ops.dropout(ones, rate=rate) for _ in range(count)]


def masked_by(x, masks, index):
    return x if masks is None else math_ops.multiply(x, masks[index])


def _per_gate(inputs, masks, count):
    """The step inputs as each of `count` gates sees them: dropped by its own mask."""
    return [masked_by(inputs, masks, g) for g in range(count)]


def _call_cell(cell, inputs, states, training):
    """One step of `cell`, told whether it trains when its `call` takes `training` (TF's rule:
    a custom cell without that argument is called without it)."""
    if _takes_training(cell):
        return cell.call(inputs, states, training=training)
    return cell.call(inputs, states)


def _takes_training(cell):
    try:
        return "training" in inspect.signature(cell.call).parameters
    except (TypeError, ValueError):
        return False


def reset_dropout_masks(cell):
    """New masks for a new layer call (each cell of a stack too)."""
    for each in getattr(cell, "cells", [cell]):
        if isinstance(each, DropoutMasks):
            each.reset_dropout_mask()
            each.reset_recurrent_dropout_mask()


def _gate_sums(cell, gates, inputs, h_prevs):
    """``(x_g @ kernel_g + bias_g) + h_g @ recurrent_kernel_g`` for each gate g, each from its
    own (dropped) copy of the inputs and previous output: TF's implementation 1."""
    kernels = array_ops.split(cell.kernel, gates, axis=1)
    recurrent_kernels = array_ops.split(cell.recurrent_kernel, gates, axis=1)
    biases = array_ops.split(cell.bias, gates, axis=0) if cell.bias is not None else None
    sums = []
    for g in range(gates):
        x = math_ops.matmul(inputs[g], kernels[g])
        if biases is not None:
            x = math_ops.add(x, biases[g])
        sums.append(math_ops.add(x, math_ops.matmul(h_prevs[g], recurrent_kernels[g])))
    return sums


def _plain(sizes):
    """State sizes with tracked lists as plain lists (TF's messages print them so)."""
    return [_plain(s) for s in sizes] if isinstance(sizes, list) else sizes


def _zero_initial_state(cell, inputs=None, batch_size=None, dtype=None):
    """Zeros of ``(batch_size, size)`` for each of `cell`'s states (the batch and dtype of
    `inputs` when given): one tensor for a single state, a list for several."""
    if inputs is not None:
        inputs = convert_to_tensor(inputs)
        batch_size, dtype = array_ops.shape(inputs)[0], inputs.dtype
    dtype = dtype or backend.floatx()

    def zeros(size):
        return array_ops.zeros(array_ops.stack([batch_size, size]), dtype=dtype)

    sizes = cell.state_size
    if isinstance(sizes, int):
        return zeros(sizes)
    return [zeros(size) for size in sizes] if isinstance(sizes, list) else \
        nest.map_structure(zeros, sizes)


class _Cell(DropoutMasks, Layer):
    def __init__(self, units, activation="tanh", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal",
                 bias_initializer="zeros", kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(units, int) or units <= 0:
            raise ValueError("Received an invalid value for argument `units`, expected a "
                             f"positive integer, got {units}.")
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        set_weight_arguments(
            self, kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint,
            dropout=dropout, recurrent_dropout=recurrent_dropout)

    _gates = 1

    @property
    def state_size(self):
        return self.units

    @property
    def output_size(self):
        return self.units

    def _bias_shape(self):
        return (self._gates * self.units,)

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        return _zero_initial_state(self, inputs, batch_size, dtype)

    def _bias_initializer(self):
        return self.bias_initializer

    def build(self, input_shape):
        input_dim = TensorShape(input_shape)[-1]
        width = self._gates * self.units
        self.kernel = self.add_weight("kernel", shape=(input_dim, width),
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.recurrent_kernel = self.add_weight("recurrent_kernel", shape=(self.units, width),
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer,
                                                constraint=self.recurrent_constraint)
        self.bias = self.add_weight("bias", shape=self._bias_shape(),
                                    initializer=self._bias_initializer(),
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint) if self.use_bias else None
        self.built = True

    def get_config(self):
        """TF's keys in TF's order; the gated cells add theirs at the places TF puts them."""
        config = super().get_config()
        config.update({"units": self.units,
                       "activation": activations.serialize(self.activation)})
        config.update(self._gate_config())
        config.update({
            "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "recurrent_initializer": initializers.serialize(self.recurrent_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer)})
        config.update(self._bias_config())
        config.update({
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "recurrent_regularizer": regularizers.serialize(self.recurrent_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "kernel_constraint": _serialize_constraint(self.kernel_constraint),
            "recurrent_constraint": _serialize_constraint(self.recurrent_constraint),
            "bias_constraint": _serialize_constraint(self.bias_constraint),
            "dropout": self.dropout, "recurrent_dropout": self.recurrent_dropout})
        config.update(self._tail_config())
        return config

    def _gate_config(self):
        return {}

    def _bias_config(self):
        return {}

    def _tail_config(self):
        return {}


class SimpleRNNCell(_Cell):
    """``h = activation(x @ kernel + h_prev @ recurrent_kernel + bias)``."""

    def call(self, inputs, states, training=None):
        h_prev = states[0] if isinstance(states, (list, tuple)) else states
        input_masks = self._input_dropout(inputs, training, 1)
        recurrent_masks = self._recurrent_dropout(h_prev, training, 1)
        z = math_ops.matmul(masked_by(inputs, input_masks, 0), self.kernel)
        if self.bias is not None:  # TF adds the bias before the recurrent product
            z = math_ops.add(z, self.bias)
        z = math_ops.add(z, math_ops.matmul(masked_by(h_prev, recurrent_masks, 0),
                                            self.recurrent_kernel))
        h = self.activation(z)
        return h, [h]


class LSTMCell(_Cell):
    """Gates ``i, f, o = sigmoid(...)``, candidate ``c~ = tanh(...)``;
    ``c = f * c_prev + i * c~``, ``h = o * tanh(c)``."""

    _gates = 4

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid",
                 unit_forget_bias=True, implementation=2, **kwargs):
        super().__init__(units, activation=activation, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.unit_forget_bias = unit_forget_bias
        # 2 computes the four gates in one product; 1 gate by gate, which recurrent dropout
        # needs (a mask per gate), so TF switches to it then.
        self.implementation = 1 if self.recurrent_dropout != 0 else implementation

    @property
    def state_size(self):
        return ListWrapper([self.units, self.units])  # TF's tracked list, as it prints

    def _bias_initializer(self):
        if not self.unit_forget_bias:
            return self.bias_initializer
        base, units = self.bias_initializer, self.units

        def forget_gate_ones(shape, dtype=None, **kwargs):
            # Forget-gate biases start at 1 (remember by default), the others as configured.
            parts = [base((units,), dtype=dtype), initializers.Ones()((units,), dtype=dtype),
                     base((2 * units,), dtype=dtype)]
            return array_ops.concat(parts, axis=0)
        return forget_gate_ones

    def call(self, inputs, states, training=None):
        h_prev, c_prev = states
        input_masks = self._input_dropout(inputs, training, 4)
        if self.implementation == 1:
            recurrent_masks = self._recurrent_dropout(h_prev, training, 4)
            z_i, z_f, z_c, z_o = _gate_sums(self, 4, _per_gate(inputs, input_masks, 4),
                                            _per_gate(h_prev, recurrent_masks, 4))
        else:  # one product for all four gates; only the input mask applies (as TF)
            z = math_ops.add(math_ops.matmul(masked_by(inputs, input_masks, 0), self.kernel),
                             math_ops.matmul(h_prev, self.recurrent_kernel))
            if self.bias is not None:
                z = math_ops.add(z, self.bias)
            z_i, z_f, z_c, z_o = array_ops.split(z, 4, axis=1)
        i = self.recurrent_activation(z_i)
        f = self.recurrent_activation(z_f)
        c = math_ops.add(math_ops.multiply(f, c_prev),
                         math_ops.multiply(i, self.activation(z_c)))
        o = self.recurrent_activation(z_o)
        h = math_ops.multiply(o, self.activation(c))
        return h, [h, c]

    def _gate_config(self):
        return {"recurrent_activation": activations.serialize(self.recurrent_activation)}

    def _bias_config(self):
        return {"unit_forget_bias": self.unit_forget_bias}

    def _tail_config(self):
        return {"implementation": self.implementation}


class GRUCell(_Cell):
    """Update gate ``z``, reset gate ``r``, candidate ``h~ = tanh(x Wh + r * (h_prev Uh))``;
    ``h = z * h_prev + (1 - z) * h~`` (TF 2's ``reset_after=True`` form)."""

    _gates = 3

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid",
                 reset_after=True, implementation=2, **kwargs):
        super().__init__(units, activation=activation, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.reset_after = bool(reset_after)
        # As LSTMCell: recurrent dropout needs the gate-by-gate form (implementation 1).
        self.implementation = 1 if self.recurrent_dropout != 0 else implementation

    def _bias_shape(self):
        # reset_after: an input bias row and a recurrent bias row; else one row.
        return (2, 3 * self.units) if self.reset_after else (3 * self.units,)

    def call(self, inputs, states, training=None):
        h_prev = states[0] if isinstance(states, (list, tuple)) else states
        input_masks = self._input_dropout(inputs, training, 3)
        if self.implementation == 1:
            recurrent_masks = self._recurrent_dropout(h_prev, training, 3)
            return self._call_per_gate(_per_gate(inputs, input_masks, 3), h_prev,
                                       _per_gate(h_prev, recurrent_masks, 3))
        inputs = masked_by(inputs, input_masks, 0)  # only the input mask applies (as TF)
        if not self.reset_after:
            return self._call_reset_before(inputs, h_prev)
        from_x = math_ops.matmul(inputs, self.kernel)
        from_h = math_ops.matmul(h_prev, self.recurrent_kernel)
        if self.bias is not None:
            input_bias, recurrent_bias = array_ops.unstack(self.bias, axis=0)
            from_x = math_ops.add(from_x, input_bias)
            from_h = math_ops.add(from_h, recurrent_bias)
        x_z, x_r, x_h = array_ops.split(from_x, 3, axis=1)
        h_z, h_r, h_h = array_ops.split(from_h, 3, axis=1)
        z = self.recurrent_activation(math_ops.add(x_z, h_z))
        r = self.recurrent_activation(math_ops.add(x_r, h_r))
        candidate = self.activation(math_ops.add(x_h, math_ops.multiply(r, h_h)))
        return self._mix(z, h_prev, candidate)

    def _mix(self, z, h_prev, candidate):
        h = math_ops.add(math_ops.multiply(z, h_prev),
                         math_ops.multiply(math_ops.subtract(1.0, z), candidate))
        return h, [h]

    def _call_per_gate(self, inputs, h_prev, h_prevs):
        """TF's implementation 1: each gate reads its own (dropped) copies of the inputs and
        of the previous output; the new output mixes in the undropped previous one."""
        kernels = array_ops.split(self.kernel, 3, axis=1)
        recurrent_kernels = array_ops.split(self.recurrent_kernel, 3, axis=1)
        input_bias = recurrent_bias = None
        if self.bias is not None:
            input_bias, recurrent_bias = (array_ops.unstack(self.bias, axis=0)
                                          if self.reset_after else (self.bias, None))
            input_bias = array_ops.split(input_bias, 3, axis=0)
            if recurrent_bias is not None:
                recurrent_bias = array_ops.split(recurrent_bias, 3, axis=0)
        x = [math_ops.matmul(inputs[g], kernels[g]) for g in range(3)]
        if input_bias is not None:
            x = [math_ops.add(x[g], input_bias[g]) for g in range(3)]
        recurrent = [math_ops.matmul(h_prevs[g], recurrent_kernels[g]) for g in range(2)]
        if recurrent_bias is not None:
            recurrent = [math_ops.add(recurrent[g], recurrent_bias[g]) for g in range(2)]
        z = self.recurrent_activation(math_ops.add(x[0], recurrent[0]))
        r = self.recurrent_activation(math_ops.add(x[1], recurrent[1]))
        if self.reset_after:
            recurrent_h = math_ops.matmul(h_prevs[2], recurrent_kernels[2])
            if recurrent_bias is not None:
                recurrent_h = math_ops.add(recurrent_h, recurrent_bias[2])
            recurrent_h = math_ops.multiply(r, recurrent_h)
        else:
            recurrent_h = math_ops.matmul(math_ops.multiply(r, h_prevs[2]),
                                          recurrent_kernels[2])
        return self._mix(z, h_prev, self.activation(math_ops.add(x[2], recurrent_h)))

    def _call_reset_before(self, inputs, h_prev):
        """The original GRU: the reset gate scales h_prev before the recurrent product."""
        from_x = math_ops.matmul(inputs, self.kernel)
        if self.bias is not None:
            from_x = math_ops.add(from_x, self.bias)
        x_z, x_r, x_h = array_ops.split(from_x, 3, axis=1)
        u_z, u_r, u_h = array_ops.split(self.recurrent_kernel, 3, axis=1)
        z = self.recurrent_activation(math_ops.add(x_z, math_ops.matmul(h_prev, u_z)))
        r = self.recurrent_activation(math_ops.add(x_r, math_ops.matmul(h_prev, u_r)))
        candidate = self.activation(math_ops.add(
            x_h, math_ops.matmul(math_ops.multiply(r, h_prev), u_h)))
        return self._mix(z, h_prev, candidate)

    def _gate_config(self):
        return {"recurrent_activation": activations.serialize(self.recurrent_activation)}

    def _tail_config(self):
        return {"implementation": self.implementation, "reset_after": self.reset_after}


class AbstractRNNCell(Layer):
    """The base of a custom cell: subclasses give ``state_size``, ``output_size`` and
    ``call(inputs, states) -> (output, new_states)``; an RNN layer runs it over time."""

    @property
    def state_size(self):
        raise NotImplementedError

    @property
    def output_size(self):
        raise NotImplementedError

    def call(self, inputs, states):
        raise NotImplementedError

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        return _zero_initial_state(self, inputs, batch_size, dtype)


class StackedRNNCells(Layer):
    """Several cells run as one: at each step the first cell reads the input, each next
    cell reads the output of the one before, and the last one's output is the step's
    output. Its states are the cells' states, one entry per cell."""

    def __init__(self, cells, **kwargs):
        for cell in cells:
            if not hasattr(cell, "call") or not hasattr(cell, "state_size"):
                raise ValueError("All cells must have a `call` method and a `state_size` "
                                 f"attribute. Received cells: {cells}")
        super().__init__(**kwargs)
        self.cells = list(cells)

    @property
    def state_size(self):
        # TF tracks the cells' list sizes as lists, which its repr shows as ListWrapper.
        return tuple(ListWrapper(c.state_size) if isinstance(c.state_size, list)
                     else c.state_size for c in self.cells)

    @property
    def output_size(self):
        last = self.cells[-1]
        return getattr(last, "output_size", None) or _first_size(last.state_size)

    def build(self, input_shape):
        shape = TensorShape(input_shape)
        for cell in self.cells:
            if not cell.built:
                with context.name_scope(cell.name):
                    cell.build(shape)
                cell.built = True
            width = getattr(cell, "output_size", None) or _first_size(cell.state_size)
            shape = TensorShape([shape[0], width])
        self.built = True

    def _split_states(self, states):
        """The flat list of every cell's states, cut into one group per cell."""
        flat = nest.flatten(states)
        groups = []
        for cell in self.cells:
            count = len(nest.flatten(cell.state_size))
            groups.append(flat[:count])
            flat = flat[count:]
        return groups

    def call(self, inputs, states, training=None):
        new_states = []
        for cell, cell_states in zip(self.cells, self._split_states(states)):
            given = cell_states if isinstance(cell.state_size, (list, tuple)) \
                else cell_states[0:1]
            inputs, cell_new = _call_cell(cell, inputs, given, training)
            new_states.append(cell_new if isinstance(cell.state_size, (list, tuple))
                              else nest.flatten(cell_new)[0])
        return inputs, tuple(new_states)

    def pack_states(self, flat_states):
        """Flat states in TF's per-cell structure: a tensor for a one-state cell, a list for
        a cell with several."""
        groups = self._split_states(flat_states)
        return [list(g) if isinstance(c.state_size, (list, tuple)) else g[0]
                for c, g in zip(self.cells, groups)]

    def get_config(self):
        config = super().get_config()
        config["cells"] = [serialization.serialize(c) for c in self.cells]
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["cells"] = [_layer_from_entry(entry, custom_objects)
                           for entry in config["cells"]]
        return cls(**config)


def _first_size(size):
    return size if isinstance(size, int) else nest.flatten(size)[0]


def _cell_output_size(cell):
    """A cell's ``output_size``; a custom cell may leave it out, and TF then takes its first
    state's size (the minimal cell of TF's RNN docs returns its state as output)."""
    size = getattr(cell, "output_size", None)
    return size if size is not None else _first_size(cell.state_size)


# --- the loop over time --------------------------------------------------------------------
_CELL_ARGS = ("activation", "recurrent_activation", "use_bias", "kernel_initializer",
              "recurrent_initializer", "bias_initializer", "unit_forget_bias",
              "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
              "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
              "recurrent_dropout", "reset_after", "implementation")


def _is_nested_input(inputs):
    """Several sequences for one cell (a namedtuple, tuple or dict of them), as in TF's RNN
    guide. A list is not: it is TF's ``[inputs, *initial_states]`` convention; nor is a
    tuple of dimensions, the shape ``build((None, 3, 2))`` is given."""
    if isinstance(inputs, tuple) and all(d is None or isinstance(d, int) for d in inputs):
        return False
    return isinstance(inputs, (tuple, dict)) and not isinstance(inputs, TensorShape)


def _states_out_of_the_list(args, kwargs):
    """TF's convention for the call of a recurrent layer: a list ``[inputs, *initial_states]``
    is the sequences and the states they start from (how TF's configs record a call given
    `initial_state`, and a form TF takes from users too)."""
    inputs = args[0] if args else kwargs.get("inputs")
    if type(inputs) is not list or len(inputs) < 2 or kwargs.get("initial_state") is not None:
        return args, kwargs
    kwargs = {k: v for k, v in kwargs.items() if k != "inputs"}
    kwargs["initial_state"] = inputs[1:]
    return (inputs[0],) + tuple(args[1:]), kwargs


def _record_states_in_the_list(outputs, args, kwargs, written=None):
    """A functional call given KerasTensors as initial states is written in the model's config
    as TF writes it: a call on ``[inputs, *initial_states]`` (with the arguments `written`
    besides: TF's Bidirectional writes ``initial_state=None, constants=None``)."""
    states = nest.flatten(kwargs.get("initial_state"))
    first = nest.flatten(outputs)[0] if outputs is not None else None
    if not states or len(args) > 1 or not isinstance(first, KerasTensor) or \
            not all(isinstance(state, KerasTensor) for state in states):
        return
    inputs = args[0] if args else kwargs["inputs"]
    others = {k: v for k, v in kwargs.items() if k not in ("inputs", "initial_state")}
    first._node.tf_call = ([inputs, *states], {**(written or {}), **others})


class _StateVariables:
    """A stateful RNN's state Variables, kept where weight tracking and checkpoints do not look
    (Keras 2 leaves them out of ``weights`` and checkpoints too)."""

    __slots__ = ("variables",)

    def __init__(self, variables):
        self.variables = variables


class RNN(Layer):
    """Runs `cell` over the time axis of ``(batch, time, features)`` inputs."""

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, unroll=False, time_major=False, **kwargs):
        super().__init__(**kwargs)
        if isinstance(cell, (list, tuple)):  # several cells: TF stacks them into one
            cell = StackedRNNCells(cell)
        if not hasattr(cell, "call"):
            raise ValueError("Argument `cell` should have a `call` method. The RNN was "
                             f"passed: cell={cell}")
        if not hasattr(cell, "state_size"):
            raise ValueError("The RNN cell should have a `state_size` attribute (tuple of "
                             "integers, one integer per RNN state). Received: "
                             f"cell={cell}")
        self.cell = cell
        self._stateful = bool(stateful)
        self._states = None  # stateful: _StateVariables, made at build
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.unroll = unroll
        self.time_major = bool(time_major)  # inputs (time, batch, ...), as are the sequences
        self.supports_masking = True
        self.input_spec = [InputSpec(ndim=3)]  # TF's list of one spec, as it prints

    @property
    def units(self):
        return self.cell.units

    # --- cross-batch state (stateful=True): the last states are the next call's initial ones ---
    @property
    def stateful(self):
        return self._stateful

    @property
    def states(self):
        if self._states is None:
            return [None] * len(self._state_sizes())
        return list(self._states.variables)

    def reset_states(self, states=None):
        """Zeros (or the given `states`) as the state the next call starts from."""
        if not self._stateful:
            raise AttributeError("Layer must be stateful.")
        if self._states is None:
            raise AttributeError("Layer must be built (called once) before its states are "
                                 "reset.")
        variables = self._states.variables
        values = [None] * len(variables) if states is None else \
            (list(states) if isinstance(states, (list, tuple)) else [states])
        if len(values) != len(variables):
            raise ValueError(f"Layer {self.name} expects {len(variables)} states, but it "
                             f"received {len(values)} state values. States received: {states}")
        for index, (variable, value) in enumerate(zip(variables, values)):
            if value is None:
                variable.assign(np.zeros(variable.shape.as_list(), variable.dtype._np))
                continue
            value = np.asarray(value)
            expected = tuple(variable.shape.as_list())
            if value.shape != expected:
                raise ValueError(f"State {index} is incompatible with layer {self.name}: "
                                 f"expected shape={expected}, found shape={value.shape}")
            variable.assign(value)

    def _make_states(self, batch):
        if batch is None:
            raise ValueError(
                "If a RNN is stateful, it needs to know its batch size. Specify the batch size "
                "of your input tensors: \n- If using a Sequential model, specify the batch size "
                "by passing a `batch_input_shape` argument to your first layer.\n- If using the "
                "functional API, specify the batch size by passing a `batch_shape` argument to "
                "your Input layer.")
        dtype = dtypes.as_dtype(self.dtype or backend.floatx())
        with backend.init_scope():
            self._states = _StateVariables([
                Variable(np.zeros((batch, size), dtype._np), trainable=False)
                for size in self._state_sizes()])

    def __call__(self, *args, **kwargs):
        args, kwargs = _states_out_of_the_list(args, kwargs)
        inputs = args[0] if args else kwargs.get("inputs")
        if _is_nested_input(inputs) and self.input_spec is not None:
            self.input_spec = None  # several sequences: their shapes are the cell's to check
        initial_state = kwargs.get("initial_state")
        if initial_state is not None and not _is_nested_input(inputs):
            self._check_initial_state(nest.flatten(initial_state))
        outputs = super().__call__(*args, **kwargs)
        _record_states_in_the_list(outputs, args, kwargs)
        return outputs

    def build(self, input_shape):
        if _is_nested_input(input_shape):  # each step gives the cell the same structure
            step_shapes = nest.map_structure(
                lambda s: TensorShape([s[0]] + TensorShape(s).as_list()[2:]), input_shape)
            if not self.cell.built:  # a cell shared with another RNN keeps its weights
                with context.name_scope(self.cell.name):
                    self.cell.build(step_shapes)
                self.cell.built = True
            self.built = True
            return
        shape = TensorShape(input_shape)
        if shape.rank != 3:
            raise ValueError(f"Input 0 of layer \"{self.name}\" is incompatible with the layer: "
                             f"expected ndim=3, found ndim={shape.rank}. Full shape received: "
                             f"{tuple(shape.as_list())}")
        # Built in the cell's own scope: TF 2 names the weights lstm/lstm_cell/kernel:0.
        if not self.cell.built:  # a cell shared with another RNN keeps its weights
            with context.name_scope(self.cell.name):
                self.cell.build(TensorShape([shape[0], shape[-1]]))
            self.cell.built = True
        if self._stateful:
            self._make_states(shape[1] if self.time_major else shape[0])
        self.built = True

    def _zero_states(self, inputs):
        batch = inputs.shape[0]
        if batch is None:
            batch = array_ops.shape(inputs)[0]
        sizes = nest.flatten(self.cell.state_size)
        return [array_ops.zeros(array_ops.stack([batch, size]) if not isinstance(batch, int)
                                else (batch, size), dtype=inputs.dtype) for size in sizes]

    def get_initial_state(self, inputs):
        """The states a call on `inputs` starts from when none are given: zeros of
        ``(batch, size)`` for each of the cell's states, in a list."""
        inputs = convert_to_tensor(nest.flatten(inputs)[0])
        get = getattr(self.cell, "get_initial_state", None)
        if get is not None and not isinstance(self.cell, _Cell):
            states = get(inputs=None, batch_size=array_ops.shape(inputs)[0],
                         dtype=inputs.dtype)
            return nest.flatten(states)
        states = self._zero_states(inputs)
        if isinstance(self.cell, StackedRNNCells):
            return self.cell.pack_states(states)
        return states

    def _call_nested(self, inputs, initial_state, training=None):
        """A structure of sequences (TF's nested RNN inputs): step t hands the cell the same
        structure of the sequences' t-th slices; outputs and states keep the cell's structure."""
        flat = [convert_to_tensor(x) for x in nest.flatten(inputs)]
        per_input = [array_ops.unstack(x, axis=1) for x in flat]
        steps = len(per_input[0])
        states = initial_state if initial_state is not None else \
            self._nested_zero_states(flat[0].shape[0], flat[0].dtype)
        order = range(steps - 1, -1, -1) if self.go_backwards else range(steps)
        outputs = []
        for t in order:
            step = nest.pack_sequence_as(inputs, [sequence[t] for sequence in per_input])
            output, states = _call_cell(self.cell, step, states, training)
            outputs.append(output)
        if self.return_sequences:
            flat_outputs = [nest.flatten(o) for o in outputs]
            stacked = [array_ops.stack([f[i] for f in flat_outputs], axis=1)
                       for i in range(len(flat_outputs[0]))]
            result = nest.pack_sequence_as(outputs[0], stacked)
        else:
            result = outputs[-1]
        if self.return_state:
            return [result] + nest.flatten(states)
        return result

    def _nested_zero_states(self, batch, dtype):
        def zeros(size):
            dims = TensorShape(size).as_list() if isinstance(size, TensorShape) else [size]
            return array_ops.zeros([batch] + dims, dtype=dtype)

        sizes = self.cell.state_size
        if isinstance(sizes, (int, TensorShape)):
            return [zeros(sizes)]
        return nest.map_structure(zeros, sizes)

    def call(self, inputs, mask=None, training=None, initial_state=None):
        reset_dropout_masks(self.cell)
        if _is_nested_input(inputs):
            return self._call_nested(inputs, initial_state, training)
        if isinstance(inputs, RaggedTensor):
            return self._call_ragged(inputs, training, initial_state)
        inputs = convert_to_tensor(inputs)
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        if self.time_major:  # computed batch-major; the sequences go back to time-major
            if mask is not None:  # a time-major layer's mask is (time, batch) too
                mask = _swap_batch_and_time(convert_to_tensor(mask))
            result = self._call_batch_major(_swap_batch_and_time(inputs), mask, training,
                                            initial_state)
            if self.return_sequences:
                first = _swap_batch_and_time(nest.flatten(result)[0])
                return [first] + result[1:] if self.return_state else first
            return result
        return self._call_batch_major(inputs, mask, training, initial_state)

    def _call_ragged(self, inputs, training, initial_state):
        """Sequences of different lengths (a RaggedTensor), as TF's RNN takes them: padded to
        the longest, each row's own steps as the mask; returned sequences are ragged again."""
        lengths = inputs.row_lengths()
        padded = _padded_steps(inputs)
        mask = manip_ops.sequence_mask(lengths, maxlen=array_ops.shape(padded)[1])
        result = self.call(padded, mask=mask, training=training, initial_state=initial_state)
        if not self.return_sequences:
            return result
        first = RaggedTensor.from_tensor(nest.flatten(result)[0], lengths=lengths)
        return [first] + list(result[1:]) if self.return_state else first

    def _call_batch_major(self, inputs, mask, training, initial_state):
        if initial_state is None and self._stateful:
            initial_state = [convert_to_tensor(v) for v in self._states.variables]
        elif initial_state is not None:
            self._check_initial_state(nest.flatten(initial_state))
        states = nest.flatten(initial_state) if isinstance(initial_state, (list, tuple)) else \
            ([initial_state] if initial_state is not None else self._zero_states(inputs))
        if inputs.shape[1] is None:  # a tf.function traced for sequences of any length
            result, states = self._loop_over_unknown_steps(inputs, states, mask, training)
            return self._finish_call(result, states)
        steps = array_ops.unstack(inputs, axis=1)
        order = range(len(steps) - 1, -1, -1) if self.go_backwards else range(len(steps))
        mask = None if mask is None else convert_to_tensor(mask)
        outputs, output = [], None
        for t in order:
            new_output, new_states = _call_cell(self.cell, steps[t], states, training)
            new_states = nest.flatten(new_states)
            if mask is not None:
                keep = _step_mask(mask, t, new_output)
                new_states = [_keep_where(keep, n, o) for n, o in zip(new_states, states)]
                previous = output if output is not None else math_ops.multiply(new_output, 0.0)
                new_output = _keep_where(keep, new_output, previous)
            output, states = new_output, list(new_states)
            outputs.append(output)
        if self.return_sequences:
            result = array_ops.stack(outputs, axis=1)
        else:
            result = output
        return self._finish_call(result, states)

    def _finish_call(self, result, states):
        """Keeps a stateful layer's last states and adds them to the result if asked."""
        if self._stateful:
            for variable, state in zip(self._states.variables, states):
                variable.assign(state)
        if self.return_state:
            if isinstance(self.cell, StackedRNNCells):
                return [result] + self.cell.pack_states(states)
            return [result] + states
        return result

    def _loop_over_unknown_steps(self, inputs, states, mask, training):
        """The steps as a tf.while_loop when their number is known only when the traced
        function runs (TF's RNN loops the same way): (outputs or last output, last states).
        Masked steps keep the previous output and states, as in the unrolled loop."""
        steps = array_ops.shape(inputs)[1]
        time_first = array_ops.transpose(inputs, [1, 0] + list(range(2, inputs.shape.rank)))
        time_mask = None if mask is None else array_ops.transpose(
            math_ops.cast(convert_to_tensor(mask), inputs.dtype), [1, 0])
        first_output, _ = _call_cell(self.cell, time_first[0], states, training)
        outputs = tensor_array.TensorArray(first_output.dtype, size=steps)

        def body(t, output, states, outputs):
            index = steps - 1 - t if self.go_backwards else t
            new_output, new_states = _call_cell(self.cell, time_first[index], states, training)
            new_states = nest.flatten(new_states)
            if time_mask is not None:
                keep = array_ops.expand_dims(time_mask[index], 1)
                new_states = [_keep_where(keep, n, o) for n, o in zip(new_states, states)]
                new_output = _keep_where(keep, new_output, output)
            # (in the order of processing: backwards too, as the unrolled loop stacks them)
            return t + 1, new_output, new_states, outputs.write(t, new_output)

        _, output, states, outputs = control_flow.while_loop(
            lambda t, *_: t < steps, body,
            [0, math_ops.multiply(first_output, 0.0), list(states), outputs])
        if not self.return_sequences:
            return output, list(states)
        stacked = outputs.stack()
        return array_ops.transpose(stacked, [1, 0] + list(range(2, stacked.shape.rank))), \
            list(states)

    def compute_mask(self, inputs, mask=None):
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None] * len(self._state_sizes())
        return output_mask

    def _state_sizes(self):
        return nest.flatten(self.cell.state_size)

    def _check_initial_state(self, states):
        """TF's check of `initial_state` against the cell's state sizes (made before the
        call, so the error names no call arguments)."""
        sizes = self._state_sizes()
        shapes = [TensorShape(getattr(s, "shape", np.shape(s))) for s in states]
        if len(shapes) == len(sizes) and all(
                shape.rank is None or shape[1:].is_compatible_with(TensorShape(size))
                for shape, size in zip(shapes, sizes)):
            return
        specs = ", ".join(f"InputSpec(shape={tuple(shape.as_list())}, ndim={shape.rank})"
                          for shape in shapes)
        raise raised_before_call(ValueError(
            "An `initial_state` was passed that is not compatible with `cell.state_size`. "
            f"Received `state_spec`=ListWrapper([{specs}]); however `cell.state_size` is "
            f"{_plain(self.cell.state_size)}"), self.name)

    def compute_output_shape(self, input_shape):
        if _is_nested_input(input_shape):
            if self.return_state:
                raise NotImplementedError  # inferred by running the layer once
            dims = TensorShape(nest.flatten(input_shape)[0]).as_list()
            lead = dims[:2] if self.return_sequences else dims[:1]

            def shape_of(size):
                tail = TensorShape(size).as_list() if isinstance(size, TensorShape) else [size]
                return TensorShape(lead + tail)

            return nest.map_structure(shape_of, _cell_output_size(self.cell))
        dims = TensorShape(input_shape).as_list()
        units = _first_size(_cell_output_size(self.cell))
        batch = dims[1] if self.time_major else dims[0]
        out = TensorShape([dims[0], dims[1], units] if self.return_sequences
                          else [batch, units])
        if self.return_state:
            states = [TensorShape([batch, size]) for size in self._state_sizes()]
            if isinstance(self.cell, StackedRNNCells):  # grouped per cell, as the call does
                states = self.cell.pack_states(states)
            return [out] + states
        return out

    def _output_dtype(self, input_dtype):
        return dtypes.as_dtype(self.dtype)

    def get_config(self):
        config = super().get_config()
        config.update({"return_sequences": self.return_sequences,
                       "return_state": self.return_state, "go_backwards": self.go_backwards,
                       "stateful": self._stateful, "unroll": self.unroll,
                       "time_major": self.time_major})
        if type(self) is RNN:  # the layers that make their own cell list its options instead
            config["cell"] = serialization.serialize(self.cell)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        if "cell" in config:
            config["cell"] = _layer_from_entry(config["cell"], custom_objects)
        return cls(**config)


def _swap_batch_and_time(x):
    return array_ops.transpose(x, [1, 0] + list(range(2, x.shape.rank)))


def with_cell_arguments(layer, config):
    """A layer made from its cell's arguments (LSTM, ConvLSTM2D, ...) lists them in its own
    config, as TF writes it: `config` gets the cell's config minus the cell's own name."""
    cell_config = layer.cell.get_config()
    for key in ("name", "trainable", "dtype"):
        cell_config.pop(key, None)
    for key, value in cell_config.items():
        config[key] = value
        if key == "bias_regularizer":  # TF lists the layer's own regularizer here
            config["activity_regularizer"] = regularizers.serialize(layer._activity_regularizer)
    return config


class _CellRNN(RNN):
    """An RNN layer that makes its own cell from the constructor's arguments."""

    _cell_class = None

    def __init__(self, units, return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, unroll=False, time_major=False, **kwargs):
        cell_kwargs = {k: kwargs.pop(k) for k in list(kwargs) if k in _CELL_ARGS}
        # TF 2 names the cell after its class inside every layer: lstm/lstm_cell/kernel:0.
        cell = self._cell_class(units, dtype=kwargs.get("dtype"),
                                name=backend.to_snake_case(self._cell_class.__name__),
                                **cell_kwargs)
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         time_major=time_major, **kwargs)

    def get_config(self):
        return with_cell_arguments(self, super().get_config())

    @classmethod
    def from_config(cls, config, custom_objects=None):
        return cls(**config)


class SimpleRNN(_CellRNN):
    _cell_class = SimpleRNNCell


class LSTM(_CellRNN):
    _cell_class = LSTMCell


class GRU(_CellRNN):
    _cell_class = GRUCell


def _padded_steps(inputs):
    """A RaggedTensor of (batch, ragged steps, features) as a dense tensor, short rows padded
    with zeros: a scatter of the steps, so gradients reach them (an Embedding below)."""
    steps = inputs.values
    rows = inputs.value_rowids()
    positions = array_ops.range(array_ops.shape(steps, out_type=dtypes.int64)[0],
                               dtype=dtypes.int64) - array_ops.gather(inputs.row_starts(), rows)
    width = math_ops.reduce_max(array_ops.concat([inputs.row_lengths(), [0]], 0))
    shape = array_ops.concat([array_ops.stack([inputs.nrows(), width]),
                              array_ops.shape(steps, out_type=dtypes.int64)[1:]], 0)
    return array_ops.scatter_nd(array_ops.stack([rows, positions], axis=1), steps, shape)


class Bidirectional(Layer):
    """Runs `layer` forwards and a copy of it backwards; merges the two outputs."""

    def __init__(self, layer, merge_mode="concat", weights=None, backward_layer=None,
                 **kwargs):
        # Any layer is accepted here; one without `go_backwards` in its config (Dense, say)
        # then fails with TF's KeyError when its backward copy is made.
        if not isinstance(layer, Layer):
            raise ValueError("Please initialize `Bidirectional` layer with a "
                             f"`tf.keras.layers.Layer` instance. Received: {layer}")
        if merge_mode not in ("sum", "mul", "ave", "concat", None):
            raise ValueError(f"Invalid merge mode. Received: {merge_mode}. Merge mode should "
                             "be one of {\"sum\", \"mul\", \"ave\", \"concat\", None}")
        super().__init__(**kwargs)
        config = layer.get_config()
        # The config shows the layers as given (TF's Bidirectional keeps the original).
        self._layer_entry = serialization.keras_object_entry(layer, "keras.layers", config)
        self._backward_entry = None if backward_layer is None else \
            serialization.serialize(backward_layer)
        self.forward_layer = type(layer).from_config({**config,
                                                      "name": "forward_" + config["name"]})
        if backward_layer is None:
            backward_layer = type(layer).from_config({
                **config, "name": "backward_" + config["name"],
                "go_backwards": not config["go_backwards"]})
        else:  # a fresh copy, named as TF names it
            given = backward_layer.get_config()
            backward_layer = type(backward_layer).from_config(
                {**given, "name": "backward_" + given["name"]})
        self.backward_layer = backward_layer
        self.merge_mode = merge_mode
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state
        self.supports_masking = True

    def __call__(self, *args, **kwargs):
        if "constants" in kwargs and kwargs["constants"] is None:
            del kwargs["constants"]  # (TF's configs write it so: no constants)
        args, kwargs = _states_out_of_the_list(args, kwargs)
        inputs = args[0] if args else kwargs.get("inputs")
        spec = getattr(self.forward_layer, "input_spec", None)
        spec = spec[0] if isinstance(spec, list) and len(spec) == 1 else spec
        if isinstance(spec, InputSpec) and spec.ndim is not None and \
                hasattr(inputs, "shape") and not isinstance(inputs, (list, tuple)):
            # TF checks a sequence against the wrapped layer's spec under this layer's name
            shape = TensorShape(inputs.shape)
            if shape.rank is not None and shape.rank != spec.ndim:
                raise ValueError(f"Input 0 of layer \"{self.name}\" is incompatible with the "
                                 f"layer: expected ndim={spec.ndim}, found ndim={shape.rank}. "
                                 f"Full shape received: {tuple(shape.as_list())}")
        outputs = super().__call__(*args, **kwargs)
        _record_states_in_the_list(outputs, args, kwargs,
                                   written={"initial_state": None, "constants": None})
        return outputs

    def build(self, input_shape):
        """Both directions make their weights now, as in TF, so that a functional or Sequential
        model counts them before it ever runs (``summary()``, ``count_params()``)."""
        if isinstance(input_shape, (list, tuple)) and input_shape and \
                not isinstance(input_shape[0], (int, type(None))):
            input_shape = input_shape[0]  # (inputs, initial states...): the sequence's shape
        shape = TensorShape(input_shape)
        for layer in (self.forward_layer, self.backward_layer):
            if not layer.built:
                with context.name_scope(layer.name):
                    layer._maybe_build(KerasTensor(shape, self.dtype or backend.floatx()))
        self.built = True

    def call(self, inputs, mask=None, training=None, initial_state=None):
        forward_state = backward_state = None
        if initial_state is not None:  # the forward layer's states, then the backward one's
            initial_state = list(initial_state)
            half = len(initial_state) // 2
            forward_state, backward_state = initial_state[:half], initial_state[half:]
        forward = self.forward_layer(inputs, mask=mask, training=training,
                                     initial_state=forward_state)
        backward = self.backward_layer(inputs, mask=mask, training=training,
                                       initial_state=backward_state)
        states = []
        if self.return_state:
            forward, states = forward[0], forward[1:] + backward[1:]
            backward = backward[0]
        if self.return_sequences:
            backward = array_ops.reverse(backward, [1])
        if self.merge_mode == "concat":
            out = array_ops.concat([forward, backward], axis=-1)
        elif self.merge_mode == "sum":
            out = math_ops.add(forward, backward)
        elif self.merge_mode == "ave":
            out = math_ops.multiply(math_ops.add(forward, backward), 0.5)
        elif self.merge_mode == "mul":
            out = math_ops.multiply(forward, backward)
        else:
            out = [forward, backward]
        if self.return_state:
            return (out if isinstance(out, list) else [out]) + states
        return out

    def compute_mask(self, inputs, mask=None):
        return self.forward_layer.compute_mask(inputs, mask)

    def compute_output_shape(self, input_shape):
        shape = self.forward_layer.compute_output_shape(input_shape)
        if self.return_state:
            raise NotImplementedError  # inferred by running the layer once
        dims = shape.as_list()
        if self.merge_mode == "concat":
            dims[-1] *= 2
        elif self.merge_mode is None:
            return [TensorShape(dims), TensorShape(dims)]
        return TensorShape(dims)

    def get_config(self):
        config = super().get_config()
        config.update({"layer": self._layer_entry, "merge_mode": self.merge_mode})
        if self._backward_entry is not None:
            config["backward_layer"] = self._backward_entry
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["layer"] = _layer_from_entry(config["layer"], custom_objects)
        if config.get("backward_layer") is not None:
            config["backward_layer"] = _layer_from_entry(config["backward_layer"],
                                                         custom_objects)
        return cls(**config)


def _layer_from_entry(entry, custom_objects):
    """The layer a ``{'class_name': ..., 'config': ...}`` entry describes."""
    from .wrappers import _layer_class  # wrappers imports this module's neighbours

    return _layer_class(serialization.entry_class_name(entry),
                        custom_objects).from_config(dict(entry["config"]))


__all__ = ["RNN", "SimpleRNN", "LSTM", "GRU", "SimpleRNNCell", "LSTMCell", "GRUCell",
           "AbstractRNNCell", "StackedRNNCells", "Bidirectional"]

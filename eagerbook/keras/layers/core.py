"""Core layers: ``Dense``, ``Dropout``, ``Embedding``, ``Masking``, ``Lambda``, and what the
functional API makes: ``InputLayer``/``Input``, ``TFOpLambda`` (a tf.* function on
KerasTensors), ``AddLoss``/``AddMetric`` (``model.add_loss`` of a KerasTensor). ``KernelLayer``
is what Dense and the convolutions share: a kernel, an optional bias and an activation."""

import inspect
import os

import numpy as np

from ...core import dtypes, errors, nest
from ...core.shape import TensorShape
from ...core.tensor import Tensor, convert_to_tensor
from ...ops import array_ops, math_ops, nn_ops, scatter_ops, sparse_ops
from ...ops.ragged_ops import RaggedTensor, RaggedTensorSpec
from ...ops.sparse_ops import SparseTensor, SparseTensorSpec
from .. import activations, backend, constraints, initializers, regularizers, serialization
from ..keras_tensor import (
    KerasTensor,
    Node,
    RaggedKerasTensor,
    SparseKerasTensor,
    attach_inferred_values,
    keras_tensor_from_type_spec,
    op_layer_call,
    slice_spec_from_config,
)
from . import graph_names
from .base import _MEAN_METRIC, InputSpec, Layer, _NotTraceable


def _dims(shape):
    return TensorShape(shape).as_list()


def _serialize_constraint(constraint):
    if constraint is None:
        return None
    get_config = getattr(constraint, "get_config", None)
    return serialization.keras_object_entry(constraint, "keras.constraints",
                                            get_config() if callable(get_config) else {})


class KernelLayer(Layer):
    """What Dense and the convolutions share: the options of a ``kernel`` weight and an optional
    ``bias``, and ``activation(outputs + bias)`` after the layer's own product."""

    def _set_kernel_options(self, activation, use_bias, kernel_initializer, bias_initializer,
                            kernel_regularizer, bias_regularizer, kernel_constraint,
                            bias_constraint):
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)

    def _add_kernel_and_bias(self, kernel_shape, bias_size):
        self.kernel = self.add_weight("kernel", shape=kernel_shape,
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint, dtype=self.dtype,
                                      trainable=True)
        self.bias = self.add_weight("bias", shape=[bias_size], initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint, dtype=self.dtype,
                                    trainable=True) if self.use_bias else None

    def _add_bias_and_activate(self, outputs, add_bias=math_ops.add):
        if self.use_bias:
            outputs = add_bias(outputs, self.bias)
        activation = self.activation
        # (None too: Grad-CAM recipes set `model.layers[-1].activation = None`, as TF allows)
        if activation is not activations.linear and activation is not None:
            outputs = activation(outputs)
        return outputs

    def _kernel_options_config(self):
        return {
            "activation": activations.serialize(self.activation), "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "activity_regularizer": regularizers.serialize(self._activity_regularizer),
            "kernel_constraint": _serialize_constraint(self.kernel_constraint),
            "bias_constraint": _serialize_constraint(self.bias_constraint)}


class Dense(KernelLayer):
    """``outputs = activation(inputs @ kernel + bias)``; inputs of rank > 2 use the last axis."""

    def __init__(self, units, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        if "input_shape" not in kwargs and "input_dim" in kwargs:
            kwargs["input_shape"] = (kwargs.pop("input_dim"),)
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.units = int(units) if not isinstance(units, int) else units
        if self.units < 0:  # TF accepts 0 units (an empty output)
            raise ValueError("Received an invalid value for `units`, expected a positive "
                             f"integer. Received: units={units}")
        self._set_kernel_options(activation, use_bias, kernel_initializer, bias_initializer,
                                 kernel_regularizer, bias_regularizer, kernel_constraint,
                                 bias_constraint)
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        last_dim = input_shape[-1] if input_shape.rank else None
        if last_dim is None:
            raise ValueError("The last dimension of the inputs to a Dense layer should be "
                             f"defined. Found None. Full input shape received: {input_shape}")
        self.input_spec = InputSpec(min_ndim=2, axes={-1: last_dim})
        self._add_kernel_and_bias([last_dim, self.units], self.units)
        self.built = True

    def call(self, inputs):
        if isinstance(inputs, RaggedTensor):  # ragged steps of known features: per step
            return inputs.with_flat_values(self.call(inputs.flat_values))
        if isinstance(inputs, SparseTensor):  # one-hot/multi-hot rows of a sparse=True layer
            if not inputs.dtype.is_floating:
                inputs = SparseTensor(inputs.indices,
                                      math_ops.cast(inputs.values, self.kernel.dtype),
                                      inputs.dense_shape)
            return self._add_bias_and_activate(
                sparse_ops.sparse_dense_matmul(inputs, self.kernel))
        if not inputs.dtype.is_floating:  # Keras's Dense casts integer inputs (np.arange...)
            inputs = math_ops.cast(inputs, self.kernel.dtype)
        elif not self._autocast:  # and floats that autocast=False left as they came
            inputs = math_ops.cast(inputs, self.compute_dtype)
        rank = inputs.shape.rank
        if rank == 2:
            outputs = math_ops.matmul(inputs, self.kernel)
        else:
            shape = inputs.shape.as_list()
            flat = array_ops.reshape(inputs, [-1, shape[-1]])
            outputs = math_ops.matmul(flat, self.kernel)
            if shape[:-1].count(None) > 1:  # (None, None, features) in a tf.function
                outputs = array_ops.reshape(outputs, array_ops.concat(
                    [array_ops.shape(inputs)[:-1], [self.units]], 0))
                outputs.set_shape(shape[:-1] + [self.units])
            else:
                outputs = array_ops.reshape(
                    outputs, [d if d is not None else -1 for d in shape[:-1]] + [self.units])
        return self._add_bias_and_activate(outputs)

    def compute_output_shape(self, input_shape):
        dims = _dims(input_shape)
        return TensorShape(dims[:-1] + [self.units])

    def get_config(self):
        config = super().get_config()
        config["units"] = self.units
        config.update(self._kernel_options_config())
        return config


def next_op_seed(layer):
    """The op seed of this call of a seeded random layer: TF's layers give their random op
    `seed` at the first call, seed + 1 at the next, and so on (None when unseeded)."""
    if layer.seed is None:
        return None
    seed = layer.__dict__.get("_next_op_seed", layer.seed)
    layer.__dict__["_next_op_seed"] = seed + 1
    return seed


class Dropout(Layer):
    """Zeroes a fraction ``rate`` of the inputs while training (scaling the rest by 1/(1-rate))."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if isinstance(rate, (int, float)) and not 0 <= rate <= 1:
            raise ValueError(f"Invalid value {rate} received for `rate`, expected a value "
                             "between 0 and 1.")
        self.rate = rate
        self.noise_shape = noise_shape
        self.seed = seed
        self.supports_masking = True

    def call(self, inputs, training=None):
        if training is None:
            training = bool(backend.learning_phase())
        if not training or self.rate == 0:
            return math_ops.identity(inputs)
        noise_shape = self.noise_shape
        if noise_shape is not None:
            actual = inputs.shape.as_list()
            noise_shape = [actual[i] if d is None else d for i, d in enumerate(noise_shape)]
        return nn_ops.dropout(inputs, rate=self.rate, noise_shape=noise_shape,
                              seed=next_op_seed(self))

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({"rate": self.rate, "noise_shape": self.noise_shape, "seed": self.seed})
        return config


class Embedding(Layer):
    """Looks up rows of an ``(input_dim, output_dim)`` table by integer index."""

    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform",
                 embeddings_regularizer=None, activity_regularizer=None,
                 embeddings_constraint=None, mask_zero=False, input_length=None, sparse=False,
                 **kwargs):
        if "input_shape" not in kwargs and "batch_input_shape" not in kwargs:
            # As TF 2: an Embedding knows its input is (batch, input_length), so a Sequential
            # model that starts with one is built (and has a summary) before any call.
            if input_length is None:
                kwargs["input_shape"] = (None,)
            else:
                kwargs["input_shape"] = (input_length,) if not isinstance(
                    input_length, (list, tuple)) else tuple(input_length)
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if input_dim <= 0 or output_dim <= 0:
            raise ValueError("Both `input_dim` and `output_dim` should be positive, "
                             f"Received input_dim = {input_dim} and output_dim = {output_dim}")
        # Kept as given: TF checks that they are integers only when it builds the table.
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero  # its output carries the mask it makes
        self.input_length = input_length
        self.sparse = sparse  # (it changes only what a SparseTensor input gives; not in config)
        if sparse and mask_zero:
            raise ValueError("`mask_zero` cannot be enabled when `tf.keras.layers.Embedding` is "
                             "used with `tf.SparseTensor` input.")
        self._autocast = False

    def build(self, input_shape):
        for value in (self.input_dim, self.output_dim):
            if not hasattr(value, "__index__"):  # TF fails making the table's shape
                raise TypeError("Dimension value must be integer or None or have an __index__ "
                                f"method, got value '{value!r}' with type '{type(value)}'")
        self.embeddings = self.add_weight("embeddings", shape=[self.input_dim, self.output_dim],
                                          initializer=self.embeddings_initializer,
                                          regularizer=self.embeddings_regularizer,
                                          constraint=self.embeddings_constraint)
        self.built = True

    def call(self, inputs):
        if isinstance(inputs, RaggedTensor):  # each id looked up: the rows keep their lengths
            return inputs.with_flat_values(self.call(inputs.flat_values))
        inputs = convert_to_tensor(inputs)
        if not inputs.dtype.is_integer:
            inputs = math_ops.cast(inputs, dtypes.int32)
        if inputs._value is not None and inputs._value.size and (
                inputs._value.min() < 0 or inputs._value.max() >= self.input_dim):
            values = inputs._value
            where = np.argwhere((values < 0) | (values >= self.input_dim))[0]
            position = ",".join(str(int(i)) for i in where)
            raise errors.op_error(errors.InvalidArgumentError, "ResourceGather",
                                  f"indices[{position}] = {int(values[tuple(where)])} is not "
                                  f"in [0, {self.input_dim})")
        return array_ops.tf_gather(self.embeddings, inputs)  # (sparse gradient, as TF)

    def _output_dtype(self, input_dtype):
        return self._dtype or dtypes.as_dtype(backend.floatx())

    def compute_mask(self, inputs, mask=None):
        """With ``mask_zero=True``, index 0 is padding: the mask is ``inputs != 0``."""
        if not self.mask_zero:
            return None
        return math_ops.not_equal(inputs, 0)

    def compute_output_shape(self, input_shape):
        return TensorShape(_dims(input_shape) + [self.output_dim])

    def get_config(self):
        config = super().get_config()
        config.update({
            "input_dim": self.input_dim, "output_dim": self.output_dim,
            "embeddings_initializer": initializers.serialize(self.embeddings_initializer),
            "embeddings_regularizer": regularizers.serialize(self.embeddings_regularizer),
            "activity_regularizer": regularizers.serialize(self._activity_regularizer),
            "embeddings_constraint": _serialize_constraint(self.embeddings_constraint),
            "mask_zero": self.mask_zero, "input_length": self.input_length})
        return config


def warmstart_embedding_matrix(base_vocabulary, new_vocabulary, base_embeddings,
                               new_embeddings_initializer="uniform"):
    """An embedding matrix for `new_vocabulary` that keeps the rows `base_embeddings` learned
    for the words both vocabularies have, and draws the others from
    `new_embeddings_initializer` (``tf.keras.utils.warmstart_embedding_matrix``: an Embedding
    layer keeps what it learned when a TextVectorization's vocabulary grows)."""
    base_vocabulary = _vocabulary_list(base_vocabulary)
    new_vocabulary = _vocabulary_list(new_vocabulary)
    base_embeddings = convert_to_tensor(base_embeddings)
    initializer = initializers.get(new_embeddings_initializer)
    matrix = initializer(shape=(len(new_vocabulary), base_embeddings.shape[1]),
                         dtype=base_embeddings.dtype)
    base_row = {word: row for row, word in enumerate(base_vocabulary)}
    kept = [(row, base_row[word]) for row, word in enumerate(new_vocabulary) if word in base_row]
    if not kept:
        return matrix
    new_rows, old_rows = zip(*kept)
    return scatter_ops.tensor_scatter_nd_update(
        matrix, [[row] for row in new_rows], array_ops.gather(base_embeddings, list(old_rows)))


def _vocabulary_list(vocabulary):
    """A vocabulary as a list of words, as TF takes it: the items of a list, an array or a
    tensor as they are (a tensor's words are bytes, which match no str word), or the lines of
    a file."""
    if isinstance(vocabulary, Tensor):
        words = list(vocabulary.numpy())
    elif isinstance(vocabulary, (np.ndarray, tuple, list)):
        words = list(vocabulary)
    elif isinstance(vocabulary, str):
        if not os.path.exists(vocabulary):
            raise ValueError(f"Vocabulary file {vocabulary} does not exist.")
        with open(vocabulary, encoding="utf-8") as lines:
            words = lines.read().splitlines()
    else:
        raise ValueError("Vocabulary is expected to be either a NumPy array, list, 1D tensor or "
                         f"a vocabulary text file. Instead type {type(vocabulary)} was received.")
    if not words:
        raise ValueError("Vocabulary is expected to be either a NumPy array, list, 1D tensor or "
                         "a vocabulary text file with at least one token. Received 0 instead.")
    return words


class Masking(Layer):
    """Marks the time steps whose features all equal `mask_value` as padding: the output is
    the input with those steps zeroed, and the mask goes on to the next layers."""

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.mask_value = mask_value

    def compute_mask(self, inputs, mask=None):
        return math_ops.reduce_any(math_ops.not_equal(inputs, self.mask_value), axis=-1)

    def call(self, inputs):
        keep = math_ops.reduce_any(math_ops.not_equal(inputs, self.mask_value), axis=-1,
                                   keepdims=True)
        return math_ops.multiply(inputs, math_ops.cast(keep, inputs.dtype))

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    def get_config(self):
        config = super().get_config()
        config["mask_value"] = self.mask_value
        return config


class Lambda(Layer):
    """Wraps a function of tensors as a layer (``Lambda(lambda x: x * 2)``)."""

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        if not callable(function):
            raise TypeError("unsupported callable")  # TF's words, from inspecting `function`
        self.function = function
        self.arguments = arguments or {}
        self._output_shape = output_shape
        self._function_arguments = None  # the names `function` takes, looked up once
        self.mask = mask  # the output's mask: a function of (inputs, mask), or the mask itself
        if mask is not None:
            self.supports_masking = True

    def compute_mask(self, inputs, mask=None):
        if callable(self.mask):
            return self.mask(inputs, mask)
        return self.mask

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        # as TF: the function gets the mask and the training flag when it has such arguments
        if self._function_arguments is None:
            try:
                self._function_arguments = set(inspect.signature(self.function).parameters)
            except (TypeError, ValueError):  # a callable Python cannot inspect
                self._function_arguments = set()
        if "mask" in self._function_arguments:
            kwargs["mask"] = mask
        if "training" in self._function_arguments:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def compute_output_shape(self, input_shape):
        """From `output_shape` when given, as TF: a function of the input shape, or the shape
        of one example (the input's batch size goes in front)."""
        if self._output_shape is None:
            return super().compute_output_shape(input_shape)
        if callable(self._output_shape):
            return TensorShape(self._output_shape(input_shape))
        dims = TensorShape(input_shape).as_list() if input_shape is not None else []
        return TensorShape([dims[0] if dims else None] + list(self._output_shape))

    def get_config(self):
        # TF stores the function's bytecode here; we show its name (a Lambda's code is not
        # made again from a config), with the entries TF lists around it.
        config = super().get_config()
        config["function"] = getattr(self.function, "__name__", repr(self.function))
        config.update({"function_type": "lambda",
                       "module": getattr(self.function, "__module__", None)})
        shape = self._output_shape
        if callable(shape):
            config.update({"output_shape": getattr(shape, "__name__", repr(shape)),
                           "output_shape_type": "lambda",
                           "output_shape_module": getattr(shape, "__module__", None)})
        else:
            config.update({"output_shape": shape, "output_shape_type": "raw",
                           "output_shape_module": None})
        if self.mask is not None:
            config.update({"mask": getattr(self.mask, "__name__", repr(self.mask)),
                           "mask_type": "lambda" if callable(self.mask) else "raw",
                           "mask_module": getattr(self.mask, "__module__", None)})
        config["arguments"] = dict(self.arguments)
        return config


class TFOpLambda(Layer):
    """A TF function applied to KerasTensors (``x + y``, ``tf.concat([a, b], 1)`` in a
    functional model). As in TF, its config names the function by its public name without
    ``tf.`` (``"math.add"``) and the model's config holds the call's arguments: loading finds
    the function by that name and calls it on them again."""

    def __init__(self, function, name=None, symbol=None, **kwargs):
        if symbol is None:  # made by an op call on KerasTensors: `name` is the op's own
            symbol = name[len("tf."):] if name and name.startswith("tf.") else None
            name = backend.unique_object_name(name) if name else None
        super().__init__(name=name, **kwargs)
        self.function = function
        self.symbol = symbol
        self._op_name = f"tf.{symbol}" if symbol else name  # (without the layer's number)
        self.function_call = function  # what `call` runs (see keras_tensor.op_layer_call)
        self._awaits_named_call = False

    def __call__(self, *args, **kwargs):
        if self._awaits_named_call:  # made from a config: first called as the config says
            self._awaits_named_call = False
            return op_layer_call(self, self._function_from_config, args, kwargs,
                                 named_after=self.function)
        return super().__call__(*args, **kwargs)

    def _function_from_config(self, *args, **kwargs):
        kwargs.pop("name", None)  # (as TF: the op's name would clash when the layer reruns)
        return self.function(*args, **kwargs)

    def call(self, inputs, *args):
        return self.function_call(inputs, *args)

    def get_build_config(self):
        """The input shape TF keeps is its first argument's (a constant's too: `2.0 - x`)."""
        config = super().get_build_config()
        recorded = self._inbound_nodes[0].tf_call if self._inbound_nodes else None
        if config is None or recorded is None:
            return config

        def shape_of(x):
            if isinstance(x, KerasTensor):
                return tuple(x.shape.as_list())
            return None if isinstance(x, str) else list(np.shape(x))
        first = recorded[0]
        return {"input_shape": [shape_of(x) for x in first] if isinstance(first, (list, tuple))
                else shape_of(first)}

    def get_config(self):
        if not self.symbol:
            raise ValueError(
                f"This TF-Keras op layer was generated from {self.function}, a method that is "
                "not publicly exposed in the TensorFlow API. This may have happened if the "
                "method was explicitly decorated to add dispatching support, and it was used "
                "during Functional model construction. To ensure cross-version compatibility "
                "of TF-Keras models that use op layers, only op layers produced from public "
                "TensorFlow API symbols can be serialized.")
        return {**super().get_config(), "function": self.symbol}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        symbol = config.pop("function")
        function = _public_function(symbol)
        if function is None:
            raise ValueError(f"TF symbol `{symbol}` could not be found.")
        layer = cls(function, symbol=symbol, **config)
        layer._awaits_named_call = True
        return layer

    def _tf_output_op_name(self, index, tensor, inputs):
        return graph_names.function_op_name(self._op_name, tensor)

    def _infer_outputs_by_running(self, args, kwargs):
        """Runs the function on zeros twice, its unknown input sizes (the batch) 2 then 3: an
        output axis whose size changes with them is unknown (None), one that does not keeps its
        size, as TF's shape inference (``tf.reduce_sum(x, 0)`` of a (None, 3) input is (3,))."""
        def run(size, fill=np.zeros):
            def stand_in(x):
                if not isinstance(x, KerasTensor):
                    return x
                if x._stand_ins is not None:  # a size computed from shapes: its value
                    return convert_to_tensor(x._stand_ins[size])
                dims = [size if d is None else d for d in x.shape.as_list()]
                if x.dtype == dtypes.string:  # (tf.strings.lower of a string Input)
                    return convert_to_tensor(np.full(dims, b"a", dtype=object))
                return convert_to_tensor(fill(dims).astype(x.dtype._np))
            with backend.init_scope():
                out = self.call(*nest.map_structure(stand_in, list(args)),
                                **nest.map_structure(stand_in, dict(kwargs)))
            return nest.map_structure(convert_to_tensor, out)

        first, second = run(2), run(3)

        def symbolic(a, b):
            dims = [d if d == e else None for d, e in zip(a.shape.as_list(), b.shape.as_list())]
            return KerasTensor(dims, a.dtype)

        try:  # TF's shapes are its trace's (a reshape's -1 beside a size known only at run time
            # stays unknown); the runs on stand-ins give the values of sizes computed from shapes
            outputs = self._infer_outputs_by_tracing(args, kwargs)
            nest.assert_same_structure(outputs, first)
        except (_NotTraceable, ValueError, TypeError):
            outputs = nest.map_structure(symbolic, first, second)
        attach_inferred_values(self._op_name, outputs, {2: first, 3: second},
                               lambda: _quietly(lambda: run(2, fill=_other_values)))
        return outputs


def _other_values(dims):
    """Stand-in values other than zeros (1..7), to tell data-dependent outputs apart."""
    return np.arange(int(np.prod(dims)), dtype=np.int64).reshape(dims) % 7 + 1


def _quietly(run):
    try:
        return run()
    except Exception:  # noqa: BLE001 - the op does not take these values: no inferred value
        return None


class SlicingOpLambda(TFOpLambda):
    """``x[:, 1:]`` on a KerasTensor (TF's op layer for subscripts): its config writes each
    slice as a dict of its start, stop and step, which loading makes slices again."""

    def _function_from_config(self, tensor, slice_spec, **kwargs):
        return self.function(tensor, slice_spec_from_config(slice_spec))


def _getitem(tensor, slice_spec):
    """``tf.__operators__.getitem``: `tensor[slice_spec]`."""
    return array_ops.tensor_getitem(tensor, slice_spec)


# TF's operator namespace, which TF's configs of `x + y` and `x[0]` name.
_OPERATOR_FUNCTIONS = {"__operators__.add": math_ops.add, "__operators__.getitem": _getitem}


def _public_function(symbol):
    """The function public as ``tf.<symbol>`` ("math.add"), or None."""
    if symbol in _OPERATOR_FUNCTIONS:
        return _OPERATOR_FUNCTIONS[symbol]
    found = backend.public_symbol(symbol)
    return found if callable(found) else None


KerasTensor._op_layer = TFOpLambda  # `x + y` on KerasTensors becomes one of these
KerasTensor._slicing_op_layer = SlicingOpLambda


class AddLoss(Layer):
    """``model.add_loss(t)`` of a functional model's KerasTensor `t`: a layer of the model that
    adds its input, computed at every call, to the model's losses (and passes it through)."""

    def __init__(self, unconditional=True, **kwargs):
        kwargs["autocast"] = False
        super().__init__(**kwargs)
        self.unconditional = unconditional

    def call(self, inputs):
        self.add_loss(inputs)
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config["unconditional"] = self.unconditional
        return config


class AddMetric(Layer):
    """``model.add_metric(t, name=...)`` of a functional model's KerasTensor `t`: a layer of the
    model that reports its input's mean under `metric_name`."""

    def __init__(self, aggregation=None, metric_name=None, **kwargs):
        kwargs["autocast"] = False
        super().__init__(**kwargs)
        self.aggregation = aggregation
        self.metric_name = metric_name
        if metric_name is not None:  # reported from the start (model.metrics_names), as TF
            with backend.init_scope():
                self._added_metrics = {metric_name: _MEAN_METRIC[0](name=metric_name)}

    def call(self, inputs):
        self.add_metric(inputs, name=self.metric_name, aggregation=self.aggregation)
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"aggregation": self.aggregation, "metric_name": self.metric_name})
        return config


# --- inputs -------------------------------------------------------------------------------------
class InputLayer(Layer):
    """The layer behind ``tf.keras.Input``: produces the functional graph's placeholder."""

    def __init__(self, input_shape=None, batch_size=None, dtype=None, input_tensor=None,
                 sparse=None, name=None, ragged=None, type_spec=None, batch_input_shape=None,
                 optional=False, **kwargs):
        if name is None:
            name = backend.unique_object_name("input", zero_based=False)
        self.optional = optional  # (only recorded: TF's configs carry it)
        self._init_type_spec = type_spec
        if type_spec is not None:
            _check_only_name_given_with(type_spec, (
                ("(input_)shape", input_shape if batch_input_shape is None
                 else batch_input_shape), ("batch_size", batch_size), ("dtype", dtype),
                ("input_tensor", input_tensor), ("sparse", sparse), ("ragged", ragged)))
            if isinstance(type_spec, dict):  # (from a config)
                type_spec = serialization.deserialize_keras_object(type_spec)
            input_tensor = keras_tensor_from_type_spec(type_spec)
            sparse, ragged = isinstance(input_tensor, SparseKerasTensor), \
                isinstance(input_tensor, RaggedKerasTensor)
            batch_input_shape = input_tensor.shape.as_list() \
                if input_tensor.shape.rank is not None else ()
        elif batch_input_shape is None:
            if input_shape is None:
                raise ValueError("An InputLayer needs `input_shape` or `batch_input_shape`.")
            if isinstance(input_shape, int):
                input_shape = (input_shape,)
            batch_input_shape = (batch_size,) + tuple(input_shape)
        self.sparse, self.ragged = bool(sparse), bool(ragged)
        super().__init__(name=name, dtype=dtype or backend.floatx(), **kwargs)
        self._batch_input_shape = tuple(batch_input_shape)
        self.built = True
        self.is_placeholder = True
        if input_tensor is None:
            input_tensor = _placeholder(self._batch_input_shape, self.dtype, name, self.sparse,
                                        self.ragged)
        Node(self, (), {}, input_tensor)
        self._input_tensor = input_tensor

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape)

    # TF 2 reports an InputLayer's shapes as a one-entry list: [(None, 784)].
    @property
    def input_shape(self):
        return [self._batch_input_shape]

    @property
    def output_shape(self):
        return [self._batch_input_shape]

    def get_config(self):
        if self._init_type_spec is not None:  # (the spec itself: a model's config writes it)
            return {"name": self.name, "type_spec": self._init_type_spec}
        return {"batch_input_shape": self._batch_input_shape, "dtype": self.dtype,
                "sparse": self.sparse, "ragged": self.ragged, "name": self.name,
                "optional": self.optional}


def _check_only_name_given_with(type_spec, arguments):
    for argument, value in arguments:
        if value is not None:
            raise ValueError("When `type_spec` is not None, all other args except `name` must "
                             f"be None, but {argument} is not None.")


def _placeholder(batch_shape, dtype, name, sparse, ragged):
    """The KerasTensor of an Input: sparse and ragged ones stand for such values (a ragged
    one is ragged up to its last axis of unknown size, as TF's placeholder is)."""
    if sparse:
        return SparseKerasTensor(SparseTensorSpec(batch_shape, dtype), name=name)
    if ragged:
        ragged_rank = max([i for i, d in enumerate(batch_shape) if i and d is None], default=0)
        return RaggedKerasTensor(RaggedTensorSpec(batch_shape, dtype, ragged_rank=ragged_rank),
                                 name=name)
    return KerasTensor(batch_shape, dtype=dtype, name=name)


def Input(shape=None, batch_size=None, name=None, dtype=None, sparse=None, tensor=None,
          ragged=None, type_spec=None, batch_shape=None, **kwargs):
    """``tf.keras.Input``: a symbolic placeholder to start a functional model (of a shape, or
    of a TypeSpec: ``tf.TensorSpec``, ``tf.RaggedTensorSpec``, ``tf.SparseTensorSpec``)."""
    if sparse and ragged:
        raise ValueError("Cannot set both `sparse` and `ragged` to `True` in a Keras `Input`.")
    # TF names the tensor of a spec that has a name field (a TensorSpec's) after the layer
    named_after_layer = name is None and type_spec is not None and hasattr(type_spec, "name")
    if named_after_layer:
        name = type_spec.name
    if shape is None and batch_shape is None and tensor is None and type_spec is None:
        raise ValueError("Please provide to Input a `shape` or a `tensor` or a `type_spec` "
                         "argument. Note that `shape` does not include the batch dimension.")
    if type_spec is not None:
        layer = InputLayer(input_shape=shape, batch_size=batch_size, dtype=dtype,
                           input_tensor=tensor, sparse=sparse, ragged=ragged,
                           type_spec=type_spec, batch_input_shape=batch_shape, name=name)
        if named_after_layer:
            layer._input_tensor._name = layer.name
        return layer._input_tensor
    if batch_shape is None:
        if shape is None:
            batch_shape = tuple(tensor.shape.as_list())
        else:
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            batch_shape = (batch_size,) + shape
    layer = InputLayer(batch_input_shape=batch_shape, dtype=dtype, name=name, sparse=sparse,
                       ragged=ragged)
    return layer._input_tensor


__all__ = ["KernelLayer", "Dense", "Dropout", "Embedding", "Masking", "Lambda", "InputLayer",
           "Input"]


def placeholder(shape=None, ndim=None, dtype=None, sparse=False, name=None, ragged=False):
    """``tf.keras.backend.placeholder``: in TF 2 a placeholder is a functional-API input,
    ``tf.keras.Input(batch_shape=shape)`` (listed in the backend by keras/__init__.py)."""
    if shape is None and ndim:
        shape = (None,) * ndim
    x = Input(batch_shape=shape, dtype=dtype or backend.floatx(), name=name)
    if sparse:
        x._keras_sparse = True  # what backend.is_sparse reads
    return x

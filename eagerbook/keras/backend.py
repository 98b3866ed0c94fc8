"""Small helpers every part of ``eagerbook.keras`` shares.

* unique layer names (``dense``, ``dense_1``, ...) as Keras hands them out;
* ``init_scope``: create Variables eagerly even while ``tf.function`` traces (TF's
  ``tf.init_scope``), so a layer built on a traced call still gets concrete weights;
* the ``training`` flag that an outer layer passes down to inner layers.
"""

import builtins
import contextlib
import importlib
import re
import threading
import warnings

import numpy as np

from ..core import context
from ..core.tensor import Tensor
from ..ops import random_ops

_EPSILON = 1e-7
_FLOATX = "float32"
_NAME_UIDS = {}
_PREFIX_UIDS = {}  # get_uid()'s own counters
_NAME_UIDS_LOCK = threading.Lock()  # threads making layers at once must not share a name


def epsilon():
    return _EPSILON


def set_epsilon(value):
    global _EPSILON
    _EPSILON = float(value)


def floatx():
    return _FLOATX


def set_floatx(value):
    global _FLOATX
    _FLOATX = str(value)


def to_snake_case(name):
    intermediate = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    insecure = re.sub("([a-z])([A-Z])", r"\1_\2", intermediate).lower()
    if insecure[0] != "_":
        return insecure
    return "private" + insecure


def public_symbol(name):
    """What ``tf.<name>`` is ("math.add", "profiler.experimental.start"), or None. The public
    API sits above Keras and is looked up only when it is needed, at run time, as TF's Keras
    finds an op layer's function by its name."""
    found = importlib.import_module("eagerbook")
    for part in name.split("."):
        found = getattr(found, part, None)
    return found


def unique_object_name(base, zero_based=True):
    """``dense``, then ``dense_1``, ``dense_2``, ... (one counter per base name);
    ``zero_based=False`` numbers from 1 (``input_1``, ``input_2``, as Keras names inputs)."""
    with _NAME_UIDS_LOCK:
        count = _NAME_UIDS.get(base, 0)
        _NAME_UIDS[base] = count + 1
    if not zero_based:
        return f"{base}_{count + 1}"
    return base if count == 0 else f"{base}_{count}"


def restore_deferred(obj):
    """Lets a pending checkpoint restore give `obj`'s just-created Variables their values."""
    from ..checkpoints import checkpoint  # imported here: checkpoints walk keras objects too

    checkpoint.restore_deferred(obj)


@contextlib.contextmanager
def names_of_a_new_graph():
    """Default names counted afresh meanwhile (then as before), as TF's Keras counts them per
    graph: what a traced train step makes (the compiled metrics given by name) is named in
    the step's own graph ('auc' for the first AUC there, whatever was made eagerly)."""
    global _NAME_UIDS
    with _NAME_UIDS_LOCK:
        outer, _NAME_UIDS = _NAME_UIDS, {}
    try:
        yield
    finally:
        with _NAME_UIDS_LOCK:
            _NAME_UIDS = outer


def clear_session():
    """Resets the layer-name counters (``tf.keras.backend.clear_session``)."""
    with _NAME_UIDS_LOCK:
        _NAME_UIDS.clear()
        _PREFIX_UIDS.clear()


def check_variable_creation():
    """TF's ValueError for a Variable about to be made (under init_scope) while a tf.function
    traces a call that may not create any (every trace after the first): leaving the graph
    does not lift that rule."""
    graph = context.state.graph
    if graph is not None and not getattr(graph, "allow_variable_creation", True):
        graph.variable_created(None)  # refuses with TF's message


@contextlib.contextmanager
def init_scope():
    """Leaves any graph being traced and hides tapes: Variables created here are concrete. In
    a Keras step eagerbook runs for a traced one, random ops here draw by the eager rules, as
    TF's lifted code does (a TF 1.x or user initializer under add_weight)."""
    with random_ops.outside_traced_step():
        if context.state.graph is None and not context.state.recorders:
            yield
        else:
            with context.building_graph(None):
                yield


def is_symbolic(t):
    """True for tensors made while ``tf.function`` traces (their value is unknown)."""
    return isinstance(t, Tensor) and t._value is None


# --- the training flag passed from outer to inner layers (each thread has its own) ----------
class _CallContext(threading.local):
    def __init__(self):
        self.training = None
        self.depth = 0
        self.autocast = None  # the compute dtype AutoCastVariables read as (mixed precision)
        self.learning_phase = 0  # set_learning_phase's value: per thread, as TF's eager one


call_context = _CallContext()


_PHASE_DEPRECATED = ("`tf.keras.backend.{}` is deprecated and will be removed after "
                     "2020-10-11. To update it, simply pass a True/False value to the `training` "
                     "argument of the `__call__` method of your layer or model.")


def learning_phase():
    return call_context.learning_phase


def _checked_phase(value):
    if value not in {0, 1}:
        raise ValueError("Expected learning phase to be 0 or 1.")
    return int(value)


def set_learning_phase(value):
    """The phase layers called without `training` run in (this thread's, as in TF)."""
    warnings.warn(_PHASE_DEPRECATED.format("set_learning_phase"), UserWarning, stacklevel=1)
    call_context.learning_phase = _checked_phase(value)


@contextlib.contextmanager
def learning_phase_scope(value):
    """``set_learning_phase(value)`` inside the block, the previous phase back after it."""
    warnings.warn(_PHASE_DEPRECATED.format("learning_phase_scope"), UserWarning, stacklevel=2)
    saved, call_context.learning_phase = call_context.learning_phase, _checked_phase(value)
    try:
        yield
    finally:
        call_context.learning_phase = saved


# --- the Keras 2 backend functions the guides call (thin names over eagerbook's ops) --------
def _ops():
    from ..ops import array_ops, math_ops  # ops sit below keras; imported on first use

    return array_ops, math_ops


def mean(x, axis=None, keepdims=False):
    return _ops()[1].reduce_mean(x, axis=axis, keepdims=keepdims)


def sum(x, axis=None, keepdims=False):  # noqa: A001 - Keras's name
    return _ops()[1].reduce_sum(x, axis=axis, keepdims=keepdims)


def std(x, axis=None, keepdims=False):
    return _ops()[1].reduce_std(x, axis=axis, keepdims=keepdims)


def square(x):
    return _ops()[1].square(x)


def sqrt(x):
    return _ops()[1].sqrt(x)


def exp(x):
    return _ops()[1].exp(x)


def log(x):
    return _ops()[1].log(x)


def abs(x):  # noqa: A001 - Keras's name
    return _ops()[1].abs(x)


def shape(x):
    from .keras_tensor import KerasTensor
    from .keras_tensor import shape as symbolic_shape

    if isinstance(x, KerasTensor):  # a layer of the functional model, as tf.shape makes it
        return symbolic_shape(x)
    return _ops()[0].shape(x)


def int_shape(x):
    """The static shape as a tuple (None where unknown)."""
    dims = x.shape.as_list() if hasattr(x.shape, "as_list") else list(x.shape)
    return tuple(dims)


def cast(x, dtype):
    return _ops()[1].cast(x, dtype)


def constant(value, dtype=None, shape=None, name=None):
    from ..core.tensor import constant as tf_constant

    return tf_constant(value, dtype=dtype or floatx(), shape=shape, name=name)


def zeros(shape, dtype=None, name=None):
    """Zeros as a Variable (a plain tensor when a dimension is 0), as Keras 2 returns them."""
    return _as_variable(_ops()[0].zeros(shape, dtype=dtype or floatx()), dtype, name)


def ones(shape, dtype=None, name=None):
    """Ones as a Variable (a plain tensor when a dimension is 0), as Keras 2 returns them."""
    return _as_variable(_ops()[0].ones(shape, dtype=dtype or floatx()), dtype, name)


def _as_variable(value, dtype, name):
    # (builtins.all: this module defines Keras's all())
    return variable(value, dtype, name) if builtins.all(value.shape.as_list()) else value


def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    from ..ops import random_ops

    if seed is None:
        seed = np.random.randint(10e6)  # Keras draws an op seed from NumPy's generator
    return random_ops.random_normal(shape, mean=mean, stddev=stddev, dtype=dtype or floatx(),
                                    seed=seed)


def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    from ..ops import random_ops

    if seed is None:
        seed = np.random.randint(10e6)  # (as random_normal)
    return random_ops.random_uniform(shape, minval=minval, maxval=maxval,
                                     dtype=dtype or floatx(), seed=seed)


def variable(value, dtype=None, name=None, constraint=None):
    """A ``tf.Variable`` of `value` in `dtype` (floatx by default), as Keras 2 makes them."""
    from ..core.variable import Variable

    value = value if isinstance(value, Tensor) else np.asarray(value)
    return Variable(_ops()[1].cast(value, dtype or floatx()), name=name, constraint=constraint)


def eval(x):  # noqa: A001 - Keras's name
    """The value of a tensor or Variable as a NumPy array."""
    return get_value(to_dense(x))


def dtype(x):
    """The dtype's name: ``'float32'``."""
    return x.dtype.base_dtype.name


def ndim(x):
    return x.shape.rank


def is_sparse(x):
    from ..ops.sparse_ops import SparseTensor

    return isinstance(x, SparseTensor) or getattr(x, "_keras_sparse", False)


def to_dense(x):
    if is_sparse(x) and is_keras_tensor(x):
        # A sparse placeholder is only marked sparse (its values arrive dense): a graph step
        # passing them on, unmarked (TF's is a to_dense op on the placeholder).
        from ..ops import array_ops
        from .keras_tensor import KerasTensor

        return KerasTensor._op_layer(array_ops.identity, name="tf.sparse.to_dense")(x)
    if is_sparse(x):
        from ..ops import sparse_ops

        return sparse_ops.to_dense(x)
    return x


def is_keras_tensor(x):
    """True for the symbolic tensors of the functional API; a ValueError for non-tensors."""
    from ..core.variable import Variable
    from ..ops.ragged_ops import RaggedTensor
    from ..ops.sparse_ops import SparseTensor
    from .keras_tensor import KerasTensor

    if not isinstance(x, (Tensor, Variable, SparseTensor, RaggedTensor, KerasTensor)):
        raise ValueError(f"Unexpectedly found an instance of type `{type(x)}`. Expected a "
                         "symbolic tensor instance.")
    return isinstance(x, KerasTensor)


def image_data_format():
    return _IMAGE_DATA_FORMAT[0]


def set_image_data_format(data_format):
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(f"Unknown `data_format`: {data_format}. Expected one of "
                         "{'channels_first', 'channels_last'}")
    _IMAGE_DATA_FORMAT[0] = str(data_format)


_IMAGE_DATA_FORMAT = ["channels_last"]


def cast_to_floatx(x):
    from ..core.variable import Variable
    from ..ops.sparse_ops import SparseTensor

    if isinstance(x, (Tensor, Variable, SparseTensor)):
        return _ops()[1].cast(x, floatx())
    return np.asarray(x, dtype=floatx())


def clip(x, min_value, max_value):
    """Values clipped into [min_value, max_value] (a max below the min is raised to it)."""
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) and \
            max_value < min_value:
        max_value = min_value
    if min_value is None:
        min_value = -float("inf")
    if max_value is None:
        max_value = float("inf")
    return _ops()[1].clip_by_value(x, min_value, max_value)


def dot(x, y):
    """Matrix product; for more than two axes, TF's rule: contract x's last axis with y's
    second-to-last, keeping x's other axes then y's (like ``np.dot``)."""
    array_ops, math_ops = _ops()
    matmul = _as_tf_op(math_ops.matmul, "tf.linalg.matmul")
    x_rank, y_rank = ndim(x), ndim(y)
    if x_rank is None or (x_rank <= 2 and y_rank <= 2):
        return matmul(x, y)
    if None in int_shape(x) + int_shape(y):
        # Unknown sizes: one layer for it all (eagerbook infers a layer's output shape from
        # stand-in sizes, which a chain of reshapes would not keep consistent).
        return _as_tf_op(_nd_dot, "tf.linalg.matmul")(x, y)
    # TF's ops, in TF's order: on KerasTensors each is a layer (tf.compat.v1.shape,
    # tf.unstack, ..., the result's tf.reshape), numbered as TF numbers them.
    reshape = _as_tf_op(array_ops.reshape, "tf.reshape")
    transpose = _as_tf_op(math_ops.transpose, "tf.transpose")
    x_shape, y_shape = _sizes(x), _sizes(y)
    xt = reshape(x, [-1, x_shape[-1]])
    yt = reshape(transpose(y, perm=_last_but_one_first(y_rank)), [y_shape[-2], -1])
    return reshape(matmul(xt, yt), list(x_shape[:-1] + y_shape[:-2] + y_shape[-1:]))


def _last_but_one_first(rank):
    perm = list(range(rank))
    return [perm.pop(-2)] + perm


def _nd_dot(x, y):
    array_ops, math_ops = _ops()
    x_shape, y_shape = array_ops.shape(x), array_ops.shape(y)
    xt = array_ops.reshape(x, [-1, x_shape[-1]])
    yt = array_ops.reshape(math_ops.transpose(y, perm=_last_but_one_first(ndim(y))),
                           [y_shape[-2], -1])
    out_shape = array_ops.concat([x_shape[:-1], y_shape[:-2], y_shape[-1:]], 0)
    return array_ops.reshape(math_ops.matmul(xt, yt), out_shape)


def _sizes(x):
    """x's sizes: the static ones as ints, the others as scalar tensors of ``tf.shape(x)``."""
    array_ops = _ops()[0]
    sizes = _as_tf_op(array_ops.unstack, "tf.unstack")(
        _as_tf_op(array_ops.shape, "tf.shape")(x))
    return tuple(size if size is not None else tensor
                 for size, tensor in zip(int_shape(x), sizes))


_TF_OPS = {}


def _as_tf_op(fn, public_name):
    """`fn` as the public TF op `public_name`: on KerasTensors, a layer named after it."""
    op = _TF_OPS.get(public_name)
    if op is None:
        from .keras_tensor import _on_keras_tensors

        op = _TF_OPS[public_name] = _on_keras_tensors(fn, public_name)
    return op


def batch_dot(x, y, axes=None):
    """Per sample (axis 0), the dot product of x and y over `axes` (x's, y's)."""
    array_ops, math_ops = _ops()
    x_shape, y_shape = int_shape(x), int_shape(y)
    x_rank, y_rank = len(x_shape), len(y_shape)
    if x_rank < 2 or y_rank < 2:
        raise ValueError(f"Cannot do batch_dot on inputs with rank < 2. Received inputs with "
                         f"shapes {x_shape} and {y_shape}.")
    if x_shape[0] is not None and y_shape[0] is not None and x_shape[0] != y_shape[0]:
        raise ValueError(f"Cannot do batch_dot on inputs with different batch sizes. Received "
                         f"inputs with shapes {x_shape} and {y_shape}.")
    if axes is None:
        axes = [x_rank - 1, y_rank - 1] if y_rank == 2 else [x_rank - 1, y_rank - 2]
    elif isinstance(axes, int):
        axes = [axes, axes]
    axes = [a % x_rank if a < 0 else a for a in axes[:1]] + \
        [a % y_rank if a < 0 else a for a in axes[1:]]
    if 0 in axes:
        raise ValueError("Cannot perform batch_dot over axis 0. If your inputs are not batched,"
                         " add a dummy batch dimension to your inputs using K.expand_dims(x, 0)")
    a0, a1 = axes
    if x_shape[a0] is not None and y_shape[a1] is not None and x_shape[a0] != y_shape[a1]:
        raise ValueError(f"Cannot do batch_dot on inputs with shapes {x_shape} and {y_shape} "
                         f"with axes={axes}. x.shape[{a0}] != y.shape[{a1}] "
                         f"({x_shape[a0]} != {y_shape[a1]}).")
    # x: contracted axis last, flattened to (batch, rows, k); y: to (batch, k, cols).
    x_rest = [i for i in range(1, x_rank) if i != a0]
    y_rest = [i for i in range(1, y_rank) if i != a1]
    xt = array_ops.reshape(math_ops.transpose(x, [0] + x_rest + [a0]),
                           [-1, _np_prod([x_shape[i] for i in x_rest]), x_shape[a0]])
    yt = array_ops.reshape(math_ops.transpose(y, [0, a1] + y_rest),
                           [-1, y_shape[a1], _np_prod([y_shape[i] for i in y_rest])])
    out = math_ops.matmul(xt, yt)
    out_shape = [-1] + [x_shape[i] for i in x_rest] + [y_shape[i] for i in y_rest]
    if len(out_shape) == 1:
        out_shape.append(1)  # Keras keeps a (batch, 1) result
    return array_ops.reshape(out, out_shape)


def gather(reference, indices):
    return _ops()[0].gather(reference, indices)


def transpose(x):
    return _ops()[1].transpose(x)


def permute_dimensions(x, pattern):
    return _ops()[1].transpose(x, perm=pattern)


def reshape(x, shape):
    return _ops()[0].reshape(x, shape)


def flatten(x):
    return _ops()[0].reshape(x, [-1])


def batch_flatten(x):
    array_ops, math_ops = _ops()
    rest = x.shape.as_list()[1:]
    return array_ops.reshape(x, [-1, _np_prod(rest) if None not in rest else -1])


def concatenate(tensors, axis=-1):
    if axis < 0:
        rank = ndim(tensors[0])
        axis = axis % rank if rank else 0
    return _ops()[0].concat(list(tensors), axis)


def stack(x, axis=0):
    return _ops()[0].stack(list(x), axis=axis)


def maximum(x, y):
    return _ops()[1].maximum(x, y)


def minimum(x, y):
    return _ops()[1].minimum(x, y)


def ones_like(x, dtype=None, name=None):
    return _ops()[1].ones_like(x, dtype=dtype, name=name)


def zeros_like(x, dtype=None, name=None):
    return _ops()[1].zeros_like(x, dtype=dtype, name=name)


def print_tensor(x, message="", summarize=3):
    """Prints `message` and `x` (``tf.print`` to stdout) and returns `x`."""
    import sys

    from ..ops import logging_ops

    logging_ops.print_v2(message, x, output_stream=sys.stdout, summarize=summarize)
    return x


def eye(size, dtype=None, name=None):
    """An identity matrix, as a Variable."""
    dtype = dtype or floatx()
    return variable(_ops()[0].eye(size, dtype=dtype), dtype, name)


def arange(start, stop=None, step=1, dtype="int32"):
    if stop is None and start < 0:
        start = 0
    result = _ops()[0].range(start, limit=stop, delta=step, name="arange")
    return result if dtype == "int32" else cast(result, dtype)


def repeat(x, n):
    """(batch, dim) -> (batch, n, dim)."""
    if ndim(x) != 2:
        raise AssertionError()  # Keras asserts the rank
    array_ops, _ = _ops()
    return array_ops.tile(array_ops.expand_dims(x, 1), [1, n, 1])


def repeat_elements(x, rep, axis):
    from ..ops import manip_ops

    return manip_ops.repeat(x, rep, axis=axis)


def random_uniform_variable(shape, low, high, dtype=None, name=None, seed=None):
    if seed is None:
        seed = np.random.randint(10e8)  # (Keras draws these from a wider range)
    return variable(random_uniform(shape, minval=low, maxval=high, dtype=dtype, seed=seed),
                    dtype, name)


def random_normal_variable(shape, mean, scale, dtype=None, name=None, seed=None):
    if seed is None:
        seed = np.random.randint(10e8)  # (as random_uniform_variable)
    return variable(random_normal(shape, mean=mean, stddev=scale, dtype=dtype, seed=seed),
                    dtype, name)


def random_binomial(shape, p=0.0, dtype=None, seed=None):
    """0/1 values, each 1 with probability p (deprecated: random_bernoulli)."""
    warnings.warn("`tf.keras.backend.random_binomial` is deprecated, and will be removed in a "
                  "future version.Please use `tf.keras.backend.random_bernoulli` instead.",
                  stacklevel=2)
    return random_bernoulli(shape, p=p, dtype=dtype, seed=seed)


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """-sum(target log p) over `axis`; probabilities are renormalised and clipped to
    [epsilon, 1 - epsilon] first, logits go through a stable log-softmax."""
    from ..core.tensor import convert_to_tensor
    from ..ops import nn_ops
    from .activations import logits_of

    array_ops, math_ops = _ops()
    output = convert_to_tensor(output)
    output, from_logits = logits_of(output, from_logits, "Softmax", "categorical_crossentropy")
    target = math_ops.cast(convert_to_tensor(target), output.dtype)
    if from_logits:
        return nn_ops.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    probs = math_ops.truediv(output, math_ops.reduce_sum(output, axis=axis, keepdims=True))
    probs = clip(probs, epsilon(), 1.0 - epsilon())
    return math_ops.negative(math_ops.reduce_sum(math_ops.multiply(target, math_ops.log(probs)),
                                                 axis=axis))


def binary_crossentropy(target, output, from_logits=False):
    """One binary cross-entropy per element (the loss function averages the last axis)."""
    from ..core.tensor import convert_to_tensor
    from ..ops import nn_ops
    from .activations import logits_of

    array_ops, math_ops = _ops()
    output = convert_to_tensor(output)
    output, from_logits = logits_of(output, from_logits, "Sigmoid", "binary_crossentropy")
    target = math_ops.cast(convert_to_tensor(target), output.dtype)
    if from_logits:
        return nn_ops.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    eps = epsilon()
    p = clip(output, eps, 1.0 - eps)
    return math_ops.negative(math_ops.add(
        math_ops.multiply(target, math_ops.log(math_ops.add(p, eps))),
        math_ops.multiply(math_ops.subtract(1.0, target),
                          math_ops.log(math_ops.add(math_ops.subtract(1.0, p), eps)))))


def get_uid(prefix=""):
    """The next number for `prefix`: 1 for a prefix unseen. (TF counts these apart from
    the layer names, so a Dense layer made before does not count.)"""
    with _NAME_UIDS_LOCK:
        _PREFIX_UIDS[prefix] = _PREFIX_UIDS.get(prefix, 0) + 1
        return _PREFIX_UIDS[prefix]


def reset_uids():
    clear_session()


# Reductions: Keras 2 names over the tf.math ones (any/all look at truth values, var at floats).
def max(x, axis=None, keepdims=False):  # noqa: A001 - Keras's name
    return _ops()[1].reduce_max(x, axis=axis, keepdims=keepdims)


def min(x, axis=None, keepdims=False):  # noqa: A001 - Keras's name
    return _ops()[1].reduce_min(x, axis=axis, keepdims=keepdims)


def prod(x, axis=None, keepdims=False):
    return _ops()[1].reduce_prod(x, axis=axis, keepdims=keepdims)


def var(x, axis=None, keepdims=False):
    x = _as_floats(x)
    return _ops()[1].reduce_variance(x, axis=axis, keepdims=keepdims)


def any(x, axis=None, keepdims=False):  # noqa: A001 - Keras's name
    return _ops()[1].reduce_any(cast(x, "bool"), axis=axis, keepdims=keepdims)


def all(x, axis=None, keepdims=False):  # noqa: A001 - Keras's name
    return _ops()[1].reduce_all(cast(x, "bool"), axis=axis, keepdims=keepdims)


def _as_floats(x):
    from ..core.tensor import convert_to_tensor

    x = convert_to_tensor(x)
    return cast(x, floatx()) if x.dtype.is_bool else x


def argmax(x, axis=-1):
    return _ops()[1].argmax(x, axis=axis)


def argmin(x, axis=-1):
    return _ops()[1].argmin(x, axis=axis)


def cumsum(x, axis=0):
    return _ops()[1].cumsum(x, axis=axis)


def cumprod(x, axis=0):
    return _ops()[1].cumprod(x, axis=axis)


# Element-wise functions and comparisons, one tf op each.
def _elementwise(op_name):
    def apply(*args):
        return getattr(_ops()[1], op_name)(*args)

    apply.__name__ = op_name
    return apply


sin, cos, tanh, sigmoid, softplus, sign, round, pow = (  # noqa: A001 - Keras's names
    _elementwise(name) for name in ("sin", "cos", "tanh", "sigmoid", "softplus", "sign",
                                    "round", "pow"))
equal, not_equal, greater, greater_equal, less, less_equal = (
    _elementwise(name) for name in ("equal", "not_equal", "greater", "greater_equal", "less",
                                    "less_equal"))


def softsign(x):
    from ..ops import nn_impl_ops

    return nn_impl_ops.softsign(x)


def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    from . import activations

    return activations.relu(x, alpha=alpha, max_value=max_value, threshold=threshold)


def elu(x, alpha=1.0):
    from . import activations

    return activations.elu(x, alpha=alpha)


def hard_sigmoid(x):
    from . import activations

    return activations.hard_sigmoid(x)


def softmax(x, axis=-1):
    from ..ops import nn_ops
    from .activations import _remember_logits

    return _remember_logits(nn_ops.softmax(x, axis=axis), x)  # (as TF's: for the losses)


# Shapes.
def expand_dims(x, axis=-1):
    return _ops()[0].expand_dims(x, axis)


def squeeze(x, axis):
    return _ops()[0].squeeze(x, [axis])


def tile(x, n):
    return _ops()[0].tile(x, [n] if isinstance(n, int) else n)


def reverse(x, axes):
    return _ops()[0].reverse(x, [axes] if isinstance(axes, int) else axes)


def one_hot(indices, num_classes):
    """One-hot vectors along a new last axis (``num_classes`` long)."""
    return _ops()[0].one_hot(indices, depth=num_classes, axis=-1)


def l2_normalize(x, axis=None):
    from ..ops import linalg_ops

    return linalg_ops.l2_normalize(x, axis=axis)


def stop_gradient(variables):
    """``tf.stop_gradient`` of a tensor, or of each tensor of a list (then a lazy ``map``,
    as Keras 2 returns it)."""
    if isinstance(variables, (list, tuple)):
        return map(_ops()[1].stop_gradient, variables)
    return _ops()[1].stop_gradient(variables)


def dropout(x, level, noise_shape=None, seed=None):
    from ..ops import nn_ops

    if seed is None:
        seed = np.random.randint(10e6)  # Keras draws an op seed from NumPy's generator
    return nn_ops.dropout(x, rate=level, noise_shape=noise_shape, seed=seed)


def bias_add(x, bias, data_format=None):
    from ..ops import nn_ops

    data_format = data_format or image_data_format()
    return nn_ops.bias_add(x, bias, data_format="NCHW" if data_format == "channels_first"
                           and ndim(x) == 4 else None)


def in_top_k(predictions, targets, k):
    """Whether each target is among its row's `k` largest predictions (TF 1's order of
    arguments: predictions first)."""
    from ..ops import sort_ops

    return sort_ops.in_top_k(targets, predictions, k)


def switch(condition, then_expression, else_expression):
    """`then_expression` where `condition` holds, else `else_expression` (either may be a
    function of no arguments; a scalar condition picks one whole)."""

    condition = cast(condition, "bool")
    if condition.shape.rank == 0:  # (tf.cond: only the branch taken runs)
        chosen = then_expression if bool(condition.numpy()) else else_expression
        return chosen() if callable(chosen) else chosen
    then_value = then_expression() if callable(then_expression) else then_expression
    else_value = else_expression() if callable(else_expression) else else_expression
    return _ops()[0].where(condition, then_value, else_value)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    from ..ops import random_ops

    if seed is None:
        seed = np.random.randint(10e6)
    return random_ops.truncated_normal(shape, mean=mean, stddev=stddev, dtype=dtype or floatx(),
                                       seed=seed)


def random_bernoulli(shape, p=0.0, dtype=None, seed=None):
    """0/1 values, each 1 with probability p."""
    array_ops, math_ops = _ops()
    dtype = dtype or floatx()
    draw = random_uniform(shape, dtype=dtype, seed=seed)
    return math_ops.cast(math_ops.less_equal(draw, p), dtype)


def name_scope(name):
    """``tf.name_scope`` (Keras's backend has it under this name too)."""
    return context.name_scope(name)


# Variables.
def update(x, new_x):
    return x.assign(new_x)


def update_add(x, increment):
    return x.assign_add(increment)


def update_sub(x, decrement):
    return x.assign_sub(decrement)


def batch_get_value(tensors):
    return [get_value(x) for x in tensors]


def batch_set_value(tuples):
    for x, value in tuples:
        set_value(x, value)


def get_value(x):
    # As Keras: anything that is not a tensor (a Python float learning rate...) comes back as is.
    return x.numpy() if hasattr(x, "numpy") else x


def set_value(x, value):
    x.assign(value)


def count_params(x):
    return np.prod(x.shape.as_list())  # np.int64, as Keras returns it


def _np_prod(dims):
    out = 1
    for d in dims:
        out *= d
    return out


def _dispatch_on_keras_tensors():
    """On a functional model's KerasTensors these become layers named after the tf op they
    run, as TF's TFOpLambda makes them (``model.add_metric(keras.backend.std(x), ...)``)."""
    from .keras_tensor import _on_keras_tensors
    names = {"mean": "tf.math.reduce_mean", "sum": "tf.math.reduce_sum",
             "std": "tf.math.reduce_std", "square": "tf.math.square", "sqrt": "tf.math.sqrt",
             "exp": "tf.math.exp", "log": "tf.math.log", "abs": "tf.math.abs", "cast": "tf.cast",
             "transpose": "tf.compat.v1.transpose",
             "permute_dimensions": "tf.compat.v1.transpose", "reshape": "tf.reshape",
             "gather": "tf.compat.v1.gather", "concatenate": "tf.concat", "stack": "tf.stack",
             "maximum": "tf.math.maximum", "minimum": "tf.math.minimum",
             "flatten": "tf.reshape", "batch_flatten": "tf.reshape",
             "clip": "tf.clip_by_value", "batch_dot": "tf.linalg.matmul",
             "repeat": "tf.tile", "repeat_elements": "tf.repeat",
             "max": "tf.math.reduce_max", "min": "tf.math.reduce_min",
             "prod": "tf.math.reduce_prod", "var": "tf.math.reduce_variance",
             "argmax": "tf.math.argmax", "argmin": "tf.math.argmin",
             "expand_dims": "tf.expand_dims", "squeeze": "tf.compat.v1.squeeze",
             "tile": "tf.tile", "one_hot": "tf.one_hot", "softmax": "tf.nn.softmax",
             "l2_normalize": "tf.math.l2_normalize", "pow": "tf.math.pow",
             "sigmoid": "tf.math.sigmoid", "tanh": "tf.math.tanh"}
    for name, public_name in names.items():
        globals()[name] = _on_keras_tensors(globals()[name], public_name)


_dispatch_on_keras_tensors()

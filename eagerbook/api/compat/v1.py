"""``tf.compat.v1``: the TF 1.x names the guide's older examples use."""

import importlib
import sys
import types

import numpy as np

from ...core import context, dtypes
from ...core.context import executing_eagerly
from ...core.dtypes_bfloat16 import bfloat16
from ...core.tensor import convert_to_tensor
from ...core.variable_creators import variable_creator_scope_v1 as variable_creator_scope
from ...core.variable_modes import VariableAggregation  # TF 1's enum (TF 2's is ...V2)
from ...data import v1_dataset
from ...framework import event_messages
from ...framework.config_messages import (
    ConfigProto,
    GPUOptions,
    GraphOptions,
    OptimizerOptions,
    RunMetadata,
    RunOptions,
)
from ...framework.contrib_eager import enable_eager_execution
from ...framework.device import DeviceSpecV1 as DeviceSpec
from ...graph import session as _session
from ...graph import v1_iterators
from ...graph.gradients import gradients
from ...graph.import_graph import write_graph
from ...graph.registered_gradients import NotDifferentiable
from ...graph.session import (
    Graph,
    InteractiveSession,
    Session,
    assert_variables_initialized,
    disable_eager_execution,
    disable_v2_behavior,
    get_default_graph,
    get_default_session,
    global_variables_initializer,
    initialize_all_variables,
    initialize_local_variables,
    is_variable_initialized,
    local_variables_initializer,
    placeholder,
    placeholder_with_default,
    report_uninitialized_variables,
    reset_default_graph,
    tables_initializer,
    variables_initializer,
)
from ...graph.session import VariableV1 as Variable  # (takes TF 1.x's `collections`)
from ...graph.wrap_function import wrap_function
from ...ops import image_ops, ragged_ops, tfrecord
from ...ops.logging_ops import print_v1 as Print  # noqa: N812 (TF's name)
from ...ops.math_ops import cast, log
from ...ops.random_ops import random_normal, random_shuffle, random_uniform
from ...ops.random_ops import set_seed as set_random_seed
from ...ops.script_ops import numpy_function
from .. import io as _io_module
from .. import layers as _layers_module
from .. import train as _train_module
from ..queue import FIFOQueue, QueueBase
from ..version import (  # TF 1.x kept these at the top level (tf.VERSION); compat.v1 too
    COMPILER_VERSION,
    GIT_VERSION,
    GRAPH_DEF_VERSION,
    GRAPH_DEF_VERSION_MIN_CONSUMER,
    GRAPH_DEF_VERSION_MIN_PRODUCER,
    VERSION,
)
from . import (
    v1_decay,
    v1_layer_classes,
    v1_layers,
    v1_losses,
    v1_monitored_session,
    v1_more,
    v1_renames,
    v1_saver,
    v1_variable_scope,
)
from . import v1_metrics as metrics  # TF 1.x's streaming metrics (not Keras's)
from .v1_init_ops import (
    INITIALIZERS,
    constant_initializer,
    glorot_normal_initializer,
    glorot_uniform_initializer,
    ones_initializer,
    random_normal_initializer,
    random_uniform_initializer,
    truncated_normal_initializer,
    variance_scaling_initializer,
    zeros_initializer,
)
from .v1_random_tool import DeterministicRandomTestTool
from .v1_template import make_template
from .v1_variable_scope import (
    AUTO_REUSE,
    GraphKeys,
    VariableScope,
    add_to_collection,
    add_to_collections,
    get_collection,
    get_collection_ref,
    get_variable,
    get_variable_scope,
    global_variables,
    local_variables,
    model_variables,
    track_tf1_style_variables,
    trainable_variables,
    variable_scope,
)


# --- TF 1.x's casts by name (TF 2: tf.cast) ------------------------------------------------------
def _cast_to(dtype, default_name):
    def to_dtype(x, name=default_name):
        return cast(x, dtype, name=name)
    to_dtype.__name__ = default_name.lower()
    to_dtype.__doc__ = f"TF 1.x's ``tf.cast(x, tf.{dtype.name})``."
    return to_dtype


to_float = _cast_to(dtypes.float32, "ToFloat")
to_double = _cast_to(dtypes.float64, "ToDouble")
to_int32 = _cast_to(dtypes.int32, "ToInt32")
to_int64 = _cast_to(dtypes.int64, "ToInt64")
to_complex64 = _cast_to(dtypes.complex64, "ToComplex64")
to_complex128 = _cast_to(dtypes.complex128, "ToComplex128")
to_bfloat16 = _cast_to(bfloat16, "ToBFloat16")


# --- TF 1.x's assignments as functions (TF 2: methods of the Variable) ---------------------------
def assign(ref, value, validate_shape=None, use_locking=None, name=None):
    return ref.assign(value, name=name)


def assign_add(ref, value, use_locking=None, name=None):
    return ref.assign_add(value, name=name)


def assign_sub(ref, value, use_locking=None, name=None):
    return ref.assign_sub(value, name=name)


class name_scope:  # noqa: N801 - TF's name
    """TF 1.x's ``name_scope(name, default_name=None, values=None)``: `default_name` when
    `name` is None (the `values`, the tensors the ops inside use, only had to share a graph);
    neither gives the empty scope."""

    def __init__(self, name, default_name=None, values=None, skip_on_eager=True):
        self._name, self._default_name, self._values = name, default_name, values
        self._entered = []

    @property
    def name(self):
        return self._name or self._default_name

    def __enter__(self):
        if not self._name and self._default_name is None and self._values is not None:
            raise ValueError(f"At least one of name ({self._name}) and default_name "
                             f"({self._default_name}) must be provided.")
        scope = context.name_scope(self._name or self._default_name or "")
        self._entered.append(scope)
        return scope.__enter__()

    def __exit__(self, *exc):
        return self._entered.pop().__exit__(*exc)


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10,
               back_prop=True, swap_memory=False, name=None, maximum_iterations=None,
               return_same_structure=False):
    """TF 1.x's while_loop: with one loop variable in a list, `body` may return it bare, and
    the loop then returns it bare too (unless `return_same_structure`)."""
    bare = []  # did the body return its one loop variable without a list around it?

    def body_of_one(*args):
        out = body(*args)
        if isinstance(out, (list, tuple)):
            return out
        bare.append(True)
        return (out,)

    one = (not return_same_structure and isinstance(loop_vars, (list, tuple))
           and len(loop_vars) == 1)
    result = sys.modules["eagerbook"].while_loop(
        cond, body_of_one if one else body, loop_vars, shape_invariants=shape_invariants,
        parallel_iterations=parallel_iterations, swap_memory=swap_memory,
        maximum_iterations=maximum_iterations)
    return result[0] if one and bare else result


def py_func(func, inp, Tout, stateful=True, name=None):
    """TF 1.x's name of ``tf.numpy_function`` (NumPy values in and out)."""
    return numpy_function(func, inp, Tout, stateful=stateful, name=name)


def executing_eagerly_outside_functions():
    """True unless a TF 1.x graph is being built (``tf.function`` bodies count as eager)."""
    return not _session._default_stack()


def _split_on_any(text, delimiters):
    pieces, start = [], 0
    for i, c in enumerate(text):
        if c in delimiters:
            pieces.append(text[start:i])
            start = i + 1
    return pieces + [text[start:]]


def string_split(source, sep=None, skip_empty=True, delimiter=None,
                 result_type="SparseTensor", name=None):
    """TF 1.x's split: every character of `delimiter` (default ``' '``) splits, and an empty
    delimiter splits into characters. `source` is a vector; the result is a SparseTensor
    (or a RaggedTensor with ``result_type="RaggedTensor"``)."""
    if result_type not in ("SparseTensor", "RaggedTensor"):
        raise ValueError("result_type must be 'RaggedTensor' or 'SparseTensor'.")
    delimiter = sep if sep is not None else (" " if delimiter is None else delimiter)
    delimiter = delimiter.encode() if isinstance(delimiter, str) else bytes(delimiter)
    pieces, lengths = [], []
    for text in convert_to_tensor(source, dtype=dtypes.string).numpy().reshape(-1):
        row = [bytes([c]) for c in text] if not delimiter else _split_on_any(text, delimiter)
        row = [p for p in row if p or not skip_empty]
        pieces += row
        lengths.append(len(row))
    values = convert_to_tensor(np.array(pieces, dtype=object).reshape(-1), dtype=dtypes.string)
    ragged = ragged_ops.RaggedTensor.from_row_lengths(
        values, convert_to_tensor(lengths, dtype=dtypes.int64))
    return ragged if result_type == "RaggedTensor" else ragged.to_sparse()


class _Namespace:
    """A namespace that adds TF 1.x names to a TF 2 one and finds every other name there."""

    def __init__(self, find_in, **names):
        self._find_in = find_in
        self.__dict__.update(names)

    def __getattr__(self, name):
        return getattr(self._find_in(), name)


def _keras():
    return sys.modules["eagerbook"].keras


# TF 1.x's names of functions TF 2 renamed or moved (v1_renames.py, v1_more.py)
globals().update(v1_renames.NAMES)
globals().update(v1_more.NAMES)
spectral = _Namespace(lambda: sys.modules["eagerbook"].signal)  # tf.signal's TF 1.x name
# tf.compat.v1.initializers: TF 1.x's initializers (v1_init_ops.py), other names TF 2's
initializers = _Namespace(lambda: sys.modules["eagerbook"].initializers, **INITIALIZERS)
# TF 1's extract_glimpse kernel places glimpses by their centre, its resizing kernels sample at
# pixel corners (align_corners); its ragged values are NumPy's
image = _Namespace(lambda: sys.modules["eagerbook"].image,
                   extract_glimpse=image_ops.extract_glimpse_v1,
                   resize=image_ops.resize_images_v1, resize_images=image_ops.resize_images_v1,
                   resize_bilinear=image_ops.resize_bilinear_v1,
                   resize_nearest_neighbor=image_ops.resize_nearest_neighbor_v1,
                   resize_bicubic=image_ops.resize_bicubic_v1,
                   resize_area=image_ops.resize_area_v1, ResizeMethod=image_ops.ResizeMethodV1)
ragged = _Namespace(lambda: sys.modules["eagerbook"].ragged,
                    constant_value=ragged_ops.constant_value,
                    RaggedTensorValue=ragged_ops.RaggedTensorValue)
strings = _Namespace(lambda: sys.modules["eagerbook"].strings, split=v1_more.strings_split)

# tf.compat.v1.layers: TF 1.x's layer classes (v1_layer_classes.py) and functional layers
# (v1_layers.py)
layers = _Namespace(lambda: _layers_module, **{
    name: getattr(v1_layers, name) for name in ("dense", "conv2d", "flatten", "dropout",
                                                "max_pooling2d", "average_pooling2d",
                                                "batch_normalization")},
    **{name: getattr(v1_layer_classes, name) for name in v1_layer_classes.NAMES})

# tf.compat.v1.io: TF 2's tf.io and TF 1's record reader; tf.compat.v1.python_io, its older home
io = _Namespace(lambda: _io_module, tf_record_iterator=tfrecord.tf_record_iterator)
python_io = types.SimpleNamespace(
    tf_record_iterator=tfrecord.tf_record_iterator, TFRecordWriter=tfrecord.TFRecordWriter,
    TFRecordOptions=tfrecord.TFRecordOptions)

# tf.compat.v1.train: TF 2's tf.train, TF 1.x's optimizers, its global step and its Saver
train = _Namespace(lambda: _train_module, **{
    name: getattr(v1_saver, name) for name in ("Saver", "checkpoint_exists",
                                               "get_checkpoint_mtimes", "remove_checkpoint",
                                               "init_from_checkpoint",
                                               "import_meta_graph")},
    write_graph=write_graph, global_step=_session.global_step,
    **{name: getattr(v1_decay, name) for name in v1_decay.NAMES},
    summary_iterator=event_messages.summary_iterator, **{
    name: getattr(v1_variable_scope, name)
    for name in ("get_global_step", "create_global_step", "get_or_create_global_step")},
    **{name: getattr(v1_monitored_session, name) for name in v1_monitored_session.NAMES})

# tf.compat.v1.saved_model: TF 2's, with TF 1.x's builders and loader (saved_model/v1.py)
# (found through the package: the api layer does not import saved_model)
saved_model = _Namespace(lambda: sys.modules["eagerbook"].saved_model.v1)

# tf.compat.v1.losses: TF 1.x's scalar losses (v1_losses.py) and nothing else, as in TF
losses = types.SimpleNamespace(**{
    name: getattr(v1_losses, name) for name in (
        "Reduction", "compute_weighted_loss", "mean_squared_error", "absolute_difference",
        "huber_loss", "log_loss", "sigmoid_cross_entropy", "softmax_cross_entropy",
        "sparse_softmax_cross_entropy", "get_losses", "get_regularization_losses",
        "get_regularization_loss", "get_total_loss")})

# tf.compat.v1.data: TF 2's tf.data, TF 1.x's datasets (data/v1_dataset.py) and its iterators for
# graphs (graph/v1_iterators.py)
data = _Namespace(lambda: sys.modules["eagerbook"].data, **{
    name: getattr(v1_iterators, name) for name in (
        "make_one_shot_iterator", "make_initializable_iterator", "get_output_types",
        "get_output_shapes")}, Dataset=v1_dataset.DatasetV1,
    get_output_classes=v1_dataset.output_classes)

# tf.compat.v1.keras: TF 2's Keras, with the decorator that lets TF 1.x layer code run in it
keras = _Namespace(_keras, utils=_Namespace(
    lambda: _keras().utils, track_tf1_style_variables=track_tf1_style_variables,
    DeterministicRandomTestTool=DeterministicRandomTestTool),
    initializers=_Namespace(lambda: importlib.import_module("eagerbook.keras.initializers_v1")))


__version__ = VERSION


def __getattr__(name):
    """TF's compat.v1 holds the TF 2 names too (``tf.compat.v1.constant``), and TF 1's
    top-level names that TF 2 moved into tf.math and tf.debugging (``tf.compat.v1.log``,
    ``tf.compat.v1.assert_greater``): a name not defined here is found there."""
    eagerbook = sys.modules["eagerbook"]  # the package is imported by now (no import cycle)
    if name in ("Dimension", "dimension_value", "dimension_at_index"):  # (tf.compat's, which
        return getattr(eagerbook.compat, name)  # imports this module)
    found = v1_more.lazy_name(name)  # classes of other namespaces, build constants
    if found is not None:
        return found
    if not name.startswith("__"):
        for namespace in (eagerbook, eagerbook.math, eagerbook.debugging):
            if hasattr(namespace, name):
                return getattr(namespace, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

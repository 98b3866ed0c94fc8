"""eagerbook: TensorFlow 2's eager API on a small NumPy engine, for learning.

``import eagerbook as tf`` and run the eager guide's code. This module only re-exports; the
engine lives in ``core`` (tensors, Variables), ``ops`` (kernels + gradient rules),
``autodiff`` (GradientTape) and ``framework`` (devices, config, debugging); the TF namespaces
(``tf.math``, ``tf.nn``, ...) are the modules of ``eagerbook.api``.
"""

import sys as _sys

from . import api as _api
from . import data, distribute, keras, saved_model
from . import ops as _ops  # attaches Tensor operators
from .api import (
    audio,
    autograph,
    bitwise,
    compat,
    config,
    contrib,
    debugging,
    dtypes,
    errors,
    experimental,
    feature_column,
    graph_util,
    image,
    io,
    layers,  # TF 1.x's tf.layers: the eager announcement builds models with it
    linalg,
    lookup,
    math,
    nest,
    nn,
    profiler,
    quantization,
    queue,
    ragged,
    random,
    raw_ops,
    sets,
    signal,
    sparse,
    strings,
    summary,
    sysconfig,
    test,
    tpu,
    train,  # checkpoints, plus the announcement's TF 1.x optimizers
    types,
    version,
)
from .api.initializers import (
    constant_initializer,
    ones_initializer,
    random_normal_initializer,
    random_uniform_initializer,
    zeros_initializer,
)
from .api.toplevel_extras import (
    AggregationMethod,
    as_string,
    assert_equal,
    assert_greater,
    assert_less,
    assert_rank,
    edit_distance,
    get_current_name_scope,
    grad_pass_through,
    is_symbolic_tensor,
    tuple,
)
from .api.toplevel_extras import name_scope_v2 as name_scope
from .autodiff.custom_gradient import custom_gradient
from .autodiff.tape import GradientTape, UnconnectedGradients
from .core.context import executing_eagerly
from .core.dtypes import (
    DType,
    as_dtype,
    bool,
    complex64,
    complex128,
    double,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    string,
    uint8,
    uint16,
    uint32,
    uint64,
)
from .core.dtypes_bfloat16 import bfloat16
from .core.shape import TensorShape
from .core.spec import TensorSpec
from .core.tensor import Tensor, constant, convert_to_tensor, is_tensor
from .core.variable import Variable, VariableSynchronization
from .core.variable import VariableAggregationV2 as VariableAggregation
from .core.variable_creators import variable_creator_scope
from .data.optional import OptionalSpec
from .framework import traceback_utils as _traceback_utils
from .framework.debugging import Assert
from .framework.device import DeviceSpec, device
from .framework.functions import get_logger, inside_function, recompute_grad
from .framework.tensor_conversion import register_tensor_conversion_function
from .framework.tensor_proto import make_ndarray, make_tensor_proto
from .framework.type_spec import IndexedSlicesSpec, NoneTensorSpec, TypeSpec
from .graph.control_flow import case, cond, switch_case, while_loop
from .graph.function import function
from .graph.gradients import gradients, hessians
from .graph.import_graph import import_graph_def
from .graph.ir import Operation, resource, variant  # a graph's ops; handle and variant dtypes
from .graph.registered_gradients import RegisterGradient, no_gradient
from .graph.session import Graph
from .graph.tensor_array import TensorArray, TensorArraySpec

# TF 2's short names for Keras namespaces: tf.metrics, tf.losses, ... (as tf.keras.metrics).
from .keras import initializers, losses, metrics, optimizers
from .module import Module
from .ops.array_ops import (
    boolean_mask,
    broadcast_to,
    concat,
    expand_dims,
    eye,
    fill,
    gather_nd,
    linspace,
    one_hot,
    ones,
    pad,
    parallel_stack,
    range,
    rank,
    reshape,
    reverse,
    scatter_nd,
    shape,
    size,
    slice,
    split,
    squeeze,
    stack,
    tile,
    transpose,
    unstack,
    where,
    zeros,
)
from .ops.array_ops import tf_gather as gather
from .ops.complex_ops import complex, conj, imag, real
from .ops.functional_ops import (
    control_dependencies,
    foldl,
    foldr,
    group,
    init_scope,
    map_fn,
    no_op,
    scan,
    timestamp,
    vectorized_map,
)
from .ops.indexed_slices import IndexedSlices
from .ops.linalg_ops import eig, eigvals, norm, tensordot
from .ops.linalg_ops import sqrtm as matrix_square_root
from .ops.logging_ops import print_v2 as print
from .ops.manip_ops import (
    add,
    batch_to_space,
    bitcast,
    broadcast_dynamic_shape,
    broadcast_static_shape,
    clip_by_global_norm,
    divide,
    ensure_shape,
    get_static_value,
    guarantee_const,
    histogram_fixed_width,
    histogram_fixed_width_bins,
    identity_n,
    meshgrid,
    repeat,
    required_space_to_batch_paddings,
    reverse_sequence,
    roll,
    saturate_cast,
    sequence_mask,
    shape_n,
    space_to_batch,
    space_to_batch_nd,
    strided_slice,
    truncatediv,
    truncatemod,
    unravel_index,
)
from .ops.math_ops import (
    abs,
    acos,
    acosh,
    add_n,
    argmax,
    argmin,
    asin,
    asinh,
    atan,
    atan2,
    atanh,
    cast,
    clip_by_norm,
    clip_by_value,
    cos,
    cosh,
    cumsum,
    einsum,
    equal,
    exp,
    floor,
    greater,
    greater_equal,
    identity,
    less,
    less_equal,
    log,  # TF 1.x's tf.log: the eager announcement's examples use it
    logical_and,
    logical_not,
    logical_or,
    matmul,
    maximum,
    minimum,
    multiply,
    negative,
    not_equal,
    ones_like,
    pow,
    realdiv,
    reduce_all,
    reduce_any,
    reduce_logsumexp,
    reduce_max,
    reduce_mean,
    reduce_min,
    reduce_prod,
    reduce_sum,
    round,
    scalar_mul,
    sigmoid,
    sign,
    sin,
    sinh,
    sqrt,
    square,
    stop_gradient,
    subtract,
    tan,
    tanh,
    truediv,
    zeros_like,
)
from .ops.ragged_ops import RaggedTensor, RaggedTensorSpec, type_spec_from_value
from .ops.scatter_ops import (
    dynamic_partition,
    dynamic_stitch,
    tensor_scatter_nd_add,
    tensor_scatter_nd_max,
    tensor_scatter_nd_min,
    tensor_scatter_nd_sub,
    tensor_scatter_nd_update,
)
from .ops.script_ops import numpy_function, py_function
from .ops.sort_ops import argsort, searchsorted, sort, unique, unique_with_counts
from .ops.sparse_ops import SparseTensor, SparseTensorSpec
from .ops.string_ops import fingerprint

newaxis = None

# `import eagerbook.experimental.numpy as tnp`, `import eagerbook.compat.v1 as tf`, ... as in TF
_api.register_import_names(_sys.modules[__name__])

# RaggedTensors through the public ops (tf.add(rt, 1), tf.reduce_mean(rt, axis=1), ...)
_ops.ragged_dispatch.install(math, math.special, nn, bitwise, dtypes, image, io,
                              _sys.modules[__name__])
# ... and tf.* ops on the KerasTensors of a functional model become layers (TF's TFOpLambda)
keras.keras_tensor.install_op_dispatch([(math, "tf.math"), (nn, "tf.nn"), (linalg, "tf.linalg"),
                                        (strings, "tf.strings"), (image, "tf.image"),
                                        (_sys.modules[__name__], "tf")])
__version__ = version.VERSION
__git_version__ = version.GIT_VERSION
__compiler_version__ = version.COMPILER_VERSION

# Uncaught errors in scripts and the console show the user's frames, not eagerbook's (as TF
# >= 2.7); tf.debugging.disable_traceback_filtering() shows them all.
_traceback_utils.install_excepthook()


# `%load_ext eagerbook`: IPython looks for these two functions on the package. The notebook
# layer (and IPython) is imported only when they are called.
def load_ipython_extension(ipython):
    from .notebook import load_ipython_extension as _load

    _load(ipython)


def unload_ipython_extension(ipython):
    from .notebook import unload_ipython_extension as _unload

    _unload(ipython)

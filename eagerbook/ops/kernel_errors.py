"""Op errors in the words of the kernel TF 2.21 would run: Eigen's, or oneDNN's.

TF's x86 packages run some ops' float32 and bfloat16 kernels as oneDNN's where oneDNN is on
(``onednn_float.enabled()``: TF_ENABLE_ONEDNN_OPTS, else the CPU). Those errors name oneDNN's
function (``{{function_node __wrapped____MklMatMul_device_...}}``; the dtype check before it
``_MklMatMul``) and, for some checks, say other words; the op stays ``[Op:MatMul]``. One table
below holds both: an op's check asks ``kernel_error(op, dtype, check, fields...)``.
"""

from ..core.errors import AbortedError, InvalidArgumentError, op_error
from . import onednn_float

_ONEDNN_FUNCTIONS = {
    "MatMul": "__MklMatMul", "BatchMatMul": "__MklBatchMatMul",
    "BatchMatMulV2": "__MklBatchMatMulV2", "Einsum": "__MklEinsum",
    "Conv2D": "__MklNativeConv2D", "Conv3D": "__MklNativeConv3D",
    "DepthwiseConv2dNative": "__MklNativeDepthwiseConv2dNative",
    "Conv2DBackpropInput": "__MklNativeConv2DBackpropInput", "AvgPool": "__MklNativeAvgPool",
    "FusedBatchNormV3": "__MklNativeFusedBatchNormV3",
    "MaxPool": "MaxPool", "Softmax": "Softmax",  # (oneDNN's kernels under the op's own name)
}
_ONEDNN_DTYPES = frozenset(("float32", "bfloat16"))

# oneDNN's words when it finds no kernel for the shapes (TF's source file and line included)
_NO_PRIMITIVE = ("Operation received an exception:Status: 2, message: could not create a "
                 "primitive descriptor for the convolution forward propagation primitive. Run "
                 "workload with environment variable ONEDNN_VERBOSE=all to get additional "
                 "diagnostic information., in file tensorflow/core/kernels/mkl/%s")

# (op, check): ((error class, Eigen's words), (error class, oneDNN's words)); None where that
# kernel makes no such check. The op fills in the {fields}.
_KERNEL_WORDS = {
    ("MatMul", "ranks differ"): (
        (InvalidArgumentError, "In[0] and In[1] has different ndims: {a} vs. {b}"), None),
    ("MatMul", "not matrices"): (
        (InvalidArgumentError, "In[0] and In[1] ndims must be == 2: {rank}"), None),
    ("MatMul", "not a matrix"): (
        None, (InvalidArgumentError, "In[{index}] ndims must be >= 2")),
    ("MatMul", "inner sizes"): (
        (InvalidArgumentError, "Matrix size-incompatible: In[0]: {a}, In[1]: {b}"),) * 2,
    ("BatchMatMulV2", "inner sizes"): (
        (InvalidArgumentError, "Matrix size-incompatible: In[0]: {a}, In[1]: {b}"),
        (InvalidArgumentError, "Matrix size-incompatible: In[0]: {a}, In[1]: {b} "
                               "{adj_x:d} {adj_y:d}")),
    ("Einsum", "rank"): (
        (InvalidArgumentError, "Expected input {index} to have rank {rank} but got: {got}"),) * 2,
    ("Einsum", "rank at least"): (
        (InvalidArgumentError, "Expected input {index} to have rank at least {rank} but got: "
                               "{got}"),) * 2,
    # ranks: Softmax's oneDNN kernel takes 1 to 5 axes (an AbortedError, not a check)
    ("Softmax", "rank 0"): (
        (InvalidArgumentError, "logits must have >= 1 dimension, got {shape}"),
        (AbortedError, "Input dims must be <= 5 and >=1")),
    ("Softmax", "rank above 5"): (None, (AbortedError, "Input dims must be <= 5 and >=1")),
    ("LogSoftmax", "rank 0"): (
        (InvalidArgumentError, "logits must have >= 1 dimension, got {shape}"), None),
    ("MaxPool", "rank"): (
        (InvalidArgumentError, "tensor_in_shape must have 2 spatial dimensions. {rank} 0"),
        (InvalidArgumentError, "Input must be 4 or 5-dimensional")),
    ("AvgPool", "rank"): (
        (InvalidArgumentError, "tensor_in_shape must have 2 spatial dimensions. {rank} 0"),
        (InvalidArgumentError, "Input must be 4 or 5-dimensional")),
    # (oneDNN's Conv2D kernel ends the process on an input that is not 4-D: Eigen's words)
    ("Conv2D", "input rank"): (
        (InvalidArgumentError, "convolution input must be 4-dimensional: {shape}"),) * 2,
    ("Conv2D", "filter rank"): (
        (InvalidArgumentError, "convolution filter must be 4-dimensional: {shape}"),
        (InvalidArgumentError, "filter must be 4-dimensional: {shape}")),
    ("Conv2D", "depth"): (
        (InvalidArgumentError, "input depth must be evenly divisible by filter depth: "
                               "{depth} vs {filter_depth}"),) * 2,
    ("Conv2D", "groups"): (
        (InvalidArgumentError, "output depth must be evenly divisible by number of groups: "
                               "{depth} vs {groups}"),) * 2,
    ("Conv3D", "input rank"): ((InvalidArgumentError, "input must be 5-dimensional"),) * 2,
    ("Conv3D", "depth"): (
        (InvalidArgumentError, "Input depth must be evenly divisible by filter depth: "
                               "{depth} vs {filter_depth}"),
        (InvalidArgumentError, "input and filter must have the same depth: {depth} vs "
                               "{filter_depth}")),
    ("Conv3D", "depth a multiple"): (
        (InvalidArgumentError, "Number of channels in filter ({filter_depth}) must match last "
                               "dimension of input ({depth})"),
        (InvalidArgumentError, "input and filter must have the same depth: {depth} vs "
                               "{filter_depth}")),
    ("DepthwiseConv2dNative", "depth"): (
        (InvalidArgumentError, "input and filter must have the same depth: {depth} vs "
                               "{filter_depth}"),
        (InvalidArgumentError, "input depth must be evenly divisible by filter depth: "
                               "{depth} vs {filter_depth}")),
    ("DepthwiseConv2dNative", "depth a multiple"): (
        (InvalidArgumentError, "input and filter must have the same depth: {depth} vs "
                               "{filter_depth}"),
        (AbortedError, _NO_PRIMITIVE % "mkl_conv_ops.cc:1112")),
    ("Conv2DBackpropInput", "depth"): (
        (InvalidArgumentError, "Conv2DCustomBackpropInput: filter and out_backprop must have "
                               "the same out_depth"),
        (AbortedError, _NO_PRIMITIVE % "mkl_conv_grad_input_ops.cc:546")),
}


def runs_onednn(op_name, dtype):
    """Whether TF runs `op_name` on `dtype` (a DType or its name) as oneDNN's kernel here."""
    if op_name not in _ONEDNN_FUNCTIONS or getattr(dtype, "name", dtype) not in _ONEDNN_DTYPES:
        return False
    return onednn_float.enabled()


def function_name(op_name, dtype):
    """The function TF's error frame names: the op's, or oneDNN's (``__MklMatMul``)."""
    return _ONEDNN_FUNCTIONS[op_name] if runs_onednn(op_name, dtype) else op_name


def kernel_name(op_name, dtype):
    """The kernel TF's dtype check names (``cannot compute _MklMatMul as input #1...``)."""
    function = function_name(op_name, dtype)
    return function[1:] if function.startswith("__Mkl") else function


def checks(op_name, dtype, check):
    """Whether the kernel TF would run for `op_name` on `dtype` makes `check`."""
    words = _KERNEL_WORDS.get((op_name, check), (None, None))
    return words[runs_onednn(op_name, dtype)] is not None


def kernel_error(op_name, dtype, check, function_suffix="", **fields):
    """TF's error for `op_name` failing `check` on `dtype`, in the words and the function frame
    of the kernel TF would run (`function_suffix`: the attrs the frame adds, ``_N_2``)."""
    cls, words = _KERNEL_WORDS[op_name, check][runs_onednn(op_name, dtype)]
    return op_error(cls, op_name, words.format(**fields),
                    function_name(op_name, dtype) + function_suffix)

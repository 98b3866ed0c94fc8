"""TensorFlow's error classes (``tf.errors``).

Ops raise these with a message that names the op, the shapes and dtypes involved, framed as
TensorFlow's eager errors are: ``{{function_node __wrapped__Name_device_...}} ... [Op:Name]``,
followed, as TF's generated op functions add it, by `` name: `` and the name the op was given.
"""

import inspect
import os
import sys
import types


class OpError(Exception):
    """Base class of the errors an op raises while running."""

    error_code = 2

    def __init__(self, node_def=None, op=None, message="", *args):
        # TF's signature is (node_def, op, message); allow OpError("message") too.
        if message == "" and isinstance(node_def, str) and op is None:
            message, node_def = node_def, None
        super().__init__()  # no args, as TF: repr(error) is InvalidArgumentError()
        self.node_def = node_def
        self.op = op
        self.message = message

    def __str__(self):
        return self.message

    def __reduce__(self):  # copy and pickle by the constructor's arguments (args is empty)
        return type(self), (self.node_def, self.op, self.message)


class CancelledError(OpError):
    error_code = 1


class UnknownError(OpError):
    error_code = 2


class InvalidArgumentError(OpError):
    error_code = 3


class DeadlineExceededError(OpError):
    error_code = 4


class NotFoundError(OpError):
    error_code = 5


class AlreadyExistsError(OpError):
    error_code = 6


class PermissionDeniedError(OpError):
    error_code = 7


class ResourceExhaustedError(OpError):
    error_code = 8


class FailedPreconditionError(OpError):
    error_code = 9


class AbortedError(OpError):
    error_code = 10


class OutOfRangeError(OpError):
    error_code = 11


class UnimplementedError(OpError):
    error_code = 12


class InternalError(OpError):
    error_code = 13


class UnavailableError(OpError):
    error_code = 14


class DataLossError(OpError):
    error_code = 15


# TF 2 runs each eager op as a small function of its own, so a kernel's error begins with that
# function's name (the op's, plus the attrs that fix its arity: ``ConcatV2_N_3``) and device.
_WRAPPED = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
# (dtype checks and a kernel nobody registered fail before any kernel runs: no frame)
_CHECKED_BEFORE_ANY_KERNEL = ("cannot compute ", "Value for attr ", "Could not find device for ")


def op_error(cls, op_name, message, wrapped_name=None, node_name=None):
    """Builds an error in TF's eager format:
    ``{{function_node __wrapped__OpName_device_/job:...}} message [Op:OpName] name: ...``
    (`node_name`: the name TF's wrapper gives the op, as ``strided_slice/`` for its own
    ``shape[-1]``, or False for an op TF's wrapper runs on the slow road, which names none;
    else the one the public function called passes on)."""
    if not message.startswith(_CHECKED_BEFORE_ANY_KERNEL):
        message = _WRAPPED % (wrapped_name or op_name) + message
    suffix = (name_suffix() if node_name is None else "" if node_name is False
              else " name: " + node_name)
    return cls(None, None, f"{message} [Op:{op_name}]{suffix}")


# --- the " name: ..." after [Op:Name] ---------------------------------------------------------
# TF's generated op functions end a failing op's error with " name: " and the name they were
# given ("name: " alone for None). That name depends on the public function the user called:
# most pass their `name` argument on (tf.gather(..., name="g") -> "name: g", tf.concat's default
# -> "name: concat"); those that open a name scope first pass None, as an eager name scope gives
# no name (tf.matmul(..., name="x") -> "name: "). An input given as a Python list, tuple or
# string sends the op down TF's slower road, which adds nothing (tf.reshape(t, [5])).
# eagerbook looks for that public function among the frames an error is built in (as a
# traceback lists them) and reads the arguments it was called with, so ops pay nothing for it
# until one fails. (A wrapper or context around each public function would cost every call
# about 1,200 interpreter instructions, a tenth of a 4x4 tf.matmul's.)
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep

# Public functions (as exported: "matmul", "math.add") whose TF code opens a name scope first.
_SCOPED = frozenset("""
    abs add bincount cast clip_by_global_norm clip_by_norm complex cumsum divide einsum eye
    histogram_fixed_width linspace matmul meshgrid one_hot ones ones_like pow range
    reduce_logsumexp saturate_cast scalar_mul shape sigmoid tensordot transpose truediv zeros
    math.count_nonzero
    math.abs math.add math.angle math.bincount math.conj math.cumprod math.cumsum
    math.cumulative_logsumexp
    math.divide math.divide_no_nan math.floordiv math.imag math.l2_normalize math.log_sigmoid
    math.multiply_no_nan math.pow math.real math.reduce_logsumexp math.reduce_std
    math.unsorted_segment_mean math.unsorted_segment_sqrt_n
    math.reduce_variance math.scalar_mul math.sigmoid math.truediv
    linalg.einsum linalg.eye linalg.global_norm linalg.l2_normalize linalg.matmul linalg.matvec
    linalg.normalize linalg.tensordot linalg.trace
    nn.atrous_conv2d_transpose nn.avg_pool1d nn.avg_pool2d nn.avg_pool3d nn.bias_add nn.conv1d
    nn.conv1d_transpose nn.conv2d_transpose nn.conv3d_transpose nn.conv_transpose nn.erosion2d
    nn.depthwise_conv2d
    nn.embedding_lookup nn.l2_normalize nn.leaky_relu nn.log_poisson_loss nn.max_pool1d
    nn.max_pool2d nn.max_pool3d nn.relu6 nn.sigmoid nn.sigmoid_cross_entropy_with_logits
    nn.softmax_cross_entropy_with_logits nn.weighted_cross_entropy_with_logits
    random.categorical random.normal random.poisson random.stateless_binomial
    random.stateless_gamma
    random.stateless_normal random.stateless_parameterized_truncated_normal
    random.stateless_poisson random.stateless_truncated_normal random.stateless_uniform
    random.truncated_normal random.uniform
    image.adjust_brightness image.adjust_contrast image.adjust_gamma image.adjust_hue
    image.adjust_saturation image.convert_image_dtype image.grayscale_to_rgb image.random_crop
    image.rgb_to_grayscale image.stateless_random_crop
    signal.fftshift signal.ifftshift signal.irfft signal.irfft2d signal.irfft3d signal.rfft
    signal.rfft2d signal.rfft3d strings.unicode_decode strings.unicode_encode
    strings.unicode_split sparse.reshape signal.frame dtypes.cast dtypes.complex
    dtypes.saturate_cast
""".split())

# Public functions that turn their inputs into tensors before the op, so a Python list keeps
# the " name: ". Most that open a name scope do; some pass the list on to the op.
_CONVERTS_INPUTS = _SCOPED - {"transpose", "pow", "math.pow", "math.floordiv", "one_hot",
                               "shape", "nn.bias_add", "nn.conv2d_transpose", "reduce_logsumexp",
                               "math.reduce_logsumexp", "random.stateless_normal",
                               "random.stateless_uniform", "random.stateless_truncated_normal",
                               "random.stateless_poisson", "random.stateless_binomial",
                               "random.stateless_parameterized_truncated_normal",
                               "random.poisson"}
_CONVERTS_INPUTS |= frozenset("""
    add_n math.add_n sign math.sign nn.softmax math.softmax nn.log_softmax math.log_softmax
    searchsorted
""".split())
# The arithmetic and comparison functions that are also the operators: an operator converts
# (`t - [1, 2]` is the common case), and the same function called as tf.subtract cannot be
# told apart from it, so it converts too (TF's tf.subtract(t, [1, 2]) passes the list on).
_CONVERTS_INPUTS |= frozenset("""
    subtract multiply floordiv floormod less less_equal greater greater_equal
""".split())
_CONVERTS_INPUTS |= frozenset(f"math.{name}" for name in """
    subtract multiply floordiv floormod mod less less_equal greater greater_equal
""".split())

# Arguments that are the op's attributes, not inputs: a list or string there stays on the
# fast road (strides, padding="SAME", ...); per function for the ones whose name is shared.
_ATTR_ARGUMENTS = frozenset("""
    name strides ksize padding data_format dilations rates sizes explicit_paddings mode method
    pattern rewrite input_encoding output_encoding errors unit sep separator out_type dtype align
    message alg
""".split())
_ATTR_ARGUMENTS_OF = {"squeeze": {"axis"}, "unstack": {"axis", "num"},
                      "split": {"num_or_size_splits", "axis", "num"},  # (converted: split_v's)
                      # (the shape and parameters are converted; the seed is the op's input
                      # as given)
                      "stateless_normal": {"shape"},
                      "stateless_uniform": {"shape", "minval", "maxval"},
                      "stateless_truncated_normal": {"shape"}, "stateless_poisson": {"shape"},
                      "stateless_binomial": {"shape", "counts", "probs"},
                      "stateless_parameterized_truncated_normal": {
                          "shape", "means", "stddevs", "minvals", "maxvals"},
                      "poisson": {"shape"}}

# The operators: Python's `t + x` converts x first, then calls the op without a name.
_OPERATORS = tuple(f"__{name}__" for name in """
    add radd sub rsub mul rmul truediv rtruediv floordiv rfloordiv mod rmod pow rpow matmul
    rmatmul neg abs invert and rand or ror xor rxor lt le gt ge eq ne
""".split())
_CONVERTS_INPUTS |= frozenset(f"Tensor.{dunder}" for dunder in _OPERATORS)
_CONVERTS_INPUTS |= {"Variable.assign", "Variable.assign_add", "Variable.assign_sub",
                     "strings.reduce_join"}

# Inputs a function that converts the others still passes on to its op as given (a list
# there sends the op down the slow road all the same): tf.math.cumsum's axis.
_PASSED_AS_GIVEN_OF = {"cumsum": ("axis",), "cumprod": ("axis",),
                       "histogram_fixed_width": ("value_range",)}

# Functions that give the op a name of their own, whatever the user passes.
_FIXED_NAMES = {"Tensor.__getitem__": "strided_slice/", "linalg.trace": "diag_part",
                "Variable.__getitem__.assign": "strided_slice/_assign"}

# tf.random.Generator's draws open a name scope and convert their arguments, as the functions
_GENERATOR_METHODS = ("normal", "uniform", "truncated_normal", "binomial", "uniform_full_int")
_SCOPED |= frozenset(f"random.Generator.{method}" for method in _GENERATOR_METHODS)
_CONVERTS_INPUTS |= frozenset(f"random.Generator.{method}" for method in _GENERATOR_METHODS)

# A Variable's scatter_nd_* methods pass their indices on as given and convert their updates
_VARIABLE_SCATTERS = tuple(f"scatter_nd_{how}" for how in ("update", "add", "sub", "max", "min"))
_ATTR_ARGUMENTS_OF.update(dict.fromkeys(_VARIABLE_SCATTERS, {"updates"}))

_public = None  # {code object: its exported names}, gathered at the first error


def name_suffix():
    """TF's `` name: ...`` for an op failing now (empty where TF adds none, see above)."""
    frame = _called_public_frame()
    if frame is None:
        return ""
    exported = _public[frame.f_code]  # (several names: aliases, the operators, one factory's)
    fixed = exported & _FIXED_NAMES.keys()
    if fixed:
        return " name: " + _FIXED_NAMES[min(fixed)]
    arguments, more_inputs = _call_arguments(frame)
    if not exported & _CONVERTS_INPUTS and _has_python_sequence_input(
            arguments, more_inputs, exported):
        return ""
    if any(_is_python_sequence(arguments.get(given)) for exported_name in exported
           for given in _PASSED_AS_GIVEN_OF.get(exported_name.split(".")[-1], ())):
        return ""
    name = None if exported & _SCOPED else arguments.get("name")
    return " name: " + (name if isinstance(name, str) else "")


def _call_arguments(frame):
    """The arguments of the call running in `frame`: {parameter: value} (keywords that went
    into a ``**kwargs`` included, as tf.raw_ops' functions take theirs), and the values
    that went into an ``*args``."""
    call = inspect.getargvalues(frame)
    arguments = {name: call.locals[name] for name in call.args if name in call.locals}
    arguments.update(call.locals.get(call.keywords) or {})
    return arguments, list(call.locals.get(call.varargs) or ())


def _called_public_frame():
    """The frame of the outermost public function among the eagerbook frames the error is
    being built in (the run of them the user's own code called)."""
    public = _public_functions()
    found = None
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        if frame.f_code in public:
            found = frame
        frame = frame.f_back
    return found


def _public_functions():
    global _public
    if _public is None:
        package = sys.modules[__name__.split(".")[0]]
        found = {}
        tensor = getattr(package, "Tensor", None)
        for dunder in ("__getitem__",) + _OPERATORS:  # (first: tf.math's alias the operators)
            _add_public(found, f"Tensor.{dunder}", getattr(tensor, dunder, None))
        for method in ("assign", "assign_add", "assign_sub") + _VARIABLE_SCATTERS:
            _add_public(found, f"Variable.{method}", getattr(package.Variable, method, None))
        for method in _GENERATOR_METHODS:
            _add_public(found, f"random.Generator.{method}",
                        getattr(package.random.Generator, method, None))
        variable_slice = sys.modules[package.__name__ + ".core.variable"]._VariableSlice
        _add_public(found, "Variable.__getitem__.assign", variable_slice.assign)
        _add_namespace(found, "", package, package.__name__ + ".api", depth=3)
        _public = found
    return _public


def _add_namespace(found, prefix, namespace, api_package, depth):
    """The functions of `namespace` (tf, tf.math, tf.random.experimental, ...) as public."""
    for attribute, value in list(vars(namespace).items()):
        if not isinstance(value, types.ModuleType):
            _add_public(found, prefix + attribute, value)
        elif depth and value.__name__.startswith(api_package):  # (not tf.keras, tf.data)
            _add_namespace(found, f"{prefix}{attribute}.", value, api_package, depth - 1)


def _add_public(found, exported, value):
    while hasattr(value, "__wrapped__"):  # (a decorator's wrapper: the frame is the function's)
        value = value.__wrapped__
    code = getattr(value, "__code__", None)
    if code is not None and (exported.startswith(("Tensor.", "Variable."))
                             or not exported.split(".")[-1].startswith("_")):
        found.setdefault(code, set()).add(exported)


def _has_python_sequence_input(arguments, more_inputs, exported_names):
    """Whether an input (an argument that is not one of the op's attributes) holds a Python
    list, tuple or string (not a list of tensors)."""
    attributes = _ATTR_ARGUMENTS.union(*(_ATTR_ARGUMENTS_OF.get(exported.split(".")[-1], ())
                                         for exported in exported_names))
    inputs = [value for name, value in arguments.items() if name not in attributes]
    return any(_is_python_sequence(value) for value in inputs + more_inputs)


def _is_python_sequence(value):
    if isinstance(value, (str, bytes)):
        return True
    if isinstance(value, (list, tuple)):  # a list of tensors (tf.concat's) is one input
        return not value or not all(hasattr(item, "dtype") and hasattr(item, "shape")
                                    for item in value)
    return False


def without_function_frame(message):
    """`message` without the leading ``{{function_node __wrapped__...}} `` of `op_error`."""
    if message.startswith("{{function_node __wrapped__"):
        return message.split("}} ", 1)[1]
    return message


def kernel_message(message):
    """A kernel error's own words, without the eager frame `op_error` puts around them (what a
    failing graph node, or a shape function refusing constants, reports instead)."""
    return without_function_frame(message).rsplit(" [Op:", 1)[0]


def assign_shape_error(name, variable_shape, value_shape, op_name):
    """TF's error for a value whose shape does not fit a variable's: `assign` checks in Python
    (ValueError), the add/sub kernels when they run (InvalidArgumentError)."""
    if op_name == "AssignVariableOp":
        return ValueError(f"Cannot assign value to variable ' {name}': Shape mismatch.The "
                          f"variable shape {variable_shape}, and the assigned value shape "
                          f"{tuple(value_shape)} are incompatible.")
    dims = ",".join(map(str, variable_shape.as_list())), ",".join(map(str, value_shape))
    return op_error(InvalidArgumentError, op_name, f"Cannot update variable with shape "
                    f"[{dims[0]}] using a Tensor with shape [{dims[1]}], shapes must be equal.")

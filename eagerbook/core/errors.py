"""TensorFlow's error classes (``tf.errors``).

Ops raise these with a message that names the op, the shapes and dtypes involved, framed as
TensorFlow's eager errors are: ``{{function_node __wrapped__Name_device_...}} ... [Op:Name]``.
"""


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


def op_error(cls, op_name, message, wrapped_name=None):
    """Builds an error in TF's eager format:
    ``{{function_node __wrapped__OpName_device_/job:...}} message [Op:OpName]``."""
    if not message.startswith(_CHECKED_BEFORE_ANY_KERNEL):
        message = _WRAPPED % (wrapped_name or op_name) + message
    return cls(None, None, f"{message} [Op:{op_name}]")


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

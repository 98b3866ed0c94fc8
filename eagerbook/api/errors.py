"""``tf.errors``."""

from ..core.errors import (
    AbortedError,
    AlreadyExistsError,
    CancelledError,
    DataLossError,
    DeadlineExceededError,
    FailedPreconditionError,
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    OpError,
    OutOfRangeError,
    PermissionDeniedError,
    ResourceExhaustedError,
    UnavailableError,
    UnimplementedError,
    UnknownError,
)
from ..graph.ir import OperatorNotAllowedInGraphError

"""Errors raised while compiled tf.function code runs, worded as TF words a failing node.

A kernel checks what depends on values (an index in range, a label below the class count, ...)
when it runs, in both modes: eagerly its error reads ``message [Op:GatherV2]``; inside a
compiled function the same message names the graph node that failed and the function:

    indices[0] = 5 is not in [0, 3)
         [[{{node GatherV2}}]] [Op:__inference_f_3]   (a tab before the [[)

The compiled code's line numbers say which node ran (``compile.py`` keeps the table), so
nothing is paid for this until something fails. The node is named as TF names it (its op
type, numbered as the IR numbers it: the IR's ``gather_v2_1`` is TF's ``GatherV2_1``).
"""

import itertools
import weakref

import numpy as np

from ..core import errors
from .ir import snake_name

# What a kernel may raise when it runs: its own checks (TF's errors), NumPy's (host) errors.
RUN_ERRORS = (errors.OpError, ValueError, IndexError, TypeError, ZeroDivisionError,
              np.linalg.LinAlgError)
_ids = weakref.WeakKeyDictionary()  # function -> its number (TF's __inference_<name>_<n>)
_next_id = itertools.count(1)


def runtime_error(concrete, fn, exc):
    """The error `exc` raised by the compiled code `fn` of tf.function `concrete`."""
    node, tb = None, exc.__traceback__
    while tb is not None:  # the generated function's frame says which line (op) failed
        if tb.tb_frame.f_code is fn.__code__:
            node = fn.__nodes__.get(tb.tb_lineno, node)
        tb = tb.tb_next
    node = node if node is None else tf_node_name(node)
    if isinstance(exc, errors.OpError):  # the kernel's own message, without its [Op:Name]
        if node is None:
            return exc  # not a kernel's (tf.debugging.enable_check_numerics words its own)
        cls, message = type(exc), exc.message.rsplit(" [Op:", 1)[0]
    else:  # a NumPy (host) error
        cls, message = errors.InvalidArgumentError, str(exc)
    return cls(None, None, f"{message}\n\t [[{{{{node {node or '?'}}}}}]] "
                           f"[Op:{inference_name(concrete)}]")


# TF's Python functions name some nodes other than by their op type: tf.stack's Pack node is
# "stack", x[i]'s StridedSlice "strided_slice", a + b's AddV2 "add", tf.matmul's "MatMul".
_TF_NAMES = {"Pack": "stack", "StridedSlice": "strided_slice", "AddV2": "add", "Sub": "sub",
             "Mul": "mul", "RealDiv": "truediv", "BatchMatMulV2": "MatMul"}


def tf_node_name(op):
    """TF's name of the node `op` (an IR Operation): ``gather_v2_1`` -> ``GatherV2_1``; a
    name the IR did not derive from the op type (a fused chain's) stays as it is."""
    base = snake_name(op.type)
    number = op.name[len(base):]  # "", or "_1" for the second node of the type, ...
    if not op.name.startswith(base) or number and not number[1:].isdigit():
        return op.name
    return _TF_NAMES.get(op.type, op.type) + number


def inference_name(concrete):
    """TF's name for a traced function when it runs: ``__inference_<name>_<n>``."""
    number = _ids.get(concrete) or _ids.setdefault(concrete, next(_next_id))
    return f"__inference_{concrete.name}_{number}"

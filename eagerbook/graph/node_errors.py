"""Errors raised while compiled tf.function code runs, worded as TF words a failing node.

A kernel checks what depends on values (an index in range, a label below the class count, ...)
when it runs, in both modes: eagerly its error reads ``message [Op:GatherV2]``; inside a
compiled function the same message names the graph node that failed and the function:

    indices[0] = 5 is not in [0, 3)
         [[{{node GatherV2}}]] [Op:__inference_f_3]   (a tab before the [[)

The compiled code's line numbers say which node ran (``compile.py`` keeps the table), so
nothing is paid for this until something fails. The node's name is the IR's, which is TF's.
"""

import itertools
import weakref

import numpy as np

from ..core import errors

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


def tf_node_name(op):
    """TF's name of the node `op`: the IR names its ops as TF does (graph/naming.py)."""
    return op.name


def inference_name(concrete):
    """TF's name for a traced function when it runs: ``__inference_<name>_<n>``."""
    number = _ids.get(concrete) or _ids.setdefault(concrete, next(_next_id))
    return f"__inference_{concrete.name}_{number}"

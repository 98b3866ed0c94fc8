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
    site = None if node is None else node.site
    node = node if node is None else tf_node_name(node)
    if isinstance(exc, errors.OpError):  # the kernel's own message, without its [Op:Name]
        if node is None:
            return exc  # not a kernel's (tf.debugging.enable_check_numerics words its own)
        cls, message = type(exc), errors.kernel_message(exc.message)
    else:  # a NumPy (host) error
        cls, message = errors.InvalidArgumentError, str(exc)
    function = inference_name(concrete)
    return cls(None, None, f"{_header(function, node, site)}{message}\n\t [[{{{{node "
                           f"{node or '?'}}}}}]] [Op:{function}]")


def _header(function, node, site):
    """TF's first lines for a failing node: ``Graph execution error:``, then where the node
    was defined (the user's frames while tracing, outermost first); for a function whose
    name is no identifier (a lambda's), TF names the function instead."""
    if not function[len("__inference_"):].replace("_", "a").isalnum():
        return f"{{{{function_node {function}}}}} "
    if not site:
        return "Graph execution error:\n\n"
    frames = "".join(f'  File "{file}", line {line}, in {name}\n\n' for file, line, name in site)
    return (f"Graph execution error:\n\nDetected at node {node} defined at (most recent call "
            f"last):\n{frames}")


def tf_node_name(op):
    """TF's name of the node `op`: the IR names its ops as TF does (graph/naming.py)."""
    return op.name


def function_number(concrete):
    """The number TF's runtime name of a traced function ends with (one per function)."""
    return _ids.get(concrete) or _ids.setdefault(concrete, next(_next_id))


def inference_name(concrete):
    """TF's name for a traced function when it runs: ``__inference_<name>_<n>``."""
    return f"__inference_{concrete.name}_{function_number(concrete)}"

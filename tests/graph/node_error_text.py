"""Reading TF's error for a node that failed inside a tf.function (graph/node_errors.py).

TF begins it with ``Graph execution error:`` and where the node was defined (one ``File``
block per user frame), or, for a function whose name is no identifier (a lambda's), with
``{{function_node __inference_<lambda>_N}} ``; the node's own message follows.
"""

import re

_LAMBDA = re.compile(r"\{\{function_node __inference_<lambda>_\d+\}\} ")
_HEADER = re.compile(r"Graph execution error:\n\n(Detected at node \S+ defined at \(most recent "
                     r"call last\):\n(  File \"[^\"\n]*\", line \d+, in [^\n]*\n\n)+)?")


def node_message(text):
    """`text` without the part before the node's message (which must be TF's)."""
    start = _LAMBDA.match(text) or _HEADER.match(text)
    assert start is not None, text
    return text[start.end():]

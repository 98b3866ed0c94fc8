"""``tf.autograph``: converts Python control flow on tensors into graph control flow.

    tf.autograph.to_code(f)       the converted source, as a string
    tf.autograph.to_graph(f)      the converted function
    tf.autograph.experimental.do_not_convert / set_loop_options
    tf.autograph.set_verbosity(level) / trace(*args)   logging (verbosity is only kept here)
"""

import types as _types

from .conversion import (
    ConversionError,
    convert_function,
    converted_source,
    normalize_features,
    runs_as_is,
    to_code,
    to_graph,
)
from .runtime import Feature, do_not_convert, set_loop_options

experimental = _types.SimpleNamespace(do_not_convert=do_not_convert,
                                      set_loop_options=set_loop_options, Feature=Feature)
_verbosity = [0]


def set_verbosity(level, alsologtostdout=False):
    """How much AutoGraph logs while converting (kept: this engine logs nothing more)."""
    _verbosity[0] = int(level)


def trace(*args):
    """Prints `args` now (inside tf.function: while tracing), as TF's ``tf.autograph.trace``."""
    print(*args)

__all__ = ["ConversionError", "convert_function", "converted_source", "runs_as_is", "to_code",
           "to_graph",
           "do_not_convert", "set_loop_options", "experimental", "set_verbosity", "trace"]

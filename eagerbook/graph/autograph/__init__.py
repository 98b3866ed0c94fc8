"""``tf.autograph``: converts Python control flow on tensors into graph control flow.

    tf.autograph.to_code(f)       the converted source, as a string
    tf.autograph.to_graph(f)      the converted function
    tf.autograph.experimental.do_not_convert / set_loop_options
"""

import types as _types

from .conversion import (
    ConversionError,
    convert_function,
    converted_source,
    runs_as_is,
    to_code,
    to_graph,
)
from .runtime import do_not_convert, set_loop_options

experimental = _types.SimpleNamespace(do_not_convert=do_not_convert,
                                      set_loop_options=set_loop_options)

__all__ = ["ConversionError", "convert_function", "converted_source", "runs_as_is", "to_code",
           "to_graph",
           "do_not_convert", "set_loop_options", "experimental"]

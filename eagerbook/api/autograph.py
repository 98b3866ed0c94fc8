"""``tf.autograph``."""

from ..graph.autograph import (
    do_not_convert,
    experimental,
    set_loop_options,
    set_verbosity,
    to_code,
    to_graph,
    trace,
)

__all__ = ["do_not_convert", "experimental", "set_loop_options", "set_verbosity", "to_code",
           "to_graph", "trace"]

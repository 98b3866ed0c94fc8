"""``tf.autograph``."""

from ..graph.autograph import do_not_convert, experimental, set_loop_options, to_code, to_graph

__all__ = ["do_not_convert", "experimental", "set_loop_options", "to_code", "to_graph"]

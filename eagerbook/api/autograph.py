"""``tf.autograph``."""

from ..graph.autograph import do_not_convert, set_loop_options, to_code, to_graph

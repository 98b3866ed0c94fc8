"""``tf.graph_util``: copying a GraphDef's operations into the graph being built."""

from ..graph.import_graph import import_graph_def

__all__ = ["import_graph_def"]

"""``tf.distribute.cluster_resolver``: where the workers of a cluster are (read from the
``TF_CONFIG`` environment variable)."""

from .strategy import ClusterSpec, TFConfigClusterResolver

__all__ = ["ClusterSpec", "TFConfigClusterResolver"]

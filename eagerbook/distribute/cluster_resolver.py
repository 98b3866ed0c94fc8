"""``tf.distribute.cluster_resolver``: where the workers of a cluster are (read from the
``TF_CONFIG`` environment variable)."""

from .strategy import (
    ClusterResolver,
    ClusterSpec,
    SimpleClusterResolver,
    TFConfigClusterResolver,
)

__all__ = ["ClusterResolver", "ClusterSpec", "SimpleClusterResolver",
           "TFConfigClusterResolver"]

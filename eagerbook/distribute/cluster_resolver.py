"""``tf.distribute.cluster_resolver``: where the workers of a cluster are (read from the
``TF_CONFIG`` environment variable)."""

from .strategy import (
    ClusterResolver,
    ClusterSpec,
    SimpleClusterResolver,
    TFConfigClusterResolver,
)

__all__ = ["ClusterResolver", "ClusterSpec", "SimpleClusterResolver",
           "TFConfigClusterResolver", "TPUClusterResolver"]


class TPUClusterResolver(ClusterResolver):
    """``tf.distribute.cluster_resolver.TPUClusterResolver``: where a Cloud TPU is. Without a
    name TF has nothing to look up (its ValueError); eagerbook runs on this machine's CPU, so
    a named TPU cannot be reached either."""

    def __init__(self, tpu=None, zone=None, project=None, job_name="worker",
                 coordinator_name=None, coordinator_address=None, credentials="default",
                 service=None, discovery_url=None):
        if not tpu:
            raise ValueError("Please provide a TPU Name to connect to.")
        raise ValueError(f"eagerbook runs on this machine's CPU only: it cannot connect to "
                         f"the TPU {tpu!r}.")

    @classmethod
    def connect(cls, tpu=None, zone=None, project=None):
        """Resolves the TPU and connects to it (``initialize_tpu_system``)."""
        return cls(tpu=tpu, zone=zone, project=project)

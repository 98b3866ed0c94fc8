"""Connecting to other machines: ``tf.config.experimental_connect_to_cluster`` /
``experimental_connect_to_host`` and ``tf.tpu.experimental.initialize_tpu_system``.

eagerbook runs on this machine's CPU only, so there is nothing to connect to. The functions
check their arguments as TF does (TF's errors for a missing host or TPU name, or a wrong
argument type) and then say that a remote machine cannot be reached.
"""

from ..core import errors
from ..framework.cluster_spec import ClusterSpec


def _is_cluster_resolver(value):
    # tf.distribute's resolvers (a layer above this one) all answer cluster_spec().
    return callable(getattr(value, "cluster_spec", None))


def _cannot_reach(what):
    return errors.UnavailableError(
        None, None, f"eagerbook runs on this machine's CPU only: it cannot connect to {what}.")


def connect_to_cluster(cluster_spec_or_resolver, job_name="localhost", task_index=0,
                       protocol=None, make_master_device_default=True,
                       cluster_device_filters=None):
    """``tf.config.experimental_connect_to_cluster``: makes a cluster's devices usable."""
    if _is_cluster_resolver(cluster_spec_or_resolver):
        cluster_spec = cluster_spec_or_resolver.cluster_spec()
    elif isinstance(cluster_spec_or_resolver, ClusterSpec):
        cluster_spec = cluster_spec_or_resolver
    else:
        raise ValueError("`cluster_spec_or_resolver` must be a `ClusterSpec` or a "
                         "`ClusterResolver`.")
    raise _cannot_reach(f"the cluster {cluster_spec!r}")


def connect_to_host(remote_host=None, job_name="worker"):
    """``tf.config.experimental_connect_to_host``: a cluster of the given hosts."""
    if not remote_host:
        raise ValueError("Must provide at least one remote_host")
    hosts = [remote_host] if isinstance(remote_host, str) else list(remote_host)
    return connect_to_cluster(ClusterSpec({job_name: hosts}))


def _tpu_resolver(cluster_resolver):
    if cluster_resolver is None:
        # TF looks up the default TPU with a nameless TPUClusterResolver, whose ValueError
        # (tf.distribute.cluster_resolver.TPUClusterResolver here too) asks for a name.
        raise ValueError("Please provide a TPU Name to connect to.")
    return cluster_resolver


def initialize_tpu_system(cluster_resolver=None):
    """``tf.tpu.experimental.initialize_tpu_system``: starts the TPUs the resolver names."""
    raise _cannot_reach(f"the TPU system of {_tpu_resolver(cluster_resolver)!r}")


def shutdown_tpu_system(cluster_resolver=None):
    """``tf.tpu.experimental.shutdown_tpu_system``: stops the TPUs the resolver names."""
    raise _cannot_reach(f"the TPU system of {_tpu_resolver(cluster_resolver)!r}")

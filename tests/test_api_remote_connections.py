"""tf.config.experimental_connect_to_cluster / _to_host and tf.tpu.experimental: TF's
argument errors, then an UnavailableError (eagerbook has no remote machine or TPU)."""

import pytest

import eagerbook as tf


def _resolver():
    spec = tf.train.ClusterSpec({"worker": ["10.0.0.2:8470"]})
    return tf.distribute.cluster_resolver.SimpleClusterResolver(spec)


def test_tpu_namespace_lists_the_system_functions():
    assert callable(tf.tpu.experimental.initialize_tpu_system)
    assert callable(tf.tpu.experimental.shutdown_tpu_system)


@pytest.mark.parametrize("call", [tf.tpu.experimental.initialize_tpu_system,
                                  tf.tpu.experimental.shutdown_tpu_system])
def test_without_a_resolver_the_default_tpu_needs_a_name(call):
    with pytest.raises(ValueError, match="^Please provide a TPU Name to connect to.$"):
        call()


def test_initialize_tpu_system_with_a_resolver_cannot_reach_a_tpu():
    with pytest.raises(tf.errors.UnavailableError, match="CPU only"):
        tf.tpu.experimental.initialize_tpu_system(_resolver())


def test_connect_to_cluster_checks_its_argument_type():
    with pytest.raises(ValueError) as info:
        tf.config.experimental_connect_to_cluster(3)
    assert str(info.value) == ("`cluster_spec_or_resolver` must be a `ClusterSpec` or a "
                               "`ClusterResolver`.")


@pytest.mark.parametrize("target", [_resolver(), _resolver().cluster_spec()])
def test_connect_to_cluster_cannot_reach_the_cluster(target):
    with pytest.raises(tf.errors.UnavailableError, match=r"10\.0\.0\.2:8470"):
        tf.config.experimental_connect_to_cluster(target)


def test_connect_to_host_needs_a_host():
    with pytest.raises(ValueError, match="^Must provide at least one remote_host$"):
        tf.config.experimental_connect_to_host()
    with pytest.raises(tf.errors.UnavailableError, match="'worker': \\['10.0.0.3:8470'\\]"):
        tf.config.experimental_connect_to_host("10.0.0.3:8470")


def test_the_tpu_guide_lines_stop_where_tf_stops():
    # The TPU guide's first line fails (no TPU name); the next ones then see no `resolver`.
    g = {"tf": tf}
    with pytest.raises(ValueError):
        exec("resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='')", g)
    for line in ("tf.config.experimental_connect_to_cluster(resolver)",
                 "tf.tpu.experimental.initialize_tpu_system(resolver)"):
        with pytest.raises(NameError, match="'resolver' is not defined"):
            exec(line, g)

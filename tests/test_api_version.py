"""tf.version: names TF code reads, answering with eagerbook's own version."""

import eagerbook as tf


def test_version_namespace_matches_the_package_version():
    assert tf.version.VERSION == tf.__version__
    assert tf.version.GIT_VERSION == "v" + tf.__version__
    assert "Python" in tf.version.COMPILER_VERSION
    assert isinstance(tf.version.GRAPH_DEF_VERSION, int)
    assert tf.version.GRAPH_DEF_VERSION_MIN_CONSUMER == 0
    assert tf.version.GRAPH_DEF_VERSION_MIN_PRODUCER == 0


def test_version_agrees_with_the_installed_distribution():
    from importlib.metadata import version
    assert version("eagerbook") == tf.version.VERSION

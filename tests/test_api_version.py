"""tf.version: the TF API eagerbook follows (tf.__version__, printed as TF 2.21's) and eagerbook's
own release (ENGINE_VERSION, and GIT_VERSION where TF names a commit)."""

import re

import eagerbook as tf


def test_version_names_the_tf_api_and_the_engine():
    assert tf.__version__ == tf.version.VERSION == "2.21.0"
    assert tf.version.GIT_VERSION == "v2.21.0-eagerbook-" + tf.version.ENGINE_VERSION
    assert tf.__git_version__ == tf.version.GIT_VERSION
    assert tf.__compiler_version__ == tf.version.COMPILER_VERSION
    assert "Python" in tf.version.COMPILER_VERSION
    assert isinstance(tf.version.GRAPH_DEF_VERSION, int)
    assert tf.version.GRAPH_DEF_VERSION_MIN_CONSUMER == 0
    assert tf.version.GRAPH_DEF_VERSION_MIN_PRODUCER == 0


def test_tf2_version_checks_take_their_tf2_branch():
    # the checks TF's guides and tutorials make before running TF 2 code
    assert tf.__version__.startswith("2")
    major, minor = (int(part) for part in tf.__version__.split(".")[:2])
    assert (major, minor) >= (2, 4)
    assert re.fullmatch(r"\d+\.\d+\.\d+", tf.__version__)  # a release, as TF's


def test_version_parses_as_tfs_release():
    packaging = __import__("pytest").importorskip("packaging.version")
    parsed = packaging.Version(tf.__version__)
    assert parsed.release == (2, 21, 0) and parsed.local is None
    assert parsed >= packaging.Version("2.0")


def test_compat_v1_keeps_tf1s_top_level_version_names():
    assert tf.compat.v1.VERSION == tf.compat.v1.__version__ == tf.__version__
    assert tf.compat.v1.GIT_VERSION == tf.version.GIT_VERSION
    assert tf.compat.v1.COMPILER_VERSION == tf.version.COMPILER_VERSION
    assert tf.compat.v1.GRAPH_DEF_VERSION == tf.version.GRAPH_DEF_VERSION


def test_the_installed_distribution_is_the_engine_release():
    from importlib.metadata import version
    assert version("eagerbook") == tf.version.ENGINE_VERSION
    assert tf.version.GIT_VERSION.endswith("-eagerbook-" + tf.version.ENGINE_VERSION)

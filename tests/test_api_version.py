"""tf.version: the TF API eagerbook follows and eagerbook's own release, in one version string."""

import re

import eagerbook as tf


def test_version_names_the_tf_api_and_the_engine():
    assert tf.__version__ == tf.version.VERSION == "2.21.0+eagerbook.0.1.0"
    assert tf.version.GIT_VERSION == "v" + tf.__version__
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
    assert re.fullmatch(r"\d+\.\d+\.\d+\+[a-z0-9.]+", tf.__version__)  # a PEP 440 local version


def test_version_parses_as_a_release_with_a_local_label():
    packaging = __import__("pytest").importorskip("packaging.version")
    parsed = packaging.Version(tf.__version__)
    assert parsed.release == (2, 21, 0) and parsed.local == "eagerbook.0.1.0"
    assert parsed >= packaging.Version("2.0")


def test_compat_v1_keeps_tf1s_top_level_version_names():
    assert tf.compat.v1.VERSION == tf.compat.v1.__version__ == tf.__version__
    assert tf.compat.v1.GIT_VERSION == tf.version.GIT_VERSION
    assert tf.compat.v1.COMPILER_VERSION == tf.version.COMPILER_VERSION
    assert tf.compat.v1.GRAPH_DEF_VERSION == tf.version.GRAPH_DEF_VERSION


def test_the_installed_distribution_is_the_engine_release():
    from importlib.metadata import version
    assert version("eagerbook") == tf.version.ENGINE_VERSION
    assert tf.__version__.endswith("+eagerbook." + tf.version.ENGINE_VERSION)

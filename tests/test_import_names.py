"""Every tf.* namespace imports by its dotted name, as ``import tensorflow.X`` does in TF."""
import importlib
import importlib.abc
import importlib.util
import sys

import pytest

import eagerbook as tf


@pytest.mark.parametrize("dotted, attribute", [
    ("eagerbook.math", "math"),
    ("eagerbook.compat.v1", "compat.v1"),
    ("eagerbook.experimental.numpy", "experimental.numpy"),
    ("eagerbook.config.experimental", "config.experimental"),
    ("eagerbook.math.special", "math.special"),
    ("eagerbook.io.gfile", "io.gfile"),
    ("eagerbook.random.experimental", "random.experimental"),
    ("eagerbook.initializers", "initializers"),
])
def test_namespace_imports_by_name(dotted, attribute):
    namespace = tf
    for part in attribute.split("."):
        namespace = getattr(namespace, part)
    assert importlib.import_module(dotted) is namespace


def test_compat_v2_is_the_namespace_itself():
    import eagerbook.compat.v2 as tf2
    assert tf2 is tf


def test_from_import_of_a_namespace_function():
    from eagerbook.compat.v1 import placeholder
    from eagerbook.math import reduce_sum
    assert placeholder is tf.compat.v1.placeholder
    assert int(reduce_sum([1, 2, 3])) == 6


class _Rename(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """``import renamed_tf.X`` gives ``eagerbook.X``, as a tensorflow -> eagerbook shim would."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "renamed_tf" or fullname.startswith("renamed_tf."):
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec):
        return importlib.import_module("eagerbook" + spec.name[len("renamed_tf"):])

    def exec_module(self, module):
        pass


def test_child_namespaces_import_through_a_renaming_importer():
    finder = _Rename()
    sys.meta_path.insert(0, finder)
    try:
        tnp = importlib.import_module("renamed_tf.experimental.numpy")
        v1 = importlib.import_module("renamed_tf.compat.v1")
    finally:
        sys.meta_path.remove(finder)
        for name in [n for n in sys.modules if n.split(".")[0] == "renamed_tf"]:
            del sys.modules[name]
    assert tnp is tf.experimental.numpy
    assert v1 is tf.compat.v1

"""TF-shaped namespaces (``tf.math``, ``tf.nn``, ``tf.random``, ...): re-exports only.

Each module here lists, with plain imports, which engine functions appear under which TF name.
Exporting a new op is one line: add its name to the import list of the right module (and to
``eagerbook/__init__.py`` when TF also has it at the top level). ``tests/test_api.py`` fails
for a public op function that no namespace exports.
"""

import sys as _sys
import types as _types


def register_import_names(package):
    """Make every namespace importable by its TF name, as ``import tensorflow.X`` is.

    ``tf.math`` is the module ``eagerbook.api.math``; TF also lets one write
    ``import tensorflow.compat.v1 as tf``, ``import tensorflow.experimental.numpy as tnp`` or
    ``from tensorflow.math import reduce_sum``. This enters each namespace of ``package`` (the
    modules of this ``api`` package it holds, and theirs in turn) in ``sys.modules`` under its
    ``eagerbook.``-dotted name, and gives a namespace that holds further namespaces an empty
    ``__path__``: Python then treats it as the package TF's is, so that an import of a child
    by name (``import eagerbook.experimental.numpy``) goes through the import system.
    """
    seen = set()

    def namespaces(module):
        for name, value in vars(module).items():
            if (isinstance(value, _types.ModuleType) and not name.startswith("_")
                    and value.__name__.startswith(__name__ + ".")):
                yield name, value

    def visit(dotted, module):
        seen.add(id(module))
        children = list(namespaces(module))
        if children and not hasattr(module, "__path__"):
            module.__path__ = []
        for name, child in children:
            _sys.modules.setdefault(f"{dotted}.{name}", child)
            if id(child) not in seen:
                visit(f"{dotted}.{name}", child)

    for name, value in vars(package).items():  # tf.keras, tf.data, ... are packages already
        if (isinstance(value, _types.ModuleType) and not name.startswith("_")
                and value.__name__.startswith(package.__name__ + ".")):
            _sys.modules.setdefault(f"{package.__name__}.{name}", value)
            if value.__name__.startswith(__name__ + ".") and id(value) not in seen:
                visit(f"{package.__name__}.{name}", value)
    # tf.compat.v2 is the TF 2 namespace itself (compat's __getattr__ gives it)
    _sys.modules.setdefault(f"{package.__name__}.compat.v2", package)

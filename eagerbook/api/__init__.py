"""TF-shaped namespaces (``tf.math``, ``tf.nn``, ``tf.random``, ...): re-exports only.

Each module here lists, with plain imports, which engine functions appear under which TF name.
Exporting a new op is one line: add its name to the import list of the right module (and to
``eagerbook/__init__.py`` when TF also has it at the top level). ``tests/test_api.py`` fails
for a public op function that no namespace exports.
"""

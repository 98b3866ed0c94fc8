"""A tf.function's __doc__ is its function's docstring, or "" (not None) as in TF."""

import eagerbook as tf


def test_function_without_docstring_has_an_empty_doc():
    @tf.function
    def add_one(x):
        return x + 1

    @tf.function
    def documented(x):
        """Doubles."""
        return 2 * x

    assert add_one.__doc__ == "" and documented.__doc__ == "Doubles."
    assert int(add_one(tf.constant(1))) == 2

"""tf.einsum reads each input's shape first, as TF 2.21 does: tensors, Variables and NumPy
arrays are inputs; a Python list or number is TF's AttributeError (no list of inputs either)."""

import numpy as np
import pytest

import eagerbook as tf

A = tf.constant([1.0, 2.0])


@pytest.mark.parametrize("call, kind", [
    (lambda: tf.einsum("i,i->", [A, A]), "list"),
    (lambda: tf.einsum("i,i->", A, [1.0, 2.0]), "list"),
    (lambda: tf.einsum("ij->ji", [[1, 2]]), "list"),
    (lambda: tf.einsum("i,i->", A, 2.0), "float"),
])
def test_python_values_are_not_inputs(call, kind):
    with pytest.raises(AttributeError) as info:
        call()
    assert str(info.value) == f"'{kind}' object has no attribute 'shape'"


def test_tensors_variables_and_arrays_are():
    assert float(tf.einsum("i,i->", A, np.array([1.0, 2.0], np.float32))) == 5.0
    assert float(tf.einsum("i,i->", tf.Variable([1.0, 2.0]), A)) == 5.0

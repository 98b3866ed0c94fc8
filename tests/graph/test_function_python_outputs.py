"""A traced function's Python-number results are graph tensors, in the signature too.

TF converts a Python value a function returns (``2 * 2``, ``"a"``, ``True``) to a constant
that leaves the graph through an Identity node, so ``concrete.structured_outputs`` holds that
Identity's tensor and the printed signature types it ``TensorSpec(...)``, not ``Literal[4]``.
"""

import eagerbook as tf


def test_a_python_number_result_is_a_tensor_in_structured_outputs():
    @tf.function
    def square(x):
        return x * x

    concrete = square.get_concrete_function(2)
    assert str(concrete.structured_outputs) == \
        'Tensor("Identity:0", shape=(), dtype=int32)'  # TF 2.21's text
    assert "Output Type:\n  TensorSpec(shape=(), dtype=tf.int32, name=None)\n" in str(concrete)
    assert square(3).numpy() == 9


def test_python_leaves_of_a_nested_result_become_tensors_in_order():
    @tf.function
    def mixed(x):
        return (x, 1, "a", {"k": 2.5}, [True])

    concrete = mixed.get_concrete_function(tf.constant(1))
    assert repr(concrete.structured_outputs) == (
        "(<tf.Tensor 'Identity:0' shape=() dtype=int32>, "
        "<tf.Tensor 'Identity_1:0' shape=() dtype=int32>, "
        "<tf.Tensor 'Identity_2:0' shape=() dtype=string>, "
        "{'k': <tf.Tensor 'Identity_3:0' shape=() dtype=float32>}, "
        "[<tf.Tensor 'Identity_4:0' shape=() dtype=bool>])")
    assert "  Tuple[TensorSpec(shape=(), dtype=tf.int32, name=None), TensorSpec(shape=(), " \
        "dtype=tf.int32, name=None), TensorSpec(shape=(), dtype=tf.string, name=None), " \
        "Dict[['k', TensorSpec(shape=(), dtype=tf.float32, name=None)]], " \
        "List[TensorSpec(shape=(), dtype=tf.bool, name=None)]]\n" in str(concrete)
    out = mixed(tf.constant(7))
    assert [out[0].numpy(), out[1].numpy(), out[2].numpy(), out[3]["k"].numpy(),
            out[4][0].numpy()] == [7, 1, b"a", 2.5, True]


def test_none_stays_none_and_prints_as_a_literal():
    @tf.function
    def nothing(x):
        return None

    concrete = nothing.get_concrete_function(1)
    assert concrete.structured_outputs is None
    assert "Output Type:\n  Literal[None]\n" in str(concrete)  # as TF prints it
    assert nothing(1) is None

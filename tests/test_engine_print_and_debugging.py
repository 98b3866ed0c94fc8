"""tf.print and tf.debugging as TF's docstrings show them (values compared with TF 2 by hand)."""

import io

import eagerbook as tf


def _printed(*values, **kwargs):
    stream = io.StringIO()
    tf.print(*values, output_stream=stream, **kwargs)
    return stream.getvalue()


def test_ragged_tensors_print_as_nested_rows_with_commas():
    assert _printed(tf.ragged.constant([[1, 2], [3]])) == "[[1, 2], [3]]\n"
    assert _printed(tf.ragged.constant([[1.5, 2.25], [3.0]])) == \
        "[[1.500000, 2.250000], [3.000000]]\n"
    assert _printed(tf.ragged.constant([["a", "bc"], []])) == "[['a', 'bc'], []]\n"
    assert _printed(tf.ragged.constant([[True, False]])) == "[[true, false]]\n"
    assert _printed(tf.ragged.constant([[[1, 2], [3]], [[4]]])) == "[[[1, 2], [3]], [[4]]]\n"


def test_ragged_rows_are_summarized_at_each_end():
    rt = tf.ragged.constant([list(range(10)), [1]])
    assert _printed(rt) == "[[0, 1, 2, ..., 7, 8, 9], [1]]\n"
    assert _printed(rt, summarize=-1) == "[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1]]\n"
    assert _printed(tf.ragged.constant([[1]] * 8)) == "[[1], [1], [1], ..., [1], [1], [1]]\n"


def test_sparse_tensors_print_their_three_parts_quoted():
    sp = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.5, 2.0], dense_shape=[3, 4])
    text = "'SparseTensor(indices=[[0 0]\n [1 2]], values=[1.5 2], shape=[3 4])'"
    assert _printed("s:", sp) == "s: " + text + "\n"
    assert _printed({"a": sp}) == "{'a': " + text + "}\n"


def test_ragged_print_inside_a_function_prints_each_call():
    stream = io.StringIO()

    @tf.function
    def show(x):
        tf.print("r:", {"k": x}, output_stream=stream)
    show(tf.ragged.constant([[1], [2, 3]]))
    show(tf.ragged.constant([[4, 5], [6]]))
    assert stream.getvalue() == "r: {'k': [[1], [2, 3]]}\nr: {'k': [[4, 5], [6]]}\n"

"""tf.print and tf.debugging as TF's docstrings show them (values compared with TF 2 by hand)."""

import io

import pytest

import eagerbook as tf
from tests.eager_error_text import framed


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


def _error(fn, *args, **kwargs):
    with pytest.raises(Exception) as info:
        fn(*args, **kwargs)
    return type(info.value).__name__, str(info.value)


def test_assert_shapes_words_its_failures_as_tf():
    x, y = tf.zeros([2, 3]), tf.ones([2, 1])
    assert _error(tf.debugging.assert_shapes, [(x, ("N", "Q")), (y, ("N", "Q"))],
                  message="msg") == (
        "ValueError", "msg.  Specified by tensor shape=(2, 3) dtype=float32 dimension 1.  "
        "Tensor shape=(2, 1) dtype=float32 dimension 1 must have size 3.  Received size 1, "
        "shape (2, 1)")
    assert _error(tf.debugging.assert_shapes, [(x, ("N", 2))])[1] == (
        "Specified explicitly.  Tensor shape=(2, 3) dtype=float32 dimension 1 must have size "
        "2.  Received size 3, shape (2, 3)")
    assert _error(tf.debugging.assert_shapes, [(x, ("N",))]) == (
        "ValueError", "Tensor  must have rank in (0, 1).  Received rank 2, shape (2, 3)")


def test_assert_shapes_outer_dimensions_and_scalars():
    batch = tf.zeros([4, 2, 3])
    assert tf.debugging.assert_shapes([(batch, ("*", 2, 3))]) is None
    assert tf.debugging.assert_shapes([(tf.constant(1.0), ())]) is None
    assert tf.debugging.assert_shapes([(tf.constant(1.0), ("N",))]) is None  # size 1
    assert _error(tf.debugging.assert_shapes,
                  [(batch, ("*", "Q")), (tf.ones([2, 1]), (2, "Q"))])[1] == (
        "Specified by tensor shape=(4, 2, 3) dtype=float32 dimension -1.  Tensor shape=(2, 1) "
        "dtype=float32 dimension 1 must have size 3.  Received size 1, shape (2, 1)")


def test_assert_shapes_checks_unknown_dims_when_the_function_runs():
    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None, 1])])
    def f(x, y):
        tf.debugging.assert_shapes([(x, ("N", "Q")), (y, ("N", 1))])
        return tf.shape(x)[0]
    assert f(tf.zeros([2, 3]), tf.zeros([2, 1])).numpy() == 2
    kind, message = _error(f, tf.zeros([2, 3]), tf.zeros([4, 1]))
    assert kind == "InvalidArgumentError"
    assert ("assertion failed: [] [Specified by tensor x:0 dimension 0] [Tensor y:0 dimension] "
            "[0] [must have size] [2] [Received shape: ] [4 1]") in message


def test_message_prefixes_end_with_a_period():
    assert _error(tf.debugging.assert_type, tf.constant(1), tf.float32, message="need float") \
        == ("TypeError", "need float.  tensor must be of type tf.float32; got tf.int32")
    assert _error(tf.debugging.assert_scalar, tf.constant([1, 2]), message="m")[1] == \
        "m.  Expected scalar shape, saw shape: (2,)."
    assert _error(tf.debugging.assert_integer, tf.constant([1.0]), message="m")[1].startswith(
        'm.  Expected "x" to be integer type.')


def test_assert_rank_in_proper_iterable_and_same_float_dtype():
    assert tf.debugging.assert_rank_in(tf.zeros([2]), [1, 3]) is None
    assert _error(tf.debugging.assert_rank_in, tf.zeros([2]), [2, 3])[1] == \
        "Tensor  must have rank in (2, 3).  Received rank 1, shape (2,)"
    tf.debugging.assert_proper_iterable([1, 2])
    assert _error(tf.debugging.assert_proper_iterable, "abc") == (
        "TypeError", "Expected argument \"values\" to be a \"proper\" iterable.  Found: "
        "<class 'str'>")
    assert _error(tf.debugging.assert_proper_iterable, 3)[1] == \
        "Expected argument \"values\" to be iterable.  Found: <class 'int'>"
    assert tf.debugging.assert_same_float_dtype([tf.constant(1.0)]) == tf.float32
    assert tf.debugging.assert_same_float_dtype(None, tf.float64) == tf.float64
    assert _error(tf.debugging.assert_same_float_dtype,
                  [tf.constant(1.0), tf.constant(2.0, tf.float64)])[1] == (
        "tf.Tensor(2.0, shape=(), dtype=float64), type=<dtype: 'float64'>, must be of the same "
        "type (<dtype: 'float32'>) as tf.Tensor(1.0, shape=(), dtype=float32).")
    assert _error(tf.debugging.assert_same_float_dtype, [tf.constant(1)])[1] == \
        "Expected floating point type, got <dtype: 'int32'>."


def test_eager_assert_near_and_shape_mismatch_fail_as_tf():
    kind, message = _error(tf.debugging.assert_near, tf.constant([1.0, 2.0]),
                           tf.constant([1.0, 2.5]))
    assert kind == "InvalidArgumentError"
    assert message == (
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b''\n"
        "b'x and y not equal to tolerance rtol = tf.Tensor(1.1920929e-06, shape=(), "
        "dtype=float32), atol = tf.Tensor(1.1920929e-06, shape=(), dtype=float32)'\n"
        "b'x (shape=(2,) dtype=float32) = '\n1.0, 2.0\nb'y (shape=(2,) dtype=float32) = '\n"
        "1.0, 2.5")
    assert _error(tf.debugging.assert_equal, tf.constant([1, 2]), tf.constant([1, 2, 3])) == (
        "InvalidArgumentError", framed("Incompatible shapes: [2] vs. [3] [Op:Equal] name: "))


def test_strings_print_with_tfs_c_escapes_and_utf8_as_it_is():
    values = tf.constant(["it's", "a\x01b", "x\ny", "back\\slash", "\x7f", "héllo"])
    assert _printed(values) == \
        '["it\\\'s" "a\\001b" "x\\ny" "back\\\\slash" "\\177" "héllo"]\n'
    assert _printed(tf.constant([1 + 2j, 3 - 1j])) == "[? ?]\n"  # TF has no text for complex


def test_a_lone_string_scalar_prints_as_it_is():
    assert _printed(tf.constant("it's")) == "it's\n"
    assert _printed(tf.constant("it's"), end="!\n") == "it's!\n"
    assert _printed(tf.constant("a"), tf.constant("b")) == '"a" "b"\n'
    assert _printed(tf.constant(["a"])) == '["a"]\n'
    assert tf.strings.format("{}", tf.constant(["é", "a\x01"])).numpy().decode() == \
        '["é" "a\\001"]'


def test_sign_and_near_messages_as_tf_words_them():
    # TF's assert_non_positive joins two lines of its message (a missing comma in TF)
    kind, message = _error(tf.debugging.assert_non_positive, tf.constant([0, 1]), summarize=1)
    assert (kind, message) == ("InvalidArgumentError", "\nCondition x <= 0 did not hold "
                               "element-wise:x (shape=(2,) dtype=int32) = \n['0', '...']")
    message = _error(tf.debugging.assert_near, tf.constant([1.0]), tf.constant([1.2]),
                     atol=0.1, message="near")[1]
    assert message.startswith("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                              "Summarized data: b'near.  '\n")

"""tf.Assert and tf.debugging.assert_* inside tf.function: checks decided while tracing raise
then; checks on run-time values become Assert ops that raise when the function runs."""

import pytest

import eagerbook as tf
from tests.graph.node_error_text import node_message

VECTOR = [tf.TensorSpec([None], tf.float32)]


def _raises(fn, *args):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn(*args)
    return node_message(str(info.value))


def test_assert_equal_raises_when_the_function_runs_with_tf_message():
    @tf.function(input_signature=VECTOR)
    def f(x):
        tf.debugging.assert_equal(x, tf.zeros_like(x), message="must be zero")
        return x + 1

    assert f(tf.zeros([4])).numpy().tolist() == [1, 1, 1, 1]
    text = _raises(f, tf.constant([0.0, 1.0, 2.0, 3.0]))
    assert text.startswith("assertion failed: [must be zero] [Condition x == y did not hold "
                           "element-wise:] [x (x:0) = ] [0 1 2...] [y (")
    assert text.split("\n")[0].endswith("[0 0 0...]")


@pytest.mark.parametrize("check, good, bad, condition", [
    (tf.debugging.assert_positive, [1.0, 2.0], [1.0, -1.0], "x > 0"),
    (tf.debugging.assert_negative, [-1.0], [1.0, -1.0], "x < 0"),
    (tf.debugging.assert_non_negative, [0.0, 2.0], [1.0, -1.0], "x >= 0"),
    (tf.debugging.assert_non_positive, [0.0, -2.0], [1.0, -1.0], "x <= 0"),
])
def test_sign_checks(check, good, bad, condition):
    @tf.function(input_signature=VECTOR)
    def f(x):
        check(x, message="sign")
        return x

    assert f(tf.constant(good)).shape == (len(good),)
    text = _raises(f, tf.constant(bad))
    joint = "" if condition == "x <= 0" else "] ["  # TF's non_positive lacks a comma there
    assert text.startswith(f"assertion failed: [sign.  ] [Condition {condition} did not hold "
                           f"element-wise:{joint}x (x:0) = ] [1 -1]")


@pytest.mark.parametrize("check, sym, ok", [
    (tf.debugging.assert_less, "<", [1.0, 1.5]),
    (tf.debugging.assert_less_equal, "<=", [2.0]),
    (tf.debugging.assert_greater, ">", [3.0]),
    (tf.debugging.assert_greater_equal, ">=", [2.0, 5.0]),
    (tf.debugging.assert_none_equal, "!=", [1.0, 3.0]),
])
def test_comparisons_pass_and_fail(check, sym, ok):
    @tf.function(input_signature=VECTOR)
    def f(x):
        check(x, 2.0)
        return x

    assert f(tf.constant(ok)).shape == (len(ok),)
    bad = {"<": [2.0], "<=": [3.0], ">": [2.0], ">=": [1.0], "!=": [2.0]}[sym]
    text = _raises(f, tf.constant(bad))
    assert text.startswith(f"assertion failed: [Condition x {sym} y did not hold element-wise:]")


def test_known_values_fail_while_tracing():
    @tf.function
    def f(x):
        tf.debugging.assert_equal(tf.constant([1, 2]), tf.constant([1, 3]))
        return x

    with pytest.raises(tf.errors.InvalidArgumentError) as info:  # while tracing: no node yet
        f(tf.constant(1.0))
    text = str(info.value)
    assert "Condition x == y did not hold element-wise:" in text
    assert "[1 2]" in text and "[1 3]" in text and "assertion failed" not in text


def test_tf_assert_returns_an_op_usable_as_control_dependency():
    ops_seen = []

    @tf.function(input_signature=VECTOR)
    def f(x):
        check = tf.Assert(tf.reduce_all(x > 0), [x, "text", tf.shape(x)], summarize=2)
        ops_seen.append(check)
        with tf.control_dependencies([check]):
            return tf.identity(x)

    assert f(tf.constant([1.0])).numpy().tolist() == [1.0]
    assert ops_seen[0].type == "Assert"
    text = _raises(f, tf.constant([1.0, -3.0, 2.0]))
    assert text.startswith("assertion failed: [1 -3...] [text] [3]")


def test_assert_whose_result_is_unused_is_kept_and_ordered():
    @tf.function(input_signature=VECTOR)
    def f(x):
        tf.print("before")
        tf.debugging.assert_positive(x)
        tf.print("after")
        return tf.constant(0)

    graph = f.get_concrete_function().graph
    types = [op.type for op in graph.get_operations() if op.type in ("PrintV2", "Assert")]
    assert types == ["PrintV2", "Assert", "PrintV2"]
    _raises(f, tf.constant([-1.0]))


def test_rank_and_shape_checks_of_unknown_shapes():
    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def rank2(x):
        tf.debugging.assert_rank(x, 2)
        return x

    assert rank2(tf.zeros([2, 2])).shape == (2, 2)
    assert _raises(rank2, tf.zeros([2])).startswith(
        "assertion failed: [] [Tensor x:0 must have rank] [2] [Received shape: ] [2]")

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
    def square(x):
        tf.debugging.assert_shapes([(x, ("N", "N"))], message="sq")
        return x

    assert square(tf.zeros([3, 3])).shape == (3, 3)
    assert _raises(square, tf.zeros([2, 4])).startswith(
        "assertion failed: [sq.  ] [Specified by tensor x:0 dimension 0] [Tensor x:0 "
        "dimension] [1] [must have size] [2] [Received shape: ] [2 4]")


def test_asserts_in_branches_and_loops():
    @tf.function(input_signature=VECTOR)
    def branch(x):
        def checked():
            tf.debugging.assert_negative(x)
            return x + 1
        return tf.cond(tf.size(x) > 2, checked, lambda: x)

    assert branch(tf.constant([1.0, 2.0])).numpy().tolist() == [1.0, 2.0]
    _raises(branch, tf.constant([1.0, 2.0, 3.0]))

    @tf.function(input_signature=VECTOR)
    def loop(x):
        def body(i):
            tf.debugging.assert_less(i, 3, message="loop")
            return i + 1
        return tf.while_loop(lambda i: i < tf.size(x), body, [tf.constant(0)])

    assert loop(tf.zeros([3]))[0].numpy() == 3
    assert "[loop]" in _raises(loop, tf.zeros([5]))


def test_asserts_under_a_tape_have_no_gradient():
    @tf.function(input_signature=VECTOR)
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            tf.debugging.assert_positive(x)
            y = x * x
        return tape.gradient(y, x)

    assert grad(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]
    _raises(grad, tf.constant([1.0, -2.0]))


def test_eager_assert_summarizes_like_tf():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.Assert(False, [tf.constant([1, 2, 3, 4])])
    assert str(info.value) == "Expected 'False' to be true. Summarized data: 1, 2, 3, ..."
    assert tf.Assert(True, [1]) is None
    with pytest.raises(tf.errors.InvalidArgumentError, match="^Expected 'tf.Tensor"
                       r"\(False, shape=\(\), dtype=bool\)' to be true"):
        tf.Assert(tf.constant(False), ["s"])


def test_assert_near_checks_when_the_function_runs():
    @tf.function(input_signature=VECTOR)
    def f(x):
        tf.debugging.assert_near(x, tf.zeros_like(x), atol=0.5)
        return x

    assert f(tf.constant([0.25])).numpy().tolist() == [0.25]
    text = _raises(f, tf.constant([1.0, 3.0]))
    assert text.startswith("assertion failed: [] [x and y not equal to tolerance rtol = "
                           "Tensor(\\\"assert_near/")  # (TF C-escapes the quotes of data)
    assert "[x (x:0) = ] [1 3]" in text


def test_ragged_rowids_order_checked_when_the_function_runs():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
    def lengths(ids):
        return tf.RaggedTensor.from_value_rowids(tf.range(tf.size(ids)), ids).row_lengths()

    assert lengths(tf.constant([0, 0, 2], tf.int64)).numpy().tolist() == [2, 0, 1]
    assert _raises(lengths, tf.constant([0, 2, 1], tf.int64)).startswith(
        "assertion failed: [Arguments to from_value_rowids do not form a valid RowPartition.  "
        "] [Condition x >= 0 did not hold element-wise:]")


INDICES = [tf.TensorSpec([None, 2], tf.int64)]


def test_sparse_checks_when_the_function_runs():
    @tf.function(input_signature=INDICES)
    def dense(indices):
        sp = tf.SparseTensor(indices, tf.ones([tf.shape(indices)[0]]), [3, 3])
        return tf.sparse.to_dense(sp)

    assert dense(tf.constant([[0, 0], [1, 1]], tf.int64)).numpy().sum() == 2
    assert _raises(dense, tf.constant([[1, 1], [0, 0]], tf.int64)).startswith(
        "indices[1] = [0,0] is out of order. Many sparse ops require sorted indices.")
    assert _raises(dense, tf.constant([[1, 1], [1, 1]], tf.int64)).startswith(
        "indices[1] = [1,1] is repeated")
    assert _raises(dense, tf.constant([[5, 1]], tf.int64)).startswith(
        "indices[0] = [5,1] is out of bounds: need 0 <= index < [3,3]")

    @tf.function(input_signature=INDICES * 2)
    def mapped(i1, i2):
        a = tf.SparseTensor(i1, tf.ones([tf.shape(i1)[0]]), [3, 3])
        b = tf.SparseTensor(i2, tf.ones([tf.shape(i2)[0]]), [3, 3])
        return tf.sparse.map_values(tf.add, a, b).values

    same = tf.constant([[0, 0]], tf.int64)
    assert mapped(same, same).numpy().tolist() == [2.0]
    assert _raises(mapped, tf.constant([[0, 0], [1, 1]], tf.int64),
                   tf.constant([[0, 0], [1, 2]], tf.int64)).startswith(
        "assertion failed: [Mismatched indices!] [Condition x == y did not hold element-wise:]")

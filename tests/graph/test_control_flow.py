"""tf.cond, tf.while_loop, tf.case, tf.switch_case, tf.TensorArray: eagerly and in graphs."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.graph import TensorArray, case, cond, function, switch_case, while_loop


def both(fn, *args):
    """Runs `fn` eagerly and as a tf.function (without AutoGraph); returns both results."""
    eager = fn(*args)
    graph = function(fn, autograph=False)(*args)
    return eager, graph


def _np(x):
    return [t.numpy() for t in x] if isinstance(x, (list, tuple)) else x.numpy()


def test_cond_eager_and_graph():
    def f(x):
        return cond(x > 0, lambda: x * 2.0, lambda: x - 1.0)
    for v in (3.0, -3.0):
        eager, graph = both(f, tf.constant(v))
        assert eager.numpy() == graph.numpy()


def test_cond_with_nested_outputs_and_captures():
    w = tf.Variable(2.0)

    def f(x):
        return cond(x > 0, lambda: {"a": x * w, "b": (x, x + 1.0)},
                    lambda: {"a": -x, "b": (x * 0.0, x)})
    eager, graph = both(f, tf.constant(1.5))
    assert eager["a"].numpy() == graph["a"].numpy() == 3.0
    assert _np(eager["b"]) == _np(graph["b"])


def test_cond_branch_mismatch_errors():
    @function(autograph=False)
    def dtype_mismatch(x):
        return cond(x > 0, lambda: tf.constant(1), lambda: tf.constant(1.0))

    with pytest.raises(TypeError, match="must have the same number, type"):
        dtype_mismatch(tf.constant(1.0))

    @function(autograph=False)
    def structure_mismatch(x):
        return cond(x > 0, lambda: (x, x), lambda: x)

    with pytest.raises(AssertionError, match=r"\[2, 1\]"):  # TF's: the output counts
        structure_mismatch(tf.constant(1.0))

    @function(autograph=False)
    def tuple_or_list(x):
        return cond(x > 0, lambda: (x, x), lambda: [x, x])

    with pytest.raises(TypeError, match="same number, type, and overall structure of return "
                                        "values.\n\ntrue_fn output: "):
        tuple_or_list(tf.constant(1.0))

    @function(autograph=False)
    def nothing_returned(x):
        return cond(x > 0, lambda: x, lambda: None)

    with pytest.raises(ValueError, match="Lengths of branch outputs of cond must match."):
        nothing_returned(tf.constant(1.0))


def test_cond_runs_only_the_taken_branch_side_effects():
    v = tf.Variable(0)

    @function(autograph=False)
    def f(x):
        return cond(x > 0, lambda: v.assign_add(1).read_value(),
                    lambda: v.assign_sub(1).read_value())

    f(tf.constant(1))
    f(tf.constant(1))
    f(tf.constant(-1))
    assert v.numpy() == 1


def test_while_loop_eager_and_graph():
    def f(n):
        i, s = while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + i),
                          [tf.constant(0), tf.constant(0)])
        return s
    eager, graph = both(f, tf.constant(10))
    assert eager.numpy() == graph.numpy() == 45


def test_while_loop_single_var_and_maximum_iterations():
    def f(x):
        return while_loop(lambda x: x < 100, lambda x: x * 2, x, maximum_iterations=3)
    eager, graph = both(f, tf.constant(1))
    assert eager.numpy() == graph.numpy() == 8


def test_while_loop_shape_invariants():
    def f(x):
        # The body returns a list like loop_vars: TF's eager loop would split a bare tensor.
        return while_loop(lambda x: tf.reduce_sum(tf.ones_like(x)) < 4,
                          lambda x: [tf.concat([x, x], 0)], [x],
                          shape_invariants=[tf.TensorShape([None])])[0]
    eager, graph = both(f, tf.constant([1.0]))
    assert eager.numpy().tolist() == graph.numpy().tolist() == [1.0] * 4

    @function(autograph=False)
    def no_invariant(x):
        return while_loop(lambda x: tf.reduce_sum(tf.ones_like(x)) < 4,
                          lambda x: tf.concat([x, x], 0), [x])

    with pytest.raises(ValueError, match=r"Input tensor `x:0` enters the loop with shape \(1,\)"):
        no_invariant(tf.constant([1.0]))


def test_while_loop_dtype_change_error():
    @function(autograph=False)
    def f(x):
        return while_loop(lambda x: x < 3, lambda x: tf.cast(x, tf.float32), [x])

    with pytest.raises(TypeError, match="Loop var x:0 enters the loop with type <dtype: 'int32'> "
                                        "but has type <dtype: 'float32'> after 1 iteration. "
                                        "x:0 type should remain constant."):
        f(tf.constant(1))


def test_switch_case_and_case():
    def f(i):
        return switch_case(i, [lambda: tf.constant(10), lambda: tf.constant(20),
                               lambda: tf.constant(30)])
    for i in (0, 1, 2, 7):
        eager, graph = both(f, tf.constant(i))
        assert eager.numpy() == graph.numpy() == {0: 10, 1: 20, 2: 30}.get(i, 30)

    def g(x):
        return case([(x < 0, lambda: tf.constant(-1)), (x > 10, lambda: tf.constant(1))],
                    default=lambda: tf.constant(0))
    for v in (-5, 5, 50):
        eager, graph = both(g, tf.constant(v))
        assert eager.numpy() == graph.numpy()


def test_tensor_array_eager_and_graph():
    def f(x):
        ta = TensorArray(tf.float32, size=3)
        ta = ta.write(0, x)
        ta = ta.write(1, x * 2.0)
        ta = ta.write(2, x * 3.0)
        return ta.stack(), ta.read(1), ta.size()
    eager, graph = both(f, tf.constant([1.0, 2.0]))
    for a, b in zip(eager, graph):
        assert np.array_equal(a.numpy(), b.numpy())


def test_tensor_array_in_while_loop_and_unstack():
    def f(x):
        ta = TensorArray(tf.float32, size=0, dynamic_size=True)
        src = TensorArray(tf.float32, size=3).unstack(x)

        def body(i, ta):
            return i + 1, ta.write(i, src.read(i) * 10.0)
        _, ta = while_loop(lambda i, ta: i < 3, body, [tf.constant(0), ta])
        return ta.stack()
    eager, graph = both(f, tf.constant([1.0, 2.0, 3.0]))
    assert eager.numpy().tolist() == graph.numpy().tolist() == [10.0, 20.0, 30.0]


# Eagerly TF raises OutOfRangeError (its eager TensorArray is a Python list); in a graph the
# op fails with InvalidArgumentError.
def test_tensor_array_fixed_size_error():
    ta = TensorArray(tf.float32, size=1)
    ta = ta.write(0, 1.0)
    with pytest.raises(tf.errors.OutOfRangeError, match="not resizeable"):
        ta.write(1, 2.0)


def test_graph_ops_are_if_and_while():
    @function(autograph=False)
    def f(x):
        y = cond(x > 0, lambda: x, lambda: -x)
        return while_loop(lambda y: y < 10.0, lambda y: y * 2.0, [y])

    graph = f.get_concrete_function(tf.constant(1.0)).graph
    types = [op.type for op in graph.get_operations()]
    assert "If" in types and "While" in types
    source = f.get_concrete_function(tf.constant(1.0)).compiled_source
    assert "\n    if " in source and "while True:" in source

"""AutoGraph: conversions, TF's errors, to_code, notebook-defined functions."""

import linecache

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core.spec import TensorSpec
from eagerbook.graph import OperatorNotAllowedInGraphError, TensorArray, autograph, function


def _types(fn, *args):
    return [op.type for op in fn.get_concrete_function(*args).graph.get_operations()]


def test_if_elif_else_on_tensors_becomes_if_ops():
    @function
    def sign(x):
        if x > 0:
            y = tf.constant(1)
        elif x < 0:
            y = tf.constant(-1)
        else:
            y = tf.constant(0)
        return y

    assert [sign(tf.constant(v)).numpy() for v in (3.0, -2.0, 0.0)] == [1, -1, 0]
    assert _types(sign, tf.constant(1.0)).count("If") == 1
    assert sign.experimental_get_tracing_count() == 1


def test_python_conditions_stay_python():
    @function
    def f(x, mode):
        if mode == "double":
            return x * 2
        return x

    assert f(tf.constant(2), "double").numpy() == 4
    assert "If" not in _types(f, tf.constant(1), "double")


def test_python_range_loop_unrolls():
    @function
    def f(x):
        for i in range(3):
            x = x + i
        return x

    assert f(tf.constant(1)).numpy() == 4
    types = _types(f, tf.constant(1))
    assert types.count("AddV2") == 3 and "While" not in types


def test_collatz_while_loop():
    @function
    def collatz(a):
        n = 0
        while a != 1:
            if a % 2 == 0:
                a = a // 2
            else:
                a = 3 * a + 1
            n += 1
        return n

    assert collatz(tf.constant(27)).numpy() == 111
    assert collatz(tf.constant(1)).numpy() == 0
    assert "While" in _types(collatz, tf.constant(5))


def test_for_over_tf_range_with_break_and_continue():
    @function
    def f(n):
        s = tf.constant(0)
        for i in tf.range(n):
            if i > 5:
                break
            if i % 2 == 0:
                continue
            s += i
        return s

    assert f(tf.constant(10)).numpy() == 1 + 3 + 5
    assert f(tf.constant(4)).numpy() == 1 + 3


def test_for_over_range_of_a_tensor_and_over_a_tensor():
    @function
    def total(n):
        s = 0
        for i in range(n):  # range of a tensor: an in-graph loop
            s += i
        return s

    assert total(tf.constant(5)).numpy() == 10

    @function
    def rows(m):
        acc = tf.zeros([2])
        for row in m:
            acc += row
        return acc

    assert rows(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).numpy().tolist() == [9, 12]


def test_return_inside_loop_and_branches():
    @function
    def first_negative(x):
        for v in x:
            if v < 0:
                return v
        return tf.constant(0.0)

    # TF cannot stage a return that happens on some iterations of a graph loop only
    with pytest.raises(NotImplementedError, match="a return statement cannot be placed "
                                                  "inside this TensorFlow loop"):
        first_negative(tf.constant([1.0, -2.0, -3.0]))

    @function
    def first(x):
        for v in x:
            return v  # on the first iteration: TF stages that
        return tf.constant(0.0)

    assert first(tf.constant([5.0, 6.0])).numpy() == 5.0

    @function
    def absolute(x):
        if x > 0:
            return x
        return -x

    assert absolute(tf.constant(-3.0)).numpy() == 3.0 and absolute(tf.constant(2.0)) == 2.0


def test_boolean_operators_and_conditional_expression():
    @function
    def f(x, y):
        both = (x > 0) and (y > 0)
        either = (x > 0) or (y > 0)
        neither = not either
        z = x if x > y else y
        return both, either, neither, z

    out = [t.numpy() for t in f(tf.constant(1.0), tf.constant(-1.0))]
    assert out == [False, True, False, 1.0]
    out = [t.numpy() for t in f(tf.constant(-1.0), tf.constant(-2.0))]
    assert out == [False, False, True, -1.0]

    @function
    def python_short_circuit(x, flag):
        return flag and x  # Python value first: Python semantics

    out = python_short_circuit(tf.constant(3), False)  # False itself, returned as a tensor
    assert out.dtype == tf.bool and not out.numpy()


def test_calls_into_user_functions_are_converted_recursively():
    def relu_like(x):
        if x > 0:
            return x
        return tf.zeros_like(x)

    def twice(x):
        return relu_like(x) * 2

    @function
    def f(x):
        return twice(x)

    assert f(tf.constant(3.0)).numpy() == 6.0
    assert f(tf.constant(-3.0)).numpy() == 0.0


def test_do_not_convert():
    @autograph.experimental.do_not_convert
    def raw(x):
        if x > 0:
            return x
        return -x

    @function
    def f(x):
        return raw(x)

    with pytest.raises(OperatorNotAllowedInGraphError):
        f(tf.constant(1.0))


def test_variable_defined_in_one_branch_only():
    @function
    def f(x):
        if x > 0:
            y = x * 2
        return y  # noqa: F821 - that is the point

    with pytest.raises(ValueError, match="'y' must also be initialized in the else branch"):
        f(tf.constant(1.0))


def test_temporary_in_one_branch_is_fine():
    @function
    def f(x):
        if x > 0:
            tmp = x * 2
            x = tmp + 1
        return x

    assert f(tf.constant(1.0)).numpy() == 3.0


def test_return_in_one_branch_only():
    @function
    def f(x):
        if x > 0:
            return x

    with pytest.raises(ValueError, match="the else branch must also have a return statement"):
        f(tf.constant(1.0))


def test_dtype_change_in_loop():
    @function
    def f(n):
        s = tf.constant(0)
        for _ in tf.range(n):
            s = tf.cast(s, tf.float32) + 1.0
        return s

    with pytest.raises(TypeError, match="'s' has dtype int32 before the loop, but dtype "
                                        "float32 after one iteration"):
        f(tf.constant(3))


def test_shape_change_without_invariants_and_with_set_loop_options():
    @function
    def grow(x):
        while tf.reduce_sum(tf.ones_like(x)) < 8:
            x = tf.concat([x, x], 0)
        return x

    with pytest.raises(ValueError, match=r"'x' has shape \(1,\) before the loop, but shape "
                                         r"\(2,\) after one iteration"):
        grow(tf.constant([1]))

    @function
    def grow_ok(x):
        while tf.reduce_sum(tf.ones_like(x)) < 8:
            autograph.experimental.set_loop_options(
                shape_invariants=[(x, tf.TensorShape([None]))])
            x = tf.concat([x, x], 0)
        return x

    assert grow_ok(tf.constant([1])).numpy().tolist() == [1] * 8


def test_loop_variable_first_assigned_in_the_loop_needs_one_iteration():
    @function
    def f(n):
        i = tf.constant(0)
        while i < n:
            last = i
            i += 1
        return last  # noqa: F821 - the point: undefined when the loop never runs

    assert f(tf.constant(3)).numpy() == 2  # TF starts `last` from zeros, traced once aside
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"assertion failed: \[loop must iterate at least once to "
                             r"initialize last\]"):
        f(tf.constant(0))


def test_maximum_iterations_option():
    @function
    def f(x):
        while x > 0:
            autograph.experimental.set_loop_options(maximum_iterations=3)
            x -= 1
        return x

    assert f(tf.constant(10)).numpy() == 7


def test_tensor_array_in_a_loop():
    @function
    def squares(n):
        ta = TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(n):
            ta = ta.write(i, tf.cast(i * i, tf.float32))
        return ta.stack()

    assert squares(tf.constant(4)).numpy().tolist() == [0.0, 1.0, 4.0, 9.0]
    assert squares(tf.constant(2)).numpy().tolist() == [0.0, 1.0]


def test_to_code_shows_the_conversion():
    def f(x):
        while x > 0:
            x = x - 1
        return x

    code = autograph.to_code(f)
    assert "ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('x',), {})" in code
    assert autograph.to_graph(f)(tf.constant(3)).numpy() == 0  # eager: Python semantics


def test_functions_defined_in_notebook_cells(tmp_path):
    source = ("def cell_fn(x):\n"
              "    if tf.reduce_sum(x) > 0:\n"
              "        x = x * 10\n"
              "    return x\n")
    filename = "<ipython-input-7-abcdef>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"tf": tf}
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - how IPython runs cells
    f = function(namespace["cell_fn"])
    assert f(tf.constant([1.0])).numpy().tolist() == [10.0]
    assert f(tf.constant([-1.0])).numpy().tolist() == [-1.0]
    assert "ag__.if_stmt" in autograph.to_code(namespace["cell_fn"])


def test_closures_see_later_changes():
    scale = [2.0]

    def make():
        factor = tf.constant(scale[0])

        def f(x):
            if x > 0:
                x = x * factor
            return x
        return f

    g = function(make())
    assert g(tf.constant(3.0)).numpy() == 6.0


def test_for_over_dataset_is_an_in_graph_loop():
    from eagerbook.data.dataset import Dataset
    ds = Dataset.from_tensor_slices(np.arange(6, dtype=np.float32)).batch(4)

    @function
    def total(data):
        s = tf.constant(0.0)
        for batch in data:
            s += tf.reduce_sum(batch)
        return s

    assert total(ds).numpy() == 15.0
    assert total(ds).numpy() == 15.0  # a fresh iterator every call
    types = [op.type for op in total.get_concrete_function(ds).graph.get_operations()]
    assert "While" in types and "IteratorGetNext" in types


def test_input_signature_with_autograph_loop():
    @function(input_signature=[TensorSpec([None], tf.int32)])
    def count_positive(x):
        n = 0
        for v in x:
            if v > 0:
                n += 1
        return n

    assert count_positive(tf.constant([1, -2, 3])).numpy() == 2
    assert count_positive(tf.constant([1, 2, 3, 4, -5])).numpy() == 4


def test_three_operand_boolean_chains():
    @function
    def f(x):
        return (x > 0) and (x < 10) and (x != 5), (x < 0) or (x > 10) or (x == 5)

    assert [t.numpy() for t in f(tf.constant(3))] == [True, False]
    assert [t.numpy() for t in f(tf.constant(5))] == [False, True]
    assert [t.numpy() for t in f(tf.constant(12))] == [False, True]


def test_python_list_append_in_graph_loop_needs_tensor_array():
    from eagerbook.graph.ir import InaccessibleTensorError

    @function
    def f(n):
        values = []
        for i in tf.range(n):
            values.append(i * 2)
        return tf.stack(values)

    with pytest.raises(InaccessibleTensorError, match="use a tf.TensorArray"):
        f(tf.constant(3))


def test_lambdas_are_converted():
    absolute = function(lambda x: x if x > 0 else -x)
    assert absolute(tf.constant(-2.0)).numpy() == 2.0
    assert "If" in [op.type for op in
                    absolute.get_concrete_function(tf.constant(1.0)).graph.get_operations()]

    def helper(x):
        if x > 0:
            return x * 10
        return x

    calls_helper = function(lambda x: helper(x) + 1)
    assert calls_helper(tf.constant(2)).numpy() == 21
    assert calls_helper(tf.constant(-2)).numpy() == -1


def test_tensor_indexed_by_a_tf_range_counter():
    @function
    def total(x, n):
        s = 0.0
        for i in tf.range(n):
            s += x[i]
        return s

    x = tf.constant([1.0, 2.0, 3.0])
    assert total(x, tf.constant(3)).numpy() == 6.0
    assert total(x, tf.constant(2)).numpy() == 3.0
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = total(x, tf.constant(2))
    assert tape.gradient(y, x).numpy().tolist() == [1.0, 1.0, 0.0]

    @function
    def window(x, i):
        return x[i:i + 2]

    assert window(x, tf.constant(1)).numpy().tolist() == [2.0, 3.0]


def test_nested_loop_variables_first_assigned_in_the_inner_loop():
    ds = tf.data.Dataset.from_tensor_slices((tf.ones([4, 2]), tf.ones([4]))).batch(2)
    w = tf.Variable(tf.zeros([2]))

    @function
    def train():
        for epoch in tf.range(3):  # noqa: B007 - the guide's shape of loop
            for x, y in ds:
                pred = tf.reduce_sum(x * w, axis=1)
                loss = tf.reduce_mean((pred - y) ** 2)
                w.assign_sub(0.1 * tf.reduce_mean(x, axis=0) * loss)
        return w.read_value()

    # 6 steps; the loss shrinks as w moves (1 - 2w)^2 with w per component
    expected = 0.0
    for _ in range(6):
        expected -= 0.1 * (1.0 - 2 * expected) ** 2
    np.testing.assert_allclose(train().numpy(), [expected, expected], rtol=1e-5)


def test_a_variable_read_after_a_loop_starts_from_zeros_of_its_first_value():
    @function
    def f(n):
        for i in tf.range(n):
            last = tf.range(i)  # unknown length: the loop relaxes its shape
        return last

    assert f(tf.constant(3)).numpy().tolist() == [0, 1]


def test_a_variable_read_after_a_dataset_loop_must_be_defined_before_it():
    @function
    def f(ds):
        for x in ds:
            last = x
        return last

    with pytest.raises(ValueError, match="'last' must be defined before the loop$"):
        f(tf.data.Dataset.range(3))


def test_next_on_an_iterator_advances_on_every_call():
    it = iter(tf.data.Dataset.from_tensor_slices(([1.0, 2.0], [4, 5])))

    @function
    def pull():
        x, y = next(it)
        return x * 2.0, y

    assert [t.numpy() for t in pull()] == [2.0, 4]
    assert [t.numpy() for t in pull()] == [4.0, 5]
    assert pull.experimental_get_tracing_count() == 1
    with pytest.raises(tf.errors.OutOfRangeError):
        pull()

    numbers = iter(tf.data.Dataset.range(10))

    @function
    def take(iterator):
        return iterator.get_next() + next(iterator)

    assert take(numbers).numpy() == 1 and take(numbers).numpy() == 5

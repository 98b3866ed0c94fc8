"""tf.function, AutoGraph, TensorArray and graph details as TF 2 has them (checked by hand
against TF 2.21): what a function may return, structure errors of branches and loops, trace
keys of Python and NumPy scalars, eager TensorArray semantics, custom gradients of Variable
arguments, stateless numpy_function, graph name scopes and requested devices."""

import numpy as np
import pytest

import eagerbook as tf


# --- what a tf.function may return ---------------------------------------------------------------
@pytest.mark.parametrize("make, kind", [
    (lambda x: (v for v in [x]), "generator"),
    (lambda x: object(), "object"),
    (lambda x: tf.float32, "DType"),
    (lambda x: {1, 2}, "set"),
])
def test_returning_a_value_that_is_no_tensor_is_a_type_error(make, kind):
    f = tf.function(make, autograph=False)
    with pytest.raises(TypeError, match=f"found return value of type {kind}, which is not a "
                                        "Tensor or ExtensionType"):
        f(tf.constant(1))


def test_a_generator_function_cannot_be_a_tf_function():
    @tf.function
    def gen(x):
        yield x

    with pytest.raises(TypeError, match="To be compatible with tf.function"):
        gen(tf.constant(1))


def test_python_values_none_and_datasets_are_still_returned():
    @tf.function
    def f(x):
        return {"a": 1, "b": None, "c": "s"}, tf.data.Dataset.range(2)

    out, ds = f(tf.constant(1))
    assert out["a"].numpy() == 1 and out["b"] is None and out["c"].numpy() == b"s"
    assert list(ds.as_numpy_iterator()) == [0, 1]


# --- AutoGraph: branches and loops must keep a variable's structure -----------------------------
@pytest.mark.parametrize("then_value, else_value", [
    (lambda x: [x, x], lambda x: (x, x)),  # a list and a tuple
    (lambda x: {"a": x}, lambda x: {"b": x}),  # other keys
    (lambda x: (x, x), lambda x: x),  # a pair and a tensor
])
def test_if_branches_giving_different_structures_is_a_type_error(then_value, else_value):
    @tf.function
    def f(x):
        if x > 0:
            y = then_value(x)
        else:
            y = else_value(x)
        return y

    with pytest.raises(TypeError, match="'y' must have the same nested structure in the main "
                                        "and else branches"):
        f(tf.constant(1))


def test_if_returning_different_structures_is_a_type_error():
    @tf.function
    def f(x):
        if x > 0:
            return x, x
        return x

    with pytest.raises(TypeError, match="The two structures don't have the same nested"):
        f(tf.constant(1))


def test_loop_variable_changing_structure_is_a_type_error():
    @tf.function
    def f(n):
        x = [tf.constant(0), tf.constant(1)]
        for _ in tf.range(n):
            x = (x[0], x[1])
        return x

    with pytest.raises(TypeError, match="'x' does not have the same nested structure after one "
                                        "iteration"):
        f(tf.constant(3))


def test_loop_keeping_its_structure_still_runs():
    @tf.function
    def f(n):
        x = {"a": tf.constant(0), "b": tf.constant(1)}
        for _ in tf.range(n):
            x = {"a": x["b"], "b": x["a"] + x["b"]}
        return x["a"]

    assert f(tf.constant(6)).numpy() == 8


# --- trace keys: Python scalars by value, NumPy scalars as tensors ------------------------------
def test_python_scalars_equal_in_value_share_a_trace():
    traced = []

    @tf.function
    def f(x):
        traced.append(x)
        return x

    assert f(2.0).numpy() == 2.0
    assert f(2).numpy() == 2.0  # TF reuses the trace made for 2.0
    f(True)
    f(1)  # == True
    assert traced == [2.0, True]
    assert f.experimental_get_tracing_count() == 2


def test_numpy_scalars_are_traced_as_tensors():
    seen = []

    @tf.function
    def f(x):
        seen.append(x)
        return x + 1

    assert f(np.float32(2.0)).numpy() == 3.0
    assert f(np.float32(5.0)).numpy() == 6.0  # the same trace: a float32 scalar input
    assert f(np.int64(1)).dtype == tf.int64
    assert f.experimental_get_tracing_count() == 2
    assert isinstance(seen[0], tf.Tensor) and seen[0].dtype == tf.float32


# --- eager TensorArray: TF's Python-list semantics ------------------------------------------------
def test_eager_tensor_array_reads_an_element_once_by_default():
    ta = tf.TensorArray(tf.float32, size=3).write(0, 1.0)
    assert ta.read(0).numpy() == 1.0
    with pytest.raises(tf.errors.InvalidArgumentError, match="Could not read index 0 twice "
                                                             "because it was cleared"):
        ta.read(0)
    keep = tf.TensorArray(tf.float32, size=1, clear_after_read=False).write(0, 2.0)
    assert keep.read(0).numpy() == keep.read(0).numpy() == 2.0


def test_eager_tensor_array_unwritten_elements_are_zeros():
    ta = tf.TensorArray(tf.float32, size=3).write(0, 1.0)
    assert ta.read(1).numpy() == 0.0
    assert ta.stack().numpy().tolist() == [1.0, 0.0, 0.0]
    shaped = tf.TensorArray(tf.float32, size=2, element_shape=[2])
    assert shaped.stack().numpy().tolist() == [[0.0, 0.0], [0.0, 0.0]]
    with pytest.raises(ValueError, match="Cannot convert a partially known TensorShape"):
        tf.TensorArray(tf.float32, size=2).stack()


def test_eager_tensor_array_writes_in_place():
    ta = tf.TensorArray(tf.int32, size=2)
    assert ta.write(0, 5) is ta
    ta.write(1, 6)  # no reassignment needed eagerly
    assert ta.stack().numpy().tolist() == [5, 6]


def test_eager_tensor_array_index_errors_are_out_of_range():
    ta = tf.TensorArray(tf.float32, size=2)
    with pytest.raises(tf.errors.OutOfRangeError, match="Reading from negative indices"):
        ta.read(-1)
    with pytest.raises(tf.errors.OutOfRangeError, match="Tried to read from index 5 but array "
                                                        "size is: 2"):
        ta.read(5)
    with pytest.raises(tf.errors.OutOfRangeError, match="not resizeable"):
        ta.write(2, 1.0)
    with pytest.raises(ValueError, match=r"Incompatible shape for value \(\(3,\)\), expected "
                                         r"\(\(2,\)\)"):
        tf.TensorArray(tf.float32, size=2, element_shape=[2]).write(0, [1.0, 2.0, 3.0])


def test_tensor_array_in_a_function_reads_many_times():
    @tf.function
    def f():
        ta = tf.TensorArray(tf.float32, size=2).write(0, 3.0).write(1, 4.0)
        return ta.read(0) + ta.read(0) + tf.reduce_sum(ta.stack())

    assert f().numpy() == 13.0


# --- custom_gradient: a Variable argument is an input ----------------------------------------
def test_custom_gradient_of_a_variable_argument_needs_no_variables_keyword():
    @tf.custom_gradient
    def reverse_gradient(x):
        return tf.identity(x), lambda dy: -dy

    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(reverse_gradient(x) ** 2)
    assert tape.gradient(y, x).numpy().tolist() == [-2.0, -4.0]


def test_custom_gradient_still_asks_for_variables_it_reads_itself():
    w = tf.Variable(3.0)

    @tf.custom_gradient
    def times_w(x):
        return x * w, lambda dy: dy * w

    with pytest.raises(TypeError, match="variables"):
        times_w(tf.constant(1.0))


# --- numpy_function(stateful=False) ---------------------------------------------------------------
def test_stateless_numpy_function_is_a_py_func_stateless_node():
    @tf.function
    def f(x):
        a = tf.numpy_function(lambda v: v * 2, [x], tf.float32)
        b = tf.numpy_function(lambda v: v * 3, [x], tf.float32, stateful=False)
        return a, b

    graph = f.get_concrete_function(tf.TensorSpec([1])).graph
    types = [op.type for op in graph.get_operations()]
    assert "PyFunc" in types and "PyFuncStateless" in types
    a, b = f(tf.constant([1.0]))
    assert a.numpy().tolist() == [2.0] and b.numpy().tolist() == [3.0]


# --- graphs: name scopes, requested devices -------------------------------------------------------
def test_graph_name_scope_and_get_name_scope():
    g = tf.Graph()
    with g.as_default():
        with g.name_scope("outer") as scope:
            assert scope == "outer/"
            with g.name_scope("inner"):
                assert g.get_name_scope() == "outer/inner"
                assert tf.constant(1, name="k").name == "outer/inner/k:0"
            with g.name_scope(None):
                assert g.get_name_scope() == ""
                assert tf.constant(1, name="top").name == "top:0"
            with g.name_scope("abs/"):
                assert tf.constant(1, name="c").name == "abs/c:0"
        assert g.get_name_scope() == ""
        assert g.is_feedable(scope) and g.is_fetchable(scope)


def test_ops_remember_the_device_tf_device_requested():
    seen = {}

    @tf.function
    def f(x):
        with tf.device("/cpu:0"):
            a = x + 1
        b = a * 2
        seen.update(a=a.device, op=a.op.device, b=b.device, x=x.device)
        return b

    graph = f.get_concrete_function(tf.TensorSpec([])).graph
    assert seen == {"a": "/device:CPU:0", "op": "/device:CPU:0", "b": "", "x": ""}
    text = str(graph.as_graph_def())
    assert text.count('device: "/device:CPU:0"') == 2  # add/y and add, as in TF


# --- AutoGraph returns: TF's rewrite of conditional returns -------------------------------------
def _traced_result(fn, x):
    try:
        return tf.function(fn)(tf.constant(x)).numpy()
    except ValueError as exc:
        return str(exc).strip().splitlines()[-1].strip()


def _else_returns_then_code_follows(x):
    if x > 0:
        y = 1
    else:
        return -1
    y += 1
    return y


def _nested_if_followed_by_return(x):
    if x > 0:
        return 1
    else:
        if x < 0:
            return -1
        return 0


def _elif_without_else(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    return 0


def _return_in_a_nested_if_only(x):
    if x > 0:
        x = x + 1
        if x > 5:
            return x
    return -x


def test_statements_after_a_branch_that_returns_move_into_the_other_branch():
    assert _traced_result(_else_returns_then_code_follows, 3) == 2
    assert _traced_result(_else_returns_then_code_follows, -3) == -1
    assert _traced_result(_nested_if_followed_by_return, 3) == 1
    assert _traced_result(_nested_if_followed_by_return, -3) == -1
    assert _traced_result(_nested_if_followed_by_return, 0) == 0


@pytest.mark.parametrize("fn", [_elif_without_else, _return_in_a_nested_if_only])
def test_a_nested_if_returning_on_one_side_only_is_tf_s_error(fn):
    assert _traced_result(fn, 3) == "ValueError: the else branch must also have a return " \
                                    "statement."


def test_none_returned_under_a_tensor_condition_is_tf_s_error():
    def f(x):
        if x > 0:
            return x
        else:
            return None

    assert _traced_result(f, 3) == "ValueError: 'retval_' is None at the end of the else branch."


def test_a_python_condition_may_return_on_one_side_only():
    @tf.function
    def f(x, flag):
        if flag:
            return x * 2

    assert f(tf.constant(2), True).numpy() == 4
    assert f(tf.constant(2), False) is None


# --- AutoGraph builtins, defaults with an input_signature ----------------------------------------
def test_int_and_float_of_a_tensor_are_casts_in_converted_code():
    seen = {}

    @tf.function
    def f(x):
        a, b = int(x), float(x)
        seen.update(a=a, b=b)
        return a, b, int(x.shape[0]) * 2

    a, b, n = f(tf.constant([3.5]))
    assert seen["a"].dtype == tf.int32 and seen["a"].op.type == "Cast"
    assert seen["b"].dtype == tf.float32
    assert a.numpy().tolist() == [3] and b.numpy().tolist() == [3.5] and n.numpy() == 2
    assert tf.function(lambda s: int(s))(tf.constant("42")).numpy() == 42


def test_input_signature_arguments_take_their_defaults():
    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def f(x=tf.constant(5)):
        return x + 1

    assert f().numpy() == 6 and f(tf.constant(1)).numpy() == 2

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def g(x):
        return x

    with pytest.raises(TypeError, match="missing a required argument: 'x'"):
        g()


# --- Function.name, Function.function_type, Operation.values() ----------------------------------
def test_function_name_and_function_type():
    @tf.function
    def my_fn(x, y=2):
        return x * y

    assert my_fn.name == "my_fn"
    assert str(my_fn.function_type) == "(x, y=<captured_default_value>)"

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def g(x):
        return x

    assert str(g.function_type) == "(x: TensorSpec(shape=(None,), dtype=tf.float32, name=None))"


def test_operation_values_are_its_outputs():
    g = tf.Graph()
    with g.as_default():
        parts = tf.split(tf.constant([1.0, 2.0]), 2)
    assert parts[0].op.values() == tuple(parts)


def test_return_inside_a_loop_over_a_dataset_is_not_implemented_as_in_tf():
    @tf.function
    def first_even_square(ds):
        for x in ds:
            if x % 2 == 0:
                return x * x
        return tf.constant(-1, tf.int64)

    with pytest.raises(NotImplementedError, match="a return statement cannot be placed inside "
                                                  "this TensorFlow loop"):
        first_even_square(tf.data.Dataset.range(1, 10))


def test_a_second_model_built_in_a_later_trace_is_tf_s_singleton_error():
    optimizer = tf.keras.optimizers.SGD(0.1)

    @tf.function
    def train_step(model, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(x) - y) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    x, y = tf.ones([2, 3]), tf.ones([2, 1])
    first = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones")])
    assert train_step(first, x, y).numpy() == 4.0
    second = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    with pytest.raises(ValueError, match="tf.function only supports singleton tf.Variables "
                                         "created on the first call"):
        train_step(second, x, y)
    built = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="zeros")])
    built.build([None, 3])
    assert train_step(built, x, y).numpy() == 1.0


# --- Keras layers called while a tf.function traces: their call is converted ------------------
class _HalveAndShift(tf.keras.layers.Layer):
    def call(self, x):
        if tf.reduce_max(x) > 1.0:  # a tensor condition: graph control flow once converted
            x = x / tf.reduce_max(x)
        for _ in tf.range(2):
            x = x + 0.5
        return x


def test_a_custom_layer_with_tensor_control_flow_runs_in_a_tf_function():
    layer = _HalveAndShift()
    model = tf.keras.Sequential([_HalveAndShift()])
    x = tf.constant([1.0, 4.0])
    assert tf.function(lambda v: layer(v))(x).numpy().tolist() == [1.25, 2.0]
    assert tf.function(lambda v: model(v))(x).numpy().tolist() == [1.25, 2.0]
    assert tf.function(layer)(tf.constant([2.0])).numpy().tolist() == [2.0]


def test_without_autograph_a_layer_call_is_not_converted():
    layer = _HalveAndShift()
    f = tf.function(lambda v: layer(v), autograph=False)
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError):
        f(tf.constant([1.0, 4.0]))


def test_a_sparse_argument_is_traced_from_its_spec():
    seen = []

    @tf.function
    def f(s):
        seen.append((s.shape.as_list(), s.indices.shape.as_list()))
        return tf.sparse.reduce_sum(s)

    assert f(tf.sparse.from_dense([[1, 0], [0, 2]])).numpy() == 3
    assert f(tf.sparse.from_dense([[3, 0], [0, 0]])).numpy() == 3  # one value: the same trace
    assert seen == [([2, 2], [None, 2])]

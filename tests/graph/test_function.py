"""tf.function: tracing rules, ConcreteFunction, side effects, Variables, errors."""

import logging

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import context
from eagerbook.core.spec import TensorSpec
from eagerbook.graph import ConcreteFunction, OperatorNotAllowedInGraphError, defun, function


def test_returns_same_values_as_eager():
    def f(x, y):
        return tf.reduce_sum(tf.matmul(x, y) * 2.0 + 1.0)
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.constant([[0.5], [-1.0]])
    assert np.allclose(function(f)(x, y).numpy(), f(x, y).numpy())


def test_traces_once_per_dtype_and_shape():
    traces = []

    @function
    def f(x):
        traces.append(1)  # Python side effect: trace time only
        return x + 1

    f(tf.constant(1.0))
    f(tf.constant(2.0))
    assert f.experimental_get_tracing_count() == 1
    f(tf.constant([1.0, 2.0]))  # new shape
    f(tf.constant(1))  # new dtype
    assert f.experimental_get_tracing_count() == 3
    assert len(traces) == 3


def test_python_values_key_by_value_and_objects_by_identity():
    @function
    def f(x, n):
        return x * n

    f(tf.constant(1.0), 2)
    f(tf.constant(1.0), 2)
    f(tf.constant(1.0), 3)
    assert f.experimental_get_tracing_count() == 2

    class Box:
        pass

    @function
    def g(x, box):
        return x + 1

    a, b = Box(), Box()
    g(tf.constant(1.0), a)
    g(tf.constant(1.0), a)
    g(tf.constant(1.0), b)
    assert g.experimental_get_tracing_count() == 2


def test_variables_key_by_spec():
    # TF 2: a Variable argument is traced by its VariableSpec (shape, dtype, trainable), so
    # a new Variable of the same kind reuses the trace and is read at call time.
    @function
    def f(v):
        return v * 2.0

    v1, v2 = tf.Variable(1.0), tf.Variable(2.0)
    assert f(v1).numpy() == 2.0
    assert f(v1).numpy() == 2.0
    assert f(v2).numpy() == 4.0
    assert f.experimental_get_tracing_count() == 1
    v1.assign(5.0)
    assert f(v1).numpy() == 10.0  # read at call time, not baked in
    assert f(tf.Variable([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]  # new shape: new trace
    assert f.experimental_get_tracing_count() == 2


def test_variable_arguments_are_written_and_differentiated_per_call():
    @function
    def step(v, x):
        y = tf.reduce_sum(v * v)
        v.assign_add(x)
        return y

    a, b = tf.Variable([1.0, 2.0]), tf.Variable([3.0, 4.0])
    step(a, tf.constant([1.0, 1.0]))
    with tf.GradientTape() as tape:
        y = step(b, tf.constant([1.0, 1.0]))
    assert a.numpy().tolist() == [2.0, 3.0] and b.numpy().tolist() == [4.0, 5.0]
    assert y.numpy() == 25.0
    assert tape.gradient(y, b).numpy().tolist() == [6.0, 8.0]
    assert step.experimental_get_tracing_count() == 1


def test_aliased_variable_arguments_trace_separately():
    @function
    def f(v, w):
        v.assign(w * 2.0)
        return w.read_value()

    a, b = tf.Variable(1.0), tf.Variable(1.0)
    assert f(a, b).numpy() == 1.0
    assert f(a, a).numpy() == 4.0  # a is 2.0 now; its own trace sees the write (a = 4.0)
    assert f.experimental_get_tracing_count() == 2


def test_keyword_and_positional_calls_share_a_trace():
    @function
    def f(x, scale=2.0):
        return x * scale

    x = tf.constant(3.0)
    assert f(x).numpy() == 6.0
    assert f(x=x).numpy() == 6.0
    assert f(x, scale=2.0).numpy() == 6.0
    assert f.experimental_get_tracing_count() == 1


def test_input_signature_with_none_dims():
    @function(input_signature=[TensorSpec(shape=[None], dtype=tf.float32)])
    def f(x):
        return tf.reduce_sum(x * x)

    assert f(tf.constant([1.0, 2.0])).numpy() == 5.0
    assert f(tf.constant([1.0, 2.0, 3.0])).numpy() == 14.0
    assert f.experimental_get_tracing_count() == 1
    concrete = f.get_concrete_function()
    assert concrete.inputs[0].shape.as_list() == [None]


def test_input_signature_mismatch_is_a_type_error():
    @function(input_signature=[TensorSpec(shape=[None], dtype=tf.int32)])
    def f(x):
        return x

    with pytest.raises(TypeError, match="Binding inputs to tf.function"):
        f(tf.constant([1.0]))
    with pytest.raises(TypeError):
        f(tf.constant([[1, 2]]))
    with pytest.raises(TypeError):
        f(tf.constant([1]), tf.constant([2]))


def test_retracing_warning(caplog):
    @function
    def f(x):
        return x

    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        for n in range(1, 7):
            f(tf.zeros([n]))
    messages = [r.getMessage() for r in caplog.records]
    assert any("triggered tf.function retracing" in m for m in messages)
    assert any(m.startswith("5 out of the last 5 calls") for m in messages)


def test_reduce_retracing_generalizes_shapes():
    @function(reduce_retracing=True)
    def f(x):
        return x * 2

    f(tf.zeros([2]))
    f(tf.zeros([3]))
    f(tf.zeros([4]))
    assert f.experimental_get_tracing_count() == 2
    assert f(tf.ones([7])).numpy().tolist() == [2.0] * 7


def test_experimental_relax_shapes_is_the_old_name():
    f = function(lambda x: x + 1, experimental_relax_shapes=True)
    f(tf.zeros([2]))
    f(tf.zeros([3]))
    f(tf.zeros([5]))
    assert f.experimental_get_tracing_count() == 2


def test_decorator_with_and_without_arguments_and_jit_compile():
    @function
    def a(x):
        return x + 1

    @function(jit_compile=True, autograph=False)
    def b(x):
        return x + 1

    assert a(tf.constant(1)).numpy() == 2 and b(tf.constant(1)).numpy() == 2
    assert a.python_function(tf.constant(1)).numpy() == 2
    c = defun(lambda x: x * 3)
    assert c(tf.constant(2)).numpy() == 6


def test_concrete_function_api():
    @function
    def f(x, y):
        return {"sum": x + y, "prod": x * y}

    concrete = f.get_concrete_function(TensorSpec([2], tf.float32), TensorSpec([2], tf.float32))
    assert isinstance(concrete, ConcreteFunction)
    assert [t.shape.as_list() for t in concrete.inputs] == [[2], [2]]
    assert len(concrete.outputs) == 2
    args, kwargs = concrete.structured_input_signature
    assert [a.shape.as_list() for a in args] == [[2], [2]] and kwargs == {}
    text = concrete.pretty_printed_signature()
    assert "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(2,), dtype=tf.float32" in text
    out = concrete(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]))
    assert out["sum"].numpy().tolist() == [4.0, 6.0]
    assert out["prod"].numpy().tolist() == [3.0, 8.0]
    ops = [(op.name, op.type) for op in concrete.graph.get_operations()]
    # As TF 2.21 names them: the outputs go through Identity nodes, in the order of the
    # flattened structure (a dict's keys sorted: "prod", then "sum").
    assert ops == [("x", "Placeholder"), ("y", "Placeholder"), ("add", "AddV2"), ("mul", "Mul"),
                   ("Identity", "Identity"), ("Identity_1", "Identity")]
    add = concrete.graph.get_operations()[2]
    assert [t.name for t in add.inputs] == ["x:0", "y:0"]
    assert add.outputs[0].shape.as_list() == [2]
    assert [t.name for t in concrete.outputs] == ["Identity:0", "Identity_1:0"]
    assert [t.op.inputs[0].name for t in concrete.outputs] == ["mul:0", "add:0"]


def test_graph_tensors_refuse_python_bool_with_tf_error():
    def f(x):
        if x > 0:  # no AutoGraph: TF's OperatorNotAllowedInGraphError
            return x
        return -x

    with pytest.raises(OperatorNotAllowedInGraphError, match="Using a symbolic `tf.Tensor` "
                                                             "as a Python `bool`"):
        function(f, autograph=False)(tf.constant(1.0))
    assert issubclass(OperatorNotAllowedInGraphError, TypeError)


def test_symbolic_tensor_has_no_numpy_value():
    seen = {}

    @function
    def f(x):
        seen["repr"] = repr(x)
        # TF: a graph tensor has no numpy method; NumPy conversion is NotImplementedError
        with pytest.raises(AttributeError, match="'SymbolicTensor' object has no attribute"):
            x.numpy()
        seen["has numpy"] = hasattr(x, "numpy")
        with pytest.raises(NotImplementedError, match="symbolic tf.Tensor"):
            np.asarray(x)
        return x

    f(tf.constant([1.0]))
    assert seen["repr"] == "<tf.Tensor 'x:0' shape=(1,) dtype=float32>"
    assert seen["has numpy"] is False


def test_python_side_effects_run_at_trace_time_only_and_tf_print_every_call(capfd):
    calls = []

    @function
    def f(x):
        calls.append(x)
        print("python print")
        tf.print("tf.print", x)
        return x + 1

    f(tf.constant(1))
    f(tf.constant(2))
    out, err = capfd.readouterr()
    assert out.count("python print") == 1
    assert err.count("tf.print") == 2 and "tf.print 1" in err and "tf.print 2" in err
    assert len(calls) == 1


def test_find_next_odd_keeps_program_order():
    v = tf.Variable(5)

    @function
    def find_next_odd():
        v.assign(v + 1)
        if v % 2 == 0:
            v.assign(v + 1)

    find_next_odd()
    assert v.numpy() == 7
    graph = find_next_odd.get_concrete_function().graph
    types = [op.type for op in graph.get_operations()]
    assert types.count("AssignVariableOp") == 1 and "If" in types


def test_stateful_ops_run_even_when_unused(capfd):
    v = tf.Variable(0)

    @function
    def f():
        v.assign_add(1)  # result unused
        tf.print("side effect")
        return tf.constant(0)

    f()
    f()
    assert v.numpy() == 2
    assert capfd.readouterr().err.count("side effect") == 2


def test_print_and_assign_keep_program_order(capfd):
    v = tf.Variable(1)

    @function
    def f():
        tf.print(v)
        v.assign(10)
        tf.print(v)
        v.assign_add(5)
        tf.print(v)

    f()
    assert capfd.readouterr().err.split() == ["1", "10", "15"]
    optimized = f.get_concrete_function().optimized_graph
    stateful = [op for op in optimized.get_operations() if op.stateful]
    for before, after in zip(stateful, stateful[1:]):
        assert before in after.control_inputs  # automatic control dependencies


def test_variables_only_on_first_trace():
    @function
    def bad(x):
        v = tf.Variable(1.0)
        v.assign_add(x)
        return v.read_value()

    with pytest.raises(ValueError, match="tf.function only supports singleton tf.Variables "
                                         "created on the first call"):
        bad(tf.constant(1.0))

    class Holder:
        v = None

    holder = Holder()

    @function
    def good(x):
        if holder.v is None:
            holder.v = tf.Variable(tf.ones([2]) * 3.0)
        holder.v.assign_add(x)
        return holder.v.read_value()

    assert good(tf.constant([1.0, 1.0])).numpy().tolist() == [4.0, 4.0]
    assert good(tf.constant([1.0, 1.0])).numpy().tolist() == [5.0, 5.0]


def test_methods_are_traced_per_instance():
    class Scaler:
        def __init__(self, k):
            self.k = k

        @function
        def scale(self, x):
            return x * self.k

    a, b = Scaler(2.0), Scaler(3.0)
    assert a.scale(tf.constant(1.0)).numpy() == 2.0
    assert b.scale(tf.constant(1.0)).numpy() == 3.0
    assert a.scale is a.scale
    assert a.scale.experimental_get_tracing_count() == 1


def test_run_functions_eagerly():
    seen = []

    @function
    def f(x):
        seen.append(x.numpy())
        return x * 2

    context.run_functions_eagerly(True)
    try:
        assert f(tf.constant(2.0)).numpy() == 4.0
        assert f(tf.constant(3.0)).numpy() == 6.0
    finally:
        context.run_functions_eagerly(False)
    assert seen == [2.0, 3.0]


def test_nested_functions_are_called_not_inlined():
    @function
    def inner(x):
        return x * x

    @function
    def outer(x):
        return inner(x) + 1

    assert outer(tf.constant(3.0)).numpy() == 10.0
    types = [op.type for op in outer.get_concrete_function(tf.constant(1.0)).graph.operations]
    assert "Mul" not in types and "PartitionedCall" in types


def test_closed_over_eager_tensor_is_a_capture():
    c = tf.constant([1.0, 2.0])

    @function
    def f(x):
        return x + c

    assert f(tf.constant([1.0, 1.0])).numpy().tolist() == [2.0, 3.0]
    concrete = f.get_concrete_function(tf.constant([0.0, 0.0]))
    assert len(concrete.captured_inputs) == 1
    assert concrete.captured_inputs[0] is c


def test_tensors_created_inside_become_constants():
    @function
    def f(x):
        return x + tf.constant(2.0)

    graph = f.get_concrete_function(tf.constant(1.0)).graph
    assert [(op.name, op.type) for op in graph.get_operations()] == [
        ("x", "Placeholder"), ("Const", "Const"), ("add", "AddV2"), ("Identity", "Identity")]


def test_errors_from_kernels_at_trace_time():
    # TF: static shape inference fails while the graph is built, with a ValueError.
    @function
    def f(a, b):
        return tf.matmul(a, b)

    with pytest.raises(ValueError, match="in user code"):
        f(tf.ones([2, 3]), tf.ones([4, 5]))


def test_python_values_in_outputs_and_none():
    @function
    def f(x):
        return x, 3, "label"

    out = f(tf.constant(1))  # as in TF, Python numbers and strings come back as tensors
    assert out[0].numpy() == 1 and out[1].numpy() == 3 and out[1].dtype == tf.int32
    assert out[2].numpy() == b"label" and out[2].dtype == tf.string
    assert repr(function(lambda: 1.0)()) == "<tf.Tensor: shape=(), dtype=float32, numpy=1.0>"

    @function
    def g(x):
        tf.print(x)

    assert g(tf.constant(1)) is None


def test_graph_text_and_dot_exports():
    @function
    def f(x):
        return tf.reduce_sum(x * 2.0)

    graph = f.get_concrete_function(tf.constant([1.0, 2.0])).graph
    dot = graph.to_dot()
    assert dot.startswith('digraph "f" {') and '"mul" -> "Sum"' in dot
    view = graph.nodes_and_edges()
    assert {n["type"] for n in view["nodes"]} == {"Placeholder", "Const", "Mul", "Sum",
                                                   "Identity"}
    assert any(e["source"] == "x" and e["target"] == "mul" for e in view["edges"])


def test_trace_listeners_see_each_trace():
    from eagerbook.graph import trace_listeners
    seen = []

    def listener(fn, concrete):
        seen.append((fn, concrete))

    trace_listeners.append(listener)
    try:
        f = function(lambda x: x + 1)
        f(tf.constant(1))
        f(tf.constant(2))
        f(tf.constant([1]))
    finally:
        trace_listeners.remove(listener)
    assert len(seen) == 2 and all(fn is f for fn, _ in seen)
    assert isinstance(seen[0][1], ConcreteFunction)

"""tf.function, AutoGraph and graph behaviours from TF's guides and docstrings (values and
messages compared with TF 2 by hand): errors raised while tracing and how they are framed,
variables first assigned inside graph loops, tf.Graph and Operation.get_attr, tf.hessians,
TensorArray.split, map_fn over sparse tensors, concrete functions of signatures."""

import collections

import pytest

import eagerbook as tf


def _kind(fn, *args):
    with pytest.raises(Exception) as info:
        fn(*args)
    return type(info.value).__name__, str(info.value)


def test_recursive_function_on_tensors_is_a_staging_error():
    @tf.function
    def recursive_fn(n):
        if n > 0:
            return recursive_fn(n - 1)
        return 1
    kind, message = _kind(recursive_fn, tf.constant(5))
    assert kind == "StagingError"
    assert message.startswith("in user code:")
    assert "RecursionError: maximum recursion depth exceeded" in message


def test_recursion_on_python_numbers_traces_each_level():
    traced = []

    @tf.function
    def recursive_fn(n):
        if n > 0:
            traced.append(n)
            return recursive_fn(n - 1)
        return 1
    assert recursive_fn(3).numpy() == 1
    assert traced == [3, 2, 1]


def test_error_kinds_that_cannot_take_the_message_become_staging_errors():
    class TwoArgumentError(Exception):
        def __init__(self, a, b):
            super().__init__(a, b)

    class PlainError(Exception):
        pass

    @tf.function
    def overflow(x):
        raise OverflowError("big")

    @tf.function
    def two_arguments(x):
        raise TwoArgumentError("bad", 2)

    @tf.function
    def plain(x):
        raise PlainError("bad")
    kind, message = _kind(overflow, tf.constant(1))
    assert kind == "StagingError" and message.rstrip().endswith("OverflowError: big")
    assert _kind(two_arguments, tf.constant(1))[0] == "StagingError"
    assert _kind(plain, tf.constant(1))[0] == "PlainError"  # its constructor takes the text


def test_bool_of_a_symbolic_tensor_keeps_its_kind_with_the_user_frames():
    @tf.function
    def f(x):
        assert x > 0, "x must be positive"  # not converted: Python asks the tensor for a bool
        return x
    kind, message = _kind(f, tf.constant(1))
    assert kind == "OperatorNotAllowedInGraphError"
    assert message.startswith("in user code:")
    assert 'assert x > 0, "x must be positive"' in message


def test_a_variable_first_assigned_in_a_tensor_loop_is_read_after_it():
    @tf.function
    def f(n):
        for i in tf.range(n):
            y = i * 2
        return y

    @tf.function
    def g(n):
        i = 0
        while i < n:
            z = {"ones": tf.ones([2]) * tf.cast(i, tf.float32), "step": [i]}
            i += 1
        return z
    assert f(tf.constant(3)).numpy() == 4
    out = g(tf.constant(3))
    assert out["ones"].numpy().tolist() == [2.0, 2.0] and out["step"][0].numpy() == 2
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(tf.constant(0))
    assert "assertion failed: [loop must iterate at least once to initialize y]" in \
        str(info.value)
    assert "{{node Assert/Assert}}" in str(info.value)


def test_a_return_on_some_iterations_of_a_tensor_loop_is_not_implemented():
    @tf.function
    def f(n):
        i = tf.constant(0)
        while i < n:
            i += 1
            if i > 2:
                return i
        return -1
    kind, message = _kind(f, tf.constant(5))
    assert kind == "NotImplementedError"
    assert message.rstrip().endswith(
        "NotImplementedError: a return statement cannot be placed inside this TensorFlow "
        "loop; this may happen if a return statement depends on a static Python condition "
        "such as a hyperparameter")


def test_a_tensor_made_under_graph_as_default_belongs_to_that_graph():
    g = tf.Graph()
    with g.as_default():
        c = tf.constant(30.0)
        d = c * 2
        assert tf.compat.v1.get_default_graph() is g
    assert c.graph is g and d.graph is g and d.op.graph is g
    assert [op.type for op in g.get_operations()] == ["Const", "Const", "Mul"]
    assert tf.compat.v1.get_default_graph() is not g
    with tf.compat.v1.Session(graph=g) as sess:
        assert sess.run(d) == 60.0


def test_get_attr_reads_the_attrs_tf_lists_for_the_node():
    @tf.function
    def f(x):
        return tf.cast(x, tf.float32)
    op = f.get_concrete_function(tf.TensorSpec([3], tf.int32)).graph.get_operation_by_name(
        "Cast")
    assert op.get_attr("DstT") == tf.float32 and op.get_attr("SrcT") == tf.int32
    assert op.get_attr("Truncate") is False
    with pytest.raises(ValueError, match="Operation 'Cast' has no attr named 'nope'."):
        op.get_attr("nope")


def _defined_without_source(text, name):
    namespace = {}
    exec(text, {"tf": tf}, namespace)
    return namespace[name]


def test_an_error_in_a_function_autograph_could_not_convert_is_raised_unframed():
    magnitude = _defined_without_source(
        "def magnitude(x):\n    if x > 0:\n        return x\n    return -x\n", "magnitude")
    kind, message = _kind(tf.function(magnitude), tf.constant(-3))
    assert kind == "OperatorNotAllowedInGraphError"
    assert message.startswith("Using a symbolic `tf.Tensor` as a Python `bool`")


def test_a_function_called_as_it_is_from_converted_code_is_marked_with_two_stars():
    magnitude = _defined_without_source(
        "def magnitude(x):\n    if x > 0:\n        return x\n    return -x\n", "magnitude")

    @tf.function
    def outer(x):
        return magnitude(x)
    kind, message = _kind(outer, tf.constant(-3))
    assert kind == "OperatorNotAllowedInGraphError"
    lines = message.split("\n")
    assert lines[0] == "in user code:"
    assert lines[2].endswith("in outer  *") and lines[3] == "        return magnitude(x)"
    assert lines[4] == '    File "<string>", line 2, in magnitude  **'
    assert lines[5] == "        "  # no source line for exec'd code
    # the cause names the error class without its module, as TF does
    assert lines[7].startswith("    OperatorNotAllowedInGraphError: Using a symbolic")


def test_hessians_inside_a_function():
    @tf.function
    def f(x):
        return tf.hessians(tf.reduce_sum(x ** 3), x)

    @tf.function
    def g(x, w):
        return tf.hessians(tf.reduce_sum(tf.matmul(x, w) ** 2), [x, w])
    assert f(tf.constant([1.0, 2.0]))[0].numpy().tolist() == [[6.0, 0.0], [0.0, 12.0]]
    h_x, h_w = g(tf.ones([1, 2]), tf.ones([2, 1]))
    assert h_x.shape == (1, 2, 1, 2) and h_w.shape == (2, 1, 2, 1)
    assert h_w.numpy().reshape(2, 2).tolist() == [[2.0, 2.0], [2.0, 2.0]]
    with pytest.raises(RuntimeError, match="not supported when eager execution is enabled"):
        tf.hessians(tf.constant(1.0), tf.constant(1.0))


def test_tensor_array_split_into_rows_of_given_lengths():
    ta = tf.TensorArray(tf.float32, size=2).split(tf.constant([1.0, 2.0, 3.0]), lengths=[1, 2])
    assert ta.read(0).numpy().tolist() == [1.0] and ta.read(1).numpy().tolist() == [2.0, 3.0]
    assert ta.element_shape.rank is None  # left unknown, as TF leaves it

    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=3).split(x, [1, 1, 2])
        return ta.read(2), ta.concat()
    last, joined = f(tf.constant([1.0, 2.0, 3.0, 4.0]))
    assert last.numpy().tolist() == [3.0, 4.0] and joined.numpy().tolist() == [1, 2, 3, 4]


def test_map_fn_maps_a_sparse_tensor_row_by_row():
    st = tf.sparse.SparseTensor(indices=[[0, 0], [0, 1], [1, 0]], values=[2, 0, 1],
                                dense_shape=[2, 3])
    assert tf.map_fn(tf.sparse.reduce_max, st, fn_output_signature=tf.int32).numpy().tolist() \
        == [2, 1]
    dense = tf.map_fn(tf.sparse.to_dense, st, fn_output_signature=tf.int32)
    assert dense.numpy().tolist() == [[2, 0, 0], [1, 0, 0]]


def test_get_concrete_function_of_a_signature_is_its_one_trace():
    @tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
    def f(x):
        return x + 1
    vector, matrix = tf.constant([1.0, 1.0]), tf.constant([[3.0]])
    assert f.get_concrete_function(vector) is f.get_concrete_function(matrix)
    assert f.get_concrete_function() is f.get_concrete_function(vector)
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed due to `Can not "
                                        "cast TensorSpec"):
        f.get_concrete_function(tf.constant([1, 2]))


def test_a_namedtuple_of_specs_traces_with_its_field_names():
    point = collections.namedtuple("Point", ["x", "y"])

    @tf.function
    def norm(p):
        return tf.sqrt(p.x ** 2 + p.y ** 2)
    assert norm(point(tf.constant(3.0), tf.constant(4.0))).numpy() == 5.0
    concrete = norm.get_concrete_function(point(tf.TensorSpec([], tf.float32),
                                                tf.TensorSpec([], tf.float32)))
    (spec,), _ = concrete.structured_input_signature
    assert type(spec) is point and (spec.x.name, spec.y.name) == ("p_x", "p_y")


def test_feeding_a_value_of_the_wrong_shape_names_the_tensor_as_tf():
    g = tf.Graph()
    with g.as_default():
        p = tf.compat.v1.placeholder(tf.float32, shape=[2], name="p")
        q = p * 2
    with tf.compat.v1.Session(graph=g) as sess:
        with pytest.raises(ValueError) as info:
            sess.run(q, feed_dict={p: [1.0, 2.0, 3.0]})
    assert str(info.value) == "Cannot feed value of shape (3,) for Tensor p:0, which has shape (2,)"

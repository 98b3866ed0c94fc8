"""Graph and autodiff details as TF 2 has them (checked by hand against TF 2.21): gradients
registered by name and the override map, the default graph inside a tf.function."""

import itertools

import pytest

import eagerbook as tf

_names = (f"Round16Grad{i}" for i in itertools.count())


def _times(factor):
    """A new name, with a gradient rule that multiplies the incoming gradient by `factor`."""
    name = next(_names)

    @tf.RegisterGradient(name)
    def _rule(op, grad):
        return factor * grad
    return name


# --- tf.RegisterGradient, tf.no_gradient, Graph.gradient_override_map --------------------------
def test_override_map_in_a_v1_graph_changes_what_tf_gradients_uses():
    name = _times(5.0)
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [])
        with g.gradient_override_map({"Identity": name}):
            y = tf.identity(x)
        z = tf.identity(x)  # made after the block: its own gradient
        dy, dz = tf.gradients(y, x)[0], tf.gradients(z, x)[0]
        with tf.compat.v1.Session() as sess:
            assert sess.run([dy, dz], feed_dict={x: 3.0}) == [5.0, 1.0]


def test_override_map_inside_a_function_for_tf_gradients_and_an_outer_tape():
    name = _times(5.0)

    @tf.function
    def inner(x):
        with tf.compat.v1.get_default_graph().gradient_override_map({"Identity": name}):
            y = tf.identity(x) * 2.0
        return y, tf.gradients(y, x)[0]

    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y, symbolic = inner(x)
    assert float(symbolic) == 10.0
    assert float(tape.gradient(y, x)) == 10.0  # the backward graph replays the override


def test_a_tape_recording_inside_the_function_keeps_the_ops_own_rule():
    name = _times(5.0)

    @tf.function
    def f(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            with tf.compat.v1.get_default_graph().gradient_override_map({"Identity": name}):
                y = tf.identity(x)
        return tape.gradient(y, x)

    assert float(f(tf.constant(2.0))) == 1.0  # as in TF


def test_the_rule_gets_the_op_and_the_op_lists_the_override():
    name = next(_names)

    @tf.RegisterGradient(name)
    def _cube_like(op, grad):
        assert op.type == "Square"
        return grad * 3.0 * op.inputs[0]

    @tf.function
    def f(x):
        with tf.compat.v1.get_default_graph().gradient_override_map({"Square": name}):
            y = tf.square(x)
        assert y.op.get_attr("_gradient_op_type") == name.encode()
        assert 'key: "_gradient_op_type"' in str(y.op.node_def)
        return tf.gradients(y, x)[0]

    assert float(f(tf.constant(2.0))) == 6.0


def test_a_rule_returning_none_and_a_name_without_a_rule():
    none_name = next(_names)
    tf.RegisterGradient(none_name)(lambda op, grad: None)
    stopped = next(_names)
    tf.no_gradient(stopped)

    def gradient_with(name):
        @tf.function
        def f(x):
            with tf.compat.v1.get_default_graph().gradient_override_map({"Identity": name}):
                y = tf.identity(x)
            return tf.gradients(y, x)
        return f(tf.constant(2.0))

    assert gradient_with(none_name) == [None]
    assert gradient_with(stopped) == [None]
    with pytest.raises(Exception, match=r"LookupError: No gradient defined for operation"
                                        r"'Identity' \(op type: Identity\)") as caught:
        gradient_with("NeverRegistered16")
    assert type(caught.value).__name__ == "StagingError"  # TF's, around the rule's error


def test_registration_errors():
    name = _times(1.0)
    with pytest.raises(KeyError, match=f"Registering two gradient with name '{name}'"):
        tf.RegisterGradient(name)(lambda op, grad: grad)
    with pytest.raises(KeyError, match="Registering two gradient with name 'Identity'"):
        tf.RegisterGradient("Identity")(lambda op, grad: grad)  # our ops count as registered
    for bad in (lambda: tf.RegisterGradient(3), lambda: tf.no_gradient(3)):
        with pytest.raises(TypeError, match="op_type must be a string"):
            bad()
    with pytest.raises(TypeError, match="op_type_map must be a dictionary mapping strings"):
        with tf.Graph().gradient_override_map({"Identity": 3}):
            pass
    assert tf.compat.v1.NotDifferentiable is not None and tf.compat.v1.RegisterGradient


# --- the default graph ---------------------------------------------------------------------------
def test_the_default_graph_inside_a_function_is_the_functions_graph():
    seen = []

    @tf.function
    def f(x):
        seen.append(tf.compat.v1.get_default_graph() is x.graph)
        return x

    f(tf.constant(1.0))
    g = tf.Graph()
    with g.as_default():
        assert tf.compat.v1.get_default_graph() is g
        f(tf.constant(2.0))
    assert seen == [True, True]


# --- Graph.device -----------------------------------------------------------------------------
def test_graph_device_with_strings_none_and_a_device_function():
    def matmul_on_gpu(op):
        return "/device:GPU:0" if op.type == "MatMul" else "/cpu:0"

    g = tf.Graph()
    with g.as_default():
        with g.device("/cpu:0"):
            a = tf.constant(1.0)
            with g.device(None):
                b = tf.constant(2.0)
        with g.device(matmul_on_gpu):
            tf.matmul([[1.0]], [[2.0]])
        with g.device("/job:worker/task:1/gpu:0"):
            c = tf.constant(3.0)
    assert (a.device, a.op.device, b.device) == ("/device:CPU:0", "/device:CPU:0", "")
    assert [op.device for op in g.get_operations()][2:5] == ["/cpu:0", "/cpu:0",
                                                             "/device:GPU:0"]
    assert c.device == "/job:worker/task:1/device:GPU:0"


# --- slices with bounds known only at run time ------------------------------------------------
def test_a_slice_with_run_time_bounds_has_an_unknown_dim_and_a_gradient():
    shapes = []

    @tf.function
    def tile_gradient(img, y, size):
        with tf.GradientTape() as tape:
            tape.watch(img)
            tile = img[y:y + size, :2]
            shapes.append((tile.shape.as_list(), img[y].shape.as_list()))
            loss = tf.reduce_sum(tile ** 2)
        return tape.gradient(loss, img)

    grad = tile_gradient(tf.ones([4, 3]), tf.constant(1), tf.constant(2))
    assert shapes == [([None, 2], [3])]  # (the stand-ins once gave [0, 2])
    assert grad.numpy().tolist() == [[0, 0, 0], [2, 2, 0], [2, 2, 0], [0, 0, 0]]


# --- tf.Graph's scoping and collections API (its docstrings) ------------------------------------
def test_graph_name_scope_reopened_is_made_unique_and_none_or_a_scope_string_resets():
    with tf.Graph().as_default() as g:
        with g.name_scope("nested") as scope:
            with g.name_scope("inner"):
                first = tf.constant(1.0, name="c")
            with g.name_scope("inner"):
                second = tf.constant(2.0, name="c")
                with g.name_scope(None):
                    top = tf.constant(3.0, name="c")
                with g.name_scope(scope):
                    back = tf.constant(4.0, name="c")
    assert [t.op.name for t in (first, second, top, back)] == [
        "nested/inner/c", "nested/inner_1/c", "c", "nested/c"]


def test_control_dependencies_skip_an_op_whose_input_was_made_in_the_same_block():
    g = tf.Graph()
    with g.as_default():
        a = tf.constant(1.0, name="a")
        with g.control_dependencies([a]):
            c = tf.constant(3.0, name="c")
            with g.control_dependencies(None):
                d = tf.constant(4.0, name="d")
            e = tf.identity(c, name="e")
            f = tf.identity(a, name="f")  # its input was made before the block
    assert [[op.name for op in t.op.control_inputs] for t in (c, d, e, f)] == [
        ["a"], [], [], ["a"]]


def test_graph_collections_and_the_compat_v1_functions_share_them():
    g = tf.Graph()
    with g.as_default():
        v = tf.constant(1.0)
        g.add_to_collection("mine", v)
        g.add_to_collections(["a", "b"], 3)
        tf.compat.v1.add_to_collection("a", 4)
        assert g.get_collection("mine") == [v] and g.get_collection("a") == [3, 4]
        assert tf.compat.v1.get_collection_ref("b") is g.get_collection_ref("b")
        assert sorted(g.get_all_collection_keys()) == ["a", "b", "mine"]
        g.clear_collection("a")
        assert g.get_collection("a") == [] and tf.compat.v1.get_collection("a") == []
        w = tf.Variable(1.0, name="w")
        assert g.get_collection("trainable_variables") == [w]


def test_colocate_with_names_the_op_in_colocation_groups():
    g = tf.Graph()
    with g.as_default():
        a = tf.constant(1.0, name="a")
        with g.colocate_with(a):
            b = tf.constant(2.0, name="b")
    assert a.op.colocation_groups() == b.op.colocation_groups() == [b"loc:@a"]


# --- small names of tf.experimental, tf.types.experimental and tf.debugging ---------------------
def test_function_executor_type_and_async_scope_leave_calls_as_they_are():
    f = tf.function(lambda x: x * 2)
    with tf.experimental.function_executor_type(None):
        assert int(f(tf.constant(3))) == 6
    with tf.experimental.async_scope():
        x = tf.constant(1) + 1
    tf.experimental.async_clear_error()
    assert int(x) == 2


def test_function_type_and_the_tracing_protocol_are_exported():
    f = tf.function(lambda x, y=2: x + y)
    ft = f.get_concrete_function(tf.TensorSpec([], tf.int32)).function_type
    assert isinstance(ft, tf.types.experimental.FunctionType)
    assert list(ft.parameters) == ["x", "y"]

    class Fruit:
        def __tf_tracing_type__(self, context):
            return None

    assert isinstance(Fruit(), tf.types.experimental.SupportsTracingProtocol)
    assert not isinstance(object(), tf.types.experimental.SupportsTracingProtocol)


def test_get_log_device_placement_follows_the_setting():
    assert tf.debugging.get_log_device_placement() is False
    tf.debugging.set_log_device_placement(True)
    try:
        assert tf.debugging.get_log_device_placement() is True
    finally:
        tf.debugging.set_log_device_placement(False)
    assert tf.debugging.get_log_device_placement() is False


# --- AutoGraph: composite variables (obj.x, d["k"], l[0]) in loops and branches ------------------
def test_attributes_and_constant_subscripts_are_loop_variables():
    class Acc:
        pass

    obj = Acc()

    @tf.function
    def f(n):
        obj.x = tf.constant(0)
        d = {"a": tf.constant(0), "b": tf.constant(1)}
        items = [tf.constant(0), tf.constant(10)]
        for i in tf.range(n):
            obj.x += i
            d["a"] += i
            d["b"] *= 2
            items[1] -= 1
        return obj.x, d, items

    x, d, items = f(tf.constant(4))
    assert (int(x), int(d["a"]), int(d["b"]), int(items[1])) == (6, 6, 16, 6)


def test_a_module_attribute_accumulated_in_a_loop_over_a_tensor():
    class Model(tf.Module):
        @tf.function
        def run(self, xs):
            self.total = tf.constant(0.0)
            for x in xs:
                self.total += x
            return self.total

    assert float(Model().run(tf.constant([1.0, 2.0, 3.0]))) == 6.0


def test_composites_in_branches_python_and_tensor_conditions():
    class Box:
        pass

    box, other = Box(), Box()

    @tf.function
    def f(x, training):
        if training:  # a Python condition: runs as written, nothing set when False
            box.seen = 1
        if x > 0:
            box.v = x * 2
        else:
            box.v = -x
        return box.v

    assert int(f(tf.constant(3), False)) == 6 and not hasattr(box, "seen")
    assert int(f(tf.constant(-3), True)) == 3 and box.seen == 1

    @tf.function
    def g(x):
        if x > 0:
            other.w = x
        return x

    with pytest.raises(ValueError, match="'other.w' must also be initialized in the else "
                                         "branch"):
        g(tf.constant(1))


def test_map_fn_converts_its_function_lambdas_included():
    outside = lambda x: x * 2 if x > 0 else -x  # noqa: E731 (a lambda, as TF's docs pass)

    @tf.function
    def f(xs):
        return (tf.map_fn(outside, xs), tf.vectorized_map(outside, xs),
                tf.map_fn(lambda x: x * 2 if x > 0 else -x, xs))

    for result in f(tf.constant([1, -2, 3])):
        assert result.numpy().tolist() == [2, 2, 6]


# --- tf.py_function with specs in Tout ------------------------------------------------------------
def test_py_function_returns_composites_named_by_specs_in_tout():
    ragged_spec = tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32, ragged_rank=1)

    def split(x):
        return tf.RaggedTensor.from_row_lengths(x, [1, 2])

    @tf.function
    def traced(x):
        return tf.py_function(split, [x], Tout=ragged_spec)

    for run in (traced, lambda x: tf.py_function(split, [x], Tout=ragged_spec)):
        assert run(tf.constant([1, 2, 3])).to_list() == [[1], [2, 3]]

    @tf.function
    def sparse_and_dense(x):
        s, d = tf.py_function(lambda x: (tf.sparse.from_dense(x), x * 2), [x],
                              Tout=[tf.SparseTensorSpec([None, None], tf.int32), tf.int32])
        return tf.sparse.to_dense(s), d

    s, d = sparse_and_dense(tf.constant([[1, 0], [0, 2]]))
    assert s.numpy().tolist() == [[1, 0], [0, 2]] and d.numpy().tolist() == [[2, 0], [0, 4]]
    one = tf.py_function(lambda x: x + 1, [tf.constant(1.0)], Tout=tf.TensorSpec([], tf.float32))
    assert float(one) == 2.0


# --- TF 1.x sessions: the initializers, InteractiveSession, graph mode for the whole program -----
def test_variables_initializers_and_interactive_session():
    g = tf.Graph()
    with g.as_default():
        v1, v2 = tf.Variable(1.0), tf.Variable(2.0)
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.variables_initializer([v1, v2]))
            sess.run(tf.compat.v1.local_variables_initializer())
            assert sess.run([v1, v2]) == [1.0, 2.0]
            assert bool(sess.run(tf.compat.v1.is_variable_initialized(v1)))
            assert sess.run(tf.compat.v1.report_uninitialized_variables()).tolist() == []
        sess = tf.compat.v1.InteractiveSession()
        c = tf.constant(5.0) * tf.constant(6.0)
        assert c.eval() == 30.0  # the interactive session is the default one
        sess.close()
    assert tf.compat.v1.get_default_session() is None


def test_disable_eager_execution_builds_the_default_graph(tmp_path):
    # (its own process: graph mode lasts for the rest of the program)
    import subprocess
    import sys
    import textwrap
    script = tmp_path / "graph_mode.py"
    script.write_text(textwrap.dedent("""
        import eagerbook as tf
        tf.compat.v1.disable_eager_execution()
        print(tf.executing_eagerly())
        x = tf.compat.v1.placeholder(tf.float32, shape=(2, 2))
        y = tf.matmul(x, x)
        print(y.graph is tf.compat.v1.get_default_graph(), y.name)
        w = tf.Variable(0.0)
        train = tf.compat.v1.train.GradientDescentOptimizer(0.25).minimize((w - 3.0) ** 2)
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            print(sess.run(y, feed_dict={x: [[1.0, 1.0], [1.0, 1.0]]}).tolist())
            for _ in range(3):
                sess.run(train)
            print(sess.run(w))
        tf.compat.v1.reset_default_graph()
        z = tf.constant(1.0)
        print(z.graph is tf.compat.v1.get_default_graph(), z.graph is not y.graph)
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[:5] == ["False", "True MatMul:0", "[[2.0, 2.0], [2.0, 2.0]]", "2.625",
                       "True True"]


def test_while_loop_with_maximum_iterations_wants_the_loop_variables_structure():
    with pytest.raises(ValueError, match="don't have the same nested structure"):
        tf.while_loop(lambda i: i < 100, lambda i: i + 1, [tf.constant(0)], maximum_iterations=7)
    r = tf.while_loop(lambda i: i < 100, lambda i: [i + 1], [tf.constant(0)], maximum_iterations=7)
    assert int(r[0]) == 7


def test_a_traced_py_function_runs_once_per_call_under_a_tape_too():
    runs = []

    @tf.py_function(Tout=tf.float32)
    def cube(x):
        runs.append(1)
        return x ** 3

    @tf.function
    def f(x):
        return cube(x)

    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    assert float(tape.gradient(y, x)) == 12.0
    assert len(runs) == 1  # the gradient sweeps the forward run's ops (it ran them once)


# --- GraphDefs written and imported; Session and Graph utilities ---------------------------------
def test_import_graph_def_round_trip_prefix_input_map_and_return_elements():
    g1 = tf.Graph()
    with g1.as_default():
        x = tf.compat.v1.placeholder(tf.float32, shape=[], name="x")
        tf.add(x, 1.0, name="y")
    graph_def = g1.as_graph_def()
    with tf.Graph().as_default() as g2:
        tf.compat.v1.import_graph_def(graph_def, name="")
        y1 = g2.get_tensor_by_name("y:0")
        forty_one = tf.constant(41.0)
        y2, x_op = tf.graph_util.import_graph_def(graph_def, input_map={"x:0": forty_one},
                                                  return_elements=["y:0", "x"])
        y3, = tf.import_graph_def(graph_def, return_elements=["y:0"], name="imp")
        with tf.compat.v1.Session() as sess:
            assert sess.run(y1, feed_dict={g2.get_tensor_by_name("x:0"): 2.0}) == 3.0
            assert sess.run(y2) == 42.0
    assert (y2.name, x_op.name, y3.name) == ("import/y:0", "import/x", "imp/y:0")


def test_a_frozen_graph_wrapped_and_pruned_as_the_migration_guide_does():
    g1 = tf.Graph()
    with g1.as_default():
        x = tf.compat.v1.placeholder(tf.float32, shape=[None], name="x")
        tf.multiply(x, tf.constant([3.0], name="w"), name="y")
    graph_def = g1.as_graph_def()

    def imports():
        tf.compat.v1.import_graph_def(graph_def, name="")

    wrapped = tf.compat.v1.wrap_function(imports, [])
    graph = wrapped.graph
    f = wrapped.prune(graph.as_graph_element("x:0"), graph.as_graph_element("y:0"))
    assert f(tf.constant([1.0, 2.0])).numpy().tolist() == [3.0, 6.0]


def test_write_graph_writes_the_text_format(tmp_path):
    g = tf.Graph()
    with g.as_default():
        tf.multiply(tf.constant(1.0, name="a"), 2.0, name="b")
        with tf.compat.v1.Session() as sess:
            path = tf.io.write_graph(sess.graph_def, str(tmp_path / "logs"), "g.pbtxt")
    text = open(path).read()
    assert path.endswith("g.pbtxt") and text == str(g.as_graph_def())
    assert 'name: "b"' in text and tf.compat.v1.train.write_graph is tf.io.write_graph
    with pytest.raises(NotImplementedError):
        tf.io.write_graph(g, str(tmp_path), "g.pb", as_text=False)


def test_graph_lookup_feeding_and_session_helpers():
    g = tf.Graph()
    with g.as_default():
        a = tf.constant(1.0, name="a")
        b = tf.identity(a, name="b")
        x = tf.compat.v1.placeholder(tf.float32, shape=[])
        y = x * 3.0
        with g.container("experiment0"):
            c = tf.constant(2.0, name="c")
    assert g.as_graph_element("b:0") is b and g.as_graph_element("b") is b.op
    assert g.as_graph_element(b) is b and c.op.name == "c"
    with pytest.raises(KeyError):
        g.as_graph_element("zz:0")
    g.prevent_feeding(a)
    g.prevent_fetching(b.op)
    assert (g.is_feedable(a), g.is_feedable(b), g.is_fetchable(b), g.is_fetchable(a)) == (
        False, True, False, True)
    assert g.graph_def_versions.producer > 0
    sess = tf.compat.v1.Session(graph=g)
    assert [n.name for n in sess.graph_def.node][:2] == ["a", "b"]
    device, = sess.list_devices()
    assert (device.name, device.device_type) == ("/job:localhost/replica:0/task:0/device:CPU:0",
                                                 "CPU")
    triple = sess.make_callable(y, feed_list=[x])
    assert (triple(2.0), triple(5.0)) == (6.0, 15.0)


@pytest.mark.parametrize("which", ["break", "counter"])
def test_a_python_while_whose_condition_turns_into_a_tensor_is_an_error(which):
    @tf.function
    def doubling(x):
        while True:
            x = x * 2
            if x > 100:
                break
        return x

    @tf.function
    def counting(x):
        i = 0
        while i < 3:
            i = i + x
        return i

    f = doubling if which == "break" else counting
    with pytest.raises(NotImplementedError, match="The condition of while loop started as "
                                                  "non-Tensor, then changed to Tensor"):
        f(tf.constant(3))


def test_tensor_array_spec():
    spec = tf.TensorArraySpec(element_shape=[2], dtype=tf.float32)
    assert repr(spec) == "TensorArraySpec(TensorShape([2]), tf.float32, False, True)"
    assert repr(tf.TensorArraySpec()) == \
        "TensorArraySpec(TensorShape(None), tf.float32, False, True)"
    assert spec == tf.TensorArraySpec([2], tf.float32) != tf.TensorArraySpec([3], tf.float32)
    assert hash(spec) == hash(tf.TensorArraySpec([2], tf.float32))
    ta = tf.TensorArray(tf.float32, size=2, element_shape=[2])
    assert tf.TensorArraySpec.from_value(ta) == spec and spec.is_compatible_with(ta)
    assert spec.is_compatible_with(tf.TensorArraySpec([None], tf.float32))
    assert not spec.is_compatible_with(tf.TensorArraySpec([2], tf.int32))
    assert spec.value_type is tf.TensorArray
    grown = tf.TensorArraySpec.from_value(tf.TensorArray(tf.int32, size=0, dynamic_size=True))
    assert repr(grown) == "TensorArraySpec(TensorShape(None), tf.int32, True, True)"
    wider = spec.most_specific_common_supertype([tf.TensorArraySpec([3], tf.float32)])
    assert wider == tf.TensorArraySpec([None], tf.float32)


def test_iterating_over_a_symbolic_tensor_has_tfs_whole_message():
    @tf.function(autograph=False)
    def f(x):
        return [v for v in x]

    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError,
                       match=r"Iterating over a symbolic `tf.Tensor` is not allowed.*If that "
                             r"does not work, then you may be using an unsupported feature"):
        f(tf.constant([1, 2]))


def test_set_random_seed_while_building_a_graph_is_its_seed():
    g = tf.Graph()
    assert g.seed is None
    with g.as_default():
        tf.compat.v1.set_random_seed(7)
        assert g.seed == 7
    tf.random.set_seed(None)  # (the global seed too: leave it as other tests expect)

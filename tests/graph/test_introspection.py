"""tf.function introspection as TF 2 shows it: GraphDef nodes, FunctionType and concrete
function printing, to_code's converted form, errors "in user code", pruning."""

import pytest

import eagerbook as tf


@tf.function
def double(a):
    return a + a


def test_graph_def_nodes_have_name_op_input_attr():
    concrete = double.get_concrete_function(tf.constant(1.0))
    graph_def = concrete.graph.as_graph_def()
    assert [f"{n.input} -> {n.name}" for n in graph_def.node] == [
        "[] -> a", "['a', 'a'] -> add", "['add'] -> Identity"]
    placeholder, add, identity = graph_def.node
    assert placeholder.op == "Placeholder" and add.op == "AddV2" and identity.op == "Identity"
    assert placeholder.attr["_user_specified_name"].s == "a"
    assert add.attr["T"].type is tf.float32
    text = str(graph_def)
    # TF prints a node's attrs by key, last first: shape, dtype, _user_specified_name
    assert text.startswith('node {\n  name: "a"\n  op: "Placeholder"\n  attr {\n'
                           '    key: "shape"\n    value {\n      shape {\n      }\n')
    assert text.endswith('versions {\n  producer: 2474\n}\n')
    assert '  attr {\n    key: "T"\n    value {\n      type: DT_FLOAT\n    }\n  }\n' in text
    assert "      shape {\n      }\n" in text  # a scalar's shape: an empty message


def test_graph_def_of_variables_constants_and_several_outputs():
    v = tf.Variable(2.0)

    @tf.function
    def f(x):
        v.assign_add(x)
        return x * v, tf.constant([1, 2])

    nodes = {n.name: n for n in f.get_concrete_function(tf.constant(1.0)).graph
             .as_graph_def().node}
    assert nodes["AssignAddVariableOp"].op == "AssignAddVariableOp"
    assert nodes["AssignAddVariableOp"].attr["dtype"].type is tf.float32
    assert nodes["Identity"].input and nodes["Identity_1"].input
    const = [n for n in nodes.values() if n.op == "Const"][0]
    # as TF, a numeric array of more than one value is stored as its raw bytes
    assert 'tensor_content: "\\001\\000\\000\\000\\002\\000\\000\\000"\n' in str(const)
    assert "size: 2\n" in str(const)


def test_function_type_and_printing_follow_tf():
    @tf.function
    def double(a):
        return a + a

    double(tf.constant(1))
    double(tf.constant(1.5))
    concrete = double.get_concrete_function(tf.constant(1))
    assert str(concrete.function_type) == (
        "(a: TensorSpec(shape=(), dtype=tf.int32, name=None)) -> "
        "TensorSpec(shape=(), dtype=tf.int32, name=None)")
    assert str(concrete) == (
        "ConcreteFunction Input Parameters:\n"
        "  a (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.int32, name=None)\n"
        "Output Type:\n"
        "  TensorSpec(shape=(), dtype=tf.int32, name=None)\n"
        "Captures:\n"
        "  None")
    assert repr(concrete).startswith(
        "<ConcreteFunction (a: TensorSpec(shape=(), dtype=tf.int32, name=None)) -> "
        "TensorSpec(shape=(), dtype=tf.int32, name=None) at 0x")
    signatures = double.pretty_printed_concrete_signatures()
    assert signatures.count("Input Parameters:") == len(double.list_concrete_functions())
    assert "\n\nInput Parameters:\n  a (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), " \
           "dtype=tf.float32, name=None)" in signatures
    # structured_input_signature keeps the parameter names, as TF's does
    assert repr(concrete.structured_input_signature) == \
        "((TensorSpec(shape=(), dtype=tf.int32, name='a'),), {})"


def test_captures_and_python_outputs_in_the_function_type():
    v = tf.Variable(1.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="xs")])
    def f(x):
        return x * v, 3

    text = str(f.get_concrete_function())
    assert "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None,), dtype=tf.float32, " \
           "name='xs')\n" in text
    assert f"  {id(v)}: TensorSpec(shape=(), dtype=tf.resource, name=None)" in text


def test_to_code_has_tfs_converted_form_and_runs_it():
    def f(x):
        if x > 0:
            x = x * 2
        return x

    code = tf.autograph.to_code(f)
    assert code.startswith(
        "def tf__f(x):\n    with ag__.FunctionScope('f', 'fscope', ag__.ConversionOptions("
        "recursive=True, user_requested=True, optional_features=(), "
        "internal_convert_user_code=True)) as fscope:\n")
    assert "ag__.if_stmt(" in code
    assert tf.function(f)(tf.constant(3)).numpy() == 6


def test_errors_while_tracing_name_the_users_line():
    @tf.function
    def f(x):
        if x > 0:
            raise ValueError("no positive values here")
        return x

    with pytest.raises(ValueError) as info:
        f(tf.constant(1))
    message = str(info.value)
    lines = message.split("\n")
    assert lines[0] == "in user code:" and lines[1] == ""
    assert lines[2].startswith(f'    File "{__file__}", line ') and lines[2].endswith(
        ", in f  *")
    assert "        raise ValueError(\"no positive values here\")" in lines
    assert "    ValueError: no positive values here" in lines


def test_trace_time_shape_errors_are_value_errors_in_user_code():
    @tf.function
    def f(a, b):
        return tf.matmul(a, b)

    with pytest.raises(ValueError, match="in user code:") as info:
        f(tf.ones([2, 3]), tf.ones([4, 5]))
    assert "        return tf.matmul(a, b)" in str(info.value)


def test_without_autograph_errors_are_not_reframed():
    @tf.function(autograph=False)
    def f(x):
        raise TypeError("plain")

    with pytest.raises(TypeError) as info:
        f(tf.constant(1))
    assert str(info.value) == "plain"


def test_unused_op_that_would_fail_is_pruned():
    def unused_return(x):
        tf.gather(x, [1])  # index 1 is out of range for a length-1 x
        return x

    with pytest.raises(tf.errors.InvalidArgumentError):
        unused_return(tf.constant([0.0]))  # eagerly every op runs
    graph_fn = tf.function(unused_return)
    assert graph_fn(tf.constant([0.0])).numpy().tolist() == [0.0]  # pruned: never runs

    @tf.function
    def used(x):
        return tf.gather(x, [1])

    with pytest.raises(tf.errors.InvalidArgumentError):
        used(tf.constant([0.0]))  # fails when it runs, as in TF


def test_stateful_ops_are_kept_even_if_unused():
    v = tf.Variable(0.0)

    @tf.function
    def f(x):
        v.assign_add(x)  # result unused, but stateful: runs
        return x

    f(tf.constant(2.0))
    f(tf.constant(3.0))
    assert v.numpy() == 5.0


def test_the_code_under_a_tape_is_the_compiled_source():
    v = tf.Variable(2.0)

    @tf.function
    def f(x):
        return x * v

    concrete = f.get_concrete_function(tf.constant(1.0))
    with tf.GradientTape() as tape:
        y = f(tf.constant(3.0))
    assert tape.gradient(y, v).numpy() == 3.0
    assert concrete.tape_source == concrete.compiled_source  # one program, with or without

    @tf.function
    def noisy(x):
        return x * tf.random.uniform([])

    concrete = noisy.get_concrete_function(tf.constant(1.0))
    # A random number is returned too under a tape (the backward pass reuses it).
    assert concrete.tape_source != concrete.compiled_source
    assert concrete.tape_source.splitlines()[-1] == "    return (mul, random_uniform)"

"""GraphDef text as TF 2.21 prints it (checked by hand): attrs by key in reverse order,
floats in protocol buffers' shortest form, raw bytes for numeric arrays, the versions block;
plus small tf.autograph and FuncGraph names."""

import eagerbook as tf


def _graph_def(fn, *specs):
    return tf.function(fn).get_concrete_function(*specs).graph.as_graph_def()


def test_float_constants_print_in_their_shortest_form():
    text = str(_graph_def(lambda x: x * 2.0 + 0.1 + 1e-10 + 3.14159265, tf.TensorSpec([])))
    values = [line.strip() for line in text.splitlines() if "float_val" in line]
    assert values == ["float_val: 2", "float_val: 0.1", "float_val: 1e-10",
                      "float_val: 3.14159274"]
    doubles = str(_graph_def(lambda x: x * tf.constant(2.0, tf.float64) + 0.1,
                             tf.TensorSpec([], tf.float64)))
    assert [line.strip() for line in doubles.splitlines() if "double_val" in line] == [
        "double_val: 2", "double_val: 0.1"]


def test_matmul_and_cast_attrs_are_tf_s_in_tf_s_order():
    gd = _graph_def(lambda x, y: tf.cast(tf.matmul(x, y), tf.int32),
                    tf.TensorSpec([2, 2]), tf.TensorSpec([2, 2]))
    nodes = {n.name: n for n in gd.node}
    assert list(nodes["MatMul"].attr) == ["transpose_b", "transpose_a", "grad_b", "grad_a", "T"]
    assert list(nodes["Cast"].attr) == ["Truncate", "SrcT", "DstT"]
    assert list(nodes["x"].attr) == ["shape", "dtype", "_user_specified_name"]
    assert str(nodes["x"].attr["dtype"]) == "type: DT_FLOAT\n"


def test_numeric_arrays_are_raw_bytes_and_the_graph_def_ends_with_its_versions():
    gd = _graph_def(lambda x: x + tf.constant([1, 2], tf.int64), tf.TensorSpec([2], tf.int64))
    text = str(gd)
    assert 'tensor_content: "\\001\\000\\000\\000\\000\\000\\000\\000\\002\\000\\000\\000\\000' \
           '\\000\\000\\000"\n' in text
    assert text.endswith("}\nversions {\n  producer: 2474\n}\n")
    assert str(gd.versions) == "producer: 2474\n" and gd.versions.producer == 2474
    flags = str(_graph_def(lambda: tf.constant([True, False])))
    assert "bool_val: true\n" in flags and "bool_val: false\n" in flags


def test_func_graph_says_it_builds_a_function():
    graph = tf.function(lambda x: x).get_concrete_function(tf.TensorSpec([])).graph
    assert graph.building_function and not tf.Graph().building_function


def test_autograph_set_verbosity_and_trace(capsys):
    assert tf.autograph.set_verbosity(3) is None
    tf.autograph.set_verbosity(0, alsologtostdout=True)
    tf.autograph.trace("x =", 1)
    assert capsys.readouterr().out == "x = 1\n"
    assert tf.autograph.experimental.Feature.ALL.name == "ALL"

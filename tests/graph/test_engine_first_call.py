"""What the first call of a tf.function keeps cheap must not change what it computes: the line
of each node's definition site (read only when asked), shapes shared between elementwise ops
whose constants differ, and the ops algebraic simplification places before the op it
rewrites."""

import inspect
import sys

import numpy as np

import eagerbook as tf
from eagerbook.graph import passes
from eagerbook.graph.ir import verify
from eagerbook.graph.naming import frame_summary


def _here():
    frame = sys._getframe(1)
    return frame.f_lineno, frame_summary(frame.f_code, frame.f_lasti)


def test_frame_summary_reads_the_line_a_frame_is_stopped_at():
    line, (file, summary_line, function) = _here()
    assert (file, summary_line, function) == (__file__, line, "test_frame_summary_reads_the_"
                                              "line_a_frame_is_stopped_at")
    pairs = [_here(),
             _here(
             )]
    for line, (_, summary_line, _) in pairs:
        assert summary_line == line


def test_a_node_defined_over_several_lines_is_read_at_the_line_of_its_call():
    @tf.function
    def f(x):
        y = x * 2.0
        z = tf.add(
            y,
            1.0)
        return tf.sqrt(z)

    graph = f.get_concrete_function(tf.constant(1.0)).graph
    source, first = inspect.getsourcelines(f.python_function)
    lines = {op.type: op.site[-1] for op in graph.get_operations()
             if op.type in ("Mul", "AddV2", "Sqrt")}
    assert {t: site[2] for t, site in lines.items()} == dict.fromkeys(lines, "f")
    assert lines["Mul"][1] == first + 2
    assert lines["Sqrt"][1] == first + 6
    assert lines["AddV2"][1] in (first + 3, first + 5)  # (the call's line, as Python reports it)
    assert lines["Mul"][0] == __file__


def test_a_renamed_copy_keeps_the_site_of_its_node():
    @tf.function
    def f(x):
        return tf.sqrt(x)

    graph = f.get_concrete_function(tf.constant(1.0)).graph
    (sqrt,) = [op for op in graph.get_operations() if op.type == "Sqrt"]
    (copied,) = [op for op in passes.copy_graph(graph).get_operations() if op.type == "Sqrt"]
    assert copied.site == sqrt.site and sqrt.site[-1][2] == "f"


def test_elementwise_ops_whose_constants_differ_keep_their_own_shapes_and_values():
    @tf.function
    def f(x):
        a = x + np.ones((2, 1), np.float32)
        b = x + np.full((2, 1), 2.0, np.float32)
        c = x + 3.0
        return a, b, c

    x = tf.constant([0.0, 1.0, 2.0])
    a, b, c = f(x)
    graph = f.get_concrete_function(x).graph
    shapes = [op.outputs[0].shape.as_list() for op in graph.get_operations()
              if op.type == "AddV2"]
    assert shapes == [[2, 3], [2, 3], [3]]
    np.testing.assert_allclose(a.numpy(), [[1, 2, 3]] * 2)
    np.testing.assert_allclose(b.numpy(), [[2, 3, 4]] * 2)
    np.testing.assert_allclose(c.numpy(), [3, 4, 5])


def test_simplification_places_new_ops_before_the_op_they_replace():
    @tf.function
    def f(x):
        y = x
        for k in range(1, 40):  # x / 2**k -> x * 2**-k: a Const and a Mul before each
            y = y / float(2 ** (k % 5 + 1)) + 1.0
        return y

    x = tf.constant([1.0, 2.0])
    graph = f.get_concrete_function(x).graph
    simplified = passes.algebraic_simplification(graph)
    verify(simplified)  # every input defined before its use
    types = [op.type for op in simplified.operations]
    assert "RealDiv" in types and types.count("Mul") >= 39
    expected = np.array([1.0, 2.0])
    for k in range(1, 40):
        expected = expected / 2 ** (k % 5 + 1) + 1.0
    np.testing.assert_allclose(f(x).numpy(), expected, rtol=1e-6)


def test_a_function_traced_from_a_script_s_top_level_code():
    # The user's outermost frame (a script's module code) has no caller: its ops still get a
    # definition site, and tracing does not fail looking past it.
    import subprocess
    script = ("import eagerbook as tf\n"
              "@tf.function\n"
              "def f(x):\n"
              "    return x * 2.0, 3\n"
              "c = f.get_concrete_function(tf.TensorSpec([None, 3], tf.float32))\n"
              "print(c.output_shapes, c.output_dtypes)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == \
        "(TensorShape([None, 3]), TensorShape([])) (tf.float32, tf.int32)"


def test_output_shapes_and_dtypes_follow_the_returned_structure():
    def body(x):
        return {"k": x * 2, "v": "text"}, [x[0], None, 3]

    f = tf.function(body)
    concrete = f.get_concrete_function(tf.TensorSpec([None, 3], tf.float32))
    shapes, dtypes = concrete.output_shapes, concrete.output_dtypes
    assert shapes[0] == {"k": tf.TensorShape([None, 3]), "v": tf.TensorShape([])}
    assert shapes[1][0].as_list() == [3] and shapes[1][1].rank is None
    assert shapes[1][2] == tf.TensorShape([])
    assert dtypes == ({"k": tf.float32, "v": tf.string}, [tf.float32, None, tf.int32])
    single = tf.function(lambda x: x).get_concrete_function(tf.constant([1, 2]))
    assert single.output_shapes == tf.TensorShape([2]) and single.output_dtypes == tf.int32


def _chain(x):
    for i in range(100):
        x = tf.tanh(x * 0.5 + float(i)) - x
    return x


def test_the_ops_passes_drop_are_freed_without_the_cycle_collector():
    import gc
    f = tf.function(_chain)
    gc.collect()
    f(tf.constant([0.5, -0.5]))
    # fusion drops most of the 600 ops and CSE the repeated constants: each dropped op and
    # its tensors are freed at once, so a collection afterwards finds (almost) nothing
    assert gc.collect() < 100
    assert gc.isenabled()


def test_a_program_s_frozen_objects_and_paused_collection_stay_as_they_were():
    import gc
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        tf.function(_chain)(tf.constant([0.5]))
        # none added (the trace's objects), none let go (the program's): some may be freed
        assert frozen - 50 < gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()
    gc.disable()
    try:  # collection paused by the program: a first call leaves it paused
        tf.function(_chain)(tf.constant([0.5]))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_folded_constants_are_freed_and_their_consumers_rewired():
    import gc

    def body(x):
        for i in range(60):
            x = x + tf.constant(2.0) * float(i)  # folds to one Const per step
        return x

    f = tf.function(body)
    gc.collect()
    assert float(f(tf.constant(1.0))) == 1.0 + 2.0 * sum(range(60))
    assert gc.collect() < 100
    types = [op.type for op in f.get_concrete_function(tf.constant(1.0)).optimized_graph
             .operations]
    assert "Mul" not in types

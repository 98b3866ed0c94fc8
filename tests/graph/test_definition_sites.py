"""Where each traced node was defined (what TF's 'Detected at node ... defined at' lists): the
namer remembers the frames out from a call's caller, and must walk again when that caller
has moved on to another line."""

import eagerbook as tf


def _helper(v):
    return tf.sqrt(v)


def test_a_helper_called_from_two_lines_gets_each_line():
    @tf.function
    def f(x):
        a = _helper(x)
        b = _helper(x + 1.0)
        return a, b

    graph = f.get_concrete_function(tf.constant(1.0)).graph
    sites = [op.site for op in graph.get_operations() if op.type == "Sqrt"]
    assert len(sites) == 2
    (*outer_a, inner_a), (*outer_b, inner_b) = sites
    assert inner_a[2] == inner_b[2] == "_helper" and inner_a[1] == inner_b[1]
    assert outer_a[-1][2] == outer_b[-1][2] == "f"
    assert outer_b[-1][1] == outer_a[-1][1] + 1  # the second call's line, not the first's
    assert outer_a[:-1] == outer_b[:-1]  # the frames out from f (this test's) are shared


def test_ops_in_a_loop_body_share_the_frames_outside_it():
    @tf.function
    def g(x):
        for _ in tf.range(3):
            x = tf.sqrt(x)
        return x

    graph = g.get_concrete_function(tf.constant(4.0)).graph
    loop = next(op for op in graph.get_operations() if op.type == "While")
    body = loop.subgraphs["body"]
    (sqrt,) = [op for op in body.get_operations() if op.type == "Sqrt"]
    functions = [fn for _, _, fn in sqrt.site]
    assert "g" in functions[:-1]  # (the innermost frame is the loop's body, made from g's)
    assert any(fn == "test_ops_in_a_loop_body_share_the_frames_outside_it"
               for _, _, fn in sqrt.site)

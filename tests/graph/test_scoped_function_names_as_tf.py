"""Functions TF writes as a name scope around one op name that op by its type inside the
scope (tf.linalg.triangular_solve). Names printed by TF 2.21 for the same function."""

import eagerbook as tf


def test_triangular_solve_names_its_op_inside_its_scope():
    @tf.function
    def solves(a, b):
        with tf.name_scope("solve"):
            x = tf.linalg.triangular_solve(a, b)
        y = tf.linalg.triangular_solve(a, b, lower=False)
        z = tf.linalg.triangular_solve(a, b, name="mine")
        w = tf.linalg.triangular_solve([[1.0, 0.0], [1.0, 1.0]], b)
        return x + y + z + w

    concrete = solves.get_concrete_function(tf.TensorSpec([2, 2]), tf.TensorSpec([2, 1]))
    assert [op.name for op in concrete.graph.get_operations()] == [
        "a", "b", "solve/triangular_solve/MatrixTriangularSolve",
        "triangular_solve/MatrixTriangularSolve", "mine/MatrixTriangularSolve",
        "triangular_solve_1/MatrixTriangularSolve/matrix",
        "triangular_solve_1/MatrixTriangularSolve", "add", "add_1", "add_2", "Identity"]
    result = solves(tf.constant([[1.0, 0.0], [2.0, 1.0]]), tf.constant([[1.0], [1.0]]))
    assert result.numpy().tolist() == [[4.0], [-1.0]]


def test_a_refused_stack_is_named_after_tfs_first_packing_attempt():
    # TF packs a list as one value first (named "stack"), then calls Pack itself ("stack_1")
    @tf.function
    def stacks(a):
        refused = []
        for kwargs in ({}, {"name": "s"}):
            try:
                tf.stack([a, tf.ones([3])], **kwargs)
            except ValueError as exc:
                refused.append(str(exc).split("for '")[1].split("'")[0])
        assert refused == ["{{node stack_1}} = Pack[N=2, T=DT_FLOAT, axis=0](a, ones)",
                           "{{node s_1}} = Pack[N=2, T=DT_FLOAT, axis=0](a, ones_1)"]
        return tf.stack([a, a]), tf.stack([a, a], name="s")

    concrete = stacks.get_concrete_function(tf.TensorSpec([2]))
    names = [op.name for op in concrete.graph.get_operations()]
    assert [n for n in names if n.startswith(("stack", "s_"))] == ["stack_2", "s_2"]

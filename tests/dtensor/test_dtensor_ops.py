"""Ops on DTensors: values as on regular tensors, result layouts as TF 2.21's SPMD gives them
(each expected layout below was read from TF on six logical CPUs)."""

import numpy as np
import pytest

import eagerbook as tf

dtensor = tf.experimental.dtensor
U = dtensor.UNSHARDED


@pytest.fixture
def mesh():
    return dtensor.create_mesh([("x", 3), ("y", 2)], devices=[f"CPU:{i}" for i in range(6)])


def make(mesh, shape, specs, dtype=tf.float32):
    value = tf.reshape(tf.range(int(np.prod(shape)), dtype=dtype), shape)
    return dtensor.copy_to_mesh(value, dtensor.Layout(specs, mesh))


def specs(t):
    return dtensor.fetch_layout(t).sharding_specs


@pytest.mark.parametrize("a_specs, b_specs, expected", [
    (["x", U], [U, "y"], ["x", "y"]),
    ([U, "x"], ["x", U], [U, U]),  # the split contracted axis becomes a sum over devices
    (["y", "x"], ["x", U], ["y", U]),
    (["y", U], [U, "y"], [U, U]),  # rows and columns on one mesh dimension: neither split
    (["x", U], ["x", U], ["x", U]),
])
def test_matmul_layouts(mesh, a_specs, b_specs, expected):
    a, b = make(mesh, (6, 6), a_specs), make(mesh, (6, 6), b_specs)
    c = tf.matmul(a, b)
    assert specs(c) == expected
    np.testing.assert_array_equal(
        dtensor.relayout(c, dtensor.Layout.replicated(mesh, 2)).numpy(),
        np.arange(36.0).reshape(6, 6) @ np.arange(36.0).reshape(6, 6))


def test_matmul_components_follow_the_output_layout(mesh):
    """The overview guide's case: a's first axis on 'y' carries over to c's first axis."""
    a = make(mesh, (2, 3), ["y", "x"])
    b = make(mesh, (3, 2), ["x", U])
    c = tf.matmul(a, b)
    assert [p.numpy().tolist() for p in dtensor.unpack(c)] == \
        [[[10.0, 13.0]], [[28.0, 40.0]]] * 3


def test_matmul_with_two_shardings_of_the_contracted_axis_is_tfs_error(mesh):
    with pytest.raises(tf.errors.UnknownError, match="Contracting dimension for matmul has "
                       "sharding dimension x for the left input and y for the right input "
                       "which are not equal. This case is currently not supported."):
        tf.matmul(make(mesh, (2, 6), [U, "x"]), make(mesh, (6, 2), ["y", U]))


@pytest.mark.parametrize("a_specs, b_shape, b_specs, expected", [
    (["x", U], (6, 4), [U, "y"], ["x", "y"]),
    (["x", U], (6, 4), ["y", U], ["x", U]),  # the first input's sharding wins
    (["y", U], (6, 4), ["x", U], ["y", U]),
    (["x", U], (4,), ["y"], ["x", "y"]),  # broadcasting aligns the last axes
    ([U, U], (4,), ["y"], [U, "y"]),
])
def test_elementwise_layouts_merge(mesh, a_specs, b_shape, b_specs, expected):
    assert specs(make(mesh, (6, 4), a_specs) + make(mesh, b_shape, b_specs)) == expected


def test_bias_add_merges_as_an_addition(mesh):
    assert specs(tf.nn.bias_add(make(mesh, (6, 4), ["x", U]), make(mesh, (4,), ["y"]))) == \
        ["x", "y"]


def test_one_mesh_dimension_never_splits_two_axes(mesh):
    assert specs(make(mesh, (6, 6), ["x", U]) + make(mesh, (6, 6), [U, "x"])) == [U, U]


def test_unary_ops_and_scalars_keep_the_layout(mesh):
    t = make(mesh, (6, 4), ["x", "y"])
    for result in (tf.nn.relu(t), tf.square(t), t * 2.0, tf.cast(t, tf.int32),
                   tf.ones_like(t), tf.nn.softmax(t)):
        assert specs(result) == ["x", "y"]


@pytest.mark.parametrize("reduce, expected", [
    (lambda t: tf.reduce_sum(t, axis=0), ["y"]),
    (lambda t: tf.reduce_sum(t, axis=1), ["x"]),
    (lambda t: tf.reduce_sum(t), []),
    (lambda t: tf.reduce_sum(t, axis=0, keepdims=True), [U, "y"]),
    (lambda t: tf.reduce_mean(t, axis=0), ["y"]),
    (lambda t: tf.reduce_max(t, axis=1), ["x"]),
    (lambda t: tf.argmax(t, axis=1), ["x"]),
    (lambda t: tf.transpose(t), ["y", "x"]),
    (lambda t: tf.expand_dims(t, 0), [U, "x", "y"]),
    (lambda t: t[:, 0], ["x"]),
    (lambda t: t[1:3], [U, "y"]),  # an axis cut into keeps no sharding
    (lambda t: t[:, 1:], ["x", U]),
    (lambda t: tf.concat([t, t], 0), [U, "y"]),
])
def test_reductions_and_shape_ops(mesh, reduce, expected):
    assert specs(reduce(make(mesh, (6, 4), ["x", "y"]))) == expected


@pytest.mark.parametrize("logits, labels, loss, gradient", [
    (["x", U], ["x"], ["x"], ["x", U]),
    (["x", "y"], ["x"], ["x"], ["x", "y"]),
    (["y", U], ["x"], ["y"], ["y", U]),  # the logits' batch sharding wins
    ([U, "y"], [U], [U], [U, "y"]),
])
def test_sparse_softmax_cross_entropy_layouts(mesh, logits, labels, loss, gradient):
    """(TF's op gives the loss and its gradient; here the gradient comes through the tape.)"""
    x = make(mesh, (6, 4), logits)
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=make(mesh, (6,), labels, tf.int32) % 4, logits=x)
    assert specs(out) == loss
    assert specs(tape.gradient(out, x)) == gradient


@pytest.mark.parametrize("in_specs, shape, expected", [
    (["x", U], (24,), ["x"]),
    (["x", U], (3, 8), ["x", U]),
    (["x", U], (2, 12), [U, U]),  # 'x' (3) no longer divides the major axis
    (["x", "y"], (6, 2, 2), ["x", "y", U]),
    (["x", "y"], (2, 3, 4), [U, U, "y"]),
    (["x", "y"], (24,), ["x"]),
    ([U, "y"], (24,), [U]),
    (["x", U], (6,), ["x"]),  # (from (6, 1): a squeeze)
])
def test_reshape_layouts(mesh, in_specs, shape, expected):
    source = (6, 1) if shape == (6,) else (6, 4)
    t = tf.reshape(make(mesh, source, in_specs), shape)
    assert specs(t) == expected
    assert dtensor.relayout(t, dtensor.Layout.replicated(mesh, len(shape))).numpy().tolist() == \
        np.arange(float(np.prod(source))).reshape(shape).tolist()


def test_a_regular_float_tensor_is_not_copied_onto_the_mesh(mesh):
    with pytest.raises(tf.errors.UnimplementedError) as caught:
        make(mesh, (6, 4), ["x", U]) + tf.ones((4,))
    assert str(caught.value) == (
        "The op/function AddV2 got a regular tensor for input 1 (shape [4]) but was expecting a "
        "DTensor. Currently only scalars and small integer/string tensors are auto-broadcast to "
        "DTensors. For other tensors, please use copy_to_mesh to make a DTensor explicitly; "
        "note that this may be slow if it happens frequently. [Op:AddV2] name: ")
    # an integer tensor is copied onto the mesh (replicated), as in TF
    t = make(mesh, (6, 4), ["x", U], tf.int32) + tf.ones((4,), tf.int32)
    assert specs(t) == ["x", U]


def test_dtensors_on_two_meshes_do_not_mix(mesh):
    other = dtensor.create_mesh([("x", 6)], devices=[f"CPU:{i}" for i in range(6)])
    with pytest.raises(tf.errors.UnknownError, match="All inputs to `tf_device.Cluster` must "
                                                     "have same mesh configuration"):
        make(mesh, (6, 4), ["x", U]) + make(other, (6, 4), ["x", U])


def test_gradients_on_a_tape_are_dtensors(mesh):
    x = make(mesh, (6, 4), ["x", "y"])
    w = make(mesh, (4, 2), [U, U])
    with tf.GradientTape() as tape:
        tape.watch(w)
        loss = tf.reduce_sum(tf.matmul(x, w))
    grad = tape.gradient(loss, w)
    assert dtensor.is_dtensor(grad) and grad.shape == (4, 2)
    np.testing.assert_array_equal(
        dtensor.relayout(grad, dtensor.Layout.replicated(mesh, 2)).numpy(),
        np.tile(np.arange(24.0).reshape(6, 4).sum(axis=0)[:, None], (1, 2)))



def test_printing_and_shapes_of_sharded_dtensors(mesh, capfd):
    """tf.print (an op without outputs) prints the global value, as TF's gathers it; tf.shape
    is replicated."""
    t = make(mesh, (6, 4), ["x", "y"])
    tf.print(t)
    assert capfd.readouterr().err.startswith("[[0 1 2 3]\n [4 5 6 7]\n")
    assert specs(tf.shape(t)) == [U] and tf.shape(t).numpy().tolist() == [6, 4]


def test_relayout_inside_a_tf_function_keeps_the_values(mesh):
    """Layouts live on eager values here: while a tf.function traces, relayout and
    copy_to_mesh hand their tensor on (the function's results come out as DTensors)."""
    @tf.function
    def step(t):
        t = dtensor.relayout(t, dtensor.Layout(["x", U], mesh))
        return dtensor.copy_to_mesh(t * 2.0, dtensor.Layout.replicated(mesh, 2))

    result = step(make(mesh, (6, 4), ["x", "y"]))
    assert dtensor.is_dtensor(result)
    assert result.numpy().tolist() == (np.arange(24.0).reshape(6, 4) * 2).tolist()

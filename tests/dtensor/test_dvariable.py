"""DVariable: a Variable whose value is a DTensor and whose layout never changes."""

import pytest

import eagerbook as tf

dtensor = tf.experimental.dtensor
U = dtensor.UNSHARDED


@pytest.fixture
def mesh():
    return dtensor.create_mesh([("x", 3), ("y", 2)], devices=[f"CPU:{i}" for i in range(6)])


def test_reading_a_dvariable_gives_a_dtensor_with_its_layout(mesh):
    layout = dtensor.Layout(["x", U], mesh)
    v = dtensor.DVariable(dtensor.call_with_layout(tf.ones, layout, shape=(6, 4)))
    assert v.layout == layout and dtensor.fetch_layout(v) == layout
    assert dtensor.fetch_layout(v.read_value()) == layout
    assert dtensor.fetch_layout(v * 2.0) == layout
    assert dtensor.fetch_layout(v + dtensor.call_with_layout(tf.ones, layout, shape=(6, 4))) \
        == layout


def test_a_dvariable_prints_its_pieces_and_layout(mesh):
    v = dtensor.DVariable(dtensor.call_with_layout(tf.ones, dtensor.Layout(["x", U], mesh),
                                                   shape=(6, 4)))
    pieces = ", ".join(f'"CPU:{i}": [[1 1 1 1]\n [1 1 1 1]]' for i in range(6))
    assert repr(v) == (f"<tf.Variable 'Variable:0' shape=(6, 4) dtype=float32, value={{{pieces}}}"
                       f', layout="{dtensor.Layout(["x", U], mesh).to_string()}">')
    assert str(v.handle).startswith('tf.Tensor(<ResourceHandle(name="Variable/')
    assert str(v.handle).endswith('"[ DType enum: 1, Shape: [6,4] ]")>, layout="sharding_specs:'
                                  f'x,unsharded, mesh:{mesh.to_string()}", shape=(), '
                                  'dtype=resource)')


def test_assigning_keeps_the_variables_layout(mesh):
    v = dtensor.DVariable(dtensor.call_with_layout(tf.ones, dtensor.Layout(["x", U], mesh),
                                                   shape=(6, 4)))
    v.assign(dtensor.call_with_layout(tf.zeros, dtensor.Layout([U, "y"], mesh), shape=(6, 4)))
    assert v.layout.sharding_specs == ["x", U]
    v.assign_add(dtensor.call_with_layout(tf.ones, dtensor.Layout.replicated(mesh, 2),
                                          shape=(6, 4)))
    assert dtensor.relayout(v.read_value(), dtensor.Layout.replicated(mesh, 2)).numpy().sum() \
        == 24


def test_assigning_from_another_mesh_or_a_regular_tensor_fails_as_in_tf(mesh):
    other = dtensor.create_mesh([("x", 6)], devices=[f"CPU:{i}" for i in range(6)])
    v = dtensor.DVariable(dtensor.call_with_layout(tf.ones, dtensor.Layout.replicated(other, 2),
                                                   shape=(6, 4)))
    with pytest.raises(tf.errors.UnknownError, match="All inputs to `tf_device.Cluster` must "
                                                     "have same mesh configuration"):
        v.assign(dtensor.call_with_layout(tf.ones, dtensor.Layout.replicated(mesh, 2),
                                          shape=(6, 4)))
    with pytest.raises(tf.errors.UnimplementedError, match=r"^The op/function AssignVariableOp "
                       r"got a regular tensor for input 1 \(shape \[6,4\]\)"):
        v.assign(tf.zeros((6, 4)))


def test_a_dvariable_needs_a_layout():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="^Neither layout nor DTensor initial value are provided.$"):
        dtensor.DVariable(tf.ones((2,)))


def test_gradients_reach_a_dvariable_as_dtensors(mesh):
    layout = dtensor.Layout(["x", U], mesh)
    v = dtensor.DVariable(dtensor.call_with_layout(tf.ones, layout, shape=(6, 4)))
    x = dtensor.call_with_layout(tf.ones, layout, shape=(6, 4))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v * x * 3.0)
    grad = tape.gradient(loss, v)
    assert dtensor.fetch_layout(grad) == layout
    assert dtensor.relayout(grad, dtensor.Layout.replicated(mesh, 2)).numpy().tolist() == \
        [[3.0] * 4] * 6


def test_numpy_of_a_sharded_dvariable_is_tfs_unimplemented_error(mesh):
    sharded = dtensor.DVariable(dtensor.call_with_layout(tf.ones, dtensor.Layout(["x", U], mesh),
                                                         shape=(6, 4)))
    with pytest.raises(tf.errors.UnimplementedError, match="^Trying to copy a non-single-device "
                                                           "and non-replicated DTensor"):
        sharded.numpy()
    replicated = dtensor.DVariable(dtensor.call_with_layout(
        tf.ones, dtensor.Layout.replicated(mesh, 2), shape=(2, 2)))
    assert replicated.numpy().tolist() == [[1.0, 1.0], [1.0, 1.0]]

"""Meshes and Layouts print, compare and fail as TF 2.21's do (values read from TF)."""

import numpy as np
import pytest

import eagerbook as tf

dtensor = tf.experimental.dtensor
DEVICES = [f"CPU:{i}" for i in range(6)]
CPUS = ",".join(f"/job:localhost/replica:0/task:0/device:CPU:{i}" for i in range(6))
MESH_2D = f"|x=3,y=2|0,1,2,3,4,5|0,1,2,3,4,5|{CPUS}"


def test_a_mesh_prints_as_its_from_string_form():
    mesh = dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)
    assert str(mesh) == repr(mesh) == f"Mesh.from_string({MESH_2D})"
    assert str(dtensor.create_mesh([("x", 6)], devices=DEVICES)) == \
        f"Mesh.from_string(|x=6|0,1,2,3,4,5|0,1,2,3,4,5|{CPUS})"


def test_a_mesh_without_devices_takes_the_logical_cpus():
    assert dtensor.create_mesh([("a", 6)]).to_string() == \
        f"|a=6|0,1,2,3,4,5|0,1,2,3,4,5|{CPUS}"


def test_a_mesh_describes_its_grid():
    mesh = dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)
    assert mesh.dim_names == ["x", "y"] and mesh.shape() == [3, 2] and mesh.size == 6
    assert mesh.device_type() == "CPU" and mesh.num_local_devices() == 6
    assert mesh.dim_size("y") == 2 and mesh.contains_dim("x") and not mesh.contains_dim("z")
    assert mesh.local_device_locations()[:3] == [{"x": 0, "y": 0}, {"x": 0, "y": 1},
                                                 {"x": 1, "y": 0}]
    assert mesh.local_device_ids() == [0, 1, 2, 3, 4, 5]
    np.testing.assert_array_equal(mesh.global_device_ids(), [[0, 1], [2, 3], [4, 5]])
    assert mesh.local_devices()[5] == "/job:localhost/replica:0/task:0/device:CPU:5"


def test_meshes_are_equal_by_content_and_round_trip_through_their_string():
    mesh = dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)
    again = dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)
    assert mesh == again and hash(mesh) == hash(again)
    assert mesh != dtensor.create_mesh([("x", 6)], devices=DEVICES)
    assert dtensor.Mesh.from_string(mesh.to_string()) == mesh


def test_a_mesh_of_the_wrong_size_is_tfs_value_error():
    with pytest.raises(ValueError, match=r"^length of devices \(6\) must be equal to total "
                                         r"size of the mesh of shape \[4\]$"):
        dtensor.create_mesh([("x", 4)], devices=DEVICES)


def test_layouts_print_their_specs_then_their_mesh():
    mesh = dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)
    layout = dtensor.Layout(["x", dtensor.UNSHARDED], mesh)
    assert layout.to_string() == f"sharding_specs:x,unsharded, mesh:{MESH_2D}"
    assert str(layout) == repr(layout) == f"Layout.from_string({layout.to_string()})"
    # a scalar's layout has no spec (TF writes each spec followed by a comma)
    assert dtensor.Layout.replicated(mesh, rank=0).to_string() == \
        f"sharding_specs: mesh:{MESH_2D}"


def test_layout_constructors_and_properties():
    mesh = dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)
    U = dtensor.UNSHARDED
    assert dtensor.Layout.batch_sharded(mesh, "y", rank=3).sharding_specs == ["y", U, U]
    assert dtensor.Layout.inner_sharded(mesh, "y", rank=3).sharding_specs == [U, U, "y"]
    layout = dtensor.Layout(["x", U], mesh)
    assert layout.rank == 2 and layout.mesh == mesh and not layout.is_fully_replicated()
    assert layout.shape == [3, 2]  # (TF's Layout.shape is its mesh's)
    assert layout.num_shards(0) == 3 and layout.num_shards(1) == 1
    assert layout.delete([0]).sharding_specs == [U]
    assert dtensor.Layout.from_string(layout.to_string()) == layout
    assert dtensor.UNSHARDED == "unsharded" and dtensor.MATCH == "match"


@pytest.mark.parametrize("specs, message", [
    (["z"], "z: A dimension sharding must either be a valid mesh dimension or UNSHARDED."),
    (["x", "x"], "Mesh dimension x was repeated in sharding specification ['x', 'x']. Mesh "
                 "dimensions must be unique in a layout."),
])
def test_bad_sharding_specs_are_tfs_value_errors(specs, message):
    mesh = dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)
    with pytest.raises(ValueError) as caught:
        dtensor.Layout(specs, mesh)
    assert str(caught.value) == message

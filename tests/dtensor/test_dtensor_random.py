"""Random values for a sharded layout come from one stream per device, as in TF 2.21 (the
values below are TF's, from the DTensor guide's `call_with_layout` of a `tf.function`)."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.dtensor import random

dtensor = tf.experimental.dtensor
U = dtensor.UNSHARDED


@pytest.fixture
def mesh():
    return dtensor.create_mesh([("x", 3), ("y", 2)], devices=[f"CPU:{i}" for i in range(6)])


def pieces(t):
    return [p.numpy() for p in dtensor.unpack(t)]


def test_each_device_draws_its_own_normal_values(mesh):
    t = dtensor.call_with_layout(tf.function(tf.random.stateless_normal),
                                 dtensor.Layout(["x", "y"], mesh), shape=(6, 4), seed=(1, 1))
    assert str(t).startswith('tf.Tensor({"CPU:0": [[0.0368092842 1.76192284]\n'
                             ' [1.22868407 -0.731756687]], "CPU:1": [[0.255247623 -0.13820985]\n'
                             ' [-0.747412503 1.06443202]], "CPU:2": [[-0.395325899 -0.836183369]')
    assert str(t).split('"CPU:5": ')[1].startswith("[[-1.70534277 1.32558191]\n"
                                                   " [0.972473264 0.972343624]]}")


def test_devices_that_replicate_a_piece_draw_the_same_values(mesh):
    t = dtensor.call_with_layout(tf.function(tf.random.stateless_uniform),
                                 dtensor.Layout(["x", U], mesh), shape=(6, 2), seed=(3, 4),
                                 minval=-1.0, maxval=1.0)
    got = pieces(t)
    np.testing.assert_array_equal(got[0], np.float32([[0.4125072956085205, 0.32859063148498535],
                                                     [0.40496325492858887, -0.12346911430358887]]))
    np.testing.assert_array_equal(got[2], np.float32([[0.994213342666626, -0.06416893005371094],
                                                     [-0.8949289321899414, 0.04789161682128906]]))
    for first, second in ((0, 1), (2, 3), (4, 5)):  # the two 'y' devices of each 'x' row
        np.testing.assert_array_equal(got[first], got[second])


def test_a_replicated_layout_keeps_the_global_stream(mesh):
    t = dtensor.call_with_layout(tf.function(tf.random.stateless_normal),
                                 dtensor.Layout.replicated(mesh, 2), shape=(2, 4), seed=(1, 1))
    np.testing.assert_array_equal(t.numpy(), tf.random.stateless_normal((2, 4), seed=(1, 1)))


def test_device_seeds_count_the_sharded_mesh_dimensions_only(mesh):
    layout = dtensor.Layout([U, "y"], mesh)
    seeds = [random.device_seed(layout, loc) for loc in mesh.local_device_locations()]
    assert seeds == [65521, 65521 + 65536] * 3

"""DTensors: pack/unpack, moving between layouts, and how TF 2.21 prints them.

A DTensor is a global tensor plus a layout; `unpack` gives the piece each device holds. The
printed texts below are TF's (its C++ summary: float32 ones print as `1`, long axes show 3
entries at each end).
"""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core import context

dtensor = tf.experimental.dtensor
DEVICES = [f"CPU:{i}" for i in range(6)]
CPUS = ",".join(f"/job:localhost/replica:0/task:0/device:CPU:{i}" for i in range(6))
MESH_1D = f"|x=6|0,1,2,3,4,5|0,1,2,3,4,5|{CPUS}"
MESH_2D = f"|x=3,y=2|0,1,2,3,4,5|0,1,2,3,4,5|{CPUS}"
U = dtensor.UNSHARDED


def mesh_1d():
    return dtensor.create_mesh([("x", 6)], devices=DEVICES)


def mesh_2d():
    return dtensor.create_mesh([("x", 3), ("y", 2)], devices=DEVICES)


def test_a_replicated_dtensor_prints_its_value_and_layout():
    t = dtensor.copy_to_mesh(tf.constant([0, 1]), dtensor.Layout([U], mesh_1d()))
    layout = f'layout="sharding_specs:unsharded, mesh:{MESH_1D}"'
    assert str(t) == f"tf.Tensor([0 1], {layout}, shape=(2,), dtype=int32)"
    assert repr(t) == f"<tf.Tensor: shape=(2,), dtype=int32, value=[0 1], {layout}>"
    assert t.shape == (2,) and t.dtype == tf.int32
    assert t.device == "/job:localhost/replica:0/task:0/device:CUSTOM:0"
    assert dtensor.is_dtensor(t) and not dtensor.is_dtensor(tf.constant(1))


def test_a_sharded_dtensor_prints_each_devices_piece():
    t = dtensor.call_with_layout(tf.ones, dtensor.Layout(["x", "y"], mesh_2d()), shape=(6, 4))
    pieces = ", ".join(f'"CPU:{i}": [[1 1]\n [1 1]]' for i in range(6))
    assert str(t) == (f'tf.Tensor({{{pieces}}}, layout="sharding_specs:x,y, mesh:{MESH_2D}", '
                      f"shape=(6, 4), dtype=float32)")


@pytest.mark.parametrize("value, text", [
    (np.float32([1.5, 2.25, 1e-8, 123456789.0, 0.1]), "[1.5 2.25 1e-08 123456792 0.1]"),
    (np.float32([1e10, -0.0, np.nan, np.inf]), "[1e+10 -0 nan inf]"),
    (np.arange(6.0).reshape(1, 6) / 7, "[[0 0.14285714285714285 0.2857142857142857 "
     "0.42857142857142855 0.5714285714285714 0.7142857142857143]]"),
    ([True, False], "[1 0]"),
    ([b"ab", b"c"], '["ab" "c"]'),
    (3.5, "3.5"),
    (np.int8([-3, 5]), "[-3 5]"),
    (np.float16([1.5, 0.1, 65504]), "[1.5 0.0999755859 65504]"),
    (np.float64([1e20, 1e-300, 0.1]), "[1e+20 1e-300 0.1]"),
    (np.float32([3.4028235e38, 1e-45]), "[3.40282347e+38 1.4013e-45]"),
    (np.complex64([1 + 2j, -0.5j]), "[? ?]"),  # (TF writes no complex numbers)
    ([b"a\nb", b'q"x', "\u00e9".encode()], '["a\\nb" "q\\"x" "\u00e9"]'),
    (np.arange(7), "[0 1 2 ... 4 5 6]"),
    (np.zeros((2, 2, 2), np.int32), "[[[0 0]\n  [0 0]]\n\n [[0 0]\n  [0 0]]]"),
    (np.arange(800).reshape(8, 100), "[[0 1 2 ... 97 98 99]\n [100 101 102 ... 197 198 199]\n"
     " [200 201 202 ... 297 298 299]\n ...\n [500 501 502 ... 597 598 599]\n"
     " [600 601 602 ... 697 698 699]\n [700 701 702 ... 797 798 799]]"),
])
def test_values_print_as_tfs_summary(value, text):
    t = dtensor.copy_to_mesh(tf.constant(value), dtensor.Layout.replicated(mesh_1d(), 0))
    assert str(t).startswith(f"tf.Tensor({text}, layout=")


def test_unpack_gives_each_devices_piece_on_its_device():
    t = dtensor.copy_to_mesh(tf.reshape(tf.range(6), (3, 2)), dtensor.Layout(["x", U], mesh_2d()))
    pieces = dtensor.unpack(t)
    assert [p.numpy().tolist() for p in pieces] == [[[0, 1]], [[0, 1]], [[2, 3]], [[2, 3]],
                                                    [[4, 5]], [[4, 5]]]
    assert pieces[2].device == "/job:localhost/replica:0/task:0/device:CPU:2"
    assert str(pieces[0]) == "tf.Tensor([[0 1]], shape=(1, 2), dtype=int32)"


def test_pack_puts_pieces_together():
    layout = dtensor.Layout(["x"], mesh_1d())
    t = dtensor.pack([tf.constant([i]) for i in range(6)], layout)
    assert dtensor.fetch_layout(t) == layout
    assert str(t).startswith('tf.Tensor({"CPU:0": [0], "CPU:1": [1], "CPU:2": [2], ')
    assert dtensor.relayout(t, dtensor.Layout([U], mesh_1d())).numpy().tolist() == \
        [0, 1, 2, 3, 4, 5]
    # Python lists are converted, as TF's pack does
    replicated = dtensor.pack([[0, 1]] * 6, dtensor.Layout([U], mesh_1d()))
    assert replicated.numpy().tolist() == [0, 1]


def test_pack_errors_are_tfs():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^The dtensor device /job:local"
                       r"host/replica:0/task:0/device:CUSTOM:0 expected 6 inputs to "
                       r"DTensorPack, but got 5$"):
        dtensor.pack([tf.constant([1])] * 5, dtensor.Layout(["x"], mesh_1d()))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^Packed layout should have the "
                       r"same rank as the rank for each component. The rank of each component "
                       r"is: 1, while layout has rank: 2$"):
        dtensor.pack([tf.constant([1])] * 6, dtensor.Layout.replicated(mesh_1d(), 2))


def test_regular_tensors_have_no_layout_and_no_components():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^FetchLayout expects a tensor placed on the layout device.$"):
        dtensor.fetch_layout(tf.constant([1]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^DTensorUnpack expects a tensor placed on the DTensor device: "
                             r"/job:localhost/replica:0/task:0/device:CUSTOM:0, but input was "
                             r"placed on device: /job:localhost/replica:0/task:0/device:CPU:0$"):
        dtensor.unpack(tf.constant([1]))


def test_numpy_of_a_sharded_dtensor_is_tfs_unimplemented_error():
    t = dtensor.pack([tf.constant([i]) for i in range(6)], dtensor.Layout(["x"], mesh_1d()))
    with pytest.raises(tf.errors.UnimplementedError) as caught:
        t.numpy()
    assert str(caught.value).startswith(
        "Trying to copy a non-single-device and non-replicated DTensor is not supported. Input "
        'tensor is: DTensor({"CPU:0": [0], "CPU:1": [1],')
    assert str(caught.value).endswith(f'mesh:{MESH_1D}", shape=[6], type=int32)')
    assert dtensor.copy_to_mesh(tf.constant(2.5), dtensor.Layout.replicated(mesh_1d(), 0)) \
        .numpy() == 2.5


def test_relayout_to_a_layout_that_does_not_divide_is_tfs_error():
    t = dtensor.copy_to_mesh(tf.constant([1, 2, 3]), dtensor.Layout([U], mesh_1d()))
    with pytest.raises(tf.errors.UnknownError, match=r"'tf.DTensorLayout' op requires dimension "
                       r"0 to be divisible by sharding specified in DTensorLayout, but got "
                       r"dimension size=3 is not divisible by number of shards in layout for "
                       r"this dimension=6."):
        dtensor.relayout(t, dtensor.Layout(["x"], mesh_1d()))


def test_copy_to_mesh_replicates_or_shards():
    mesh = mesh_1d()
    sharded = dtensor.copy_to_mesh(tf.constant([1, 2, 3, 4, 5, 6]), dtensor.Layout(["x"], mesh))
    assert [p.numpy().tolist() for p in dtensor.unpack(sharded)] == [[1], [2], [3], [4], [5], [6]]
    # TF keeps the tensor's rank when the layout asked for is replicated
    copied = dtensor.copy_to_mesh(tf.constant([1, 2]), dtensor.Layout.replicated(mesh, 2))
    assert dtensor.fetch_layout(copied) == dtensor.Layout([U], mesh)


def test_relayout_with_match_keeps_the_inputs_sharding():
    mesh = mesh_2d()
    t = dtensor.copy_to_mesh(tf.zeros((6, 4)), dtensor.Layout(["x", U], mesh))
    moved = dtensor.relayout(t, dtensor.Layout([dtensor.MATCH, "y"], mesh))
    assert dtensor.fetch_layout(moved).sharding_specs == ["x", "y"]


def test_check_layout():
    layout = dtensor.Layout(["x"], mesh_1d())
    t = dtensor.pack([tf.constant([i]) for i in range(6)], layout)
    assert dtensor.check_layout(t, layout) is None
    with pytest.raises(ValueError, match=r"^Layout of tensor: Layout.from_string\(sharding_specs"
                                         r":x, .*did not match expected layout: Layout.from_"
                                         r"string\(sharding_specs:unsharded, "):
        dtensor.check_layout(t, dtensor.Layout([U], mesh_1d()))


def test_call_with_layout_makes_the_result_a_dtensor():
    layout = dtensor.Layout(["x", "y"], mesh_2d())
    made = dtensor.call_with_layout(tf.function(tf.ones), layout, shape=(6, 4))
    assert dtensor.fetch_layout(made) == layout
    assert [p.shape for p in dtensor.unpack(made)] == [(2, 2)] * 6
    assert not dtensor.is_dtensor(dtensor.call_with_layout(tf.ones, None, shape=(2,)))


def test_ops_are_watched_only_while_dtensors_live():
    """The layout watcher is a recorder on the dispatcher: it goes away with the last DTensor,
    and plain eager code is back on the fast road."""
    t = dtensor.copy_to_mesh(tf.constant([1.0]), dtensor.Layout([U], mesh_1d()))
    assert context.thread_state().recorders
    del t
    assert not context.thread_state().recorders

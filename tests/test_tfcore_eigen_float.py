"""eagerbook.ops.eigen_float.exp gives TF 2.21's float32 exp bit for bit: Eigen's packet
polynomial for whole packets of 8 values, the C library's expf for the rest. The expected
values were printed by TF (tf.exp on CPU)."""

import numpy as np

from eagerbook.ops import eigen_float

INPUTS = np.array([-9.999899864196777, -9.999799728393555, -9.999699592590332,
                   -9.999600410461426, -9.99899959564209, -9.998900413513184,
                   -9.998499870300293, -9.99779987335205], np.float32)
# TF's tf.exp(INPUTS): one packet of 8
IN_A_PACKET = np.array([4.540447844192386e-05, 4.540902591543272e-05, 4.5413573388941586e-05,
                        4.5418077206704766e-05, 4.5445372961694375e-05, 4.544988041743636e-05,
                        4.5468088501365855e-05, 4.549992809188552e-05], np.float32)
# TF's tf.exp of the first three inputs when they come after a whole packet
AFTER_THE_PACKET = np.array([4.540447480394505e-05, 4.5409022277453914e-05,
                             4.541356975096278e-05], np.float32)


def test_whole_packets_use_the_polynomial():
    got = eigen_float.exp(INPUTS)
    assert got.dtype == np.float32
    assert got.tolist() == IN_A_PACKET.tolist()
    assert not np.array_equal(np.exp(INPUTS), IN_A_PACKET)  # NumPy's float32 exp differs


def test_values_after_the_last_packet_are_correctly_rounded():
    got = eigen_float.exp(np.concatenate([INPUTS, INPUTS[:3]]))
    assert got[:8].tolist() == IN_A_PACKET.tolist()
    assert got[8:].tolist() == AFTER_THE_PACKET.tolist()


def test_shape_and_special_values():
    x = np.array([[0.0, -np.inf, np.inf, np.nan], [-200.0, 100.0, 1.0, -1.0]], np.float32)
    got = eigen_float.exp(x)
    assert got.shape == (2, 4)
    assert got[0, 0] == 1.0 and got[0, 1] == 0.0 and got[0, 2] == np.inf and np.isnan(got[0, 3])
    assert got[1, 0] == 0.0 and got[1, 1] == np.inf

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


# Eleven inputs: a packet of 8 and three after it. Expected values printed by TF 2.21 (CPU).
ELEVEN = np.array([-7.3, -2.05, -0.61, -0.003, 0.27, 0.93, 1.71, 5.9, -1.37, 0.44, 3.02],
                  np.float32)
TF_SIGMOID = [0.0006750824395567179, 0.11405238509178162, 0.3520592153072357,
              0.49924999475479126, 0.5670928955078125, 0.7170752882957458, 0.846836268901825,
              0.99726802110672, 0.20261985063552856, 0.6082590222358704, 0.9534695148468018]
TF_TANH = [-0.9999992251396179, -0.9673950672149658, -0.5441271662712097,
           -0.0029999911785125732, 0.2636248469352722, 0.7305939793586731, 0.9366475343704224,
           0.9999850392341614, -0.8786922097206116, 0.4136444330215454, 0.9952481985092163]
TF_LOG_OF_ABS = [1.9878743886947632, 0.717839777469635, -0.4942963123321533, -5.80914306640625,
                 -1.309333324432373, -0.07257068157196045, 0.5364934206008911,
                 1.7749524116516113, 0.31481075286865234, -0.8209805488586426,
                 1.1052567958831787]


def test_sigmoid_tanh_and_log_match_tf_bit_for_bit():
    assert eigen_float.sigmoid(ELEVEN).tolist() == TF_SIGMOID
    assert eigen_float.tanh(ELEVEN).tolist() == TF_TANH
    assert eigen_float.log(np.abs(ELEVEN)).tolist() == TF_LOG_OF_ABS


def test_the_ops_use_tfs_rounding():
    import eagerbook as tf

    assert tf.sigmoid(ELEVEN).numpy().tolist() == TF_SIGMOID
    assert tf.math.tanh(ELEVEN).numpy().tolist() == TF_TANH
    assert tf.math.log(np.abs(ELEVEN)).numpy().tolist() == TF_LOG_OF_ABS


def test_softmax_and_log_softmax_match_tf_bit_for_bit():
    import eagerbook as tf
    from eagerbook.ops import nn_ops

    logits = np.array([[0.3, -1.2, 2.2, 0.05, 1.1, -0.4, 0.8, 1.9, -2.5, 0.6]], np.float32)
    # TF's Eigen kernel (TF_ENABLE_ONEDNN_OPTS=0, or a CPU without AVX-512 VNNI/BF16 or AMX)
    assert nn_ops._softmax_float32(logits, 1)[0].tolist() == [
        0.05148700624704361, 0.01148830447345972, 0.34423673152923584, 0.040098123252391815,
        0.11458645015954971, 0.025567691773176193, 0.08488772809505463, 0.2550168037414551,
        0.0031309290789067745, 0.06950020045042038]
    # TF's default on this project's machines: oneDNN's kernel (ops/onednn_float.py)
    assert tf.nn.softmax(logits).numpy()[0].tolist() == [
        0.05148700252175331, 0.011488303542137146, 0.34423670172691345, 0.04009811580181122,
        0.11458645015954971, 0.025567686185240746, 0.08488772064447403, 0.25501683354377747,
        0.0031309283804148436, 0.06950018554925919]
    assert tf.nn.log_softmax(logits).numpy()[0].tolist() == [
        -2.966425895690918, -4.466425895690918, -1.0664256811141968, -3.216425895690918,
        -2.1664257049560547, -3.6664257049560547, -2.466425895690918, -1.3664257526397705,
        -5.766425609588623, -2.6664257049560547]


def test_row_sums_follow_eigens_order():
    # 1 and fifteen times 2**-24: added one at a time the tiny terms vanish (the sum stays 1).
    # Eigen adds two packets lane by lane (1 + 2**-24 rounds to 1 in lane 0, the other lanes
    # hold 2**-23), then the lanes in halves and pairs, where they survive: 1 + 7 * 2**-23.
    row = np.full((1, 16), 2.0 ** -24, np.float32)
    row[0, 0] = 1.0
    assert np.cumsum(row[0])[-1] == 1.0
    assert eigen_float.row_sums(row)[0] == 1.0 + 7 * 2.0 ** -23
    wide = np.arange(100, dtype=np.float32).reshape(2, 50) / np.float32(7)
    assert np.allclose(eigen_float.row_sums(wide), wide.sum(axis=1), rtol=1e-6)


def test_denormals_flush_to_zero():
    assert eigen_float.exp(np.array([-88.0, -87.5, 1.0], np.float32))[:2].tolist() == [0.0, 0.0]
    tiny = np.full(8, 1e-40, np.float32)  # read as 0 in a packet: log gives -inf
    assert eigen_float.log(tiny).tolist() == [-np.inf] * 8


TF_SIN = [0.1821625977754593, -0.23924922943115234, -0.6961352229118347, 0.0029999956022948027,
          0.8912073373794556, 0.808496356010437, -0.8026654720306396, -0.791163444519043,
          -0.7055402994155884, -0.17388948798179626]
TF_COS = [0.9832684397697449, -0.9709581732749939, 0.717910647392273, 0.9999955296516418,
          0.4535961151123047, -0.5885011553764343, -0.5964295268058777, -0.6116047501564026,
          0.7086697816848755, -0.9847651720046997]


def test_sin_and_cos_match_tf_bit_for_bit():
    # tf.sin / tf.cos of these ten values (a packet of 8, two after it), printed by TF 2.21;
    # 3e4 and 1e30 take the exact reduction by pi/2.
    x = np.array([-6.1, -2.9, -0.77, 0.003, 1.1, 2.2, 3e4, 1e30, 5.5, -9.25], np.float32)
    assert eigen_float.sin(x).tolist() == TF_SIN
    assert eigen_float.cos(x).tolist() == TF_COS

"""tf.nn.softmax of float32 tensors gives TF 2.21's default values bit for bit: those of the
oneDNN kernel TF uses on x86 for ranks 1 to 5 (ops/onednn_float.py). Eigen's kernel, which TF
runs with TF_ENABLE_ONEDNN_OPTS=0 and eagerbook ran before, ends 1 ulp away even for the
guides' own examples. Expected values are TF's (float32 bit patterns, big-endian hex)."""

import numpy as np

import eagerbook as tf


def _logits():
    # two rows of 17 (a partial second vector of 16 lanes) and one of 70 (four whole vectors
    # and a tail), drawn as when TF's values were taken
    rng = np.random.default_rng(3)
    return ((rng.standard_normal((2, 17)) * 10).astype(np.float32),
            (rng.standard_normal((1, 70)) * 20).astype(np.float32))


_TF_17 = (
    "363575051511e5602a8858c92369a0752438ae8425f7149518f1b06d25d1d7dd213eecc33f7fffd2291f6aa6"
    "24fb0e2d2580199c22ab6b141fe497f124ab65222b0117642fc39451386a0ff43010132b31a945be3ca3acd8"
    "3571c2272dd969f6302ab5b73566ef473f7ad74e2f8f59f72fba080b38b6b9ee2b19bc0f2f65dad137dca41d"
    "35abf4a3")
_TF_70 = (
    "286c621330bf461b0000000035d1d3a7193c099c0f0903822b152e0a312fcdcf20aa337717919999277facf9"
    "265330d93b5f123331e0697c29e49a9b371fb623241f25ed19b8a3622f88e06b2f84c73e24041f0b1bc9ded4"
    "2a67bd12031c0adb310ebb422e2b85ff0f78798d28014e9c192c02163208898709bb7eea19e7f1cb31529f97"
    "37c380eb07fc0a011fea963c2bd13df81e4b1bd53e0d18e615ea66b72c31c94517fee62f3b60b45926c4abfb"
    "21b575290e4b611b3f5a844831f9dbdd31fdd05b3786fcd52c1fe35b1ddecd1b1b8e72ba1b8e90c93adb3ae7"
    "1209d2ad1e834e2c227ba4762a53a5302f65fe2b151358240e20887f270ad03f38995268320817c62a30e4ac"
    "22888a8a2b50b3e423956ac832e2981f")


def _expected(hex_text, shape):
    return np.frombuffer(bytes.fromhex(hex_text), ">u4").astype(np.uint32).reshape(shape)


def _bits(t):
    return t.numpy().view(np.uint32)


def test_the_guides_softmax_values_print_as_tfs():
    # the tensor guide's tf.nn.softmax(c), and [1, 2, 3]
    c = tf.constant([[4.0, 5.0], [10.0, 1.0]])
    assert str(tf.nn.softmax(c)) == (
        "tf.Tensor(\n[[2.6894143e-01 7.3105854e-01]\n [9.9987662e-01 1.2339458e-04]], "
        "shape=(2, 2), dtype=float32)")
    assert tf.nn.softmax(tf.constant([1.0, 2.0, 3.0])).numpy().tolist() == [
        0.09003056585788727, 0.2447284758090973, 0.6652408838272095]


def test_rows_across_vectors_of_16_lanes_equal_tf_bit_for_bit():
    x17, x70 = _logits()
    np.testing.assert_array_equal(_bits(tf.nn.softmax(tf.constant(x17))),
                                  _expected(_TF_17, (2, 17)))
    np.testing.assert_array_equal(_bits(tf.nn.softmax(tf.constant(x70))),
                                  _expected(_TF_70, (1, 70)))
    # another axis is the last axis of the transposed tensor, as in TF
    np.testing.assert_array_equal(_bits(tf.nn.softmax(tf.constant(x17.T), axis=0)),
                                  _expected(_TF_17, (2, 17)).T)


def test_traced_and_keras_softmax_take_the_same_kernel():
    x17, _ = _logits()
    want = _expected(_TF_17, (2, 17))
    np.testing.assert_array_equal(_bits(tf.function(tf.nn.softmax)(tf.constant(x17))), want)
    np.testing.assert_array_equal(_bits(tf.keras.activations.softmax(tf.constant(x17))), want)


def test_edge_values():
    out = tf.nn.softmax(tf.constant([[0.0, float("-inf")], [1e30, 1e30], [-100.0, 0.0]]))
    assert out.numpy().tolist() == [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]


def test_without_onednn_tf_takes_eigens_kernel(monkeypatch):
    # TF_ENABLE_ONEDNN_OPTS=0, or a CPU TF does not turn oneDNN on for: Eigen's digits
    from eagerbook.ops import onednn_float
    monkeypatch.setattr(onednn_float, "_ENABLED", [False])
    assert tf.nn.softmax(tf.constant([1.0, 2.0, 3.0])).numpy().tolist() == [
        0.09003057330846786, 0.2447284758090973, 0.6652409434318542]


def test_the_choice_reads_tfs_variable_once(monkeypatch):
    from eagerbook.ops import onednn_float
    for setting, expected in (("0", False), ("false", False), ("1", True), ("TRUE", True)):
        monkeypatch.setattr(onednn_float, "_ENABLED", [])
        monkeypatch.setenv("TF_ENABLE_ONEDNN_OPTS", setting)
        assert onednn_float.enabled() is expected
        monkeypatch.setenv("TF_ENABLE_ONEDNN_OPTS", "0" if expected else "1")
        assert onednn_float.enabled() is expected  # (decided once, as TF does)

"""float64 digamma, softmax, log_softmax and the softmax cross-entropies (and float16 elu and
selu) run TF's kernels step by step (Eigen's float64 exp and log in packets of 4, row sums in
Eigen's order, the C library's log and tan where TF calls them), leaky_relu multiplies by its
float32 alpha as TF's kernel does, and the ops TF has no float16 CPU kernel for fail as in TF.
Every expected value is TF 2.21's (most differ from the correctly rounded result in the last
digit)."""

import pytest

import eagerbook as tf

LOGITS = tf.constant([[0.5, -1.25, 3.0, 0.75, 2.0], [1.0, 1.5, -2.0, 0.0, 0.25]], tf.float64)


def test_digamma_float64_and_polygamma_of_order_zero():
    x = tf.constant([-4.983618907490253, 6.8717490523115075, -0.6852437798567097, 1e-3, 12.5],
                    tf.float64)
    assert tf.math.digamma(x).numpy().tolist() == [
        -59.28894527364959, 1.852895933773081, -1.8703100577584904, -1000.5755719318104,
        2.4851956512749123]
    # float32 polygamma(0, x) is TF's float32 digamma kernel, not a float64 one rounded
    assert tf.math.polygamma(tf.constant(0.), tf.constant([1.7, -2.3, 5.5, 0.3, 9.75])) \
        .numpy().tolist() == [0.20854806900024414, 3.317323923110962, 1.611093282699585,
                              -3.502523899078369, 2.225109577178955]


def test_softmax_and_log_softmax_float64():
    assert tf.nn.softmax(LOGITS).numpy().ravel().tolist() == [
        0.05229583311724331, 0.009087653146809755, 0.6370936711207733, 0.06714917890940093,
        0.23437366370577273, 0.28258531276958376, 0.4659044159506613, 0.014069094286613482,
        0.10395732694493172, 0.13348385004820973]
    assert tf.nn.log_softmax(LOGITS).numpy().ravel().tolist() == [
        -2.950838583795752, -4.700838583795752, -0.4508385837957518, -2.700838583795752,
        -1.4508385837957518, -1.2637747818813574, -0.7637747818813574, -4.263774781881358,
        -2.2637747818813576, -2.0137747818813576]


def test_cross_entropies_float64():
    assert tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[2, 4], logits=LOGITS) \
        .numpy().tolist() == [0.4508385837957518, 2.0137747818813576]
    assert tf.nn.softmax_cross_entropy_with_logits(labels=tf.nn.softmax(-LOGITS),
                                                   logits=LOGITS).numpy().tolist() == \
        [4.141857971982431, 3.6861569145216557]


def test_leaky_relu_multiplies_by_the_float32_alpha():
    out = tf.nn.leaky_relu(tf.constant([-1.5, -0.3, 2.0], tf.float64))
    assert out.numpy().tolist() == [-0.30000000447034836, -0.06000000089406967, 2.0]


@pytest.mark.parametrize("function, op", [(tf.math.erfinv, "Erfinv"), (tf.math.ndtri, "Ndtri"),
                                          (tf.math.rint, "Rint"), (tf.math.erfcinv, "Ndtri")])
def test_no_float16_kernel(function, op):
    with pytest.raises(tf.errors.NotFoundError,
                       match=rf"\{{\{{node {op}\}}\}} = {op}\[T=DT_HALF\]\nAll kernels "
                             rf"registered for op {op}:\n  device='XLA_CPU_JIT'"):
        function(tf.constant([0.5], tf.float16))


def test_erfcinv_of_integers_fails_where_tf_does():
    with pytest.raises(TypeError, match="Cannot convert 0.5 to EagerTensor of dtype int32"):
        tf.math.erfcinv(tf.constant([1]))


def test_half_elu_and_selu_subtract_one_from_a_half_exp():
    # (TF 2.21: Eigen's half exp is its float exp rounded to half, then - 1 in half)
    x = tf.constant([-0.1, -0.7, -2.5, -4.1, 0.3, -1.3, -0.05, -3.3, -0.9], tf.float16)
    assert tf.nn.elu(x).numpy().tolist() == [
        -0.09521484375, -0.50341796875, -0.91796875, -0.9833984375, 0.300048828125,
        -0.7275390625, -0.048828125, -0.962890625, -0.59375]
    assert tf.nn.selu(x).numpy().tolist() == [
        -0.1673583984375, -0.884765625, -1.61328125, -1.728515625, 0.315185546875,
        -1.279296875, -0.0858154296875, -1.6923828125, -1.0439453125]


def test_formulas_in_tfs_own_order_and_dtypes():
    tnp = tf.experimental.numpy
    # logaddexp: max + log1p(exp(-|a - b|)), a + b where the difference is NaN
    assert tnp.logaddexp(tf.constant([0.3, -2.5, 7.25, -float("inf")], tf.float64),
                         tf.constant([1.1, -2.5, 3.0, -float("inf")], tf.float64)) \
        .numpy().tolist() == [1.4711006659477777, -1.8068528194400546, 7.264163456931505,
                              -float("inf")]
    # batch_normalization with Python numbers: its inverse root is a float32 tensor
    x = tf.constant([0.5, -1.25, 2.0], tf.float64)
    assert tf.nn.batch_normalization(x, 0.3, 1.7, 0.1, 1.2, 1e-3).numpy().tolist() == [
        0.2840174734592438, -1.3261356800794601, 1.66414874792099]
    # truncatemod of floats is C's fmod, exact (and has no gradient, as in TF)
    assert tf.truncatemod(tf.constant([5.3, -7.1, 1e10]), tf.constant([2.0, 3.0, 0.3])) \
        .numpy().tolist() == [1.3000001907348633, -1.0999999046325684, 0.2357172966003418]
    v = tf.Variable([5.3])
    with pytest.raises(LookupError, match="no entry for: TruncateMod"):
        with tf.GradientTape() as tape:
            y = tf.truncatemod(v, 2.0)
        tape.gradient(y, v)

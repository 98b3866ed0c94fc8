"""tf.compat.v1.losses (scalar by default, weighted, every reduction) and the global step, as
TF 2.21 computes them (the same file passes under TF 2.21)."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.compat.v1.losses
Y = [[0., 1.], [1., 0.]]
P = [[0.2, 0.7], [0.6, 0.1]]
W = [[1., 0.], [2., 1.]]


@pytest.mark.parametrize(("loss", "kwargs", "expected"), [
    (L.mean_squared_error, {}, 0.07499999552965164),
    (L.mean_squared_error, {"weights": W}, 0.12333331257104874),
    (L.mean_squared_error, {"weights": 0.0}, 0.0),
    (L.mean_squared_error, {"weights": W, "reduction": L.Reduction.SUM}, 0.3699999451637268),
    (L.mean_squared_error, {"weights": W, "reduction": L.Reduction.MEAN}, 0.0924999862909317),
    (L.mean_squared_error, {"weights": W, "reduction": L.Reduction.SUM_OVER_BATCH_SIZE},
     0.0924999862909317),
    (L.absolute_difference, {"weights": W}, 0.36666664481163025),
    (L.huber_loss, {"weights": W}, 0.06166665628552437),
    (L.log_loss, {}, 0.299001008272171),
])
def test_scalar_losses(loss, kwargs, expected):
    value = loss(Y, P, **kwargs)
    assert value.shape == () and value.dtype == tf.float32
    np.testing.assert_allclose(value.numpy(), expected, rtol=1e-6)


def test_no_reduction_keeps_the_weighted_elements():
    out = L.mean_squared_error(Y, P, weights=W, reduction=L.Reduction.NONE)
    np.testing.assert_allclose(out.numpy(), [[0.04, 0.0], [0.31999996, 0.01]], rtol=1e-6)


def test_cross_entropies_and_bad_reductions():
    np.testing.assert_allclose(L.sparse_softmax_cross_entropy([1, 0], P, weights=[0.5, 2.0])
                               .numpy(), 0.5925962328910828, rtol=1e-6)
    assert L.softmax_cross_entropy(Y, P).shape == ()
    with pytest.raises(ValueError, match="^Invalid Reduction Key bogus. Key should be one of"):
        L.mean_squared_error(Y, P, reduction="bogus")
    assert not hasattr(L, "MeanSquaredError")  # (TF 1.x's namespace: functions only)


def test_the_global_step_is_one_per_graph():
    g = tf.Graph()
    with g.as_default():
        step = tf.compat.v1.train.get_or_create_global_step()
        assert step is tf.compat.v1.train.get_or_create_global_step()
        assert (step.name, step.dtype) == ("global_step:0", tf.int64)
        assert tf.compat.v1.train.get_global_step() is step
        with pytest.raises(ValueError, match='^"global_step" already exists.$'):
            tf.compat.v1.train.create_global_step()

"""Gradient cases for eagerbook/ops/nn_ops.py (small shapes: these run in float64)."""

import numpy as np

from eagerbook.core.tensor import _from_numpy
from eagerbook.ops import nn_impl_ops, nn_ops, random_ops
from eagerbook.ops.registry import REGISTRY, execute
from eagerbook.testing import Fixed, GradCase

_rng = np.random.default_rng(11)
# Values kept away from the kinks of relu-like functions, so central differences are exact.
AWAY = _rng.choice([-1, 1], (3, 4)) * (_rng.random((3, 4)) + 0.1)
AWAY6 = np.array([[-1.0, 0.5, 3.0, 5.5], [6.5, -0.3, 2.0, 7.0]])
PROBS = _rng.random((3, 5))
PROBS /= PROBS.sum(axis=1, keepdims=True)
SPARSE = np.array([0, 4, 2], dtype=np.int32)
BINARY = _rng.integers(0, 2, (3, 4)).astype(np.float64)


def _conv(strides=1, padding="SAME", dilations=None):
    return lambda x, w: nn_ops.conv2d(x, w, strides, padding, dilations=dilations)


# conv2d's gradient ops, differentiated directly: x, w and dy shapes that fit one another.
def _conv_input_grad(w, dy):
    return nn_ops.conv2d_backprop_input((2, 5, 5, 2), w, dy, strides=(2, 2), padding="SAME")


def _conv_filter_grad(x, dy):
    return nn_ops.conv2d_backprop_filter(x, (3, 3, 2, 3), dy, strides=(2, 2), padding="SAME")


POOL_X = _rng.permutation(2 * 5 * 5 * 2).reshape(2, 5, 5, 2) / 10.0  # distinct values: no ties


def _max_pool_grad(dy):
    x = _from_numpy(POOL_X)
    y = nn_ops.max_pool2d(x, 2, 2, "SAME")
    return execute(REGISTRY["MaxPoolGrad"], (x, y, dy),
                   {"ksize": (2, 2), "strides": (2, 2), "padding": "SAME"})


def _max_pool_grad_grad(ddx):
    x = _from_numpy(POOL_X)
    y = nn_ops.max_pool2d(x, 3, 2, "VALID")
    return execute(REGISTRY["MaxPoolGradGrad"], (x, y, ddx),
                   {"ksize": (3, 3), "strides": (2, 2), "padding": "VALID"})


def _avg_pool_grad(dy):
    return execute(REGISTRY["AvgPoolGrad"], (dy,),
                   {"orig_input_shape": (2, 5, 5, 2), "ksize": (3, 3), "strides": (2, 2),
                    "padding": "SAME"})


def _activation_grad(op_name, gradients, features, attrs=None):
    return execute(REGISTRY[op_name], (gradients, features), attrs or {})


def _dropout(x):
    # dropout draws a new mask on every call; restarting the random sequence makes every
    # evaluation of the check (tape and central differences) see the same mask.
    random_ops.set_seed(1234)
    try:
        return nn_ops.dropout(x, 0.5, seed=3)
    finally:
        random_ops.set_seed(None)


CASES = [
    # values apart, so no small step merges or splits a block: [3.] [1, 2, 5 -> 2.67] [0.5]
    GradCase("IsotonicRegression", lambda x: nn_impl_ops.isotonic_regression(x)[0],
             [np.array([[3., 1., 2., 5., 0.5]])]),
    GradCase("Relu", nn_ops.relu, [AWAY]),
    GradCase("Relu6", nn_ops.relu6, [AWAY6]),
    GradCase("LeakyRelu", lambda x: nn_ops.leaky_relu(x, 0.3), [AWAY]),
    GradCase("Elu", nn_ops.elu, [AWAY], second_order=True, name="Elu/second"),
    GradCase("Selu", nn_ops.selu, [AWAY], second_order=True, name="Selu/second"),
    # The activations' gradient ops, differentiated directly (features/outputs kept off 0).
    GradCase("ReluGrad", lambda g, f: _activation_grad("ReluGrad", g, f), [(3, 4), AWAY],
             second_order=True),
    GradCase("Relu6Grad", lambda g, f: _activation_grad("Relu6Grad", g, f), [(2, 4), AWAY6],
             second_order=True),
    GradCase("LeakyReluGrad",
             lambda g, f: _activation_grad("LeakyReluGrad", g, f, {"alpha": 0.3}),
             [(3, 4), AWAY], second_order=True),
    GradCase("EluGrad", lambda g, y: _activation_grad("EluGrad", g, y), [(3, 4), AWAY],
             second_order=True),
    GradCase("SeluGrad", lambda g, y: _activation_grad("SeluGrad", g, y), [(3, 4), AWAY],
             second_order=True),
    GradCase("Erf", nn_ops.gelu, [(3, 4)], second_order=True, name="gelu/exact"),
    GradCase("Tanh", lambda x: nn_ops.gelu(x, approximate=True), [(3, 4)],
             name="gelu/approximate"),
    GradCase("Sigmoid", lambda x: nn_ops.silu(x, beta=1.5), [(3, 4)], name="silu"),
    GradCase("Softmax", nn_ops.softmax, [(3, 4)], second_order=True),
    GradCase("Softmax", lambda x: nn_ops.softmax(x, axis=0), [(3, 4)], name="Softmax/axis0"),
    GradCase("LogSoftmax", nn_ops.log_softmax, [(3, 4)], second_order=True),
    GradCase("LogSoftmax", lambda x: nn_ops.log_softmax(x, axis=1), [(2, 3, 2)],
             name="LogSoftmax/axis1"),
    GradCase("SoftmaxCrossEntropyWithLogits",
             lambda labels, logits: nn_ops.softmax_cross_entropy_with_logits(labels, logits),
             [PROBS, (3, 5)], second_order=True),
    GradCase("SoftmaxCrossEntropyWithLogits",
             lambda labels, logits: nn_ops.softmax_cross_entropy_with_logits(
                 labels, logits, axis=0), [PROBS.T, (5, 3)], name="SoftmaxXent/axis0"),
    GradCase("SparseSoftmaxCrossEntropyWithLogits",
             lambda logits, labels: nn_ops.sparse_softmax_cross_entropy_with_logits(
                 labels, logits), [(3, 5), Fixed(SPARSE)], second_order=True),
    GradCase("Log1p", lambda x: nn_ops.sigmoid_cross_entropy_with_logits(BINARY, x), [AWAY],
             name="sigmoid_cross_entropy"),
    GradCase("BiasAdd", nn_ops.bias_add, [(2, 3, 4), (4,)], second_order=True),
    GradCase("BiasAdd", lambda x, b: nn_ops.bias_add(x, b, data_format="NCHW"),
             [(2, 3, 2, 2), (3,)], name="BiasAdd/NCHW"),
    GradCase("BiasAddGrad", lambda g: execute(REGISTRY["BiasAddGrad"], (g,),
                                              {"data_format": "NHWC"}),
             [(2, 3, 4)], second_order=True),
    GradCase("BiasAddGrad", lambda g: execute(REGISTRY["BiasAddGrad"], (g,),
                                              {"data_format": "NCHW"}),
             [(2, 3, 2, 2)], name="BiasAddGrad/NCHW"),
    GradCase("Square", nn_ops.l2_loss, [(3, 2)], name="l2_loss"),
    GradCase("SquaredDifference", lambda x: nn_ops.moments(x, [0, 1]), [(3, 4, 2)],
             name="moments"),
    GradCase("Conv2D", _conv(), [(2, 5, 5, 2), (3, 3, 2, 3)], second_order=True),
    GradCase("Conv2D", _conv(2, "VALID"), [(1, 6, 7, 2), (3, 2, 2, 2)], name="Conv2D/stride"),
    GradCase("Conv2D", _conv(1, "SAME", 2), [(1, 6, 6, 1), (2, 3, 1, 2)],
             name="Conv2D/dilation"),
    GradCase("Conv2D", _conv((1, 2), [[0, 0], [1, 2], [0, 1], [0, 0]]),
             [(1, 4, 5, 2), (2, 2, 2, 1)], name="Conv2D/explicit"),
    GradCase("Conv2D", _conv(2, [[0, 0], [3, 1], [2, 0], [0, 0]]),
             [(1, 4, 3, 2), (2, 2, 2, 2)], name="Conv2D/padding-wider-than-kernel"),
    GradCase("Conv2DBackpropInput", _conv_input_grad, [(3, 3, 2, 3), (2, 3, 3, 3)],
             second_order=True),
    GradCase("Conv2DBackpropFilter", _conv_filter_grad, [(2, 5, 5, 2), (2, 3, 3, 3)],
             second_order=True),
    GradCase("MaxPool", lambda x: nn_ops.max_pool2d(x, 2, 2, "SAME"), [POOL_X]),
    GradCase("MaxPool", lambda x: nn_ops.max_pool2d(x, 3, 1, "VALID"), [POOL_X],
             name="MaxPool/overlapping"),
    GradCase("MaxPoolGrad", _max_pool_grad, [(2, 3, 3, 2)], second_order=True),
    GradCase("MaxPoolGradGrad", _max_pool_grad_grad, [(2, 5, 5, 2)], second_order=True),
    GradCase("AvgPool", lambda x: nn_ops.avg_pool2d(x, 3, 2, "SAME"), [(2, 5, 5, 2)],
             second_order=True),
    GradCase("AvgPool", lambda x: nn_ops.avg_pool2d(x, (2, 3), (1, 2), "VALID"),
             [(1, 4, 5, 2)], name="AvgPool/valid"),
    GradCase("AvgPoolGrad", _avg_pool_grad, [(2, 3, 3, 2)], second_order=True),
    GradCase("Mul", _dropout, [(4, 5)], name="dropout"),
]

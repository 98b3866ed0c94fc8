"""The activations' backward ops (ReluGrad, SigmoidGrad, TanhGrad, ...): each activation's
gradient is one op, as in TF, eager and in tf.function, computing TF's kernels' values bit for
bit. (Their derivatives are checked with every other op's in tests/gradcases/.)"""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core.context import observe
from eagerbook.core.tensor import _from_numpy
from eagerbook.ops.registry import REGISTRY, execute

ACTIVATIONS = [  # (forward, the backward op TF records for it)
    (tf.nn.relu, "ReluGrad"),
    (tf.nn.relu6, "Relu6Grad"),
    (lambda x: tf.nn.leaky_relu(x, 0.3), "LeakyReluGrad"),
    (tf.nn.elu, "EluGrad"),
    (tf.nn.selu, "SeluGrad"),
    (tf.sigmoid, "SigmoidGrad"),
    (tf.tanh, "TanhGrad"),
]


@pytest.mark.parametrize("forward, grad_op", ACTIVATIONS, ids=[g for _, g in ACTIVATIONS])
def test_the_backward_of_an_activation_is_one_op_eagerly(forward, grad_op):
    x = tf.constant([[-1.5, 0.5, 2.0], [7.0, -0.25, 3.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = forward(x)
    seed = tf.ones_like(y)  # an explicit seed: the backward pass runs the rule alone
    events = []
    with observe(events.append):
        dx = tape.gradient(y, x, output_gradients=seed)
    assert [event.name for event in events] == [grad_op]
    assert dx.shape == x.shape


@pytest.mark.parametrize("forward, grad_op", ACTIVATIONS, ids=[g for _, g in ACTIVATIONS])
def test_the_backward_of_an_activation_is_one_op_in_a_function(forward, grad_op):
    @tf.function
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = forward(x)
        return tape.gradient(y, x)

    x = tf.constant([[-1.5, 0.5, 2.0], [7.0, -0.25, 3.0]])
    types = [op.type for op in grad.get_concrete_function(x).graph.get_operations()]
    assert grad_op in types, types
    for plumbing in ("SelectV2", "ZerosLike", "Greater", "Sub"):
        assert plumbing not in types, types
    eager_x = tf.constant(x.numpy())
    with tf.GradientTape() as tape:
        tape.watch(eager_x)
        y = forward(eager_x)
    np.testing.assert_array_equal(grad(x).numpy(), tape.gradient(y, eager_x).numpy())


def _run(name, *arrays, **attrs):
    return execute(REGISTRY[name], tuple(_from_numpy(a) for a in arrays), attrs).numpy()


def test_relu_grad_multiplies_as_tf_kernel_does():
    # TF computes gradients * (features > 0): a NaN or infinite gradient where the unit is off
    # gives NaN, a negative one -0 (values from TF 2.21's kernel).
    dy = np.array([np.nan, -1.0, np.inf, 2.0, -3.0], np.float32)
    features = np.array([-1.0, -2.0, -1.0, 0.0, 1.0], np.float32)
    out = _run("ReluGrad", dy, features)
    np.testing.assert_array_equal(out, [np.nan, -0.0, np.nan, 0.0, -3.0])
    assert np.signbit(out[1]) and not np.signbit(out[3])
    ints = _run("ReluGrad", np.array([1, 2, 3], np.int32), np.array([1, -2, 0], np.int32))
    assert ints.dtype == np.int32 and ints.tolist() == [1, 0, 0]


def test_relu_grad_on_a_big_array_matches_the_small_array_formula():
    rng = np.random.default_rng(5)
    dy = rng.standard_normal(1 << 15).astype(np.float32)
    features = rng.standard_normal(1 << 15).astype(np.float32)
    expected = dy * (features > 0).astype(np.float32)
    np.testing.assert_array_equal(_run("ReluGrad", dy, features), expected)


def test_relu6_and_elu_grads_match_tf_kernels():
    dy = np.array([np.nan, -1.0, np.inf, 2.0, -3.0], np.float32)
    out = _run("Relu6Grad", dy, np.array([-1.0, 7.0, 3.0, 6.0, 0.0], np.float32))
    np.testing.assert_array_equal(out, [np.nan, -0.0, np.inf, 0.0, -0.0])
    out = _run("EluGrad", dy, np.array([-1.0, -2.0, -1.0, 0.0, 1.0], np.float32))
    np.testing.assert_array_equal(out, [np.nan, 1.0, np.nan, 2.0, -3.0])


def test_sigmoid_and_tanh_grads_round_as_tf_kernels():
    # TF's SigmoidGrad is dy * (y * (1 - y)) and TanhGrad dy * (1 - y * y), in that order.
    rng = np.random.default_rng(0)
    y = rng.random(4096).astype(np.float32)
    dy = rng.standard_normal(4096).astype(np.float32)
    np.testing.assert_array_equal(_run("SigmoidGrad", y, dy), dy * (y * (1 - y)))
    np.testing.assert_array_equal(_run("TanhGrad", y, dy), dy * (1 - y * y))
    np.testing.assert_allclose(_run("SigmoidGrad", np.float32([0.5, 0.2]), np.float32([1, 2])),
                               [0.25, 0.32], rtol=1e-6)
    np.testing.assert_allclose(_run("TanhGrad", np.float32([0.5, 0.2]), np.float32([1, 2])),
                               [0.75, 1.92], rtol=1e-6)


def test_relu_grad_takes_a_gradient_that_broadcasts_as_graph_passes_hand_in():
    # Simplification feeds ReluGrad one value per image for global pooling's gradient.
    dy = np.array([[2.0], [-1.0]], np.float32)
    features = np.array([[1.0, 0.0, 3.0], [-1.0, 2.0, 5.0]], np.float32)
    np.testing.assert_array_equal(_run("ReluGrad", dy, features), [[2, 0, 2], [0, -1, -1]])
    np.testing.assert_array_equal(_run("ReluGrad", features, dy), [[1, 0, 3], [-0.0, -0.0, -0.0]])

"""Conv1D/2D/3D take inputs with several batch axes (the docstring examples of TF's
convolution layers), and their shape errors read as TF's."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers


@pytest.mark.parametrize("layer, shape", [
    (lambda: L.Conv1D(3, 2, activation="relu"), (2, 3, 6, 4)),
    (lambda: L.Conv2D(3, 3, padding="same"), (2, 3, 5, 5, 2)),
    (lambda: L.Conv3D(2, 2), (2, 1, 3, 3, 3, 1)),
])
def test_extra_batch_axes_are_kept_and_each_example_convolved_alone(layer, shape):
    conv = layer()
    x = np.random.RandomState(0).rand(*shape).astype("float32")
    y = conv(x).numpy()
    flat = conv(x.reshape((-1,) + shape[2:])).numpy()
    assert y.shape == shape[:2] + flat.shape[1:]
    np.testing.assert_allclose(y.reshape(flat.shape), flat, rtol=1e-6)
    assert conv.compute_output_shape((None,) + shape[1:]).as_list()[:2] == [None, shape[1]]


def test_the_docstring_shapes():
    x = tf.random.normal((4, 7, 10, 128))
    assert L.Conv1D(32, 3, activation="relu", input_shape=(10, 128))(x).shape == (4, 7, 8, 32)
    x = tf.random.normal((4, 7, 28, 28, 3))
    assert L.Conv2D(2, 3, activation="relu", input_shape=(28, 28, 3))(x).shape == \
        (4, 7, 26, 26, 2)
    assert L.Conv2D(2, 3)(tf.keras.Input((4, 8, 8, 1))).shape.as_list() == [None, 4, 6, 6, 2]


def test_extra_batch_axes_inside_a_function_and_under_a_tape():
    conv = L.Conv2D(2, 3)
    x = tf.ones((2, 2, 5, 5, 1))

    @tf.function
    def loss():
        with tf.GradientTape() as tape:
            out = tf.reduce_sum(conv(x))
        return tape.gradient(out, conv.kernel)

    assert loss().shape == (3, 3, 1, 2)


def test_an_input_smaller_than_the_kernel_is_refused_as_tf_refuses_it():
    assert L.Conv2D(2, 4)(tf.ones((1, 3, 3, 1))).shape == (1, 0, 0, 2)  # exactly one short
    with pytest.raises(ValueError, match=r"^One of the dimensions in the output is <= 0 due to "
                       r"downsampling in conv2d_x\. Consider increasing the input size\. "
                       r"Received input shape \[1, 3, 3, 1\] which would produce"):
        L.Conv2D(2, 5, name="conv2d_x")(tf.ones((1, 3, 3, 1)))


def test_rank_and_padding_messages():
    with pytest.raises(ValueError, match=r'or one of "valid", "same" \(or "causal", only for '
                       r"`Conv1D\)\. Received: full"):
        L.Conv2D(2, 3, padding="full")
    with pytest.raises(ValueError, match=r"^Inputs should have rank 4\. Received "
                       r"input_shape=\(2, 4, 8, 8, 1\)\.$"):
        L.Conv2DTranspose(2, 3, name="t")(tf.ones((2, 4, 8, 8, 1)))
    with pytest.raises(ValueError, match=r"^Inputs to `DepthwiseConv` should have rank 4\."):
        L.DepthwiseConv2D(3, name="dw")(tf.ones((2, 4, 8, 8, 1)))
    with pytest.raises(ValueError, match=r"expected min_ndim=4, found ndim=3"):
        L.Conv2D(2, 3)(tf.ones((8, 8, 1)))

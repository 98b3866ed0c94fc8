"""``tf.keras.layers.experimental.RandomFourierFeatures``: a fixed random projection whose
cosine features approximate a Gaussian (or Laplacian) kernel, so that a linear model on top
acts like a kernel machine. Its weights are drawn once and, by default, never trained."""

import numpy as np

from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...ops import math_ops, nn_ops
from .. import constraints, initializers
from .base import Layer

_KERNELS = ("gaussian", "laplacian")


def _features_initializer(kernel_initializer, shape):
    """The draw of the projection: unit normal for a Gaussian kernel, standard Cauchy for a
    Laplacian one (TF draws those with NumPy's global generator), else the given one."""
    if not isinstance(kernel_initializer, str):
        return kernel_initializer
    if kernel_initializer.lower() == "gaussian":
        return initializers.RandomNormal(stddev=1.0)
    probabilities = np.random.uniform(low=0.0, high=1.0, size=shape)
    return initializers.Constant(np.tan(np.pi * (probabilities - 0.5)))


class RandomFourierFeatures(Layer):
    """``cos(x @ (kernel / kernel_scale) + bias)``."""

    def __init__(self, output_dim, kernel_initializer="gaussian", scale=None, trainable=False,
                 name=None, **kwargs):
        if output_dim <= 0:
            raise ValueError("`output_dim` should be a positive integer. Received: "
                             f"{output_dim}")
        if isinstance(kernel_initializer, str) and kernel_initializer.lower() not in _KERNELS:
            raise ValueError(f"Unsupported `kernel_initializer`: {kernel_initializer} "
                             f"Expected one of: {_KERNELS}")
        if scale is not None and scale <= 0.0:
            raise ValueError("When provided, `scale` should be a positive float. Received: "
                             f"{scale}")
        super().__init__(trainable=trainable, name=name, **kwargs)
        self.output_dim = output_dim
        self.kernel_initializer = kernel_initializer
        self.scale = scale

    def build(self, input_shape):
        shape = TensorShape(input_shape)
        if shape.rank != 2:
            raise ValueError("The rank of the input tensor should be 2. Received input with "
                             f"rank {shape.rank} instead. Full input shape received: {shape}")
        if shape[-1] is None:
            raise ValueError("The last dimension of the input tensor should be defined. "
                             f"Found `None`. Full input shape received: {shape}")
        input_dim = shape[-1]
        kernel_shape = (input_dim, self.output_dim)
        self.unscaled_kernel = self.add_weight(
            "unscaled_kernel", shape=kernel_shape, trainable=False,
            initializer=_features_initializer(self.kernel_initializer, kernel_shape))
        self.bias = self.add_weight("bias", shape=(self.output_dim,), trainable=False,
                                    initializer=initializers.RandomUniform(
                                        minval=0.0, maxval=2 * np.pi))
        scale = self.scale
        if scale is None:  # TF's default width of the kernel
            scale = np.sqrt(input_dim / 2.0) if self.kernel_initializer == "gaussian" else 1.0
        self.kernel_scale = self.add_weight("kernel_scale", shape=(1,), trainable=True,
                                            initializer=initializers.Constant(scale),
                                            constraint=constraints.NonNeg())
        self.built = True

    def call(self, inputs):
        inputs = math_ops.cast(convert_to_tensor(inputs), "float32")
        kernel = math_ops.multiply(math_ops.truediv(1.0, self.kernel_scale),
                                   self.unscaled_kernel)
        outputs = nn_ops.bias_add(math_ops.matmul(inputs, kernel), self.bias)
        return math_ops.cos(outputs)  # (TF's layer leaves out the sqrt(2 / output_dim))

    def compute_output_shape(self, input_shape):
        shape = TensorShape(input_shape)
        if shape.rank is None or shape.rank < 1:
            raise ValueError("The `input_shape` must have rank >= 1. Received: "
                             f"input_shape={shape}")
        return TensorShape(shape.as_list()[:-1] + [self.output_dim])

    def get_config(self):
        config = super().get_config()
        kernel_initializer = self.kernel_initializer
        if not isinstance(kernel_initializer, str):
            kernel_initializer = initializers.serialize(kernel_initializer)
        config.update({"output_dim": self.output_dim, "kernel_initializer": kernel_initializer,
                       "scale": self.scale})
        return config


__all__ = ["RandomFourierFeatures"]

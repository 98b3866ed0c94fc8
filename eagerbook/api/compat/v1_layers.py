"""TF 1.x's functional layers (``tf.compat.v1.layers.dense(x, units)`` and friends).

Each call opens a variable scope named after the layer (``dense``, ``dense_1``, ... unless
given a name) and takes its weights from ``get_variable`` there, so the scope's ``reuse`` rule
decides whether a call makes new weights or shares earlier ones: what TF 1.x code and
``track_tf1_style_variables`` layers rely on.
"""

import warnings

from ...keras import activations, backend, regularizers
from ...ops import nn_ops
from ...ops.math_ops import matmul
from ..layers import AveragePooling2D, Dropout, Flatten, MaxPooling2D
from .v1_init_ops import Ones, Zeros
from .v1_layer_classes import BatchNormalization
from .v1_variable_scope import get_variable, variable_scope


def _deprecated(name, layer, use="use"):
    """TF's warning for a TF 1.x functional layer, at the user's line (its words: the
    convolutions' say "Please Use")."""
    warnings.warn(f"`tf.layers.{name}` is deprecated and will be removed in a future version. "
                  f"Please {use} `tf.keras.layers.{layer}` instead.", stacklevel=3)


def _layer_made(base_name, name):
    """TF 1.x's functional layer makes a layer object for each call: one without a name
    takes the next Keras name (`dense_1`, ...), so Keras layers made later count it."""
    if name is None:
        backend.unique_object_name(base_name, zero_based=False)


def dense(inputs, units, activation=None, use_bias=True, kernel_initializer=None,
          bias_initializer=Zeros(), kernel_regularizer=None, bias_regularizer=None,
          activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
          trainable=True, name=None, reuse=None):
    """``activation(inputs @ kernel + bias)``, the weights ``<name>/kernel`` and ``<name>/bias``."""
    _deprecated("dense", "Dense")
    _layer_made("dense", name)
    with variable_scope(name, default_name="dense", reuse=reuse):
        kernel = get_variable("kernel", [inputs.shape[-1], units], dtype=inputs.dtype,
                              initializer=kernel_initializer,
                              regularizer=regularizers.get(kernel_regularizer),
                              constraint=kernel_constraint, trainable=trainable)
        outputs = matmul(inputs, kernel)
        if use_bias:
            bias = get_variable("bias", [units], dtype=inputs.dtype, initializer=bias_initializer,
                                regularizer=regularizers.get(bias_regularizer),
                                constraint=bias_constraint, trainable=trainable)
            outputs = nn_ops.bias_add(outputs, bias)
        return _activated(outputs, activation)


def conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid",
           data_format="channels_last", dilation_rate=(1, 1), activation=None, use_bias=True,
           kernel_initializer=None, bias_initializer=Zeros(), kernel_regularizer=None,
           bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
           bias_constraint=None, trainable=True, name=None, reuse=None):
    """A 2-D convolution with the weights ``<name>/kernel`` (height, width, in, out) and
    ``<name>/bias``."""
    _deprecated("conv2d", "Conv2D", use="Use")
    _layer_made("conv2d", name)
    kernel_size, strides, dilation_rate = (_pair(v) for v in (kernel_size, strides, dilation_rate))
    channels_last = data_format == "channels_last"
    with variable_scope(name, default_name="conv2d", reuse=reuse):
        kernel = get_variable(
            "kernel", [*kernel_size, inputs.shape[-1 if channels_last else 1], filters],
            dtype=inputs.dtype, initializer=kernel_initializer,
            regularizer=regularizers.get(kernel_regularizer), constraint=kernel_constraint,
            trainable=trainable)
        outputs = nn_ops.conv2d(inputs, kernel, strides=strides, padding=padding.upper(),
                                data_format="NHWC" if channels_last else "NCHW",
                                dilations=dilation_rate)
        if use_bias:
            bias = get_variable("bias", [filters], dtype=inputs.dtype,
                                initializer=bias_initializer,
                                regularizer=regularizers.get(bias_regularizer),
                                constraint=bias_constraint, trainable=trainable)
            outputs = nn_ops.bias_add(outputs, bias,
                                      data_format="NHWC" if channels_last else "NCHW")
        return _activated(outputs, activation)


def batch_normalization(inputs, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                        beta_initializer=Zeros(), gamma_initializer=Ones(),
                        moving_mean_initializer=Zeros(), moving_variance_initializer=Ones(),
                        beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                        gamma_constraint=None, training=False, trainable=True, name=None,
                        reuse=None, renorm=False, renorm_clipping=None, renorm_momentum=0.99,
                        fused=None, virtual_batch_size=None, adjustment=None):
    """Normalizes with the batch's statistics when ``training`` (moving the averages), else
    with the moving averages: TF 1.x's BatchNormalization layer, made and called once."""
    warnings.warn("`tf.layers.batch_normalization` is deprecated and will be removed in a "
                  "future version. Please use `tf.keras.layers.BatchNormalization` instead. "
                  "In particular, `tf.control_dependencies(tf.GraphKeys.UPDATE_OPS)` should "
                  "not be used (consult the `tf.keras.layers.BatchNormalization` "
                  "documentation).", stacklevel=2)
    if renorm or virtual_batch_size is not None or adjustment is not None:
        raise NotImplementedError("eagerbook's batch_normalization has no batch "
                                  "renormalization, virtual batches or adjustment.")
    layer = BatchNormalization(
        axis=axis, momentum=momentum, epsilon=epsilon, center=center, scale=scale,
        beta_initializer=beta_initializer, gamma_initializer=gamma_initializer,
        moving_mean_initializer=moving_mean_initializer,
        moving_variance_initializer=moving_variance_initializer,
        beta_regularizer=beta_regularizer, gamma_regularizer=gamma_regularizer,
        beta_constraint=beta_constraint, gamma_constraint=gamma_constraint,
        fused=fused, trainable=trainable, name=name, _reuse=reuse, _scope=name)
    return layer(inputs, training=training)


# Layers without weights: the Keras layer, made and called once.
def flatten(inputs, name=None, data_format="channels_last"):
    _deprecated("flatten", "Flatten")
    return Flatten(data_format=data_format, name=name)(inputs)


def dropout(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    _deprecated("dropout", "Dropout")
    return Dropout(rate, noise_shape=noise_shape, seed=seed, name=name)(inputs, training=training)


def max_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last",
                  name=None):
    _deprecated("max_pooling2d", "MaxPooling2D")
    return MaxPooling2D(pool_size, strides, padding=padding, data_format=data_format,
                        name=name)(inputs)


def average_pooling2d(inputs, pool_size, strides, padding="valid", data_format="channels_last",
                      name=None):
    _deprecated("average_pooling2d", "AveragePooling2D")
    return AveragePooling2D(pool_size, strides, padding=padding, data_format=data_format,
                            name=name)(inputs)


def _pair(value):
    return (value, value) if isinstance(value, int) else tuple(value)


def _activated(outputs, activation):
    return outputs if activation is None else activations.get(activation)(outputs)

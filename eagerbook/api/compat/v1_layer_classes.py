"""TF 1.x's layer objects (``tf.compat.v1.layers.Dense(10)`` and friends).

They are the Keras layers, with TF 1.x's way of making weights: at its first call a layer
opens a variable scope named after it (``dense``, or ``dense_1`` where a ``dense`` scope was
opened already), and its weights are ``get_variable``'s there. So the weights are named by the
variable scopes around the call (``model/dense/kernel:0``), a scope's ``reuse`` decides
whether they are shared, and a ``track_tf1_style_variables`` layer keeps them with the ones
it makes itself, as TF 1.x code expects.
"""

import contextlib

from ...core import context
from ...graph import session
from ...keras import backend, layers, regularizers
from .v1_variable_scope import _regularize, get_variable, variable_scope


class _ScopedLayer:
    """Put before a Keras layer class: its weights come from ``get_variable`` in the layer's
    variable scope (``_scope`` and ``_reuse`` are the functional layers' arguments)."""

    def __init__(self, *args, name=None, _scope=None, _reuse=None, **kwargs):
        base_name = backend.to_snake_case(type(self).__name__)
        # TF 1.x's layers number their default names from 1 (`dense_1`), from the counter
        # Keras's layers share
        super().__init__(*args, name=name or backend.unique_object_name(base_name,
                                                                       zero_based=False),
                         **kwargs)
        self._base_name = name or base_name
        self._reuse = _reuse
        self._scope = None
        if _scope:
            with variable_scope(_scope) as captured:
                self._scope = captured

    def _set_scope(self, scope=None):
        """Opens the layer's variable scope once, where it is first called (or first makes a
        weight), and keeps it."""
        if self._scope is not None:
            return
        if self._reuse:
            opened = variable_scope(scope if scope is not None else self._base_name)
        else:
            opened = variable_scope(scope, default_name=self._base_name)
        with opened as captured:
            self._scope = captured

    def __call__(self, inputs, *args, **kwargs):
        self._set_scope(kwargs.pop("scope", None))
        with variable_scope(self._scope, reuse=True if self.built else self._reuse,
                            auxiliary_name_scope=False):
            return super().__call__(inputs, *args, **kwargs)

    def add_weight(self, name=None, shape=None, dtype=None, initializer=None, regularizer=None,
                   trainable=None, constraint=None, **kwargs):
        self._set_scope()
        with _in_v1_graph(), variable_scope(self._scope, reuse=self.built or self._reuse,
                                            auxiliary_name_scope=False) as scope:
            if initializer is None:
                initializer = scope.initializer
            variable = super().add_weight(
                name, shape, dtype=dtype, initializer=initializer, regularizer=regularizer,
                trainable=(True if trainable is None else trainable) and self.trainable,
                constraint=constraint, getter=get_variable, **kwargs)
        regularizer = regularizers.get(regularizer)
        if regularizer is not None:  # (a TF 1.x graph's collection, a tracked layer's losses)
            _regularize(variable, regularizer)
        return variable


def _in_v1_graph():
    """Keras builds a layer outside any graph; TF 1.x makes the weights in the graph being
    built (its collections list them, its variable store shares them)."""
    stack = session._default_stack()
    if stack and context.state.graph is None:
        return context.building_graph(stack[-1])
    return contextlib.nullcontext()


def _scoped(keras_class):
    return type(keras_class.__name__, (_ScopedLayer, keras_class), {
        "__module__": __name__,
        "__doc__": f"TF 1.x's ``{keras_class.__name__}``: ``tf.keras.layers."
                   f"{keras_class.__name__}`` whose weights are ``get_variable``'s."})


Dense = _scoped(layers.Dense)
Dropout = _scoped(layers.Dropout)
Flatten = _scoped(layers.Flatten)
Conv1D = _scoped(layers.Conv1D)
Conv2D = _scoped(layers.Conv2D)
Conv3D = _scoped(layers.Conv3D)
Conv2DTranspose = _scoped(layers.Conv2DTranspose)
Conv3DTranspose = _scoped(layers.Conv3DTranspose)
SeparableConv1D = _scoped(layers.SeparableConv1D)
SeparableConv2D = _scoped(layers.SeparableConv2D)
BatchNormalization = _scoped(layers.BatchNormalization)
AveragePooling1D = _scoped(layers.AveragePooling1D)
AveragePooling2D = _scoped(layers.AveragePooling2D)
AveragePooling3D = _scoped(layers.AveragePooling3D)
MaxPooling1D = _scoped(layers.MaxPooling1D)
MaxPooling2D = _scoped(layers.MaxPooling2D)
MaxPooling3D = _scoped(layers.MaxPooling3D)

# TF 1.x's other names for them
Convolution1D, Convolution2D, Convolution3D = Conv1D, Conv2D, Conv3D
Convolution2DTranspose = Deconvolution2D = Deconv2D = Conv2DTranspose
Convolution3DTranspose = Deconvolution3D = Deconv3D = Conv3DTranspose
SeparableConvolution2D = SeparableConv2D
AvgPool2D, MaxPool2D = AveragePooling2D, MaxPooling2D
BatchNorm = BatchNormalization

NAMES = (
    "Dense", "Dropout", "Flatten", "Conv1D", "Conv2D", "Conv3D", "Conv2DTranspose",
    "Conv3DTranspose", "SeparableConv1D", "SeparableConv2D", "BatchNormalization",
    "AveragePooling1D", "AveragePooling2D", "AveragePooling3D", "MaxPooling1D", "MaxPooling2D",
    "MaxPooling3D", "Convolution1D", "Convolution2D", "Convolution3D", "Convolution2DTranspose",
    "Deconvolution2D", "Deconv2D", "Convolution3DTranspose", "Deconvolution3D", "Deconv3D",
    "SeparableConvolution2D", "AvgPool2D", "MaxPool2D", "BatchNorm")

"""``tf.contrib.eager`` ("tfe"), as the eager execution announcement uses it."""

from ...autodiff.custom_gradient import custom_gradient
from ...autodiff.tape import GradientTape
from ...core.context import executing_eagerly
from ...core.variable import Variable
from ...data import Iterator
from ...framework.contrib_eager import (
    enable_eager_execution,
    gradients_function,
    implicit_gradients,
    implicit_value_and_gradients,
    num_gpus,
    value_and_gradients_function,
)
from ...graph.function import defun
from ...keras.models.network import Network

"""Automatic differentiation: ``tf.GradientTape`` (reverse mode, tape.py), its jacobians, custom
gradients and ``tf.autodiff.ForwardAccumulator`` (forward mode, forward.py). As a TF
namespace, ``tf.autodiff`` holds ``ForwardAccumulator`` and ``GradientTape``."""

from .forward import ForwardAccumulator
from .tape import GradientTape

__all__ = ["ForwardAccumulator", "GradientTape"]

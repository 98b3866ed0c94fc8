"""Tools for testing eagerbook (and your own ops): numerical gradient checks."""

from .gradient_check import Fixed, GradCase, check_gradients, check_second_order

__all__ = ["Fixed", "GradCase", "check_gradients", "check_second_order"]

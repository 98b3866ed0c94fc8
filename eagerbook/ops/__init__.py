"""The op layer: registry + kernels + gradient rules, grouped by family."""

from . import array_ops, linalg_ops, math_ops, nn_ops, overloads, random_ops  # noqa: F401
from .registry import REGISTRY, OpDef, execute, register

overloads.install()

__all__ = ["REGISTRY", "OpDef", "execute", "register", "array_ops", "math_ops"]

"""``tf.test``."""

from ..framework.config import (
    gpu_device_name,
    is_built_with_cuda,
    is_built_with_gpu_support,
    is_built_with_rocm,
    is_built_with_xla,
    is_cpu_target_available,
    is_gpu_available,
)
from ..framework.test_case import TestCase, compute_gradient, main
from . import test_experimental as experimental

__all__ = ["TestCase", "compute_gradient", "experimental", "gpu_device_name", "is_built_with_cuda",
           "is_built_with_gpu_support", "is_built_with_rocm", "is_built_with_xla",
           "is_cpu_target_available", "is_gpu_available", "main"]

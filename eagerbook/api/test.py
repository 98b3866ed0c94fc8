"""``tf.test``."""

from ..framework.config import (
    gpu_device_name,
    is_built_with_cuda,
    is_built_with_gpu_support,
    is_gpu_available,
)

"""``tf.tpu.experimental``."""

from .remote import initialize_tpu_system, shutdown_tpu_system

__all__ = ["initialize_tpu_system", "shutdown_tpu_system"]

"""``tf.test.experimental``."""

from ..core import context


def sync_devices():
    """Blocks until every op started has finished (TF: GPU streams and async eager). Every
    eagerbook op has finished when it returns, so there is nothing to wait for; as in TF it
    must be called eagerly, outside a ``tf.function``."""
    if not context.executing_eagerly():
        raise RuntimeError("sync_devices() must only be called in Eager mode, outside "
                           "tf.functions")


__all__ = ["sync_devices"]

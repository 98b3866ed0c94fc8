"""``tf.tpu``: TPUs (eagerbook has none; see ``api/remote.py``)."""

from . import tpu_experimental as experimental

__all__ = ["experimental"]

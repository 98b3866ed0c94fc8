"""``tf.compat``."""

from . import v1

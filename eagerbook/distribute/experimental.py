"""``tf.distribute.experimental``: the parts of the Strategy API TF still calls experimental."""

from .strategy import ValueContext

__all__ = ["ValueContext"]

"""``tf.contrib``: only ``tf.contrib.eager`` (the TF 1.x eager API of the announcement)."""

from . import eager

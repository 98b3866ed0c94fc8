"""``tf.compat.v1``: the TF 1.x names the guide's older examples use."""

from ...core.context import executing_eagerly
from ...framework.contrib_eager import enable_eager_execution
from ...ops.math_ops import log

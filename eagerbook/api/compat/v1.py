"""``tf.compat.v1``: the TF 1.x names the guide's older examples use."""

import sys

from ...core.context import executing_eagerly
from ...framework.contrib_eager import enable_eager_execution
from ...graph.gradients import gradients
from ...graph.session import (
    Graph,
    Session,
    get_default_graph,
    global_variables_initializer,
    initialize_all_variables,
    placeholder,
    reset_default_graph,
)
from ...ops.math_ops import log
from ...ops.random_ops import random_normal, random_shuffle, random_uniform
from ...ops.random_ops import set_seed as set_random_seed
from .. import layers, train  # tf.compat.v1.layers, tf.compat.v1.train (TF 1.x optimizers)
from ..queue import FIFOQueue, QueueBase


def __getattr__(name):
    """TF's compat.v1 holds the TF 2 names too (``tf.compat.v1.constant``), and TF 1's
    top-level names that TF 2 moved into tf.math and tf.debugging (``tf.compat.v1.log``,
    ``tf.compat.v1.assert_greater``): a name not defined here is found there."""
    eagerbook = sys.modules["eagerbook"]  # the package is imported by now (no import cycle)
    if not name.startswith("__"):
        for namespace in (eagerbook, eagerbook.math, eagerbook.debugging):
            if hasattr(namespace, name):
                return getattr(namespace, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""``tf.compat.v1``: the TF 1.x names the guide's older examples use."""

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

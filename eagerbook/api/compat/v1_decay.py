"""TF 1.x's learning-rate decay functions (``tf.compat.v1.train.exponential_decay``, ...).

Each is one of TF 2's Keras schedules applied to the global step. In a TF 1.x graph the result
is the decayed rate, a tensor recomputed at every ``Session.run``; eagerly it is a function of
no arguments returning the rate (``functools.partial(schedule, global_step)``), so that an
optimizer given it reads the current step each time, as TF does.
"""

import functools
import math

from ...graph import session as _session
from ...keras.optimizers import schedules
from ...ops import math_ops
from .v1_renames import _tf


def _decayed(schedule, global_step, name):
    if not _session._default_stack():  # eager: a function the optimizer calls each step
        return functools.partial(schedule, global_step)
    if global_step is None:
        raise ValueError(f"global_step is required for {name}.")
    return schedule(global_step)


def exponential_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False,
                      name=None):
    """``learning_rate * decay_rate ** (global_step / decay_steps)``."""
    return _decayed(schedules.ExponentialDecay(learning_rate, decay_steps, decay_rate,
                                               staircase=staircase), global_step,
                    "exponential_decay")


def natural_exp_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False,
                      name=None):
    """``learning_rate * exp(-decay_rate * global_step / decay_steps)``."""
    rate = math_ops.exp(-_tf().convert_to_tensor(decay_rate, _tf().float32))
    return _decayed(schedules.ExponentialDecay(learning_rate, decay_steps, rate,
                                               staircase=staircase), global_step,
                    "natural_exp_decay")


def inverse_time_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False,
                       name=None):
    """``learning_rate / (1 + decay_rate * global_step / decay_steps)``."""
    return _decayed(schedules.InverseTimeDecay(learning_rate, decay_steps, decay_rate,
                                               staircase=staircase), global_step,
                    "inverse_time_decay")


def piecewise_constant(x, boundaries, values, name=None):
    """``values[i]`` while `x` is in the i-th interval of `boundaries`."""
    return _decayed(schedules.PiecewiseConstantDecay(boundaries, values), x,
                    "piecewise_constant")


def polynomial_decay(learning_rate, global_step, decay_steps, end_learning_rate=0.0001,
                     power=1.0, cycle=False, name=None):
    return _decayed(schedules.PolynomialDecay(learning_rate, decay_steps, end_learning_rate,
                                              power=power, cycle=cycle), global_step,
                    "polynomial_decay")


def cosine_decay(learning_rate, global_step, decay_steps, alpha=0.0, name=None):
    return _decayed(schedules.CosineDecay(learning_rate, decay_steps, alpha=alpha),
                    global_step, "cosine_decay")


def cosine_decay_restarts(learning_rate, global_step, first_decay_steps, t_mul=2.0, m_mul=1.0,
                          alpha=0.0, name=None):
    return _decayed(schedules.CosineDecayRestarts(learning_rate, first_decay_steps, t_mul=t_mul,
                                                  m_mul=m_mul, alpha=alpha), global_step,
                    "cosine_decay_restarts")


def linear_cosine_decay(learning_rate, global_step, decay_steps, num_periods=0.5, alpha=0.0,
                        beta=0.001, name=None):
    """A cosine decay (``num_periods`` of them) shrinking linearly to zero, plus `beta`:
    ``learning_rate * ((alpha + linear) * cosine + beta)``, as TF 1.x computes it."""
    def schedule(step):
        tf = _tf()
        lr = tf.convert_to_tensor(learning_rate, tf.float32)
        steps = tf.cast(decay_steps, tf.float32)
        step = tf.minimum(tf.cast(step, tf.float32), steps)
        linear = (steps - step) / steps
        fraction = 2.0 * num_periods * step / steps
        cosine = 0.5 * (1.0 + tf.cos(tf.constant(math.pi, tf.float32) * fraction))
        return lr * ((alpha + linear) * cosine + beta)
    return _decayed(schedule, global_step, "linear_cosine_decay")


NAMES = ("exponential_decay", "natural_exp_decay", "inverse_time_decay", "piecewise_constant",
         "polynomial_decay", "cosine_decay", "cosine_decay_restarts", "linear_cosine_decay")

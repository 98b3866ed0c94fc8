"""What Keras 2.11's optimizers added on top of the update rules: decoupled weight decay and an
exponential moving average (EMA) of the trained variables.

* ``weight_decay=wd``: before each update, every variable not excluded shrinks by
  ``var * wd * lr`` (``lr`` the learning rate of this step). The decay is *decoupled* from the
  gradient: it never enters Adam's moments, unlike an L2 penalty added to the loss.
* ``use_ema=True``: the optimizer keeps an ``average`` copy of every variable, updated after
  each step as ``average = ema_momentum * average + (1 - ema_momentum) * var``. With
  ``ema_overwrite_frequency=n`` the variables take their averages every n-th step;
  ``finalize_variable_values`` (which ``Model.fit`` calls at the end) does it once.

The functions take the optimizer and the ``xp`` namespace of ``optimizer.py`` (NumPy arrays
eagerly, recorded ops while tracing), so both modes share one formula.
"""

import re

import numpy as np

from ...ops import math_ops


def check_arguments(weight_decay, use_ema, ema_momentum, ema_overwrite_frequency):
    """TF's ValueErrors for out-of-range settings (checked only when EMA is on, as TF does)."""
    if weight_decay is not None and not isinstance(weight_decay, (int, float)):
        raise TypeError(f"`weight_decay` must be a float, got {weight_decay!r}")
    if not use_ema:
        return
    if ema_momentum > 1 or ema_momentum < 0:
        raise ValueError("`ema_momentum` must be in the range [0, 1]. "
                         f"Received: ema_momentum={ema_momentum}")
    if ema_overwrite_frequency and (not isinstance(ema_overwrite_frequency, int)
                                    or ema_overwrite_frequency < 1):
        raise ValueError("`ema_overwrite_frequency` must be an integer > 1 or None. "
                         f"Received: ema_overwrite_frequency={ema_overwrite_frequency}")


def exclude(optimizer, var_list=None, var_names=None):
    """``exclude_from_weight_decay``: by Variable, or by a pattern searched in the names."""
    if optimizer._slots:
        raise ValueError("`exclude_from_weight_decay()` can only be configued before the "
                         "optimizer is built.")
    optimizer._decay_excluded_ids = {id(v) for v in var_list or []}
    optimizer._decay_excluded_names = list(var_names or [])


def _decays(optimizer, variable):
    if id(variable) in optimizer._decay_excluded_ids:
        return False
    return not any(re.search(pattern, variable.name)
                   for pattern in optimizer._decay_excluded_names)


def apply_weight_decay(optimizer, xp, variables, lr):
    """``var -= var * wd * lr`` for each variable that decays (before the gradient step)."""
    if optimizer.weight_decay is None:
        return
    for variable in variables:
        if _decays(optimizer, variable):
            w = xp.read(variable)
            xp.write(variable, w - w * optimizer.weight_decay * lr)


def make_averages(optimizer, variables):
    """One ``average`` slot per variable, starting at the variable's current value."""
    for variable in variables:
        start = np.array(variable._value)  # (slots may be made while a step is traced)
        optimizer.add_slot(variable, "average", initializer=lambda shape, dtype, v=start: v)


def update_averages(optimizer, xp, variables, step):
    """The EMA step after the update; every ``ema_overwrite_frequency``-th step (``step`` counts
    from 0 here) the variables take their averages."""
    if not optimizer.use_ema:
        return
    momentum = optimizer.ema_momentum
    averages = [optimizer.get_slot(v, "average") for v in variables]
    for variable, average in zip(variables, averages, strict=True):
        xp.write(average, xp.read(average) * momentum + xp.read(variable) * (1 - momentum))
    frequency = optimizer.ema_overwrite_frequency
    if not frequency:
        return
    if isinstance(step, int):
        if (step + 1) % frequency == 0:
            for variable, average in zip(variables, averages, strict=True):
                xp.write(variable, xp.read(average))
        return
    due = math_ops.equal(math_ops.floormod(step + 1, frequency), 0)
    for variable, average in zip(variables, averages, strict=True):
        xp.write(variable, xp.where(due, xp.read(average), xp.read(variable)))


def finalize(optimizer, var_list):
    """``finalize_variable_values``: with EMA on, the variables take their averages."""
    if not optimizer.use_ema:
        return
    for variable in var_list:
        slots = optimizer._slots.get(id(variable), {})
        if "average" in slots:
            variable.assign(slots["average"].numpy())

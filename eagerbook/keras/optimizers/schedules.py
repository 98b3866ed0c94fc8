"""``tf.keras.optimizers.schedules``: learning rates that depend on the step number.

Each schedule is a few tensor ops in the learning rate's dtype (float32), in TF's order, so
that the value is TF's to the last bit, and the same code runs eagerly and inside
``tf.function``. The step may be a Python number, a tensor or an array of steps (to plot a
schedule: ``schedule(np.arange(100))``).
"""

import math

from ...core.tensor import convert_to_tensor
from ...ops import math_ops


class LearningRateSchedule:
    """``schedule(step)`` -> learning rate (a float32 Tensor)."""

    def __call__(self, step):
        raise NotImplementedError("Learning rate schedule must override __call__")

    def get_config(self):
        raise NotImplementedError(f"Learning rate schedule '{type(self).__name__}' must "
                                  "override `get_config()` in order to be serializable.")

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _float(value, dtype):
    """`value` (a Python number or a tensor) as a tensor of `dtype`, as TF's ``tf.cast``."""
    return math_ops.cast(convert_to_tensor(value), dtype)


class ExponentialDecay(LearningRateSchedule):
    """``initial * decay_rate ** (step / decay_steps)`` (the exponent floored if ``staircase``)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        p = math_ops.truediv(_float(step, dtype), _float(self.decay_steps, dtype))
        if self.staircase:
            p = math_ops.floor(p)
        return math_ops.multiply(initial, math_ops.pow(_float(self.decay_rate, dtype), p))

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "decay_rate": self.decay_rate,
                "staircase": self.staircase, "name": self.name}


class PiecewiseConstantDecay(LearningRateSchedule):
    """``values[0]`` while step <= boundaries[0], ``values[1]`` up to boundaries[1], ..."""

    def __init__(self, boundaries, values, name=None):
        if len(boundaries) != len(values) - 1:
            raise ValueError("The length of boundaries should be 1 less than the length of "
                             f"values. Received: boundaries={boundaries} of length "
                             f"{len(boundaries)}, and values={values} of length {len(values)}.")
        self.boundaries = list(boundaries)
        self.values = list(values)
        self.name = name

    def __call__(self, step):
        step = convert_to_tensor(step)
        values = [convert_to_tensor(v) for v in self.values]  # (each keeps its own dtype)
        out = values[-1]
        for boundary, value in reversed(list(zip(self.boundaries, values[:-1]))):
            out = math_ops.where_v2(math_ops.less_equal(step, _float(boundary, step.dtype)),
                                    math_ops.cast(value, out.dtype), out)
        return out

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class InverseTimeDecay(LearningRateSchedule):
    """``initial / (1 + decay_rate * step / decay_steps)`` (floored if ``staircase``)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        p = math_ops.truediv(_float(step, dtype), _float(self.decay_steps, dtype))
        if self.staircase:
            p = math_ops.floor(p)
        decayed = math_ops.multiply(_float(self.decay_rate, dtype), p)
        return math_ops.truediv(initial, math_ops.add(1.0, decayed))

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "decay_rate": self.decay_rate,
                "staircase": self.staircase, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    """``(initial - end) * (1 - step / decay_steps) ** power + end``; with ``cycle`` the
    period grows to the next multiple of `decay_steps`, else the step stops there."""

    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0,
                 cycle=False, name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        end, power = _float(self.end_learning_rate, dtype), _float(self.power, dtype)
        step, decay_steps = _float(step, dtype), _float(self.decay_steps, dtype)
        if self.cycle:  # (step 0 keeps the first period)
            periods = math_ops.where_v2(math_ops.equal(step, 0.0), 1.0,
                                        math_ops.ceil(math_ops.truediv(step, decay_steps)))
            decay_steps = math_ops.multiply(decay_steps, periods)
        else:
            step = math_ops.minimum(step, decay_steps)
        p = math_ops.truediv(step, decay_steps)
        return math_ops.add(math_ops.multiply(math_ops.subtract(initial, end),
                                              math_ops.pow(math_ops.subtract(1.0, p), power)),
                            end)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "end_learning_rate": self.end_learning_rate,
                "power": self.power, "cycle": self.cycle, "name": self.name}


def _cosine_part(fraction, dtype):
    """``0.5 * (1 + cos(pi * fraction))``: from 1 at fraction 0 down to 0 at fraction 1."""
    pi = convert_to_tensor(math.pi, dtype=dtype)
    return math_ops.multiply(0.5, math_ops.add(1.0, math_ops.cos(math_ops.multiply(pi,
                                                                                   fraction))))


class CosineDecay(LearningRateSchedule):
    """Half a cosine from ``initial`` down to ``alpha * initial`` over `decay_steps`, then flat.
    With ``warmup_target``, a straight line from ``initial`` up to it over `warmup_steps`
    first, then the cosine from there."""

    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name=None,
                 warmup_target=None, warmup_steps=0):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_target = warmup_target
        self.warmup_steps = warmup_steps

    def _decay(self, step, decay_steps, decay_from, dtype):
        cosine = _cosine_part(math_ops.truediv(step, decay_steps), dtype)
        decayed = math_ops.add(math_ops.multiply(1 - self.alpha, cosine), self.alpha)
        return math_ops.multiply(decay_from, decayed)

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        decay_steps, step = _float(self.decay_steps, dtype), _float(step, dtype)
        if self.warmup_target is None:
            return self._decay(math_ops.minimum(step, decay_steps), decay_steps, initial, dtype)
        warmup_steps = _float(self.warmup_steps, dtype)
        step = math_ops.minimum(step, math_ops.add(decay_steps, warmup_steps))
        target = _float(self.warmup_target, dtype)
        rising = math_ops.add(math_ops.multiply(math_ops.subtract(target, initial),
                                                math_ops.truediv(step, warmup_steps)), initial)
        falling = self._decay(math_ops.subtract(step, warmup_steps), decay_steps, target, dtype)
        return math_ops.where_v2(math_ops.less(step, warmup_steps), rising, falling)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "alpha": self.alpha, "name": self.name,
                "warmup_target": self.warmup_target, "warmup_steps": self.warmup_steps}


class CosineDecayRestarts(LearningRateSchedule):
    """Cosine decay that restarts (SGDR): period ``first_decay_steps``, each next period
    ``t_mul`` times longer and its peak ``m_mul`` times lower."""

    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0,
                 alpha=0.0, name=None):
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul = t_mul
        self._m_mul = m_mul
        self.alpha = alpha
        self.name = name

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        alpha, t_mul = _float(self.alpha, dtype), _float(self._t_mul, dtype)
        fraction = math_ops.truediv(_float(step, dtype), _float(self.first_decay_steps, dtype))
        if float(self._t_mul) == 1.0:  # periods of one length: the restart is the whole part
            restarts = math_ops.floor(fraction)
            fraction = math_ops.subtract(fraction, restarts)
        else:  # periods growing geometrically: which one `fraction` falls in, and where
            restarts = math_ops.floor(math_ops.truediv(
                math_ops.log(math_ops.subtract(1.0, math_ops.multiply(
                    fraction, math_ops.subtract(1.0, t_mul)))), math_ops.log(t_mul)))
            done = math_ops.truediv(math_ops.subtract(1.0, math_ops.pow(t_mul, restarts)),
                                    math_ops.subtract(1.0, t_mul))
            fraction = math_ops.truediv(math_ops.subtract(fraction, done),
                                        math_ops.pow(t_mul, restarts))
        peak = math_ops.pow(_float(self._m_mul, dtype), restarts)
        cosine = math_ops.multiply(math_ops.multiply(0.5, peak), math_ops.add(
            1.0, math_ops.cos(math_ops.multiply(convert_to_tensor(math.pi, dtype=dtype),
                                                fraction))))
        decayed = math_ops.add(math_ops.multiply(math_ops.subtract(1.0, alpha), cosine), alpha)
        return math_ops.multiply(initial, decayed)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "first_decay_steps": self.first_decay_steps, "t_mul": self._t_mul,
                "m_mul": self._m_mul, "alpha": self.alpha, "name": self.name}


def serialize(schedule):
    """Keras 2.13's form: where the class lives, its name, its config, its registered name
    (None for the built-in schedules)."""
    from .. import serialization
    return serialization.keras_object_entry(schedule, "keras.optimizers.schedules")


def deserialize(config):
    classes = {c.__name__: c for c in (ExponentialDecay, PiecewiseConstantDecay,
                                       InverseTimeDecay, PolynomialDecay, CosineDecay,
                                       CosineDecayRestarts)}
    return classes[config["class_name"]].from_config(config["config"])

"""``tf.keras.optimizers.schedules``: learning rates that depend on the step number."""

import math

import numpy as np

from ...core import dtypes
from ...core.tensor import Tensor, convert_to_tensor
from ...ops import math_ops


def _python_step(step):
    """The step as a Python number, or None when it is symbolic (tf.function tracing)."""
    if isinstance(step, (int, float)):
        return step
    if isinstance(step, Tensor) or hasattr(type(step), "_as_tensor"):
        value = step._value
        return None if value is None else float(value)
    return float(step)


def _step_array(step):
    """The steps as a NumPy array when `step` holds more than one number, else None."""
    value = step._value if isinstance(step, Tensor) else step
    if value is None or isinstance(value, (int, float)) or np.ndim(value) == 0:
        return None
    return np.asarray(value, np.float64)


class LearningRateSchedule:
    """``schedule(step)`` -> learning rate (a float32 Tensor)."""

    def __call__(self, step):
        steps = _step_array(step)
        if steps is not None:  # many steps at once (np.linspace to plot the schedule)
            values = [self._value_at(float(s)) for s in steps.reshape(-1)]
            return convert_to_tensor(np.reshape(values, steps.shape), dtype=dtypes.float32)
        value = _python_step(step)
        if value is not None:
            return convert_to_tensor(self._value_at(value), dtype=dtypes.float32)
        return self._tensor_at(math_ops.cast(convert_to_tensor(step), dtypes.float32))

    def _value_at(self, step):
        raise NotImplementedError

    def _tensor_at(self, step):
        raise NotImplementedError(f"{type(self).__name__} cannot run inside tf.function yet.")

    def get_config(self):
        raise NotImplementedError

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class ExponentialDecay(LearningRateSchedule):
    """``initial * decay_rate ** (step / decay_steps)`` (integer division if ``staircase``)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def _value_at(self, step):
        # TF checks no sign: decay_steps=0 gives 0 ** (1/0) = 0.0 (NaN at step 0), as floats do.
        with np.errstate(divide="ignore", invalid="ignore"):
            p = float(np.float64(step) / np.float64(self.decay_steps))
        if self.staircase:
            p = float(np.floor(p))
        return float(self.initial_learning_rate) * float(self.decay_rate) ** p

    def _tensor_at(self, step):
        p = math_ops.truediv(step, float(self.decay_steps))
        if self.staircase:
            p = math_ops.floor(p)
        return math_ops.multiply(math_ops.pow(convert_to_tensor(float(self.decay_rate)), p),
                                 float(self.initial_learning_rate))

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

    def _value_at(self, step):
        for boundary, value in zip(self.boundaries, self.values):
            if step <= boundary:
                return float(value)
        return float(self.values[-1])

    def _tensor_at(self, step):
        out = convert_to_tensor(float(self.values[-1]))
        for boundary, value in reversed(list(zip(self.boundaries, self.values))):
            out = math_ops.where_v2(math_ops.less_equal(step, float(boundary)),
                                    convert_to_tensor(float(value)), out)
        return out

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class InverseTimeDecay(LearningRateSchedule):
    """``initial / (1 + decay_rate * step / decay_steps)``."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def _value_at(self, step):
        p = step / self.decay_steps
        if self.staircase:
            p = math.floor(p)
        return float(self.initial_learning_rate) / (1.0 + float(self.decay_rate) * p)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "decay_rate": self.decay_rate,
                "staircase": self.staircase, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0,
                 cycle=False, name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name

    def _value_at(self, step):
        steps = float(self.decay_steps)
        if self.cycle:
            steps = steps * max(1.0, math.ceil(step / steps)) if step else steps
        else:
            step = min(step, steps)
        frac = 1.0 - step / steps
        return (float(self.initial_learning_rate) - self.end_learning_rate) * \
            frac ** self.power + self.end_learning_rate

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "end_learning_rate": self.end_learning_rate,
                "power": self.power, "cycle": self.cycle, "name": self.name}


class CosineDecay(LearningRateSchedule):
    """Half a cosine from ``initial`` down to ``alpha * initial`` over `decay_steps`, then flat."""

    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name=None):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name

    def _value_at(self, step):
        fraction = min(step, self.decay_steps) / self.decay_steps
        cosine = 0.5 * (1.0 + math.cos(math.pi * fraction))
        return float(self.initial_learning_rate) * ((1.0 - self.alpha) * cosine + self.alpha)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "alpha": self.alpha, "name": self.name}


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

    def _value_at(self, step):
        fraction = step / self.first_decay_steps
        t_mul = float(self._t_mul)
        if t_mul == 1.0:
            restarts = math.floor(fraction)
            fraction -= restarts
        else:
            # Periods grow geometrically: which period `fraction` falls in, and where.
            restarts = math.floor(math.log(1.0 - fraction * (1.0 - t_mul)) / math.log(t_mul))
            done = (1.0 - t_mul ** restarts) / (1.0 - t_mul)
            fraction = (fraction - done) / t_mul ** restarts
        peak = float(self._m_mul) ** restarts
        cosine = 0.5 * peak * (1.0 + math.cos(math.pi * fraction))
        return float(self.initial_learning_rate) * ((1.0 - self.alpha) * cosine + self.alpha)

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

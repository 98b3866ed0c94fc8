"""The update rules of SGD, Adam, RMSprop and Adagrad (``epsilon`` = 1e-7): TF 2.21's
tf.keras.optimizers', in float32 step for step as TF takes them; where TF's legacy optimizers
(OptimizerV2, ``tf.keras.optimizers.legacy``) differ, RMSprop without momentum and Adagrad,
those classes keep the legacy rule.

Each ``_update(xp, grad, var, coeffs)`` is written once for both namespaces (NumPy arrays in
eager mode, tensors while tracing); see ``optimizer.py``.
"""

import numpy as np

from .optimizer import Optimizer, hyperparameter


class SGD(Optimizer):
    """``v = momentum * v - lr * g; w += v`` (Nesterov: ``w += momentum * v - lr * g``)."""

    momentum = hyperparameter("momentum")

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name="SGD",
                 **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        if isinstance(momentum, (int, float)) and not 0 <= momentum <= 1:
            raise ValueError("`momentum` must be between [0, 1].")
        self.momentum = float(momentum)
        self.nesterov = bool(nesterov)

    def _create_slots(self, var_list):
        if self.momentum:
            for v in var_list:
                self.add_slot(v, "momentum")

    def _update(self, xp, grad, var, coeffs):
        lr = coeffs["lr"]
        w = xp.read(var)
        if not self.momentum:
            xp.write(var, xp.subtract_scaled(w, grad, lr))
            return
        slot = self.get_slot(var, "momentum")
        velocity = xp.read(slot) * self.momentum - grad * lr
        xp.write(slot, velocity)
        if self.nesterov:  # (TF adds the step to w in one go, as here)
            xp.write(var, w + (velocity * self.momentum - grad * lr))
        else:
            xp.write(var, w + velocity)

    def get_config(self):
        config = super().get_config()
        config.update({"momentum": self._serialize_hyperparameter("momentum"),
                       "nesterov": self.nesterov})
        return config


class Adam(Optimizer):
    """``m = b1 m + (1-b1) g; v = b2 v + (1-b2) g^2;
    w -= lr sqrt(1-b2^t)/(1-b1^t) * m / (sqrt(v) + epsilon)`` (AMSGrad: max of the v's)."""

    beta_1 = hyperparameter("beta_1")
    beta_2 = hyperparameter("beta_2")

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 amsgrad=False, name="Adam", **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        self.beta_1 = float(beta_1)
        self.beta_2 = float(beta_2)
        self.epsilon = float(epsilon) if epsilon is not None else 1e-7
        self.amsgrad = bool(amsgrad)

    def _create_slots(self, var_list):
        for v in var_list:
            self.add_slot(v, "m")
        for v in var_list:
            self.add_slot(v, "v")
        if self.amsgrad:
            for v in var_list:
                self.add_slot(v, "vhat")

    def _prepare(self, xp, step, lr):
        # In float32, step for step as TF (its new and legacy Adam alike) computes them.
        t = step + 1
        b1_power = xp.pow32(self.beta_1, t)
        b2_power = xp.pow32(self.beta_2, t)
        alpha = lr * xp.sqrt(1.0 - b2_power) / (1.0 - b1_power)
        return {"lr": lr, "lr_t": alpha}

    def _update(self, xp, grad, var, coeffs):
        # As TF: m += (g - m) (1 - b1), v += (g^2 - v) (1 - b2), w -= m alpha / (sqrt(v) + eps)
        m_slot, v_slot = self.get_slot(var, "m"), self.get_slot(var, "v")
        b1, b2 = _complement(self, self.beta_1), _complement(self, self.beta_2)
        m, v = xp.read(m_slot), xp.read(v_slot)
        if coeffs.get("sparse") and not self._legacy:
            # TF's rule for rows (IndexedSlices): all of m and v decay, then the rows' terms
            # are added (m += -m (1 - b1); m[rows] += g (1 - b1)): other float32 roundings.
            # The gradient's other rows are zeros, which leave those sums as they are.
            m = m + (-m) * b1 + grad * b1
            v = v + (-v) * b2 + (grad * grad) * b2
        else:
            m = m + (grad - m) * b1
            v = v + (grad * grad - v) * b2
        xp.write(m_slot, m)
        xp.write(v_slot, v)
        if self.amsgrad:
            vhat_slot = self.get_slot(var, "vhat")
            v = xp.maximum(xp.read(vhat_slot), v)
            xp.write(vhat_slot, v)
        step = m * coeffs["lr_t"] / (xp.sqrt(v) + self.epsilon)
        xp.write(var, xp.read(var) - step)

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self._serialize_hyperparameter("beta_1"),
                       "beta_2": self._serialize_hyperparameter("beta_2"), "epsilon": self.epsilon,
                       "amsgrad": self.amsgrad})
        return config


def _complement(optimizer, beta):
    """1 - beta as TF takes it: the new optimizers in Python (1 - 0.9 becomes 0.1 in float32),
    the legacy ones' fused kernels in float32 (1 - 0.9 is 0.100000024 there)."""
    if optimizer._legacy:
        return float(np.float32(1) - np.float32(beta))
    return 1.0 - beta


class RMSprop(Optimizer):
    """``ms = rho ms + (1-rho) g^2; w -= lr g / sqrt(ms + epsilon)``; with ``momentum``:
    ``mom = momentum mom + lr g / sqrt(ms + epsilon); w -= mom``; ``centered`` subtracts the
    squared running mean of g from ms. (The legacy class without momentum: ``w -= lr g /
    (sqrt(ms) + epsilon)``.)"""

    rho = hyperparameter("rho")
    momentum = hyperparameter("momentum")

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7,
                 centered=False, name="RMSprop", **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        self.rho = float(rho)
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.centered = bool(centered)

    def _create_slots(self, var_list):
        for v in var_list:
            self.add_slot(v, "rms")
        if self.momentum:
            for v in var_list:
                self.add_slot(v, "momentum")
        if self.centered:
            for v in var_list:
                self.add_slot(v, "mg")

    def _update(self, xp, grad, var, coeffs):
        lr = coeffs["lr"]
        rms_slot = self.get_slot(var, "rms")
        ms = xp.read(rms_slot) * self.rho + grad * grad * (1.0 - self.rho)
        xp.write(rms_slot, ms)
        denom = ms
        if self.centered:
            mg_slot = self.get_slot(var, "mg")
            mg = xp.read(mg_slot) * self.rho + grad * (1.0 - self.rho)
            xp.write(mg_slot, mg)
            denom = ms - mg * mg
        if not self._legacy:
            # TF 2.21's: lr g / sqrt(ms + epsilon), with or without momentum (the legacy
            # one divides by sqrt(ms) + epsilon without momentum, which moves much further
            # where g is small)
            increment = lr * grad * (1.0 / xp.sqrt(denom + self.epsilon))
            if self.momentum:
                mom_slot = self.get_slot(var, "momentum")
                mom = xp.read(mom_slot) * self.momentum + increment
                xp.write(mom_slot, mom)
                increment = mom
            xp.write(var, xp.read(var) - increment)
        elif self.momentum:
            mom_slot = self.get_slot(var, "momentum")
            mom = xp.read(mom_slot) * self.momentum + grad * lr / xp.sqrt(denom + self.epsilon)
            xp.write(mom_slot, mom)
            xp.write(var, xp.read(var) - mom)
        else:
            xp.write(var, xp.read(var) - grad * lr / (xp.sqrt(denom) + self.epsilon))

    def get_config(self):
        config = super().get_config()
        config.update({"rho": self._serialize_hyperparameter("rho"),
                       "momentum": self._serialize_hyperparameter("momentum"),
                       "epsilon": self.epsilon,
                       "centered": self.centered})
        return config


class Adagrad(Optimizer):
    """``acc += g^2; w -= lr g / sqrt(acc + epsilon)``, ``acc`` starting at 0.1 (the legacy
    class: ``/ (sqrt(acc) + epsilon)``)."""

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7,
                 name="Adagrad", **kwargs):
        if initial_accumulator_value < 0.0:
            raise ValueError("initial_accumulator_value must be non-negative: "
                             f"{initial_accumulator_value}")
        super().__init__(name, learning_rate, **kwargs)
        self.initial_accumulator_value = float(initial_accumulator_value)
        self.epsilon = float(epsilon)

    def _create_slots(self, var_list):
        for v in var_list:
            self.add_slot(v, "accumulator", self.initial_accumulator_value)

    def _update(self, xp, grad, var, coeffs):
        slot = self.get_slot(var, "accumulator")
        acc = xp.read(slot) + grad * grad
        xp.write(slot, acc)
        if self._legacy:
            xp.write(var, xp.read(var) - grad * coeffs["lr"] / (xp.sqrt(acc) + self.epsilon))
        else:  # (TF 2.21's: epsilon under the root)
            xp.write(var, xp.read(var) - coeffs["lr"] * grad / xp.sqrt(acc + self.epsilon))

    def get_config(self):
        config = super().get_config()
        config.update({"initial_accumulator_value": self.initial_accumulator_value,
                       "epsilon": self.epsilon})
        return config

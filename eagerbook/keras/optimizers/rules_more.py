"""The update rules of Adadelta, Adamax, Nadam and Ftrl, written like those of ``rules.py``: once
for NumPy arrays (eager) and tensors (tracing). Adamax and Nadam follow TF 2.21's
tf.keras.optimizers (Nadam's momentum schedule is b1 (1 - 0.5 * 0.96^t) there), their legacy
classes TF 2's ``OptimizerV2`` (0.96^(0.004 t)); Adadelta and Ftrl are OptimizerV2's."""

import numpy as np

from ...core import dtypes
from ...core.variable import Variable
from .. import backend
from . import schedules
from .optimizer import Optimizer, hyperparameter


class Adadelta(Optimizer):
    """``acc_g = rho acc_g + (1-rho) g^2; d = sqrt(acc_d + eps) / sqrt(acc_g + eps) * g;
    acc_d = rho acc_d + (1-rho) d^2; w -= lr d`` (steps scaled by past steps' sizes)."""

    rho = hyperparameter("rho")

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, name="Adadelta",
                 **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        self.rho = float(rho)
        self.epsilon = float(epsilon) if epsilon is not None else 1e-7

    def _create_slots(self, var_list):
        for v in var_list:
            self.add_slot(v, "accum_grad")
        for v in var_list:
            self.add_slot(v, "accum_var")

    def _update(self, xp, grad, var, coeffs):
        grad_slot, var_slot = self.get_slot(var, "accum_grad"), self.get_slot(var, "accum_var")
        accum_grad = xp.read(grad_slot) * self.rho + grad * grad * (1.0 - self.rho)
        xp.write(grad_slot, accum_grad)
        accum_var = xp.read(var_slot)
        delta = xp.sqrt(accum_var + self.epsilon) / xp.sqrt(accum_grad + self.epsilon) * grad
        xp.write(var_slot, accum_var * self.rho + delta * delta * (1.0 - self.rho))
        xp.write(var, xp.read(var) - delta * coeffs["lr"])

    def get_config(self):
        config = super().get_config()
        config.update({"rho": self._serialize_hyperparameter("rho"), "epsilon": self.epsilon})
        return config


class Adamax(Optimizer):
    """Adam with the infinity norm: ``m = b1 m + (1-b1) g; u = max(b2 u, |g|);
    w -= lr / (1 - b1^t) * m / (u + epsilon)``."""

    beta_1 = hyperparameter("beta_1")
    beta_2 = hyperparameter("beta_2")

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 name="Adamax", **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        self.beta_1 = float(beta_1)
        self.beta_2 = float(beta_2)
        self.epsilon = float(epsilon) if epsilon is not None else 1e-7

    def _create_slots(self, var_list):
        for v in var_list:
            self.add_slot(v, "m")
        for v in var_list:
            self.add_slot(v, "v")

    def _prepare(self, xp, step, lr):
        if self._legacy:
            return {"lr_t": lr / (1.0 - xp.pow(self.beta_1, step + 1))}
        return {"lr": lr, "b1_power": xp.pow32(self.beta_1, step + 1)}

    def _update(self, xp, grad, var, coeffs):
        m_slot, u_slot = self.get_slot(var, "m"), self.get_slot(var, "v")
        u = xp.maximum(xp.read(u_slot) * self.beta_2, xp.abs(grad))
        xp.write(u_slot, u)
        if self._legacy:
            m = xp.read(m_slot) * self.beta_1 + grad * (1.0 - self.beta_1)
            xp.write(m_slot, m)
            xp.write(var, xp.read(var) - m * coeffs["lr_t"] / (u + self.epsilon))
            return
        # TF 2.21's, in its order: m += (g - m)(1 - b1); w -= lr m / ((1 - b1^t)(u + eps))
        m = xp.read(m_slot)
        m = m + (grad - m) * (1.0 - self.beta_1)
        xp.write(m_slot, m)
        xp.write(var, xp.read(var) - coeffs["lr"] * m / (
            (1.0 - coeffs["b1_power"]) * (u + self.epsilon)))

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self._serialize_hyperparameter("beta_1"),
                       "beta_2": self._serialize_hyperparameter("beta_2"),
                       "epsilon": self.epsilon})
        return config


class Nadam(Optimizer):
    """Adam with Nesterov momentum (Dozat): the step mixes this gradient and the next
    momentum, each divided by the product of the momentum factors so far,
    ``mu_t = b1 (1 - 0.5 * 0.96^t)`` (the legacy class: ``0.96^(0.004 t)``; their running
    product is the ``momentum_cache`` weight): ``w -= lr * ((1-mu_t) g / (1-prod_t) +
    mu_{t+1} m / (1-prod_{t+1})) / (sqrt(v / (1-b2^t)) + epsilon)``."""

    beta_1 = hyperparameter("beta_1")
    beta_2 = hyperparameter("beta_2")

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 name="Nadam", **kwargs):
        # TF's OptimizerV2 Nadam: `decay` is the momentum schedule's (`schedule_decay`), not
        # a learning-rate decay, and a `decay` argument is ignored.
        kwargs.pop("decay", None)
        self.schedule_decay = float(kwargs.pop("schedule_decay", 0.004))
        if self._legacy and isinstance(kwargs.get("lr", learning_rate),
                                       schedules.LearningRateSchedule):
            raise ValueError("The Nadam optimizer does not support "
                             "tf.keras.optimizers.LearningRateSchedules as the learning rate.")
        super().__init__(name, learning_rate, **kwargs)
        self.beta_1 = float(beta_1)
        self.beta_2 = float(beta_2)
        self.epsilon = float(epsilon) if epsilon is not None else 1e-7
        self._momentum_cache = None

    def _create_slots(self, var_list):
        if self._momentum_cache is None:
            with backend.init_scope():
                self._momentum_cache = Variable(np.float32(1.0), trainable=False,
                                                dtype=dtypes.float32)
                self._momentum_cache._name = f"{self._name}/momentum_cache:0"
        for v in var_list:
            self.add_slot(v, "m")
        for v in var_list:
            self.add_slot(v, "v")

    def _prepare(self, xp, step, lr):
        if not self._legacy:
            return self._prepare_tf_2_21(xp, step, lr)
        t = step + 1
        mu_t = self.beta_1 * (1.0 - 0.5 * xp.pow(0.96, self.schedule_decay * t))
        mu_next = self.beta_1 * (1.0 - 0.5 * xp.pow(0.96, self.schedule_decay * (t + 1)))
        product = xp.read(self._momentum_cache) * mu_t
        xp.write(self._momentum_cache, product)
        return {"lr": lr, "mu_t": mu_t, "mu_next": mu_next, "product": product,
                "product_next": product * mu_next,
                "v_correction": 1.0 - xp.pow(self.beta_2, t)}

    def _prepare_tf_2_21(self, xp, step, lr):
        """TF 2.21's Nadam: the momentum schedule is b1 (1 - 0.5 * 0.96^t), in float32 steps
        (its ``_u_product`` is the momentum_cache weight here)."""
        b1, b2 = np.float32(self.beta_1), np.float32(self.beta_2)
        u_t = b1 * (1.0 - 0.5 * xp.pow32(0.96, step + 1))
        u_next = b1 * (1.0 - 0.5 * xp.pow32(0.96, step + 2))
        product = xp.read(self._momentum_cache) * u_t
        xp.write(self._momentum_cache, product)
        return {"lr": lr, "u_t": u_t, "u_next": u_next, "product": product,
                "product_next": product * u_next, "b2_power": xp.pow32(self.beta_2, step + 1),
                "one_minus_b1": 1.0 - b1, "one_minus_b2": 1.0 - b2}

    def _update(self, xp, grad, var, coeffs):
        m_slot, v_slot = self.get_slot(var, "m"), self.get_slot(var, "v")
        if not self._legacy:
            m = xp.read(m_slot)
            m = m + (grad - m) * coeffs["one_minus_b1"]
            v = xp.read(v_slot)
            v = v + (grad * grad - v) * coeffs["one_minus_b2"]
            xp.write(m_slot, m)
            xp.write(v_slot, v)
            m_hat = (coeffs["u_next"] * m / (1.0 - coeffs["product_next"])
                     + (1.0 - coeffs["u_t"]) * grad / (1.0 - coeffs["product"]))
            v_hat = v / (1.0 - coeffs["b2_power"])
            xp.write(var, xp.read(var) - m_hat * coeffs["lr"] / (xp.sqrt(v_hat) + self.epsilon))
            return
        m = xp.read(m_slot) * self.beta_1 + grad * (1.0 - self.beta_1)
        v = xp.read(v_slot) * self.beta_2 + grad * grad * (1.0 - self.beta_2)
        xp.write(m_slot, m)
        xp.write(v_slot, v)
        m_bar = (grad / (1.0 - coeffs["product"]) * (1.0 - coeffs["mu_t"])
                 + m / (1.0 - coeffs["product_next"]) * coeffs["mu_next"])
        v_hat = v / coeffs["v_correction"]
        xp.write(var, xp.read(var) - m_bar * coeffs["lr"] / (xp.sqrt(v_hat) + self.epsilon))

    def variables(self):
        """``iter``, ``momentum_cache`` (once the first step made it), then the slots."""
        out = super().variables()
        return out if self._momentum_cache is None else out[:1] + [self._momentum_cache] + out[1:]

    def get_config(self):
        config = super().get_config()
        config.update({"decay": self.schedule_decay,
                       "beta_1": self._serialize_hyperparameter("beta_1"),
                       "beta_2": self._serialize_hyperparameter("beta_2"),
                       "epsilon": self.epsilon})
        return config

    def _trackable_children(self):
        children = super()._trackable_children()
        if self._momentum_cache is not None:
            children["momentum_cache"] = self._momentum_cache
        return children


class Ftrl(Optimizer):
    """Follow-the-regularized-leader (McMahan et al.): per coordinate, ``acc += g^2``,
    ``z += g - (acc_new^-p - acc^-p) / lr * w``, and ``w`` is the minimizer of the
    regularized linear model, ``(sign(z) l1 - z) / (acc_new^-p / lr + 2 l2)`` where
    ``|z| > l1`` and 0 elsewhere (``p`` = ``learning_rate_power``, -0.5 by default)."""

    def __init__(self, learning_rate=0.001, learning_rate_power=-0.5,
                 initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, name="Ftrl",
                 l2_shrinkage_regularization_strength=0.0, beta=0.0, **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        if initial_accumulator_value < 0.0:
            raise ValueError("`initial_accumulator_value` needs to be positive or zero. "
                             f"Received: initial_accumulator_value={initial_accumulator_value}.")
        if learning_rate_power > 0.0:
            raise ValueError("`learning_rate_power` needs to be negative or zero. Received: "
                             f"learning_rate_power={learning_rate_power}.")
        if l1_regularization_strength < 0.0 or l2_regularization_strength < 0.0:
            raise ValueError("The regularization strengths need to be positive or zero.")
        if l2_shrinkage_regularization_strength or beta:
            raise ValueError("eagerbook's Ftrl supports l2_shrinkage_regularization_strength=0 "
                             "and beta=0 only.")
        self.learning_rate_power = float(learning_rate_power)
        self.initial_accumulator_value = float(initial_accumulator_value)
        self.l1 = float(l1_regularization_strength)
        self.l2 = float(l2_regularization_strength)

    def _create_slots(self, var_list):
        for v in var_list:  # (both slots of one variable, then the next: TF's order)
            self.add_slot(v, "accumulator", self.initial_accumulator_value)
            self.add_slot(v, "linear")

    def _update(self, xp, grad, var, coeffs):
        lr, power = coeffs["lr"], -self.learning_rate_power
        acc_slot, lin_slot = self.get_slot(var, "accumulator"), self.get_slot(var, "linear")
        acc = xp.read(acc_slot)
        acc_new = acc + grad * grad
        w = xp.read(var)
        linear = xp.read(lin_slot) + grad - (xp.power(acc_new, power) -
                                             xp.power(acc, power)) / lr * w
        quadratic = xp.power(acc_new, power) / lr + 2.0 * self.l2
        shrunk = (xp.sign(linear) * self.l1 - linear) / quadratic
        xp.write(acc_slot, acc_new)
        xp.write(lin_slot, linear)
        xp.write(var, xp.where(xp.abs(linear) > self.l1, shrunk, shrunk * 0.0))

    def get_config(self):
        config = super().get_config()
        config.update({"learning_rate_power": self.learning_rate_power,
                       "initial_accumulator_value": self.initial_accumulator_value,
                       "l1_regularization_strength": self.l1,
                       "l2_regularization_strength": self.l2,
                       "l2_shrinkage_regularization_strength": 0.0, "beta": 0.0})
        return config


__all__ = ["Adadelta", "Adamax", "Ftrl", "Nadam"]

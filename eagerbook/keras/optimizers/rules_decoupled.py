"""The optimizers Keras 2.11+ brought along with decoupled weight decay: AdamW and Lion."""

from .optimizer import hyperparameter
from .rules import Adam, Optimizer


class AdamW(Adam):
    """Adam with decoupled weight decay switched on (``weight_decay=0.004``): each step first
    shrinks the weights by ``w * weight_decay * lr``, then takes Adam's step."""

    def __init__(self, learning_rate=0.001, weight_decay=0.004, beta_1=0.9, beta_2=0.999,
                 epsilon=1e-7, amsgrad=False, name="AdamW", **kwargs):
        if weight_decay is None:
            raise ValueError("Missing value of `weight_decay` which is required and must be "
                             "a float value.")
        super().__init__(learning_rate, beta_1, beta_2, epsilon, amsgrad, name=name,
                         weight_decay=weight_decay, **kwargs)


class Lion(Optimizer):
    """``w -= lr * sign(b1 m + (1-b1) g)``, then ``m = b2 m + (1-b2) g``: only the sign of the
    interpolated momentum moves the weights, so every coordinate steps by exactly ``lr``."""

    beta_1 = hyperparameter("beta_1")
    beta_2 = hyperparameter("beta_2")

    def __init__(self, learning_rate=0.0001, beta_1=0.9, beta_2=0.99, name="Lion", **kwargs):
        super().__init__(name, learning_rate, **kwargs)
        if beta_1 <= 0 or beta_1 > 1:
            raise ValueError("Argument `beta_1` must be in the [0, 1] range. Otherwise, the "
                             f"optimizer degenerates to SignSGD. Received: beta_1={beta_1}.")
        self.beta_1 = float(beta_1)
        self.beta_2 = float(beta_2)

    def _create_slots(self, var_list):
        for v in var_list:
            self.add_slot(v, "m")

    def _update(self, xp, grad, var, coeffs):
        m_slot = self.get_slot(var, "m")
        m = xp.read(m_slot)
        direction = xp.sign(m * self.beta_1 + grad * (1.0 - self.beta_1))
        xp.write(var, xp.read(var) - direction * coeffs["lr"])
        xp.write(m_slot, m * self.beta_2 + grad * (1.0 - self.beta_2))

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self._serialize_hyperparameter("beta_1"),
                       "beta_2": self._serialize_hyperparameter("beta_2")})
        return config

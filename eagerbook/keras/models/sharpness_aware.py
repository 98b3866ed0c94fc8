"""``tf.keras.models.experimental.SharpnessAwareMinimization`` (SAM): a model wrapper whose
training step looks for weights that are good in a whole neighbourhood, not at one point.

Each step takes two gradients. The first, at the current weights, gives the direction in which
the loss climbs fastest; the weights move ``rho`` along it (``epsilon = rho * g / |g|``, with
``|g|`` the norm over all gradients). The second gradient, taken there, is the one the optimizer
applies -- after the weights are moved back. With ``num_batch_splits`` each batch is cut into
that many pieces, each piece gets its own two gradients, and the pieces' gradients are summed.
"""

from ...autodiff.tape import GradientTape
from ...ops import array_ops, linalg_ops, math_ops
from ..serialization import deserialize_keras_object, serialize_keras_object
from .training import Model


class SharpnessAwareMinimization(Model):
    """Trains the wrapped `model` with SAM; calling it calls the wrapped model."""

    def __init__(self, model, rho=0.05, num_batch_splits=None, name=None):
        super().__init__(name=name)
        self.model = model
        self.rho = rho
        self.num_batch_splits = num_batch_splits

    def _pieces(self, value):
        if self.num_batch_splits is None:
            return [value]
        if value is None:
            return [None] * self.num_batch_splits
        return array_ops.split(value, self.num_batch_splits)

    def _gradients_norm(self, gradients):
        return linalg_ops.norm(array_ops.stack(
            [linalg_ops.norm(g) for g in gradients if g is not None]))

    def train_step(self, data):
        from ..utils import unpack_x_y_sample_weight  # (utils imports the models package)
        x, y, sample_weight = unpack_x_y_sample_weight(data)
        variables = self.model.trainable_variables
        summed, predictions = None, []
        for xs, ys, ws in zip(self._pieces(x), self._pieces(y), self._pieces(sample_weight)):
            with GradientTape() as tape:
                loss = self.compiled_loss(ys, self(xs), ws)
            gradients = tape.gradient(loss, variables)
            scale = self.rho / (self._gradients_norm(gradients) + 1e-12)
            moves = [g * scale for g in gradients]
            for variable, move in zip(variables, moves):
                variable.assign_add(move)  # to the steepest point within rho
            with GradientTape() as tape:
                prediction = self(xs, training=True)
                loss = self.compiled_loss(ys, prediction, ws)
            gradients = tape.gradient(loss, variables)
            predictions.append(prediction)
            for variable, move in zip(variables, moves):
                variable.assign_add(-move)  # back where the step started
            summed = gradients if summed is None else [
                math_ops.add(total, g) for total, g in zip(summed, gradients)]
        self.optimizer.apply_gradients(zip(summed, variables))
        self.compiled_metrics.update_state(y, array_ops.concat(predictions, axis=0),
                                           sample_weight)
        return {m.name: m.result() for m in self.metrics}

    def call(self, inputs, **kwargs):
        return self.model(inputs, **kwargs)

    def get_config(self):
        config = super().get_config()
        config.update({"model": serialize_keras_object(self.model), "rho": self.rho})
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        config["model"] = deserialize_keras_object(config.pop("model"),
                                                   custom_objects=custom_objects)
        return cls(**{k: v for k, v in config.items()
                      if k in ("model", "rho", "num_batch_splits", "name")})

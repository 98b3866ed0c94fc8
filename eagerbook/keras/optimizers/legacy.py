"""``tf.keras.optimizers.legacy``: TF 2.11+ moved Keras 2's OptimizerV2 classes here when it
brought in a new optimizer. eagerbook's optimizers *are* those classes (same update rules,
same ``Adam/iter:0``-style variables and checkpoint keys), so this namespace names them."""

from .optimizer import Optimizer
from .rules import SGD, Adagrad, Adam, RMSprop
from .rules_more import Adadelta, Adamax, Ftrl, Nadam

__all__ = ["Optimizer", "SGD", "Adagrad", "Adam", "RMSprop", "Adadelta", "Adamax", "Ftrl",
           "Nadam"]

"""``tf.keras.optimizers.experimental``: where Keras 2.11 first put its new optimizer classes;
from then on ``tf.keras.optimizers.experimental.SGD is tf.keras.optimizers.SGD``. eagerbook has
one family of optimizers, so this namespace names the same classes as ``tf.keras.optimizers``
(their variables and checkpoint keys are Keras 2's ``OptimizerV2`` ones, see ``legacy``)."""

from .optimizer import Optimizer
from .rules import SGD, Adagrad, Adam, RMSprop
from .rules_decoupled import AdamW
from .rules_more import Adadelta, Adamax, Ftrl, Nadam

__all__ = ["Optimizer", "SGD", "Adagrad", "Adam", "AdamW", "RMSprop", "Adadelta", "Adamax", "Ftrl",
           "Nadam"]

"""``tf.keras.optimizers``."""

from . import experimental, legacy, schedules
from .optimizer import Optimizer
from .rules import SGD, Adagrad, Adam, RMSprop
from .rules_more import Adadelta, Adamax, Ftrl, Nadam

_BY_NAME = {"sgd": SGD, "adam": Adam, "rmsprop": RMSprop, "adagrad": Adagrad,
            "adadelta": Adadelta, "adamax": Adamax, "ftrl": Ftrl, "nadam": Nadam}


def get(identifier):
    """An optimizer from a name ('adam', 'sgd', ...), a config dict or an instance."""
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str):
        cls = _BY_NAME.get(identifier.lower())
        if cls is None:
            raise ValueError(f"Unknown optimizer: '{identifier}'. Please ensure you are using a "
                             "`keras.utils.custom_object_scope` and that this object is "
                             "included in the scope.")
        return cls()
    if isinstance(identifier, dict):
        cls = _BY_NAME[identifier["class_name"].lower()]
        return cls.from_config(identifier.get("config", {}))
    raise ValueError(f"Could not interpret optimizer identifier: {identifier!r}")


def serialize(optimizer):
    return {"class_name": type(optimizer).__name__, "config": optimizer.get_config()}


def deserialize(config):
    return get(config)

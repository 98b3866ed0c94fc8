"""``tf.keras.optimizers``."""

from .. import serialization
from . import experimental, legacy, schedules
from .optimizer import Optimizer
from .rules import SGD, Adagrad, Adam, RMSprop
from .rules_decoupled import AdamW, Lion
from .rules_more import Adadelta, Adamax, Ftrl, Nadam

# Lion is not among the names TF resolves ('lion' is TF's "Unknown optimizer" error).
_BY_NAME = {"sgd": SGD, "adam": Adam, "rmsprop": RMSprop, "adagrad": Adagrad,
            "adadelta": Adadelta, "adamax": Adamax, "ftrl": Ftrl, "nadam": Nadam,
            "adamw": AdamW}


def get(identifier):
    """An optimizer from a name ('adam', 'sgd', ...), a config dict or an instance."""
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str):
        cls = _BY_NAME.get(identifier.lower())
        if cls is None:
            raise serialization.unknown_object_error("optimizer", identifier)
        return cls()
    if isinstance(identifier, dict):
        name = identifier["class_name"]
        cls = Lion if name == "Lion" else _BY_NAME.get(name.lower())
        if cls is None:
            raise serialization.unknown_object_error("optimizer", name)
        return cls.from_config(identifier.get("config", {}))
    raise ValueError(f"Could not interpret optimizer identifier: {identifier!r}")


def serialize(optimizer):
    """Keras 2.13's form. eagerbook's optimizers are Keras 2's classes, which TF keeps in
    ``keras.optimizers.legacy`` (AdamW and Lion exist only in ``keras.optimizers``)."""
    legacy_class = getattr(legacy, type(optimizer).__name__, None)
    legacy_class = legacy_class is not None and (type(optimizer) is legacy_class or
                                                 type(optimizer) in legacy_class.__bases__)
    return serialization.keras_object_entry(
        optimizer, "keras.optimizers.legacy" if legacy_class else "keras.optimizers")


def deserialize(config):
    return get(config)

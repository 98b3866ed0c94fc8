"""``tf.keras.optimizers.legacy``: TF 2.11+ moved Keras 2's OptimizerV2 classes here when it
brought in a new optimizer. eagerbook's optimizers update as those classes do (same rules,
same ``Adam/iter:0``-style variables and checkpoint keys); the classes here differ from
``tf.keras.optimizers``' where TF's legacy ones differ from its new ones in what a program
sees: ``minimize`` returns the update (the new ones return None) and ``apply_gradients``
warns once of missing gradients (the new ones aggregate first and warn twice)."""

from . import optimizer, rules, rules_more


class Optimizer(optimizer.Optimizer):
    """Base class of the legacy optimizers (TF's ``OptimizerV2``)."""

    _legacy = True


def _legacy_class(new_class):
    """The legacy optimizer of the same name and update rule as `new_class`."""
    return type(new_class.__name__, (new_class, Optimizer),
                {"__module__": __name__, "__qualname__": new_class.__name__,
                 "__doc__": new_class.__doc__})


SGD = _legacy_class(rules.SGD)
Adagrad = _legacy_class(rules.Adagrad)
Adam = _legacy_class(rules.Adam)
RMSprop = _legacy_class(rules.RMSprop)
Adadelta = _legacy_class(rules_more.Adadelta)
Adamax = _legacy_class(rules_more.Adamax)
Ftrl = _legacy_class(rules_more.Ftrl)
Nadam = _legacy_class(rules_more.Nadam)

__all__ = ["Optimizer", "SGD", "Adagrad", "Adam", "RMSprop", "Adadelta", "Adamax", "Ftrl",
           "Nadam"]

"""The ``experimental`` namespaces of ``tf.keras`` that only hold other names: the old homes
of classes that moved (kept as TF keeps them, with its deprecation warning), and the switch
between Keras's two random number sources."""

import types

from ..core.logs import logger
from .callbacks import BackupAndRestore
from .optimizers.schedules import CosineDecay, CosineDecayRestarts
from .serialization import deserialize_keras_object, serialize_keras_object
from .sidecar_evaluator import SidecarEvaluator


class BackupAndRestoreExperimental(BackupAndRestore):
    """``tf.keras.callbacks.experimental.BackupAndRestore``: the callback's old name."""

    def __init__(self, *args, **kwargs):
        logger.warning("`tf.keras.callbacks.experimental.BackupAndRestore` endpoint is "
                       "deprecated and will be removed in a future release. Please use "
                       "`tf.keras.callbacks.BackupAndRestore`.")
        super().__init__(*args, **kwargs)


class SidecarEvaluatorExperimental(SidecarEvaluator):
    """``tf.keras.experimental.SidecarEvaluator``: the evaluator's old name."""

    def __init__(self, *args, **kwargs):
        logger.warning("`tf.keras.experimental.SidecarEvaluator` endpoint is deprecated and "
                       "will be removed in a future release. Please use "
                       "`tf.keras.utils.SidecarEvaluator`.")
        super().__init__(*args, **kwargs)


# Whether Keras layers draw from a tf.random.Generator (TF's default: no, stateful ops).
_use_generator = [False]


def enable_tf_random_generator():
    _use_generator[0] = True


def disable_tf_random_generator():
    _use_generator[0] = False


def is_tf_random_generator_enabled():
    return _use_generator[0]


keras = types.SimpleNamespace(  # tf.keras.experimental
    CosineDecay=CosineDecay, CosineDecayRestarts=CosineDecayRestarts,
    SidecarEvaluator=SidecarEvaluatorExperimental)
callbacks = types.SimpleNamespace(BackupAndRestore=BackupAndRestoreExperimental)
backend = types.SimpleNamespace(
    enable_tf_random_generator=enable_tf_random_generator,
    disable_tf_random_generator=disable_tf_random_generator,
    is_tf_random_generator_enabled=is_tf_random_generator_enabled)
legacy_utils = types.SimpleNamespace(  # tf.keras.utils.legacy
    deserialize_keras_object=deserialize_keras_object,
    serialize_keras_object=serialize_keras_object)

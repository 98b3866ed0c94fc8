"""``tf.saved_model``: save an object's Variables and traced functions; load them back without
its Python class. Our own format (JSON + NumPy archives + a checkpoint), never pickle: see
``save.py`` for the layout and ``load.py`` for what comes back."""

import os

from ..checkpoints import hooks
from ..graph.function import function as _function
from . import v1  # tf.compat.v1.saved_model
from .load import load
from .save import DEFAULT_SERVING_SIGNATURE_DEF_KEY, JSON_FILE, save, write_functions

# Keras saves a subclassed model's traced call with these, and revives it without its class.
hooks.offer("saved_model.write_functions", write_functions)
hooks.offer("saved_model.load", load)
# Keras' ExportArchive traces its endpoints with tf.function and saves them here.
hooks.offer("saved_model.save", save)
hooks.offer("saved_model.function", _function)

SERVING = "serve"


class SaveOptions:
    """Accepted for TF compatibility; eagerbook has no save options to set."""

    def __init__(self, namespace_whitelist=None, save_debug_info=False, function_aliases=None,
                 experimental_io_device=None, experimental_variable_policy=None,
                 experimental_custom_gradients=True, experimental_image_format=False,
                 experimental_skip_saver=False, experimental_sharding_callback=None):
        self.function_aliases = dict(function_aliases or {})


class LoadOptions:
    """Accepted for TF compatibility; eagerbook has no load options to set."""

    def __init__(self, allow_partial_checkpoint=False, experimental_io_device=None,
                 experimental_skip_checkpoint=False, experimental_variable_policy=None,
                 experimental_load_function_aliases=False):
        pass  # TF's options accepted so its code runs; none changes how eagerbook loads


def contains_saved_model(export_dir):
    """True when `export_dir` holds a SavedModel written by ``save``."""
    return os.path.isfile(os.path.join(os.fspath(export_dir), JSON_FILE))


__all__ = ["DEFAULT_SERVING_SIGNATURE_DEF_KEY", "LoadOptions", "SERVING", "SaveOptions",
           "contains_saved_model", "load", "save"]

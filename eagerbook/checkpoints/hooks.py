"""Functions one package offers to another that may not import it.

``keras`` and ``saved_model`` sit side by side above ``checkpoints`` and never import each
other, yet a Keras model saved as a directory is also a SavedModel: ``saved_model`` offers its
function writer and loader here when it is imported, and Keras asks for them by name.
"""

_OFFERED = {}


def offer(name, function):
    _OFFERED[name] = function


def find(name):
    """The function offered under `name`, or None when its package was never imported."""
    return _OFFERED.get(name)

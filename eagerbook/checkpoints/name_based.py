"""``tf.train.Checkpoint.restore`` of a TF 1.x name-based checkpoint (one a ``Saver`` wrote).

Such a checkpoint holds values by Variable *name* (``layer1/w``) and no object graph, so the
objects cannot be matched by path. As TF does, every Variable reachable from the
``Checkpoint`` takes the value saved under its own name (``v.name`` without ``:0``), with a
warning that this matching is fragile; the status says which Variables found no value.
"""

from ..core import logs
from ..core.variable import Variable
from . import graph

WARNING = ("Restoring a name-based tf.train.Saver checkpoint using the object-based restore "
           "API. This mode uses global names to match variables, and so is somewhat fragile. "
           "It also adds new restore ops to the graph each time it is called when graph "
           "building. Prefer re-encoding training checkpoints in the object-based format: run "
           "save() on the object-based saver (the same one this message is coming from) and "
           "use that checkpoint in the future.")


def is_name_based(nodes):
    return bool(nodes) and bool(nodes[0].get("name_based"))


def saved_name(variable):
    name = variable.name
    return name[:-2] if name.endswith(":0") else name


def restore_by_name(root, nodes, arrays, optional=()):
    """Assigns every Variable under `root` its value saved under its name (all shapes are
    checked before the first assignment); returns the status."""
    logs.logger.warning(WARNING)
    saved = {node["variable"]["key"]: arrays[i] for i, node in enumerate(nodes)
             if "variable" in node}
    objects, _, _, _ = graph.walk(root)
    variables = [o for o in objects if isinstance(o, Variable)]
    matched = [(v, saved[saved_name(v)]) for v in variables if saved_name(v) in saved]
    for variable, value in matched:
        if tuple(value.shape) != tuple(variable.shape.as_list()):
            raise ValueError(f"Received incompatible tensor with shape {value.shape} when "
                             f"attempting to restore variable with shape "
                             f"{tuple(variable.shape.as_list())} and name "
                             f"{saved_name(variable)}.")
    for variable, value in matched:
        variable.assign(value.astype(variable.dtype.as_numpy_dtype, copy=False))
    restored = {id(v) for v, _ in matched} | {id(v) for v in optional if v is not None}
    return NameBasedSaverStatus([v for v in variables if id(v) not in restored])


class NameBasedSaverStatus:
    """What ``restore`` of a name-based checkpoint returns (TF's class of that name)."""

    def __init__(self, unmatched):
        self._unmatched = unmatched  # Variables that found no value under their name

    def assert_consumed(self):
        """Every Variable under the Checkpoint found its value."""
        if self._unmatched:
            listed = "".join(f"\n    {v}: [{saved_name(v)!r}]" for v in self._unmatched)
            raise AssertionError(f"Some objects had attributes which were not restored: "
                                 f"{listed}")
        return self

    assert_existing_objects_matched = assert_consumed

    def assert_nontrivial_match(self):
        return self.assert_consumed()

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        return None

    def initialize_or_restore(self, session=None):
        return None

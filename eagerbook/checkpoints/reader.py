"""``tf.train.load_checkpoint`` and ``tf.train.list_variables``: a checkpoint read as a table.

TF names every saved value by its path in the object graph plus a suffix saying what it is:
``model/dense_1/w/.ATTRIBUTES/VARIABLE_VALUE`` for a Variable,
``model/dense/kernel/.OPTIMIZER_SLOT/optimizer/m/.ATTRIBUTES/VARIABLE_VALUE`` for an
optimizer's slot ``m`` of that Variable, and ``iterator/.ATTRIBUTES/ITERATOR_STATE`` for a
tf.data iterator's position (an object may name its saved value ``.ATTRIBUTES/<KIND>`` itself).
The object graph itself is one more entry, ``_CHECKPOINTABLE_OBJECT_GRAPH``, a string: TF's
encoding of it (object_graph_proto.py). Nothing is restored into a program: this only reads.
"""

import os

import numpy as np

from ..core import dtypes, errors
from . import object_graph_proto
from .checkpoint import read_checkpoint
from .hash_order import unordered_map_order
from .state import latest_checkpoint

OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
VARIABLE_SUFFIX = ".ATTRIBUTES/VARIABLE_VALUE"


def _resolve(ckpt_dir_or_file):
    """A directory means its latest checkpoint (as TF's ``_get_checkpoint_filename``)."""
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = latest_checkpoint(path)
        if latest is None:
            raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given "
                             f"directory {path}")
        return latest
    return path


def _keys(nodes):
    """``{node id: TF key}`` of every saved value (variables and optimizer slots)."""
    if nodes[0].get("name_based"):  # TF 1.x's Saver: keyed by name (api/compat/v1_saver.py)
        return {i: node["variable"]["key"] for i, node in enumerate(nodes) if "variable" in node}
    keys = {}
    for node in nodes:
        for rec in node.get("slots", ()):
            owner = node.get("path") or "."
            variable_path = nodes[rec["variable"]].get("path") or "."
            keys[rec["slot"]] = (f"{variable_path}/.OPTIMIZER_SLOT/{owner}/{rec['slot_name']}/"
                                 f"{VARIABLE_SUFFIX}")
    for i, node in enumerate(nodes):
        if "variable" in node and i not in keys:
            path = node.get("path")
            if path and path.rsplit("/", 2)[-2:-1] == [".ATTRIBUTES"]:
                keys[i] = path  # the object named its value's kind (an iterator's state)
            else:
                keys[i] = f"{path}/{VARIABLE_SUFFIX}" if path else VARIABLE_SUFFIX
    return keys


def _in_tfs_order(mapping):
    """`mapping` with its keys in the order TF's reader gives them: that of its C++ hash map
    filled with the checkpoint's sorted keys (hash_order.py)."""
    return {key: mapping[key] for key in unordered_map_order(mapping)}


class CheckpointReader:
    """What ``tf.train.load_checkpoint`` returns: the checkpoint's values by TF key."""

    def __init__(self, path):
        self._path = path
        nodes, arrays = read_checkpoint(path)  # verified: hash, shapes, dtypes
        self._tensors = {key: arrays[i] for i, key in _keys(nodes).items()}
        self._dtypes = {key: dtypes.as_dtype(nodes[i]["variable"]["dtype"])
                        for i, key in _keys(nodes).items()}
        self._object_graph = None  # a name-based checkpoint has none, as in TF
        if not nodes[0].get("name_based"):
            self._object_graph = object_graph_proto.encode(nodes, _keys(nodes))

    def get_variable_to_shape_map(self):
        shapes = {key: list(array.shape) for key, array in self._tensors.items()}
        if self._object_graph is not None:
            shapes[OBJECT_GRAPH_KEY] = []
        return _in_tfs_order(shapes)

    def get_variable_to_dtype_map(self):
        result = dict(self._dtypes)
        if self._object_graph is not None:
            result[OBJECT_GRAPH_KEY] = dtypes.string
        return _in_tfs_order(result)

    def has_tensor(self, tensor_str):
        return tensor_str in self._tensors or (tensor_str == OBJECT_GRAPH_KEY
                                               and self._object_graph is not None)

    def get_tensor(self, tensor_str):
        """The saved value as a NumPy array (a copy: changing it changes nothing saved)."""
        if tensor_str == OBJECT_GRAPH_KEY and self._object_graph is not None:
            return self._object_graph
        if tensor_str not in self._tensors:
            raise errors.NotFoundError(None, None,
                                       f"Key {tensor_str} not found in checkpoint")
        value = self._tensors[tensor_str]
        if value.dtype == object:  # string variables
            return np.array([v if isinstance(v, bytes) else str(v).encode()
                             for v in value.ravel()], dtype=object).reshape(value.shape)
        return value.copy()

    def debug_string(self):
        lines = [f"{key} ({self.get_variable_to_dtype_map()[key].name}) {shape}"
                 for key, shape in sorted(self.get_variable_to_shape_map().items())]
        return ("\n".join(lines) + "\n").encode()


def load_checkpoint(ckpt_dir_or_file):
    """``tf.train.load_checkpoint``: a ``CheckpointReader`` of a prefix or a directory's latest."""
    return CheckpointReader(_resolve(ckpt_dir_or_file))


def list_variables(ckpt_dir_or_file):
    """``tf.train.list_variables``: sorted ``[(key, shape)]``, the object graph included."""
    reader = load_checkpoint(ckpt_dir_or_file)
    return sorted(reader.get_variable_to_shape_map().items())


def load_variable(ckpt_dir_or_file, name):
    """``tf.train.load_variable``: one saved value as a NumPy array."""
    if name.endswith(":0"):
        name = name[:-2]
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)

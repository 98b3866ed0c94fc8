"""``tf.compat.v1.train.Saver``: TF 1.x's name-based checkpoints.

TF 1.x saved Variables by *name*: ``saver.save(sess, "model.ckpt")`` writes each Variable's
value under its op name (``layer1/w``), and ``saver.restore`` puts them back into the
Variables of the same names, whatever Python object holds them. TF 2's ``tf.train.Checkpoint``
saves by *object path* instead (``model/dense/kernel/.ATTRIBUTES/VARIABLE_VALUE``).

The files are the project's checkpoint pair (``.index`` + ``.data-00000-of-00001``, written
atomically, verified on reading; see ``eagerbook/checkpoints``) whose object graph is one root
with one child per saved name, marked ``name_based`` so that ``tf.train.list_variables`` and
``tf.train.load_checkpoint`` show the names as TF does, without an object graph entry.

Not written by ``save``: the ``.meta`` file of the graph (``write_meta_graph`` is accepted and
ignored, as eagerly in TF). ``export_meta_graph`` writes the graph's GraphDef text, and
``import_meta_graph`` imports such a file again, in the program that wrote it (as
``import_graph_def`` does: eagerbook has no protocol buffer parser).
"""

import glob
import os

import numpy as np

from ...checkpoints.checkpoint import INDEX_SUFFIX, write_name_based
from ...checkpoints.manager import _delete_checkpoint
from ...checkpoints.reader import OBJECT_GRAPH_KEY, CheckpointReader
from ...checkpoints.state import update_checkpoint_state
from ...core import context, errors, logs
from ...core.tensor import Tensor
from ...core.variable import Variable
from ...graph import session as _session
from ...ops.support import is_symbolic


class Saver:
    """Saves and restores Variables by name (``tf.compat.v1.train.Saver``).

    `var_list`: a list of Variables (each saved under its op name) or a dict ``{name:
    Variable}``; None means every global Variable of the default graph (a list is needed
    eagerly, as in TF). `max_to_keep`: how many of the newest checkpoints to keep (None or 0:
    all of them).
    """

    def __init__(self, var_list=None, reshape=False, sharded=False, max_to_keep=5,
                 keep_checkpoint_every_n_hours=10000.0, name=None, restore_sequentially=False,
                 saver_def=None, builder=None, defer_build=False, allow_empty=False,
                 write_version=2, pad_step_number=False, save_relative_paths=False,
                 filename=None):
        eager = not _session._default_stack()
        if eager and context.state.graph is None:  # (not while wrap_function builds a graph)
            logs.logger.warning(
                "Saver is deprecated, please switch to tf.train.Checkpoint or "
                "tf.keras.Model.save_weights for training checkpoints. When executing eagerly "
                "variables do not necessarily have unique names, and so the variable.name-based "
                "lookups Saver performs are error-prone.")
        if var_list is None:
            if eager:
                raise RuntimeError("When eager execution is enabled, `var_list` must specify "
                                   "a list or dict of variables to save")
            from .v1_variable_scope import global_variables
            var_list = global_variables()
        self._var_list = _by_name(var_list)
        if not self._var_list and not eager and not allow_empty:
            raise ValueError("No variables to save")
        self._max_to_keep = max_to_keep
        self._relative = bool(save_relative_paths)
        self._pad_step_number = bool(pad_step_number)
        self._last_checkpoints = []  # prefixes, oldest first

    # --- saving -----------------------------------------------------------------------------------
    def save(self, sess, save_path, global_step=None, latest_filename=None,
             meta_graph_suffix="meta", write_meta_graph=True, write_state=True,
             strip_default_attrs=False, save_debug_info=False):
        """Writes the Variables' values at prefix `save_path` (``save_path-<global_step>``
        with a step) and returns that prefix; records it in the directory's ``checkpoint``
        file and deletes the checkpoints past `max_to_keep`."""
        if _session._default_stack() and not isinstance(sess, _session.Session):
            raise TypeError(f"'sess' must be a Session; {sess}")
        prefix = os.fspath(save_path)
        if global_step is not None:
            step = _step_number(sess, global_step)
            prefix += f"-{step:08d}" if self._pad_step_number else f"-{step}"
        write_name_based(self._var_list, prefix)
        if prefix in self._last_checkpoints:
            self._last_checkpoints.remove(prefix)
        self._last_checkpoints.append(prefix)
        while self._max_to_keep and len(self._last_checkpoints) > self._max_to_keep:
            _delete_checkpoint(self._last_checkpoints.pop(0))
        if write_state:
            update_checkpoint_state(os.path.dirname(prefix), prefix, self._last_checkpoints,
                                    latest_filename=latest_filename,
                                    relative=self._relative, stamped=False)
        return prefix

    @property
    def last_checkpoints(self):
        """The prefixes of the checkpoints still kept, oldest first."""
        return list(self._last_checkpoints)

    def set_last_checkpoints(self, last_checkpoints):
        self._last_checkpoints = list(last_checkpoints)

    def recover_last_checkpoints(self, checkpoint_paths):
        """Takes over the checkpoints of an earlier run (those whose files still exist)."""
        self._last_checkpoints = [p for p in checkpoint_paths
                                  if os.path.isfile(p + INDEX_SUFFIX)]

    # --- restoring --------------------------------------------------------------------------------
    def restore(self, sess, save_path):
        """Assigns every Variable of the saver its value saved under its name in `save_path`.
        All values are checked before the first is assigned."""
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        save_path = os.fspath(save_path)
        if not os.path.isfile(save_path + INDEX_SUFFIX):
            raise ValueError(f"The passed save_path is not a valid checkpoint: {save_path}")
        saved = _saved_by_name(save_path)
        for name, variable in self._var_list.items():
            if name not in saved:
                raise errors.NotFoundError(
                    None, None, "Restoring from checkpoint failed. This is most likely due to "
                    "a Variable name or other graph key that is missing from the checkpoint. "
                    "Please ensure that you have not altered the graph expected based on the "
                    f"checkpoint. Original error:\n\nKey {name} not found in checkpoint")
            value, shape = saved[name], tuple(variable.shape.as_list())
            if value.shape != shape:
                raise ValueError(f"Received incompatible tensor with shape {value.shape} when "
                                 f"attempting to restore variable with shape {shape} and "
                                 f"name {name}.")
        with context.building_graph(None):  # assigned now, not added to a TF 1.x graph
            for name, variable in self._var_list.items():
                variable.assign(saved[name].astype(variable.dtype.as_numpy_dtype, copy=False))
        if hasattr(sess, "_mark_initialized"):  # restored Variables count as initialized
            sess._mark_initialized(self._var_list.values())

    def as_saver_def(self):
        raise NotImplementedError("SaverDef protocol buffers are not supported: eagerbook "
                                  "writes no graph protocol buffers (no .meta file).")

    def export_meta_graph(self, filename=None, collection_list=None, as_text=False,
                          export_scope=None, clear_devices=False,
                          clear_extraneous_savers=False, strip_default_attrs=False,
                          save_debug_info=False):
        """Writes the default graph's GraphDef (TF's text format, in a ``graph_def`` block)
        to `filename`; ``import_meta_graph`` of that file, in this program, imports the graph
        and returns a Saver of this one's Variables."""
        _check_graph_mode()
        graph_def = _session.get_default_graph().as_graph_def()
        meta_graph = MetaGraphDef(graph_def)
        if filename is not None:
            if not as_text:
                raise NotImplementedError("eagerbook writes meta graphs in TF's text format "
                                          "only (as_text=True): it has no protocol buffer "
                                          "encoder.")
            with open(filename, "w") as f:
                f.write(str(meta_graph))
            _EXPORTED[os.path.abspath(filename)] = (graph_def, dict(self._var_list))
        return meta_graph


# --- meta graphs: what export_meta_graph wrote, imported again -----------------------------------
_EXPORTED = {}  # absolute path -> (GraphDef, {name: Variable}): written in this program


class MetaGraphDef:
    """What ``export_meta_graph`` returns: the graph's GraphDef (``.graph_def``); prints as
    TF's text format of a MetaGraphDef holding it."""

    def __init__(self, graph_def):
        self.graph_def = graph_def

    def __str__(self):
        lines = str(self.graph_def).splitlines()
        return "graph_def {\n" + "".join(f"  {line}\n" for line in lines) + "}\n"


def _check_graph_mode():
    if context.executing_eagerly() and not _session._default_stack():
        raise RuntimeError("Exporting/importing meta graphs is not supported when eager "
                           "execution is enabled. No graph exists when eager execution is "
                           "enabled.")


def import_meta_graph(meta_graph_or_file, clear_devices=False, import_scope=None, **kwargs):
    """``tf.compat.v1.train.import_meta_graph``: the graph a Saver's ``export_meta_graph``
    wrote (in this program: eagerbook cannot parse the protocol buffers of other programs)
    copied into the default graph; returns a Saver of its Variables, to ``restore``."""
    from ...graph.import_graph import import_graph_def
    if not (getattr(context.state.graph, "building_function", False)):
        _check_graph_mode()
    path = os.path.abspath(os.fspath(meta_graph_or_file))
    if path not in _EXPORTED:
        raise NotImplementedError(f"{meta_graph_or_file}: eagerbook imports the meta graphs "
                                  "that export_meta_graph wrote in this program (it cannot "
                                  "parse their protocol buffers).")
    graph_def, variables = _EXPORTED[path]
    import_graph_def(graph_def, name=import_scope or "")
    return Saver(var_list=variables) if variables else None


def _step_number(sess, global_step):
    """The step a checkpoint is numbered with: a number, a Variable, or a tensor (of a TF 1.x
    graph: run in `sess`)."""
    if isinstance(global_step, Tensor) and is_symbolic(global_step):
        return int(sess.run(global_step))
    if isinstance(global_step, (Tensor, Variable)):
        return int(global_step.numpy())
    return int(global_step)


def _by_name(var_list):
    """``{name: Variable}``: a dict as given, a list keyed by each Variable's op name."""
    if isinstance(var_list, dict):
        pairs = list(var_list.items())
    else:
        unique = {id(v): v for v in var_list}.values()  # (a Variable listed twice is saved once)
        pairs = [(_op_name(v), v) for v in unique]
    named = {}
    for name, variable in pairs:
        if not isinstance(variable, Variable):
            raise TypeError(f"Variable to save is not a Variable: {variable}")
        if name in named:
            raise ValueError(f"At least two variables have the same name: {name}")
        named[name] = variable
    return named


def _op_name(variable):
    name = getattr(variable, "name", "")
    return name[:-2] if name.endswith(":0") else name


def _saved_by_name(path):
    """``{TF key: array}``: names for a Saver's checkpoint, object-graph keys
    (``v/.ATTRIBUTES/VARIABLE_VALUE``) for a tf.train.Checkpoint's, as TF's Saver sees them."""
    reader = CheckpointReader(path)
    return {key: reader.get_tensor(key) for key in reader.get_variable_to_shape_map()
            if key != OBJECT_GRAPH_KEY}


# --- TF 1.x's checkpoint file helpers (tf.compat.v1.train) ---------------------------------------
def checkpoint_exists(checkpoint_prefix):
    """Whether a checkpoint was written at `checkpoint_prefix` (a glob pattern may match)."""
    return bool(glob.glob(os.fspath(checkpoint_prefix) + INDEX_SUFFIX)
                or glob.glob(os.fspath(checkpoint_prefix)))


def get_checkpoint_mtimes(checkpoint_prefixes):
    """The modification times of the checkpoints that exist among `checkpoint_prefixes`."""
    times = []
    for prefix in checkpoint_prefixes:
        times += [os.path.getmtime(p) for p in glob.glob(os.fspath(prefix) + INDEX_SUFFIX)]
    return times


def remove_checkpoint(checkpoint_prefix, checkpoint_format_version=2, meta_graph_suffix="meta"):
    """Deletes the files of the checkpoint at `checkpoint_prefix` (those that exist)."""
    _delete_checkpoint(os.fspath(checkpoint_prefix))
    meta = f"{os.fspath(checkpoint_prefix)}.{meta_graph_suffix}"
    if os.path.isfile(meta):
        os.remove(meta)


# --- tf.compat.v1.train.init_from_checkpoint ------------------------------------------------------
def init_from_checkpoint(ckpt_dir_or_file, assignment_map):
    """Makes Variables start from a checkpoint's values (TF 1.x's warm start by name).

    `assignment_map` maps checkpoint names to current Variables: ``{"old/w": "new/w"}`` (a
    name made by ``get_variable``), ``{"old/w": variable}``, or whole scopes ``{"old/":
    "new/"}`` (``"/"`` is the checkpoint's root). In a TF 1.x graph the Variables' initializers
    now load the values (run ``global_variables_initializer``); eagerly they are assigned.
    """
    from ...checkpoints.reader import load_checkpoint
    from .v1_variable_scope import _store
    reader = load_checkpoint(ckpt_dir_or_file)
    shapes = reader.get_variable_to_shape_map()
    store = _store() or {}
    pairs = assignment_map.items() if hasattr(assignment_map, "items") else assignment_map
    for name_in_ckpt, current in sorted(pairs, key=lambda pair: pair[0]):  # (as TF: by name)
        variable = current if isinstance(current, Variable) else store.get(current)
        if variable is not None:
            if name_in_ckpt not in shapes:
                raise ValueError(f"Tensor {name_in_ckpt} is not found in {ckpt_dir_or_file} "
                                 f"checkpoint {shapes}")
            if not variable.shape.is_compatible_with(shapes[name_in_ckpt]):
                raise ValueError(
                    f"Shape of variable {variable.name} ({variable.shape}) doesn't match with "
                    f"shape of tensor {name_in_ckpt} ({shapes[name_in_ckpt]}) from checkpoint "
                    "reader.")
            _start_from(variable, reader.get_tensor(name_in_ckpt))
            continue
        scope = current[:current.rindex("/")] if "/" in current else ""
        if not name_in_ckpt.endswith("/"):
            raise ValueError(f"Assignment map with scope only name {scope} should map to scope "
                             f"only {name_in_ckpt}. Should be 'scope/': 'other_scope/'.")
        for var_name in sorted(n for n in store if not scope or n.startswith(scope + "/")):
            # the variable's name inside its scope, under the checkpoint's scope instead
            tail = var_name[len(scope):] if current == "/" else var_name[len(scope) + 1:]
            full = tail if name_in_ckpt == "/" else name_in_ckpt + tail
            full = full[:-1] if full.endswith("/") else full
            if full not in shapes:
                raise ValueError(f"Tensor {full} ({var_name[len(scope) + 1:]} in "
                                 f"{name_in_ckpt}) is not found in {ckpt_dir_or_file} "
                                 "checkpoint")
            _start_from(store[var_name], reader.get_tensor(full))


def _start_from(variable, value):
    """A TF 1.x graph's Variable gets `value` as its initial value (what its initializer
    assigns); any other Variable is assigned `value` now."""
    value = np.asarray(value, dtype=variable.dtype.as_numpy_dtype)
    if hasattr(variable, "_v1_initial_value"):
        variable._v1_initial_value = value.copy()
    else:
        variable.assign(value)

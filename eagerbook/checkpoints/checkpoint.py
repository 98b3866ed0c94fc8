"""Object-based checkpoints: ``tf.train.Checkpoint`` and Keras ``save_weights``/``load_weights``.

A checkpoint with prefix ``ckpt/ckpt-3`` is two files:

- ``ckpt/ckpt-3.index``: a JSON manifest: the object graph (one node per object, edges named
  after attributes, variable nodes with dtype and shape, optimizer slots keyed by their
  variable's node) and the SHA-256 of the data file;
- ``ckpt/ckpt-3.data-00000-of-00001``: a ZIP archive of ``.npy`` arrays (``np.load`` opens
  it), one per variable, keyed by the variable's path (``model/conv2d/kernel``).

``files.py`` writes and reads them: nothing is unpickled, a kill during a save leaves the old or
the new checkpoint, and a damaged file raises ``DataLossError``. A restore is all or nothing:
every value is checked (file hashes, array headers against the manifest, dtypes and shapes
against the live Variables) before the first one is assigned, and then every Variable that
exists is assigned at once, optimizer slots included.

Variables that do not exist yet when ``restore`` runs (a Keras model that is built on its first
call, optimizer slots created by the first ``apply_gradients``) are restored later, when their
owner reports them through ``restore_deferred(owner)`` (deferred restoration, as in TF).
"""

import os
import tempfile
import weakref

import numpy as np

from ..core import context, dtypes
from ..core.variable import Variable
from . import by_name as _by_name
from . import containers, files, graph, name_based, single_file
from .files import DATA_SUFFIX, FORMAT, INDEX_SUFFIX, VERSION  # noqa: F401 (public names)
from .state import update_checkpoint_state


# --- writing -------------------------------------------------------------------------------------
def _array_of(variable):
    value = variable._value
    if value.dtype.kind == "O":  # string variables: fixed-width bytes (no pickling)
        return np.array(value.tolist(), dtype=np.bytes_)
    return value


def _build_manifest(root):
    """Walks the live graph from `root`: (manifest dict, {array key: ndarray})."""
    objects, paths, edges, index = graph.walk(root)
    variables = [o for o in objects if isinstance(o, Variable)]
    nodes = []
    for path, kids in zip(paths, edges, strict=True):
        node = {"path": path, "children": dict(kids)}
        if len(kids) > 1:
            node["order"] = list(kids)  # the file's JSON sorts keys: restore needs this order
        nodes.append(node)
    # Optimizer slots of variables that are in the graph.
    for i, obj in enumerate(list(objects)):
        if isinstance(obj, Variable) or not graph.has_slots(obj):
            continue
        records = []
        for var, slot_name, slot in graph.slots_of(obj, variables):
            if id(var) not in index:
                continue
            j = index.get(id(slot))
            if j is None:
                j = len(objects)
                index[id(slot)] = j
                objects.append(slot)
                nodes.append({"path": f"{paths[i] or '.'}/.slots/{paths[index[id(var)]]}/"
                                      f"{slot_name}", "children": {}})
            records.append({"variable": index[id(var)], "slot_name": slot_name, "slot": j})
        if records:
            nodes[i]["slots"] = records
    if isinstance(root, Checkpoint) and root._root is not None:
        nodes[0]["root_edge"] = _root_edge_position(root, nodes[0])
    arrays = {}
    for node, obj in zip(nodes, objects, strict=True):
        if isinstance(obj, Variable):
            array = _array_of(obj)
            key = node["path"] or "."
            node["variable"] = {"key": key, "dtype": obj.dtype.name,
                                "shape": list(array.shape), "name": obj.name}
            arrays[key] = array
    return {"nodes": nodes}, arrays


def _root_edge_position(checkpoint, node):
    """Where TF's object graph has the edge ``root`` (from the root to itself) among the
    root's edges: after the root object's own children and the keyword arguments sorted before
    "root", as TF attaches them. Only ``tf.train.CheckpointView`` reads it."""
    before = {name.partition("/")[0] for name in graph.children(checkpoint._root)}
    before.update(name for name in checkpoint._deps if name < "root")
    order = node.get("order", sorted(node["children"]))
    return sum(name.partition("/")[0] in before for name in order)


def _atomic_write(path, write):
    """Writes `path` with ``write(f)`` through a temporary file renamed into place."""
    files.remove_stale_temp_files(path)
    tmp = files.write_temp(path, write)
    try:
        os.replace(tmp, path)
        tmp = None
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.remove(tmp)


def write_checkpoint(root, prefix):
    """Saves everything reachable from `root` as ``prefix.index`` + ``prefix.data-...``."""
    prefix = os.fspath(prefix)
    manifest, arrays = _build_manifest(root)
    directory = os.path.dirname(prefix)
    if directory:
        os.makedirs(directory, exist_ok=True)
    return files.write_files(prefix, manifest, arrays)


def write_name_based(variables, prefix):
    """Saves ``{name: Variable}`` keyed by name, as TF 1.x's ``Saver`` does: a root with one
    child per name, marked ``name_based`` (the reader lists such values by name)."""
    names = list(variables)
    root = {"path": "", "children": {name: i + 1 for i, name in enumerate(names)},
            "name_based": True}
    if len(names) > 1:
        root["order"] = names
    nodes, arrays = [root], {}
    for name in names:
        variable = variables[name]
        arrays[name] = _array_of(variable)
        nodes.append({"path": name, "children": {}, "variable": {
            "key": name, "dtype": variable.dtype.name, "shape": list(arrays[name].shape),
            "name": variable.name}})
    prefix = os.fspath(prefix)
    if os.path.dirname(prefix):
        os.makedirs(os.path.dirname(prefix), exist_ok=True)
    return files.write_files(prefix, {"nodes": nodes}, arrays)


# --- reading -------------------------------------------------------------------------------------
def read_checkpoint(path):
    """Loads and verifies a checkpoint: ``(nodes, {node id: ndarray})``. Nothing is assigned."""
    manifest, arrays = files.read_files(path)
    return manifest["nodes"], arrays


# --- restoring -----------------------------------------------------------------------------------
def _ref(obj):
    try:
        return weakref.ref(obj)
    except TypeError:
        return lambda: obj


_PENDING = []  # restorations with values still waiting for their Variables


class _Restoration:
    """One restore: the checkpoint's values and which live objects they were matched to."""

    def __init__(self, path, nodes, arrays, root):
        self.path = path
        self.nodes = nodes
        self.arrays = arrays
        self.bound = {0: _ref(root)}  # node id -> weak reference to the live object
        self.restored = set()  # variable node ids whose value was assigned

    def live(self, node_id):
        ref = self.bound.get(node_id)
        return None if ref is None else ref()

    def _get(self, node_id, new_bound):
        obj = new_bound.get(node_id)
        return obj if obj is not None else self.live(node_id)

    def _match(self):
        """Binds checkpoint nodes to live objects reachable now: [(node id, new Variable)]."""
        new_vars, new_bound, slot_owners = [], {}, []
        stack = [i for i in list(self.bound) if "variable" not in self.nodes[i]]
        visited = set()
        while stack:
            i = stack.pop()
            if i in visited:
                continue
            visited.add(i)
            obj = self._get(i, new_bound)
            if obj is None:
                continue
            node = self.nodes[i]
            kids = graph.children(obj) if node["children"] else {}
            # In the order the saving program listed them, as TF does: a layer saved as both
            # layer_with_weights-1 and layer-1 binds through the first, so a Dropout inserted
            # at position 1 does not take that Dense layer's place (it finds the node bound).
            for name in node.get("order") or sorted(node["children"]):
                j = node["children"][name]
                child = kids.get(name)
                if child is None:
                    continue
                if self._get(j, new_bound) is not None:
                    if "variable" not in self.nodes[j]:
                        stack.append(j)
                    continue
                is_var_node = "variable" in self.nodes[j]
                if is_var_node != isinstance(child, Variable):
                    what = "a variable" if is_var_node else "an object"
                    raise ValueError(
                        f"Checkpoint {self.path} has {what} at {self._path(j)!r}, but the "
                        f"program has a {type(child).__name__} there; the checkpoint does not "
                        "match the program.")
                new_bound[j] = child
                if is_var_node:
                    new_vars.append((j, child))
                else:
                    stack.append(j)
            slot_owners.extend((obj, rec) for rec in node.get("slots", ()))
        # Slots last: their variables (the model's) may be bound later in the walk than their
        # optimizer, and TF restores the slots of an existing optimizer at once.
        for obj, rec in slot_owners:
            s = rec["slot"]
            if s in self.restored or s in new_bound:
                continue
            primary = self._get(rec["variable"], new_bound)
            if primary is None:
                continue
            slot = graph.find_slot(obj, primary, rec["slot_name"])
            if slot is not None:
                new_bound[s] = slot
                new_vars.append((s, slot))
        return new_vars, new_bound

    def _path(self, j):
        return self.nodes[j].get("path") or "(root)"

    def restore_available(self):
        """Assigns the values of every Variable that exists now; all checked first."""
        new_vars, new_bound = self._match()
        for j, var in new_vars:
            spec = self.nodes[j]["variable"]
            array = self.arrays[j]
            if var.dtype.name != spec["dtype"]:
                raise ValueError(
                    f"Checkpoint {self.path}: the value saved for {self._path(j)!r} has dtype "
                    f"{spec['dtype']}, but the variable {var.name} has dtype {var.dtype.name}. "
                    "Nothing was restored.")
            if not var._shape.is_compatible_with(array.shape):
                raise ValueError(
                    f"Checkpoint {self.path}: received incompatible tensor with shape "
                    f"{tuple(array.shape)} when attempting to restore variable {var.name} with "
                    f"shape {tuple(var.shape)} (path {self._path(j)!r}). Nothing was restored.")
        for j, obj in new_bound.items():
            self.bound[j] = _ref(obj)
        for j, var in new_vars:
            # Rebind the value as Variable.assign does eagerly, also when this runs while a
            # tf.function traces (slots created on the first traced step).
            var._value = np.array(self.arrays[j], dtype=var.dtype._np)
            self.restored.add(j)
        return len(new_vars)

    def first_unresolved_value(self):
        """TF's report of the first checkpointed value (in the file's node order) that no
        live object took: ``(root).net.kernel: attributes {...}``, or None."""
        for j in self._breadth_first():
            # An iterator's state is a child node here, but TF's node is the iterator itself.
            state = self.nodes[j]["children"].get(_ITERATOR_STATE)
            if state is not None and state not in self.restored:
                return _unresolved_node_text(self.nodes[state])
            node = self.nodes[j]
            if "variable" in node and j not in self.restored and \
                    not node["path"].endswith("/" + _ITERATOR_STATE):
                return _unresolved_node_text(node)
        return None

    def _breadth_first(self):
        """Node ids breadth first from the root, each node's children in the saved order:
        the order TF numbers the nodes of its object graph in (then any node not reached)."""
        order, seen = [0], {0}
        for j in order:  # (grows while it is read)
            node = self.nodes[j]
            for name in node.get("order") or sorted(node["children"]):
                child = node["children"][name]
                if child not in seen:
                    seen.add(child)
                    order.append(child)
        return order + [j for j in range(len(self.nodes)) if j not in seen]

    def unresolved(self):
        """Paths of checkpointed values not restored yet."""
        out = []
        for j, node in enumerate(self.nodes):
            if "variable" in node and j not in self.restored:
                out.append(self._path(j))
            elif "variable" not in node and j not in self.bound:
                out.append(self._path(j))
        return out

    def alive(self):
        return any(ref() is not None for j, ref in self.bound.items()
                   if "variable" not in self.nodes[j])

    def done(self):
        return all(j in self.restored for j, node in enumerate(self.nodes)
                   if "variable" in node)


def restore_deferred(obj=None):
    """Gives late-created Variables their pending checkpointed values.

    Keras layers call this after ``build``, optimizers after creating slots; calling it with no
    argument checks every pending restoration.
    """
    if not _PENDING:
        return 0
    count = 0
    for restoration in list(_PENDING):
        if not restoration.alive() or restoration.done():
            _PENDING.remove(restoration)
            continue
        if obj is not None and not any(ref() is obj for ref in restoration.bound.values()):
            continue
        try:
            count += restoration.restore_available()
        except ValueError:
            _PENDING.remove(restoration)  # a mismatched checkpoint is abandoned, not retried
            raise
        if restoration.done():
            _PENDING.remove(restoration)
    return count


def restore_into(root, path, read=None):
    """Reads `path` (unless `read` holds what it holds) and restores it into the graph of
    `root`: a ``CheckpointLoadStatus``."""
    nodes, arrays = read_checkpoint(path) if read is None else read
    restoration = _Restoration(os.fspath(path), nodes, arrays, root)
    restoration.restore_available()
    if not restoration.done():
        _PENDING.append(restoration)
    return CheckpointLoadStatus(restoration, root)


def _live_variables(root):
    objects, paths, _, _ = graph.walk(root)
    found = [(p, o) for p, o in zip(paths, objects, strict=True) if isinstance(o, Variable)]
    variables = [o for _, o in found]
    for obj, p in zip(objects, paths, strict=True):
        if not isinstance(obj, Variable) and graph.has_slots(obj):
            for var, name, slot in graph.slots_of(obj, variables):
                found.append((f"{p}/.slots/{var.name}/{name}", slot))
    return found


_ITERATOR_STATE = ".ATTRIBUTES/ITERATOR_STATE"  # an iterator's child (data/iterator.py)


def _unresolved_node_text(node):
    """A checkpointed value as TF prints its object-graph node when nothing restored it."""
    path = node["path"]
    owner, _, state = path.rpartition("/.ATTRIBUTES/")
    if state == "ITERATOR_STATE":  # an iterator's state: TF names its owner's ITERATOR
        fields = ['name: "ITERATOR"', f'checkpoint_key: "{owner}/.ATTRIBUTES/ITERATOR"']
    else:
        owner = path
        full_name = node["variable"].get("name", "").rpartition(":")[0]
        fields = ['name: "VARIABLE_VALUE"', f'full_name: "{full_name}"',
                  f'checkpoint_key: "{path}/.ATTRIBUTES/VARIABLE_VALUE"']
    where = "(root)." + owner.replace("/", ".")
    body = "".join(f"  {field}\n" for field in fields)
    return (f"{where}: attributes {{\n{body}}}\n"
            "has_checkpoint_values {\n  value: true\n}\n")


class CheckpointLoadStatus:
    """What ``restore`` returns: checks how well the checkpoint matched the program."""

    def __init__(self, restoration, root):
        self._restoration = restoration
        # Held strongly, as TF's status holds its object graph: checking a status whose
        # Checkpoint was made inline (``tf.train.Checkpoint(v=v).restore(path)``) still sees it.
        self._root_object = root

    def _bound_ids(self):
        r = self._restoration
        return {id(ref()) for ref in r.bound.values() if ref() is not None}

    def _unbound_live(self):
        root = self._root_object
        bound = self._bound_ids()
        return [v for _, v in _live_variables(root) if id(v) not in bound]

    def assert_consumed(self):
        """Every Variable got a value (checked first, as TF does) and every value in the
        checkpoint was restored."""
        self.assert_existing_objects_matched()
        unresolved = self._restoration.first_unresolved_value()
        if unresolved is not None:
            raise AssertionError(f"Unresolved object in checkpoint {unresolved}")
        return self

    def assert_existing_objects_matched(self):
        """Every Variable that exists now got a value (values for objects not created yet may
        still be pending)."""
        restore_deferred(None)
        unbound = self._unbound_live()
        if unbound:
            shown = unbound[:10]
            raise AssertionError(
                f"Found {len(unbound)} Python objects that were not bound to checkpointed "
                "values, likely due to changes in the Python program. Showing "
                f"{len(shown)} of {len(unbound)} unmatched objects: {shown}")
        return self

    def assert_nontrivial_match(self):
        """At least one object besides the root was matched."""
        if len([j for j, ref in self._restoration.bound.items() if j != 0]) == 0:
            raise AssertionError(f"Nothing except the root object matched a checkpointed value "
                                 f"in {self._restoration.path}; is it a checkpoint of this "
                                 "program?")
        return self

    def expect_partial(self):
        """Silences complaints about values left unrestored (they are not an error)."""
        return self

    def run_restore_ops(self, session=None):
        return None

    def initialize_or_restore(self, session=None):
        return None

    # repr() is Python's default, as TF's (what a cell ending in `restore(...)` shows);
    # print() tells what the restore did, which the lesson on deferred restoration reads.
    def __str__(self):
        r = self._restoration
        return (f"<CheckpointLoadStatus {r.path}: {len(r.restored)} values restored, "
                f"{len(r.unresolved())} pending>")


class InitializationOnlyStatus:
    """What ``restore(None)`` returns: nothing to restore."""

    def assert_consumed(self):
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being "
                             "restored.")

    assert_existing_objects_matched = assert_consumed
    assert_nontrivial_match = assert_consumed

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        return None

    def initialize_or_restore(self, session=None):
        return None


# --- tf.train.Checkpoint -------------------------------------------------------------------------
def _check_trackable(name, value):
    """A Checkpoint's argument must hold state: a trackable object, or a list, tuple or dict
    (TF wraps those as trackable containers and saves their items)."""
    if graph.is_trackable(value) or isinstance(value, (list, tuple, dict)):
        return
    raise ValueError(f"`Checkpoint` was expecting {name} to be a trackable object (an object "
                     f"derived from `Trackable`), got {value}. If you believe this object "
                     "should be trackable (i.e. it is part of the TensorFlow Python API and "
                     "manages state), please open an issue.")


class Checkpoint:
    """``tf.train.Checkpoint(**objects)``: saves and restores the objects it is given (and
    everything they hold) by name.

    >>> ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer)
    >>> path = ckpt.save("ckpts/ckpt")          # ckpts/ckpt-1, then ckpt-2, ...
    >>> ckpt.restore(tf.train.latest_checkpoint("ckpts"))
    """

    def __init__(self, root=None, **kwargs):
        object.__setattr__(self, "_root", None)
        object.__setattr__(self, "_save_counter", None)
        object.__setattr__(self, "_deps", {})
        if root is not None:
            _check_trackable("root", root)
            object.__setattr__(self, "_root", root)
        for name, value in sorted(kwargs.items()):
            _check_trackable(name, value)
            setattr(self, name, value)

    def __setattr__(self, name, value):
        if not name.startswith("_"):
            # Lists and dicts are kept as ListWrapper/DictWrapper: their items are saved too,
            # and items added later still get values from a pending restore.
            value = containers.wrap(value, self._pending_restore)
        object.__setattr__(self, name, value)
        if not name.startswith("_") and (graph.is_trackable(value) or
                                         isinstance(value, (list, tuple, dict))):
            self._deps[name] = value
            # An attribute assigned after restore() gets its checkpointed value now.
            self._pending_restore()
        else:
            self._deps.pop(name, None)

    def _pending_restore(self):
        restore_deferred(self)

    def __delattr__(self, name):
        object.__delattr__(self, name)
        self._deps.pop(name, None)

    def _trackable_children(self):
        kids = dict(graph.children(self._root)) if self._root is not None else {}
        kids.update(self._deps)
        if self._save_counter is not None:
            kids["save_counter"] = self._save_counter
        return kids

    @property
    def save_counter(self):
        """How many times ``save`` ran (an int64 Variable, created on first use)."""
        self._maybe_create_save_counter()
        return self._save_counter

    def _count_in_session(self):
        """``save`` in a TF 1.x graph, as TF does it: the counter is a graph variable, made and
        initialized in the default session the first time, its increment run there; None when
        no session is open (a tf.function trace), which counts as eager code does."""
        session = default_session()
        if session is None:
            return None
        if self._save_counter is None:
            self._maybe_create_save_counter()
            session.run(self._save_counter.initializer)
        return int(session.run(self._save_counter.assign_add(1)))

    def _maybe_create_save_counter(self):
        if self._save_counter is None:
            object.__setattr__(self, "_save_counter", Variable(
                np.int64(0), trainable=False, name="save_counter", dtype=dtypes.int64))

    def write(self, file_prefix, options=None):
        """Writes a checkpoint at exactly `file_prefix` (no numbering, no ``checkpoint`` file)."""
        return write_checkpoint(self, file_prefix)

    def save(self, file_prefix, options=None):
        """Writes ``{file_prefix}-{N}`` (N = save_counter after incrementing it), records it in
        the directory's ``checkpoint`` file and returns that path."""
        if isinstance(file_prefix, (bytes, os.PathLike)):
            file_prefix = os.fsdecode(file_prefix)
        # Anything else is formatted as text, as TF does: save(3) writes "3-1".
        number = None if context.executing_eagerly() else self._count_in_session()
        if number is None:
            self._maybe_create_save_counter()
            number = int(self._save_counter.assign_add(1).numpy())
        try:
            path = self.write(f"{file_prefix}-{number}")
        except BaseException:  # nothing written: the count goes back
            undo = self._save_counter.assign_sub(1)
            if not context.executing_eagerly() and default_session() is not None:
                default_session().run(undo)
            raise
        update_checkpoint_state(os.path.dirname(path), path, [path], stamped=False)  # (as TF)
        return path

    def read(self, save_path, options=None):
        """Restores a checkpoint written by ``write``; returns a load status."""
        nodes, arrays = read_checkpoint(save_path)
        if name_based.is_name_based(nodes):  # a TF 1.x Saver's: matched by Variable names
            return name_based.restore_by_name(self, nodes, arrays, [self._save_counter])
        return restore_into(self, save_path, (nodes, arrays))

    def restore(self, save_path, options=None):
        """Restores `save_path` (a prefix returned by ``save`` or ``latest_checkpoint``).

        Values for Variables that do not exist yet are kept and assigned when they are created.
        ``restore(None)`` does nothing (handy with ``latest_checkpoint`` of an empty directory).
        """
        if save_path is None:
            return InitializationOnlyStatus()
        self._maybe_create_save_counter()
        return self.read(save_path)


def default_session():
    """TF 1.x's default Session, or None. Set by the api layer (graph/session.py's
    get_default_session): checkpoints come before graphs and sessions."""
    return None


# --- Keras Model.save_weights / load_weights -----------------------------------------------------


def save_weights(model, path, overwrite=True, save_format=None, options=None):
    """Writes `model`'s variables (and its compiled optimizer's, if it tracks one) in the
    checkpoint format, at prefix `path`, and records it in the directory's ``checkpoint``
    file (what ``Model.save_weights`` does in TF 2's default format)."""
    path = os.fspath(path)
    if single_file.is_single_file_path(path, save_format):
        # One file, as TF's .h5 weights are: the checkpoint's two files packed together.
        if not overwrite and os.path.exists(path):
            raise FileExistsError(f"{path} already exists and overwrite=False.")
        with tempfile.TemporaryDirectory(prefix="eagerbook-save-") as tmp:
            write_checkpoint(model, os.path.join(tmp, "weights"))
            _by_name.write_layer_index(model, tmp)  # what a by-name load matches
            single_file.pack(tmp, path)
        return None
    if not overwrite and os.path.exists(path + INDEX_SUFFIX):
        raise FileExistsError(f"{path} already exists and overwrite=False.")
    write_checkpoint(model, path)
    update_checkpoint_state(os.path.dirname(path), path, [path], stamped=False)  # (as TF)
    return None


def load_weights(model, path, by_name=False, skip_mismatch=False, options=None):
    """Restores weights written by ``save_weights``; returns the load status. Weights of layers
    that are not built yet are restored when they are built."""
    path = os.fspath(path)
    if skip_mismatch and not by_name:
        raise ValueError("When calling model.load_weights, skip_mismatch can only be set to "
                         "True when by_name is True.")
    if os.path.isfile(path) and path.endswith(single_file.SUFFIXES):
        with single_file.unpacked(path) as directory:
            if by_name:
                _by_name.load_by_name(model, directory, path, skip_mismatch, read_checkpoint)
            else:
                restore_into(model, os.path.join(directory, "weights")) \
                    .assert_nontrivial_match()
        return None  # as TF: loading .h5 weights returns nothing
    # TF's own checkpoint format restores by the object graph whatever `by_name` says.
    status = restore_into(model, path)
    status.assert_nontrivial_match()
    return status

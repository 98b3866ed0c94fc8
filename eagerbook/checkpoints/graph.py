"""The object graph a checkpoint saves: who holds which Variable, under which name.

A checkpoint does not save "all variables"; it saves the objects reachable from a root, each
edge named after the attribute (or list index / dict key) that holds the child. Restoring walks
the same names in the new program, so a variable is found again by its *path*
(``model/conv2d/kernel``), not by its ``Variable.name``.

The protocol (what an object offers to checkpoints):

- ``obj._trackable_children()`` -> ``{name: child}`` where a child is a ``tf.Variable`` or another
  trackable object. Keras layers, models and metrics implement it.
- optimizers: ``obj._checkpoint_slots()`` -> iterable of ``(variable, slot_name, slot_variable)``;
  without it, an object with TF's ``get_slot_names()``/``get_slot(var, name)`` works too. Slot
  variables are saved keyed by the *path of their variable*, so they are restored into the right
  slot even when the optimizer creates its slots only after the restore.
- after creating variables late (a layer's ``build``, an optimizer's slots), an object calls
  ``eagerbook.checkpoints.checkpoint.restore_deferred(obj)`` so that a pending restore gives
  them their checkpointed values at once (deferred restoration).

Objects without ``_trackable_children`` are walked generically: attributes holding Variables or
trackable objects, directly or inside lists, tuples and dicts.
"""

import types

from ..core.variable import Variable

_WEIGHT_LISTS = ("_trainable_weights", "_non_trainable_weights")


def is_trackable(value):
    if isinstance(value, Variable):
        return True
    if isinstance(value, (type, types.ModuleType, types.FunctionType, types.MethodType)):
        return False
    if callable(getattr(type(value), "_trackable_children", None)):
        return True
    if callable(getattr(type(value), "_checkpoint_slots", None)):
        return True
    cls = type(value)
    return hasattr(value, "__dict__") and any(
        hasattr(cls, attr) for attr in ("variables", "trainable_variables", "get_slot_names"))


def escape_name(name):
    """A dict key as one name of a checkpoint key, as TF writes it: "." doubled and "/" as
    ".S" (``{"scoped/c": v}`` saves under ``scoped.Sc``), so the key's "/" still separate
    objects only."""
    return name.replace(".", "..").replace("/", ".S")


def _collect(prefix, value, out, depth=0):
    if is_trackable(value):
        out.setdefault(prefix, value)
    elif depth < 8 and isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _collect(f"{prefix}/{i}", item, out, depth + 1)
    elif depth < 8 and isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, (str, int)):
                _collect(f"{prefix}/{escape_name(str(key))}", item, out, depth + 1)


def _generic_children(obj):
    out = {}
    for key, value in getattr(obj, "__dict__", {}).items():
        if not key.startswith("__"):
            _collect(key, value, out)
    return out


def short_name(variable):
    """``dense_1/kernel:0`` -> ``kernel``."""
    return variable.name.split(":")[0].rsplit("/", 1)[-1]


def children(obj):
    """``{name: child}`` of a trackable object (Variables have none)."""
    if isinstance(obj, Variable):
        return {}
    getter = getattr(obj, "_trackable_children", None)
    if callable(getter):
        kids = {}
        for name, value in dict(getter()).items():
            _collect(str(name), value, kids)
    else:
        kids = _generic_children(obj)
    # Weights created with add_weight but never stored in an attribute are tracked by the name
    # given to add_weight, as in TF.
    seen = {id(v) for v in kids.values()}
    for attr in _WEIGHT_LISTS:
        weights = obj.__dict__.get(attr) if hasattr(obj, "__dict__") else None
        for v in weights or ():
            if isinstance(v, Variable) and id(v) not in seen:
                seen.add(id(v))
                name = short_name(v)
                while name in kids:
                    name += "_"
                kids[name] = v
    return kids


def slots_of(obj, known_variables):
    """``[(variable, slot_name, slot_variable)]`` of an optimizer-like object."""
    listed = getattr(obj, "_checkpoint_slots", None)
    if callable(listed):
        return [(v, str(n), s) for v, n, s in listed() if isinstance(s, Variable)]
    names_fn, get_slot = getattr(obj, "get_slot_names", None), getattr(obj, "get_slot", None)
    if not (callable(names_fn) and callable(get_slot)):
        return []
    out = []
    for name in names_fn():
        for v in known_variables:
            slot = find_slot(obj, v, name)
            if slot is not None:
                out.append((v, str(name), slot))
    return out


def has_slots(obj):
    return callable(getattr(obj, "_checkpoint_slots", None)) or (
        callable(getattr(obj, "get_slot_names", None))
        and callable(getattr(obj, "get_slot", None)))


def find_slot(obj, variable, name):
    """The live slot `name` of `variable` in optimizer `obj`, or None if not created yet."""
    listed = getattr(obj, "_checkpoint_slots", None)
    if callable(listed):
        for v, n, s in listed():
            if v is variable and str(n) == name:
                return s
        return None
    try:
        slot = obj.get_slot(variable, name)
    except (KeyError, ValueError, AttributeError, IndexError):
        return None
    return slot if isinstance(slot, Variable) else None


def walk(root):
    """Breadth-first walk: ``(objects, paths, edges)`` with node 0 the root.

    ``objects[i]`` is the live object of node i, ``paths[i]`` its first path from the root and
    ``edges[i]`` a dict ``name -> node id``. Shared objects get one node. Children are visited
    in the order their parent lists them, as TF does (a model lists ``layer_with_weights-0``
    before ``layer-0``: its variables are saved under the first).
    """
    objects, paths, edges = [root], [""], [{}]
    index = {id(root): 0}
    i = 0
    while i < len(objects):
        obj = objects[i]
        for name, child in children(obj).items():
            j = index.get(id(child))
            if j is None:
                j = len(objects)
                index[id(child)] = j
                objects.append(child)
                paths.append(name if not paths[i] else f"{paths[i]}/{name}")
                edges.append({})
            edges[i][name] = j
        i += 1
    return objects, paths, edges, index

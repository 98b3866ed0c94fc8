"""The ``_CHECKPOINTABLE_OBJECT_GRAPH`` value ``tf.train.load_checkpoint`` shows: the object
graph of a checkpoint in TF's own encoding (a serialized ``TrackableObjectGraph`` message), built
from this project's manifest, so that printing it shows the bytes TF's reader shows.

TF's graph lists its objects breadth first from the root (node 0): each node names its children
(``ObjectReference``: node id, local name), the values saved for it (``SerializedTensor``: the
attribute's kind, the Variable's name, the checkpoint key), an optimizer's slot Variables, and
whether anything under it is saved. Lists and dicts are nodes of their own there (``variables``
with children ``0``, ``1``...), where the manifest keeps the flattened path (``variables/0``).
Slot Variables come after all other nodes, as TF numbers them.
"""

import re

ATTRIBUTES = ".ATTRIBUTES/"
_ESCAPED = re.compile(r"\.([.S])")  # a checkpoint key escapes "." as ".." and "/" as ".S"


def _local_name(segment):
    """A child's own name, as TF's ObjectReference holds it (a dict key ``scoped/c`` is the
    key segment ``scoped.Sc``)."""
    return _ESCAPED.sub(lambda m: "/" if m.group(1) == "S" else ".", segment)


def _varint(n):
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _number(field, value):
    return _varint(field << 3) + _varint(value)


def _message(field, payload):
    if isinstance(payload, str):
        payload = payload.encode()
    return _varint(field << 3 | 2) + _varint(len(payload)) + payload


def _text(field, text):
    """A string field: left out when empty, as proto3 writes it."""
    return _message(field, text) if text else b""


def encode(nodes, keys):
    """The serialized TrackableObjectGraph of manifest `nodes`; `keys`: ``{node id: checkpoint
    key}`` of the nodes holding values (reader._keys)."""
    order, children = _breadth_first(nodes)
    ids = {item: i for i, item in enumerate(order)}
    slot_ids = {}
    for node in nodes:
        for rec in node.get("slots", ()):
            slot_ids[rec["slot"]] = len(ids) + len(slot_ids)
    saved = _holding_values(order, children, nodes, keys)
    out = b""
    for item in order:
        out += _message(1, _object(item, children[item], ids, nodes, keys, slot_ids,
                                   saved[item]))
    for slot in slot_ids:  # (after every other node, as TF numbers them)
        out += _message(1, _attribute(nodes[slot], keys[slot]) + _message(5, _number(1, 1)))
    return out


def _breadth_first(nodes):
    """The graph's items in TF's order, and ``{item: [(name, child item)]}``. An item is
    ``("node", i)`` for manifest node i, or ``("container", i, prefix)`` for the list or dict
    at ``prefix`` among node i's flattened children."""
    root = ("node", 0)
    order, children, pending = [root], {}, [root]
    while pending:
        item = pending.pop(0)
        children[item] = _children_of(item, nodes)
        for _, child in children[item]:
            if child not in children and child not in pending:  # (an object met twice
                order.append(child)                            # is one node)
                pending.append(child)
    return order, children


def _children_of(item, nodes):
    index = item[1]
    node = nodes[index]
    prefix = item[2] + "/" if item[0] == "container" else ""
    names = node.get("order") or list(node.get("children", {}))
    out, seen = [], set()
    for path in names:
        if not path.startswith(prefix) or path.startswith(ATTRIBUTES):
            continue
        head, _, rest = path[len(prefix):].partition("/")
        if head in seen:
            continue
        seen.add(head)
        child = ("container", index, prefix + head) if rest else \
            ("node", node["children"][path])
        out.append((head, child))
    return out


def _holding_values(order, children, nodes, keys):
    """``{item: whether a value is saved at or under it}``. (A child met twice may come
    before its second parent in `order`, so each item asks its children first.)"""
    saved = {}

    def holds(item):
        if item not in saved:
            saved[item] = False  # (while its children are asked: a cycle back adds nothing)
            here = item[0] == "node" and item[1] in keys or any(
                i in keys for i in _attribute_nodes(item, nodes))
            saved[item] = here or any([holds(child) for _, child in children[item]])
        return saved[item]

    for item in order:
        holds(item)
    return saved


def _attribute_nodes(item, nodes):
    if item[0] != "node":
        return []
    return [i for name, i in nodes[item[1]].get("children", {}).items()
            if name.startswith(ATTRIBUTES)]


def _object(item, kids, ids, nodes, keys, slot_ids, saved):
    out = b"".join(_message(1, _number(1, ids[child]) + _text(2, _local_name(name)))
                   for name, child in kids)
    if item[0] == "node":
        index = item[1]
        if index in keys:
            out += _attribute(nodes[index], keys[index])
        for i in _attribute_nodes(item, nodes):
            out += _attribute(nodes[i], keys[i])
        for rec in nodes[index].get("slots", ()):
            out += _message(3, _number(1, ids[("node", rec["variable"])])
                            + _text(2, rec["slot_name"]) + _number(3, slot_ids[rec["slot"]]))
    return out + _message(5, _number(1, 1) if saved else b"")


def _attribute(node, key):
    """A SerializedTensor: the kind of value (``VARIABLE_VALUE``...), the Variable's name and
    the checkpoint key."""
    kind = key.rsplit(ATTRIBUTES, 1)[-1] if ATTRIBUTES in key else "VARIABLE_VALUE"
    name = node.get("variable", {}).get("name", "") if kind == "VARIABLE_VALUE" else ""
    name = name[:-2] if name.endswith(":0") else name  # (an iterator's state has none)
    return _message(2, _text(1, kind) + _text(2, name) + _text(3, key))

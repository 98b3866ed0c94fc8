"""``tf.train.CheckpointView`` and ``tf.train.TrackableView``: a checkpoint's object graph, or a
live object's, read node by node, and the two matched against each other.

Node ids are TF's: the root is 0 and the others are numbered breadth-first, children in the
order their parent lists them. TF gives every list or dict of trackables a node of its own
(``vars`` with children ``0`` and ``1``); eagerbook's files keep one edge ``vars/0`` per item,
so the views rebuild those container nodes, and number as TF does. A checkpoint made with a
root object (``tf.train.Checkpoint(module)``) also has TF's edge ``root`` from the root to
itself.
"""

import collections

from . import files, graph


def _container_children(container):
    items = container.items() if isinstance(container, dict) else enumerate(container)
    return {str(k): v for k, v in items
            if graph.is_trackable(v) or isinstance(v, (list, tuple, dict))}


class TrackableView:
    """The object graph of live objects under `root` (``tf.train.TrackableView(root)``)."""

    def __init__(self, root):
        self._root = root

    @property
    def root(self):
        return self._root

    @classmethod
    def children(cls, obj, save_type="checkpoint", **kwargs):
        """``{name: child}`` of `obj`; a list or dict attribute is one child (its items below)."""
        if isinstance(obj, (list, tuple, dict)):
            return _container_children(obj)
        attributes = getattr(obj, "__dict__", {})
        out = {}
        for name, child in graph.children(obj).items():
            head, slash, _ = name.partition("/")
            container = attributes.get(head) if slash else None
            if isinstance(container, (list, tuple, dict)):
                out.setdefault(head, container)
            else:
                out[name] = child
        return out

    def descendants(self):
        """Every object reachable from the root, breadth first (the root first)."""
        found, seen, to_visit = [], {id(self._root)}, collections.deque([self._root])
        while to_visit:
            current = to_visit.popleft()
            found.append(current)
            for child in self.children(current).values():
                if id(child) not in seen:
                    seen.add(id(child))
                    to_visit.append(child)
        return found


def _tf_nodes(nodes):
    """The checkpoint's nodes as TF numbers them: a list of ``{name: node id}``."""
    # Each eagerbook node's edges, with ``a/b`` edges grouped under a container node ``a``.
    # A target is ("node", i) for an eagerbook node, or ("box", i, "a/") for a container.
    edges = {}

    def add(owner, name, target):
        head, slash, rest = name.partition("/")
        if not slash:
            edges.setdefault(owner, []).append((name, target))
            return
        prefix = (owner[2] if owner[0] == "box" else "") + head + "/"
        box = ("box", owner[1], prefix)
        if box not in edges:
            edges[box] = []
            edges.setdefault(owner, []).append((head, box))
        add(box, rest, target)

    for i, node in enumerate(nodes):
        owner = ("node", i, "")
        edges.setdefault(owner, [])
        order = list(node.get("order", sorted(node["children"])))
        if i == 0 and "root_edge" in node:  # Checkpoint(root): TF's edge back to the root
            order.insert(node["root_edge"], None)
        for name in order:
            if name is None:
                add(owner, "root", ("node", 0, ""))
            else:
                add(owner, name, ("node", node["children"][name], ""))
    # Breadth-first numbering from the root, as TF's saver numbers its proto's nodes.
    ids = {("node", 0, ""): 0}
    order = [("node", 0, "")]
    position = 0
    while position < len(order):
        for _, target in edges[order[position]]:
            if target not in ids:
                ids[target] = len(order)
                order.append(target)
        position += 1
    for i in range(len(nodes)):  # optimizer slots: reached through no edge, numbered last
        if ("node", i, "") not in ids:
            ids[("node", i, "")] = len(order)
            order.append(("node", i, ""))
    return [{name: ids[target] for name, target in edges[key]} for key in order]


class CheckpointView:
    """Reads a checkpoint's object graph (``tf.train.CheckpointView(save_path)``)."""

    def __init__(self, save_path):
        manifest, _ = files.read_files(save_path)
        self._nodes = _tf_nodes(manifest["nodes"])

    def children(self, node_id):
        """``{name: node id}`` of the node's children."""
        return dict(self._nodes[node_id])

    def descendants(self):
        """The ids of the nodes reachable from the root, breadth first (the root first)."""
        found, to_visit = [0], collections.deque([0])
        seen = {0}
        while to_visit:
            for child in self._nodes[to_visit.popleft()].values():
                if child not in seen:
                    seen.add(child)
                    found.append(child)
                    to_visit.append(child)
        return found

    def match(self, obj):
        """``{node id: live object}`` for the nodes that `obj` has at the same path."""
        if not graph.is_trackable(obj):
            raise ValueError(f"Expected a Trackable, got {obj} of type {type(obj)}.")
        matched = {0: obj}
        to_visit, visited = collections.deque([(0, obj)]), set()
        while to_visit:
            node_id, live = to_visit.popleft()
            live_children = TrackableView.children(live)
            for name, child_id in self.children(node_id).items():
                if child_id in visited or child_id == 0 or name not in live_children:
                    continue
                if child_id not in matched:
                    matched[child_id] = live_children[name]
                    to_visit.append((child_id, live_children[name]))
            visited.add(node_id)
        return matched

    def diff(self, obj):
        """``(matched, node ids only in the checkpoint, live objects only in obj)``."""
        matched = self.match(obj)
        only_in_checkpoint = [i for i in self.descendants() if i not in matched]
        matched_ids = {id(v) for v in matched.values()}
        only_in_trackable = [t for t in TrackableView(obj).descendants()
                             if id(t) not in matched_ids]
        return matched, only_in_checkpoint, only_in_trackable


__all__ = ["CheckpointView", "TrackableView"]

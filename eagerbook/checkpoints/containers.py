"""Lists and dicts held by a ``tf.train.Checkpoint``: TF's ``ListWrapper`` and ``DictWrapper``.

``ckpt.listed = [v1]`` or ``ckpt.mapped = {"one": v1}`` stores a wrapper: still a list (or
dict), whose items the checkpoint saves under ``listed/0`` or ``mapped/one``. The wrapper
tells its owner of every change, so that an item added after ``restore()`` --
``ckpt.listed.append(v)`` -- gets its checkpointed value at once (deferred restoration, as in
TF).
"""


class _Tracked:
    """Mixin: after any change, calls the owner's ``on_change`` (which lets a pending restore
    look at the new items)."""

    def _changed(self):
        if self._on_change is not None:
            self._on_change()


class ListWrapper(_Tracked, list):
    def __init__(self, items=(), on_change=None):
        list.__init__(self, items)
        self._on_change = on_change

    def append(self, value):
        list.append(self, value)
        self._changed()

    def extend(self, values):
        list.extend(self, values)
        self._changed()

    def insert(self, index, value):
        list.insert(self, index, value)
        self._changed()

    def __setitem__(self, index, value):
        list.__setitem__(self, index, value)
        self._changed()

    def __iadd__(self, values):
        list.extend(self, values)
        self._changed()
        return self

    def __repr__(self):
        return f"ListWrapper({list.__repr__(self)})"


class _DictWrapper(_Tracked, dict):  # (TF's class carries the underscore too)
    def __init__(self, items=(), on_change=None):
        dict.__init__(self, items)
        self._on_change = on_change

    def __setitem__(self, key, value):
        dict.__setitem__(self, key, value)
        self._changed()

    def update(self, *args, **kwargs):
        dict.update(self, *args, **kwargs)
        self._changed()

    def setdefault(self, key, default=None):
        value = dict.setdefault(self, key, default)
        self._changed()
        return value

    def __repr__(self):
        return f"DictWrapper({dict.__repr__(self)})"

    def __str__(self):  # (TF's prints as the plain dict; its repr names the wrapper)
        return dict.__repr__(self)


DictWrapper = _DictWrapper


def wrap(value, on_change):
    """`value` as a tracked container if it is a plain list or dict (else `value` itself)."""
    if type(value) is list:
        return ListWrapper(value, on_change)
    if type(value) is dict:
        return DictWrapper(value, on_change)
    return value


__all__ = ["ListWrapper", "DictWrapper", "wrap"]

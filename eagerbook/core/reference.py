"""``Tensor.ref()`` and ``Variable.ref()``: a hashable stand-in for a tensor (TF 2's way of
using tensors as dict keys)."""


class Reference:
    """What ``Tensor.ref()`` returns: hashable by identity, ``deref()`` gives the tensor back."""

    __slots__ = ("_obj",)

    def __init__(self, obj):
        self._obj = obj

    def deref(self):
        return self._obj

    def __eq__(self, other):
        return isinstance(other, Reference) and other._obj is self._obj

    def __hash__(self):
        return id(self._obj)

    def __repr__(self):
        return f"<Reference wrapping {self._obj!r}>"

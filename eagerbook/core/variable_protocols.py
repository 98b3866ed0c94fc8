"""The Python protocols of ``tf.Variable`` (a base class of Variable, kept out of
``variable.py`` so that a first reader can skip it): what ``hash``, ``bool``, ``int``,
``format``, ``+=`` and ``copy`` do with a Variable, each as TF 2 does it."""

from .tensor import Tensor

# TF's flag, kept on Tensor as TF keeps it: False after tf.compat.v1.disable_tensor_equality(),
# when `==` on tensors and Variables is TF 1.x's identity test and a Variable hashes by identity.
Tensor._USE_EQUALITY = True

_IN_PLACE = ("`{}` with `tf.Variable`s is not supported. Use `{}` to modify the variable, or "
             "`out = {}` if you need to get a new output Tensor.")


class PythonProtocols:
    """Mixed into Variable: every method reads the Variable through ``_as_tensor``."""

    __slots__ = ()

    def __hash__(self):
        if not Tensor._USE_EQUALITY:  # (tf.compat.v1.disable_tensor_equality: TF 1.x's hash)
            return id(self)
        raise TypeError("Variable is unhashable. Instead, use variable.ref() as the key. "
                        f"(Variable: {self!r})")

    def ref(self):
        return Tensor.ref(self)  # the same hashable-by-identity wrapper as a tensor's

    experimental_ref = ref

    def __bool__(self):
        return bool(self._as_tensor())

    def __iter__(self):
        return iter(self._as_tensor())

    def __int__(self):
        return int(self._as_tensor())

    def __float__(self):
        return float(self._as_tensor())

    def __format__(self, format_spec):  # (a tensor formats its value; a Variable does not)
        if format_spec:
            raise TypeError(f"unsupported format string passed to "
                            f"{type(self).__name__}.__format__")
        return str(self)

    # `v += 1` would quietly rebind `v` to a tensor: TF refuses, saying what to write instead.
    def __iadd__(self, other):
        raise RuntimeError(_IN_PLACE.format("variable += value", "variable.assign_add(value)",
                                            "variable + value"))

    def __isub__(self, other):  # ("variable * value": TF's words)
        raise RuntimeError(_IN_PLACE.format("variable -= value", "variable.assign_sub(value)",
                                            "variable * value"))

    def __imul__(self, other):
        raise RuntimeError(_IN_PLACE.format("var *= value", "var.assign(var * value)",
                                            "var * value"))

    def __itruediv__(self, other):
        raise RuntimeError(_IN_PLACE.format("var /= value", "var.assign(var / value)",
                                            "var / value"))

    def __ipow__(self, other):
        raise RuntimeError(_IN_PLACE.format("var **= value", "var.assign(var ** value)",
                                            "var ** value"))


    def __copy__(self):  # (TF: the same Variable; copy.deepcopy makes a new one)
        return self

    # --- graph names, which an eager Variable does not have (TF's errors) ------------------------
    @property
    def graph(self):
        raise AttributeError("Tensor.graph is undefined when eager execution is enabled.")

    @property
    def op(self):
        raise AttributeError("Tensor.op is undefined when eager execution is enabled.")

    def to_proto(self, export_scope=None):
        raise RuntimeError("This operation is not supported when eager execution is enabled.")

    def set_shape(self, shape):
        """Narrows the static shape (``Shapes (2,) and (3,) are not compatible`` otherwise)."""
        self._shape = self._shape.merge_with(shape)

"""``tf.IndexedSlices``: some rows of a larger tensor, kept as (values, indices, dense_shape).

A gather reads a few rows of a big table (an embedding matrix, say), so its gradient is zero
everywhere except at those rows. TF's tape answers with this sparse form instead of a dense
tensor full of zeros: ``values[i]`` is the gradient of row ``indices[i]`` of a tensor of shape
``dense_shape``. A row may appear more than once; its gradients then add up.

Most ops accept an IndexedSlices wherever a Tensor goes: ``convert_to_tensor`` (through
``_as_tensor``) builds the dense tensor, summing repeated rows. A few keep it sparse, as TF's
do: ``tf.identity``, ``tf.cast``, ``tf.clip_by_value``, ``tf.clip_by_norm``,
``tf.clip_by_global_norm``, unary minus. Python's arithmetic operators are not defined on it
(TF's are not either): ``0.1 * grad`` is a TypeError, ``tf.multiply(0.1, grad)`` is dense.
"""

from ..core import dtypes
from ..core.shape import TensorShape
from ..core.tensor import Tensor


class IndexedSlices:
    """Rows ``indices`` (1-D ints) of a tensor of shape ``dense_shape``, holding ``values``."""

    def __init__(self, values, indices, dense_shape=None):
        self._values = values
        self._indices = indices
        self._dense_shape = dense_shape

    # --- the three parts ------------------------------------------------------------------------
    @property
    def values(self):
        """The slices: shape ``[len(indices)] + dense_shape[1:]``."""
        return self._values

    @property
    def indices(self):
        """Which row of the dense tensor each slice of ``values`` is."""
        return self._indices

    @property
    def dense_shape(self):
        """The shape of the dense tensor this stands for (a 1-D int tensor), or None."""
        return self._dense_shape

    # --- tensor-like attributes -----------------------------------------------------------------
    @property
    def dtype(self):
        return self._values.dtype

    @property
    def shape(self):
        """The dense shape when it is known, else ``[None] + values.shape[1:]``."""
        dense = self._dense_shape
        if dense is not None and isinstance(dense, Tensor) and dense._value is not None:
            return TensorShape([int(d) for d in dense._value])
        return TensorShape([None]).concatenate(self._values.shape[1:])

    @property
    def _dtype(self):  # (what the backward sweep reads of a gradient)
        return self._values._dtype

    @property
    def name(self):
        return self._values.name

    @property
    def device(self):
        return self._values.device

    @property
    def op(self):
        return self._values.op

    @property
    def graph(self):
        return self._values.graph

    def __neg__(self):
        return self._with_values(_OPS["negative"](self._values))

    def __str__(self):
        parts = f"indices={self._indices!s}, values={self._values!s}"
        if self._dense_shape is not None:
            parts += f", dense_shape={self._dense_shape!s}"
        return f"IndexedSlices({parts})"

    # (no __repr__: TF shows the default <... IndexedSlices object at 0x...>)

    # --- conversion to a dense tensor -----------------------------------------------------------
    def _as_tensor(self, dtype=None):
        """The dense tensor (convert_to_tensor's hook): repeated rows are summed."""
        if dtype is not None and dtypes.as_dtype(dtype) is not self._values.dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} "
                             f"for IndexedSlices with dtype {self._values.dtype.name}: {self}")
        if self._dense_shape is None:
            raise ValueError("Tensor conversion requested for IndexedSlices for argument "
                             f"`value` without dense_shape: {self}")
        return to_dense(self)

    def _with_values(self, values):
        """The same rows holding other values (TF's IndexedSlices.with_values)."""
        return IndexedSlices(values, self._indices, self._dense_shape)


# Ops whose gradient is their output's, unchanged: the backward sweep hands them an
# IndexedSlices as it is (any other rule gets the dense tensor).
PASSED_ON = frozenset(("ReadVariableOp", "Identity"))

# The ops an IndexedSlices needs live in modules that import this one, so they register
# themselves here (scatter_ops does, on import) instead of being imported.
_OPS = {}  # "to_dense", "concat", "negative", "add" -> function


def register_ops(**ops):
    _OPS.update(ops)


def to_dense(slices):
    """The dense tensor of `slices`: rows scattered into zeros, repeated rows added."""
    return _OPS["to_dense"](slices)


def dense(g):
    """`g` as a dense tensor if it is an IndexedSlices, else `g` itself (None stays None)."""
    return to_dense(g) if type(g) is IndexedSlices else g


def add(a, b):
    """a + b for two gradients of one tensor, one of them (at least) an IndexedSlices: the
    rows of both if both are (TF concatenates them too), else the dense sum."""
    if type(a) is IndexedSlices and type(b) is IndexedSlices:
        return _OPS["concat"](a, b)
    return _OPS["add"](dense(a), dense(b))

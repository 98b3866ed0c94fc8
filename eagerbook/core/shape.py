"""``tf.TensorShape``: a tuple of dimensions, some possibly unknown (``None``).

Eager tensors always have fully known shapes; unknown dimensions appear in ``tf.function``
input signatures and in traced graphs.
"""

import operator


class TensorShape:
    __slots__ = ("_dims",)

    def __init__(self, dims):
        if dims is None:
            self._dims = None  # unknown rank
        elif isinstance(dims, TensorShape):
            self._dims = dims._dims
        elif isinstance(dims, int):
            self._dims = (_dim(dims),)
        elif isinstance(dims, (list, tuple)):
            self._dims = tuple(_dim(d) for d in dims)
        else:
            self._dims = _dims_of_iterable(dims)

    @classmethod
    def _from_tuple(cls, dims):
        """Fast constructor for a tuple of known ints (the eager hot path)."""
        shape = object.__new__(cls)
        shape._dims = dims
        return shape

    # --- queries ------------------------------------------------------------------------------
    @property
    def rank(self):
        return None if self._dims is None else len(self._dims)

    ndims = rank

    @property
    def dims(self):
        """TF 1.x's view: a list of ``Dimension`` (``as_list()`` gives the sizes)."""
        return None if self._dims is None else [Dimension(d) for d in self._dims]

    def as_list(self):
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self):
        return self._dims is not None and all(d is not None for d in self._dims)

    def num_elements(self):
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def is_compatible_with(self, other):
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        if len(self._dims) != len(other._dims):
            return False
        return all(a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are incompatible")  # (as given)

    def most_specific_compatible_shape(self, other):
        """The shape keeping the dimensions on which both agree (others become None)."""
        other = as_shape(other)
        if self._dims is None or other._dims is None or len(self._dims) != len(other._dims):
            return TensorShape(None)
        return TensorShape([a if a == b else None for a, b in zip(self._dims, other._dims)])

    def merge_with(self, other):
        other = as_shape(other)
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are not compatible")
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims)])

    def concatenate(self, other):
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def with_rank(self, rank):
        if self._dims is not None and len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")
        return self if self._dims is not None else TensorShape([None] * rank)

    def with_rank_at_least(self, rank):
        if self._dims is not None and len(self._dims) < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}")
        return self

    def with_rank_at_most(self, rank):
        if self._dims is not None and len(self._dims) > rank:
            raise ValueError(f"Shape {self} must have rank at most {rank}")
        return self

    def assert_has_rank(self, rank):
        if self._dims is not None and len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")

    def assert_same_rank(self, other):
        other = as_shape(other)
        if self._dims is not None and other._dims is not None \
                and len(self._dims) != len(other._dims):
            raise ValueError(f"Shapes {self} and {other} must have the same rank")

    def assert_is_fully_defined(self):
        if not self.is_fully_defined():
            raise ValueError(f"Shape {self} is not fully defined")

    # --- tf.function's shape relaxation (TraceType) -------------------------------------------
    def is_subtype_of(self, other):
        """True if every value of this shape also fits `other` (None there accepts any)."""
        other = as_shape(other)
        if other._dims is None:
            return True
        if self._dims is None or len(self._dims) != len(other._dims):
            return False
        return all(b is None or a == b for a, b in zip(self._dims, other._dims))

    def most_specific_common_supertype(self, others):
        """The most specific shape every one of self and `others` is a subtype of."""
        result = self
        for other in others:
            result = result.most_specific_compatible_shape(other)
        return result

    # --- sequence protocol ------------------------------------------------------------------------
    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            return TensorShape(None) if isinstance(key, slice) else None
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return self._dims[key]

    def __bool__(self):
        return self._dims is not None

    # --- comparison and printing ----------------------------------------------------------------
    def __eq__(self, other):
        try:
            other = as_shape(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash(self._dims)

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return as_shape(other).concatenate(self)

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        return f"TensorShape({list(self._dims)})"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return f"({self._dims[0]},)"
        return "(" + ", ".join(str(d) for d in self._dims) + ")"

    def __reduce__(self):
        return TensorShape, (None if self._dims is None else list(self._dims),)


def _dims_of_iterable(dims):
    """A shape from any other iterable (TF: a string's characters are not dimensions)."""
    out = []
    for d in dims:
        try:
            out.append(_dim(d))
        except TypeError:
            raise TypeError(f"Failed to convert '{dims!r}' to a shape: '{d!r}'could not be "
                            "converted to a dimension. A shape should either be single dimension "
                            "(e.g. 10), or an iterable of dimensions (e.g. [1, 10, None]).") \
                from None
    return tuple(out)


def _dim(d):
    if d is None:
        return None
    if hasattr(d, "value") and not isinstance(d, int):  # tf.compat.v1.Dimension-like
        d = d.value
        if d is None:
            return None
    try:
        value = int(d.__index__())
    except (AttributeError, TypeError):
        raise TypeError(f"Dimension value must be integer or None or have an __index__ method, "
                        f"got value '{d!r}' with type '{type(d)}'") from None
    if value < 0:
        raise ValueError(f"Dimension {value} must be >= 0")
    return value


class Dimension:
    """One dimension as TF 1.x represented it (``tf.compat.v1.Dimension``): a size, or None
    when unknown. TF 2 shapes hold plain ints (``shape[0]`` is an int); ``shape.dims`` and
    ``tf.compat.dimension_at_index`` still give Dimensions, for TF 1.x code such as
    ``shape.dims[0].value``. Arithmetic with an unknown size is unknown, and so are
    comparisons (None)."""

    __slots__ = ("_value",)
    __hash__ = None  # (unhashable, as TF's)

    def __init__(self, value):
        self._value = _dim(value)

    @property
    def value(self):
        return self._value

    def __repr__(self):
        return f"Dimension({self._value!r})"

    def __str__(self):
        return "?" if self._value is None else str(self._value)

    def __int__(self):
        return self._value

    __index__ = __int__

    def __float__(self):
        return float(self._value)

    def __bool__(self):
        return bool(self._value)

    def is_compatible_with(self, other):
        other = Dimension(other)
        return self._value is None or other._value is None or self._value == other._value

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Dimensions {self} and {Dimension(other)} are not compatible")

    def merge_with(self, other):
        """The known size of the two (an error if both are known and differ)."""
        other = Dimension(other)
        self.assert_is_compatible_with(other)
        return Dimension(self._value if self._value is not None else other._value)

    def _combine(self, other, op, reverse=False):
        try:
            other = Dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other._value is None:
            return Dimension(None)
        a, b = (other._value, self._value) if reverse else (self._value, other._value)
        return Dimension(op(a, b))

    def _compare(self, other, op):
        try:
            other = Dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other._value is None:
            return None
        return op(self._value, other._value)

    def __add__(self, other):
        return self._combine(other, operator.add)

    def __radd__(self, other):
        return self._combine(other, operator.add, reverse=True)

    def __sub__(self, other):
        return self._combine(other, operator.sub)

    def __rsub__(self, other):
        return self._combine(other, operator.sub, reverse=True)

    def __mul__(self, other):
        return self._combine(other, operator.mul)

    def __rmul__(self, other):
        return self._combine(other, operator.mul, reverse=True)

    def __floordiv__(self, other):
        return self._combine(other, operator.floordiv)

    def __rfloordiv__(self, other):
        return self._combine(other, operator.floordiv, reverse=True)

    def __mod__(self, other):
        return self._combine(other, operator.mod)

    def __rmod__(self, other):
        return self._combine(other, operator.mod, reverse=True)

    def __truediv__(self, other):
        raise TypeError(f"unsupported operand type(s) for /: 'Dimension' and "
                        f"'{type(other).__name__}', please use // instead")

    def __eq__(self, other):
        return self._compare(other, operator.eq)

    def __ne__(self, other):
        return self._compare(other, operator.ne)

    def __lt__(self, other):
        return self._compare(other, operator.lt)

    def __le__(self, other):
        return self._compare(other, operator.le)

    def __gt__(self, other):
        return self._compare(other, operator.gt)

    def __ge__(self, other):
        return self._compare(other, operator.ge)


def dimension_value(dimension):
    """A dimension as an int, or None when unknown (TF 1's Dimension or TF 2's int alike)."""
    return dimension.value if isinstance(dimension, Dimension) else dimension


def as_shape(shape):
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


# While tf.data finds a map function's element_spec by running it on stand-in values whose
# unknown dimensions have made-up sizes (data/dataset.py), ``Tensor.set_shape`` notes the shape
# the function asserts here instead of checking it against those sizes.
asserted_shapes = None


def check_static_shape(tensor, shape):
    """``Tensor.set_shape``: a shape that does not fit the tensor's is a ValueError."""
    if asserted_shapes is not None:
        asserted_shapes.append((tensor, shape))
    elif not tensor.shape.is_compatible_with(shape):
        raise ValueError(f"Tensor's shape {tensor.shape} is not compatible with supplied "
                         f"shape {TensorShape(shape)}.")

"""``MultiHeadAttention``: scaled dot-product attention with several heads.

Each of query, key and value goes through its own ``EinsumDense`` that gives it a heads axis:
``(batch, steps, dim) -> (batch, steps, heads, key_dim)``. Per head, every query step scores
every key step (``query . key / sqrt(key_dim)``), a softmax over the key steps turns the
scores into weights, and the weighted sum of the value steps is that head's answer. A last
``EinsumDense`` mixes the heads back into the query's feature size.

Masks: ``attention_mask`` (``(batch, T, S)``, True where a query step may look at a key
step), the Keras masks riding on query/value/key (padding from ``Embedding(mask_zero=True)``)
and ``use_causal_mask=True`` (no looking ahead) are all combined with a logical and.
"""

import math
import string

from ...core import context
from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...ops import array_ops, manip_ops, math_ops
from .. import constraints, initializers, regularizers
from ..keras_tensor import KerasTensor
from .activation import Softmax
from .base import _MASKS, Layer
from .core import Dropout, _serialize_constraint
from .einsum_dense import EinsumDense


def _projection_equation(rank):
    """``EinsumDense`` equation taking the last axis of a rank-`rank` input to (heads, dim)."""
    letters = string.ascii_lowercase[:rank]
    new_axes = string.ascii_lowercase[rank:rank + 2]
    return (f"{letters},{letters[-1]}{new_axes}->{letters[:-1]}{new_axes}",
            rank - 1 + 2)  # the output keeps rank-1 input axes and adds two


def _output_equation(rank):
    """Equation taking (..., heads, dim) of a rank-`rank` tensor to one feature axis."""
    letters = string.ascii_lowercase[:rank]
    out = string.ascii_lowercase[rank]
    return f"{letters},{letters[-2:]}{out}->{letters[:-2]}{out}"


def _shape_of(tensor):
    if tensor is None:
        return None
    return tensor.shape if hasattr(tensor, "shape") else convert_to_tensor(tensor).shape


def _fresh_copy(initializer):
    """A new initializer like `initializer` for each projection, as TF makes: unseeded, each
    copy fixes a seed of its own at its first call (so the four kernels differ)."""
    if isinstance(initializer, initializers.Initializer):
        return type(initializer).from_config(initializer.get_config())
    return initializer


def _attention_equations(rank, attended):
    """The two einsum equations of the attention over projected ``(B, ..., N, H)`` tensors
    of `rank` axes: key x query -> scores, and scores x value -> output. The scores hold the
    other axes (batch, heads, the axes not attended) first, then the query's attended axes,
    then the key's, so that a softmax over the last ``len(attended)`` axes normalizes them."""
    letters = string.ascii_lowercase
    target = letters[:rank]
    others = [i for i in range(rank - 1) if i not in attended] + [rank - 2]
    others = sorted(set(others))
    source, fresh = "", iter(letters[rank:])
    for i in range(rank):
        source += target[i] if i in others or i == rank - 1 else next(fresh)
    product = "".join([target[i] for i in others] + [target[i] for i in attended]
                      + [source[i] for i in attended])
    return f"{source},{target}->{product}", f"{product},{source}->{target}"


class MultiHeadAttention(Layer):
    """``layer(query, value, key=None)``: attention from query steps to key/value steps."""

    def __init__(self, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True,
                 output_shape=None, attention_axes=None, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 softmax_robust_masking=False, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.supports_masking = True  # the output keeps the query's mask
        # Robust masking replaces masked logits by a large negative instead of adding one,
        # so that a row with every key masked still gets uniform weights from huge logits.
        self._softmax_robust_masking = softmax_robust_masking
        self._num_heads = num_heads
        self._key_dim = key_dim
        self._value_dim = value_dim if value_dim else key_dim
        self._dropout = dropout
        self._use_bias = use_bias
        self._output_shape = output_shape
        if isinstance(attention_axes, int):
            attention_axes = (attention_axes,)
        self._attention_axes = tuple(attention_axes) if attention_axes is not None else None
        self._kernel_initializer = initializers.get(kernel_initializer)
        self._bias_initializer = initializers.get(bias_initializer)
        self._kernel_regularizer = regularizers.get(kernel_regularizer)
        self._bias_regularizer = regularizers.get(bias_regularizer)
        self._kernel_constraint = constraints.get(kernel_constraint)
        self._bias_constraint = constraints.get(bias_constraint)
        self._query_shape = self._key_shape = self._value_shape = None

    # --- building: the four projections are made from the first call's shapes ----------------
    def _dense(self, name, equation, output_shape, bias_axes):
        return EinsumDense(equation, output_shape=output_shape,
                           bias_axes=bias_axes if self._use_bias else None, name=name,
                           kernel_initializer=_fresh_copy(self._kernel_initializer),
                           bias_initializer=_fresh_copy(self._bias_initializer),
                           kernel_regularizer=self._kernel_regularizer,
                           bias_regularizer=self._bias_regularizer,
                           kernel_constraint=self._kernel_constraint,
                           bias_constraint=self._bias_constraint)

    def _build_from_signature(self, query_shape, value_shape, key_shape):
        self._query_shape = TensorShape(query_shape)
        self._value_shape = TensorShape(value_shape)
        self._key_shape = TensorShape(key_shape if key_shape is not None else value_shape)
        rank = self._query_shape.rank
        self._check_attention_axes(rank)
        equation, out_rank = _projection_equation(rank)
        middle = [None] * (out_rank - 3)
        bias_axes = equation[-2:]
        self._query_dense = self._dense("query", equation,
                                        middle + [self._num_heads, self._key_dim], bias_axes)
        self._key_dense = self._dense("key", equation,
                                      middle + [self._num_heads, self._key_dim], bias_axes)
        self._value_dense = self._dense("value", equation,
                                        middle + [self._num_heads, self._value_dim], bias_axes)
        # TF makes its softmax and dropout layers here, after the projections: they take their
        # names then (a Softmax or Dropout made after this layer's first call gets a '_1'), and
        # an error in the softmax (a mask of the wrong shape) is framed as the Softmax layer's.
        scores_rank = rank + len(self._attended)
        self._softmax = Softmax(axis=tuple(range(rank, scores_rank)),
                                robust_masking=self._softmax_robust_masking)
        self._dropout_layer = Dropout(rate=self._dropout)
        if self._output_shape:
            extra = self._output_shape if isinstance(self._output_shape, (list, tuple)) \
                else [self._output_shape]
        else:
            extra = [self._query_shape[-1]]
        out_equation = _output_equation(out_rank)
        if len(extra) != 1:
            raise NotImplementedError("MultiHeadAttention: an output_shape of more than one "
                                      "axis is not supported")
        self._output_dense = self._dense("attention_output", out_equation,
                                         middle + list(extra), out_equation[-1])
        # The weights are named <this layer>/<projection>/kernel, as in TF.
        with context.name_scope(self._name):
            for dense, shape in ((self._query_dense, self._query_shape),
                                 (self._key_dense, self._key_shape),
                                 (self._value_dense, self._value_shape)):
                with context.name_scope(dense.name):
                    dense._maybe_build(KerasTensor(shape, self.dtype))
            with context.name_scope(self._output_dense.name):
                projected = self._query_shape.as_list()[:-1] + [self._num_heads,
                                                                self._value_dim]
                self._output_dense._maybe_build(KerasTensor(projected, self.dtype))
        self.built = True

    def _check_attention_axes(self, rank):
        """The axes attended over, counted in the inputs (all between batch and features
        unless `attention_axes` names some: the others then act as more batch axes)."""
        if self._attention_axes is None:
            self._attended = tuple(range(1, rank - 1))
        else:
            self._attended = tuple(sorted(a % rank for a in self._attention_axes))

    def __call__(self, query, value=None, key=None, *args, **kwargs):
        if value is None:
            value = kwargs.pop("value", None)
        if value is None:
            raise TypeError("MultiHeadAttention.call() missing 1 required positional "
                            "argument: 'value'")
        if key is None:
            key = kwargs.pop("key", None)
        if not self.built:
            self._build_from_signature(_shape_of(query), _shape_of(value), _shape_of(key))
        if args:  # attention_mask (and what follows it) by position, as call takes them
            return super().__call__(query, value, key, *args, **kwargs)
        if key is not None:
            kwargs["key"] = key
        return super().__call__(query, value, **kwargs)

    # --- the computation -----------------------------------------------------------------------
    def call(self, query, value, key=None, attention_mask=None, return_attention_scores=False,
             training=None, use_causal_mask=False):
        query, value = convert_to_tensor(query), convert_to_tensor(value)
        key = value if key is None else convert_to_tensor(key)
        mask = self._attention_mask(query, value, key, attention_mask, use_causal_mask)
        query = self._query_dense(query)  # (B, T, N, H)
        key = self._key_dense(key)  # (B, S, N, H)
        value = self._value_dense(value)  # (B, S, N, H)
        output, scores = self._attend(query, key, value, mask, training)
        output = self._output_dense(output)
        if return_attention_scores:
            return output, scores
        return output

    def _attend(self, query, key, value, mask, training):
        scores_equation, combine_equation = _attention_equations(query.shape.rank,
                                                                 self._attended)
        query = math_ops.multiply(query, math_ops.cast(1.0 / math.sqrt(float(self._key_dim)),
                                                       query.dtype))
        scores = math_ops.einsum(scores_equation, key, query)
        scores = self._masked_softmax(scores, mask, len(self._attended))
        dropped = self._dropout_layer(scores, training=training)
        output = math_ops.einsum(combine_equation, dropped, value)
        return output, scores

    def _masked_softmax(self, scores, mask, key_axes):
        if mask is not None:
            # (B, T, S) -> (B, 1, T, S): one mask for every head (and every other batch axis).
            while mask.shape.rank < scores.shape.rank:
                mask = array_ops.expand_dims(mask, axis=-2 * key_axes - 1)
        return self._softmax(scores, mask)  # (over all key axes together, masked out: -1e9)

    def _attention_mask(self, query, value, key, attention_mask, use_causal_mask):
        """The (B, T, S) boolean mask from every source, or None when nothing is masked."""
        rank = query.shape.rank
        mask = None
        query_mask, value_mask, key_mask = (_MASKS.find(t) if _MASKS else None
                                            for t in (query, value, key))
        if query_mask is not None:
            mask = array_ops.expand_dims(math_ops.cast(query_mask, "bool"), -1)  # (B, T, 1)
        for padding in (value_mask, key_mask):
            if padding is not None:
                padding = array_ops.expand_dims(math_ops.cast(padding, "bool"), -rank + 1)
                mask = padding if mask is None else math_ops.logical_and(mask, padding)
        if use_causal_mask:
            causal = self._causal_mask(query, value)
            mask = causal if mask is None else math_ops.logical_and(mask, causal)
        if attention_mask is not None:
            attention_mask = math_ops.cast(attention_mask, "bool")
            mask = attention_mask if mask is None else math_ops.logical_and(mask,
                                                                             attention_mask)
        return mask

    @staticmethod
    def _causal_mask(query, value):
        """(1, T, S): query step t may look at key steps 0..t only."""
        steps_q = array_ops.shape(query)[1]
        steps_v = array_ops.shape(value)[1]
        ones = array_ops.ones(array_ops.stack([1, steps_q, steps_v]), dtype="int32")
        return math_ops.cast(manip_ops.band_part(ones, -1, 0), "bool")

    def compute_mask(self, inputs, mask=None):
        return mask  # the query's padding stays on the output

    def get_config(self):
        config = super().get_config()
        config.update({
            "num_heads": self._num_heads, "key_dim": self._key_dim,
            "value_dim": self._value_dim, "dropout": self._dropout,
            "use_bias": self._use_bias, "output_shape": self._output_shape,
            "attention_axes": self._attention_axes,
            "kernel_initializer": initializers.serialize(self._kernel_initializer),
            "bias_initializer": initializers.serialize(self._bias_initializer),
            "kernel_regularizer": regularizers.serialize(self._kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self._bias_regularizer),
            "activity_regularizer": regularizers.serialize(self._activity_regularizer),
            "kernel_constraint": _serialize_constraint(self._kernel_constraint),
            "bias_constraint": _serialize_constraint(self._bias_constraint),
            "query_shape": None if self._query_shape is None else
            tuple(self._query_shape.as_list()),
            "key_shape": None if self._key_shape is None else tuple(self._key_shape.as_list()),
            "value_shape": None if self._value_shape is None else
            tuple(self._value_shape.as_list()),
            "softmax_robust_masking": self._softmax_robust_masking})
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        shapes = [config.pop(name, None) for name in ("query_shape", "value_shape", "key_shape")]
        layer = cls(**config)
        if shapes[0] is not None and shapes[1] is not None:
            layer._build_from_signature(*shapes)
        return layer

"""``Attention`` (dot-product, Luong style) and ``AdditiveAttention`` (Bahdanau style).

Both take ``[query, value]`` or ``[query, value, key]`` (key defaults to value), shaped
``(batch, Tq, dim)`` and ``(batch, Tv, dim)``. Every query step scores every key step, a
softmax over the key steps turns the scores into weights, and the answer for a query step is
the weighted sum of the value steps: ``(batch, Tq, dim)``. They differ only in the score:

* ``Attention``: ``query . key`` (times a learned scalar ``scale`` with ``use_scale``); with
  ``score_mode="concat"``, ``concat_score_weight * sum(tanh(query + key))`` instead;
* ``AdditiveAttention``: ``sum(scale * tanh(query + key))``, ``scale`` a learned vector of
  ``dim`` (with ``use_scale``, the default).

Masks: ``mask=[query_mask, value_mask]`` (or the Keras masks riding on the inputs). Masked
value steps get a score 1e9 lower, so no weight; masked query steps answer zeros.
``use_causal_mask=True`` keeps query step i from looking at value steps after i.
"""

from ...core.shape import TensorShape
from ...core.tensor import convert_to_tensor
from ...ops import array_ops, math_ops, nn_ops
from .base import Layer
from .core import Dropout

_MASKED_SCORE_DROP = 1e9  # subtracted from the scores of masked value steps (as Keras does)


def _check_inputs(name, inputs, mask):
    if not isinstance(inputs, (list, tuple)):
        raise ValueError(f"{name} layer must be called on a list of inputs, namely [query, "
                         f"value] or [query, value, key]. Received: {inputs}.")
    if len(inputs) not in (2, 3):
        raise ValueError(f"{name} layer accepts inputs list of length 2 or 3, namely [query, "
                         f"value] or [query, value, key]. Received length: {len(inputs)}.")
    if mask is not None:
        if not isinstance(mask, (list, tuple)):
            raise ValueError(f"{name} layer mask must be a list, namely [query_mask, "
                             f"value_mask]. Received: {mask}.")
        if len(mask) != 2:
            raise ValueError(f"{name} layer mask must be a list of length 2, namely "
                             f"[query_mask, value_mask]. Received length: {len(mask)}.")


def _causal_mask(query, value):
    """(1, Tq, Tv) booleans: query step i may see value steps 0..i."""
    rows = array_ops.expand_dims(array_ops.range(array_ops.shape(query)[1]), 1)
    cols = array_ops.expand_dims(array_ops.range(array_ops.shape(value)[1]), 0)
    return array_ops.expand_dims(math_ops.greater_equal(rows, cols), 0)


class _DenseAttention(Layer):
    """What both attentions share: checking the inputs, masking, the softmax over the value
    steps (with `dropout` on the weights while training) and the weighted sum. Subclasses
    give ``_scores(query, key)``, shaped ``(batch, Tq, Tv)``."""

    def __init__(self, dropout=0.0, **kwargs):
        causal = kwargs.pop("causal", False)  # TF 2's older argument for use_causal_mask
        super().__init__(**kwargs)
        self.dropout = dropout
        self._causal = causal
        self._dropout_layer = Dropout(rate=dropout)
        self.supports_masking = True

    def build(self, input_shape):
        self.built = True

    def call(self, inputs, mask=None, training=None, return_attention_scores=False,
             use_causal_mask=False):
        _check_inputs(type(self).__name__, inputs, mask)
        query = convert_to_tensor(inputs[0])
        value = convert_to_tensor(inputs[1])
        key = convert_to_tensor(inputs[2]) if len(inputs) > 2 else value
        query_mask, value_mask = mask if mask is not None else (None, None)
        scores = self._scores(query, key)
        allowed = None
        if value_mask is not None:
            allowed = array_ops.expand_dims(math_ops.cast(value_mask, "bool"), -2)
        if use_causal_mask or self._causal:
            causal = _causal_mask(query, value)
            allowed = causal if allowed is None else math_ops.logical_and(allowed, causal)
        if allowed is not None:
            blocked = math_ops.cast(math_ops.logical_not(allowed), scores.dtype)
            scores = math_ops.subtract(scores, math_ops.multiply(blocked, _MASKED_SCORE_DROP))
        weights = nn_ops.softmax(scores, axis=-1)
        if self.dropout > 0:
            weights = self._dropout_layer(weights, training=training)
        result = math_ops.matmul(weights, value)
        if query_mask is not None:
            keep = array_ops.expand_dims(math_ops.cast(query_mask, result.dtype), -1)
            result = math_ops.multiply(result, keep)
        if return_attention_scores:
            return result, weights
        return result

    def compute_output_shape(self, input_shape):
        """The query's shape, as TF answers (the scores a call may also return aside)."""
        return TensorShape(input_shape[0])

    def _symbolic_output_shape(self, input_shapes):
        # a call on KerasTensors may return the scores too: learn its outputs by running it
        raise NotImplementedError

    def compute_mask(self, inputs, mask=None):
        _check_inputs(type(self).__name__, inputs, mask)
        if mask is None or mask[0] is None:
            return None
        return convert_to_tensor(mask[0])

    def get_config(self):
        config = super().get_config()
        config["dropout"] = self.dropout
        return config


class Attention(_DenseAttention):
    """Dot-product attention: scores ``query . key`` (scaled by a learned scalar ``scale``
    when `use_scale`); ``score_mode="concat"`` scores ``sum(tanh(query + key))`` instead,
    times a learned scalar ``concat_score_weight``."""

    def __init__(self, use_scale=False, score_mode="dot", dropout=0.0, **kwargs):
        super().__init__(dropout=dropout, **kwargs)
        if score_mode not in ("dot", "concat"):
            raise ValueError(f"Received: score_mode={score_mode}. Acceptable values are: "
                             "[\"dot\", \"concat\"]")
        self.use_scale = use_scale
        self.score_mode = score_mode

    def build(self, input_shape):
        self.scale = self.add_weight("scale", shape=(), initializer="ones",
                                     trainable=True) if self.use_scale else None
        self.concat_score_weight = self.add_weight(
            "concat_score_weight", shape=(), initializer="ones",
            trainable=True) if self.score_mode == "concat" else None
        self.built = True

    def _scores(self, query, key):
        if self.score_mode == "dot":
            scores = math_ops.matmul(query, key, transpose_b=True)
            return scores if self.scale is None else math_ops.multiply(scores, self.scale)
        # (batch, Tq, 1, dim) + (batch, 1, Tv, dim): every query step with every key step
        pairs = math_ops.add(array_ops.expand_dims(query, -2), array_ops.expand_dims(key, -3))
        if self.scale is not None:
            pairs = math_ops.multiply(pairs, self.scale)
        return math_ops.multiply(self.concat_score_weight,
                                 math_ops.reduce_sum(math_ops.tanh(pairs), axis=-1))

    def get_config(self):
        config = super().get_config()
        config.update({"use_scale": self.use_scale, "score_mode": self.score_mode})
        return config


class AdditiveAttention(_DenseAttention):
    """Additive attention: scores ``sum(scale * tanh(query + key))`` over the features, with
    ``scale`` a learned vector of the query's feature size (plain sum without `use_scale`)."""

    def __init__(self, use_scale=True, dropout=0.0, **kwargs):
        super().__init__(dropout=dropout, **kwargs)
        self.use_scale = use_scale

    def build(self, input_shape):
        dim = input_shape[0][-1] if isinstance(input_shape, (list, tuple)) else None
        self.scale = self.add_weight("scale", shape=[dim], initializer="glorot_uniform",
                                     trainable=True) if self.use_scale else None
        self.built = True

    def _scores(self, query, key):
        pairs = math_ops.tanh(math_ops.add(array_ops.expand_dims(query, -2),
                                           array_ops.expand_dims(key, -3)))
        if self.scale is not None:
            pairs = math_ops.multiply(pairs, self.scale)
        return math_ops.reduce_sum(pairs, axis=-1)

    def get_config(self):
        config = super().get_config()
        config["use_scale"] = self.use_scale
        return config


__all__ = ["Attention", "AdditiveAttention"]

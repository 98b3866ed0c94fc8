"""``tf.autodiff.ForwardAccumulator``: forward-mode autodiff (Jacobian-vector products).

A GradientTape goes backwards: from the output's gradient to the inputs'. An accumulator goes
forwards, alongside the computation: each primal tensor you give it carries a *tangent* (a
direction), and every op that runs while it is active computes its outputs' tangents from its
inputs' at once. ``acc.jvp(y)`` is then J·v for the Jacobian J of y with respect to the primals
and the tangents v -- without a backward pass.

How one op's tangent is found, with only the backward (vector-Jacobian) rules registered: an
op's rule computes ``vjp(u) = uᵀJ`` for a cotangent ``u`` of its outputs. That is linear in u,
so ``d/du <vjp(u), v> = J·v``: differentiating the rule once more, with a small tape watching
u, gives the outputs' tangents. TF uses the same trick for ops without a forward rule.
"""

from ..core import context, logs, nest
from ..core.tensor import Tensor, convert_to_tensor
from ..ops import math_ops
from ..ops.backprop import input_gradients
from ..ops.registry import OpRecord
from ..ops.support import FLOAT_SET
from ..ops.variable_ops import READ_VARIABLE
from .tape import GradientTape, UnconnectedGradients


def _is_variable(x):
    return hasattr(type(x), "_as_tensor") and hasattr(x, "trainable")


_NOT_FLOATING_WARNINGS = [0]  # TF logs this warning for the first 5 such primals only


def _warn_not_floating(dtype):
    if _NOT_FLOATING_WARNINGS[0] < 5:
        _NOT_FLOATING_WARNINGS[0] += 1
        logs.logger.warning(f"The dtype of the watched primal must be floating (e.g. "
                            f"tf.float32), got {dtype!r}")


class ForwardAccumulator:
    """Computes Jacobian-vector products of the ops run inside ``with acc:``."""

    def __init__(self, primals, tangents):
        flat_primals = nest.flatten(primals)
        if len({id(p) for p in flat_primals}) < len(flat_primals):
            # (TF's words, its "{}" left unfilled as in TF)
            raise ValueError("Tensor {} was specified as a primal multiple times. This may "
                             "indicate an error. If it was intended, please sum the "
                             "corresponding tangents.")
        error = nest.structure_error(primals, tangents)  # (tf.nest's error, TF's words)
        if error is not None:
            raise error
        self._tangents = {}  # id(tensor or Variable) -> its tangent
        self._keep = {}  # id -> the object itself (keeps the ids valid)
        self._recording = False
        for primal, tangent in zip(flat_primals, nest.flatten(tangents)):
            if not (isinstance(primal, Tensor) or _is_variable(primal)):
                raise ValueError(f"Primals must be tensors or variables, got {primal!r}")
            if primal.dtype not in FLOAT_SET:
                _warn_not_floating(primal.dtype)  # (and watched all the same, as in TF)
            tangent = convert_to_tensor(tangent, dtype=primal.dtype)
            if not tangent.shape.is_compatible_with(primal.shape):
                raise ValueError(f"Tangent {tangent!r} was specified for a primal of shape "
                                 f"{primal.shape}, but has shape {tangent.shape}")
            self._set(primal, tangent)

    def _set(self, obj, tangent):
        self._tangents[id(obj)] = tangent
        self._keep[id(obj)] = obj

    # --- recording ------------------------------------------------------------------------------
    def __enter__(self):
        if self._recording:
            raise ValueError("Accumulator is already recording.")
        context.push_recorder(self)
        self._recording = True
        return self

    def __exit__(self, exc_type, exc, tb):
        if self._recording:
            context.pop_recorder(self)
            self._recording = False
        return False

    def record(self, op, inputs, outputs, attrs):
        """The recorder protocol: called after every op that runs while this is active."""
        tangents = [self._tangents.get(id(x)) for x in inputs]
        if all(t is None for t in tangents):
            return
        if op is READ_VARIABLE:  # reading a watched Variable: the value carries its tangent
            self._set(outputs[0], tangents[0])
            return
        if not op.differentiable or op.grad is None:
            return
        floats = [y for y in outputs if y._dtype in FLOAT_SET]
        if not floats:
            return
        with context.recorders_paused([self]):  # the work below is not part of the program
            jvps = self._jvp_of_op(op, inputs, outputs, attrs, tangents)
        for y, j in zip(outputs, jvps):
            if j is not None:
                self._set(y, j)

    @staticmethod
    def _jvp_of_op(op, inputs, outputs, attrs, tangents):
        cotangents = [math_ops.zeros_like(y) if y._dtype in FLOAT_SET else None
                      for y in outputs]
        watched = [u for u in cotangents if u is not None]
        with GradientTape(watch_accessed_variables=False) as inner:
            inner.watch(watched)
            entry = OpRecord(op, inputs, outputs, attrs)
            entry.skip_input_indices = tuple(i for i, t in enumerate(tangents) if t is None)
            vjps = input_gradients(entry, [u if u is not None else math_ops.zeros_like(y)
                                           for u, y in zip(cotangents, outputs)])
            terms = [math_ops.reduce_sum(math_ops.multiply(g, t))
                     for g, t in zip(vjps, tangents) if g is not None and t is not None]
            if not terms:
                return [None] * len(outputs)
            total = math_ops.add_n(terms) if len(terms) > 1 else terms[0]
        found = inner.gradient(total, watched)
        it = iter(found)
        return [next(it) if u is not None else None for u in cotangents]

    # --- results --------------------------------------------------------------------------------
    def jvp(self, primals, unconnected_gradients=UnconnectedGradients.NONE):
        """The tangents of `primals` (any structure of tensors): J·v, or None (zeros with
        ``unconnected_gradients=tf.UnconnectedGradients.ZERO``) where they do not depend on
        the accumulator's primals."""
        zero = UnconnectedGradients(unconnected_gradients) is UnconnectedGradients.ZERO

        def one(t):
            tangent = self._tangents.get(id(t))
            if tangent is None and zero:
                value = t._as_tensor() if _is_variable(t) else convert_to_tensor(t)
                return math_ops.zeros_like(value)
            return tangent
        return nest.map_structure(one, primals)

    def __repr__(self):
        return f"<ForwardAccumulator recording={self._recording} tangents={len(self._tangents)}>"

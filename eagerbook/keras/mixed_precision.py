"""``tf.keras.mixed_precision``: layers that compute in float16 and keep float32 weights.

A dtype *policy* names two dtypes: the one a layer computes in and the one its weights are
stored in. ``Policy("float32")`` uses float32 for both; ``Policy("mixed_float16")`` computes in
float16 and keeps float32 weights, so small updates are not rounded away. A layer built under a
mixed policy wraps each floating weight in an ``AutoCastVariable``: read inside the layer's
call, it gives a float16 copy (the cast is recorded, so its gradient arrives as float32); read
anywhere else, it gives its float32 value.

float16 gradients can underflow to zero. ``LossScaleOptimizer`` multiplies the loss by a large
*loss scale* before differentiating and divides the gradients by it afterwards; when a gradient
comes out infinite or NaN, the step is skipped and the scale halved, and after
``dynamic_growth_steps`` good steps in a row it is doubled.

eagerbook has no bfloat16 dtype: ``Policy("mixed_bfloat16")`` exists (its names and dtypes
print as in TF), but a layer refuses it.
"""

import numpy as np

from ..core import context, dtypes, logs
from ..core.tensor import Tensor, convert_to_tensor, numpy_text
from ..core.variable import Variable
from ..ops import array_ops, math_ops
from . import backend

_MIXED = {"mixed_float16": ("float16", "float32"), "mixed_bfloat16": ("bfloat16", "float32")}
_global_policy = [None]  # None: a policy named after backend.floatx()


class Policy:
    """A layer's dtype policy: ``Policy("mixed_float16")``, ``Policy("float64")``, ..."""

    def __init__(self, name):
        if isinstance(name, dtypes.DType):
            raise TypeError("'name' must be a string, not a DType. Instead, pass "
                            f"DType.name. Got: {name.name}")
        if not isinstance(name, str):
            raise TypeError(f"'name' must be a string, but got: {name}")
        self._name = name
        self._compute_dtype, self._variable_dtype = self._parse_name(name)
        if name in ("mixed_float16", "mixed_bfloat16"):
            _log_device_compatibility_check(name)

    @staticmethod
    def _parse_name(name):
        if name in _MIXED:
            return _MIXED[name]
        if name == "_infer":
            return None, None
        if name in ("bfloat16", "float16", "float32", "float64") or not name.startswith("mixed"):
            try:
                dtype = dtypes.as_dtype(name).name
            except (TypeError, ValueError):
                dtype = None
            if dtype is not None:
                return dtype, dtype
        raise ValueError(f"Cannot convert value {name} to a mixed precision Policy. Valid "
                         "policies include 'mixed_float16', 'mixed_bfloat16', and the name of "
                         "any dtype such as 'float32'.")

    @property
    def name(self):
        return self._name

    @property
    def compute_dtype(self):
        """The dtype a layer's computations run in (a string, as in TF)."""
        return self._compute_dtype

    @property
    def variable_dtype(self):
        """The dtype a layer's weights are created with."""
        return self._variable_dtype

    def get_config(self):
        return {"name": self._name}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        return cls(**config)

    def __repr__(self):
        return f'<Policy "{self._name}">'


def global_policy():
    """The policy layers get when built without a ``dtype`` (``float32`` unless set)."""
    return _global_policy[0] or Policy(backend.floatx())


def set_global_policy(policy):
    """Sets the policy of layers made from now on (``None`` goes back to ``floatx()``)."""
    if policy is not None and not isinstance(policy, Policy):
        policy = Policy(policy)
    if policy is not None and not dtypes.as_dtype(policy.variable_dtype or "float32").is_floating:
        raise ValueError("set_global_policy can only be used to set the global policy to "
                         'floating-point policies, such as "float32" and "mixed_float16", but '
                         f"got policy: {policy.name}")
    _global_policy[0] = policy


def policy_of(dtype):
    """The Policy a layer's ``dtype=`` argument names, or None for "floatx, read when used"."""
    if dtype is None:
        return _global_policy[0]
    if isinstance(dtype, Policy):
        return dtype
    if isinstance(dtype, dict):  # a serialized policy, or a serialized dtype
        return Policy(dtype.get("config", {}).get("name"))
    if isinstance(dtype, str) and (dtype in _MIXED or dtype == "_infer"):
        return Policy(dtype)
    return Policy(dtypes.as_dtype(dtype).name)


def serialize(policy):
    """How a layer's config stores its policy: a plain dtype name unless the policy is mixed
    (then Keras 2.13's entry, as TF 2.21 writes it)."""
    if policy.name in _MIXED:
        return {"module": "keras.mixed_precision", "class_name": "Policy",
                "config": policy.get_config(), "registered_name": None}
    return policy.name


_compatibility_checked = [False]


def _log_device_compatibility_check(policy_name):
    """TF's warning, once per process, at the first mixed policy: mixed_float16 runs slowly
    without an Nvidia GPU, and eagerbook runs on the CPU (a mixed_bfloat16 policy first uses
    up the once without a word, as in TF)."""
    if _compatibility_checked[0]:
        return
    _compatibility_checked[0] = True
    if policy_name == "mixed_float16":
        logs.logger.warning(
            "Mixed precision compatibility check (mixed_float16): WARNING\n"
            "The dtype policy mixed_float16 may run slowly because this machine does not have "
            "a GPU. Only Nvidia GPUs with compute capability of at least 7.0 run quickly with "
            "mixed_float16.\nIf you will use compatible GPU(s) not attached to this host, e.g. "
            "by running a multi-worker model, you can ignore this warning. This message will "
            "only be logged once")


class AutoCastVariable(Variable):
    """A float32 weight of a mixed-precision layer: read inside a layer's call, it gives a
    copy in the layer's compute dtype; everywhere else (optimizers, checkpoints, ``numpy()``)
    it is the float32 Variable it wraps."""

    def __init__(self, variable):  # noqa: D107 - wraps `variable`, no Variable.__init__
        self._variable = variable
        self._dtype, self._shape = variable._dtype, variable._shape
        self._trainable, self._constraint = variable._trainable, variable._constraint
        self._synchronization = variable._synchronization
        self._aggregation = variable._aggregation
        self._name = variable._name

    # The wrapped Variable holds the array: optimizers and checkpoints update it through here.
    _value = property(lambda self: self._variable._value,
                      lambda self, value: setattr(self._variable, "_value", value))

    @property
    def true_dtype(self):
        """The dtype of the stored value (``dtype`` says the same, as in TF 2.x Keras)."""
        return self._dtype

    def _cast_dtype(self):
        target = backend.call_context.autocast
        return target if target is not None and target is not self._dtype else None

    def _as_tensor(self, dtype=None):
        target = self._cast_dtype()
        if target is None:
            return Variable._as_tensor(self, dtype)
        # The read is recorded against this variable, then the cast: the gradient comes back
        # through Cast's rule in the stored dtype.
        return math_ops.cast(Variable._as_tensor(self), target)

    def _write(self, kind, value, read_value):
        if isinstance(value, Tensor) and value.dtype is not self._dtype:
            value = math_ops.cast(value, self._dtype)  # a float16 update lands as float32
        return Variable._write(self, kind, value, read_value)

    def __repr__(self):
        cast_to = (self._cast_dtype() or self._dtype).name
        return (f"<AutoCastVariable '{self._name}' shape={self.shape} dtype={self._dtype.name} "
                f"dtype_to_cast_to={cast_to}, numpy={numpy_text(self._value, is_repr=True)}>")

    __str__ = __repr__


def autocast_weight(variable, policy):
    """`variable` wrapped for `policy` when its reads must be cast (a mixed policy)."""
    if policy is not None and policy.compute_dtype != policy.variable_dtype and \
            variable.dtype.is_floating:
        return AutoCastVariable(variable)
    return variable


class BaseLossScaleOptimizer:
    """Wraps an optimizer with dynamic loss scaling (``LossScaleOptimizer(opt)``).

    ``get_scaled_loss(loss)`` multiplies by the current ``loss_scale``;
    ``get_unscaled_gradients(grads)`` divides by it; ``apply_gradients`` applies only when
    every gradient is finite, then updates the scale. ``minimize`` does all three.

    As in TF, ``tf.keras.mixed_precision.LossScaleOptimizer`` is this class, and what it makes
    is of a subclass named for the optimizer inside: ``LossScaleOptimizerV3`` around one of
    tf.keras.optimizers' (TF 2.21's new ones), ``LossScaleOptimizer`` around a legacy one.
    """

    def __new__(cls, inner_optimizer=None, *args, **kwargs):
        if cls is BaseLossScaleOptimizer:
            legacy = getattr(inner_optimizer, "_legacy", True)
            cls = _LegacyLossScaleOptimizer if legacy else LossScaleOptimizerV3
        return object.__new__(cls)

    def __init__(self, inner_optimizer, dynamic=True, initial_scale=None,
                 dynamic_growth_steps=None):
        if not hasattr(inner_optimizer, "apply_gradients"):
            raise TypeError('"inner_optimizer" must be an instance of '
                            "`tf.keras.optimizers.Optimizer`, but got: "
                            f"{inner_optimizer}.")
        if isinstance(inner_optimizer, BaseLossScaleOptimizer):
            raise TypeError("LossScaleOptimizer cannot wrap another LossScaleOptimizer, but "
                            f"got: {inner_optimizer}")
        if not dynamic and initial_scale is None:
            raise ValueError('"initial_scale" must be specified if "dynamic" is False')
        if not dynamic and dynamic_growth_steps is not None:
            raise ValueError('"dynamic_growth_steps" must be None if "dynamic" is False, but '
                             f"got: {dynamic_growth_steps}")
        self._optimizer = inner_optimizer
        self._dynamic = bool(dynamic)
        self._growth_steps = 2000 if dynamic_growth_steps is None else int(dynamic_growth_steps)
        scale = 2.0 ** 15 if initial_scale is None else float(initial_scale)
        self._initial_scale = scale
        self._loss_scale = Variable(np.float32(scale), trainable=False,
                                    name="current_loss_scale")
        self._counter = Variable(np.int64(0), trainable=False, name="good_steps")

    @property
    def inner_optimizer(self):
        return self._optimizer

    @property
    def dynamic(self):
        return self._dynamic

    @property
    def loss_scale(self):
        """The current loss scale (a float32 scalar tensor)."""
        return convert_to_tensor(self._loss_scale)

    @property
    def dynamic_counter(self):
        """Finite steps in a row since the scale last changed (None when not dynamic)."""
        return self._counter if self._dynamic else None

    @property
    def initial_scale(self):
        return self._initial_scale

    @property
    def dynamic_growth_steps(self):
        return self._growth_steps if self._dynamic else None

    @property
    def iterations(self):
        return self._optimizer.iterations

    @property
    def learning_rate(self):
        return self._optimizer.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        self._optimizer.learning_rate = value

    lr = learning_rate

    def get_scaled_loss(self, loss):
        """`loss` times the loss scale (a callable loss gives a callable)."""
        if callable(loss):
            return lambda: self._scale(loss())
        return self._scale(loss)

    def _scale(self, loss):
        loss = convert_to_tensor(loss)
        return math_ops.multiply(loss, math_ops.cast(self._loss_scale, loss.dtype))

    def get_unscaled_gradients(self, grads):
        """Each gradient divided by the loss scale (None stays None)."""
        # The scale is read as a tensor (not .numpy()): traced, the current scale is read then.
        inverse = math_ops.truediv(1.0, convert_to_tensor(self._loss_scale))
        return [None if g is None else math_ops.multiply(g, math_ops.cast(inverse, g.dtype))
                for g in grads]

    @staticmethod
    def _all_finite(grads):
        """A bool scalar tensor: no gradient holds an inf or a NaN."""
        checks = [math_ops.reduce_all(math_ops.is_finite(g)) for g in grads if g is not None]
        return math_ops.reduce_all(array_ops.stack(checks)) if checks else \
            convert_to_tensor(True)

    def _update_scale(self, finite):
        """Dynamic scaling: double after enough finite steps in a row, halve (not below 1)
        after a non-finite one. Written with ``where`` so that it also runs traced."""
        scale = convert_to_tensor(self._loss_scale)
        count = math_ops.add(convert_to_tensor(self._counter), np.int64(1))
        grow = math_ops.greater_equal(count, np.int64(self._growth_steps))
        doubled = math_ops.multiply(scale, 2.0)
        grown = array_ops.where(math_ops.logical_and(grow, math_ops.is_finite(doubled)),
                                doubled, scale)
        halved = math_ops.maximum(math_ops.truediv(scale, 2.0), 1.0)
        self._loss_scale.assign(array_ops.where(finite, grown, halved))
        self._counter.assign(array_ops.where(math_ops.logical_and(finite, ~grow), count,
                                             np.int64(0)))

    def apply_gradients(self, grads_and_vars, name=None, experimental_aggregate_gradients=True):
        """Applies (already unscaled) gradients if all are finite; updates the loss scale.
        A skipped step still counts in ``iterations``, as in TF. A fixed scale (``dynamic=False``)
        never skips. Returns None (TF returns a grouped op, which is None eagerly)."""
        grads_and_vars = list(grads_and_vars)
        if not self._dynamic:
            self._optimizer.apply_gradients(grads_and_vars, name=name)
            return
        finite = self._all_finite([g for g, _ in grads_and_vars])
        self._update_scale(finite)
        if context.state.graph is not None:
            self._apply_traced(finite, grads_and_vars, name)
        elif bool(finite.numpy()):
            self._optimizer.apply_gradients(grads_and_vars, name=name)
        else:
            self._optimizer.iterations.assign_add(np.int64(1))

    def _apply_traced(self, finite, grads_and_vars, name):
        """Inside tf.function, where `finite` is not known yet. TF builds ``tf.cond(finite,
        apply, skip)``; keras has no conditional of its own, so the step is always applied and
        then undone when it should not have been: every variable and slot it writes is read
        first and written back as ``where(finite, new, old)``. ``iterations`` counts either
        way."""
        inner = self._optimizer
        variables = list({id(v): v for g, v in grads_and_vars if g is not None}.values())
        inner._make_missing_slots(variables)  # made outside the "branch", as in TF
        written = variables + [slot for var, _, slot in inner._slot_items()
                               if any(var is v for v in variables)]
        before = [v.read_value() for v in written]
        inner.apply_gradients(grads_and_vars, name=name)
        for variable, old in zip(written, before):
            variable.assign(array_ops.where(finite, variable.read_value(), old))

    def minimize(self, loss, var_list, grad_loss=None, name=None, tape=None):
        """Scales `loss`, differentiates, unscales, then ``apply_gradients``."""
        if callable(loss) or tape is None:
            loss = self.get_scaled_loss(loss)
        else:
            with tape:  # the tape that recorded `loss` records the scaling too
                loss = self._scale(loss)
        grads_and_vars = self._optimizer._compute_gradients(loss, var_list, grad_loss, tape)
        grads = self.get_unscaled_gradients([g for g, _ in grads_and_vars])
        self.apply_gradients(zip(grads, [v for _, v in grads_and_vars]), name=name)

    def get_config(self):
        return {"inner_optimizer": {"class_name": type(self._optimizer).__name__,
                                    "config": self._optimizer.get_config()},
                "dynamic": self._dynamic,
                "initial_scale": float(self._loss_scale.numpy()),
                "dynamic_growth_steps": self._growth_steps}

    def variables(self):
        return self._optimizer.variables()

    def _trackable_children(self):
        return {"base_optimizer": self._optimizer,
                "loss_scale": self._loss_scale, "good_steps": self._counter}

    # Hyperparameters (``opt.beta_1``) read and set the inner optimizer's, as in TF; other
    # attributes set on the wrapper stay on it.
    def __getattr__(self, name):
        optimizer = self.__dict__.get("_optimizer")
        if optimizer is not None and name in getattr(optimizer, "_hyper", {}):
            return getattr(optimizer, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        optimizer = self.__dict__.get("_optimizer")
        if optimizer is not None and name in getattr(optimizer, "_hyper", {}):
            setattr(optimizer, name, value)
        else:
            object.__setattr__(self, name, value)


class _LegacyLossScaleOptimizer(BaseLossScaleOptimizer):
    """Loss scaling around a tf.keras.optimizers.legacy optimizer (TF's LossScaleOptimizer)."""


_LegacyLossScaleOptimizer.__name__ = _LegacyLossScaleOptimizer.__qualname__ = \
    "LossScaleOptimizer"


class LossScaleOptimizerV3(BaseLossScaleOptimizer):
    """Loss scaling around one of tf.keras.optimizers' (TF 2.21's class of this name)."""


LossScaleOptimizer = BaseLossScaleOptimizer  # (the public name, as TF exports it)

__all__ = ["AutoCastVariable", "LossScaleOptimizer", "Policy", "global_policy",
           "set_global_policy"]

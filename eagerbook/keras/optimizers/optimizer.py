"""Optimizers: ``apply_gradients``, ``minimize``, slot variables, ``iterations``.

Each optimizer writes its update rule once (``_update``) against a tiny namespace ``xp`` of
``read``/``write``/``sqrt``/``maximum``/``pow``. Two namespaces exist:

* eager (the usual case): ``read`` gives a Variable's NumPy array and ``write`` *rebinds* the
  Variable to a freshly computed array. Updates are state changes, not differentiated ops, so
  nothing is recorded and no op dispatch is paid per arithmetic step. Arrays are never changed
  in place: tensors read earlier may share them.
* while ``tf.function`` traces (``context.state.graph`` is set): ``read`` gives tensors and
  ``write`` calls ``Variable.assign``, so the tracer records the updates.
"""

import contextlib
import logging
import math
import sys
import warnings

import numpy as np

from ...autodiff.tape import GradientTape
from ...core import context, dtypes, logs
from ...core.tensor import Tensor, convert_to_tensor
from ...core.variable import UnreadVariable, Variable
from ...distribute.strategy import replica_context_of_several
from ...ops import eigen_float, math_ops
from ...ops.indexed_slices import IndexedSlices
from .. import backend
from . import decoupled, schedules, update_errors


def _absl_warning(message):
    """A warning as TF's Keras logs it through absl: ``WARNING:absl:...`` on stderr when the
    program has configured no logging, else to the program's handlers."""
    logger = logging.getLogger("absl")
    if logger.hasHandlers():
        logger.warning(message)
    else:
        print(f"WARNING:absl:{message}", file=sys.stderr)


class _EagerXP:
    """NumPy namespace: state updates rebind Variables to new arrays."""

    sqrt = staticmethod(np.sqrt)
    maximum = staticmethod(np.maximum)
    abs = staticmethod(np.abs)
    sign = staticmethod(np.sign)
    where = staticmethod(np.where)
    power = staticmethod(np.power)

    @staticmethod
    def read(v):
        return v._value

    @staticmethod
    def write(v, value):
        if value.dtype != v._value.dtype:
            value = value.astype(v._value.dtype)
        v._value = value

    @staticmethod
    def pow(base, exponent):
        return float(base) ** float(exponent)

    @staticmethod
    def pow32(base, exponent):
        """float32 base**exponent as TF's Pow kernel gives it (its beta powers)."""
        return eigen_float.pow(np.float32(base), np.float32(exponent))[()]

    @staticmethod
    def subtract_scaled(w, grad, lr):
        """w - grad * lr (plain SGD, on every step): one new array instead of two, the same
        bits. (A Variable's array may be shared with a Tensor a user holds: never updated in
        place.)"""
        step = grad * lr
        if type(step) is not np.ndarray or step.shape != w.shape:
            return w - step
        return np.subtract(w, step, out=step)


class _GraphXP:
    """Op namespace used while tracing: updates are recorded ``assign`` ops."""

    sqrt = staticmethod(math_ops.sqrt)
    maximum = staticmethod(math_ops.maximum)
    abs = staticmethod(math_ops.abs)
    sign = staticmethod(math_ops.sign)
    where = staticmethod(math_ops.where_v2)
    power = staticmethod(math_ops.pow)

    @staticmethod
    def read(v):
        return v._as_tensor()

    @staticmethod
    def write(v, value):
        v.assign(value)

    @staticmethod
    def subtract_scaled(w, grad, lr):
        return w - grad * lr

    @staticmethod
    def pow(base, exponent):
        return math_ops.pow(convert_to_tensor(float(base)), exponent)

    @staticmethod
    def pow32(base, exponent):
        return math_ops.pow(convert_to_tensor(np.float32(base)),
                            math_ops.cast(exponent, dtypes.float32))


def _var_key(v):
    return id(v)


def hyperparameter(name, doc=None):
    """A hyperparameter property: set like an attribute (``self.beta_1 = 0.9`` in
    ``__init__``), kept in a Variable once the optimizer made them, read as a float by the
    update rules. A program reading it gets that float from TF 2.21's optimizers, but the
    Variable itself from the legacy ones (Keras 2's OptimizerV2 makes all its hyperparameter
    Variables on the first such read, as ``learning_rate``'s)."""

    def get(self):
        if self._legacy and not self._rules_reading:
            return self._get_hyper(name)
        value = self._hyper[name]
        return float(value._value) if isinstance(value, Variable) else value

    def set(self, value):
        self._set_hyper(name, value if isinstance(value, Variable) else float(value))

    return property(get, set, doc=doc or f"The ``{name}`` hyperparameter (a float).")


def _config_float(value):
    """A float32 hyperparameter as ``get_config`` shows it: the shortest decimal that reads back
    as the same float32 (``0.001``, not ``0.0010000000474974513``)."""
    if isinstance(value, (np.floating, np.ndarray)) and np.ndim(value) == 0:
        return float(str(np.float32(value)))
    return value


class Optimizer:
    """Base class (TF 2's ``OptimizerV2``)."""

    decay = hyperparameter("decay", "Learning-rate decay per step: ``lr / (1 + decay * t)``.")

    # Eager updates run on the Variables' NumPy arrays; set False to run the op path (the one
    # tf.function tracing uses) eagerly, e.g. to check that both give the same numbers.
    _numpy_fast_path = True

    # The classes of ``tf.keras.optimizers.legacy`` (Keras 2's OptimizerV2, legacy.py) set
    # this: they update the same way, but their minimize returns the step's update and their
    # apply_gradients does not aggregate (see there); TF 2.21's tf.keras.optimizers do.
    _legacy = False

    # True while the update rules run: they read hyperparameters as floats (see hyperparameter).
    _rules_reading = False

    def __init__(self, name, learning_rate=0.001, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, weight_decay=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, jit_compile=True, **kwargs):
        # "is_legacy_optimizer" is a key of TF's configs (from_config passes it back).
        kwargs.pop("is_legacy_optimizer", None)
        if self._legacy:
            learning_rate = self._legacy_kwargs(kwargs, learning_rate)
        else:
            self._check_kwargs(kwargs)
        for key, value in (("clipnorm", clipnorm), ("clipvalue", clipvalue),
                           ("global_clipnorm", global_clipnorm)):
            if value is not None and value < 0:
                raise ValueError(f"Expected {key} >= 0, received: {value}")
        if clipnorm is not None and global_clipnorm is not None:
            raise ValueError("At most one of `clipnorm` and `global_clipnorm` can be set. "
                             f"Received: clipnorm={clipnorm}, "
                             f"global_clipnorm={global_clipnorm}.")
        decoupled.check_arguments(weight_decay, use_ema, ema_momentum, ema_overwrite_frequency)
        self.weight_decay = weight_decay
        self.use_ema = bool(use_ema)
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        self.jit_compile = jit_compile  # accepted for TF's signature; nothing is compiled
        self._decay_excluded_ids, self._decay_excluded_names = set(), []
        self._name = name
        self._hyper = {}  # name -> float (until _create_hypers), Variable, schedule or callable
        self._hyper_variables = {}  # the hyperparameter Variables made here (checkpointed)
        self._set_hyper("learning_rate", self._check_lr(learning_rate))
        self.decay = float(kwargs.get("decay", 0.0))
        self.clipnorm = clipnorm
        self.clipvalue = clipvalue
        self.global_clipnorm = global_clipnorm
        self._iterations = None
        self._slots = {}  # id(var) -> {slot name: Variable}
        self._slot_owners = {}  # id(var) -> var (keeps ids valid, remembers order)
        self._slot_names = []
        self._slots_made = []  # every slot Variable, in creation order (what weights lists)

    def _legacy_kwargs(self, kwargs, learning_rate):
        """TF's OptimizerV2 arguments: ``lr`` (deprecated, with Python's warning) stands for
        ``learning_rate``; ``decay`` is a learning-rate decay."""
        for key in kwargs:
            if key not in ("lr", "decay", "epsilon"):
                raise TypeError(f"Unexpected keyword argument passed to optimizer: {key}. "
                                "Allowed kwargs are {'clipnorm', 'clipvalue', 'lr', 'decay', "
                                "'global_clipnorm'}.")
        if "lr" in kwargs:
            warnings.warn("The `lr` argument is deprecated, use `learning_rate` instead.",
                          stacklevel=4)
            return kwargs["lr"]
        return learning_rate

    def _check_kwargs(self, kwargs):
        """TF 2.21's optimizers take no extra arguments: ``lr`` is dropped, with a warning (the
        learning rate stays ``learning_rate``'s, its default if not given), ``decay`` and the
        other OptimizerV2 arguments are a ValueError, anything else a TypeError."""
        if kwargs.pop("lr", None):
            _absl_warning("`lr` is deprecated in TF-Keras optimizer, please use "
                          "`learning_rate` or use the legacy optimizer, e.g.,"
                          f"tf.keras.optimizers.legacy.{type(self).__name__}.")
        for key in kwargs:
            if key in ("decay", "gradient_aggregator", "gradient_transformers"):
                raise ValueError(f"{key} is deprecated in the new TF-Keras optimizer, please "
                                 "check the docstring for valid arguments, or use the legacy "
                                 "optimizer, e.g., "
                                 f"tf.keras.optimizers.legacy.{type(self).__name__}.")
            raise TypeError(f"{key} is not a valid argument, kwargs should be empty  for "
                            "`optimizer_experimental.Optimizer`.")

    # --- hyperparameters ----------------------------------------------------------------------
    @staticmethod
    def _check_lr(value):
        if isinstance(value, schedules.LearningRateSchedule) or callable(value):
            return value
        if isinstance(value, Variable):
            return value
        if isinstance(value, (str, bytes)):
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype float")
        return float(value)

    def _set_hyper(self, name, value):
        """As Keras 2: a new number goes *into* the existing Variable (what
        ``optimizer.learning_rate = 0.01`` and ``backend.set_value(optimizer.lr, 0.01)`` do);
        a schedule (or anything replacing a number) takes the place of the old value."""
        current = self._hyper.get(name)
        if isinstance(current, Variable) and not isinstance(value,
                                                             schedules.LearningRateSchedule):
            current.assign(value._value if isinstance(value, Variable) else value)
        else:
            self._hyper[name] = value

    def _create_hypers(self):
        """Numbers become float32 Variables, once: Keras 2 does this on first use, and a
        checkpoint saves them (``optimizer/learning_rate``). TF names them ``learning_rate:0``,
        or, for a legacy optimizer that made them in an update, ``Adam/learning_rate:0``."""
        made = []
        scope = f"{self._name}/" if self._legacy and self._iterations is not None and \
            int(self._iterations._value) > 0 else ""
        for name, value in sorted(self._hyper.items()):
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                with backend.init_scope():
                    variable = Variable(np.float32(value), trainable=False, name=name)
                variable._name = f"{scope}{name}:0"
                self._hyper[name] = self._hyper_variables[name] = variable
                made.append(variable)
        if made:
            backend.restore_deferred(self)

    def _get_hyper(self, name):
        self._create_hypers()
        value = self._hyper[name]
        if callable(value) and not isinstance(value, schedules.LearningRateSchedule):
            return value()
        return value

    @property
    def name(self):
        return self._name

    @property
    def learning_rate(self):
        """A float32 Variable; given a schedule, TF 2.21's optimizers give the Variable of
        the rate its last update used (``current_learning_rate``), the legacy ones the
        schedule itself."""
        value = self._get_hyper("learning_rate")
        if self._legacy or not isinstance(value, schedules.LearningRateSchedule) or \
                context.state.graph is not None:
            return value
        return self._current_learning_rate(value)

    @learning_rate.setter
    def learning_rate(self, value):
        if not self._legacy and isinstance(self._hyper.get("learning_rate"),
                                           schedules.LearningRateSchedule) and \
                not isinstance(value, schedules.LearningRateSchedule):
            raise TypeError("This optimizer was created with a `LearningRateSchedule` object as "
                            "its `learning_rate` constructor argument, hence its learning rate "
                            "is not settable. If you need the learning rate to be settable, you "
                            "should instantiate the optimizer with a float `learning_rate` "
                            "argument.")
        self._set_hyper("learning_rate", self._check_lr(value))

    def _current_learning_rate(self, schedule):
        """The Variable of the schedule's rate at the last update's step (its first step before
        any), as TF's optimizer assigns it at each update."""
        step = max(int(self.iterations._value) - 1, 0)
        value = np.float32(schedule(step).numpy())
        variable = self.__dict__.get("_current_lr_variable")
        if variable is None:
            with backend.init_scope():
                variable = Variable(value, trainable=False, name="current_learning_rate")
            self._current_lr_variable = variable
        else:
            variable.assign(value)
        return variable

    lr = learning_rate

    def _current_lr(self, step):
        """The learning rate at `step` (a float in eager mode, maybe a tensor when tracing)."""
        lr = self._hyper["learning_rate"]
        if isinstance(lr, schedules.LearningRateSchedule):
            value = lr(step)
            lr = float(value._value) if value._value is not None else value
        elif isinstance(lr, Variable):
            lr = float(lr._value) if context.state.graph is None else lr._as_tensor()
        elif callable(lr):
            lr = lr()
            lr = float(lr) if not isinstance(lr, Tensor) or lr._value is not None else lr
        if self.decay:
            if isinstance(step, (int, float)):
                lr = lr / (1.0 + self.decay * step)
            else:
                lr = math_ops.truediv(lr, math_ops.add(math_ops.multiply(
                    math_ops.cast(step, dtypes.float32), self.decay), 1.0))
        return lr

    # --- state ----------------------------------------------------------------------------------
    @property
    def iterations(self):
        if self._iterations is None:
            backend.check_variable_creation()
            with backend.init_scope():
                self._iterations = Variable(np.int64(0), trainable=False, dtype=dtypes.int64,
                                            name="iter")
                self._iterations._name = f"{self._name}/iter:0"
        return self._iterations

    @iterations.setter
    def iterations(self, variable):
        if self._iterations is not None:
            raise RuntimeError("Cannot set `iterations` to a new Variable after the Optimizer "
                               "weights have been created.")
        self._iterations = variable

    def add_slot(self, var, slot_name, initializer="zeros"):
        slots = self._slots.setdefault(_var_key(var), {})
        if slot_name in slots:
            return slots[slot_name]
        backend.check_variable_creation()  # a second optimizer in a traced step: TF's error
        if slot_name not in self._slot_names:
            self._slot_names.append(slot_name)
        self._slot_owners[_var_key(var)] = var
        with backend.init_scope():
            if isinstance(initializer, str) and initializer == "zeros":
                value = np.zeros(var.shape.as_list(), dtype=var.dtype._np)
            elif isinstance(initializer, (int, float)):
                value = np.full(var.shape.as_list(), initializer, dtype=var.dtype._np)
            else:
                from .. import initializers
                value = initializers.get(initializer)(var.shape.as_list(), dtype=var.dtype)
            slot = Variable(value, trainable=False, dtype=var.dtype, name=slot_name)
        base = var.name.split(":")[0]
        slot._name = f"{self._name}/{base}/{slot_name}:0"
        slots[slot_name] = slot
        self._slots_made.append(slot)
        return slot

    def get_slot(self, var, slot_name):
        try:
            return self._slots[_var_key(var)][slot_name]
        except KeyError:
            raise KeyError(f"Optimizer has no slot {slot_name!r} for variable "
                           f"{getattr(var, 'name', var)}") from None

    def get_slot_names(self):
        return list(self._slot_names)

    def _slot_items(self):
        """(variable, slot name, slot Variable) for every slot, in creation order."""
        for key, slots in self._slots.items():
            owner = self._slot_owners[key]
            for slot_name, slot in slots.items():
                yield owner, slot_name, slot

    _checkpoint_slots = _slot_items

    def variables(self):
        """``iterations``, then the slots in creation order (all "m", then all "v" for Adam's
        first step), TF's order for ``get_weights``/``set_weights``."""
        return [self.iterations] + self._slots_made

    @property
    def weights(self):
        return self.variables()

    def get_weights(self):
        return [v.numpy() for v in self.variables()]

    def set_weights(self, weights):
        params = self.variables()
        if len(params) != len(weights):
            raise ValueError(f"You called `set_weights(weights)` on optimizer {self._name} with "
                             f"a weight list of length {len(weights)}, but the optimizer was "
                             f"expecting {len(params)} weights.")
        for v, w in zip(params, weights):
            v.assign(np.asarray(w))

    def _create_slots(self, var_list):
        pass

    @contextlib.contextmanager
    def _rules_read_floats(self):
        """Within: ``self.beta_1`` and the like are floats, whatever a program reading them
        gets (see hyperparameter)."""
        outer, self._rules_reading = self._rules_reading, True
        try:
            yield
        finally:
            self._rules_reading = outer

    def _make_missing_slots(self, variables):
        """The slots of the `variables` that have none yet (restored if a checkpoint waits)."""
        missing = [v for v in variables if _var_key(v) not in self._slots]
        if missing:
            if self.use_ema:  # TF makes the averages first: they come first in `variables`
                decoupled.make_averages(self, missing)
            with self._rules_read_floats():
                self._create_slots(missing)
            for v in missing:  # variables without slots (plain SGD) still get an entry
                self._slots.setdefault(_var_key(v), {})
                self._slot_owners.setdefault(_var_key(v), v)
            backend.restore_deferred(self)

    # --- the update ------------------------------------------------------------------------------
    def apply_gradients(self, grads_and_vars, name=None, skip_gradients_aggregation=False,
                        experimental_aggregate_gradients=True):
        several = replica_context_of_several()
        if several is not None:  # in strategy.run over several replicas: sum, update once
            return several.apply_once(lambda pairs: self.apply_gradients(
                pairs, name, skip_gradients_aggregation, experimental_aggregate_gradients),
                grads_and_vars, experimental_aggregate_gradients and not skip_gradients_aggregation)
        with self._rules_read_floats():
            return self._apply_gradients(grads_and_vars, skip_gradients_aggregation,
                                         experimental_aggregate_gradients)

    def _apply_gradients(self, grads_and_vars, skip_gradients_aggregation,
                         experimental_aggregate_gradients):
        # TF sums the gradients over replicas first, which drops the missing ones (with its
        # warning); its update drops them again: TF warns twice per call, unless told to skip
        # (or the optimizer is a legacy one, which warns once).
        aggregate = experimental_aggregate_gradients and not skip_gradients_aggregation and \
            not self._legacy
        pairs = _filter_grads(grads_and_vars, warnings=2 if aggregate else 1)
        if not pairs:  # nothing to update: TF does nothing (the step count stays)
            return self.iterations
        variables = [v for _, v in pairs]
        eager = context.state.graph is None and self._numpy_fast_path
        # (which gradients TF updates by its sparse rules: rows of a gather or an embedding)
        sparse = [isinstance(g, IndexedSlices) for g, _ in pairs]
        grads = [_gradient_value(self, g, v, eager) for g, v in pairs]
        grads = self._clip(grads, eager)
        missing = [v for v in variables if _var_key(v) not in self._slots]
        if missing:
            self._make_missing_slots(missing)
        iterations = self.iterations
        if eager:
            step = int(iterations._value)
            lr = self._current_lr(step)
            decoupled.apply_weight_decay(self, _EagerXP, variables, lr)
            coeffs = self._prepare(_EagerXP, step, lr)
            for g, v, rows in zip(grads, variables, sparse):
                self._update(_EagerXP, g, v, dict(coeffs, sparse=True) if rows else coeffs)
                if v.constraint is not None:
                    v.assign(v.constraint(v._as_tensor()))
            decoupled.update_averages(self, _EagerXP, variables, step)
            iterations._value = np.asarray(step + 1, dtype=np.int64)
            # What TF's iterations.assign_add(1) returns; made once (it reads the live value).
            update = self.__dict__.get("_iterations_update")
            if update is None or update._variable is not iterations:
                update = self._iterations_update = UnreadVariable(iterations)
            return update
        else:
            step = iterations._as_tensor()
            lr = self._current_lr(step)
            decoupled.apply_weight_decay(self, _GraphXP, variables, lr)
            coeffs = self._prepare(_GraphXP, math_ops.cast(step, dtypes.float32), lr)
            for g, v, rows in zip(grads, variables, sparse):
                self._update(_GraphXP, g, v, dict(coeffs, sparse=True) if rows else coeffs)
            decoupled.update_averages(self, _GraphXP, variables, step)
            return iterations.assign_add(np.int64(1))

    def _prepare(self, xp, step, lr):
        return {"lr": lr}

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        """Keeps `var_list` (Variables) and the variables whose names match a pattern of
        `var_names` out of ``weight_decay``; only before the first update."""
        decoupled.exclude(self, var_list, var_names)

    def finalize_variable_values(self, var_list):
        """With ``use_ema``, sets the variables to their moving averages (``Model.fit`` calls
        this at the end of training)."""
        decoupled.finalize(self, var_list)

    def _update(self, xp, grad, var, coeffs):
        raise NotImplementedError

    def _clip(self, grads, eager):
        if self.clipnorm is None and self.clipvalue is None and self.global_clipnorm is None:
            return grads
        if eager:
            if self.clipvalue is not None:
                c = self.clipvalue
                grads = [np.clip(g, -c, c) for g in grads]
            if self.clipnorm is not None:
                out = []
                for g in grads:
                    norm = float(np.sqrt(np.sum(np.square(g, dtype=np.float64))))
                    out.append(g * (self.clipnorm / norm) if norm > self.clipnorm else g)
                grads = out
            if self.global_clipnorm is not None:
                total = math.sqrt(sum(float(np.sum(np.square(g, dtype=np.float64)))
                                      for g in grads))
                if total > self.global_clipnorm:
                    grads = [g * (self.global_clipnorm / total) for g in grads]
            return grads
        if self.clipvalue is not None:
            c = float(self.clipvalue)
            grads = [math_ops.minimum(math_ops.maximum(g, -c), c) for g in grads]
        if self.clipnorm is not None:
            out = []
            for g in grads:
                norm = math_ops.sqrt(math_ops.reduce_sum(math_ops.square(g)))
                out.append(math_ops.truediv(math_ops.multiply(g, float(self.clipnorm)),
                                            math_ops.maximum(norm, float(self.clipnorm))))
            grads = out
        if self.global_clipnorm is not None:
            total = math_ops.sqrt(math_ops.add_n([math_ops.reduce_sum(math_ops.square(g))
                                                  for g in grads])) \
                if hasattr(math_ops, "add_n") else None
            if total is None:
                total = math_ops.reduce_sum(math_ops.square(grads[0]))
                for g in grads[1:]:
                    total = math_ops.add(total, math_ops.reduce_sum(math_ops.square(g)))
                total = math_ops.sqrt(total)
            c = float(self.global_clipnorm)
            scale = math_ops.truediv(c, math_ops.maximum(total, c))
            grads = [math_ops.multiply(g, scale) for g in grads]
        return grads

    def minimize(self, loss, var_list, grad_loss=None, name=None, tape=None):
        """Computes gradients of `loss` (a callable, or a tensor recorded on `tape`) with
        respect to `var_list` and applies them."""
        grads_and_vars = self._compute_gradients(loss, var_list, grad_loss, tape)
        update = self.apply_gradients(grads_and_vars, name=name)
        return update if self._legacy else None  # (TF 2.21's new optimizers return nothing)

    def _compute_gradients(self, loss, var_list, grad_loss=None, tape=None):
        if not callable(loss) and tape is None:
            raise ValueError("`tape` is required when a `Tensor` loss is passed. Received: "
                             f"loss={loss}, tape={tape}.")
        tape = tape if tape is not None else GradientTape()
        if callable(loss):
            with tape:
                if not callable(var_list):
                    tape.watch(var_list)
                loss = loss()
                if callable(var_list):
                    var_list = var_list()
        elif callable(var_list):
            var_list = var_list()
        var_list = list(var_list)
        grads = tape.gradient(loss, var_list, grad_loss)
        return list(zip(grads, var_list))

    def _serialize_hyperparameter(self, name):
        value = self._hyper[name]
        if isinstance(value, schedules.LearningRateSchedule):
            return schedules.serialize(value)
        if callable(value):
            value = value()
        if isinstance(value, (Tensor, Variable)):
            value = value.numpy()
        return _config_float(value)

    def get_config(self):
        config = {"name": self._name}  # (then the clipping options, as TF orders them)
        for key in ("clipnorm", "clipvalue", "global_clipnorm", "weight_decay"):
            if getattr(self, key) is not None:
                config[key] = getattr(self, key)
        config.update(learning_rate=self._serialize_hyperparameter("learning_rate"),
                      decay=self._serialize_hyperparameter("decay"))
        if self.use_ema:
            config.update(use_ema=True, ema_momentum=self.ema_momentum,
                          ema_overwrite_frequency=self.ema_overwrite_frequency)
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if not cls._legacy and not config.get("decay", 1):
            del config["decay"]  # (the key get_config writes; a decay of 0 is no decay)
        lr = config.get("learning_rate")
        if isinstance(lr, dict):
            config["learning_rate"] = schedules.deserialize(lr)
        return cls(**config)

    # Checkpoints walk objects through this.
    def _trackable_children(self):
        self._create_hypers()
        return {"iter": self.iterations, **self._hyper_variables}

    def __repr__(self):
        return f"<eagerbook.keras.optimizers.{type(self).__name__} name={self._name!r}>"


def _filter_grads(grads_and_vars, warnings=1):
    """Drops (None, v) pairs with TF's warning (`warnings` times); all None is TF's
    ValueError."""
    pairs = list(grads_and_vars)
    for item in pairs:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise ValueError(f"apply_gradients expects (gradient, variable) pairs, got {item!r}")
    filtered = [(g, v) for g, v in pairs if g is not None]
    if pairs and not filtered:
        names = ([getattr(v, "name", repr(v)) for _, v in pairs],)
        raise ValueError(f"No gradients provided for any variable: {names}. Provided "
                         f"`grads_and_vars` is {tuple(tuple(pair) for pair in pairs)}.")
    missing = [getattr(v, "name", repr(v)) for g, v in pairs if g is None]
    for _ in range(warnings if missing else 0):
        logs.logger.warning(f"Gradients do not exist for variables {missing} when minimizing "
                            "the loss. If you're using `model.compile()`, did you forget to "
                            "provide a `loss` argument?")  # (TF's WARNING:tensorflow:...)
    for _, v in filtered:
        if not isinstance(v, Variable):
            raise TypeError(f"apply_gradients can only update tf.Variables; got {v!r}")
    return filtered


def _gradient_value(optimizer, g, v, eager):
    """The gradient of `v` (its array, eagerly); one that does not fit `v` is the error of the
    op TF would run (``update_errors.py``)."""
    if eager:
        if isinstance(g, Tensor) and g._value is not None:
            value = g._value
        else:
            value = convert_to_tensor(g)._value
        if value.shape != v._value.shape:
            raise update_errors.shape_error(optimizer, value.shape, v._value.shape)
        if value.dtype != v._value.dtype:
            raise update_errors.dtype_error(optimizer, value, v._value.dtype)
        return value
    g = convert_to_tensor(g)
    if g.dtype is not v.dtype:
        raise update_errors.dtype_error(optimizer, g, v.dtype)
    return g


"""TF 1.x optimizers (``tf.compat.v1.train.GradientDescentOptimizer``, ``MomentumOptimizer``,
``AdamOptimizer``), as TF 1.x builds them, in a TF 1.x graph or eagerly.

What differs from TF 2's Keras optimizers:

* the calling convention: ``minimize(loss, global_step=None, var_list=None)`` (`loss` a tensor
  in a graph, a callable eagerly; without `var_list` every trainable Variable it reads),
  ``compute_gradients`` returning ``[(gradient, variable), ...]``, ``apply_gradients`` that
  also increments `global_step`;
* the Variables: each slot is named after its variable and the optimizer (``w/Adam`` for
  Adam's m, ``w/Adam_1`` for its v, ``w/Momentum``), Adam keeps ``beta1_power`` and
  ``beta2_power`` (the betas to the power of the step, updated after each step) instead of a
  step counter, and in a graph they are the graph's global Variables (initialized by
  ``global_variables_initializer``);
* the arithmetic of TF 1's kernels (ApplyAdam, ApplyMomentum, ApplyGradientDescent), in the
  variable's dtype: Adam's ``epsilon`` is 1e-8 and its step size reads the beta powers.
"""

from ...autodiff.tape import GradientTape
from ...checkpoints.checkpoint import restore_deferred
from ...core import context
from ...core.tensor import convert_to_tensor
from ...core.variable import Variable
from ...ops import functional_ops
from ...ops.array_ops import zeros
from ...ops.math_ops import cast, sqrt

GATE_NONE, GATE_OP, GATE_GRAPH = 0, 1, 2


class Optimizer:
    """The TF 1.x ``tf.compat.v1.train.Optimizer`` interface; subclasses give the slots and the
    update of one variable."""

    GATE_NONE, GATE_OP, GATE_GRAPH = GATE_NONE, GATE_OP, GATE_GRAPH
    _slot_kinds = ()  # the slot names, in the order TF 1 creates them for each variable

    def __init__(self, use_locking, name):
        if not name:
            raise ValueError("Must specify the optimizer name")
        self._use_locking = use_locking
        self._name = name
        self._slots = {}  # slot name -> {id(variable): (variable, slot Variable)}
        self._non_slots = {}  # name -> Variable (Adam's beta powers)

    def get_name(self):
        return self._name

    # --- gradients ------------------------------------------------------------------------
    def compute_gradients(self, loss, var_list=None, gate_gradients=GATE_OP,
                          aggregation_method=None, colocate_gradients_with_ops=False,
                          grad_loss=None):
        graph = _v1_graph()
        if not callable(loss) and graph is not None:
            return _graph_gradients(graph, loss, var_list, grad_loss)
        if not callable(loss):
            raise RuntimeError("`loss` passed to Optimizer.compute_gradients should be a "
                               "function when eager execution is enabled.")
        with GradientTape() as tape:
            if var_list is not None:
                tape.watch(var_list)
            loss_value = loss()
        if var_list is None:
            var_list = tape.watched_variables()
        var_list = list(var_list)
        if not var_list:
            raise ValueError("No variables to optimize.")
        grads = tape.gradient(loss_value, var_list, grad_loss)
        return list(zip(grads, var_list))

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        grads_and_vars = [(g, v) for g, v in grads_and_vars]
        if not grads_and_vars:
            raise ValueError("No variables provided.")
        pairs = [(g, v) for g, v in grads_and_vars if g is not None]
        if not pairs:
            raise ValueError(f"No gradients provided for any variable: "
                             f"{[str(v) for _, v in grads_and_vars]}.")
        graph = _v1_graph()
        first_new_op = len(graph.operations) if graph is not None else 0
        self._create_all_slots([v for _, v in pairs])
        for grad, var in pairs:
            grad = convert_to_tensor(grad)  # (an IndexedSlices updates as its dense tensor)
            self._apply_dense(grad, var)
        with functional_ops.control_dependencies(self._ops_since(graph, first_new_op)):
            self._finish()
        updates = self._ops_since(graph, first_new_op)
        if global_step is None:  # in a TF 1.x graph, the train op: a NoOp running the updates
            return None if graph is None else graph.group(updates, name=name or self._name)
        global_step.assign_add(1, read_value=False)
        if graph is None:
            return None
        # TF 1's train op is then the step's increment, named after the optimizer, run after
        # the updates
        increment = next(op for op in reversed(graph.operations)
                         if op.type == "AssignAddVariableOp")
        increment.control_inputs.extend(updates)
        graph.rename_op(increment, graph.unique_name(name or self._name))
        return increment

    @staticmethod
    def _ops_since(graph, first):
        return [] if graph is None else [op for op in graph.operations[first:] if op.stateful]

    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=GATE_OP,
                 aggregation_method=None, colocate_gradients_with_ops=False, name=None,
                 grad_loss=None):
        grads_and_vars = self.compute_gradients(loss, var_list=var_list, grad_loss=grad_loss)
        if all(g is None for g, _ in grads_and_vars):
            raise ValueError("No gradients provided for any variable, check your graph for ops "
                             "that do not support gradients, between variables "
                             f"{[str(v) for _, v in grads_and_vars]} and loss {loss}.")
        return self.apply_gradients(grads_and_vars, global_step=global_step, name=name)

    # --- slots and other Variables ----------------------------------------------------------
    def _create_all_slots(self, var_list):
        new = [v for v in var_list if any(id(v) not in self._slots.get(kind, {})
                                          for kind in self._slot_kinds)]
        if not new and (self._non_slots or not self._non_slot_values()):
            return
        with _creation_scope():
            if not self._non_slots:
                first = min(var_list, key=lambda v: v.name)
                for slot_name, value in self._non_slot_values():
                    self._non_slots[slot_name] = Variable(
                        cast(value, first.dtype.base_dtype), trainable=False, name=slot_name)
            for var in new:
                base = var.name.split(":")[0]
                for i, kind in enumerate(self._slot_kinds):
                    suffix = f"_{i}" if i else ""  # TF 1's unique names: w/Adam, w/Adam_1
                    slot = Variable(zeros(var.shape, var.dtype.base_dtype), trainable=False,
                                    name=f"{base}/{self._name}{suffix}")
                    self._slots.setdefault(kind, {})[id(var)] = (var, slot)
        restore_deferred(self)

    def _non_slot_values(self):
        return ()

    def get_slot(self, var, name):
        """The slot `name` of `var`, or None (TF 1 returns None for an unknown one)."""
        entry = self._slots.get(name, {}).get(id(var))
        return None if entry is None else entry[1]

    def get_slot_names(self):
        return sorted(self._slots)

    def variables(self):
        """The optimizer's Variables (of the current graph), sorted by name as TF 1 lists them."""
        graph = _v1_graph()
        found = list(self._non_slots.values()) + [
            slot for slots in self._slots.values() for _, slot in slots.values()]
        if graph is not None:
            made_here = {id(v) for v in getattr(graph, "created_variables", ())}
            found = [v for v in found if id(v) in made_here]
        return sorted(found, key=lambda v: v.name)

    def _trackable_children(self):  # what a checkpoint saves besides the slots
        return dict(self._non_slots)

    def _checkpoint_slots(self):
        for kind, slots in self._slots.items():
            for var, slot in slots.values():
                yield var, kind, slot

    # --- the update ---------------------------------------------------------------------------
    def _hyper(self, value, var):
        value = value() if callable(value) else value
        return cast(value, var.dtype.base_dtype)

    def _finish(self):
        pass


def _v1_graph():
    """The TF 1.x graph being built (``with tf.Graph().as_default():``), or None."""
    graph = context.state.graph
    return graph if hasattr(graph, "_gradients") else None


def _creation_scope():
    """Where slots are made: in a TF 1.x graph, that graph (its global Variables); eagerly or
    in a tf.function's trace, out of the trace (made once, at the first call)."""
    if _v1_graph() is not None:
        return _NoScope()
    return functional_ops.init_scope()


class _NoScope:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _graph_gradients(graph, loss, var_list, grad_loss):
    """TF 1.x's compute_gradients of a loss tensor: ``tf.gradients`` to `var_list`, by
    default the graph's trainable Variables."""
    if var_list is None:
        var_list = [v for v in graph.created_variables if v.trainable]
    var_list = list(var_list)
    if not var_list:
        raise ValueError("No variables to optimize.")
    grads = graph._gradients(loss, var_list, grad_ys=grad_loss)  # tf.gradients
    return list(zip(grads, var_list))


class GradientDescentOptimizer(Optimizer):
    """``w -= learning_rate * g`` (TF 1's ApplyGradientDescent: ``w -= g * lr``)."""

    def __init__(self, learning_rate, use_locking=False, name="GradientDescent"):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate

    def _apply_dense(self, grad, var):
        var.assign_sub(grad * self._hyper(self._learning_rate, var))


class MomentumOptimizer(Optimizer):
    """``accum = accum * momentum + g; w -= accum * learning_rate`` (Nesterov's form:
    ``w -= g * lr + accum * momentum * lr``), the accumulator in the slot ``momentum``."""

    _slot_kinds = ("momentum",)

    def __init__(self, learning_rate, momentum, use_locking=False, name="Momentum",
                 use_nesterov=False):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._momentum = momentum
        self._use_nesterov = use_nesterov

    def _apply_dense(self, grad, var):
        lr, momentum = self._hyper(self._learning_rate, var), self._hyper(self._momentum, var)
        accum_slot = self.get_slot(var, "momentum")
        accum = accum_slot * momentum + grad
        accum_slot.assign(accum)
        if self._use_nesterov:
            var.assign_sub(grad * lr + accum * momentum * lr)
        else:
            var.assign_sub(accum * lr)


class AdamOptimizer(Optimizer):
    """TF 1's Adam (its ApplyAdam kernel), with ``beta1_power`` and ``beta2_power`` Variables:
    ``m += (g - m) * (1 - beta1); v += (g^2 - v) * (1 - beta2);
    w -= m * lr_t / (sqrt(v) + epsilon)`` where ``lr_t = lr * sqrt(1 - beta2_power) /
    (1 - beta1_power)``; after the step each power is multiplied by its beta."""

    _slot_kinds = ("m", "v")

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
                 use_locking=False, name="Adam"):
        super().__init__(use_locking, name)
        self._lr = learning_rate
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon

    @property
    def epsilon(self):
        return self._epsilon

    def _non_slot_values(self):
        return (("beta1_power", self._beta1), ("beta2_power", self._beta2))

    def _apply_dense(self, grad, var):
        lr, eps = self._hyper(self._lr, var), self._hyper(self._epsilon, var)
        beta1, beta2 = self._hyper(self._beta1, var), self._hyper(self._beta2, var)
        beta1_power = cast(self._non_slots["beta1_power"], var.dtype.base_dtype)
        beta2_power = cast(self._non_slots["beta2_power"], var.dtype.base_dtype)
        lr_t = lr * sqrt(1 - beta2_power) / (1 - beta1_power)
        m_slot, v_slot = self.get_slot(var, "m"), self.get_slot(var, "v")
        m = m_slot + (grad - m_slot) * (1 - beta1)
        v = v_slot + (grad * grad - v_slot) * (1 - beta2)
        m_slot.assign(m)
        v_slot.assign(v)
        var.assign_sub(m * lr_t / (sqrt(v) + eps))

    def _finish(self):
        for name, beta in (("beta1_power", self._beta1), ("beta2_power", self._beta2)):
            power = self._non_slots[name]
            power.assign(power * self._hyper(beta, power))


__all__ = ["AdamOptimizer", "GradientDescentOptimizer", "MomentumOptimizer", "Optimizer"]

"""TF 1.x optimizers (``tf.train.GradientDescentOptimizer``, ``AdamOptimizer``, ...) for the
eager announcement's examples, as thin subclasses of the TF 2 rules in ``rules.py``.

What differs from TF 2 is the calling convention, not the arithmetic:

* ``minimize(loss, global_step=None, var_list=None)``: in eager mode `loss` is a callable and
  `var_list` is optional; without it the gradients go to every trainable Variable that `loss`
  read (what TF 1 did through its collections).
* ``compute_gradients(loss, var_list=None)`` returns ``[(gradient, variable), ...]``.
* ``apply_gradients(grads_and_vars, global_step=None)`` also increments `global_step`.
* TF 1's defaults: Adam's ``epsilon`` is 1e-8 and its betas are ``beta1``/``beta2``; momentum
  is ``accum = momentum * accum + g; w -= lr * accum`` (the same steps as TF 2's SGD rule
  with a constant learning rate).
"""

from ...autodiff.tape import GradientTape
from ...core import context
from .rules import SGD, Adam

GATE_NONE, GATE_OP, GATE_GRAPH = 0, 1, 2


class _V1Optimizer:
    """The TF 1.x ``tf.train.Optimizer`` interface, mixed into a TF 2 update rule."""

    GATE_NONE, GATE_OP, GATE_GRAPH = GATE_NONE, GATE_OP, GATE_GRAPH

    def get_name(self):
        return self._name

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
        grads_and_vars = list(grads_and_vars)
        if not grads_and_vars:
            raise ValueError("No variables provided.")
        graph = _v1_graph()
        first_new_op = len(graph.operations) if graph is not None else 0
        super().apply_gradients(grads_and_vars, name=name)
        if global_step is not None:
            global_step.assign_add(1)
        if graph is not None:  # building a TF 1.x graph: the train op runs the updates
            updates = [op for op in graph.operations[first_new_op:] if op.stateful]
            return graph.group(updates, name=name or self._name)
        # TF 1.x returns a train op; a fetched Variable runs every update in a v1 Session
        # (graph/session.py), where the TF 2 optimizer's iterations update alone would not.
        return self.iterations

    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=GATE_OP,
                 aggregation_method=None, colocate_gradients_with_ops=False, name=None,
                 grad_loss=None):
        grads_and_vars = self.compute_gradients(loss, var_list=var_list, grad_loss=grad_loss)
        if all(g is None for g, _ in grads_and_vars):
            raise ValueError("No gradients provided for any variable, check your graph for ops "
                             "that do not support gradients, between variables "
                             f"{[v.name for _, v in grads_and_vars]} and loss {loss}.")
        return self.apply_gradients(grads_and_vars, global_step=global_step, name=name)


def _v1_graph():
    """The TF 1.x graph being built (``with tf.Graph().as_default():``), or None."""
    graph = context.state.graph
    return graph if hasattr(graph, "_gradients") else None


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


class GradientDescentOptimizer(_V1Optimizer, SGD):
    """``w -= learning_rate * g``."""

    def __init__(self, learning_rate, use_locking=False, name="GradientDescent"):
        super().__init__(learning_rate=learning_rate, name=name)


class MomentumOptimizer(_V1Optimizer, SGD):
    """``accum = momentum * accum + g; w -= learning_rate * accum`` (or Nesterov's form)."""

    def __init__(self, learning_rate, momentum, use_locking=False, name="Momentum",
                 use_nesterov=False):
        super().__init__(learning_rate=learning_rate, momentum=momentum, nesterov=use_nesterov,
                         name=name)


class AdamOptimizer(_V1Optimizer, Adam):
    """Adam with TF 1's argument names and ``epsilon=1e-8``."""

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
                 use_locking=False, name="Adam"):
        super().__init__(learning_rate=learning_rate, beta_1=beta1, beta_2=beta2,
                         epsilon=epsilon, name=name)


__all__ = ["AdamOptimizer", "GradientDescentOptimizer", "MomentumOptimizer"]

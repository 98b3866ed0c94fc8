"""``tf.keras.metrics.experimental.PyMetric``: a metric written in plain Python and NumPy.

Its state is Python data (a list of predictions, say), not Variables. So that it still works
inside a traced train step, each instance's ``update_state`` and ``result`` run through
``tf.py_function``, as TF arranges it: ``update_state`` receives eager tensors (``.numpy()``
works), and ``result`` comes back as a tensor of the metric's dtype.
"""

import types

from ..ops import script_ops
from .metrics import Metric


class PyMetric(Metric):
    """Subclasses implement ``update_state``, ``result``, ``reset_state`` (and may implement
    ``merge_state``) in Python."""

    def __init__(self, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype, **kwargs)
        self.reset_state()

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        python_update = obj.update_state  # the subclass's methods, bound to this instance
        python_result = obj.result

        def update_state(self, y_true, y_pred, sample_weight=None):
            inputs = [y_true, y_pred] + ([] if sample_weight is None else [sample_weight])
            return script_ops.py_function(func=python_update, inp=inputs, Tout=[])

        def result(self):
            return script_ops.py_function(python_result, inp=[], Tout=self.dtype)

        obj.update_state = types.MethodType(update_state, obj)
        obj.result = types.MethodType(result, obj)
        return obj

    def update_state(self, y_true, y_pred, sample_weight=None):
        raise NotImplementedError("Subclasses should implement `update_state`")

    def merge_state(self, metrics):
        raise NotImplementedError("Subclasses should implement `merge_state`")

    def reset_state(self):
        raise NotImplementedError("Subclasses should implement `reset_state`")

    def result(self):
        raise NotImplementedError("Subclasses should implement `result`")

"""``tf.train.ExponentialMovingAverage``: a shadow copy of each variable that trails it.

Each ``apply(var_list)`` moves every shadow a step towards its variable,
``shadow -= (1 - decay) * (shadow - variable)``, so the shadow is a smoothed version of the
variable's history (models often evaluate with the averaged weights). With ``num_updates`` the
decay starts small, ``min(decay, (1 + num_updates) / (10 + num_updates))``, so early averages
follow the variable closely. The shadow variables are ordinary non-trainable variables named
``<variable>/<average name>``.
"""

from ..core import dtypes
from ..core.tensor import convert_to_tensor
from ..core.variable import Variable
from . import math_ops

_FLOATS = (dtypes.float16, dtypes.float32, dtypes.float64)

# Every variable some average was applied to, in order (TF's MOVING_AVERAGE_VARIABLES
# collection, which `variables_to_restore` reads whichever average object asks).
_AVERAGED_VARIABLES = []

# How many shadows took each name: TF gives the second `w/ExponentialMovingAverage` the name
# `w/ExponentialMovingAverage_1`, as it does a repeated default variable scope.
_NAMES_TAKEN = {}


def _op_name(variable):
    return variable.name.split(":")[0]


def _unique_name(name):
    count = _NAMES_TAKEN.get(name, 0)
    _NAMES_TAKEN[name] = count + 1
    return name if count == 0 else f"{name}_{count}"


class ExponentialMovingAverage:
    """Keeps moving averages of variables (their shadows), updated by `apply`."""

    def __init__(self, decay, num_updates=None, zero_debias=False,
                 name="ExponentialMovingAverage"):
        self._decay = decay
        self._num_updates = num_updates
        # (zero_debias concerns averages started from tensors, which eager execution refuses)
        self._zero_debias = zero_debias
        self._name = name
        self._averages = {}  # id(variable) -> its shadow variable

    @property
    def name(self):
        return self._name

    def _decay_tensor(self):
        decay = convert_to_tensor(self._decay, dtype=dtypes.float32)
        if self._num_updates is None:
            return decay
        steps = math_ops.cast(self._num_updates, dtypes.float32)
        return math_ops.minimum(decay, (1.0 + steps) / (10.0 + steps))

    def _check(self, var_list):
        for var in var_list:
            if not isinstance(var, Variable):
                raise TypeError("tf.train.ExponentialMovingAverage does not support non-Variable "
                                "tensors when eager execution is enabled.")
            if var.dtype not in _FLOATS:
                raise TypeError(f"The variables must be half, float, or double: {var.name}")

    def _shadow_for(self, var):
        shadow = self._averages.get(id(var))
        if shadow is None:
            name = _unique_name(f"{_op_name(var)}/{self._name}")
            shadow = Variable(var.read_value(), trainable=False, name=name)
            self._averages[id(var)] = shadow
            if not any(v is var for v in _AVERAGED_VARIABLES):
                _AVERAGED_VARIABLES.append(var)
        return shadow

    def apply(self, var_list=None):
        """Creates the shadows of new variables (starting at their values), then moves every
        shadow towards its variable. Returns None (TF's eager result of its grouped op)."""
        var_list = list(var_list or [])
        self._check(var_list)
        shadows = [self._shadow_for(var) for var in var_list]
        decay = self._decay_tensor()
        for var, shadow in zip(var_list, shadows, strict=True):
            step = 1.0 - math_ops.cast(decay, var.dtype)
            shadow.assign_sub((shadow - var.read_value()) * step)
        return None

    def average(self, var):
        """The shadow variable of `var`, or None when `apply` never saw it."""
        return self._averages.get(id(var))

    def average_name(self, var):
        """The name `var`'s average has in a checkpoint: ``<variable name>/<this name>``."""
        return f"{_op_name(var)}/{self._name}"

    def variables_to_restore(self, moving_avg_variables=None):
        """{average name: variable} for every averaged variable: restoring a checkpoint with
        this map loads the averages into the variables themselves."""
        variables = _AVERAGED_VARIABLES if moving_avg_variables is None else moving_avg_variables
        return {self.average_name(var): var for var in variables}

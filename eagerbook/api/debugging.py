"""``tf.debugging``."""

import sys

from ..core import context
from ..framework import debugging as _debugging
from ..framework.debugging import (
    Assert,
    assert_all_finite,
    assert_equal,
    assert_greater,
    assert_greater_equal,
    assert_integer,
    assert_less,
    assert_less_equal,
    assert_near,
    assert_negative,
    assert_non_negative,
    assert_non_positive,
    assert_none_equal,
    assert_positive,
    assert_proper_iterable,
    assert_rank,
    assert_rank_at_least,
    assert_rank_in,
    assert_same_float_dtype,
    assert_scalar,
    assert_shapes,
    assert_type,
    check_numerics_enabled,
    is_numeric_tensor,
)
from ..framework.traceback_utils import (
    disable_traceback_filtering,
    enable_traceback_filtering,
    is_traceback_filtering_enabled,
)
from ..graph.function import numerics_check as _graph_numerics_check
from ..ops.logging_ops import check_numerics
from ..ops.math_ops import is_finite, is_inf, is_nan


def enable_check_numerics(stack_height_limit=30, path_length_limit=50):
    """The first op (eager, or inside a tf.function) whose output holds NaN or Inf raises
    InvalidArgumentError naming the op, the user's line and the op's inputs. This thread."""
    _debugging.enable_check_numerics(stack_height_limit, path_length_limit)
    _graph_numerics_check[0] = _debugging.check_graph_op


def disable_check_numerics():
    _debugging.disable_check_numerics()
    _graph_numerics_check[0] = None


# --- logging where ops run ------------------------------------------------------------------------
_CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"
_placement_observer = []  # the observer logging this thread's ops, while logging is on


def _log_placement(event):
    # TF logs eager placements to stderr, one line per op; eagerbook runs everything on the CPU.
    print(f"Executing op {event.name} in device {_CPU_DEVICE}", file=sys.stderr)


def get_log_device_placement():
    """Whether ``set_log_device_placement(True)`` turned the logging on."""
    return bool(_placement_observer)


def set_log_device_placement(enabled):
    """Turns logging of each op's device (to stderr, for the ops this thread runs) on or off."""
    if enabled and not _placement_observer:
        observer = context._Observer(_log_placement, include_variable_reads=False)
        context.push_recorder(observer)
        _placement_observer.append(observer)
    elif not enabled and _placement_observer:
        context.pop_recorder(_placement_observer.pop())

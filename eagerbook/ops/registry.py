"""The op registry and the dispatcher.

Every primitive op is one ``OpDef``: its TF name (``AddV2``, ``MatMul``, ...), a NumPy forward
kernel and, right next to it in the same file, its gradient rule. ``execute`` is the single road
every op travels:

    op call -> execute(op, inputs, attrs) -> kernel(NumPy arrays) -> new Tensors
                                           \\-> recorders (tapes, observers) if any are active

Gradient rules are written with eagerbook ops (never raw NumPy), so a tape that is watching
while another tape computes gradients records the backward pass too: that is how second
derivatives work. The registry is the single source of truth: tests iterate over it.
"""

import functools
import operator
import time

import numpy as np

from ..core import errors
from ..core.context import _per_thread, _sole, state
from ..core.dtypes import _BY_NUMPY as _NUMPY_DTYPES
from ..core.tensor import EagerTensor, _from_numpy
from .common_operands import common_operand

REGISTRY = {}
_ndarray = np.ndarray
_asarray = np.asarray
_NO_ATTRS = {}
_value_of = operator.attrgetter("_value")
_NUMPY_ERRORS = (ValueError, IndexError, TypeError, np.linalg.LinAlgError)


class OpDef:
    """One primitive: forward kernel, gradient rule, what it accepts and flags."""

    __slots__ = ("name", "kernel", "grad", "dtypes", "stateful", "elementwise", "broadcasts",
                 "differentiable", "num_outputs", "infer_shape", "ufunc", "grad_takes_none",
                 "eager_grad", "road")

    def __init__(self, name, kernel, *, grad=None, dtypes=None, stateful=False, elementwise=False,
                 broadcasts=False, differentiable=True, num_outputs=1, infer_shape=None,
                 ufunc=None, grad_takes_none=False):
        self.name = name
        self.kernel = kernel
        self.grad = grad
        # The input dtypes it accepts (TF's 'T', its order; None: its wrapper checks), as a dict:
        # `x._dtype in op.dtypes` hashes, where a tuple calls DType.__eq__ on each one before x's.
        self.dtypes = dtypes if dtypes is None or type(dtypes) is dict else dict.fromkeys(dtypes)
        self.stateful = stateful
        self.elementwise = elementwise
        # Inputs broadcast against each other: the rule may answer in the output's shape and
        # the backward sweep sums each gradient back to its input's shape.
        self.broadcasts = broadcasts
        self.differentiable = differentiable
        self.num_outputs = num_outputs  # 1, a fixed count, or None for "depends on attrs"
        self.infer_shape = infer_shape  # optional: used by tf.function tracing
        # The NumPy ufunc the kernel is, if it is one (`np.add`), giving its inputs' dtype:
        # execute_ufunc calls it directly (tests/test_dispatch.py holds the two equal).
        self.ufunc = ufunc
        self.road = None if ufunc is None else ufunc_road(self)  # (x + y's one frame)
        # Its rule takes None for the gradient of an output nobody used (TF's rules all do);
        # for other ops the backward sweep fills such a gradient with zeros.
        self.grad_takes_none = grad_takes_none
        # Optional: the same gradients as `grad`, bit for bit, in fewer ops, for the eager sweep
        # (graphs keep `grad`, whose plain ops their passes fold; tests/test_eager_gradients.py)
        self.eager_grad = None

    def gradient(self, fn):
        """Decorator attaching the gradient rule: ``fn(op, *output_grads) -> input grads``."""
        self.grad = fn
        return fn

    def eager_gradient(self, fn):
        """Decorator attaching the eager rule (see ``eager_grad``), written beside ``grad``."""
        self.eager_grad = fn
        return fn

    def __repr__(self):
        return f"<OpDef {self.name}>"


def register(name, **flags):
    """Decorator registering a NumPy kernel as the primitive ``name`` (flags: see ``OpDef``)."""
    def decorate(kernel):
        if name in REGISTRY:
            raise ValueError(f"Op {name!r} is already registered")
        REGISTRY[name] = opdef = OpDef(name, kernel, **flags)
        return opdef
    return decorate


def define(name, kernel, *, grad=None, **flags):
    """``register`` without the decorator: for ops whose kernel and rule are defined apart
    (tf.function's control flow, TensorArrays, fused kernels, Variable reads)."""
    opdef = register(name, **flags)(kernel)
    opdef.grad = grad
    return opdef


# Ops made anew for each use, each carrying its own gradient rule, so no single REGISTRY entry
# can stand for them: the family says where they are tested instead of tests/gradcases/.
PER_USE_FAMILIES = {
    "CustomGradient": "one op per @tf.custom_gradient call, the user's grad_fn as its rule "
                      "(tests/test_custom_gradient.py)",
    "StatefulPartitionedCall": "one op per tf.function call recorded on a tape, its backward "
                               "graph as its rule (tests/graph/test_gradients.py)",
    "Exercise": "a lesson exercise's new primitive, the learner's gradient rule as its rule "
                "(tests/learning/test_exercises.py)",
}


def per_use_op(family, kernel, *, grad, name=None, **flags):
    """An OpDef of a per-use family (not kept in REGISTRY: its rule belongs to one call)."""
    if family not in PER_USE_FAMILIES:
        raise ValueError(f"Unknown per-use op family {family!r}")
    return OpDef(name or family, kernel, grad=grad, **flags)


class OpRecord:
    """One executed op, as gradient rules and tapes see it (TF's ``op`` argument)."""

    __slots__ = ("op", "inputs", "_outputs", "attrs", "skip_input_indices")

    def __init__(self, op, inputs, outputs, attrs):
        self.op = op
        self.inputs = inputs
        self._outputs = outputs  # a tuple, or the lone output as a tape keeps it
        self.attrs = attrs
        self.skip_input_indices = ()  # set by the backward sweep before calling the rule

    @property
    def outputs(self):  # (no tuple kept for a lone output: the cycle collector walks each one)
        return self._outputs if type(self._outputs) is tuple else (self._outputs,)

    def needs_gradient(self, index):
        """False if input `index` leads to no source: its rule may return None for it."""
        return index not in self.skip_input_indices

    type = property(lambda self: self.op.name)
    def get_attr(self, name):
        return self.attrs[name]

    def __repr__(self):
        return f"<OpRecord {self.op.name}>"


# --- the dispatcher ---------------------------------------------------------------------------
# The engine's hot path, written for speed in this one place: the common calls (one output,
# one or two inputs, no attributes, one tape) are spelled out, each step costs a small op.
def execute(op, inputs, attrs=_NO_ATTRS):
    """Runs `op` on a tuple of Tensors; returns a Tensor (or a tuple for multi-output ops)."""
    record = None
    if state.hooked:
        try:
            record = _sole.record  # this thread's one tape, and nothing else: the common case
        except AttributeError:  # (a thread that never recorded)
            pass
        if record is None or op.num_outputs != 1:
            return _execute_hooked(op, inputs, attrs)
    elif op.num_outputs != 1:
        return tuple(_from_numpy(o if type(o) is _ndarray else _asarray(o))
                     for o in _run_kernel(op, inputs, attrs))
    # One output. The kernel call and the result's Tensor are spelled out (as in _run_kernel
    # and _from_numpy): a Python call saved here is saved on every op.
    try:
        if attrs:  # (map, not a comprehension: on Python 3.11 that is a call)
            out = op.kernel(*map(_value_of, inputs), **attrs)
        elif len(inputs) == 2:
            out = op.kernel(inputs[0]._value, inputs[1]._value)
        elif len(inputs) == 1:
            out = op.kernel(inputs[0]._value)
        else:
            out = op.kernel(*map(_value_of, inputs))
    except _NUMPY_ERRORS as exc:
        raise _kernel_error(op, inputs, exc) from None
    if type(out) is not _ndarray:
        out = _asarray(out)
    result = EagerTensor()
    try:
        result._dtype = _NUMPY_DTYPES[out.dtype]
        result._value = out
        result._tape_mark = None
    except KeyError:  # a string kernel's bytes/str array
        result = _from_numpy(out)
    if record is not None:
        record(op, inputs, result, attrs)  # a tape's record_one: the lone output as it is
    return result


def ufunc_function(op):
    """Decorator making the public function of `op` (``add``) its one-frame ``ufunc_road``."""
    return functools.partial(ufunc_road, op)


def ufunc_road(op, general=None):
    """The road of ``x + y``, ``x * y``, ``x - y`` in one Python frame (a tenth of their cost
    each): ``op.road`` of an op declared with a ``ufunc``, or, given its public function
    `general` (for other inputs), that function. Two eager tensors of one dtype it accepts run
    the ufunc, the result takes their dtype, a lone tape records it; tracing, observers, several
    tapes and shapes that do not broadcast (TF's error) take ``execute``."""
    ufunc, accepted = op.ufunc, op.dtypes

    def road(x, y, name=None):  # (op.road's callers have checked x and y: binary, _binary)
        if general is not None and not (type(x) is type(y) is EagerTensor
                                        and x._dtype is y._dtype and x._dtype in accepted):
            if (other := common_operand(x, y, accepted)) is None:  # (`x * 0.5`, `x * w`)
                return general(x, y, name)
            y = other
        record = None
        if state.hooked:
            try:
                record = _sole.record
            except AttributeError:  # (a thread that never recorded: no tape)
                pass
            if record is None:
                return execute(op, (x, y))
        try:
            out = ufunc(x._value, y._value)
        except ValueError:
            return execute(op, (x, y))
        if type(out) is not _ndarray:  # two 0-d arrays give a NumPy scalar
            out = _asarray(out)
        result = EagerTensor()
        result._dtype = x._dtype
        result._value = out
        result._tape_mark = None
        if record is not None:
            record(op, (x, y), result, _NO_ATTRS)
        return result
    if general is not None:  # the public function, with a code of its own (errors.py names
        road.__code__ = road.__code__.replace(co_name=general.__name__)  # a call by its code)
        functools.update_wrapper(road, general, updated=())
        del road.__wrapped__  # (which would send errors.py to `general`'s code)
    return road


def _run_kernel(op, inputs, attrs):
    """Calls the NumPy kernel on the inputs' arrays, turning NumPy errors into TF's."""
    try:
        return op.kernel(*[t._value for t in inputs], **attrs)
    except _NUMPY_ERRORS as exc:
        raise _kernel_error(op, inputs, exc) from None


def _execute_hooked(op, inputs, attrs):
    """The slow road: a graph is being traced, or tapes/observers want to see the op."""
    here = _per_thread.state  # (thread_state(), without the extra call: this runs per op)
    if here.graph is not None:
        result = here.graph.add_op(op, inputs, attrs)
        outputs = result if isinstance(result, tuple) else (result,)
    else:
        if here.timing:  # only observers want kernel times
            start = time.perf_counter()
            out = _run_kernel(op, inputs, attrs)
            here.last_op_seconds = time.perf_counter() - start
        else:
            out = _run_kernel(op, inputs, attrs)
        if op.num_outputs == 1:
            result = _from_numpy(out if type(out) is _ndarray else _asarray(out))
            outputs = (result,)
        else:
            outputs = result = tuple(_from_numpy(o if type(o) is _ndarray else _asarray(o))
                                     for o in out)
    for recorder in tuple(here.recorders):  # a copy: a callback may open or close a tape
        recorder.record(op, inputs, outputs, attrs)
    return result


def _kernel_error(op, inputs, exc):
    if len(inputs) == 2 and ("could not be broadcast" in str(exc)  # TF's words for any such op
                             or "cannot be broadcast" in str(exc)):  # (np.broadcast_arrays')
        return invalid_argument(op.name, "Incompatible shapes: {} vs. {}".format(
            *(str(list(t._value.shape)).replace(" ", "") for t in inputs)))
    described = ", ".join(f"{t.dtype.name}{list(t.shape)}" for t in inputs)
    return errors.op_error(errors.InvalidArgumentError, op.name,
                           f"{op.name} cannot run on inputs ({described}): {exc}")


def invalid_argument(op_name, message, wrapped_name=None):
    """The error ops raise for bad input: ``InvalidArgumentError: message [Op:Name]`` (after
    TF's ``{{function_node __wrapped__Name...}}``; `wrapped_name` as in ``errors.op_error``)."""
    return errors.op_error(errors.InvalidArgumentError, op_name, message, wrapped_name)


def record_custom(op, inputs, outputs, attrs=_NO_ATTRS):
    """Tells active recorders about an op that did not go through ``execute``."""
    for recorder in tuple(state.recorders):
        recorder.record(op, inputs, outputs, attrs)

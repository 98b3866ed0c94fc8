"""``tf.py_function`` and ``tf.numpy_function``: Python code as one op.

Eagerly, the function simply runs. Inside ``tf.function`` the call becomes one op in the graph
(``EagerPyFunc`` / ``PyFunc``) whose kernel calls the Python function each time the graph runs,
so it sees the values of that call, not the values of the trace. The ops are ``stateful``: the
graph keeps them, in order, and never folds them away. Their outputs' shapes are unknown to
the graph (TF says the same: use ``set_shape`` or ``tf.ensure_shape`` afterwards).

``py_function`` gives the function eager Tensors; ``numpy_function`` gives NumPy arrays and,
as a graph op, checks the dtypes of what comes back (TF's "0-th value returned by pyfunc_0 is
double, but expects float"; eagerly TF converts the result as it is).

``py_function`` is differentiable, as in TF: eagerly the tape sees the function's own ops; in a
graph the ``EagerPyFunc`` op's gradient is another op, ``EagerPyFuncGrad``, which runs the
function again on the same inputs while recording its ops and sweeps them backwards from the
incoming gradients. ``numpy_function`` has no gradient (NumPy code cannot be taped).
"""

import contextlib
import functools
import itertools
import threading
import traceback

import numpy as np

from ..core import context, dtypes, errors
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from .backprop import backprop
from .math_ops import zeros_like
from .registry import OpRecord, execute, register
from .support import tf_type_name

_counter = itertools.count()


def _infer_unknown(inputs, attrs):
    return [(dtype, None) for dtype in attrs["Tout"]]


# The kind of op error TF's kernel turns a Python exception into: ValueError and TypeError
# are invalid arguments, StopIteration is the end of a range, NotImplementedError
# unimplemented, MemoryError exhausted; anything else (a TF error too) is an unknown error.
_ERROR_KINDS = (
    ((ValueError, TypeError), errors.InvalidArgumentError),
    (StopIteration, errors.OutOfRangeError),
    (NotImplementedError, errors.UnimplementedError),
    (MemoryError, errors.ResourceExhaustedError),
)


def _python_error(op_name, exc, n_inputs, n_outputs):
    """An exception raised by the user's function, as TF reports it from the op: the error's
    kind from the exception's, the op's frame named with its input and output counts, the
    exception's line, then its Python traceback (each entry followed by a blank line)."""
    kind = next((k for types, k in _ERROR_KINDS if isinstance(exc, types)), errors.UnknownError)
    line = f"{type(exc).__name__}: {exc}"
    trace = "\n".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return errors.op_error(kind, op_name, f"{line}\n{trace}\n",
                           wrapped_name=f"{op_name}_Tin_{n_inputs}_Tout_{n_outputs}")


def _is_internal(func):
    """eagerbook's own kernels that run on this op (string, random and preprocessing code)
    raise TF's errors themselves, as TF's native kernels would: those pass through unchanged.
    A user's function, and this module's wrappers around one, get TF's py_function report."""
    module = getattr(func, "__module__", None) or ""
    return module.startswith("eagerbook.") and module != __name__


# In a graph, the op's last run: (the ops the function ran, its inputs, its results) by the
# op's token, so its gradient sweeps them instead of running the function again (TF's tape
# cache: a traced py_function runs once per call, under a tape too).
_LAST_RUN = {}


@register("EagerPyFunc", stateful=True, num_outputs=None, infer_shape=_infer_unknown)
def _eager_py_func(*arrays, func, Tout, token, in_graph=False):
    # The function runs eagerly even while a graph runs: no trace, no outer tape records it.
    with context.building_graph(None):
        xs = [_from_numpy(np.array(a)) for a in arrays]
        recorder = _Recorder() if in_graph else None
        if recorder is not None:
            context.push_recorder(recorder)
        try:
            result = func(*xs)
        except Exception as exc:  # noqa: BLE001 - any Python error becomes TF's op error
            if isinstance(exc, errors.OpError) and _is_internal(func):
                raise
            raise _python_error("EagerPyFunc", exc, len(xs), len(Tout)) from exc
        finally:
            if recorder is not None:
                context.pop_recorder(recorder)
        values = _as_list(result, len(Tout))
        if recorder is not None:
            _LAST_RUN[token] = (recorder.records, xs, values)
        out = []
        for value, dtype in zip(values, Tout, strict=True):
            tensor = convert_to_tensor(value, dtype=dtype) if not isinstance(value, Tensor) \
                else value
            if tensor.dtype is not dtype:
                raise errors.op_error(
                    errors.InvalidArgumentError, "EagerPyFunc",
                    f"ValueError: Tensor conversion requested dtype {dtype.name} for Tensor "
                    f"with dtype {tensor.dtype.name}: {tensor!r}")
            out.append(tensor._value)
    return tuple(out)


class _Recorder:
    """Keeps every op the Python function runs, for the backward sweep."""

    def __init__(self):
        self.records = []

    def record(self, op, inputs, outputs, attrs):
        self.records.append(OpRecord(op, inputs, outputs, attrs))


def _infer_like_inputs(inputs, attrs):
    return [(inputs[i]._dtype, inputs[i]._shape) for i in attrs["positions"]]


@register("EagerPyFuncGrad", stateful=True, differentiable=False, num_outputs=None,
          infer_shape=_infer_like_inputs)
def _eager_py_func_grad_op(*arrays, func, positions, n_inputs, token=None):
    """d(outputs)/d(inputs at `positions`) of ``func``: sweep back from the output gradients
    (the arrays after the inputs) over the ops of the op's last run on these inputs, or of a
    new run, recording its ops."""
    with context.building_graph(None):
        dys = [_from_numpy(np.array(a)) for a in arrays[n_inputs:]]
        last = _LAST_RUN.get(token)
        if last is not None and _same_inputs(last[1], arrays[:n_inputs]):
            records, xs, result = last
        else:
            xs = [_from_numpy(np.array(a)) for a in arrays[:n_inputs]]
            recorder = _Recorder()
            context.push_recorder(recorder)
            try:
                result = func(*xs)
            except Exception as exc:  # noqa: BLE001 - any Python error becomes TF's op error
                raise _python_error("EagerPyFuncGrad", exc, len(xs), len(dys)) from exc
            finally:
                context.pop_recorder(recorder)
            records = recorder.records
        targets = [convert_to_tensor(r) for r in _as_list(result, len(dys))]
        sources = [xs[i] for i in positions]
        grads = backprop(records, targets, dys, sources)
    return tuple(np.zeros_like(arrays[i]) if g is None else np.asarray(g._value)
                 for i, g in zip(positions, grads, strict=True))


def _same_inputs(tensors, arrays):
    return len(tensors) == len(arrays) and all(
        np.array_equal(t._value, a) for t, a in zip(tensors, arrays))


@_eager_py_func.gradient
def _eager_py_func_grad(op, *dys):
    positions = tuple(i for i, x in enumerate(op.inputs) if x.dtype.is_floating)
    if not positions:
        return [None] * len(op.inputs)
    dys = [zeros_like(y) if dy is None else dy for y, dy in zip(op.outputs, dys)]
    grads = execute(_eager_py_func_grad_op, tuple(op.inputs) + tuple(dys),
                    {"func": op.attrs["func"], "positions": positions,
                     "n_inputs": len(op.inputs), "token": op.attrs["token"]})
    grads = grads if isinstance(grads, tuple) else (grads,)
    out = [None] * len(op.inputs)
    for i, g in zip(positions, grads):
        out[i] = g
    return out


def _py_func(*arrays, func, Tout, token):
    with context.building_graph(None):
        try:
            result = func(*[np.array(a) if a.ndim else a[()] for a in arrays])
        except Exception as exc:  # noqa: BLE001 - any Python error becomes TF's op error
            raise _python_error("PyFunc", exc, len(arrays), len(Tout)) from exc
    values = _as_list(result, len(Tout))
    out = []
    for i, (value, dtype) in enumerate(zip(values, Tout, strict=True)):
        array = np.asarray(value)
        if array.dtype.kind in "SU":
            array = convert_to_tensor(array)._value
        if dtypes.from_numpy(array.dtype) is not dtype:
            raise errors.op_error(
                errors.InvalidArgumentError, "PyFunc",
                f"{i}-th value returned by pyfunc_{token} is "
                f"{tf_type_name(dtypes.from_numpy(array.dtype))}, but expects "
                f"{tf_type_name(dtype)}")
        out.append(array)
    return tuple(out)


# ``numpy_function(..., stateful=False)`` is TF's PyFuncStateless op: the same call, which
# graph passes may treat as a pure function of its inputs.
_py_func_stateful = register("PyFunc", stateful=True, differentiable=False, num_outputs=None,
                             infer_shape=_infer_unknown)(_py_func)
_py_func_stateless = register("PyFuncStateless", stateful=False, differentiable=False,
                              num_outputs=None, infer_shape=_infer_unknown)(_py_func)


def _as_list(result, count):
    if count == 1 and not isinstance(result, (list, tuple)):
        return [result]
    if result is None and count == 0:
        return []
    if not isinstance(result, (list, tuple)) or len(result) != count:
        raise errors.InvalidArgumentError(
            None, None, f"The Python function returned {result!r}, but {count} values of "
                        f"types Tout were expected.")
    return list(result)


def _call(op, func, inp, Tout):
    if not callable(func):
        raise TypeError(f"{type(func).__name__!r} object is not callable")  # (as when run)
    single = not isinstance(Tout, (list, tuple))
    tout = (dtypes.as_dtype(Tout),) if single else tuple(dtypes.as_dtype(t) for t in Tout)
    inputs = tuple(convert_to_tensor(x) for x in (inp or []))
    attrs = {"func": func, "Tout": tout, "token": next(_counter)}
    if op is _eager_py_func and context.state.graph is not None:
        attrs["in_graph"] = True  # (a traced call keeps its last run for its gradient)
    outputs = execute(op, inputs, attrs)
    outputs = outputs if isinstance(outputs, tuple) else (outputs,)
    if single:
        return outputs[0]
    return list(outputs)


def _as_decorator(run, func, Tout):
    """Without `inp`, TF's script functions are decorators: ``@tf.py_function(Tout=...)``
    gives a function whose arguments become `inp` (``run(fn, inp, Tout)``)."""
    def wrap(fn):
        @functools.wraps(fn)
        def call(*args):
            return run(fn, list(args), Tout)
        return call
    return wrap if func is None else wrap(func)


def py_function(func=None, inp=None, Tout=None, name=None):
    """Runs ``func(*tensors)`` (eager Tensors in, Tensors or values of dtypes `Tout` out), also
    inside ``tf.function``. A single dtype gives one Tensor; a list gives a list. `Tout` may
    hold specs: a composite one (``tf.RaggedTensorSpec``, ``tf.SparseTensorSpec``) gives that
    kind of value."""
    if inp is None:
        return _as_decorator(functools.partial(py_function), func, Tout)
    if not callable(func):
        raise ValueError(f"Expected func to be callable. Received func={func!r} of type "
                         f"{type(func)}.")
    specs = Tout if isinstance(Tout, (list, tuple)) else [Tout]
    if not any(_is_composite_spec(s) for s in specs):
        return _call(_eager_py_func, func, inp, [_spec_dtype(s) for s in specs]
                     if isinstance(Tout, (list, tuple)) else _spec_dtype(Tout))
    return _call_with_composites(func, inp, Tout, specs)


def _is_composite_spec(spec):
    return hasattr(spec, "__tf_components__") and hasattr(spec, "__tf_from_components__")


def _spec_dtype(spec):
    """The dtype a Tout entry names: a dtype, or a spec's (tf.TensorSpec)."""
    return spec.dtype if hasattr(spec, "dtype") and not isinstance(spec, dtypes.DType) \
        and not isinstance(spec, (str, type)) else spec


def _call_with_composites(func, inp, Tout, specs):
    """The op passes tensors only: each composite result travels as its components (a ragged
    tensor's values and row splits) and is rebuilt around them from its spec."""
    counts = [len(s.__tf_components__()) if _is_composite_spec(s) else 1 for s in specs]
    flat_tout = [c for s in specs for c in (
        s.__tf_components__() if _is_composite_spec(s) else [s])]

    def flat_func(*args):
        results = _as_list(func(*args), len(specs))
        flat = []
        for value, spec in zip(results, specs):
            if _is_composite_spec(spec):
                if not hasattr(value, "__tf_components__"):
                    raise TypeError(f"Expected a value of {spec}, got {value!r}")
                flat.extend(value.__tf_components__())
            else:
                flat.append(value)
        return flat

    flat = _call(_eager_py_func, flat_func, inp, [_spec_dtype(d) for d in flat_tout])
    for part, part_spec in zip(flat, flat_tout):  # (traced: the components' static shapes)
        if hasattr(part_spec, "shape") and not isinstance(part_spec, dtypes.DType):
            part.set_shape(part_spec.shape)
    out, start = [], 0
    for spec, count in zip(specs, counts):
        parts = flat[start:start + count]
        start += count
        out.append(spec.__tf_from_components__(parts) if _is_composite_spec(spec) else parts[0])
    return out if isinstance(Tout, (list, tuple)) else out[0]


def numpy_function(func=None, inp=None, Tout=None, stateful=True, name=None):
    """Runs ``func(*arrays)`` on NumPy values; its results must have exactly the dtypes of
    `Tout`."""
    if inp is None:
        return _as_decorator(functools.partial(numpy_function, stateful=stateful), func, Tout)
    if context.executing_eagerly() and not getattr(_dataset_function, "active", False):
        return _eager_numpy_call(func, inp)
    return _call(_py_func_stateful if stateful else _py_func_stateless, func, inp, Tout)


# tf.data runs its functions eagerly here, where TF traces them: a numpy_function inside one
# then takes the graph op's road (NumPy scalars in, Tout checked), as in TF.
_dataset_function = threading.local()


@contextlib.contextmanager
def in_dataset_function():
    saved = getattr(_dataset_function, "active", False)
    _dataset_function.active = True
    try:
        yield
    finally:
        _dataset_function.active = saved


def _eager_numpy_call(func, inp):
    """Eagerly TF simply calls `func` on NumPy copies of the inputs (a Python float arrives
    as a float64 array) and converts what it returns as it is: `Tout` is not checked, errors
    propagate unchanged, and a single result is not wrapped in a list."""
    result = func(*[np.array(x) for x in inp])
    flat = list(result) if isinstance(result, (list, tuple)) else [result]
    flat = [None if x is None else convert_to_tensor(x) for x in flat]
    return flat[0] if len(flat) == 1 else flat


eager_py_func = py_function

__all__ = ["numpy_function", "py_function"]

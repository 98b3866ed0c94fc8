"""What converted code calls (``ag__.if_stmt``, ``ag__.for_stmt``, ...).

Each helper decides at run time, from the values it gets: Python semantics for Python values
(and eager tensors), graph control flow (``If``/``While`` ops) for symbolic tensors.
"""

import builtins
import enum
import functools
import inspect
import os
import threading

import numpy as np

from ...core import context, dtypes, errors, nest
from ...core.shape import TensorShape
from ...core.tensor import Tensor, _from_numpy, convert_to_tensor
from ...ops import array_ops, math_ops
from ...ops.manip_ops import get_static_value
from ...ops.registry import define, execute
from .. import control_flow, deferred_datasets
from ..ir import SymbolicTensor, variant


class Undefined:
    """The value of a variable that has not been assigned yet (in converted code)."""

    __slots__ = ("symbol_name",)

    def __init__(self, symbol_name):
        self.symbol_name = symbol_name

    def __repr__(self):
        return f"<Undefined {self.symbol_name}>"

    def __getattr__(self, name):
        raise AttributeError(f"'{self.symbol_name}' is used before it is assigned a value")

    def __bool__(self):
        raise NameError(f"'{self.symbol_name}' is used before it is assigned a value")


class UndefinedReturnValue(Undefined):
    def __init__(self):
        super().__init__("retval_")


_SPECIAL = ("do_return", "retval_")


def ret(retval, do_return):
    """The value a converted function returns: None where no ``return`` ran."""
    return None if isinstance(retval, Undefined) else retval


def get_vars(scope, names):
    """The current values of `names` in `scope` (``locals()``), Undefined when unassigned."""
    return tuple(scope[n] if n in scope else Undefined(n) for n in names)


def get_composite(read, symbol_name):
    """The current value of a composite variable (``obj.x``, ``d["a"]``: `read` reads it),
    Undefined when it has none yet."""
    try:
        return read()
    except (AttributeError, KeyError, IndexError):
        return Undefined(symbol_name)


def is_undefined(value):
    return isinstance(value, Undefined)


def _symbolic(x):
    if hasattr(type(x), "_as_tensor") and not isinstance(x, Tensor):
        return context.state.graph is not None and isinstance(x._as_tensor(), SymbolicTensor)
    return isinstance(x, SymbolicTensor)


def _truth(x):
    if hasattr(type(x), "_as_tensor") and not isinstance(x, Tensor):
        x = x._as_tensor()
    return bool(x)


# --- and / or / not / conditional expressions ----------------------------------------------------
def and_(*fns):
    """``a and b and ...``: Python short-circuit for Python values, a cond for tensors."""
    value = fns[0]()
    if len(fns) == 1:
        return value
    rest = fns[1:]
    if _symbolic(value):
        return control_flow.cond(_as_bool(value), lambda: _as_bool(and_(*rest)),
                                 lambda: convert_to_tensor(False))
    if not _truth(value):
        return value
    return and_(*rest)


def or_(*fns):
    value = fns[0]()
    if len(fns) == 1:
        return value
    rest = fns[1:]
    if _symbolic(value):
        return control_flow.cond(_as_bool(value), lambda: convert_to_tensor(True),
                                 lambda: _as_bool(or_(*rest)))
    if _truth(value):
        return value
    return or_(*rest)


def _as_bool(x):
    if hasattr(type(x), "_as_tensor"):
        x = x._as_tensor()
    t = convert_to_tensor(x)
    if t.dtype is not dtypes.bool:
        raise TypeError(f"Expected a boolean tensor in a condition, got {t.dtype.name}")
    return t


def not_(x):
    if _symbolic(x):
        return math_ops.logical_not(_as_bool(x))
    return not _truth(x)


def if_exp(cond, if_true, if_false, expr_repr=""):
    if _symbolic(cond):
        return control_flow.cond(_as_bool(cond), if_true, if_false)
    return if_true() if _truth(cond) else if_false()


# --- if ------------------------------------------------------------------------------------------
def if_stmt(cond, body, orelse, state, names, live):
    if not _symbolic(cond):
        return body(*state) if _truth(cond) else orelse(*state)
    return _graph_if(_as_bool(cond), body, orelse, state, names, live)


def _graph_if(pred, body, orelse, state, names, live):
    scope = control_flow.reserve_name("cond")
    with control_flow.inside(scope):
        then_g, _, then_out = control_flow._trace_subgraph(lambda: body(*state), "if_true")
        else_g, _, else_out = control_flow._trace_subgraph(lambda: orelse(*state), "if_false")
    results = list(state)
    kept = []
    for i, name in enumerate(names):
        a, b = then_out[i], else_out[i]
        a_undef, b_undef = isinstance(a, Undefined), isinstance(b, Undefined)
        if a_undef and b_undef:
            results[i] = a
            continue
        branch = "main" if a_undef or (a is None and not b_undef) else "else"
        if a_undef or b_undef:
            if name == "retval_":
                if _dry_runs.conditional_returns is not None and not (a is None or b is None):
                    kept.append(i)  # a loop body traced on the side: zeros stand in
                    continue
                raise ValueError(f"the {branch} branch must also have a return statement.")
            if name in live or name in _SPECIAL:
                raise ValueError(f"'{name}' must also be initialized in the {branch} branch")
            results[i] = Undefined(name)
            continue
        if (a is None or b is None) and (name == "retval_" or name in live):
            raise ValueError(f"'{name}' is None at the end of the {branch} branch.")
        if (a is None) != (b is None):
            results[i] = Undefined(name)
            continue
        if not isinstance(a, Tensor) and not isinstance(b, Tensor) and _same_python(a, b):
            results[i] = a
            continue
        kept.append(i)
    outs = []
    for g, values, other in ((then_g, then_out, else_out), (else_g, else_out, then_out)):
        flat = []
        with context.building_graph(g):
            for i in kept:
                v = values[i]
                if isinstance(v, Undefined):
                    v = _zeros_like_structure(other[i])
                leaves, f = control_flow._flatten_in(g, v)
                flat.append((leaves, f))
        outs.append(flat)
    then_flat, else_flat = outs
    for i, (ta, ea) in zip(kept, zip(then_flat, else_flat)):
        _check_same_structure(names[i], then_out[i], else_out[i], len(ta[1]) == len(ea[1]))
        for x, y in zip(ta[1], ea[1]):
            if x._dtype is not y._dtype:
                raise TypeError(f"'{names[i]}' has dtype {x._dtype.name} in the main branch, "
                                f"but dtype {y._dtype.name} in the else branch")
    then_g.outputs = [t for _, f in then_flat for t in f]
    else_g.outputs = [t for _, f in else_flat for t in f]
    extra = control_flow._finalize([then_g, else_g], [[], []])
    out_tensors = iter(control_flow.named_outputs(
        scope, control_flow._make_if(pred, extra, then_g, else_g)))
    for i, (_, f) in zip(kept, then_flat):
        template = then_out[i] if not isinstance(then_out[i], Undefined) else else_out[i]
        values = [next(out_tensors) for _ in f]
        results[i] = control_flow._pack_values(template, nest.flatten(template), values) \
            if not isinstance(template, (Tensor, bool, int, float)) else values[0]
        if names[i] == "retval_" and _dry_runs.conditional_returns is not None and \
                isinstance(then_out[i], Undefined) != isinstance(else_out[i], Undefined):
            _dry_runs.conditional_returns.update(map(id, values))
    return tuple(results)


def _check_same_structure(name, then_value, else_value, same_count):
    """TF's TypeError when a name ends the two branches as different structures (a tuple and a
    tensor, a list and a tuple, dicts with other keys)."""
    if isinstance(then_value, Undefined) or isinstance(else_value, Undefined):
        if same_count:
            return
    elif same_count and \
            control_flow._structure(then_value) == control_flow._structure(else_value):
        return
    raise TypeError(
        f"'{name}' must have the same nested structure in the main and else branches:\n\n"
        "The two structures don't have the same nested structure.\n\n"
        f"First structure: type={type(then_value).__name__} str={then_value}\n\n"
        f"Second structure: type={type(else_value).__name__} str={else_value}")


def _check_same_loop_structure(name, before, after):
    """TF's TypeError when a loop variable changes structure in the body (a list becomes a
    tuple, a dict gets other keys, a tensor becomes a pair)."""
    if control_flow._structure(before) != control_flow._structure(after):
        raise TypeError(
            f"'{name}' does not have the same nested structure after one iteration.\n\n"
            "The two structures don't have the same nested structure.\n\n"
            f"First structure: type={type(before).__name__} str={before}\n\n"
            f"Second structure: type={type(after).__name__} str={after}")


def _same_python(a, b):
    if a is b:
        return True
    if type(a) is not type(b) or isinstance(a, (bool, int, float)):
        return False
    return False


def _zeros_like_structure(v):
    def zeros(x):
        t = x if isinstance(x, Tensor) else convert_to_tensor(x)
        shape = t.shape
        dims = [0 if d is None else d for d in (shape._dims or ())]
        return convert_to_tensor(np.zeros(dims, dtype=t.dtype._np))
    return nest.map_structure(zeros, v)


# --- loops ---------------------------------------------------------------------------------------
_RETURN_IN_LOOP = ("a return statement cannot be placed inside this TensorFlow loop; this may "
                   "happen if a return statement depends on a static Python condition such as "
                   "a hyperparameter")


def _split_state(state, names, live):
    loop_idx, local_idx = [], []
    for i, (name, v) in enumerate(zip(names, state)):
        if isinstance(v, Undefined):
            if isinstance(v, UndefinedReturnValue) and name in live:
                raise NotImplementedError(_RETURN_IN_LOOP)  # (TF's words: see below)
            if name in live:
                raise ValueError(f"'{name}' must be defined before the loop")
            local_idx.append(i)
        else:
            loop_idx.append(i)
    return loop_idx, local_idx


def _loop_invariants(opts, state, loop_idx):
    invariants = None
    if opts and opts.get("shape_invariants"):
        invariants = [None] * len(loop_idx)
        for var, shape in opts["shape_invariants"]:
            for j, i in enumerate(loop_idx):
                if state[i] is var:
                    invariants[j] = TensorShape(shape)
    return invariants


def _graph_loop(make_cond, make_body, state, names, live, opts, extra_vars=(),
                extra_names=()):
    """A While op over the defined variables of `state` plus `extra_vars` (loop counters)."""
    state, new_invariants, required = _initialize_undefined(make_body, state, names, live,
                                                            extra_vars)
    if new_invariants:
        opts = dict(opts or {})
        opts["shape_invariants"] = list(opts.get("shape_invariants") or ()) + new_invariants
    if required:
        make_cond, make_body, extra_vars, extra_names, opts = _flagging_iteration(
            make_cond, make_body, extra_vars, extra_names, opts)
    loop_idx, _ = _split_state(state, names, live)
    init = list(extra_vars) + [state[i] for i in loop_idx]
    init = [_to_loop_value(v, names[i]) for v, i in zip(init[len(extra_vars):], loop_idx)]
    init = list(extra_vars) + init
    n_extra = len(extra_vars)

    def full_state(vs):
        full = [Undefined(n) for n in names]
        for i, v in zip(loop_idx, vs[n_extra:]):
            full[i] = v
        return full

    def cond_fn(*vs):
        return _as_bool(make_cond(vs[:n_extra], full_state(vs)))

    def body_fn(*vs):
        extra, out = make_body(vs[:n_extra], full_state(vs))
        new = list(extra)
        for i, before in zip(loop_idx, init[n_extra:]):
            v = out[i]
            if isinstance(v, Undefined):
                raise ValueError(f"'{names[i]}' must be defined in the loop body")
            _check_same_loop_structure(names[i], before, v)
            new.append(v)
        return new

    invariants = _loop_invariants(opts, state, loop_idx)
    shape_invariants = None
    if invariants is not None and any(s is not None for s in invariants):
        shape_invariants = [None] * n_extra + invariants
    if opts and opts.get("_extra_invariants") is not None:
        shape_invariants = opts["_extra_invariants"]
    max_iter = opts.get("maximum_iterations") if opts else None
    results = control_flow.while_loop(
        cond_fn, body_fn, init, shape_invariants=shape_invariants,
        maximum_iterations=max_iter, _relax_shapes=bool(opts and opts.get("_relax_shapes")),
        _scoped=not (opts and opts.get("_dataset_loop")),
        _names=list(extra_names) + [names[i] for i in loop_idx])
    if required:
        _require_one_iteration(results[n_extra - 1], required)
    out = list(state)
    for i, v in zip(loop_idx, results[n_extra:]):
        out[i] = v
    for i, name in enumerate(names):
        if i not in loop_idx:
            out[i] = Undefined(name)
    return tuple(out)


# While a loop body is traced on the side (below): ids of the values a `return` under a
# tensor condition gives (TF cannot stage a return that happens on some iterations only).
class _DryRuns(threading.local):
    conditional_returns = None  # (in every thread: strategy.run's replica threads trace too)


_dry_runs = _DryRuns()


def _initialize_undefined(make_body, state, names, live, extra_vars):
    """Variables first assigned inside a graph loop but read after it (and a `return` inside
    it, `retval_`) need a value before the loop. Like TF, trace the body once on the side to
    learn their types and shapes, and start them from zeros. Returns the new state, shape
    invariants for starting values of unknown dims, and the names that need the loop to run
    at least once (TF checks that when the function runs)."""
    wanted = [i for i, (name, v) in enumerate(zip(names, state)) if isinstance(v, Undefined)
              and (name == "retval_" or name in live)]
    if not wanted:
        return state, [], []
    saved, _dry_runs.conditional_returns = _dry_runs.conditional_returns, set()
    try:
        _, _, out = control_flow._trace_subgraph(
            lambda: make_body(tuple(extra_vars), _as_placeholders(state))[1], "dry_run")
    except (UnboundLocalError, TypeError, ValueError, KeyError):
        out = state  # TF then reports the variables as undefined before the loop
    finally:
        conditional_returns, _dry_runs.conditional_returns = \
            _dry_runs.conditional_returns, saved
    state = list(state)
    invariants, required = [], []
    for i in wanted:
        value = out[i]
        if names[i] == "retval_" and any(id(v) in conditional_returns
                                         for v in nest.flatten(value)):
            value = None  # returned on some iterations only: TF cannot stage it
        if isinstance(value, Undefined) or value is None:
            if names[i] == "retval_":
                raise NotImplementedError(_RETURN_IN_LOOP)
            continue
        try:
            state[i] = _placeholder_value(value)
        except TypeError:
            continue
        if isinstance(value, Tensor) and not value.shape.is_fully_defined():
            invariants.append((state[i], value.shape))
        required.append("the function return value" if names[i] == "retval_" else names[i])
    return tuple(state), invariants, required


def _as_placeholders(state):
    """The loop's starting values for the side trace, Python numbers made placeholders (the
    loop will make them tensors; a Python ``if`` on them must not decide the trace)."""
    graph = context.state.graph
    out = []
    for v in state:
        if isinstance(v, (bool, int, float)):
            t = convert_to_tensor(v)
            v = graph.add_placeholder(t.dtype, t.shape, name="dry_run_value")
        out.append(v)
    return out


def _placeholder_value(like):
    """A starting value shaped like `like` (a loop's first value of a variable): zeros (0 for
    the unknown dims), Python zeros of its type, or the same structure of them."""
    if isinstance(like, (bool, int, float)):
        return type(like)(0)
    if isinstance(like, Tensor):
        return _zeros_like_structure(like)
    if isinstance(like, (list, tuple, dict)):
        return nest.map_structure(_placeholder_value, like)
    raise TypeError(f"no starting value for a loop variable of type {type(like).__name__}")


def _require_one_iteration(ran, names):
    """TF's run-time check that a loop which first assigns `names` ran at least once (`ran`:
    the loop's flag, false until its body has run)."""
    from ...ops import logging_ops
    with context.name_scope("Assert"):  # TF's node: Assert/Assert
        logging_ops._graph_assert(ran, [
            "loop must iterate at least once to initialize " + ", ".join(names)])


class Feature(enum.Enum):
    """The optional conversions ``experimental_autograph_options`` names. ASSERT_STATEMENTS
    (or ALL) turns ``assert`` into a graph Assert; the others are always on here."""

    ALL = "ALL"
    AUTO_CONTROL_DEPS = "AUTO_CONTROL_DEPS"
    ASSERT_STATEMENTS = "ASSERT_STATEMENTS"
    BUILTIN_FUNCTIONS = "BUILTIN_FUNCTIONS"
    EQUALITY_OPERATORS = "EQUALITY_OPERATORS"
    LISTS = "LISTS"
    NAME_SCOPES = "NAME_SCOPES"


def assert_stmt(expression1, expression2):
    """A converted ``assert test, msg`` (the ASSERT_STATEMENTS feature): on a tensor, TF's
    graph Assert op (``Assert/Assert``) with the message as its data; on a Python value,
    Python's assert. `expression2` is a function of no arguments giving the message."""
    if not callable(expression2):
        raise ValueError(f"{expression2} must be a callable")
    if not isinstance(expression1, Tensor):
        assert expression1, expression2()
        return None
    data = expression2()
    data = data if isinstance(data, list) else [data]
    graph = context.state.graph
    if graph is None:  # eagerly: tf.debugging.Assert's error, now
        if not bool(np.all(expression1.numpy())):
            raise errors.InvalidArgumentError(
                None, None, f"Expected '{expression1!s}' to be true. Summarized data: "
                + "\n".join(_summarized(d) for d in data))
        return None
    from ...ops import logging_ops
    # (converted user code opens the scope: unique in the graph, as TF's Assert/Assert,
    # Assert_1/Assert ... are)
    with context.name_scope("Assert"):
        return logging_ops._graph_assert(expression1, data)


def _summarized(value):
    """One data item of a failed eager Assert, as TF summarizes it (at most 3 elements)."""
    value = np.asarray(value.numpy() if isinstance(value, Tensor) else value)
    if value.ndim == 0:
        item = value.item()
        return repr(item) if isinstance(item, bytes) else repr(item.encode()) \
            if isinstance(item, str) else str(item)
    flat = value.reshape(-1)
    return ", ".join(str(v) for v in flat[:3]) + (", ..." if flat.size > 3 else "")


def _flagging_iteration(make_cond, make_body, extra_vars, extra_names, opts):
    """The loop's functions with one more loop variable (last): a flag set by the body."""
    n = len(extra_vars)

    def cond(extra, full):
        return make_cond(extra[:n], full)

    def body(extra, full):
        new_extra, out = make_body(extra[:n], full)
        return tuple(new_extra) + (convert_to_tensor(True),), out
    if opts and opts.get("_extra_invariants") is not None:
        invariants = list(opts["_extra_invariants"])
        opts = dict(opts, _extra_invariants=invariants[:n] + [TensorShape([])] + invariants[n:])
    return (cond, body, tuple(extra_vars) + (convert_to_tensor(False),),
            tuple(extra_names) + ("ran",), opts)


def _to_loop_value(v, name):
    if isinstance(v, Tensor) or hasattr(v, "_flow_tensor") or \
            isinstance(v, (list, tuple, dict)):
        return v
    if hasattr(type(v), "_as_tensor"):
        return v._as_tensor()
    try:
        return convert_to_tensor(v)
    except (TypeError, ValueError):
        raise ValueError(f"'{name}' must be a tensor (or convertible to one) to be a loop "
                         f"variable of a loop over tensors, got {v!r}") from None


def while_stmt(test, body, state, names, live, opts=None):
    first = True
    while True:
        cond = test(*state)
        if _symbolic(cond) and not first:  # (TF cannot turn a running Python loop into one)
            raise NotImplementedError(_CONDITION_CHANGED)
        if _symbolic(cond):
            return _graph_loop(lambda extra, full: test(*full),
                               lambda extra, full: ((), body(*full)), state, names, live, opts)
        if not _truth(cond):
            return state
        state = body(*state)
        first = False


_CONDITION_CHANGED = (
    "The condition of while loop started as non-Tensor, then changed to Tensor. This may "
    "happen either because variables changed type, or when a break or return statement inside "
    "the loop depends on a Tensor condition. In both cases, changing to a TF loop should "
    "remove the error.\nSee https://github.com/tensorflow/tensorflow/blob/master/tensorflow/"
    "python/autograph/g3doc/reference/limitations.md#consistency-of-control-flow-types for "
    "more info.")


_PYTHON_LOOP_TENSOR_BREAK = (
    "break and return statements which depend on a TF condition are not supported in Python "
    "for loops. Did you intend to make it a TF loop?\nSee https://github.com/tensorflow/"
    "tensorflow/blob/master/tensorflow/python/autograph/g3doc/reference/limitations.md"
    "#consistency-of-control-flow-types for more info.")


def for_stmt(iterable, extra_test, body, state, names, live, opts=None):
    if isinstance(iterable, SymbolicTensor) and iterable.op.type == "Range":
        return _graph_range_loop(_TensorRange(iterable.op), extra_test, body, state, names,
                                 live, opts)
    if hasattr(type(iterable), "_as_tensor") and not isinstance(iterable, Tensor):
        iterable = iterable._as_tensor()
    if isinstance(iterable, SymbolicTensor):
        return _graph_tensor_loop(iterable, extra_test, body, state, names, live, opts)
    if (_is_dataset(iterable) or isinstance(iterable, GraphIterator)) and \
            context.state.graph is not None:
        return _graph_dataset_loop(iterable, extra_test, body, state, names, live, opts)
    distributed = getattr(iterable, "_graph_loop_parts", None)  # a distributed dataset
    if distributed is not None and context.state.graph is not None and distributed():
        dataset, split = distributed()
        return _graph_dataset_loop(dataset, extra_test,
                                   lambda element, *rest: body(split(element), *rest),
                                   state, names, live, opts)
    for item in iterable:
        if extra_test is not None:
            ok = extra_test(*state)
            if _symbolic(ok):
                raise NotImplementedError(_PYTHON_LOOP_TENSOR_BREAK)
            if not _truth(ok):
                break
        state = body(item, *state)
    return state


def _is_dataset(x):
    return hasattr(x, "element_spec") and hasattr(x, "_iterate")


def _combined_test(extra_test, full, more):
    """`more` (a bool tensor) and extra_test(*full)."""
    if extra_test is None:
        return more
    extra = extra_test(*full)
    if not _symbolic(extra):
        return more if _truth(extra) else convert_to_tensor(False)
    return math_ops.logical_and(more, _as_bool(extra))


def _graph_range_loop(rng, extra_test, body, state, names, live, opts):
    start, limit, delta = rng.start, rng.limit, rng.delta

    def make_cond(extra, full):
        (i,) = extra
        if rng.positive is None:  # a step known only at run time counts either way
            more = math_ops.logical_or(
                math_ops.logical_and(math_ops.greater(delta, 0), math_ops.less(i, limit)),
                math_ops.logical_and(math_ops.less(delta, 0), math_ops.greater(i, limit)))
        else:
            more = math_ops.less(i, limit) if rng.positive else math_ops.greater(i, limit)
        return _combined_test(extra_test, full, more)

    def make_body(extra, full):
        (i,) = extra
        out = body(i, *full)
        return (math_ops.add(i, delta),), out
    return _graph_loop(make_cond, make_body, state, names, live, opts,
                       extra_vars=(start,), extra_names=("itr",))


def _graph_tensor_loop(tensor, extra_test, body, state, names, live, opts):
    n = tensor.shape[0] if tensor.shape.rank else None
    length = convert_to_tensor(n, dtype=dtypes.int32) if n is not None else \
        execute(DIM_SIZE, (tensor,), {"axis": 0})
    zero = convert_to_tensor(0, dtype=dtypes.int32)

    def make_cond(extra, full):
        return _combined_test(extra_test, full, math_ops.less(extra[0], length))

    def make_body(extra, full):
        (i,) = extra
        item = execute(GET_ITEM, (tensor, i), {})
        out = body(item, *full)
        return (math_ops.add(i, 1),), out
    return _graph_loop(make_cond, make_body, state, names, live, opts,
                       extra_vars=(zero,), extra_names=("itr",))


def _op_specs(element_spec):
    """(dtype, shape) of each component of an element: the ``specs`` attr of the ops that
    produce an element inside a graph (its outputs' types)."""
    return tuple((s.dtype, None if s.shape.rank is None else tuple(s.shape.as_list()))
                 for s in nest.flatten(element_spec))


def _element_from(op, inputs, element_spec, **attrs):
    """Runs `op`, one output per component of `element_spec`, and packs them as the element."""
    outs = execute(op, inputs, {"specs": _op_specs(element_spec), **attrs})
    outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
    return nest.pack_sequence_as(element_spec, outs)


def _graph_dataset_loop(dataset, extra_test, body, state, names, live, opts):
    """A ``for`` over a tf.data Dataset inside tf.function: an in-graph loop that pulls the
    next element from an iterator op on every iteration (as TF does)."""
    spec = dataset.element_spec
    if isinstance(dataset, GraphIterator):  # the rest of an iterator made in the function
        iterator = dataset._handle
    else:
        iterator = _make_graph_iterator(dataset)
    attrs = {"specs": _op_specs(spec)}
    first = execute(ITERATOR_GET_NEXT, (iterator,), attrs)

    def make_cond(extra, full):
        return _combined_test(extra_test, full, extra[0])

    def make_body(extra, full):
        element = nest.pack_sequence_as(spec, list(extra[1:]))
        out = body(element, *full)
        nxt = execute(ITERATOR_GET_NEXT, (iterator,), attrs)
        return tuple(nxt), out
    invariants = [TensorShape([])] + [TensorShape(s.shape) for s in nest.flatten(spec)]
    opts = dict(opts or {})
    opts["_relax_shapes"] = True  # TF's loop over a dataset is a reduce, which relaxes shapes
    opts["_dataset_loop"] = True  # (and whose ops are not named under a while loop)
    return _graph_loop_with_extra_invariants(make_cond, make_body, state, names, live, opts,
                                             tuple(first), invariants)


def _graph_loop_with_extra_invariants(make_cond, make_body, state, names, live, opts, extra,
                                      extra_invariants):
    loop_idx, _ = _split_state(state, names, live)
    user = _loop_invariants(opts, state, loop_idx) or [None] * len(loop_idx)
    opts["_extra_invariants"] = list(extra_invariants) + user
    return _graph_loop(make_cond, make_body, state, names, live, opts, extra_vars=extra,
                       extra_names=("has_next",) + tuple(f"element_{i}" for i in
                                                         range(len(extra) - 1)))


# --- ops the loops use --------------------------------------------------------------------------
def _dim_size(x, axis):
    return np.asarray(np.shape(x)[axis], dtype=np.int32)


def _get_item(x, i):
    return x[int(i)]


def _get_item_grad(op, dy):
    return [execute(_SET_ITEM_GRAD, (dy, op.inputs[0], op.inputs[1]), {}), None]


def _scatter_item(dy, like, i):
    out = np.zeros(np.shape(like), dtype=np.asarray(dy).dtype)
    out[int(i)] = dy
    return out


def _spec(fn):
    def infer(inputs, attrs):
        return fn(inputs, attrs)
    return infer


DIM_SIZE = define("DimSize", _dim_size, differentiable=False,
                  infer_shape=_spec(lambda ins, a: [(dtypes.int32, TensorShape([]))]))
GET_ITEM = define("GatherElement", _get_item, grad=_get_item_grad,
                  infer_shape=_spec(lambda ins, a: [(ins[0]._dtype, ins[0]._shape[1:])]))
_SET_ITEM_GRAD = define("ScatterElement", _scatter_item, differentiable=False,
                        infer_shape=_spec(lambda ins, a: [(ins[0]._dtype, ins[1]._shape)]))


class _IteratorState:
    def __init__(self, dataset):
        if hasattr(dataset, "_restart_functions"):  # a new iterator, as iter(dataset)
            dataset._restart_functions()
        self.it = dataset._iterate()


def _make_graph_iterator(dataset):
    """The iterator op over `dataset` in the graph being traced: its inputs are what the
    pipeline reads from the trace (the dataset arguments, the tensors datasets were made of)."""
    inputs, attrs = dataset_inputs(dataset)
    return execute(_make_iterator_op(), inputs, dict(attrs, dataset=dataset))


def dataset_inputs(dataset):
    """``(inputs, {"arguments": keys})`` of an op over `dataset` while tf.function traces:
    the graph tensors the pipeline reads (a dataset argument's placeholder, a tensor a
    deferred dataset was made of) and their ids, which ``bound_dataset`` binds."""
    arguments = dataset._argument_datasets() if hasattr(dataset, "_argument_datasets") else []
    tensors = deferred_datasets.symbolic_inputs(dataset, [], set())
    inputs = tuple(a._placeholder for a in arguments) + tuple(tensors)
    return inputs, {"arguments": tuple(id(x) for x in list(arguments) + tensors)}


def bound_dataset(dataset, arguments, passed):
    """`dataset` as this run of the compiled code reads it: each argument dataset the one the
    call passed, each deferred dataset made from its tensors' values (`passed`)."""
    if not passed:
        return dataset
    values = {key: _from_numpy(np.asarray(v)) if isinstance(v, (np.ndarray, np.generic))
              else v for key, v in zip(arguments, passed)}
    return deferred_datasets.rebuilt(dataset, values)


def _make_iterator(*passed, dataset, arguments=()):
    """An iterator over `dataset` as this call reads it (see ``bound_dataset``)."""
    return _IteratorState(bound_dataset(dataset, arguments, passed))


def _get_next(state, specs):
    try:
        element = next(state.it)
    except StopIteration:
        zeros = [np.zeros(tuple(0 if d is None else d for d in (shape or ())), dtype=d_._np)
                 for d_, shape in specs]
        return (np.asarray(False),) + tuple(zeros)
    flat = nest.flatten(element)
    return (np.asarray(True),) + tuple(np.asarray(t._value if isinstance(t, Tensor) else t)
                                       for t in flat)


_MAKE_ITERATOR = None


def _make_iterator_op():
    global _MAKE_ITERATOR
    if _MAKE_ITERATOR is None:
        _MAKE_ITERATOR = define("MakeIterator", _make_iterator, stateful=True,
                                differentiable=False,
                                infer_shape=lambda ins, a: [(variant, TensorShape([]))])
    return _MAKE_ITERATOR


ITERATOR_GET_NEXT = define(
    "IteratorGetNext", _get_next, stateful=True, differentiable=False, num_outputs=None,
    infer_shape=lambda ins, a: [(dtypes.bool, TensorShape([]))] + [
        (d, TensorShape(None if s is None else list(s))) for d, s in a["specs"]])


def _take(iterator):
    """The iterator's next element, counted by it when it counts (a checkpoint of a dataset
    iterator saves how many it has given; StopIteration at the end)."""
    take = getattr(iterator, "_take", None)
    return take() if take is not None else next(iterator._it)


def _iterator_next(iterator, specs):
    """``next(iterator)`` inside a tf.function: the next element, pulled when the compiled
    code runs (each call advances the iterator, as in TF)."""
    try:
        element = _take(iterator)
    except StopIteration:
        raise errors.OutOfRangeError(None, None,
                                     "End of sequence [Op:IteratorGetNext]") from None
    return tuple(np.asarray(t._value if isinstance(t, Tensor) else t)
                 for t in nest.flatten(element))


ITERATOR_NEXT = define(
    "IteratorGetNextOf", _iterator_next, stateful=True, differentiable=False, num_outputs=None,
    infer_shape=lambda ins, a: [(d, TensorShape(None if s is None else list(s)))
                                for d, s in a["specs"]])


class _OptionalValue:
    """The run-time value of a graph Optional: the element's arrays, or None when empty."""

    __slots__ = ("values",)

    def __init__(self, values):
        self.values = values


def _iterator_next_optional(iterator):
    """``iterator.get_next_as_optional()`` inside a tf.function (the next element, or an
    empty Optional at the end)."""
    try:
        element = _take(iterator)
    except StopIteration:
        return _OptionalValue(None)
    return _OptionalValue(tuple(np.asarray(t._value if isinstance(t, Tensor) else t)
                                for t in nest.flatten(element)))


def _optional_has_value(optional):
    return np.asarray(optional.values is not None)


def _optional_get_value(optional, *parts, specs):
    """The value of `optional` (a variant's _OptionalValue; for an Optional argument of the
    function, its has_value flag followed by its value's tensors), or TF's error."""
    if isinstance(optional, _OptionalValue):
        values = optional.values
    else:
        values = parts if bool(optional) else None
    if values is None:
        raise errors.InvalidArgumentError(None, None, "The given optional does not have a "
                                                      "value.")
    return values


ITERATOR_NEXT_OPTIONAL = define(
    "IteratorGetNextAsOptional", _iterator_next_optional, stateful=True,
    differentiable=False, infer_shape=lambda ins, a: [(variant, TensorShape([]))])
OPTIONAL_HAS_VALUE = define(
    "OptionalHasValue", _optional_has_value, differentiable=False,
    infer_shape=lambda ins, a: [(dtypes.bool, TensorShape([]))])
OPTIONAL_GET_VALUE = define(
    "OptionalGetValue", _optional_get_value, differentiable=False, num_outputs=None,
    infer_shape=lambda ins, a: [(d, TensorShape(None if s is None else list(s)))
                                for d, s in a["specs"]])


class GraphOptional:
    """What ``get_next_as_optional()`` returns inside a tf.function: one variant tensor
    (so it can be a loop variable, as a TensorArray is) holding the element or nothing."""

    def __init__(self, element_spec, flow):
        self.element_spec = element_spec
        self._flow = flow

    def _flow_tensor(self):
        return self._flow

    def _with_flow(self, flow):
        return GraphOptional(self.element_spec, flow)

    def has_value(self, name=None):
        return execute(OPTIONAL_HAS_VALUE, (self._flow,), {})

    def get_value(self, name=None):
        return _element_from(OPTIONAL_GET_VALUE, (self._flow,), self.element_spec)


def graph_next_as_optional(iterator):
    flow = execute(ITERATOR_NEXT_OPTIONAL, (), {"iterator": iterator})
    return GraphOptional(iterator.element_spec, flow)


def _next_or_end(state, specs):
    """``next()`` of an iterator made inside the function: the next element, or TF's
    OutOfRangeError at the end."""
    flags_and_values = _get_next(state, specs)
    if not flags_and_values[0]:
        raise errors.OutOfRangeError(None, None, "End of sequence [Op:IteratorGetNextSync]")
    return flags_and_values[1:]


ITERATOR_GET_NEXT_SYNC = define(
    "IteratorGetNextSync", _next_or_end, stateful=True, differentiable=False,
    num_outputs=None, infer_shape=lambda ins, a: [(d, TensorShape(None if s is None else list(s)))
                                                  for d, s in a["specs"]])


class GraphIterator:
    """``iter(dataset)`` inside tf.function where the dataset is (built on) an argument: an
    iterator made each time the compiled code runs, over the dataset that call passed."""

    def __init__(self, dataset):
        self.element_spec = dataset.element_spec
        self._handle = _make_graph_iterator(dataset)

    def get_next(self):
        return _element_from(ITERATOR_GET_NEXT_SYNC, (self._handle,), self.element_spec)

    __next__ = next = get_next


def reads_dataset_arguments(x):
    """A dataset reading what the function being traced computes: built on its dataset
    arguments, or made from its tensors."""
    return hasattr(x, "_argument_datasets") and bool(dataset_inputs(x)[0])


def _single_element(*passed, dataset, arguments=()):
    element = bound_dataset(dataset, arguments, passed).get_single_element()
    return tuple(np.asarray(t._value) for t in nest.flatten(element))


def _cardinality(*passed, dataset, arguments=()):
    return np.asarray(bound_dataset(dataset, arguments, passed)._cardinality(), np.int64)


SINGLE_ELEMENT = define(
    "DatasetToSingleElement", _single_element, stateful=True, differentiable=False,
    num_outputs=None, infer_shape=lambda ins, a: [
        (s.dtype, s.shape) for s in nest.flatten(a["dataset"].element_spec)])
CARDINALITY = define("DatasetCardinality", _cardinality, stateful=True, differentiable=False,
                     infer_shape=lambda ins, a: [(dtypes.int64, TensorShape([]))])


class _DatasetValue:
    """The run-time value of a dataset a tf.function returns (a variant tensor's object)."""

    __slots__ = ("dataset",)

    def __init__(self, dataset):
        self.dataset = dataset


def _bind_dataset(*passed, dataset, arguments=()):
    return _DatasetValue(bound_dataset(dataset, arguments, passed))


BIND_DATASET = define("DatasetFromTrace", _bind_dataset, stateful=True, differentiable=False,
                      infer_shape=lambda ins, a: [(variant, TensorShape([]))])


class DatasetOutput:
    """A dataset a tf.function returns that reads the trace: the graph output (a variant)
    whose run-time value is that call's dataset, shown as TF's ``_VariantDataset``."""

    __slots__ = ("index",)

    def __init__(self, graph, dataset, outputs):
        inputs, attrs = dataset_inputs(dataset)
        outputs.append(graph.as_graph_tensor(
            execute(BIND_DATASET, inputs, dict(attrs, dataset=dataset))))
        self.index = len(outputs) - 1

    def resolve(self, values):
        dataset = values[self.index]._value[()].dataset
        returned = object.__new__(type(dataset))
        returned.__dict__.update(vars(dataset))
        returned._tf_name = "_VariantDataset"  # (TF's name for a dataset a function returns)
        return returned


class PassedIterator:
    """An iterator a call passes where the input_signature has an IteratorSpec: the object
    the compiled code takes for that input."""

    def __init__(self, iterator):
        self.iterator = iterator

    @property
    def element_spec(self):
        return self.iterator.element_spec

    @property
    def _type_spec(self):
        return self.iterator._type_spec

    def _traced_argument(self, placeholder):  # (a dataset-like argument: passed as it is)
        return ArgumentIterator(placeholder, self.element_spec)


def _next_of_passed(passed, specs):
    element = passed.iterator.get_next()  # (its position kept, its end TF's OutOfRangeError)
    return tuple(np.asarray(t._value if isinstance(t, Tensor) else t)
                 for t in nest.flatten(element))


ARGUMENT_ITERATOR_NEXT = define(
    "IteratorGetNextOfArgument", _next_of_passed, stateful=True, differentiable=False,
    num_outputs=None, infer_shape=lambda ins, a: [
        (d, TensorShape(None if s is None else list(s))) for d, s in a["specs"]])


class ArgumentIterator:
    """An iterator argument of a tf.function while it traces (an IteratorSpec in its
    input_signature): ``get_next`` is an op reading, when the compiled code runs, the next
    element of the iterator the call passed."""

    def __init__(self, placeholder, element_spec):
        self._placeholder = placeholder
        self.element_spec = element_spec

    def get_next(self, name=None):
        return _element_from(ARGUMENT_ITERATOR_NEXT, (self._placeholder,), self.element_spec)

    __next__ = next = get_next

    def __iter__(self):
        return self


def single_element_in_graph(dataset):
    """``dataset.get_single_element()`` while tf.function traces, for a dataset reading the
    trace (see ``reads_dataset_arguments``): computed when the compiled code runs."""
    inputs, attrs = dataset_inputs(dataset)
    outs = execute(SINGLE_ELEMENT, inputs, dict(attrs, dataset=dataset))
    spec = dataset.element_spec
    outs = [outs] if len(nest.flatten(spec)) == 1 and not isinstance(outs, (list, tuple)) \
        else list(outs)
    return nest.pack_sequence_as(spec, outs)


def cardinality_in_graph(dataset):
    """``dataset.cardinality()`` while tf.function traces, for a dataset reading the trace:
    counted when the compiled code runs, as TF's op does."""
    inputs, attrs = dataset_inputs(dataset)
    return execute(CARDINALITY, inputs, dict(attrs, dataset=dataset))


def is_data_iterator(x):
    return hasattr(x, "element_spec") and hasattr(x, "_it") and hasattr(x, "get_next")


def graph_next(iterator):
    return _element_from(ITERATOR_NEXT, (), iterator.element_spec, iterator=iterator)


# --- range and len ------------------------------------------------------------------------------
class _TensorRange:
    """The start, limit and step of a `tf.range` a graph `for` loop counts through, read from
    the Range op itself (so `for i in range(n)` and `for i in tf.range(n)` build one while
    loop over a counter, as TF's AutoGraph does, instead of indexing a materialized range)."""

    def __init__(self, range_op):
        self.start, self.limit, self.delta = range_op.inputs
        step = get_static_value(self.delta)
        self.positive = None if step is None else bool(step > 0)  # None: known when it runs


def range_(*args):
    """``range`` in converted code: a Python range, or `tf.range` when an argument is symbolic."""
    if not any(_symbolic(a) for a in args):
        return builtins.range(*[int(a) if isinstance(a, Tensor) else a for a in args])
    return array_ops.range(*args)


def number_(kind, args, kwargs):
    """``int(x)`` and ``float(x)`` in converted code: a tensor becomes a cast to int32 or
    float32 (a string tensor is parsed), as TF's AutoGraph does; Python values stay Python."""
    if len(args) != 1 or kwargs or not (isinstance(args[0], Tensor)
                                        or hasattr(type(args[0]), "_as_tensor")):
        return kind(*args, **(kwargs or {}))
    x = convert_to_tensor(args[0])
    dtype = dtypes.int32 if kind is builtins.int else dtypes.float32
    if x.dtype is dtypes.string:
        from ...ops import string_ops
        return string_ops.to_number(x, out_type=dtype)
    return math_ops.cast(x, dtype)


def len_(x):
    if _symbolic(x):
        if hasattr(x, "_flow_tensor"):
            return x.size()
        n = x.shape[0] if x.shape.rank else None
        if n is not None:
            return n
        return execute(DIM_SIZE, (x,), {"axis": 0})
    if hasattr(x, "_flow_tensor") or (hasattr(x, "size") and hasattr(x, "stack")):
        return x.size()
    return builtins.len(x)


# --- calls ----------------------------------------------------------------------------------------
class ConversionOptions:
    """The options a converted function was converted with (shown in ``to_code``)."""

    def __init__(self, recursive=True, user_requested=True, optional_features=(),
                 internal_convert_user_code=True):
        self.recursive = recursive
        self.user_requested = user_requested
        self.optional_features = optional_features
        self.internal_convert_user_code = internal_convert_user_code


class FunctionScope:
    """``with ag__.FunctionScope(name, scope, options) as fscope:`` wraps a converted body, as
    in TF's converted code. It marks where the user's function runs; nothing else to do."""

    __slots__ = ("name", "options")

    def __init__(self, name, scope_name, options):
        self.name = name
        self.options = options

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def ret(self, value, did_return):
        return value


_DO_NOT_CONVERT = "__autograph_do_not_convert__"


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_SKIP_MODULE_PREFIXES = ("eagerbook", "numpy", "builtins", "functools", "inspect", "collections",
                         "typing", "math", "abc", "enum", "warnings", "contextlib", "itertools",
                         "logging", "re", "copy", "os", "sys", "random")


def should_convert(fn):
    if not inspect.isfunction(fn):
        return False
    if getattr(fn, _DO_NOT_CONVERT, False) or getattr(fn, "__autograph_converted__", False):
        return False
    if hasattr(fn, "__wrapped__"):
        return False  # decorated functions (tf.custom_gradient, ...) run as they are
    if fn.__code__.co_filename.startswith(_PACKAGE_DIR):
        return False
    module = getattr(fn, "__module__", None) or ""
    if module.split(".")[0] in _SKIP_MODULE_PREFIXES:
        return False
    return True


def do_not_convert(func=None):
    """``tf.autograph.experimental.do_not_convert``: call `func` as written, unconverted."""
    if func is None:
        return do_not_convert

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    setattr(wrapper, _DO_NOT_CONVERT, True)
    try:
        setattr(func, _DO_NOT_CONVERT, True)
    except (AttributeError, TypeError):
        pass
    return wrapper


def set_loop_options(parallel_iterations=None, swap_memory=None, maximum_iterations=None,
                     shape_invariants=None):
    """``tf.autograph.experimental.set_loop_options``: read by the converter from the loop
    body (where it must be the first statement); calling it at run time does nothing."""
    return None

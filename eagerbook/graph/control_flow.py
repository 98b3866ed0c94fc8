"""``tf.cond``, ``tf.while_loop``, ``tf.case``, ``tf.switch_case``.

Eagerly these are plain Python ``if`` and ``while``. While ``tf.function`` traces, each branch
or loop body is traced into its own small graph, and one ``If`` or ``While`` op holding those
graphs joins the function's graph; the compiled code turns them back into Python ``if`` and
``while`` statements.
"""

import contextlib

from ..core import context, dtypes, errors, nest
from ..core.shape import TensorShape
from ..core.spec import TensorSpec
from ..core.tensor import Tensor, convert_to_tensor
from ..ops import array_ops, logging_ops, math_ops
from ..ops.backprop import add_gradients, carries_gradient, zeros_gradient
from ..ops.registry import define, record_custom
from .gradients import replay, subgraph_gradient
from .ir import SymbolicTensor, resource, variant
from .naming import scope_prefix
from .passes.util import remove_ops, replace_tensors
from .tensor_array import TensorArray
from .tracer import FuncGraph


def _is_symbolic(x):
    return isinstance(x, SymbolicTensor)


def _graph():
    return context.state.graph


# --- leaves that are not plain tensors (TensorArrays) ---------------------------------------------
def _flatten_values(structure):
    """Flat tensors for a structure; TensorArrays contribute their handle."""
    leaves = nest.flatten(structure)
    flat = []
    for leaf in leaves:
        if hasattr(leaf, "_flow_tensor"):
            flat.append(leaf._flow_tensor())
        elif isinstance(leaf, Tensor):
            flat.append(leaf)
        else:
            flat.append(convert_to_tensor(leaf))
    return leaves, flat


def _pack_values(structure, leaves, flat):
    out = []
    for leaf, t in zip(leaves, flat):
        if hasattr(leaf, "_flow_tensor"):
            out.append(leaf._with_flow(t))
        else:
            out.append(t)
    return nest.pack_sequence_as(structure, out)


# --- TF's names inside control flow ------------------------------------------------------------
def reserve_name(default, name=None):
    """The name the cond or while op about to be traced will take (`cond`, `while_1`, a
    user's `name=`), without taking it yet: what is made inside is named under it, as in TF
    (`while/Placeholder`, `while/mul`, `cond/Identity`)."""
    full = _graph().unique_name(scope_prefix() + (name or default), mark_as_used=False)
    return full.rsplit("/", 1)[-1]


@contextlib.contextmanager
def inside(scope):
    scopes = context.state.name_scopes
    scopes.append(scope)
    try:
        yield
    finally:
        scopes.pop()


def named_outputs(scope, outs):
    """A cond's results, each through an Identity named `cond/Identity`, `cond/Identity_1`,
    ... as TF's cond returns them (the simplify pass removes them from compiled code)."""
    with inside(scope):  # (a TensorArray's flow or a resource handle passes as it is)
        return [t if t._dtype in (resource, variant) else array_ops.identity(t) for t in outs]


# --- tracing a branch / body ----------------------------------------------------------------------
def _trace_subgraph(fn, name, args_specs=(), arg_structure=None, arg_leaves=None):
    """Traces `fn` into a child graph of the current one; returns (graph, result)."""
    outer = _graph()
    g = FuncGraph(name, outer=outer)
    g.allow_variable_creation = getattr(outer, "allow_variable_creation", False)
    placeholders = [g.add_placeholder(d, s, name=scope_prefix() + "Placeholder")
                    for d, s in args_specs]
    with context.building_graph(g):
        if arg_structure is not None:
            args = _pack_values(arg_structure, arg_leaves, placeholders)
            args = list(args) if isinstance(args, (list, tuple)) and \
                not hasattr(type(args), "_fields") else [args]
            result = fn(*args)
        else:
            result = fn()
    return g, placeholders, result


def _lift_variable_reads(graphs):
    """Variables that sibling branches/bodies only read (never assign) are read once in the
    enclosing graph, just before the If/While, and passed in as values. Same result (nothing
    in between can change them), and gradients then reach the Variable through the op's
    inputs like any other value."""
    outer = _graph()
    by_var = {}
    blocked = set()
    for g in graphs:
        for _, ph in g.captures:
            if ph._dtype is not resource:
                continue
            variable = g.handle_vars.get(id(ph))
            if variable is None:
                continue
            reads = []
            for op in g.operations:
                if not any(t is ph for t in op.inputs):
                    continue
                if op.type == "ReadVariableOp":
                    reads.append(op)
                else:
                    blocked.add(id(variable))  # assigned, or used by nested control flow
            by_var.setdefault(id(variable), (variable, []))[1].append((g, ph, reads))
    for key, (variable, uses) in by_var.items():
        if key in blocked:
            continue
        value = outer.read_variable(variable)
        for g, ph, reads in uses:
            replacement = {}
            if reads:
                new_ph = g._capture(value, value._dtype, value._shape, ph._op.name + "_value")
                g.operations.remove(new_ph._op)
                g.operations.insert(0, new_ph._op)  # keep program order topological
                for op in reads:
                    replacement[id(op.outputs[0])] = new_ph
            dead = {id(op) for op in reads} | {id(ph._op)}
            replace_tensors(g, replacement)
            remove_ops(g, dead, free=False)
            g.captures = [(o, t) for o, t in g.captures if t is not ph]
            g.inputs = [t for t in g.inputs if t is not ph]
            g._captured = {k: v for k, v in g._captured.items() if v is not ph}


def _finalize(graphs, explicit):
    """Aligns the inputs of sibling subgraphs: explicit inputs first, then the union of what
    each captured from outside. Returns the outer tensors feeding those inputs."""
    _lift_variable_reads(graphs)
    outer = _graph()
    union, index = [], {}
    for g in graphs:
        for obj, _ in g.captures:
            if id(obj) not in index:
                index[id(obj)] = len(union)
                union.append(obj)
    outer_inputs = [outer.as_graph_tensor(o) for o in union]
    for g, ex in zip(graphs, explicit):
        by_obj = {id(obj): t for obj, t in g.captures}
        extra = []
        for obj in union:
            t = by_obj.get(id(obj))
            if t is None:
                t = g.add_placeholder(obj._dtype, obj._shape if isinstance(obj, SymbolicTensor)
                                      else obj.shape, name="unused")
            extra.append(t)
        g.inputs = list(ex) + extra
        g.captures = []
    return outer_inputs


# --- cond -----------------------------------------------------------------------------------------
def _if_kernel(*args, **attrs):
    raise NotImplementedError("If runs only inside compiled tf.function code")


def _if_grad(op, *dys):
    then_g, else_g = op.attrs["_then"], op.attrs["_else"]
    pred, ins = op.inputs[0], op.inputs[1:]
    ds = [dys[i] for i, t in enumerate(op.outputs) if carries_gradient(t)]
    outer = _graph()
    gt = subgraph_gradient(then_g, None, "then_grad", outer=outer)
    ge = subgraph_gradient(else_g, None, "else_grad", outer=outer)
    n_explicit = len(ins) + len(ds)
    extra = _finalize([gt, ge], [gt.inputs[:n_explicit], ge.inputs[:n_explicit]])
    grads = _make_if(pred, list(ins) + list(ds) + extra, gt, ge)
    it = iter(grads)
    return [None] + [next(it) if carries_gradient(t) else None for t in ins]


IF_OP = define("If", _if_kernel, grad=_if_grad, num_outputs=None)


def _make_if(pred, inputs, then_g, else_g):
    outer = _graph()
    specs = []
    for a, b in zip(then_g.outputs, else_g.outputs):
        specs.append((a._dtype, a._shape.most_specific_compatible_shape(b._shape)
                      if a._shape != b._shape else a._shape))
    stateful = any(op.stateful for g in (then_g, else_g) for op in g.operations)
    node = outer.create_op("If", [outer.as_graph_tensor(pred)] + [outer.as_graph_tensor(t)
                                                                  for t in inputs],
                           {"_then": then_g, "_else": else_g}, specs, opdef=IF_OP,
                           stateful=stateful,
                           subgraphs={"then": then_g, "else": else_g})
    # Tapes inside the function see the If like any op (their gradient uses _if_grad).
    if context.state.recorders:
        record_custom(IF_OP, node.inputs, node.outputs, node.attrs)
    return list(node.outputs)


def cond(pred, true_fn=None, false_fn=None, strict=False, name=None, fn1=None, fn2=None):
    """``tf.cond``: ``true_fn()`` if `pred` else ``false_fn()``."""
    true_fn = true_fn if true_fn is not None else fn1
    false_fn = false_fn if false_fn is not None else fn2
    for what, fn in (("true_fn", true_fn), ("false_fn", false_fn)):
        if fn is None:
            raise TypeError(f"cond(): '{what}' argument required")
    if not callable(true_fn):
        raise TypeError("'true_fn' must be callable.")
    if not callable(false_fn):
        raise TypeError("'false_fn' must be callable.")
    if hasattr(type(pred), "_as_tensor"):
        pred = pred._as_tensor()
    if not _is_symbolic(pred):
        if isinstance(pred, Tensor):
            if pred._value.size != 1 or pred._dtype is not dtypes.bool:
                if pred._dtype is not dtypes.bool:
                    raise TypeError(f"pred must be a boolean scalar tensor, got {pred!r}")
            pred = bool(pred._value.reshape(()))
        return true_fn() if pred else false_fn()
    if pred._dtype is not dtypes.bool or (pred._shape.rank not in (0, None)):
        raise ValueError(f"pred must be a scalar boolean tensor, got {pred}")
    scope = reserve_name("cond", name)
    with inside(scope):
        then_g, _, then_out = _trace_subgraph(true_fn, "then")
        else_g, _, else_out = _trace_subgraph(false_fn, "else")
    _check_same_outputs(then_out, else_out)
    for g, out in ((then_g, then_out), (else_g, else_out)):
        leaves, flat = _flatten_in(g, out, composites=True)
        g.outputs = flat
    for a, b in zip(then_g.outputs, else_g.outputs):
        if a._dtype is not b._dtype:
            _branch_mismatch(then_out, else_out, f"{a} and {b} have different types")
    extra = _finalize([then_g, else_g], [[], []])
    outs = named_outputs(scope, _make_if(pred, extra, then_g, else_g))
    if then_out is None:
        return None
    leaves = nest.flatten(then_out)
    return _pack_values(then_out, leaves, _rebuilt_composites(leaves, outs))


def _is_composite(leaf):
    """A RaggedTensor, SparseTensor or ExtensionType: it leaves a branch as its tensors."""
    return hasattr(type(leaf), "__tf_components__") and not isinstance(leaf, Tensor)


def _rebuilt_composites(leaves, outs):
    """The cond's outputs, one per leaf: a composite leaf's tensors made into its kind again."""
    if not any(_is_composite(leaf) for leaf in leaves):
        return outs
    it, flat = iter(outs), []
    for leaf in leaves:
        if _is_composite(leaf):
            flat.append(leaf.__tf_from_components__(
                [next(it) for _ in leaf.__tf_components__()]))
        else:
            flat.append(next(it))
    return flat


def _check_same_outputs(then_out, else_out):
    """TF's errors for branches that return different things: a different number of values
    (TF's internal AssertionError listing the counts; no value at all is a ValueError), or
    the same number in different structures (TypeError)."""
    counts = [len(nest.flatten(out)) if out is not None else 0 for out in (then_out, else_out)]
    if counts[0] != counts[1]:
        if 0 in counts:
            raise ValueError(f"Lengths of branch outputs of cond must match.\n"
                             f"len(graphs[0].outputs): {counts[0]}\n"
                             f"len(graphs[1].outputs): {counts[1]}\n")
        raise AssertionError(str(counts))
    if _structure(then_out) != _structure(else_out):
        _branch_mismatch(then_out, else_out, (
            "The two structures don't have the same nested structure.\n\n"
            f"First structure: type={type(then_out).__name__} str={then_out}\n\n"
            f"Second structure: type={type(else_out).__name__} str={else_out}"))


def _branch_mismatch(then_out, else_out, detail):
    raise TypeError(
        "true_fn and false_fn arguments to tf.cond must have the same number, type, and "
        f"overall structure of return values.\n\ntrue_fn output: {then_out}\nfalse_fn output: "
        f"{else_out}\n\nError details:\n{detail}")


def _structure(x):
    if isinstance(x, dict):
        return ("dict", tuple(sorted((k, _structure(v)) for k, v in x.items())))
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, tuple(_structure(v) for v in x))
    return "leaf"


def _flatten_in(g, out, composites=False):
    """The flat output tensors of a traced subgraph (Python values become constants; with
    `composites`, a composite value gives its component tensors)."""
    leaves = nest.flatten(out)
    flat = []
    with context.building_graph(g):
        for leaf in leaves:
            if composites and _is_composite(leaf):
                flat.extend(g.as_graph_tensor(t) for t in leaf.__tf_components__())
                continue
            if hasattr(leaf, "_flow_tensor"):
                t = leaf._flow_tensor()
            elif hasattr(type(leaf), "_as_tensor"):
                t = leaf._as_tensor()
            elif isinstance(leaf, Tensor):
                t = leaf
            else:
                t = convert_to_tensor(leaf)
            flat.append(g.as_graph_tensor(t))
    return leaves, flat


# --- while_loop -------------------------------------------------------------------------------
def _while_kernel(*args, **attrs):
    raise NotImplementedError("While runs only inside compiled tf.function code")


def _while_grad(op, *dys):
    """The gradient of a While, built from graph ops (as TF does), so it is differentiable too:

    1. a forward While runs the loop again and writes the loop variables each iteration starts
       from into TensorArrays (one "history" per loop variable), counting the iterations;
    2. a backward While runs that many times, last iteration first: it reads the iteration's
       values back and applies the body's gradient graph; loop variables' gradients are handed
       on, captured values collect a contribution from every iteration.

    Loop values carrying gradients are floats and TensorArrays (a gradient array). Because
    both loops are ordinary While ops over TensorArrays, a second derivative differentiates
    them the same way.
    """
    n = op.attrs["num_loop_vars"]
    cond_g, body = op.attrs["_cond"], op.attrs["_body"]
    init, caps = list(op.inputs[:n]), list(op.inputs[n:len(body.inputs)])
    maximum = op.inputs[-1] if op.attrs["has_max"] else None
    body_grad = subgraph_gradient(body, None, "body_grad", outer=None)
    if body_grad.captures:
        raise NotImplementedError("gradient of a while_loop whose body's gradient needs "
                                  "outside values")
    count, history = _rerun_keeping_history(cond_g, body, init, caps, maximum)
    grads = _run_body_gradient_backwards(body, body_grad, count, history, caps,
                                         [dys[i] for i in range(n)
                                          if carries_gradient(op.outputs[i])])
    it = iter(grads)
    return [next(it) if i < len(body.inputs) and carries_gradient(body.inputs[i]) else None
            for i in range(len(op.inputs))]


def _call_subgraph(sub, args):
    """Re-emits the ops of branch/body graph `sub` into the current graph; its outputs."""
    g = _graph()
    args = [g.as_graph_tensor(a) for a in args]
    mapping = {id(p): a for p, a in zip(sub.inputs, args)}
    replay(sub, g, mapping, {})
    return [mapping[id(t)] for t in sub.outputs]


def _rerun_keeping_history(cond_g, body, init, caps, maximum):
    """Step 1: (iteration count, one TensorArray per loop variable holding its values)."""
    n = len(init)
    histories = [TensorArray(t._dtype, size=0, dynamic_size=True, element_shape=p._shape)
                 for t, p in zip(init, body.inputs)]

    def loop_cond(count, *state):
        return _call_subgraph(cond_g, list(state[:n]) + caps)[0]

    def loop_body(count, *state):
        values, hist = state[:n], state[n:]
        hist = [h.write(count, v) for h, v in zip(hist, values)]
        return [count + 1] + _call_subgraph(body, list(values) + caps) + hist

    invariants = [TensorShape([])] + [p._shape for p in body.inputs[:n]] + [None] * n
    out = while_loop(loop_cond, loop_body, [convert_to_tensor(0)] + init + histories,
                     shape_invariants=invariants, maximum_iterations=maximum)
    return out[0], out[n + 1:]


def _run_body_gradient_backwards(body, body_grad, count, history, caps, d_vars):
    """Step 2: the gradients of the loop's inputs (those carrying gradients), in order."""
    n = len(history)
    grad_inputs = [p for p in body.inputs if carries_gradient(p)]
    n_var_grads = sum(1 for p in body.inputs[:n] if carries_gradient(p))
    d_caps = [zeros_gradient(c) for c, p in zip(caps, body.inputs[n:]) if carries_gradient(p)]

    def loop_cond(k, *grads):
        return k > 0

    def loop_body(k, *grads):
        k = k - 1
        values = [h.read(k) for h in history]
        new = _call_subgraph(body_grad, values + caps + list(grads[:n_var_grads]))
        totals = [add_gradients(a, b) for a, b in zip(grads[n_var_grads:],
                                                       new[n_var_grads:])]
        return [k] + new[:n_var_grads] + totals

    invariants = [TensorShape([])] + [p._shape for p in grad_inputs]
    out = while_loop(loop_cond, loop_body, [count] + list(d_vars) + d_caps,
                     shape_invariants=invariants)
    return out[1:]


WHILE_OP = define("While", _while_kernel, grad=_while_grad, num_outputs=None)


def _trace_while(cond, body, flat, invariants, explicit, structure, leaves, single, names,
                 relax):
    """Traces cond and body for loop variables of shapes `invariants`: (cond graph, body
    graph, body leaves, body outputs), or, when `relax` and a shape changed, the relaxed
    invariants to trace again with."""
    specs = [(t._dtype, inv) for t, inv in zip(flat, invariants)]

    def call(fn):
        def run(*args):
            return fn(*args)
        return run

    cond_g, _, cond_out = _trace_subgraph(call(cond), "while_cond", specs, structure, leaves)
    body_g, _, body_out = _trace_subgraph(call(body), "while_body", specs, structure, leaves)
    if single and not (isinstance(body_out, (list, tuple))
                       and len(nest.flatten(body_out)) == len(flat) and len(flat) > 1):
        body_out = [body_out]
    _, cond_flat = _flatten_in(cond_g, cond_out)
    if len(cond_flat) != 1 or cond_flat[0]._dtype is not dtypes.bool:
        raise TypeError(f"cond must return a boolean scalar tensor, got {cond_out}")
    cond_g.outputs = cond_flat
    body_leaves, body_flat = _flatten_in(body_g, body_out)
    if len(body_flat) != len(flat):
        raise ValueError(
            "The two structures don't have the same nested structure.\n\nFirst structure: "
            f"{structure}\n\nSecond structure: {body_out}\n\nMore specifically: the loop body "
            f"returned {len(body_flat)} values for {len(flat)} loop variables.")
    names = names or [None] * len(flat)
    relaxed = list(invariants)
    for i, (t, out, inv, ex, vname) in enumerate(zip(flat, body_flat, invariants, explicit,
                                                    names)):
        if out._dtype is not t._dtype:
            if vname is not None:
                raise TypeError(f"'{vname}' has dtype {t._dtype.name} before the loop, but "
                                f"dtype {out._dtype.name} after one iteration")
            raise TypeError(f"Loop var {t.name} enters the loop with type {t._dtype} but "
                            f"has type {out._dtype} after 1 iteration. {t.name} type should "
                            "remain constant.")
        if not inv.is_compatible_with(out._shape) or (
                not ex and out._shape != inv and not _more_specific(out._shape, inv)):
            if relax and not ex:
                relaxed[i] = inv.most_specific_compatible_shape(out._shape)
                continue
            if vname is not None:
                raise ValueError(
                    f"'{vname}' has shape {inv} before the loop, but shape {out._shape} after"
                    " one iteration. Use tf.autograph.experimental.set_loop_options to set "
                    "shape invariants.")
            raise ValueError(
                f"Input tensor `{t.name}` enters the loop with shape {inv}, but has shape "
                f"{out._shape} after one iteration. To allow the shape to vary across "
                "iterations, use the `shape_invariants` argument of tf.while_loop to specify "
                "a less-specific shape.")
    if relaxed != list(invariants):
        return relaxed
    body_g.outputs = body_flat
    return cond_g, body_g, body_leaves, body_flat


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10,
               back_prop=True, swap_memory=False, maximum_iterations=None, name=None,
               _names=None, _relax_shapes=False, _scoped=True):
    """``tf.while_loop``: repeat ``loop_vars = body(*loop_vars)`` while ``cond(*loop_vars)``.

    ``_relax_shapes``: a loop variable whose shape changes in the body gets the shape both
    have in common, and the body is traced again (what TF's ``Dataset.reduce`` does, which a
    ``for`` over a dataset becomes), instead of the shape-invariant error.
    ``_scoped=False``: the loop's inner ops keep plain names (``add``, not ``while/add``), as
    in TF's loop over a dataset, which is a reduce function, not a while loop."""
    if not callable(cond):
        raise TypeError("'cond' must be callable.")
    if not callable(body):
        raise TypeError("'body' must be callable.")
    single = not isinstance(loop_vars, (list, tuple)) or hasattr(type(loop_vars), "_fields")
    structure = [loop_vars] if single else loop_vars
    if _graph() is None:
        return _eager_while(cond, body, structure, maximum_iterations, single)
    leaves, flat = _flatten_values(structure)
    outer = _graph()
    flat = [outer.as_graph_tensor(t) for t in flat]
    explicit = [False] * len(flat)
    invariants = [t._shape for t in flat]
    if shape_invariants is not None:
        given = list(shape_invariants) if not single else [shape_invariants]
        if len(given) == len(flat):
            for i, s in enumerate(given):
                if s is not None:
                    invariants[i] = s if isinstance(s, TensorShape) else TensorShape(s)
                    explicit[i] = True
    for t, inv in zip(flat, invariants):
        if not inv.is_compatible_with(t._shape):
            raise ValueError(f"The shape invariant specified for {t.name} is not compatible "
                             f"with the initial shape of the loop variable. It enters the "
                             f"loop with shape {t._shape}, but the specified shape invariant "
                             f"is {inv}.")
    scope = reserve_name("while", name) if _scoped else None
    while True:
        with inside(scope) if scope else contextlib.nullcontext():
            traced = _trace_while(cond, body, flat, invariants, explicit, structure, leaves,
                                  single, _names, _relax_shapes)
        if not isinstance(traced, list):
            break
        invariants = traced  # relaxed: trace again
    cond_g, body_g, body_leaves, body_flat = traced
    specs = [(t._dtype, inv) for t, inv in zip(flat, invariants)]
    n = len(flat)
    extra = _finalize([cond_g, body_g], [cond_g.inputs[:n], body_g.inputs[:n]])
    inputs = flat + extra
    has_max = maximum_iterations is not None
    if has_max:
        inputs.append(outer.as_graph_tensor(convert_to_tensor(maximum_iterations)))
    stateful = any(op.stateful for g in (cond_g, body_g) for op in g.operations)
    node = outer.create_op("While", inputs,
                           {"num_loop_vars": n, "has_max": has_max, "_cond": cond_g,
                            "_body": body_g},
                           specs, opdef=WHILE_OP, stateful=stateful,
                           subgraphs={"cond": cond_g, "body": body_g})
    if context.state.recorders:
        record_custom(WHILE_OP, node.inputs, node.outputs, node.attrs)
    result_leaves = [b if hasattr(b, "_flow_tensor") else a
                     for a, b in zip(leaves, body_leaves)]
    result = _pack_values(structure, result_leaves, list(node.outputs))
    return result[0] if single else result


def _more_specific(a, b):
    """True when shape a refines b (b has None where a has a number)."""
    return b.is_compatible_with(a) and a._dims is not None and b._dims is not None


def _structure_mismatch(loop_vars, out):
    """TF's error for a body result not nested as the loop variables: the loop variables'
    specs against the result, in tf.nest's words."""
    specs = nest.map_structure(
        lambda v: TensorSpec(v.shape, v.dtype) if isinstance(v, Tensor) else v, list(loop_vars))
    error = nest.structure_error(specs, out, check_types=False)
    if error is not None:
        raise error
    raise ValueError("The two structures don't have the same nested structure: body "
                     f"returned {out!r} for loop variables {loop_vars!r}")


def _eager_while(cond, body, structure, maximum_iterations, single):
    loop_vars = list(structure)
    limit = None if maximum_iterations is None else int(maximum_iterations)
    i = 0
    while (limit is None or i < limit) and _truth(cond(*loop_vars)):
        out = body(*loop_vars)
        if single:
            out = [out] if not (isinstance(out, (list, tuple)) and len(out) == 1) else list(out)
        elif not isinstance(out, (list, tuple)) and limit is not None:
            # (TF then compares the body's result with the list of loop variables as it is)
            _structure_mismatch(loop_vars, out)
        elif not isinstance(out, (list, tuple)):
            # As TF, the body's result is taken as a sequence of loop variables: a scalar
            # cannot be (TypeError), a vector gives its elements, a dict its keys.
            out = list(out)
        if not _same_nesting(list(loop_vars), list(out)):
            _structure_mismatch(loop_vars, list(out))
        loop_vars = out
        i += 1
    # As TF: the results are tensors (TensorArrays stay), in the container the body returned
    # last (the loop_vars' own one if the body never ran).
    loop_vars = nest.map_structure(_as_loop_result, loop_vars)
    return loop_vars[0] if single else loop_vars


def _same_nesting(a, b):
    """Whether a and b nest alike: the same lengths and dict keys, sequences where sequences
    are (a list may stand for a tuple, as TF's check of loop variables allows)."""
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and set(a) == set(b)
                and all(_same_nesting(a[k], b[k]) for k in a))
    a_seq, b_seq = isinstance(a, (list, tuple)), isinstance(b, (list, tuple))
    if not (a_seq or b_seq):
        return True
    return a_seq and b_seq and len(a) == len(b) and all(map(_same_nesting, a, b))


def _as_loop_result(x):
    # (composite values, RaggedTensor, SparseTensor, ExtensionType, stay as they are, as in TF)
    if isinstance(x, Tensor) or hasattr(x, "_flow_tensor") or hasattr(x, "__tf_components__"):
        return x
    return convert_to_tensor(x)


def _truth(x):
    if hasattr(type(x), "_as_tensor"):
        x = x._as_tensor()
    return bool(x)


# --- case / switch_case --------------------------------------------------------------------------
def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    """``tf.switch_case``: runs ``branch_fns[branch_index]`` (`default`, else the last branch,
    when the index is out of range)."""
    if isinstance(branch_fns, dict):
        items = sorted(branch_fns.items())
    else:
        items = list(enumerate(branch_fns))
        if items and isinstance(items[0][1], tuple):
            items = list(branch_fns)
    if not items:
        raise ValueError("Must provide at least one item in branch_fns")
    fallback = default if default is not None else items[-1][1]
    if not isinstance(branch_index, Tensor):  # (a Python int too, as in TF)
        raise TypeError(f"'branch_index' must be a Tensor, got {type(branch_index)}")
    index = branch_index
    if not index.dtype.is_integer:
        raise TypeError("'branch_index' must be an integer Tensor, got "
                        f"<dtype: '{index.dtype.name}'>")
    if not _is_symbolic(index):
        i = int(index)
        for k, fn in items:
            if k == i:
                return fn()
        return fallback()

    def chain(pos):
        if pos == len(items):
            return fallback
        k, fn = items[pos]
        return lambda: cond(_eq(index, k), fn, chain(pos + 1))
    return chain(0)()


def _eq(t, k):
    return math_ops.equal(t, k)


_NONE_TRUE = "Input error: None of conditions evaluated as True:"


def _none_true_asserted(preds, last_fn):
    """`last_fn`, after TF's check that some predicate of a default-less ``tf.case`` held."""
    def checked():
        flags = array_ops.stack([convert_to_tensor(p, dtype=dtypes.bool) for p in preds])
        any_true = math_ops.reduce_any(flags)
        if _is_symbolic(any_true):
            logging_ops._graph_assert(any_true, [_NONE_TRUE, flags])
        elif not bool(any_true):  # worded as tf.debugging.Assert words it eagerly
            shown = ", ".join(str(f) for f in flags.numpy()[:3])
            raise errors.InvalidArgumentError(
                None, None, f"Expected '{any_true!s}' to be true. Summarized data: "
                            f"{_NONE_TRUE.encode()!r}\n{shown}")
        return last_fn()
    return checked


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """``tf.case``: the function of the first true predicate (or `default`)."""
    if isinstance(pred_fn_pairs, dict):
        pred_fn_pairs = list(pred_fn_pairs.items())
    pairs = list(pred_fn_pairs)
    if not pairs and default is None:
        raise ValueError("Must provide at least one item in pred_fn_pairs")
    for p, fn in pairs:
        if not callable(fn):
            raise TypeError(f"fn for pred {p} must be callable.")
    if default is None:  # the last function runs when no predicate holds, but one must
        default = _none_true_asserted([p for p, _ in pairs], pairs[-1][1])
        pairs = pairs[:-1]
    preds = [p._as_tensor() if hasattr(type(p), "_as_tensor") else p for p, _ in pairs]
    if exclusive and not any(_is_symbolic(p) for p in preds):
        if sum(bool(p) for p in preds) > 1:
            raise errors.InvalidArgumentError(
                None, None, "Input error: exclusive=True and more than one predicate evaluated"
                            " to True")

    def chain(pos):
        if pos == len(pairs):
            return default
        return lambda: cond(preds[pos], pairs[pos][1], chain(pos + 1))
    return chain(0)()

"""Peepholes of the code generator: variable updates written into their step's array, and big
matrix products as ``np.matmul``.

A fused ``w - step`` (or ``+``, ``*``) assigned to a Variable, whose ``step`` is a fresh product
of the update's full static shape, becomes two lines, the second writing into the product's
array with NumPy's ``out=``, as eager SGD does (``Optimizer``'s ``subtract_scaled``)::

    fused_1_step = Mul(batch_mat_mul_v2_4, const_1)
    fused_1 = _np.subtract(read_5, fused_1_step, out=fused_1_step)
    dense_kernel._value = _asarray(fused_1)

One array per update instead of two, the same bits. Never into ``w``'s own array: a Tensor
read earlier may share it. When the gradient itself is a scratch array (a fresh kernel result
that nothing else reads), the product is written into it too, as hand-written NumPy would::

    fused_1_step = _np.multiply(batch_mat_mul_v2_4, const_1, out=batch_mat_mul_v2_4)

Everything else stays one nested expression per fused chain.

A product of two matrices whose static output has at least ``_BIG_PRODUCT`` numbers is
``_np.matmul(images.T, relu_grad)`` instead of the kernel's ``np.dot``: for matrices ``np.dot``
clears its output before BLAS writes it, a second pass over a big array (~10 % of a
784x128 weight gradient's product); small products keep ``np.dot``, whose call costs less.

A ``Conv2D`` read only by a ``BiasAdd``, itself read only by a ``Relu`` (or by anything, then
the chain stops at the bias), is one call of the fused kernel, as TF's graph optimizer makes
them one ``_FusedConv2D`` node on the CPU::

    relu = _FusedConv2D(images, read, read_1, strides=(1, 1), ..., fused_ops=('BiasAdd', 'Relu'))

The bias and relu then run on each block of images right after its product, still in the
cache (``nn_ops._fused_conv2d``); the graph itself keeps its three ops.

Under an op's name the generated code calls its kernel, or the NumPy ufunc the kernel is
(``kernel_callable``): ``AddV2(x, y)`` runs ``np.add`` without the kernel's Python frame. ``Sum``
runs `planned_sum`: TF's order of additions (ops/eigen_sums.py) with the decisions that depend
only on the input's shape taken once per shape, not at every call.
"""

import math

import numpy as np

from ..ops import eigen_sums, nn_ops, random_ops
from .ir import value_name

_UFUNC_OF = {"AddV2": "add", "Sub": "subtract", "Mul": "multiply"}  # kernels that are just these
# Kernels whose result is always a new array (never an input, a view of one or a constant).
_FRESH = frozenset(("BatchMatMulV2", "MatMul", "Sum"))
_BIG_PRODUCT = 1 << 14  # output numbers from which the clearing pass outweighs np.matmul's call


def prepare_peepholes(em, graph):
    """Fills the emitter's tables for the peepholes below, once per compiled graph."""
    em.assigned, em.scratch = assigned_values(graph), scratch_values(graph)
    if em.check is None:  # (a check of every op's outputs needs every op's line)
        em.conv_chains = conv_chains(graph)
        em.fused_away = {id(op) for last, chain in em.conv_chains.items() for op in chain[:2]
                         if id(op) != last}


def peephole_text(em, op, env):
    """A kernel call written better than the registry kernel's plain call, or None."""
    if em.node_streams and op.stateful and "seed2" in op.attrs:
        return seeded_call_text(em, op, env)
    chain = em.conv_chains.get(id(op))
    if chain is not None:  # a Conv2D -> BiasAdd (-> Relu) chain ends at this op
        return fused_conv_text(em, chain, env)
    return matmul_text(em, op, env)


def assigned_values(graph):
    """ids of the tensors assigned to Variables (AssignVariableOp's value), in any subgraph."""
    found = set()
    for op in graph.operations:
        if op.type == "AssignVariableOp":
            found.add(id(op.inputs[1]))
        for sub in getattr(op, "subgraphs", {}).values():
            found |= assigned_values(sub)
    return found


def scratch_values(graph):
    """ids of the outputs of _FRESH ops that exactly one op input reads and no graph returns."""
    uses, fresh = {}, set()

    def count(g):
        for op in g.operations:
            for t in op.inputs:
                uses[id(t)] = uses.get(id(t), 0) + 1
            if op.type in _FRESH:
                fresh.update(id(t) for t in op.outputs)
            for sub in getattr(op, "subgraphs", {}).values():
                count(sub)
        for t in g.outputs:
            uses[id(t)] = uses.get(id(t), 0) + 2  # a result is never scratch

    count(graph)
    return {i for i in fresh if uses.get(i) == 1}


def update_into_step(em, op, env, indent):
    """Emits the product line and returns the update's expression, or None (not this case)."""
    program, inputs = op.attrs["_program"], op.inputs
    out = op.outputs[0]
    if (len(program) != 2 or id(out) not in em.assigned or out._shape.rank in (None, 0)
            or None in out._shape.as_list() or not out._dtype.is_floating):
        return None
    (inner, inner_refs, inner_attrs), (root, refs, root_attrs) = program
    if inner.name not in _UFUNC_OF or root.name not in _UFUNC_OF or inner_attrs or root_attrs:
        return None
    # The inner product's shape is the output's when one of its inputs already has it.
    if not any(inputs[r]._shape == out._shape for r in inner_refs):
        return None
    step = em.fresh(f"{value_name(op.name)}_step")
    em.nodes[len(em.lines) + 1] = op
    operands = ", ".join(env[id(inputs[r])] for r in inner_refs)
    scratch = _scratch_operand(em, op, inner_refs, refs)
    if scratch is None:
        em.lines.append(f"{indent}{step} = {em.kernel(inner)}({operands})")
    else:
        em.lines.append(f"{indent}{step} = _np.{_UFUNC_OF[inner.name]}({operands}, "
                        f"out={env[id(scratch)]})")
    args = [step if r == len(inputs) else env[id(inputs[r])] for r in refs]
    return f"_np.{_UFUNC_OF[root.name]}({', '.join(args)}, out={step})"


def fused_text(em, op, env, indent):
    """A fused elementwise chain becomes one nested expression (or an update into its step)."""
    update = update_into_step(em, op, env, indent)
    if update is not None:
        return update
    values = [env[id(t)] for t in op.inputs]
    for opdef, refs, attrs in op.attrs["_program"]:
        args = [values[r] for r in refs]
        args += [f"{k}={em.literal(v)}" for k, v in attrs]
        values.append(f"{em.kernel(opdef)}({', '.join(args)})")
    return values[-1]


def _scratch_operand(em, op, inner_refs, root_refs):
    """The product's operand that may take the product (see scratch_values), or None. Not with
    check_numerics, whose check of the op reads the inputs after the call."""
    out = op.outputs[0]
    for r in inner_refs:
        t = op.inputs[r]
        if (id(t) in em.scratch and em.check is None and inner_refs.count(r) == 1
                and r not in root_refs and t._shape == out._shape and t._dtype is out._dtype):
            return t
    return None


def matmul_text(em, op, env):
    """``_np.matmul(a, b)`` for a big product of two float matrices of static shapes (whose
    inner sizes the trace checked, so the kernel's run-time checks cannot fail), else None."""
    if op.type not in ("BatchMatMulV2", "MatMul") or em.check is not None \
            or not op.outputs[0]._dtype.is_floating:
        return None
    dims = [t._shape._dims for t in (*op.inputs, op.outputs[0])]
    if any(d is None or len(d) != 2 or None in d or min(d) < 2 for d in dims) \
            or dims[2][0] * dims[2][1] < _BIG_PRODUCT:
        return None
    flags = ("transpose_a", "transpose_b") if op.type == "MatMul" else ("adj_x", "adj_y")
    a, b = (env[id(t)] + (".T" if op.attrs.get(flag) else "")  # (floats: adjoint = transpose)
            for t, flag in zip(op.inputs, flags))
    return f"_np.matmul({a}, {b})"


def conv_chains(graph):
    """{id(last op): (Conv2D, BiasAdd, Relu or None)} for every chain the fused convolution
    kernel can run, in any subgraph (see the module's docstring)."""
    uses, chains = {}, {}

    def count(g):
        for op in g.operations:
            for t in op.inputs:
                uses[id(t)] = uses.get(id(t), 0) + 1
            for sub in getattr(op, "subgraphs", {}).values():
                count(sub)
        for t in g.outputs:
            uses[id(t)] = uses.get(id(t), 0) + 2  # a result is never fused away

    def find(g):
        reader = {id(t): op for op in g.operations for t in op.inputs}
        for op in g.operations:
            for sub in getattr(op, "subgraphs", {}).values():
                find(sub)
            if op.type != "Conv2D":
                continue
            bias = _sole_reader(op, reader, uses, "BiasAdd")
            if bias is None or bias.inputs[0] is not op.outputs[0] \
                    or bias.attrs.get("data_format") != "NHWC" or not _same_float(op, bias):
                continue
            relu = _sole_reader(bias, reader, uses, "Relu")
            chains[id(relu or bias)] = (op, bias, relu)

    if _has_conv(graph):  # (most graphs have none: skip counting every use)
        count(graph)
        find(graph)
    return chains


def _has_conv(graph):
    for op in graph.operations:
        if op.type == "Conv2D":
            return True
        subgraphs = getattr(op, "subgraphs", None)
        if subgraphs and any(_has_conv(sub) for sub in subgraphs.values()):
            return True
    return False


def _sole_reader(op, reader, uses, op_type):
    out = op.outputs[0]
    found = reader.get(id(out))
    if uses.get(id(out)) == 1 and found is not None and found.type == op_type:
        return found
    return None


def _same_float(conv, bias):
    """The bias add keeps the convolution's float dtype and static shape (its kernel would)."""
    out, b = conv.outputs[0], bias.inputs[1]
    dims = out._shape.as_list() if out._shape.rank == 4 else None
    return (out._dtype.is_floating and b._dtype is out._dtype and dims is not None
            and b._shape.as_list() == [dims[3]] and dims[3] is not None)


def fused_conv_text(em, chain, env):
    """The fused kernel's call for a chain of `conv_chains`."""
    conv, bias, relu = chain
    x, w = (env[id(t)] for t in conv.inputs)
    attrs = "".join(f", {k}={em.literal(v)}" for k, v in conv.attrs.items())
    fused = ("BiasAdd", "Relu") if relu is not None else ("BiasAdd",)
    kernel = em.global_value("_FusedConv2D", nn_ops._fused_conv2d)
    return f"{kernel}({x}, {w}, {env[id(bias.inputs[1])]}{attrs}, fused_ops={fused!r})"


def kernel_callable(opdef):
    """What the generated code calls under an op's name: the kernel, or for an op whose kernel
    is just a NumPy ufunc (AddV2 is np.add, as the registry declares and tests/test_dispatch.py
    checks) the ufunc itself. The line still reads ``AddV2(x, y)``, with one Python call less
    per use (a compiled Adam step makes ~60 of them)."""
    if opdef.name == "Sum":
        return planned_sum
    return opdef.ufunc if opdef.ufunc is not None else opdef.kernel


def seeded_call_text(em, op, env):
    """The call of a seeded random op (a stateful op with seeds) of a function, to its kernel
    given random streams of its own (random_ops.node_kernel: TF gives each op of a function a
    kernel of its own, whose stream no other op or eager call advances). compile_graph skips
    this for a Session's runs (node_streams=False): their ops keep the eager streams."""
    name = em.fresh(op.opdef.name)
    em.namespace[name] = random_ops.node_kernel(kernel_callable(op.opdef))
    args = [env[id(t)] for t in op.inputs]
    args += [f"{k}={em.literal(v)}" for k, v in op.attrs.items()]
    return f"{name}({', '.join(args)})"


# --- Sum in TF's order, planned once per shape ------------------------------------------------
# The Sum kernel adds small float tensors in the order of TF's kernel, so that printed sums,
# losses and trained values show TF's last digit (ops/eigen_sums.py). Per call it first works
# out how TF views the input (size-1 axes dropped, neighbours merged) and which additions
# follow which: ~5 us of Python for the 64 losses of a batch, ~10 us for the bias gradient of
# a (64, 10) layer, against ~1-2 us for NumPy's own sum. In a compiled step the same shapes
# come back at every call, so the plan is made once per shape and kept: the same NumPy calls
# in the same order (the same bits, checked in tests/test_compiled_sums.py), less Python.
_SUM_PLANS = {}  # (shape, dtype, axis, keepdims) -> the function summing such an array
_MAX_SUM_PLANS = 256  # (a function traced for many shapes must not grow it without end)


def planned_sum(x, axis, keepdims):
    """The Sum kernel's result (eigen_sums.sum_as_tf), with a plan kept per input shape."""
    if x.size > eigen_sums.EXACT_SUMS:  # NumPy's order: nothing to plan
        return np.add.reduce(x, axis=axis, dtype=x.dtype, keepdims=keepdims)
    key = (x.shape, x.dtype, axis, keepdims)
    try:
        plan = _SUM_PLANS.get(key)
    except TypeError:  # (an axis given as a list: no plan kept)
        return eigen_sums.sum_as_tf(x, axis, keepdims)
    if plan is None:
        if len(_SUM_PLANS) >= _MAX_SUM_PLANS:
            _SUM_PLANS.clear()
        plan = _SUM_PLANS[key] = sum_plan(*key)
    return plan(x)


def sum_plan(shape, dtype, axis, keepdims):
    """A function of one array of this shape and dtype computing
    ``eigen_sums.sum_as_tf(x, axis, keepdims)``, its choices made here once."""
    lanes = eigen_sums.LANES.get(dtype)
    if lanes is None or not 1 < math.prod(shape) <= eigen_sums.EXACT_SUMS:  # NumPy's order
        return lambda x: np.add.reduce(x, axis=axis, dtype=dtype, keepdims=keepdims)
    if dtype == np.float16:  # (half's own lane rule: the kernel itself, unplanned)
        return lambda x: eigen_sums.sum_as_tf(x, axis, keepdims)
    kept = tuple(1 if axis is None or i in axis else d for i, d in enumerate(shape)) \
        if keepdims else tuple(d for i, d in enumerate(shape) if axis is not None and i not in axis)
    pattern, sizes = eigen_sums.tf_view(shape, axis)
    if pattern == (True,):  # every axis longer than 1 summed: one row (a loss over a batch)
        return lambda x: eigen_sums.one_row_sum(x.reshape(-1), lanes).reshape(kept)
    if pattern == (True, False):  # (summed, kept): a bias gradient over a batch
        columns = _column_plan(sizes[0], sizes[1], lanes)
        # (C order: NumPy adds along a contiguous axis pairwise, not in order)
        return lambda x: columns(np.ascontiguousarray(x).reshape(sizes)).reshape(kept)
    return lambda x: eigen_sums.sum_as_tf(x, axis, keepdims)


def _column_plan(n, inner, lanes):
    """eigen_sums.column_sums of an (n, inner) array, its branches chosen once."""
    if n < eigen_sums.MANY_ROWS:  # the rows one after another
        return lambda x: np.add.reduce(x, axis=0) + x.dtype.type(0)
    many = n // 4 * 4  # rows 4k + j go to running sum j
    split = inner // lanes * lanes  # the results from here on are not in a whole register

    def total(x):
        four = np.add.reduce(x[:many].reshape(-1, 4 * inner), axis=0).reshape(4, inner)
        if many < n:  # ((s0 + s1) + s2) + s3, then the last rows
            four = np.concatenate((four, x[many:]))
        by_four = np.add.reduce(four, axis=0)
        if split < inner:  # those add the rows in order (accumulate: strictly in order)
            by_four[split:] = np.add.accumulate(x[:, split:], axis=0)[-1]
        return by_four + x.dtype.type(0)  # (+0.0 first, as TF starts: -0.0s sum to +0.0)
    return total

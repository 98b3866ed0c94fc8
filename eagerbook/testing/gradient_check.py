"""Numerical gradient checks: compare a tape's gradients with central differences.

For a function ``f`` and inputs ``x``, we reduce the output to a scalar with a random
projection ``s(x) = sum(u * f(x))`` (so every output element matters), then compare the tape's
``ds/dx`` with ``(s(x + eps*v) - s(x - eps*v)) / (2*eps)`` along random directions ``v``.
Everything runs in float64, where central differences are accurate to about 1e-8.
"""

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np

from ..autodiff.tape import GradientTape
from ..core import nest
from ..core.tensor import Tensor, _from_numpy, convert_to_tensor
from ..ops import math_ops


@dataclasses.dataclass(frozen=True)
class Fixed:
    """An argument passed to the function but not differentiated (indices, ints, masks)."""

    value: Any


@dataclasses.dataclass
class GradCase:
    """One gradient test: ``fn(*tensors)`` exercising the registered op ``op``.

    ``inputs`` holds, per argument, a shape tuple (standard-normal float64 values), an ndarray
    (used as given, differentiated), or ``Fixed(value)`` (passed through, not differentiated).
    """

    op: str
    fn: Callable
    inputs: list
    second_order: bool = False
    name: str = ""
    rtol: float = 1e-5
    atol: float = 1e-6
    eps: float = 1e-6

    def __post_init__(self):
        if not self.name:
            self.name = self.op

    def materialize(self, seed=0):
        rng = np.random.default_rng(seed)
        values = []
        for spec in self.inputs:
            if isinstance(spec, Fixed):
                values.append(spec)
            elif isinstance(spec, tuple):
                values.append(rng.standard_normal(spec))
            else:
                values.append(np.asarray(spec, dtype=np.float64))
        return values


def _call(fn, values):
    args = []
    for v in values:
        if isinstance(v, Fixed):
            args.append(v.value)
        else:
            args.append(_from_numpy(np.array(v, dtype=np.float64)))
    return fn(*args)


def _outputs(result):
    return [r for r in nest.flatten(result) if isinstance(r, Tensor) and r.dtype.is_floating]


def _projected(fn, values, weights):
    """s(x) = sum_k sum(u_k * f_k(x)) as a Python float (no tape)."""
    outs = _outputs(_call(fn, values))
    return float(sum(np.sum(w * o._value) for w, o in zip(weights, outs)))


def check_gradients(fn, values, *, seed=0, directions=3, eps=1e-6, rtol=1e-5, atol=1e-6):
    """Raises AssertionError when tape gradients and central differences disagree."""
    rng = np.random.default_rng(seed + 1)
    diff_index = [i for i, v in enumerate(values) if not isinstance(v, Fixed)]
    outs = _outputs(_call(fn, values))
    assert outs, "the function returned no floating tensor to differentiate"
    weights = [rng.standard_normal(o._value.shape) for o in outs]

    tensors = [v if isinstance(v, Fixed) else _from_numpy(np.array(v, dtype=np.float64))
               for v in values]
    with GradientTape() as tape:
        for i in diff_index:
            tape.watch(tensors[i])
        outs = _outputs(fn(*[t.value if isinstance(t, Fixed) else t for t in tensors]))
        total = None
        for w, o in zip(weights, outs):
            term = math_ops.reduce_sum(math_ops.multiply(o, _from_numpy(w)))
            total = term if total is None else math_ops.add(total, term)
    grads = tape.gradient(total, [tensors[i] for i in diff_index])

    for i, g in zip(diff_index, grads):
        x = np.array(values[i], dtype=np.float64)
        # (convert_to_tensor: a gather's gradient is an IndexedSlices, made dense here)
        analytic = np.zeros_like(x) if g is None else np.asarray(convert_to_tensor(g)._value,
                                                                 dtype=np.float64)
        assert analytic.shape == x.shape, \
            f"gradient of input {i} has shape {analytic.shape}, expected {x.shape}"
        for _ in range(directions):
            v = rng.standard_normal(x.shape)
            plus = list(values)
            minus = list(values)
            plus[i] = x + eps * v
            minus[i] = x - eps * v
            numeric = (_projected(fn, plus, weights) - _projected(fn, minus, weights)) / (2 * eps)
            predicted = float(np.sum(analytic * v))
            if not np.isclose(predicted, numeric, rtol=rtol, atol=atol * max(1.0, np.abs(
                    analytic).sum())):
                raise AssertionError(
                    f"gradient mismatch for input {i}: tape gives {predicted!r} along a random "
                    f"direction, central differences give {numeric!r}")


def check_second_order(fn, values, *, seed=0, eps=1e-5, rtol=1e-4, atol=1e-5):
    """Checks Hessian-vector products from nested tapes against differences of gradients."""
    rng = np.random.default_rng(seed + 2)
    diff_index = [i for i, v in enumerate(values) if not isinstance(v, Fixed)]
    outs = _outputs(_call(fn, values))
    weights = [rng.standard_normal(o._value.shape) for o in outs]
    directions = {i: rng.standard_normal(np.shape(values[i])) for i in diff_index}

    def first_order_projection(vals, record):
        """g(x) = sum_i <ds/dx_i, w_i>, computed with a tape (optionally under an outer tape)."""
        tensors = [v if isinstance(v, Fixed) else _from_numpy(np.array(v, dtype=np.float64))
                   for v in vals]
        outer = GradientTape() if record else None
        if outer is not None:
            outer.__enter__()
            for i in diff_index:
                outer.watch(tensors[i])
        try:
            with GradientTape() as inner:
                for i in diff_index:
                    inner.watch(tensors[i])
                outs = _outputs(fn(*[t.value if isinstance(t, Fixed) else t for t in tensors]))
                total = None
                for w, o in zip(weights, outs):
                    term = math_ops.reduce_sum(math_ops.multiply(o, _from_numpy(w)))
                    total = term if total is None else math_ops.add(total, term)
            grads = inner.gradient(total, [tensors[i] for i in diff_index])
            g_total = None
            for i, g in zip(diff_index, grads):
                if g is None:
                    continue
                term = math_ops.reduce_sum(math_ops.multiply(g, _from_numpy(directions[i])))
                g_total = term if g_total is None else math_ops.add(g_total, term)
        finally:
            if outer is not None:
                outer.__exit__(None, None, None)
        if not record:
            return 0.0 if g_total is None else float(g_total._value)
        hvp = outer.gradient(g_total, [tensors[i] for i in diff_index]) \
            if g_total is not None else [None] * len(diff_index)
        return hvp

    hvp = first_order_projection(values, record=True)
    for i, h in zip(diff_index, hvp):
        x = np.array(values[i], dtype=np.float64)
        analytic = np.zeros_like(x) if h is None else np.asarray(convert_to_tensor(h)._value,
                                                                 dtype=np.float64)
        v = rng.standard_normal(x.shape)
        plus, minus = list(values), list(values)
        plus[i], minus[i] = x + eps * v, x - eps * v
        numeric = (first_order_projection(plus, False) - first_order_projection(minus, False)) \
            / (2 * eps)
        predicted = float(np.sum(analytic * v))
        if not np.isclose(predicted, numeric, rtol=rtol, atol=atol * max(1.0, np.abs(
                analytic).sum())):
            raise AssertionError(
                f"second-order mismatch for input {i}: nested tapes give {predicted!r}, "
                f"differences of gradients give {numeric!r}")

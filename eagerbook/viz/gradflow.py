"""Gradient flow: per-layer gradient norms over training steps.

A layer is the part of a Variable's name before its last ``/`` (``dense_1/kernel:0`` ->
``dense_1``); a Variable without a ``/`` is its own layer. A layer's norm is the global norm
of its Variables' gradients.

Flags judge a layer's latest gradient against the other layers and against its weights
(what an update ``w -= lr * g`` changes), not against one fixed number:

* *vanishing*: the layer's |grad| is more than ``1/ratio`` (default 1,000) times weaker than
  the strongest healthy layer's at that step, or |grad| / |w| is below `low` (no usable
  learning rate would move the weights);
* *exploding*: |grad| is not finite, or |grad| / |w| is above `high` (one step at a common
  learning rate would change the weights by more than themselves).

A deep stack of sigmoid layers is the textbook vanishing case: each sigmoid passes back at
most a quarter of its gradient, so after eight layers the first one gets ~1e-5 of the last's.
"""

import math

import numpy as np


def layer_of(variable, index):
    name = getattr(variable, "name", None) or f"var{index}"
    name = name.split(":")[0]
    return name.rsplit("/", 1)[0] if "/" in name else name


def _sq_norm(g):
    if g is None:
        return None
    arr = getattr(g, "_value", None)
    if arr is None:
        arr = np.asarray(g.numpy() if hasattr(g, "numpy") else g)
    arr = arr.astype(np.float64, copy=False)
    return float(np.vdot(arr, arr)) if arr.size else 0.0


PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39"]


def layer_colors(names):
    """{layer: colour}: a distinct colour per layer (notebook/static/gradient_flow.js: the same)."""
    return {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(names)}


class FlowHistory:
    def __init__(self, low=1e-7, high=1e3, ratio=1e-3):
        self.low = low
        self.high = high
        self.ratio = ratio
        self.steps = []
        self.layers = {}  # name -> [norm per step] (nan where the layer had no gradient)
        self.weights = {}  # name -> |w| of the layer's Variables at its latest step

    def add(self, grads, variables, step=None):
        step = len(self.steps) if step is None else step
        sums, weights = {}, {}
        for i, (g, v) in enumerate(zip(grads, variables)):
            sq = _sq_norm(g)
            if sq is None:
                continue
            name = layer_of(v, i)
            sums[name] = sums.get(name, 0.0) + sq
            weights[name] = weights.get(name, 0.0) + (_sq_norm(v) or 0.0)
        for name, sq in weights.items():
            self.weights[name] = math.sqrt(sq)
        n = len(self.steps)
        for name in sums:
            if name not in self.layers:
                self.layers[name] = [math.nan] * n
        for name, series in self.layers.items():
            series.append(math.sqrt(sums[name]) if name in sums else math.nan)
        self.steps.append(step)

    def _last(self, name):
        return next((v for v in reversed(self.layers[name]) if not math.isnan(v)), None)

    def _to_weights(self, name, norm):
        w = self.weights.get(name, 0.0)
        return norm / w if w > 0 else None  # all-zero weights: no ratio to judge

    def flags(self):
        """{layer: "vanishing" | "exploding" | None} for the latest step."""
        last = {name: self._last(name) for name in self.layers}
        flags = {}
        for name, norm in last.items():
            ratio = None if norm is None else self._to_weights(name, norm)
            if norm is not None and (not math.isfinite(norm)
                                     or (ratio is not None and ratio > self.high)):
                flags[name] = "exploding"
        healthy = [v for n, v in last.items() if v is not None and n not in flags]
        strongest = max(healthy, default=0.0)
        for name, norm in last.items():
            if name in flags or norm is None:
                flags.setdefault(name, None)
                continue
            ratio = self._to_weights(name, norm)
            weak = strongest > 0 and norm < self.ratio * strongest
            flags[name] = "vanishing" if weak or (ratio is not None and ratio < self.low) \
                else None
        return {name: flags[name] for name in self.layers}

    def flag(self, name):
        return self.flags()[name]

    def to_state(self, max_points=600):
        stride = max(1, math.ceil(len(self.steps) / max_points))
        steps = self.steps[::stride]
        layers = []
        flags = self.flags()
        colors = layer_colors(list(self.layers))
        for name, series in self.layers.items():
            layers.append({"name": name, "norms": series[::stride], "flag": flags[name],
                           "color": colors[name], "weight_norm": self.weights.get(name)})
        return {"steps": steps, "layers": layers, "ratio": self.ratio}

    def text(self):
        lines = [f"GradientFlow: {len(self.steps)} steps, {len(self.layers)} layers"]
        flags = self.flags()
        for name, series in self.layers.items():
            last = series[-1] if series else math.nan
            flag = flags[name]
            lines.append(f"  {name:<24} |grad| {last:.3e}" + (f"  <- {flag}" if flag else ""))
        return "\n".join(lines)

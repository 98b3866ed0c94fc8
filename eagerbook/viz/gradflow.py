"""Gradient flow: per-layer gradient norms over training steps.

A layer is the part of a Variable's name before its last ``/`` (``dense_1/kernel:0`` ->
``dense_1``); a Variable without a ``/`` is its own layer. A layer's norm is the global norm
of its Variables' gradients. A layer is flagged *vanishing* when its latest norm is below
`low`, *exploding* when above `high` or not finite.
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


class FlowHistory:
    def __init__(self, low=1e-7, high=1e3):
        self.low = low
        self.high = high
        self.steps = []
        self.layers = {}  # name -> [norm per step] (nan where the layer had no gradient)

    def add(self, grads, variables, step=None):
        step = len(self.steps) if step is None else step
        sums = {}
        for i, (g, v) in enumerate(zip(grads, variables)):
            sq = _sq_norm(g)
            if sq is None:
                continue
            name = layer_of(v, i)
            sums[name] = sums.get(name, 0.0) + sq
        n = len(self.steps)
        for name in sums:
            if name not in self.layers:
                self.layers[name] = [math.nan] * n
        for name, series in self.layers.items():
            series.append(math.sqrt(sums[name]) if name in sums else math.nan)
        self.steps.append(step)

    def flag(self, name):
        series = self.layers[name]
        last = next((v for v in reversed(series) if not math.isnan(v)), None)
        if last is None:
            return None
        if not math.isfinite(last) or last > self.high:
            return "exploding"
        if last < self.low:
            return "vanishing"
        return None

    def flags(self):
        return {name: self.flag(name) for name in self.layers}

    def to_state(self, max_points=600):
        stride = max(1, math.ceil(len(self.steps) / max_points))
        steps = self.steps[::stride]
        layers = []
        for name, series in self.layers.items():
            norms = [v if math.isfinite(v) else (1e308 if v == math.inf else None)
                     for v in series[::stride]]
            layers.append({"name": name, "norms": norms, "flag": self.flag(name)})
        return {"steps": steps, "layers": layers}

    def text(self):
        lines = [f"GradientFlow: {len(self.steps)} steps, {len(self.layers)} layers"]
        for name, series in self.layers.items():
            last = series[-1] if series else math.nan
            flag = self.flag(name)
            lines.append(f"  {name:<24} |grad| {last:.3e}" + (f"  <- {flag}" if flag else ""))
        return "\n".join(lines)


def flow_svg(flow, width=640, height=220):
    """A static SVG of the norms (log scale), danger zones shaded."""
    L, R, T, B = 52, 150, 10, 24
    pw, ph = width - L - R, height - T - B
    vals = [v for s in flow.layers.values() for v in s if v > 0 and math.isfinite(v)]
    lo = math.floor(min([math.log10(flow.low)] + [math.log10(v) for v in vals]))
    hi = math.ceil(max([math.log10(flow.high)] + [math.log10(v) for v in vals]))
    if hi == lo:
        hi = lo + 1
    steps = flow.steps or [0]
    x0, x1 = steps[0], steps[-1] if steps[-1] != steps[0] else steps[0] + 1

    def px(x):
        return L + (x - x0) / (x1 - x0) * pw

    def py(e):
        return T + (1 - (e - lo) / (hi - lo)) * ph

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="10">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<rect x="{L}" y="{T}" width="{pw}" height="{py(math.log10(flow.high)) - T:.1f}" '
           'fill="#fff5f5"/>',
           f'<rect x="{L}" y="{py(math.log10(flow.low)):.1f}" width="{pw}" '
           f'height="{T + ph - py(math.log10(flow.low)):.1f}" fill="#ebf8ff"/>']
    step = max(1, math.ceil((hi - lo) / 6))
    for e in range(lo, hi + 1, step):
        out.append(f'<line x1="{L}" x2="{L + pw}" y1="{py(e):.1f}" y2="{py(e):.1f}" '
                   'stroke="#eee"/>')
        out.append(f'<text x="{L - 4}" y="{py(e) + 3:.1f}" text-anchor="end" fill="#666">'
                   f'1e{e}</text>')
    out.append(f'<rect x="{L}" y="{T}" width="{pw}" height="{ph}" fill="none" stroke="#ccc"/>')
    palette = ["#2b6cb0", "#2f855a", "#6b46c1", "#b7791f", "#2c7a7b", "#b83280"]
    for i, (name, series) in enumerate(flow.layers.items()):
        flag = flow.flag(name)
        color = {"exploding": "#c53030", "vanishing": "#3182ce"}.get(flag,
                                                                      palette[i % len(palette)])
        pts = " ".join(f"{px(s):.1f},{py(math.log10(v)):.1f}" for s, v in zip(flow.steps, series)
                       if v > 0 and math.isfinite(v))
        if pts:
            out.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.6" '
                       f'points="{pts}"/>')
        out.append(f'<text x="{L + pw + 8}" y="{T + 12 + 14 * i}" fill="{color}">{name}'
                   + (f" ({flag})" if flag else "") + "</text>")
    out.append("</svg>")
    return "\n".join(out)

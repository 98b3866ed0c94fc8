"""Training curves as data: loss and metrics per step, validation twins, smoothing, a chart.

``History`` is what LiveLoss fills during training. Appending a point is a couple of list
appends (it runs once per training step); everything else — grouping ``val_loss`` with
``loss``, smoothing, down-sampling for the browser, the static SVG chart left in a saved
notebook — happens only when something is drawn.
"""

import math

VAL_PREFIX = "val_"


class History:
    """Named series of (step, value) points."""

    def __init__(self):
        self.steps = {}  # name -> [step, ...]
        self.values = {}  # name -> [float, ...]
        self.order = []  # names in first-seen order
        self.counter = 0  # steps seen by `append` without an explicit step

    def append(self, step=None, **values):
        if step is None:
            step = self.counter
        self.counter = step + 1
        for name, value in values.items():
            if value is None:
                continue
            series = self.values.get(name)
            if series is None:
                self.order.append(name)
                self.steps[name] = [step]
                self.values[name] = [float(value)]
            else:
                self.steps[name].append(step)
                series.append(float(value))

    def __len__(self):
        return self.counter

    def last(self, name):
        series = self.values.get(name)
        return series[-1] if series else None

    def groups(self):
        """[(group name, [series names])]: ``val_x`` joins ``x``'s panel."""
        groups = {}
        for name in self.order:
            base = name[len(VAL_PREFIX):] if name.startswith(VAL_PREFIX) else name
            groups.setdefault(base, []).append(name)
        return list(groups.items())

    def to_state(self, max_points=800):
        """JSON-ready data for the browser: every series down-sampled to `max_points`."""
        series = {}
        for name in self.order:
            steps, values = self.steps[name], self.values[name]
            stride = max(1, math.ceil(len(values) / max_points))
            series[name] = {"steps": steps[::stride], "values": values[::stride]}
            if stride > 1 and steps[-1] != series[name]["steps"][-1]:
                series[name]["steps"].append(steps[-1])
                series[name]["values"].append(values[-1])
        return {"series": series, "groups": [[g, names] for g, names in self.groups()],
                "count": self.counter}


def smooth(values, weight):
    """Exponential moving average with bias correction (weight 0 = raw, 0.9 = smooth)."""
    if not weight:
        return list(values)
    out, avg = [], 0.0
    for i, v in enumerate(values, start=1):
        avg = weight * avg + (1 - weight) * v
        out.append(avg / (1 - weight ** i))
    return out


def progress_line(history, total=None, epoch=None):
    """One line such as ``step 120/300 · loss 0.4132 · val_loss 0.5011``."""
    parts = []
    if epoch is not None:
        parts.append(f"epoch {epoch}")
    parts.append(f"step {history.counter}" + (f"/{total}" if total else ""))
    for name in history.order:
        value = history.last(name)
        if value is not None:
            parts.append(f"{name} {value:.4g}")
    return " · ".join(parts)


# --- the static chart ----------------------------------------------------------------------------
COLORS = ["#2b6cb0", "#c05621", "#2f855a", "#6b46c1", "#b83280", "#2c7a7b"]


def _ticks(lo, hi, n=4):
    if hi == lo:
        return [lo]
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = min((m * mag for m in (1, 2, 5, 10) if m * mag >= raw), default=raw)
    start = math.ceil(lo / step) * step
    ticks = []
    t = start
    while t <= hi + 1e-12 * abs(hi) and len(ticks) < 12:
        ticks.append(t)
        t += step
    return ticks


def chart_svg(history, smoothing=0.0, log_scale=False, width=620, panel_height=200,
              title=None, footer=None):
    """A static SVG chart: one panel per group (training and validation together)."""
    groups = history.groups()
    if not groups:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="40">'
                '<text x="10" y="25" font-family="sans-serif" font-size="13" fill="#666">'
                'no data yet</text></svg>')
    pad_l, pad_r, pad_t, pad_b = 56, 110, 24, 28
    top_extra = 22 if title else 0
    foot = 22 if footer else 0
    height = top_extra + len(groups) * panel_height + foot
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    if title:
        out.append(f'<text x="{pad_l}" y="16" font-size="13" font-weight="bold">'
                   f'{_esc(title)}</text>')
    for gi, (group, names) in enumerate(groups):
        y0 = top_extra + gi * panel_height
        pw, ph = width - pad_l - pad_r, panel_height - pad_t - pad_b
        xs_all = [s for n in names for s in history.steps[n]]
        ys = {n: smooth(history.values[n], smoothing) for n in names}
        finite = [v for n in names for v in ys[n] if math.isfinite(v) and
                  (not log_scale or v > 0)]
        if not finite or not xs_all:
            continue
        x_lo, x_hi = min(xs_all), max(xs_all)
        if x_hi == x_lo:
            x_hi = x_lo + 1
        tr = (lambda v: math.log10(v)) if log_scale else (lambda v: v)
        y_lo, y_hi = tr(min(finite)), tr(max(finite))
        if y_hi == y_lo:
            y_hi, y_lo = y_hi + 0.5, y_lo - 0.5
        margin = (y_hi - y_lo) * 0.05
        y_lo, y_hi = y_lo - margin, y_hi + margin

        def px(x, x_lo=x_lo, x_hi=x_hi, pw=pw):
            return pad_l + (x - x_lo) / (x_hi - x_lo) * pw

        def py(v, y_lo=y_lo, y_hi=y_hi, ph=ph, y0=y0):
            return y0 + pad_t + (1 - (v - y_lo) / (y_hi - y_lo)) * ph

        out.append(f'<text x="{pad_l}" y="{y0 + 15}" font-size="12" font-weight="bold">'
                   f'{_esc(group)}{" (log)" if log_scale else ""}</text>')
        out.append(f'<rect x="{pad_l}" y="{y0 + pad_t}" width="{pw}" height="{ph}" '
                   'fill="none" stroke="#ccc"/>')
        for t in _ticks(y_lo, y_hi):
            y = py(t)
            label = f"{10 ** t:.3g}" if log_scale else f"{t:.3g}"
            out.append(f'<line x1="{pad_l}" x2="{pad_l + pw}" y1="{y:.1f}" y2="{y:.1f}" '
                       'stroke="#eee"/>')
            out.append(f'<text x="{pad_l - 4}" y="{y + 3:.1f}" text-anchor="end" '
                       f'fill="#555">{label}</text>')
        for t in _ticks(x_lo, x_hi):
            x = px(t)
            out.append(f'<text x="{x:.1f}" y="{y0 + pad_t + ph + 14}" text-anchor="middle" '
                       f'fill="#555">{t:g}</text>')
        for si, name in enumerate(names):
            color = COLORS[(gi + (1 if name.startswith(VAL_PREFIX) else 0)) % len(COLORS)]
            dash = ' stroke-dasharray="5,3"' if name.startswith(VAL_PREFIX) else ""
            pts = [(px(s), py(tr(v))) for s, v in zip(history.steps[name], ys[name])
                   if math.isfinite(v) and (not log_scale or v > 0)]
            if len(pts) > 1500:  # keep the stored SVG small
                stride = math.ceil(len(pts) / 1500)
                pts = pts[::stride] + [pts[-1]]
            if len(pts) == 1:
                x, y = pts[0]
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"/>')
            elif pts:
                path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
                out.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.6"{dash} '
                           f'points="{path}"/>')
            last = history.values[name][-1]
            ly = y0 + pad_t + 12 + si * 16
            out.append(f'<line x1="{pad_l + pw + 8}" x2="{pad_l + pw + 24}" y1="{ly - 4}" '
                       f'y2="{ly - 4}" stroke="{color}" stroke-width="2"{dash}/>')
            out.append(f'<text x="{pad_l + pw + 28}" y="{ly}" fill="#333">{_esc(name)} '
                       f'{last:.3g}</text>')
    if footer:
        out.append(f'<text x="{pad_l}" y="{height - 6}" fill="#444">{_esc(footer)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _esc(text):
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))

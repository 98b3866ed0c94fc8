"""Training curves as data: loss and metrics per step, validation twins, smoothing, a chart.

``History`` is what LiveLoss fills during training. Appending a point is a couple of list
appends (it runs once per training step); everything else — grouping ``val_loss`` with
``loss``, smoothing, down-sampling for the browser, the PNG chart left in a saved notebook
(``charts``) — happens only when something is drawn.
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
                "count": self.counter, "colors": series_colors(self.order)}


def smooth(values, weight):
    """Exponential moving average with bias correction (weight 0 = raw, 0.9 = smooth)."""
    if not weight:
        return list(values)
    out, avg = [], 0.0
    for i, v in enumerate(values, start=1):
        avg = weight * avg + (1 - weight) * v
        out.append(avg / (1 - weight ** i))
    return out


def smooth_finite(values, weight):
    """``smooth`` over the finite values only; inf/nan stay in place (drawn apart)."""
    finite = [v for v in values if math.isfinite(v)]
    smoothed = iter(smooth(finite, weight))
    return [next(smoothed) if math.isfinite(v) else v for v in values]


def series_colors(names):
    """{name: colour}: one hue per training series; ``val_x`` takes a lighter shade of
    ``x``'s hue (and is drawn dashed), so twins pair up and no two series share a colour."""
    bases = []
    for name in names:
        base = name[len(VAL_PREFIX):] if name.startswith(VAL_PREFIX) else name
        if base not in bases:
            bases.append(base)
    colors = {}
    for name in names:
        is_val = name.startswith(VAL_PREFIX)
        base = name[len(VAL_PREFIX):] if is_val else name
        dark, light = PAIRS[bases.index(base) % len(PAIRS)]
        colors[name] = light if is_val else dark
    return colors


def nonfinite_count(history):
    """How many points of every series are inf or nan (drawn as edge markers)."""
    return sum(1 for values in history.values.values() for v in values if not math.isfinite(v))


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
    bad = nonfinite_count(history)
    if bad:
        parts.append(f"{bad} non-finite point{'s' if bad > 1 else ''}")
    return " · ".join(parts)


# --- the static chart ----------------------------------------------------------------------------
# (training, validation) shades of one hue per metric; notebook/static/live_loss.js uses the same.
PAIRS = [("#1f5fa8", "#6fa8e8"), ("#c05621", "#f0a060"), ("#2f855a", "#74c69d"),
         ("#6b46c1", "#a78bfa"), ("#b83280", "#ee8fc6"), ("#2c7a7b", "#6cc4c4")]

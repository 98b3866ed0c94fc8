"""PNG pictures of the training charts, drawn with Matplotlib (Agg, no pyplot state).

The live widgets draw their charts in the browser; these PNGs are what a saved notebook keeps
next to the widget: a PNG is the one picture every front end shows, also in an untrusted
notebook (where SVG and HTML outputs are withheld or sanitized). Matplotlib is imported only
when a picture is made (at the end of training), never on the per-step path.
"""

import io
import math

from ..viz import gradflow as viz_gradflow
from ..viz import history as viz_history

NONFINITE_NOTE = "non-finite values drawn as triangles at the panel's edge"


def _figure(width_in, height_in):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width_in, height_in), dpi=100)
    FigureCanvasAgg(fig)
    return fig


def _integer_steps(ax):
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _png(fig):
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, facecolor="white")
    return buffer.getvalue()


def _edge_markers(ax, steps, values, color):
    """Draws non-finite points as triangles at the top (inf, nan) or bottom (-inf) edge."""
    up = [s for s, v in zip(steps, values) if math.isnan(v) or v == math.inf]
    down = [s for s, v in zip(steps, values) if v == -math.inf]
    if up:
        ax.plot(up, [1.0] * len(up), marker="^", linestyle="none", color=color,
                markersize=6, clip_on=False, transform=ax.get_xaxis_transform())
    if down:
        ax.plot(down, [0.0] * len(down), marker="v", linestyle="none", color=color,
                markersize=6, clip_on=False, transform=ax.get_xaxis_transform())
    return len(up) + len(down)


def loss_png(history, title="Training", smoothing=0.0, log_scale=False, footer=None,
             hidden=()):
    """The loss/metric panels of a ``History`` (val_* beside its training twin) as PNG bytes."""
    groups = [(g, [n for n in names if n not in hidden]) for g, names in history.groups()]
    groups = [(g, names) for g, names in groups if names]
    colors = viz_history.series_colors(history.order)
    fig = _figure(7.2, 0.9 + 2.3 * max(1, len(groups)))
    if not groups:
        fig.text(0.02, 0.5, f"{title}: no data yet", fontsize=12, color="#666")
        return _png(fig)
    axes = fig.subplots(len(groups), 1, squeeze=False, sharex=True)[:, 0]
    fig.suptitle(title, x=0.02, ha="left", fontsize=13, fontweight="bold")
    for ax, (group, names) in zip(axes, groups):
        nonfinite = 0
        for name in names:
            steps, values = history.steps[name], history.values[name]
            shown = viz_history.smooth_finite(values, smoothing)
            pairs = [(s, v) for s, v in zip(steps, shown)
                     if math.isfinite(v) and (not log_scale or v > 0)]
            style = "--" if name.startswith(viz_history.VAL_PREFIX) else "-"
            last = values[-1] if values else math.nan
            label = f"{name}  {last:.4g}"
            if pairs:
                xs, ys = zip(*pairs)
                ax.plot(xs, ys, style, color=colors[name], linewidth=1.6, label=label,
                        marker="o" if len(xs) == 1 else None)
            else:
                ax.plot([], [], style, color=colors[name], label=label)
            nonfinite += _edge_markers(ax, steps, values, colors[name])
        if log_scale:
            ax.set_yscale("log")
        ax.set_ylabel(group + (" (log)" if log_scale else ""))
        ax.grid(True, color="#eeeeee")
        ax.legend(loc="upper right", fontsize=9, frameon=False)
        if nonfinite:
            ax.set_title(f"{nonfinite} non-finite point(s) (inf/nan): triangles at the edge",
                         fontsize=9, color="#c53030", loc="left")
    axes[-1].set_xlabel("step")
    _integer_steps(axes[-1])
    if footer:
        fig.text(0.02, 0.01, footer, fontsize=9, color="#444", family="monospace")
    fig.tight_layout(rect=(0, 0.04 if footer else 0, 1, 0.97))
    return _png(fig)


def flow_png(flow, title="Gradient flow"):
    """Per-layer gradient norms (log scale) of a ``FlowHistory`` as PNG bytes."""

    fig = _figure(7.6, 3.4)
    names = list(flow.layers)
    if not names:
        fig.text(0.02, 0.5, f"{title}: no gradients recorded yet", fontsize=12, color="#666")
        return _png(fig)
    ax = fig.subplots()
    colors = viz_gradflow.layer_colors(names)
    flags = flow.flags()
    for name in names:
        series = flow.layers[name]
        pairs = [(s, v) for s, v in zip(flow.steps, series) if math.isfinite(v) and v > 0]
        flag = flags.get(name)
        label = name + (f" ({flag})" if flag else "")
        if pairs:
            xs, ys = zip(*pairs)
            ax.plot(xs, ys, color=colors[name], linewidth=2.6 if flag else 1.5, label=label,
                    marker="o" if len(xs) == 1 else None)
        else:
            ax.plot([], [], color=colors[name], label=label)
        # NaN marks a step where the layer had no gradient; only infinities are drawn.
        _edge_markers(ax, flow.steps, [v if v == math.inf else 0.0 for v in series],
                      colors[name])
    ax.set_yscale("log")
    ax.set_xlabel("step")
    _integer_steps(ax)
    ax.set_ylabel("|grad| per layer")
    ax.grid(True, color="#eeeeee")
    labels = ax.get_legend_handles_labels()[1]
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8, frameon=False)
    fig.suptitle(title, x=0.02, ha="left", fontsize=13, fontweight="bold")
    _room_for_right_legend(fig, labels, fontsize=8)
    return _png(fig)


def _room_for_right_legend(fig, labels, fontsize):
    """Sets the margins of a one-panel figure whose legend sits right of the panel.

    ``tight_layout`` would find them by drawing the whole figure once more before the real
    draw, about a third of the picture's time; only the legend's width varies here, and
    measuring its longest label's text is enough. The other margins hold the title, the
    axis labels and tick labels up to ``10^-10``."""
    renderer = fig.canvas.get_renderer()
    from matplotlib.font_manager import FontProperties

    font = FontProperties(size=fontsize)
    text_px = max(renderer.get_text_width_height_descent(label, font, ismath=False)[0]
                  for label in labels)
    # The handle, its padding and the gap to the panel: about five font sizes of points.
    legend_in = text_px / fig.dpi + 5 * fontsize / 72
    width_in, height_in = fig.get_size_inches()
    fig.subplots_adjust(left=0.95 / width_in, right=1 - (legend_in + 0.15) / width_in,
                        bottom=0.6 / height_in, top=1 - 0.55 / height_in)

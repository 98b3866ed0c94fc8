"""The op log of the ``%%eager`` magic: what ran, in order, and where it came from.

Recording must be cheap (a cell may run ten thousand ops), so ``OpLog.add`` only keeps the
event; shapes, dtypes and source lines are turned into text when a report is drawn. Tensors
never change after creation, so describing them later gives what they were when the op ran.
"""

import os

from ..core.tensor import Tensor


def describe(x):
    """``float32(2, 3)`` for a tensor or Variable."""
    dtype = getattr(getattr(x, "dtype", None), "name", None) or type(x).__name__
    shape = getattr(x, "shape", None)
    if shape is None:
        return dtype
    dims = list(shape)
    return dtype + "(" + ", ".join("?" if d is None else str(d) for d in dims) + \
        ("," if len(dims) == 1 else "") + ")"


class OpLog:
    """Events from ``eagerbook.core.context.observe`` (anything with name/inputs/outputs/
    seconds/filename/lineno), plus the cell they belong to."""

    def __init__(self, cell_filename=None, cell_source=""):
        self.events = []
        self.add = self.events.append  # the observer's callback: one list append per op
        self.cell_filename = cell_filename
        self.cell_lines = cell_source.splitlines()

    def __len__(self):
        return len(self.events)

    def where(self, event):
        """("line 3", source text) for ops from the cell, else ("file.py:12", "")."""
        filename, lineno = event.filename, event.lineno
        if filename is None:
            return "?", ""
        if filename == self.cell_filename:
            text = self.cell_lines[lineno - 1].strip() if 0 < lineno <= len(self.cell_lines) \
                else ""
            return f"line {lineno}", text
        return f"{os.path.basename(filename)}:{lineno}", ""

    def rows(self, limit=None, start=0):
        """Table rows (dicts) for events[start:start+limit]."""
        events = self.events[start:] if limit is None else self.events[start:start + limit]
        rows = []
        for i, ev in enumerate(events, start=start):
            where, text = self.where(ev)
            inputs = [x for x in ev.inputs if isinstance(x, Tensor) or hasattr(x, "shape")]
            rows.append({
                "index": i,
                "op": ev.name,
                "inputs": ", ".join(describe(x) for x in inputs),
                "outputs": ", ".join(describe(y) for y in ev.outputs),
                "micros": ev.seconds * 1e6,
                "where": where,
                "lineno": ev.lineno if ev.filename == self.cell_filename else None,
                "source": text,
            })
        return rows

    def summary(self, by="time"):
        """[(op name, count, total seconds)] sorted by total time, slowest first; with
        ``by="count"`` most frequent first (ties by name), an order that is the same each run."""
        totals = {}
        for ev in self.events:
            count, secs = totals.get(ev.name, (0, 0.0))
            totals[ev.name] = (count + 1, secs + ev.seconds)
        key = (lambda item: (-item[1], item[0])) if by == "count" else \
            (lambda item: (-item[2], item[0]))
        return sorted(((name, c, s) for name, (c, s) in totals.items()), key=key)

    def total_seconds(self):
        return sum(ev.seconds for ev in self.events)

    def per_line(self):
        """{cell line number: op count} for ops that came from the cell."""
        counts = {}
        for ev in self.events:
            if ev.filename == self.cell_filename:
                counts[ev.lineno] = counts.get(ev.lineno, 0) + 1
        return counts

    def text(self, limit=50, show_time=True):
        lines = [f"{len(self.events)} ops executed"
                 + (f" ({self.total_seconds() * 1e3:.2f} ms in kernels)" if show_time else "")]
        for row in self.rows(limit):
            t = f"  {row['micros']:8.1f} us" if show_time else ""
            lines.append(f"  {row['index']:>4}  {row['where']:<9} {row['op']:<16} "
                         f"{row['inputs'] or '-'} -> {row['outputs']}{t}")
        if limit is not None and len(self.events) > limit:
            lines.append(f"  ... {len(self.events) - limit} more ops")
        return "\n".join(lines)

"""The report ``%%eager`` shows under a cell: ops, tapes, traced functions, the failure.

An ``EagerReport`` is a plain display object: HTML for notebooks (self-contained, inline
styles, so a saved notebook on GitHub/nbviewer still reads well) and text for terminals.
"""

import base64
import html
import re
import traceback

from ..core import errors
from ..viz import dot as viz_dot
from ..viz import graphs as viz_graphs
from ..viz import tape as viz_tape

# How the report looks, written into each element's own style="...": a lesson just opened is
# untrusted, and JupyterLab's sanitizer then drops a <style> block but keeps inline styles
# (with plain values: no CSS variables), so the report looks the same before and after a run.
LOOK = {
    "report": "font-family:sans-serif;font-size:12px;margin:4px 0",
    "h4": "margin:10px 0 4px;font-size:13px",
    "table": "border-collapse:collapse;font-family:monospace;font-size:11.5px",
    "td": "padding:1px 8px;text-align:left;border-bottom:1px solid #eee",
    "th": "padding:1px 8px;text-align:left;border-bottom:1px solid #eee;color:#555;"
          "font-weight:600",
    "pre": "margin:2px 0;font-size:11.5px",
    "details": "margin:4px 0",
    "eb-fail": "background:#fff0f0;color:#9b2c2c",
    "eb-src": "color:#777",
    "eb-note": "color:#666;margin:2px 0",
    "eb-err": "background:#fff0f0;border-left:3px solid #c53030;padding:4px 8px;margin:6px 0;"
              "font-family:monospace",
}
_OPENING_TAG = re.compile(r"<(\w+)((?:\s+class=['\"]([\w-]+)['\"])?[^>]*)>")


def styled(html_text):
    """`html_text` with LOOK's styles added to its tags (by tag name and by class)."""
    def one(tag):
        name, rest, cls = tag[1], tag[2], tag[3]
        style = ";".join(filter(None, (LOOK.get(name), LOOK.get(cls or ""))))
        return f'<{name}{rest} style="{style}">' if style else tag[0]
    return _OPENING_TAG.sub(one, html_text)


VIEWS = ("ops", "summary", "lines", "tapes", "functions")
DEFAULT_VIEWS = ("ops", "tapes", "functions")


def _short(error):
    """An error's text for the report line: TF's message without the op's function frame
    (``{{function_node __wrapped__MatMul_device_...}}``), which the traceback still shows."""
    return errors.without_function_frame(str(error))


def _e(text):
    return html.escape(str(text), quote=False)


def _drawing(png, alt):
    """A drawing as an <img> of PNG data: the one picture an untrusted notebook (a lesson just
    opened) shows too; its sanitizer strips an inline <svg>, leaving the labels as loose text."""
    return (f'<div><img class="eb-drawing" alt="{html.escape(alt)}" '
            f'src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}"></div>')


class TapeSection:
    def __init__(self, label, model=None, png=None, problem=None):
        self.label = label
        self.model = model
        self.png = png
        self.problem = problem  # text shown instead of the graph (no dot, tape freed, ...)


class FunctionSection:
    def __init__(self, name, fn, new_traces, info):
        self.name = name
        self.fn = fn
        self.new_traces = new_traces
        self.info = info  # viz.graphs.function_info(fn)


class EagerReport:
    def __init__(self, run, views=DEFAULT_VIEWS, limit=40, show_time=True, max_nodes=120,
                 draw=True):
        self.run = run
        self.views = tuple(views)
        self.limit = limit
        self.show_time = show_time
        self.tapes = [self._tape_section(i, t, max_nodes, draw) for i, t in enumerate(run.tapes)]
        self.functions = [FunctionSection(name, fn, n, viz_graphs.function_info(fn))
                          for name, fn, n in run.functions]

    @property
    def oplog(self):
        return self.run.oplog

    @staticmethod
    def _tape_section(i, gradient_tape, max_nodes, draw):
        label = f"GradientTape #{i + 1}"
        try:
            model = viz_tape.tape_model(gradient_tape, max_nodes=max_nodes)
        except ValueError as exc:
            return TapeSection(label, problem=str(exc))
        if not draw or not model["nodes"]:
            return TapeSection(label, model)
        try:
            png = viz_dot.render_png(viz_dot.tape_dot(model))
        except viz_dot.GraphvizUnavailable as exc:
            return TapeSection(label, model, problem=str(exc))
        return TapeSection(label, model, png)

    # --- text ---------------------------------------------------------------------------------
    @property
    def _summary_order(self):
        # Without times (--no-time, for saved lessons) sort by count: times vary run to run.
        return "time" if self.show_time else "count"

    def text(self):
        run = self.run
        parts = []
        if "ops" in self.views:
            parts.append(run.oplog.text(limit=None if self.limit < 0 else self.limit,
                                        show_time=self.show_time))
        if "summary" in self.views:
            parts.append("ops by type:\n" + "\n".join(
                f"  {name:<18} x{count:<6}" + (f" {secs * 1e3:8.3f} ms" if self.show_time
                                               else "")
                for name, count, secs in run.oplog.summary(self._summary_order)))
        if "lines" in self.views:
            parts.append("ops per cell line:\n" + "\n".join(
                f"  line {line}: {count}" for line, count in sorted(run.oplog.per_line().items())))
        if "tapes" in self.views:
            if run.tape_count > len(self.tapes):
                parts.append(f"{run.tape_count} gradient calls; the last {len(self.tapes)} "
                             "tape(s) shown")
            for section in self.tapes:
                body = viz_tape.tape_text(section.model) if section.model else ""
                parts.append(f"{section.label}\n{body}" + (f"\n  ({section.problem})"
                                                           if section.problem else ""))
        if "functions" in self.views:
            for fs in self.functions:
                parts.append(f"tf.function {fs.name}: {fs.new_traces} new trace(s)\n"
                             + (fs.info.get("ir_text") or ""))
        if run.failed:
            parts.append(self._error_text())
        return "\n\n".join(p for p in parts if p)

    def _error_text(self):
        etype, value, _ = self.run.exc_info
        where = f" at line {self._user_line(self.run.error_line)}" \
            if self.run.error_line else ""
        src = self._source_line(self.run.error_line)
        if isinstance(value, SyntaxError):
            msg = "".join(traceback.format_exception_only(etype, value)).strip()
        else:
            msg = f"{etype.__name__}: {_short(value)}"
        born = self._numerics_op()
        if born:
            msg = f"the first NaN/Inf came from {born} (the last op listed)\n{msg}"
        return (f"The cell failed{where} after {len(self.run.oplog)} ops: {msg}"
                + (f"\n    {src}" if src else ""))

    @staticmethod
    def _user_line(body_line):
        """Lines count from the first line after ``%%eager``, as IPython's tracebacks do."""
        return body_line

    def _source_line(self, body_line):
        lines = self.run.source.splitlines()
        if body_line and 0 < body_line <= len(lines):
            return lines[body_line - 1].strip()
        return ""

    def __repr__(self):
        return self.text()

    def _repr_pretty_(self, p, cycle):
        p.text(self.text())

    # --- HTML ---------------------------------------------------------------------------------
    def _repr_html_(self):
        return self.html()

    def html(self):
        run = self.run
        out = [f'<div class="eb-report" style="{LOOK["report"]}">']
        if run.failed:
            etype, value, _ = run.exc_info
            line = self._user_line(run.error_line)
            src = self._source_line(run.error_line)
            out.append(f'<div class="eb-err"><b>{_e(etype.__name__)}</b>'
                       + (f" at line {line}" if line else "")
                       + f" after {len(run.oplog)} ops: {_e(_short(value))}"
                       + (f"<br><code>{_e(src)}</code>" if src else "") + "</div>")
        if "ops" in self.views:
            out.append(self._ops_html())
        if "summary" in self.views:
            rows = "".join(f"<tr><td>{_e(n)}</td><td>{c}</td>"
                           + (f"<td>{s * 1e3:.3f} ms</td>" if self.show_time else "")
                           + "</tr>" for n, c, s in run.oplog.summary(self._summary_order))
            out.append("<h4>Ops by type</h4><table><tr><th>op</th><th>count</th>"
                       + ("<th>time</th>" if self.show_time else "") + f"</tr>{rows}</table>")
        if "lines" in self.views:
            per = run.oplog.per_line()
            lines = run.source.splitlines()
            rows = "".join(f"<tr><td>{i + 1}</td><td>{per.get(i + 1, '')}</td>"
                           f"<td class='eb-src'>{_e(text)}</td></tr>"
                           for i, text in enumerate(lines))
            out.append("<h4>Ops per line</h4><table><tr><th>line</th><th>ops</th>"
                       f"<th>code</th></tr>{rows}</table>")
        if "tapes" in self.views and self.tapes:
            if run.tape_count > len(self.tapes):
                out.append(f'<p class="eb-note">{run.tape_count} gradient calls in this cell; '
                           f"the last {len(self.tapes)} tape(s) are shown.</p>")
            for section in self.tapes:
                out.append(self._tape_html(section))
        if "functions" in self.views:
            for fs in self.functions:
                out.append(self._function_html(fs))
        out.append("</div>")
        return styled("\n".join(out))

    def _ops_html(self):
        log = self.run.oplog
        limit = None if self.limit < 0 else self.limit
        head = f"<h4>{len(log)} ops executed"
        if self.show_time:
            head += f" <span class='eb-src'>({log.total_seconds() * 1e3:.2f} ms in kernels)</span>"
        head += "</h4>"
        if limit == 0 or not len(log):
            return head
        fail_index = len(log) - 1 if self.run.failed else None
        rows = []
        for row in log.rows(limit):
            where = row["where"]
            if row["lineno"] is not None:
                where = f"line {self._user_line(row['lineno'])}"
            failing = row["index"] == fail_index and row["lineno"] == self.run.error_line
            cls = " class='eb-fail'" if failing else ""
            op_text = _e(row["op"])
            if failing and self._numerics_op() == row["op"]:
                op_text += " <span title='first op whose output holds a NaN or Inf'>" \
                           "← NaN/Inf born here</span>"
            rows.append(f"<tr{cls}><td>{row['index']}</td><td>{_e(where)}</td>"
                        f"<td><b>{op_text}</b></td><td>{_e(row['inputs'] or '-')}</td>"
                        f"<td>{_e(row['outputs'])}</td>"
                        + (f"<td>{row['micros']:.1f} µs</td>" if self.show_time else "")
                        + f"<td class='eb-src'>{_e(row['source'])}</td></tr>")
        more = ""
        if limit is not None and len(log) > limit:
            more = f"<p class='eb-note'>… {len(log) - limit} more ops (use -n to see more)</p>"
        return (head + "<table><tr><th>#</th><th>where</th><th>op</th><th>inputs</th>"
                "<th>outputs</th>" + ("<th>time</th>" if self.show_time else "")
                + "<th>code</th></tr>" + "".join(rows) + "</table>" + more)

    def _numerics_op(self):
        """The op tf.debugging.enable_check_numerics() stopped at, if that is why it failed."""
        if not self.run.failed:
            return None
        return getattr(self.run.exc_info[1], "numerics_op", None)

    def _tape_html(self, section):
        out = [f"<h4>{_e(section.label)}"]
        model = section.model
        if model:
            out.append(f" <span class='eb-src'>{model['num_entries']} recorded ops"
                       + (", gradient computed" if model["has_gradient"] else
                          ", no gradient yet") + "</span>")
        out.append("</h4>")
        if section.problem:
            out.append(f"<p class='eb-note'>{_e(section.problem)}</p>")
        if section.png:
            out.append(_drawing(section.png, f"{section.label}: the recorded ops"))
        if model and model["has_gradient"]:
            rows = "".join(
                f"<tr><td>{_e(n['id'])}</td><td>{_e(n['label'])}</td>"
                f"<td>{_e(n['dtype'])}{_e(tuple(n['shape']))}</td>"
                f"<td><pre>{_e(n.get('grad', ''))}</pre></td></tr>"
                for n in model["nodes"] if n.get("grad_norm") is not None)
            out.append("<details><summary>gradient at every node</summary><table><tr>"
                       "<th>node</th><th>op</th><th>value</th><th>gradient</th></tr>"
                       f"{rows}</table></details>")
        elif model and not section.png:
            out.append(f"<pre>{_e(viz_tape.tape_text(model))}</pre>")
        return "".join(out)

    def _function_html(self, fs):
        info = fs.info
        out = [f"<h4>tf.function <code>{_e(fs.name)}</code> "
               f"<span class='eb-src'>{fs.new_traces} new trace(s)</span></h4>"]
        if info.get("problem"):
            out.append(f"<p class='eb-note'>{_e(info['problem'])}</p>")
        if info.get("png"):
            out.append(_drawing(info["png"], f"the graph of {fs.name}"))
        if info.get("ir_text"):
            out.append(f"<details open><summary>graph (IR)</summary><pre>{_e(info['ir_text'])}"
                       "</pre></details>")
        if info.get("autograph"):
            out.append("<details><summary>AutoGraph code</summary>"
                       f"<pre>{_e(info['autograph'])}</pre></details>")
        return "".join(out)

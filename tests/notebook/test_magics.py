"""%load_ext eagerbook and %%eager, driven through a real IPython InteractiveShell."""

import re

import numpy as np
import pytest

import eagerbook
from eagerbook.autodiff import tape as tape_module
from eagerbook.notebook import last_report
from eagerbook.notebook.magics import EagerMagics

CELL = """\
w = tf.Variable([[1.0, 2.0]], name="w")
x = tf.constant([[3.0], [4.0]])
with tf.GradientTape() as tape:
    y = tf.matmul(w, x)
    loss = tf.reduce_sum(y * y)
g = tape.gradient(loss, w)
"""


def plain(text):
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def html_of(captured):
    return "\n".join(o.data.get("text/html", "") for o in captured.outputs)


# --- loading ---
def test_load_registers_magics_and_names(ipshell):
    magics = ipshell.ip.magics_manager.magics["cell"]
    assert "eager" in magics and "graph" in magics
    assert ipshell.ns["tf"] is eagerbook
    assert ipshell.ns["np"] is np
    assert tape_module.gradient_listeners, "loading keeps tapes for viewing"


def test_loading_twice_is_harmless_and_unload_undoes_everything(ipshell):
    ip = ipshell.ip
    before = list(tape_module.gradient_listeners)
    ip.run_line_magic("load_ext", "eagerbook")  # IPython says "already loaded"
    ip.run_line_magic("reload_ext", "eagerbook")
    assert tape_module.gradient_listeners == before
    ip.run_line_magic("unload_ext", "eagerbook")
    assert "eager" not in ip.magics_manager.magics["cell"]
    assert "tf" not in ip.user_ns and "np" not in ip.user_ns
    assert tape_module.gradient_listeners == []
    ip.run_line_magic("load_ext", "eagerbook")  # the fixture unloads again
    assert "eager" in ip.magics_manager.magics["cell"]


def test_existing_tf_and_np_are_not_replaced():
    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    ip.user_ns["tf"] = "mine"
    ip.user_ns.pop("np", None)
    ip.run_line_magic("load_ext", "eagerbook")
    try:
        assert ip.user_ns["tf"] == "mine"
        assert ip.user_ns["np"] is np
    finally:
        ip.run_line_magic("unload_ext", "eagerbook")
    assert ip.user_ns.pop("tf") == "mine", "unload leaves the user's own tf alone"


def test_help_documents_the_options():
    doc = EagerMagics.eager.__doc__
    for option in ("--show", "--limit", "--tapes", "--quiet", "--no-time", "--raise",
                   "--interactive", "--text"):
        assert option in doc


# --- the op log ---
def test_ops_are_logged_in_order_with_shapes_and_lines(ipshell):
    result, captured = ipshell.run("%%eager\n" + CELL)
    assert result.success
    report = last_report()
    names = [e.name for e in report.oplog.events]
    assert names[:4] == ["ReadVariableOp", "MatMul", "Mul", "Sum"]
    rows = report.oplog.rows()
    assert rows[1]["inputs"] == "float32(1, 2), float32(2, 1)"
    assert rows[1]["outputs"] == "float32(1, 1)"
    assert rows[1]["lineno"] == 4 and "tf.matmul" in rows[1]["source"]
    assert rows[3]["lineno"] == 5
    # The backward pass ran on line 6 and is logged too.
    assert all(r["lineno"] == 6 for r in rows[4:]) and len(rows) > 4
    html = html_of(captured)
    assert "MatMul" in html and "GradientTape #1" in html
    assert np.allclose(ipshell.ns["g"].numpy(), [[66.0, 88.0]])


def test_limit_summary_lines_and_no_time(ipshell):
    _, captured = ipshell.run("%%eager -n 2 --show ops,summary,lines --no-time\n"
                              "a = tf.constant([1.0, 2.0])\nb = a * 2 + 1\nc = tf.exp(b)\n")
    html = html_of(captured)
    assert "3 ops executed" in html
    assert "1 more ops" in html
    assert "Ops by type" in html and "Ops per line" in html
    assert "µs" not in html and " ms" not in html
    text = last_report().text()
    assert "Exp" in text and "x1" in text


def test_text_option_prints_plain_text(ipshell):
    _, captured = ipshell.run("%%eager --text --show ops\nz = tf.constant(2.0) * 3.0\n")
    assert "1 ops executed" in captured.stdout
    assert "Mul" in captured.stdout
    assert not captured.outputs


def test_quiet_shows_nothing_but_keeps_the_report(ipshell):
    result, captured = ipshell.run("%%eager -q\nz = tf.constant(2.0) * 3.0\n")
    assert result.success and not captured.outputs and not captured.stdout
    assert [e.name for e in last_report().oplog.events] == ["Mul"]
    assert float(ipshell.ns["z"]) == 6.0


def test_unknown_view_is_an_error(ipshell):
    result, captured = ipshell.run("%%eager --show nope\nx = 1\n")
    assert not result.success
    assert "Unknown view" in str(result.error_in_exec)


def test_trailing_expression_is_displayed(ipshell):
    result, captured = ipshell.run("%%eager --show ops\ntf.constant([1, 2]) + 1\n")
    assert result.success
    assert any("tf.Tensor" in o.data.get("text/plain", "") for o in captured.outputs) or \
        "tf.Tensor" in captured.stdout


def test_ops_in_helpers_point_at_the_calling_line(ipshell):
    ipshell.run("def helper(t):\n    return tf.square(t) + 1\n")
    ipshell.run("%%eager -q\nv = tf.constant(3.0)\nr = helper(v)\n")
    lines = {e.name: e.lineno for e in last_report().oplog.events}
    assert lines["Square"] == 2 and lines["AddV2"] == 2


# --- errors ---
FAILING = """\
a = tf.constant([1.0, 2.0])
b = a * 2
c = tf.matmul(a, b)
d = 5
"""


def test_error_reports_ops_up_to_the_failure_and_keeps_the_namespace(ipshell):
    result, captured = ipshell.run("%%eager\n" + FAILING)
    report = last_report()
    assert report.run.failed and report.run.error_line == 3
    assert [e.name for e in report.oplog.events] == ["Mul"]
    html = html_of(captured)
    assert "InvalidArgumentError" in html and "at line 3" in html
    assert "tf.matmul(a, b)" in html
    assert "InvalidArgumentError" in captured.stdout
    assert not result.success
    assert float(ipshell.ns["b"][1]) == 4.0  # what ran before the failure stays
    assert "d" not in ipshell.ns
    # The kernel is healthy: the next cell runs normally.
    result, _ = ipshell.run("%%eager -q\ne = b + 1\n")
    assert result.success and float(ipshell.ns["e"][0]) == 3.0


def test_failing_cell_reraises_after_its_report(ipshell):
    result, captured = ipshell.run("%%eager --no-time\n" + FAILING)
    assert not result.success, "IPython marks the cell as failed (Run All stops)"
    assert type(result.error_in_exec).__name__ == "InvalidArgumentError"
    assert "at line 3" in html_of(captured), "the report is shown first"
    # The traceback shows the cell with its own number, not the magic's machinery.
    shown = captured.stdout
    assert f"In[{ipshell.ip.execution_count - 1}]" in shown or "Cell In[" in shown
    assert "run_cell_magic" not in shown and "magics.py" not in shown
    assert "eagerbook/ops/" not in shown, "eagerbook's frames are filtered"
    assert "Matrix size-incompatible" not in shown  # FAILING multiplies vectors
    assert "ndims must be >= 2" in shown and "hint: " in shown  # (oneDNN's MatMul)


def test_raise_option_still_accepted(ipshell):
    result, captured = ipshell.run("%%eager --raise -q\n" + FAILING)
    assert not result.success
    assert type(result.error_in_exec).__name__ == "InvalidArgumentError"
    assert last_report().run.error_line == 3


def test_keyboard_interrupt_and_system_exit_pass_through(ipshell):
    result, _ = ipshell.run("%%eager -q\nraise KeyboardInterrupt\n")
    assert isinstance(result.error_in_exec, KeyboardInterrupt)
    result, _ = ipshell.run("%%eager -q\nraise SystemExit(3)\n")
    assert isinstance(result.error_in_exec, SystemExit)


def test_traceback_filtering_in_ipython_and_its_switch(ipshell):
    cell = "def f(a, b):\n    return tf.matmul(a, b)\nf(tf.ones([2, 3]), tf.ones([2, 3]))\n"
    result, captured = ipshell.run(cell)
    assert not result.success
    assert "eagerbook/ops/" not in captured.stdout and "in f" in plain(captured.stdout)
    assert "hint: tf.matmul(a, b) needs" in captured.stdout
    ipshell.run("tf.debugging.disable_traceback_filtering()")
    try:
        _, captured = ipshell.run(cell)
        assert "eagerbook/ops/" in captured.stdout
    finally:
        ipshell.run("tf.debugging.enable_traceback_filtering()")


def test_none_gradient_hint_names_tape_watch(ipshell):
    result, captured = ipshell.run("x = tf.constant(3.0)\nwith tf.GradientTape() as t:\n"
                                   "    y = x * x\ng = t.gradient(y, x)\ng.numpy()\n")
    assert isinstance(result.error_in_exec, AttributeError)
    assert "hint: the last tape.gradient() returned None" in captured.stdout
    assert "tape.watch(x)" in captured.stdout


def test_syntax_error_in_cell(ipshell):
    result, captured = ipshell.run("%%eager -q\nx = (1,\n")
    assert last_report().run.failed
    assert isinstance(last_report().run.exc_info[1], SyntaxError)


# --- tapes ---
def test_tape_section_has_gradient_at_every_node(ipshell):
    ipshell.run("%%eager -q\n" + CELL)
    report = last_report()
    (section,) = report.tapes
    nodes = {n["label"]: n for n in section.model["nodes"]}
    # loss = sum(y*y), y = w @ x = 11: dloss/dy = 2y = 22, dloss/dw = 22 * x^T.
    assert nodes["MatMul"]["grad_norm"] == pytest.approx(22.0)
    assert nodes["w:0"]["grad_norm"] == pytest.approx(np.hypot(66.0, 88.0))
    assert nodes["Sum"]["is_target"] and nodes["w:0"]["is_source"]
    assert section.model["backward_order"][0] == nodes["Sum"]["id"]


def test_tape_without_gradient_is_still_shown(ipshell):
    ipshell.run("%%eager -q\nv = tf.Variable(2.0)\nwith tf.GradientTape() as t2:\n"
                "    out = v * v\n")
    (section,) = last_report().tapes
    assert not section.model["has_gradient"]
    assert [n["label"] for n in section.model["nodes"] if n["kind"] == "op"] == ["Mul"]


def test_training_loop_shows_only_the_last_tapes(ipshell):
    ipshell.run("%%eager -q --tapes 1\nv = tf.Variable(1.0)\nfor i in range(5):\n"
                "    with tf.GradientTape() as t:\n        l = v * v\n"
                "    v.assign_sub(0.1 * t.gradient(l, v))\n")
    report = last_report()
    assert report.run.tape_count == 5 and len(report.tapes) == 1
    assert "5 gradient calls" in report.text()


def test_report_styles_are_inline_so_an_untrusted_notebook_keeps_them(ipshell):
    # A lesson just opened is untrusted: JupyterLab's sanitizer drops a <style> block but
    # keeps an element's own plain style="...", so the report carries its look inline.
    _, captured = ipshell.run("%%eager --no-time --show ops,summary\n"
                              "a = tf.constant([1.0, 2.0])\nb = a * 2.0\nc = tf.matmul(a, b)\n")
    html = html_of(captured)
    assert "<style" not in html and "var(--" not in html
    for tag in ("table", "th", "td", "h4"):
        opening = re.findall(rf"<{tag}\b[^>]*>", html)
        assert opening and all('style="' in t for t in opening), tag
    assert re.search(r'<div class="eb-err" style="[^"]*border-left:3px solid #c53030', html)
    assert re.search(r"<td class='eb-src' style=\"[^\"]*color:#777", html)

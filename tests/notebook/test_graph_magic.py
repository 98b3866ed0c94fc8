"""%%graph and the functions view of %%eager, with eagerbook.graph's real tf.function."""

import base64

from eagerbook.notebook import GraphView, last_report
from eagerbook.notebook.graph_cell import assigned_names

# eagerbook.graph's tf.function (also exported as tf.function by the public namespace).
IMPORT = "from eagerbook.graph import function as tf_function\n"

GRAPH_CELL = """\
x = tf.constant([1.0, -2.0, 3.0])
if tf.reduce_sum(x) > 0:
    y = x * 2.0
else:
    y = -x
total = tf.constant(0.0)
for i in tf.range(3):
    total += tf.reduce_sum(y)
total
"""


def test_graph_cell_runs_as_a_function_and_returns_names(ipshell):
    result, captured = ipshell.run("%%graph\n" + GRAPH_CELL)
    assert result.success, result.error_in_exec
    assert ipshell.ns["y"].numpy().tolist() == [2.0, -4.0, 6.0]
    assert float(ipshell.ns["total"]) == 12.0
    assert "i" not in ipshell.ns  # a loop variable has no value after a graph loop
    (bundle,) = [o.data for o in captured.outputs if "text/html" in o.data]
    assert "names back in the notebook" in bundle["text/html"]
    assert "If(" in bundle["text/plain"] or "While" in bundle["text/plain"]
    assert "numpy=12.0" in captured.stdout  # the trailing expression's value


def test_assigned_names_skip_scopes_and_loop_variables():
    import ast

    tree = ast.parse("a = 1\nfor k in range(3):\n    b = k\ndef f():\n    c = 2\n"
                     "d = [e for e in range(2)]\nimport numpy.linalg as la\n")
    assert assigned_names(tree) == ["a", "b", "f", "d", "la"]


def test_eager_report_lists_traced_functions(ipshell):
    ipshell.run(IMPORT + "@tf_function\ndef double(v):\n    return v * 2.0\n")
    result, captured = ipshell.run("%%eager --no-time\nr = double(tf.constant([1.0, 2.0]))\n"
                                   "r2 = double(tf.constant([[1.0]]))\n")
    assert result.success
    report = last_report()
    (fs,) = report.functions
    assert fs.name == "double" and fs.new_traces == 2
    assert "Mul" in fs.info["ir_text"]
    assert len(fs.info["traces"]) == 2 and "TensorSpec" in fs.info["traces"][0]["signature"]
    html = "".join(o.data.get("text/html", "") for o in captured.outputs)
    assert "tf.function <code>double</code>" in html and "data:image/png;base64," in html
    # Calling again with a known signature traces nothing new.
    ipshell.run("%%eager -q\nr3 = double(tf.constant([5.0, 6.0]))\n")
    assert last_report().functions == []


def test_graphview_on_a_real_function(ipshell):
    ipshell.run(IMPORT + "@tf_function\ndef f(x):\n    if tf.reduce_sum(x) > 0:\n"
                "        y = x * 2.0 + 1.0\n"
                "    else:\n        y = x - 1.0\n    return y\n"
                "f(tf.constant([1.0, 2.0]))\n")
    view = GraphView(ipshell.ns["f"])
    keys = [t["key"] for t in view.tabs]
    assert keys[:2] == ["before", "after"] and "autograph" in keys
    assert "ag__.if_stmt" in view.tab("autograph")["content"]
    assert "If(" in view.tab("ir")["content"]
    assert view.tab("before")["kind"] == "svg"
    ipshell.ns["f"](ipshell.ns["tf"].constant([[1.0, 2.0]]))
    view.refresh()
    assert len(view.traces) == 2 and view.trace_index == 1
    view.trace_index = 0
    assert "f32[2]" in view.tab("ir")["content"]


def test_eager_report_drawings_survive_an_untrusted_notebook(ipshell):
    # A lesson just opened is untrusted: its sanitizer strips inline <svg> (leaving the
    # labels as loose text) but keeps an <img> of PNG data, so the drawings are pictures.
    ipshell.run(IMPORT + "x = tf.Variable(2.0)\n")
    result, captured = ipshell.run("%%eager --no-time --show tapes\n"
                                   "with tf.GradientTape() as t:\n    y = x * x\n"
                                   "g = t.gradient(y, x)\n")
    assert result.success
    html = "".join(o.data.get("text/html", "") for o in captured.outputs)
    assert "<svg" not in html
    picture = html.split('<img class="eb-drawing" alt="GradientTape #1: the recorded ops" '
                         'src="data:image/png;base64,')[1].split('"')[0]
    assert base64.b64decode(picture).startswith(b"\x89PNG")

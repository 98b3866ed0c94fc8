"""The real-browser test: JupyterLab on 127.0.0.1, Debian's Chromium driven by Playwright.

It opens the pilot lesson 04, runs every cell, and checks what a learner sees: the TapeView
graph with the expected nodes, a node's gradient after selecting it, the backward-sweep
stepper, and the LiveLoss chart filled during training. A screenshot of the page is kept in
test-artifacts/ (gitignored). Without Chromium the test fails with a message saying how to
install it (``make test`` installs it).
"""

import pathlib
import shutil

import pytest

from .browser import chromium_page, chromium_problem, jupyterlab, run_all_cells

ROOT = pathlib.Path(__file__).resolve().parents[2]
LESSON = "04_eager_training.ipynb"
ARTIFACTS = ROOT / "test-artifacts"


@pytest.mark.browser
def test_lesson_04_in_jupyterlab(tmp_path):
    problem = chromium_problem()
    if problem:
        pytest.fail(problem)
    shutil.copy(ROOT / "notebooks" / LESSON, tmp_path / LESSON)
    ARTIFACTS.mkdir(exist_ok=True)
    with jupyterlab(tmp_path) as (base, token), chromium_page() as page:
        page.goto(f"{base}/lab/tree/{LESSON}?token={token}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator, .jp-KernelStatus",
                               timeout=60_000)
        page.wait_for_timeout(1500)  # let the kernel connect
        seen_points = set()  # what the LiveLoss chart showed while the cells ran

        def watch_live(page):
            live = page.locator(".eb-live")
            if live.count():
                seen_points.add(int(live.first.get_attribute("data-points") or 0))

        try:
            run_all_cells(page, timeout_ms=300_000, on_poll=watch_live)
        finally:
            page.screenshot(path=str(ARTIFACTS / "lesson04-full.png"), full_page=True)

        errors = page.locator(".jp-OutputArea-output[data-mime-type="
                              "'application/vnd.jupyter.stderr']").all_inner_texts()
        assert not [e for e in errors if "Traceback" in e], errors

        # TapeView: the two-layer example's graph has the expected nodes.
        tape = page.locator(".eb-tape").first
        tape.scroll_into_view_if_needed()
        labels = tape.locator("g.node title").all_text_contents()
        node_text = tape.locator("g.node").all_text_contents()
        assert len(labels) == 8, labels  # 2 Variables, the constant x, 5 ops
        joined = " ".join(node_text)
        for expected in ("W1:0", "W2:0", "MatMul", "Tanh", "Square", "Sum"):
            assert expected in joined, (expected, node_text)

        # Selecting a node shows its value and gradient.
        tape.locator("g.node", has_text="Tanh").first.click()
        side = tape.locator(".eb-side")
        side.locator(".eb-grad").wait_for(timeout=10_000)
        assert "Tanh" in side.inner_text()
        assert float(side.locator(".eb-grad-norm").inner_text()) > 0
        assert "[[" in side.locator(".eb-grad").inner_text()

        # The stepper walks the backward sweep from the loss.
        tape.locator("button[data-act=next]").click()
        page.wait_for_timeout(300)
        assert "step 1/" in tape.locator(".eb-step-label").inner_text()
        assert tape.locator("g.node.eb-current").count() == 1
        assert "Sum" in tape.locator(".eb-side h5").inner_text()
        tape.screenshot(path=str(ARTIFACTS / "lesson04-tapeview.png"))

        # LiveLoss: the chart received all 300 steps and redrew during training.
        live = page.locator(".eb-live").first
        live.scroll_into_view_if_needed()
        assert live.get_attribute("data-points") == "300"
        # The chart redrew in place while the loop ran: intermediate step counts were shown.
        assert len({n for n in seen_points if 0 < n < 300}) >= 2, sorted(seen_points)
        points = int(live.locator("polyline.eb-curve[data-name=loss]").get_attribute(
            "data-points"))
        assert points > 100
        assert "finished" in live.inner_text()
        live.screenshot(path=str(ARTIFACTS / "lesson04-liveloss.png"))
        page.screenshot(path=str(ARTIFACTS / "lesson04-full.png"), full_page=True)


# --- every widget, live and stored, in JupyterLab and Notebook 7 ----------------------------------
DEMO_CELLS = [
    "%load_ext eagerbook\nimport eagerbook as tf\n"
    "from eagerbook.notebook import GradientFlow, GraphView, LiveLoss, TapeView",
    # TapeView
    'w = tf.Variable([[1.0, -2.0], [0.5, 3.0]], name="w")\nx = tf.constant([[1.0], [2.0]])\n'
    "with tf.GradientTape() as tape:\n"
    "    out = tf.reduce_sum(tf.tanh(tf.matmul(w, x)) * 2.0)\n"
    "tape.gradient(out, w)\n"
    'TapeView(tape, title="tape demo")',
    # GraphView: an If and a While (drawn as nested boxes), an unused op
    "@tf.function\ndef f(x):\n    total = tf.reduce_sum(x * x + 1.0)\n"
    "    if total > 0:\n        total = total * 2.0\n    else:\n        total = -total\n"
    "    unused = tf.exp(x)\n"
    "    i = tf.constant(0)\n    while i < 3:\n        total = total + 1.0\n        i += 1\n"
    "    return total\n"
    "f(tf.constant([1.0, 2.0]))\n"
    'GraphView(f, title="graph demo")',
    # GraphView of 100+ nodes: it scrolls at a readable size
    "@tf.function\ndef deep(x):\n    for _ in range(40):\n"
    "        x = tf.tanh(x * 1.01 + 0.1)\n    return x\n"
    "deep(tf.constant([1.0]))\n"
    'GraphView(deep, title="big graph")',
    # LiveLoss
    'live = LiveLoss(title="loss demo", interval=0)\ndisplay(live)\n'
    "for step in range(40):\n"
    "    live.update(loss=1.0 / (step + 1), accuracy=step / 40, val_loss=1.3 / (step + 1))\n"
    "live.finish()",
    # GradientFlow
    'flow = GradientFlow(title="flow demo", interval=0)\ndisplay(flow)\n'
    'v1 = tf.Variable([1.0, 1.0], name="dense/kernel:0")\n'
    'v2 = tf.Variable([1.0], name="dense_1/kernel:0")\n'
    "for step in range(6):\n"
    "    flow.update([tf.constant([0.5, 0.1]), tf.constant([2e-6])], [v1, v2])\n"
    "flow.finish()",
]
WIDGET_CLASSES = {"tape demo": ".eb-tape", "graph demo": ".eb-graphview",
                  "big graph": ".eb-graphview", "loss demo": ".eb-live",
                  "flow demo": ".eb-flow"}


@pytest.fixture(scope="module")
def demo_notebook(tmp_path_factory):
    """A notebook with one cell per widget, executed by nbclient and saved as a lesson is:
    stored outputs, no widget state, not trusted by anyone."""
    import nbclient
    import nbformat

    folder = tmp_path_factory.mktemp("widgets-demo")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in DEMO_CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbclient.NotebookClient(nb, timeout=120, store_widget_state=False,
                            resources={"metadata": {"path": str(folder)}}).execute()
    path = folder / "widgets_demo.ipynb"
    nbformat.write(nb, path)
    return path


def _kernel_idle(base, token, timeout=90):
    import json as _json
    import time as _time
    import urllib.request as _req

    deadline = _time.time() + timeout
    while _time.time() < deadline:
        with _req.urlopen(f"{base}/api/sessions?token={token}", timeout=5) as r:
            sessions = _json.load(r)
        if sessions and all(s["kernel"]["execution_state"] == "idle" for s in sessions):
            return sessions
        _time.sleep(0.3)
    raise TimeoutError("the kernel did not become idle")


def _shutdown_kernels(base, token):
    import json as _json
    import urllib.request as _req

    with _req.urlopen(f"{base}/api/sessions?token={token}", timeout=5) as r:
        sessions = _json.load(r)
    for s in sessions:
        _req.urlopen(_req.Request(f"{base}/api/sessions/{s['id']}?token={token}",
                                  method="DELETE"), timeout=10).close()


def _outputs_read(page, where):
    """Every widget cell shows its picture (title included) or its live view; no errors."""
    text = page.locator(".jp-Notebook").inner_text()
    assert "Error displaying widget" not in text and "model not found" not in text, where
    shown = {}
    for title, cls in WIDGET_CLASSES.items():
        live = page.locator(cls).count()
        shown[title] = "live" if live else None
    images = page.locator(".jp-OutputArea-output img").count()
    pictures = sum(1 for v in shown.values() if v is None)
    assert images >= pictures, (where, shown, images)
    return shown


def _open(page, base, token, app, name):
    url = (f"{base}/lab/tree/{name}" if app == "lab" else f"{base}/notebooks/{name}")
    page.goto(f"{url}?token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    _kernel_idle(base, token)
    # The widget manager restores models (from the kernel, then the notebook's saved state)
    # once the kernel is connected; until then a widget output says "Loading widget...".
    page.wait_for_function("() => !document.querySelector('.jp-Notebook').innerText"
                           ".includes('Loading widget')", timeout=60_000)
    page.wait_for_timeout(1000)


@pytest.mark.browser
@pytest.mark.parametrize("app, save_setting", [("lab", True), ("notebook", False)],
                         ids=["lab-with-make-lab-settings", "notebook-default-settings"])
def test_every_widget_stored_live_and_reopened(app, save_setting, demo_notebook, tmp_path):
    """JupyterLab as `make lab` and Binder set it up, and Notebook 7 as a plain install has
    it ("Save Widget State Automatically" off): in both, a reopened notebook redraws its
    widgets (notebook/static/keep_state.js asks for the state to be saved)."""
    problem = chromium_problem()
    if problem:
        pytest.fail(problem)
    name = demo_notebook.name
    shutil.copy(demo_notebook, tmp_path / name)
    ARTIFACTS.mkdir(exist_ok=True)
    shot = lambda page, what: page.screenshot(  # noqa: E731 - a one-line helper
        path=str(ARTIFACTS / f"widgets-{app}-{what}.png"), full_page=True)
    with jupyterlab(tmp_path, app=app, save_widget_state=save_setting) as (base, token), \
            chromium_page(height=1600) as page:
        # 1. Before anything runs: untrusted, the stored pictures read.
        _open(page, base, token, app, name)
        shot(page, "1-untrusted")
        shown = _outputs_read(page, "untrusted")
        assert set(shown.values()) == {None}, shown  # pictures, not widgets
        assert page.locator(".jp-OutputArea-output img").count() == len(WIDGET_CLASSES)

        # 2. Run every cell: live widgets, each answering one interaction.
        _kernel_idle(base, token)
        page.locator(".jp-Notebook").click()
        page.keyboard.press("Escape")
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        page.wait_for_selector(".eb-flow[data-steps='6']", timeout=90_000)
        _kernel_idle(base, token)
        for cls in set(WIDGET_CLASSES.values()):
            assert page.locator(cls).count() == list(WIDGET_CLASSES.values()).count(cls), cls
        tape = page.locator(".eb-tape")
        tape.locator("g.node", has_text="Tanh").first.click()
        tape.locator(".eb-side .eb-grad").wait_for(timeout=10_000)
        # The op's kernel and gradient rule, and the chain rule with this step's numbers.
        tape.locator(".eb-side .eb-kernel").wait_for(timeout=10_000)
        assert "np.tanh" in tape.locator(".eb-side .eb-kernel").inner_text()
        assert "square" in tape.locator(".eb-side .eb-grad-rule").inner_text()
        assert tape.locator(".eb-side .eb-chain .eb-contribution").count() == 1
        graph = page.locator(".eb-graphview").first
        graph.locator("g.node", has_text="Sum").first.click()  # a node: its op and code
        graph.locator(".eb-side .eb-kernel").wait_for(timeout=10_000)
        assert "float32[]" in graph.locator(".eb-side .eb-outputs").inner_text()
        # The If and the While are boxes holding their bodies; a node inside one answers.
        assert graph.locator("g.cluster").count() == 6  # If, then, else, While, cond, body
        graph.locator("g.node", has_text="Neg").first.click()
        assert "Neg" in graph.locator(".eb-side h5").inner_text()
        # Unused ops are dashed, and hidden on request.
        dead = graph.locator("g.node.eb-dead")
        assert dead.count() >= 1 and dead.first.is_visible()
        graph.locator(".eb-unused").uncheck()
        assert not dead.first.is_visible()
        graph.screenshot(path=str(ARTIFACTS / f"widgets-{app}-graphview.png"))
        # Text tabs are text, each its own: the IR before/after, generated code, AutoGraph.
        graph.locator(".eb-tabs button", has_text="IR text").click()
        assert graph.locator(".eb-content svg").count() == 0
        assert graph.locator(".eb-content h5").all_inner_texts() == [
            "as traced", "after the optimization passes"]
        assert "Exp(" in graph.locator(".eb-content pre").first.inner_text()
        graph.locator(".eb-tabs button", has_text="Generated code").click()
        assert "def " in graph.locator(".eb-content pre").inner_text()
        # 100+ nodes: natural-size text (no shrinking to a strip) in a box that scrolls;
        # the zoom buttons resize the drawing.
        big = page.locator(".eb-graphview").nth(1)
        big.scroll_into_view_if_needed()
        sizes = big.locator("g.node text").evaluate_all(
            "ts => ts.map(t => t.getBoundingClientRect().height)")
        assert len(sizes) > 100 and min(sizes) >= 10, (len(sizes), min(sizes))
        box = big.locator(".eb-content")
        assert box.evaluate("b => b.scrollHeight > b.clientHeight + 100")
        width = big.locator("svg").evaluate("s => s.getBoundingClientRect().width")
        big.locator("button[data-zoom=in]").click()
        assert big.locator("svg").evaluate("s => s.getBoundingClientRect().width") > width
        big.screenshot(path=str(ARTIFACTS / f"widgets-{app}-biggraph.png"))
        live = page.locator(".eb-live")
        live.locator(".eb-log").check()
        page.wait_for_function("() => document.querySelector('.eb-live .eb-panel')"
                               ".textContent.includes('log')", timeout=10_000)
        flow = page.locator(".eb-flow")
        assert "vanishing" in flow.inner_text()
        flow.locator(".eb-legend span").first.click()
        assert flow.locator(".eb-legend span.eb-off").count() == 1
        shot(page, "2-live")

        # 3. Save, stop the kernel, reopen: widgets come back from the saved state.
        page.locator(".jp-Cell .jp-InputPrompt").first.click()
        page.keyboard.press("Escape")
        page.keyboard.press("Control+s")
        saved = tmp_path / name
        page.wait_for_function("() => !document.title.startsWith('*')", timeout=10_000)
        for _ in range(50):
            if "application/vnd.jupyter.widget-state+json" in saved.read_text():
                break
            page.wait_for_timeout(200)
        else:
            raise AssertionError("the saved notebook has no widget state")
        _shutdown_kernels(base, token)
        _open(page, base, token, app, name)
        shot(page, "3-reopened")
        shown = _outputs_read(page, "reopened")
        assert set(shown.values()) == {"live"}, shown  # redrawn from the saved state


@pytest.mark.browser
def test_stored_widgets_read_in_nbconvert_html(demo_notebook, tmp_path):
    """nbconvert (what nbviewer and many sites use) shows every stored widget's picture,
    with no network: the notebook keeps no widget state, so no widget script is needed."""
    problem = chromium_problem()
    if problem:
        pytest.fail(problem)
    import nbconvert
    import nbformat

    html, _ = nbconvert.HTMLExporter().from_notebook_node(nbformat.read(demo_notebook, 4))
    assert "application/vnd.jupyter.widget-view+json" not in html  # no widget script to load
    page_path = tmp_path / "widgets_demo.html"
    page_path.write_text(html)
    ARTIFACTS.mkdir(exist_ok=True)
    with chromium_page(height=1400) as page:
        page.route("**/*", lambda route: route.abort() if not route.request.url.startswith(
            "file:") else route.continue_())  # offline, as a saved page on disk
        page.goto(page_path.as_uri())
        images = page.locator(".jp-OutputArea-output img")
        assert images.count() == len(WIDGET_CLASSES)
        for k in range(len(WIDGET_CLASSES)):  # each picture decoded and drawn at a readable size
            width = images.nth(k).evaluate("img => img.naturalWidth")
            assert width >= 300, (k, width)
        page.screenshot(path=str(ARTIFACTS / "widgets-nbconvert.png"), full_page=True)


# --- big widget states, reopened with "Save Widget State Automatically" off -------------------
BIG_CELLS = [
    "%load_ext eagerbook\nimport eagerbook as tf\n"
    "from eagerbook.notebook import GraphView, TapeView",
    # a tape of a thousand ops: a megabyte of SVG
    'x = tf.Variable([1.0, 2.0], name="x")\nwith tf.GradientTape() as tape:\n    y = x\n'
    "    for _ in range(500):\n        y = tf.tanh(y * 1.01)\n    loss = tf.reduce_sum(y)\n"
    'tape.gradient(loss, x)\nTapeView(tape, title="big tape")',
    # a graph of several hundred ops
    "@tf.function\ndef deep(x):\n    for _ in range(150):\n        x = tf.tanh(x * 1.01 + 0.1)\n"
    '    return x\ndeep(tf.constant([1.0]))\nGraphView(deep, title="big graph")',
]


@pytest.mark.browser
def test_big_widget_states_come_back_in_a_reopened_notebook(tmp_path):
    """A notebook saved with its widget state (megabytes: a tape of a thousand ops, a graph of
    hundreds) and opened with its kernel gone redraws every widget from that state, opening
    after opening. Each big widget used to put its SVG into the page as soon as its model
    arrived; the second of busy browser that took made the renderer still waiting for the
    other model give up ("model not found") in most openings (notebook/static/keep_state.js,
    drawWhenIdle)."""
    problem = chromium_problem()
    if problem:
        pytest.fail(problem)
    import nbclient
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in BIG_CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    # As the notebook is after Run All and save: outputs and the widget state, kept by
    # nbclient the way the front end keeps it.
    nbclient.NotebookClient(nb, timeout=180, store_widget_state=True,
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    path = tmp_path / "big_widgets.ipynb"
    nbformat.write(nb, path)
    assert path.stat().st_size > 2_000_000  # megabytes of widget state
    ARTIFACTS.mkdir(exist_ok=True)
    with jupyterlab(tmp_path, app="notebook", save_widget_state=False,
                    trusted=[path]) as (base, token), chromium_page(height=1600) as page:
        for opening in range(3):
            _open(page, base, token, "notebook", path.name)
            page.wait_for_timeout(2000)  # a renderer that gave up has said so by now
            page.screenshot(path=str(ARTIFACTS / "big-widgets-reopened.png"))
            text = page.locator(".jp-Notebook").inner_text()
            assert "model not found" not in text, f"opening {opening + 1}"
            assert page.locator(".eb-tape g.node").count() > 900, opening
            assert page.locator(".eb-graphview g.node").count() > 500, opening
            # The thousand-op tape scrolls in a box of at most a screen's height, its side
            # panel (the selected node's value and gradient) beside it.
            assert page.locator(".eb-tape .eb-graph").evaluate(
                "b => b.clientHeight <= innerHeight && b.scrollHeight > 10 * b.clientHeight")
            _shutdown_kernels(base, token)

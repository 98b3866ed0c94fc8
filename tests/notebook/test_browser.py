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
        for expected in ("W1:0", "W2:0", "BatchMatMulV2", "Tanh", "Square", "Sum"):
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

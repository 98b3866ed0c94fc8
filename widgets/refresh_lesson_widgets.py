"""Refresh the stored outputs of the widget and report cells of lessons, and nothing else.

    python widgets/refresh_lesson_widgets.py notebooks/04_eager_training.ipynb ...

Each lesson is executed in a fresh kernel (nbclient); only the cells whose stored output
holds a widget view, a drawing made by eagerbook.viz (a picture in HTML, e.g. ``%%eager
--show tapes``) or a ``%%eager`` report get the new outputs (their execution counts stay),
so the other cells and the notebook's metadata do not change. Widget state is not stored:
a lesson's saved widgets are the PNG pictures next to the widget view (see
eagerbook/notebook/widgets.py).
"""

import copy
import pathlib
import sys

import nbclient
import nbformat

WIDGET = "application/vnd.jupyter.widget-view+json"


def has_widget(cell):
    """A widget view, an eagerbook drawing (a PNG <img class="eb-drawing"> in HTML, or the
    Graphviz SVG reports held before), or a %%eager report (its HTML)."""
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        html = data.get("text/html", "")
        html = "".join(html) if isinstance(html, list) else html
        if WIDGET in data or 'class="eb-drawing"' in html or 'class="eb-report"' in html or (
                "<svg" in html and 'class="node"' in html):
            return True
    return False


def refresh(path):
    path = pathlib.Path(path)
    stored = nbformat.read(path, as_version=4)
    run = copy.deepcopy(stored)
    nbclient.NotebookClient(run, timeout=600, store_widget_state=False,
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    changed = 0
    for old, new in zip(stored.cells, run.cells):
        if old.cell_type == "code" and (has_widget(old) or has_widget(new)):
            for out in new.outputs:
                if "execution_count" in out:
                    out["execution_count"] = old.execution_count
            old.outputs = new.outputs
            changed += 1
    stored.metadata.pop("widgets", None)  # old widget state: its models are gone
    nbformat.write(stored, path)
    print(f"{path.name}: {changed} widget or report cell(s) refreshed")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        refresh(name)

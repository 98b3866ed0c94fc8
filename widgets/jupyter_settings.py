"""Turn on JupyterLab's "Save Widget State Automatically" for this environment.

With it, saving a notebook also saves the state of its widgets (anywidget's state includes
the widget's ES module), so after closing and reopening a notebook whose kernel is gone,
every widget is drawn again from that state instead of "Error displaying widget: model not
found" (with the setting off, notebook/static/keep_state.js asks for the same for notebooks that
show eagerbook widgets; this setting covers every widget library). JupyterLab and Notebook 7
both read ``<prefix>/share/jupyter/lab/settings/
overrides.d/*.json``; ``make lab`` and Binder's ``postBuild`` run this script.

    python widgets/jupyter_settings.py            # writes the file for sys.prefix
"""

import json
import pathlib
import sys

SETTINGS = {"@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True}}


def overrides_path(prefix=sys.prefix):
    return pathlib.Path(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / \
        "eagerbook.json"


def main():
    path = overrides_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(SETTINGS, indent=2) + "\n")
    print(f"widget state is saved with notebooks ({path})")


if __name__ == "__main__":
    main()

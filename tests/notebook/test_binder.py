"""Binder's setup, reproduced: a fresh venv, `pip install -r binder/requirements.txt` from the
repository root (as repo2docker does), then the pilot lessons executed in that venv.

This checks that the package, its notebook extra and the widget files shipped in the wheel are
enough to run the lessons. pip uses its usual index and its cache (PIP_CACHE_DIR is left
alone), so after the first run the install is mostly cache hits.
"""

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LESSONS = ["01_setup_and_basics.ipynb", "04_eager_training.ipynb"]


@pytest.mark.binder
def test_binder_requirements_run_the_pilot_lessons(tmp_path):
    assert (ROOT / "binder" / "apt.txt").read_text().split() == ["graphviz"]
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    # A copy of the repository, so the build leaves nothing behind in the working tree.
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(
        ".venv", ".git", "build", "*.egg-info", "__pycache__", "test-artifacts", ".*cache*"))
    install = subprocess.run([str(py), "-m", "pip", "install", "-q", "-r",
                              "binder/requirements.txt"], cwd=repo, env=env,
                             capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    # The installed package (not the checkout) must carry the widget files.
    check = subprocess.run([str(py), "-c", "import eagerbook.notebook.widgets as w, sys; "
                            "sys.stdout.write(str(w.STATIC))"], cwd=tmp_path, env=env,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    static = pathlib.Path(check.stdout)
    assert "site-packages" in str(static) and (static / "tape_view.js").exists()
    out = tmp_path / "out"
    for lesson in LESSONS:
        run = subprocess.run(
            [str(venv / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
             "--ExecutePreprocessor.timeout=600", "--output-dir", str(out),
             str(repo / "notebooks" / lesson)],
            cwd=repo / "notebooks", env=dict(env, EAGERBOOK_OFFLINE="1"),
            capture_output=True, text=True, timeout=900)
        assert run.returncode == 0, (lesson, run.stderr[-4000:])
        assert (out / lesson).exists()

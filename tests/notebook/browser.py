"""A private JupyterLab (or Notebook 7) on 127.0.0.1 and Debian's Chromium driven by Playwright.

Used by the real-browser test and by ``benchmarks``/screenshots. Nothing here talks to the
network: the server listens on localhost with a random token, the browser runs with its
background networking off and a fresh profile, and JupyterLab's news plugin is disabled.
"""

import contextlib
import importlib.util
import json
import os
import pathlib
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

CHROMIUM = os.environ.get("EAGERBOOK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


def chromium_problem():
    """None when the browser test can run, else a message saying what is missing."""
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return (f"Chromium not found at {CHROMIUM}: install Debian's package "
                "(`apt-get install chromium`, which `make test` does) or point "
                "EAGERBOOK_CHROMIUM at a Chromium binary.")
    try:
        import playwright.sync_api  # noqa: F401 - only whether it imports
    except ImportError:
        return "The playwright Python package is missing: pip install -e '.[test]'."
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _widget_settings():
    """The JupyterLab settings ``make lab`` installs (widgets/jupyter_settings.py)."""
    path = pathlib.Path(__file__).resolve().parents[2] / "widgets" / "jupyter_settings.py"
    spec = importlib.util.spec_from_file_location("eagerbook_jupyter_settings", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SETTINGS


WIDGET_SETTINGS = _widget_settings()


@contextlib.contextmanager
def jupyterlab(root_dir, startup_timeout=90, app="lab", save_widget_state=True, trusted=()):
    """Starts JupyterLab (`app="lab"`) or Notebook 7 (`app="notebook"`) serving `root_dir`;
    yields (base_url, token). Settings, trust database and runtime files live in a fresh
    temporary home, with widget state saved in notebooks as ``make lab`` sets it (or, with
    `save_widget_state=False`, the front end's default: not saved). The notebooks in
    `trusted` are signed in that home's trust database, as a learner's own saved notebook
    is: their widget views and saved widget state are shown from the start."""
    port, token = free_port(), secrets.token_hex(16)
    home = pathlib.Path(tempfile.mkdtemp(prefix="eagerbook-lab-"))
    if trusted:
        import nbformat
        from nbformat.sign import NotebookNotary

        (home / "data").mkdir()
        notary = NotebookNotary(data_dir=str(home / "data"))
        for path in trusted:
            notary.sign(nbformat.read(path, nbformat.NO_CONVERT))
    config = home / "config"
    (config / "labconfig").mkdir(parents=True)
    (config / "labconfig" / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    # No news feed, no update check, no PyPI extension manager: nothing leaves localhost.
    (config / "jupyter_server_config.json").write_text(json.dumps({"LabApp": {
        "news_url": None, "extension_manager": "readonly",
        "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}}))
    # Render every cell all the time (no windowing), so a widget further down the notebook
    # receives its updates while cells run, as it would on a tall screen.
    settings = home / "user-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    for plugin, values in (WIDGET_SETTINGS if save_widget_state else {}).items():
        folder, name = plugin.split(":")
        (home / "user-settings" / folder).mkdir(parents=True, exist_ok=True)
        (home / "user-settings" / folder / f"{name}.jupyterlab-settings").write_text(
            json.dumps(values))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(config), JUPYTER_RUNTIME_DIR=str(home / "rt"),
               JUPYTER_DATA_DIR=str(home / "data"),  # its own trust database
               JUPYTERLAB_SETTINGS_DIR=str(home / "user-settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
               EAGERBOOK_OFFLINE="1", PYTHONUNBUFFERED="1")
    jupyter = pathlib.Path(sys.executable).with_name("jupyter")
    log = open(home / "server.log", "wb")
    proc = subprocess.Popen(
        [str(jupyter), app, "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root_dir}",
         "--ServerApp.open_browser=False",
         "--ServerApp.port_retries=0"] + (["--allow-root"] if os.geteuid() == 0 else []),
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=str(root_dir))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + startup_timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError("JupyterLab exited:\n" + (home / "server.log").read_text())
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("JupyterLab did not start:\n"
                                       + (home / "server.log").read_text()) from None
                time.sleep(0.3)
        yield base, token
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        shutil.rmtree(home, ignore_errors=True)


@contextlib.contextmanager
def chromium_page(width=1280, height=1000):
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="eagerbook-chromium-")
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": width, "height": height})
        try:
            page = context.pages[0] if context.pages else context.new_page()
            yield page
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


def wait_for_idle_kernel(page, timeout_ms=90_000):
    """Waits until the status bar says the notebook's kernel is idle."""
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-StatusBar-Widget, .jp-KernelStatus')]
                 .some(e => /Idle/.test(e.textContent))""", timeout=timeout_ms, polling=250)


def run_all_cells(page, timeout_ms=240_000, on_poll=None):
    """Runs every cell of the open notebook through the Run menu; waits until all ran,
    calling ``on_poll(page)`` about four times a second meanwhile."""
    wait_for_idle_kernel(page)
    # Clear the stored outputs first, so every execution count seen afterwards is this run's.
    page.get_by_role("menuitem", name="Edit", exact=True).click()
    page.get_by_role("menuitem", name="Clear Outputs of All Cells", exact=True).click()
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                 .every(p => !/\\d/.test(p.textContent))""", timeout=10_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    # Done when every code cell shows an execution count: none is "[ ]" or busy "[*]".
    deadline = time.time() + timeout_ms / 1000
    while not page.evaluate(
            """() => {
                const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                    .map(p => p.textContent.trim());
                return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:?$/.test(p));
            }"""):
        if time.time() > deadline:
            raise TimeoutError(f"the notebook did not finish within {timeout_ms / 1000:.0f} s")
        if on_poll is not None:
            on_poll(page)
        page.wait_for_timeout(250)

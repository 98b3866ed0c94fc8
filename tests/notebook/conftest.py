import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output


class Shell:
    """An IPython shell with eagerbook's extension loaded; run() captures what a cell shows."""

    def __init__(self, ip):
        self.ip = ip

    def run(self, source):
        with capture_output() as captured:
            result = self.ip.run_cell(source)
        return result, captured

    @property
    def ns(self):
        return self.ip.user_ns


@pytest.fixture
def ipshell():
    ip = InteractiveShell.instance()
    for name in ("tf", "np"):
        ip.user_ns.pop(name, None)
    ip.run_line_magic("load_ext", "eagerbook")
    try:
        yield Shell(ip)
    finally:
        ip.run_line_magic("unload_ext", "eagerbook")
        for name in list(ip.user_ns):
            if not name.startswith("_") and name not in ip.user_ns_hidden:
                ip.user_ns.pop(name, None)


@pytest.fixture
def kept_tapes():
    from eagerbook.viz import tape as viz_tape

    viz_tape.keep_tapes(True)
    yield
    viz_tape.keep_tapes(False)


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives JupyterLab in headless Chromium")
    config.addinivalue_line("markers", "binder: installs binder/requirements.txt in a fresh venv")

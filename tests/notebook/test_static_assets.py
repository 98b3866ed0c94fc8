"""The widgets' browser code lives in one place, inside the package: eagerbook/notebook/static."""

import pathlib

import eagerbook.notebook.widgets as widgets_module

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "eagerbook" / "notebook" / "static"


def _assets(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix in (".js", ".css")}


def test_browser_code_has_one_home():
    """No second copy of the browser code outside the package to drift from the shipped one."""
    assert _assets(SHIPPED), "eagerbook/notebook/static has no .js/.css files"
    assert not _assets(ROOT / "widgets"), "widgets/ holds scripts only; the browser code is static/"


def test_every_widget_module_and_stylesheet_is_used():
    used = {widgets_module.TapeView._esm, widgets_module.GraphView._esm,
            widgets_module.GradientFlow._esm, widgets_module.LiveLoss._esm}
    assert {p.name for p in SHIPPED.glob("*.js")} == {pathlib.Path(str(u)).name for u in used} \
        or all("export default" in str(u) for u in used)
    for cls in (widgets_module.TapeView, widgets_module.LiveLoss):
        assert "export default" in str(cls._esm)  # anywidget read the file's contents


def test_modules_need_no_network():
    for path in SHIPPED.glob("*.js"):
        text = path.read_text()
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text and "import " not in text.split("export default")[0]


def test_package_data_includes_static_files():
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert "notebook/static/*" in pyproject


def test_every_widget_asks_for_its_state_to_be_saved():
    """keep_state.js comes first in each widget's module, and each render calls it."""
    for cls in (widgets_module.TapeView, widgets_module.GraphView, widgets_module.LiveLoss,
                widgets_module.GradientFlow):
        module = str(cls._esm)
        assert module.startswith((SHIPPED / "keep_state.js").read_text())
        render = module.split("function render(", 1)[1]
        assert render.split("\n", 2)[1].strip().startswith("keepWidgetState(model);")

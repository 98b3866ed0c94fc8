"""The Jupyter side of eagerbook: the IPython extension, its magics and the widgets.

    %load_ext eagerbook                  # registers %%eager and %%graph, defines tf and np
    from eagerbook.notebook import TapeView, GraphView, GradientFlow, LiveLoss

This is the only package that imports IPython, ipywidgets or anywidget. The widgets' browser
code is plain ES modules + CSS in ``eagerbook/notebook/static/``, shipped with the package.
"""

_WIDGETS = ("TapeView", "GraphView", "GradientFlow", "LiveLoss")


def load_ipython_extension(ipython):
    from .extension import load

    load(ipython)


def unload_ipython_extension(ipython):
    from .extension import unload

    unload(ipython)


def last_report():
    """The report object of the last ``%%eager`` cell."""
    from .magics import last_report as _last

    return _last()


def __getattr__(name):
    # Widgets import anywidget/ipywidgets: only when someone asks for one.
    if name in _WIDGETS:
        from . import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'eagerbook.notebook' has no attribute {name!r}")


__all__ = ["load_ipython_extension", "unload_ipython_extension", "last_report", *_WIDGETS]

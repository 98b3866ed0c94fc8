"""``%load_ext eagerbook`` / ``%unload_ext eagerbook``.

Loading registers the magics, puts ``tf`` (eagerbook) and ``np`` (NumPy) in the namespace
unless the user already has those names, and starts keeping tapes for viewing (a snapshot of
each tape at its ``gradient`` call, so a TapeView can draw it after a non-persistent tape
freed its entries). It also shows tracebacks the learner's way: eagerbook's own frames
hidden and a hint line for common mistakes (``tf.debugging.disable_traceback_filtering()``
shows everything). Loading twice changes nothing; unloading undoes all of it (names the
extension added are removed only if they still hold what it put there).
"""

import sys

import numpy as np

_loaded = {}  # id(shell) -> names we injected


def load(shell):
    # The package itself becomes `tf`. It is not imported here (that would close an import
    # cycle, package -> notebook -> extension -> package): Python always imports a package
    # before its submodules, so it is already in sys.modules.
    eagerbook = sys.modules[__name__.split(".")[0]]

    from ..viz import tape as viz_tape
    from .magics import EagerMagics

    if id(shell) in _loaded:
        return
    shell.register_magics(EagerMagics)
    injected = {}
    for name, value in (("tf", eagerbook), ("np", np)):
        if name not in shell.user_ns:
            shell.user_ns[name] = value
            injected[name] = value
    viz_tape.keep_tapes(True)
    _filter_tracebacks(shell, True)
    _loaded[id(shell)] = injected


def unload(shell):
    from ..viz import tape as viz_tape
    from .magics import EagerMagics

    injected = _loaded.pop(id(shell), None)
    if injected is None:
        return
    manager = shell.magics_manager
    for kind in ("cell", "line"):
        table = manager.magics[kind]
        for name in ("eager", "graph"):
            fn = table.get(name)
            if fn is not None and isinstance(getattr(fn, "__self__", None), EagerMagics):
                del table[name]
    manager.registry.pop("EagerMagics", None)
    for name, value in injected.items():
        if shell.user_ns.get(name) is value:
            del shell.user_ns[name]
    viz_tape.keep_tapes(False)
    _filter_tracebacks(shell, False)


def _filter_tracebacks(shell, on):
    """Wraps the shell's ``showtraceback`` so each traceback is filtered and hinted."""
    from ..autodiff import tape as tape_module
    from ..framework import traceback_utils

    listeners = tape_module.gradient_listeners
    if not on:
        original = shell.__dict__.pop("showtraceback", None)
        if traceback_utils.note_gradient in listeners:
            listeners.remove(traceback_utils.note_gradient)
        return original
    original = shell.showtraceback

    def showtraceback(exc_tuple=None, *args, **kwargs):
        try:
            etype, value, tb = exc_tuple if exc_tuple is not None else sys.exc_info()
            if value is not None and not isinstance(value, SyntaxError):
                exc_tuple = (etype, value, traceback_utils.prepare_for_display(value, tb))
        except Exception:  # noqa: BLE001 - showing the error must not fail on our account
            pass
        return original(exc_tuple, *args, **kwargs)

    shell.showtraceback = showtraceback
    listeners.append(traceback_utils.note_gradient)
    return showtraceback


def is_loaded(shell):
    return id(shell) in _loaded

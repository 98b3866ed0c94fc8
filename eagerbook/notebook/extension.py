"""``%load_ext eagerbook`` / ``%unload_ext eagerbook``.

Loading registers the magics, puts ``tf`` (eagerbook) and ``np`` (NumPy) in the namespace
unless the user already has those names, and starts keeping tapes for viewing (a snapshot of
each tape at its ``gradient`` call, so a TapeView can draw it after a non-persistent tape
freed its entries). Loading twice changes nothing; unloading undoes all of it (names the
extension added are removed only if they still hold what it put there).
"""

import numpy as np

_loaded = {}  # id(shell) -> names we injected


def load(shell):
    import eagerbook  # noqa: PLC0415

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


def is_loaded(shell):
    return id(shell) in _loaded

"""Execution context: who is listening to ops right now.

The op dispatcher asks one question per op: ``state.hooked``. It is False unless a
``GradientTape``, an observer (the ``%%eager`` magic) or a graph builder (``tf.function``
tracing) is active, so plain eager code pays a single attribute check for all of this.

Recorders implement a tiny protocol, called by the dispatcher after an op ran:

    recorder.record(op, inputs, outputs, attrs)      # op: the registry's OpDef
    recorder.record_variable_read(variable, tensor)  # a Variable was read into `tensor`

A graph builder is different: it runs *instead of* the kernel and returns symbolic outputs.
"""

import contextlib


class _State:
    __slots__ = ("recorders", "graph", "hooked", "device_stack", "name_scopes",
                 "run_functions_eagerly", "last_op_seconds")

    def __init__(self):
        self.recorders = []  # tapes and observers, innermost last
        self.graph = None  # the graph builder while tf.function traces, else None
        self.hooked = False
        self.device_stack = []  # device strings requested with tf.device (all run on the CPU)
        self.name_scopes = []  # tf.name_scope names, outermost first
        self.run_functions_eagerly = False
        self.last_op_seconds = 0.0  # kernel time of the last op run while hooked (observers)

    def refresh(self):
        self.hooked = bool(self.recorders) or self.graph is not None


state = _State()


def push_recorder(recorder):
    state.recorders.append(recorder)
    state.refresh()


def pop_recorder(recorder):
    """Removes `recorder` (not necessarily the innermost: tapes may exit out of order)."""
    for i in range(len(state.recorders) - 1, -1, -1):
        if state.recorders[i] is recorder:
            del state.recorders[i]
            break
    state.refresh()


@contextlib.contextmanager
def recorders_paused(which=None):
    """Temporarily silences `which` recorders (all of them when None)."""
    saved = list(state.recorders)
    if which is None:
        state.recorders[:] = []
    else:
        state.recorders[:] = [r for r in saved if r not in which]
    state.refresh()
    try:
        yield
    finally:
        state.recorders[:] = saved
        state.refresh()


@contextlib.contextmanager
def building_graph(builder):
    """Routes every op to `builder` (used by tf.function while it traces)."""
    saved_graph, saved_recorders = state.graph, list(state.recorders)
    state.graph = builder
    state.recorders[:] = []  # outer eager tapes do not see ops inside a trace
    state.refresh()
    try:
        yield builder
    finally:
        state.graph = saved_graph
        state.recorders[:] = saved_recorders
        state.refresh()


def executing_eagerly():
    """True unless called while ``tf.function`` traces a graph."""
    return state.graph is None


def run_functions_eagerly(run_eagerly):
    state.run_functions_eagerly = bool(run_eagerly)


def functions_run_eagerly():
    return state.run_functions_eagerly


@contextlib.contextmanager
def name_scope(name):
    """``tf.name_scope``: prefixes the names of Variables created inside it."""
    if name is None or name == "":
        yield ""
        return
    name = str(name).rstrip("/")
    state.name_scopes.append(name)
    try:
        yield "/".join(state.name_scopes) + "/"
    finally:
        state.name_scopes.pop()


def scoped_name(name):
    return "/".join(state.name_scopes + [name])

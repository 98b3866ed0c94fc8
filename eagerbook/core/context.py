"""Execution context: who is listening to ops right now.

The op dispatcher asks one question per op: ``state.hooked``. It is False unless a
``GradientTape``, an observer (the ``%%eager`` magic) or a graph builder (``tf.function``
tracing) is active, so plain eager code pays a single attribute check for all of this.

As in TensorFlow, all of that is per thread (``thread_state()``): a tape sees only the ops of
the thread that opened it, and a thread tracing a ``tf.function`` leaves the others eager.
``state.hooked`` itself is process-wide ("some thread records or traces"); when it is True the
dispatcher looks up the calling thread's state before taking the slow road.

Recorders implement a one-method protocol, called by the dispatcher after an op ran:

    recorder.record(op, inputs, outputs, attrs)      # op: the registry's OpDef

(a Variable read arrives as ``ReadVariableOp`` with the Variable as its input; a tape, the
thread's only recorder, gets ``record_one(op, inputs, output, attrs)`` for one-output ops).

A graph builder is different: it runs *instead of* the kernel and returns symbolic outputs.

Observers (``observe(callback)``) are recorders too: they turn each ``record`` call into an
``OpEvent`` carrying the kernel time and the user's source line, for the ``%%eager`` op log.
"""

import contextlib
import threading

from .op_events import OpEvent, user_location


class ThreadState:
    """What one thread is doing: its tapes/observers, the graph it traces, its scopes.

    TensorFlow keeps all of this per thread: a tape records only the ops of the thread that
    opened it, and while one thread traces a ``tf.function`` the others keep running eagerly."""

    __slots__ = ("recorders", "graph", "hooked", "device_stack", "name_scopes",
                 "last_op_seconds", "timing", "sole_record", "variables_made")

    def __init__(self):
        self.recorders = []  # tapes and observers, innermost last
        self.graph = None  # the graph builder while tf.function traces, else None
        self.hooked = False  # recorders or a graph: this thread's ops take the slow road
        self.device_stack = []  # device strings requested with tf.device (all run on the CPU)
        self.name_scopes = []  # tf.name_scope names, outermost first
        self.last_op_seconds = 0.0  # kernel time of the last op run while `timing`
        self.timing = False  # True while an observer is active: the dispatcher times kernels
        self.sole_record = None  # the only recorder's record_one (one-output ops), if it has one
        self.variables_made = 0  # tf.Variables this thread made: did a trace make any?

    def refresh(self):
        recorders = self.recorders  # (one tape, the common case, is told without a scan)
        if len(recorders) == 1 and self.graph is None and type(recorders[0]) is not _Observer:
            self.timing, sole = False, getattr(recorders[0], "record_one", None)
        elif recorders:
            self.timing, sole = _Observer in map(type, recorders), None  # observers: timing
        else:  # the last recorder left (every tape's exit): nothing to scan
            self.timing, sole = False, None
        self.sole_record = _sole.record = sole
        hooked = bool(recorders) or self.graph is not None
        if hooked is not self.hooked:
            (_hook_thread if hooked else _unhook_thread)(self)
        self.hooked = hooked

    def __del__(self):  # a thread ended inside a `with GradientTape()`: stop counting it
        if self.hooked:
            _unhook_thread(self)


class _PerThread(threading.local):
    def __init__(self):  # runs once in every thread that touches the context
        self.state = ThreadState()


_per_thread = _PerThread()
# The dispatcher's per-op question, "this thread's sole_record?", kept apart in a plain
# threading.local: reading it skips the subclass's generic lookup (~120 instructions per op).
# A thread that never recorded has no `record` attribute (AttributeError: no tape).
_sole = threading.local()
_hooked_threads = set()  # id() of each ThreadState that records or traces


def thread_state():
    """The calling thread's ``ThreadState``."""
    return _per_thread.state


# No lock around `state.hooked` (taking one costs about a microsecond here, twice per tape):
# set.add/discard are atomic, and a thread that clears the flag looks at the set again after,
# so the flag may stay True a moment longer than needed but is never False while one records.
def _hook_thread(here):
    _hooked_threads.add(id(here))
    state.hooked = here.hooked = True


def _unhook_thread(here):
    here.hooked = False
    _hooked_threads.discard(id(here))
    if not _hooked_threads:
        state.hooked = False
        if _hooked_threads:  # another thread started recording meanwhile
            state.hooked = True


class _Context:
    """``context.state``: one object for the whole process, each thread seeing its own part.

    ``hooked`` is the dispatcher's one question per op, kept as a plain attribute (a
    thread-local lookup costs several times more): True while *any* thread records or traces.
    The hooked road then asks ``thread_state()`` whether *this* thread does. The other
    attributes forward to the calling thread's ``ThreadState``, except the two settings TF
    keeps for the whole process (``tf.config.run_functions_eagerly``, soft device placement).
    """

    __slots__ = ("hooked", "run_functions_eagerly", "soft_placement")

    def __init__(self):
        self.hooked = False
        self.run_functions_eagerly = False
        self.soft_placement = True  # TF 2 eager default: ops fall back to the CPU

    @property
    def graph(self):
        return _per_thread.state.graph if self.hooked else None

    @graph.setter
    def graph(self, builder):
        here = _per_thread.state
        here.graph = builder
        here.refresh()

    recorders = property(lambda self: _per_thread.state.recorders if self.hooked else ())
    timing = property(lambda self: self.hooked and _per_thread.state.timing)
    last_op_seconds = property(lambda self: _per_thread.state.last_op_seconds)
    device_stack = property(lambda self: _per_thread.state.device_stack)
    name_scopes = property(lambda self: _per_thread.state.name_scopes)


state = _Context()


def push_recorder(recorder):
    here = _per_thread.state
    here.recorders.append(recorder)
    if not here.hooked and hasattr(recorder, "record_one"):  # a thread's first tape (the usual
        here.sole_record = _sole.record = recorder.record_one  # case): refresh()'s outcome
        return _hook_thread(here)
    here.refresh()


def pop_recorder(recorder):
    """Removes `recorder` (not necessarily the innermost: tapes may exit out of order)."""
    here = _per_thread.state
    if here.sole_record is not None and here.recorders[0] is recorder:  # the thread's only tape
        here.recorders.clear()  # leaves (the usual case): refresh()'s outcome, spelled out
        here.sole_record = _sole.record = None
        return _unhook_thread(here)
    for i in range(len(here.recorders) - 1, -1, -1):
        if here.recorders[i] is recorder:
            del here.recorders[i]
            break
    here.refresh()


@contextlib.contextmanager
def recorders_paused(which=None):
    """Temporarily silences `which` recorders (all of them when None)."""
    here = _per_thread.state
    saved = list(here.recorders)
    if which is None:
        here.recorders[:] = []
    else:
        here.recorders[:] = [r for r in saved if r not in which]
    here.refresh()
    try:
        yield
    finally:
        here.recorders[:] = saved
        here.refresh()


def tapes_paused():
    """Silences every recorder except observers (which still log the ops that run)."""
    return recorders_paused([r for r in _per_thread.state.recorders if type(r) is not _Observer])


@contextlib.contextmanager
def building_graph(builder):
    """Routes every op of this thread to `builder` (used by tf.function while it traces)."""
    here = _per_thread.state
    saved_graph, saved_recorders = here.graph, list(here.recorders)
    here.graph = builder
    here.recorders[:] = []  # outer eager tapes do not see ops inside a trace
    here.refresh()
    try:
        yield builder
    finally:
        here.graph = saved_graph
        here.recorders[:] = saved_recorders
        here.refresh()
        if getattr(builder, "namer", None) is not None:  # (it lets go of its caller's frame)
            builder.namer.forget_call()


def executing_eagerly():
    """True unless called while ``tf.function`` traces a graph (in this thread)."""
    return state.graph is None


def run_functions_eagerly(run_eagerly):
    state.run_functions_eagerly = bool(run_eagerly)


def functions_run_eagerly():
    return state.run_functions_eagerly


@contextlib.contextmanager
def name_scope(name):
    """``tf.name_scope``: prefixes the names of Variables created inside it (in this thread)."""
    if name is None or name == "":
        yield ""
        return
    name = str(name).rstrip("/")
    if getattr(_per_thread.state.graph, "namer", None) is not None:  # unique, as TF's are
        name = _per_thread.state.graph.namer.scope_name(name)
    scopes = _per_thread.state.name_scopes
    scopes.append(name)
    try:
        yield "/".join(scopes) + "/"
    finally:
        scopes.pop()


def scoped_name(name):
    return "/".join(_per_thread.state.name_scopes + [name])


# --- observers: the op log of the %%eager magic -------------------------------------------------
class _Observer:
    """A recorder that reports every op (and Variable read) to a callback."""

    __slots__ = ("callback", "include_variable_reads")

    def __init__(self, callback, include_variable_reads):
        self.callback = callback
        self.include_variable_reads = include_variable_reads

    def record(self, op, inputs, outputs, attrs):
        seconds = _per_thread.state.last_op_seconds
        if op.name == "ReadVariableOp":  # a Variable read: no kernel ran, nothing was timed
            if not self.include_variable_reads:
                return
            seconds = 0.0
        filename, lineno = user_location()
        self.callback(OpEvent(op, op.name, inputs, outputs, attrs, seconds, filename, lineno))


@contextlib.contextmanager
def observe(callback, include_variable_reads=True):
    """Calls ``callback(event)`` with an ``OpEvent`` for every op executed inside the block.

        events = []
        with observe(events.append):
            y = tf.constant(2.0) * 3.0
        events[0].name, events[0].lineno   # ('Mul', <this line>)

    Ops run by a tape computing gradients are reported too (they are real ops). Ops inside a
    ``tf.function`` trace are not: tracing hides eager recorders. Observers nest; each sees
    everything run inside its own block.
    """
    observer = _Observer(callback, include_variable_reads)
    push_recorder(observer)
    try:
        yield observer
    finally:
        pop_recorder(observer)


VARIABLES_MADE = [0]  # tf.Variables made so far: tf.function retraces a first trace that made some

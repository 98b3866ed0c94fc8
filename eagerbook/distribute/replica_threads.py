"""``strategy.run(fn)`` with several replicas: one thread per replica, as TF's MirroredStrategy.

Each replica runs ``fn`` in a thread of its own, so it has its own execution state (tapes,
name scopes, the graph being traced: eagerbook keeps those per thread, core/context.py) and
its own ``ReplicaContext``. The threads never run at the same time: the caller's thread (the
*coordinator*) lets them run one after the other, in replica order, each until it either
finishes or stops at a ``merge_call``. When every replica waits at its merge_call, the
coordinator runs the merge function once, in the cross-replica context, with the replicas'
arguments gathered into ``PerReplica`` values; each replica then continues with its part of
the result. ``all_reduce``, ``all_gather`` and an aggregated ``MirroredVariable`` update are
merge_calls. Taking turns this way keeps every run deterministic (the same order each time)
and needs no locks in the engine.

If a replica raises, the coordinator stops the others (each waiting replica leaves its
merge_call at once) and raises the error in the caller, as TF does.
"""

import threading

from ..core import context
from ..core.variable_creators import creators_installed, current_creators
from .replica_state import scopes
from .values import regroup, select_replica


class _Stopped(BaseException):
    """Raised in a replica waiting at a merge_call when another replica failed: it unwinds
    the replica's function (a BaseException, so that ``except Exception`` lets it pass)."""


class _Turns:
    """What the coordinator and one replica thread hand each other."""

    def __init__(self):
        self.go = threading.Event()  # the coordinator lets the replica run
        self.paused = threading.Event()  # the replica stopped: at a merge_call, or finished
        self.done = False
        self.result = self.error = None
        self.merge = None  # (merge_fn, args, kwargs) while the replica waits at a merge_call
        self.merge_result = None
        self.variables_made = 0  # by the replica's thread: counted as the caller's (a trace
        # that calls `run` made them)


class ReplicaRun:
    """One ``strategy.run`` over several replicas (TF's ``_call_for_each_replica``)."""

    def __init__(self, strategy, make_context):
        self.strategy = strategy
        self.make_context = make_context  # replica id -> its ReplicaContext
        self.stopping = False
        self.created = []  # the variables replica 0 made: later replicas share them

    def __call__(self, fn, args_per_replica, kwargs_per_replica):
        inherited = _Inherited(self)
        turns = [_Turns() for _ in args_per_replica]
        threads = [threading.Thread(target=self._replica, daemon=True,
                                    name=f"replica_{r}",
                                    args=(r, turns[r], inherited, fn, args_per_replica[r],
                                          kwargs_per_replica[r]))
                   for r in range(len(turns))]
        for thread in threads:
            thread.start()
        try:
            self._coordinate(turns)
        finally:
            self.stopping = True
            for turn in turns:  # a waiting replica wakes, sees `stopping`, and unwinds
                turn.go.set()
            for thread in threads:
                thread.join(timeout=60)
            context.thread_state().variables_made += sum(t.variables_made for t in turns)
        return regroup([turn.result for turn in turns])

    def _coordinate(self, turns):
        while True:
            for turn in turns:  # one replica at a time, in order
                turn.go.set()
                turn.paused.wait()
                turn.paused.clear()
                if turn.error is not None:
                    raise turn.error.with_traceback(turn.error.__traceback__)
            if all(turn.done for turn in turns):
                return
            if any(turn.done for turn in turns):
                raise RuntimeError("Some replicas made a different number of "
                                   "replica_context().merge_call() calls.")
            self._merge(turns)

    def _merge(self, turns):
        """Every replica waits at a merge_call: run its function once, cross-replica."""
        merge_fn = turns[0].merge[0]
        args = regroup([turn.merge[1] for turn in turns])
        kwargs = regroup([turn.merge[2] for turn in turns])
        result = merge_fn(self.strategy, *args, **kwargs)
        for replica, turn in enumerate(turns):
            turn.merge_result = select_replica(replica, result)

    def _replica(self, replica, turn, inherited, fn, args, kwargs):
        turn.go.wait()
        turn.go.clear()
        try:
            if not self.stopping:
                with inherited.entered(replica, turn):
                    turn.result = fn(*args, **kwargs)
        except _Stopped:
            pass
        except BaseException as error:  # handed to the coordinator, raised in the caller
            turn.error = error
        finally:
            turn.variables_made = context.thread_state().variables_made
            turn.done = True
            turn.paused.set()

    def merge_call(self, turn, merge_fn, args, kwargs):
        """In a replica thread: wait for the others, get this replica's part of the result."""
        turn.merge = (merge_fn, args, kwargs)
        turn.paused.set()
        turn.go.wait()
        turn.go.clear()
        if self.stopping:
            raise _Stopped()
        turn.merge = None
        return turn.merge_result


class _Inherited:
    """What a replica thread takes over from the caller's thread: the strategies in scope,
    the variable creators, the devices, and the graph being traced with its name scopes
    (when ``run`` is called inside a tf.function, every replica adds its ops to it)."""

    def __init__(self, run):
        here = context.thread_state()
        self.run = run
        self.strategies = list(scopes().strategies)
        self.creators = current_creators()
        # (an eager name scope stays in its thread, as TF's eager context does; a traced
        # graph's name scope is the graph's, which every replica adds its ops to)
        self.name_scopes = list(here.name_scopes) if here.graph is not None else []
        self.devices = list(here.device_stack)
        self.graph = here.graph

    def entered(self, replica, turn):
        return _Entered(self, replica, turn)


class _Entered:
    """The replica thread's state while it runs (a context manager)."""

    def __init__(self, inherited, replica, turn):
        self.inherited, self.replica, self.turn = inherited, replica, turn

    def __enter__(self):
        inherited, here = self.inherited, context.thread_state()
        state = scopes()
        state.strategies[:] = inherited.strategies
        replica_context = inherited.run.make_context(self.replica)
        replica_context._turn = (inherited.run, self.turn)
        state.replica.append(replica_context)
        here.name_scopes[:] = inherited.name_scopes
        here.device_stack[:] = inherited.devices
        if inherited.graph is not None:
            context.state.graph = inherited.graph
        creators = inherited.creators + [_SharedVariables(inherited.run, self.replica)]
        self.creators = creators_installed(creators)
        self.creators.__enter__()

    def __exit__(self, *exc):
        self.creators.__exit__(*exc)
        if self.inherited.graph is not None:
            context.state.graph = None
        return False


class _SharedVariables:
    """The innermost variable creator of a replica thread (TF's shared variable creator):
    replica 0 makes the variables (its strategy's creator makes them distributed); the
    others get, in the same order, the ones replica 0 made."""

    def __init__(self, run, replica):
        self.run, self.replica, self.count = run, replica, 0

    def __call__(self, next_creator, **kwargs):
        if self.replica == 0:
            variable = next_creator(**kwargs)
            self.run.created.append(variable)
            return variable
        self.count += 1
        if self.count <= len(self.run.created):
            return self.run.created[self.count - 1]
        return next_creator(**kwargs)

"""Per thread, as in TF: the strategies whose scope is open, and the replica being run.

The main thread of ``strategy.run`` is in the *cross-replica* context (a scope is open, no
replica runs); each replica thread starts with its caller's scopes and its own
``ReplicaContext`` on top, so ``get_replica_context()`` there tells which replica it is.
"""

import threading


class _State(threading.local):
    def __init__(self):  # runs once in every thread that asks
        self.strategies = []  # the strategies whose scope is open, innermost last
        self.replica = []  # the ReplicaContext of the replica this thread runs, if any


_state = _State()


def scopes():
    """This thread's distribution state (``strategies`` and ``replica`` stacks)."""
    return _state


def replica_id_of(strategy):
    """The replica of `strategy` this thread runs (an int), else None (the cross-replica or
    default context, or another strategy's replica)."""
    replicas = _state.replica
    if replicas and replicas[-1]._strategy is strategy:
        return replicas[-1]._replica_id
    return None

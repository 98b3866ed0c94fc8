"""How a tape knows which tensors it tracks, and its records as OpRecords (for autodiff/tape.py).

A tape asks once per op "is one of the inputs tracked?". Each tensor it tracks carries the
tape's mark (a weak reference to the tape) in its ``_tape_mark`` slot, so the question is a
slot read and an identity test; an id()-keyed dict of tracked tensors cost ~1,400 interpreter
instructions per op more (each id() makes an int). A tensor tracked by several tapes (nested
tapes, a persistent tape kept while another records) holds a tuple of their marks; marks of
tapes gone are dropped when a new one is added, so a constant watched by a tape per step does
not collect them. Variables are not marked: a tape tracks them by id (``watched_variables``).
"""

import threading

from ..ops.backprop import carries_gradient
from ..ops.registry import OpRecord

_marking = threading.Lock()  # (two threads' tapes may watch one tensor at the same moment)


def mark(tensor, tape_mark):
    """Marks `tensor` as tracked by the tape of `tape_mark`, keeping other live tapes' marks."""
    with _marking:
        old = getattr(tensor, "_tape_mark", None)
        if old is None or (type(old) is not tuple and old() is None):
            tensor._tape_mark = tape_mark  # (the common case: no other live tape tracks it)
        elif old is not tape_mark and (type(old) is not tuple or tape_mark not in old):
            marks = old if type(old) is tuple else (old,)
            tensor._tape_mark = tuple(m for m in marks if m() is not None) + (tape_mark,)


def tracks(tape, x):
    """Whether `tape` tracks `x` (a tensor, or a Variable: tracked by its id, not marked)."""
    found = getattr(x, "_tape_mark", None)
    if found is None:
        return id(x) in tape.watched_variables
    return found is tape.mark or (type(found) is tuple and tape.mark in found)


def tracks_any(tape, inputs):
    return any(tracks(tape, x) for x in inputs)


def as_entries(records):
    """A tape's records, tuples (op, inputs, output or outputs, attrs) while it records (cheaper
    to make), as OpRecords for viewers (the backward sweep reads the tuples itself)."""
    entries = []
    for record in records:
        entry = object.__new__(OpRecord)  # (no __init__ call, as in backprop)
        entry.op, entry.inputs, entry._outputs, entry.attrs = record
        entries.append(entry)
    return entries


def tracked_objects(tape):
    """id -> object of every tensor and Variable `tape` tracks (for viewers of a tape)."""
    tracked = {id(t): t for t in tape.watched_tensors}
    tracked.update(tape.watched_variables)
    for _, _, outputs, _ in tape.records:
        for y in outputs if type(outputs) is tuple else (outputs,):
            if carries_gradient(y):
                tracked[id(y)] = y
    return tracked

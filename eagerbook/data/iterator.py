"""Iterators over datasets: what ``iter(dataset)`` returns, and TF 1.x's ``tfe.Iterator``.

An iterator can be saved in a checkpoint (``tf.train.Checkpoint(iterator=it)``), as in TF. Its
saved state is one int64 Variable: how many elements it has produced, and the epoch counters of
the shuffles in the pipeline when it started. Restoring replays the pipeline from its start up
to that position (TF saves its buffers instead): the same elements follow for any pipeline
whose functions are deterministic, at the cost of recomputing the skipped elements.

This module does not import ``dataset``: datasets make iterators, never the reverse.
"""

import threading

import numpy as np

from ..core import context, errors
from ..core.variable import Variable
from ..graph.autograph import runtime
from .op_errors import element_error, end_of_sequence
from .optional import _OptionalImpl


def _shuffles(dataset):
    """The datasets in the pipeline that keep an epoch counter (shuffles), inputs first."""
    found, stack, seen = [], [dataset], set()
    while stack:
        d = stack.pop()
        if id(d) in seen:
            continue
        seen.add(id(d))
        if hasattr(d, "_epoch"):
            found.append(d)
        stack.extend(d._inputs())
    return found


class OwnedIterator:
    """One pass over a dataset. ``next(it)`` raises ``StopIteration`` at the end;
    ``it.get_next()`` raises ``tf.errors.OutOfRangeError`` as TensorFlow does."""

    def __init__(self, dataset):
        if not callable(getattr(dataset, "_iterate", None)):
            raise TypeError(f"Expected a tf.data.Dataset, got {type(dataset).__name__}")
        self._dataset = dataset
        self._shuffled = _shuffles(dataset)
        self._start_epochs = [d._epoch for d in self._shuffled]
        self._it = dataset._iterate()
        self._position = 0
        self._state = None  # the checkpointed Variable, made when a checkpoint asks for it
        self._saved = None  # the array last written into it (a restore replaces it)
        # Threads sharing the iterator take turns (as TF's does): each element goes to one
        # of them (a Python generator advanced by two threads at once raises ValueError).
        self._lock = threading.RLock()

    @property
    def element_spec(self):
        return self._dataset.element_spec

    @property
    def _type_spec(self):
        return IteratorSpec(self.element_spec)

    def __iter__(self):
        return self

    def __next__(self):
        if context.state.graph is not None:  # in a tf.function trace (even without
            return runtime.graph_next(self)  # AutoGraph): an op taking an element per run
        return self._take()

    def _take(self):
        """The next element, counted (what a checkpoint saves); StopIteration at the end.
        The ops that take elements inside a tf.function call this too."""
        with self._lock:
            return self._take_unlocked()

    def _take_unlocked(self):
        if self._state is not None and self._state._value is not self._saved:
            self._restore()
        try:
            element = next(self._it)
        except errors.OpError as exc:  # the kernel's words in the frame of TF's op
            reframed = element_error(exc, "IteratorGetNext", self.element_spec)
            if reframed is None:
                raise
            raise reframed.with_traceback(exc.__traceback__) from None
        self._position += 1
        return element

    def next(self):
        return self.__next__()

    def get_next(self, name=None):
        if context.state.graph is not None:
            return runtime.graph_next(self)
        try:
            return self.__next__()
        except StopIteration:
            raise end_of_sequence(self.element_spec) from None

    def get_next_as_optional(self):
        """The next element as a ``tf.experimental.Optional`` (empty at the end)."""
        if context.state.graph is not None:
            return runtime.graph_next_as_optional(self)
        try:
            return _OptionalImpl(self.__next__(), self.element_spec)
        except StopIteration:
            return _OptionalImpl(None, self.element_spec)

    # --- checkpoints ------------------------------------------------------------------------------
    def _state_array(self):
        return np.array([self._position] + self._start_epochs, dtype=np.int64)

    def _trackable_children(self):
        """What a checkpoint saves: the position, brought up to date when it is asked for."""
        array = self._state_array()
        if self._state is None:
            self._state = Variable(array, trainable=False, name="iterator_state")
        else:
            self._state._value = array
        self._saved = self._state._value
        return {".ATTRIBUTES/ITERATOR_STATE": self._state}  # TF's key for an iterator

    def _restore(self):
        """A checkpoint gave the state Variable a new value: replay up to that position."""
        state = self._state._value
        if state.shape != (1 + len(self._shuffled),):
            raise errors.InvalidArgumentError(
                None, None, "The checkpointed iterator state does not match this pipeline "
                            "(different number of shuffles).")
        position, epochs = int(state[0]), [int(e) for e in state[1:]]
        for shuffle, epoch in zip(self._shuffled, epochs, strict=True):
            shuffle._epoch = epoch
        self._start_epochs = epochs
        self._it = self._dataset._iterate()
        self._position = 0
        self._saved = state
        for _ in range(position):
            try:
                next(self._it)
            except StopIteration:
                break
            self._position += 1

    # (printed as Python prints objects, as TF's iterator is: <...OwnedIterator object at 0x...>)


class Iterator(OwnedIterator):
    """``tf.contrib.eager.Iterator(dataset)`` from the TF 1.x eager announcement: a Python
    iterator over the dataset's elements (in TF 2, ``iter(dataset)`` does the same)."""


__all__ = ["Iterator", "OwnedIterator"]


class IteratorSpec:
    """``tf.data.IteratorSpec``: the spec of an iterator over elements of `element_spec`."""

    def __init__(self, element_spec):
        self._element_spec = element_spec

    @staticmethod
    def from_value(value):
        return IteratorSpec(value.element_spec)

    @property
    def element_spec(self):
        return self._element_spec

    def is_compatible_with(self, spec_or_value):
        other = getattr(spec_or_value, "_type_spec", spec_or_value)
        return isinstance(other, IteratorSpec) and other._element_spec == self._element_spec

    # --- in a tf.function's input_signature (graph/function.py) --------------------------------
    def _traced_argument(self, placeholder):
        """What the function traces with: an iterator whose ``get_next`` reads the iterator a
        call passes, when the compiled code runs."""
        return runtime.ArgumentIterator(placeholder, self._element_spec)

    def _passed_argument(self, value):
        """An iterator a call passes for this spec, as the compiled code takes it."""
        return runtime.PassedIterator(value) if isinstance(value, OwnedIterator) else value

    @property
    def value_type(self):
        return OwnedIterator

    def __eq__(self, other):
        return isinstance(other, IteratorSpec) and other._element_spec == self._element_spec

    def __hash__(self):
        return hash(repr(self))

    def __repr__(self):
        # TF prints the spec's components as a one-element tuple.
        return f"IteratorSpec({self._element_spec!r},)"

"""TF 1.x's dataset iterators: ``tf.compat.v1.data.make_one_shot_iterator(dataset)`` and
``make_initializable_iterator(dataset)``.

In a TF 1.x graph, ``iterator.get_next()`` is one op (``IteratorGetNext``) whose outputs are the
next element: every ``sess.run`` that needs them takes one element, and the run after the last
raises ``tf.errors.OutOfRangeError`` (the end of an epoch in TF 1.x loops). The op pulls from a
Python iterator over the dataset, started on first use (one-shot) or by running
``iterator.initializer`` (initializable: running it again starts over). Eagerly, both
functions give the dataset's ordinary iterator, as TF 2 does.
"""

import numpy as np

from ..core import context, errors, nest
from ..core.tensor import _from_numpy
from ..ops.registry import execute
from . import deferred_datasets
from .autograph.runtime import ITERATOR_NEXT
from .session import _RUNNING, _graph_being_built, _NoOp


class Iterator:
    """A TF 1.x iterator over a dataset in a graph (see the module docstring)."""

    def __init__(self, dataset, initializable):
        self._dataset = dataset
        self._initializable = initializable
        self._python_iterator = None
        self.element_spec = dataset.element_spec
        self._initializer = _NoOp(_graph_being_built().unique_name("MakeIterator"),
                                  "MakeIterator", effect=self._start) if initializable else None

    @property
    def initializer(self):
        if self._initializer is None:
            raise ValueError("The iterator does not have an initializer. This means it was "
                             "likely created using `tf.data.Dataset.make_one_shot_iterator()`. "
                             "For an initializable iterator, use "
                             "`tf.data.Dataset.make_initializable_iterator()` instead.")
        return self._initializer

    def _start(self, session=None, feed_dict=None):
        """Starts over; a dataset made from tensors of the graph (placeholders fed in this
        run, say) is made from their values now, as TF's MakeIterator reads them."""
        dataset = self._dataset
        tensors = deferred_datasets.symbolic_inputs(dataset, [], set())
        if tensors:
            session = session or _running_session()
            if session is None:
                raise errors.FailedPreconditionError(
                    None, None, "The iterator's dataset reads tensors of the graph: run "
                                "its initializer in a session.")
            values = session.run(tensors, feed_dict=feed_dict)
            with context.building_graph(None):
                dataset = deferred_datasets.rebuilt(dataset, {
                    id(t): _from_numpy(np.asarray(v)) for t, v in zip(tensors, values)})
        with context.building_graph(None):
            self._python_iterator = iter(dataset)

    def get_next(self, name=None):
        """The next element, as tensors of the graph (one op: each run takes one element)."""
        specs = tuple((spec.dtype, spec.shape.as_list() if spec.shape.rank is not None
                       else None) for spec in nest.flatten(self.element_spec))
        outputs = execute(ITERATOR_NEXT, (), {"iterator": self, "specs": specs})
        outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        return nest.pack_sequence_as(self.element_spec, list(outputs))

    @property
    def _it(self):  # the Python iterator the IteratorGetNext op pulls from, when it runs
        if self._python_iterator is None:
            if self._initializable:
                raise errors.FailedPreconditionError(
                    None, None, "GetNext() failed because the iterator has not been "
                                "initialized. Ensure that you have run the initializer operation "
                                "for this iterator before getting the next element.")
            self._start()  # (a one-shot iterator: in the session running its get_next)
        return self._python_iterator


def make_one_shot_iterator(dataset):
    """An iterator that goes through `dataset` once (in a graph: see the module docstring)."""
    if _graph_being_built() is None:
        return iter(dataset)
    placeholder = _placeholder_read(deferred_datasets.symbolic_inputs(dataset, [], set()))
    if placeholder is not None:  # (TF's one-shot iterator holds the values it reads)
        raise ValueError(f"Cannot capture a placeholder (name:{placeholder.name}, "
                         f"type:Placeholder) by value.")
    return Iterator(dataset, initializable=False)


def _placeholder_read(tensors):
    """The first placeholder op the values of `tensors` depend on, or None."""
    seen, pending = set(), [t.op for t in tensors]
    while pending:
        op = pending.pop(0)
        if id(op) in seen:
            continue
        seen.add(id(op))
        if op.type in ("Placeholder", "PlaceholderWithDefault"):
            return op
        pending.extend(t.op for t in op.inputs)
    return None


def _running_session():
    return _RUNNING.sessions[-1] if _RUNNING.sessions else None


def make_initializable_iterator(dataset, shared_name=None):
    """An iterator that starts over each time ``iterator.initializer`` runs."""
    if _graph_being_built() is None:
        raise RuntimeError("dataset.make_initializable_iterator is not supported when eager "
                           "execution is enabled. Use `for element in dataset` instead.")
    return Iterator(dataset, initializable=True)


def get_output_types(dataset_or_iterator):
    return nest.map_structure(lambda spec: spec.dtype, dataset_or_iterator.element_spec)


def get_output_shapes(dataset_or_iterator):
    return nest.map_structure(lambda spec: spec.shape, dataset_or_iterator.element_spec)

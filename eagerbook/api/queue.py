"""``tf.queue``: FIFOQueue, eagerly.

A queue holds tuples of tensors ("components"), each of a fixed dtype and, optionally, shape.
``enqueue`` adds one element, ``enqueue_many`` splits its tensors along their first axis into
several; ``dequeue`` takes one, ``dequeue_many(n)`` stacks n (the shapes must be declared),
``dequeue_up_to(n)`` takes what is left once the queue is closed. A closed queue refuses new
elements (CancelledError) and an empty closed one has nothing to give (OutOfRangeError).

In TF a full queue's enqueue, or an empty open queue's dequeue, waits for another thread to
make room or add an element. eagerbook runs one thread, so nothing could ever wake it: it
raises instead of waiting forever (DeadlineExceededError, saying why).
"""

import collections
import itertools

import numpy as np

from ..core import dtypes, errors
from ..core.shape import TensorShape
from ..core.tensor import _from_numpy, convert_to_tensor
from ..ops import array_ops
from ..ops.support import tf_type_name

_ids = itertools.count()


class QueueBase:
    """A queue of elements, each a tuple of tensors with the queue's dtypes."""

    _kind = "Queue"

    def __init__(self, dtypes_, shapes, names, name):
        self._dtypes = [dtypes.as_dtype(d) for d in (
            dtypes_ if isinstance(dtypes_, (list, tuple)) else [dtypes_])]
        if shapes is None:
            self._shapes = [TensorShape(None)] * len(self._dtypes)
        else:
            if isinstance(shapes, TensorShape) or not isinstance(shapes, (list, tuple)) or \
                    (shapes and not isinstance(shapes[0], (list, tuple, TensorShape))):
                shapes = [shapes]
            self._shapes = [TensorShape(s) for s in shapes]
            if len(self._shapes) != len(self._dtypes):
                raise ValueError("Queue shapes must have the same length as dtypes")
        if names is not None:
            names = list(names) if isinstance(names, (list, tuple)) else [names]
            if len(names) != len(self._dtypes):
                raise ValueError("Queue names must have the same length as dtypes")
        self._names = names
        # TF's eager queues all take the name of the op their handle comes from, "Empty",
        # whatever `name` says (q.name, and the "Empty_Dequeue" its dequeue errors end with).
        self._name = "Empty"
        self._id = next(_ids)
        self._elements = collections.deque()
        self._closed = False

    # --- properties -----------------------------------------------------------------------------
    @property
    def dtypes(self):
        return list(self._dtypes)

    @property
    def shapes(self):
        return list(self._shapes)

    @property
    def names(self):
        return self._names

    @property
    def name(self):
        return self._name

    def size(self, name=None):
        return _from_numpy(_int32(len(self._elements)))

    def is_closed(self, name=None):
        return convert_to_tensor(self._closed)

    def close(self, cancel_pending_enqueues=False, name=None):
        self._closed = True

    # --- adding -----------------------------------------------------------------------------
    def _error(self, cls, op, message, name, arity):
        """An op's error in TF's words and frame: ``QueueEnqueueV2_Tcomponents_1`` (as many as
        were given), ``QueueDequeueV2_component_types_1`` (as many as the queue holds); an op
        TF's queue names after the queue ("fifo_queue_Dequeue") ends with that name."""
        attr = "Tcomponents" if "Enqueue" in op else "component_types"
        # (an enqueue opens a name scope, which names nothing eagerly: always "name: ")
        name = "" if "Enqueue" in op or not isinstance(name, str) else name
        return errors.op_error(cls, op, message, f"{op}_{attr}_{arity}", node_name=name)

    def _components(self, vals, op="QueueEnqueueV2", name=None):
        """`vals` (a tensor, a tuple/list of them, or a dict by name) -> the component list."""
        if isinstance(vals, dict):
            if self._names is None:
                raise ValueError("Queue must have names to enqueue a dictionary")
            if sorted(vals) != sorted(self._names):
                raise ValueError(f"Keys in dictionary to enqueue {sorted(vals)} do not match "
                                 f"names of Queue {sorted(self._names)}")
            vals = [vals[n] for n in self._names]
        elif not isinstance(vals, (list, tuple)):
            vals = [vals]
        if len(vals) != len(self._dtypes):
            raise self._error(errors.InvalidArgumentError, op,
                              f"Signature mismatch, have: resource, {', '.join(_tf_names(vals))}"
                              f"-> expected: resource, {', '.join(_tf_names(self._dtypes))}->",
                              name, len(vals))
        return [convert_to_tensor(v, dtype=d) for v, d in zip(vals, self._dtypes)]

    def _put(self, element, op, name):
        if self._closed:
            raise self._error(errors.CancelledError, op, f"{self._kind} '{self._id}' is closed.",
                              name, len(element))
        if len(self._elements) >= self._capacity:
            raise errors.DeadlineExceededError(
                None, None, f"{self._kind} '{self._id}' is full (capacity {self._capacity}): "
                            f"TF would wait for another thread to dequeue; eagerbook runs one "
                            f"thread. [Op:{op}]")
        self._elements.append(element)

    def enqueue(self, vals, name=None):
        parts = self._components(vals, "QueueEnqueueV2", name)
        for t, shape in zip(parts, self._shapes):
            t.shape.assert_is_compatible_with(shape)
        self._put(parts, "QueueEnqueueV2", name)

    def enqueue_many(self, vals, name=None):
        parts = self._components(vals, "QueueEnqueueManyV2", name)
        counts = {int(t.shape[0]) for t in parts if t.shape.rank}
        if any(not t.shape.rank for t in parts) or len(counts) != 1:
            raise ValueError("enqueue_many needs tensors with one first dimension in common")
        for t, shape in zip(parts, self._shapes):
            t.shape[1:].assert_is_compatible_with(shape)
        for i in range(counts.pop()):
            self._put([t[i] for t in parts], "QueueEnqueueManyV2", name)

    # --- taking -------------------------------------------------------------------------------
    def _result(self, parts):
        if self._names is not None:
            return dict(zip(self._names, parts))
        return parts[0] if len(parts) == 1 else parts

    def _take(self, n, op, name):
        if len(self._elements) < n:
            if self._closed:
                raise self._error(errors.OutOfRangeError, op,
                                  f"{self._kind} '{self._id}' is closed and has insufficient "
                                  f"elements (requested {n}, current size "
                                  f"{len(self._elements)})", name, len(self._dtypes))
            raise errors.DeadlineExceededError(
                None, None, f"{self._kind} '{self._id}' has {len(self._elements)} elements, "
                            f"{n} requested: TF would wait for another thread to enqueue; "
                            f"eagerbook runs one thread. [Op:{op}]")
        return [self._elements.popleft() for _ in range(n)]

    def dequeue(self, name=None):
        name = f"{self._name}_Dequeue" if name is None else name
        return self._result(self._take(1, "QueueDequeueV2", name)[0])

    def _check_shapes(self, op, name):
        if any(not s.is_fully_defined() for s in self._shapes):
            raise self._error(errors.InvalidArgumentError, op,
                              f"{self._kind}'s DequeueMany and DequeueUpTo require the "
                              f"components to have specified shapes.", name, len(self._dtypes))

    def _stacked(self, elements):
        if not elements:
            return self._result([_from_numpy(_empty(d, s)) for d, s in
                                 zip(self._dtypes, self._shapes)])
        return self._result([array_ops.stack(list(column)) for column in zip(*elements)])

    def dequeue_many(self, n, name=None):
        name = f"{self._name}_DequeueMany" if name is None else name
        self._check_shapes("QueueDequeueManyV2", name)
        return self._stacked(self._take(int(n), "QueueDequeueManyV2", name))

    def dequeue_up_to(self, n, name=None):
        name = f"{self._name}_DequeueUpTo" if name is None else name
        self._check_shapes("QueueDequeueUpToV2", name)
        n = int(n)
        if self._closed and 0 < len(self._elements) < n:
            n = len(self._elements)
        return self._stacked(self._take(n, "QueueDequeueUpToV2", name))


class FIFOQueue(QueueBase):
    """A first-in first-out queue of at most `capacity` elements."""

    _kind = "FIFOQueue"

    def __init__(self, capacity, dtypes, shapes=None, names=None, shared_name=None,
                 name="fifo_queue"):
        super().__init__(dtypes, shapes, names, name)
        self._capacity = int(capacity)


def _int32(n):
    return np.array(n, dtype=np.int32)


def _empty(dtype, shape):
    return np.zeros([0] + shape.as_list(), dtype=dtype._np)


def _tf_names(items):
    return [tf_type_name(d if isinstance(d, dtypes.DType) else convert_to_tensor(d).dtype)
            for d in items]


__all__ = ["FIFOQueue", "QueueBase"]

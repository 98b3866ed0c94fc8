"""Datasets made from tensors a trace has no values for, built again once it has them.

Inside a dataset function that returns datasets (flat_map's, interleave's), and inside a
tf.function, ``Dataset.from_tensor_slices(x)`` of a symbolic ``x`` cannot be made yet: the
dataset is *deferred* (``Dataset.__new__`` asks ``defer_if_symbolic``), a stand-in holding the
class and arguments. ``symbolic_inputs`` lists the tensors a pipeline reads that way, and
``rebuilt`` makes the pipeline again from their values (and the datasets a call passed for a
tf.function's dataset arguments).
"""

import threading

from ..core import context, nest
from .ir import SymbolicTensor

_dataset_function = threading.local()


class tracing_dataset_function:
    """While a dataset function traces: a dataset it makes from its tensors is no pipeline
    of the graph (see ``defer_if_symbolic``)."""

    def __enter__(self):
        self._saved = getattr(_dataset_function, "active", False)
        _dataset_function.active = True

    def __exit__(self, *exc):
        _dataset_function.active = self._saved


# --- functions that return a dataset (flat_map's, interleave's) -------------------------------
# TF traces such a function once: the dataset it builds from the element's placeholders is
# part of the function's graph, and each element runs that graph. Here the trace builds the
# pipeline with a stand-in for every dataset made from symbolic tensors (``deferred``), and
# each element rebuilds those from the values the traced graph computes for its tensors.
_deferring = threading.local()
DATASET_TYPES = {}  # "dataset", "deferred", "argument": classes data/dataset.py registers


def register_dataset_types(dataset, deferred, argument):
    DATASET_TYPES.update(dataset=dataset, deferred=deferred, argument=argument)


class deferring_datasets:
    """While a dataset-returning function traces: datasets made from symbolic tensors are
    deferred (``Dataset.__new__`` asks ``defer_if_symbolic``)."""

    def __enter__(self):
        self._saved = getattr(_deferring, "active", False)
        _deferring.active = True

    def __exit__(self, *exc):
        _deferring.active = self._saved


def defer_if_symbolic(cls, args, kwargs):
    """A deferred dataset for ``cls(*args, **kwargs)`` when its arguments hold symbolic
    tensors of a dataset function being traced, or tensors a tf.function computes (not
    constants) while it traces (else None: build it now)."""
    if getattr(_deferring, "active", False):
        if any(isinstance(leaf, SymbolicTensor) for leaf in nest.flatten((args, kwargs))):
            return DATASET_TYPES["deferred"].of(cls, args, kwargs)
    elif context.state.graph is not None and not getattr(_dataset_function, "active", False) \
            and any(isinstance(leaf, SymbolicTensor) and leaf._value is None
                    for leaf in nest.flatten((args, kwargs))):
        return DATASET_TYPES["deferred"].of(cls, args, kwargs)
    return None


def symbolic_inputs(value, found, seen):
    """The symbolic tensors the deferred datasets of pipeline `value` are made from."""
    Dataset, DeferredDataset = DATASET_TYPES["dataset"], DATASET_TYPES["deferred"]
    if id(value) in seen or isinstance(value, DATASET_TYPES["argument"]):  # (the caller binds it)
        return found
    if isinstance(value, SymbolicTensor):
        seen.add(id(value))
        found.append(value)
    elif isinstance(value, DeferredDataset):
        seen.add(id(value))
        symbolic_inputs((value._args, value._kwargs), found, seen)
    elif isinstance(value, Dataset):
        seen.add(id(value))
        for part in vars(value).values():
            symbolic_inputs(part, found, seen)
    elif type(value) in (list, tuple):
        for part in value:
            symbolic_inputs(part, found, seen)
    elif type(value) is dict:
        for part in value.values():
            symbolic_inputs(part, found, seen)
    return found


def paths_to_inputs(value, paths, memo):
    """True when `value` holds a symbolic tensor or a deferred dataset; the ids of the
    datasets and containers on the way to one go into `paths` (what `rebuilt` must copy)."""
    Dataset, DeferredDataset = DATASET_TYPES["dataset"], DATASET_TYPES["deferred"]
    if id(value) in memo:
        return memo[id(value)]
    memo[id(value)] = False  # (a pipeline reached twice is looked at once)
    if isinstance(value, (SymbolicTensor, DeferredDataset, DATASET_TYPES["argument"])):
        found = True
    elif isinstance(value, Dataset):
        found = any([paths_to_inputs(part, paths, memo) for part in vars(value).values()])
    elif type(value) in (list, tuple):
        found = any([paths_to_inputs(part, paths, memo) for part in value])
    elif type(value) is dict:
        found = any([paths_to_inputs(part, paths, memo) for part in value.values()])
    else:
        found = False
    memo[id(value)] = found
    if found:
        paths.add(id(value))
    return found


def rebuilt(value, values, built=None, paths=None):
    """Pipeline `value` with each deferred dataset built from `values` (id of a symbolic
    tensor -> its value); datasets that do not read one are kept as they are (`paths`, when
    given: the ids of those that do, from ``paths_to_inputs``)."""
    Dataset, DeferredDataset = DATASET_TYPES["dataset"], DATASET_TYPES["deferred"]
    built = {} if built is None else built
    if isinstance(value, SymbolicTensor):
        return values[id(value)]
    if isinstance(value, DATASET_TYPES["argument"]):  # a dataset argument: the one bound, if any
        return values.get(id(value), value)
    if isinstance(value, DeferredDataset):
        if id(value) not in built:
            args, kwargs = rebuilt((value._args, value._kwargs), values, built)
            built[id(value)] = value._cls(*args, **kwargs)
        return built[id(value)]
    if paths is not None and id(value) not in paths:
        return value
    if isinstance(value, Dataset):
        if id(value) not in built:
            fields = vars(value)
            changed = {k: new for k, v in fields.items()
                       if (new := rebuilt(v, values, built, paths)) is not v}
            copy = value
            if changed:
                copy = object.__new__(type(value))
                copy.__dict__.update(fields)
                copy.__dict__.update(changed)
            built[id(value)] = copy
        return built[id(value)]
    if type(value) in (list, tuple):
        items = [rebuilt(v, values, built, paths) for v in value]
        return type(value)(items) if any(a is not b for a, b in zip(items, value)) else value
    if type(value) is dict:
        items = {k: rebuilt(v, values, built, paths) for k, v in value.items()}
        return items if any(items[k] is not value[k] for k in value) else value
    return value

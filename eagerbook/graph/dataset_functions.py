"""The user's functions of a tf.data pipeline (``map``, ``filter``, ``reduce``, ``scan``,
``flat_map``, ``interleave``), traced once into a graph as TF does, then run once per element.

    ds.map(f)     # f runs now, once, on placeholders: a print inside prints
                  # Tensor("args_0:0", shape=(), dtype=int64), a Python side effect happens once
    list(ds)      # the compiled graph runs per element: tf.print prints every time

The placeholders are named ``args_0``, ``args_1``, ... after the element's components in
flattened order (TF's names). The function is converted by AutoGraph as a tf.function body is,
may not create Variables (TF's ValueError), and its errors while tracing carry TF's
"in user code" framing; errors while running are the graph's (``InvalidArgumentError``...).

An element holding a dataset (``window``'s elements) cannot be a placeholder here: such a
function runs eagerly per element instead (``traceable_specs`` tells which).
"""

import collections
import os
import threading
import traceback

from ..core import context, nest
from ..core.spec import TensorSpec
from ..core.tensor import EagerTensor, convert_to_tensor
from ..ops import random_ops
from .autograph import convert_function
from .deferred_datasets import (
    DATASET_TYPES,
    deferring_datasets,
    paths_to_inputs,
    rebuilt,
    symbolic_inputs,
    tracing_dataset_function,
)
from .function import Function
from .trace_types import in_user_code


def traceable_specs(flat_specs):
    """True when every component can be a placeholder (tensors, ragged and sparse ones)."""
    from ..ops.ragged_ops import RaggedTensorSpec
    from ..ops.sparse_ops import SparseTensorSpec
    return all(type(s) in (TensorSpec, RaggedTensorSpec, SparseTensorSpec) for s in flat_specs)


class DatasetFunction:
    """`func` traced for elements shaped like `input_structure` (a structure of specs).

    ``unpack``: the element is a plain tuple, which TF spreads over the function's arguments.
    ``state_structure``: for ``reduce``/``scan``, the state's spec structure, passed first.
    """

    def __init__(self, func, input_structure, unpack, state_structure=None):
        self._func = func
        self._input_structure = input_structure
        self._state_structure = state_structure
        self._unpack = unpack
        flat = nest.flatten(input_structure)
        self._n_state = 0 if state_structure is None else len(nest.flatten(state_structure))
        if state_structure is not None:
            flat = nest.flatten(state_structure) + flat
        function = Function(self._call_user_function, name=_name_of(func), autograph=False)
        function._variables_created = True  # so its one trace may not create Variables (TF)
        with _outside_any_trace(), tracing_dataset_function():
            self._concrete = function.get_concrete_function(*flat)
        self.output_structure = self._concrete.structured_outputs
        self._streams = collections.OrderedDict()

    def _call_user_function(self, *args):  # (named as TF names the placeholders)
        components = args
        state = None
        if self._state_structure is not None:
            state = nest.pack_sequence_as(self._state_structure, components[:self._n_state])
            components = components[self._n_state:]
        element = nest.pack_sequence_as(self._input_structure, list(components))
        args = element if self._unpack else (element,)
        if state is not None:
            args = (state, *args)
        try:
            return convert_function(self._func)(*args)
        except Exception as exc:
            if hasattr(exc, "ag_error_metadata"):
                raise
            framed = in_user_code(exc)
            if framed is None:
                raise
            raise framed from None

    def __call__(self, *values):
        """The function's output for these values (the state first, then the element)."""
        flat = []
        for value in values:
            flat.extend(nest.flatten(value))
        # Seeded random ops draw from this function's own streams, which each new iterator
        # over the dataset starts afresh (TF's iterator instantiates the function's kernels
        # anew): with seeds set, every epoch draws the same numbers, as in TF.
        seeds = random_ops._STATE
        saved, seeds.streams = seeds.streams, self._streams
        try:
            with _outside_any_trace():
                if all(type(t) is EagerTensor for t in flat):
                    return self._concrete._call_flat(flat)
                return self._concrete._call_structured(tuple(flat))
        finally:
            seeds.streams = saved

    def restart_random_streams(self):
        """What a new iterator does: seeded random ops start their sequences again."""
        self._streams = collections.OrderedDict()


_IR_FILE = os.path.join(os.path.dirname(__file__), "ir.py")
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def needs_values(exc):
    """True when tracing failed because eagerbook's own code (a Keras layer computed with
    NumPy, say) asked a symbolic tensor for its value: a limit of this engine, not the user's
    error (the user's own ``x.numpy()`` fails as in TF). Such a function runs eagerly."""
    frames = [frame.f_code.co_filename for frame, _ in traceback.walk_tb(exc.__traceback__)]
    if len(frames) < 2 or frames[-1] != _IR_FILE:
        return False
    return frames[-2].startswith(_PACKAGE_DIR) and frames[-2] != _IR_FILE


# --- functions built again for every element --------------------------------------------------
# A function that runs eagerly per element (flat_map's, interleave's) builds its datasets anew
# each time, and their map/filter functions would be traced anew for every element, where TF
# traces them once with the outer function. While such a call runs, a trace is reused for the
# same code, closure values and element spec (at most _MAX_REUSED kept, with the objects of
# their keys, so that an id in a key cannot come back as another object's).
_per_element = threading.local()
_reused = collections.OrderedDict()
_MAX_REUSED = 128


class calling_per_element:
    """Marks a dataset function's eager call on one element (see above)."""

    def __enter__(self):
        _per_element.depth = getattr(_per_element, "depth", 0) + 1

    def __exit__(self, *exc):
        _per_element.depth -= 1


def dataset_function(func, input_structure, unpack, state_structure=None):
    """A DatasetFunction, reused while a function runs per element (see above)."""
    if not getattr(_per_element, "depth", 0):
        return DatasetFunction(func, input_structure, unpack, state_structure)
    code = getattr(func, "__code__", None)
    cells = tuple(_contents(c) for c in getattr(func, "__closure__", None) or ())
    defaults = getattr(func, "__defaults__", None) or ()
    key = (code if code is not None else id(func), tuple(map(id, cells + defaults)),
           repr(input_structure), repr(state_structure), unpack)
    entry = _reused.get(key)
    if entry is None:
        entry = _reused[key] = (DatasetFunction(func, input_structure, unpack, state_structure),
                                (func, cells, defaults))
        if len(_reused) > _MAX_REUSED:
            _reused.popitem(last=False)
    else:
        _reused.move_to_end(key)
    return entry[0]


def _contents(cell):
    try:
        return cell.cell_contents
    except ValueError:  # a cell not filled yet
        return cell


def reduce_in_graph(dataset, initial_state, reduce_func, new_state_like):
    """``dataset.reduce`` while tf.function traces: a loop of the graph over the dataset's
    elements (the initial state may be symbolic, as TF's ReduceDataset op takes it), whose
    body is `reduce_func` traced once. ``new_state_like(state, new)`` checks a new state."""
    from .autograph import runtime
    state = nest.map_structure(convert_to_tensor, initial_state)
    flat = nest.flatten(state)
    func = convert_function(reduce_func)

    def body(element, *values):
        old = nest.pack_sequence_as(state, list(values))
        new = func(old, element)
        if isinstance(new, list):  # a returned list is a tuple of components, as in TF
            new = tuple(new)
        new = nest.map_structure(convert_to_tensor, new_state_like(old, new))
        return tuple(nest.flatten(new))
    names = tuple(f"state_{i}" for i in range(len(flat)))
    return nest.pack_sequence_as(state, list(
        runtime.for_stmt(dataset, None, body, tuple(flat), names, ())))


def _name_of(func):
    name = getattr(func, "__name__", None) or type(func).__name__
    return "lambda" if name == "<lambda>" else name


class _outside_any_trace:
    """TF runs dataset functions as functions of their own: their ops never join a graph being
    traced around the pipeline, and outer tapes do not record them."""

    def __enter__(self):
        state = context.state
        self._saved = None
        if state.graph is not None or state.recorders:
            self._saved = context.building_graph(None)
            self._saved.__enter__()

    def __exit__(self, *exc):
        if self._saved is not None:
            self._saved.__exit__(*exc)


class DatasetReturningFunction(DatasetFunction):
    """flat_map's or interleave's function traced once (see above); calling it on an
    element gives that element's dataset."""

    def __init__(self, func, input_structure, unpack):
        self._template = None
        self._arguments = []  # dataset arguments (group_by_window's window), bound per call
        super().__init__(func, input_structure, unpack)
        if self._template is not None:  # what each element's rebuild reads, found once
            self._tensors = symbolic_inputs(self._template, [], set())
            self._paths = set()
            paths_to_inputs(self._template, self._paths, {})

    def _call_user_function(self, *args):
        self._arguments = [a for a in args if isinstance(a, DATASET_TYPES["argument"])]
        with deferring_datasets():
            result = super()._call_user_function(*args)
        if not isinstance(result, DATASET_TYPES["dataset"]):
            return result  # (the caller raises TF's error about it)
        self._template = result
        return tuple(symbolic_inputs(result, [], set()))

    @property
    def element_spec(self):
        return None if self._template is None else self._template.element_spec

    def dataset(self, *element):
        """The dataset the function makes for `element` (its parts as separate arguments
        when the function takes several, the datasets among them included)."""
        values = super().__call__(*element)
        if self._template is None:
            return values  # not a dataset: the caller raises TF's error
        if not isinstance(values, (list, tuple)):
            values = (values,)
        binding = {id(t): v for t, v in zip(self._tensors, values)}
        datasets = [part for part in element if isinstance(part, DATASET_TYPES["dataset"])]
        binding.update((id(a), d) for a, d in zip(self._arguments, datasets))
        return rebuilt(self._template, binding, paths=self._paths)

"""``tf.data.Dataset``: a lazy pipeline of Python iterators over NumPy arrays.

Every transformation (``map``, ``shuffle``, ``batch``, ...) returns a new ``Dataset`` that only
remembers its input and its arguments. Nothing runs until you iterate: each iteration asks the
last dataset for a fresh Python generator, which pulls elements from its input's generator one at
a time. So ``Dataset.range(10**6).map(f).take(5)`` runs ``f``'s graph five times.

Elements are nested tuples/dicts of eagerbook Tensors. Internally each dataset class implements

    _iterate()       -> a generator of elements (a new one per pass over the data)
    _compute_spec()  -> the element_spec (a structure of TensorSpec), computed once on demand
    _cardinality()   -> number of elements, INFINITE (-1) or UNKNOWN (-2)

The functions of ``map``, ``filter``, ``reduce`` and ``scan`` are traced once into a graph
when the transformation is made, as in TensorFlow (graph/dataset_functions.py): a ``print``
inside prints once, with symbolic tensors; ``tf.print`` prints per element. The
``element_spec`` of a mapped dataset is what that trace returns. Differences from TensorFlow
worth knowing: a function whose elements hold datasets, that builds datasets from its
arguments, or that needs values this engine computes with NumPy (some Keras preprocessing
layers) runs eagerly on every element instead, its ``element_spec`` found by calling it on
placeholders shaped like the input's spec (zeros then ones, so that a shape depending on the
values comes out None). ``flat_map``'s and ``interleave``'s function is traced once too, the
datasets it makes from the element rebuilt from the traced graph's values for each element; one
that cannot be traced so (its element holds datasets, a map inside it reads the element) runs
per element.
``prefetch`` and ``num_parallel_calls`` are accepted and change nothing: everything runs in the
calling thread.
"""

import contextlib
import glob
import io
import itertools
import math
import os
import re
import secrets
import warnings

import numpy as np

from ..core import context, dtypes, errors, nest
from ..core import shape as shape_module
from ..core.shape import TensorShape
from ..core.spec import TensorSpec
from ..core.tensor import EagerTensor, Tensor, _from_numpy, convert_to_tensor
from ..graph.autograph import runtime
from ..graph.dataset_functions import (
    DatasetReturningFunction,
    calling_per_element,
    dataset_function,
    needs_values,
    reduce_in_graph,
    traceable_specs,
)
from ..graph.deferred_datasets import (
    defer_if_symbolic,
    rebuilt,
    register_dataset_types,
    symbolic_inputs,
)
from ..ops import batchable, ragged_ops, random_ops, script_ops
from ..ops.ragged_ops import RaggedTensor, RaggedTensorSpec
from ..ops.sparse_ops import SparseTensor, SparseTensorSpec
from . import options as data_options
from . import resampling, shuffle_order, structure
from .iterator import OwnedIterator
from .op_errors import dataset_op_error, element_error, element_op_name

AUTOTUNE = -1
INFINITE_CARDINALITY = -1
INFINITE = INFINITE_CARDINALITY
UNKNOWN_CARDINALITY = -2
UNKNOWN = UNKNOWN_CARDINALITY

def _should_unpack(element):
    # TF calls fn(*element) only for plain tuples (not namedtuples, not dicts).
    return type(element) is tuple


def _call(fn, element):
    if context.state.graph is not None or context.state.recorders:
        # TF traces dataset functions as functions of their own: ops in them never join a
        # graph being traced around the pipeline, and outer tapes do not record them.
        with context.building_graph(None), calling_per_element():
            return _as_traced(fn, *element) if _should_unpack(element) \
                else _as_traced(fn, element)
    with calling_per_element():
        return _as_traced(fn, *element) if _should_unpack(element) else \
            _as_traced(fn, element)


# The eager error of a binary op given two tensors of different dtypes (ops/support.py).
_DTYPE_CLASH = re.compile(r"cannot compute (\w+) as input #1\(zero-based\) was expected to be "
                          r"a (\w+) tensor but is a (\w+) tensor")


def _as_traced(fn, *args):
    """Runs a dataset function; TF builds it as a graph first, where two tensors of different
    dtypes in one op are a TypeError (eagerly they are an InvalidArgumentError)."""
    try:
        with script_ops.in_dataset_function():
            return fn(*args)
    except errors.InvalidArgumentError as exc:
        clash = _DTYPE_CLASH.match(str(exc))
        if clash is None:
            raise
        op, expected, got = clash.groups()
        raise TypeError(f"Input 'y' of '{op}' Op has type {got} that does not match type "
                        f"{expected} of argument 'x'.") from None


def _traced(func, input_spec, state_spec=None):
    """`func` traced once for elements matching `input_spec` (and a state matching
    `state_spec`), as TF traces a dataset function when the transformation is made
    (graph/dataset_functions.py). None where it cannot be: an element holding a dataset, or a
    function building a dataset from its arguments; such a function runs eagerly per element."""
    flat = structure.flatten(input_spec)
    if state_spec is not None:
        flat = structure.flatten(state_spec) + flat
    if not traceable_specs(flat):
        return None
    try:
        return dataset_function(func, input_spec,
                                unpack=type(input_spec) is tuple and state_spec is None,
                                state_structure=state_spec)
    except Exception as exc:
        if needs_values(exc) or _builds_datasets(func, input_spec, state_spec):
            return None
        raise


def _builds_datasets(func, input_spec, state_spec):
    """True when `func`, called eagerly on stand-in values (silently), returns datasets: a
    dataset made from a traced function's symbolic tensors is beyond this engine."""
    args = [_spec_placeholder(input_spec)]
    if state_spec is not None:
        args.insert(0, _spec_placeholder(state_spec))
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings(), \
            np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            output = _call(func, args[0]) if state_spec is None else func(*args)
        except Exception:  # noqa: BLE001 - the traced call's error is the one to raise
            return False
    return any(isinstance(leaf, Dataset) for leaf in structure.flatten(output))


def _traced_spec(value, top=True):
    """The spec of a traced function's output `value` (symbolic tensors), read as tf.data
    reads a returned structure: a list on top is a tuple, a list inside is one tensor."""
    if isinstance(value, dict):
        return type(value)((k, _traced_spec(v, False)) for k, v in value.items())
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return type(value)(*[_traced_spec(v, False) for v in value])
    if isinstance(value, tuple) or (top and isinstance(value, list)):
        return tuple(_traced_spec(v, False) for v in value)
    if isinstance(value, list):
        parts = [_traced_spec(v, False) for v in value]
        inner = parts[0].shape if parts else TensorShape([])
        for part in parts[1:]:
            inner = inner.most_specific_compatible_shape(part.shape)
        return TensorSpec([len(parts)] + inner.as_list() if inner.rank is not None else None,
                          parts[0].dtype if parts else dtypes.float32)
    if isinstance(value, (RaggedTensor, SparseTensor)):
        return structure.spec_of(value)
    if structure.is_extension_value(value):
        return value._type_spec
    if value is None:
        raise TypeError("tf.data elements cannot contain None; a component must be a tensor "
                        "or a value convertible to one.")
    if isinstance(value, Dataset) and not isinstance(value, DeferredDataset):
        return DatasetSpec(value.element_spec)  # the same dataset for every element
    if not isinstance(value, Tensor):  # a Python value the function returned: a constant
        value = convert_to_tensor(value)
    return TensorSpec(value.shape, value.dtype)


def _traced_fold(func, state, element_spec, new_state_of):
    """`func(state, element)` traced once, as TF traces ``reduce``'s and ``scan``'s function:
    with the initial state's shapes first, then (a new state of another shape: a state that
    grows) again with the dimensions that differ unknown. ``new_state_of(state, output)``
    picks the new state out of an output, checking it as the transformation does."""
    state_spec = structure.spec_of(state)
    while True:
        traced = _traced(func, element_spec, state_spec)
        if traced is None:
            return None
        new_spec = _traced_spec(new_state_of(state_spec, traced.output_structure), top=False)
        relaxed = structure.pack_as(state_spec, [
            _relaxed_to(old, new) for old, new in zip(
                structure.flatten(state_spec), structure.flatten(new_spec), strict=True)])
        if relaxed == state_spec:
            return traced
        state_spec = relaxed


def _relaxed_to(spec, new_spec):
    if type(spec) is not TensorSpec or type(new_spec) is not TensorSpec:
        return spec
    return TensorSpec(spec.shape.most_specific_compatible_shape(new_spec.shape), spec.dtype)


def _reduce_state_like(state, new_state):
    """`new_state` in the structure of `state`: TF's reduce keeps the initial state's structure
    and dtypes, and matches the new state to it component by component."""
    flat_state, flat_new = nest.flatten(state), nest.flatten(new_state)
    if len(flat_new) != len(flat_state):
        raise errors.InvalidArgumentError(
            "The number of components of the initial state and the reduce function output does "
            f"not match. (initial_state={len(flat_state)}, output={len(flat_new)}). "
            "[Op:ReduceDataset]")
    for old, new in zip(flat_state, flat_new):
        old_dtype, new_dtype = getattr(old, "dtype", None), getattr(new, "dtype", None)
        if old_dtype is not None and new_dtype is not None and old_dtype != new_dtype:
            raise TypeError("The element types for the new state must match the initial "
                            f"state. Expected {old_dtype} but got {new_dtype}.")
    return nest.pack_sequence_as(state, flat_new)


def _count_arg(count, name):
    if isinstance(count, Tensor) or hasattr(type(count), "_as_tensor"):
        count = convert_to_tensor(count).numpy()
    if count is None:
        return -1
    if isinstance(count, (str, bytes, float)):  # TF converts counts to int64 tensors
        raise TypeError(f"Cannot convert {count!r} to EagerTensor of dtype int64 "
                        f"(argument `{name}`)")
    try:
        return int(count)
    except (TypeError, ValueError):
        raise TypeError(f"`{name}` must be an integer, got {count!r}") from None


def _get_seed(op_seed):
    """(global seed, op seed) under tf.random's rules (tf.random.set_seed + the op's seed)."""
    return random_ops.get_seed(op_seed)


TF1_ATTRIBUTES = []  # lookups of attributes only TF 1.x datasets have (see __getattr__)
NOT_FOUND = object()


class Dataset:
    """A lazy sequence of elements (``tf.data.Dataset``). Build one with a factory such as
    ``Dataset.from_tensor_slices`` and transform it with methods such as ``map`` and
    ``batch``; iterate it with ``for`` or ``iter``."""

    _spec_cache = None

    def __new__(cls, *args, **kwargs):
        # Made from symbolic tensors while flat_map's or interleave's function traces: a
        # stand-in built again for each element (graph/dataset_functions.py).
        deferred = defer_if_symbolic(cls, args, kwargs)
        return deferred if deferred is not None else object.__new__(cls)

    # --- to be provided by subclasses --------------------------------------------------------
    def _iterate(self):
        raise NotImplementedError

    def _compute_spec(self):
        raise NotImplementedError

    def _iterate_outcomes(self):
        """``(element, None)`` per element, or ``(None, error)`` for an element whose
        computation failed (what ``ignore_errors`` reads). Here an error ends the sequence;
        ``map`` overrides it so that its other elements still follow."""
        try:
            for element in self._iterate():
                yield element, None
        except errors.OpError as error:
            yield None, error

    def _cardinality(self):
        return UNKNOWN

    def _inputs(self):
        return []

    # --- element_spec, cardinality, length ------------------------------------------------------
    @property
    def element_spec(self):
        """The structure of ``tf.TensorSpec`` that every element matches."""
        if self._spec_cache is None:
            self._spec_cache = self._compute_spec()
        return self._spec_cache

    @property
    def _type_spec(self):
        return DatasetSpec(self.element_spec)

    # --- as a tf.function argument (graph/function.py): one trace per element_spec --------------
    def _traced_argument(self, placeholder):
        return _ArgumentDataset(placeholder, self.element_spec)

    def _argument_datasets(self):
        """The argument datasets this pipeline reads (inside a traced function)."""
        return _argument_datasets(self, [])

    def _with_arguments(self, binding):
        """This pipeline reading, for each argument dataset, the dataset a call passed."""
        if isinstance(self, _ArgumentDataset):
            return binding[id(self)]
        fields = vars(self)
        changed = {k: new for k, v in fields.items()
                   if (new := _with_arguments(v, binding)) is not v}
        if not changed:
            return self
        rebound = object.__new__(type(self))
        rebound.__dict__.update(fields)
        rebound.__dict__.update(changed)
        return rebound

    def cardinality(self):
        """Number of elements as an int64 scalar tensor; ``tf.data.INFINITE_CARDINALITY`` (-1)
        or ``tf.data.UNKNOWN_CARDINALITY`` (-2) when it is infinite or cannot be known
        without running the pipeline (after ``filter``, for example)."""
        if _reads_the_trace(self):
            return runtime.cardinality_in_graph(self)
        return _from_numpy(np.array(self._cardinality(), dtype=np.int64))

    def __len__(self):
        # TF returns the cardinality tensor itself (len() takes it through __index__).
        n = self._cardinality()
        if n == INFINITE:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN:
            raise TypeError("The dataset length is unknown.")
        return self.cardinality()

    def __bool__(self):
        return True

    # --- iteration --------------------------------------------------------------------------------
    def __iter__(self):
        self._restart_functions()
        return OwnedIterator(self)

    def as_numpy_iterator(self):
        """Iterates the elements as NumPy values (arrays, NumPy scalars, bytes for strings)."""
        self._restart_functions()
        return NumpyIterator(self)

    def _restart_functions(self):
        """A new iterator: the traced functions of the pipeline start their seeded random
        sequences again, as TF instantiates them anew for each iterator."""
        for dataset in _pipeline(self, []):
            traced = vars(dataset).get("_traced")
            if traced is not None:
                traced.restart_random_streams()

    def reduce(self, initial_state, reduce_func):
        """Folds the dataset: ``state = reduce_func(state, element)`` for every element."""
        _check_callable(reduce_func)
        if context.state.graph is not None:  # inside tf.function: a loop of the graph
            return reduce_in_graph(self, initial_state, reduce_func, _reduce_state_like)
        self._restart_functions()
        state = structure.normalize(initial_state)
        traced = _traced_fold(reduce_func, state, self.element_spec, _reduce_state_like)
        try:
            return self._fold(state, reduce_func, traced)
        except errors.OpError as exc:  # the kernel's words in the frame of TF's op
            n = len(nest.flatten(state))  # (its attrs: the state's types, also its outputs)
            reframed = element_error(exc, "ReduceDataset", None,
                                     f"ReduceDataset_Targuments_0_Tstate_{n}_output_types_{n}")
            if reframed is None:
                raise
            raise reframed.with_traceback(exc.__traceback__) from None

    def _fold(self, state, reduce_func, traced):
        if traced is None:
            for element in self._iterate():
                new_state = structure.normalize(_as_traced(reduce_func, state, element),
                                                lists_are_tuples=True)
                state = _reduce_state_like(state, new_state)
            return state
        if isinstance(state, Tensor) and isinstance(traced.output_structure, Tensor):
            for element in self._iterate():  # one tensor, checked when traced
                state = traced(state, element)
            return state
        for element in self._iterate():
            state = _reduce_state_like(
                state, structure.normalize(traced(state, element), lists_are_tuples=True))
        return state

    def get_single_element(self):
        if _reads_the_trace(self) and all(isinstance(s, TensorSpec) for s in
                                          structure.flatten(self.element_spec)):
            return runtime.single_element_in_graph(self)
        wrapped = element_op_name("DatasetToSingleElement", self.element_spec)
        try:
            elements = list(itertools.islice(self._iterate(), 2))
        except errors.OpError as exc:  # the kernel's words in the frame of TF's op
            reframed = element_error(exc, "DatasetToSingleElement", self.element_spec)
            if reframed is None:
                raise
            raise reframed.with_traceback(exc.__traceback__) from None
        if len(elements) != 1:
            problem = "Dataset was empty." if not elements else \
                "Dataset had more than one element."
            raise dataset_op_error(errors.InvalidArgumentError, "DatasetToSingleElement",
                                   problem, wrapped)
        return elements[0]

    # TF's class names, which its reprs show: <_TensorSliceDataset element_spec=...>
    _tf_name = "Dataset"

    def __repr__(self):
        return f"<{self._tf_name} element_spec={self.element_spec}>"

    def __getattr__(self, name):
        # (only names not found otherwise) TF 1.x's iterators and output_* properties, on
        # datasets made through tf.compat.v1.data.Dataset (v1_dataset.py puts its lookup in
        # TF1_ATTRIBUTES: it imports this module)
        for lookup in TF1_ATTRIBUTES:
            found = lookup(self, name)
            if found is not NOT_FOUND:
                return found
        raise AttributeError(f"'{self._tf_name}' object has no attribute '{name}'",
                             name=name, obj=self)

    # --- factories ------------------------------------------------------------------------------
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """One element per slice along the first dimension of every component."""
        return TensorSliceDataset(tensors)

    @staticmethod
    def from_tensors(tensors, name=None):
        """A dataset with a single element: `tensors` itself."""
        return TensorDataset(tensors)

    @staticmethod
    def counter(start=0, step=1, dtype=dtypes.int64, name=None):
        """An infinite dataset counting ``start, start + step, ...`` (scalars of `dtype`)."""
        return CounterDataset(start, step, dtype)

    @staticmethod
    def range(*args, output_type=dtypes.int64, name=None):
        """``range(stop)``, ``range(start, stop[, step])``: like Python's, as int64 scalars."""
        return RangeDataset(*args, output_type=output_type)

    @staticmethod
    def zip(*datasets, name=None):
        """Elements are structures (tuples, dicts) of the given datasets' elements."""
        if len(datasets) == 1:
            datasets = datasets[0]
        return ZipDataset(datasets)

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None,
                       output_signature=None, name=None):
        """Elements produced by calling ``generator(*args)`` anew for every pass."""
        return GeneratorDataset(generator, output_types, output_shapes, args, output_signature)

    # --- transformations ----------------------------------------------------------------------
    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        mapped = MapDataset(self, map_func)
        if num_parallel_calls is not None:
            mapped._tf_name = "_ParallelMapDataset"  # runs in the calling thread all the same
        return mapped

    def filter(self, predicate, name=None):
        return FilterDataset(self, predicate)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
        return ShuffleDataset(self, buffer_size, seed,
                              True if reshuffle_each_iteration is None
                              else reshuffle_each_iteration)

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None,
              deterministic=None, name=None):
        batched = BatchDataset(self, batch_size, drop_remainder)
        if num_parallel_calls is not None:
            batched._tf_name = "_ParallelBatchDataset"
        return batched

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None,
                     drop_remainder=False, name=None):
        return PaddedBatchDataset(self, batch_size, padded_shapes, padding_values,
                                  drop_remainder)

    def unbatch(self, name=None):
        if any(hasattr(spec, "element_spec") for spec in nest.flatten(self.element_spec)):
            raise ValueError("Slicing dataset elements is not supported for rank 0.")
        if _has_scalar_component(self.element_spec):
            raise ValueError("Cannot unbatch an input with scalar components.")
        return UnbatchDataset(self)

    def repeat(self, count=None, name=None):
        return RepeatDataset(self, count)

    def take(self, count, name=None):
        return TakeDataset(self, count)

    def skip(self, count, name=None):
        return SkipDataset(self, count)

    def prefetch(self, buffer_size, name=None):
        return PrefetchDataset(self, buffer_size)

    def cache(self, filename="", name=None):
        return CacheDataset(self, filename)

    def enumerate(self, start=0, name=None):
        return EnumerateDataset(self, start)

    def concatenate(self, dataset, name=None):
        return ConcatenateDataset(self, dataset)

    def shard(self, num_shards, index, name=None):
        return ShardDataset(self, num_shards, index)

    def take_while(self, predicate, name=None):
        return TakeWhileDataset(self, predicate)

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        """Windows of `size` elements, a new one every `shift` elements (default: `size`),
        taking every `stride`-th element; each window is a dataset (a structure of datasets
        for structured elements). Batch a window with ``flat_map(lambda w: w.batch(size))``."""
        return WindowDataset(self, size, shift, stride, drop_remainder)

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None):
        """Each element from one of `datasets`, picked at random with `weights`."""
        return SampleDataset(datasets, weights, seed, stop_on_empty_dataset,
                             rerandomize_each_iteration)

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        """Element i from ``datasets[choice_dataset[i]]``."""
        return ChooseDataset(datasets, choice_dataset, stop_on_empty_dataset)

    def rejection_resample(self, class_func, target_dist, initial_dist=None, seed=None,
                           name=None):
        """``(class, element)`` pairs, elements dropped at random so that the classes
        (``class_func(element)``) follow `target_dist` (see resampling.py)."""
        target = resampling.distribution(target_dist, "target_dist")
        if initial_dist is None:
            initial = resampling.estimated_initial(target, self.map(class_func))
            both = initial.map(lambda dist: resampling.acceptance_and_share(dist, target))
            acceptance = both.map(lambda accept, share: accept)
            share = both.map(lambda accept, share: share)
            static_share = None
        else:
            initial_t = resampling.distribution(initial_dist, "initial_dist")
            accept, share_t = resampling.acceptance_and_share(initial_t, target)
            acceptance = Dataset.from_tensors(accept).repeat()
            share = Dataset.from_tensors(share_t).repeat()
            static_share = resampling.static_share(initial_t, target)
        kept = resampling.filtered(self, acceptance, class_func, seed).prefetch(3)
        labelled = self.map(lambda *element: _with_class(class_func, element))
        if static_share == 1:  # the data already has the target distribution
            return labelled
        if static_share == 0:
            return kept
        # Sampling stops when either side runs out, as in TF (the rest would skew the classes).
        return Dataset.sample_from_datasets(
            [labelled, kept], weights=share.map(lambda m: [(m, 1.0 - m)]), seed=seed,
            stop_on_empty_dataset=True)

    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None):
        """An endless stream of random int64 scalars (a new stream on every pass with
        ``rerandomize_each_iteration=True``; the same one otherwise)."""
        return RandomDataset(seed, rerandomize_each_iteration)

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None,
                        name=None):
        """Groups elements by ``key_func(element)`` into windows of `window_size`; each full
        window (and, at the end, each partial one) becomes ``reduce_func(key, window)``."""
        return GroupByWindowDataset(self, key_func, reduce_func, window_size, window_size_func)

    def bucket_by_sequence_length(self, element_length_func, bucket_boundaries,
                                  bucket_batch_sizes, padded_shapes=None, padding_values=None,
                                  pad_to_bucket_boundary=False, no_padding=False,
                                  drop_remainder=False, name=None):
        """Batches elements of similar lengths together: bucket i holds lengths in
        ``[boundaries[i-1], boundaries[i])`` and is padded-batched by ``bucket_batch_sizes[i]``."""
        boundaries = list(bucket_boundaries)
        sizes = list(bucket_batch_sizes)
        if len(sizes) != len(boundaries) + 1:
            raise ValueError("len(bucket_batch_sizes) must equal len(bucket_boundaries) + 1")

        def bucket_of(*element):  # (tensor ops: traced once, as TF traces it)
            from ..ops import math_ops
            length = math_ops.cast(element_length_func(*element), dtypes.int64)
            above = math_ops.less_equal(convert_to_tensor(boundaries, dtypes.int64), length)
            return math_ops.reduce_sum(math_ops.cast(above, dtypes.int64))

        def to_boundary(bucket, window):
            """Padded shapes whose unknown dims are the bucket's longest length."""
            if bucket >= len(boundaries):
                raise errors.InvalidArgumentError(
                    None, None, "When pad_to_bucket_boundary=True, elements must have length "
                                "< max(bucket_boundaries).")
            shapes = _flatten_shapes(padded_shapes) if padded_shapes is not None else \
                [spec.shape for spec in structure.flatten(window.element_spec)]
            filled = [TensorShape([boundaries[bucket] - 1 if d is None else d
                                   for d in TensorShape(shape).as_list()]) for shape in shapes]
            return filled[0] if len(filled) == 1 else tuple(filled)

        def batch_bucket(key, window):
            bucket = int(convert_to_tensor(key).numpy())
            if no_padding:
                return window.batch(sizes[bucket], drop_remainder=drop_remainder)
            shapes = to_boundary(bucket, window) if pad_to_bucket_boundary else padded_shapes
            return window.padded_batch(sizes[bucket], shapes, padding_values,
                                       drop_remainder=drop_remainder)

        return GroupByWindowDataset(self, bucket_of, batch_bucket, None,
                                    lambda key: sizes[int(convert_to_tensor(key).numpy())])

    def ragged_batch(self, batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64,
                     name=None):
        """Batches; components of different lengths become RaggedTensors."""
        return RaggedBatchDataset(self, batch_size, drop_remainder, row_splits_dtype)

    def rebatch(self, batch_size, drop_remainder=False, name=None):
        """The same elements in batches of `batch_size` (``unbatch().batch(...)``); a list
        of sizes is used in turn, over and over (``rebatch([2, 1, 1])``)."""
        sizes = batch_size.numpy().tolist() if isinstance(batch_size, Tensor) else batch_size
        if _has_scalar_component(self.element_spec):
            if isinstance(sizes, (list, tuple, np.ndarray)):
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            raise ValueError("Invalid `batch_sizes`. Expected dataset with rank of >= 1 but "
                             "found a dataset with scalar elements. Fix the issue by adding "
                             "the `batch` transformation to the dataset.")
        if isinstance(sizes, (list, tuple, np.ndarray)):
            return RebatchDataset(self.unbatch(), [int(s) for s in sizes], drop_remainder)
        return self.unbatch().batch(batch_size, drop_remainder=drop_remainder)

    def scan(self, initial_state, scan_func, name=None):
        """A running fold: ``state, output = scan_func(state, element)`` for every element,
        emitting each output (``tf.data.Dataset.scan``)."""
        return ScanDataset(self, initial_state, scan_func)

    def unique(self, name=None):
        """The elements (int or string scalars) without repeats, in first-seen order."""
        return UniqueDataset(self)

    def flat_map(self, map_func, name=None):
        """Maps every element to a dataset and chains those datasets' elements."""
        return FlatMapDataset(self, map_func)

    def interleave(self, map_func, cycle_length=None, block_length=None,
                   num_parallel_calls=None, deterministic=None, name=None):
        """Maps elements to datasets and takes `block_length` elements from each of
        `cycle_length` of them in turn (the order TF produces with deterministic=True)."""
        interleaved = InterleaveDataset(self, map_func, cycle_length, block_length,
                                        num_parallel_calls)
        if num_parallel_calls is not None:
            interleaved._tf_name = "_ParallelInterleaveDataset"
        return interleaved

    @staticmethod
    def list_files(file_pattern, shuffle=None, seed=None, name=None):
        """The file names matching a glob pattern (or list of patterns), as strings; shuffled
        unless ``shuffle=False``. No match is an InvalidArgumentError, as in TF."""
        patterns = file_pattern
        if isinstance(patterns, Tensor):
            patterns = patterns.numpy().tolist()
        if isinstance(patterns, (str, bytes)):
            patterns = [patterns]
        patterns = [p.decode() if isinstance(p, bytes) else str(p) for p in patterns]
        names = sorted({f for p in patterns for f in glob.glob(p)})
        if not names:
            raise errors.InvalidArgumentError(
                f"Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized "
                f"data: b'No files matched pattern: {', '.join(patterns)}'")
        files = TensorSliceDataset(np.array([n.encode() for n in names], dtype=object))
        if shuffle is None or shuffle:
            return files.shuffle(len(names), seed=seed)
        return files

    def sparse_batch(self, batch_size, row_shape, name=None):
        """Batches dense elements into SparseTensors of dense shape ``[batch] + row_shape``
        (a -1 in `row_shape`: the batch's longest); every entry of an element is listed,
        zeros too."""
        return SparseBatchDataset(self, batch_size, row_shape)

    def ignore_errors(self, log_warning=False, name=None):
        """The elements whose computation succeeded: those that raised a ``tf.errors``
        error (in ``map`` functions, say) are dropped, optionally with a warning."""
        return IgnoreErrorsDataset(self, log_warning)

    def apply(self, transformation_func):
        result = transformation_func(self)
        if not isinstance(result, Dataset):
            raise TypeError("`transformation_func` must return a `tf.data.Dataset` object.")
        return result

    def with_options(self, options, name=None):
        """This dataset carrying `options` (``dataset.options()`` reads them back)."""
        if not isinstance(options, data_options.Options):
            raise TypeError(f"`options` must be a tf.data.Options, got {options!r}.")
        return _OptionsDataset(self, options)

    def options(self):
        """The options set on this pipeline (merged from its inputs, later ones on top)."""
        merged = data_options.Options()
        for source in self._inputs():
            merged = merged.merge(source.options())
        return merged


class NumpyIterator:
    """``as_numpy_iterator()``: an iterator over the dataset whose elements come as NumPy
    values. Printed as TF prints it, around the dataset iterator it reads."""

    def __init__(self, dataset):
        self._iterator = OwnedIterator(dataset)

    def __iter__(self):
        return self

    def __next__(self):
        return structure.to_numpy(next(self._iterator))

    next = __next__

    def __repr__(self):
        return f"NumpyIterator(iterator={self._iterator!r})"


# --- sources -------------------------------------------------------------------------------------
class TensorSliceDataset(Dataset):
    _tf_name = "_TensorSliceDataset"

    def __init__(self, tensors):
        self._element = structure.normalize(tensors)
        flat = structure.flatten(self._element)
        if not flat:
            raise ValueError("Invalid `tensors`: from_tensor_slices needs at least one component.")
        n = None
        for t in flat:
            if not structure.is_extension_value(t) and t.shape.rank == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1, but "
                                 f"from_tensor_slices got a scalar component {t!r}.")
            rows = _leading_size(t)
            if n is None:
                n = rows
            elif rows != n:
                raise ValueError(f"Dimensions {n} and {rows} are not compatible")  # (TF's words)
        self._flat = flat
        self._n = n

    def _iterate(self):
        element = self._element
        if not structure.is_structure(element) and type(element) is EagerTensor:
            array = element._value
            for i in range(self._n):
                yield _from_numpy(array[i, ...])
            return
        slicers = [_row_slicer(t) for t in self._flat]
        for i in range(self._n):
            yield structure.pack_as(element, [row(i) for row in slicers])

    def _compute_spec(self):
        return structure.pack_as(self._element, [_row_spec(t) for t in self._flat])

    def _cardinality(self):
        return self._n


def _leading_size(component):
    if structure.is_extension_value(component):
        structure.require_batchable(component)
        return _leading_size(structure.extension_parts(component)[0])
    if isinstance(component, RaggedTensor):
        return component.nrows_int()
    if isinstance(component, SparseTensor):
        return int(component.dense_shape.numpy()[0])
    return component._value.shape[0]


def _row_slicer(component):
    """``i -> row i`` of a from_tensor_slices component: a dense row; a ragged tensor's row
    (a dense Tensor once no ragged dimension is left, as in TF); a sparse tensor's row as a
    SparseTensor of one rank less; an ExtensionType value's row: each field's)."""
    if structure.is_extension_value(component):
        field_rows = [_row_slicer(t) for t in structure.extension_parts(component)]
        return lambda i: batchable.with_batch_shape(  # (a TensorShape field loses a dimension)
            structure.rebuilt_extension(component, [row(i) for row in field_rows]),
            batchable.row_shape)
    if isinstance(component, RaggedTensor):
        return component.__getitem__
    if isinstance(component, SparseTensor):
        indices, values = component.indices.numpy(), component.values.numpy()
        row_shape = component.dense_shape.numpy()[1:].tolist()

        def sparse_row(i):
            keep = indices[:, 0] == i
            return SparseTensor(indices[keep][:, 1:].reshape(-1, len(row_shape)),
                                values[keep], row_shape)
        return sparse_row
    array = component._value
    return lambda i: _from_numpy(array[i, ...])


def _unbatched_spec(spec):
    """The spec of one row of a component of `spec` (a ragged one loses a ragged dimension)."""
    if structure.is_extension_spec(spec):
        return structure.map_extension_spec(spec, _unbatched_spec)
    if isinstance(spec, RaggedTensorSpec):
        return RaggedTensorSpec(spec.shape[1:], spec.dtype, spec.ragged_rank - 1,
                                spec.row_splits_dtype)
    if isinstance(spec, SparseTensorSpec):
        return SparseTensorSpec(spec.shape[1:], spec.dtype)
    return TensorSpec(spec.shape[1:], spec.dtype)


def _row_spec(component):
    if structure.is_extension_value(component):
        return _unbatched_spec(component._type_spec)
    if isinstance(component, RaggedTensor):
        return RaggedTensorSpec(component.shape[1:], component.dtype,
                                component.ragged_rank - 1, component.row_splits_dtype)
    if isinstance(component, SparseTensor):
        return SparseTensorSpec(component.shape[1:], component.dtype)
    return TensorSpec(component.shape[1:], component.dtype)


class TensorDataset(Dataset):
    _tf_name = "_TensorDataset"

    def __init__(self, tensors):
        self._element = structure.normalize(tensors)

    def _iterate(self):
        yield self._element

    def _compute_spec(self):
        return structure.spec_of(self._element)

    def _cardinality(self):
        return 1


class ListDataset(Dataset):
    """``tf.data.experimental.from_list``: the given elements, one after the other; the spec
    keeps what all of them share (a dimension that differs is None)."""

    _tf_name = "_ListDataset"

    def __init__(self, elements):
        if not isinstance(elements, list):
            raise ValueError("Invalid `elements`. `elements` must be a list.")
        if not elements:
            raise ValueError("Invalid `elements`. `elements` should not be empty. If you want "
                             "an empty dataset, use `tf.data.Dataset.range(0)`.")
        self._elements = [structure.normalize(e) for e in elements]
        first = self._elements[0]
        for other in self._elements[1:]:
            nest.assert_same_structure(first, other)
            for a, b in zip(structure.flatten(first), structure.flatten(other)):
                if a.dtype != b.dtype:
                    raise TypeError("Invalid `elements`. All elements must have the same "
                                    f"dtypes, found {a.dtype.name} and {b.dtype.name}.")

    def _iterate(self):
        yield from self._elements

    def _compute_spec(self):
        def relaxed(*leaves):
            dims = [leaf.shape.as_list() for leaf in leaves]
            if len({len(d) for d in dims}) > 1:
                return TensorSpec(None, leaves[0].dtype)
            return TensorSpec([d[0] if len(set(d)) == 1 else None for d in zip(*dims)],
                              leaves[0].dtype)

        flat = [structure.flatten(e) for e in self._elements]
        return nest.pack_sequence_as(self._elements[0],
                                     [relaxed(*leaves) for leaves in zip(*flat)])

    def _cardinality(self):
        return len(self._elements)


class RangeDataset(Dataset):
    _tf_name = "_RangeDataset"

    @staticmethod
    def _check_arguments(*args, output_type=dtypes.int64):
        """TF's checks when the dataset is made (also of tensors a trace has no values for)."""
        if not 1 <= len(args) <= 3:
            raise ValueError("Invalid arguments to range: expected range(stop), "
                             "range(start, stop) or range(start, stop, step).")
        names = ("stop",) if len(args) == 1 else ("start", "stop", "step")
        for name, arg in zip(names, args):  # TF converts each to an int64 tensor
            if isinstance(arg, Tensor) and arg.dtype is not dtypes.int64:
                raise ValueError(f"{name}: Tensor conversion requested dtype int64 for Tensor "
                                 f"with dtype {arg.dtype.name}: {arg!r}")

    def __init__(self, *args, output_type=dtypes.int64):
        self._check_arguments(*args, output_type=output_type)
        ints = [_count_arg(a, "range argument") for a in args]
        start, stop, step = (0, ints[0], 1) if len(ints) == 1 else (
            ints[0], ints[1], ints[2] if len(ints) == 3 else 1)
        if step == 0:
            raise dataset_op_error(errors.InvalidArgumentError, "RangeDataset",
                                   "step must be a non-zero integer.")
        self._range = range(start, stop, step)
        self._dtype = dtypes.as_dtype(output_type)

    def _iterate(self):
        np_type = self._dtype._np.type
        for i in self._range:
            yield _from_numpy(np.asarray(np_type(i)))

    def _compute_spec(self):
        return TensorSpec([], self._dtype)

    def _cardinality(self):
        return len(self._range)


class CounterDataset(Dataset):
    """``tf.data.experimental.Counter``: start, start + step, ... forever."""

    _tf_name = "_ScanDataset"  # TF builds it with Dataset.scan

    def __init__(self, start, step, dtype):
        self._start, self._step = _count_arg(start, "start"), _count_arg(step, "step")
        self._dtype = dtypes.as_dtype(dtype)

    def _iterate(self):
        value, np_type = self._start, self._dtype._np.type
        while True:
            yield _from_numpy(np.asarray(np_type(value)))
            value += self._step

    def _compute_spec(self):
        return TensorSpec([], self._dtype)

    def _cardinality(self):
        return INFINITE


class ZipDataset(Dataset):
    _tf_name = "_ZipDataset"

    def __init__(self, datasets):
        if isinstance(datasets, Dataset):
            raise TypeError("Dataset.zip() takes a tuple or dict of datasets (or several "
                            "datasets as arguments), not a single Dataset.")
        if isinstance(datasets, list):
            raise TypeError("The argument to `Dataset.zip()` must be a (nested) structure of "
                            "`Dataset` objects; use a tuple, not a list.")
        self._structure = datasets
        self._datasets = structure.flatten(datasets)
        for d in self._datasets:
            if not isinstance(d, Dataset):
                raise TypeError("The argument to `Dataset.zip()` must be a (nested) structure "
                                f"of `Dataset` objects, got {type(d).__name__}.")

    def _inputs(self):
        return list(self._datasets)

    def _iterate(self):
        iterators = [d._iterate() for d in self._datasets]
        while True:
            values = []
            for it in iterators:
                try:
                    values.append(next(it))
                except StopIteration:
                    return
            yield structure.pack_as(self._structure, values)

    def _compute_spec(self):
        return structure.pack_as(self._structure, [d.element_spec for d in self._datasets])

    def _cardinality(self):
        cards = [d._cardinality() for d in self._datasets]
        finite = [c for c in cards if c >= 0]
        if finite:
            return min(finite) if UNKNOWN not in cards or min(finite) == 0 else UNKNOWN
        return UNKNOWN if UNKNOWN in cards else INFINITE


class GeneratorDataset(Dataset):
    _tf_name = "_FlatMapDataset"

    def __init__(self, generator, output_types, output_shapes, args, output_signature):
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        if output_signature is not None:
            if output_types is not None or output_shapes is not None:
                raise TypeError("The `output_types` and `output_shapes` arguments cannot be "
                                "used together with `output_signature`.")
            for leaf in structure.flatten(output_signature):
                if not isinstance(leaf, (TensorSpec, RaggedTensorSpec)) and \
                        not structure.is_extension_spec(leaf):
                    raise TypeError(f"`output_signature` must contain objects that are "
                                    f"subclass of `tf.TypeSpec` but found {type(leaf)} which "
                                    f"is not.")
            spec = output_signature
        else:
            if output_types is None:
                raise TypeError("To specify the output signature you need to provide either "
                                "the `output_signature` argument or the `output_types` "
                                "argument.")
            if output_shapes is None:
                output_shapes = _map_leaves(lambda t: None, output_types)
            spec = _map_pair(lambda t, s: TensorSpec(s, t), output_types, output_shapes)
        self._spec = spec
        self._generator = generator
        self._args = tuple(args) if args is not None else ()

    def _iterate(self):
        specs = structure.flatten(self._spec)
        # TF converts through its py_func path (NumPy casting, so 1.5 -> int32 gives 1) unless
        # the signature is one spec of unknown rank: then values go through convert_to_tensor,
        # which refuses Python floats for an integer dtype and ragged lists.
        strict = isinstance(self._spec, TensorSpec) and self._spec.shape.rank is None
        for value in self._generator(*self._args):
            if strict and not isinstance(value, (np.ndarray, np.generic, Tensor)):
                try:
                    convert_to_tensor(value, dtype=self._spec.dtype)
                except (TypeError, ValueError):
                    raise _generator_error(
                        f"`generator` yielded an element that did not match the expected "
                        f"structure. The expected structure was {self._spec!r}, but the "
                        f"yielded element was {value}.") from None
            yield structure.pack_as(self._spec, [
                _generated_tensor(v, s) for v, s in zip(self._flatten_up_to(value), specs,
                                                         strict=True)])

    def _flatten_up_to(self, value):
        """The yielded value's components, in the signature's structure (TF's first check)."""
        try:
            matched = _match_structure(self._spec, value)
        except ValueError:
            raise _generator_error(
                f"`generator` yielded an element that did not match the expected structure. "
                f"The expected structure was {_types_of(self._spec)}, but the yielded element "
                f"was {value}.") from None
        return [leaf.value for leaf in structure.flatten(matched)]

    def _compute_spec(self):
        return self._spec


class _Leaf:
    """A yielded component, boxed so flattening never looks inside it (a list is one
    tensor)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


def _match_structure(spec, value):
    if isinstance(spec, dict):
        if not isinstance(value, dict) or set(value) != set(spec):
            raise ValueError
        return type(spec)((k, _match_structure(spec[k], value[k])) for k in spec)
    if isinstance(spec, tuple):
        if not isinstance(value, (tuple, list)) or len(value) != len(spec):
            raise ValueError
        items = [_match_structure(s, v) for s, v in zip(spec, value, strict=True)]
        return type(spec)(*items) if hasattr(type(spec), "_fields") else tuple(items)
    return _Leaf(value)


def _types_of(spec):
    return structure.pack_as(spec, [s.dtype for s in structure.flatten(spec)])


def _generator_error(message):
    # TF runs the generator in a py_func: its TypeError reaches the caller wrapped like this.
    return errors.InvalidArgumentError(None, None,
                                       f"TypeError: {message} [Op:IteratorGetNext]")


def _generated_tensor(value, spec):
    """One yielded component converted as TF does (NumPy conversion to the signature's dtype),
    then checked against the signature's dtype and shape."""
    if isinstance(spec, RaggedTensorSpec):
        return _generated_ragged(value, spec)
    if structure.is_extension_spec(spec):
        return _generated_extension_value(value, spec)
    if isinstance(value, Tensor) or hasattr(type(value), "_as_tensor"):
        value = convert_to_tensor(value).numpy()
    np_dtype = spec.dtype._np
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            array = np.asarray(value, dtype=np_dtype)
        if spec.dtype is dtypes.string:
            array = convert_to_tensor(array.tolist() if array.ndim else array[()],
                                      dtype=dtypes.string)._value
    except (TypeError, ValueError, OverflowError):
        raise _generator_error(
            f"`generator` yielded an element that could not be converted to the expected "
            f"type. The expected type was {spec.dtype.name}, but the yielded element was "
            f"{value}.") from None
    if not spec.shape.is_compatible_with(array.shape):
        raise _generator_error(
            f"`generator` yielded an element of shape {array.shape} where an element of shape "
            f"{spec.shape} was expected.")
    return _from_numpy(array)


def _generated_extension_value(value, spec):
    """A yielded ExtensionType value, checked against its Spec in the signature."""
    if not spec.is_compatible_with(value):
        found = value._type_spec if structure.is_extension_value(value) else type(value)
        raise _generator_error(f"`generator` yielded an element of TypeSpec {found} where an "
                               f"element of TypeSpec {spec} was expected.")
    return value


def _generated_ragged(value, spec):
    """A yielded RaggedTensor (or nested lists made into one), checked against `spec`."""
    if not isinstance(value, RaggedTensor):
        try:
            value = ragged_ops.constant(value, dtype=spec.dtype,
                                        row_splits_dtype=spec.row_splits_dtype)
        except (TypeError, ValueError) as exc:
            raise _generator_error(f"`generator` yielded an element that could not be "
                                   f"converted to a RaggedTensor of {spec.dtype.name}: "
                                   f"{exc}") from None
    if value.dtype != spec.dtype or not spec.shape.is_compatible_with(value.shape):
        raise _generator_error(
            f"`generator` yielded an element of TypeSpec {RaggedTensorSpec.from_value(value)} "
            f"where an element of TypeSpec {spec} was expected.")
    return value


def _map_leaves(fn, struct):
    if isinstance(struct, dict):
        return {k: _map_leaves(fn, v) for k, v in struct.items()}
    if isinstance(struct, tuple):
        return tuple(_map_leaves(fn, v) for v in struct)
    return fn(struct)


def _map_pair(fn, types, shapes):
    if isinstance(types, dict):
        return {k: _map_pair(fn, v, shapes[k]) for k, v in types.items()}
    if isinstance(types, tuple):
        return tuple(_map_pair(fn, t, s) for t, s in zip(types, shapes, strict=True))
    return fn(types, shapes)


# --- transformations ---------------------------------------------------------------------------
class _UnaryDataset(Dataset):
    def __init__(self, input_dataset):
        self._input = input_dataset

    def _inputs(self):
        return [self._input]

    def _compute_spec(self):
        return self._input.element_spec

    def _cardinality(self):
        return self._input._cardinality()


def _placeholder(spec, unknown, fill=0):
    """`fill` (0 or 1) shaped like `spec` (unknown dimensions get size `unknown`); an
    ExtensionType value of such fields for its Spec."""
    if structure.is_extension_spec(spec):
        return spec.__tf_from_components__([_placeholder(field, unknown, fill)
                                            for field in spec.__tf_components__()])
    if spec.shape.rank is None:
        dims = ()
    else:
        dims = tuple(unknown if d is None else d for d in spec.shape)
    if spec.dtype == dtypes.string:
        return _from_numpy(np.full(dims, b"1" if fill else b"", dtype=object))
    return _from_numpy(np.full(dims, fill, dtype=spec.dtype._np))


def _same_kinds(spec, other):
    """True when two spec structures nest alike with the same spec class and dtype per leaf."""
    if not structure.same_structure(spec, other):
        return False
    flat, other_flat = structure.flatten(spec), structure.flatten(other)
    return len(flat) == len(other_flat) and all(
        type(a) is type(b) and getattr(a, "dtype", None) == getattr(b, "dtype", None)
        for a, b in zip(flat, other_flat, strict=True))


def _has_unknown_dims(spec_structure):
    return any(s.shape.rank is None or None in s.shape.as_list()
               for s in _tensor_specs(structure.flatten(spec_structure)))


def _tensor_specs(flat_specs):
    """The specs with each ExtensionType's Spec replaced by its fields' TensorSpecs."""
    out = []
    for spec in flat_specs:
        out.extend(spec.__tf_components__() if structure.is_extension_spec(spec) else [spec])
    return out


def _most_specific(spec, other):
    if structure.is_extension_spec(spec):
        return type(spec)(**{name: _most_specific(field, other._fields[name])
                             for name, field in spec._fields.items()})
    return spec.most_specific_compatible_type(other)


def _check_callable(func):
    if not callable(func):
        raise ValueError(f"Argument `func` must be a callable. Received func={func} (of type "
                         f"{type(func)})")


# The op's definition, which TF's error for a map function returning nothing prints.
_MAP_DATASET_OP_DEF = (
    "Op<name=MapDataset; signature=input_dataset:variant, other_arguments: -> handle:variant; "
    "attr=f:func; attr=Targuments:list(type),min=0; attr=output_types:list(type),min=1; "
    "attr=output_shapes:list(shape),min=1; attr=use_inter_op_parallelism:bool,default=true; "
    "attr=preserve_cardinality:bool,default=false; attr=force_synchronous:bool,default=false; "
    "attr=metadata:string,default=\"\">")


class MapDataset(_UnaryDataset):
    _tf_name = "_MapDataset"

    def __init__(self, input_dataset, map_func):
        super().__init__(input_dataset)
        _check_callable(map_func)
        self._func = map_func
        self._traced = _traced(map_func, input_dataset.element_spec)
        if self._traced is not None and self._traced.output_structure is None:
            raise errors.InvalidArgumentError(  # TF's MapDataset op needs a component
                None, None, "Length for attr 'output_types' of 0 must be at least minimum 1\n"
                f"\t; NodeDef: {{{{node MapDataset}}}}; {_MAP_DATASET_OP_DEF} "
                "[Op:MapDataset] name: ")

    def _apply(self, element):
        if self._traced is not None:
            output = self._traced(element)
            return output if type(output) is EagerTensor else \
                structure.normalize(output, lists_are_tuples=True)
        return structure.normalize(_call(self._func, element), lists_are_tuples=True)

    def _iterate(self):
        apply = self._apply
        for element in self._input._iterate():
            yield apply(element)

    def _iterate_outcomes(self):
        apply = self._apply
        for element, error in self._input._iterate_outcomes():
            if error is not None:
                yield None, error
                continue
            try:
                yield apply(element), None
            except errors.OpError as failure:
                yield None, failure

    def _compute_spec(self):
        if self._traced is not None:
            return _traced_spec(self._traced.output_structure)
        # A function that could not be traced is called on placeholders: zeros
        # (sized 2 and 3 where the input's dims are unknown), then ones, so that a shape that
        # depends on the values (``tf.range(x)``) differs between the calls and becomes None.
        # Only the first call may print: TF's trace runs the Python function once.
        in_spec = self._input.element_spec
        probes = [(2, 0), (3, 0)] if _has_unknown_dims(in_spec) else [(1, 0)]
        probes.append((probes[-1][0], 1))
        dummies = [structure.pack_as(in_spec, [_placeholder(s, size, fill)
                                               for s in structure.flatten(in_spec)])
                   for size, fill in probes]
        try:
            outputs = self._probe(dummies)
        except errors.OpError:
            # The function needs real values (it reads the file a path names, say): the
            # input's first two elements stand in for TF's symbolic trace.
            real = list(itertools.islice(self._input._iterate(), 2))
            if not real:
                raise
            outputs = self._probe(real)
        spec = outputs[0]
        for other in outputs[1:]:
            if not _same_kinds(spec, other):
                continue  # the values took the function down another branch
            spec = structure.pack_as(spec, [
                _most_specific(a, b)
                for a, b in zip(structure.flatten(spec), structure.flatten(other),
                                strict=True)])
        return spec


    def _probe(self, elements):
        """The specs of the function's outputs for `elements` (only the first call may print,
        as TF's trace runs the Python function once; only its failure counts)."""
        outputs = []
        for i, element in enumerate(elements):
            with warnings.catch_warnings(), np.errstate(all="ignore"), \
                    contextlib.redirect_stdout(io.StringIO()) if i else contextlib.nullcontext():
                warnings.simplefilter("ignore")
                try:
                    with _noting_asserted_shapes() as asserted:
                        output = self._apply(element)
                    outputs.append(_refined_spec(output, asserted))
                except Exception:  # noqa: BLE001 - only the first probe's failure counts
                    if not i:
                        raise
        return outputs


@contextlib.contextmanager
def _noting_asserted_shapes():
    """The ``set_shape`` calls made meanwhile, as (tensor, shape) pairs (see core/shape.py):
    on stand-in values they are noted, not checked, as TF's symbolic trace only merges them."""
    saved = shape_module.asserted_shapes
    shape_module.asserted_shapes = asserted = []
    try:
        yield asserted
    finally:
        shape_module.asserted_shapes = saved


def _refined_spec(output, asserted):
    """The spec of a probe's `output`, each returned tensor's shape overridden where the
    function asserted a dimension with ``set_shape`` (TF's trace would know it from there)."""
    spec = structure.spec_of(output)
    if not asserted:
        return spec
    leaves = structure.flatten(output)
    specs = structure.flatten(spec)
    for k, leaf in enumerate(leaves):
        for tensor, shape in asserted:
            if tensor is leaf and type(specs[k]) is TensorSpec:
                specs[k] = TensorSpec(_assert_dims(specs[k].shape, TensorShape(shape)),
                                      specs[k].dtype)
    return structure.pack_as(spec, specs)


def _assert_dims(probed, asserted):
    if asserted.rank is None:
        return probed
    if probed.rank is None:
        return asserted
    if probed.rank is not None and probed.rank != asserted.rank:
        raise ValueError(f"Tensor's shape {probed} is not compatible with supplied shape "
                         f"{asserted}.")
    return TensorShape([a if a is not None else p
                        for a, p in zip(asserted.as_list(), probed.as_list(), strict=True)])


class ScanDataset(_UnaryDataset):
    _tf_name = "_ScanDataset"

    def __init__(self, input_dataset, initial_state, scan_func):
        super().__init__(input_dataset)
        _check_callable(scan_func)
        self._initial_state = structure.normalize(initial_state)
        self._func = scan_func
        self._traced = _traced_fold(scan_func, self._initial_state,
                                    input_dataset.element_spec, _scan_state)

    def _step(self, state, element):
        if self._traced is not None:
            new_state, output = self._traced(state, element)
            return structure.normalize(new_state), structure.normalize(output)
        result = self._func(state, element)
        if not isinstance(result, (tuple, list)) or len(result) != 2:
            raise TypeError("The scan function must return a pair comprising the new state "
                            f"and the output value; got {result!r}.")
        new_state = structure.normalize(result[0])  # a list is one tensor here, as in TF
        old_spec = structure.spec_of(state)
        new_spec = structure.spec_of(new_state)
        if [s.dtype for s in structure.flatten(old_spec)] != \
                [s.dtype for s in structure.flatten(new_spec)]:
            raise TypeError(f"The element types for the new state must match the initial "
                            f"state. Expected {old_spec}; got {new_spec}.")
        return new_state, structure.normalize(result[1])

    def _iterate(self):
        state = self._initial_state
        for element in self._input._iterate():
            state, output = self._step(state, element)
            yield output

    def _compute_spec(self):
        if self._traced is not None:
            return _traced_spec(self._traced.output_structure[1], top=False)
        in_spec = self._input.element_spec
        dummy = structure.pack_as(in_spec, [_placeholder(s, 1)
                                            for s in structure.flatten(in_spec)])
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            _, output = self._step(self._initial_state, dummy)
        return structure.spec_of(output)


def _scan_state(state_spec, result):
    """The new state of a traced scan function's `result`, checked as TF checks it."""
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise TypeError("The scan function must return a pair comprising the new state "
                        f"and the output value; got {result!r}.")
    new_spec = _traced_spec(result[0], top=False)
    if [s.dtype for s in structure.flatten(state_spec)] != \
            [s.dtype for s in structure.flatten(new_spec)]:
        raise TypeError(f"The element types for the new state must match the initial "
                        f"state. Expected {state_spec}; got {new_spec}.")
    return result[0]


class UniqueDataset(_UnaryDataset):
    _tf_name = "_UniqueDataset"

    def __init__(self, input_dataset):
        super().__init__(input_dataset)
        spec = input_dataset.element_spec
        if not isinstance(spec, TensorSpec) or not (
                spec.dtype.is_integer or spec.dtype == dtypes.string):
            raise TypeError("`tf.data.Dataset.unique` does not support type "
                            f"{spec}: its elements must be int32, int64 or string "
                            "scalars.")

    def _iterate(self):
        seen = set()
        for element in self._input._iterate():
            key = element.numpy() if hasattr(element, "numpy") else element
            key = key.item() if hasattr(key, "item") else key
            if key not in seen:
                seen.add(key)
                yield element

    def _cardinality(self):
        return 0 if self._input._cardinality() == 0 else UNKNOWN


class _OptionsDataset(_UnaryDataset):
    _tf_name = "_OptionsDataset"

    def __init__(self, input_dataset, options):
        super().__init__(input_dataset)
        self._options = options

    def _iterate(self):
        return self._input._iterate()

    def options(self):
        return super().options().merge(self._options)


def _directed_interleave_cardinality(datasets):
    """TF's count for sample_from_datasets/choose_from_datasets: infinite when any input is
    (whatever the weights, choices or stop_on_empty_dataset), unknown otherwise."""
    return INFINITE if any(d._cardinality() == INFINITE for d in datasets) else UNKNOWN


class SampleDataset(Dataset):
    _tf_name = "_DirectedInterleaveDataset"

    def _cardinality(self):
        return _directed_interleave_cardinality(self._datasets)

    def __init__(self, datasets, weights, seed, stop_on_empty_dataset,
                 rerandomize_each_iteration=None):
        self._weights_dataset = weights if isinstance(weights, Dataset) else None
        if self._weights_dataset is not None:  # a dataset of weights: one element per pick
            weights = None
        given = None if weights is None else convert_to_tensor(weights)
        if given is not None and given.dtype not in (dtypes.float32, dtypes.float64):
            raise TypeError(f"Invalid `weights`. `weights` type must be either `tf.float32` "
                            f"or `tf.float64` but is <dtype: '{given.dtype.name}'>.")
        self._datasets = list(datasets)
        if not self._datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        n = len(self._datasets)
        weights = [1.0 / n] * n if weights is None else [float(w) for w in
                                                         np.asarray(weights).reshape(-1)]
        if len(weights) != n:
            raise ValueError(f"Invalid `weights`. The shape of `weights` should be compatible "
                             f"with `datasets`, got `datasets` length ({n}) and `weights` "
                             f"length ({len(weights)}).")
        # TF's logits: ones, or the log of the weights in their own dtype
        self._logits = convert_to_tensor([[1.0] * n]) if given is None else \
            _from_numpy(np.log(given._value).reshape(1, n).astype(given._value.dtype))
        self._words = RandomDataset(seed, rerandomize_each_iteration)  # the picks' seeds
        self._stop = stop_on_empty_dataset

    def _inputs(self):
        return list(self._datasets)

    def _iterate(self):
        # As TF: the picks are stateless categorical draws over log(weights), each seeded by
        # two words of Dataset.random(seed) (so a seed gives TF's picks); a pick of an input
        # that has ended is passed over.
        words = self._words._iterate()
        iterators = [d._iterate() for d in self._datasets]
        active = len(iterators)
        for logits in self._logits_per_pick():
            if not active:
                return
            seed = [int(next(words)._value), int(next(words)._value)]
            i = int(random_ops.stateless_categorical(logits, 1, seed=seed)._value[0, 0])
            if iterators[i] is None:
                continue
            try:
                yield next(iterators[i])
            except StopIteration:
                if self._stop:
                    return
                iterators[i], active = None, active - 1

    def _logits_per_pick(self):
        """The logits of each pick: the same ones, or (weights given as a dataset) the log of
        its next element, the picks ending with it."""
        if self._weights_dataset is None:
            return itertools.repeat(self._logits)
        return (_from_numpy(np.log(_flat_weights(w)).reshape(1, -1))
                for w in self._weights_dataset._iterate())

    def _compute_spec(self):
        return self._datasets[0].element_spec


def _with_class(class_func, element):
    """``(class_func(element), element)``, the element unpacked for the call as map does."""
    element = element[0] if len(element) == 1 else element
    label = class_func(*element) if type(element) is tuple else class_func(element)
    return label, element


def _flat_weights(element):
    """A weights dataset's element as one vector: a tensor, or (as TF takes it) a nest of
    them, such as the ``((m, 1 - m),)`` rejection_resample's map gives."""
    parts = [np.ravel(np.asarray(t._value)) for t in nest.flatten(element)]
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


class ChooseDataset(Dataset):
    _tf_name = "_DirectedInterleaveDataset"

    def _cardinality(self):
        return _directed_interleave_cardinality(self._datasets)

    def __init__(self, datasets, choice_dataset, stop_on_empty_dataset):
        self._datasets = list(datasets)
        if not self._datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        spec = choice_dataset.element_spec
        if not isinstance(spec, TensorSpec) or spec.dtype != dtypes.int64 or spec.shape.rank:
            raise TypeError("Invalid `choice_dataset`. Elements of `choice_dataset` must be "
                            f"scalar of `tf.int64` dtype, but got {spec}.")
        self._choices = choice_dataset
        self._stop = stop_on_empty_dataset

    def _inputs(self):
        return list(self._datasets) + [self._choices]

    def _iterate(self):
        iterators = [d._iterate() for d in self._datasets]
        for choice in self._choices._iterate():
            i = int(choice.numpy())
            if not 0 <= i < len(iterators):
                raise errors.InvalidArgumentError(
                    None, None, f"Selector index out of range: {i} >= {len(iterators)}")
            try:
                yield next(iterators[i])
            except StopIteration:
                if self._stop:
                    return

    def _compute_spec(self):
        return self._datasets[0].element_spec


class RandomDataset(Dataset):
    _tf_name = "_RandomDataset"

    def __init__(self, seed, rerandomize_each_iteration=None):
        self._seed = seed
        self._seeds = _get_seed(seed)  # (drawn now, as TF's op seeds are: set_seed's counter)
        if rerandomize_each_iteration:
            self._epoch = 0  # passes so far: an iterator's checkpoint saves it, as a shuffle's

    def _iterate(self):
        draw = shuffle_order.Words(*self._iteration_seeds())
        while True:  # (TF's kernel: one uint32 word of its Philox stream per element)
            yield _from_numpy(np.asarray(draw(), dtype=np.int64))

    def _iteration_seeds(self):
        """The (seed, seed2) of this pass's stream: the op's seeds, or with
        rerandomize_each_iteration a pair drawn for each pass as a shuffle draws its own."""
        global_seed, op_seed = self._seeds
        if global_seed is None and op_seed is None:
            global_seed, op_seed = secrets.randbits(63), secrets.randbits(63)
        if not hasattr(self, "_epoch"):
            return int(global_seed), int(op_seed)
        seeds = shuffle_order.IterationSeeds(int(global_seed), int(op_seed), True)
        self._epoch += 1
        return seeds.of_iteration(self._epoch - 1)

    def _compute_spec(self):
        return TensorSpec((), dtypes.int64)

    def _cardinality(self):
        return INFINITE


def _as_int64(func):
    def as_int64(*args):
        return convert_to_tensor(func(*args), dtype=dtypes.int64)
    return as_int64


class GroupByWindowDataset(_UnaryDataset):
    _tf_name = "_GroupByWindowDataset"

    def __init__(self, input_dataset, key_func, reduce_func, window_size, window_size_func):
        super().__init__(input_dataset)
        if (window_size is None) == (window_size_func is None):
            raise ValueError("Either the `window_size` argument or the `window_size_func` "
                             "argument must be specified.")
        self._key_func = key_func
        self._reduce_func = reduce_func
        self._window_size = window_size
        self._window_size_func = window_size_func
        if isinstance(window_size, Tensor) and window_size.dtype != dtypes.int64:
            convert_to_tensor(window_size, dtype=dtypes.int64)  # TF's ValueError
        # traced once, as TF does, with TF's conversion of the key to int64 inside
        self._traced_key = _traced(_as_int64(key_func), input_dataset.element_spec)
        self._traced_reduce = _traced_window_function(reduce_func, input_dataset.element_spec)
        self._check_key_funcs()

    def _check_key_funcs(self):
        """TF traces key_func (and window_size_func) when the dataset is made: a key that is
        not an int64 scalar is a ValueError then, not when iterating. We run them once on
        placeholder zeros; a failure that depends on the values is left for iteration."""
        in_spec = self._input.element_spec
        dummy = structure.pack_as(in_spec, [_placeholder(s, 1) for s in structure.flatten(in_spec)])
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                if self._traced_key is None:
                    self._key(dummy)
                else:  # the traced key's type decides (a stand-in value of it)
                    key = self._traced_key.output_structure
                    self._int64_scalar(_placeholder(TensorSpec(key.shape, key.dtype), 1)
                                       if isinstance(key, Tensor) else key, "key_func")
                if self._window_size_func is not None:
                    self._size_of(0)
        except errors.OpError:
            pass

    @staticmethod
    def _int64_scalar(value, func_name):
        """``convert_to_tensor(value, dtype=tf.int64)``, a scalar, as TF wraps these funcs."""
        value = convert_to_tensor(value, dtype=dtypes.int64)
        if value.shape.rank != 0:
            raise ValueError(f"Invalid `{func_name}`. `{func_name}` must return a single "
                             f"`tf.int64` scalar tensor but its return type is "
                             f"{TensorSpec(value.shape, value.dtype)}.")
        return int(value.numpy())

    def _key(self, element):
        if self._traced_key is not None:
            return self._int64_scalar(self._traced_key(element), "key_func")
        return self._int64_scalar(_call(self._key_func, element), "key_func")

    def _size_of(self, key):
        if self._window_size is not None:
            return _count_arg(self._window_size, "window_size")
        size = self._window_size_func(_from_numpy(np.asarray(key, np.int64)))
        return self._int64_scalar(size, "window_size_func")

    def _reduced(self, key, elements):
        window = _VariantDataset(elements, self._input.element_spec)
        key = _from_numpy(np.asarray(key, np.int64))
        if self._traced_reduce is not None:
            return self._traced_reduce.dataset(key, window)._iterate()
        result = self._reduce_func(key, window)
        return _dataset_result(result, "reduce_func")._iterate()

    def _iterate(self):
        windows = {}  # key -> elements so far
        for element in self._input._iterate():
            key = self._key(element)
            group = windows.setdefault(key, [])
            group.append(element)
            if len(group) >= self._size_of(key):
                del windows[key]
                yield from self._reduced(key, group)
        for key in sorted(windows):  # the unfinished windows, by key (TF keeps them sorted)
            yield from self._reduced(key, windows[key])

    def _compute_spec(self):
        if self._traced_reduce is not None:  # traced with a symbolic key, as in TF
            return self._traced_reduce.element_spec
        # Else it runs for keys 0 and 1, and what differs between the two
        # (bucket_by_sequence_length's padded length) becomes None.
        spec = self._input.element_spec
        first = self._spec_for_key(0, spec)
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")
            try:
                other = self._spec_for_key(1, spec)
            except Exception:  # noqa: BLE001 - key 1 may mean nothing to reduce_func
                return first
        if not _same_kinds(first, other):
            return first
        return structure.pack_as(first, [
            a.most_specific_compatible_type(b)
            for a, b in zip(structure.flatten(first), structure.flatten(other), strict=True)])

    def _spec_for_key(self, key, spec):
        result = self._reduce_func(_from_numpy(np.asarray(key, np.int64)),
                                   _VariantDataset([], spec))
        return _dataset_result(result, "reduce_func").element_spec

    def _cardinality(self):
        return UNKNOWN


class AssertCardinalityDataset(_UnaryDataset):
    """Passes the elements through, failing if there are more or fewer than expected."""

    _tf_name = "_AssertCardinalityDataset"

    def __init__(self, input_dataset, expected_cardinality):
        super().__init__(input_dataset)
        self._expected = _count_arg(expected_cardinality, "expected_cardinality")

    def _iterate(self):
        count = 0
        for element in self._input._iterate():
            count += 1
            if self._expected != INFINITE and count > self._expected:
                raise errors.FailedPreconditionError(
                    None, None, "Input dataset was expected to contain "
                    f"{_elements(self._expected)} but contained at least {_elements(count)}.")
            yield element
        if count != self._expected:
            raise errors.FailedPreconditionError(
                None, None, "Input dataset was expected to contain "
                f"{_elements(self._expected)} but contained only {_elements(count)}.")

    def _cardinality(self):
        return self._expected


def _elements(n):
    """TF's words for a number of elements: ``1 element``, ``3 elements``, or infinitely many."""
    if n == INFINITE:
        return "an infinite number of elements"
    return f"{n} element{'' if n == 1 else 's'}"


def _as_bool_scalar(value):
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    tensor = convert_to_tensor(value)
    if tensor.dtype != dtypes.bool or tensor.shape.rank != 0:
        spec = TensorSpec(tensor.shape, tensor.dtype)
        raise ValueError("Invalid `predicate`. `predicate` must return a `tf.bool` scalar "
                         f"tensor, but its return type is {spec}.")
    return bool(tensor._value)


class FilterDataset(_UnaryDataset):
    _tf_name = "_FilterDataset"

    def __init__(self, input_dataset, predicate):
        super().__init__(input_dataset)
        _check_callable(predicate)
        self._predicate = predicate
        self._traced = _traced(predicate, input_dataset.element_spec)
        if self._traced is not None:
            spec = _traced_spec(self._traced.output_structure)
            if spec != TensorSpec([], dtypes.bool):
                raise ValueError("Invalid `predicate`. `predicate` must return a `tf.bool` "
                                 f"scalar tensor, but its return type is {spec}.")

    def _test(self, element):
        if self._traced is not None:
            return bool(self._traced(element)._value)
        return _as_bool_scalar(_call(self._predicate, element))

    def _iterate(self):
        test = self._test
        for element in self._input._iterate():
            if test(element):
                yield element

    def _cardinality(self):
        n = self._input._cardinality()
        return 0 if n == 0 else UNKNOWN


class TakeWhileDataset(FilterDataset):
    _tf_name = "_TakeWhileDataset"

    def _iterate(self):
        test = self._test
        for element in self._input._iterate():
            if not test(element):
                return
            yield element


class ShuffleDataset(_UnaryDataset):
    """TF's buffered shuffle: keep `buffer_size` elements, emit a random one, refill its slot
    with the next input element. A buffer smaller than the dataset only shuffles locally. The
    draws are TF's (shuffle_order.py): a seeded shuffle gives TF's order."""

    _tf_name = "_ShuffleDataset"

    def __init__(self, input_dataset, buffer_size, seed, reshuffle_each_iteration):
        super().__init__(input_dataset)
        buffer_size = _count_arg(buffer_size, "buffer_size")
        if buffer_size <= 0 and buffer_size != UNKNOWN_CARDINALITY:  # (AUTOTUNE too)
            raise dataset_op_error(errors.InvalidArgumentError, "ShuffleDatasetV3",
                                   "buffer_size must be greater than zero or UNKNOWN_CARDINALITY")
        self._buffer_size = None if buffer_size == UNKNOWN_CARDINALITY else buffer_size
        global_seed, op_seed = _get_seed(None if seed is None else _count_arg(seed, "seed"))
        if global_seed is None and op_seed is None:
            # No seed anywhere: random, but fixed at creation (so reshuffle=False repeats it).
            global_seed, op_seed = secrets.randbits(63), secrets.randbits(63)
        self._seeds = shuffle_order.IterationSeeds(int(global_seed), int(op_seed),
                                                   bool(reshuffle_each_iteration))
        self._epoch = 0  # iterations begun (an iterator's checkpoint saves it)

    def _iterate(self):
        seeds = self._seeds.of_iteration(self._epoch)
        self._epoch += 1
        yield from shuffle_order.shuffled(iter(self._input._iterate()), self._buffer_size,
                                          seeds)


def _batch_shapes(spec, batch_size, drop_remainder):
    lead = batch_size if drop_remainder else None
    return structure.pack_as(spec, [_batched_spec(s, lead) for s in structure.flatten(spec)])


def _batched_spec(spec, lead):
    if structure.is_extension_spec(spec):
        structure.require_batchable(spec.value_type)
        return structure.map_extension_spec(spec, lambda field: _batched_spec(field, lead))
    shape = TensorShape([lead]).concatenate(spec.shape)
    if isinstance(spec, RaggedTensorSpec):  # a batch of ragged tensors: one more ragged dim
        return RaggedTensorSpec(shape, spec.dtype, spec.ragged_rank + 1, spec.row_splits_dtype)
    return (SparseTensorSpec if isinstance(spec, SparseTensorSpec) else TensorSpec)(
        shape, spec.dtype)


class RaggedBatchDataset(_UnaryDataset):
    """``ragged_batch``: components whose shape is fully known batch as ``batch`` does; the
    others (rows of different lengths) become RaggedTensors with one ragged dimension."""

    _tf_name = "_BatchDataset"

    def __init__(self, input_dataset, batch_size, drop_remainder, row_splits_dtype):
        super().__init__(input_dataset)
        self._batch_size = _count_arg(batch_size, "batch_size")
        if self._batch_size <= 0:
            raise dataset_op_error(errors.InvalidArgumentError, "BatchDatasetV2",
                                   "Batch size must be greater than zero.")
        self._drop = bool(drop_remainder)
        dtypes.as_dtype(row_splits_dtype)  # checked; eagerbook's RaggedTensors keep int64
        self._splits_dtype = dtypes.int64  # row splits (a departure from TF for int32)

    def _ragged_components(self):
        return [s.shape.rank is None or (s.shape.rank > 0 and not s.shape.is_fully_defined())
                for s in structure.flatten(self._input.element_spec)]

    def _iterate(self):
        ragged = self._ragged_components()
        batch = []
        for element in self._input._iterate():
            batch.append(element)
            if len(batch) == self._batch_size:
                yield self._combine(batch, ragged)
                batch = []
        if batch and not self._drop:
            yield self._combine(batch, ragged)

    def _combine(self, batch, ragged):
        flats = [structure.flatten(e) for e in batch]
        columns = []
        for c, is_ragged in enumerate(ragged):
            items = [f[c] for f in flats]
            if not is_ragged:
                columns.append(_from_numpy(_stack_arrays([t._value for t in items], c)))
                continue
            lengths = np.array([t.shape[0] for t in items], dtype=self._splits_dtype._np)
            values = _from_numpy(np.concatenate([t._value for t in items]))
            columns.append(RaggedTensor.from_row_lengths(values, lengths))
        return structure.pack_as(batch[0], columns)

    def _compute_spec(self):
        lead = self._batch_size if self._drop else None
        return structure.pack_as(self._input.element_spec, [
            RaggedTensorSpec(TensorShape([lead]).concatenate(s.shape), s.dtype, 1,
                             self._splits_dtype) if is_ragged else _batched_spec(s, lead)
            for s, is_ragged in zip(structure.flatten(self._input.element_spec),
                                    self._ragged_components(), strict=True)])

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return n // self._batch_size if self._drop else math.ceil(n / self._batch_size)


class BatchDataset(_UnaryDataset):
    _tf_name = "_BatchDataset"
    _op_type = "BatchDatasetV2"  # TF's op, which names the error of a bad batch size

    def __init__(self, input_dataset, batch_size, drop_remainder):
        super().__init__(input_dataset)
        self._batch_size = _count_arg(batch_size, "batch_size")
        if self._batch_size <= 0:
            raise dataset_op_error(errors.InvalidArgumentError, self._op_type,
                                   "Batch size must be greater than zero.",
                                   self._op_function(input_dataset.element_spec))
        self._drop = bool(drop_remainder)

    def _op_function(self, element_spec):
        return self._op_type

    def _iterate(self):
        size = self._batch_size
        batch = []
        for element in self._input._iterate():
            batch.append(element)
            if len(batch) == size:
                yield self._stack(batch)
                batch = []
        if batch and not self._drop:
            yield self._stack(batch)

    def _stack(self, batch):
        first = batch[0]
        ragged_rows = self._ragged_rows()
        if type(first) is EagerTensor and not ragged_rows:  # the common case
            return _from_numpy(_stack_arrays([t._value for t in batch], 0,
                                             type(self._input) is MapDataset))
        flats = [structure.flatten(e) for e in batch]
        columns = []
        for c in range(len(flats[0])):
            if isinstance(flats[0][c], SparseTensor):
                columns.append(_batch_sparse([f[c] for f in flats]))
                continue
            if isinstance(flats[0][c], RaggedTensor):
                columns.append(ragged_ops.stack([f[c] for f in flats]))
                continue
            if structure.is_extension_value(flats[0][c]):
                columns.append(_stack_extension_values(
                    [f[c] for f in flats], c, self._batch_size if self._drop else None))
                continue
            if ragged_rows and ragged_rows[c]:
                columns.append(_stack_ragged_rows([f[c] for f in flats]))
                continue
            columns.append(_from_numpy(_stack_arrays([f[c]._value for f in flats], c,
                                                     type(self._input) is MapDataset)))
        return structure.pack_as(first, columns)

    def _compute_spec(self):
        return _batch_shapes(self._input.element_spec, self._batch_size, self._drop)

    def _ragged_rows(self):
        """Per component: the spec says ragged while the rows come as dense tensors (the rows
        of a RaggedTensor with one ragged dimension), so the batch is a RaggedTensor; empty
        when no component can be such."""
        if "_ragged_rows_cache" not in self.__dict__:
            # Only a ragged from_tensor_slices upstream makes such rows: without one the spec
            # (which may call a map function on stand-ins) is not needed.
            self._ragged_rows_cache = [isinstance(s, RaggedTensorSpec)
                                       for s in structure.flatten(self._input.element_spec)] \
                if _slices_ragged_rows(self._input) else ()
        return self._ragged_rows_cache

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return n // self._batch_size if self._drop else math.ceil(n / self._batch_size)


def _slices_ragged_rows(dataset):
    if isinstance(dataset, TensorSliceDataset):
        return any(isinstance(t, RaggedTensor) for t in dataset._flat)
    return any(_slices_ragged_rows(d) for d in dataset._inputs())


def _stack_ragged_rows(rows):
    lengths = np.array([row.shape[0] for row in rows], dtype=np.int64)
    values = _from_numpy(np.concatenate([row._value for row in rows]))
    return RaggedTensor.from_row_lengths(values, lengths)


def _batch_sparse(items):
    """SparseTensors batch into one with a leading batch dimension: each item's indices get
    its position in front, and the dense shape is the largest along every dimension."""
    shapes = [s.dense_shape.numpy() for s in items]
    if len({len(shape) for shape in shapes}) > 1:
        ranks = [len(shape) for shape in shapes]
        later = next(i for i, rank in enumerate(ranks) if rank != ranks[0])
        raise errors.InvalidArgumentError(
            None, None, f"Inconsistent shape across SparseTensors: rank prior to "
                        f"SparseTensor[{later}] was: {ranks[0]} but rank of "
                        f"SparseTensor[{later}] is: {ranks[later]} [Op:DeserializeSparse]")
    indices = [np.concatenate([np.full((len(s.indices.numpy()), 1), i, np.int64),
                               s.indices.numpy()], axis=1) for i, s in enumerate(items)]
    return SparseTensor(np.concatenate(indices).reshape(-1, len(shapes[0]) + 1),
                        np.concatenate([s.values.numpy() for s in items]),
                        [len(items)] + np.max(shapes, axis=0).tolist())


def _stack_extension_values(values, component, lead=None):
    """A batch of ExtensionType values: each field stacked along a new first dimension; a
    TensorShape field (a batchable type's batch shape) gains `lead` (the element spec's batch
    dimension: None unless the remainder is dropped), as TF builds the batch from its spec."""
    structure.require_batchable(values[0])
    fields = zip(*[structure.extension_parts(v) for v in values])
    batch = structure.rebuilt_extension(values[0], [
        _from_numpy(_stack_arrays([t._value for t in column], component)) for column in fields])
    return batchable.with_batch_shape(batch, batchable.stacked_shape(lead))


def _stack_arrays(arrays, component, after_map=False):
    """The arrays of one component stacked into a batch. `after_map`: the batch follows a
    map, which TF fuses into one MapAndBatch step with its own check (of sizes only: the
    batch takes the first element's shape, a later element that does not fit is refused)."""
    shape = arrays[0].shape
    for i, a in enumerate(arrays):
        if a.shape == shape:
            continue
        if after_map and a.size != arrays[0].size:
            raise errors.InvalidArgumentError(
                None, None, "Cannot add tensor to the batch: number of elements does not "
                f"match. Shapes are: [tensor]: {_dims(a.shape)}, [batch]: {_dims(shape)}")
        raise errors.InvalidArgumentError(
            None, None, f"Cannot batch tensors with different shapes in component {component}. "
            f"First element had shape {_dims(shape)} and element {i} had shape "
            f"{_dims(a.shape)}.")
    return np.stack(arrays)


def _dims(shape):
    """A shape as TF's kernels print it: ``[2,3]``."""
    return "[" + ",".join(map(str, shape)) + "]"


def _padded_shape_fits(padded, shape):
    """Whether elements of static `shape` can be padded to `padded` (TF checks this when the
    dataset is made): the same rank, and no known size bigger than its padded size."""
    if padded is None or shape is None or padded.rank is None or shape.rank is None:
        return True
    if padded.rank != shape.rank:
        return False
    return all(p is None or d is None or p >= d
               for p, d in zip(padded.as_list(), shape.as_list()))


class IgnoreErrorsDataset(_UnaryDataset):
    _tf_name = "_IgnoreErrorsDataset"

    def __init__(self, input_dataset, log_warning):
        super().__init__(input_dataset)
        self._log_warning = bool(log_warning)

    def _iterate(self):
        for element, error in self._input._iterate_outcomes():
            if error is None:
                yield element
            elif self._log_warning:
                warnings.warn(f"Ignoring error: {error.message}", stacklevel=2)

    def _cardinality(self):
        return UNKNOWN


class RebatchDataset(BatchDataset):
    """Batches whose sizes cycle through a list (``rebatch([2, 1, 1])`` gives 2, 1, 1, 2, ...)."""

    _tf_name = "_RebatchDataset"

    def __init__(self, input_dataset, sizes, drop_remainder):
        if not sizes or any(s <= 0 for s in sizes):
            raise errors.InvalidArgumentError(
                f"Batch sizes must be greater than zero, got {sizes} [Op:RebatchDatasetV2]")
        super().__init__(input_dataset, max(sizes), drop_remainder)
        self._sizes = sizes

    def _iterate(self):
        sizes = itertools.cycle(self._sizes)
        size, batch = next(sizes), []
        for element in self._input._iterate():
            batch.append(element)
            if len(batch) == size:
                yield self._stack(batch)
                size, batch = next(sizes), []
        if batch and not self._drop:
            yield self._stack(batch)

    def _compute_spec(self):
        return _batch_shapes(self._input.element_spec, self._batch_size, False)  # sizes vary

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


def _check_dense_components(element_spec):
    """padded_batch pads dense tensors only: ragged or sparse components are a TypeError, as
    in TF (``ragged_batch``/``sparse_batch`` batch those)."""
    for spec in nest.flatten(element_spec):
        if not isinstance(spec, TensorSpec):
            raise TypeError("`padded_batch` is only supported for datasets that produce tensor "
                            "elements but type spec of elements in the input dataset is not a "
                            f"subclass of TensorSpec: `{spec}`.")


def _check_known_ranks(element_spec):
    """padded_batch without `padded_shapes` pads every component to its batch's longest in
    each dimension, which needs each component's rank known from its spec."""
    for i, spec in enumerate(structure.flatten(element_spec)):
        shape = getattr(spec, "shape", None)
        if isinstance(shape, TensorShape) and shape.rank is None:
            raise ValueError("You must provide `padded_shapes` argument because component "
                             f"{i} has unknown rank.")


class PaddedBatchDataset(BatchDataset):
    _tf_name = "_PaddedBatchDataset"
    _op_type = "PaddedBatchDatasetV2"

    def _op_function(self, element_spec):  # its attrs: N padded shapes, Toutput_types
        n = len(nest.flatten(element_spec))
        return f"{self._op_type}_N_{n}_Toutput_types_{n}"

    def __init__(self, input_dataset, batch_size, padded_shapes, padding_values,
                 drop_remainder):
        if padded_shapes is None:  # TF checks this first: the shapes to pad to must be known
            _check_known_ranks(input_dataset.element_spec)
        _check_dense_components(input_dataset.element_spec)
        super().__init__(input_dataset, batch_size, drop_remainder)
        self._padded_shapes = padded_shapes
        self._padding_values = padding_values
        specs = structure.flatten(input_dataset.element_spec)
        self._pads(len(specs))  # a wrong structure fails here, before any element is read
        for target, spec in zip(self._targets(len(specs)), specs):
            if not _padded_shape_fits(target, getattr(spec, "shape", None)):
                raise ValueError(f"The padded shape {target} is not compatible with the shape "
                                 f"{spec.shape} of the corresponding input component.")

    def _targets(self, n):
        if self._padded_shapes is None:
            return [None] * n
        shapes = _flatten_like_spec(self._padded_shapes, n, "padded_shapes")
        out = []
        for shape in shapes:
            if isinstance(shape, Tensor):
                shape = shape.numpy().tolist()
            if isinstance(shape, int) or shape is None:
                shape = [shape] if isinstance(shape, int) else None
            elif not isinstance(shape, TensorShape):
                shape = [None if d is None or int(d) < 0 else int(d) for d in shape]
            out.append(TensorShape(shape))
        return out

    def _pads(self, n):
        value = self._padding_values
        if value is None:
            return [None] * n
        if not isinstance(value, (tuple, dict)):
            return [value] * n  # one padding value for every component, as TF allows
        flat = structure.flatten(value)
        if len(flat) != n:
            raise ValueError("`padding_values` must have the same structure as the dataset's "
                             "elements.")
        return flat

    def _stack(self, batch):
        first = batch[0]
        flats = [structure.flatten(e) for e in batch]
        n = len(flats[0])
        targets, pads = self._targets(n), self._pads(n)
        columns = []
        for c in range(n):
            arrays = [f[c]._value for f in flats]
            rank = arrays[0].ndim
            if any(a.ndim != rank for a in arrays):
                raise errors.InvalidArgumentError(
                    f"All elements in a batch must have the same rank as the padded shape for "
                    f"component {c}.")
            biggest = [max(a.shape[d] for a in arrays) for d in range(rank)]
            target = targets[c]
            if target is not None and target.rank is not None:
                if target.rank != rank:
                    raise ValueError(f"The padded shape {target} is not compatible with the "
                                     f"shape of component {c} (rank {rank}).")
                dims = []
                for d, want in enumerate(target.as_list()):
                    if want is None:
                        dims.append(biggest[d])
                    elif biggest[d] > want:
                        raise errors.DataLossError(  # (TF's kind for it)
                            None, None, "Attempted to pad to a smaller size than the input "
                                        "element.")
                    else:
                        dims.append(want)
            else:
                dims = biggest
            dtype = arrays[0].dtype
            pad = pads[c]
            if pad is None:
                pad = b"" if dtype.kind == "O" else 0
            elif isinstance(pad, Tensor):
                pad = pad._value[()] if pad._value.ndim == 0 else pad._value
            elif isinstance(pad, str):
                pad = pad.encode()  # string tensors hold bytes
            out = np.full([len(arrays)] + dims, pad, dtype=dtype)
            for i, a in enumerate(arrays):
                # a scalar goes in as its value: a 0-d string array would be stored whole
                out[(i,) + tuple(slice(0, s) for s in a.shape)] = a if a.ndim else a[()]
            columns.append(_from_numpy(out))
        if type(first) is EagerTensor:
            return columns[0]
        return structure.pack_as(first, columns)

    def _compute_spec(self):
        spec = self._input.element_spec
        flat = structure.flatten(spec)
        targets = self._targets(len(flat))
        lead = self._batch_size if self._drop else None
        out = []
        for s, t in zip(flat, targets, strict=True):
            shape = s.shape if t is None or t.rank is None else t
            out.append(TensorSpec(TensorShape([lead]).concatenate(shape), s.dtype))
        return structure.pack_as(spec, out)


def _flatten_like_spec(value, n, name):
    if n == 1 and not isinstance(value, (tuple, dict)):
        return [value]
    if isinstance(value, tuple) and all(isinstance(v, (int, type(None))) for v in value) \
            and n == 1:
        return [value]
    flat = _flatten_shapes(value)
    if len(flat) != n:
        raise ValueError(f"`{name}` must have the same structure as the dataset's elements.")
    return flat


def _flatten_shapes(value):
    """The leaves of a ``padded_shapes`` structure: tuples and dicts nest, while a list, a
    TensorShape or a tuple of ints/None is one shape (``([], [None])`` is two shapes)."""
    if isinstance(value, dict):
        return [leaf for key in sorted(value) for leaf in _flatten_shapes(value[key])]
    if isinstance(value, tuple) and not all(isinstance(v, (int, type(None))) for v in value):
        return [leaf for v in value for leaf in _flatten_shapes(v)]
    return [value]


def _has_scalar_component(element_spec):
    """Whether a component of the elements is known to be a scalar (nothing to unbatch)."""
    return any(getattr(spec, "shape", None) is not None and spec.shape.rank == 0
               and not hasattr(spec, "element_spec")  # (a DatasetSpec)
               for spec in nest.flatten(element_spec))


class SparseBatchDataset(_UnaryDataset):
    _tf_name = "_DenseToSparseBatchDataset"

    def __init__(self, input_dataset, batch_size, row_shape):
        super().__init__(input_dataset)
        self._batch_size = _count_arg(batch_size, "batch_size")
        if self._batch_size <= 0:
            raise errors.InvalidArgumentError("Batch size must be greater than zero.")
        if isinstance(row_shape, (list, tuple, TensorShape)):  # TF's check: dims >= 0
            row_shape = [-1 if d is None else d for d in TensorShape(row_shape).as_list()]
        dims = convert_to_tensor(row_shape, dtypes.int64).numpy().reshape(-1).tolist()
        self._row_shape = [None if d == -1 else int(d) for d in dims]

    def _iterate(self):
        batch = []
        for element in self._input._iterate():
            batch.append(element._value)
            if len(batch) == self._batch_size:
                yield self._sparse(batch)
                batch = []
        if batch:
            yield self._sparse(batch)

    def _sparse(self, arrays):
        rank = len(self._row_shape)
        row_shape = "[" + ",".join("?" if d is None else str(d) for d in self._row_shape) + "]"
        for a in arrays:  # (TF's kernel checks each element in turn)
            if a.ndim != rank:
                raise errors.InvalidArgumentError(
                    None, None, f"Input element had shape ({_dims(a.shape)}) that is "
                                f"incompatible with the row shape ({row_shape}).")
            if any(want is not None and n > want for n, want in zip(a.shape, self._row_shape)):
                raise errors.DataLossError(
                    None, None, f"Input element had shape ({_dims(a.shape)}) that is larger "
                                f"than the row shape ({row_shape}).")
        dense_shape = [len(arrays)]
        for d, want in enumerate(self._row_shape):
            dense_shape.append(max(a.shape[d] for a in arrays) if want is None else want)
        indices = [(i,) + index for i, a in enumerate(arrays) for index in np.ndindex(a.shape)]
        values = np.concatenate([a.reshape(-1) for a in arrays])
        return SparseTensor(np.array(indices, dtype=np.int64).reshape(-1, rank + 1),
                            values, dense_shape)

    def _compute_spec(self):
        return SparseTensorSpec([None] + self._row_shape, self._input.element_spec.dtype)

    def _cardinality(self):
        n = self._input._cardinality()
        return n if n < 0 else -(-n // self._batch_size)


class UnbatchDataset(_UnaryDataset):
    _tf_name = "_UnbatchDataset"

    def _iterate(self):
        for element in self._input._iterate():
            if type(element) is EagerTensor:
                if element.ndim == 0:
                    raise errors.InvalidArgumentError(
                        "Input element must have a non-scalar value in each component.")
                array = element._value
                for i in range(array.shape[0]):
                    yield _from_numpy(array[i, ...])
                continue
            flat = structure.flatten(element)
            sizes = []
            for t in flat:
                if not structure.is_extension_value(t) and t.shape.rank == 0:
                    raise errors.InvalidArgumentError(
                        "Input element must have a non-scalar value in each component.")
                sizes.append(_leading_size(t))
            if len(set(sizes)) > 1:
                bad = next(i for i, size in enumerate(sizes) if size != sizes[0])
                raise errors.InvalidArgumentError(
                    "Input element must have the same batch size in each component. Component "
                    f"0 had size {sizes[0]} but component {bad} had size {sizes[bad]}.")
            # rows as from_tensor_slices cuts them (ragged and sparse components included)
            slicers = [_row_slicer(t) for t in flat]
            for i in range(sizes[0] if sizes else 0):
                yield structure.pack_as(element, [row(i) for row in slicers])

    def _compute_spec(self):
        spec = self._input.element_spec
        out = []
        for s in structure.flatten(spec):
            if not structure.is_extension_spec(s) and s.shape.rank == 0:
                raise ValueError("Cannot unbatch an input with scalar components.")
            out.append(_unbatched_spec(s))
        return structure.pack_as(spec, out)

    def _cardinality(self):
        n = self._input._cardinality()
        return INFINITE if n == INFINITE else (0 if n == 0 else UNKNOWN)


class RepeatDataset(_UnaryDataset):
    _tf_name = "_RepeatDataset"

    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = _count_arg(count, "count")

    def _iterate(self):
        if self._count < 0:
            while True:
                produced = False
                for element in self._input._iterate():
                    produced = True
                    yield element
                if not produced:  # repeating an empty dataset forever yields nothing
                    return
        else:
            for _ in range(self._count):
                yield from self._input._iterate()

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count < 0:
            return 0 if n == 0 else (UNKNOWN if n == UNKNOWN else INFINITE)
        if self._count == 0:
            return 0
        return n if n < 0 else n * self._count


class TakeDataset(_UnaryDataset):
    _tf_name = "_TakeDataset"

    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = _count_arg(count, "count")

    def _iterate(self):
        count = self._count
        if count == 0:
            return
        if count < 0:
            yield from self._input._iterate()
            return
        taken = 0
        for element in self._input._iterate():
            yield element
            taken += 1
            if taken == count:
                return

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count < 0:
            return n
        if n == INFINITE:
            return self._count
        if n == UNKNOWN:
            return UNKNOWN
        return min(n, self._count)


class SkipDataset(_UnaryDataset):
    _tf_name = "_SkipDataset"

    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = _count_arg(count, "count")

    def _iterate(self):
        it = self._input._iterate()
        if self._count < 0:
            for _ in it:
                pass
            return
        for _ in range(self._count):
            try:
                next(it)
            except StopIteration:
                return
        yield from it

    def _cardinality(self):
        n = self._input._cardinality()
        if self._count < 0:
            return 0 if n != INFINITE else INFINITE
        if n < 0:
            return n
        return max(0, n - self._count)


class PrefetchDataset(_UnaryDataset):
    """Accepted for compatibility; elements are produced on demand in the calling thread."""

    _tf_name = "_PrefetchDataset"

    def __init__(self, input_dataset, buffer_size):
        super().__init__(input_dataset)
        self._buffer_size = _count_arg(buffer_size, "buffer_size")

    def _iterate(self):
        return self._input._iterate()


class CacheDataset(_UnaryDataset):
    """Keeps the elements of the first *complete* pass in memory and replays them after."""

    _tf_name = "CacheDataset"

    def __init__(self, input_dataset, filename=""):
        super().__init__(input_dataset)
        self._cached = None

    def _iterate(self):
        if self._cached is not None:
            yield from self._cached
            return
        seen = []
        for element in self._input._iterate():
            seen.append(element)
            yield element
        self._cached = seen


class EnumerateDataset(_UnaryDataset):
    _tf_name = "_ZipDataset"

    def __init__(self, input_dataset, start):
        super().__init__(input_dataset)
        self._start = _count_arg(start, "start")

    def _iterate(self):
        i = self._start
        for element in self._input._iterate():
            yield (_from_numpy(np.array(i, dtype=np.int64)), element)
            i += 1

    def _compute_spec(self):
        return (TensorSpec([], dtypes.int64), self._input.element_spec)


class ConcatenateDataset(Dataset):
    _tf_name = "_ConcatenateDataset"

    def __init__(self, first, second):
        if not isinstance(second, Dataset):
            raise TypeError(f"`dataset` must be a tf.data.Dataset, got {type(second).__name__}")
        a, b = first.element_spec, second.element_spec
        flat_a, flat_b = structure.flatten(a), structure.flatten(b)
        if not structure.same_structure(a, b) or any(
                x.dtype != y.dtype for x, y in zip(flat_a, flat_b, strict=False)):
            raise TypeError(f"Incompatible dataset elements:\n  {a} vs.   {b}")  # (TF's spacing)
        self._first, self._second = first, second
        self._spec_cache = structure.pack_as(a, [
            type(x)(x.shape.most_specific_compatible_shape(y.shape), x.dtype)
            for x, y in zip(flat_a, flat_b, strict=True)])

    def _inputs(self):
        return [self._first, self._second]

    def _iterate(self):
        yield from self._first._iterate()
        yield from self._second._iterate()

    def _compute_spec(self):
        return self._spec_cache

    def _cardinality(self):
        a, b = self._first._cardinality(), self._second._cardinality()
        if INFINITE in (a, b):
            return INFINITE
        if UNKNOWN in (a, b):
            return UNKNOWN
        return a + b


class ShardDataset(_UnaryDataset):
    _tf_name = "_ShardDataset"

    def __init__(self, input_dataset, num_shards, index):
        super().__init__(input_dataset)
        self._n = _count_arg(num_shards, "num_shards")
        self._index = _count_arg(index, "index")
        if self._n <= 0:
            raise dataset_op_error(errors.InvalidArgumentError, "ShardDataset",
                                   "Number of shards must be greater than zero (currently "
                                   f"num_shards = {self._n}).")
        if not 0 <= self._index < self._n:
            raise dataset_op_error(errors.InvalidArgumentError, "ShardDataset",
                                   f"Index must be between 0 and {self._n - 1} (currently "
                                   f"index = {self._index}).")

    def _iterate(self):
        for i, element in enumerate(self._input._iterate()):
            if i % self._n == self._index:
                yield element

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        return n // self._n + (1 if self._index < n % self._n else 0)


# --- datasets of datasets: window, flat_map, interleave -----------------------------------------
class DatasetSpec:
    """``tf.data.DatasetSpec``: the element_spec of an element that is itself a dataset."""

    def __init__(self, element_spec, dataset_shape=()):
        self._element_spec = element_spec
        self._dataset_shape = TensorShape(dataset_shape)

    @staticmethod
    def from_value(value):
        """The spec of the dataset `value` (its element_spec, a scalar dataset shape)."""
        return DatasetSpec(value.element_spec)

    @property
    def element_spec(self):
        return self._element_spec

    @property
    def shape(self):
        return self._dataset_shape

    @property
    def value_type(self):
        return Dataset

    def _traced_argument(self, placeholder):
        """What a tf.function traced for this spec (an input_signature) sees."""
        return _ArgumentDataset(placeholder, self._element_spec)

    def __eq__(self, other):
        return isinstance(other, DatasetSpec) and other._element_spec == self._element_spec

    def __hash__(self):
        return hash(repr(self))

    def __repr__(self):
        return f"DatasetSpec({self._element_spec!r}, {self._dataset_shape!r})"

    def most_specific_compatible_type(self, other):
        """The spec both describe: element shapes relaxed where they differ."""
        if not isinstance(other, DatasetSpec) or \
                not structure.same_structure(self._element_spec, other._element_spec):
            raise ValueError(f"No TypeSpec is compatible with both {self} and {other}")
        return DatasetSpec(structure.pack_as(self._element_spec, [
            a.most_specific_compatible_type(b) for a, b in
            zip(structure.flatten(self._element_spec), structure.flatten(other._element_spec))]),
            self._dataset_shape)

    def is_compatible_with(self, spec_or_value):
        """Whether a dataset (or the spec of one) has elements this spec's would match."""
        other = DatasetSpec.from_value(spec_or_value) if isinstance(spec_or_value, Dataset) \
            else spec_or_value
        if not isinstance(other, DatasetSpec) or \
                not structure.same_structure(self._element_spec, other._element_spec):
            return False
        return all(a.is_compatible_with(b) for a, b in
                   zip(structure.flatten(self._element_spec),
                       structure.flatten(other._element_spec)))


class _ArgumentDataset(Dataset):
    """A dataset argument of a tf.function while it traces (TF's variant placeholder): it
    stands for whichever dataset of this element_spec a call passes, so one trace serves
    them all. A loop over it (or over a pipeline built on it) reads, when the compiled code
    runs, the dataset the call passed (``Dataset._with_arguments``)."""

    _tf_name = "_VariantDataset"

    def __init__(self, placeholder, spec):
        self._placeholder = placeholder
        self._spec_cache = spec

    def _compute_spec(self):
        return self._spec_cache

    def _iterate(self):
        raise TypeError("A dataset argument of a tf.function has no elements while the "
                        "function traces: iterate it with a `for` loop or `reduce` inside "
                        "the function.")


def _reads_the_trace(dataset):
    """Inside tf.function: `dataset` reads what the trace computes (a dataset argument, a
    tensor it was made from), so its elements are there only when the compiled code runs."""
    return context.state.graph is not None and runtime.reads_dataset_arguments(dataset)


def _with_arguments(value, binding):
    """`value` with every argument dataset in it replaced (binding: id -> dataset)."""
    if isinstance(value, Dataset):
        return value._with_arguments(binding)
    if type(value) in (list, tuple):
        items = [_with_arguments(v, binding) for v in value]
        return type(value)(items) if any(a is not b for a, b in zip(items, value)) else value
    if type(value) is dict:
        items = {k: _with_arguments(v, binding) for k, v in value.items()}
        return items if any(items[k] is not value[k] for k in value) else value
    return value


def _pipeline(value, found):
    """The datasets `value` reads (itself included), each once."""
    if isinstance(value, Dataset):
        if any(d is value for d in found):
            return found
        found.append(value)
        for part in vars(value).values():
            _pipeline(part, found)
    elif type(value) in (list, tuple, dict):
        for part in value.values() if type(value) is dict else value:
            _pipeline(part, found)
    return found


def _argument_datasets(value, found):
    if isinstance(value, _ArgumentDataset):
        if all(a is not value for a in found):
            found.append(value)
    elif isinstance(value, Dataset):
        for part in vars(value).values():
            _argument_datasets(part, found)
    elif type(value) in (list, tuple, dict):
        for part in value.values() if type(value) is dict else value:
            _argument_datasets(part, found)
    return found


class _VariantDataset(Dataset):
    """A dataset made inside a pipeline (a window): its elements, already computed."""

    _tf_name = "_VariantDataset"

    def __init__(self, elements, spec):
        self._elements = elements
        self._spec_cache = spec

    def _iterate(self):
        yield from self._elements

    def _compute_spec(self):
        return self._spec_cache

    def _cardinality(self):
        return len(self._elements)


def _is_dataset_spec(spec):
    return isinstance(spec, DatasetSpec)


class WindowDataset(_UnaryDataset):
    _tf_name = "_WindowDataset"

    def __init__(self, input_dataset, size, shift, stride, drop_remainder):
        super().__init__(input_dataset)
        self._size = _count_arg(size, "size")
        self._shift = self._size if shift is None else _count_arg(shift, "shift")
        self._stride = _count_arg(stride, "stride")
        for what, value in (("size", self._size), ("shift", self._shift),
                            ("stride", self._stride)):
            if value <= 0:
                raise dataset_op_error(errors.InvalidArgumentError, "WindowDataset",
                                       f"Window {what} must be greater than zero.")
        self._drop = bool(drop_remainder)

    def _iterate(self):
        size, shift, stride = self._size, self._shift, self._stride
        span = (size - 1) * stride + 1  # input elements one window reaches over
        spec = self._input.element_spec
        flat_specs = structure.flatten(spec)
        buffer, start = [], 0  # buffer[0] is input element number `start`
        it = self._input._iterate()
        exhausted = False
        while True:
            while not exhausted and len(buffer) < span:
                try:
                    buffer.append(next(it))
                except StopIteration:
                    exhausted = True
            if not buffer:
                return
            picked = buffer[0:span:stride]
            if len(picked) < size and (self._drop or exhausted is False):
                return
            yield self._window(picked, spec, flat_specs)
            # move on by `shift` input elements (some may not be read yet)
            skip = shift
            drop_now = min(skip, len(buffer))
            del buffer[:drop_now]
            skip -= drop_now
            start += shift
            while skip and not exhausted:
                try:
                    next(it)
                    skip -= 1
                except StopIteration:
                    exhausted = True
            if exhausted and not buffer:
                return

    def _window(self, elements, spec, flat_specs):
        if not structure.is_structure(spec):
            return _VariantDataset(elements, spec)
        columns = list(zip(*[structure.flatten(e) for e in elements], strict=True)) \
            if elements else [[] for _ in flat_specs]
        return structure.pack_as(spec, [_VariantDataset(list(col), s)
                                        for col, s in zip(columns, flat_specs, strict=True)])

    def _compute_spec(self):
        spec = self._input.element_spec
        return structure.pack_as(spec, [DatasetSpec(s, []) for s in structure.flatten(spec)])

    def _cardinality(self):
        n = self._input._cardinality()
        if n < 0:
            return n
        if self._drop:
            reach = (self._size - 1) * self._stride + 1
            return 0 if n < reach else (n - reach) // self._shift + 1
        return math.ceil(n / self._shift)


def _dataset_result(value, what):
    if not isinstance(value, Dataset):
        raise TypeError(f"The `map_func` argument must return a `Dataset` object. Got "
                        f"{type(value)!r}.")
    return value


def _spec_placeholder(spec):
    """A stand-in element for `spec` (empty datasets for DatasetSpecs), for finding specs."""
    return structure.pack_as(spec, [
        _VariantDataset([], s.element_spec) if _is_dataset_spec(s) else _placeholder(s, 1)
        for s in structure.flatten(spec)])


class FlatMapDataset(_UnaryDataset):
    _tf_name = "_FlatMapDataset"

    def __init__(self, input_dataset, map_func):
        super().__init__(input_dataset)
        _check_callable(map_func)
        self._func = map_func
        self._traced = _traced_dataset_function(map_func, input_dataset.element_spec)
        _ = self.element_spec  # TF traces `map_func` now: one not returning a dataset fails

    def _datasets(self):
        for element in self._input._iterate():
            if self._traced is not None:
                yield _dataset_result(self._traced.dataset(element), "flat_map")
            else:
                yield _dataset_result(_call(self._func, element), "flat_map")

    def _iterate(self):
        for dataset in self._datasets():
            yield from dataset._iterate()

    def _compute_spec(self):
        if self._traced is not None:
            return self._traced.element_spec
        probe = _call(self._func, _spec_placeholder(self._input.element_spec))
        return _dataset_result(probe, "flat_map").element_spec

    def _cardinality(self):
        return UNKNOWN  # (TF's, even for an empty input)


def _traced_window_function(func, input_spec):
    """group_by_window's reduce_func traced once, with a symbolic key and the window as a
    dataset argument (graph/dataset_functions.py); None when it cannot be."""
    if not traceable_specs(structure.flatten(input_spec)):
        return None
    try:
        traced = DatasetReturningFunction(
            func, (TensorSpec([], dtypes.int64), DatasetSpec(input_spec)), unpack=True)
    except Exception:
        return None
    return traced if traced.element_spec is not None else None


def _traced_dataset_function(func, input_spec):
    """flat_map's or interleave's function traced once (graph/dataset_functions.py); None
    when it cannot be (an element holding a dataset, a pipeline this engine cannot build from
    symbolic tensors): it then runs eagerly per element."""
    if not traceable_specs(structure.flatten(input_spec)):
        return None
    try:
        traced = DatasetReturningFunction(func, input_spec, unpack=type(input_spec) is tuple)
    except Exception as exc:
        if _fails_on_stand_ins(func, input_spec):
            raise exc from None  # a mistake in `func` itself (TF's "in user code" error)
        return None
    return traced if traced.element_spec is not None else None


def _fails_on_stand_ins(func, input_spec):
    """True when `func`, called eagerly on stand-in values (silently), raises too: then its
    trace failed for the user's mistake (a wrong arity, say), not for this engine's limits."""
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings(), \
            np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            _call(func, _spec_placeholder(input_spec))
        except Exception:  # noqa: BLE001 - any failure means the function itself is at fault
            return True
    return False


class DeferredDataset(Dataset):
    """A dataset made from symbolic tensors while a dataset function traces: the class and
    arguments to build it with once the tensors have values (``rebuilt``)."""

    @staticmethod
    def of(cls, args, kwargs):
        check = getattr(cls, "_check_arguments", None)
        if check is not None:  # errors TF raises when the dataset is made, not when it runs
            check(*args, **kwargs)
        deferred = object.__new__(DeferredDataset)
        deferred._cls, deferred._args, deferred._kwargs = cls, args, kwargs
        deferred._tf_name = getattr(cls, "_tf_name", cls.__name__)
        return deferred

    def _iterate(self):
        raise TypeError("A dataset made from a traced function's tensors has no elements "
                        "until the function runs.")

    def _compute_spec(self):
        """Its element spec: the one of the dataset built from stand-in values, dimensions
        unknown to the trace left unknown (two stand-ins that differ there)."""
        tensors = symbolic_inputs(self, [], set())
        specs = []
        for unknown in (1, 2):
            values = {id(t): _placeholder(TensorSpec(t.shape, t.dtype), unknown, fill=1)
                      for t in tensors}
            specs.append(rebuilt(self, values).element_spec)
        return structure.pack_as(specs[0], [
            a if a == b else a.most_specific_compatible_type(b)
            for a, b in zip(structure.flatten(specs[0]), structure.flatten(specs[1]),
                            strict=True)])

    def _cardinality(self):
        return UNKNOWN


register_dataset_types(Dataset, DeferredDataset, _ArgumentDataset)


def _schedulable_cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (not every platform has it)
        return os.cpu_count() or 1


def _autotuned_cycle_length(num_parallel_calls):
    """TF's cycle_length when it is left to AUTOTUNE: the cores; with num_parallel_calls,
    that many (at most the cores); with num_parallel_calls=AUTOTUNE, a third of the cores
    (rounded up), since each cycle element then keeps about three threads busy."""
    cores = _schedulable_cores()
    if num_parallel_calls is None:
        return cores
    if num_parallel_calls == AUTOTUNE:
        return -(-cores // 3)
    return min(num_parallel_calls, cores)


def _cycle_length_error(cycle, parallel):
    """TF's error for a cycle_length neither AUTOTUNE nor positive (its op and words differ
    with num_parallel_calls)."""
    if parallel is None:
        return dataset_op_error(errors.InvalidArgumentError, "InterleaveDataset",
                                "cycle_length must be greater than zero.",
                                "InterleaveDataset_Targuments_0")
    return dataset_op_error(errors.InvalidArgumentError, "ParallelInterleaveDatasetV4",
                            "`cycle_length` must be `tf.data.AUTOTUNE` or greater than 0 but is "
                            f"{cycle}", "ParallelInterleaveDatasetV4_Targuments_0")


class InterleaveDataset(FlatMapDataset):
    _tf_name = "_InterleaveDataset"

    def __init__(self, input_dataset, map_func, cycle_length, block_length,
                 num_parallel_calls=None):
        super().__init__(input_dataset, map_func)
        cycle = _count_arg(cycle_length, "cycle_length") if cycle_length is not None else -1
        parallel = None if num_parallel_calls is None else \
            _count_arg(num_parallel_calls, "num_parallel_calls")
        if cycle <= 0 and cycle != AUTOTUNE:
            raise _cycle_length_error(cycle, parallel)
        self._cycle = cycle if cycle > 0 else _autotuned_cycle_length(parallel)
        self._parallel = parallel
        self._block = 1 if block_length is None else _count_arg(block_length, "block_length")
        if self._block <= 0:
            raise dataset_op_error(errors.InvalidArgumentError, "InterleaveDataset",
                                   "block_length must be greater than zero.",
                                   "InterleaveDataset_Targuments_0")

    def _iterate(self):
        if self._parallel is not None and self._parallel > self._cycle:
            raise errors.InvalidArgumentError(
                "If `cycle_length` is set to a fixed value, `num_parallel_calls` must be "
                "either `tf.data.AUTOTUNE` or a value less than or equal to `cycle_length`. "
                f"However, `num_parallel_calls` is {self._parallel} and `cycle_length` is "
                f"{self._cycle}")
        sources = self._datasets()
        slots = [None] * self._cycle  # the iterators in the cycle
        exhausted = False
        i = 0
        while True:
            if slots[i] is None and not exhausted:
                try:  # an empty slot takes the next input element's dataset
                    slots[i] = next(sources)._iterate()
                except StopIteration:
                    exhausted = True
            it = slots[i]
            if it is not None:
                for _ in range(self._block):
                    try:
                        yield next(it)
                    except StopIteration:  # the slot ends: move on to the next one
                        slots[i] = None
                        break
            elif exhausted and not any(slots):
                return
            i = (i + 1) % self._cycle


structure.register_dataset_type(Dataset)

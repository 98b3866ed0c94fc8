"""tf.data semantics: sources, transformations, laziness, specs, cardinality, shuffling."""

import collections

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerbook as tf
from eagerbook.core import errors
from eagerbook.core.tensor import EagerTensor
from eagerbook.data import (
    AUTOTUNE,
    INFINITE_CARDINALITY,
    UNKNOWN_CARDINALITY,
    Dataset,
    Iterator,
    TensorSpec,
    experimental,
)
from eagerbook.ops import random_ops


def values(ds):
    return [_py(e) for e in ds.as_numpy_iterator()]


def _py(e):
    if isinstance(e, tuple):
        return tuple(_py(x) for x in e)
    if isinstance(e, dict):
        return {k: _py(v) for k, v in e.items()}
    return e.tolist() if isinstance(e, np.ndarray) else e.item() if hasattr(e, "item") else e


# --- sources -------------------------------------------------------------------------------------
def test_from_tensor_slices_vector_yields_tensors():
    ds = Dataset.from_tensor_slices([1, 2, 3])
    out = list(ds)
    assert all(type(t) is EagerTensor for t in out)
    assert [int(t) for t in out] == [1, 2, 3]
    assert out[0].dtype == tf.int32 and out[0].shape == ()
    assert ds.element_spec == TensorSpec([], tf.int32)


def test_from_tensor_slices_tuple_dict_and_nested():
    ds = Dataset.from_tensor_slices(([1, 2], [[1.0, 2.0], [3.0, 4.0]]))
    assert values(ds) == [(1, [1.0, 2.0]), (2, [3.0, 4.0])]
    d = Dataset.from_tensor_slices({"a": [1, 2], "b": (np.array([5, 6]), [b"x", b"y"])})
    assert values(d) == [{"a": 1, "b": (5, b"x")}, {"a": 2, "b": (6, b"y")}]
    spec = d.element_spec
    assert spec["a"] == TensorSpec([], tf.int32)
    assert spec["b"][0] == TensorSpec([], tf.int64) and spec["b"][1].dtype == tf.string


def test_from_tensor_slices_namedtuple_kept():
    Point = collections.namedtuple("Point", "x y")
    ds = Dataset.from_tensor_slices(Point([1, 2], [3, 4]))
    first = next(iter(ds))
    assert isinstance(first, Point) and int(first.y) == 3


def test_from_tensor_slices_mismatched_first_dims_is_value_error():
    with pytest.raises(ValueError, match="Dimensions 3 and 2 are not compatible"):
        Dataset.from_tensor_slices(([1, 2, 3], [1, 2]))
    with pytest.raises(ValueError):
        Dataset.from_tensor_slices(5)


def test_from_tensor_slices_copies_numpy_input():
    x = np.arange(4)
    ds = Dataset.from_tensor_slices(x)
    x[0] = 100
    assert values(ds) == [0, 1, 2, 3]


def test_from_tensors_single_element():
    ds = Dataset.from_tensors(([1, 2, 3], 4.0))
    assert len(ds) == 1
    assert values(ds) == [([1, 2, 3], 4.0)]
    assert ds.element_spec == (TensorSpec([3], tf.int32), TensorSpec([], tf.float32))


def test_range_like_python_and_int64():
    assert values(Dataset.range(5)) == [0, 1, 2, 3, 4]
    assert values(Dataset.range(2, 5)) == [2, 3, 4]
    assert values(Dataset.range(1, 10, 3)) == [1, 4, 7]
    assert values(Dataset.range(5, 0, -2)) == [5, 3, 1]
    assert next(iter(Dataset.range(3))).dtype == tf.int64
    assert Dataset.range(3, output_type=tf.int32).element_spec.dtype == tf.int32
    assert len(Dataset.range(1, 10, 3)) == 3
    with pytest.raises(errors.InvalidArgumentError):
        Dataset.range(0, 5, 0)


def test_zip_tuple_dict_and_varargs():
    a, b = Dataset.range(3), Dataset.range(10, 20)
    assert values(Dataset.zip((a, b))) == [(0, 10), (1, 11), (2, 12)]
    assert values(Dataset.zip(a, b)) == [(0, 10), (1, 11), (2, 12)]
    assert values(Dataset.zip({"x": a, "y": b}))[0] == {"x": 0, "y": 10}
    assert len(Dataset.zip((a, b))) == 3
    assert Dataset.zip((a, b.repeat())).cardinality().numpy() == 3
    with pytest.raises(TypeError):
        Dataset.zip([a, b])


def test_from_generator():
    def gen():
        for i in range(3):
            yield i, [float(i)] * i

    ds = Dataset.from_generator(gen, output_signature=(TensorSpec([], tf.int32),
                                                       TensorSpec([None], tf.float32)))
    assert values(ds) == [(0, []), (1, [1.0]), (2, [2.0, 2.0])]
    assert values(ds) == [(0, []), (1, [1.0]), (2, [2.0, 2.0])]  # a fresh generator per pass
    assert ds.cardinality().numpy() == UNKNOWN_CARDINALITY


# --- map / filter --------------------------------------------------------------------------------
def test_map_unpacks_tuples_but_not_dicts():
    ds = Dataset.from_tensor_slices(([1, 2], [10, 20])).map(lambda x, y: x + y)
    assert values(ds) == [11, 22]
    d = Dataset.from_tensor_slices({"a": [1, 2]}).map(lambda e: e["a"] * 2)
    assert values(d) == [2, 4]


def test_map_returning_list_gives_tuple_and_python_values_become_tensors():
    ds = Dataset.range(2).map(lambda x: [x, 1.5])
    first = next(iter(ds))
    assert isinstance(first, tuple) and first[1].dtype == tf.float32


def test_map_element_spec_tracks_unknown_dims():
    ds = Dataset.range(10).batch(4).map(lambda x: tf.cast(x, tf.float32) * 2.0)
    assert ds.element_spec == TensorSpec([None], tf.float32)
    ds2 = Dataset.from_tensor_slices(np.zeros((6, 28, 28), np.uint8)).map(
        lambda x: tf.cast(x, tf.float32)[..., tf.newaxis] / 255.0)
    assert ds2.element_spec == TensorSpec([28, 28, 1], tf.float32)


def test_map_num_parallel_calls_accepted():
    ds = Dataset.range(4).map(lambda x: x * x, num_parallel_calls=AUTOTUNE, deterministic=True)
    assert values(ds) == [0, 1, 4, 9]
    assert experimental.AUTOTUNE == AUTOTUNE == -1


def test_lazy_map_take_calls_function_five_times():
    calls = []

    def record(x):  # runs per element, as the traced function's py_function op
        calls.append(int(x))
        return x

    def f(x):
        return tf.py_function(record, [x], tf.int64) * 2

    ds = Dataset.range(1_000_000).map(f).take(5)
    assert calls == []  # building the pipeline runs nothing
    assert values(ds) == [0, 2, 4, 6, 8]
    assert calls == [0, 1, 2, 3, 4]


def test_lazy_batch_pulls_only_what_it_needs():
    pulled = []
    ds = Dataset.range(1_000_000).map(
        lambda x: tf.py_function(lambda v: (pulled.append(1), v)[1], [x], tf.int64)).batch(10)
    next(iter(ds))
    assert len(pulled) == 10


def test_filter():
    assert values(Dataset.range(10).filter(lambda x: x % 3 == 0)) == [0, 3, 6, 9]
    ds = Dataset.from_tensor_slices(([1, 2, 3], [0, 1, 0])).filter(lambda a, b: b > 0)
    assert values(ds) == [(2, 1)]
    assert Dataset.range(10).filter(lambda x: True).cardinality().numpy() == UNKNOWN_CARDINALITY
    with pytest.raises(ValueError, match="tf.bool"):
        list(Dataset.range(3).filter(lambda x: x))


# --- batching ------------------------------------------------------------------------------------
def test_batch_remainder_and_spec():
    ds = Dataset.range(7).batch(3)
    assert values(ds) == [[0, 1, 2], [3, 4, 5], [6]]
    assert ds.element_spec == TensorSpec([None], tf.int64)
    assert len(ds) == 3
    dropped = Dataset.range(7).batch(3, drop_remainder=True)
    assert values(dropped) == [[0, 1, 2], [3, 4, 5]]
    assert dropped.element_spec == TensorSpec([3], tf.int64)
    assert len(dropped) == 2


def test_batch_structure_and_mismatched_shapes():
    ds = Dataset.from_tensor_slices({"x": np.ones((5, 2)), "y": np.arange(5)}).batch(2)
    first = next(iter(ds))
    assert first["x"].shape == (2, 2) and first["y"].shape == (2,)
    ragged = Dataset.from_generator(lambda: iter([[1], [1, 2]]),
                                    output_signature=TensorSpec([None], tf.int32)).batch(2)
    with pytest.raises(errors.InvalidArgumentError, match="Cannot batch tensors"):
        list(ragged)


def test_padded_batch():
    ds = Dataset.from_generator(lambda: iter([[1], [1, 2, 3], [4, 5]]),
                                output_signature=TensorSpec([None], tf.int32))
    assert values(ds.padded_batch(2)) == [[[1, 0, 0], [1, 2, 3]], [[4, 5]]]
    assert values(ds.padded_batch(3, padded_shapes=[4], padding_values=-1))[0][0] == \
        [1, -1, -1, -1]
    assert ds.padded_batch(2).element_spec == TensorSpec([None, None], tf.int32)
    assert ds.padded_batch(2, padded_shapes=[5]).element_spec == TensorSpec([None, 5], tf.int32)
    assert values(ds.padded_batch(2, padded_shapes=[-1]))[0] == [[1, 0, 0], [1, 2, 3]]
    fixed = Dataset.from_tensor_slices(np.ones((4, 3), np.int32)).padded_batch(2)
    assert fixed.element_spec == TensorSpec([None, 3], tf.int32)
    with pytest.raises(errors.DataLossError, match="smaller"):
        list(ds.padded_batch(2, padded_shapes=[2]))


def test_unbatch_roundtrip():
    ds = Dataset.range(7).batch(3).unbatch()
    assert values(ds) == list(range(7))
    assert ds.element_spec == TensorSpec([], tf.int64)
    pairs = Dataset.from_tensors(([1, 2], [3, 4])).unbatch()
    assert values(pairs) == [(1, 3), (2, 4)]
    bad = Dataset.from_tensors(([1, 2], [3, 4, 5])).unbatch()
    with pytest.raises(errors.InvalidArgumentError, match="same batch size"):
        list(bad)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(0, 40), size=st.integers(1, 9), drop=st.booleans())
def test_batch_unbatch_property(n, size, drop):
    ds = Dataset.range(n).batch(size, drop_remainder=drop)
    batches = values(ds)
    assert len(batches) == len(ds)
    flat = [x for b in batches for x in b]
    assert flat == list(range(len(flat)))
    assert len(flat) == (n // size) * size if drop else len(flat) == n
    assert values(ds.unbatch()) == flat


# --- repeat / take / skip / enumerate / concatenate / cache --------------------------------------
def test_repeat_take_skip():
    assert values(Dataset.range(3).repeat(2)) == [0, 1, 2, 0, 1, 2]
    assert values(Dataset.range(3).repeat().take(7)) == [0, 1, 2, 0, 1, 2, 0]
    assert values(Dataset.range(0).repeat()) == []  # an empty dataset repeated stays empty
    assert values(Dataset.range(5).skip(2)) == [2, 3, 4]
    assert values(Dataset.range(5).skip(-1)) == []
    assert values(Dataset.range(5).take(-1)) == [0, 1, 2, 3, 4]
    assert values(Dataset.range(5).take(0)) == []


def test_cardinality_rules():
    assert Dataset.range(3).repeat().cardinality().numpy() == INFINITE_CARDINALITY
    assert Dataset.range(3).repeat().take(4).cardinality().numpy() == 4
    assert Dataset.range(3).repeat(4).cardinality().numpy() == 12
    assert Dataset.range(5).skip(2).cardinality().numpy() == 3
    assert Dataset.range(5).shuffle(2).cardinality().numpy() == 5
    assert Dataset.range(5).cardinality().dtype == tf.int64
    assert experimental.cardinality(Dataset.range(4)).numpy() == 4
    with pytest.raises(TypeError, match="infinite"):
        len(Dataset.range(3).repeat())
    with pytest.raises(TypeError, match="unknown"):
        len(Dataset.range(3).filter(lambda x: x > 0))
    assert bool(Dataset.range(0)) is True


def test_enumerate_and_concatenate():
    ds = Dataset.from_tensor_slices(["a", "b"]).enumerate(start=5)
    assert values(ds) == [(5, b"a"), (6, b"b")]
    assert ds.element_spec[0] == TensorSpec([], tf.int64)
    cat = Dataset.range(2).concatenate(Dataset.range(5, 7))
    assert values(cat) == [0, 1, 5, 6] and len(cat) == 4
    with pytest.raises(TypeError, match="Incompatible"):
        Dataset.range(2).concatenate(Dataset.from_tensor_slices([1.0]))


def test_cache_replays_first_complete_pass():
    calls = []
    ds = Dataset.range(3).map(
        lambda x: tf.py_function(lambda v: (calls.append(1), v)[1], [x], tf.int64)).cache()
    assert values(ds) == [0, 1, 2]
    assert values(ds) == [0, 1, 2]
    assert len(calls) == 3


def test_prefetch_shard_reduce_apply_take_while():
    assert values(Dataset.range(4).prefetch(AUTOTUNE)) == [0, 1, 2, 3]
    assert values(Dataset.range(10).shard(3, 1)) == [1, 4, 7]
    assert len(Dataset.range(10).shard(3, 1)) == 3
    total = Dataset.range(5).reduce(np.int64(0), lambda s, x: s + x)
    assert int(total) == 10
    assert values(Dataset.range(5).apply(lambda d: d.skip(3))) == [3, 4]
    assert values(Dataset.range(10).take_while(lambda x: x < 3)) == [0, 1, 2]


# --- shuffle -------------------------------------------------------------------------------------
def test_shuffle_is_a_permutation_and_seeded_is_deterministic():
    a = values(Dataset.range(50).shuffle(50, seed=3))
    b = values(Dataset.range(50).shuffle(50, seed=3))
    assert sorted(a) == list(range(50))
    assert a == b
    assert a != list(range(50))


def test_shuffle_buffer_semantics_are_local():
    # With a buffer of N, element i cannot come out before position i - N + 1 ...
    out = values(Dataset.range(200).shuffle(5, seed=1))
    assert sorted(out) == list(range(200))
    for pos, x in enumerate(out):
        assert x <= pos + 4
    # ... and a buffer of 1 is no shuffle at all.
    assert values(Dataset.range(10).shuffle(1)) == list(range(10))


def test_shuffle_reshuffles_each_iteration_unless_told():
    ds = Dataset.range(30).shuffle(30, seed=7)
    assert values(ds) != values(ds)
    fixed = Dataset.range(30).shuffle(30, seed=7, reshuffle_each_iteration=False)
    assert values(fixed) == values(fixed)
    unseeded = Dataset.range(30).shuffle(30, reshuffle_each_iteration=False)
    assert values(unseeded) == values(unseeded)
    epochs = values(Dataset.range(10).shuffle(10, seed=1).repeat(2))
    assert sorted(epochs[:10]) == list(range(10)) and epochs[:10] != epochs[10:]


def test_shuffle_uses_global_seed():
    try:
        random_ops.set_seed(1234)
        a = values(Dataset.range(40).shuffle(40))
        c = values(Dataset.range(40).shuffle(40))  # the next op seed differs
        random_ops.set_seed(1234)
        b = values(Dataset.range(40).shuffle(40))
    finally:
        random_ops.set_seed(None)
    assert a == b and a != c
    with pytest.raises(errors.InvalidArgumentError):
        Dataset.range(3).shuffle(0)


# --- iteration -----------------------------------------------------------------------------------
def test_iterators_next_and_get_next():
    it = iter(Dataset.range(2))
    assert int(next(it)) == 0
    assert int(it.get_next()) == 1
    with pytest.raises(errors.OutOfRangeError):
        it.get_next()
    with pytest.raises(StopIteration):
        next(it)
    assert it.element_spec == TensorSpec([], tf.int64)


def test_contrib_eager_iterator():
    it = Iterator(Dataset.from_tensor_slices([1, 2, 3]).map(tf.square))
    assert [int(x) for x in it] == [1, 4, 9]
    with pytest.raises(TypeError):
        Iterator([1, 2])


def test_as_numpy_iterator_types():
    it = Dataset.from_tensor_slices({"a": [1, 2], "s": ["x", "y"]}).as_numpy_iterator()
    first = next(it)
    assert isinstance(first["a"], np.integer) and first["s"] == b"x"
    batch = next(Dataset.range(4).batch(2).as_numpy_iterator())
    assert isinstance(batch, np.ndarray) and batch.dtype == np.int64


def test_each_iteration_starts_over():
    ds = Dataset.range(3)
    assert values(ds) == values(ds) == [0, 1, 2]
    it1, it2 = iter(ds), iter(ds)
    next(it1)
    assert int(next(it2)) == 0


def test_repr_and_tensor_spec():
    assert repr(Dataset.range(3).batch(2)) == \
        "<_BatchDataset element_spec=TensorSpec(shape=(None,), dtype=tf.int64, name=None)>"
    spec = TensorSpec([None, 3], tf.float32, name="x")
    assert repr(spec) == "TensorSpec(shape=(None, 3), dtype=tf.float32, name='x')"
    assert spec.is_compatible_with(tf.constant(np.zeros((5, 3), np.float32)))
    assert not spec.is_compatible_with(tf.constant(np.zeros((5, 4), np.float32)))
    assert not spec.is_compatible_with(TensorSpec([5, 3], tf.int32))
    assert TensorSpec.from_tensor(tf.constant([1, 2])) == TensorSpec([2], tf.int32)
    assert hash(TensorSpec([1], tf.int32)) == hash(TensorSpec([1], tf.int32))

"""Ops whose public functions used to read values or need known dims, traced by tf.function with
``input_signature`` dims unknown: static shapes, values when called, and errors, each as TF 2.21
gives them in graph mode (the expected shapes and texts were read from TF 2.21; eagerbook's node
text names dtypes as Python does, ``T=float32`` where TF writes ``T=DT_FLOAT``)."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core.errors import InvalidArgumentError

S = tf.TensorSpec
f32, i32 = tf.float32, tf.int32


def traced(fn, *specs):
    return tf.function(fn, input_signature=list(specs))


def static_shapes(fn, *specs):
    outputs = traced(fn, *specs).get_concrete_function().structured_outputs
    return [t.shape.as_list() if t.shape.rank is not None else None
            for t in tf.nest.flatten(outputs)]


def values(fn, specs, *args):
    return [np.asarray(t).tolist() for t in tf.nest.flatten(traced(fn, *specs)(*args))]


# --- tf.unique, tf.searchsorted ----------------------------------------------------------------
def test_unique_has_an_unknown_count_of_values():
    assert static_shapes(tf.unique, S([None], i32)) == [[None], [None]]
    assert static_shapes(tf.unique_with_counts, S([None], i32)) == [[None], [None], [None]]
    assert static_shapes(lambda x: tf.unique(x, out_idx=tf.int64), S(None, i32)) == [[None], None]
    assert values(tf.unique_with_counts, [S([None], i32)], tf.constant([1, 2, 1, 3])) == [
        [1, 2, 3], [0, 1, 0, 2], [2, 1, 1]]


def test_unique_of_a_matrix_is_refused_while_tracing():
    with pytest.raises(ValueError, match=r"Shape must be rank 1 but is rank 2 for '\{\{node "
                                         r"Unique\}\} = Unique\[T=DT_INT32, out_idx=DT_INT32\]"
                                         r"\(x\)' "
                                         r"with input shapes: \[\?,2\]\."):
        traced(tf.unique, S([None, 2], i32)).get_concrete_function()


def test_unique_values_are_not_differentiable_as_in_tf():
    x = tf.constant([1.0, 2.0, 1.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y, _ = tf.unique(x)
    assert tape.gradient(y, x) is None


def test_searchsorted_is_lower_or_upper_bound_shaped_like_values():
    fn = tf.searchsorted
    assert static_shapes(fn, S([None], f32), S([None], f32)) == [[None]]
    right = traced(lambda a, v: tf.searchsorted(a, v, side="right"), S([None, None], f32),
                   S([None, None], f32))
    assert right.get_concrete_function().graph.get_operations()[2].type == "UpperBound"
    assert right(tf.constant([[1.0, 2.0, 3.0]]), tf.constant([[2.0, 0.0]])).numpy().tolist() \
        == [[2, 0]]
    assert values(fn, [S([None], f32), S([None], f32)], tf.constant([1.0, 2.0, 3.0]),
                  tf.constant([2.0])) == [[1]]
    with pytest.raises(InvalidArgumentError, match="Leading dim_size of both tensors must "
                                                   "match"):
        right(tf.constant([[1.0, 2.0]]), tf.constant([[1.0], [2.0]]))


# --- tf.math.top_k -----------------------------------------------------------------------------
def test_top_k_with_unknown_dims_and_a_traced_k():
    assert static_shapes(lambda x: tf.math.top_k(x, 2), S([None, None], f32)) == [
        [None, 2], [None, 2]]
    fn = traced(tf.math.top_k, S([None, 5], f32), S([], i32))
    assert [t.shape.as_list() for t in fn.get_concrete_function().structured_outputs] == [
        [None, None], [None, None]]
    got = fn(tf.constant([[1.0, 3.0, 2.0, 5.0, 4.0]]), tf.constant(2))
    assert got.values.numpy().tolist() == [[5.0, 4.0]]
    assert got.indices.numpy().tolist() == [[3, 4]]
    with pytest.raises(InvalidArgumentError, match=r"input must have at least k columns. Had 5, "
                                                   r"needed 7\n\t \[\[\{\{node TopKV2\}\}\]\]"):
        fn(tf.ones([1, 5]), tf.constant(7))


@pytest.mark.parametrize("k, shape, text", [
    (6, [None, 5], r"input must have last dimension >= k = 6 but is 5 for '\{\{node TopKV2\}\} "
                   r"= TopKV2\[T=DT_FLOAT, Tk=DT_INT32, index_type=DT_INT32, sorted=true\]"
                   r"\(x, TopKV2/k\)' with input shapes: \[\?,5\], \[\] and "
                   r"with computed input tensors: input\[1\] = <6>\."),
    (-1, [None, 5], r"Dimension size, given by scalar input 1, must be non-negative but is -1 "),
    (1, [], r"Shape must be at least rank 1 but is rank 0 for .* with input shapes: \[\], \[\]\.$"),
])
def test_top_k_refusals_while_tracing(k, shape, text):
    with pytest.raises(ValueError, match=text):
        traced(lambda x: tf.math.top_k(x, k), S(shape, f32)).get_concrete_function()


def test_top_k_gradient_goes_to_the_chosen_entries():
    x = tf.constant([[1.0, 3.0, 2.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        values_, _ = tf.math.top_k(x, 2)
        loss = tf.reduce_sum(values_ * [[10.0, 1.0]])
    assert tape.gradient(loss, x).numpy().tolist() == [[0.0, 10.0, 1.0]]


# --- tf.repeat, tf.meshgrid, tf.linalg.band_part -----------------------------------------------
@pytest.mark.parametrize("fn, specs, args, shapes, want", [
    (lambda x: tf.repeat(x, 2, axis=0), [S([None, 2], f32)], [[[0.0, 1.0], [2.0, 3.0]]],
     [[None, 2]], [[[0.0, 1.0], [0.0, 1.0], [2.0, 3.0], [2.0, 3.0]]]),
    (lambda x: tf.repeat(x, 2), [S([None, 2], f32)], [[[0.0, 1.0]]], [[None]],
     [[0.0, 0.0, 1.0, 1.0]]),
    (lambda x, r: tf.repeat(x, r, axis=0), [S([None, 2], f32), S([None], i32)],
     [[[0.0, 1.0], [2.0, 3.0]], [1, 2]], [[None, 2]],
     [[[0.0, 1.0], [2.0, 3.0], [2.0, 3.0]]]),
    (lambda x, r: tf.repeat(x, r, axis=1), [S([2, None, 4], f32), S([], i32)],
     [np.ones([2, 1, 4], np.float32), 2], [[2, None, 4]], [np.ones([2, 2, 4]).tolist()]),
    (lambda x: tf.repeat(x, 2, axis=1), [S([2, 3, 4], f32)], [np.ones([2, 3, 4], np.float32)],
     [[2, 6, 4]], [np.ones([2, 6, 4]).tolist()]),
])
def test_repeat(fn, specs, args, shapes, want):
    assert static_shapes(fn, *specs) == shapes
    args = [tf.constant(a, dtype=s.dtype) for a, s in zip(args, specs)]
    assert values(fn, specs, *args) == want


def test_meshgrid_of_unknown_lengths():
    fn = traced(lambda a, b: tf.meshgrid(a, b), S([None], f32), S([None], f32))
    assert [t.shape.as_list() for t in fn.get_concrete_function().structured_outputs] == [
        [None, None], [None, None]]
    x, y = fn(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]))
    assert x.numpy().tolist() == [[1.0, 2.0]] * 3
    assert y.numpy().tolist() == [[3.0, 3.0], [4.0, 4.0], [5.0, 5.0]]
    assert static_shapes(lambda a, b, c: tf.meshgrid(a, b, c), S([None], f32), S([2], f32),
                         S([None], f32)) == [
        [2, None, None]] * 3
    assert static_shapes(lambda a, b: tf.meshgrid(a, b, indexing="ij"), S([None], f32),
                         S([4], f32)) == [[None, 4]] * 2


def test_band_part_with_unknown_dims_and_traced_counts():
    fn = traced(tf.linalg.band_part, S([None, None], f32), S([], i32), S([], i32))
    assert static_shapes(tf.linalg.band_part, S([None, None], f32), S([], i32),
                         S([], i32)) == [[None, None]]
    assert fn(tf.ones([3, 3]), tf.constant(1), tf.constant(0)).numpy().tolist() == [
        [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 1.0]]
    assert fn.get_concrete_function().outputs[0].op.inputs[0].op.type == "MatrixBandPart"
    with pytest.raises(InvalidArgumentError, match=r"num_lower must be negative or less or "
                                                   r"equal to number of rows \(3\) got: 5"):
        fn(tf.ones([3, 3]), tf.constant(5), tf.constant(0))
    # TF's shape function keeps the input's shape, so a vector is refused only when it runs.
    assert static_shapes(lambda x: tf.linalg.band_part(x, 0, -1), S([None], f32)) == [[None]]


def test_band_part_eager_errors_are_tfs():
    with pytest.raises(InvalidArgumentError, match=r"input must be at least 2-dim, received "
                                                   r"shape: \[3\] \[Op:MatrixBandPart\]"):
        tf.linalg.band_part(tf.ones([3]), 0, -1)
    with pytest.raises(InvalidArgumentError, match=r"num_lower must be scalar, got shape \[1\]"):
        tf.linalg.band_part(tf.ones([3, 3]), [0], -1)


# --- tf.slice with traced begin/size -----------------------------------------------------------
@pytest.mark.parametrize("fn, specs, shape", [
    (lambda x, b: tf.slice(x, b, [1, 2]), [S([None, None], f32), S([2], i32)], [1, 2]),
    (lambda x, s: tf.slice(x, [0, 0], s), [S([None, None], f32), S([2], i32)], [None, None]),
    (lambda x, b: tf.slice(x, b, [1, 2]), [S([None, None], f32), S([None], i32)], [1, 2]),
    (lambda x, b: tf.slice(x, b, [1, -1]), [S(None, f32), S([2], i32)], [1, None]),
    (lambda x, s: tf.slice(x, [1, 1], s), [S([4, 3], f32), S([2], i32)], [None, None]),
    (lambda x, b: tf.slice(x, [b, 0], [1, -1]), [S([None, 3], f32), S([], i32)], [1, None]),
])
def test_slice_static_shapes_follow_tfs(fn, specs, shape):
    assert static_shapes(fn, *specs) == [shape]


def test_slice_reads_begin_when_it_runs_and_checks_it():
    x = tf.reshape(tf.range(9.0), [3, 3])
    fn = traced(lambda x, b: tf.slice(x, b, [1, 2]), S([None, None], f32), S([2], i32))
    assert fn(x, tf.constant([2, 1])).numpy().tolist() == [[7.0, 8.0]]
    assert fn.get_concrete_function().outputs[0].op.inputs[0].op.type == "Slice"
    with pytest.raises(InvalidArgumentError, match=r"Expected size\[1\] in \[0, 1\], but got 2"):
        fn(x, tf.constant([0, 2]))
    with pytest.raises(ValueError, match=r"Dimension 0 in both shapes must be equal, but are 3 "
                                         r"and 2. Shapes are \[3\] and \[2\]. for '\{\{node "
                                         r"Slice\}\} = Slice\[Index=DT_INT32, T=DT_FLOAT\]\(x, b, "
                                         r"Slice/size\)' with input shapes: \[\?,\?\], \[3\], "
                                         r"\[2\]\."):
        traced(lambda x, b: tf.slice(x, b, [1, 2]), S([None, None], f32),
               S([3], i32)).get_concrete_function()


def test_slice_gradient_with_a_traced_begin():
    @tf.function(input_signature=[S([None, 3], f32), S([2], i32)])
    def grad(x, begin):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.slice(x, begin, [2, 2]) ** 2)
        return tape.gradient(y, x)

    x = tf.reshape(tf.range(9.0), [3, 3])
    assert grad(x, tf.constant([1, 0])).numpy().tolist() == [
        [0.0, 0.0, 0.0], [6.0, 8.0, 0.0], [12.0, 14.0, 0.0]]


# --- segment reductions ------------------------------------------------------------------------
DATA = np.arange(8.0, dtype=np.float32).reshape(4, 2)
IDS = np.array([0, 1, 0, 2], np.int32)
SORTED_IDS = np.array([0, 0, 1, 2], np.int32)


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "sqrt_n"])
def test_unsorted_segment_reductions_with_unknown_dims(name):
    fn = getattr(tf.math, f"unsorted_segment_{name}")
    specs = [S([None, 2], f32), S([None], i32)]
    assert static_shapes(lambda d, s: fn(d, s, 3), *specs) == [[3, 2]]
    want = fn(DATA, IDS, 3).numpy().tolist()
    assert values(lambda d, s: fn(d, s, 3), specs, DATA, IDS) == [want]
    with_n = [S([None, 2], f32), S([None], i32), S([], i32)]
    assert static_shapes(fn, *with_n) == [[None, 2]]
    assert values(fn, with_n, DATA, IDS, tf.constant(3)) == [want]


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean"])
def test_sorted_segment_reductions_count_segments_when_they_run(name):
    fn = getattr(tf.math, f"segment_{name}")
    specs = [S([None, 2], f32), S([None], i32)]
    assert static_shapes(fn, *specs) == [[None, 2]]
    assert values(fn, specs, DATA, SORTED_IDS) == [fn(DATA, SORTED_IDS).numpy().tolist()]
    assert static_shapes(fn, S(None, f32), S([None], i32)) == [None]


def test_segment_errors_as_tf_gives_them():
    with pytest.raises(ValueError, match=r"Dimensions must be equal, but are 4 and 3 for "
                                         r"'\{\{node UnsortedSegmentSum\}\} = UnsortedSegmentSum"
                                         r"\[T=DT_FLOAT, Tindices=DT_INT32, Tnumsegments=DT_INT32\]"
                                         r"\(d, s, "
                                         r"UnsortedSegmentSum/num_segments\)' with input shapes: "
                                         r"\[4,2\], \[3\], \[\]\."):
        traced(lambda d, s: tf.math.unsorted_segment_sum(d, s, 3), S([4, 2], f32),
               S([3], i32)).get_concrete_function()
    with pytest.raises(ValueError, match=r"Shape must be rank 1 but is rank 2 for '\{\{node "
                                         r"SegmentSum\}\}"):
        traced(tf.math.segment_sum, S([4, 2], f32), S([4, 2], i32)).get_concrete_function()
    fn = traced(tf.math.segment_sum, S([None, 2], f32), S([None], i32))
    with pytest.raises(InvalidArgumentError, match="segment ids are not increasing"):
        fn(DATA, tf.constant([0, 2, 1, 2]))
    unsorted = traced(lambda d, s: tf.math.unsorted_segment_sum(d, s, 3), S([None, 2], f32),
                      S([None], i32))
    with pytest.raises(InvalidArgumentError, match=r"segment_ids\[3\] = 3 is out of range "
                                                   r"\[0, 3\)"):
        unsorted(DATA, tf.constant([0, 1, 0, 3]))


# --- tf.tensordot, tf.image.resize -------------------------------------------------------------
@pytest.mark.parametrize("axes, specs, a_shape, b_shape, shape", [
    (1, [S([None, 3], f32), S([3, None], f32)], [2, 3], [3, 4], [None, None]),
    ([[1], [0]], [S([None, None], f32), S([None, 4], f32)], [2, 3], [3, 4], [None, 4]),
    (0, [S([None], f32), S([None], f32)], [2], [3], [None, None]),
    ([[0, 1], [1, 0]], [S([None, 3], f32), S([3, None], f32)], [2, 3], [3, 2], []),
    (2, [S([None, 2, 3], f32), S([2, 3, None], f32)], [4, 2, 3], [2, 3, 5], [None, None]),
])
def test_tensordot_with_unknown_dims(axes, specs, a_shape, b_shape, shape):
    fn = lambda a, b: tf.tensordot(a, b, axes)  # noqa: E731 - the traced function, one line as in the probe
    assert static_shapes(fn, *specs) == [shape]
    rng = np.random.RandomState(0)
    a = rng.rand(*a_shape).astype(np.float32)
    b = rng.rand(*b_shape).astype(np.float32)
    got = traced(fn, *specs)(a, b).numpy()
    np.testing.assert_allclose(got, tf.tensordot(a, b, axes).numpy(), rtol=1e-6)


@pytest.mark.parametrize("method", ["bilinear", "nearest"])
@pytest.mark.parametrize("spec, shape", [([None, None, None, 3], [None, 4, 7, 3]),
                                         ([None, None, 3], [4, 7, 3])])
def test_resize_with_unknown_height_and_width(method, spec, shape):
    fn = lambda x: tf.image.resize(x, [4, 7], method=method)  # noqa: E731 - the traced function, one line as in the probe
    assert static_shapes(fn, S(spec, f32)) == [shape]
    images = np.random.RandomState(1).rand(2, 3, 5, 3).astype(np.float32)[:: 5 - len(spec)]
    images = images.reshape([-1] * (len(spec) == 4) + [3, 5, 3])
    got = traced(fn, S(spec, f32))(images).numpy()
    assert np.array_equal(got, tf.image.resize(images, [4, 7], method=method).numpy())


def test_resize_refuses_what_tf_refuses():
    with pytest.raises(ValueError, match="'images' contains no shape.\\n$"):
        static_shapes(lambda x: tf.image.resize(x, [4, 6]), S(None, f32))
    with pytest.raises(ValueError, match="'images' must have either 3 or 4 dimensions.\\n$"):
        static_shapes(lambda x: tf.image.resize(x, [4, 6]), S([None, None], f32))


# --- tf.squeeze without an axis: unknown rank, and what takes unknown rank next ----------------
def test_squeeze_of_unknown_dims_squeezes_what_is_one_when_it_runs():
    fn = traced(tf.squeeze, S([None, 1, 3], f32))
    assert static_shapes(tf.squeeze, S([None, 1, 3], f32)) == [None]  # TF: unknown rank
    assert fn(tf.ones([1, 1, 3])).shape == (3,)  # the unknown dim was 1 too
    assert fn(tf.ones([2, 1, 3])).shape == (2, 3)
    assert static_shapes(tf.squeeze, S([2, 1, 3], f32)) == [[2, 3]]
    assert static_shapes(lambda x: tf.squeeze(x, 1), S([None, 1, 3], f32)) == [[None, 3]]


def test_squeeze_of_a_dim_that_is_not_one():
    with pytest.raises(ValueError, match=r"Can not squeeze dim\[2\], expected a dimension of 1, "
                                         r"got 3 for '\{\{node Squeeze\}\} = Squeeze\[T=DT_FLOAT, "
                                         r"squeeze_dims=\[2\]\]\(x\)' with input shapes: "
                                         r"\[\?,1,3\]\."):
        static_shapes(lambda x: tf.squeeze(x, 2), S([None, 1, 3], f32))
    fn = traced(lambda x: tf.squeeze(x, 0), S([None, 3], f32))
    with pytest.raises(InvalidArgumentError, match=r"Can not squeeze dim\[0\], expected a "
                                                   r"dimension of 1, got 2\n"):
        fn(tf.ones([2, 3]))
    with pytest.raises(InvalidArgumentError, match=r"Can not squeeze dim\[0\], expected a "
                                                   r"dimension of 1, got 2 \[Op:Squeeze\]"):
        tf.squeeze(tf.ones([2, 3]), 0)


@pytest.mark.parametrize("fn, shape, want", [
    (lambda x: tf.reduce_sum(tf.squeeze(x)), [], 3.0),
    (lambda x: tf.reduce_mean(tf.squeeze(x)), [], 1.0),
    (lambda x: tf.reduce_sum(tf.squeeze(x), axis=0), None, 3.0),
    (lambda x: tf.reduce_max(tf.squeeze(x), axis=-1), None, 1.0),
    (lambda x: tf.argmax(tf.squeeze(x)), None, 0),
    (lambda x: tf.nn.softmax(tf.squeeze(x)), None, [1 / 3] * 3),
    (lambda x: tf.squeeze(x) * 2 + 1, None, [3.0, 3.0, 3.0]),
])
def test_ops_after_an_unknown_rank_squeeze(fn, shape, want):
    # TF 2.21's static shapes; called with [1, 1, 3], squeezed to [3]
    assert static_shapes(fn, S([None, 1, 3], f32)) == [shape]
    np.testing.assert_allclose(traced(fn, S([None, 1, 3], f32))(tf.ones([1, 1, 3])).numpy(),
                               want, rtol=1e-6)


# --- RaggedTensors crossing a tf.function's boundary -------------------------------------------
def test_a_captured_ragged_tensor_and_ragged_results():
    rt = tf.ragged.constant([[1, 2], [3]])

    @tf.function
    def f(x):
        return rt + x, rt.row_lengths(), tf.reduce_sum(rt, axis=1)

    shifted, lengths, sums = f(tf.constant(1))
    assert isinstance(shifted, tf.RaggedTensor)
    assert shifted.to_list() == [[2, 3], [4]]
    assert lengths.numpy().tolist() == [2, 1]
    assert sums.numpy().tolist() == [3, 3]
    assert str(f.get_concrete_function(tf.constant(1)).structured_outputs[0]).startswith(
        "tf.RaggedTensor(values=Tensor(")


def test_a_ragged_argument_is_traced_by_its_components():
    @tf.function
    def double(r):
        return r * 2, r.row_lengths()

    doubled, lengths = double(tf.ragged.constant([[1, 2], [3]]))
    assert doubled.to_list() == [[2, 4], [6]]
    doubled, lengths = double(tf.ragged.constant([[1], [2, 3, 4], []]))
    assert doubled.to_list() == [[2], [4, 6, 8], []]
    assert lengths.numpy().tolist() == [1, 3, 0]
    nested = double(tf.ragged.constant([[[1], [2, 3]], [[4]]]))[0]
    assert nested.to_list() == [[[2], [4, 6]], [[8]]]


# --- found by a probe of TF-style code traced with unknown dims (values from TF 2.21) ---------
MATRIX = np.arange(24, dtype=np.float32).reshape(4, 6)


def test_roll_with_an_unknown_length_and_a_traced_shift():
    assert static_shapes(lambda x: tf.roll(x, 2, axis=1), S([None, None], f32)) == [
        [None, None]]
    want = np.roll(MATRIX, 2, axis=1).tolist()
    assert values(lambda x: tf.roll(x, 2, axis=1), [S([None, None], f32)], MATRIX) == [want]
    assert values(lambda x, s: tf.roll(x, s, axis=1), [S([None, 6], f32), S([], i32)], MATRIX,
                  np.int32(-8)) == [np.roll(MATRIX, -8, axis=1).tolist()]


def test_one_hot_with_a_traced_depth():
    fn = traced(tf.one_hot, S([None], i32), S([], i32))
    assert [fn.get_concrete_function().structured_outputs.shape.as_list()] == [[None, None]]
    assert fn(tf.constant([3, 1]), tf.constant(4)).numpy().tolist() == [
        [0.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0]]
    with pytest.raises(InvalidArgumentError, match="depth must be non-negative, got: -1"):
        fn(tf.constant([3, 1]), tf.constant(-1))


def test_in_top_k_and_reflect_padding_with_unknown_dims():
    targets = np.array([0, 5, 5, 2], np.int32)
    assert values(lambda p, t: tf.math.in_top_k(t, p, 2), [S([None, 6], f32), S([None], i32)],
                  MATRIX, targets) == [[False, True, True, False]]
    pad = lambda x: tf.pad(x, [[1, 1], [2, 2]], mode="REFLECT")  # noqa: E731 - the traced function, one line as in the probe
    assert static_shapes(pad, S([None, None], f32)) == [[None, None]]
    assert values(pad, [S([None, None], f32)], MATRIX) == [
        np.pad(MATRIX, [[1, 1], [2, 2]], mode="reflect").tolist()]


def test_a_diagonal_matrix_of_unknown_size():
    fn = lambda v: tf.linalg.diag(v)  # noqa: E731 - the traced function, one line as in the probe
    assert static_shapes(fn, S([None], f32)) == [[None, None]]
    assert values(fn, [S([None], f32)], np.array([1.0, 2.0], np.float32)) == [
        [[1.0, 0.0], [0.0, 2.0]]]


# --- tf.split, tf.eye, tf.linspace, tf.range with traced sizes --------------------------------
X46 = np.arange(24, dtype=np.float32).reshape(4, 6)


def test_split_on_an_unknown_dim_keeps_the_known_sizes():
    assert static_shapes(lambda x: tf.split(x, [2, -1], axis=0), S([None, 6], f32)) == [
        [2, 6], [None, 6]]
    assert static_shapes(lambda x: tf.split(x, 2, axis=0), S([None, 6], f32)) == [
        [None, 6], [None, 6]]
    assert static_shapes(lambda x: tf.split(x, [1, 2, 3], axis=1), S([None, None], f32)) == [
        [None, 1], [None, 2], [None, 3]]
    parts = values(lambda x: tf.split(x, [1, -1], axis=1), [S([None, None], f32)], X46)
    assert parts == [X46[:, :1].tolist(), X46[:, 1:].tolist()]


def test_split_sizes_known_to_be_wrong_are_refused_while_tracing():
    with pytest.raises(ValueError, match=r"can't split axis of size 6 into pieces of size "
                                         r"\[1,2\]"):
        traced(lambda x: tf.split(x, [1, 2], axis=1), S([None, 6], f32)).get_concrete_function()
    with pytest.raises(ValueError, match="size_splits can only have one -1"):
        traced(lambda x: tf.split(x, [-1, -1]), S([None, 6], f32)).get_concrete_function()
    with pytest.raises(ValueError, match=r"Split size at index 0 must be >= 0. Got: -2"):
        traced(lambda x: tf.split(x, [-2, 3]), S([None, 6], f32)).get_concrete_function()


def test_split_sizes_that_do_not_fit_fail_when_the_function_runs():
    with pytest.raises(InvalidArgumentError, match=r"evenly divide the split dimension, but got "
                                                   r"split_dim 0 \(size = 4\) and num_split 3"):
        traced(lambda x: tf.split(x, 3), S([None, 6], f32))(X46)
    with pytest.raises(InvalidArgumentError, match=r"if not fully specified.  Got: 5"):
        traced(lambda x: tf.split(x, [5, -1]), S([None, 6], f32))(X46)


def test_split_gradient_through_an_unknown_dim():
    @tf.function(input_signature=[S([None, 6], f32)])
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            a, b = tf.split(x, [1, -1], axis=0)
            y = tf.reduce_sum(a) + 2.0 * tf.reduce_sum(b)
        return tape.gradient(y, x)
    assert grad(X46).numpy().tolist() == [[1.0] * 6] + [[2.0] * 6] * 3


def test_eye_and_linspace_of_a_traced_size():
    assert static_shapes(tf.eye, S([], i32)) == [[None, None]]
    assert static_shapes(lambda n: tf.eye(n, batch_shape=[2]), S([], i32)) == [[2, None, None]]
    assert values(lambda n, m: tf.eye(n, m), [S([], i32)] * 2, 2, 3) == [
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]]
    assert static_shapes(lambda n: tf.linspace([0.0, 1.0], [1.0, 3.0], n, axis=1),
                         S([], i32)) == [[2, None]]
    line = traced(lambda n: tf.linspace(0.0, 1.0, n), S([], i32))
    assert [line(n).numpy().tolist() for n in (5, 1, 0)] == [[0.0, 0.25, 0.5, 0.75, 1.0],
                                                            [0.0], []]
    with pytest.raises(InvalidArgumentError, match="Requires start <= limit when delta > 0: "
                                                   "1/-1"):
        line(-1)


def test_range_with_a_traced_bound_has_an_unknown_length():
    # (stand-in values 1, 1, 1 and 2, 2, 2 both give empty ranges: a rule, not stand-ins)
    assert static_shapes(tf.range, S([], i32), S([], i32), S([], i32)) == [[None]]
    assert static_shapes(lambda n: tf.range(0.0, n, 0.5), S([], f32)) == [[None]]
    assert static_shapes(lambda: tf.range(1, 9, 3)) == [[3]]
    assert values(tf.range, [S([], i32)] * 3, 1, 9, 3) == [[1, 4, 7]]
    with pytest.raises(ValueError, match="Requires start <= limit when delta > 0: 5/1"):
        traced(lambda: tf.range(5, 1)).get_concrete_function()


# --- tf.dynamic_partition, tf.dynamic_stitch ------------------------------------------------
def test_dynamic_partition_of_traced_partitions():
    fn = lambda x, p: tf.dynamic_partition(x, p, 3)  # noqa: E731 - the traced function, one line as in the probe
    specs = [S([None, 6], f32), S([None], i32)]
    assert static_shapes(fn, *specs) == [[None, 6]] * 3
    parts = values(fn, specs, X46, np.array([0, 2, 2, 1], np.int32))
    assert parts == [X46[[0]].tolist(), X46[[3]].tolist(), X46[[1, 2]].tolist()]
    with pytest.raises(InvalidArgumentError, match=r"partitions\[1\] = 5 is not in \[0, 3\)\n"
                                                   r"\t \[\[\{\{node DynamicPartition\}\}\]\]"):
        traced(fn, *specs)(X46, np.array([0, 5, 2, 1], np.int32))


def test_dynamic_stitch_undoes_dynamic_partition_and_carries_gradients():
    @tf.function(input_signature=[S([None], f32), S([None], i32)])
    def roundtrip(x, p):
        with tf.GradientTape() as tape:
            tape.watch(x)
            a, b = tf.dynamic_partition(x, p, 2)
            y = tf.reduce_sum(a * 2.0) + tf.reduce_sum(b * 3.0)
        back = tf.dynamic_stitch(tf.dynamic_partition(tf.range(tf.shape(x)[0]), p, 2), [a, b])
        return back, tape.gradient(y, x)
    assert static_shapes(roundtrip.python_function, S([None], f32), S([None], i32)) == [
        [None], [None]]
    back, grad = roundtrip(tf.constant([3.0, -1.0, 2.0]), tf.constant([1, 0, 1]))
    assert back.numpy().tolist() == [3.0, -1.0, 2.0]
    assert grad.numpy().tolist() == [3.0, 2.0, 3.0]
    assert static_shapes(lambda a: tf.dynamic_stitch([a, [1, 2]], [[1.0], [2.0, 3.0]]),
                         S([None], i32)) == [[None]]


# --- tf.map_fn, tf.vectorized_map, tf.scan, tf.foldl/foldr over an unknown length -----------
V5 = np.array([3.0, -1.0, 2.0, 0.0, 5.0], np.float32)


def test_map_fn_over_an_unknown_length_loops_in_the_graph():
    assert static_shapes(lambda x: tf.map_fn(tf.reduce_sum, x), S([None, 6], f32)) == [[None]]
    assert static_shapes(lambda x: tf.map_fn(lambda r: r * 2.0, x), S([None, None], f32)) == [
        [None, None]]
    pair = lambda x: tf.map_fn(lambda r: (r[0], r[1] * 2), (x[:, 0], x[:, 1]))  # noqa: E731 - the traced function, one line as in the probe
    assert values(pair, [S([None, 6], f32)], X46) == [X46[:, 0].tolist(),
                                                      (X46[:, 1] * 2).tolist()]
    argmax = lambda x: tf.map_fn(lambda r: tf.cast(tf.argmax(r), tf.int32), x,  # noqa: E731 - the traced function, one line as in the probe
                                 fn_output_signature=tf.int32)
    assert values(argmax, [S([None, 6], f32)], X46) == [[5, 5, 5, 5]]
    squares = lambda x: tf.vectorized_map(lambda r: tf.reduce_sum(r * r), x)  # noqa: E731 - the traced function, one line as in the probe
    assert values(squares, [S([None, 6], f32)], X46) == [(X46 ** 2).sum(axis=1).tolist()]
    assert values(lambda x: tf.map_fn(tf.reduce_sum, x), [S([None, 6], f32)],
                  np.zeros([0, 6], np.float32)) == [[]]


def test_scan_and_folds_over_an_unknown_length():
    v = [S([None], f32)]
    assert static_shapes(lambda x: tf.scan(lambda a, e: a + e, x), *v) == [[None]]
    assert values(lambda x: tf.scan(lambda a, e: a + e, x), v, V5) == [[3, 2, 4, 4, 9]]
    assert values(lambda x: tf.scan(lambda a, e: a + e, x, initializer=10.0, reverse=True),
                  v, V5) == [[19, 16, 17, 15, 15]]
    two = lambda x: tf.scan(lambda a, e: (a[0] + e, a[1] * e), x, initializer=(0.0, 1.0))  # noqa: E731 - the traced function, one line as in the probe
    assert values(two, v, V5) == [[3, 2, 4, 4, 9], [3, -3, -6, 0, 0]]
    assert static_shapes(lambda x: tf.foldl(lambda a, e: a + e, x), *v) == [[]]
    assert values(lambda x: tf.foldl(lambda a, e: a + e, x), v, V5) == [9.0]
    assert values(lambda x: tf.foldr(lambda a, e: a - e, x, initializer=0.0), v, V5) == [-9.0]


def test_gradient_through_map_fn_over_an_unknown_length():
    @tf.function(input_signature=[S([None], f32)])
    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.map_fn(lambda r: r * r, x))
        return tape.gradient(y, x)
    assert grad(V5).numpy().tolist() == (2 * V5).tolist()


# --- boolean_mask, gather_nd/scatter_nd, pad, strided_slice, string broadcasting ---------------
def test_boolean_mask_along_an_axis_of_unknown_dims():
    fn = lambda x, m: tf.boolean_mask(x, m, axis=1)  # noqa: E731 - the traced function, one line as in the probe
    specs = [S([None, None], f32), S([None], tf.bool)]
    assert static_shapes(fn, *specs) == [[None, None]]
    mask = np.array([True, False] * 3)
    assert values(fn, specs, X46, mask) == [X46[:, mask].tolist()]


def test_gather_nd_and_scatter_nd_with_unknown_dims():
    # an index depth unknown while tracing: TF's result has an unknown rank
    assert static_shapes(tf.gather_nd, S([None, 6], f32), S([None, None], i32)) == [None]
    assert values(tf.gather_nd, [S([None, 6], f32), S([None, None], i32)], X46,
                  np.array([[0, 1]], np.int32)) == [[1.0]]
    rows = lambda i, u: tf.scatter_nd(i, u, [4, 6])  # noqa: E731 - the traced function, one line as in the probe
    assert static_shapes(rows, S([None, 1], i32), S([None, None], f32)) == [[4, 6]]
    got = values(rows, [S([None, 1], i32), S([None, None], f32)], np.array([[1], [3]], np.int32),
                 X46[:2])
    assert got == [[[0.0] * 6, X46[0].tolist(), [0.0] * 6, X46[1].tolist()]]
    specs = [S([None, 1], i32), S([None], f32), S([1], i32)]
    assert static_shapes(tf.scatter_nd, *specs) == [[None]]
    assert values(tf.scatter_nd, specs, np.array([[1], [3]], np.int32),
                  np.array([9.0, 8.0], np.float32), np.array([5], np.int32)) == [
        [0.0, 9.0, 0.0, 8.0, 0.0]]


def test_pad_with_traced_paddings():
    specs = [S([None, None], f32), S([2, 2], i32)]
    pads = np.array([[1, 0], [0, 2]], np.int32)
    assert static_shapes(tf.pad, *specs) == [[None, None]]
    assert values(tf.pad, specs, X46, pads) == [np.pad(X46, pads).tolist()]
    sym = lambda x, p: tf.pad(x, p, mode="SYMMETRIC")  # noqa: E731 - the traced function, one line as in the probe
    refl = lambda x, p: tf.pad(x, p, mode="REFLECT")  # noqa: E731 - the traced function, one line as in the probe
    wide = np.array([[1, 1], [0, 2]], np.int32)
    assert values(sym, specs, X46, wide) == [np.pad(X46, wide, mode="symmetric").tolist()]
    assert values(refl, specs, X46, wide) == [np.pad(X46, wide, mode="reflect").tolist()]
    mixed = lambda x, k: tf.pad(x, [[0, k], [1, 1]], constant_values=-1.0)  # noqa: E731 - the traced function, one line as in the probe
    assert static_shapes(mixed, S([None, 6], f32), S([], i32)) == [[None, 8]]
    assert values(mixed, [S([None, 6], f32), S([], i32)], X46, 2) == [
        np.pad(X46, [[0, 2], [1, 1]], constant_values=-1.0).tolist()]


def test_pad_with_traced_paddings_is_differentiable():
    @tf.function(input_signature=[S([None], f32), S([2], i32)])
    def grad(x, p):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.pad(x, [p], mode="REFLECT") * tf.range(7.0))
        return tape.gradient(y, x)
    # reflected [x0 x1 x2] by 2 and 2: x2 x1 x0 x1 x2 x1 x0, weights 0..6
    assert grad(tf.constant([1.0, 2.0, 3.0]), tf.constant([2, 2])).numpy().tolist() == [
        2.0 + 6.0, 1.0 + 3.0 + 5.0, 0.0 + 4.0]


def test_strided_slices_of_unknown_dims():
    assert static_shapes(lambda x: x[1::2, ::3], S([None, None], f32)) == [[None, None]]
    fn = lambda x: tf.strided_slice(x, [0, 1], [-1, 5], [1, 2])  # noqa: E731 - the traced function, one line as in the probe
    assert static_shapes(fn, S([None, None], f32)) == [[None, None]]
    assert values(fn, [S([None, None], f32)], X46) == [X46[0:-1, 1:5:2].tolist()]


def test_string_ops_keep_unknown_dims():
    assert static_shapes(lambda s: tf.strings.substr(s, 0, 3), S([None], tf.string)) == [[None]]
    assert static_shapes(lambda s, p: tf.strings.substr(s, p, 1), S([None, 1], tf.string),
                         S([3], i32)) == [[None, 3]]

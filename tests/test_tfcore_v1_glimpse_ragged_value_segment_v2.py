"""TF 2.21's own docstring examples for tf.compat.v1.image.extract_glimpse,
tf.compat.v1.ragged.constant_value and tf.raw_ops.Segment{Max,Min,Prod,Sum}V2, with the
outputs TF printed."""

import numpy as np
import pytest

import eagerbook as tf

IMAGE = [[[[0.0], [1.0], [2.0]], [[3.0], [4.0], [5.0]], [[6.0], [7.0], [8.0]]]]


def _glimpse(extract, offsets, centered, normalized):
    return extract(IMAGE, size=(2, 2), offsets=offsets, centered=centered,
                   normalized=normalized).numpy().ravel().tolist()


@pytest.mark.parametrize("offsets, centered, normalized, expected", [
    # TF 1's kernel: every offset is the glimpse's centre (the docstring's example first)
    ([[1, 1]], False, False, [0.0, 1.0, 3.0, 4.0]),
    ([[2.7, 1.2]], False, False, [3.0, 4.0, 6.0, 7.0]),
    ([[1, 1]], True, False, [4.0, 5.0, 7.0, 8.0]),
    ([[0.3, -0.6]], True, False, [0.0, 1.0, 3.0, 4.0]),
    ([[-1.5, 0.4]], True, False, [0.0, 1.0, 3.0, 4.0]),
    ([[0.3, -0.6]], True, True, [0.0, 1.0, 3.0, 4.0]),
])
def test_tf1_glimpses_are_placed_by_their_centre(offsets, centered, normalized, expected):
    assert _glimpse(tf.compat.v1.image.extract_glimpse, offsets, centered,
                    normalized) == expected


def test_tf2_glimpses_keep_their_corner():
    assert _glimpse(tf.image.extract_glimpse, [[1, 1]], False, False) == [4.0, 5.0, 7.0, 8.0]


def test_a_tf1_glimpse_reaching_outside_has_noise_there():
    # (TF: [8.0, noise, noise, noise]; the noise is drawn from the image's range)
    values = _glimpse(tf.compat.v1.image.extract_glimpse, [[1, 1]], True, True)
    assert values[0] == 8.0 and all(0.0 <= v <= 8.0 for v in values[1:])


def test_ragged_constant_value():
    value = tf.compat.v1.ragged.constant_value([[1, 2], [3], [4, 5, 6]])
    assert repr(value) == ("tf.RaggedTensorValue(values=array([1, 2, 3, 4, 5, 6]), "
                           "row_splits=array([0, 2, 3, 6]))")
    assert str(value) == "<tf.RaggedTensorValue [[1, 2], [3], [4, 5, 6]]>"
    assert value.dtype == np.int64 and value.shape == (3, None) and value.ragged_rank == 1
    assert value.to_list() == [[1, 2], [3], [4, 5, 6]]
    deeper = tf.compat.v1.ragged.constant_value([[[1], [2, 3]], [[4]]])
    assert repr(deeper) == (
        "tf.RaggedTensorValue(values=tf.RaggedTensorValue(values=array([1, 2, 3, 4]), "
        "row_splits=array([0, 1, 3, 4])), row_splits=array([0, 2, 3]))")
    uniform_inner = tf.compat.v1.ragged.constant_value([[[1, 2], [3, 4]], [[5, 6]]],
                                                       ragged_rank=1)
    assert uniform_inner.values.shape == (3, 2)
    assert repr(tf.compat.v1.ragged.constant_value([[1.0, 2], []], dtype="float32")) == (
        "tf.RaggedTensorValue(values=array([1., 2.], dtype=float32), "
        "row_splits=array([0, 2, 2]))")
    assert repr(tf.compat.v1.ragged.constant_value([1, 2])) == "array([1, 2])"


@pytest.mark.parametrize("op, expected", [
    ("SegmentMaxV2", [[4, 3, 3, 4], [-2147483648] * 4, [5, 6, 7, 8]]),
    ("SegmentMinV2", [[1, 2, 2, 1], [2147483647] * 4, [5, 6, 7, 8]]),
    ("SegmentProdV2", [[4, 6, 6, 4], [1] * 4, [5, 6, 7, 8]]),
    ("SegmentSumV2", [[5, 5, 5, 5], [0] * 4, [5, 6, 7, 8]]),
])
def test_segment_v2_ops_run_compiled(op, expected):
    @tf.function(jit_compile=True)
    def test(c):
        return getattr(tf.raw_ops, op)(data=c, segment_ids=tf.constant([0, 0, 2]),
                                        num_segments=3)

    c = tf.constant([[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]])
    assert test(c).numpy().tolist() == expected


def test_segment_v2_ops_have_no_eager_kernel():
    with pytest.raises(tf.errors.NotFoundError) as info:
        tf.raw_ops.SegmentMaxV2(data=tf.constant([1.0, 2.0]),
                                segment_ids=tf.constant([0, 0], tf.int64),
                                num_segments=tf.constant(2, tf.int64))
    kernels = ("Tnumsegments in [DT_INT32, DT_INT64]; Tindices in [DT_INT32, DT_INT64]; T in "
               "[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, "
               "DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]\n")
    assert str(info.value) == (
        "Could not find device for node: {{node SegmentMaxV2}} = SegmentMaxV2[T=DT_FLOAT, "
        "Tindices=DT_INT64, Tnumsegments=DT_INT64]\nAll kernels registered for op "
        f"SegmentMaxV2:\n  device='XLA_CPU_JIT'; {kernels}  device='XLA_GPU_JIT'; {kernels}"
        " [Op:SegmentMaxV2] name: ")

"""Core-API functions of TF's reference that eagerbook gained: semantic checks that run
without TensorFlow (the printed forms are in tests/parity/cases_core_api.py)."""

import numpy as np
import pytest

import eagerbook as tf


def test_seeded_top_level_initializer_repeats_its_values():
    init = tf.random_uniform_initializer(-2.0, 2.0, seed=11)
    first, second = init([3, 4]), init([3, 4])
    np.testing.assert_array_equal(first.numpy(), second.numpy())
    assert np.all(np.abs(first.numpy()) <= 2.0)


def test_unseeded_top_level_initializer_draws_anew():
    init = tf.random_normal_initializer(stddev=1.0)
    assert not np.array_equal(init([50]).numpy(), init([50]).numpy())


def test_constant_initializer_keeps_the_value_dtype_without_one_given():
    assert tf.constant_initializer([4, 5])([2]).dtype == tf.int32
    assert tf.constant_initializer([4, 5])([2], tf.float16).dtype == tf.float16


def test_embedding_lookup_over_uneven_div_shards():
    # 5 rows in 2 shards by the "div" rule: ids 0-2 in the first, 3-4 in the second.
    full = np.arange(10.0, dtype=np.float32).reshape(5, 2)
    shards = [tf.constant(full[:3]), tf.constant(full[3:])]
    got = tf.nn.embedding_lookup(shards, [[4, 0], [3, 2]])
    np.testing.assert_array_equal(got.numpy(), full[[[4, 0], [3, 2]]])


def test_embedding_lookup_max_norm_clips_each_row_alone():
    table = tf.constant([[3.0, 4.0], [0.3, 0.4]])
    got = tf.nn.embedding_lookup(table, [0, 1], max_norm=1.0).numpy()
    np.testing.assert_allclose(got, [[0.6, 0.8], [0.3, 0.4]], rtol=1e-6)


def test_embedding_lookup_gradient_counts_repeated_ids():
    table = tf.Variable(tf.ones([3, 2]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.nn.embedding_lookup(table, [2, 2, 0]))
    grad = tf.convert_to_tensor(tape.gradient(loss, table))
    np.testing.assert_array_equal(grad.numpy(), [[1, 1], [0, 0], [2, 2]])


def _image(shape=(3, 4, 3), seed=0):
    return tf.constant(np.random.default_rng(seed).random(shape, dtype=np.float32))


def test_four_quarter_turns_give_the_image_back():
    image = _image()
    turned = image
    for _ in range(4):
        turned = tf.image.rot90(turned)
    np.testing.assert_array_equal(turned.numpy(), image.numpy())
    np.testing.assert_array_equal(tf.image.rot90(image, 2).numpy(), image.numpy()[::-1, ::-1])


def test_hsv_round_trip_and_resize_to_same_size_change_nothing():
    image = _image((2, 5, 6, 3), seed=1)
    back = tf.image.hsv_to_rgb(tf.image.rgb_to_hsv(image))
    np.testing.assert_allclose(back.numpy(), image.numpy(), atol=1e-6)
    np.testing.assert_allclose(tf.image.resize(image, [5, 6]).numpy(), image.numpy())


def test_random_flip_gives_each_image_flipped_or_not():
    batch = _image((8, 2, 3, 1), seed=2)
    out = tf.image.random_flip_left_right(batch, seed=4).numpy()
    for got, original in zip(out, batch.numpy()):
        assert (np.array_equal(got, original) or np.array_equal(got, original[:, ::-1]))


def test_random_crop_is_a_window_of_the_input():
    image = tf.reshape(tf.range(60), [6, 10, 1])
    crop = tf.image.random_crop(image, [3, 4, 1], seed=3).numpy()[..., 0]
    top, left = divmod(int(crop[0, 0]), 10)
    np.testing.assert_array_equal(crop, image.numpy()[top:top + 3, left:left + 4, 0])


def test_convert_image_dtype_rejects_non_numeric_targets():
    with pytest.raises(AttributeError):
        tf.image.convert_image_dtype(tf.ones([1, 1, 1]), tf.string)


def test_round_floor_ceil_have_no_gradient_as_in_tf():
    x = tf.Variable([0.4, 1.6])
    with tf.GradientTape() as tape:
        y = tf.math.round(x) * 5.0
    assert tape.gradient(y, x) is None


def test_complex_functions_match_numpy():
    z = np.array([0.5 + 1j, -2 - 0.25j])
    for fn, ref in ((tf.exp, np.exp), (tf.math.log, np.log), (tf.sqrt, np.sqrt),
                    (tf.math.sin, np.sin), (tf.math.cosh, np.cosh)):
        np.testing.assert_allclose(fn(tf.constant(z)).numpy(), ref(z), rtol=1e-12)
    np.testing.assert_allclose(tf.math.sigmoid(tf.constant(z)).numpy(), 1 / (1 + np.exp(-z)),
                               rtol=1e-12)  # (TF computes it on complex numbers too)


def test_bitcast_splits_a_scalar_into_bytes_in_memory_order():
    got = tf.bitcast(tf.constant(1, tf.int32), tf.uint8).numpy()
    np.testing.assert_array_equal(got, np.frombuffer(np.int32(1).tobytes(), np.uint8))


def test_bincount_per_row_respects_maxlength():
    got = tf.math.bincount(tf.constant([[0, 4, 4], [1, 1, 9]]), axis=-1, maxlength=3)
    np.testing.assert_array_equal(got.numpy(), [[1, 0, 0], [0, 2, 0]])


def test_eager_while_loop_result_takes_the_body_container():
    out = tf.while_loop(lambda i: i < 2, lambda i: (i + 1,), [0])
    assert isinstance(out, tuple) and int(out[0]) == 2


def test_traced_matmul_of_a_vector_is_rejected_as_in_tf():
    f = tf.function(lambda a, b: a @ b)
    with pytest.raises(ValueError, match="Shape must be rank 2 but is rank 1 for .{{node matmul}}"):
        f(tf.constant([1.0, 2.0]), tf.ones([2, 2]))
    assert f(tf.ones([3, 2]), tf.ones([2, 5])).shape == (3, 5)


def _example(**features):
    def feature(values):
        if isinstance(values[0], bytes):
            return tf.train.Feature(bytes_list=tf.train.BytesList(value=values))
        if isinstance(values[0], float):
            return tf.train.Feature(float_list=tf.train.FloatList(value=values))
        return tf.train.Feature(int64_list=tf.train.Int64List(value=values))
    return tf.train.Example(features=tf.train.Features(
        feature={k: feature(v) for k, v in features.items()}))


def test_example_round_trips_through_its_bytes():
    example = _example(ids=[3, -7, 2**40], name=[b"x\x00y"], weight=[0.25])
    back = tf.train.Example.FromString(example.SerializeToString())
    assert back == example
    assert back.features.feature["ids"].int64_list.value == [3, -7, 2**40]
    assert back.features.feature["weight"].float_list.value == [0.25]


def test_tfrecord_file_round_trip_and_corruption(tmp_path):
    path = str(tmp_path / "records")
    payloads = [b"", b"one", bytes(range(256))]
    with tf.io.TFRecordWriter(path) as writer:
        for payload in payloads:
            writer.write(payload)
    assert list(tf.data.TFRecordDataset(path).as_numpy_iterator()) == payloads
    data = bytearray(open(path, "rb").read())
    data[-6] ^= 0xFF  # a byte of the last record's data: its checksum no longer matches
    open(path, "wb").write(bytes(data))
    with pytest.raises(tf.errors.DataLossError):
        list(tf.data.TFRecordDataset(path))


def test_parse_example_var_len_and_ragged_agree():
    records = [_example(v=[1, 2, 3]).SerializeToString(), _example(v=[4]).SerializeToString(),
               _example(other=[1]).SerializeToString()]
    sparse = tf.io.parse_example(records, {"v": tf.io.VarLenFeature(tf.int64)})["v"]
    ragged = tf.io.parse_example(records, {"v": tf.io.RaggedFeature(tf.int64)})["v"]
    assert ragged.to_list() == [[1, 2, 3], [4], []]
    np.testing.assert_array_equal(tf.sparse.to_dense(sparse).numpy(),
                                  ragged.to_tensor().numpy())


def test_serialize_tensor_round_trips_every_numeric_dtype():
    for dtype in (tf.uint8, tf.int16, tf.int64, tf.float16, tf.float64, tf.complex64):
        t = tf.cast(tf.reshape(tf.range(6), [2, 3]), dtype)
        back = tf.io.parse_tensor(tf.io.serialize_tensor(t), dtype)
        assert back.dtype == dtype
        np.testing.assert_array_equal(back.numpy(), t.numpy())


def test_erfinv_inverts_erf_and_lgamma_matches_factorials():
    y = np.linspace(-0.99, 0.99, 41)
    np.testing.assert_allclose(tf.math.erf(tf.math.erfinv(tf.constant(y))).numpy(), y,
                               atol=1e-12)
    np.testing.assert_allclose(tf.math.lgamma(tf.constant([1.0, 5.0, 11.0], tf.float64)),
                               np.log([1.0, 24.0, 3628800.0]), rtol=1e-12)


def test_digamma_is_the_slope_of_lgamma():
    x = tf.constant([0.3, 1.7, 4.0, 12.5, -0.4], tf.float64)
    h = 1e-6
    slope = (tf.math.lgamma(x + h) - tf.math.lgamma(x - h)) / (2 * h)
    np.testing.assert_allclose(tf.math.digamma(x).numpy(), slope.numpy(), rtol=1e-6)


def test_reverse_sequence_leaves_the_tail_in_place():
    x = tf.constant([[1, 2, 3, 4], [5, 6, 7, 8]])
    got = tf.reverse_sequence(x, [3, 1], seq_axis=1, batch_axis=0).numpy()
    np.testing.assert_array_equal(got, [[3, 2, 1, 4], [5, 6, 7, 8]])


def test_py_function_works_as_a_decorator_inside_tf_function():
    @tf.py_function(Tout=tf.int32)
    def plus_one(t):
        return t + 1

    assert int(tf.function(lambda t: plus_one(t) * 2)(tf.constant(4))) == 10


def test_ensure_shape_refines_the_traced_shape_and_rejects_a_conflict():
    seen = []

    @tf.function
    def f(x):
        y = tf.ensure_shape(x, [None, 3])
        seen.append(y.shape.as_list())
        return y

    f.get_concrete_function(tf.TensorSpec([None, None]))
    assert seen == [[None, 3]]
    f.get_concrete_function(tf.TensorSpec([None, 4]))  # TF: the [None, None] trace serves it
    assert seen == [[None, 3]]
    with pytest.raises(ValueError):
        f.get_concrete_function(tf.TensorSpec([4]))  # a trace of its own, which conflicts


def test_nest_round_trips_composites_through_their_components():
    structure = {"r": tf.ragged.constant([[1, 2], [3]]), "n": tf.constant(4)}
    flat = tf.nest.flatten(structure, expand_composites=True)
    assert len(flat) == 3  # ragged values, ragged row splits, the plain tensor
    back = tf.nest.pack_sequence_as(structure, flat, expand_composites=True)
    assert back["r"].to_list() == [[1, 2], [3]] and int(back["n"]) == 4


def test_static_hash_table_maps_every_element_and_defaults_the_rest():
    init = tf.lookup.KeyValueTensorInitializer([3, 5, 7], ["three", "five", "seven"])
    table = tf.lookup.StaticHashTable(init, default_value="?")
    got = table.lookup(tf.constant([[7, 4], [3, 3]])).numpy().tolist()
    assert got == [[b"seven", b"?"], [b"three", b"three"]]
    assert int(table.size()) == 3


def test_ragged_constant_reads_empty_rows_at_any_depth():
    rt = tf.ragged.constant([[], [[1, 2], []], []])
    assert rt.to_list() == [[], [[1, 2], []], []]
    assert rt.ragged_rank == 2


def test_sparse_split_pieces_concatenate_back():
    dense = np.array([[0, 1, 0, 2, 0], [3, 0, 0, 0, 4]], np.float32)
    sp = tf.sparse.from_dense(dense)
    pieces = tf.sparse.split(sp_input=sp, num_split=2, axis=1)
    rebuilt = np.concatenate([tf.sparse.to_dense(p).numpy() for p in pieces], axis=1)
    np.testing.assert_array_equal(rebuilt, dense)


def test_sparse_softmax_rows_sum_to_one_over_present_entries():
    sp = tf.sparse.SparseTensor([[0, 1], [0, 3], [2, 0]], [0.5, -1.0, 3.0], [3, 4])
    out = tf.sparse.softmax(sp)
    sums = tf.sparse.reduce_sum(out, axis=1).numpy()
    np.testing.assert_allclose(sums, [1.0, 0.0, 1.0], rtol=1e-6)


def test_embedding_lookup_sparse_mean_is_a_weighted_average():
    params = tf.Variable([[0.0, 1.0], [10.0, 20.0]])
    ids = tf.sparse.SparseTensor([[0, 0], [0, 1]], [0, 1], [1, 2])
    weights = tf.sparse.SparseTensor(ids.indices, [3.0, 1.0], ids.dense_shape)
    with tf.GradientTape() as tape:
        out = tf.nn.embedding_lookup_sparse(params, ids, weights, combiner="mean")
    np.testing.assert_allclose(out.numpy(), [[2.5, 5.75]])
    grad = tf.convert_to_tensor(tape.gradient(out, params)).numpy()
    np.testing.assert_allclose(grad, [[0.75, 0.75], [0.25, 0.25]])


def test_approx_min_k_is_the_exact_smallest_along_an_axis():
    x = tf.constant([[5.0, 1.0], [2.0, 7.0], [0.5, 3.0]])
    values, indices = tf.math.approx_min_k(x, 2, reduction_dimension=0)
    np.testing.assert_array_equal(values.numpy(), [[0.5, 1.0], [2.0, 3.0]])
    np.testing.assert_array_equal(indices.numpy(), [[2, 0], [1, 2]])

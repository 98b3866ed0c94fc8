"""TF 1.x names of tf.compat.v1 that TF 2 moved (sparse, io, signal, Variable scatters),
TF 1.x's session settings (ConfigProto) and a Keras layer trained by a TF 1.x optimizer."""

import numpy as np
import pytest

import eagerbook as tf

v1 = tf.compat.v1


def test_variable_scatter_functions_update_in_place():
    v = tf.Variable([1., 2., 3., 4.])
    v1.scatter_update(v, [0, 2], [10., 30.])
    np.testing.assert_array_equal(v.numpy(), [10., 2., 30., 4.])
    v1.scatter_add(v, [1], [5.])
    v1.scatter_sub(v, [3], [1.])
    v1.scatter_mul(v, [0], [2.])
    v1.scatter_div(v, [2], [3.])
    v1.scatter_max(v, [1], [100.])
    out = v1.scatter_min(v, [0], [1.])
    np.testing.assert_array_equal(v.numpy(), [1., 100., 10., 3.])
    assert "UnreadVariable" in repr(out)
    m = tf.Variable([[1, 2], [3, 4]])
    v1.scatter_nd_update(m, [[0, 1]], [20])
    v1.scatter_nd_add(m, [[1, 0]], [7])
    v1.scatter_nd_sub(m, [[1, 1]], [1])
    np.testing.assert_array_equal(m.numpy(), [[1, 20], [10, 3]])


def test_sparse_functions_by_tf1_names():
    st = tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1., 2.], dense_shape=[2, 3])
    np.testing.assert_array_equal(v1.sparse_tensor_to_dense(st).numpy(), [[1, 0, 0], [0, 0, 2]])
    np.testing.assert_array_equal(v1.sparse_reduce_sum(st, reduction_axes=1).numpy(), [1., 2.])
    kept = v1.sparse_reduce_sum(st, axis=1, keep_dims=True)
    assert kept.shape == (2, 1)
    assert v1.sparse_reduce_max_sparse(st, 1).dense_shape.numpy().tolist() == [2]
    np.testing.assert_array_equal(v1.sparse_add(st, st, thresh=0).values.numpy(), [2., 4.])
    assert v1.sparse_concat(1, [st, st]).dense_shape.numpy().tolist() == [2, 6]
    assert v1.sparse_split(sp_input=st, num_split=2, axis=0)[1].indices.numpy().tolist() == \
        [[0, 2]]
    with pytest.raises(ValueError, match="Keyword arguments are required"):
        v1.sparse_split(st, 2, 0)
    np.testing.assert_array_equal(
        v1.sparse_tensor_dense_matmul(st, tf.ones([3, 1])).numpy(), [[1.], [2.]])
    merged = v1.sparse_merge(tf.SparseTensor([[0, 0], [1, 0]], [2, 0], [2, 1]),
                             tf.SparseTensor([[0, 0], [1, 0]], [1.5, 2.5], [2, 1]), 3)
    assert merged.indices.numpy().tolist() == [[0, 2], [1, 0]]
    assert merged.dense_shape.numpy().tolist() == [2, 3]
    value = v1.SparseTensorValue([[0]], [1], [2])
    assert repr(value) == "SparseTensorValue(indices=[[0]], values=[1], dense_shape=[2])"
    assert isinstance(v1.convert_to_tensor_or_sparse_tensor(value), tf.SparseTensor)


def test_sparse_segment_mean_and_sqrt_n_scale_as_tf_kernel():
    # TF multiplies each segment's sum by 1/n (1/sqrt(n)) computed in float32: 3 / sqrt(2)
    # prints 2.1213202 there (a division would give 2.1213205)
    out = tf.sparse.segment_sqrt_n([1., 2., 3.], [0, 1, 2], [0, 0, 1])
    assert out.numpy().tolist() == [np.float32(2.1213202), 3.0]
    assert v1.sparse_segment_sqrt_n([1., 2., 3.], [0, 1, 2], [0, 0, 1]).numpy()[0] == \
        np.float32(2.1213202)
    data = np.random.default_rng(0).standard_normal(300).astype(np.float32)
    ids, seg = np.arange(300), np.repeat(np.arange(100), 3)
    sums = data.reshape(100, 3).sum(1, dtype=np.float32)
    np.testing.assert_array_equal(tf.sparse.segment_mean(data, ids, seg).numpy(),
                                  sums * (np.float32(1) / np.float32(3)))
    empty = tf.sparse.segment_mean([[1., 2.], [3., 4.]], [0, 1], [0, 2])
    np.testing.assert_array_equal(empty.numpy(), [[1., 2.], [0., 0.], [3., 4.]])


def test_renamed_ops():
    out, idx = v1.setdiff1d([1, 2, 3, 4, 5], [2, 4])
    assert out.numpy().tolist() == [1, 3, 5] and idx.numpy().tolist() == [0, 2, 4]
    assert type(v1.setdiff1d([1], [2])).__name__ == "ListDiff"
    np.testing.assert_array_equal(v1.div_no_nan([1., 2.], [0., 4.]).numpy(), [0., 0.5])
    np.testing.assert_array_equal(v1.cross([1., 0., 0.], [0., 1., 0.]).numpy(), [0., 0., 1.])
    np.testing.assert_array_equal(
        v1.fft(tf.constant([1 + 0j, 0j, 0j, 0j], tf.complex64)).numpy(), [1, 1, 1, 1])
    clipped = v1.clip_by_average_norm(tf.constant([[1., 2.], [3., 4.]]), 1.0)
    np.testing.assert_allclose(clipped.numpy(), [[0.73029673, 1.4605935],
                                                 [2.1908903, 2.921187]], rtol=1e-6)
    patches = v1.extract_image_patches(tf.reshape(tf.range(16.), [1, 4, 4, 1]),
                                       ksizes=[1, 2, 2, 1], strides=[1, 2, 2, 1],
                                       rates=[1, 1, 1, 1], padding="VALID")
    assert patches.shape == (1, 2, 2, 4)
    counter = tf.Variable(0)
    assert v1.count_up_to(counter, 2).numpy() == 0 and counter.numpy() == 1
    v1.count_up_to(counter, 2)
    with pytest.raises(tf.errors.OutOfRangeError, match="Reached limit of 2"):
        v1.count_up_to(counter, 2)


def test_parse_with_tf1_feature_names():
    example = tf.train.Example(features=tf.train.Features(feature={
        "age": tf.train.Feature(int64_list=tf.train.Int64List(value=[30])),
        "tags": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"a", b"b"]))}))
    parsed = v1.parse_single_example(example.SerializeToString(), {
        "age": v1.FixedLenFeature([], tf.int64, default_value=0),
        "tags": v1.VarLenFeature(tf.string)})
    assert parsed["age"].numpy() == 30
    assert tf.sparse.to_dense(parsed["tags"]).numpy().tolist() == [b"a", b"b"]
    assert repr(v1.FixedLenFeature([], tf.int64, default_value=0)) == \
        "FixedLenFeature(shape=[], dtype=tf.int64, default_value=0)"


def test_tf1_initializer_classes():
    init = v1.truncated_normal_initializer(mean=0.0, stddev=1.0, seed=1)
    assert init([2, 2]).shape == (2, 2) and init.stddev == 1.0
    init = v1.variance_scaling_initializer(scale=2.0, distribution="normal")
    assert (init.scale, init.mode, init.distribution) == (2.0, "fan_in", "normal")  # TF keeps it
    with pytest.raises(ValueError):
        v1.variance_scaling_initializer(mode="fan_sideways")
    q = v1.orthogonal_initializer(seed=0)([4, 4])
    np.testing.assert_allclose(tf.matmul(q, q, transpose_a=True).numpy(), np.eye(4), atol=1e-5)
    assert v1.glorot_normal_initializer(seed=3)([3, 3], dtype=tf.float64).dtype == tf.float64


def test_config_proto_prints_and_serializes_as_tf():
    config = v1.ConfigProto(inter_op_parallelism_threads=2, intra_op_parallelism_threads=3,
                            device_count={"GPU": 0}, allow_soft_placement=True)
    config.gpu_options.allow_growth = True
    config.gpu_options.per_process_gpu_memory_fraction = 0.4
    config.graph_options.optimizer_options.global_jit_level = v1.OptimizerOptions.ON_1
    assert str(config) == (
        'device_count {\n  key: "GPU"\n  value: 0\n}\nintra_op_parallelism_threads: 3\n'
        "inter_op_parallelism_threads: 2\ngpu_options {\n  per_process_gpu_memory_fraction: "
        "0.4\n  allow_growth: true\n}\nallow_soft_placement: true\ngraph_options {\n"
        "  optimizer_options {\n    global_jit_level: ON_1\n  }\n}\n")
    assert config.SerializeToString() == (
        b"\n\x07\n\x03GPU\x10\x00\x10\x03(\x022\x0b\t\x9a\x99\x99\x99\x99\x99\xd9? \x01"
        b"8\x01R\x04\x1a\x02(\x01")
    assert v1.ConfigProto.FromString(config.SerializeToString()) == config
    assert repr(v1.ConfigProto()) == ""
    assert config.HasField("gpu_options") and not v1.ConfigProto().HasField("gpu_options")
    assert config.device_count["CPU"] == 0 and config.operation_timeout_in_ms == 0
    with pytest.raises(ValueError, match='Protocol message ConfigProto has no "foo" field.'):
        v1.ConfigProto(foo=1)
    with pytest.raises(TypeError):
        config.allow_soft_placement = "x"
    assert str(v1.RunOptions(trace_level=v1.RunOptions.FULL_TRACE)) == "trace_level: FULL_TRACE\n"
    graph = tf.Graph()
    with graph.as_default():
        doubled = tf.constant([1, 2, 3]) * 2
    with v1.Session(graph=graph, config=config) as sess:
        assert sess.run(doubled).tolist() == [2, 4, 6]


def test_keras_layer_in_tf1_graph_is_trained_by_minimize():
    graph = tf.Graph()
    with graph.as_default():
        x = tf.constant([[1.], [2.], [3.], [4.]])
        y_true = tf.constant([[0.], [-1.], [-2.], [-3.]])
        linear = v1.layers.Dense(units=1, kernel_initializer=v1.constant_initializer(0.1))
        loss = v1.losses.mean_squared_error(labels=y_true, predictions=linear(x))
        names = [v.name.split("/")[-1] for v in v1.trainable_variables()]
        assert names == ["kernel:0", "bias:0"]  # (the layer's name depends on those made before)
        train = v1.train.GradientDescentOptimizer(0.01).minimize(loss)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            losses = [round(float(sess.run((train, loss))[1]), 4) for _ in range(3)]
    assert losses == [4.575, 3.2505, 2.3311]  # TF 2.21's
    assert v1.trainable_variables() == []  # eagerly, collections are empty


def test_version_constants():
    assert v1.VERSION == tf.version.VERSION
    assert v1.GRAPH_DEF_VERSION == tf.version.GRAPH_DEF_VERSION == 2474


def test_tf1_strings_split_gives_sparse_by_default():
    split = v1.strings.split(["hello world", "a b c"])
    assert isinstance(split, tf.SparseTensor)
    assert split.dense_shape.numpy().tolist() == [2, 3]
    ragged = v1.strings.split(["hello world", "a b c"], result_type="RaggedTensor")
    assert ragged.to_list() == [[b"hello", b"world"], [b"a", b"b", b"c"]]


def test_argmax_and_argmin_never_pick_nan():
    # TF's kernel keeps the first value a strict comparison prefers: NaN never is
    nan = np.nan
    assert tf.math.argmax([1., nan, 3.]).numpy() == 2
    assert tf.math.argmin([3., nan, 1.]).numpy() == 2
    assert tf.math.argmax([nan, nan]).numpy() == 0
    assert tf.math.argmax([nan, -np.inf]).numpy() == 0
    assert tf.math.argmin(tf.constant([nan, 1., 3.], tf.float16)).numpy() == 1
    assert tf.math.argmax([[1., nan], [nan, 2.]], axis=1).numpy().tolist() == [0, 1]


def test_batch_scatter_update_writes_per_batch_row():
    v = tf.Variable(tf.reshape(tf.range(12.), [2, 3, 2]))
    v.batch_scatter_update(tf.IndexedSlices(tf.constant([[[-1., -1.]], [[-2., -2.]]]),
                                            tf.constant([[2], [0]])))
    np.testing.assert_array_equal(v.numpy(), [[[0, 1], [2, 3], [-1, -1]],
                                              [[-2, -2], [8, 9], [10, 11]]])
    m = v1.batch_scatter_update(tf.Variable([[1, 2], [3, 4]]), [[1], [0]], [[7], [8]])
    assert m.numpy().tolist() == [[1, 7], [8, 4]]
    flat = tf.Variable([1., 2., 3.])
    flat.batch_scatter_update(tf.IndexedSlices(tf.constant([9.]), tf.constant([1])))
    assert flat.numpy().tolist() == [1., 9., 3.]

"""tf.io.parse_example / parse_single_example inside tf.function and tf.data's map: one
ParseExampleV2 op whose outputs have TF's static shapes (values checked against TF 2.21)."""

import pytest

import eagerbook as tf


def _record():
    return tf.train.Example(features=tf.train.Features(feature={
        "a": tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2, 3])),
        "b": tf.train.Feature(float_list=tf.train.FloatList(value=[1.5])),
        "b2": tf.train.Feature(float_list=tf.train.FloatList(value=[1.0, 2.0])),
        "s": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"x", b"yz"])),
        "v1": tf.train.Feature(int64_list=tf.train.Int64List(value=[0, 2, 3])),
    })).SerializeToString()


SPECS = {"a": tf.io.FixedLenFeature([3], tf.int64), "b": tf.io.FixedLenFeature([], tf.float32),
         "v": tf.io.VarLenFeature(tf.string), "s": tf.io.VarLenFeature(tf.string),
         "r": tf.io.RaggedFeature(tf.float32, value_key="b2"),
         "q": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True, default_value=0),
         "d": tf.io.FixedLenFeature([2], tf.float32, default_value=[0., 1.])}


def test_traced_single_example_has_tf_static_shapes_and_values():
    one = tf.function(lambda x: tf.io.parse_single_example(x, SPECS))
    concrete = one.get_concrete_function(tf.TensorSpec([], tf.string))
    outputs = concrete.structured_outputs
    assert outputs["a"].shape.as_list() == [3] and outputs["b"].shape.as_list() == []
    assert outputs["q"].shape.as_list() == [None] and outputs["r"].shape.as_list() == [None]
    assert outputs["s"].indices.shape.as_list() == [None, 1]
    assert outputs["s"].dense_shape.shape.as_list() == [1]
    parsed = one(tf.constant(_record()))
    eager = tf.io.parse_single_example(_record(), SPECS)
    for key in ("a", "b", "d", "q", "r"):
        assert parsed[key].numpy().tolist() == eager[key].numpy().tolist()
    assert parsed["s"].values.numpy().tolist() == [b"x", b"yz"]
    assert parsed["v"].dense_shape.numpy().tolist() == [0]


def test_traced_batch_gives_ragged_and_sparse_batches():
    batch = tf.function(lambda x: tf.io.parse_example(x, SPECS))
    parsed = batch(tf.constant([_record(), _record()]))
    assert parsed["a"].numpy().tolist() == [[1, 2, 3], [1, 2, 3]]
    assert parsed["q"].shape.as_list() == [2, 0]
    assert parsed["r"].to_list() == [[1.0, 2.0], [1.0, 2.0]]
    assert parsed["s"].indices.numpy().tolist() == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert parsed["v"].dense_shape.numpy().tolist() == [2, 0]


def test_traced_ragged_partitions():
    spec = {"p": tf.io.RaggedFeature(tf.int64, value_key="a",
                                     partitions=[tf.io.RaggedFeature.RowSplits("v1")])}
    one = tf.function(lambda x: tf.io.parse_single_example(x, spec))
    assert one(tf.constant(_record()))["p"].to_list() == [[1, 2], [3]]
    batch = tf.function(lambda x: tf.io.parse_example(x, spec))
    assert batch(tf.constant([_record()] * 2))["p"].to_list() == [[[1, 2], [3]]] * 2


def test_ragged_features_need_a_known_rank_when_traced():
    batch = tf.function(lambda x: tf.io.parse_example(x, SPECS))
    with pytest.raises(ValueError, match="serialized must have statically-known rank to parse "
                                         "ragged features."):
        batch.get_concrete_function(tf.TensorSpec(None, tf.string))


def test_map_over_an_empty_record_file_traces_the_parse(tmp_path):
    path = str(tmp_path / "empty.tfrecords")
    open(path, "wb").close()
    mapped = tf.data.TFRecordDataset(path).map(lambda x: tf.io.parse_single_example(x, SPECS))
    spec = mapped.element_spec
    assert spec["a"] == tf.TensorSpec([3], tf.int64)
    assert spec["s"] == tf.SparseTensorSpec([None], tf.string)
    assert list(mapped) == []

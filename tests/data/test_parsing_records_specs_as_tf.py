"""`Dataset.map(tf.io.parse_single_example ...)`: the element spec TF's trace gives, whether the
TFRecord file has records or none (TF 2.21's values, read side by side)."""

import pytest

import eagerbook as tf

FEATURES = {
    "a": tf.io.FixedLenFeature([], tf.int64),
    "b": tf.io.VarLenFeature(tf.float32),
    "c": tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True),
    "d": tf.io.RaggedFeature(tf.float32),
}
ONE = {  # TF 2.21's element_spec of .map(lambda r: tf.io.parse_single_example(r, FEATURES))
    "a": tf.TensorSpec([], tf.int64),
    "b": tf.SparseTensorSpec([None], tf.float32),
    "c": tf.TensorSpec([None], tf.float32),
    "d": tf.TensorSpec([None], tf.float32),
}
BATCHED = {  # ... and of .batch(2).map(lambda r: tf.io.parse_example(r, FEATURES))
    "a": tf.TensorSpec([None], tf.int64),
    "b": tf.SparseTensorSpec([None, None], tf.float32),
    "c": tf.TensorSpec([None, None], tf.float32),
}


def write_records(path, count):
    with tf.io.TFRecordWriter(str(path)) as writer:
        for i in range(count):
            example = tf.train.Example(features=tf.train.Features(feature={
                "a": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                "b": tf.train.Feature(float_list=tf.train.FloatList(value=[1.0, 2.0])),
                "c": tf.train.Feature(float_list=tf.train.FloatList(value=[3.0, 4.0])),
            }))
            writer.write(example.SerializeToString())
    return str(path)


@pytest.mark.parametrize("count", [0, 2])
def test_parse_single_example_spec_as_tf_with_or_without_records(tmp_path, count):
    path = write_records(tmp_path / "data.tfrecord", count)
    dataset = tf.data.TFRecordDataset(path).map(
        lambda record: tf.io.parse_single_example(record, FEATURES))
    assert dataset.element_spec == ONE
    elements = list(dataset)
    assert len(elements) == count
    assert [int(e["a"]) for e in elements] == list(range(count))


@pytest.mark.parametrize("count", [0, 2])
def test_parse_example_of_batches_spec_as_tf(tmp_path, count):
    path = write_records(tmp_path / "data.tfrecord", count)
    dataset = tf.data.TFRecordDataset(path).batch(2).map(
        lambda records: tf.io.parse_example(records, FEATURES))
    spec = dataset.element_spec
    assert {k: spec[k] for k in BATCHED} == BATCHED
    assert (spec["d"].shape.as_list(), spec["d"].dtype) == ([None, None], tf.float32)
    assert len(list(dataset)) == min(count, 1)


def test_a_record_the_parser_refuses_is_still_tf_s_error(tmp_path):
    # The spec comes from stand-in records; the records themselves are parsed as they run.
    bad = tmp_path / "bad.tfrecord"
    with tf.io.TFRecordWriter(str(bad)) as writer:
        writer.write(tf.train.Example().SerializeToString())
    dataset = tf.data.TFRecordDataset(str(bad)).map(
        lambda r: tf.io.parse_single_example(r, FEATURES))
    assert dataset.element_spec == ONE
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Feature: a \\(data type: int64\\) is required but could not be "
                             "found."):
        list(dataset)

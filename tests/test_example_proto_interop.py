"""tf.train.Example and its parts filled and read by google.protobuf's text_format and
json_format (as TF's docs do), tf.io.decode_json_example, and RaggedFeature partitions.
Expected values are TF 2.21's outputs."""

import numpy as np
import pytest

import eagerbook as tf

text_format = pytest.importorskip("google.protobuf.text_format")
json_format = pytest.importorskip("google.protobuf.json_format")


def test_text_format_parse_fills_an_example():
    example = text_format.Parse('''
      features {
        feature {key: "my_feature" value {int64_list {value: [1, 2, 3, 4]}}}
        feature {key: "b" value {bytes_list {value: ['abc', '12345' ]}}}
        feature {key: "e" value {float_list {}}}
      }''', tf.train.Example())
    assert example.features.feature["b"].bytes_list.value == [b"abc", b"12345"]
    assert example.features.feature["e"].WhichOneof("kind") == "float_list"
    parsed = tf.io.parse_example(example.SerializeToString(),
                                 features={"my_feature": tf.io.RaggedFeature(dtype=tf.int64)})
    assert parsed["my_feature"].numpy().tolist() == [1, 2, 3, 4]
    assert str(example).startswith('features {\n  feature {\n    key: "my_feature"\n')


def test_text_format_merge_and_errors():
    merged = text_format.Merge('features { feature {key: "v" value {int64_list {value: [3, 1]}}} }',
                               tf.train.Example())
    assert merged.SerializeToString() == b"\n\r\n\x0b\n\x01v\x12\x06\x1a\x04\n\x02\x03\x01"
    assert tf.train.Example.FromString(merged.SerializeToString()) == merged
    with pytest.raises(text_format.ParseError, match='has no field named "featurez"'):
        text_format.Parse("featurez {}", tf.train.Example())
    with pytest.raises(text_format.ParseError, match="Couldn't parse integer: 1.5"):
        text_format.Parse('features { feature {key: "a" value {int64_list {value: 1.5}}}}',
                          tf.train.Example())


def test_text_format_parses_a_sequence_example():
    sequence = text_format.Parse(
        'context { feature { key: "c" value { int64_list { value: 5 } } } } '
        'feature_lists { feature_list { key: "t" value { feature { float_list { value: 1 } } '
        'feature { float_list { value: 2 } } } } }', tf.train.SequenceExample())
    assert [f.float_list.value for f in sequence.feature_lists.feature_list["t"].feature] == \
        [[1.0], [2.0]]
    assert sequence.context.feature["c"].int64_list.value == [5]


def test_json_format_writes_what_tf_writes():
    example = tf.train.Example(features=tf.train.Features(feature={
        "a": tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 1, 3]))}))
    assert json_format.MessageToJson(example) == (
        '{\n  "features": {\n    "feature": {\n      "a": {\n        "int64List": {\n'
        '          "value": [\n            "1",\n            "1",\n            "3"\n'
        '          ]\n        }\n      }\n    }\n  }\n}')
    feature = tf.train.Feature(float_list=tf.train.FloatList(value=[float("nan"), 1e-3]))
    assert json_format.MessageToDict(feature) == {"floatList": {"value": ["NaN", 0.001]}}


def test_decode_json_example_round_trips_the_docs_example():
    example = tf.train.Example(features=tf.train.Features(feature={
        "a": tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 1, 3]))}))
    binary = tf.io.decode_json_example(json_format.MessageToJson(example))
    # TF's converter writes each number as a field of its own (not packed)
    assert binary.numpy() == b"\n\x0f\n\r\n\x01a\x12\x08\x1a\x06\x08\x01\x08\x01\x08\x03"
    assert tf.train.Example.FromString(binary.numpy()) == example
    assert tf.io.decode_json_example([["{}", "{}"], ["{}", "{}"]]).shape.as_list() == [2, 2]


@pytest.mark.parametrize("text, expected", [
    ('{"features": {}}', b"\n\x00"),
    ('{}', b""),
    ('{"features": {"feature": {"z": {}, "a": {"floatList": {}}, "m": {"bytes_list": '
     '{"value": []}}}}}', b"\n\x19\n\x05\n\x01z\x12\x00\n\x07\n\x01a\x12\x02\x12\x00\n\x07\n"
                          b"\x01m\x12\x02\n\x00"),
    ('{"features": {"feature": {"a": {"int64List": {"value": [-1, "3"]}}}}}',
     b"\n\x16\n\x14\n\x01a\x12\x0f\x1a\r\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x08\x03"),
    ('{"features": {"feature": {"b": {"floatList": {"value": ["-Infinity", 0.1, "NaN"]}}}}}',
     b"\n\x18\n\x16\n\x01b\x12\x11\x12\x0f\r\x00\x00\x80\xff\r\xcd\xcc\xcc=\r\x00\x00\xc0\x7f"),
    ('{"features": {"feature": {"b": {"bytesList": {"value": ["YWJjZA"]}}}}}',
     b"\n\x0f\n\r\n\x01b\x12\x08\n\x06\n\x04abcd"),
])
def test_decode_json_example_bytes_match_tf(text, expected):
    assert tf.io.decode_json_example(text).numpy() == expected


@pytest.mark.parametrize("text", [
    "{", '{"foo": 1}', "[1]",
    '{"features": {"feature": {"a": {"floatList": {"value": ["x"]}}}}}',
    '{"features": {"feature": {"b": {"floatList": {"value": [3.5e38]}}}}}',
    '{"features": {"feature": {"a": {"int64List": {"value": [1.5]}}}}}',
    '{"features": {"feature": {"a": {"int64List": {"value": ["9223372036854775808"]}}}}}',
])
def test_decode_json_example_rejects_what_tf_rejects(text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.io.decode_json_example(text)
    message = str(info.value)
    assert message.startswith("{{function_node __wrapped__DecodeJSONExample_device_/job:"
                              "localhost/replica:0/task:0/device:CPU:0}} Error while parsing "
                              "JSON: ")
    assert message.endswith("[Op:DecodeJSONExample] name: ")


def _ragged_examples():
    merge = text_format.Merge
    return [merge('''features {
        feature {key: "v" value {int64_list {value: [3, 1, 4, 1, 5, 9]}}}
        feature {key: "s1" value {int64_list {value: [0, 2, 3, 3, 6]}}}
        feature {key: "s2" value {int64_list {value: [0, 2, 3, 4]}}}
        feature {key: "l" value {int64_list {value: [2, 1, 0, 3]}}}
        feature {key: "ids" value {int64_list {value: [0, 0, 1, 3, 3, 3]}}} }''',
                  tf.train.Example()).SerializeToString(),
            merge('''features {
        feature {key: "v" value {int64_list {value: [2, 7, 1, 8, 2, 8, 1, 5]}}}
        feature {key: "s1" value {int64_list {value: [0, 3, 4, 5, 8]}}}
        feature {key: "s2" value {int64_list {value: [0, 1, 1, 4]}}}
        feature {key: "l" value {int64_list {value: [3, 1, 1, 3]}}}
        feature {key: "ids" value {int64_list {value: [0, 0, 0, 1, 2, 3, 3, 3]}}} }''',
                  tf.train.Example()).SerializeToString()]


def _ragged_specs():
    R = tf.io.RaggedFeature
    return {"f1": R(value_key="v", dtype=tf.int64),
            "f2": R(value_key="v", dtype=tf.int64, partitions=[R.RowSplits("s1")]),
            "f3": R(value_key="v", dtype=tf.int64,
                    partitions=[R.RowSplits("s2"), R.RowSplits("s1")]),
            "f4": R(value_key="v", dtype=tf.int64, partitions=[R.RowLengths("l")]),
            "f7": R(value_key="v", dtype=tf.int64, partitions=[R.ValueRowIds("ids")]),
            "f8": R(value_key="v", dtype=tf.int64, partitions=[R.UniformRowLength(2)])}


def test_ragged_feature_partitions_of_one_example():
    parsed = tf.io.parse_single_example(_ragged_examples()[0], _ragged_specs())
    assert str(parsed["f1"]) == "tf.Tensor([3 1 4 1 5 9], shape=(6,), dtype=int64)"
    for key in ("f2", "f4", "f7"):
        assert str(parsed[key]) == "<tf.RaggedTensor [[3, 1], [4], [], [1, 5, 9]]>"
    assert str(parsed["f3"]) == "<tf.RaggedTensor [[[3, 1], [4]], [[]], [[1, 5, 9]]]>"
    assert isinstance(parsed["f8"], tf.Tensor)  # rows of one length only: dense, as TF's
    assert parsed["f8"].numpy().tolist() == [[3, 1], [4, 1], [5, 9]]


def test_ragged_feature_partitions_of_a_batch():
    parsed = tf.io.parse_example(_ragged_examples(), _ragged_specs())
    assert parsed["f3"].to_list() == [[[[3, 1], [4]], [[]], [[1, 5, 9]]],
                                      [[[2, 7, 1]], [], [[8], [2], [8, 1, 5]]]]
    for key in ("f2", "f4", "f7"):
        assert parsed[key].to_list() == [[[3, 1], [4], [], [1, 5, 9]],
                                         [[2, 7, 1], [8], [2], [8, 1, 5]]]
    assert parsed["f8"].to_list() == [[[3, 1], [4, 1], [5, 9]],
                                      [[2, 7], [1, 8], [2, 8], [1, 5]]]


def test_ragged_feature_partition_types():
    R = tf.io.RaggedFeature
    assert repr(R.RowSplits("s1")) == "RowSplits(key='s1')"
    assert repr(R.UniformRowLength(2)) == "UniformRowLength(length=2)"
    with pytest.raises(TypeError, match="^Argument `partitions` cannot be cast to any of the "
                                        "partition types in .*; got: 3 with type <class 'int'>$"):
        R(dtype=tf.int64, partitions=[3])
    assert np.array_equal(R(tf.int64, partitions=[R.RowLengths("l")]).partitions,
                          (R.RowLengths("l"),))

"""tf.io.decode_proto and tf.compat.v1's summary messages (protobuf classes made from TF's
summary.proto). Expected values are TF 2.21's outputs."""

import pytest

import eagerbook as tf

text_format = pytest.importorskip("google.protobuf.text_format")


def _values(*texts):
    return [text_format.Parse(t, tf.compat.v1.Summary.Value()).SerializeToString()
            for t in texts]


def test_summary_messages_serialize_as_tfs():
    assert _values("simple_value: 2.2", "image { height: 128 width: 512 }",
                   'tag: "a" node_name: "n" simple_value: -1',
                   'histo { min: 1 bucket: [1, 2] }',
                   'audio { sample_rate: 2 content_type: "x" }') == [
        b"\x15\xcd\xcc\x0c@", b'"\x06\x08\x80\x01\x10\x80\x04',
        b"\n\x01a\x15\x00\x00\x80\xbf:\x01n",
        b"*\x1b\t\x00\x00\x00\x00\x00\x00\xf0?:\x10\x00\x00\x00\x00\x00\x00\xf0?\x00\x00\x00\x00"
        b"\x00\x00\x00@", b"2\x08\r\x00\x00\x00@*\x01x"]
    assert tf.compat.v1.Summary.Value.DESCRIPTOR.full_name == "tensorflow.Summary.Value"
    summary = tf.compat.v1.Summary(value=[tf.compat.v1.Summary.Value(tag="t", simple_value=3.)])
    assert str(summary) == 'value {\n  tag: "t"\n  simple_value: 3\n}\n'


def test_decode_proto_the_docs_example():
    values = _values("simple_value: 2.2", "simple_value: 1.2",
                     "image { height: 128 width: 512 }", "image { height: 256 width: 256 }")
    sizes, [simple_value, image] = tf.io.decode_proto(
        values, tf.compat.v1.Summary.Value.DESCRIPTOR.full_name,
        field_names=["simple_value", "image"], output_types=[tf.float32, tf.string])
    assert sizes.numpy().tolist() == [[1, 0], [1, 0], [0, 1], [0, 1]]
    assert sizes.dtype == tf.int32
    assert simple_value.shape.as_list() == [4, 1]
    assert tf.RaggedTensor.from_tensor(simple_value, lengths=sizes[:, 0]).to_list() == \
        [[pytest.approx(2.2)], [pytest.approx(1.2)], [], []]
    assert image.numpy().tolist() == [[b""], [b""], [b"\x08\x80\x01\x10\x80\x04"],
                                      [b"\x08\x80\x02\x10\x80\x02"]]


def test_decode_proto_batch_shape_repeated_fields_and_widening():
    values = _values("simple_value: 2.2", "simple_value: 1.2", "image { height: 1 }",
                     "", 'tag: "a" node_name: "n" simple_value: -1', "")
    sizes, [tag, node, simple] = tf.io.decode_proto(
        tf.reshape(values, [2, 3]), "tensorflow.Summary.Value",
        ["tag", "node_name", "simple_value"], [tf.string, tf.string, tf.float64])
    assert sizes.numpy().tolist() == [[[0, 0, 1], [0, 0, 1], [0, 0, 0]],
                                      [[0, 0, 0], [1, 1, 1], [0, 0, 0]]]
    assert tag.numpy().tolist() == [[[b""], [b""], [b""]], [[b""], [b"a"], [b""]]]
    assert simple.numpy()[0, 0, 0] == 2.200000047683716  # the float32, widened
    histogram = text_format.Parse("min: 1 max: 3 bucket: [1, 2, 5] bucket_limit: [0.5]",
                                  tf.compat.v1.HistogramProto()).SerializeToString()
    result = tf.io.decode_proto([histogram], "tensorflow.HistogramProto",
                                ["bucket", "min", "bucket_limit"], [tf.float64] * 3)
    assert type(result).__name__ == "DecodeProtoV2"
    assert result.sizes.numpy().tolist() == [[3, 1, 1]]
    assert result.values[0].numpy().tolist() == [[1.0, 2.0, 5.0]]


@pytest.mark.parametrize("args, message", [
    (("tensorflow.Nope", ["x"], [tf.int32]), "No descriptor found for message type "
                                             "tensorflow.Nope"),
    (("tensorflow.Summary.Value", ["nope"], [tf.int32]),
     "Unknown field: nope in message type tensorflow.Summary.Value"),
    (("tensorflow.Summary.Value", ["tag", "image"], [tf.string]),
     "field_names and output_types attributes must have the same length"),
    (("tensorflow.Summary.Value", ["tag"], [tf.int64]),
     "Unexpected output type for tensorflow.Summary.Value.tag: string to DT_INT64"),
    (("tensorflow.HistogramProto", ["bucket_limit"], [tf.float32]),
     "Unexpected output type for tensorflow.HistogramProto.bucket_limit: double to DT_FLOAT"),
])
def test_decode_proto_errors_as_tf(args, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.io.decode_proto(_values("simple_value: 1"), *args)
    count = len(args[2])
    assert str(info.value) == (
        f"{{{{function_node __wrapped__DecodeProtoV2_output_types_{count}_device_/job:localhost"
        f"/replica:0/task:0/device:CPU:0}}}} {message} [Op:DecodeProtoV2]")  # (no " name: ":
    # message_type is a Python string, which sends TF's op down its slow road)

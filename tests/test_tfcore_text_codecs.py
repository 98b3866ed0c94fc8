"""tf.io.decode_csv, encode_base64/decode_base64 and decode_compressed (TF 2.21's values and
errors), eagerly, in tf.function and in Dataset.map; string constants keep trailing NUL bytes."""

import gzip
import zlib

import pytest

import eagerbook as tf


def test_decode_csv_types_defaults_and_quotes():
    ints, floats, texts = tf.io.decode_csv(["1,2.5,a", '3,,"b,c"'], [[0], [0.0], ["x"]])
    assert ints.dtype == tf.int32 and ints.numpy().tolist() == [1, 3]
    assert floats.dtype == tf.float32 and floats.numpy().tolist() == [2.5, 0.0]
    assert texts.numpy().tolist() == [b"a", b"b,c"]
    wide, narrow = tf.io.decode_csv(tf.constant([["1,2"], ["3,4"]]),
                                    [tf.constant([], tf.int64), [1.]])
    assert wide.dtype == tf.int64 and wide.shape.as_list() == [2, 1]
    assert tf.io.decode_csv('"a""b",2', [[""], [0]])[0].numpy() == b'a"b'
    assert [t.numpy() for t in tf.io.decode_csv(" 1, 2", [[0], [0.]])] == [1, 2.0]
    assert [t.numpy() for t in tf.io.decode_csv("1;2", [[0], [0.]], field_delim=";")] == [1, 2.]
    assert tf.io.decode_csv("1,NA", [[0], [7.]], na_value="NA")[1].numpy() == 7.0
    assert [t.numpy() for t in tf.io.decode_csv("1,2,3", [[0], [0.]], select_cols=[0, 2])] \
        == [1, 3.0]
    doubles = tf.io.decode_csv(["1,2.25", "4,1e3"], [[0], tf.constant([0.], tf.float64)])[1]
    assert doubles.dtype == tf.float64 and doubles.numpy().tolist() == [2.25, 1000.0]
    assert tf.io.decode_csv("1,2,", [[0], [0.], ["z"]])[2].numpy() == b"z"


@pytest.mark.parametrize(("record", "defaults", "message"), [
    ("1,2", [[0], [0], [9]], "Expect 3 fields but have 2 in record 0"),
    (",2", [tf.constant([], tf.int32), [0]], "Field 0 is required but missing in record 0!"),
    ("a,2", [[0], [0]], "Field 0 in record 0 is not a valid int32: a"),
    ("1.5,2", [[0], [0.]], "Field 0 in record 0 is not a valid int32: 1.5"),
])
def test_decode_csv_errors(record, defaults, message):
    with pytest.raises(tf.errors.InvalidArgumentError, match=message):
        tf.io.decode_csv(record, defaults)


def test_decode_csv_in_functions_and_datasets():
    lines = tf.data.Dataset.from_tensor_slices(["1,2.5", "3,4"])
    parsed = lines.map(lambda line: tf.io.decode_csv(line, [[0], [0.]]))
    assert [(int(a), float(b)) for a, b in parsed.as_numpy_iterator()] == [(1, 2.5), (3, 4.0)]
    numbers, words = tf.function(lambda x: tf.io.decode_csv(x, [[0], ["q"]]))(
        tf.constant(["5,w", "6,"]))
    assert numbers.numpy().tolist() == [5, 6] and words.numpy().tolist() == [b"w", b"q"]


def test_base64_is_web_safe():
    assert tf.io.encode_base64(["hello world", "a"]).numpy().tolist() == [b"aGVsbG8gd29ybGQ",
                                                                          b"YQ"]
    assert tf.io.encode_base64("hello?>", pad=True).numpy() == b"aGVsbG8_Pg=="
    round_trip = tf.io.decode_base64(tf.io.encode_base64(["hello world", "\xff\xfe"]))
    assert round_trip.numpy().tolist() == [b"hello world", "\xff\xfe".encode()]
    assert tf.io.decode_base64("aGVsbG8=").numpy() == b"hello"
    with pytest.raises(tf.errors.InvalidArgumentError, match="1 modulo 4"):
        tf.io.decode_base64("a")


def test_decode_compressed():
    both = tf.io.decode_compressed([gzip.compress(b"abc"), gzip.compress(b"")], "GZIP")
    assert both.numpy().tolist() == [b"abc", b""]
    assert tf.io.decode_compressed(zlib.compress(b"abc"), "ZLIB").numpy() == b"abc"
    assert tf.io.decode_compressed("abc").numpy() == b"abc"
    with pytest.raises(tf.errors.DataLossError):
        tf.io.decode_compressed("abc", "GZIP")


def test_string_constants_keep_trailing_nul_bytes():
    assert tf.constant(b"a\x00").numpy() == b"a\x00"
    assert tf.constant([[b"a\x00", "\xe9"]]).numpy().tolist() == [[b"a\x00", b"\xc3\xa9"]]

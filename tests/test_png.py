"""tf.io.encode_png / decode_png: pixels survive a round trip in every colour layout; decoding
undoes each of PNG's row filters; traced shapes are TF's (None, None, channels)."""

import struct
import zlib

import numpy as np
import pytest

import eagerbook as tf


@pytest.mark.parametrize("channels", [1, 2, 3, 4])
@pytest.mark.parametrize("dtype", [tf.uint8, tf.uint16])
def test_round_trip(channels, dtype):
    top = 255 if dtype == tf.uint8 else 65535
    pixels = np.random.default_rng(channels).integers(0, top + 1, (5, 7, channels))
    image = tf.constant(pixels.astype(dtype.as_numpy_dtype))
    png = tf.image.encode_png(image)
    assert png.dtype == tf.string and png.shape == [] and png.numpy().startswith(b"\x89PNG")
    back = tf.io.decode_png(png, dtype=dtype)
    np.testing.assert_array_equal(back.numpy(), pixels)


def _png(rows, filters, width, channels=3):
    raw = b"".join(bytes([f]) + bytes(r) for f, r in zip(filters, rows))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, len(rows), 8, {1: 0, 3: 2}[channels], 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def test_each_row_filter_is_undone():
    # Two grey pixels per row; rows filtered with Sub, Up, Average and Paeth (PNG's 1..4).
    rows = [[10, 5], [1, 2], [4, 6], [3, 250]]
    out = tf.io.decode_png(_png(rows, [1, 2, 3, 4], width=2, channels=1)).numpy()[..., 0]
    # Sub: 10, 10+5; Up: +the row above; Average: +(left+up)//2: 4+(0+11)//2, 6+(9+17)//2;
    # Paeth: +whichever of left, up, corner is nearest left+up-corner (up both times here).
    np.testing.assert_array_equal(out, [[10, 15], [11, 17], [9, 19], [12, (250 + 19) % 256]])


def test_channel_conversion_and_errors():
    rgb = tf.constant(np.array([[[10, 20, 30]]], dtype=np.uint8))
    png = tf.io.encode_png(rgb)
    assert tf.io.decode_png(png, channels=4).numpy().tolist() == [[[10, 20, 30, 255]]]
    grey = tf.io.decode_png(tf.io.encode_png(tf.constant([[[7]]], dtype=tf.uint8)), channels=3)
    assert grey.numpy().tolist() == [[[7, 7, 7]]]
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.io.decode_png(b"not a png")
    with pytest.raises(TypeError, match="not in list of allowed values: uint8, uint16"):
        tf.io.encode_png(tf.zeros([2, 2, 3]))


def test_traced_shapes_are_tfs():
    @tf.function
    def decode(png):
        image = tf.image.decode_png(png, channels=3)
        shapes = [image.shape.as_list()]
        image = tf.ensure_shape(image, [28, 28, 3])
        shapes.append(image.shape.as_list())
        decode.shapes = shapes
        return image

    cf = decode.get_concrete_function(tf.TensorSpec([], dtype=tf.string))
    assert decode.shapes == [[None, None, 3], [28, 28, 3]]
    image = tf.cast(tf.random.uniform([28, 28, 3], maxval=255, dtype=tf.int32), tf.uint8)
    assert cf(tf.image.encode_png(image)).shape == [28, 28, 3]
    with pytest.raises(tf.errors.InvalidArgumentError):
        cf(tf.image.encode_png(tf.concat([image, image], axis=0)))


def test_read_file_and_parse_tensor_run_inside_tf_function(tmp_path):
    path = tmp_path / "image.png"
    tf.io.write_file(str(path), tf.io.encode_png(tf.zeros([28, 28, 3], tf.uint8)))

    @tf.function
    def load(filename):
        return tf.image.decode_png(tf.io.read_file(filename), channels=3)

    assert load(str(path)).shape == [28, 28, 3]

    @tf.function
    def parse(serialized):
        result = tf.io.parse_tensor(serialized, out_type=tf.float32)
        parse.traced_shape = result.shape
        return result

    assert parse(tf.io.serialize_tensor(tf.ones([5, 3]))).shape == [5, 3]
    assert parse.traced_shape.rank is None  # TF's <unknown>: the shape is in the data
    with pytest.raises(tf.errors.InvalidArgumentError, match="Type mismatch"):
        tf.io.parse_tensor(tf.io.serialize_tensor(tf.ones([2], tf.int32)), tf.float32)

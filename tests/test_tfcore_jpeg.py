"""JPEG through Pillow: TF's bytes when encoding, TF's accurate-transform pixels when decoding,
TF's checks and words around both."""

import hashlib

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import after_frame

pytest.importorskip("PIL", reason="eagerbook's JPEG codec is Pillow (the notebook extra)")


def _ramp_image():
    return tf.cast(tf.reshape(tf.range(16 * 16 * 3) * 7 % 256, [16, 16, 3]), tf.uint8)


@pytest.mark.parametrize("kwargs, image_channels, size, digest", [
    # lengths and SHA-256 prefixes of what TF 2.21's encode_jpeg wrote for the same image
    ({"quality": 75}, 3, 764, "a4ae77def0b4fd29"),
    ({"quality": 95}, 3, 906, "07dacadcede005c2"),
    ({"quality": 50, "chroma_downsampling": False}, 3, 758, "f8345f3d617dde63"),
    ({}, 1, 568, "6b83a3aa816f854c"),
])
def test_encode_jpeg_writes_tfs_bytes(kwargs, image_channels, size, digest):
    data = tf.io.encode_jpeg(_ramp_image()[..., :image_channels], **kwargs).numpy()
    assert len(data) == size
    assert hashlib.sha256(data).hexdigest()[:16] == digest


def test_decode_jpeg_shapes_channels_and_ratio():
    data = tf.io.encode_jpeg(_ramp_image())
    image = tf.io.decode_jpeg(data)
    assert image.dtype == tf.uint8 and image.shape == (16, 16, 3)
    assert tf.io.decode_jpeg(data, channels=1).shape == (16, 16, 1)
    assert tf.io.decode_jpeg(data, ratio=2).shape == (8, 8, 3)
    assert tf.image.decode_image(data).shape == (16, 16, 3)
    assert tf.io.decode_image(data, dtype=tf.float32).dtype == tf.float32
    assert tf.io.decode_and_crop_jpeg(data, [2, 3, 4, 5]).shape == (4, 5, 3)
    assert tf.io.decode_jpeg(tf.io.encode_png(_ramp_image())).shape == (16, 16, 3)
    np.testing.assert_array_equal(tf.io.extract_jpeg_shape(data).numpy(), [16, 16, 3])
    assert bool(tf.io.is_jpeg(data)) and not bool(tf.io.is_jpeg(tf.io.encode_png(_ramp_image())))


def test_decoded_pixels_are_tfs_accurate_transform():
    x = tf.constant([[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]], dtype=tf.uint8)
    decoded = tf.io.decode_jpeg(tf.io.encode_jpeg(x, quality=100),
                                dct_method="INTEGER_ACCURATE")
    # TF 2.21 with dct_method="INTEGER_ACCURATE" (its default fast transform is 1 lower here)
    np.testing.assert_array_equal(decoded.numpy(), [[[1, 2, 4], [4, 5, 7]],
                                                    [[7, 8, 10], [10, 11, 13]]])


def test_jpeg_errors_read_as_tfs():
    data = tf.io.encode_jpeg(tf.zeros([4, 4, 3], tf.uint8))
    cases = [
        (lambda: tf.io.decode_jpeg(b"abc"), "Unknown image file format. One of JPEG"),
        (lambda: tf.io.decode_jpeg(data, channels=2), "`channels` must be 0, 1, 3 or 4 but got 2"),
        (lambda: tf.io.decode_jpeg(data, channels=4), "JPEG does not support 4 channels"),
        (lambda: tf.io.encode_jpeg(tf.zeros([2, 2, 2], tf.uint8)),
         "image must have 1 or 3 channels, got [2,2,2]"),
        (lambda: tf.io.encode_jpeg(tf.zeros([2, 2, 3])),
         "cannot compute EncodeJpeg as input #0(zero-based) was expected to be a uint8 tensor "
         "but is a float tensor"),
        (lambda: tf.io.encode_jpeg(tf.zeros([2, 2, 3], tf.uint8), format="grayscale"),
         "format grayscale expects 1 channels, got [2,2,3]"),
        (lambda: tf.io.extract_jpeg_shape(tf.io.encode_png(tf.zeros([2, 2, 3], tf.uint8))),
         "Invalid JPEG data, size"),
        (lambda: tf.image.adjust_jpeg_quality(tf.zeros([2, 4, 4, 3]), 50),
         "image must be 3-dimensional[2,4,4,3]"),
        (lambda: tf.image.adjust_jpeg_quality(tf.zeros([4, 4, 3]), 101),
         "quality must be in [0,100], got 101"),
    ]
    for call, words in cases:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            call()
        said = str(e.value)  # (a dtype check fails before any kernel: no function frame)
        assert (said if words.startswith("cannot compute") else after_frame(said)) \
            .startswith(words), said


def test_adjust_jpeg_quality_keeps_dtype_and_shape():
    assert tf.image.adjust_jpeg_quality(tf.zeros([4, 4, 3]), 50).dtype == tf.float32
    assert tf.image.adjust_jpeg_quality(tf.zeros([4, 4, 3], tf.uint8), 50).dtype == tf.uint8
    assert tf.image.adjust_jpeg_quality(tf.zeros([4, 4, 1]), 50).shape == (4, 4, 1)
    ones = tf.image.adjust_jpeg_quality(tf.fill([2, 2, 3], 7.), 75)  # clipped to 1 first
    np.testing.assert_array_equal(ones.numpy(), np.ones([2, 2, 3], np.float32))
    noisy = tf.image.stateless_random_jpeg_quality(_ramp_image(), 75, 95, (1, 2))
    assert noisy.shape == (16, 16, 3) and noisy.dtype == tf.uint8
    with pytest.raises(ValueError, match="must be less than `max_jpeg_quality`"):
        tf.image.random_jpeg_quality(_ramp_image(), 90, 80)


def test_image_dataset_from_directory_reads_jpeg_files(tmp_path):
    for label in ("cats", "dogs"):
        (tmp_path / label).mkdir()
        for i in range(2):
            data = tf.io.encode_jpeg(tf.fill([6, 8, 3], tf.constant(40 * i, tf.uint8)))
            (tmp_path / label / f"{i}.jpg").write_bytes(data.numpy())
    dataset = tf.keras.utils.image_dataset_from_directory(
        str(tmp_path), image_size=(4, 4), batch_size=4, shuffle=False)
    images, labels = next(iter(dataset))
    assert dataset.class_names == ["cats", "dogs"]
    assert images.shape == (4, 4, 4, 3) and images.dtype == tf.float32
    np.testing.assert_array_equal(labels.numpy(), [0, 0, 1, 1])


def _gif_bytes():
    """Two frames of known colours (few enough for the GIF palette to keep them exact)."""
    import io

    from PIL import Image
    colours = [np.array([[[255, 0, 0], [0, 0, 255]]] * 3, np.uint8),
               np.array([[[0, 255, 0], [255, 255, 255]]] * 3, np.uint8)]
    frames = [Image.fromarray(c) for c in colours]
    buffer = io.BytesIO()
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:])
    return buffer.getvalue(), np.stack(colours)


def test_gif_decodes_every_frame():
    data, frames = _gif_bytes()
    decoded = tf.io.decode_gif(data)
    assert decoded.dtype == tf.uint8 and decoded.shape == (2, 3, 2, 3)
    np.testing.assert_array_equal(decoded.numpy(), frames)
    assert tf.io.decode_image(data).shape == (2, 3, 2, 3)
    np.testing.assert_array_equal(tf.io.decode_image(data, expand_animations=False).numpy(),
                                  frames[0])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="channels must be 0 or 3 for GIF, got 1"):
        tf.io.decode_image(data, channels=1)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Trying to decode GIF format using DecodeBmp op"):
        tf.io.decode_bmp(data)


def test_bmp_decodes_its_pixels():
    import io

    from PIL import Image
    pixels = _ramp_image().numpy()
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "BMP")
    data = buffer.getvalue()
    np.testing.assert_array_equal(tf.io.decode_bmp(data).numpy(), pixels)
    np.testing.assert_array_equal(tf.io.decode_image(data).numpy(), pixels)
    assert tf.io.decode_bmp(data, channels=4).shape == (16, 16, 4)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Trying to decode BMP format using a wrong op"):
        tf.io.decode_gif(data)

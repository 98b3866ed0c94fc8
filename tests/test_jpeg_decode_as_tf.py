"""tf.io.decode_jpeg gives TF's pixels: by default libjpeg's fast integer inverse transform
with fancy chroma upsampling (Pillow offers that transform only with plain upsampling, so the
upsampling and the YCbCr -> RGB step are eagerbook's own, in libjpeg's integer arithmetic).
The JPEG bytes come from tf.io.encode_jpeg, which writes TF's bytes (their hash is checked);
every expected pixel value is TF 2.21's."""

import hashlib

import numpy as np
import pytest

import eagerbook as tf

pytest.importorskip("PIL", reason="eagerbook reads JPEG through Pillow (an optional extra)")

ROWS, COLUMNS = np.mgrid[0:37, 0:53]
IMAGE = np.stack([(COLUMNS * 37 + ROWS * 11) % 256, (COLUMNS * ROWS) % 256,
                  (255 - 3 * COLUMNS - 2 * ROWS) % 256], -1).astype(np.uint8)


def _jpeg(**options):
    return tf.io.encode_jpeg(IMAGE, **options).numpy()


def _total_and_a_row(pixels):
    return int(pixels.astype(np.int64).sum()), pixels[18, 20:26].ravel().tolist()


@pytest.mark.parametrize("encoding, digest, decoding, total, row", [
    ({}, "7ee4f88b56ecf171", {}, 740113,
     [163, 103, 154, 183, 137, 165, 178, 173, 180, 94, 132, 119, 87, 171, 137, 109, 196, 153]),
    ({}, "7ee4f88b56ecf171", {"fancy_upscaling": False}, 740301,
     [169, 105, 131, 196, 132, 158, 162, 183, 168, 106, 127, 112, 68, 183, 124, 91, 206, 147]),
    ({}, "7ee4f88b56ecf171", {"dct_method": "INTEGER_ACCURATE"}, 744667,
     [167, 104, 159, 185, 136, 168, 178, 170, 181, 92, 130, 117, 84, 168, 134, 108, 193, 151]),
    ({}, "7ee4f88b56ecf171", {"channels": 1}, 233107, [127, 154, 175, 119, 142, 165]),
    ({"chroma_downsampling": False}, "e4d0a40432fd9a53", {}, 739675,
     [163, 104, 148, 210, 124, 161, 247, 142, 157, 18, 164, 153, 70, 176, 156, 110, 197, 142]),
    ({"quality": 40}, "03121c9d4452290a", {}, 739770,
     [180, 109, 151, 183, 155, 180, 124, 171, 189, 60, 153, 158, 63, 170, 160, 101, 179, 155]),
])
def test_decoded_pixels_are_tfs(encoding, digest, decoding, total, row):
    data = _jpeg(**encoding)
    assert hashlib.sha256(data).hexdigest()[:16] == digest  # TF's own bytes
    assert _total_and_a_row(tf.io.decode_jpeg(data, **decoding).numpy()) == (total, row)


def test_a_cropped_decode_upsamples_only_the_block_columns_it_decodes():
    # the window starts inside a 16-pixel block column: libjpeg decodes from column 16 and
    # its chroma's left edge is there, not at the image's edge
    pixels = tf.io.decode_and_crop_jpeg(_jpeg(), [5, 19, 20, 30]).numpy()
    assert pixels.shape == (20, 30, 3)
    assert pixels[3, :4].ravel().tolist() == [94, 124, 158, 82, 149, 175, 96, 168, 180, 135,
                                              180, 173]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid JPEG data or crop window"):
        tf.io.decode_and_crop_jpeg(_jpeg(), [30, 0, 10, 10])


def test_adjust_jpeg_quality_round_trip_is_tfs():
    x = tf.constant(np.arange(12, dtype=np.float32).reshape(2, 2, 3) / 12)
    assert tf.image.adjust_jpeg_quality(x, 75).numpy().ravel().tolist()[:4] == [
        0.003921568859368563, 0.09019608050584793, 0.1725490242242813, 0.2352941334247589]


def test_unknown_dct_method_is_tfs_error():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"dct_method must be one of \{'', 'INTEGER_FAST', "
                             r"'INTEGER_ACCURATE'\} \[Op:DecodeJpeg\]"):
        tf.io.decode_jpeg(_jpeg(), dct_method="FLOAT")

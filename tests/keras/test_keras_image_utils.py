"""tf.keras.utils.load_img / img_to_array / array_to_img / save_img (and their
tf.keras.preprocessing.image names); expected values are TF 2.21's on the same files."""
import numpy as np
import pytest

import eagerbook as tf

pytest.importorskip("PIL", reason="TF's image helpers are built on Pillow, as TF's are")
utils = tf.keras.utils


@pytest.fixture
def png(tmp_path):
    pixels = (np.arange(4 * 6 * 3) % 256).reshape(4, 6, 3).astype("uint8")
    path = str(tmp_path / "t.png")
    tf.io.write_file(path, tf.io.encode_png(pixels))
    return path


def test_load_img_and_img_to_array(png):
    image = utils.load_img(png)
    assert (image.mode, image.size) == ("RGB", (6, 4))  # PIL sizes are (width, height)
    array = utils.img_to_array(image)
    assert array.shape == (4, 6, 3) and array.dtype == np.float32
    assert array[0, :2].tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    assert utils.img_to_array(image, data_format="channels_first").shape == (3, 4, 6)
    assert utils.img_to_array(image, dtype="uint8").dtype == np.uint8
    with pytest.raises(ValueError, match=r"^Unsupported image shape: \(2,\)$"):
        utils.img_to_array(np.ones((2,)))


def test_load_img_converts_and_resizes_as_pillow_does(png):
    gray = utils.load_img(png, color_mode="grayscale", target_size=(2, 3))
    assert (gray.mode, gray.size) == ("L", (3, 2))
    assert utils.img_to_array(gray)[..., 0].tolist() == [[22.0, 28.0, 34.0],
                                                          [58.0, 64.0, 70.0]]
    larger = utils.load_img(png, target_size=(8, 9), interpolation="bilinear")
    assert larger.size == (9, 8)
    assert utils.img_to_array(larger)[0, :2].tolist() == [[0.0, 1.0, 2.0], [2.0, 3.0, 4.0]]
    with pytest.raises(ValueError, match='color_mode must be "grayscale", "rgb", or "rgba"'):
        utils.load_img(png, color_mode="cmyk")


def test_array_to_img_scales_and_save_img_round_trips(png, tmp_path):
    array = utils.img_to_array(utils.load_img(png))
    assert utils.array_to_img(array).mode == "RGB"
    halved = utils.array_to_img(array * 0.5, scale=True)
    assert np.asarray(halved)[0, :2].tolist() == [[0, 3, 7], [10, 14, 17]]
    assert utils.array_to_img(array[..., :1]).mode == "L"
    with pytest.raises(ValueError, match=r"rank 3 \(single image\). Got array with shape: "
                                         r"\(2, 2\)"):
        utils.array_to_img(np.ones((2, 2)))
    utils.save_img(str(tmp_path / "s.png"), array)
    assert np.asarray(utils.load_img(str(tmp_path / "s.png"))).shape == (4, 6, 3)
    image = tf.keras.preprocessing.image
    image.save_img(str(tmp_path / "s.jpg"), array)
    assert image.img_to_array(image.load_img(str(tmp_path / "s.jpg"))).shape == (4, 6, 3)

"""tf.image.random_crop of a traced image whose shape is known only when it runs (decoded
inside Dataset.map, as pix2pix's random jitter does): the room to crop in is read then, with
TF's Assert that the crop fits; the crop's static shape is the size asked for."""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.core.errors import InvalidArgumentError


def _crop(size):
    shapes = []

    @tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
    def crop(image):
        out = tf.image.random_crop(image, size=size)
        shapes.append(out.shape.as_list())
        return out
    return crop, shapes


def test_the_crop_is_a_window_of_the_image():
    crop, shapes = _crop([4, 5, 3])
    image = np.arange(9 * 7 * 3, dtype=np.float32).reshape(9, 7, 3)
    for _ in range(5):
        out = crop(tf.constant(image)).numpy()
        assert out.shape == (4, 5, 3)
        top, left = np.argwhere(image[..., 0] == out[0, 0, 0])[0]
        np.testing.assert_array_equal(out, image[top:top + 4, left:left + 5])
    assert shapes == [[4, 5, 3]]


def test_a_crop_larger_than_the_image_fails_with_tfs_assert_when_it_runs():
    crop, _ = _crop([4, 8, 3])
    with pytest.raises(InvalidArgumentError, match="Need value.shape >= size, got "):
        crop(tf.zeros([9, 7, 3]))


def test_inside_dataset_map_of_decoded_images():
    images = [np.full((6, 8, 3), i, np.uint8) for i in range(3)]
    ds = tf.data.Dataset.from_tensor_slices([tf.io.encode_png(im) for im in images])
    crops = ds.map(lambda png: tf.image.random_crop(tf.image.decode_png(png), [2, 3, 3]))
    assert crops.element_spec.shape.as_list() == [2, 3, 3]
    assert [c.numpy().tolist() for c in crops] == [np.full((2, 3, 3), i).tolist() for i in range(3)]

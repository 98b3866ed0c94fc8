"""tf.keras.applications.VGG16/VGG19: TF's layer names, shapes and parameter counts, and
Caffe-style preprocess_input (values as TF 2.21 gives them)."""
import warnings

import numpy as np
import pytest

import eagerbook as tf


@pytest.mark.parametrize("make, name, layers, params", [
    (tf.keras.applications.VGG16, "vgg16", 23, 33638218),
    (tf.keras.applications.VGG19, "vgg19", 26, 38947914),
])
def test_full_models_match_tfs_counts(make, name, layers, params):
    # (32x32 images and 10 classes keep the dense layers small: 138M weights at 224x224)
    model = make(weights=None, input_shape=(32, 32, 3), classes=10)
    assert (model.name, len(model.layers), model.count_params()) == (name, layers, params)
    assert model.output_shape == (None, 10)
    assert [layer.name for layer in model.layers[-4:]] == ["flatten", "fc1", "fc2",
                                                           "predictions"]


def test_feature_extractor_layers_for_style_transfer():
    vgg = tf.keras.applications.VGG19(include_top=False, weights=None)
    assert vgg.input_shape == (None, None, None, 3)
    assert vgg.output_shape == (None, None, None, 512)
    names = [layer.name for layer in vgg.layers[1:]]
    assert names[:4] == ["block1_conv1", "block1_conv2", "block1_pool", "block2_conv1"]
    assert names[-5:] == ["block5_conv1", "block5_conv2", "block5_conv3", "block5_conv4",
                          "block5_pool"]
    style = ["block1_conv1", "block3_conv1", "block5_conv1"]
    extractor = tf.keras.Model([vgg.input], [vgg.get_layer(n).output for n in style])
    outputs = extractor(np.zeros((1, 64, 64, 3), "float32"))
    assert [o.shape for o in outputs] == [(1, 64, 64, 64), (1, 16, 16, 256), (1, 4, 4, 512)]
    pooled = tf.keras.applications.VGG16(include_top=False, weights=None,
                                         input_shape=(64, 64, 3), pooling="avg")
    assert pooled.output_shape == (None, 512) and pooled.count_params() == 14714688


def test_imagenet_weights_warn_and_input_checks():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tf.keras.applications.VGG16(include_top=False, input_shape=(32, 32, 3))
    assert any("no pretrained ImageNet weights" in str(w.message) for w in caught)
    with pytest.raises(ValueError, match="`input_shape` should be \\(224, 224, 3\\)"):
        tf.keras.applications.VGG16(input_shape=(100, 100, 3))
    with pytest.raises(ValueError, match="at least 32x32"):
        tf.keras.applications.VGG16(weights=None, include_top=False, input_shape=(16, 16, 3))


def test_preprocess_input_is_caffe_style_and_changes_float_arrays_in_place():
    x = np.array([[[[10., 20., 30.]]]])
    out = tf.keras.applications.vgg19.preprocess_input(x)
    np.testing.assert_array_equal(out, [[[[30. - 103.939, 20. - 116.779, 10. - 123.68]]]])
    np.testing.assert_array_equal(x, [[[[10. - 123.68, 20. - 116.779, 30. - 103.939]]]])
    ints = np.array([[[[10, 20, 30]]]])
    assert tf.keras.applications.vgg16.preprocess_input(ints).dtype == np.float32
    assert ints.tolist() == [[[[10, 20, 30]]]]
    tensor = tf.keras.applications.vgg16.preprocess_input(tf.constant([[10., 20., 30.]]))
    np.testing.assert_allclose(tensor.numpy(), [[-73.939, -96.779, -113.68]], rtol=1e-6)

"""tf.keras.applications.MobileNetV2: the transfer-learning tutorial's base model, with TF's
layer names, output shapes and parameter counts (recorded from TF 2.21, Keras 2)."""

import warnings

import numpy as np
import pytest

import eagerbook as tf

A = tf.keras.applications


@pytest.fixture(scope="module")
def base_model():
    return A.MobileNetV2(input_shape=(96, 96, 3), include_top=False, weights=None)


def test_structure_is_tfs(base_model):
    assert base_model.name == "mobilenetv2_1.00_96"
    assert len(base_model.layers) == 154
    assert base_model.count_params() == 2257984
    assert len(base_model.trainable_variables) == 156
    assert len(base_model.non_trainable_variables) == 104
    names = [layer.name for layer in base_model.layers]
    assert names[1:6] == ["Conv1", "bn_Conv1", "Conv1_relu", "expanded_conv_depthwise",
                          "expanded_conv_depthwise_BN"]
    assert names[-3:] == ["Conv_1", "Conv_1_bn", "out_relu"]
    assert "block_2_add" in names and "block_1_pad" in names and "block_3_add" not in names
    assert base_model.get_layer("block_1_pad").output_shape == (None, 49, 49, 96)
    assert base_model.output_shape == (None, 3, 3, 1280)


def test_features_and_a_new_head(base_model):
    features = base_model(np.zeros((2, 96, 96, 3), "float32"))
    assert features.shape == (2, 3, 3, 1280)
    inputs = tf.keras.Input(shape=(96, 96, 3))
    x = A.mobilenet_v2.preprocess_input(inputs)
    x = base_model(x, training=False)
    x = tf.keras.layers.GlobalAveragePooling2D()(x)
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(x))
    base_model.trainable = False
    assert len(model.trainable_variables) == 2
    base_model.trainable = True
    for layer in base_model.layers[:100]:
        layer.trainable = False
    assert len(model.trainable_variables) == 56
    base_model.trainable = True


def test_other_widths_sizes_and_heads():
    full = A.MobileNetV2(weights=None)
    assert (full.name, len(full.layers), full.count_params(), full.output_shape) == \
        ("mobilenetv2_1.00_224", 156, 3538984, (None, 1000))
    half = A.MobileNetV2(input_shape=(64, 80, 3), include_top=False, weights=None, alpha=0.5,
                         pooling="max")
    assert (half.name, half.output_shape, half.count_params()) == \
        ("mobilenetv2_0.50_64", (None, 1280), 706224)
    wide = A.MobileNetV2(input_shape=(97, 97, 3), include_top=False, weights=None, alpha=1.4)
    assert (wide.output_shape, wide.count_params()) == ((None, 4, 4, 1792), 4363712)


def test_preprocess_input_maps_pixels_to_minus_one_one():
    out = A.mobilenet_v2.preprocess_input(np.array([[0.0, 127.5, 255.0]]))
    np.testing.assert_allclose(np.asarray(out), [[-1.0, 0.0, 1.0]])


def test_imagenet_weights_are_not_pretended():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = A.MobileNetV2(input_shape=(32, 32, 3), include_top=False)
    assert any("no pretrained ImageNet weights" in str(w.message) for w in caught)
    assert model.name == "mobilenetv2_1.00_224"  # 32 is not an ImageNet size: named as TF
    with pytest.raises(ValueError):
        A.MobileNetV2(classes=10)
    with pytest.raises(ValueError, match="expects a batch of predictions"):
        A.mobilenet_v2.decode_predictions(np.zeros((1, 10)))

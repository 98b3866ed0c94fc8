"""tf.keras.applications.InceptionV3 as TF 2.21's Keras 2 builds it: its layers, their names and
shapes, its parameter counts and its errors (each figure below is TF's, weights=None)."""

import warnings

import numpy as np
import pytest

import eagerbook as tf

apps = tf.keras.applications


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


def test_the_whole_model_is_tfs():
    model = apps.InceptionV3(weights=None)
    assert model.name == "inception_v3" and len(model.layers) == 313
    assert model.count_params() == 23851784
    assert (len(model.trainable_weights), len(model.non_trainable_weights)) == (190, 188)
    assert model.output_shape == (None, 1000) and model.input_shape == (None, 299, 299, 3)
    first = [(layer.name, type(layer).__name__, layer.output_shape) for layer in
             model.layers[1:5]]
    assert first == [("conv2d", "Conv2D", (None, 149, 149, 32)),
                     ("batch_normalization", "BatchNormalization", (None, 149, 149, 32)),
                     ("activation", "Activation", (None, 149, 149, 32)),
                     ("conv2d_1", "Conv2D", (None, 147, 147, 32))]
    assert model.layers[2].count_params() == 96  # (no scale: beta and the two moving stats)
    blocks = {layer.name: layer.output_shape for layer in model.layers
              if layer.name.startswith("mixed")}
    assert blocks == {"mixed0": (None, 35, 35, 256), "mixed1": (None, 35, 35, 288),
                      "mixed2": (None, 35, 35, 288), "mixed3": (None, 17, 17, 768),
                      "mixed4": (None, 17, 17, 768), "mixed5": (None, 17, 17, 768),
                      "mixed6": (None, 17, 17, 768), "mixed7": (None, 17, 17, 768),
                      "mixed8": (None, 8, 8, 1280), "mixed9_0": (None, 8, 8, 768),
                      "mixed9": (None, 8, 8, 2048), "mixed9_1": (None, 8, 8, 768),
                      "mixed10": (None, 8, 8, 2048)}
    assert [layer.name for layer in model.layers[-2:]] == ["avg_pool", "predictions"]
    assert model.layers[-1].weights[0].name == "predictions/kernel:0"


@pytest.mark.parametrize(("options", "layers", "params", "output"), [
    ({"include_top": False, "input_shape": (150, 150, 3)}, 311, 21802784, (None, 3, 3, 2048)),
    ({"include_top": False, "pooling": "avg"}, 312, 21802784, (None, 2048)),
    ({"include_top": False, "pooling": "max", "input_shape": (75, 80, 3)}, 312, 21802784,
     (None, 2048)),
    ({"classes": 10, "classifier_activation": None}, 313, 21823274, (None, 10)),
])
def test_without_the_top_and_other_heads(options, layers, params, output):
    model = apps.InceptionV3(weights=None, **options)
    assert (len(model.layers), model.count_params(), model.output_shape) == \
        (layers, params, output)


@pytest.mark.parametrize(("options", "kind", "message"), [
    ({"include_top": False, "input_shape": (70, 70, 3)}, ValueError,
     "Input size must be at least 75x75; Received: input_shape=(70, 70, 3)"),
    ({"weights": "imagenet", "classes": 10}, ValueError,
     'If using `weights` as `"imagenet"` with `include_top` as true, `classes` should be '
     "1000; Received classes=10"),
    ({"weights": 3}, TypeError, "Expected binary or unicode string, got 3"),
    ({"include_top": False, "input_shape": (80, 80)}, ValueError,
     "`input_shape` must be a tuple of three integers."),
    ({"weights": "imagenet", "input_shape": (100, 100, 3)}, ValueError,
     "When setting `include_top=True` and loading `imagenet` weights, `input_shape` should be "
     "(299, 299, 3).  Received: input_shape=(100, 100, 3)"),
    ({"input_shape": (None, None, 3)}, ValueError,
     "If `include_top` is True, you should specify a static `input_shape`. Received: "
     "input_shape=(None, None, 3)"),
    ({"weights": "imagenet", "include_top": False, "input_shape": (100, 100, 1)}, ValueError,
     "The input must have 3 channels; Received `input_shape=(100, 100, 1)`"),
])
def test_tfs_errors(options, kind, message):
    with pytest.raises(kind) as caught:
        apps.InceptionV3(**{"weights": None, **options})
    assert str(caught.value) == message


def test_imagenet_weights_are_not_there_and_a_warning_says_so():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = apps.InceptionV3(include_top=False, input_shape=(75, 75, 3))
    assert model.count_params() == 21802784
    assert any("no pretrained ImageNet weights" in str(w.message) for w in caught)


def test_feature_extraction_by_block_name_as_in_deepdream():
    base = apps.InceptionV3(include_top=False, weights=None)
    dream = tf.keras.Model(base.input, [base.get_layer(n).output for n in ("mixed3", "mixed5")])
    outputs = dream(tf.zeros((1, 100, 100, 3)))
    assert [tuple(o.shape) for o in outputs] == [(1, 4, 4, 768), (1, 4, 4, 768)]


def test_its_module_and_preprocessing():
    assert apps.inception_v3.InceptionV3 is apps.InceptionV3
    pixels = apps.inception_v3.preprocess_input(np.array([[0.0, 127.5, 255.0]]))
    np.testing.assert_array_equal(pixels, [[-1.0, 0.0, 1.0]])

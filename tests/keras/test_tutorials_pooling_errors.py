"""A pooling window larger than a symbolic input: TF's graph shape check, framed by the
layer (eagerly the output is just empty)."""

import pytest

import eagerbook as tf

L = tf.keras.layers


def _message(layer, shape):
    with pytest.raises(ValueError) as info:
        layer(tf.keras.Input(shape))
    return str(info.value).split("\n\n")[1]


def test_too_deep_a_stack_of_poolings():
    with pytest.raises(ValueError) as info:
        tf.keras.Sequential([L.Conv2D(2, 3, input_shape=(6, 6, 1)), L.MaxPooling2D(),
                             L.MaxPooling2D(), L.MaxPooling2D(name="pool3")])
    assert str(info.value) == (
        'Exception encountered when calling layer "pool3" (type MaxPooling2D).\n\n'
        "Negative dimension size caused by subtracting 2 from 1 for '{{node pool3/MaxPool}} = "
        'MaxPool[T=DT_FLOAT, data_format="NHWC", explicit_paddings=[], ksize=[1, 2, 2, 1], '
        'padding="VALID", strides=[1, 2, 2, 1]](Placeholder)\' with input shapes: [?,1,1,2].'
        '\n\nCall arguments received by layer "pool3" (type MaxPooling2D):\n'
        "  \u2022 inputs=tf.Tensor(shape=(None, 1, 1, 2), dtype=float32)")


def test_average_and_one_dimensional_pools():
    assert _message(L.AveragePooling2D((2, 3), strides=1, name="avg"), (4, 2, 3)) == (
        "Negative dimension size caused by subtracting 3 from 2 for '{{node avg/AvgPool}} = "
        'AvgPool[T=DT_FLOAT, data_format="NHWC", ksize=[1, 2, 3, 1], padding="VALID", '
        "strides=[1, 1, 1, 1]](Placeholder)' with input shapes: [?,4,2,3].")
    assert _message(L.MaxPooling1D(3, name="p1"), (2, 4)) == (
        "Negative dimension size caused by subtracting 3 from 2 for '{{node p1/MaxPool}} = "
        'MaxPool[T=DT_FLOAT, data_format="NHWC", explicit_paddings=[], ksize=[1, 3, 1, 1], '
        'padding="VALID", strides=[1, 3, 1, 1]](p1/ExpandDims)\' with input shapes: '
        "[?,2,1,4].")


def test_eager_and_same_padding_pools_are_not_refused():
    assert L.MaxPooling2D(3)(tf.ones((1, 2, 2, 1))).shape == (1, 0, 0, 1)
    assert L.MaxPooling2D(3, padding="same")(tf.keras.Input((2, 2, 1))).shape.as_list() == \
        [None, 1, 1, 1]

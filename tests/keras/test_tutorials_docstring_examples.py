"""What the examples in TF's layer and initializer docstrings show: MultiHeadAttention over
chosen axes, and the messages of bad initializer, lookup and dropout arguments (expected
values taken from TF 2.21 by hand)."""

import numpy as np
import pytest

import eagerbook as tf

L = tf.keras.layers
I = tf.keras.initializers


def test_attention_over_chosen_axes_matches_tf():
    x = np.random.RandomState(0).rand(2, 3, 4, 5).astype("float32")
    expected = {  # output[:5], scores[:4] and the scores' shape, from TF
        (2,): ([-0.1242, 0.21616, -0.09476, 0.20362, 0.09989],
               [0.24942, 0.25003, 0.24982, 0.25074], (2, 3, 2, 4, 4)),
        (1,): ([0.01538, 0.14974, -0.08037, 0.08503, 0.02729],
               [0.33622, 0.33544, 0.32835, 0.33596], (2, 4, 2, 3, 3)),
        None: ([-0.05614, 0.17284, -0.08245, 0.13731, 0.06053],
               [0.08375, 0.08395, 0.08388, 0.08419], (2, 2, 3, 4, 3, 4)),
    }
    for axes, (out, scores, scores_shape) in expected.items():
        layer = L.MultiHeadAttention(num_heads=2, key_dim=3, attention_axes=axes, name="m",
                                     kernel_initializer=I.GlorotUniform(seed=1))
        y, s = layer(x, x, return_attention_scores=True)
        assert y.shape == x.shape and s.shape == scores_shape
        np.testing.assert_allclose(y.numpy().ravel()[:5], out, atol=1e-5)
        np.testing.assert_allclose(s.numpy().ravel()[:4], scores, atol=1e-5)


def test_the_docstring_example_of_attention_axes():
    layer = L.MultiHeadAttention(num_heads=2, key_dim=2, attention_axes=(2, 3), name="m")
    x = tf.keras.Input(shape=[5, 3, 4, 16])
    assert layer(x, x).shape.as_list() == [None, 5, 3, 4, 16]


@pytest.mark.parametrize("make, message", [
    (lambda: I.VarianceScaling(mode="fan"),
     "Invalid `mode` argument: fan. Please use one of the {'fan_avg', 'fan_out', 'fan_in'}."),
    (lambda: I.VarianceScaling(distribution="foo"),
     "Invalid `distribution` argument: foo.Allowed distributions: {'uniform', "
     "'truncated_normal', 'untruncated_normal'}."),
    (lambda: I.Identity()(shape=(2, 2, 2)),
     "Identity matrix initializer can only be used for 2D matrices. Received: "
     "shape=(2, 2, 2) of rank 3."),
    (lambda: I.GlorotUniform()(shape=(2, 2), dtype=tf.int32),
     "Expected floating point type, got <dtype: 'int32'>."),
    (lambda: I.RandomNormal()(shape=(2,), dtype=tf.int32),
     "Expected floating point type, got <dtype: 'int32'>."),
    (lambda: I.Orthogonal()(shape=(2, 2), dtype=tf.int32),
     "Expected floating point type, got <dtype: 'int32'>."),
    (lambda: I.Zeros()(shape=(2,), dtype=tf.string),
     "Expected numeric or boolean dtype, got <dtype: 'string'>."),
    (lambda: I.get({"class_name": "Foo", "config": {}}),
     "Unknown initializer: 'Foo'. Please ensure you are using a "
     "`keras.utils.custom_object_scope` and that this object is included in the scope. See "
     "https://www.tensorflow.org/guide/keras/save_and_serialize#registering_the_custom_object "
     "for details."),
    (lambda: L.Dropout(1.5), "Invalid value 1.5 received for `rate`, expected a value "
     "between 0 and 1."),
    (lambda: L.StringLookup(vocabulary=["a", "a", "b", "c", "b"]),
     "The passed vocabulary has at least one repeated term. Please uniquify your dataset. "
     "The repeated terms are [np.str_('a'), np.str_('b')]"),
    (lambda: L.IntegerLookup(vocabulary=[1, 1]),
     "The passed vocabulary has at least one repeated term. Please uniquify your dataset. "
     "The repeated terms are [np.int64(1)]"),
    (lambda: L.TextVectorization(output_mode="bad"),
     "Unkown value for `output_mode` argument of layer TextVectorization. Allowed values "
     "are: `None`, or one of the following values: ('int', 'count', 'multi_hot', 'tf_idf'). "
     "Received: bad"),
    (lambda: L.StringLookup(output_mode="bad"),
     "Unkown value for `output_mode` argument of layer StringLookup. Allowed values are: or "
     "one of the following values: ('int', 'one_hot', 'multi_hot', 'count', 'tf_idf'). "
     "Received: bad"),
])
def test_bad_arguments_get_tf_messages(make, message):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == message


def test_a_constant_that_does_not_fill_the_shape():
    with pytest.raises(TypeError, match=r"^Eager execution of tf\.constant with unsupported "
                       r"shape\. Tensor \[1\. 2\.\] \(converted from \[1, 2\]\) has 2 "
                       r"elements, but got `shape` \(3,\) with 3 elements\)\.$"):
        I.Constant([1, 2])(shape=(3,))


def test_resizing_rounds_as_tf_resize_does():
    # the augmentation tutorial's resize-and-rescale: TF's minimum is 12.5 * (1/255) exactly
    images = tf.cast(tf.reshape(tf.range(2 * 24 * 24 * 3), (2, 24, 24, 3)) % 255, tf.float32)
    resized = L.Resizing(18, 18)(images).numpy()
    np.testing.assert_array_equal(resized, tf.image.resize(images, (18, 18)).numpy())
    assert resized.sum(dtype=np.float64) == 239886.24920749664  # TF 2.21's sum
    assert L.Resizing(7, 31)(images).numpy().sum(dtype=np.float64) == 115574.15180778503
    rescaled = L.Rescaling(1. / 255)(L.Resizing(18, 18)(images)).numpy()
    assert rescaled.min() == np.float32(0.04901962)


def test_batch_normalization_of_2d_inputs_rounds_as_tf_does():
    # the docstring's example: TF's tf.nn.batch_normalization (x * inv + shift) gives the
    # two columns different last digits
    data = tf.constant(np.arange(10).reshape(5, 2) * 10, dtype=tf.float32)
    layer = L.BatchNormalization(axis=1, name="bn")
    out = layer(data, training=True).numpy()
    assert out[3].tolist() == [0.707106351852417, 0.7071064710617065]
    assert out[4].tolist() == [1.414212703704834, 1.4142128229141235]
    assert layer(data, training=False).numpy()[0].tolist() == [-0.13340003788471222,
                                                               3.1682512760162354]
    x = np.random.RandomState(0).randn(4, 3, 5).astype("float32") * 3 + 1
    shifted = L.BatchNormalization(beta_initializer="ones", name="bn2",
                                   gamma_initializer=I.Constant(1.7))
    assert shifted(x, training=True).numpy().sum(dtype=np.float64) == 60.000000461936
    assert shifted(x, training=False).numpy().sum(dtype=np.float64) == 179.7572420835495


def test_an_unknown_activation_name():
    for make in (lambda: L.Dense(2, activation="relux"), lambda: L.Activation("relux"),
                 lambda: tf.keras.activations.get("relux")):
        with pytest.raises(ValueError) as info:
            make()
        assert str(info.value) == "Unknown activation function 'relux' cannot be deserialized."


def test_layer_normalization_off_the_last_axis_rounds_as_tf_does():
    # axis 1 of a 3-D input is not TF's fused case: x * inv + (beta - mean * inv)
    x = np.random.RandomState(0).randn(3, 4, 5).astype("float32") * 3 + 2
    out = L.LayerNormalization(axis=1, name="ln")(x).numpy()
    assert out.ravel()[:3].tolist() == [1.4855929613113403, -1.516829013824463,
                                        1.19387686252594]
    fused = L.LayerNormalization(name="ln2")(x).numpy()
    assert fused.ravel()[:3].tolist() == [0.4705440402030945, -1.5747989416122437,
                                          -0.707139790058136]


def test_the_experimental_sync_batch_normalization_warns_as_tf_does(caplog):
    with caplog.at_level("WARNING", logger="tensorflow"):
        L.experimental.SyncBatchNormalization(name="sync_bn")
    assert caplog.messages == [
        "`tf.keras.layers.experimental.SyncBatchNormalization` endpoint is deprecated and will "
        "be removed in a future release. Please use `tf.keras.layers.BatchNormalization` with "
        "parameter `synchronized` set to True."]

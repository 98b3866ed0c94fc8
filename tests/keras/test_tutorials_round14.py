"""Constructs of TF's tutorials and guides found differing from TF in round 14: a single
callback given to fit, merge layers on different batch sizes, the kernel resize methods of
Resizing/UpSampling2D/RandomHeight, and ``tf.keras.preprocessing.image.smart_resize``.
Expected values were printed by TF 2 (tf.keras)."""

import numpy as np
import pytest

import eagerbook as tf


def test_fit_takes_one_callback_alone_as_tf_does():
    # the audio-recognition tutorial passes callbacks=EarlyStopping(...) without a list
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile("sgd", "mse")
    stopper = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=1)
    history = model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=2, verbose=0,
                        callbacks=stopper)
    assert stopper.model is model
    assert len(history.history["loss"]) == 2


def test_callback_list_flattens_nested_lists():
    seen = []

    class Recorder(tf.keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            seen.append(epoch)

    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile("sgd", "mse")
    model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=1, verbose=0,
              callbacks=[[Recorder()], (Recorder(),)])
    assert seen == [0, 0]


def test_merge_layers_refuse_different_batch_sizes():
    with pytest.raises(ValueError, match=r"Cannot merge tensors with different batch sizes\. "
                                         r"Got tensors with shapes \[\(2, 5, 8\), \(1, 5, 8\)\]"):
        tf.keras.layers.Add()([tf.zeros((2, 5, 8)), tf.zeros((1, 5, 8))])
    # an unknown batch size merges with any
    a = tf.keras.Input((5, 8))
    assert tf.keras.layers.Add()([a, a]).shape.as_list() == [None, 5, 8]


def test_resizing_area_and_bicubic_as_tf():
    image = tf.reshape(tf.range(36, dtype=tf.float32), (6, 6, 1))
    area = tf.keras.layers.Resizing(3, 3, interpolation="area")(image)
    np.testing.assert_allclose(area[:, :, 0].numpy(), [[3.5, 5.5, 7.5], [15.5, 17.5, 19.5],
                                                       [27.5, 29.5, 31.5]])
    bicubic = tf.keras.layers.Resizing(3, 3, interpolation="bicubic")(image)
    np.testing.assert_allclose(bicubic[:, :, 0].numpy(),
                               [[2.882, 4.971, 7.059], [15.412, 17.5, 19.588],
                                [27.941, 30.029, 32.118]], atol=1e-3)
    assert area.dtype == tf.float32


def test_upsampling2d_kernel_methods_as_tf():
    x = np.arange(18, dtype="float32").reshape(2, 3, 3, 1)
    y = tf.keras.layers.UpSampling2D(interpolation="bicubic")(x)
    assert y.shape == (2, 6, 6, 1)
    np.testing.assert_allclose(y.numpy()[0, 0, :, 0],
                               [-0.353, -0.097, 0.445, 1.025, 1.567, 1.824], atol=1e-3)
    y = tf.keras.layers.UpSampling2D(interpolation="area")(x)
    np.testing.assert_allclose(y.numpy()[0, 0, :, 0], [0, 0, 1, 1, 2, 2])


def test_unknown_interpolation_is_tfs_not_implemented_error():
    for make in (lambda: tf.keras.layers.UpSampling2D(interpolation="foo"),
                 lambda: tf.keras.layers.RandomHeight(0.2, interpolation="foo"),
                 lambda: tf.keras.layers.Resizing(2, 2, interpolation="foo")):
        with pytest.raises(NotImplementedError,
                           match="Value not recognized for `interpolation`: foo"):
            make()
    tf.keras.layers.RandomWidth(0.2, interpolation="lanczos3")  # a TF method: accepted


def test_smart_resize_crops_to_the_aspect_ratio_then_resizes():
    images = np.arange(48, dtype="float32").reshape(1, 6, 8, 1)
    out = tf.keras.preprocessing.image.smart_resize(images, (4, 4))
    assert isinstance(out, np.ndarray) and out.shape == (1, 4, 4, 1)
    # TF: the centred 6x6 crop (columns 1..6) resized bilinearly
    np.testing.assert_allclose(out[0, :, 0, 0], [3.25, 15.25, 27.25, 39.25])
    image = tf.reshape(tf.range(60, dtype=tf.float32), (6, 10, 1))
    out = tf.keras.preprocessing.image.smart_resize(image, (3, 3), interpolation="nearest")
    assert isinstance(out, tf.Tensor)
    np.testing.assert_array_equal(out[:, :, 0].numpy(), [[13, 15, 17], [33, 35, 37],
                                                         [53, 55, 57]])


def test_smart_resize_errors_as_tf():
    with pytest.raises(ValueError, match="incorrect rank, of shape \\(2, 2\\)"):
        tf.keras.preprocessing.image.smart_resize(np.zeros((2, 2)), (4, 4))
    with pytest.raises(ValueError, match="Expected `size` to be a tuple of 2 integers"):
        tf.keras.preprocessing.image.smart_resize(np.zeros((2, 2, 1)), (4,))


def test_node_accessors_as_tf():
    layer = tf.keras.layers.Dense(3)
    with pytest.raises(RuntimeError, match="The layer dense.* has never been called and thus "
                                           "has no defined input shape."):
        layer.get_input_shape_at(0)
    a, b = tf.keras.Input((4,)), tf.keras.Input((5,))
    tf.keras.layers.Dense(3)  # another layer's calls do not count
    layer(a)
    other = tf.keras.layers.Dense(3)
    other(b)
    assert layer.get_input_shape_at(0) == (None, 4)
    assert layer.get_output_shape_at(0) == (None, 3)
    assert len(layer.inbound_nodes) == 1
    with pytest.raises(ValueError, match="Asked to get output shape at node 1, but the layer "
                                         "has only 1 inbound nodes."):
        layer.get_output_shape_at(1)
    concat = tf.keras.layers.Concatenate()
    concat([a, b])
    assert concat.get_input_shape_at(0) == [(None, 4), (None, 5)]
    assert concat.get_output_shape_at(0) == (None, 9)


def test_dense_attention_output_shape_is_the_querys():
    layer = tf.keras.layers.Attention()
    assert layer.compute_output_shape([(None, 3, 4), (None, 5, 4)]).as_list() == [None, 3, 4]
    query, value = tf.keras.Input((3, 4)), tf.keras.Input((5, 4))
    out, scores = tf.keras.layers.AdditiveAttention()([query, value],
                                                      return_attention_scores=True)
    assert out.shape.as_list() == [None, 3, 4] and scores.shape.as_list() == [None, 3, 5]


def test_bidirectional_build_builds_both_directions():
    layer = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(4))
    layer.build((None, 5, 3))
    assert layer.built and layer.count_params() == 256


def test_lookup_vocabulary_from_a_file(tmp_path):
    words = tmp_path / "vocab.txt"
    words.write_text("a\nb\nc\n")
    lookup = tf.keras.layers.StringLookup(vocabulary=str(words))
    assert lookup.get_vocabulary() == ["[UNK]", "a", "b", "c"]
    np.testing.assert_array_equal(lookup(["a", "c", "z"]).numpy(), [1, 3, 0])
    assert lookup.get_config()["vocabulary"] == str(words)  # TF keeps the path
    numbers = tmp_path / "ints.txt"
    numbers.write_text("12\n36\n")
    ints = tf.keras.layers.IntegerLookup(vocabulary=str(numbers))
    assert ints.get_vocabulary() == [-1, 12, 36]
    vectorize = tf.keras.layers.TextVectorization(vocabulary=str(words))
    np.testing.assert_array_equal(vectorize(["a b z"]).numpy(), [[2, 3, 1]])
    with pytest.raises(ValueError, match="Vocabulary file .*nope.txt does not exist."):
        tf.keras.layers.StringLookup(vocabulary=str(tmp_path / "nope.txt"))
    with pytest.raises(ValueError, match="output_mode `'tf_idf'` does not support loading a "
                                         "vocabulary from file."):
        tf.keras.layers.StringLookup(vocabulary=str(words), output_mode="tf_idf",
                                     idf_weights=[1., 1., 1.])


def test_documented_arguments_tf_accepts():
    x = np.ones((1, 3, 4), "float32")
    masked = tf.keras.layers.Lambda(lambda t: t * 2,
                                    mask=lambda t, m: tf.reduce_any(t > 0, axis=-1))(x)
    np.testing.assert_array_equal(masked._keras_mask.numpy(), [[True, True, True]])
    softmax = tf.keras.layers.Softmax(robust_masking=True)
    np.testing.assert_allclose(softmax(np.array([[1., 2., 3.]]),
                                       mask=np.array([[1., 1., 0.]])).numpy(),
                               [[0.2689, 0.7311, 0.]], atol=1e-4)
    assert softmax.get_config()["robust_masking"] is True
    tokenizer = tf.keras.preprocessing.text.Tokenizer(analyzer=lambda s: s.split("-"))
    tokenizer.fit_on_texts(["a-b", "b-c"])
    assert tokenizer.word_index == {"b": 1, "a": 2, "c": 3}
    assert tokenizer.texts_to_sequences(["c-a"]) == [[3, 2]]
    with pytest.raises(ValueError, match="`mask_zero` cannot be enabled when"):
        tf.keras.layers.Embedding(5, 2, sparse=True, mask_zero=True)
    assert "sparse" not in tf.keras.layers.Embedding(5, 2, sparse=True).get_config()
    assert tf.keras.layers.InputSpec(ndim=2, optional=True).optional


def test_bidirectional_takes_initial_states():
    x = np.ones((2, 5, 3), "float32")
    layer = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(
        4, return_state=True, kernel_initializer="ones", recurrent_initializer="ones"))
    states = [tf.ones((2, 4)) * 0.1] * 4  # forward h, c, then backward h, c
    out = layer(x, initial_state=states)
    assert len(out) == 5
    np.testing.assert_allclose([o.numpy()[0, 0] for o in out],
                               [0.999, 0.999, 5.0549, 0.999, 5.0549], atol=1e-4)
    inputs = tf.keras.Input((5, 3))
    state_inputs = [tf.keras.Input((4,)) for _ in range(2)]
    outputs = tf.keras.layers.Bidirectional(tf.keras.layers.GRU(4))(inputs,
                                                                    initial_state=state_inputs)
    assert outputs.shape.as_list() == [None, 8]
    model = tf.keras.Model([inputs] + state_inputs, outputs)
    assert model.predict([x, np.zeros((2, 4)), np.ones((2, 4))], verbose=0).shape == (2, 8)


def test_lambda_function_gets_mask_and_training_when_it_asks():
    embedded = tf.keras.layers.Embedding(5, 2, mask_zero=True)(np.array([[1, 2, 0]]))
    keep = tf.keras.layers.Lambda(
        lambda t, mask=None: t * tf.cast(mask, t.dtype)[..., None])(embedded)
    np.testing.assert_array_equal(keep.numpy()[0, :, 0] == 0, [False, False, True])
    double = tf.keras.layers.Lambda(lambda t, training=None: t * (2.0 if training else 1.0))
    x = np.ones((1, 2), "float32")
    assert double(x, training=True).numpy()[0, 0] == 2 and double(x).numpy()[0, 0] == 1
    times = tf.keras.layers.Lambda(lambda t, k: t * k, arguments={"k": 3.})
    assert times(x).numpy()[0, 0] == 3


def test_layer_masks_of_functional_calls():
    inputs = tf.keras.Input((None,), dtype="int32")
    embedding = tf.keras.layers.Embedding(10, 4, mask_zero=True)
    lstm = tf.keras.layers.LSTM(3, return_sequences=True)
    lstm(embedding(inputs))
    assert embedding.input_mask is None
    assert embedding.output_mask is not None and lstm.input_mask is not None
    assert lstm.get_input_mask_at(0).shape.as_list() == [None, None]
    assert embedding.get_output_mask_at(0).dtype == tf.bool
    with pytest.raises(AttributeError, match="is not connected, no input to return."):
        _ = tf.keras.layers.Dense(2).input_mask


def test_add_update_runs_eagerly_and_updates_is_empty():
    class Counter(tf.keras.layers.Layer):
        def build(self, input_shape):
            self.count = self.add_weight("count", shape=(), initializer="zeros",
                                         trainable=False)

        def call(self, x):
            self.add_update(self.count.assign_add(1.0))  # already run, eagerly
            self.add_update(lambda: self.count.assign_add(10.0))  # run now
            return x

    layer = Counter()
    layer(np.ones((1, 2), "float32"))
    assert layer.count.numpy() == 11.0
    with pytest.warns(UserWarning, match="`layer.updates` will be removed"):
        assert layer.updates == []

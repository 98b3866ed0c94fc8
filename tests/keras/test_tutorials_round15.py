"""Constructs of TF's tutorials and guides found differing from TF in round 15 (video
classification, the RNN and convolution layer options, the summary's options, layers holding
tf.Modules). Expected values were printed by TF 2 (tf.keras)."""

import numpy as np
import pytest

import eagerbook as tf

layers = tf.keras.layers


def _gradient_through(layer, x, traced):
    x = tf.Variable(x)

    def grad():
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(layer(x) * 1.5)
        return tape.gradient(y, x)

    return (tf.function(grad) if traced else grad)()


def test_resizing_passes_gradients_eagerly_and_in_tf_function():
    # the video-classification tutorial resizes frames in the middle of the network
    images = np.arange(2 * 4 * 4 * 1, dtype=np.float32).reshape(2, 4, 4, 1)
    for traced in (False, True):
        grad = _gradient_through(layers.Resizing(2, 2), images, traced)
        assert grad is not None
        # each output pixel blends the centre 2x2 block of its 2x2 input patch equally
        np.testing.assert_allclose(grad.numpy(), np.full((2, 4, 4, 1), 0.375))


def test_resizing_values_and_dtype_are_tf_image_resize_ones():
    images = np.arange(36, dtype=np.uint8).reshape(1, 6, 6, 1)
    out = layers.Resizing(4, 3)(images)
    assert out.dtype == tf.float32
    expected = tf.image.resize(tf.cast(images, tf.float32), [4, 3])
    np.testing.assert_array_equal(out.numpy(), expected.numpy())
    nearest = layers.Resizing(3, 3, interpolation="nearest")(images[0])
    assert nearest.shape == (3, 3, 1)
    np.testing.assert_array_equal(nearest.numpy()[:, :, 0], [[7, 9, 11], [19, 21, 23],
                                                             [31, 33, 35]])
    np.testing.assert_array_equal(out.numpy()[0, :, :, 0], [[2, 4, 6], [11, 13, 15],
                                                            [20, 22, 24], [29, 31, 33]])


def test_model_with_resizing_between_layers_trains_every_weight():
    inputs = layers.Input(shape=(3, 8, 8, 2))
    x = layers.Conv3D(2, 3, padding="same")(inputs)

    class ResizeVideo(layers.Layer):
        def __init__(self, height, width):
            super().__init__()
            self.height, self.width = height, width
            self.resizing_layer = layers.Resizing(height, width)

        def call(self, video):
            old_shape = tf.shape(video)
            images = tf.reshape(video, [-1, old_shape[2], old_shape[3], old_shape[4]])
            images = self.resizing_layer(images)
            return tf.reshape(images, [old_shape[0], old_shape[1], self.height, self.width,
                                       old_shape[4]])

    x = ResizeVideo(4, 4)(x)
    model = tf.keras.Model(inputs, layers.Dense(1)(layers.Flatten()(x)))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones((2, 3, 8, 8, 2))))
    grads = tape.gradient(loss, model.trainable_weights)
    assert all(g is not None for g in grads)


def test_dense_casts_floats_itself_when_autocast_is_off():
    layer = layers.Dense(2, autocast=False)
    out = layer(tf.ones((1, 3), dtype=tf.float64))
    assert out.dtype == tf.float32 and layer.kernel.dtype == tf.float32


def test_text_vectorization_takes_a_string_lookup_name():
    tf.keras.backend.clear_session()
    names = [layers.TextVectorization().name, layers.StringLookup().name,
             layers.TextVectorization().name, layers.StringLookup().name]
    assert names == ["text_vectorization", "string_lookup_1", "text_vectorization_1",
                     "string_lookup_3"]


def test_causal_padding_only_for_one_dimensional_convolutions():
    for make in (lambda: layers.Conv2D(2, 3, padding="causal"),
                 lambda: layers.Conv3D(2, 3, padding="causal"),
                 lambda: layers.SeparableConv2D(2, 3, padding="causal"),
                 lambda: layers.Conv2DTranspose(2, 3, padding="causal")):
        with pytest.raises(ValueError, match=r"^Causal padding is only supported for "
                                             r"`Conv1D`and `SeparableConv1D`\.$"):
            make()
    assert layers.SeparableConv1D(2, 3, padding="causal").padding == "causal"


def test_a_layer_tracks_the_variables_of_a_tf_module_it_holds():
    class SimpleModule(tf.Module):
        def __init__(self):
            super().__init__(name="simple")
            self.a_variable = tf.Variable(5.0, name="train_me")
            self.frozen = tf.Variable(5.0, trainable=False, name="do_not_train_me")

        def __call__(self, x):
            return self.a_variable * x + self.frozen

    class Wrapper(layers.Layer):
        def __init__(self):
            super().__init__()
            self.mod = SimpleModule()

        def call(self, x):
            return self.mod(x)

    wrapper = Wrapper()
    assert float(wrapper(tf.constant(1.0))) == 10.0
    assert [v.name for v in wrapper.trainable_variables] == ["train_me:0"]
    assert [v.name for v in wrapper.non_trainable_variables] == ["do_not_train_me:0"]


def test_functional_call_of_a_positional_embedding_shorter_than_the_stand_in_steps():
    # the English-to-Spanish transformer example embeds tf.range(steps) in 6 positions; TF
    # traces the call without values, so unknown steps never overflow the embedding
    class PositionalEmbedding(layers.Layer):
        def __init__(self, sequence_length, vocab_size, embed_dim):
            super().__init__()
            self.token_embeddings = layers.Embedding(vocab_size, embed_dim)
            self.position_embeddings = layers.Embedding(sequence_length, embed_dim)

        def call(self, inputs):
            positions = tf.range(start=0, limit=tf.shape(inputs)[-1], delta=1)
            return self.token_embeddings(inputs) + self.position_embeddings(positions)

    inputs = tf.keras.Input(shape=(None,), dtype="int64")
    outputs = PositionalEmbedding(6, 30, 4)(inputs)
    assert outputs.shape.as_list() == [None, None, 4]
    model = tf.keras.Model(inputs, outputs)
    assert model(np.ones((2, 6), np.int64)).shape == (2, 6, 4)


def test_functional_call_still_reports_a_real_error_of_the_layer():
    # TF traces the call on placeholders: a size known only at run time raises nothing there
    # (the out-of-range gather fails when the model runs), a shape error raises at once.
    class OutOfRange(layers.Layer):
        def call(self, inputs):
            return tf.gather(tf.zeros((3,)), tf.range(tf.shape(inputs)[-1]) + 5)

    assert OutOfRange()(tf.keras.Input(shape=(None,))).shape.as_list() == [None]

    class Broken(layers.Layer):
        def call(self, inputs):
            return tf.matmul(inputs, tf.zeros((4, 2)))

    with pytest.raises(ValueError, match=r"Dimensions must be equal, but are 3 and 4"):
        Broken()(tf.keras.Input(shape=(3,)))


def test_time_major_recurrent_layers_read_and_return_time_first():
    x = np.random.RandomState(0).normal(size=(5, 3, 2)).astype("float32")  # (time, batch, .)
    for cls in (layers.LSTM, layers.GRU, layers.SimpleRNN):
        time_major = cls(4, time_major=True, return_sequences=True, return_state=True)
        batch_major = cls(4, return_sequences=True, return_state=True)
        outs = time_major(x)
        batch_major(np.transpose(x, (1, 0, 2)))
        batch_major.set_weights(time_major.get_weights())
        expected = batch_major(np.transpose(x, (1, 0, 2)))
        assert outs[0].shape == (5, 3, 4)
        np.testing.assert_allclose(outs[0].numpy(), np.transpose(expected[0].numpy(),
                                                                 (1, 0, 2)), atol=1e-6)
        for state, other in zip(outs[1:], expected[1:]):
            assert state.shape == (3, 4)
            np.testing.assert_allclose(state.numpy(), other.numpy(), atol=1e-6)
        config = time_major.get_config()
        assert config["time_major"] is True and cls.from_config(config).time_major
    inputs = tf.keras.Input(shape=(3, 2))
    assert layers.LSTM(4, time_major=True, return_sequences=True)(inputs).shape.as_list() == \
        [None, 3, 4]
    assert layers.LSTM(4, time_major=True)(inputs).shape.as_list() == [3, 4]


def test_grouped_convolution_sees_each_group_of_channels_alone():
    x = np.random.RandomState(1).normal(size=(2, 5, 5, 4)).astype("float32")
    conv = layers.Conv2D(6, 3, groups=2)
    y = conv(x)
    assert conv.kernel.shape == (3, 3, 2, 6) and y.shape == (2, 3, 3, 6)
    kernel, bias = conv.get_weights()
    for g in range(2):  # each group: a plain convolution of its channels with its filters
        plain = layers.Conv2D(3, 3)
        plain.build((None, 5, 5, 2))
        plain.set_weights([kernel[..., 3 * g:3 * g + 3], bias[3 * g:3 * g + 3]])
        np.testing.assert_allclose(y.numpy()[..., 3 * g:3 * g + 3],
                                   plain(x[..., 2 * g:2 * g + 2]).numpy(), atol=1e-5)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(conv(x))
    assert tape.gradient(loss, conv.kernel).shape == (3, 3, 2, 6)
    assert layers.Conv1D(4, 2, groups=2)(tf.ones((1, 5, 6))).shape == (1, 4, 4)
    assert layers.Conv3D(4, 2, groups=4)(tf.ones((1, 3, 3, 3, 8))).shape == (1, 2, 2, 2, 4)
    assert conv.get_config()["groups"] == 2


def test_grouped_convolution_errors_are_tfs():
    with pytest.raises(ValueError, match=r"^The number of filters must be evenly divisible by "
                                         r"the number of groups\. Received: groups=4, "
                                         r"filters=6$"):
        layers.Conv2D(6, 3, groups=4)
    with pytest.raises(ValueError, match=r"^The number of input channels must be evenly "
                                         r"divisible by the number of groups\. Received "
                                         r"groups=4, but the input has 9 channels \(full "
                                         r"input shape is \(None, 8, 8, 9\)\)\.$"):
        layers.Conv2D(8, 3, groups=4)(tf.keras.Input((8, 8, 9)))


def test_dense_activation_set_to_none_after_construction_means_linear():
    # Grad-CAM recipes drop the softmax of the last layer this way
    inputs = tf.keras.Input(shape=(4,))
    model = tf.keras.Model(inputs, layers.Dense(3, activation="softmax")(inputs))
    model.layers[-1].activation = None
    x = np.ones((1, 4), np.float32)
    kernel, bias = model.layers[-1].get_weights()
    np.testing.assert_allclose(model(x).numpy(), x @ kernel + bias, atol=1e-6)


def test_lookup_layers_called_before_a_vocabulary_raise_tfs_errors():
    for layer, data in ((layers.StringLookup(), tf.constant(["a"])),
                        (layers.IntegerLookup(), tf.constant([1])),
                        (layers.TextVectorization(), tf.constant(["a b"]))):
        with pytest.raises(tf.errors.FailedPreconditionError, match="Table not initialized"):
            layer(data)
    with pytest.raises(RuntimeError, match=r"When using `output_mode=multi_hot` and "
                                           r"`pad_to_max_tokens=False`, you must set the "
                                           r"layer's vocabulary before calling it\."):
        layers.StringLookup(output_mode="multi_hot")(tf.constant([["a"]]))


def test_normalization_needs_mean_and_variance_together_in_tfs_words():
    with pytest.raises(ValueError, match=r"^When setting values directly, both `mean` and "
                                         r"`variance` must be set\. Got mean: \[1\.0\] and "
                                         r"variance: None$"):
        layers.Normalization(mean=[1.0])


def test_recurrent_layers_run_over_steps_known_only_when_the_function_runs():
    # a tf.function traced for any sequence length (input_signature with None steps), as
    # the text-generation and translation tutorials export their models
    x = np.random.RandomState(0).normal(size=(2, 5, 3)).astype("float32")
    mask = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool)
    spec = [tf.TensorSpec([None, None, 3]), tf.TensorSpec([None, None], tf.bool)]
    for cls in (layers.LSTM, layers.GRU, layers.SimpleRNN):
        for options in ({}, {"return_sequences": True}, {"return_state": True},
                        {"go_backwards": True, "return_sequences": True}):
            layer = cls(4, **options)
            traced = tf.function(lambda v, m, layer=layer: layer(v, mask=m),
                                 input_signature=spec)
            for eager, out in zip(tf.nest.flatten(layer(x, mask=mask)),
                                  tf.nest.flatten(traced(x, mask))):
                np.testing.assert_allclose(out.numpy(), eager.numpy(), atol=1e-5)
            assert tf.nest.flatten(traced(x[:, :2], mask[:, :2]))[0].shape[0] == 2


def test_gradients_through_a_recurrent_model_over_unknown_steps_equal_eager_ones():
    model = tf.keras.Sequential([layers.Embedding(20, 4, mask_zero=True),
                                 layers.Bidirectional(layers.LSTM(3, return_sequences=True)),
                                 layers.GRU(2), layers.Dense(1)])
    ids = np.array([[3, 4, 5, 0, 0], [1, 2, 3, 4, 5]])

    def grads(v):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(model(v, training=True))
        return tape.gradient(loss, model.trainable_variables)

    eager = grads(ids)
    traced = tf.function(grads, input_signature=[tf.TensorSpec([None, None], tf.int64)])(ids)
    assert len(traced) == len(eager) == 12
    for a, b in zip(eager, traced):
        np.testing.assert_allclose(tf.convert_to_tensor(b).numpy(),
                                   tf.convert_to_tensor(a).numpy(), atol=1e-5)


def test_ragged_text_vectorization_maps_over_a_dataset():
    # the translation tutorial: ragged token rows, shifted by one, padded per batch
    processor = layers.TextVectorization(ragged=True)
    processor.adapt(["a b c", "b c", "c d e f"])

    def process_text(context, target):
        context = processor(context).to_tensor()
        target = processor(target)
        return (context, target[:, :-1].to_tensor()), target[:, 1:].to_tensor()

    texts = np.array(["a b c", "b", "c d e f", "a"])
    ds = tf.data.Dataset.from_tensor_slices((texts, texts)).batch(2).map(process_text)
    batches = list(ds.as_numpy_iterator())
    (context, target_in), target_out = batches[1]
    rows = processor(texts[2:]).to_list()
    assert context.tolist() == [rows[0], rows[1] + [0, 0, 0]]
    assert target_in.tolist() == [rows[0][:-1], [0, 0, 0]]
    assert target_out.tolist() == [rows[0][1:], [0, 0, 0]]


def test_traced_ragged_rows_slice_with_negative_bounds():
    ragged = tf.ragged.constant([[1, 2, 3], [4], [], [5, 6, 7, 8]], dtype=tf.int64)
    keys = [slice(None, -1), slice(-2, None), slice(1, -1), slice(-5, 10), slice(2, 1)]
    spec = [tf.TensorSpec([None], tf.int64)] * 2

    @tf.function(input_signature=spec)
    def sliced(values, splits):
        rows = tf.RaggedTensor.from_row_splits(values, splits)
        return [rows[:, key].to_tensor() for key in keys]

    for key, out in zip(keys, sliced(ragged.flat_values, ragged.row_splits)):
        assert out.numpy().tolist() == ragged[:, key].to_tensor().numpy().tolist()


def test_text_generation_one_step_runs_as_a_tf_function():
    # the text-generation tutorial's OneStep: characters split and looked up inside the
    # function, a GRU over however many of them, Dense over (None, None, units)
    vocab = list("abc")
    ids_from_chars = layers.StringLookup(vocabulary=vocab, mask_token=None)
    chars_from_ids = layers.StringLookup(vocabulary=ids_from_chars.get_vocabulary(),
                                         invert=True, mask_token=None)
    embedding, gru = layers.Embedding(4, 3), layers.GRU(5, return_sequences=True,
                                                          return_state=True)
    dense = layers.Dense(4)

    @tf.function
    def generate_one_step(inputs, states=None):
        input_chars = tf.strings.unicode_split(inputs, "UTF-8")
        input_ids = ids_from_chars(input_chars).to_tensor()
        x = embedding(input_ids)
        if states is None:
            states = gru.get_initial_state(x)
        x, states = gru(x, initial_state=states)
        logits = dense(x)[:, -1, :]
        predicted = tf.squeeze(tf.random.categorical(logits, num_samples=1), axis=-1)
        return chars_from_ids(predicted), states

    next_char, states = generate_one_step(tf.constant(["abcab", "ca"]))
    assert next_char.shape == (2,) and next_char.dtype == tf.string
    assert states.shape == (2, 5)
    next_char, states = generate_one_step(next_char, states=states)
    assert set(next_char.numpy().tolist()) <= {b"a", b"b", b"c", b"[UNK]"}


def test_traced_unicode_split_gives_the_characters():
    split = tf.function(lambda x: tf.strings.unicode_split(x, "UTF-8"))
    assert split(tf.constant(["ab", "c\u00e9", ""])).to_list() == [
        [b"a", b"b"], [b"c", "\u00e9".encode()], []]


def test_random_draws_with_a_batch_size_known_only_when_the_function_runs():
    # a VAE's Sampling layer (tf.shape(z_mean)[0]) and a GAN's latent vectors in a
    # custom tf.function training step
    @tf.function
    def draws(x):
        batch = tf.shape(x)[0]
        normal = tf.random.normal((batch, 3), mean=2.0, stddev=0.5)
        uniform = tf.random.uniform([batch, 2], minval=-1.0, maxval=1.0)
        truncated = tf.random.truncated_normal(tf.shape(x))
        assert normal.shape.as_list() == [None, 3] and uniform.shape.as_list() == [None, 2]
        return normal, uniform, truncated

    normal, uniform, truncated = draws(tf.ones((4, 5)))
    assert normal.shape == (4, 3) and uniform.shape == (4, 2) and truncated.shape == (4, 5)
    assert -1.0 <= float(tf.reduce_min(uniform)) and float(tf.reduce_max(uniform)) < 1.0
    assert float(tf.reduce_max(tf.abs(truncated))) <= 2.0
    assert not np.allclose(normal.numpy(), draws(tf.ones((4, 5)))[0].numpy())
    mean = tf.Variable(1.0)

    @tf.function
    def gradient(x):
        with tf.GradientTape() as tape:
            total = tf.reduce_sum(tf.random.normal((tf.shape(x)[0], 2), mean=mean))
        return tape.gradient(total, mean)

    assert float(gradient(tf.ones((3,)))) == 6.0


def test_transposed_convolutions_with_a_batch_known_only_when_the_function_runs():
    # a GAN generator called in a tf.function on a batch of tf.shape(images)[0] latents
    for layer, shape in ((layers.Conv2DTranspose(3, 4, strides=2, padding="same"),
                          (3, 7, 7, 4)),
                         (layers.Conv1DTranspose(2, 3, strides=2), (3, 7, 4)),
                         (layers.Conv3DTranspose(2, 3, strides=2, padding="same"),
                          (3, 4, 5, 5, 2))):
        x = np.random.RandomState(0).normal(size=shape).astype("float32")
        eager = layer(x)
        traced = tf.function(lambda v, layer=layer: layer(v),
                             input_signature=[tf.TensorSpec([None] + list(shape[1:]))])
        np.testing.assert_allclose(traced(x).numpy(), eager.numpy(), atol=1e-5)
        np.testing.assert_allclose(traced(x[:2]).numpy(), eager.numpy()[:2], atol=1e-5)


def test_set_weights_of_the_wrong_count_shows_the_start_of_the_weights_given():
    layer = layers.Dense(2)
    layer.build((None, 3))
    with pytest.raises(ValueError) as info:
        layer.set_weights([np.ones((3, 2))])
    assert str(info.value).endswith(
        "but the layer was expecting 2 weights. Provided weights: "
        "[array([[1., 1.],\n       [1., 1.],\n       [1., 1.]...")
    with pytest.raises(ValueError, match=r"Provided weights: \[\]\.\.\.$"):
        layer.set_weights([])


def test_input_spec_config_round_trips():
    assert layers.InputSpec(min_ndim=3).get_config() == {
        "dtype": None, "shape": None, "ndim": None, "max_ndim": None, "min_ndim": 3, "axes": {}}
    spec = layers.InputSpec.from_config(layers.InputSpec(shape=(None, 3), dtype="float32",
                                                         axes={-1: 3}).get_config())
    assert spec.get_config() == {"dtype": "float32", "shape": (None, 3), "ndim": 2,
                                 "max_ndim": None, "min_ndim": None, "axes": {-1: 3}}


def test_dropout_with_a_batch_known_only_when_the_function_runs():
    dropout = layers.Dropout(0.5)
    traced = tf.function(lambda v: dropout(v, training=True),
                         input_signature=[tf.TensorSpec([None, 3])])
    out = traced(tf.ones((4, 3))).numpy()
    assert out.shape == (4, 3) and set(np.unique(out).tolist()) <= {0.0, 2.0}
    lstm = layers.LSTM(4, dropout=0.3, recurrent_dropout=0.3)
    run = tf.function(lambda v: lstm(v, training=True),
                      input_signature=[tf.TensorSpec([None, None, 3])])
    assert run(tf.ones((2, 5, 3))).shape == (2, 4)

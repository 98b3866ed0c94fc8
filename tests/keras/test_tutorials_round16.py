"""Round 16 of the tutorial programs: a layer's call on KerasTensors is traced on placeholders
(TF's shapes, prints and errors), the summary's 'Connected to' column as Keras decides it,
`training`/`mask` passed by position in a functional call. Values compared with TF 2.21 by hand.
"""

import contextlib
import io

import numpy as np
import pytest

import eagerbook as tf

layers = tf.keras.layers


class FlattenBatchFirst(layers.Layer):
    def call(self, x):
        return tf.reshape(x, [tf.shape(x)[0], -1])


class SplitHeads(layers.Layer):  # the Transformer tutorial's split_heads
    def call(self, x):
        batch_size = tf.shape(x)[0]
        x = tf.reshape(x, (batch_size, -1, 4, 8))
        return tf.transpose(x, perm=[0, 2, 1, 3])


class MergeSpatial(layers.Layer):
    def call(self, x):
        s = tf.shape(x)
        return tf.reshape(x, [s[0], s[1] * s[2], s[3]])


def test_a_reshape_beside_a_run_time_size_leaves_its_minus_one_unknown():
    # TF's shape inference cannot fill a -1 when another entry is known only at run time.
    assert FlattenBatchFirst()(tf.keras.Input(shape=(8, 8, 3))).shape.as_list() == [None, None]
    assert SplitHeads()(tf.keras.Input(shape=(10, 32))).shape.as_list() == [None, 4, None, 8]
    model = tf.keras.Sequential([tf.keras.Input(shape=(8, 8, 3)), FlattenBatchFirst()])
    assert model.output_shape == (None, None)
    assert model(np.zeros((2, 8, 8, 3), np.float32)).shape == (2, 192)


def test_shape_arithmetic_of_known_sizes_is_still_known():
    # s[1] * s[2] of a (None, 4, 5, 3) input is 20 in TF's trace (constant folding).
    assert MergeSpatial()(tf.keras.Input(shape=(4, 5, 3))).shape.as_list() == [None, 20, 3]

    @tf.function
    def merge(x):
        s = tf.shape(x)
        return tf.reshape(x, [-1, s[1] * 4 + s[2] * 0, s[3] // 3])

    spec = tf.TensorSpec([None, 8, 8, 3])
    assert merge.get_concrete_function(spec).output_shapes.as_list() == [None, 32, 1]


def test_op_layers_with_a_computed_shape_follow_tf():
    inputs = tf.keras.Input(shape=(6, 4))
    assert tf.reshape(inputs, tf.stack([tf.shape(inputs)[0], -1])).shape.as_list() == \
        [None, None]
    assert tf.reshape(inputs, [-1, tf.shape(inputs)[1] * 4]).shape.as_list() == [None, 24]
    assert tf.reshape(inputs, [-1, 3, 8]).shape.as_list() == [None, 3, 8]


def test_a_call_on_keras_tensors_sees_symbolic_tensors_and_prints_once():
    class Shout(layers.Layer):
        def call(self, x):
            print("traced with", x.shape, type(x).__name__)
            return x + 1

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        Shout()(tf.keras.Input(shape=(None, 3)))
    assert printed.getvalue() == "traced with (None, None, 3) SymbolicTensor\n"


def test_a_reduction_over_the_batch_keeps_no_batch_axis():
    class SumOverBatch(layers.Layer):
        def call(self, x):
            return tf.reduce_sum(x, axis=0)

    assert SumOverBatch()(tf.keras.Input(shape=(3,))).shape.as_list() == [3]


def test_an_untraceable_call_still_gets_its_shapes():
    class NeedsValues(layers.Layer):  # Python control flow on a tensor
        def call(self, x):
            if tf.reduce_sum(x) >= 0:
                return x * 2
            return x

    assert NeedsValues()(tf.keras.Input(shape=(3,))).shape.as_list() == [None, 3]


def test_add_loss_inside_call_keeps_working_in_a_functional_model():
    class ActivityLoss(layers.Layer):
        def call(self, x):
            self.add_loss(tf.reduce_sum(x))
            return x * 2

    inputs = tf.keras.Input((2,))
    model = tf.keras.Model(inputs, ActivityLoss()(inputs))
    assert len(model.losses) == 1
    model(tf.ones((1, 2)))
    assert [float(v) for v in model.losses] == [2.0]


def test_training_and_mask_passed_by_position():
    class Block(layers.Layer):
        def __init__(self):
            super().__init__()
            self.dropout = layers.Dropout(0.1)

        def call(self, x, training, mask):
            return self.dropout(x, training=training)

    out = Block()(tf.keras.Input(shape=(10, 32)), False, None)
    assert out.shape.as_list() == [None, 10, 32]


def _summary_text(model):
    lines = []
    model.summary(print_fn=lines.append)
    return "\n".join(lines)


def test_summary_of_a_chain_with_two_outputs_has_no_connections_column():
    # DeepDream's model: the outputs of two layers of one chain (one call at every depth).
    inputs = tf.keras.Input(shape=(None, None, 3))
    x = layers.Conv2D(4, 3, name="mixed0")(inputs)
    first = layers.Conv2D(4, 3, name="mixed1")(x)
    second = layers.Conv2D(4, 3, name="mixed2")(first)
    text = _summary_text(tf.keras.Model(inputs, [first, second]))
    assert "Connected to" not in text


def test_summary_of_branches_or_a_shared_layer_lists_connections():
    inputs = tf.keras.Input(shape=(4,))
    heads = [layers.Dense(1, name="a")(inputs), layers.Dense(1, name="b")(inputs)]
    assert "Connected to" in _summary_text(tf.keras.Model(inputs, heads))
    shared = layers.Dense(4, name="shared")
    chain = tf.keras.Model(inputs, shared(shared(inputs)))
    assert "Connected to" in _summary_text(chain)


@pytest.mark.parametrize("shape", [(3,), (None, 3)])
def test_numpy_function_in_a_call_has_an_unknown_shape(shape):
    class ThroughNumpy(layers.Layer):
        def call(self, x):
            return tf.numpy_function(lambda a: a * 2, [x], tf.float32)

    assert ThroughNumpy()(tf.keras.Input(shape)).shape.rank is None


# --- ragged sequences through Keras layers (the ragged tensor guide's Keras model) ------------
def test_embedding_and_dense_keep_ragged_rows():
    ids = tf.ragged.constant([[1, 2, 3], [4], [5, 6]])
    out = layers.Embedding(10, 2, embeddings_initializer="ones")(ids)
    assert isinstance(out, tf.RaggedTensor)
    assert out.shape.as_list() == [3, None, 2]
    assert out.row_lengths().numpy().tolist() == [3, 1, 2]
    steps = tf.ragged.constant([[[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.0]]], ragged_rank=1)
    dense = layers.Dense(3, kernel_initializer="ones")(steps)
    assert dense.to_list() == [[[3.0] * 3], [[7.0] * 3, [11.0] * 3]]


def test_ragged_to_tensor_with_uniform_inner_axes():
    # Outside this area (ops/ragged_ops.py): the dense shape stops at the ragged axes.
    rt = tf.RaggedTensor.from_row_lengths(tf.reshape(tf.range(8.0), (4, 2)), [3, 1])
    assert rt.to_tensor().numpy().tolist() == [[[0, 1], [2, 3], [4, 5]],
                                               [[6, 7], [0, 0], [0, 0]]]


def test_lstm_reads_ragged_sequences_as_padded_and_masked():
    tf.random.set_seed(0)
    lstm = layers.LSTM(3, return_sequences=True)
    ragged = tf.ragged.constant([[[1.0], [2.0], [3.0]], [[4.0]]], ragged_rank=1)
    out = lstm(ragged)
    assert isinstance(out, tf.RaggedTensor)
    assert out.row_lengths().numpy().tolist() == [3, 1]
    padded = tf.constant([[[1.0], [2.0], [3.0]], [[4.0], [0.0], [0.0]]])
    mask = tf.constant([[True, True, True], [True, False, False]])
    expected = lstm(padded, mask=mask)
    np.testing.assert_allclose(out.flat_values.numpy(),
                               np.concatenate([expected[0].numpy(), expected[1, :1].numpy()]),
                               atol=1e-6)
    last = layers.LSTM(3)
    last(padded)
    last.set_weights(lstm.get_weights())
    np.testing.assert_allclose(last(ragged).numpy(), last(padded, mask=mask).numpy(), atol=1e-6)


def test_ragged_guide_keras_model_trains_its_embedding():
    words = tf.strings.split(tf.constant(["What makes you think", "A newt?"]), " ")
    hashed = tf.strings.to_hash_bucket_fast(words, 100)
    model = tf.keras.Sequential([
        tf.keras.layers.Input(shape=[None], dtype=tf.int64, ragged=True),
        layers.Embedding(100, 4),
        layers.LSTM(8, use_bias=False),
        layers.Dense(1)])
    model.compile(loss="binary_crossentropy", optimizer="rmsprop")
    before = model.layers[0].embeddings.numpy().copy()
    model.fit(hashed, tf.constant([True, False]), epochs=1, verbose=0)
    assert not np.allclose(before, model.layers[0].embeddings.numpy())
    assert model.predict(hashed, verbose=0).shape == (2, 1)
    assert model.output_shape == (None, 1)


def test_summary_of_a_subclassed_model_shows_its_nested_models_output_shapes():
    # The autoencoder tutorials: Sequential encoder/decoder held by a subclassed model.
    encoder = tf.keras.Sequential([tf.keras.Input(shape=(12, 12, 1)),
                                   layers.Conv2D(4, 3, strides=2, padding="same")])
    decoder = tf.keras.Sequential([layers.Conv2DTranspose(4, 3, strides=2, padding="same"),
                                   layers.Conv2D(1, 3, padding="same")])

    class Autoencoder(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.encoder, self.decoder = encoder, decoder
            self.unused = tf.keras.Sequential([layers.Dense(3)])
            self.head = layers.Dense(2)

        def call(self, x):
            return self.head(self.decoder(self.encoder(x)))

    model = Autoencoder()
    model(tf.zeros((2, 12, 12, 1)))
    rows = {line.split()[0]: line for line in _summary_text(model).splitlines()
            if line.startswith(("sequential", "dense"))}
    assert "(None, 6, 6, 4)" in rows[encoder.name]
    assert "(2, 12, 12, 1)" in rows[decoder.name]  # TF keeps the first call's batch size
    assert "multiple" in rows[model.unused.name] and "multiple" in rows[model.head.name]


def test_model_build_traces_call_on_placeholders():
    # `model.build((None, 3))` of a subclassed model: call sees the unknown batch, as in TF,
    # and a Sequential inside keeps it (the SNGP tutorial's summary).
    class WithHead(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.head = tf.keras.Sequential([layers.Dense(4), layers.Dense(2)])

        def call(self, x):
            print("call sees", x.shape)
            return self.head(x)

    model = WithHead()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        model.build((None, 3))
    assert printed.getvalue() == "call sees (None, 3)\n"
    assert model.built and model.head.output_shape == (None, 2)
    assert "(None, 2)" in _summary_text(model)
    assert model(tf.ones((5, 3))).shape == (5, 2)


def test_model_build_of_a_call_the_trace_cannot_take_runs_it_on_zeros():
    class Branchy(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = layers.Dense(2)

        def call(self, x):
            if tf.reduce_sum(x) > 0:  # needs a value
                return self.dense(x)
            return self.dense(x) * 0

    model = Branchy()
    model.build((None, 3))
    assert [v.shape.as_list() for v in model.weights] == [[3, 2], [2]]


def test_model_build_refuses_a_shape_of_another_type():
    class Identity(tf.keras.Model):
        def call(self, x):
            return x

    with pytest.raises(ValueError, match=r"Specified input shape is not one of the valid "
                                         r"types\. .* User provided input type: <class 'int'>\."):
        Identity().build(3)


def test_summary_row_of_a_nested_sequential_is_its_own_relaxed_graph():
    # The data augmentation tutorial: the augmentation Sequential was first called on 8x8
    # images, then the model calls it on 4x4 ones; TF shows its graph, relaxed to None.
    augmentation = tf.keras.Sequential([layers.RandomFlip("horizontal"),
                                        layers.RandomRotation(0.2)])
    augmentation(np.zeros((1, 8, 8, 3), np.float32))
    model = tf.keras.Sequential([layers.Resizing(4, 4), augmentation,
                                 layers.Conv2D(2, 3, padding="same")])
    model.build((None, 8, 8, 3))
    rows = {line.split()[0]: line for line in _summary_text(model).splitlines()
            if line.startswith(("sequential", "conv2d"))}
    assert "(None, None, None, 3)" in rows[augmentation.name]
    assert "(None, 4, 4, 2)" in rows[model.layers[-1].name]


def test_multi_head_attention_takes_its_mask_by_position():
    # mha(x, x, x, mask): query, value, key, attention_mask, as call's signature orders them.
    mha = layers.MultiHeadAttention(num_heads=1, key_dim=2, kernel_initializer="ones")
    x = tf.reshape(tf.range(12, dtype=tf.float32) / 10.0, (1, 3, 4))
    mask = tf.constant([[[True, False, False], [True, True, False], [True, True, True]]])
    by_position = mha(x, x, x, mask)
    by_keyword = mha(x, x, key=x, attention_mask=mask)
    np.testing.assert_allclose(by_position.numpy(), by_keyword.numpy())
    assert not np.allclose(by_position.numpy(), mha(x, x, x).numpy())


# --- a training step traced for batches of sequences of any length (input_signature None, None)
@pytest.mark.parametrize("loss_of", [
    lambda y, z: tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(y, z),
    lambda y, z: tf.keras.losses.CategoricalCrossentropy()(tf.one_hot(y, 5), tf.nn.softmax(z)),
    lambda y, z: tf.reduce_sum(tf.reduce_logsumexp(z, axis=-1)),
], ids=["sparse_from_logits", "categorical_probabilities", "logsumexp"])
def test_sequence_losses_have_gradients_when_traced_with_unknown_lengths(loss_of):
    # Outside this area: the gradients of a reduction and of the fused cross-entropy, and the
    # logsumexp result, give back their reduced axes without a reshape when several sizes are
    # unknown (the Transformer tutorial's train_step).
    w = tf.Variable(tf.reshape(tf.range(20, dtype=tf.float32) / 20.0, (4, 5)))

    def gradient(x, y):
        with tf.GradientTape() as tape:
            loss = loss_of(y, tf.einsum("bti,io->bto", x, w))
        return tape.gradient(loss, w)

    traced = tf.function(gradient, input_signature=[tf.TensorSpec((None, None, 4)),
                                                    tf.TensorSpec((None, None), tf.int64)])
    x = tf.reshape(tf.range(24, dtype=tf.float32) / 24.0, (2, 3, 4))
    y = tf.constant([[0, 1, 2], [3, 4, 0]], tf.int64)
    np.testing.assert_allclose(traced(x, y).numpy(), gradient(x, y).numpy(), rtol=1e-5,
                               atol=1e-6)


def test_multi_head_attention_softmax_and_dropout_are_layers_made_at_build():
    # As TF: they take their names when the layer is built, after the projections, and a mask
    # of the wrong shape fails in the Softmax layer (whose frame the error carries).
    tf.keras.backend.clear_session()
    mha = layers.MultiHeadAttention(num_heads=2, key_dim=2)
    assert (layers.Softmax().name, layers.Dropout(0.1).name) == ("softmax", "dropout")
    mha(tf.zeros((1, 3, 4)), tf.zeros((1, 3, 4)))
    assert (layers.Softmax().name, layers.Dropout(0.1).name) == ("softmax_2", "dropout_2")
    assert [type(x).__name__ for x in mha._flatten_layers(include_self=False)] == \
        ["EinsumDense"] * 3 + ["Softmax", "Dropout", "EinsumDense"]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"calling layer 'softmax_1' \(type Softmax\)"):
        mha(tf.zeros((1, 3, 4)), tf.zeros((1, 3, 4)), attention_mask=tf.ones((1, 2, 3)))

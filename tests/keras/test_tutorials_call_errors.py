"""Errors raised inside a layer's call name the layer and its call arguments, as TF's Keras
frames them; checks TF makes before the call (input specs, build) stay unframed."""

import numpy as np
import pytest

import eagerbook as tf
from tests.eager_error_text import eager_text

L = tf.keras.layers


def _message(call):
    with pytest.raises(Exception) as info:
        call()
    return type(info.value), str(info.value)


def test_an_op_error_inside_call_is_framed_with_the_call_arguments():
    kind, message = _message(lambda: L.Reshape((5, 5), name="reshape")(np.ones((2, 12))))
    assert kind is tf.errors.InvalidArgumentError
    assert message == (
        "Exception encountered when calling layer 'reshape' (type Reshape).\n\n"
        + eager_text("Reshape", "Input to reshape is a tensor with 24 values, but the requested "
                                "shape has 50") + "\n\n"
        "Call arguments received by layer 'reshape' (type Reshape):\n"
        "  \u2022 inputs=tf.Tensor(shape=(2, 12), dtype=float32)")


def test_a_symbolic_call_quotes_the_name_in_double_quotes():
    kind, message = _message(lambda: tf.keras.Sequential(
        [L.Reshape((5, 3), input_shape=(12,), name="reshape_s")]))
    assert kind is ValueError
    assert message.startswith(
        'Exception encountered when calling layer "reshape_s" (type Reshape).\n\n'
        "total size of new array must be unchanged")
    assert message.endswith('Call arguments received by layer "reshape_s" (type Reshape):\n'
                            "  \u2022 inputs=tf.Tensor(shape=(None, 12), dtype=float32)")


def test_every_parameter_of_call_is_listed_with_its_default():
    kind, message = _message(lambda: L.Attention(name="att")([np.ones((1, 2, 3))]))
    assert kind is ValueError
    assert message.endswith(
        "Call arguments received by layer 'att' (type Attention):\n"
        "  \u2022 inputs=['tf.Tensor(shape=(1, 2, 3), dtype=float32)']\n"
        "  \u2022 mask=None\n  \u2022 training=None\n"
        "  \u2022 return_attention_scores=False\n  \u2022 use_causal_mask=False")


def test_a_custom_layer_is_framed_with_its_own_parameter_names():
    class Linear(L.Layer):
        def build(self, shape):
            self.w = self.add_weight(shape=(shape[-1], 4))

        def call(self, x):
            return tf.matmul(x, self.w)

    layer = Linear(name="linear")
    layer(tf.ones((2, 3)))
    kind, message = _message(lambda: layer(tf.ones((2, 5))))
    assert kind is tf.errors.InvalidArgumentError
    assert "Matrix size-incompatible: In[0]: [2,5], In[1]: [3,4]" in message
    assert message.endswith("  \u2022 x=tf.Tensor(shape=(2, 5), dtype=float32)")


def test_only_the_innermost_layer_frames_the_error():
    class Outer(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.inner = L.Reshape((5,), name="inner")

        def call(self, x):
            return self.inner(x)

    kind, message = _message(lambda: Outer()(np.ones((1, 4))))
    assert message.count("Exception encountered") == 1
    assert "layer 'inner' (type Reshape)" in message


def test_checks_before_the_call_are_not_framed():
    # input specs, TF's merge-layer build and a model's declared input are checked first
    assert _message(lambda: L.Dense(3)(np.ones((2,))))[1].startswith("Input 0 of layer")
    assert _message(lambda: L.Add()([np.ones((2, 3)), np.ones((2, 4))])) == (
        ValueError, "Inputs have incompatible shapes. Received shapes (3,) and (4,)")
    model = tf.keras.Sequential([L.Dense(2, input_shape=(3,))])
    assert _message(lambda: model(np.ones((2, 4))))[1].startswith("Input 0 of layer")
    assert _message(lambda: L.SpatialDropout1D(0.5)(np.ones((2, 3)), training=True))[1] \
        .startswith("Input 0 of layer")


def test_an_embedding_index_out_of_range_is_framed_once():
    kind, message = _message(lambda: L.Embedding(5, 2, name="emb")(np.array([[7]])))
    assert kind is tf.errors.InvalidArgumentError
    assert message == (
        "Exception encountered when calling layer 'emb' (type Embedding).\n\n"
        + eager_text("ResourceGather", "indices[0,0] = 7 is not in [0, 5)") + "\n\n"
        "Call arguments received by layer 'emb' (type Embedding):\n"
        "  \u2022 inputs=tf.Tensor(shape=(1, 1), dtype=int64)")


def test_merge_layers_check_their_inputs_in_build_with_tf_messages():
    assert _message(lambda: L.Add()(np.ones((2, 3)))) == (
        ValueError, "A merge layer should be called on a list of inputs. Received: "
        "input_shape=(2, 3) (not a list of shapes)")
    assert _message(lambda: L.Subtract()([np.ones((2, 3))] * 3)) == (
        ValueError, "A `Subtract` layer should be called on exactly 2 inputs. Received: "
        "input_shape=[(2, 3), (2, 3), (2, 3)]")
    a, b = tf.keras.Input((3,)), tf.keras.Input((4,))
    assert _message(lambda: L.Concatenate(axis=0)([a, b])) == (
        ValueError, "A `Concatenate` layer requires inputs with matching shapes except for "
        "the concatenation axis. Received: input_shape=[(None, 3), (None, 4)]")
    assert L.Add()([np.ones((2, 1, 3)), np.ones((2, 4, 1))]).shape == (2, 4, 3)


def test_softmax_layer_refuses_a_vector_as_tf_does():
    kind, message = _message(lambda: L.Softmax()(np.asarray([1., 2., 1.])))
    assert kind is ValueError
    assert "Cannot apply softmax to a tensor that is 1D. Received input: [1. 2. 1.]" in message
    out = L.Softmax(axis=(1, 2))(np.zeros((1, 2, 2)))
    np.testing.assert_allclose(out.numpy(), np.full((1, 2, 2), 0.25), rtol=1e-6)


def test_resizing_a_vector_fails_with_the_resize_ops_message():
    kind, message = _message(lambda: L.Resizing(8, 8)(tf.ones((8,))))
    assert kind is ValueError and "'images' must have either 3 or 4 dimensions." in message


def test_rnn_checks_initial_state_against_the_cell_before_calling():
    expected = ("An `initial_state` was passed that is not compatible with `cell.state_size`. "
                "Received `state_spec`=ListWrapper([InputSpec(shape=(2, 3), ndim=2)]); "
                "however `cell.state_size` is [2, 2]")
    assert _message(lambda: L.LSTM(2)(np.ones((2, 3, 4)), initial_state=[tf.ones((2, 3))])) \
        == (ValueError, expected)
    with pytest.raises(ValueError, match="should have a `state_size` attribute"):
        L.RNN(L.Dense(3))


def test_a_custom_cell_without_output_size_outputs_its_state():
    class MinimalRNNCell(L.Layer):
        def __init__(self, units, **kwargs):
            self.units = units
            self.state_size = units
            super().__init__(**kwargs)

        def build(self, input_shape):
            self.kernel = self.add_weight(shape=(input_shape[-1], self.units), name="kernel")
            self.recurrent_kernel = self.add_weight(shape=(self.units, self.units),
                                                    name="recurrent_kernel")

        def call(self, inputs, states):
            output = tf.matmul(inputs, self.kernel) + tf.matmul(states[0],
                                                                self.recurrent_kernel)
            return output, [output]

    assert L.RNN(MinimalRNNCell(32))(tf.keras.Input((None, 5))).shape.as_list() == [None, 32]
    layer = L.RNN([MinimalRNNCell(32), MinimalRNNCell(64)])
    assert layer(tf.keras.Input((None, 5))).shape.as_list() == [None, 64]
    assert layer(np.ones((2, 3, 5), "float32")).shape == (2, 64)


def test_an_adapted_normalization_gives_its_statistics_size_to_the_next_layer():
    data = np.arange(24, dtype="float32").reshape(8, 3)
    norm = L.Normalization()
    norm.adapt(data)
    model = tf.keras.Sequential([norm, L.Dense(4), L.Dense(1)])
    assert model.layers[1].kernel.shape == (3, 4)
    assert norm.compute_output_shape((None, None)).as_list() == [None, 3]


def test_lookups_and_hashing_refuse_inputs_of_the_wrong_kind():
    kind, message = _message(lambda: L.StringLookup(vocabulary=["a"])(np.array([1, 2])))
    assert kind is tf.errors.UnimplementedError
    assert "\n\n" + eager_text("Cast", "Cast int64 to string is not supported") + "\n\n" in message
    kind, message = _message(lambda: L.IntegerLookup(vocabulary=[1])(tf.constant(["a"])))
    assert kind is tf.errors.UnimplementedError
    assert "\n\n" + eager_text("Cast", "Cast string to int64 is not supported") + "\n\n" in message
    assert L.IntegerLookup(vocabulary=[1])(np.array([1.5])).numpy().tolist() == [1]
    kind, message = _message(lambda: L.Hashing(3)(np.array([1.5], "float32")))
    assert kind is tf.errors.InvalidArgumentError
    assert ("expected to be a string tensor but is a float tensor "
            "[Op:StringToHashBucketFast]") in message
    assert L.Hashing(3)(np.array([1, 2])).shape == (2,)


def test_bidirectional_checks_the_sequence_rank_under_its_own_name():
    assert _message(lambda: L.Bidirectional(L.LSTM(3), name="bi")(np.ones((2, 3)))) == (
        ValueError, 'Input 0 of layer "bi" is incompatible with the layer: expected ndim=3, '
        "found ndim=2. Full shape received: (2, 3)")


def test_a_model_frames_an_input_check_failing_inside_its_call():
    class Wrapper(tf.keras.Model):
        def __init__(self):
            super().__init__(name="wrapper")
            self.dense = L.Dense(2, name="inner_dense")

        def call(self, x):
            return self.dense(x)

    model = Wrapper()
    model(np.ones((1, 3)))
    kind, message = _message(lambda: model(np.ones((1, 4))))
    assert message == (
        "Exception encountered when calling layer 'wrapper' (type Wrapper).\n\n"
        'Input 0 of layer "inner_dense" is incompatible with the layer: expected axis -1 of '
        "input shape to have value 3, but received input with shape (1, 4)\n\n"
        "Call arguments received by layer 'wrapper' (type Wrapper):\n"
        "  \u2022 x=tf.Tensor(shape=(1, 4), dtype=float32)")

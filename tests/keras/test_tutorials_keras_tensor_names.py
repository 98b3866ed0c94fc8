"""KerasTensor names and printing as TF's (tf.keras 2.x): a layer's output is named after the
op TF's trace of the call ends with, inside the layer's name scope (``dense/Relu:0``), and
``print(x)`` shows that name. Facts checked against TF 2.21 with TF_USE_LEGACY_KERAS=1."""

import eagerbook as tf

L = tf.keras.layers


def _name(layer, *shapes, dtype="float32", **kwargs):
    inputs = [tf.keras.Input(shape, dtype=dtype) for shape in shapes]
    out = layer(inputs[0] if len(inputs) == 1 else inputs, **kwargs)
    return [t.name for t in tf.nest.flatten(out)]


def test_str_of_a_layer_output_names_its_last_op():
    inputs = tf.keras.Input(shape=(784,), name="digits")
    x = L.Dense(64, activation="relu", name="dense_1")(inputs)
    assert str(x) == ("KerasTensor(type_spec=TensorSpec(shape=(None, 64), dtype=tf.float32, "
                      "name=None), name='dense_1/Relu:0', description=\"created by layer "
                      "'dense_1'\")")
    assert x.name == "dense_1/Relu:0"
    assert str(inputs) == ("KerasTensor(type_spec=TensorSpec(shape=(None, 784), "
                           "dtype=tf.float32, name='digits'), name='digits', "
                           "description=\"created by layer 'digits'\")")
    # the repr stays the short form
    assert repr(x) == "<KerasTensor: shape=(None, 64) dtype=float32 (created by layer 'dense_1')>"


def test_dense_names_follow_activation_bias_and_rank():
    assert _name(L.Dense(4, name="a"), (8,)) == ["a/BiasAdd:0"]
    assert _name(L.Dense(4, use_bias=False, name="b"), (8,)) == ["b/MatMul:0"]
    assert _name(L.Dense(4, activation="softmax", name="c"), (8,)) == ["c/Softmax:0"]
    assert _name(L.Dense(4, activation="sigmoid", name="d"), (5, 8)) == ["d/Sigmoid:0"]
    assert _name(L.Dense(4, use_bias=False, name="e"), (5, 8)) == ["e/Tensordot:0"]
    assert _name(L.Dense(4, activation="gelu", name="f"), (8,)) == ["f/Gelu/mul_2:0"]


def test_common_layers_end_with_tf_ops():
    assert _name(L.Embedding(10, 3, name="emb"), (None,), dtype="int32") == \
        ["emb/embedding_lookup/Identity:0"]
    assert _name(L.Concatenate(name="cat"), (8,), (3,)) == ["cat/concat:0"]
    assert _name(L.Add(name="sum3"), (8,), (8,), (8,)) == ["sum3/add_1:0"]
    assert _name(L.Average(name="avg"), (8,), (8,)) == ["avg/truediv:0"]
    assert _name(L.BatchNormalization(name="bn"), (8,)) == ["bn/batchnorm/add_1:0"]
    assert _name(L.BatchNormalization(name="bn4"), (4, 4, 3)) == ["bn4/FusedBatchNormV3:0"]
    assert _name(L.LayerNormalization(name="ln"), (8,)) == ["ln/add:0"]
    # (an epsilon below TF's fused kernel's least goes through tf.nn.batch_normalization)
    assert _name(L.LayerNormalization(epsilon=1e-6, name="ln6"), (5, 8)) == \
        ["ln6/batchnorm/add_1:0"]
    assert _name(L.EinsumDense("ab,bc->ac", output_shape=4, bias_axes="c", name="ed"),
                 (8,)) == ["ed/add:0"]
    assert _name(L.EinsumDense("ab,bc->ac", output_shape=4, name="ed2"), (8,)) == \
        ["ed2/einsum/Einsum:0"]
    assert _name(L.Dropout(0.5, name="drop"), (8,)) == ["drop/Identity:0"]
    assert _name(L.Flatten(name="flat"), (4, 4)) == ["flat/Reshape:0"]
    assert _name(L.Conv2D(3, 3, activation="relu", name="conv"), (8, 8, 1)) == ["conv/Relu:0"]
    assert _name(L.MaxPooling2D(name="pool"), (8, 8, 1)) == ["pool/MaxPool:0"]
    assert _name(L.GlobalAveragePooling1D(name="gap"), (5, 2)) == ["gap/Mean:0"]
    assert _name(L.Rescaling(1 / 255.0, name="scale"), (4, 4, 3)) == ["scale/add:0"]
    assert _name(L.StringLookup(vocabulary=["a"], name="look"), (), dtype="string") == \
        ["look/Identity:0"]
    # a layer that hands its input back names the placeholder TF traced
    assert _name(L.GaussianNoise(0.1), (8,)) == ["Placeholder:0"]


def test_recurrent_layers_name_tf_function_outputs():
    assert _name(L.LSTM(4, return_state=True, name="lstm"), (5, 3)) == \
        ["lstm/PartitionedCall:0", "lstm/PartitionedCall:2", "lstm/PartitionedCall:3"]
    assert _name(L.GRU(4, return_sequences=True, name="gru"), (5, 3)) == \
        ["gru/PartitionedCall:1"]
    assert _name(L.SimpleRNN(4, name="rnn"), (5, 3)) == ["rnn/strided_slice_3:0"]
    assert _name(L.Bidirectional(L.LSTM(4), name="bi"), (5, 3)) == ["bi/concat:0"]


def test_user_layers_ops_and_nested_models():
    class Gram(L.Layer):
        def call(self, x):
            return tf.matmul(x, tf.transpose(x))

    x = tf.keras.Input((4,), name="x")
    assert Gram(name="gram")(x).name == "gram/MatMul:0"
    assert L.Lambda(lambda t: t * 2, name="twice")(x).name == "twice/mul:0"
    assert (x + 1).name == "tf.__operators__.add/AddV2:0"
    assert x[:, 0].name == "tf.__operators__.getitem/strided_slice:0"
    assert tf.concat([x, x], 1).name == "tf.concat/concat:0"
    assert tf.math.add(x, x).name == "tf.math.add/Add:0"
    shared = L.Dense(3, name="shared")
    assert shared(x).name == shared(tf.keras.Input((4,))).name == "shared/BiasAdd:0"
    inner = tf.keras.Sequential([L.Dense(3, activation="relu", name="h"),
                                 L.Dense(2, name="out")], name="seq")
    assert inner(x).name == "seq/out/BiasAdd:0"


def test_naming_trace_leaves_no_losses_behind():
    x = tf.keras.Input((4,))
    layer = L.Dense(2, activity_regularizer="l2", name="reg")
    y = layer(x)
    before = len(layer.losses)
    assert y.name == "reg/BiasAdd:0"
    assert len(layer.losses) == before


def test_tf_functions_take_tf1_layer_names():
    x = tf.keras.Input((4,))
    assert tf.transpose(x)._keras_history[0].name.startswith("tf.compat.v1.transpose")
    assert tf.nn.softmax(x)._keras_history[0].name.startswith("tf.nn.softmax")
    assert tf.gather(x, [0], axis=1)._keras_history[0].name.startswith("tf.compat.v1.gather")
    assert tf.einsum("bi,bj->bij", x, x)._keras_history[0].name.startswith("tf.einsum")


def test_string_and_image_functions_on_keras_tensors_become_layers():
    s = tf.keras.Input((), dtype="string")
    lowered = tf.strings.lower(s)
    assert lowered._keras_history[0].name.startswith("tf.strings.lower")
    assert lowered.shape.as_list() == [None]
    images = tf.keras.Input((4, 4, 3))
    resized = tf.image.resize(images, (2, 2))
    assert resized.shape.as_list() == [None, 2, 2, 3]
    assert resized._keras_history[0].name.startswith("tf.image.resize")
    model = tf.keras.Model(images, resized)
    assert model(tf.ones((1, 4, 4, 3))).shape == (1, 2, 2, 3)


def test_type_spec_node_and_ref():
    x = tf.keras.Input((3,), name="feats")
    y = L.Dense(2, name="proj")(x)
    assert repr(y.type_spec) == "TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)"
    assert repr(x.type_spec) == "TensorSpec(shape=(None, 3), dtype=tf.float32, name='feats')"
    assert y.node.layer.name == "proj"
    table = {y.ref(): "y", x.ref(): "x"}
    assert table[y.ref()] == "y" and y.experimental_ref().deref() is y

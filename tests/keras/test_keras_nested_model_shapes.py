"""Models called on KerasTensors (a model nested in another) keep the caller's batch size and
answer with their own outputs' dtypes, as TF's trace of the inner graph does."""

import eagerbook as tf


def test_nested_sequential_keeps_the_batch_size_of_the_outer_input():
    inner = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu"),
                                 tf.keras.layers.Dense(2)], name="inner")
    outer = tf.keras.Sequential([tf.keras.Input(shape=(3,), batch_size=8), inner,
                                 tf.keras.layers.Dense(1)], name="outer")
    assert outer.output_shape == (8, 1)
    assert inner.input_shape == (8, 3)
    assert inner.output_shape == (8, 2)
    assert outer.layers[0].output_shape == (8, 2)


def test_sequential_with_its_own_input_takes_the_callers_batch_size():
    inner = tf.keras.Sequential([tf.keras.layers.Dense(4, input_shape=(3,)),
                                 tf.keras.layers.Dense(2)])
    outer = tf.keras.Sequential([tf.keras.Input(shape=(3,), batch_size=8), inner,
                                 tf.keras.layers.Dense(1)])
    assert outer.output_shape == (8, 1)
    assert inner.input_shape == (None, 3)  # its own graph is unchanged


def test_functional_model_called_on_keras_tensors():
    inputs = tf.keras.Input((3,))
    two_heads = tf.keras.Model(inputs, [tf.keras.layers.Dense(2)(inputs),
                                        tf.keras.layers.Dense(1)(inputs)])
    first, second = two_heads(tf.keras.Input((3,), batch_size=7))
    assert first.shape.as_list() == [7, 2] and second.shape.as_list() == [7, 1]
    assert two_heads.output_shape == [(None, 2), (None, 1)]


def test_nested_model_output_dtype_is_its_graphs():
    ids = tf.keras.Input((4,), dtype="int32")
    embed = tf.keras.Model(ids, tf.keras.layers.Embedding(10, 3)(ids))
    out = embed(tf.keras.Input((4,), dtype="int32", batch_size=2))
    assert out.dtype == tf.float32
    assert out.shape.as_list() == [2, 4, 3]


def test_inferred_sequential_relaxes_to_a_new_batch_size():
    stack = tf.keras.Sequential([tf.keras.layers.Dense(4)])
    assert stack(tf.keras.Input((3,), batch_size=6)).shape.as_list() == [6, 4]
    assert stack.input_shape == (6, 3)
    assert stack(tf.keras.Input((3,), batch_size=5)).shape.as_list() == [5, 4]
    assert stack.input_shape == (None, 3)
    assert stack(tf.ones((2, 3))).shape == (2, 4)


def test_inner_graph_of_fixed_batch_follows_the_callers_open_batch():
    inputs = tf.keras.Input(shape=(6,), batch_size=4)
    feat = tf.keras.Model(inputs, tf.keras.layers.Dense(3)(inputs))
    out = feat(tf.keras.Input(shape=(6,)))
    assert out.shape.as_list() == [None, 3]
    assert feat.output_shape == (4, 3)


def test_input_of_a_fixed_batch_size_takes_other_batch_sizes():
    inputs = tf.keras.Input(shape=(6,), batch_size=4)
    feat = tf.keras.Model(inputs, tf.keras.layers.Dense(3)(inputs), name="feat")
    assert feat(tf.ones((2, 6))).shape == (2, 3)
    stack = tf.keras.Sequential([tf.keras.Input((6,), batch_size=4), tf.keras.layers.Dense(3)])
    assert stack(tf.ones((2, 6))).shape == (2, 3)
    try:
        feat(tf.ones((2, 5)))
    except ValueError as err:
        assert "expected shape=(None, 6), found shape=(2, 5)" in str(err)
    else:
        raise AssertionError("a wrong feature size must fail")


def test_deleting_the_mask_of_logits():
    class Tagger(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.embed = tf.keras.layers.Embedding(10, 3, mask_zero=True)
            self.dense = tf.keras.layers.Dense(2)

        def call(self, ids):
            logits = self.dense(self.embed(ids))
            del logits._keras_mask  # as TF's Transformer tutorial does
            return logits

    out = Tagger()(tf.constant([[1, 0]]))
    assert not hasattr(out, "_keras_mask")
    masked = tf.keras.layers.Embedding(10, 3, mask_zero=True)(tf.constant([[1, 0]]))
    del masked._keras_mask
    try:
        del masked._keras_mask
    except AttributeError:
        pass
    else:
        raise AssertionError("a tensor without a mask has none to delete")

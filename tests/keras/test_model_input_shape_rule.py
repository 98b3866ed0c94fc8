"""A model checks its inputs with Keras 2's rule for model inputs (TF 2.21 with tf_keras): a
last axis of size 1 is ignored on either side and the leading sizes are compared pairwise, so
a rank of its own is no error at the model (its layers check theirs); a missing last axis is
added only where the model's input ends in 1. Expected results are TF's."""

import pytest

import eagerbook as tf


def _add_two(shape):
    inputs = tf.keras.Input(shape)
    return tf.keras.Model(inputs, inputs + 2)


def test_a_vector_goes_through_a_model_of_rows_as_tf():
    # TF's SavedModel migration guide: predict_on_batch(tf.constant([1, 3, 4])) on Input(3)
    model = _add_two(3)
    assert model.predict_on_batch(tf.constant([1, 3, 4])).tolist() == [3.0, 5.0, 6.0]
    for shape, out in [((2, 3, 5), (2, 3, 5)), ((2, 3, 1), (2, 3)), ((4,), (4,)),
                       ((2, 1), (2, 1)), ((5, 3, 3), (5, 3, 3))]:
        assert tuple(model(tf.ones(shape)).shape) == out


def test_sizes_that_disagree_fail_at_the_model_with_the_shape_as_given():
    with pytest.raises(ValueError, match=r'^Input 0 of layer "model\w*" is incompatible with '
                       r"the layer: expected shape=\(None, 3\), found shape=\(2, 4\)$"):
        _add_two(3)(tf.ones((2, 4)))
    column = _add_two((3, 1))
    assert tuple(column(tf.ones((2, 3))).shape) == (2, 3, 1)  # (its last axis is 1)
    with pytest.raises(ValueError, match=r"expected shape=\(None, 3, 1\), found shape=\(2, 4\)$"):
        column(tf.ones((2, 4)))


def test_a_sequential_models_layers_check_their_own_rank():
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
    with pytest.raises(ValueError, match=r'Input 0 of layer "dense\w*" is incompatible with '
                       r"the layer: expected min_ndim=2, found ndim=1\. Full shape received: "
                       r"\(3,\)"):
        model(tf.constant([1.0, 3.0, 4.0]))

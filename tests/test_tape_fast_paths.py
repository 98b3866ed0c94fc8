"""tape.gradient's shortcuts for the usual call give what the general road gives.

Sources given as a flat list or tuple of Variables and eager tensors (``[w, b]``,
``model.trainable_variables``) are neither walked nor rebuilt by tf.nest; the seed of a target
is OnesLike's kernel alone when no recorder or observer would see the op. Each test compares
with the general road (a nested structure, an observer) or with TF's answer.
"""

import numpy as np
import pytest

import eagerbook as tf
from eagerbook.autodiff import tape as tape_module
from eagerbook.core.context import observe


def _fit_gradients(sources_of):
    w, b = tf.Variable([[1.5], [-2.0]]), tf.Variable([0.25])
    x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b))
    return tape.gradient(loss, sources_of(w, b, x))


def test_a_flat_list_or_tuple_answers_in_its_own_kind():
    as_list = _fit_gradients(lambda w, b, x: [w, b, x])
    as_tuple = _fit_gradients(lambda w, b, x: (w, b, x))
    nested = _fit_gradients(lambda w, b, x: [(w,), {"b": b}, [x]])  # the general road
    assert type(as_list) is list and type(as_tuple) is tuple and len(as_list) == 3
    expected = [nested[0][0], nested[1]["b"], nested[2][0]]
    for got in (as_list, as_tuple):
        for g, want in zip(got, expected):
            assert g.dtype == want.dtype
            np.testing.assert_array_equal(g.numpy(), want.numpy())


def test_an_empty_list_and_unwatched_sources_answer_as_before():
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        y = x * x
    assert tape.gradient(y, []) == []
    with tf.GradientTape() as tape:
        y = x * x
    assert tape.gradient(y, (x,)) == (None,)


def test_other_items_in_the_list_still_take_the_general_road():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(x * x)
    with pytest.raises(TypeError, match="Cannot convert the argument `type_value`"):
        tape.gradient(y, [x, "not a source"])  # (TF's words: tape_errors.not_a_source)


def test_the_list_returned_is_not_the_one_listeners_were_given():
    seen = []
    tape_module.gradient_listeners.append(lambda tape, t, s, src, grads: seen.append(grads))
    try:
        v = tf.Variable(3.0)
        with tf.GradientTape() as tape:
            y = v * v
        grads = tape.gradient(y, [v])
    finally:
        tape_module.gradient_listeners.pop()
    assert float(grads[0]) == 6.0 and grads is not seen[0] and grads == seen[0]


@pytest.mark.parametrize("dtype", [tf.float16, tf.float32, tf.float64, tf.complex64])
def test_an_unobserved_seed_is_the_observed_ones(dtype):
    x = tf.constant([1.0, 2.0, 3.0], dtype=dtype)
    answers, events = [], []
    for observed in (False, True):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * x
        if observed:
            with observe(events.append):
                answers.append(tape.gradient(y, x))
        else:
            answers.append(tape.gradient(y, x))
    assert events[0].name == "OnesLike"
    assert answers[0].dtype == answers[1].dtype == dtype
    np.testing.assert_array_equal(answers[0].numpy(), answers[1].numpy())

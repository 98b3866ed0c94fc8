"""A tf.function call is served by a trace whose input types are supertypes of its own.

TF 2 keeps its traces by type: a call (or ``get_concrete_function``) whose arguments fit a
trace made for a more general type, ``TensorSpec(shape=[None])`` for a vector, reuses that trace
without tracing again; of several fitting traces the most specific serves. Checked against
TF 2.21.
"""

import eagerbook as tf

S = tf.TensorSpec


def counting_function():
    traced = []

    @tf.function
    def f(x):
        traced.append(x.shape)
        return x

    return f, traced


def test_an_unknown_shape_trace_serves_every_shape():
    f, traced = counting_function()
    general = f.get_concrete_function(S(None, tf.float32))
    assert f.get_concrete_function(S([None], tf.float32)) is general
    f(tf.constant([1.0]))
    f(tf.constant(1.0))
    f(tf.constant([[1.0]]))
    assert f.experimental_get_tracing_count() == 1 and len(traced) == 1


def test_a_vector_trace_serves_vectors_but_not_other_ranks_or_dtypes():
    f, traced = counting_function()
    f(tf.constant([1.0]))  # a trace for shape (1,)
    vectors = f.get_concrete_function(S([None], tf.float32))
    f(tf.constant([1.0, 2.0]))
    assert f.get_concrete_function(S([3], tf.float32)) is vectors
    assert f.experimental_get_tracing_count() == 2
    f(tf.constant([[1.0]]))
    f(tf.constant([1, 2]))
    assert f.experimental_get_tracing_count() == 4


def test_the_most_specific_fitting_trace_serves():
    f, _ = counting_function()
    vectors = f.get_concrete_function(S([None], tf.float32))
    anything = f.get_concrete_function(S(None, tf.float32))  # more general: traced anew
    assert vectors is not anything
    assert f.get_concrete_function(S([2], tf.float32)) is vectors
    assert f.get_concrete_function(S([2, 2], tf.float32)) is anything


def test_python_values_and_structures_must_match_exactly():
    @tf.function
    def g(x, n):
        return x * n

    g(tf.constant([1.0]), 2)
    g(tf.constant([1.0, 2.0]), 2)  # a new shape: its own trace
    g.get_concrete_function(S([None], tf.float32), 2)
    g(tf.constant([1.0, 2.0, 3.0]), 2)  # served by the [None] trace
    g(tf.constant([1.0, 2.0, 3.0]), 3)  # another Python value: traced
    assert g.experimental_get_tracing_count() == 4

    @tf.function
    def total(xs):
        return tf.add_n([tf.reduce_sum(tf.constant(x)) for x in tf.nest.flatten(xs)])

    assert total([[2.0, 2.0, 2.0]]).numpy() == 6.0
    assert total([[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]).numpy() == 12.0  # not the first trace
    assert total.experimental_get_tracing_count() == 2


def test_a_dispatched_call_is_no_retracing():
    f, _ = counting_function()
    f.get_concrete_function(S([None], tf.float32))
    for n in range(1, 8):
        f(tf.ones([n]))
    assert f.experimental_get_tracing_count() == 1

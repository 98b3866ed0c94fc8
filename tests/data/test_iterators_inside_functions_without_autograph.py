"""A dataset iterator used inside a tf.function takes its element when the function runs,
with or without AutoGraph (TF: next(it) in a function traced once gives 0, 1, 2 on three
calls; eagerbook took the element while tracing, so every call gave 0)."""

import eagerbook as tf


def test_next_inside_a_function_without_autograph_advances_per_call():
    iterator = iter(tf.data.Dataset.range(5))

    @tf.function(autograph=False)
    def take():
        return next(iterator)
    assert [int(take()) for _ in range(3)] == [0, 1, 2]
    assert take.experimental_get_tracing_count() == 1


def test_get_next_and_optionals_in_plain_helpers_advance_per_call():
    iterator = iter(tf.data.Dataset.range(3))

    def helper(it):  # called from the function without being converted
        optional = it.get_next_as_optional()
        return optional.has_value(), it.get_next()

    traced = tf.function(helper, autograph=False)
    has_value, value = traced(iterator)
    assert bool(has_value) and int(value) == 1  # the optional took 0, get_next 1
    assert int(iterator.get_next_as_optional().get_value()) == 2  # eagerly, what is left


def test_a_checkpoint_counts_the_elements_a_function_took(tmp_path):
    # TF: after three calls took 0, 1, 2 inside the function, a checkpoint of the iterator
    # restores it to 3 (eagerbook's in-function ops did not count them: it restored to 0).
    iterator = iter(tf.data.Dataset.range(10))

    @tf.function
    def take():
        return next(iterator)
    assert [int(take()) for _ in range(3)] == [0, 1, 2]
    checkpoint = tf.train.Checkpoint(it=iterator)
    path = checkpoint.save(str(tmp_path / "ck"))
    assert [int(next(iterator)), int(next(iterator))] == [3, 4]
    checkpoint.restore(path)
    assert int(next(iterator)) == 3
    assert int(take()) == 4

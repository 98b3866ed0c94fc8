"""NumPy's methods on a tensor before tnp.experimental_enable_numpy_behavior(): TF 2.21's
AttributeError names the missing method and says how to get it (the tf_numpy guide shows it);
other missing attributes keep Python's words."""

import pytest

import eagerbook as tf

HINT = ("\n        If you are looking for numpy-related methods, please run the following:\n"
        "        tf.experimental.numpy.experimental_enable_numpy_behavior()\n      ")


@pytest.mark.parametrize("name", ["T", "astype", "ravel", "transpose", "reshape", "clip",
                                  "size", "tolist", "data"])
def test_numpy_methods_say_how_to_enable_them(name):
    with pytest.raises(AttributeError) as info:
        getattr(tf.constant([1.0, 2.0]), name)
    assert str(info.value) == f"EagerTensor object has no attribute '{name}'. " + HINT
    assert not hasattr(tf.constant(1), name)


def test_other_missing_attributes_keep_pythons_words():
    with pytest.raises(AttributeError) as info:
        tf.constant(1).foo  # noqa: B018 - the attribute lookup is the test
    assert str(info.value) == "'EagerTensor' object has no attribute 'foo'"
    assert getattr(tf.constant(1), "size", "default") == "default"


def test_numpy_behavior_brings_the_methods_and_gives_the_hint_back(numpy_behavior):
    t = tf.constant([[1.0, 2.0]])
    assert t.reshape([2, 1]).shape == [2, 1] and t.T.shape == [2, 1] and t.size == 2
    assert t.astype(tf.int32).dtype == tf.int32

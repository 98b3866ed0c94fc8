"""tf.data.Options: TF's older option names share their settings with the newer ones, and
the autotune group exists, as in TF 2.21."""

import pytest

import eagerbook as tf


def test_experimental_names_are_the_same_settings():
    options = tf.data.Options()
    options.experimental_deterministic = False
    assert options.deterministic is False
    options.deterministic = True
    assert options.experimental_deterministic is True
    options.experimental_threading.private_threadpool_size = 3
    assert options.threading.private_threadpool_size == 3
    assert options.threading is options.experimental_threading


def test_autotune_group_and_unknown_names():
    options = tf.data.Options()
    assert options.autotune.enabled is None and options.autotune.ram_budget is None
    options.autotune.enabled = True
    merged = tf.data.Dataset.range(2).with_options(options).options()
    assert merged.autotune.enabled is True
    with pytest.raises(AttributeError, match="Cannot set the property bogus on Options"):
        options.bogus = 1
    with pytest.raises(AttributeError):
        options.not_an_option  # noqa: B018 - reading an unknown name is the test
    assert tf.data.Options() == tf.data.Options()
